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
  // Labels as wide as the widest one of this table.
  size_t w = 24;
  for (size_t i = 0; i < c.steps.size(); ++i)
    if (!(c.side == Color::kEmpty && c.steps[i].side == Color::kEmpty)) w = std::max(w, label[i].size() + 2);
  title.clear();
  table_title(title, c);
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
  if (same_points(d, 0)) {
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

namespace {

// "S", "U", "R": the letter a term takes in the identity.
std::string_view term_letter(AlgebraTerm k) {
  return k == AlgebraTerm::kSeki ? "S" : k == AlgebraTerm::kSetup ? "U" : "R";
}

std::string stones_text(int n, std::string_view colour) {
  return fmt::format("{} {} stone{}", n, colour, n == 1 ? "" : "s");
}

// What a term stands for, in words.
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
                    "stones a diagram cannot account for: it records no moves (its header, passes and captures only), "
                    "and has {} more than alternating play gives",
                    stones_text(n, colour));
  }
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
  for (const Algebra::Term& t : a.terms) {
    std::string words;
    term_words(words, t);
    wrapped(out, words, fmt::format("  {}: ", term_letter(t.kind)), "     ", 100);
  }
  return out;
}

std::string json_text(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

nlohmann::ordered_json json_number(double v) {
  if (const std::optional<long long> n = whole_number(v)) return *n;
  return v;
}

namespace {

// JSON texts kept end to end in one string, the i-th by its offsets: the
// values a record's JSON repeats by the hundred, written once per thread
// (issue 23).
class JsonTexts {
 public:
  // Entries 0 .. n - 1, `write(i, w)` writing the i-th (or nothing).
  template <class F>
  void make(size_t n, F&& write) {
    text_.clear();
    start_.assign(n + 1, 0);
    for (size_t i = 0; i < n; ++i) {
      start_[i] = text_.size();
      JsonWriter w(text_);
      write(i, w);
    }
    start_[n] = text_.size();
    text_.append(JsonWriter::kPadding, '\0');  // literal_array reads a word from each entry's start
  }
  std::string_view operator[](size_t i) const { return {text_.data() + start_[i], start_[i + 1] - start_[i]}; }

 private:
  std::string text_;
  std::vector<size_t> start_;
};

// Every point's GTP name as a JSON string ("\"D4\""), by vertex, for the
// board size last asked for.
const JsonTexts& quoted_names(const Board& b) {
  thread_local JsonTexts names;
  thread_local std::pair<int, int> size{0, 0};
  if (size != std::pair{b.width(), b.height()}) {
    size = {b.width(), b.height()};
    names.make(b.padded_size(), [&](size_t v, JsonWriter& w) {
      if (b.on_board(static_cast<Vertex>(v))) w.value(to_gtp(b, static_cast<Vertex>(v)));
    });
  }
  return names;
}

// Points as GTP names, in the order given.
void points_list(JsonWriter& w, const Board& b, std::span<const Vertex> points) {
  const JsonTexts& names = quoted_names(b);
  w.literal_array(points.size(), [&](size_t i) { return names[points[i]]; });
}

// The stones of the chain through v, as chain_to_gtp names and sorts them.
void stones_json(JsonWriter& w, const Board& b, Vertex v) { points_list(w, b, chain_as_read(b, v)); }

// One cause for JSON: kind, text, amount, points (GTP).
// `fit`: the record check's CauseFit, by name ("" for a difference between rule sets: none).
void cause_json(JsonWriter& w, const Board& b, const Cause& c, std::string_view text, std::string_view fit = {}) {
  w.begin_object().field("kind", cause_kind_name(c.kind)).field("text", text).number("amount", c.amount);
  points_list(w.key("points"), b, c.points);
  if (!fit.empty()) w.field("fit", fit);
  w.end_object();
}

// The parts of a difference between rule sets, `base` and `other` the rules compared.
void causes_json(JsonWriter& w, const Board& b, const std::vector<Cause>& cs, std::string_view base,
                 std::string_view other) {
  thread_local std::string text;
  w.begin_array();
  for (const Cause& c : cs) {
    text.clear();
    rule_cause_text(text, b, c, base, other);
    cause_json(w, b, c, text);
  }
  w.end_array();
}

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

void count_json(JsonWriter& w, const Count& c) {
  w.begin_object().field("method", c.method);
  if (c.side != Color::kEmpty) w.field("side", color_name(c.side));
  thread_local std::string words;  // a label or the note, before it is written
  w.key("steps").begin_array();
  for (const Step& s : c.steps) {
    words.clear();
    step_label(words, c, s);
    w.begin_object().field("id", step_id_name(s.id)).field("label", words).number("value", s.value);
    if (s.side != Color::kEmpty) w.field("side", color_name(s.side));
    w.end_object();
  }
  w.end_array().field("result", c.result());
  words.clear();
  count_note_text(words, c.note);
  if (!words.empty()) w.field("note", words);
  w.end_object();
}

void algebra_json(JsonWriter& w, const Algebra& a) {
  w.begin_object().field("Bs", a.Bs).field("Ws", a.Ws).field("Bt", a.Bt).field("Wt", a.Wt);
  w.field("Bp", a.Bp).field("Wp", a.Wp).field("Bz", a.Bz).field("Wz", a.Wz).field("H", a.H).number("K", a.K);
  w.field("P", a.P).field("Nt", a.Nt).field("Btj", a.Btj).field("Wtj", a.Wtj);
  w.number("Sc", a.Sc).number("Sj", a.Sj).field("holds", a.holds);
  if (!a.terms.empty()) {
    w.key("causes").begin_array();
    thread_local std::string words;
    for (const Algebra::Term& t : a.terms) {
      words.clear();
      term_words(words, t);
      w.begin_object().field("term", term_letter(t.kind)).field("cause", words).number("amount", t.amount).end_object();
    }
    w.end_array();
  }
  w.end_object();
}

namespace {

std::string_view last_pass_text(Color c) {
  return c == Color::kBlack ? "Black passed last" : c == Color::kWhite ? "White passed last" : "no passes";
}

// `territory` as the rules count it (under territory rules no point in seki).
void side_json(JsonWriter& w, const SideTally& s, int territory) {
  w.begin_object().field("stones", s.stones).field("territory", territory).field("captures", s.captures);
  w.field("dead", s.dead).field("passes", s.passes).end_object();
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
    else if (k == Evidence::Kind::kJudge && ch.reason.judge == Judge::kPlayouts)
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

  void seki_eyes_filled() {
    for (Color c : {Color::kBlack, Color::kWhite}) {
      point_names(pts_, b_, [&](Vertex p) { return in_seki(p) && k_.owner[p] == c && s_.counts_for[p] == c; });
      if (pts_.empty()) continue;
      text_.clear();
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
    if (shared_half.empty()) text_ += "The shared liberties are filled evenly:";
    else append(text_, "The shared liberties count half a point to each side (Chinese rules of 2002):{};", shared_half);
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

  // Filled points are stones now: out of the vacant territory, into the stones.
  void totals() {
    const SideCount& bl = s_.input.black();
    const SideCount& wh = s_.input.white();
    int eyes[2] = {};
    b_.for_each_point([&](Vertex p) {
      if (in_seki(p) && s_.counts_for[p] != Color::kEmpty) ++eyes[side_index(s_.counts_for[p])];
    });
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
    out += c.tie == TieRule::kBlackWins   ? "Black wins the tie"
           : c.tie == TieRule::kWhiteWins ? "White wins the tie"
                                          : "Jigo, a draw";
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
  out = player_name(name, colour);
  if (!rank.empty()) {
    out += ' ';
    out += rank;
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
  if (!info.date.empty()) part("", info.date);
  if (!info.event.empty()) part("", info.event);
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
  for (const std::string& w : game.warnings) append(out, "Warning: {}\n", w);
  if (!game.diagram) append(out, "Moves: {}. ", game.moves);
  append(out, "Passes: Black {}, White {}, {}.\n", t.black().passes, t.white().passes, last_pass_text(game.last_pass));
  append(out, "Prisoners taken in play: Black {}, White {}. Dead stones removed: {} black, {} white.\n",
         t.black().captures, t.white().captures, t.black().dead, t.white().dead);
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

namespace {

// The classification's own numbers, whatever the rules make of them:
// `area_territory` is every empty point surrounded by one colour (Bt, Wt).
void classification_counts(JsonWriter& w, const Tally& t) {
  const Classification& k = t.classes;
  auto pair = [&](JsonKey key, int b, int wh) {
    w.key(key).begin_object().field("black", b).field("white", wh).end_object();
  };
  auto both = [&](JsonKey key, const std::array<int, 2>& a) { pair(key, a[0], a[1]); };
  w.begin_object();
  pair("area_territory", t.black().territory, t.white().territory);
  both("territory", k.territory);
  both("seki_eyes", k.seki_eyes);
  both("false_eyes", k.false_eyes);
  both("teire", k.teire);
  both("seki_stones", k.seki_stones);
  w.field("shared_liberties", k.shared_liberties).field("dame", k.dame).field("one_sided_dame", k.one_sided_dame);
  w.field("unsealed", k.unsealed).end_object();
}

// The lists of points_json, in the order written; a point may be in several
// (a dame that is non-scoring too).
enum PointList : uint8_t {
  kInBlackTerritory, kInWhiteTerritory, kInSekiEyes, kInFalseEyes = kInSekiEyes + 2, kInTeire = kInFalseEyes + 2,
  kInSharedLiberties = kInTeire + 2, kInDame, kInOneSidedDame, kInUnsealed, kInNonScoring, kInHalfEach,
  kInDead, kInSekiStones = kInDead + 2, kPointLists = kInSekiStones + 2
};

}  // namespace

// Each list is gathered by its own pass over the board, without branches
// (a point's class follows no pattern, and a branch per list and point
// mispredicted most of the time), and only where the counts say it can hold
// a point: most records have territory, dame and dead stones, and nothing else.
void points_json(JsonWriter& w, const Game& game, const Scored& s) {
  const Tally& t = s.tally;
  const Board& b = t.board;
  const Classification& k = t.classes;
  thread_local std::array<std::vector<Vertex>, kPointLists> storage;
  std::array<int, kPointLists> n{};
  const PointClass* cls = k.cls.data();
  const Color* owner = k.owner.data();
  const Color* counts_for = s.counts_for.data();
  const Color* here = b.colors().data();
  const Color* before = game.board.colors().data();
  // The points where `in(v)` (0 or 1) into list i, in board order.
  auto gather = [&](int i, bool maybe, auto in) {
    if (!maybe) return;
    storage[i].resize(b.padded_size());
    Vertex* out = storage[i].data();
    int count = 0;
    b.for_each_point([&](Vertex v) {
      out[count] = v;
      count += in(v);
    });
    n[i] = count;
  };
  // Black's list i and White's i + 1 in one pass, where `in(v, c)`: each
  // point is loaded once for both (the territories and the dead stones are
  // in nearly every record).
  auto gather_both = [&](int i, bool maybe, auto in) {
    if (!maybe) return;
    storage[i].resize(b.padded_size());
    storage[i + 1].resize(b.padded_size());
    Vertex* black = storage[i].data();
    Vertex* white = storage[i + 1].data();
    int nb = 0, nw = 0;
    b.for_each_point([&](Vertex v) {
      black[nb] = white[nw] = v;
      nb += in(v, Color::kBlack);
      nw += in(v, Color::kWhite);
    });
    n[i] = nb;
    n[i + 1] = nw;
  };
  auto is = [](Color c, Color want) { return int{c == want}; };
  auto class_is = [&](PointClass want) { return [&, want](Vertex v) { return int{cls[v] == want}; }; };
  gather_both(kInBlackTerritory, true, [&](Vertex v, Color c) {
    return is(here[v], Color::kEmpty) & int{cls[v] != PointClass::kSharedLiberty} & is(counts_for[v], c);
  });
  gather_both(kInDead, t.side[0].dead + t.side[1].dead > 0,
              [&](Vertex v, Color c) { return int{t.dead[v] != 0} & is(before[v], c); });
  for (int side = 0; side < 2; ++side) {
    const Color c = side == 0 ? Color::kBlack : Color::kWhite;
    auto owned = [&](PointClass want) { return [&, want](Vertex v) { return int{cls[v] == want} & is(owner[v], c); }; };
    gather(kInSekiEyes + side, k.seki_eyes[side] > 0, owned(PointClass::kSekiEye));
    gather(kInFalseEyes + side, k.false_eyes[side] > 0, owned(PointClass::kFalseEye));
    gather(kInTeire + side, k.teire[side] > 0, owned(PointClass::kTeire));
    gather(kInSekiStones + side, k.seki_stones[side] > 0, owned(PointClass::kSekiStone));
  }
  gather(kInSharedLiberties, k.shared_liberties > 0, class_is(PointClass::kSharedLiberty));
  gather(kInDame, k.dame > 0, class_is(PointClass::kDame));
  gather(kInOneSidedDame, k.one_sided_dame > 0, class_is(PointClass::kOneSidedDame));
  gather(kInUnsealed, k.unsealed > 0, class_is(PointClass::kUnsealed));
  auto any = [](const std::vector<uint8_t>& marks) { return std::find(marks.begin(), marks.end(), 1) != marks.end(); };
  gather(kInNonScoring, any(s.non_scoring), [&](Vertex v) { return int{s.non_scoring[v] != 0}; });
  gather(kInHalfEach, any(s.half_each), [&](Vertex v) { return int{s.half_each[v] != 0}; });
  auto list = [&](JsonKey key, int i) {
    points_list(w.key(key), b, {storage[i].data(), static_cast<size_t>(n[i])});
  };
  // {"black": [...], "white": [...]}: the points of one class by whose they are.
  auto pair = [&](JsonKey key, int i) {
    w.key(key).begin_object();
    list("black", i);
    list("white", i + 1);
    w.end_object();
  };
  w.begin_object();
  list("black_territory", kInBlackTerritory);
  list("white_territory", kInWhiteTerritory);
  pair("seki_eyes", kInSekiEyes);
  pair("false_eyes", kInFalseEyes);
  pair("teire", kInTeire);
  list("shared_liberties", kInSharedLiberties);
  list("dame", kInDame);
  list("one_sided_dame", kInOneSidedDame);
  list("unsealed", kInUnsealed);
  list("non_scoring", kInNonScoring);
  list("half_each", kInHalfEach);
  pair("dead", kInDead);
  pair("seki_stones", kInSekiStones);
  classification_counts(w.key("counts"), t);
  w.end_object();
}

namespace {

// reason_text into a string of the thread's, valid until the next call:
// score's JSON words every chain of the position.
std::string_view reason_words(const Board& b, const ChainStatus& c) {
  thread_local std::string words;
  words.clear();
  reason_text(words, b, c);
  return words;
}

// A dead or unsure chain for score's JSON: who decided it (dead chains), how
// sure and why.
void chain_json(JsonWriter& w, const Board& b, const ChainStatus& c, bool with_source) {
  w.begin_object().field("color", color_name(c.color));
  stones_json(w.key("stones"), b, c.root);
  if (with_source) w.field("source", source_name(c.source));
  w.number("confidence", std::round(c.confidence * 100) / 100).field("reason", reason_words(b, c)).end_object();
}

// The JSON of number(k / 1000.0) for every k from -1,000 to 1,000 (entry
// k + 1,000): what ownership_json writes (a Grisu2 a point cost more than
// the rest of the record's JSON).
const JsonTexts& thousandths() {
  thread_local const JsonTexts table = [] {
    JsonTexts t;
    t.make(2001, [](size_t i, JsonWriter& w) {
      w.number(ownership_value(static_cast<float>((static_cast<int>(i) - 1000) / 1000.0)));
    });
    return t;
  }();
  return table;
}

// Each value as number(ownership_value(v)) writes it.
void ownership_json(JsonWriter& w, const std::vector<float>& values) {
  const JsonTexts& table = thousandths();
  // Each value's thousandth, found once (std::round: a value such as 1/16
  // lies half-way between two).
  // Outside [-1, 1] (or NaN): written as it is. Tested apart, so that the
  // loop below has no way out and no branch.
  const bool in_range = std::all_of(values.begin(), values.end(), [](float v) { return std::fabs(v * 1000.0) < 1000.5; });
  if (!in_range) {
    w.begin_array();
    for (float u : values) w.number(ownership_value(u));
    w.end_array();
    return;
  }
  thread_local std::vector<uint16_t> storage;
  storage.resize(values.size());
  uint16_t* at = storage.data();
  for (size_t i = 0; i < values.size(); ++i) {
    // k = std::round(x) (ownership_value(v) is k / 1000), without the
    // library call: |x| + 0.5 is exact for a float's thousandfold.
    const double x = values[i] * 1000.0;
    const int k = static_cast<int>(std::fabs(x) + 0.5);
    at[i] = static_cast<uint16_t>((x < 0 ? -k : k) + 1000);
  }
  w.literal_array(values.size(), [&](size_t i) { return table[at[i]]; });
}

// The count's ownership (1, 0 or -1 a point) as ownership_json writes it,
// from the board: no floats to round back.
void count_ownership_json(JsonWriter& w, const Scored& s) {
  const JsonTexts& table = thousandths();
  thread_local std::vector<uint16_t> storage;
  storage.resize(s.tally.board.area());
  uint16_t* at = storage.data();
  for_each_count_owner(s, [&](int i, int sign) { at[i] = static_cast<uint16_t>(1000 + 1000 * sign); });
  w.literal_array(storage.size(), [&](size_t i) { return table[at[i]]; });
}

// Whose ownership the JSON and the captions give: the estimator's or the count's.
std::string_view ownership_word(bool estimated) { return estimated ? "estimate" : "count"; }

}  // namespace

std::string_view ownership_source_name(const Ownership& o) { return ownership_word(o.estimated); }

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

double ownership_value(float v) {
  const double r = std::round(v * 1000.0) / 1000;
  return r == 0 ? 0.0 : r;
}

std::string_view status_name(GroupStatus s) {
  return s == GroupStatus::kAlive ? "alive" : s == GroupStatus::kSeki ? "seki" : "dead";
}

void estimate_json(JsonWriter& w, const Board& b, const Estimate& e) {
  w.begin_object().field("finished", e.finished);
  points_list(w.key("needs_move"), b, e.needs_move);
  w.key("open_borders").begin_array();
  for (const OpenBorder& o : e.open_borders) {
    w.begin_object().field("color", color_name(o.by)).field("move", to_gtp(b, o.move)).field("points", o.points);
    points_list(w.key("sealed"), b, o.sealed);
    w.end_object();
  }
  w.end_array().key("groups").begin_array();
  thread_local ChainsAsRead as_read;  // every chain's stones: one walk, kept: no heap once warm
  as_read.read(b);
  for (const ChainEstimate& c : e.chains) {
    w.begin_object().field("color", color_name(c.color)).field("status", status_name(c.status));
    w.field("source", source_name(c.source)).field("unsure", c.unsure);
    // A double as it always was here: 1.0, not 1.
    w.field("confidence", std::round(c.confidence * 100) / 100).field("reason", reason_words(b, c));
    points_list(w.key("stones"), b, as_read.stones(b, c.root));
    w.end_object();
  }
  w.end_array().end_object();
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

// What score's JSON says of the record: the count against its result, the
// cause of a difference, notes, the other scoring family's count.
void record_json(JsonWriter& w, const Game& game, const Scored& s) {
  w.field("recorded_result", valid_utf8(game.result)).key("matches_record");
  if (s.record.matches) w.value(*s.record.matches);
  else w.value(nullptr);
  // The words, and the rules' phrases, before they are written: strings of the thread's.
  thread_local std::string words, ours, theirs;
  w.key("difference_cause");
  if (s.record.cause) {
    words.clear();
    record_cause_text(words, game.board, s.record);
    cause_json(w, game.board, *s.record.cause, words, cause_fit_name(s.record.cause_fit));
  } else {
    w.value(nullptr);
  }
  w.key("record_notes").begin_array();
  for (const RecordNote& note : s.record.notes) {
    words.clear();
    record_note_text(words, game.board, s.record, note);
    w.value(words);
  }
  w.end_array().key("other_scoring");
  if (const auto& o = s.other_scoring) {
    w.begin_object().field("rules", o->rules).field("result", o->result).number("margin", o->margin).key("parts");
    ours.clear();
    rules_phrase(ours, o->ours, o->ours_title);
    theirs.clear();
    rule_variant_phrase(theirs, o->theirs);
    causes_json(w, game.board, o->parts, ours, theirs);
    w.end_object();
  } else {
    w.value(nullptr);
  }
}

// The rules' numbers: komi, handicap, each side's tally, the score.
void score_numbers_json(JsonWriter& w, const Game& game, const Scored& s) {
  const Tally& t = s.tally;
  const auto score = rules_score(s.input);
  w.number("komi", s.komi);
  if (s.komi_source == Source::kRecord && game.komi_note) w.field("komi_note", read_note_text(game.board, *game.komi_note));
  if (s.rules_source == Source::kRecord && game.rules_note) w.field("rules_note", read_note_text(game.board, *game.rules_note));
  if (!game.warnings.empty()) w.field("warnings", game.warnings);
  w.field("handicap", s.handicap);
  if (s.rules.enclosed_territory) w.field("territory", "enclosed");  // as OGS counts (Rules::enclosed_territory)
  side_json(w.key("black"), t.black(), *s.input.black().territory);
  side_json(w.key("white"), t.white(), *s.input.white().territory);
  w.field("neutral", t.neutral).field("non_scoring", s.input.non_scoring);
  w.key("score").begin_object().number("black", score[0]).number("white", score[1]).end_object();
  if (const auto& f = s.input.seki) {
    w.key("seki_fill").begin_object().field("convention", seki_fill_name(f->convention)).field("sekis", f->sekis);
    w.field("shared_liberties", f->shared).number("each", f->each).field("non_scoring", f->non_scoring).end_object();
  }
}

void game_info_json(JsonWriter& w, const GameInfo& i) {
  w.field("black_player", i.black_player).field("black_rank", i.black_rank);
  w.field("white_player", i.white_player).field("white_rank", i.white_rank);
  w.field("date", i.date).field("event", i.event);
}

// The dead chains, who decided them, and the chains the estimate is unsure of.
void chains_json(JsonWriter& w, const Board& b, const Scored& s) {
  w.key("dead_chains").begin_array();
  for (const ChainStatus& c : s.chains)
    if (c.status == GroupStatus::kDead) chain_json(w, b, c, true);
  w.end_array().key("unsure_chains").begin_array();
  for (const ChainStatus& c : s.chains)
    if (c.unsure) chain_json(w, b, c, false);
  w.end_array();
}

}  // namespace

void score_json(std::string& out, const Game& game, const Scored& s, const GameLabel& label) {
  JsonWriter w(out);
  w.begin_object().field("schema", kScoreSchema).field("rules", s.rules.name);
  w.field("width", game.board.width()).field("height", game.board.height());
  score_numbers_json(w, game, s);
  w.field("result", s.count.result()).number("margin", s.count.margin);
  w.field("file", label.file).field("game", label.index);
  game_info_json(w, game.info);
  thread_local std::string answer;
  answer.clear();
  answer_line(answer, game, s, {label.file, label.index});
  w.field("answer", answer).field("record_hash", game.record_hash.text());
  w.field("moves", game.moves).key("last_pass");
  if (game.last_pass == Color::kEmpty) w.value(nullptr);
  else w.value(color_name(game.last_pass));
  record_json(w, game, s);
  w.field("dead_source", dead_source_name(s.dead_from));
  chains_json(w, game.board, s);
  if (!s.methods.empty()) {
    w.key("methods").begin_array();
    for (const Count& c : s.methods) count_json(w, c);
    w.end_array();
  }
  algebra_json(w.key("algebra"), s.algebra);
  points_json(w.key("points"), game, s);
  if (s.estimate) estimate_json(w.key("estimate"), game.board, *s.estimate);
  const bool estimated = ownership_estimated(s);
  w.field("ownership_source", ownership_word(estimated));
  if (estimated) {
    thread_local Ownership own;
    point_ownership(s, own);
    ownership_json(w.key("ownership"), own.values);
  } else {
    count_ownership_json(w.key("ownership"), s);
  }
  w.end_object();
}

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
  const RuleResult& base = c.results.front();
  const std::string base_phrase = rule_variant_phrase(base.variant);
  const Board& board = base.scored.tally.board;
  out += fmt::format("\nWhy the results differ from {} ({}):\n", base_phrase, base.scored.count.result());
  for (const DifferenceGroup& g : c.groups) {
    const std::string phrase = rule_variants_phrase(g.columns);
    if (same_points(g.amount, 0))
      wrapped(out, fmt::format("{}: the same margin{}", phrase, g.parts.empty() ? "." : ", the totals differ:"), "  ",
              "    ", 100);
    else
      wrapped(out,
              fmt::format("{}: {}, {} point{} better for {}:", phrase, result_text(base.scored.count.margin + g.amount),
                          points_text(std::fabs(g.amount)), std::fabs(g.amount) == 1 ? "" : "s",
                          g.amount > 0 ? "Black" : "White"),
              "  ", "    ", 100);
    for (const Cause& p : g.parts) wrapped(out, rule_cause_text(board, p, base_phrase, phrase) + ".", "    - ", "      ", 100);
  }
  if (const std::string comp = compensation_sentence(c); !comp.empty()) wrapped(out, comp, "", "", 100);
  out += '\n';
  out += algebra_text(c.algebra());
  return out;
}

namespace {

// An object with a key per column label, `write` writing a column's value. A
// label given twice is one key, where it first stands, with the last such
// column's value (as an object keyed by label kept it before).
template <class F>
void by_label(JsonWriter& w, const std::vector<RuleResult>& results, F write) {
  auto same = [](const RuleResult& x, const RuleResult& y) { return x.label == y.label; };
  w.begin_object();
  for (auto r = results.begin(); r != results.end(); ++r) {
    if (std::find_if(results.begin(), r, [&](const RuleResult& x) { return same(x, *r); }) != r) continue;
    const auto last = std::find_if(results.rbegin(), results.rend(), [&](const RuleResult& x) { return same(x, *r); });
    write(w.label_key(r->label), *last);
  }
  w.end_object();
}

}  // namespace

std::string comparison_json(const Comparison& c, const GameLabel& label) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("file", label.file).field("game", label.index).key("results");
  by_label(w, c.results, [](JsonWriter& j, const RuleResult& r) { j.value(r.scored.count.result()); });
  w.key("scores");
  by_label(w, c.results, [](JsonWriter& j, const RuleResult& r) {
    const auto score = rules_score(r.scored.input);
    j.begin_object().number("black", score[0]).number("white", score[1]).number("komi", r.scored.komi).end_object();
  });
  const Board& board = c.results.front().scored.tally.board;
  const std::string base_phrase = rule_variant_phrase(c.results.front().variant);
  w.key("differences").begin_array();
  for (const Difference& d : c.differences) {
    w.begin_object().field("rules", d.rules).field("vs", c.results.front().label).number("amount", d.amount);
    causes_json(w.key("parts"), board, d.parts, base_phrase, rule_variant_phrase(d.variant));
    w.end_object();
  }
  w.end_array().key("compensation");
  if (const std::string comp = compensation_sentence(c); comp.empty()) w.value(nullptr);
  else w.value(comp);
  algebra_json(w.key("algebra"), c.algebra());
  w.end_object().finish();
  return out;
}

std::string hand_count_text(const HandCount& hand, const HandResult& r) {
  std::string out = fmt::format("Board {}x{} ({} points); {} rules; komi {}; handicap {}; non-scoring points {}\n",
                                hand.width, hand.height, r.input.board_points, r.rules.name, points_text(r.input.komi),
                                hand.handicap, hand.non_scoring);
  for (const Count& c : r.counts) {
    out += '\n';
    count_table(out, c);
  }
  return out;
}

std::string hand_count_json(const HandCount& hand, const HandResult& r) {
  const CountInput& in = r.input;
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("rules", r.rules.name).field("width", hand.width).field("height", hand.height);
  w.number("komi", in.komi).field("handicap", hand.handicap).field("non_scoring", hand.non_scoring);
  auto pair = [&](JsonKey key, auto black, auto white) {
    w.key(key).begin_object().field("black", black).field("white", white).end_object();
  };
  if (r.rules.scoring == Scoring::kTerritory) {
    pair("territory", *in.side[0].territory, *in.side[1].territory);
    pair("prisoners", in.side[0].captures, in.side[1].captures);
  } else {
    w.key("total_points").begin_object().number("black", r.black).number("white", r.white).end_object();
  }
  w.key("methods").begin_array();
  for (const Count& c : r.counts) count_json(w, c);
  w.end_array().field("result", r.counts.empty() ? std::string() : r.counts.front().result());
  w.end_object().finish();
  return out;
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
