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

std::string marked_record(std::string_view text, const sgf::GameTree& tree, const Scored& s, const MarkOptions& o) {
  const std::vector<uint32_t> line = tree.main_line();
  const uint32_t last = line.empty() ? 0 : line.back();
  std::vector<sgf::PropertyEdit> edits;
  const bool marked = tree.find(last, "TB") || tree.find(last, "TW");
  if (!marked || o.replace_marks) edits = territory_marks(tree, s);
  if (o.set_result || !tree.find(0, "RE")) edits.push_back({0, "RE", {sgf::escape(s.count.result())}});
  if (o.comment) {
    const std::optional<sgf::Property> c = tree.find(last, "C");
    std::string value = c && c->value_count ? std::string(tree.value(*c)) : std::string();
    value += sgf::escape((value.empty() ? "" : "\n\n") + count_comment(s));
    edits.push_back({last, "C", {value}});
  }
  return sgf::write_game(text, tree, edits);
}

}  // namespace gocount
