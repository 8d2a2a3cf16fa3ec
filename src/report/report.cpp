#include "report/report.h"

#include "report/json_writer.h"
#include "report/words.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace gocount {

namespace {

std::string_view method_title(std::string_view method) {
  const MethodInfo* m = find_method(method);
  return m ? m->title : method;
}

// "+21", "-6.5"; a term taken off that is nothing is "-0", as Mays prints it.
std::string signed_text(double v) {
  if (v == 0 && std::signbit(v)) return "-0";
  return fmt::format("{}{}", v < 0 ? "" : "+", points_text(v));
}

std::string trimmed(std::string row) {
  row.erase(row.find_last_not_of(' ') + 1);
  return row + "\n";
}

}  // namespace

std::string count_table(const Count& c) {
  std::vector<std::string> label;  // each step's
  for (const Step& s : c.steps) label.push_back(step_label(c, s));
  // Labels as wide as the widest one of this table.
  size_t w = 24;
  for (size_t i = 0; i < c.steps.size(); ++i)
    if (!(c.side == Color::kEmpty && c.steps[i].side == Color::kEmpty)) w = std::max(w, label[i].size() + 2);
  const std::string title = c.side == Color::kEmpty
                                ? std::string(method_title(c.method))
                                : fmt::format("{} ({}'s side)", method_title(c.method),
                                              c.side == Color::kBlack ? "Black" : "White");
  std::string out;
  if (c.side != Color::kEmpty) {
    const char* who = c.side == Color::kBlack ? "Black" : "White";
    out = trimmed(fmt::format("{:<{}}{:>9}", title, w + 2, who));
    for (size_t i = 0; i < c.steps.size(); ++i) {
      const Step& s = c.steps[i];
      out += trimmed(fmt::format("  {:<{}}{:>9}", label[i], w, s.term ? signed_text(s.value) : points_text(s.value)));
    }
  } else {
    out = trimmed(fmt::format("{:<{}}{:>9}{:>9}", title, w + 2, "Black", "White"));
    // One row a step, Black's and White's side by side (the same id and form).
    auto same_row = [](const Step& x, const Step& y) { return x.id == y.id && x.form == y.form && x.of == y.of; };
    std::vector<size_t> rows;  // each row's first step
    for (size_t i = 0; i < c.steps.size(); ++i)
      if (std::none_of(rows.begin(), rows.end(), [&](size_t r) { return same_row(c.steps[r], c.steps[i]); }))
        rows.push_back(i);
    for (size_t first : rows) {
      const std::string& row = label[first];
      std::string cols[2], whole;
      bool has_whole = false;
      for (size_t i = 0; i < c.steps.size(); ++i) {
        const Step& s = c.steps[i];
        if (!same_row(s, c.steps[first])) continue;
        const std::string v = s.term ? signed_text(s.value) : points_text(s.value);
        if (s.side == Color::kEmpty) {
          whole = v;
          has_whole = true;
        } else {
          cols[side_index(s.side)] = v;
        }
      }
      out += trimmed(has_whole ? fmt::format("  {}: {}", row, whole)
                               : fmt::format("  {:<{}}{:>9}{:>9}", row, w, cols[0], cols[1]));
    }
  }
  out += fmt::format("Result: {}\n", c.result());
  if (const std::string note = count_note_text(c.note); !note.empty()) out += fmt::format("Note: {}\n", note);
  return out;
}

// `text` folded at word breaks to `width` columns, the first line after
// `first`, the others after `indent`; one line ending in a newline.
std::string wrapped(std::string_view text, std::string_view first, std::string_view indent, size_t width) {
  std::string out(first);
  size_t col = first.size();
  bool empty_line = true;
  for (size_t i = 0; i < text.size();) {
    const size_t j = std::min(text.find(' ', i), text.size());
    const std::string_view word = text.substr(i, j - i);
    i = j + 1;
    if (word.empty()) continue;
    if (!empty_line && col + 1 + word.size() > width) {
      out += '\n';
      out += indent;
      col = indent.size();
      empty_line = true;
    }
    if (!empty_line) {
      out += ' ';
      ++col;
    }
    out += word;
    col += word.size();
    empty_line = false;
  }
  return out + '\n';
}

// What the other scoring family makes of the position, in words.
std::string other_scoring_text(const Scored& s) {
  if (!s.other_scoring) return "";
  const Scored::OtherScoring& o = *s.other_scoring;
  const double d = o.margin - s.count.margin;
  const std::string theirs = rule_variant_phrase(o.theirs), ours = rules_phrase(o.ours, o.ours_title);
  std::string out = fmt::format("Under {} ({} counting, the same komi and dead stones) the result would be {}", theirs,
                                s.rules.scoring == Scoring::kArea ? "territory" : "area", o.result);
  out += same_points(d, 0) ? ", the same margin." : fmt::format(" ({}).", favours_text(d, theirs));
  std::string text = wrapped(out, "", "", 100);
  for (const Cause& c : o.parts) text += wrapped(rule_cause_text(s.tally.board, c, ours, theirs) + ".", "  - ", "    ", 100);
  return text;
}

namespace {

// "S", "U", "R": the letter a term takes in the identity.
std::string_view term_letter(AlgebraTerm k) {
  return k == AlgebraTerm::kSeki ? "S" : k == AlgebraTerm::kSetup ? "U" : "R";
}

std::string stones_text(int n, std::string_view colour) {
  return fmt::format("{} {} stone{}", n, colour, n == 1 ? "" : "s");
}

// What a term stands for, in words.
std::string term_words(const Algebra::Term& t) {
  const int n = std::max(t.black, t.white);
  const char* colour = t.black > t.white ? "black" : "white";
  switch (t.kind) {
    case AlgebraTerm::kSeki:
      return fmt::format("points in seki and teire, which area counting counts as territory and territory counting "
                         "does not: {} black, {} white",
                         t.black, t.white);
    case AlgebraTerm::kSetup:
      return fmt::format("stones set up without moves: the record places {} more than the other colour (a game "
                         "started from a position, or an edited record)",
                         stones_text(n, colour));
    case AlgebraTerm::kMoveOrder:
      return fmt::format("moves out of turn: {} more than alternating play explains (consecutive moves, White moving "
                         "first in an even game, or a handicap that differs from the stones placed)",
                         stones_text(n, colour));
    case AlgebraTerm::kDiagram:
      return fmt::format("stones a diagram cannot account for: it records no moves (its header, passes and captures "
                         "only), and has {} more than alternating play gives",
                         stones_text(n, colour));
  }
  return "";
}

}  // namespace

std::string algebra_text(const Algebra& a) {
  std::string letters, values;
  for (const Algebra::Term& t : a.terms) {
    letters += fmt::format(" + {}", term_letter(t.kind));
    const std::string v = points_text(t.amount);
    values += fmt::format(" + {} {}", term_letter(t.kind), t.amount < 0 ? "(" + v + ")" : v);
  }
  std::string out = fmt::format("Mathematics of Scoring: Sc - Sj = P + H + (Wz - Bz){}\n", letters);
  out += fmt::format("  Sc = (Bt + Bs) - (Wt + Ws) - K = ({} + {}) - ({} + {}) - {} = {}\n", a.Bt, a.Bs, a.Wt, a.Ws,
                     points_text(a.K), points_text(a.Sc));
  out += fmt::format("  Sj = (Bt - Bp) - (Wt - Wp) - K = ({} - {}) - ({} - {}) - {} = {}\n", a.Btj, a.Bp, a.Wtj, a.Wp,
                     points_text(a.K), points_text(a.Sj));
  out += fmt::format("  Sc - Sj = {} = P {} + H {} + (Wz {} - Bz {}){}: the identity holds\n", points_text(a.Sc - a.Sj),
                     a.P, a.H, a.Wz, a.Bz, values);
  out += fmt::format("  P: {}; H: {}\n",
                     a.last_unknown ? "who moved last is not known, taken as 0"
                     : a.P          ? "Black moved last"
                                    : "White moved last",
                     a.H ? fmt::format("{} handicap stones save the first", a.H + 1) : std::string("no handicap"));
  for (const Algebra::Term& t : a.terms) out += wrapped(term_words(t), fmt::format("  {}: ", term_letter(t.kind)), "     ", 100);
  return out;
}

std::string json_text(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

nlohmann::ordered_json json_number(double v) {
  if (const std::optional<long long> n = whole_number(v)) return *n;
  return v;
}

// One cause for JSON: kind, text, amount, points (GTP).
nlohmann::ordered_json cause_json(const Board& b, const Cause& c, const std::string& text) {
  nlohmann::ordered_json pts = nlohmann::ordered_json::array();
  for (Vertex v : c.points) pts.push_back(to_gtp(b, v));
  return {{"kind", cause_kind_name(c.kind)}, {"text", text}, {"amount", json_number(c.amount)}, {"points", pts}};
}

// The parts of a difference between rule sets, `base` and `other` the rules compared.
nlohmann::ordered_json causes_json(const Board& b, const std::vector<Cause>& cs, std::string_view base,
                                   std::string_view other) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const Cause& c : cs) out.push_back(cause_json(b, c, rule_cause_text(b, c, base, other)));
  return out;
}

namespace {

// A step's id as the JSON names it: stable, whatever the label says.
std::string_view step_id_name(StepId id) {
  static constexpr std::string_view kNames[] = {
      "vacant_territory", "stones", "total_points", "shared_liberties_filled", "territory", "captures",
      "dead_removed", "prisoners", "pass_stones", "white_extra_pass", "komi", "handicap", "non_scoring",
      "neutral_half_each", "adjusted_total_points", "adjusted_points", "territory_count", "area_count",
      "margin_by_territory", "margin_by_area", "half_count", "difference", "key_number", "minimum_to_win",
      "total_points_that_draw", "margin_doubled", "stones_each", "stones_on_board", "stones_in_container",
      "komi_stones", "territory_to_fill", "points_unfilled", "stones_left_over", "komi_not_placed",
      "territory_left", "prisoners_left", "points", "margin"};
  static_assert(std::size(kNames) == static_cast<size_t>(StepId::kMargin) + 1, "a name for every StepId");
  return kNames[static_cast<size_t>(id)];
}

}  // namespace

nlohmann::ordered_json count_json(const Count& c) {
  nlohmann::ordered_json j;
  j["method"] = c.method;
  if (c.side != Color::kEmpty) j["side"] = color_name(c.side);
  nlohmann::ordered_json steps = nlohmann::ordered_json::array();
  for (const Step& s : c.steps) {
    nlohmann::ordered_json st = {{"id", step_id_name(s.id)}, {"label", step_label(c, s)}, {"value", json_number(s.value)}};
    if (s.side != Color::kEmpty) st["side"] = color_name(s.side);
    steps.push_back(std::move(st));
  }
  j["steps"] = std::move(steps);
  j["result"] = c.result();
  if (const std::string note = count_note_text(c.note); !note.empty()) j["note"] = note;
  return j;
}

nlohmann::ordered_json algebra_json(const Algebra& a) {
  nlohmann::ordered_json j = {{"Bs", a.Bs}, {"Ws", a.Ws}, {"Bt", a.Bt}, {"Wt", a.Wt}, {"Bp", a.Bp},
                              {"Wp", a.Wp}, {"Bz", a.Bz}, {"Wz", a.Wz}, {"H", a.H},   {"K", json_number(a.K)},
                              {"P", a.P},   {"Nt", a.Nt}};
  j["Btj"] = a.Btj;
  j["Wtj"] = a.Wtj;
  j["Sc"] = json_number(a.Sc);
  j["Sj"] = json_number(a.Sj);
  j["holds"] = a.holds;
  if (!a.terms.empty()) {
    nlohmann::ordered_json causes = nlohmann::ordered_json::array();
    for (const Algebra::Term& t : a.terms)
      causes.push_back({{"term", term_letter(t.kind)}, {"cause", term_words(t)}, {"amount", json_number(t.amount)}});
    j["causes"] = std::move(causes);
  }
  return j;
}

namespace {

std::string_view last_pass_text(Color c) {
  return c == Color::kBlack ? "Black passed last" : c == Color::kWhite ? "White passed last" : "no passes";
}

// `territory` as the rules count it (under territory rules no point in seki).
nlohmann::ordered_json side_json(const SideTally& s, int territory) {
  return {{"stones", s.stones}, {"territory", territory}, {"captures", s.captures},
          {"dead", s.dead},     {"passes", s.passes}};
}

// "97%"; short of certain never reads 100%.
std::string percent_text(double share) {
  const int p = static_cast<int>(std::lround(share * 100));
  return fmt::format("{}%", p == 100 && share < 1 ? 99 : p);
}

// Who decided a chain: the record's marks, --dead, or the judge by name.
std::string_view source_words(StatusSource s, const Scored& scored) {
  if (s != StatusSource::kEstimate) return s == StatusSource::kMarks ? "marked" : "given";
  if (!scored.estimate) return "estimated";
  return scored.estimate->judge == Judge::kModel ? "estimated by the model" : "estimated by playouts";
}

// "Seki (a stone of each chain): black B9 A2, white D9 C2", or "".
std::string seki_line(const Board& b, const Scored& s) {
  std::string out;
  for (Color c : {Color::kBlack, Color::kWhite}) {
    std::string pts;
    for (const ChainStatus& ch : s.chains)
      if (ch.color == c && ch.status == GroupStatus::kSeki) pts += " " + to_gtp(b, ch.root);
    if (!pts.empty()) out += fmt::format("{} {}{}", out.empty() ? "" : ",", color_name(c), pts);
  }
  return out.empty() ? "" : "Seki (a stone of each chain):" + out + "\n";
}

// "Dead: black D4 D5 (estimated), white Q16 (marked)", the chains the
// estimator is unsure of, and those in seki.
std::string dead_lines(const Board& b, const Scored& s) {
  std::string out = "Dead:";
  bool any = false;
  for (Color c : {Color::kBlack, Color::kWhite}) {
    std::string side;
    for (StatusSource src : {StatusSource::kMarks, StatusSource::kOption, StatusSource::kEstimate}) {
      std::string pts;
      for (const ChainStatus& ch : s.chains)
        if (ch.color == c && ch.source == src && ch.status == GroupStatus::kDead)
          for (const std::string& p : chain_to_gtp(b, ch.root)) pts += " " + p;
      if (!pts.empty()) side += fmt::format("{} ({})", pts, source_words(src, s));
    }
    if (side.empty()) continue;
    out += fmt::format("{} {}{}", any ? "," : "", color_name(c), side);
    any = true;
  }
  if (!any) {
    out += !s.rules.remove_dead                        ? " none removed: the board counts as it stands"
           : s.dead_from.estimate                      ? " none (estimated)"
           : s.dead_from.none()                        ? " none: nothing is marked and the estimate is off"
                                                       : " none marked";
  }
  out += "\n";
  std::string unsure;
  for (const ChainStatus& ch : s.chains) {
    if (!ch.unsure) continue;
    std::string pts;
    for (const std::string& p : chain_to_gtp(b, ch.root)) pts += (pts.empty() ? "" : " ") + p;
    unsure += fmt::format("{} {} {} (confidence {})", unsure.empty() ? "" : ",", color_name(ch.color), pts,
                          percent_text(ch.confidence));
  }
  if (!unsure.empty()) out += "Unsure, counted as they stand:" + unsure + "\n";
  return out + seki_line(b, s);
}

}  // namespace

namespace {

// How the diagram shows a point: its symbol and, on a terminal, its ANSI SGR
// colours. Every colour is a foreground with its background, so the contrast
// does not depend on the terminal's own (dark or light) background: Black's
// points light on black, White's dark on bright white, seki points on
// magenta, points that still need a move (teire, behind an open border) on
// yellow; stones bold. A dead stone is red on the background of the side that
// takes it. Dame are plain.
struct Look {
  char symbol;
  std::string_view fg, bg;  // SGR parameters; both empty: plain
};

// One row per class, in the legend's order: Black's look, then White's (a
// class with one look for both has white.symbol 0).
struct ClassLook {
  Look black, white;
  std::string_view words;
  bool line_end;  // the legend's line ends after it
};
enum DiagramClass : uint8_t {
  kStones, kSekiStones, kDeadStones, kTerritoryPoints, kSekiEyes, kFalseEyes, kTeirePoints,
  kSharedLiberties, kDamePoints, kOneSidedDamePoints, kUnsealedPoints,
};
constexpr ClassLook kClassLooks[] = {
    {{'X', "1;97", "40"}, {'O', "1;30", "107"}, "stones (black, white)", false},
    {{'&', "1;30", "45"}, {'@', "1;97", "45"}, "stones in seki", false},
    {{'Z', "1;31", "107"}, {'P', "1;91", "40"}, "dead stones (removed)", true},
    {{'b', "97", "40"}, {'w', "30", "107"}, "territory", false},
    {{'1', "30", "45"}, {'2', "97", "45"}, "seki eyes", false},
    {{'f', "30", "45"}, {'g', "97", "45"}, "false eyes in seki", false},
    {{'t', "30", "43"}, {'u', "30", "43"}, "must still be filled (teire)", true},
    {{'s', "97", "45"}, {}, "shared liberty", false},
    {{'.', "", ""}, {}, "dame", false},
    {{'^', "", ""}, {}, "one-sided dame", false},
    {{'?', "30", "43"}, {}, "behind an unsealed border", true},
};

const Look& look(DiagramClass c, Color side) {
  const ClassLook& k = kClassLooks[c];
  return side == Color::kWhite && k.white.symbol ? k.white : k.black;
}

const Look& point_look(const Tally& t, Vertex v) {
  if (t.dead[v]) return look(kDeadStones, static_cast<Color>(t.dead[v]));
  const Color side = t.classes.owner[v];
  switch (t.classes.cls[v]) {
    case PointClass::kStone: return look(kStones, side);
    case PointClass::kSekiStone: return look(kSekiStones, side);
    case PointClass::kTerritory: return look(kTerritoryPoints, side);
    case PointClass::kSekiEye: return look(kSekiEyes, side);
    case PointClass::kFalseEye: return look(kFalseEyes, side);
    case PointClass::kTeire: return look(kTeirePoints, side);
    case PointClass::kSharedLiberty: return look(kSharedLiberties, side);
    case PointClass::kDame: return look(kDamePoints, side);
    case PointClass::kOneSidedDame: return look(kOneSidedDamePoints, side);
    case PointClass::kUnsealed: break;
  }
  return look(kUnsealedPoints, side);
}

// `text` in the colours of `l` (plain without colour).
std::string paint(const Look& l, std::string_view text, bool color) {
  if (!color || (l.fg.empty() && l.bg.empty())) return std::string(text);
  return fmt::format("\x1b[{}{}{}m{}\x1b[0m", l.fg, l.fg.empty() || l.bg.empty() ? "" : ";", l.bg, text);
}

}  // namespace

char point_symbol(const Tally& t, Vertex v) { return point_look(t, v).symbol; }

std::string classified_diagram(const Tally& t, bool color) {
  const Board& b = t.board;
  constexpr char kLetters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const bool gtp = b.width() <= 25;
  std::string out = "   ";
  for (int x = 0; x < b.width(); ++x) {
    out += ' ';
    out += gtp ? kLetters[x] : static_cast<char>(x < 26 ? 'a' + x : 'A' + x - 26);
  }
  out += "\n";
  for (int y = 0; y < b.height(); ++y) {
    out += fmt::format("{:>3}", gtp ? b.height() - y : y + 1);
    const Look* before = nullptr;
    for (int x = 0; x < b.width(); ++x) {
      const Look& l = point_look(t, b.vertex(x, y));
      // The space between two points of one background has it too: an area
      // is one block.
      const bool joined = before && !l.bg.empty() && before->bg == l.bg;
      out += joined ? paint({' ', "", l.bg}, " ", color) : " ";
      out += paint(l, std::string_view(&l.symbol, 1), color);
      before = &l;
    }
    out += "\n";
  }
  std::string line;
  for (const ClassLook& k : kClassLooks) {
    if (!line.empty()) line += "; ";
    line += paint(k.black, std::string_view(&k.black.symbol, 1), color);
    if (k.white.symbol) line += " " + paint(k.white, std::string_view(&k.white.symbol, 1), color);
    line += fmt::format(" {}", k.words);
    if (k.line_end) {
      out += line + "\n";
      line.clear();
    }
  }
  return out;
}

std::string total_points_text(const Game& /*game*/, const Scored& s) {
  const Tally& t = s.tally;
  const Classification& k = t.classes;
  const Board& b = t.board;
  // The points of one kind, by whom they count, as a reader lists them.
  auto points = [&](auto pred) {
    std::vector<Vertex> v;
    b.for_each_point([&](Vertex p) {
      if (pred(p)) v.push_back(p);
    });
    std::string out;
    for (const std::string& p : to_gtp(b, v)) out += " " + p;
    return out;
  };
  std::string out = "How to Determine the Total Points (Mays)\n";
  int step = 0;
  auto line = [&](const std::string& text) { out += fmt::format("  {}. {}\n", ++step, text); };
  if (s.rules.remove_dead) {
    std::string dead;
    for (Color c : {Color::kBlack, Color::kWhite}) {
      const std::string pts = points([&](Vertex p) { return t.dead[p] == static_cast<uint8_t>(c); });
      if (!pts.empty()) dead += fmt::format("{}{}{}", dead.empty() ? "" : "; ", color_name(c), pts);
    }
    line(dead.empty() ? "No dead stones to remove." : "The dead stones are removed to their bowls: " + dead + ".");
  } else {
    line("The board counts as it stands: no stone is removed.");
  }
  const auto in_seki = [&](Vertex p) { return k.cls[p] == PointClass::kSekiEye || k.cls[p] == PointClass::kFalseEye; };
  for (Color c : {Color::kBlack, Color::kWhite}) {
    const std::string eyes = points([&](Vertex p) { return in_seki(p) && k.owner[p] == c && s.counts_for[p] == c; });
    if (!eyes.empty()) line(fmt::format("The seki eyes and false eyes are filled with {} stones:{}.", color_name(c), eyes));
  }
  const std::string shared_b = points([&](Vertex p) { return k.cls[p] == PointClass::kSharedLiberty && s.counts_for[p] == Color::kBlack; });
  const std::string shared_w = points([&](Vertex p) { return k.cls[p] == PointClass::kSharedLiberty && s.counts_for[p] == Color::kWhite; });
  const std::string shared_none = points([&](Vertex p) { return k.cls[p] == PointClass::kSharedLiberty && s.non_scoring[p]; });
  const std::string shared_half = points([&](Vertex p) { return k.cls[p] == PointClass::kSharedLiberty && s.half_each[p]; });
  if (!shared_b.empty() || !shared_w.empty() || !shared_none.empty() || !shared_half.empty()) {
    std::string text = shared_half.empty() ? "The shared liberties are filled evenly:"
                                           : "The shared liberties count half a point to each side (Chinese rules of "
                                             "2002):" + shared_half + ";";
    if (!shared_b.empty()) text += " black" + shared_b + ";";
    if (!shared_w.empty()) text += " white" + shared_w + ";";
    if (!shared_none.empty()) text += " left vacant, non-scoring:" + shared_none + ";";
    text.back() = '.';
    line(text);
  }
  const std::string dame = points([&](Vertex p) {
    return b.at(p) == Color::kEmpty && s.non_scoring[p] && k.cls[p] != PointClass::kSharedLiberty;
  });
  if (!dame.empty()) line("Unfilled dame left vacant, non-scoring:" + dame + ".");
  const SideCount& bl = s.input.black();
  const SideCount& wh = s.input.white();
  // Filled points are stones now: out of the vacant territory, into the stones.
  int eyes[2] = {};
  b.for_each_point([&](Vertex p) {
    if (in_seki(p) && s.counts_for[p] != Color::kEmpty) ++eyes[side_index(s.counts_for[p])];
  });
  line(fmt::format("Vacant territory: Black {}, White {}.", *bl.territory - eyes[0], *wh.territory - eyes[1]));
  if (eyes[0] || eyes[1] || bl.shared_filled || wh.shared_filled)
    line(fmt::format("Stones: Black {}, White {}, with the points filled in the seki.",
                     points_text(*bl.stones + eyes[0] + bl.shared_filled),
                     points_text(*wh.stones + eyes[1] + wh.shared_filled)));
  else
    line(fmt::format("Stones: Black {}, White {}.", *bl.stones, *wh.stones));
  out += fmt::format("Black's total points: {}; White's total points: {}", points_text(bl.total_points),
                     points_text(wh.total_points));
  if (s.input.non_scoring) out += fmt::format(" ({} non-scoring)", s.input.non_scoring);
  out += ".\n";
  return out;
}

namespace {

// "White wins by 58.5 points", "Jigo, a draw", "White wins the tie".
std::string winner_words(const Count& c) {
  if (same_points(c.margin, 0))
    return c.tie == TieRule::kBlackWins ? "Black wins the tie" : c.tie == TieRule::kWhiteWins ? "White wins the tie"
                                                                                              : "Jigo, a draw";
  const double m = std::fabs(c.margin);
  return fmt::format("{} wins by {} point{}", c.margin > 0 ? "Black" : "White", points_text(m), m == 1 ? "" : "s");
}

// What the count makes of the record's result; "" when there is none to
// speak of (no RE, or a position before the record's end).
std::string record_words(const Game& game, const RecordCheck& r) {
  if (r.recorded.empty() || game.before_end) return "";
  const std::string re = valid_utf8(r.recorded);
  if (r.matches) return (*r.matches ? "agrees with the record (" : "differs from the record (") + re + ")";
  if (r.winner_matches)
    return std::string(*r.winner_matches ? "the same winner as" : "not the winner of") + " the record (" + re +
           ", which is no count)";
  return fmt::format("the record says {}, which is no count", re);
}

// "allpotti 6d": a player's name and rank as the record has them; a name
// that is only the colour's (PB[Black], as editors write) says nothing.
std::string player_words(const std::string& name, const std::string& rank, std::string_view colour) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const std::string who = name.empty() || lower == colour ? "?" : name;
  return rank.empty() ? who : who + " " + rank;
}

// "Black: allpotti 6d; White: gassan 6d; 2006-01-01; EV", or "" when the
// record names nobody and no date or event.
std::string players_line(const GameInfo& info) {
  std::vector<std::string> parts;
  const std::string black = player_words(info.black_player, info.black_rank, "black");
  const std::string white = player_words(info.white_player, info.white_rank, "white");
  if (black != "?" || white != "?") {
    parts.push_back("Black: " + black);
    parts.push_back("White: " + white);
  }
  if (!info.date.empty()) parts.push_back(info.date);
  if (!info.event.empty()) parts.push_back(info.event);
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out.empty() ? "" : out + "\n";
}

// The record and the play: board, rules and where they came from, komi,
// handicap, warnings, moves, passes and prisoners.
std::string record_lines(const Game& game, const Scored& s, const GameLabel& label) {
  const Tally& t = s.tally;
  std::string out = fmt::format("{} (game {}): board {}x{}; {} rules ({} scoring, {}); komi {} ({}); handicap {}\n",
                                label.file, label.index, game.board.width(), game.board.height(), s.rules.name,
                                scoring_name(s.rules.scoring),
                                s.rules_source == Source::kRecord   ? "from the record"
                                : s.rules_source == Source::kOption ? "from --rules"
                                                                    : "default",
                                points_text(s.komi),
                                s.komi_source == Source::kRecord && game.komi_note
                                    ? read_note_text(game.board, *game.komi_note)
                                    : std::string(source_name(s.komi_source)),
                                s.handicap);
  for (const std::string& w : game.warnings) out += "Warning: " + w + "\n";
  if (!game.diagram) out += fmt::format("Moves: {}. ", game.moves);
  out += fmt::format("Passes: Black {}, White {}, {}.\n", t.black().passes, t.white().passes,
                     last_pass_text(game.last_pass));
  out += fmt::format("Prisoners taken in play: Black {}, White {}. Dead stones removed: {} black, {} white.\n",
                     t.black().captures, t.white().captures, t.black().dead, t.white().dead);
  return out;
}

// The points a finished position still needs (the estimate's), or "".
std::string unfinished_line(const Board& b, const Estimate& e) {
  if (e.finished) return "";
  std::string out = "Not finished: these points still need a move:";
  for (Vertex v : e.needs_move) out += " " + to_gtp(b, v);
  out += "\n";
  for (const OpenBorder& o : e.open_borders)
    out += fmt::format("  open border: {} at {} would seal {} point{} as {}'s territory\n", color_name(o.by),
                       to_gtp(b, o.move), o.points, o.points == 1 ? "" : "s", color_name(o.by));
  return out;
}

}  // namespace

std::string answer_line(const Game& game, const Scored& s, const GameLabel& label) {
  std::string out = label.named ? fmt::format("{} (game {}): ", label.file, label.index) : std::string();
  out += fmt::format("{} ({} rules, komi {}{})", winner_words(s.count), s.rules.title, points_text(s.komi),
                     s.handicap ? fmt::format(", handicap {}", s.handicap) : std::string());
  if (const std::string r = record_words(game, s.record); !r.empty()) out += ": " + r;
  return out;
}

std::string score_text(const Game& game, const Scored& s, const GameLabel& label, Detail detail) {
  std::string out = answer_line(game, s, label) + "\n";
  if (detail == Detail::kBrief) return out;
  out += players_line(game.info);
  out += dead_lines(game.board, s);
  if (s.estimate) {
    if (detail == Detail::kExplain) out += estimate_text(game.board, *s.estimate);
    else out += unfinished_line(game.board, *s.estimate);
  }
  out += "\n" + record_lines(game, s, label) + "\n";
  if (s.rules.scoring == Scoring::kArea) out += total_points_text(game, s) + "\n";
  // The rules' own count first, unless it is among the methods asked for.
  const bool shown = std::any_of(s.methods.begin(), s.methods.end(),
                                 [&](const Count& c) { return c.method == s.count.method; });
  if (!shown) out += count_table(s.count);
  for (size_t i = 0; i < s.methods.size(); ++i) {
    if (i || !shown) out += '\n';
    out += count_table(s.methods[i]);
  }
  if (const std::string d = difference_text(game.board, s); !d.empty()) out += d + "\n";
  for (const RecordNote& note : s.record.notes) out += "Note on the record: " + record_note_text(game.board, s.record, note) + ".\n";
  if (const std::string o = other_scoring_text(s); !o.empty()) out += "\n" + o;
  if (detail == Detail::kExplain) out += "\n" + algebra_text(s.algebra);
  return out;
}

namespace {

// The classification's own numbers, whatever the rules make of them:
// `area_territory` is every empty point surrounded by one colour (Bt, Wt).
nlohmann::ordered_json classification_counts(const Tally& t) {
  const Classification& k = t.classes;
  auto pair = [](int b, int w) { return nlohmann::ordered_json{{"black", b}, {"white", w}}; };
  auto both = [&](const std::array<int, 2>& a) { return pair(a[0], a[1]); };
  return {{"area_territory", pair(t.black().territory, t.white().territory)},
          {"territory", both(k.territory)},
          {"seki_eyes", both(k.seki_eyes)},
          {"false_eyes", both(k.false_eyes)},
          {"teire", both(k.teire)},
          {"seki_stones", both(k.seki_stones)},
          {"shared_liberties", k.shared_liberties},
          {"dame", k.dame},
          {"one_sided_dame", k.one_sided_dame},
          {"unsealed", k.unsealed}};
}

}  // namespace

nlohmann::ordered_json points_json(const Game& game, const Scored& s) {
  const Tally& t = s.tally;
  const Board& b = t.board;
  const Classification& k = t.classes;
  using J = nlohmann::ordered_json;
  auto list = [] { return J::array(); };
  auto pair = [] { return J{{"black", J::array()}, {"white", J::array()}}; };
  J bt = list(), wt = list(), seki_eyes = pair(), false_eyes = pair(), teire = pair(), shared = list(), dame = list(),
    one_sided = list(), unsealed = list(), non_scoring = list(), half_each = list(), dead = pair(),
    seki_stones = pair();
  b.for_each_point([&](Vertex v) {
    const std::string p = to_gtp(b, v);
    const char* who = color_name(k.owner[v]);
    if (t.dead[v]) dead[color_name(game.board.at(v))].push_back(p);
    if (s.non_scoring[v]) non_scoring.push_back(p);
    if (s.half_each[v]) half_each.push_back(p);
    switch (k.cls[v]) {
      case PointClass::kStone: break;
      case PointClass::kSekiStone: seki_stones[who].push_back(p); break;
      case PointClass::kSekiEye: seki_eyes[who].push_back(p); break;
      case PointClass::kFalseEye: false_eyes[who].push_back(p); break;
      case PointClass::kTeire: teire[who].push_back(p); break;
      case PointClass::kSharedLiberty: shared.push_back(p); break;
      case PointClass::kDame: dame.push_back(p); break;
      case PointClass::kOneSidedDame: one_sided.push_back(p); break;
      case PointClass::kUnsealed: unsealed.push_back(p); break;
      case PointClass::kTerritory: break;
    }
    if (b.at(v) == Color::kEmpty && k.cls[v] != PointClass::kSharedLiberty) {
      if (s.counts_for[v] == Color::kBlack) bt.push_back(p);
      if (s.counts_for[v] == Color::kWhite) wt.push_back(p);
    }
  });
  return {{"black_territory", bt}, {"white_territory", wt},       {"seki_eyes", seki_eyes},
          {"false_eyes", false_eyes}, {"teire", teire},           {"shared_liberties", shared},
          {"dame", dame},              {"one_sided_dame", one_sided}, {"unsealed", unsealed},
          {"non_scoring", non_scoring}, {"half_each", half_each},  {"dead", dead},
          {"seki_stones", seki_stones}, {"counts", classification_counts(t)}};
}

namespace {

// A dead or unsure chain for score's JSON: who decided it (dead chains), how
// sure and why.
nlohmann::ordered_json chain_json(const Board& b, const ChainStatus& c, bool with_source) {
  nlohmann::ordered_json j = {{"color", color_name(c.color)}, {"stones", chain_to_gtp(b, c.root)}};
  if (with_source) j["source"] = source_name(c.source);
  j["confidence"] = json_number(std::round(c.confidence * 100) / 100);
  j["reason"] = reason_text(b, c);
  return j;
}

nlohmann::ordered_json ownership_json(const std::vector<float>& values) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (float v : values) out.push_back(json_number(ownership_value(v)));
  return out;
}

}  // namespace

std::string_view ownership_source_name(const Ownership& o) { return o.estimated ? "estimate" : "count"; }

std::string ownership_caption(const Ownership& o) {
  if (!o.estimated) return "Ownership by the count (black positive, white negative)";
  switch (o.judge) {
    case Judge::kModel: return "Ownership by the estimate's ownership model and playouts (black positive, white negative)";
    case Judge::kCascade:
      return "Ownership by the estimate's ownership model, or its playouts where the model doubts a chain (black "
             "positive, white negative)";
    case Judge::kPlayouts: break;
  }
  return "Ownership by the estimate's playouts (black positive, white negative)";
}

double ownership_value(float v) {
  const double r = std::round(v * 1000.0) / 1000;
  return r == 0 ? 0.0 : r;
}

std::string_view status_name(GroupStatus s) {
  return s == GroupStatus::kAlive ? "alive" : s == GroupStatus::kSeki ? "seki" : "dead";
}

nlohmann::ordered_json estimate_json(const Board& b, const Estimate& e) {
  nlohmann::ordered_json groups = nlohmann::ordered_json::array(), needs = nlohmann::ordered_json::array();
  for (const ChainEstimate& c : e.chains) {
    const nlohmann::ordered_json stones = chain_to_gtp(b, c.root);
    groups.push_back({{"color", color_name(c.color)},
                      {"status", status_name(c.status)},
                      {"source", source_name(c.source)},
                      {"unsure", c.unsure},
                      {"confidence", std::round(c.confidence * 100) / 100},
                      {"reason", reason_text(b, c)},
                      {"stones", stones}});
  }
  for (Vertex v : e.needs_move) needs.push_back(to_gtp(b, v));
  nlohmann::ordered_json borders = nlohmann::ordered_json::array();
  for (const OpenBorder& o : e.open_borders) {
    nlohmann::ordered_json sealed = nlohmann::ordered_json::array();
    for (Vertex v : o.sealed) sealed.push_back(to_gtp(b, v));
    borders.push_back({{"color", color_name(o.by)}, {"move", to_gtp(b, o.move)}, {"points", o.points}, {"sealed", sealed}});
  }
  return {{"finished", e.finished}, {"needs_move", needs}, {"open_borders", borders}, {"groups", groups}};
}

std::string estimate_text(const Board& b, const Estimate& e) {
  std::string out = "Estimate:";
  int shown = 0;
  for (const ChainEstimate& c : e.chains) {
    if (c.status == GroupStatus::kAlive && c.confidence >= 0.9) continue;
    // The confidence for the estimator's verdicts only: a mark is no guess.
    const std::string sure =
        c.source == StatusSource::kEstimate ? fmt::format(", confidence {}", percent_text(c.confidence)) : "";
    out += fmt::format("\n  {} {} at {} ({} stone{}): {}{}: {}", color_name(c.color), c.stones == 1 ? "stone" : "chain",
                       to_gtp(b, c.root), c.stones, c.stones == 1 ? "" : "s", status_name(c.status), sure, reason_text(b, c));
    ++shown;
  }
  if (!shown) out += " every chain alive";
  out += "\n";
  return out + unfinished_line(b, e);
}

nlohmann::ordered_json score_json(const Game& game, const Scored& s, const GameLabel& label) {
  const Tally& t = s.tally;
  const auto score = rules_score(s.input);
  nlohmann::ordered_json j;
  j["schema"] = kScoreSchema;
  j["rules"] = s.rules.name;
  j["width"] = game.board.width();
  j["height"] = game.board.height();
  j["komi"] = json_number(s.komi);
  if (s.komi_source == Source::kRecord && game.komi_note) j["komi_note"] = read_note_text(game.board, *game.komi_note);
  if (!game.warnings.empty()) j["warnings"] = game.warnings;
  j["handicap"] = s.handicap;
  j["black"] = side_json(t.black(), *s.input.black().territory);
  j["white"] = side_json(t.white(), *s.input.white().territory);
  j["neutral"] = t.neutral;
  j["non_scoring"] = s.input.non_scoring;
  j["score"] = {{"black", json_number(score[0])}, {"white", json_number(score[1])}};
  if (const auto& f = s.input.seki)
    j["seki_fill"] = {{"convention", seki_fill_name(f->convention)}, {"sekis", f->sekis},
                      {"shared_liberties", f->shared},           {"each", json_number(f->each)},
                      {"non_scoring", f->non_scoring}};
  j["result"] = s.count.result();
  j["margin"] = json_number(s.count.margin);
  j["file"] = label.file;
  j["game"] = label.index;
  const GameInfo& i = game.info;
  j["black_player"] = i.black_player;
  j["black_rank"] = i.black_rank;
  j["white_player"] = i.white_player;
  j["white_rank"] = i.white_rank;
  j["date"] = i.date;
  j["event"] = i.event;
  j["answer"] = answer_line(game, s, {label.file, label.index});
  j["record_hash"] = game.record_hash;
  j["moves"] = game.moves;
  j["last_pass"] = game.last_pass == Color::kEmpty ? nullptr : nlohmann::ordered_json(color_name(game.last_pass));
  j["recorded_result"] = valid_utf8(game.result);
  j["matches_record"] = s.record.matches ? nlohmann::ordered_json(*s.record.matches) : nlohmann::ordered_json(nullptr);
  j["difference_cause"] =
      s.record.cause ? cause_json(game.board, *s.record.cause, record_cause_text(game.board, s.record)) : nullptr;
  nlohmann::ordered_json notes = nlohmann::ordered_json::array();
  for (const RecordNote& note : s.record.notes) notes.push_back(record_note_text(game.board, s.record, note));
  j["record_notes"] = std::move(notes);
  if (const auto& o = s.other_scoring)
    j["other_scoring"] = {{"rules", o->rules}, {"result", o->result}, {"margin", json_number(o->margin)},
                          {"parts", causes_json(game.board, o->parts, rules_phrase(o->ours, o->ours_title), rule_variant_phrase(o->theirs))}};
  else
    j["other_scoring"] = nullptr;
  j["dead_source"] = dead_source_name(s.dead_from);
  {
    nlohmann::ordered_json dead = nlohmann::ordered_json::array(), unsure = nlohmann::ordered_json::array();
    for (const ChainStatus& c : s.chains) {
      if (c.status == GroupStatus::kDead) dead.push_back(chain_json(game.board, c, true));
      if (c.unsure) unsure.push_back(chain_json(game.board, c, false));
    }
    j["dead_chains"] = std::move(dead);
    j["unsure_chains"] = std::move(unsure);
  }
  if (!s.methods.empty()) {
    nlohmann::ordered_json ms = nlohmann::ordered_json::array();
    for (const Count& c : s.methods) ms.push_back(count_json(c));
    j["methods"] = std::move(ms);
  }
  j["algebra"] = algebra_json(s.algebra);
  j["points"] = points_json(game, s);
  if (s.estimate) j["estimate"] = estimate_json(game.board, *s.estimate);
  const Ownership own = point_ownership(s);
  j["ownership_source"] = ownership_source_name(own);
  j["ownership"] = ownership_json(own.values);
  return j;
}

std::string comparison_text(const Comparison& c, const GameLabel& label) {
  std::string out = fmt::format("{} (game {})\n", label.file, label.index);
  size_t width = 14;
  for (const RuleResult& r : c.results) width = std::max(width, r.label.size() + 2);
  auto row = [&](std::string_view rules, std::string_view scoring, std::string_view komi, std::string_view result,
                 std::string_view black, std::string_view white) {
    return trimmed(fmt::format("{:<{}}{:<11}{:>7}{:>10}{:>9}{:>9}", rules, width, scoring, komi, result, black, white));
  };
  out += row("rules", "scoring", "komi", "result", "Black", "White");
  for (const RuleResult& r : c.results) {
    const auto score = rules_score(r.scored.input);
    out += row(r.label, scoring_name(r.scored.rules.scoring), points_text(r.scored.komi), r.scored.count.result(),
               points_text(score[0]), points_text(score[1]));
  }
  const RuleResult& base = c.results.front();
  const std::string base_phrase = rule_variant_phrase(base.variant);
  const Board& board = base.scored.tally.board;
  out += fmt::format("\nWhy the results differ from {} ({}):\n", base_phrase, base.scored.count.result());
  for (const DifferenceGroup& g : c.groups) {
    const std::string phrase = rule_variants_phrase(g.columns);
    if (same_points(g.amount, 0))
      out += wrapped(fmt::format("{}: the same margin{}", phrase, g.parts.empty() ? "." : ", the totals differ:"), "  ",
                     "    ", 100);
    else
      out += wrapped(fmt::format("{}: {}, {} point{} better for {}:", phrase,
                                 result_text(base.scored.count.margin + g.amount), points_text(std::fabs(g.amount)),
                                 std::fabs(g.amount) == 1 ? "" : "s", g.amount > 0 ? "Black" : "White"),
                     "  ", "    ", 100);
    for (const Cause& p : g.parts) out += wrapped(rule_cause_text(board, p, base_phrase, phrase) + ".", "    - ", "      ", 100);
  }
  if (const std::string comp = compensation_sentence(c); !comp.empty()) out += wrapped(comp, "", "", 100);
  out += '\n';
  out += algebra_text(c.algebra());
  return out;
}

nlohmann::ordered_json comparison_json(const Comparison& c, const GameLabel& label) {
  nlohmann::ordered_json results, scores;
  for (const RuleResult& r : c.results) {
    const auto score = rules_score(r.scored.input);
    results[r.label] = r.scored.count.result();
    scores[r.label] = {{"black", json_number(score[0])}, {"white", json_number(score[1])},
                       {"komi", json_number(r.scored.komi)}};
  }
  nlohmann::ordered_json diffs = nlohmann::ordered_json::array();
  const Board& board = c.results.front().scored.tally.board;
  const std::string base_phrase = rule_variant_phrase(c.results.front().variant);
  for (const Difference& d : c.differences)
    diffs.push_back({{"rules", d.rules}, {"vs", c.results.front().label}, {"amount", json_number(d.amount)},
                     {"parts", causes_json(board, d.parts, base_phrase, rule_variant_phrase(d.variant))}});
  const std::string comp = compensation_sentence(c);
  return {{"file", label.file},
          {"game", label.index},
          {"results", results},
          {"scores", scores},
          {"differences", diffs},
          {"compensation", comp.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(comp)},
          {"algebra", algebra_json(c.algebra())}};
}

std::string hand_count_text(const HandCount& hand, const HandResult& r) {
  std::string out = fmt::format("Board {}x{} ({} points); {} rules; komi {}; handicap {}; non-scoring points {}\n",
                                hand.width, hand.height, r.input.board_points, r.rules.name, points_text(r.input.komi),
                                hand.handicap, hand.non_scoring);
  for (const Count& c : r.counts) out += "\n" + count_table(c);
  return out;
}

nlohmann::ordered_json hand_count_json(const HandCount& hand, const HandResult& r) {
  const CountInput& in = r.input;
  nlohmann::ordered_json j = {{"rules", r.rules.name},        {"width", hand.width}, {"height", hand.height},
                              {"komi", json_number(in.komi)}, {"handicap", hand.handicap},
                              {"non_scoring", hand.non_scoring}};
  if (r.rules.scoring == Scoring::kTerritory) {
    j["territory"] = {{"black", *in.side[0].territory}, {"white", *in.side[1].territory}};
    j["prisoners"] = {{"black", in.side[0].captures}, {"white", in.side[1].captures}};
  } else {
    j["total_points"] = {{"black", json_number(r.black)}, {"white", json_number(r.white)}};
  }
  nlohmann::ordered_json ms = nlohmann::ordered_json::array();
  for (const Count& c : r.counts) ms.push_back(count_json(c));
  j["methods"] = std::move(ms);
  j["result"] = r.counts.empty() ? "" : r.counts.front().result();
  return j;
}

std::string key_number_text(const KeyNumberTable& t, int width, int height) {
  const bool draws = std::any_of(t.rows.begin(), t.rows.end(), [](const KeyNumberRow& r) { return r.k.draws_at; });
  std::string out = fmt::format(
      "Key numbers: {}x{} board ({} points{}), {} rules, komi {}, tie-breaker {}\n", width, height, t.board_points,
      t.non_scoring ? fmt::format(", {} non-scoring", t.non_scoring) : std::string(), t.rules, points_text(t.komi),
      points_text(t.tie_breaker));
  out += trimmed(fmt::format("{:<11}{:<7}{:>8}{:>18}{:>14}{:>12}{:>10}{}", "Game", "Side", "HCPP",
                             "Handicap or komi", "Tie-breaker", "Key number", "Minimum", draws ? "  Draws at" : ""));
  for (const KeyNumberRow& r : t.rows) {
    out += trimmed(fmt::format("{:<11}{:<7}{:>8}{:>18}{:>14}{:>12}{:>10}{}", key_number_game(r.handicap),
                               r.side == Color::kBlack ? "Black" : "White", points_text(r.k.half_count),
                               signed_text(r.handicap_or_komi),
                               r.handicap == 0 ? std::string() : signed_text(r.tie_breaker),
                               points_text(r.k.key_number), points_text(r.k.minimum_to_win),
                               r.k.draws_at ? fmt::format("{:>10}", points_text(*r.k.draws_at)) : std::string()));
  }
  out += "Minimum: the least total points (stones + vacant territory) that win for the side counted.\n";
  if (draws) out += "Draws at: with a whole key number, that total is a draw (the rules allow draws).\n";
  return out;
}

nlohmann::ordered_json key_number_json(const KeyNumberTable& t) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const KeyNumberRow& r : t.rows) {
    nlohmann::ordered_json j = {{"game", key_number_game(r.handicap)},
                                {"side", color_name(r.side)},
                                {"half_count", json_number(r.k.half_count)},
                                {"handicap_or_komi", json_number(r.handicap_or_komi)},
                                {"tie_breaker", json_number(r.tie_breaker)},
                                {"key_number", json_number(r.k.key_number)},
                                {"minimum_total_points", json_number(r.k.minimum_to_win)}};
    j["draws_at"] = r.k.draws_at ? json_number(*r.k.draws_at) : nlohmann::ordered_json(nullptr);
    rows.push_back(std::move(j));
  }
  return {{"rules", t.rules},
          {"board_points", t.board_points},
          {"non_scoring", t.non_scoring},
          {"komi", json_number(t.komi)},
          {"tie_breaker", json_number(t.tie_breaker)},
          {"rows", rows}};
}

namespace {
std::string_view neutral_name(NeutralPoints n) { return n == NeutralPoints::kHalfEach ? "half each" : "nobody"; }
std::string_view seki_name(const Rules& r) {
  if (fills_shared_liberties(r)) return "eyes count, shared liberties filled evenly per seki";
  return r.seki == SekiPolicy::kFillEyes      ? "eyes count, shared liberties are neutral points"
         : r.seki == SekiPolicy::kNoTerritory ? "no territory"
                                              : "as it stands";
}
}  // namespace

std::string rules_text() {
  std::string out;
  for (const Rules& r : rule_presets()) {
    out += fmt::format("{}\n", r.name);
    out += fmt::format("  scoring {}; handicap compensation {}; komi {} even, {} handicap\n", scoring_name(r.scoring),
                       compensation_name(r.compensation), points_text(r.komi_even), points_text(r.komi_handicap));
    out += fmt::format("  ties: {} (even), {} (handicap); neutral points: {}; seki: {}{}\n", tie_name(r.tie_even),
                       tie_name(r.tie_handicap), neutral_name(r.neutral), seki_name(r),
                       fills_shared_liberties(r) ? fmt::format(" (--seki-fill {})", seki_fill_name(r.seki_fill))
                                                 : std::string());
    out += fmt::format("  pass stones: {}; White passes last: {}; dead stones removed: {}; suicide: {}; ko: {}\n",
                       r.pass_stones ? "yes" : "no", r.white_passes_last ? "yes" : "no", r.remove_dead ? "yes" : "no",
                       r.suicide ? "allowed" : "not allowed", ko_name(r.ko));
    out += fmt::format("  source: {}\n", r.source);
  }
  return out;
}

nlohmann::ordered_json rules_json() {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const Rules& r : rule_presets()) {
    all.push_back({{"name", r.name},
                   {"scoring", scoring_name(r.scoring)},
                   {"handicap_compensation", compensation_name(r.compensation)},
                   {"komi_even", json_number(r.komi_even)},
                   {"komi_handicap", json_number(r.komi_handicap)},
                   {"tie_even", tie_name(r.tie_even)},
                   {"tie_handicap", tie_name(r.tie_handicap)},
                   {"neutral_points", neutral_name(r.neutral)},
                   {"seki", seki_name(r)},
                   {"seki_fill", fills_shared_liberties(r) ? nlohmann::ordered_json(seki_fill_name(r.seki_fill))
                                                           : nlohmann::ordered_json(nullptr)},
                   {"pass_stones", r.pass_stones},
                   {"white_passes_last", r.white_passes_last},
                   {"remove_dead", r.remove_dead},
                   {"suicide", r.suicide},
                   {"ko", ko_name(r.ko)},
                   {"source", r.source}});
  }
  return {{"rules", all}};
}

nlohmann::ordered_json error_json(const GameLabel& label, std::string_view message) {
  return {{"file", label.file}, {"game", label.index}, {"error", message}};
}

}  // namespace gocount
