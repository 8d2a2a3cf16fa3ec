// The public counting calls over count/ and report/: the command's own
// scorer and its own JSON, text and CSV writers, so a result prints the same.
#include <fmt/format.h>

#include "api/access.h"
#include "count/compare.h"
#include "count/count.h"
#include "count/hand_count.h"
#include "count/options.h"
#include "report/report.h"
#include "report/table.h"
#include "report/words.h"
#include "sgf/charset.h"
#include "sgf/parse_error.h"
#include "rules/rules.h"

GOCOUNT_BEGIN_NAMESPACE

namespace {

Stone stone_of(Color c) { return c == Color::kBlack ? Stone::black : c == Color::kWhite ? Stone::white : Stone::empty; }

// Runs `f`, the internals' std::invalid_argument turned into the public Error.
template <class F>
auto guarded(F f) {
  try {
    return f();
  } catch (const Error&) {
    throw;
  } catch (const std::invalid_argument& e) {
    throw Error(e.what());
  }
}

Status status_of(GroupStatus s) {
  return s == GroupStatus::kDead ? Status::dead : s == GroupStatus::kSeki ? Status::seki : Status::alive;
}
Decider decider_of(StatusSource s) {
  switch (s) {
    case StatusSource::kMarks: return Decider::marks;
    case StatusSource::kOption: return Decider::option;
    case StatusSource::kEstimate: return Decider::estimate;
    case StatusSource::kNone: break;
  }
  return Decider::none;
}

// The estimator's judge by name ("": the default, by board size); none for a
// name not known.
std::optional<Judge> judge_of(std::string_view name) {
  if (name.empty()) return Judge::kBySize;
  if (name == "playouts") return Judge::kPlayouts;
  if (name == "model") return Judge::kModel;
  if (name == "cascade") return Judge::kCascade;
  return std::nullopt;
}

// The sides a one-side method counts (--side); empty for a name not known.
std::vector<Color> sides_of(std::string_view side) {
  if (side == "black") return {Color::kBlack};
  if (side == "white") return {Color::kWhite};
  if (side == "both") return {Color::kBlack, Color::kWhite};
  return {};
}

// The points of --dead or --alive (`option`), or what is wrong with them.
// A value that names no point ("", ",") was taken as an empty list without
// a word (--dead "": no stone dead, the record's marks set aside, where an
// unset variable may have been meant); for --dead the word `none` says so.
// An empty list of values (Python's dead=[]) names no stone, as it says.
std::string stones_of(std::string_view option, const std::vector<std::string>& values, std::vector<std::string>& points) {
  points = split_list(values);
  const bool dead = option == "dead";
  if (!values.empty() && points.empty())
    return std::string(option) + ": an empty list names no stone" +
           (dead ? "; to say that no stone is dead, give the word none" : "");
  if (!dead || std::find(points.begin(), points.end(), "none") == points.end()) return "";
  if (points.size() > 1) return "dead: none says that no stone is dead: give it without points";
  points.clear();
  return "";
}

// What is wrong with `o` ("unknown rules 'moon' (known: ...)"), or "".
// "an empty item in 'chinese,'", or "": split_list drops an empty item, and
// --rules "" compared every rule set, "chinese," a column alone, without a
// word; --method "" showed the rule set's own. `what`: "rule set", "method".
std::string empty_item(const std::vector<std::string>& values, std::string_view what, std::string_view none) {
  for (const std::string& value : values) {
    if (value.find_first_not_of(" \t\r\n") == std::string::npos)
      return fmt::format("an empty value names no {} (leave it out {})", what, none);
    for (size_t at = 0;;) {
      const size_t comma = value.find(',', at);
      const std::string_view item = std::string_view(value).substr(at, comma == std::string::npos ? comma : comma - at);
      if (item.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return fmt::format("an empty item in '{}': name a {} between every two commas", quote_input(value), what);
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  }
  return "";
}

// The methods asked for include `name` (or all).
bool asks_for(const ScoreRequest& r, std::string_view name) {
  return std::any_of(r.methods.begin(), r.methods.end(), [&](const std::string& m) { return m == name || m == "all"; });
}

// An option that, with the rules or methods given, does nothing: refused,
// as a typing mistake would be (where the rules come from each record, an
// option applies to the records whose rules it fits).
std::string idle_option(const Options& o, const ScoreRequest& r) {
  if (r.rules)
    if (std::string e = idle_setting(*r.rules, o.territory == "enclosed", o.seki_dead_prisoners, r.seki_fill.has_value(),
                                     r.compensation.has_value());
        !e.empty())
      return e;
  if (!r.methods.empty() && o.no_tie_breaker && !asks_for(r, "simplified-half"))
    return "no-tie-breaker is for simplified half counting, which the methods asked for leave out";
  if (!r.methods.empty() && o.adjust == "white" && !asks_for(r, "full"))
    return "adjust is for full counting, which the methods asked for leave out";
  return "";
}

// A komi every count writes exactly: points_text shows six decimals, and a
// komi of 1e-7 made "W+0", a draw's answer, of White's win.
bool komi_in_six_decimals(double komi) {
  const double millionths = komi * 1e6;
  return std::fabs(millionths - std::round(millionths)) < 1e-6 * std::max(1.0, std::fabs(millionths));
}

}  // namespace

std::string komi_problem(double komi) {
  if (!(komi >= -1000 && komi <= 1000)) return "komi must be a number from -1000 to 1000";
  if (!komi_in_six_decimals(komi)) return fmt::format("komi {}: at most six decimals (a count is written to six)", komi);
  return "";
}

namespace {

std::string fill_request(const Options& o, ScoreRequest& r) {
  if (!o.rules.empty()) {
    r.rules = find_rules(o.rules);
    if (!r.rules) return "unknown rules '" + quote_input(o.rules) + "' (known: " + rule_names() + ")";
  }
  r.komi = o.komi;
  if (r.komi)
    if (std::string e = komi_problem(*r.komi); !e.empty()) return e;
  if (o.dead)
    if (std::string e = stones_of("dead", *o.dead, r.dead.emplace()); !e.empty()) return e;
  if (std::string e = stones_of("alive", o.alive, r.alive); !e.empty()) return e;
  if (!o.compensation.empty() && !(r.compensation = parse_compensation(o.compensation)))
    return "handicap-compensation: '" + quote_input(o.compensation) + "' is not n, n-1 or none";
  if (!o.tie.empty() && !(r.tie = parse_tie(o.tie))) return "tie: '" + quote_input(o.tie) + "' is not draw, white or black";
  if (!o.seki_fill.empty() && !(r.seki_fill = parse_seki_fill(o.seki_fill)))
    return "seki-fill: '" + quote_input(o.seki_fill) + "' is not mays, best-practice or half";
  r.seki_dead_prisoners = o.seki_dead_prisoners;
  if (o.territory == "rules" || o.territory == "enclosed") r.enclosed_territory = o.territory == "enclosed";
  else if (!o.territory.empty()) return "territory: '" + quote_input(o.territory) + "' is not rules or enclosed";
  if (o.estimate == "on") r.estimate = EstimateMode::kOn;
  else if (o.estimate == "off") r.estimate = EstimateMode::kOff;
  else if (o.estimate == "auto") r.estimate = EstimateMode::kAuto;
  else return "estimate: '" + quote_input(o.estimate) + "' is not auto, on or off";
  const std::optional<Judge> judge = judge_of(o.judge);
  if (!judge) return "judge: '" + quote_input(o.judge) + "' is not playouts, model or cascade";
  r.estimate_options.judge = *judge;
  if (std::string e = empty_item(o.methods, "method", "for the rule set's own"); !e.empty()) return "method: " + e;
  r.methods = split_list(o.methods);
  for (const std::string& m : r.methods) {
    if (m != "all" && !find_method(m)) return "unknown method '" + quote_input(m) + "' (known: " + method_names() + ", all)";
    if (std::count(r.methods.begin(), r.methods.end(), m) > 1) return "method: '" + quote_input(m) + "' is given twice";
  }
  r.sides = sides_of(o.side);
  if (r.sides.empty()) return "side: '" + quote_input(o.side) + "' is not black, white or both";
  if (o.adjust != "black" && o.adjust != "white") return "adjust: '" + quote_input(o.adjust) + "' is not black or white";
  r.adjust = o.adjust == "white" ? Color::kWhite : Color::kBlack;
  r.tie_breaker = !o.no_tie_breaker;
  r.check_record = r.other_scoring = !o.quick;
  return idle_option(o, r);
}

}  // namespace

ScoreRequest request_for(const Options& o) {
  ScoreRequest r;
  if (std::string e = fill_request(o, r); !e.empty()) throw Error(e);
  return r;
}

Result::Result() = default;
// A moved-from result copies as one (every call on it an Error).
Result::Result(const Result& o) : impl_(o.impl_ ? std::make_unique<Impl>(*o.impl_) : nullptr) {}
Result::Result(Result&&) noexcept = default;
Result& Result::operator=(const Result& o) {
  if (this != &o) impl_ = o.impl_ ? std::make_unique<Impl>(*o.impl_) : nullptr;
  return *this;
}
Result& Result::operator=(Result&&) noexcept = default;
Result::~Result() = default;

Result::Impl& Result::self() const {
  if (!impl_) throw Error("a moved-from Result holds no count (score into it first)");
  return *impl_;
}

std::string Result::rules() const { return std::string(self().scored.rules.name); }
double Result::komi() const { return self().scored.komi; }
int Result::handicap() const { return self().scored.handicap; }
std::string Result::result() const { return self().scored.count.result(); }
double Result::margin() const { return self().scored.count.margin; }
double Result::black_score() const { return rules_score(self().scored.input)[0]; }
double Result::white_score() const { return rules_score(self().scored.input)[1]; }
std::optional<bool> Result::matches_record() const { return self().scored.record.matches; }
std::string Result::recorded_result() const { return sgf::valid_utf8(self().game.result); }
std::string Result::difference_cause() const {
  const std::optional<Cause>& c = self().scored.record.cause;
  return c ? std::string(cause_kind_name(c->kind)) : std::string();
}

std::vector<Chain> Result::chains() const {
  const Board& b = self().game.board;
  std::vector<Chain> out;
  for (const ChainStatus& c : self().scored.chains)
    out.push_back({stone_of(c.color), chain_to_gtp(b, c.root), status_of(c.status), decider_of(c.source), c.confidence,
                   c.unsure, reason_text(b, c)});
  return out;
}
std::vector<std::string> Result::dead_stones() const {
  const Board& b = self().game.board;
  std::vector<Vertex> dead;
  for (const ChainStatus& c : self().scored.chains)
    if (c.status == GroupStatus::kDead) b.for_each_in_chain(c.root, [&](Vertex v) { dead.push_back(v); });
  return to_gtp(b, std::move(dead));
}
std::vector<float> Result::ownership() const { return point_ownership(self().scored).values; }
std::vector<Stone> Result::territory() const {
  const Board& b = self().game.board;
  const Scored& s = self().scored;
  std::vector<Stone> out;
  b.for_each_point([&](Vertex v) { out.push_back(s.half_each[v] ? Stone::empty : stone_of(s.counts_for[v])); });
  return out;
}

std::string Result::json(std::string_view file, int game) const {
  return score_json(self().game, self().scored, {file, game});
}
std::string Result::text(std::string_view file, int game) const {
  return score_text(self().game, self().scored, {file, game});
}
std::string Result::csv(std::string_view file, int game) const {
  std::string out;
  append_csv(out, file, game);
  return out;
}
void Result::append_json(std::string& out, std::string_view file, int game) const {
  score_json(out, self().game, self().scored, {file, game});
}
void Result::append_text(std::string& out, std::string_view file, int game) const {
  score_text(out, self().game, self().scored, {file, game});
}
void Result::append_csv(std::string& out, std::string_view file, int game) const {
  thread_local GameRow row;  // its strings keep their capacity
  game_row(row, file, game, self().game, self().scored);
  csv_line(out, row);
}

std::string Result::text_as(std::string_view file, int game, const TextOptions& o) const {
  std::string out;
  append_text_as(out, file, game, o);
  return out;
}
void Result::append_text_as(std::string& out, std::string_view file, int game, const TextOptions& o) const {
  const Detail detail = o.brief ? Detail::kBrief
                        : o.explain ? Detail::kExplain
                                    : Detail::kDefault;
  score_text(out, self().game, self().scored, {file, game, o.named}, detail);
  if (o.diagram) out += "\n" + classified_diagram(self().scored.tally, o.color);
}
std::vector<std::string> Result::warnings() const { return game_warnings(self().game, self().scored); }
std::vector<std::string> Result::row(std::string_view file, int game) const {
  return row_values(game_row(file, game, self().game, self().scored));
}

std::string Result::method_tables() const {
  std::string out;
  for (const Count& c : self().scored.methods) {
    count_table(out, c);
    out += '\n';
  }
  return out;
}

// A column's setting split from its rules by a space ("chinese :komi=7",
// "chinese: komi=7"): the list splits at spaces as at commas, and ':komi=7'
// was "unknown rules ''". The line saying so, or "".
static std::string setting_apart(const std::vector<std::string>& columns) {
  auto splits = [](char c) { return kListSeparators.find(c) != std::string_view::npos; };
  auto space = [&](const std::string& v, size_t i) { return i < v.size() && v[i] != ',' && splits(v[i]); };
  for (const std::string& value : columns)
    for (size_t at = value.find(':'); at != std::string::npos; at = value.find(':', at + 1)) {
      const std::string hint = " (a space in '" + quote_input(value) + "'?)";
      if (at == 0 || splits(value[at - 1])) {
        const std::string piece = value.substr(at, value.find_first_of(kListSeparators, at) - at);
        return fmt::format("'{}' has no rules before ':'{}", quote_input(piece), at > 0 && space(value, at - 1) ? hint : "");
      }
      if (space(value, at + 1)) {
        const size_t from = value.find_last_of(kListSeparators, at) + 1;  // npos + 1: 0
        return fmt::format("'{}' has no setting after ':'{}", quote_input(value.substr(from, at + 1 - from)), hint);
      }
    }
  return "";
}

// The columns of compare(); Error for one that is not a rule set.
static std::vector<RuleVariant> variants_of(const std::vector<std::string>& columns) {
  if (std::string e = empty_item(columns, "rule set", "to compare every rule set"); !e.empty()) throw Error(e);
  if (std::string e = setting_apart(columns); !e.empty()) throw Error(e);
  std::vector<RuleVariant> variants;
  for (const std::string& spec : split_list(columns)) {
    std::string error;
    const std::optional<RuleVariant> v = parse_rule_variant(spec, &error);
    if (!v) throw Error(error);
    // Named by its spec as written back ("chinese:komi=7" for komi=7.0): a
    // column twice was two in the text and one key in the JSON.
    const std::string name = rule_variant_name(*v);
    for (const RuleVariant& earlier : variants)
      if (rule_variant_name(earlier) == name) throw Error("the column " + quote_input(name) + " is given twice");
    variants.push_back(*v);
  }
  return variants;
}

void check(const Options& options) { request_for(options); }
void check_columns(const std::vector<std::string>& columns) { variants_of(columns); }

Result score(const Position& position, const Options& options) {
  const Game& game = Access::game(position);
  return guarded([&] { return Access::make(game, score_game(game, request_for(options))); });
}

namespace {

// The request `options` make, kept per thread for the next call with the
// same options (an archive's every game): no heap for it once warm.
const ScoreRequest& held_request(const Options& options) {
  thread_local std::optional<std::pair<Options, ScoreRequest>> last;
  if (!last || last->first != options) last.emplace(options, request_for(options));
  return last->second;
}

}  // namespace

void score(const Position& position, const Options& options, Result& into) {
  guarded([&] { Access::rescore(into, Access::game(position), held_request(options)); });
}

std::vector<Chain> judge(const Position& position, const Options& options) {
  return score(position, options).chains();
}

RuleComparison compare(const Position& position, const Options& options, const std::vector<std::string>& columns,
                       std::string_view file, int game) {
  return guarded([&] {
    const Comparison c = compare_rules(Access::game(position), request_for(options), variants_of(columns));
    RuleComparison out;
    for (const RuleResult& r : c.results) out.columns.push_back({r.label, r.scored.count.result(), r.scored.count.margin});
    out.json = comparison_json(c, {file, game});
    out.text = comparison_text(c, {file, game});
    return out;
  });
}

namespace {

// The public Names as report/ spells the numbers.
FieldSpelling spelling_of(Names names) {
  return names == Names::fields ? FieldSpelling::kField : names == Names::keywords ? FieldSpelling::kKeyword
                                                                                  : FieldSpelling::kOption;
}

// `f()`, a refusal worded as `names` spells the numbers.
template <class F>
auto spelled(Names names, F f) {
  try {
    return f();
  } catch (const HandRefusal& r) {
    throw Error(hand_refusal_text(r, spelling_of(names)));
  }
}

HandCount hand_count(const Hand& hand) {
  HandCount h;
  h.width = hand.width;
  h.height = hand.height;
  h.non_scoring = hand.non_scoring;
  h.handicap = hand.handicap;
  h.black = hand.black;
  h.white = hand.white;
  h.territory[0] = hand.black_territory;
  h.territory[1] = hand.white_territory;
  h.stones[0] = hand.black_stones;
  h.stones[1] = hand.white_stones;
  h.prisoners[0] = hand.black_prisoners;
  h.prisoners[1] = hand.white_prisoners;
  return h;
}

}  // namespace

std::pair<int, int> board_given(std::optional<int> size, std::optional<int> width, std::optional<int> height,
                                Names names, std::optional<int> fallback) {
  return spelled(names, [&] { return board_of(BoardGiven{size, width, height}, fallback); });
}

void check_hand(const Hand& hand, Names names) {
  spelled(names, [&] { check_hand_count(hand_count(hand)); });
}

HandScore tally(const Hand& hand, const Options& options) { return tally(hand, options, Names::options); }

HandScore tally(const Hand& hand, const Options& options, Names names) {
  return guarded([&] {
    const ScoreRequest request = request_for(options);
    const HandCount h = hand_count(hand);
    const HandResult r = spelled(names, [&] { return count_by_hand(h, request); });
    HandScore out;
    if (!r.counts.empty()) {
      out.result = r.counts.front().result();
      out.margin = r.counts.front().margin;
    }
    out.json = hand_count_json(h, r);
    out.text = hand_count_text(h, r);
    return out;
  });
}

std::string csv_header() { return to_csv(row_columns()); }
std::string csv_error(std::string_view file, int game, std::string_view record_hash, std::string_view error) {
  return to_csv(error_values(file, game, record_hash, error));
}
std::vector<std::string> row_columns() {
  const auto& columns = game_row_columns();
  return {columns.begin(), columns.end()};
}
std::vector<std::string> error_values(std::string_view file, int game, std::string_view record_hash,
                                      std::string_view error) {
  return row_values(error_row(file, game, record_hash, error));
}
std::string to_csv(const std::vector<std::string>& values) { return csv_line(values); }
// A line feed outside quotes, text after it: two rows, which the parser
// joined into one ("a,b\nc,d" was {"a", "bc", "d"}).
std::optional<std::vector<std::string>> from_csv(std::string_view line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    else if (line[i] == '\n' && !quoted && line.find_first_not_of("\r\n", i) != std::string_view::npos)
      throw Error("a line break outside quotes ends a CSV row: from_csv reads one row (split the text at its line ends)");
  }
  return parse_csv_line(line);
}
std::string json_error(std::string_view file, std::optional<int> game, std::string_view error) {
  if (!game) return json_text({{"file", file}, {"error", error}});
  return json_text(error_json({file, *game}, error));
}
std::optional<double> read_result(std::string_view re) { return parse_result(re); }

GOCOUNT_END_NAMESPACE

GOCOUNT_BEGIN_NAMESPACE

std::string format_points(double points) { return points_text(points); }
std::optional<double> read_number(std::string_view text, double min, double max, bool whole) {
  return parse_number(text, min, max, whole);
}

GOCOUNT_END_NAMESPACE

// The pictures, marks, key numbers and methods over report/ and count/.
#include "count/count.h"
#include "report/sgf_marks.h"
#include "report/svg.h"
#include "sgf/sgf.h"
#include "sgf/writer.h"

GOCOUNT_BEGIN_NAMESPACE

std::string Result::svg() const { return score_svg(self().game, self().scored); }
std::vector<StepPicture> Result::steps() const {
  std::vector<StepPicture> out;
  for (Picture& p : score_step_svgs(self().game, self().scored)) out.push_back({std::move(p.name), std::move(p.svg)});
  return out;
}

namespace {

// A count of another board's game (9x9 written onto 19x19) marked points
// that are not the record's.
void refuse_another_board(const sgf::GameTree& tree, int game, const Board& counted) {
  std::pair<int, int> size;
  try {
    size = board_size(tree);
  } catch (const GameError& e) {
    throw Error(fmt::format("game {}: {}", game, e.what()));
  }
  if (size != std::pair{counted.width(), counted.height()})
    throw Error(fmt::format("the count is of a {}x{} board, and game {} of the record is {}x{}: mark a record with its own "
                            "game's count",
                            counted.width(), counted.height(), game, size.first, size.second));
}

}  // namespace

std::string mark_record(std::string_view text, int game, const Result& result, bool replace_marks, bool set_result,
                        std::string* withheld) {
  // -1 read no game, and an empty tree was marked.
  if (game < 0) throw Error(fmt::format("game {} not found: games are counted from 0", game));
  const Game& g = Access::game(result);
  if (g.diagram) throw Error("a diagram is no SGF record to mark");
  if (g.before_end)
    throw Error(fmt::format("marks and a result belong to the end of the record, not to move {}", g.moves));
  return guarded([&] {
    // Read as the games are (sgf/charset.h), written back in the record's own encoding.
    std::string utf8;
    sgf::ReadAs as;
    const std::string_view read = sgf::convert_for_reading(text, utf8, as) ? std::string_view(utf8) : text;
    sgf::Reader reader(read);
    sgf::GameTree tree;
    for (int i = 0; i <= game; ++i)
      if (!reader.next(tree)) throw Error(fmt::format("game {} not found", game));
    refuse_another_board(tree, game, g.board);
    MarkOptions o;
    o.replace_marks = replace_marks;
    o.set_result = set_result;
    const std::string marked = marked_record(read, tree, g, Access::scored(result), o);
    if (withheld) *withheld = result_withheld(tree, g, Access::scored(result), o);
    return as.encoding == sgf::Encoding::kUtf8 ? marked : sgf::encode_as(marked, as.encoding, as.charset);
  });
}

namespace {

// The rule set options name, with its overrides (Chinese when none).
Rules rules_asked(const ScoreRequest& r) { return effective_rules(rules_for("", r.rules), r); }

// "komi 100: Black could not win even with all the board's 81 scoring
// points", or "". Mays' key number is half the board's points moved by the
// komi: a komi past them leaves a side no total that wins, and the other a
// "minimum" below 0 (keynumbers --komi 100 printed -9 for White on 9x9).
// The even game (komi) and the no-komi game (tie-breaker) are checked: the
// handicap games add only the rules' compensation to the tie-breaker.
std::string komi_beyond_the_board(const KeyNumberTable& t) {
  const int points = t.board_points - t.non_scoring;
  for (const KeyNumberRow& row : t.rows)
    if (row.handicap <= 1 && row.k.minimum_to_win > points)
      return fmt::format("{} {}: {} could not win even with all the board's {} scoring points",
                         row.handicap == 0 ? "komi" : "tie-breaker", komi_text(row.handicap == 0 ? t.komi : t.tie_breaker),
                         row.side == Color::kBlack ? "Black" : "White", points);
  return "";
}

}  // namespace

// Named as the parameters are: width, non_scoring, tie_breaker.
KeyNumbers key_numbers(int width, int height, const Options& options, int non_scoring,
                       std::optional<double> tie_breaker) {
  return key_numbers(width, height, options, non_scoring, tie_breaker, Names::keywords);
}

KeyNumbers key_numbers(int width, int height, const Options& options, int non_scoring,
                       std::optional<double> tie_breaker, Names names) {
  const ScoreRequest r = request_for(options);
  spelled(names, [&] { check_key_board(width, height, non_scoring, tie_breaker); });  // a 53x53 board had a table
  const Rules rules = rules_asked(r);
  // Mays' key numbers are totals of an area count. Under territory rules a
  // handicap game's result is the area count's less n - 1 or so (Mathematics
  // of Scoring: Sc - Sj = P + H + (Wz - Bz)): no table of totals tells it.
  if (rules.scoring == Scoring::kTerritory)
    throw Error(fmt::format("key numbers are totals of an area count (Mays' Table 8): {} rules count territory and "
                            "prisoners; give an area rule set (chinese, aga, ing, nz, tromp-taylor)",
                            rules.title));
  return guarded([&] {
    const KeyNumberTable t = key_number_table(rules, width * height, non_scoring, r.komi ? *r.komi : rules.komi_even,
                                              tie_breaker.value_or(rules.komi_handicap));
    if (std::string e = komi_beyond_the_board(t); !e.empty()) throw Error(e);
    return KeyNumbers{json_text(key_number_json(t)), key_number_text(t, width, height)};
  });
}

std::vector<Method> counting_methods(const Options& options) {
  const Rules rules = rules_asked(request_for(options));
  std::vector<Method> out;
  for (const MethodInfo& m : methods()) {
    Method one{std::string(m.name), std::string(m.title), m.one_side};
    try {
      resolve_methods({one.name}, rules);
    } catch (const std::invalid_argument& e) {
      one.applies = false;
      one.why = e.what();
    }
    out.push_back(std::move(one));
  }
  return out;
}

GOCOUNT_END_NAMESPACE
