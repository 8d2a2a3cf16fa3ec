#include "report/report.h"

#include "report/words.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <initializer_list>

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

// Ends the row that starts at `at`: its trailing spaces taken off, a line end put on.
void end_row(std::string& out, size_t at) {
  const size_t last = out.find_last_not_of(' ');
  out.resize(last == std::string::npos || last < at ? at : last + 1);
  out += '\n';
}

// fmt::format's text as a row of its own (end_row).
template <class... T>
void table_row(std::string& out, fmt::format_string<T...> format, T&&... args) {
  const size_t at = out.size();
  append(out, format, std::forward<T>(args)...);
  end_row(out, at);
}

// `text` in a column `width` wide, on its left (fmt's {:<N}) or its right
// ({:>N}). The tables' words are ASCII, one column a byte; anything else is
// left to fmt, which counts columns as the terminal does.
void cell(std::string& out, std::string_view text, size_t width, bool on_left) {
  if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    if (on_left) append(out, "{:<{}}", text, width);
    else append(out, "{:>{}}", text, width);
    return;
  }
  const size_t pad = width > text.size() ? width - text.size() : 0;
  if (!on_left) out.append(pad, ' ');
  out += text;
  if (on_left) out.append(pad, ' ');
}

// A count's row: `indent`, the label in a column `width` wide, then each
// value in a column of nine on its right (end_row).
void count_row(std::string& out, std::string_view indent, std::string_view label, size_t width,
               std::initializer_list<std::string_view> values) {
  const size_t at = out.size();
  out += indent;
  cell(out, label, width, true);
  for (std::string_view v : values) cell(out, v, 9, false);
  end_row(out, at);
}

// "Japanese Counting", "Half Counting (Black's side)": a table's title.
void table_title(std::string& out, const Count& c) {
  out += method_title(c.method);
  if (c.side != Color::kEmpty) append(out, " ({}'s side)", c.side == Color::kBlack ? "Black" : "White");
}

// `before`, the words `write(out)` appends and `after`; nothing at all when
// there are no words.
template <class F>
void framed(std::string& out, std::string_view before, F&& write, std::string_view after) {
  const size_t at = out.size();
  out += before;
  const size_t words = out.size();
  write(out);
  if (out.size() == words) out.resize(at);
  else out += after;
}

}  // namespace

void count_table(std::string& out, const Count& c) {
  // Each step's label, in strings of the thread's that keep their capacity.
  thread_local std::vector<std::string> label;
  thread_local std::string title;
  if (label.size() < c.steps.size()) label.resize(c.steps.size());
  for (size_t i = 0; i < c.steps.size(); ++i) {
    label[i].clear();
    step_label(label[i], c, c.steps[i]);
  }
  // Labels as wide as the widest one of this table, and the title's cell
  // (two wider: the labels are indented) as wide as the title and a space:
  // a long title ("Simplified Half Counting (Black's side)") pushed its
  // column's name past the values below it.
  title.clear();
  table_title(title, c);
  size_t w = std::max<size_t>(24, title.size() - 1);
  for (size_t i = 0; i < c.steps.size(); ++i)
    if (!(c.side == Color::kEmpty && c.steps[i].side == Color::kEmpty)) w = std::max(w, label[i].size() + 2);
  auto value = [](const Step& s) { return s.term ? signed_text(s.value) : points_text(s.value); };
  if (c.side != Color::kEmpty) {
    count_row(out, "", title, w + 2, {c.side == Color::kBlack ? "Black" : "White"});
    for (size_t i = 0; i < c.steps.size(); ++i) count_row(out, "  ", label[i], w, {value(c.steps[i])});
  } else {
    count_row(out, "", title, w + 2, {"Black", "White"});
    // One row a step, Black's and White's side by side (the same id and form).
    auto same_row = [](const Step& x, const Step& y) { return x.id == y.id && x.form == y.form && x.of == y.of; };
    thread_local std::vector<size_t> rows;  // each row's first step
    rows.clear();
    for (size_t i = 0; i < c.steps.size(); ++i)
      if (std::none_of(rows.begin(), rows.end(), [&](size_t r) { return same_row(c.steps[r], c.steps[i]); }))
        rows.push_back(i);
    for (size_t first : rows) {
      std::string cols[2], whole;  // a value or two: short enough to need no heap
      bool has_whole = false;
      for (const Step& s : c.steps) {
        if (!same_row(s, c.steps[first])) continue;
        if (s.side == Color::kEmpty) {
          whole = value(s);
          has_whole = true;
        } else {
          cols[side_index(s.side)] = value(s);
        }
      }
      if (has_whole) table_row(out, "  {}: {}", label[first], whole);
      else count_row(out, "  ", label[first], w, {cols[0], cols[1]});
    }
  }
  append(out, "Result: {}\n", c.result());
  framed(out, "Note: ", [&](std::string& o) { count_note_text(o, c.note); }, "\n");
}

// `text` folded at word breaks to `width` columns, the first line after
// `first`, the others after `indent`; one line ending in a newline.
void wrapped(std::string& out, std::string_view text, std::string_view first, std::string_view indent, size_t width) {
  out += first;
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
  out += '\n';
}

namespace {

// Who wins a tie, in words.
std::string_view tie_clause(TieRule t) {
  return t == TieRule::kBlackWins ? "Black wins the tie" : t == TieRule::kWhiteWins ? "White wins the tie" : "the tie is a draw";
}

}  // namespace

// What the other scoring family makes of the position, in words; nothing
// when it was not counted.
void other_scoring_text(std::string& out, const Scored& s) {
  if (!s.other_scoring) return;
  const Scored::OtherScoring& o = *s.other_scoring;
  const double d = o.margin - s.count.margin;
  // The rules' phrases and each sentence before it is folded, in strings of the thread's.
  thread_local std::string theirs, ours, sentence;
  theirs.clear();
  rule_variant_phrase(theirs, o.theirs);
  ours.clear();
  rules_phrase(ours, o.ours, o.ours_title);
  sentence.clear();
  append(sentence, "Under {} ({} counting, the same komi and dead stones) the result would be {}", theirs,
         s.rules.scoring == Scoring::kArea ? "territory" : "area", o.result);
  if (same_points(d, 0) && o.result != s.count.result()) {
    // A tie both ways, decided otherwise (Ing's even game gives it to Black).
    append(sentence, ", the same margin, but {} (under {}, {}).", tie_clause(o.tie), ours, tie_clause(s.count.tie));
  } else if (same_points(d, 0)) {
    sentence += ", the same margin.";
  } else {
    sentence += " (";
    favours_text(sentence, d, theirs);
    sentence += ").";
  }
  wrapped(out, sentence, "", "", 100);
  for (const Cause& c : o.parts) {
    sentence.clear();
    rule_cause_text(sentence, s.tally.board, c, ours, theirs);
    sentence += '.';
    wrapped(out, sentence, "  - ", "    ", 100);
  }
}

std::string_view term_letter(AlgebraTerm k) {
  return k == AlgebraTerm::kSeki ? "S" : k == AlgebraTerm::kSetup ? "U" : k == AlgebraTerm::kSekiDead ? "D" : "R";
}

namespace {

std::string stones_text(int n, std::string_view colour) {
  return fmt::format("{} {} stone{}", n, colour, n == 1 ? "" : "s");
}

}  // namespace

void term_words(std::string& out, const Algebra::Term& t) {
  const int n = std::max(t.black, t.white);
  const char* colour = t.black > t.white ? "black" : "white";
  switch (t.kind) {
    case AlgebraTerm::kSeki:
      return append(out,
                    "points in seki and teire, which area counting counts as territory and territory counting does "
                    "not: {} black, {} white",
                    t.black, t.white);
    case AlgebraTerm::kSetup:
      return append(out,
                    "stones set up without moves: the record places {} more than the other colour (a game started "
                    "from a position, or an edited record)",
                    stones_text(n, colour));
    case AlgebraTerm::kMoveOrder:
      return append(out,
                    "moves out of turn: {} more than alternating play explains (consecutive moves, White moving first "
                    "in an even game, or a handicap that differs from the stones placed)",
                    stones_text(n, colour));
    case AlgebraTerm::kDiagram:
      return append(out,
                    "stones a diagram cannot account for: it holds the position, not the moves played (its header gives "
                    "passes and captures only), and has {} more than alternating play gives",
                    stones_text(n, colour));
    case AlgebraTerm::kSekiDead:
      return append(out,
                    "dead stones inside a seki, which the stones placed count and the prisoners do not (Japanese "
                    "Rules of 1989, article 9): {} black, {} white",
                    t.black, t.white);
  }
}

namespace {

// H's line: the first handicap stone is Black's first move, so one stone
// (HA[1]) saves no move.
std::string handicap_words(int handicap) {
  if (handicap >= 2) return fmt::format("{} handicap stones save the first", handicap);
  return handicap == 1 ? "a handicap of one stone is Black's first move, no move saved" : "no handicap";
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
                     handicap_words(a.handicap));
  for (const Algebra::Term& t : a.terms) {
    std::string words;
    term_words(words, t);
    wrapped(out, words, fmt::format("  {}: ", term_letter(t.kind)), "     ", 100);
  }
  return out;
}

namespace {

std::string_view last_pass_text(Color c) {
  return c == Color::kBlack ? "Black passed last" : c == Color::kWhite ? "White passed last" : "no passes";
}

// "97%"; short of certain never reads 100%.
std::string percent_text(double share) {
  const int p = static_cast<int>(std::lround(share * 100));
  return fmt::format("{}%", p == 100 && share < 1 ? 99 : p);
}

// Who decided the dead chains of colour c from `s`: the record's marks,
// --dead, or the judge by name (the model or the playouts as they decided
// those chains), and the shapes that decide a chain whatever the judge says
// (a bent four in the corner, one eye, a small eye's race, one eye filled
// out).
std::string source_words(StatusSource s, Color c, const Scored& scored) {
  if (s != StatusSource::kEstimate) return s == StatusSource::kMarks ? "marked" : "given";
  if (!scored.estimate) return "estimated";
  bool model = false, playouts = false, shape = false;
  for (const ChainStatus& ch : scored.chains) {
    if (ch.color != c || ch.source != s || ch.status != GroupStatus::kDead) continue;
    const Evidence::Kind k = ch.reason.kind;
    if (k == Evidence::Kind::kBentFourAround || k == Evidence::Kind::kOneEye || k == Evidence::Kind::kSmallEye ||
        k == Evidence::Kind::kFilledOut)
      shape = true;
    else if ((k == Evidence::Kind::kJudge && ch.reason.judge == Judge::kPlayouts) || k == Evidence::Kind::kAloneAmongDead)
      playouts = true;
    else
      model = true;  // the model's verdicts, and its races (kRace)
  }
  std::string_view judge = playouts && model ? "the model and playouts" : playouts ? "playouts" : "the model";
  if (!shape) return fmt::format("estimated by {}", judge);
  return playouts || model ? fmt::format("estimated by {}, and by shape", judge) : std::string("judged by shape");
}

// " D4 D5": the stones of the chain through v, as a reader lists them.
void chain_names(std::string& out, const Board& b, Vertex v) {
  for (Vertex s : chain_as_read(b, v)) {
    out += ' ';
    out += to_gtp(b, s);
  }
}

// "Seki (a stone of each chain): black B9 A2, white D9 C2\n", or nothing.
void seki_line(std::string& out, const Board& b, const Scored& s) {
  bool any = false;
  for (Color c : {Color::kBlack, Color::kWhite}) {
    bool named = false;  // this colour
    for (const ChainStatus& ch : s.chains) {
      if (ch.color != c || ch.status != GroupStatus::kSeki) continue;
      if (!named) append(out, "{} {}", any ? "," : "Seki (a stone of each chain):", color_name(c));
      any = named = true;
      out += ' ';
      out += to_gtp(b, ch.root);
    }
  }
  if (any) out += '\n';
}

// The dead chains of colour `c` decided by `src`, after the colour's name
// the first time: " D4 D5 (estimated)".
void dead_by(std::string& out, const Board& b, const Scored& s, Color c, StatusSource src, bool& named, bool& any) {
  bool found = false;
  for (const ChainStatus& ch : s.chains) {
    if (ch.color != c || ch.source != src || ch.status != GroupStatus::kDead) continue;
    if (!named) append(out, "{} {}", any ? "," : "", color_name(c));
    named = any = found = true;
    chain_names(out, b, ch.root);
  }
  if (found) append(out, " ({})", source_words(src, c, s));
}

// "Unsure, counted as they stand: black D4 D5 (confidence 55%)\n", or nothing.
void unsure_line(std::string& out, const Board& b, const Scored& s) {
  bool any = false;
  for (const ChainStatus& ch : s.chains) {
    if (!ch.unsure) continue;
    append(out, "{} {}", any ? "," : "Unsure, counted as they stand:", color_name(ch.color));
    any = true;
    chain_names(out, b, ch.root);
    append(out, " (confidence {})", percent_text(ch.confidence));
  }
  if (any) out += '\n';
}

// "Ko left open, counted as it stands: white K6 (the ko at K7)\n", or
// nothing: the stones in atari the estimate keeps because the opponent could
// take them only by a ko (analysis/ko.h).
void open_ko_line(std::string& out, const Board& b, const Scored& s) {
  int n = 0;
  for (const ChainStatus& ch : s.chains) n += ch.reason.kind == Evidence::Kind::kOpenKo;
  if (!n) return;
  out += n == 1 ? "Ko left open, counted as it stands:" : "Kos left open, counted as they stand:";
  bool any = false;
  for (const ChainStatus& ch : s.chains) {
    if (ch.reason.kind != Evidence::Kind::kOpenKo) continue;
    append(out, "{} {} {} (the ko at {})", any ? "," : "", color_name(ch.color), to_gtp(b, ch.root),
           to_gtp(b, ch.reason.points.front()));
    any = true;
  }
  out += '\n';
}

// "Dead: black D4 D5 (estimated), white Q16 (marked)", the chains the
// estimator is unsure of, the kos left open, and the chains in seki.
void dead_lines(std::string& out, const Board& b, const Scored& s) {
  out += "Dead:";
  bool any = false;
  for (Color c : {Color::kBlack, Color::kWhite}) {
    bool named = false;
    for (StatusSource src : {StatusSource::kMarks, StatusSource::kOption, StatusSource::kEstimate})
      dead_by(out, b, s, c, src, named, any);
  }
  if (!any) {
    out += !s.rules.remove_dead                        ? " none removed: the board counts as it stands"
           : s.dead_from.estimate                      ? " none (estimated)"
           : s.dead_from.none()                        ? " none: nothing is marked and the estimate is off"
                                                       : " none marked";
  }
  out += "\n";
  unsure_line(out, b, s);
  open_ko_line(out, b, s);
  seki_line(out, b, s);
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

namespace {

// " D4 D5": the points `pred` picks, as a reader lists them, in `into` (its
// words replaced).
template <class P>
const std::string& point_names(std::string& into, const Board& b, P pred) {
  thread_local std::vector<Vertex> picked;
  picked.clear();
  b.for_each_point_as_read([&](Vertex p) {
    if (pred(p)) picked.push_back(p);
  });
  into.clear();
  for (Vertex p : picked) {
    into += ' ';
    into += to_gtp(b, p);
  }
  return into;
}

}  // namespace

namespace {

// The numbered lines of "How to Determine the Total Points" (Mays), each
// from the count: the dead stones removed, the seki filled, the dame left.
class TotalPointsSteps {
 public:
  TotalPointsSteps(std::string& out, const Scored& s) : out_(out), s_(s), t_(s.tally), k_(t_.classes), b_(t_.board) {}

  void write() {
    out_ += "How to Determine the Total Points (Mays)\n";
    dead_removed();
    seki_eyes_filled();
    shared_liberties_filled();
    dame_left();
    totals();
  }

 private:
  void line(std::string_view words) { append(out_, "  {}. {}\n", ++step_, words); }
  bool in_seki(Vertex p) const { return k_.cls[p] == PointClass::kSekiEye || k_.cls[p] == PointClass::kFalseEye; }
  bool shared(Vertex p) const { return k_.cls[p] == PointClass::kSharedLiberty; }

  void dead_removed() {
    if (!s_.rules.remove_dead) return line("The board counts as it stands: no stone is removed.");
    text_.clear();
    for (Color c : {Color::kBlack, Color::kWhite}) {
      point_names(pts_, b_, [&](Vertex p) { return t_.dead[p] == static_cast<uint8_t>(c); });
      if (!pts_.empty())
        append(text_, "{}{}{}", text_.empty() ? "The dead stones are removed to their bowls: " : "; ", color_name(c), pts_);
    }
    if (text_.empty()) text_ = "No dead stones to remove.";
    else text_ += '.';
    line(text_);
  }

  // Tromp-Taylor fills nothing: a point reaching one colour only is its.
  bool as_it_stands() const { return s_.rules.seki == SekiPolicy::kAsItStands; }

  void seki_eyes_filled() {
    for (Color c : {Color::kBlack, Color::kWhite}) {
      point_names(pts_, b_, [&](Vertex p) { return in_seki(p) && k_.owner[p] == c && s_.counts_for[p] == c; });
      if (pts_.empty()) continue;
      text_.clear();
      if (as_it_stands())
        append(text_, "The seki eyes and false eyes reach {} stones only and count for {}:{}.", color_name(c),
               color_name(c), pts_);
      else
        append(text_, "The seki eyes and false eyes are filled with {} stones:{}.", color_name(c), pts_);
      line(text_);
    }
  }

  void shared_liberties_filled() {
    thread_local std::string shared_b, shared_w, shared_none, shared_half;
    point_names(shared_b, b_, [&](Vertex p) { return shared(p) && s_.counts_for[p] == Color::kBlack; });
    point_names(shared_w, b_, [&](Vertex p) { return shared(p) && s_.counts_for[p] == Color::kWhite; });
    point_names(shared_none, b_, [&](Vertex p) { return shared(p) && s_.non_scoring[p]; });
    point_names(shared_half, b_, [&](Vertex p) { return shared(p) && s_.half_each[p]; });
    if (shared_b.empty() && shared_w.empty() && shared_none.empty() && shared_half.empty()) return;
    text_.clear();
    if (as_it_stands()) text_ += "The shared liberties reach both colours:";
    else if (shared_half.empty()) text_ += "The shared liberties are filled evenly:";
    else
      append(text_, "The shared liberties count half a point to each side ({}):{};",
             s_.rules.neutral == NeutralPoints::kHalfEach ? "Ing's neutral points" : "Chinese rules of 2002", shared_half);
    if (!shared_b.empty()) append(text_, " black{};", shared_b);
    if (!shared_w.empty()) append(text_, " white{};", shared_w);
    if (!shared_none.empty()) append(text_, " left vacant, non-scoring:{};", shared_none);
    text_.back() = '.';
    line(text_);
  }

  void dame_left() {
    point_names(pts_, b_, [&](Vertex p) { return b_.at(p) == Color::kEmpty && s_.non_scoring[p] && !shared(p); });
    if (pts_.empty()) return;
    text_.clear();
    append(text_, "Unfilled dame left vacant, non-scoring:{}.", pts_);
    line(text_);
  }

  // Filled points are stones now: out of the vacant territory, into the
  // stones (Tromp-Taylor's stay vacant).
  void totals() {
    const SideCount& bl = s_.input.black();
    const SideCount& wh = s_.input.white();
    const int eyes[2] = {bl.seki_filled, wh.seki_filled};
    append(out_, "  {}. Vacant territory: Black {}, White {}.\n", ++step_, *bl.territory - eyes[0], *wh.territory - eyes[1]);
    if (eyes[0] || eyes[1] || bl.shared_filled || wh.shared_filled)
      append(out_, "  {}. Stones: Black {}, White {}, with the points filled in the seki.\n", ++step_,
             points_text(*bl.stones + eyes[0] + bl.shared_filled), points_text(*wh.stones + eyes[1] + wh.shared_filled));
    else
      append(out_, "  {}. Stones: Black {}, White {}.\n", ++step_, *bl.stones, *wh.stones);
    append(out_, "Black's total points: {}; White's total points: {}", points_text(bl.total_points),
           points_text(wh.total_points));
    if (s_.input.non_scoring) append(out_, " ({} non-scoring)", s_.input.non_scoring);
    out_ += ".\n";
  }

  std::string& out_;
  const Scored& s_;
  const Tally& t_;
  const Classification& k_;
  const Board& b_;
  int step_ = 0;
  // Point names and each line's words before they are written, in strings
  // of the thread's.
  static thread_local std::string text_, pts_;
};
thread_local std::string TotalPointsSteps::text_, TotalPointsSteps::pts_;

}  // namespace

void total_points_text(std::string& out, const Game& /*game*/, const Scored& s) { TotalPointsSteps(out, s).write(); }

namespace {

// "White wins by 58.5 points", "Jigo, a draw", "White wins the tie".
void winner_words(std::string& out, const Count& c) {
  if (same_points(c.margin, 0)) {
    out += c.tie == TieRule::kDraw ? "Jigo, a draw" : tie_clause(c.tie);
    return;
  }
  const double m = std::fabs(c.margin);
  append(out, "{} wins by {} point{}", c.margin > 0 ? "Black" : "White", points_text(m), m == 1 ? "" : "s");
}

// ": agrees with the record (B+3.5)": what the count makes of the record's
// result; nothing when there is none to speak of (no RE, or a position
// before the record's end).
void record_words(std::string& out, const Game& game, const RecordCheck& r) {
  if (r.recorded.empty() || game.before_end) return;
  const std::string re = recorded_words(r, true);
  if (r.matches)
    return append(out, ": {} the record ({})", *r.matches ? "agrees with" : "differs from", re);
  if (r.winner_matches)
    return append(out, ": {} the record ({}, which is no count)", *r.winner_matches ? "the same winner as" : "not the winner of",
                  re);
  // A count, but of a game or an end the record does not hold (a note says which).
  const bool not_compared = std::any_of(r.notes.begin(), r.notes.end(), [](const RecordNote& n) {
    return n.kind == RecordNote::Kind::kNoGame || n.kind == RecordNote::Kind::kEndUnknown;
  });
  if (not_compared && parse_result(r.recorded)) return append(out, ": the record's result ({}) is not compared", re);
  append(out, ": the record says {}, which is no count", re);
}

// A player's name as the record has it; "?" for none, or for a name that is
// only the colour's (PB[Black], as editors write).
std::string_view player_name(std::string_view name, std::string_view colour) {
  const bool colours = std::equal(name.begin(), name.end(), colour.begin(), colour.end(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == b;
  });
  return name.empty() || colours ? "?" : name;
}

// "allpotti 6d": a player's name and rank as the record has them, or "?".
void player_words(std::string& out, const std::string& name, const std::string& rank, std::string_view colour) {
  out = shown_text(player_name(name, colour));
  if (!rank.empty()) {
    out += ' ';
    out += shown_text(rank);
  }
}

// "Black: allpotti 6d; White: gassan 6d; 2006-01-01; EV\n", or nothing when
// the record names nobody and no date or event.
void players_line(std::string& out, const GameInfo& info) {
  thread_local std::string black, white;
  player_words(black, info.black_player, info.black_rank, "black");
  player_words(white, info.white_player, info.white_rank, "white");
  const size_t at = out.size();
  auto part = [&](std::string_view label, std::string_view words) {
    append(out, "{}{}{}", out.size() == at ? "" : "; ", label, words);
  };
  if (black != "?" || white != "?") {
    part("Black: ", black);
    part("White: ", white);
  }
  if (!info.date.empty()) part("", shown_text(info.date));
  if (!info.event.empty()) part("", shown_text(info.event));
  if (out.size() != at) out += '\n';
}

// The record and the play: board, rules and where they came from, komi,
// handicap, warnings, moves, passes and prisoners.
void record_lines(std::string& out, const Game& game, const Scored& s, const GameLabel& label) {
  const Tally& t = s.tally;
  append(out, "{} (game {}): board {}x{}; {} rules ({} scoring, ", label.file, label.index, game.board.width(),
         game.board.height(), s.rules.name, scoring_name(s.rules.scoring));
  if (s.rules_source == Source::kRecord && game.rules_note) read_note_text(out, game.board, *game.rules_note);
  else out += s.rules_source == Source::kRecord ? "from the record" : s.rules_source == Source::kOption ? "from --rules" : "default";
  append(out, "); komi {} (", points_text(s.komi));
  if (s.komi_source == Source::kRecord && game.komi_note) read_note_text(out, game.board, *game.komi_note);
  else out += source_name(s.komi_source);
  append(out, "); handicap {}\n", s.handicap);
  for (const std::string& w : game_warnings(game, s)) append(out, "Warning: {}\n", w);
  if (!game.diagram) append(out, "Moves: {}. ", game.moves);
  append(out, "Passes: Black {}, White {}, {}.\n", t.black().passes, t.white().passes, last_pass_text(game.last_pass));
  append(out, "Prisoners taken in play: Black {}, White {}. Dead stones removed: {} black, {} white",
         t.black().captures, t.white().captures, t.black().dead, t.white().dead);
  // Japanese rules of 1989: removed, but no prisoners (the table's row of
  // dead stones would read as if they were never removed).
  const int in_seki = t.black().dead_in_seki + t.white().dead_in_seki;
  if (in_seki && seki_dead_no_prisoners(s.rules))
    append(out, " ({} inside a seki, no prisoner{} under {} rules)", in_seki, in_seki == 1 ? "" : "s", s.rules.title);
  out += ".\n";
}

// The points a finished position still needs (the estimate's), or nothing.
// A position far from its end (an opening: most of the board) is told by
// how many, the first few named; the JSON's needs_move has them all.
void unfinished_line(std::string& out, const Board& b, const Estimate& e) {
  if (e.finished) return;
  constexpr size_t kNamed = 24;
  out += "Not finished: these points still need a move:";
  for (size_t i = 0; i < e.needs_move.size() && i < kNamed; ++i) {
    out += ' ';
    out += to_gtp(b, e.needs_move[i]);
  }
  if (e.needs_move.size() > kNamed) append(out, " and {} other points", e.needs_move.size() - kNamed);
  out += "\n";
  for (const OpenBorder& o : e.open_borders)
    append(out, "  open border: {} at {} would seal {} point{} as {}'s territory\n", color_name(o.by),
           to_gtp(b, o.move), o.points, o.points == 1 ? "" : "s", color_name(o.by));
}

}  // namespace

void answer_line(std::string& out, const Game& game, const Scored& s, const GameLabel& label) {
  if (label.named) append(out, "{} (game {}): ", label.file, label.index);
  winner_words(out, s.count);
  append(out, " ({} rules, komi {}", s.rules.title, points_text(s.komi));
  if (s.handicap) append(out, ", handicap {}", s.handicap);
  out += ')';
  record_words(out, game, s.record);
}

void score_text(std::string& out, const Game& game, const Scored& s, const GameLabel& label, Detail detail) {
  answer_line(out, game, s, label);
  out += '\n';
  if (detail == Detail::kBrief) return;
  players_line(out, game.info);
  dead_lines(out, game.board, s);
  if (s.estimate) {
    if (detail == Detail::kExplain) out += estimate_text(game.board, *s.estimate);
    else unfinished_line(out, game.board, *s.estimate);
  }
  out += '\n';
  record_lines(out, game, s, label);
  out += '\n';
  if (s.rules.scoring == Scoring::kArea) {
    total_points_text(out, game, s);
    out += '\n';
  }
  // The rules' own count first, unless it is among the methods asked for.
  const bool shown = std::any_of(s.methods.begin(), s.methods.end(),
                                 [&](const Count& c) { return c.method == s.count.method; });
  if (!shown) count_table(out, s.count);
  for (size_t i = 0; i < s.methods.size(); ++i) {
    if (i || !shown) out += '\n';
    count_table(out, s.methods[i]);
  }
  framed(out, "", [&](std::string& o) { difference_text(o, game.board, s); }, "\n");
  for (const RecordNote& note : s.record.notes) {
    out += "Note on the record: ";
    record_note_text(out, game.board, s.record, note);
    out += ".\n";
  }
  if (s.other_scoring) {
    out += '\n';
    other_scoring_text(out, s);
  }
  if (detail == Detail::kExplain) out += "\n" + algebra_text(s.algebra);
}

std::string ownership_caption(const Ownership& o) {
  if (!o.estimated) return "Ownership by the count (black positive, white negative)";
  switch (o.judge) {
    case Judge::kModel: return "Ownership by the estimate's ownership model and playouts (black positive, white negative)";
    case Judge::kCascade:
      return "Ownership by the estimate's ownership model, or its playouts where the model doubts a chain (black "
             "positive, white negative)";
    case Judge::kPlayouts:
    case Judge::kBySize: break;  // (an estimate names the judge it came to)
  }
  return "Ownership by the estimate's playouts (black positive, white negative)";
}

std::string estimate_text(const Board& b, const Estimate& e) {
  std::string out = "Estimate:";
  int shown = 0;
  for (const ChainEstimate& c : e.chains) {
    // Alive beyond doubt goes without saying; a ko left open, or a chain
    // that lives because the chains around it are dead, does not.
    if (c.status == GroupStatus::kAlive && c.confidence >= 0.9 && c.reason.kind != Evidence::Kind::kOpenKo &&
        c.reason.kind != Evidence::Kind::kEnclosedByDead)
      continue;
    // The confidence for the estimator's verdicts only: a mark is no guess.
    const std::string sure =
        c.source == StatusSource::kEstimate ? fmt::format(", confidence {}", percent_text(c.confidence)) : "";
    out += fmt::format("\n  {} {} at {} ({} stone{}): {}{}: {}", color_name(c.color), c.stones == 1 ? "stone" : "chain",
                       to_gtp(b, c.root), c.stones, c.stones == 1 ? "" : "s", status_name(c.status), sure, reason_text(b, c));
    ++shown;
  }
  if (!shown) out += " every chain alive";
  out += "\n";
  unfinished_line(out, b, e);
  return out;
}

namespace {

// A group's heading: its result (a tie as its rules decide it: Ing's B+0,
// not "Draw") and how far it is from the first column's.
std::string difference_heading(const DifferenceGroup& g, std::string_view phrase, const Count& base,
                               std::string_view base_phrase) {
  const double margin = base.margin + g.amount;
  const std::string result = result_text(margin, g.tie);
  // Parts with no margin in them: the points are counted otherwise, the
  // totals the same or not (Ing's half points of a seki add up as Chinese
  // rules' whole ones do).
  const std::string_view then = g.parts.empty() ? "." : ", counted differently:";
  if (same_points(g.amount, 0) && result == base.result()) return fmt::format("{}: the same margin{}", phrase, then);
  if (same_points(g.amount, 0))
    return fmt::format("{}: {}, the same margin, but {} (under {}, {}){}", phrase, result, tie_clause(g.tie),
                       base_phrase, tie_clause(base.tie), g.parts.empty() ? "." : "; counted differently:");
  const std::string tie = same_points(margin, 0) && g.tie != TieRule::kDraw ? fmt::format(" ({})", tie_clause(g.tie)) : "";
  return fmt::format("{}: {}{}, {} point{} better for {}:", phrase, result, tie, points_text(std::fabs(g.amount)),
                     std::fabs(g.amount) == 1 ? "" : "s", g.amount > 0 ? "Black" : "White");
}

// Why each column's result differs from the first's, under its heading.
void differences_text(std::string& out, const Comparison& c) {
  const RuleResult& base = c.results.front();
  const std::string base_phrase = rule_variant_phrase(base.variant);
  const Board& board = base.scored.tally.board;
  out += fmt::format("\nWhy the results differ from {} ({}):\n", base_phrase, base.scored.count.result());
  for (const DifferenceGroup& g : c.groups) {
    const std::string phrase = rule_variants_phrase(g.columns);
    wrapped(out, difference_heading(g, phrase, base.scored.count, base_phrase), "  ", "    ", 100);
    for (const Cause& p : g.parts) wrapped(out, rule_cause_text(board, p, base_phrase, phrase) + ".", "    - ", "      ", 100);
  }
  if (const std::string comp = compensation_sentence(c); !comp.empty()) wrapped(out, comp, "", "", 100);
}

}  // namespace

std::string comparison_text(const Comparison& c, const GameLabel& label) {
  std::string out = fmt::format("{} (game {})\n", label.file, label.index);
  size_t width = 14;
  for (const RuleResult& r : c.results) width = std::max(width, r.label.size() + 2);
  auto row = [&](std::string_view rules, std::string_view scoring, std::string_view komi, std::string_view result,
                 std::string_view black, std::string_view white) {
    table_row(out, "{:<{}}{:<11}{:>7}{:>10}{:>9}{:>9}", rules, width, scoring, komi, result, black, white);
  };
  row("rules", "scoring", "komi", "result", "Black", "White");
  for (const RuleResult& r : c.results) {
    const auto score = rules_score(r.scored.input);
    row(r.label, scoring_name(r.scored.rules.scoring), points_text(r.scored.komi), r.scored.count.result(),
               points_text(score[0]), points_text(score[1]));
  }
  // One column has nothing to differ from: no heading over nothing.
  if (c.results.size() > 1) differences_text(out, c);
  out += '\n';
  out += algebra_text(c.algebra());
  return out;
}

std::string hand_count_text(const HandCount& hand, const HandResult& r) {
  std::string out = fmt::format("Board {}x{} ({} points); {} rules; komi {}; handicap {}; non-scoring points {}\n",
                                hand.width, hand.height, r.input.board_points, r.rules.name, points_text(r.input.komi),
                                hand.handicap, hand.non_scoring);
  for (const Count& c : r.counts) {
    out += '\n';
    count_table(out, c);
    // Mays' footnote to the AGA column of Table 17: "All passed stones".
    if (r.by_territory && c.method == "aga")
      wrapped(out,
              "Prisoners: a stone for every pass of the other side among them, White passing last; so counted, "
              "territory gives the margin of the count by area (Mays, Table 17).",
              "", "", 100);
  }
  return out;
}

namespace {

// A hand count's number as `spelling` names it in a list: --black-territory,
// 'black-territory', black_territory.
std::string field_name(HandField f, FieldSpelling spelling) {
  static constexpr std::string_view kNames[] = {"black",        "white",           "black-territory", "white-territory",
                                                "black-stones", "white-stones",    "black-prisoners", "white-prisoners",
                                                "handicap",     "non-scoring",     "size",            "width",
                                                "height",       "tie-breaker"};
  std::string name(kNames[static_cast<int>(f)]);
  if (spelling == FieldSpelling::kKeyword) std::replace(name.begin(), name.end(), '-', '_');
  return spelling == FieldSpelling::kOption ? "--" + name : spelling == FieldSpelling::kField ? "'" + name + "'" : name;
}

}  // namespace

std::string hand_refusal_text(const HandRefusal& r, FieldSpelling spelling) {
  using F = HandField;
  auto n = [&](HandField f) { return field_name(f, spelling); };
  // The field a message is about, at its start: "--black", "field 'black'", "black".
  const std::string about = (spelling == FieldSpelling::kField ? "field " : "") + n(r.field);
  // The board's two ways, as the command's help writes them: --size N, --width W --height H.
  const bool option = spelling == FieldSpelling::kOption;
  const std::string size = n(F::kSize) + (option ? " N" : "");
  const std::string sides = option ? n(F::kWidth) + " W " + n(F::kHeight) + " H" : n(F::kWidth) + " and " + n(F::kHeight);
  switch (r.kind) {
    case HandRefusal::Kind::kTerritoryAndPrisoners:
      return fmt::format("{} rules count territory and prisoners: give {} and {} (and {}, {})", r.subject,
                         n(F::kBlackTerritory), n(F::kWhiteTerritory), n(F::kBlackPrisoners), n(F::kWhitePrisoners));
    case HandRefusal::Kind::kAreaOrTerritory:
      return fmt::format("{} rules count by area or by territory, one count at a time: give total points ({}, {}), or "
                         "territory and stones ({}, {}, {}, {}), or territory and prisoners, a stone for every pass "
                         "among them ({}, {}, {}, {})",
                         r.subject, n(F::kBlack), n(F::kWhite), n(F::kBlackTerritory), n(F::kWhiteTerritory),
                         n(F::kBlackStones), n(F::kWhiteStones), n(F::kBlackTerritory), n(F::kWhiteTerritory),
                         n(F::kBlackPrisoners), n(F::kWhitePrisoners));
    case HandRefusal::Kind::kPartsOrTotals:
      return fmt::format("give the territory and the stones of both sides ({}, {}, {}, {}), or total points ({}, {})",
                         n(F::kBlackTerritory), n(F::kBlackStones), n(F::kWhiteTerritory), n(F::kWhiteStones),
                         n(F::kBlack), n(F::kWhite));
    case HandRefusal::Kind::kNoTotal: {
      const char* value = option ? " N" : "";  // --black N, as the command's help
      return fmt::format("give {}{} and/or {}{} total points (stones + territory)", n(F::kBlack), value, n(F::kWhite),
                         value);
    }
    case HandRefusal::Kind::kTotalPastScoring:
      return fmt::format("{}: {} total points are more than the board's {} scoring points", about,
                         points_text(r.value), r.limit);
    case HandRefusal::Kind::kPastBoard:
      return fmt::format("{}: {} is more than the board's {} points", about, points_text(r.value), r.limit);
    case HandRefusal::Kind::kMethodNeedsParts:
      return fmt::format("{} needs territory and stones apart ({}, {}, ...)", r.subject, n(F::kBlackTerritory),
                         n(F::kBlackStones));
    case HandRefusal::Kind::kMethodNeedsBothTotals:
      return fmt::format("{} needs both sides' total points counted ({} and {})", r.subject, n(F::kBlack), n(F::kWhite));
    case HandRefusal::Kind::kMethodCountsArea:
      return fmt::format("{} counts stones and territory, not prisoners: give total points ({}, {}), or territory and "
                         "stones ({}, {}, ...); territory and prisoners are AGA Counting's",
                         r.subject, n(F::kBlack), n(F::kWhite), n(F::kBlackTerritory), n(F::kBlackStones));
    case HandRefusal::Kind::kMethodNeedsPrisoners:
      return fmt::format("{} of a count by hand counts territory and prisoners, a stone for every pass among them: "
                         "give {}, {}, {} and {}",
                         r.subject, n(F::kBlackTerritory), n(F::kWhiteTerritory), n(F::kBlackPrisoners),
                         n(F::kWhitePrisoners));
    case HandRefusal::Kind::kOutOfRange: {
      const bool whole = r.field != F::kBlack && r.field != F::kWhite && r.field != F::kTieBreaker;
      return fmt::format("{}: {} is not a {}number from {} to {}", about, r.value, whole ? "whole " : "", r.low,
                         r.limit);
    }
    case HandRefusal::Kind::kSizeAndSides:
      return fmt::format("give the board as {} or as {}, not both", size, sides);
    case HandRefusal::Kind::kSideAlone:
      return fmt::format("{} needs {} (or give the board as {})", about,
                         n(r.field == F::kWidth ? F::kHeight : F::kWidth), size);
    case HandRefusal::Kind::kNoBoard:
      return fmt::format("give the board size: {}, or {}", size, sides);
  }
  return r.what();
}

std::string key_number_text(const KeyNumberTable& t, int width, int height) {
  const bool draws = std::any_of(t.rows.begin(), t.rows.end(), [](const KeyNumberRow& r) { return r.k.draws_at; });
  std::string out = fmt::format(
      "Key numbers: {}x{} board ({} points{}), {} rules, komi {}, tie-breaker {}\n", width, height, t.board_points,
      t.non_scoring ? fmt::format(", {} non-scoring", t.non_scoring) : std::string(), t.rules, points_text(t.komi),
      points_text(t.tie_breaker));
  table_row(out, "{:<11}{:<7}{:>8}{:>18}{:>14}{:>12}{:>10}{}", "Game", "Side", "HCPP", "Handicap or komi",
            "Tie-breaker", "Key number", "Minimum", draws ? "  Draws at" : "");
  for (const KeyNumberRow& r : t.rows) {
    table_row(out, "{:<11}{:<7}{:>8}{:>18}{:>14}{:>12}{:>10}{}", key_number_game(r.handicap),
              r.side == Color::kBlack ? "Black" : "White", points_text(r.k.half_count), signed_text(r.handicap_or_komi),
              r.handicap == 0 ? std::string() : signed_text(r.tie_breaker), points_text(r.k.key_number),
              points_text(r.k.minimum_to_win),
              r.k.draws_at ? fmt::format("{:>10}", points_text(*r.k.draws_at)) : std::string());
  }
  out += "Minimum: the least total points (stones + vacant territory) that win for the side counted.\n";
  if (draws) out += "Draws at: with a whole key number, that total is a draw (the rules allow draws).\n";
  return out;
}

std::string_view neutral_name(NeutralPoints n) { return n == NeutralPoints::kHalfEach ? "half each" : "nobody"; }

std::string_view seki_name(const Rules& r) {
  if (fills_shared_liberties(r)) return "eyes count, shared liberties filled evenly per seki";
  return r.seki == SekiPolicy::kFillEyes      ? "eyes count, shared liberties are neutral points"
         : r.seki == SekiPolicy::kNoTerritory ? "no territory"
                                              : "as it stands";
}

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

}  // namespace gocount
