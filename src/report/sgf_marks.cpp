#include "report/sgf_marks.h"

#include <fmt/format.h>

namespace gocount {

std::vector<sgf::PropertyEdit> territory_marks(const sgf::GameTree& tree, const Scored& s) {
  const std::vector<uint32_t> line = tree.main_line();
  const uint32_t last = line.empty() ? 0 : line.back();
  const Board& b = s.tally.board;  // the final position without the dead stones
  sgf::PropertyEdit tb{last, "TB", {}}, tw{last, "TW", {}};
  b.for_each_point([&](Vertex v) {
    // A removed stone stands on its owner's opponent's territory.
    const Color dead = static_cast<Color>(s.tally.dead[v]);
    const Color owner = s.tally.dead[v] ? opponent(dead) : b.at(v) == Color::kEmpty ? s.counts_for[v] : Color::kEmpty;
    if (owner == Color::kBlack) tb.values.push_back(to_sgf(b, v));
    if (owner == Color::kWhite) tw.values.push_back(to_sgf(b, v));
  });
  return {tb, tw};
}

std::string count_comment(const Scored& s) {
  const Board& b = s.tally.board;
  std::string dead[2];
  b.for_each_point([&](Vertex v) {
    if (!s.tally.dead[v]) return;
    std::string& list = dead[s.tally.dead[v] == static_cast<uint8_t>(Color::kWhite)];
    list += ' ';
    list += to_gtp(b, v);
  });
  std::string stones;
  if (!dead[0].empty()) stones += "black" + dead[0];
  if (!dead[1].empty()) stones += (stones.empty() ? "" : ", ") + std::string("white") + dead[1];
  return fmt::format("gocount: {} under {} rules, komi {}; dead stones: {} ({})", s.count.result(), s.rules.title,
                     points_text(s.komi), stones.empty() ? "none" : stones, dead_source_name(s.dead_from));
}

namespace {

// Where gocount's own count comment, written by an earlier run at the end of
// `value` (the raw C of the last node), begins with the blank line before
// it; value.size() where the value ends otherwise. Written again, the record
// got a second count under the first (--in-place twice); the user's own
// words are never taken, only a last paragraph in count_comment's form.
size_t own_comment_at(std::string_view value) {
  const size_t at = value.rfind("gocount: ");
  if (at == std::string_view::npos) return value.size();
  std::string_view tail = value.substr(at);
  tail.remove_suffix(tail.size() - (tail.find_last_not_of(" \t\r\n") + 1));
  const bool form = tail.find('\n') == std::string_view::npos && tail.find(" rules, komi ") != std::string_view::npos &&
                    tail.find("; dead stones: ") != std::string_view::npos && tail.ends_with(')');
  const std::string_view before = value.substr(0, at);
  const bool own_paragraph = before.empty() || before.ends_with("\n\n") || before.ends_with("\r\n\r\n");
  if (!form || !own_paragraph) return value.size();
  const size_t kept = before.find_last_not_of("\r\n");  // the user's words end here
  return kept == std::string_view::npos ? 0 : kept + 1;
}

}  // namespace

std::string result_withheld(const sgf::GameTree& tree, const Game& g, const Scored& s, const MarkOptions& o) {
  const std::optional<sgf::Property> re = tree.find(game_info_node(tree), "RE");
  const std::string_view recorded = re && re->value_count ? tree.value(*re) : std::string_view();
  if (!recorded.empty() && !o.set_result) return "";  // kept, as asked
  if (!recorded.empty() && !parse_result(recorded) && won_by(recorded) != WonBy::kNotTold)
    return fmt::format("the record's RE[{}] is no count (the game was won otherwise) and stays", recorded);
  // Open borders, found by the estimate or by the count's own classes.
  if ((s.estimate && !s.estimate->finished) || s.tally.classes.unsealed > 0)
    return "the position is not finished (points still need a move)";
  if (s.komi_source == Source::kOption && (!g.komi || *g.komi != s.komi))
    return fmt::format("the count is with komi {}, the record's KM says {}", points_text(s.komi),
                       g.komi ? points_text(*g.komi) : std::string("none"));
  const Rules& own = rules_for(record_rules(g), nullptr);
  if (s.rules_source == Source::kOption && own.name != s.rules.name)
    return fmt::format("the count is under {} rules, the record is read under {} rules", s.rules.title, own.title);
  return "";
}

namespace {

// The last node's comment as it stands: every value of every C (a repeated
// C[x]C[y] is malformed, but its words are the user's), joined.
std::string last_comment(const sgf::GameTree& tree, uint32_t node) {
  std::string out;
  for (uint32_t k = 0; k < tree.node(node).property_count; ++k) {
    const sgf::Property& p = tree.property(node, k);
    for (uint32_t i = 0; p.id == "C" && i < p.value_count; ++i) {
      if (!out.empty() && !tree.value(p, i).empty()) out += "\n\n";
      out += tree.value(p, i);
    }
  }
  return out;
}

}  // namespace

std::string marked_record(std::string_view text, const sgf::GameTree& tree, const Game& game, const Scored& s,
                          const MarkOptions& o) {
  const std::vector<uint32_t> line = tree.main_line();
  const uint32_t last = line.empty() ? 0 : line.back();
  std::vector<sgf::PropertyEdit> edits;
  // The record's own marks stay where the count used them alone: other dead
  // stones (--dead, --alive, the estimate) with them would contradict RE.
  const bool marked = tree.find(last, "TB") || tree.find(last, "TW");
  const bool marks_alone = !s.dead_from.option && !s.dead_from.estimate;
  if (!marked || o.replace_marks || !marks_alone) edits = territory_marks(tree, s);
  if (result_withheld(tree, game, s, o).empty()) {
    // RE where the record keeps its game info (below the root in a merged
    // tree, ff4_ex.sgf): a second RE in the root would contradict it.
    const uint32_t info = game_info_node(tree);
    const std::optional<sgf::Property> re = tree.find(info, "RE");
    if (o.set_result || !re || !re->value_count || tree.value(*re).empty())
      edits.push_back({info, "RE", {sgf::escape(s.count.result())}});
  }
  if (o.comment) {
    std::string value = last_comment(tree, last);
    value.erase(own_comment_at(value));  // an earlier run's count, replaced
    // The paragraph break in the record's own line ends (CRLF where it has them).
    const std::string_view blank = text.find("\r\n") != std::string_view::npos ? "\r\n\r\n" : "\n\n";
    value += sgf::escape((value.empty() ? "" : std::string(blank)) + count_comment(s));
    edits.push_back({last, "C", {value}});
  }
  return sgf::write_game(text, tree, edits);
}

}  // namespace gocount
