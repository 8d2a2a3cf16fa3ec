// Counting a position: under a rule set and by its method (or others), with
// the dead stones judged; every rule set side by side; a count made by hand.
// Each result is a value, and prints as the command's JSON, text and CSV.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gocount/position.h"
#include "gocount/version.h"

GOCOUNT_BEGIN_NAMESPACE

// The options of `gocount score`, by the same names and values ("" and
// none: the command's default). Error names a value that is not known.
struct Options {
  std::string rules{};                           // --rules: chinese, japanese, ... ("": the record's RU, else chinese)
  // --komi: -1000 to 1000, six decimals at most. None: the record's KM (a
  // record without KM: komi 0, as servers write a game without komi), else
  // for a position by hand or a diagram without komi, the rules'.
  std::optional<double> komi{};
  // --dead: points; given, replaces the record's marks. The word none (or no
  // value at all) says that no stone is dead; a value naming no point ("") is refused.
  std::optional<std::vector<std::string>> dead{};
  std::vector<std::string> alive{};              // --alive
  std::string compensation{};                    // --handicap-compensation: n, n-1, none, n-from-1
  std::string tie{};                             // --tie: draw, white, black
  std::string seki_fill{};                       // --seki-fill: mays, best-practice, half
  bool seki_dead_prisoners = false;              // --seki-dead-prisoners
  std::string territory{};                       // --territory: rules, enclosed ("": enclosed for OGS's records)
  std::string estimate = "auto";                 // auto, on (--estimate), off (--no-estimate)
  std::string judge{};                           // --judge: playouts, model, cascade ("": the cascade on 9x9, else playouts)
  std::vector<std::string> methods{};            // --method: full, half, ... or all
  std::string side = "black";                    // --side: black, white, both
  std::string adjust = "black";                  // --adjust: black, white
  bool no_tie_breaker = false;                   // --no-tie-breaker
  // What a result and its pictures need only, fast: no check of the
  // record's RE (its search for a cause may run the estimator again), no
  // count by the other scoring family. JSON and text then say less.
  bool quick = false;
  bool operator==(const Options&) const = default;
};

// GoGui's analyze views of a count (GTP's gocount-gfx, gocount-sboard,
// gocount-ownership, gocount-ownership-dboard): the territory, dead and seki
// stones and open points as gfx; each point's class as an sboard; the
// ownership as gfx INFLUENCE or a dboard.
enum class GoGui : unsigned char { gfx, sboard, ownership, ownership_board };

// One counting step's picture.
struct StepPicture {
  std::string name{};  // as file names take it: "dead", "removed", "seki", "territory", ...
  std::string svg{};
};

enum class Status : unsigned char { alive, seki, dead };
// Who decided a chain's status.
enum class Decider : unsigned char { none, marks, option, estimate };

// One chain's verdict.
struct Chain {
  Stone color = Stone::empty;
  std::vector<std::string> stones{};  // GTP form ("C4 C5 D4" order), SGF form on boards over 25 wide
  Status status = Status::alive;
  Decider decided_by = Decider::none;
  double confidence = 1;  // 0.5 to 1
  bool unsure = false;    // a coin flip: counted as it stands
  std::string reason{};   // a few words, as the command prints them
};

// How a result is written as text (Result::text_as): --brief (the answer line
// alone), --explain (with the judge's reasons and the algebra), --format
// diagram.
struct TextOptions {
  bool brief = false;    // wins over explain
  bool explain = false;
  bool named = false;    // the answer line names its file and game ("a.sgf (game 2): ..."), one of several
  bool diagram = false;  // the board after the text, each point's class a letter
  bool color = false;    // ... in a terminal's colours
};

// A moved-from Result holds no count: every call on it but assignment (and
// score(..., Result&), which fills it) throws Error.
class GOCOUNT_API Result {
 public:
  Result(const Result& other);
  Result(Result&& other) noexcept;
  Result& operator=(const Result& other);
  Result& operator=(Result&& other) noexcept;
  ~Result();

  std::string rules() const;  // the preset counted under: "japanese"
  double komi() const;
  int handicap() const;
  std::string result() const;  // SGF RE form: "B+3.5", "W+0.5", "Draw"
  double margin() const;       // Black's points less White's: > 0 Black wins
  // Each side's score as the rule set adds it up: total points (area rules)
  // or territory + prisoners (territory rules); White's with the komi.
  double black_score() const;
  double white_score() const;
  // The record's RE reproduced: none when it has no counted result.
  std::optional<bool> matches_record() const;
  // RE as the record writes it ("" when none), and where the count differs
  // from it, the kind of the cause found ("dead_left_on_board", ...; "" when
  // none is): the CSV's recorded_result and difference_cause, without the
  // rest of row().
  std::string recorded_result() const;
  std::string difference_cause() const;
  // What the reader warns of: a record read leniently or looking odd (cut
  // short, KM given twice, a point set up twice, an RU no rule set answers
  // to); the game is counted all the same. The text's "Warning:" lines, the
  // JSON's and the CSV's warnings.
  std::vector<std::string> warnings() const;
  std::vector<Chain> chains() const;             // every chain, board order
  std::vector<std::string> dead_stones() const;  // every dead stone, GTP form
  // Row-major (index y * width + x), y = 0 the top row:
  std::vector<float> ownership() const;  // in [-1, 1], Black positive: the estimator's when it ran, else the count's
  std::vector<Stone> territory() const;  // whose point each point counts as (empty: nobody's or half each)

  // As `gocount score --format json|text|csv` prints this game; `file` and
  // `game` fill the fields that name it. JSON: one line, no newline; CSV: one
  // row with its line end (the header: csv_header()).
  //
  //   gocount::Result r = gocount::score(p, {.rules = "japanese"});
  //   std::cout << r.result() << "\n" << r.json("game.sgf") << "\n";
  std::string json(std::string_view file = "", int game = 0) const;
  std::string text(std::string_view file = "", int game = 0) const;
  std::string csv(std::string_view file = "", int game = 0) const;
  // The same appended to `out`: a string held across games keeps its
  // capacity, so that once warm (with a Result scored into, as score(...,
  // Result&) does) a game's output takes no heap.
  //
  //   std::string line;
  //   for (const gocount::Position& p : games) {
  //     gocount::score(p, options, r);
  //     line.clear();
  //     r.append_json(line, "a.sgf");
  //     std::cout << line << "\n";
  //   }
  void append_json(std::string& out, std::string_view file = "", int game = 0) const;
  void append_text(std::string& out, std::string_view file = "", int game = 0) const;
  void append_csv(std::string& out, std::string_view file = "", int game = 0) const;
  // The text as --brief, --explain or --format diagram write it:
  //
  //   std::cout << r.text_as("a.sgf", 2, {.brief = true, .named = true});
  //   // "a.sgf (game 2): Black wins by 1.5 points (Japanese rules, komi 6.5): ..."
  std::string text_as(std::string_view file, int game, const TextOptions& options) const;
  // The same appended to `out` (which keeps its storage across games).
  void append_text_as(std::string& out, std::string_view file, int game, const TextOptions& options) const;
  // The CSV row's values, one per row_columns() name ("" for none), for a
  // table of one's own (SQLite, a data frame).
  //
  //   std::vector<std::string> v = r.row("a.sgf", 0);  // {"a.sgf", "0", "3f2a...", "19", "19", "japanese", ...}
  std::vector<std::string> row(std::string_view file = "", int game = 0) const;
  // The table of each method options.methods asked for, each ended by an
  // empty line, as `gocount score --method half --format text` shows them.
  std::string method_tables() const;
  // A GoGui analyze view, for a GTP engine to answer with.
  //
  //   std::cout << gocount::score(p).gogui(gocount::GoGui::gfx);  // "BLACK A1 B1 ...\nTEXT B+3.5 (...)"
  std::string gogui(GoGui view) const;

  // The count as a picture (`gocount score --format svg`), and one picture
  // per counting step as `score --steps` numbers them from 1.
  //
  //   std::ofstream("count.svg") << r.svg();
  //   for (const gocount::StepPicture& s : r.steps()) std::ofstream(s.name + ".svg") << s.svg;
  std::string svg() const;
  std::vector<StepPicture> steps() const;

 private:
  Result();
  struct Impl;
  Impl& self() const;  // Error for a moved-from result
  std::unique_ptr<Impl> impl_;
  friend struct Access;
};

// Error when an option is not known ("unknown rules 'moon' (known: ...)"),
// before any game is read; score checks them too.
//
//   gocount::check({.rules = "moon"});  // throws
GOCOUNT_API void check(const Options& options);
// The same for the columns of compare() ("unknown setting 'x' (known: ...)").
//
//   gocount::check_columns({"chinese:compensation=n-1", "aga"});
GOCOUNT_API void check_columns(const std::vector<std::string>& columns);

// Counts a position. Error for a bad option, a --dead point that names no
// stone, or a method that does not count what the rules count.
//
//   gocount::Result r = gocount::score(gocount::read_file("game.sgf"), {.rules = "aga", .methods = {"all"}});
//   if (r.margin() > 0) std::cout << "Black wins by " << r.margin() << "\n";
GOCOUNT_API Result score(const Position& position, const Options& options = {});
// The same into `into`, a Result held across games as a worker holds one (a
// Result from an earlier score): its storage is used again, so that once warm
// a count with the dead stones given (no estimate) takes next to no heap.
// After an Error, `into` holds a part-made count: score into it again before
// reading it.
//
//   gocount::Result r = gocount::score(first, options);
//   for (const gocount::Position& p : rest) {
//     gocount::score(p, options, r);
//     std::cout << r.result() << "\n";
//   }
GOCOUNT_API void score(const Position& position, const Options& options, Result& into);

// The dead stones judged: every chain's status and who decided it (the
// record's marks, options.dead and options.alive, else the estimator).
//
//   for (const gocount::Chain& c : gocount::judge(p))
//     if (c.status == gocount::Status::dead) std::cout << c.stones.front() << " dead: " << c.reason << "\n";
GOCOUNT_API std::vector<Chain> judge(const Position& position, const Options& options = {});

// One position under several rule sets (`gocount compare`).
struct Column {
  std::string rules{};  // "chinese", "chinese:compensation=n-1"
  std::string result{};
  double margin = 0;
};
struct RuleComparison {
  std::vector<Column> columns{};  // the first is the base the differences are told against
  std::string json{};           // `gocount compare --format json`'s object (file "" and game 0)
  std::string text{};           // its table and the differences in words
};
// `columns`: rule sets, each with overrides as :key=value ("chinese",
// "chinese:compensation=n-1", "aga"); none: every rule set, Chinese first.
// options.rules and options.methods are not used. `file` and `game` fill
// the fields that name the game, as in Result::json.
//
//   gocount::RuleComparison c = gocount::compare(p, {}, {"chinese", "japanese"});
//   for (const auto& col : c.columns) std::cout << col.rules << " " << col.result << "\n";
GOCOUNT_API RuleComparison compare(const Position& position, const Options& options = {},
                                   const std::vector<std::string>& columns = {}, std::string_view file = "",
                                   int game = 0);

// A count made by hand at a real board (`gocount tally`): total points, or
// territory and stones apart (area rules), or territory and prisoners
// (territory rules; AGA rules too, whose prisoners hold a stone for every
// pass of the other side, White passing last: Mays' Table 17).
struct Hand {
  int width = 19, height = 19;
  int non_scoring = 0;
  int handicap = 0;
  std::optional<double> black{}, white{};  // total points
  std::optional<int> black_territory{}, white_territory{}, black_stones{}, white_stones{}, black_prisoners{}, white_prisoners{};
};
struct HandScore {
  std::string result{};  // RE form
  double margin = 0;
  std::string json{};  // `gocount tally --format json`'s object
  std::string text{};
};
// How an Error names the numbers of a Hand and of a board: as the command's
// options ("give --black N and/or --white N"), the HTTP API's fields
// ('black') or Python's keywords (black_territory).
enum class Names : unsigned char { options, fields, keywords };
// The board of tally and keynumbers as a front end is given it: `size` (a
// square), or `width` and `height`; none of them, a square of `fallback`
// (19, tally's; none: Error, as keynumbers' command asks for a board). Error
// for a side not from 1 to 52, a size with a width or height (one was dropped
// without a word), one side alone (the other was 19), named as `names` says:
// "give the board as --size N or as --width W --height H, not both".
//
//   auto [width, height] = gocount::board_given({}, 13, 9, gocount::Names::fields);  // {13, 9}
GOCOUNT_API std::pair<int, int> board_given(std::optional<int> size, std::optional<int> width,
                                            std::optional<int> height, Names names = Names::options,
                                            std::optional<int> fallback = 19);
// Error when a number of `hand` is out of its range, named as `names` says:
// a side from 1 to 52; the counts and totals from 0 to 2704 (a total not NaN),
// and, the prisoners aside, not past the board's points (a total: its scoring
// points, less the non-scoring). tally checks them first; a server calls it
// to tell a number out of range from a count that does not add up.
//
//   gocount::check_hand({.width = 9, .height = 9, .handicap = 82});  // "--handicap: 82 is more than the board's 81 points"
GOCOUNT_API void check_hand(const Hand& hand, Names names = Names::options);
// Error when a number is out of its range (check_hand), the numbers do not
// make the board ("total points 39 + 41 + 0 non-scoring do not make the
// board's 81 points") or a number to give is missing, named as `names` says.
//
//   gocount::HandScore h = gocount::tally({.width = 9, .height = 9, .black = 44, .white = 37}, {.komi = 7});
//   // Mays' Table 17 by AGA rules: 6 - 3 against 5 - 1 after the fill-in, "W+1".
//   gocount::tally({.width = 7, .height = 7, .black_territory = 6, .white_territory = 5, .black_prisoners = 1,
//                   .white_prisoners = 3}, {.rules = "aga", .komi = 0});
GOCOUNT_API HandScore tally(const Hand& hand, const Options& options = {});
// The same, its refusals naming the numbers as `names` says (an overload, not
// a default argument: programs linked against the two-argument one still run).
GOCOUNT_API HandScore tally(const Hand& hand, const Options& options, Names names);

// The record `text` (SGF) with the count of its game `game` written in:
// the dead stones as TB/TW marks, the territory, a comment (the one an
// earlier call wrote replaced, the record's own kept), and RE where it
// has none (replaced too with set_result). The record's own marks are kept
// where the count used them alone (no dead stones given or estimated), or
// replaced with replace_marks. RE is the game's own result: it is left out
// for a position not finished, a count under other rules or komi than the
// record's, and (set_result) over a resignation, time or forfeit; then
// `withheld`, when given, says why ("" where RE is written as asked). A
// record in UTF-16 or another charset (Shift-JIS, GBK, ...) is read as the
// games are and comes back in its own encoding. Error for a diagram, or a
// position before the record's end (options.move), a game below 0 or not
// in `text`, or a count of another board's game (its size differs from the
// record's game's).
//
//   std::string marked = gocount::mark_record(sgf, 0, gocount::score(gocount::read_record(sgf)));
GOCOUNT_API std::string mark_record(std::string_view text, int game, const Result& result, bool replace_marks = false,
                                    bool set_result = false, std::string* withheld = nullptr);

// An SVG picture as PNG bytes, drawn by librsvg at 1.5 times its size.
// Error when it cannot be drawn (bad data, a picture too large), or when
// librsvg cannot be loaded: librsvg-2.so.2 (Debian's librsvg2-2) is loaded
// at run time (dlopen) when the first PNG is drawn, so no program links it,
// static or shared; libgocount.a links libdl (-ldl) for that.
//
//   std::ofstream("count.png", std::ios::binary) << gocount::png(r.svg());
GOCOUNT_API std::string png(std::string_view svg);

// Mays' key numbers of a board (`gocount keynumbers`): under options.rules
// (none: Chinese), komi and compensation; `tie_breaker` none: the rules'.
// Error for a side not from 1 to 52, non_scoring not from 0 to the board's
// points, a tie-breaker not from -1000 to 1000, named as the parameters
// ("width: 53 is not a whole number from 1 to 52"), or a komi past the board.
struct KeyNumbers {
  std::string json{};  // `gocount keynumbers --format json`'s object
  std::string text{};
};
//
//   std::cout << gocount::key_numbers(19, 19, {.rules = "aga"}).text;
GOCOUNT_API KeyNumbers key_numbers(int width, int height, const Options& options = {}, int non_scoring = 0,
                                   std::optional<double> tie_breaker = {});
// The same, its refusals naming the numbers as `names` says (--non-scoring,
// 'non-scoring', non_scoring).
GOCOUNT_API KeyNumbers key_numbers(int width, int height, const Options& options, int non_scoring,
                                   std::optional<double> tie_breaker, Names names);

// The counting methods, and whether each counts what options.rules (with
// its seki fill, compensation and tie) counts: those `methods = {"all"}` runs.
struct Method {
  std::string name{};   // as options.methods takes it: "half"
  std::string title{};  // "Half Counting"
  bool one_side = false;  // counts one side (options.side)
  bool applies = true;
  std::string why{};    // why not, when it does not apply
};
//
//   for (const gocount::Method& m : gocount::counting_methods({.rules = "japanese"})) if (m.applies) std::cout << m.name << "\n";
GOCOUNT_API std::vector<Method> counting_methods(const Options& options = {});

// The CSV header line of `gocount score --format csv` (with its line end),
// and the row of a game that could not be read or counted.
GOCOUNT_API std::string csv_header();
GOCOUNT_API std::string csv_error(std::string_view file, int game, std::string_view record_hash,
                                  std::string_view error);

// The rows of --format csv and --sqlite as values: the columns' names in
// order ("file", "game", "record_hash", ...); the values of a game that
// could not be read or counted; values as one CSV line (RFC 4180 quoting,
// line end included) and back (none for a line cut short; Error for a line
// break outside quotes before the end: from_csv reads one row).
//
//   std::cout << gocount::to_csv(gocount::row_columns());  // csv_header()
//   auto v = gocount::from_csv("a.sgf,0,\"x, y\"");          // {"a.sgf", "0", "x, y"}
GOCOUNT_API std::vector<std::string> row_columns();
GOCOUNT_API std::vector<std::string> error_values(std::string_view file, int game, std::string_view record_hash,
                                                  std::string_view error);
GOCOUNT_API std::string to_csv(const std::vector<std::string>& values);
GOCOUNT_API std::optional<std::vector<std::string>> from_csv(std::string_view line);

// The JSON line (no newline) of `gocount score --format json` for an input
// or a game that could not be read or counted; game none: the whole input.
//
//   gocount::json_error("a.sgf", 3, "line 2, column 5: ...");  // {"file":"a.sgf","game":3,"error":"line 2, ..."}
GOCOUNT_API std::string json_error(std::string_view file, std::optional<int> game, std::string_view error);

// Black's margin an SGF RE states: "B+3.5" 3.5, "W+12" -12, "Draw" 0; none
// when RE is no count ("W+R", "B+T", "?", "").
//
//   gocount::read_result("W+0.5");  // -0.5
GOCOUNT_API std::optional<double> read_result(std::string_view re);

// Points as gocount writes them (a score, a komi): "6.5", "7", never "-0".
//
//   gocount::format_points(gocount::score(p).komi());  // "7.5"
GOCOUNT_API std::string format_points(double points);
// A number as an option or a GTP argument gives it, read strictly: the whole
// text a finite number from `min` to `max`, whole when asked; a leading '+'
// allowed. None otherwise ("nan", " 9", "6.5x").
//
//   std::optional<double> komi = gocount::read_number("+6.5", -1000, 1000);  // 6.5
GOCOUNT_API std::optional<double> read_number(std::string_view text, double min, double max, bool whole = false);

GOCOUNT_END_NAMESPACE
