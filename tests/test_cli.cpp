// The gocount command as a user runs it: output (golden files checked by hand
// once), exit codes, and one-line errors that say what and where.
//
// GOCOUNT_UPDATE_GOLDEN=1 rewrites the golden files; read the diff before
// committing it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagram/diagram.h"
#include "run_gocount.h"

namespace {

namespace fs = std::filesystem;

using gocount_test::Output;
using gocount_test::slurp;

class Cli : public ::testing::Test {
 protected:
  void SetUp() override { fs::current_path(GOCOUNT_SOURCE_DIR); }

  static Output run(const std::string& args) { return gocount_test::run_gocount(args); }

  static void expect_golden(const std::string& name, const std::string& actual) {
    const fs::path path = fs::path("tests/golden") / name;
    if (std::getenv("GOCOUNT_UPDATE_GOLDEN")) {
      std::ofstream(path, std::ios::binary) << actual;
      return;
    }
    ASSERT_TRUE(fs::exists(path)) << path << " is missing (GOCOUNT_UPDATE_GOLDEN=1 writes it)";
    EXPECT_EQ(slurp(path), actual) << "output differs from " << path;
  }

  static int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }
};

TEST_F(Cli, ScoreTextOfTheExampleGame) {
  const Output r = run("score examples/example.sgf");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  expect_golden("score_example_japanese.txt", r.out);
}

// The first line is the answer a player reads at a glance; the judge's
// reasons and the algebra wait for --explain.
TEST_F(Cli, TheAnswerComesFirst) {
  const auto first_line = [](const std::string& s) { return s.substr(0, s.find('\n')); };
  const Output r = run("score examples/example.sgf");
  EXPECT_EQ(first_line(r.out), "Black wins by 1.5 points (Japanese rules, komi 6.5): agrees with the record (B+1.5)");
  EXPECT_EQ(first_line(run("score examples/recorded_other_komi.sgf").out),
            "Black wins by 11 points (Japanese rules, komi 0): differs from the record (B+4.5)");
  // A diagram has no recorded result: the line says nothing of one.
  EXPECT_EQ(first_line(run("score examples/example.txt").out), "Black wins by 1.5 points (Japanese rules, komi 6.5)");
  EXPECT_EQ(first_line(run("score tests/data/handicap2.sgf").out),
            "Black wins by 4.5 points (Chinese rules, komi 0.5, handicap 2)");  // 28 - 21 - 0.5 - 2 (n)
  for (const std::string hidden : {"Mathematics of Scoring", "Estimate:", "does not hold", "confidence"})
    EXPECT_EQ(run("score tests/data/dead_inside.txt").out.find(hidden), std::string::npos) << hidden;
  const Output x = run("score --explain tests/data/dead_inside.txt");
  EXPECT_NE(x.out.find("\nEstimate:\n  "), std::string::npos) << x.out;
  EXPECT_NE(x.out.find("white stone at B7 (1 stone): dead, confidence"), std::string::npos) << x.out;
  EXPECT_NE(x.out.find("\nMathematics of Scoring: Sc - Sj = P + H + (Wz - Bz)"), std::string::npos) << x.out;
  EXPECT_NE(x.out.find(": the identity holds\n"), std::string::npos) << x.out;
}

// --brief: one line a game, the answer; named by file and game where the
// run has several games.
TEST_F(Cli, BriefPrintsOneLineAGame) {
  Output r = run("score --brief examples/example.sgf");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Black wins by 1.5 points (Japanese rules, komi 6.5): agrees with the record (B+1.5)\n");
  r = run("score --brief --quiet tests/data/collection_bad_games.sgf");
  EXPECT_EQ(r.status, 1);  // two of its games cannot be read: said on standard error
  EXPECT_EQ(r.out,
            "tests/data/collection_bad_games.sgf (game 0): Black wins by 4.5 points (Chinese rules, komi 0.5)\n"
            "tests/data/collection_bad_games.sgf (game 3): White wins by 0.5 points (Japanese rules, komi 0.5)\n");
  r = run("score --brief examples/example.sgf examples/recorded_other_komi.sgf");
  EXPECT_EQ(r.out,
            "examples/example.sgf (game 0): Black wins by 1.5 points (Japanese rules, komi 6.5): agrees with the "
            "record (B+1.5)\n"
            "examples/recorded_other_komi.sgf (game 0): Black wins by 11 points (Japanese rules, komi 0): differs "
            "from the record (B+4.5)\n");
  r = run("score --brief --format json examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: --brief prints one line of text per game: leave out --format json\n");
  EXPECT_EQ(run("score --brief --explain examples/example.sgf").status, 2);
}

// The first command a player types: gocount game.sgf.
TEST_F(Cli, FilesWithoutACommandAreScored) {
  EXPECT_EQ(run("examples/example.sgf").out, run("score examples/example.sgf").out);
  const Output b = run("--brief examples/example.sgf examples/example.txt");
  EXPECT_EQ(b.status, 0);
  EXPECT_EQ(lines(b.out), 2);
  EXPECT_EQ(run("--brief - < examples/example.txt").out, "Black wins by 1.5 points (Japanese rules, komi 6.5)\n");
  const Output help = run("");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("SUBCOMMAND"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("gocount FILE... with no command scores the files"), std::string::npos) << help.out;
}

// Mathematics of Scoring on tests/data/handicap2.sgf, by hand: Black's
// wall on the d file (7 stones, 2 of them handicap stones set up), White's
// on the e file (7); Black's territory the a-c files (21), White's the f-g
// files (14); no prisoners; White moved first and passed last (P 0), Black
// passed twice, White once; H = 2 - 1.
//   Sc = (21 + 7) - (14 + 7) - 0.5 = 6.5, Sj = (21 - 0) - (14 - 0) - 0.5 = 6.5
//   Sc - Sj = 0 = P 0 + H 1 + (Wz 1 - Bz 2).
TEST_F(Cli, TheAlgebraOfAHandicapGame) {
  const Output r = run("score --explain tests/data/handicap2.sgf");
  EXPECT_NE(r.out.find("Mathematics of Scoring: Sc - Sj = P + H + (Wz - Bz)\n"
                       "  Sc = (Bt + Bs) - (Wt + Ws) - K = (21 + 7) - (14 + 7) - 0.5 = 6.5\n"
                       "  Sj = (Bt - Bp) - (Wt - Wp) - K = (21 - 0) - (14 - 0) - 0.5 = 6.5\n"
                       "  Sc - Sj = 0 = P 0 + H 1 + (Wz 1 - Bz 2): the identity holds\n"
                       "  P: White moved last; H: 2 handicap stones save the first\n"),
            std::string::npos)
      << r.out;
}

// An option the rules or methods given leave nothing to do is refused, as
// a typing mistake would be: it was accepted and did nothing (a helper's
// bad-input round). Where the rules come from each record, it applies to
// the records it fits.
TEST_F(Cli, AnOptionThatWouldDoNothingIsRefused) {
  for (const auto& [args, err] : std::vector<std::pair<std::string, std::string>>{
           {"--rules chinese --territory enclosed",
            "territory=enclosed is for territory counting: Chinese rules count area, not territory"},
           {"--rules aga --seki-dead-prisoners",
            "seki-dead-prisoners is for territory counting: AGA rules count area, not territory and prisoners"},
           {"--rules japanese --seki-fill half",
            "seki-fill is for rules that fill a seki's shared liberties (chinese, aga, nz): Japanese rules fill none"},
           {"--method japanese --adjust white", "adjust is for full counting, which the methods asked for leave out"},
           {"--method half --no-tie-breaker",
            "no-tie-breaker is for simplified half counting, which the methods asked for leave out"}}) {
    const Output r = run("score " + args + " examples/example.sgf");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "gocount: " + err + "\n") << args;
  }
  EXPECT_EQ(run("score --territory enclosed examples/example.sgf").status, 0);  // the record's Japanese rules
  EXPECT_EQ(run("score --method simplified-half --no-tie-breaker --rules chinese examples/example.sgf").status, 0);
}

// What tally, keynumbers and compare were given but could not use (a
// helper's hand check against the seeds): each refused in one line, or
// counted as given.
TEST_F(Cli, HandCountsUseWhatWasCounted) {
  // One side's total alone: the one-side methods count that side; Full
  // Counting, which counts both to show a non-scoring point, is left out
  // (it showed White's 176, the board's rest, as counted).
  const Output black = run("tally --size 19 --black 185");
  EXPECT_EQ(black.status, 0);
  EXPECT_EQ(black.out.find("Full Counting"), std::string::npos) << black.out;
  EXPECT_NE(black.out.find("Half Counting (Black's side)"), std::string::npos) << black.out;
  const Output white = run("tally --size 19 --white 178");
  EXPECT_NE(white.out.find("Half Counting (White's side)"), std::string::npos) << white.out;
  EXPECT_EQ(white.out.find("(Black's side)"), std::string::npos) << white.out;
  EXPECT_EQ(run("tally --size 19 --black 185 --method full").err,
            "gocount: Full Counting needs both sides' total points counted (--black and --white)\n");
  // Ing's containers hold 180 stones a side on 19x19.
  EXPECT_EQ(run("tally --size 19 --rules ing --method ing --black-territory 150 --black-stones 181 "
                "--white-territory 0 --white-stones 30")
                .err,
            "gocount: Ing counting: each side's container holds 180 stones on this board, and 181 black stones on the "
            "board are more\n");
  // Key numbers are an area count's totals: under Japanese rules a handicap
  // game's minimum was the area count's, 181 for 9 stones (185 with H = 8).
  const Output jp = run("keynumbers --size 19 --rules japanese");
  EXPECT_EQ(jp.status, 2);
  EXPECT_EQ(jp.err, "gocount: key numbers are totals of an area count (Mays' Table 8): Japanese rules count territory "
                    "and prisoners; give an area rule set (chinese, aga, ing, nz, tromp-taylor)\n");
  // Handicap compensation is an area count's: under territory rules it did
  // nothing, and compare's explanation left "+4 ... not explained".
  EXPECT_EQ(run("score --rules japanese --handicap-compensation n examples/example.sgf").err,
            "gocount: handicap compensation is for area counting: Japanese rules count territory and prisoners, and "
            "give White none\n");
  const Output cmp = run("compare --handicap-compensation n tests/data/handicap2.sgf");
  EXPECT_EQ(cmp.status, 0);
  EXPECT_EQ(cmp.out.find("not explained"), std::string::npos) << cmp.out;
  // No row asks for more points than the board scores, or fewer than none:
  // 5 stones on a 2x3 board asked Black for 6 of its 5 scoring points, and
  // White's minimum on a board of one scoring point was -4.
  const Output tiny = run("keynumbers --width 2 --height 3 --non-scoring 1 --komi 0");
  EXPECT_EQ(tiny.out.find("5 stones"), std::string::npos) << tiny.out;
  EXPECT_NE(tiny.out.find("4 stones"), std::string::npos) << tiny.out;
  const nlohmann::json one = nlohmann::json::parse(run("keynumbers --size 19 --non-scoring 360 --komi 0.5 --format json").out);
  ASSERT_EQ(one.at("rows").size(), 4u) << one;  // no komi and even, each side: no handicap game Black can win
  for (const nlohmann::json& row : one.at("rows")) {
    EXPECT_GE(row.at("minimum_total_points").get<double>(), 0) << row;
    EXPECT_LE(row.at("minimum_total_points").get<double>(), 1) << row;
  }
  // A method or a column twice, or an empty one: refused.
  EXPECT_EQ(run("score --method full,full examples/example.sgf").err, "gocount: method: 'full' is given twice\n");
  EXPECT_EQ(run("score --method '' examples/example.sgf").err,
            "gocount: method: an empty value names no method (leave it out for the rule set's own)\n");
  EXPECT_EQ(run("compare --rules chinese:komi=7,chinese:komi=7.0 examples/example.sgf").err,
            "gocount: --rules: the column chinese:komi=7 is given twice\n");
}

// A count is written to six decimals: a komi past them is refused (--komi
// 1e-7 gave "White wins by 0 points"); one within them is written as given,
// not in an exponent.
TEST_F(Cli, AKomiIsWrittenAsGiven) {
  const Output tiny = run("score --brief --komi 1e-7 examples/example.sgf");
  EXPECT_EQ(tiny.status, 2);
  EXPECT_EQ(tiny.err, "gocount: komi 1e-07: at most six decimals (a count is written to six)\n");
  EXPECT_EQ(run("score --brief --komi 0.000001 examples/example.sgf").out,
            "Black wins by 7.999999 points (Japanese rules, komi 0.000001): differs from the record (B+1.5)\n");
}

// "-" as the tools take it: -o - is standard output (it wrote a file named
// "-"); a directory or a database named "-", standard input named twice
// and a record given as the list of files are refused, each in one line
// (the record's every line was "cannot read").
TEST_F(Cli, DashIsStandardOutputOrRefused) {
  const Output o = run("score --brief -o - examples/example.sgf");
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out, "Black wins by 1.5 points (Japanese rules, komi 6.5): agrees with the record (B+1.5)\n");
  EXPECT_FALSE(fs::exists("-"));
  const Output w = run("score --write-sgf - examples/example.sgf");
  EXPECT_EQ(w.status, 2);
  EXPECT_EQ(w.err, "gocount: --write-sgf: '-' (standard output) holds no folder of records: give a path (see gocount "
                   "score --help)\n");
  const Output twice = run("score - - < examples/example.sgf");
  EXPECT_EQ(twice.status, 2);
  EXPECT_EQ(twice.err, "gocount: standard input (-) is named more than once: it can be read once\n");
  const Output list = run("score --files-from examples/example.sgf");
  EXPECT_EQ(list.status, 2);
  EXPECT_EQ(list.err, "gocount: --files-from examples/example.sgf: holds an SGF record, not a list of files (one path "
                      "a line): give the record as a file\n");
}

// The reader's warnings reach every format: the text's Warning lines, the
// JSON's and the CSV's warnings, and --brief's standard error (a line a
// warning); an RU no rule set answers to is one of them, named.
TEST_F(Cli, WarningsReachEveryFormat) {
  const fs::path f = fs::temp_directory_path() / ("gocount_warn_" + std::to_string(::getpid()) + ".sgf");
  std::ofstream(f) << "(;FF[4]SZ[5]KM[0.5]KM[7]RU[Moon];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[])";
  const std::string km = "KM is given 2 times (KM[0.5] KM[7]): the first is used";
  const std::string ru = "RU[Moon] names no rule set gocount knows: counted under Chinese rules, the default (give --rules)";
  const Output text = run("score " + f.string());
  EXPECT_NE(text.out.find("Warning: " + km + "\nWarning: " + ru + "\n"), std::string::npos) << text.out;
  const Output json = run("score --format json " + f.string());
  EXPECT_EQ(nlohmann::json::parse(json.out)["warnings"], nlohmann::json::array({km, ru}));
  const Output csv = run("score --format csv " + f.string());
  EXPECT_NE(csv.out.find(",difference_text,warnings,error\r\n"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find(",\"" + km + " | " + ru + "\",\r\n"), std::string::npos) << csv.out;
  const Output brief = run("score --brief " + f.string());
  EXPECT_EQ(brief.out, "White wins by 0.5 points (Chinese rules, komi 0.5)\n");
  EXPECT_EQ(brief.err, "gocount: " + f.string() + ": game 0: warning: " + km + "\ngocount: " + f.string() +
                           ": game 0: warning: " + ru + "\n");
  fs::remove(f);
}

// tests/data/handicap1.sgf, by hand: HA[1] with its one stone set up (C5),
// then White first. Black's wall on the c file (5 stones, the handicap stone
// among them), White's on the d file (5); territory 10 and 5; no prisoners;
// White moved last, each side passed once. The stone is Black's first move:
// no setup stone, no move out of turn, and H 0 since it saves no move.
//   Sc = (10 + 5) - (5 + 5) - 0.5 = 4.5, Sj = 10 - 5 - 0.5 = 4.5, Sc - Sj = 0.
TEST_F(Cli, TheAlgebraOfAOneStoneHandicap) {
  const Output r = run("score --explain tests/data/handicap1.sgf");
  EXPECT_NE(r.out.find("Mathematics of Scoring: Sc - Sj = P + H + (Wz - Bz)\n"
                       "  Sc = (Bt + Bs) - (Wt + Ws) - K = (10 + 5) - (5 + 5) - 0.5 = 4.5\n"
                       "  Sj = (Bt - Bp) - (Wt - Wp) - K = (10 - 0) - (5 - 0) - 0.5 = 4.5\n"
                       "  Sc - Sj = 0 = P 0 + H 0 + (Wz 1 - Bz 1): the identity holds\n"
                       "  P: White moved last; H: a handicap of one stone is Black's first move, no move saved\n"),
            std::string::npos)
      << r.out;
}

// Real handicap games (KGS): the identity needs no term but the points in
// seki and teire (S), which territory counting leaves out and area counting
// counts; with it, it holds on every one. A wrong H (the handicap stones
// counted as moves, or White's first move) would show as an R term.
TEST_F(Cli, TheAlgebraOfRealHandicapGamesNamesOnlySekiPoints) {
  const fs::path kgs = "../shared/data/kgs-6d-godmoves/KGS2001.sgf";
  if (!fs::exists(kgs)) GTEST_SKIP() << kgs << " is absent";
  const Output r = run("score --no-estimate --quiet --format json " + kgs.string());
  ASSERT_EQ(r.status, 0) << r.err;
  int handicap = 0, with_s = 0;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j["handicap"].get<int>() < 2) continue;
    ++handicap;
    const auto& a = j["algebra"];
    double terms = 0;
    for (const auto& t : a.value("causes", nlohmann::json::array())) {
      EXPECT_EQ(t["term"], "S") << j["game"] << ": " << t;
      terms += t["amount"].get<double>();
      ++with_s;
    }
    EXPECT_DOUBLE_EQ(a["Sc"].get<double>() - a["Sj"].get<double>(),
                     a["P"].get<int>() + a["H"].get<int>() + a["Wz"].get<int>() - a["Bz"].get<int>() + terms)
        << j["game"];
    const double s = (a["Bt"].get<int>() - a["Btj"].get<int>()) - (a["Wt"].get<int>() - a["Wtj"].get<int>());
    EXPECT_DOUBLE_EQ(terms, s) << j["game"];
  }
  EXPECT_GT(handicap, 100);
  EXPECT_GT(with_s, 0);  // the case the seed's plain identity misses is met
}

// gocount gtp as a controller starts it (the engine itself: test_gtp and tests/gtp).
TEST_F(Cli, GtpServesStandardInputUntilItsEnd) {
  Output r = run("gtp --rules japanese --komi 0.5 < /dev/null");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
  r = run("gtp --rules japanese --komi 0.5 <<'EOF'\n1 name\nloadsgf examples/example.sgf\n2 final_score\n3 kata-get-rules\nEOF");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(r.out.starts_with("=1 gocount\n\n= \n\n=2 B+1.5\n\n=3 {\"friendlyPassOk\":false,")) << r.out;
  // Commands from a file: /dev/stdin names that file, the connection itself,
  // not a record (it was loaded as one).
  r = run("gtp <<'EOF'\nloadsgf /dev/stdin\nEOF");
  EXPECT_TRUE(r.out.starts_with("? cannot load '/dev/stdin': standard input is the GTP connection\n\n")) << r.out;
}

TEST_F(Cli, ScoreTextUnderChineseRules) {
  const Output r = run("score --rules chinese --komi 7.5 examples/example.sgf");
  EXPECT_EQ(r.status, 0);
  expect_golden("score_example_chinese.txt", r.out);
}

TEST_F(Cli, ScoreJsonOneObjectPerGamePerLine) {
  const Output r = run("score --format json examples/example.sgf examples/example.txt");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(lines(r.out), 2);
  expect_golden("score_example.jsonl", r.out);
}

TEST_F(Cli, DiagramFromStandardInput) {
  const Output a = run("score --format json - < examples/example.txt");
  const Output b = run("score --format json < examples/example.txt");
  EXPECT_EQ(a.status, 0);
  EXPECT_NE(a.out.find("\"result\":\"B+1.5\""), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("\"file\":\"<stdin>\""), std::string::npos);
  EXPECT_EQ(a.out, b.out);
}

// A chain decided by its shape says so, in the line and in the reason: the
// square four (bench/POSITIONS.md) whatever the judge thought of it.
TEST_F(Cli, DeadByShapeIsNamedAsSuch) {
  const Output r = run("score --explain tests/data/judgement/nakade_square_four.txt");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Dead: white C1 C2 C3 D3 E3 F1 F2 F3 (judged by shape)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("one eye: its only liberties, D1, D2, E1 and E2, are a square four, a killing shape"),
            std::string::npos) << r.out;
  const Output j = run("score --format json tests/data/judgement/nakade_square_four.txt");
  EXPECT_NE(j.out.find("\"reason\":\"one eye: its only liberties, D1, D2, E1 and E2, are a square four"),
            std::string::npos) << j.out;
}

TEST_F(Cli, DeadStonesFromTheCommandLineReplaceTheRecordsMarks) {
  // Only H7 is dead now: White's B7 stays on the board, so Black's side of the
  // board touches both colours and only the corner A9 is still Black's.
  const Output r = run("score --format json --dead H7 examples/example.sgf");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"white\":{\"stones\":10,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"black\":{\"stones\":11,\"territory\":1,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"neutral\":32,"), std::string::npos) << r.out;
}

TEST_F(Cli, BadGamesInACollectionAreReportedAndTheOthersScored) {
  const Output r = run("score --quiet --format json tests/data/collection_bad_games.sgf");
  EXPECT_EQ(r.status, 1);
  expect_golden("collection_bad_games.jsonl", r.out);
  EXPECT_EQ(r.err,
            "gocount: tests/data/collection_bad_games.sgf: game 1: line 2, column 21: property name 'x' has no "
            "upper-case letter\n"
            "gocount: tests/data/collection_bad_games.sgf: game 2: line 3: move 2: W[zz]: move is not a point of "
            "this board\n");
}

// --game N scores one game of a collection (numbered as the output numbers
// them); --move N the position after move N, without the end's marks and
// result.
TEST_F(Cli, OneGameAndOneMoveOfARecord) {
  const Output third = run("score --format json --game 3 tests/data/collection_bad_games.sgf");
  EXPECT_EQ(third.status, 0) << third.err;
  EXPECT_EQ(std::count(third.out.begin(), third.out.end(), '\n'), 1);
  EXPECT_NE(third.out.find("\"game\":3,"), std::string::npos) << third.out;
  const Output bad = run("score --game 1 tests/data/collection_bad_games.sgf");
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err,
            "gocount: tests/data/collection_bad_games.sgf: game 1: line 2, column 21: property name 'x' has no "
            "upper-case letter\n");
  const Output missing = run("score --game 7 tests/data/collection_bad_games.sgf");
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err, "gocount: tests/data/collection_bad_games.sgf: --game 7: the file has 4 games\n");

  const Output early = run("score --format json --move 3 examples/example.sgf");
  EXPECT_EQ(early.status, 0) << early.err;
  EXPECT_NE(early.out.find("\"moves\":3,"), std::string::npos) << early.out;
  EXPECT_NE(early.out.find("\"matches_record\":null"), std::string::npos) << early.out;
  EXPECT_NE(early.out.find("position after move 3, before the record's end"), std::string::npos) << early.out;
  EXPECT_EQ(early.out.find("\"dead_source\":\"marks\""), std::string::npos) << early.out;  // the end's marks
  const Output end = run("score --format json --move 7 examples/example.sgf");
  EXPECT_EQ(end.out, run("score --format json examples/example.sgf").out);  // the last move is the end
  const Output past = run("score --move 30 examples/example.sgf");
  EXPECT_EQ(past.status, 1);
  EXPECT_EQ(past.err, "gocount: examples/example.sgf: game 0: line 1: move 30 asked for, but the record has 7 moves\n");
  EXPECT_EQ(run("score --move 1 examples/example.txt").err,
            "gocount: examples/example.txt: game 0: a diagram has no moves to step through (move 1 asked for)\n");
  EXPECT_EQ(run("score --move 0 examples/example.txt").status, 0);
  EXPECT_EQ(run("score --move -1 examples/example.sgf").status, 2);
}

TEST_F(Cli, IllegalMoveNamesMoveNumberPointAndLine) {
  const Output r = run("score tests/data/occupied.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "gocount: tests/data/occupied.sgf: game 0: line 3: move 3 (B D6): point is occupied by white's move 2: the record plays onto a stone (a repeated or misplaced move)\n");
}

TEST_F(Cli, MissingFileIsOneLineAndTheOtherFilesAreScored) {
  const Output r = run("score --quiet --format json no/such/file.sgf examples/example.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gocount: no/such/file.sgf: cannot read: No such file or directory\n");
  EXPECT_EQ(lines(r.out), 2);
  EXPECT_NE(r.out.find("\"result\":\"B+1.5\""), std::string::npos);
}

// Inputs that hold no games, each refused in its own line naming the input
// (before, all of them were "no SGF game found" or read as a diagram); the
// good files of the run are still scored, and the exit status is 1.
TEST_F(Cli, InputsThatAreNotFilesOfGamesAreNamed) {
  const fs::path dir = fs::temp_directory_path() / ("gocount_cli_in_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto file = [&](const std::string& name, const std::string& bytes) {
    std::ofstream(dir / name, std::ios::binary) << bytes;
    return (dir / name).string();
  };
  const std::string empty = file("empty.sgf", ""), blank = file("blank.txt", " \n\t\r\n");
  const std::string zeros = file("zeros.sgf", std::string(4096, '\0'));
  const std::string nul_in_diagram = file("nul.txt", std::string("X O\n. X\0\n", 10));
  const std::string control = file("control.bin", "\x01\x02\x03\x04X O\x05\x06\x07\x08\x0e\x0f");
  const std::string folder = (dir / "no_records").string();  // a folder is read for its records: here none
  fs::create_directories(folder);
  struct Case {
    std::string args, err;
  };
  for (const Case& c : {
           Case{folder, folder + ": a folder with no .sgf record or .txt diagram in it"},
           Case{"examples/example.sgf/game.sgf", "examples/example.sgf/game.sgf: cannot read: Not a directory"},
           Case{"no/such.sgf", "no/such.sgf: cannot read: No such file or directory"},
           Case{empty, empty + ": file is empty"},
           Case{blank, blank + ": file is empty"},
           Case{zeros, zeros + ": binary data, not SGF or a text diagram"},
           Case{nul_in_diagram, nul_in_diagram + ": binary data, not SGF or a text diagram"},
           Case{control, control + ": binary data, not SGF or a text diagram"},
           Case{"<&-", "<stdin>: standard input is closed"},  // must not hang
           Case{"</dev/null", "<stdin>: standard input is empty"},
           Case{"- </dev/null", "<stdin>: standard input is empty"},
           Case{"< " + blank, "<stdin>: standard input is empty"},
           Case{"< " + zeros, "<stdin>: binary data, not SGF or a text diagram"},
       }) {
    const Output r = run("score " + c.args);
    EXPECT_EQ(r.status, 1) << c.args;
    EXPECT_EQ(r.out, "") << c.args;
    EXPECT_EQ(r.err, "gocount: " + c.err + "\n") << c.args;
  }
  // Among good files: they are scored, the bad one is one line (and one JSON
  // object), exit 1.
  const Output r = run("score --quiet --format json examples/example.sgf " + folder + " " + zeros + " examples/example.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gocount: " + folder + ": a folder with no .sgf record or .txt diagram in it\ngocount: " + zeros +
                       ": binary data, not SGF or a text diagram\n");
  EXPECT_EQ(lines(r.out), 4);
  EXPECT_NE(r.out.find("{\"file\":\"" + folder + "\",\"error\":\"a folder with no .sgf record or .txt diagram in it\"}\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(run("compare tests/data examples/example.txt").status, 1);
  // Permission denied can only be seen by a user other than root (root reads
  // any file): the case is checked when the tests do not run as root.
  if (::geteuid() != 0) {
    const std::string locked = file("locked.sgf", "(;FF[4]SZ[9])");
    fs::permissions(locked, fs::perms::none);
    EXPECT_EQ(run("score " + locked).err, "gocount: " + locked + ": cannot read: Permission denied\n");
  }
  fs::remove_all(dir);
}

// An output that is also an input is refused before anything is written:
// -o was emptied before the record was read (the record lost), a picture or
// a summary written over it after; --write-sgf into the record's own folder
// is --in-place, which was not asked for.
TEST_F(Cli, AnOutputThatIsAnInputIsRefusedAndTheRecordKept) {
  const fs::path dir = fs::temp_directory_path() / ("gocount_cli_self_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string game = (dir / "game.sgf").string(), record = slurp("examples/example.sgf");
  std::ofstream(game, std::ios::binary) << record;
  const std::string also = ": is also an input (" + game + "): writing it would destroy the record; give another file\n";
  struct Case {
    std::string args, err;
  };
  for (const Case& c : {
           Case{"score --format json -o " + game + " " + game, "-o " + game + also},
           Case{"score --format csv -o " + dir.string() + "/./game.sgf " + game, "-o " + dir.string() + "/./game.sgf" +
                                                                                     ": is also an input (" + game +
                                                                                     "): writing it would destroy the "
                                                                                     "record; give another file\n"},
           Case{"score --format svg -o " + game + " " + game, "-o " + game + also},
           Case{"compare -o " + game + " " + game, "-o " + game + also},
           Case{"score --summary " + game + " " + game, "--summary " + game + also},
       }) {
    const Output r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_EQ(r.out, "") << c.args;
    EXPECT_EQ(r.err, "gocount: " + c.err) << c.args;
    EXPECT_EQ(slurp(game), record) << c.args;
  }
  const Output w = run("score --write-sgf . examples/example.sgf");
  EXPECT_EQ(w.err, "gocount: --write-sgf .: would write examples/example.sgf over itself: give another directory "
                   "(--in-place rewrites the inputs)\n");
  fs::remove_all(dir);
}

// A record whose game info is below the root (FF[4] allows it; ff4_ex.sgf):
// --set-result replaces the RE there. A second RE was written into the root,
// and the record then held two results.
TEST_F(Cli, TheResultIsWrittenWhereTheRecordKeepsItsGameInfo) {
  const fs::path dir = fs::temp_directory_path() / ("gocount_cli_info_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string game = (dir / "info.sgf").string();
  std::ofstream(game, std::ios::binary) << "(;GM[1]FF[4]SZ[9]\n;KM[6.5]RU[Chinese]RE[B+3.5]PB[x]\n;B[ee];W[];B[])\n";
  const Output r = run("score --brief --write-sgf " + (dir / "out").string() + " --set-result " + game);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "Black wins by 74.5 points (Chinese rules, komi 6.5): differs from the record (B+3.5)\n");
  const std::string written = slurp(dir / "out" / fs::path(game).relative_path());  // the input's path, under out
  EXPECT_EQ(written.find("(;GM[1]FF[4]SZ[9]\n;KM[6.5]RU[Chinese]RE[B+74.5]PB[x]\n"), 0u) << written;
  EXPECT_EQ(written.find("RE["), written.rfind("RE[")) << written;  // one RE
  fs::remove_all(dir);
}

// A record's names, date and RE reach the terminal as text: ESC's sequences,
// other control characters and the direction overrides are written as
// escapes (they coloured the terminal, or reversed the line), and RE's blanks
// around it left out (its line break broke the answer line).
TEST_F(Cli, TheRecordsTextCannotActOnTheTerminal) {
  const fs::path f = fs::temp_directory_path() / ("gocount_cli_escapes_" + std::to_string(::getpid()) + ".sgf");
  std::ofstream(f, std::ios::binary) << "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Chinese]PB[\x1b[31mEvil\x1b[0m]"
                                        "PW[a\xe2\x80\xae" "b\xc2\x9bx]RE[ B+74.5\n]DT[2020\x07];B[ee];W[];B[])";
  const Output r = run("score " + f.string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("\nDead")),
            "Black wins by 74.5 points (Chinese rules, komi 6.5): agrees with the record (B+74.5)\n"
            "Black: \\x1b[31mEvil\\x1b[0m; White: a\\u202eb\\u009bx; 2020\\x07");
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
  EXPECT_NE(r.out.find("Matches the recorded result B+74.5.\n"), std::string::npos) << r.out;
  fs::remove(f);
}

// --files-from names a list: a folder, or a list that names no file, is an
// error, not a reason to read standard input instead.
TEST_F(Cli, FilesFromThatNamesNoFileIsRefused) {
  const fs::path dir = fs::temp_directory_path() / ("gocount_cli_list_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string empty = (dir / "empty.txt").string();
  std::ofstream(empty) << "\n\n";
  for (const auto& [list, why] : {std::pair{dir.string(), "is a directory, not a list of files"},
                                  std::pair{empty, "names no file (one path a line)"},
                                  std::pair{(dir / "none.txt").string(), "cannot read: No such file or directory"}}) {
    const Output r = run("score --brief --files-from " + list + " < examples/example.sgf");
    EXPECT_EQ(r.status, 2) << list;
    EXPECT_EQ(r.out, "") << list;
    EXPECT_EQ(r.err, "gocount: --files-from " + list + ": " + why + "\n");
  }
  fs::remove_all(dir);
}

// A file's name with a line feed or a terminal's escape in it is shown
// escaped, so that an error stays one line and cannot drive the terminal.
TEST_F(Cli, ControlBytesInAFileNameAreEscaped) {
  const fs::path dir = fs::temp_directory_path() / ("gocount_cli_name_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string name = (dir / "a\nb\x1b[31m.sgf").string(), shown = (dir / "a\\x0ab\\x1b[31m.sgf").string();
  std::ofstream(name, std::ios::binary) << "(;SZ[9];B[ee";
  const Output r = run("score --brief '" + name + "' " + "examples/example.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "gocount: " + shown +
                                                   ": game 0: line 1, column 10: value of B is not closed (missing ']')");
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// A name with spaces at its ends or a byte-order mark in it (a list saved
// by Notepad) is quoted in an error, the BOM written as \ufeff: shown as it
// was, " a.sgf: cannot read" did not say why no such file was found.
TEST_F(Cli, OddFileNamesAreQuotedInErrors) {
  const fs::path dir = fs::temp_directory_path() / ("gocount_cli_odd_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string d = dir.string(), bom = "\xEF\xBB\xBF";
  std::ofstream(dir / "list.txt") << bom << "examples/example.sgf\nexamples/example.txt \n";
  std::ofstream(dir / "file") << "";
  struct Case {
    std::string args, err;
  };
  for (const Case& c : {
           Case{"score ' no.sgf'", "' no.sgf': cannot read: No such file or directory"},
           Case{"compare 'no.sgf '", "'no.sgf ': cannot read: No such file or directory"},
           Case{"score '" + bom + "no.sgf'", "'\\ufeffno.sgf': cannot read: No such file or directory"},
           Case{"' no.sgf'", "' no.sgf': no such file or folder, nor a command (commands: score, compare, tally, "
                             "keynumbers, serve, gtp, rules)"},
           Case{"score --brief --files-from " + d + "/list.txt",
                "'\\ufeffexamples/example.sgf': cannot read: No such file or directory\ngocount: "
                "'examples/example.txt ': cannot read: No such file or directory"},
           Case{"score --files-from '" + d + "/list.txt '", "--files-from '" + d + "/list.txt ': cannot read: No such file or directory"},
           Case{"score --write-sgf '" + d + "/file/ ' examples/example.sgf", "--write-sgf '" + d + "/file/ ': cannot make the directory"},
           Case{"score --format json -o '" + d + "/none/out ' examples/example.sgf",
                "-o '" + d + "/none/out ': cannot write: No such file or directory"},
           Case{"score --brief --summary '" + d + "/none/s.json ' examples/example.sgf",
                "'" + d + "/none/s.json ': cannot write the summary: No such file or directory"},
       }) {
    const Output r = run(c.args);
    EXPECT_NE(r.status, 0) << c.args;
    EXPECT_EQ(r.err, "gocount: " + c.err + "\n") << c.args;
  }
  fs::remove_all(dir);
}

// A file name that begins with '-' is read as an option: the line says so
// and how to name it (CLI11 said "A subcommand is required"), and both ways
// it names work.
TEST_F(Cli, AFileNameBeginningWithADashIsToldHowToGive) {
  const fs::path dir = fs::temp_directory_path() / ("gocount_cli_dash_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::copy_file("examples/example.sgf", dir / "-x.sgf", fs::copy_options::overwrite_existing);
  fs::current_path(dir);
  for (const auto& [args, err] :
       {std::pair<std::string, std::string>{"-x.sgf", "-x.sgf: read as an option, and gocount has none by that name; to "
                                                      "name a file that begins with '-', write ./-x.sgf or gocount score "
                                                      "-- -x.sgf"},
        {"score -x.sgf", "-x.sgf: read as an option, and gocount score has none by that name; to name a file that "
                         "begins with '-', write ./-x.sgf or gocount score -- -x.sgf"},
        {"compare --komi 7 -y.sgf", "-y.sgf: read as an option, and gocount compare has none by that name; to name a "
                                    "file that begins with '-', write ./-y.sgf or gocount compare -- -y.sgf"}}) {
    const Output r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "gocount: " + err + "\n") << args;
  }
  const std::string answer = "Black wins by 1.5 points (Japanese rules, komi 6.5): agrees with the record (B+1.5)\n";
  EXPECT_EQ(run("--brief ./-x.sgf").out, answer);
  EXPECT_EQ(run("score --brief -- -x.sgf").out, answer);
  EXPECT_EQ(run("score --komi -6.5 --brief ./-x.sgf").status, 0);  // a negative number is no file name
  fs::current_path(GOCOUNT_SOURCE_DIR);
  fs::remove_all(dir);
}

// Every command that prints reports a failed write (a full disk), as score does.
TEST_F(Cli, AFailedWriteFailsEveryCommand) {
  for (const std::string args : {"rules", "tally --size 9 --black 45", "keynumbers --size 9",
                                 "score --quiet examples/example.sgf", "compare examples/example.sgf"}) {
    const Output r = run(args + " > /dev/full");
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_NE(r.err.find("cannot write"), std::string::npos) << args << ": " << r.err;
  }
}

// Old Mac line ends (a lone CR) are line ends for SGF and diagrams alike: the
// same score as with LF (a CR-only diagram was "no board rows found").
TEST_F(Cli, LoneCarriageReturnsEndLines) {
  for (const char* name : {"examples/example.sgf", "examples/example.txt", "tests/data/two_sekis.txt"}) {
    const fs::path cr = fs::temp_directory_path() / ("gocount_cli_cr_" + std::to_string(::getpid()));
    std::string text = slurp(name);
    std::replace(text.begin(), text.end(), '\n', '\r');
    std::ofstream(cr, std::ios::binary) << text;
    const Output a = run(std::string("score --format json < ") + name);
    const Output b = run("score --format json < " + cr.string());
    fs::remove(cr);
    EXPECT_EQ(b.status, 0) << name << ": " << b.err;
    EXPECT_EQ(a.out, b.out) << name;
  }
}

// A diagram's header count past what the board could hold is refused with
// its line (2147483647 captures gave W+2147483647.5).
TEST_F(Cli, DiagramCountsPastTheBoardAreRefused) {
  const Output r = run("score --quiet - examples/example.txt < tests/data/captures_past_the_board.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "gocount: <stdin>: game 0: line 3: black-captures 2147483647 is more than a 2x1 board allows (at most "
            "8)\n");
  EXPECT_NE(r.out.find("Result: B+1.5"), std::string::npos) << r.out;  // the next file is scored
  EXPECT_EQ(run("score tests/data/komi_nan.txt").err,
            "gocount: tests/data/komi_nan.txt: game 0: line 2: komi must be a number from -1000 to 1000, not 'nan'\n");
}

// `gocount serve` runs gocount-serve (apps/serve.h): gocount alone says
// where it looked, in one line, and serves nothing; its options are still
// checked first.
TEST_F(Cli, ServeWithoutTheServerProgramSaysWhereItLooked) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("gocount_alone_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::copy_file(GOCOUNT_BINARY, dir / "gocount", fs::copy_options::overwrite_existing);
  const std::string err = (dir / "err").string();
  const int st = std::system(((dir / "gocount").string() + " serve --port 0 2>" + err).c_str());
  EXPECT_EQ(WEXITSTATUS(st), 1);
  std::ifstream in(err);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string first = "gocount: serve runs gocount-serve, installed with gocount, and it is neither " +
                            (dir / "gocount-serve").string() + " nor ";
  EXPECT_EQ(text.substr(0, first.size()), first);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  EXPECT_NE(text.find("/gocount-serve\n", first.size()), std::string::npos) << text;  // where it is installed
  EXPECT_EQ(WEXITSTATUS(std::system(((dir / "gocount").string() + " serve --cors bad 2>/dev/null").c_str())), 2);
  fs::remove_all(dir);
}

// A record of NNGS, which counted by territory and wrote no RU: Japanese
// rules by default, said where the rules are named; --rules still rules.
// (One black stone on 9x9, komi 0.5: B+79.5 by territory, B+80.5 by area.)
TEST_F(Cli, AnNngsRecordIsCountedAsNngsCounted) {
  const std::string path = (std::filesystem::temp_directory_path() / ("nngs_" + std::to_string(::getpid()) + ".sgf")).string();
  std::ofstream(path) << "(;GM[1]FF[4]SZ[9]KM[0.5]PC[NNGS]RE[B+79.5];B[ee];W[];B[])";
  Output r = run("score " + path);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "Black wins by 79.5 points (Japanese rules, komi 0.5): agrees with the record (B+79.5)");
  EXPECT_NE(r.out.find("japanese rules (territory scoring, as NNGS counted: the record names no rules); komi 0.5"),
            std::string::npos)
      << r.out;
  const nlohmann::json j = nlohmann::json::parse(run("score --format json " + path).out);
  EXPECT_EQ(j["rules"], "japanese");
  EXPECT_EQ(j["rules_note"], "as NNGS counted: the record names no rules");
  r = run("score --rules chinese --format json " + path);
  EXPECT_EQ(nlohmann::json::parse(r.out)["result"], "B+80.5");
  EXPECT_FALSE(nlohmann::json::parse(r.out).contains("rules_note"));
  std::filesystem::remove(path);
}

TEST_F(Cli, UsageErrorsExitWithTwo) {
  Output r = run("score --rules moon examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: unknown rules 'moon' (known: chinese, japanese, korean, aga, ing, nz, tromp-taylor)\n");
  EXPECT_EQ(run("gtp --rules moon").err, r.err);  // the engine's options, checked before it serves
  EXPECT_EQ(run("gtp extra.sgf").status, 2);
  r = run("score --format xml examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(lines(r.err), 1);
  r = run("--rules japanese");  // options and no command, no file
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(lines(r.err), 1);
  r = run("score --komi abc examples/example.sgf");
  EXPECT_EQ(r.status, 2);
}

// A mistyped command is named with the list of commands, and the nearest
// one suggested when it is close (two edits, a swap counting one, or the
// beginning of a command's name).
TEST_F(Cli, UnknownCommandSuggestsTheNearest) {
  const std::string list = "' (commands: score, compare, tally, keynumbers, serve, gtp, rules)";
  for (const auto& [args, err] : std::vector<std::pair<std::string, std::string>>{
           {"scroe examples/example.sgf", "unknown command 'scroe" + list + "; did you mean score?"},
           {"rule", "unknown command 'rule" + list + "; did you mean rules?"},
           {"keynumber --size 9", "unknown command 'keynumber" + list + "; did you mean keynumbers?"},
           {"comp examples/example.sgf", "unknown command 'comp" + list + "; did you mean compare?"},
           {"examples/no-such-game.sgf",
            "examples/no-such-game.sgf: no such file or folder, nor a command (commands: score, compare, tally, "
            "keynumbers, serve, gtp, rules)"},
           {"game.sgf", "game.sgf: no such file or folder, nor a command (commands: score, compare, tally, "
                        "keynumbers, serve, gtp, rules)"},
           {"count examples/example.sgf", "unknown command 'count" + list},
       }) {
    const Output r = run(args + " </dev/null");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err, "gocount: " + err + "\n") << args;
  }
}

TEST_F(Cli, DeadStoneOnAnEmptyPointIsAnError) {
  const Output r = run("score --dead A9 examples/example.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gocount: examples/example.sgf: game 0: dead stone A9 names an empty point\n");
}

TEST_F(Cli, ADiagramWithACapturedChainLeftOnIsRefused) {
  const Output r = run("score tests/data/captured_left_on.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "gocount: tests/data/captured_left_on.txt: game 0: the black chain at A4 has no liberty: no game reaches this position (take it "
                   "off, or mark it dead)\n");
}

TEST_F(Cli, MalformedDiagramNamesTheLine) {
  const Output r = run("score - < tests/data/ragged.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gocount: <stdin>: game 0: line 3: row has 2 points, the first row (line 2) has 3\n");
}

// A diagram's rules name is typed by hand: one no rule set answers to is
// refused, at its line (it was counted under Chinese rules without a word);
// --rules overrides it as it overrides any.
TEST_F(Cli, ADiagramNamingUnknownRulesIsRefused) {
  const fs::path file = fs::temp_directory_path() / ("gocount_cli_rules_" + std::to_string(::getpid()) + ".txt");
  std::ofstream(file) << "rules: japnese\nX . O\nX . O\n";
  const Output r = run("score --brief " + file.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "gocount: " + file.string() +
                       ": game 0: line 1: rules 'japnese': no rule set of that name (known: chinese, japanese, "
                       "korean, aga, ing, nz, tromp-taylor)\n");
  EXPECT_EQ(run("score --brief --rules japanese " + file.string()).status, 0);
  std::ofstream(file) << "rules: Japanese\nX . O\nX . O\n";
  EXPECT_NE(run("score --brief " + file.string()).out.find("(Japanese rules"), std::string::npos);
  fs::remove(file);
}

TEST_F(Cli, TallyPrintsMaysTable14) {
  // Mays, Tables 13/14 and 7: B 39, W 41, one non-scoring point, komi 6.5.
  const Output r = run("tally --size 9 --black 39 --white 41 --non-scoring 1 --komi 6.5 --side both");
  EXPECT_EQ(r.status, 0);
  expect_golden("tally_table14.txt", r.out);
  const Output j = run("tally --size 9 --black 39 --handicap 3 --komi 0.5 --method key-numbers --format json");
  EXPECT_EQ(j.status, 0);
  expect_golden("tally_table12_key_numbers.json", j.out);
}

// Mays, Table 17, the AGA column (checked by hand against the seed):
// territory 6 and 5, the prisoners all passed stones (Black passed three
// times, White once, last), filled in: 3 against 4, White by 1, as Full
// Counting's 24 against 25 on the same board.
TEST_F(Cli, TallyCountsAgaRulesByTerritoryAsMaysTable17) {
  const std::string table17 =
      "tally --rules aga --size 7 --komi 0 --black-territory 6 --white-territory 5 --black-prisoners 1 "
      "--white-prisoners 3";
  const Output r = run(table17);
  EXPECT_EQ(r.status, 0) << r.err;
  expect_golden("tally_table17_aga.txt", r.out);
  const Output j = run(table17 + " --format json");
  EXPECT_EQ(j.status, 0) << j.err;
  expect_golden("tally_table17_aga.json", j.out);
  EXPECT_EQ(nlohmann::json::parse(run("tally --rules aga --size 7 --komi 0 --black 24 --white 25 --format json").out)
                ["result"],
            nlohmann::json::parse(j.out)["result"]);
  // Both counts at once: refused, as the Japanese count with total points is.
  const Output both = run(table17 + " --black 24 --white 25");
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(both.out, "");
  EXPECT_EQ(both.err,
            "gocount: aga rules count by area or by territory, one count at a time: give total points (--black, "
            "--white), or territory and stones (--black-territory, --white-territory, --black-stones, "
            "--white-stones), or territory and prisoners, a stone for every pass among them (--black-territory, "
            "--white-territory, --black-prisoners, --white-prisoners)\n");
}

// The text says how the shared liberties were filled (checked by hand:
// tests/data/two_sekis.txt, 28 + 27 + 1 = 56 against 22 + 2 + 1 + 7.5; the
// half count of seki_three_shared.txt, 36.5 - 3.75 = 32.75 against 40.5),
// and so does the JSON.
TEST_F(Cli, ScoreNamesHowSharedLibertiesWereFilled) {
  const Output r = run("score --rules chinese --seki-fill best-practice tests/data/two_sekis.txt");
  EXPECT_EQ(r.status, 0);
  expect_golden("score_two_sekis_best_practice.txt", r.out);
  const Output h =
      run("score --rules chinese --seki-fill half --method half,key-numbers tests/data/seki_three_shared.txt");
  EXPECT_EQ(h.status, 0);
  expect_golden("score_seki_half.txt", h.out);
  const Output j = run("score --format json tests/data/seki_three_shared.txt");
  EXPECT_NE(j.out.find("\"seki_fill\":{\"convention\":\"mays\",\"sekis\":1,\"shared_liberties\":3,\"each\":1,"
                       "\"non_scoring\":1}"),
            std::string::npos)
      << j.out;
  EXPECT_NE(j.out.find("\"shared_liberties\":[\"J9\",\"G8\",\"J6\"]"), std::string::npos) << j.out;
  EXPECT_EQ(run("score --seki-fill quarter tests/data/two_sekis.txt").status, 2);
}

// A seki's eyes filled are stones in the Full Counting table, as in Mays'
// steps above it and in his Table 14 ("Stones: 29", the eyes filled): the
// table said 29 vacant and 26 stones where the steps said 27 and 28.
TEST_F(Cli, TheTableCountsFilledSekiEyesAsStonesAsTheStepsDo) {
  const Output r = run("score --rules chinese tests/data/two_sekis.txt");
  ASSERT_EQ(r.status, 0) << r.err;
  std::smatch steps, table;
  const std::regex in_steps(R"(Vacant territory: Black (\d+), White (\d+)\.\n.*Stones: Black (\d+), White (\d+))");
  const std::regex in_table(R"(Vacant territory +(\d+) +(\d+)\n +Stones +\+(\d+) +\+(\d+))");
  ASSERT_TRUE(std::regex_search(r.out, steps, in_steps));
  ASSERT_TRUE(std::regex_search(r.out, table, in_table));
  EXPECT_EQ(steps.str(1) + " " + steps.str(2), table.str(1) + " " + table.str(2));
  EXPECT_EQ(steps.str(3) + " " + steps.str(4), table.str(3) + " " + table.str(4));  // no shared liberty filled here
  EXPECT_EQ(table.str(3), "28");  // 26 stones and the seki eyes A1 and A9
}

// A hand count with shared liberties counted half each: Black 36.5 of 81,
// White 44.5, komi 7.5: W+15.5; the least Black total that wins is 44.5.
TEST_F(Cli, TallyTakesHalfPointTotals) {
  const Output r = run("tally --size 9 --black 36.5 --komi 7.5 --method key-numbers");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Minimum total points needed to win (in effect)       44.5\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Result: W+15.5"), std::string::npos) << r.out;
  const Output bad = run("tally --size 9 --black 36.25");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "gocount: total points are whole, or end in .5 (shared liberties counted half each)\n");
}

// --handicap 1 without --komi is the no-komi game: Chinese komi 0.5 (41 -
// 40 - 0.5 = B+0.5), Ing and New Zealand 0 (B+1).
TEST_F(Cli, TallyHandicapOneIsTheNoKomiGame) {
  const Output r = run("tally --size 9 --black 41 --white 40 --handicap 1 --method full");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("chinese rules; komi 0.5; handicap 1;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Result: B+0.5"), std::string::npos) << r.out;
  for (const char* rules : {"ing", "nz"}) {
    const Output o = run(std::string("tally --size 9 --black 41 --white 40 --handicap 1 --method full --rules ") + rules);
    EXPECT_NE(o.out.find("komi 0; handicap 1;"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("Result: B+1"), std::string::npos) << o.out;
  }
}

TEST_F(Cli, RecordKomiOutOfRangeIsAnError) {
  const Output r = run("score tests/data/huge_komi.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("komi must be a number from -1000 to 1000"), std::string::npos) << r.err;
}

// Every number option is read whole and strictly: not a number, infinite,
// trailing junk, out of the double range, hex or padded values are refused in
// one line naming the option and the value (CLI11 alone lets nan through, and
// reads 0x9 as 9). A number of tally or keynumbers out of its range is the
// library's refusal, in the server's and Python's words: no quotes.
TEST_F(Cli, NumberOptionsRefuseWhatIsNotAFiniteNumberInRange) {
  struct Case {
    std::string args, err;
  };
  const std::string komi = "' is not a number from -1000 to 1000 (see gocount ";
  for (const Case& c : {
           Case{"score --komi nan examples/example.sgf", "--komi: 'nan" + komi + "score --help)"},
           Case{"score --komi inf examples/example.sgf", "--komi: 'inf" + komi + "score --help)"},
           Case{"score --komi -inf examples/example.sgf", "--komi: '-inf" + komi + "score --help)"},
           Case{"score --komi 6.5x examples/example.sgf", "--komi: '6.5x" + komi + "score --help)"},
           Case{"score --komi 1e400 examples/example.sgf", "--komi: '1e400" + komi + "score --help)"},
           Case{"compare --komi nan examples/example.sgf", "--komi: 'nan" + komi + "compare --help)"},
           Case{"tally --size 9 --black 40 --komi NaN", "--komi: 'NaN" + komi + "tally --help)"},
           Case{"keynumbers --size 9 --komi 1e60", "--komi: '1e60" + komi + "keynumbers --help)"},
           Case{"keynumbers --size 9 --tie-breaker nan", "--tie-breaker: 'nan" + komi + "keynumbers --help)"},
           Case{"tally --size 9 --black nan",
                "--black: 'nan' is not a number from 0 to 2704 (see gocount tally --help)"},
           Case{"tally --size 9 --black 40 --white inf",
                "--white: 'inf' is not a number from 0 to 2704 (see gocount tally --help)"},
           Case{"tally --size 9 --black -2147483648", "--black: -2147483648 is not a number from 0 to 2704"},
           Case{"tally --size 9.5 --black 40",
                "--size: '9.5' is not a whole number from 1 to 52 (see gocount tally --help)"},
           Case{"tally --size 0x9 --black 40",
                "--size: '0x9' is not a whole number from 1 to 52 (see gocount tally --help)"},
           Case{"tally --size ' 9' --black 40",
                "--size: ' 9' is not a whole number from 1 to 52 (see gocount tally --help)"},
           Case{"tally --size 53 --black 40", "--size: 53 is not a whole number from 1 to 52"},
           Case{"keynumbers --width 9 --height 1e1",
                "--height: '1e1' is not a whole number from 1 to 52 (see gocount keynumbers --help)"},
           Case{"keynumbers --size 9 --non-scoring -1", "--non-scoring: -1 is not a whole number from 0 to 2704"},
           Case{"tally --size 9 --black 40 --handicap 99999999999",
                "--handicap: '99999999999' is not a whole number from 0 to 2704 (see gocount tally --help)"},
           Case{"tally --size 9 --black 40 --handicap 82", "--handicap: 82 is more than the board's 81 points"},
           Case{"keynumbers --size 9 --non-scoring 82", "--non-scoring: 82 is more than the board's 81 points"},
       }) {
    const Output r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_EQ(r.out, "") << c.args;
    EXPECT_EQ(r.err, "gocount: " + c.err + "\n") << c.args;
  }
  // A leading '+' is how people write komi.
  EXPECT_EQ(run("score --komi +6.5 examples/example.sgf").status, 0);
}

// Each subcommand takes the options it uses and no other: an option it
// would ignore is refused, and its --help lists only its own.
TEST_F(Cli, SubcommandsRefuseOptionsTheyDoNotUse) {
  for (const char* args : {"tally --size 9 --black 40 --estimate", "tally --size 9 --black 40 --seki-fill half",
                           "tally --size 9 --black 40 --seki-dead-prisoners", "tally --size 9 --black 40 --dead A1",
                           "keynumbers --size 9 --seki-fill mays", "keynumbers --size 9 --method full",
                           "keynumbers --size 9 --side both", "keynumbers --size 9 --black 40",
                           "compare --method full examples/example.sgf", "compare --seki-dead-prisoners examples/example.sgf",
                           "score --size 9 examples/example.sgf",
                           "score --tie-breaker 0.5 examples/example.sgf", "rules --komi 6.5"}) {
    const Output r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(lines(r.err), 1) << args << ": " << r.err;
    EXPECT_NE(r.err.find("not expected"), std::string::npos) << args << ": " << r.err;
  }
  EXPECT_EQ(run("tally --size 9 --black 40 --estimate").err,
            "gocount: The following argument was not expected: --estimate (see gocount tally --help)\n");
  const auto options = [](const std::string& help) {
    std::vector<std::string> names;
    for (size_t at = help.find("\n  -"); at != std::string::npos; at = help.find("\n  -", at + 1)) {
      std::string name = help.substr(at + 3, help.find_first_of(" \n", at + 3) - at - 3);
      if (name != "-h,--help") names.push_back(name);
    }
    return names;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(options(run("tally --help").out),
            (V{"--size", "--width", "--height", "--non-scoring", "--black-territory", "--black-stones",
               "--black-prisoners", "--white-territory", "--white-stones", "--white-prisoners", "--black", "--white",
               "--handicap", "--rules",
               "--komi", "--handicap-compensation", "--tie", "--method", "--side", "--adjust", "--no-tie-breaker",
               "--format"}));
  EXPECT_EQ(options(run("keynumbers --help").out),
            (V{"--size", "--width", "--height", "--non-scoring", "--tie-breaker", "--rules", "--komi",
               "--handicap-compensation", "--tie", "--format"}));
  EXPECT_EQ(options(run("compare --help").out),
            (V{"--dead", "--alive", "--files-from", "--game", "--move", "--rules", "--komi", "--handicap-compensation", "--tie",
               "--seki-fill", "--estimate", "--no-estimate", "--judge", "--format", "-o,--output"}));
  EXPECT_EQ(options(run("score --help").out),
            (V{"--dead", "--alive", "--files-from", "--game", "--move", "--rules", "--komi", "--handicap-compensation", "--tie",
               "--seki-dead-prisoners", "--territory", "--seki-fill", "--estimate", "--no-estimate", "--judge", "--method", "--side", "--adjust",
               "--no-tie-breaker", "--format", "--steps", "-o,--output", "--color", "--brief", "--explain", "--jobs", "--quiet", "--progress",
               "--keep-going", "--write-sgf",
               "--in-place", "--set-result", "--sqlite", "--resume", "--summary"}));
  EXPECT_EQ(options(run("rules --help").out), (V{"--format"}));
}

TEST_F(Cli, TallyChecksTheTotals) {
  Output r = run("tally --size 9 --black 39 --white 41");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: total points 39 + 41 + 0 non-scoring do not make the board's 81 points\n");
  r = run("tally --size 9 --black 39 --rules japanese");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: japanese rules count territory and prisoners: give --black-territory and "
                   "--white-territory (and --black-prisoners, --white-prisoners)\n");
  r = run("tally --size 9 --black 90");  // more than the board: said so, not as "90 + -9"
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: --black: 90 total points are more than the board's 81 scoring points\n");
  r = run("tally --size 9 --non-scoring 2 --white 80");
  EXPECT_EQ(r.err, "gocount: --white: 80 total points are more than the board's 79 scoring points\n");
  r = run("tally --black 39 --white 39");  // 19x19 by default: 78 of 361
  EXPECT_EQ(r.status, 2);
  r = run("tally --size 9 --black 39 --method japanese");
  EXPECT_EQ(r.status, 2);
}

// A count past the board is refused by the library, naming the number, as
// the server and Python refuse it: it was "total points 100 + 0 + 0
// non-scoring do not make the board's 81 points" here, "field
// 'black-territory' must be a number from 0 to 81" from the server.
TEST_F(Cli, TallyRefusesACountPastTheBoardByName) {
  const std::string past = ": 100 is more than the board's 81 points\n";
  for (const auto& [args, line] : std::vector<std::pair<std::string, std::string>>{
           {"tally --size 9 --black-territory 100 --white-territory 0 --black-stones 0 --white-stones 0",
            "--black-territory" + past},
           {"tally --size 9 --black-territory 10 --white-territory 10 --black-stones 100 --white-stones 0",
            "--black-stones" + past},
           {"tally --size 9 --rules japanese --black-territory 100 --white-territory 0", "--black-territory" + past},
           {"keynumbers --size 9 --tie-breaker 1e6", "--tie-breaker: 1000000 is not a number from -1000 to 1000\n"}}) {
    const Output r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "gocount: " + line) << args;
    EXPECT_EQ(r.out, "") << args;
  }
  // Prisoners are not: a long game's captures may pass the board's points.
  EXPECT_EQ(run("tally --size 9 --rules japanese --black-territory 10 --white-territory 8 --black-prisoners 100").status,
            0);
}

TEST_F(Cli, KeyNumbersPrintsMaysTable8) {
  const Output r = run("keynumbers --size 19 --komi 6.5");
  EXPECT_EQ(r.status, 0);
  expect_golden("keynumbers_19_komi6.5.txt", r.out);
  const Output nz = run("keynumbers --size 9 --rules nz --format json");
  EXPECT_EQ(nz.status, 0);
  EXPECT_NE(nz.out.find("{\"game\":\"even\",\"side\":\"black\",\"half_count\":40.5,\"handicap_or_komi\":3.5,"
                        "\"tie_breaker\":0,\"key_number\":44,\"minimum_total_points\":45,\"draws_at\":44}"),
            std::string::npos)
      << nz.out;
}

TEST_F(Cli, CompareExplainsEachDifference) {
  const Output r = run("compare tests/data/mays_example5.txt tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 0);
  expect_golden("compare.txt", r.out);
  const Output j = run("compare --format json tests/data/mays_example5.txt");
  EXPECT_EQ(j.status, 0);
  EXPECT_NE(j.out.find("\"results\":{\"chinese\":\"W+1\",\"japanese\":\"B+1\",\"korean\":\"B+1\",\"aga\":\"W+1\""),
            std::string::npos)
      << j.out;
}

TEST_F(Cli, ScoreWithEveryMethod) {
  const Output r = run("score --method all --side both tests/data/handicap2.sgf --rules aga");
  EXPECT_EQ(r.status, 0);
  expect_golden("score_handicap2_aga_all.txt", r.out);
  const Output bad = run("score --method half --rules japanese examples/example.sgf");
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err,
            "gocount: examples/example.sgf: game 0: Half Counting does not count what Japanese rules count "
            "(territory)\n");
  EXPECT_EQ(run("score --method quarter examples/example.sgf").status, 2);
}

TEST_F(Cli, RulesListsEveryPreset) {
  const Output r = run("rules");
  EXPECT_EQ(r.status, 0);
  expect_golden("rules.txt", r.out);
  const Output j = run("rules --format json");
  EXPECT_NE(j.out.find("{\"name\":\"aga\",\"title\":\"AGA\",\"scoring\":\"area\",\"handicap_compensation\":\"n-1\""),
            std::string::npos)
      << j.out;
}

TEST_F(Cli, EstimateProposesTheDeadStones) {
  const Output r = run("score --estimate --format json tests/data/dead_inside.txt");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"dead\":{\"black\":[\"H7\"],\"white\":[\"B7\",\"B3\",\"C3\"]}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"estimate\":{\"finished\":true"), std::string::npos) << r.out;
  // The judge's reasons are behind --explain; the default text names the stones.
  const Output t = run("score --estimate --explain tests/data/dead_inside.txt");
  EXPECT_NE(t.out.find("white stone at B7 (1 stone): dead"), std::string::npos) << t.out;
  const Output plain = run("score --estimate tests/data/dead_inside.txt");
  EXPECT_EQ(plain.out.find("white stone at B7 (1 stone): dead"), std::string::npos) << plain.out;
  EXPECT_NE(plain.out.find("Dead: black H7 (estimated by playouts), white B7 B3 C3 (estimated by playouts)\n"), std::string::npos) << plain.out;
}

// A group that lives by a capturing race (examples/race.txt, the position
// of test_estimate): the estimate's words and the count, checked by hand
// (Black 11 territory less White's 2 prisoners = 9; White 10 + 6.5).
TEST_F(Cli, EstimateExplainsAndCountsACapturingRace) {
  const Output r = run("score --estimate --explain --format diagram examples/race.txt");
  EXPECT_EQ(r.status, 0);
  expect_golden("score_estimate_race.txt", r.out);
}

// Each point's owner by the diagram (score --format diagram): +1 Black's
// (X & b, a dead white stone P), -1 White's (O @ w, a dead black stone Z),
// 0 the rest (seki eyes count by the rules); row-major from the top, as the
// JSON's ownership.
std::vector<int> diagram_owners(const std::string& text) {
  std::vector<int> out;
  std::istringstream in(text.substr(text.find("\n    A B")));
  std::string line;
  std::getline(in, line);
  std::getline(in, line);
  while (std::getline(in, line) && !line.empty() && std::isdigit(static_cast<unsigned char>(line[2]))) {
    std::istringstream row(line.substr(3));
    for (std::string sym; row >> sym;)
      out.push_back(std::string("X&bP").find(sym) != std::string::npos   ? 1
                    : std::string("O@wZ").find(sym) != std::string::npos ? -1
                                                                        : 0);
  }
  return out;
}

// The JSON's ownership: one number a point in [-1, 1], its sign the count's
// owner of every stone left on the board, dead stone and territory point (the
// estimate's playouts agree on these finished positions; the count's own is
// exactly +1 or -1 there).
TEST_F(Cli, ScoreJsonOwnershipAgreesWithTheCount) {
  for (const char* args : {"examples/example.sgf", "--rules chinese examples/example.sgf", "tests/data/dead_inside.txt",
                           "--rules chinese tests/data/dead_inside.txt", "--estimate examples/race.txt",
                           "tests/data/two_sekis.txt"}) {
    const Output j = run(std::string("score --format json ") + args);
    const Output d = run(std::string("score --format diagram ") + args);
    ASSERT_EQ(j.status, 0) << args << j.err;
    const auto score = nlohmann::json::parse(j.out);
    const std::vector<float> own = score["ownership"];
    ASSERT_EQ(own.size(), score["width"].get<size_t>() * score["height"].get<size_t>()) << args;
    const std::vector<int> owners = diagram_owners(d.out);
    ASSERT_EQ(owners.size(), own.size()) << args << d.out;
    EXPECT_LT(std::count(owners.begin(), owners.end(), 0), static_cast<long>(own.size()) / 4) << args;  // read
    const bool counted = score["ownership_source"] == "count";
    for (size_t i = 0; i < own.size(); ++i) {
      EXPECT_GE(own[i], -1) << args << " point " << i;
      EXPECT_LE(own[i], 1) << args << " point " << i;
      if (owners[i] == 0) continue;
      EXPECT_GT(own[i] * owners[i], 0) << args << " point " << i << ": " << own[i] << " against " << owners[i];
      if (counted) {
        EXPECT_EQ(own[i], owners[i]) << args << " point " << i;
      }
    }
  }
}

// Where the estimator did not run, the ownership is the count's.
TEST_F(Cli, OwnershipComesFromTheEstimateOnlyWhenItRan) {
  const auto source = [&](const std::string& args) {
    const auto j = nlohmann::json::parse(run("score --format json " + args).out);
    EXPECT_EQ(j.contains("estimate"), j["ownership_source"] == "estimate") << args;
    return j["ownership_source"].get<std::string>();
  };
  EXPECT_EQ(source("examples/example.sgf"), "count");  // the record's marks
  EXPECT_EQ(source("--dead B7,H7 tests/data/dead_inside.txt"), "count");
  EXPECT_EQ(source("--no-estimate tests/data/dead_inside.txt"), "count");
  EXPECT_EQ(source("--rules tromp-taylor tests/data/dead_inside.txt"), "count");
  EXPECT_EQ(source("tests/data/dead_inside.txt"), "estimate");
  EXPECT_EQ(source("--estimate examples/example.sgf"), "estimate");
}

// Every dead chain says how sure and why, whoever decided it: the marks and
// --dead are sure (1, "marked dead"); the estimate gives its playouts.
TEST_F(Cli, DeadChainsSayHowSureAndWhy) {
  const auto dead = [&](const std::string& args) {
    return nlohmann::json::parse(run("score --format json " + args).out)["dead_chains"];
  };
  for (const auto& c : dead("examples/example.sgf")) {
    EXPECT_EQ(c["source"], "marks");
    EXPECT_EQ(c["confidence"], 1);
    EXPECT_EQ(c["reason"], "marked dead");
  }
  const auto given = dead("--dead B7 tests/data/dead_inside.txt");
  ASSERT_EQ(given.size(), 1u);
  EXPECT_EQ(given[0]["source"], "option");
  EXPECT_EQ(given[0]["confidence"], 1);
  EXPECT_EQ(given[0]["reason"], "marked dead");
  const auto estimated = dead("tests/data/dead_inside.txt");
  ASSERT_EQ(estimated.size(), 3u);
  for (const auto& c : estimated) {
    EXPECT_EQ(c["source"], "estimate");
    EXPECT_GE(c["confidence"].get<double>(), 0.5);
    EXPECT_LE(c["confidence"].get<double>(), 1);
    EXPECT_NE(c["reason"].get<std::string>().find("playouts"), std::string::npos) << c;
  }
  // The text gives the estimate's confidence as a percentage beside its reason.
  const Output t = run("score --explain tests/data/dead_inside.txt");
  EXPECT_TRUE(std::regex_search(t.out, std::regex("white stone at B7 \\(1 stone\\): dead, confidence [0-9]+%: inside "
                                                  "black's territory, [0-9] liberties; captured in [0-9]+% of playouts\n")))
      << t.out;
}

// --judge model: the learned ownership model, checked by playouts, judges
// the same dead stones on a plain position and says so; a judge it does not
// know is refused with one line.
TEST_F(Cli, TheModelJudgesWhenAsked) {
  const Output o = run("score tests/data/dead_inside.txt --judge model --format json");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  const Output p = run("score tests/data/dead_inside.txt --format json");
  const auto k = nlohmann::json::parse(p.out);
  EXPECT_EQ(j["dead_chains"].size(), k["dead_chains"].size());
  EXPECT_EQ(j["result"], k["result"]);
  for (const auto& c : j["dead_chains"])
    EXPECT_NE(c["reason"].get<std::string>().find("ownership model and playouts"), std::string::npos) << c;
  EXPECT_NE(j["ownership"], k["ownership"]);  // the model's own, not the playouts'
  const Output bad = run("score tests/data/dead_inside.txt --judge oracle");
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.err.find("--judge"), std::string::npos) << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
}

// --judge cascade: the model decides the chains it is sure of (their reasons
// name it), the same dead stones and result as the playouts here; the HTTP
// API and the library take the same name.
TEST_F(Cli, TheCascadeJudgesWhenAsked) {
  const Output o = run("score tests/data/dead_inside.txt --judge cascade --format json");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  const auto k = nlohmann::json::parse(run("score tests/data/dead_inside.txt --format json").out);
  EXPECT_EQ(j["result"], k["result"]);
  ASSERT_EQ(j["dead_chains"].size(), k["dead_chains"].size());
  for (size_t i = 0; i < j["dead_chains"].size(); ++i) EXPECT_EQ(j["dead_chains"][i]["stones"], k["dead_chains"][i]["stones"]);
  bool by_model = false;
  for (const auto& c : j["estimate"]["groups"])
    by_model |= c["reason"].get<std::string>().find("ownership model") != std::string::npos;
  EXPECT_TRUE(by_model) << o.out;
}

// Every field of score's JSON is documented in docs/score.schema.json: the
// output of varied games (errors, methods, seki fills, estimates, a record
// that differs from its RE) validates against it, with Debian's
// python3-jsonschema; a field not in the schema fails.
// What was read leniently is said under the header; a warning is no error.
TEST_F(Cli, WarningsUnderTheHeaderExitZero) {
  const Output r = run("score tests/data/tolerant.sgf");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("; handicap 2\n"
                       "Warning: the record ends without its closing ')' (1 missing): read as far as it goes\n"
                       "Warning: KM is given 2 times (KM[6.5] KM[7]): the first is used\n"
                       "Moves: 3."),
            std::string::npos)
      << r.out;
}

TEST_F(Cli, ScoreJsonFollowsItsSchema) {
  ASSERT_EQ(std::system("/usr/bin/python3 -c 'import jsonschema' 2>/dev/null"), 0)
      << "python3-jsonschema is missing: bash scripts/deps.sh installs it";
  std::string all;
  for (const char* args : {"examples/example.sgf examples/example.txt examples/race.txt",
                           "--method all --side both tests/data/seki_three_shared.txt tests/data/two_sekis.txt",
                           "--seki-fill half --rules nz tests/data/seki_three_shared.txt",
                           "--rules tromp-taylor --method all examples/example.sgf",
                           "tests/data/recorded_other_komi.sgf tests/data/collection_bad_games.sgf",
                           "--no-estimate --alive B7 tests/data/dead_inside.txt",
                           "tests/data/tolerant.sgf"}) {
    const Output r = run(std::string("score --format json ") + args);
    ASSERT_FALSE(r.out.empty()) << args;
    all += r.out;
  }
  EXPECT_NE(all.find("\"difference_cause\":{\"kind\":\"komi\""), std::string::npos);
  EXPECT_NE(all.find("\"seki_fill\":{\"convention\":\"mays\""), std::string::npos);
  EXPECT_NE(all.find("\"error\""), std::string::npos);
  EXPECT_NE(all.find("\"warnings\":[\"the record ends without its closing ')'"), std::string::npos);
  const fs::path file = fs::temp_directory_path() / ("gocount_schema_" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(file, std::ios::binary) << all;
  const std::string cmd = "/usr/bin/python3 tests/validate_json.py docs/score.schema.json " + file.string();
  FILE* p = ::popen(cmd.c_str(), "r");
  ASSERT_TRUE(p);
  std::string report;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) report.append(buf, n);
  const int status = ::pclose(p);
  fs::remove(file);
  EXPECT_EQ(status, 0) << report;
  // The check can fail: an undocumented field is refused.
  const fs::path extra = fs::temp_directory_path() / ("gocount_schema_x_" + std::to_string(::getpid()) + ".jsonl");
  std::string first = all.substr(0, all.find('\n'));
  first.insert(1, "\"undocumented\":1,");
  std::ofstream(extra, std::ios::binary) << first << "\n";
  EXPECT_NE(std::system(("/usr/bin/python3 tests/validate_json.py docs/score.schema.json " + extra.string() +
                         " >/dev/null").c_str()),
            0);
  fs::remove(extra);
}

// A result written in Japanese is compared as a count: by hand, Black's
// wall on D with 27 points, White's on E with 36, komi 0.5: W+9.5.
TEST_F(Cli, AResultInJapaneseIsCompared) {
  const fs::path f = fs::temp_directory_path() / ("gocount_cli_ja_" + std::to_string(::getpid()) + ".sgf");
  const std::string record = "(;SZ[9]KM[0.5]RU[Japanese]RE[RESULT]AB[da][db][dc][dd][de][df][dg][dh][di]"
                             "AW[ea][eb][ec][ed][ee][ef][eg][eh][ei];B[];W[])";
  for (const auto& [re, words] : {std::pair{"白9目半勝ち", "agrees with the record (白9目半勝ち, W+9.5)"},
                                  {"黒1目半勝ち", "differs from the record (黒1目半勝ち, B+1.5)"},
                                  {"白中押し勝ち", "the record says 白中押し勝ち, which is no count"}}) {
    std::string text = record;
    text.replace(text.find("RESULT"), 6, re);
    std::ofstream(f, std::ios::binary) << text;
    const Output r = run("score " + f.string());
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), std::string("White wins by 9.5 points (Japanese rules, komi 0.5): ") + words);
  }
  EXPECT_NE(run("score " + f.string()).out.find("the recorded result 白中押し勝ち is not a count (a win by resignation)"),
            std::string::npos);
  fs::remove(f);
}

// A UTF-16 record (byte-order mark, NUL bytes between the ASCII letters) is
// no binary data: it is read and scored like its UTF-8 twin.
TEST_F(Cli, Utf16RecordsAreScored) {
  const Output r = run("score --format json tests/data/utf16.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"result\":\"B+4.5\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"matches_record\":true"), std::string::npos) << r.out;
}

// A referee puts "Chinese with n" beside "Chinese with n - 1": columns of
// rule sets with overrides of their own, the first the base of the
// differences. By hand (tests/data/handicap2.sgf, 2 stones, komi 0.5): Black
// 28, White 21 + 0.5 + n; n - 1 gives White a point less, as AGA does;
// Japanese no compensation, and its territory count agrees (Sj = Sc here).
TEST_F(Cli, CompareTakesColumnsWithTheirOwnOverrides) {
  const Output r = run("compare --rules chinese,chinese:compensation=n-1,aga,japanese tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  expect_golden("compare_columns.txt", r.out);
  const Output bad = run("compare --rules chinese:moon=1 tests/data/handicap2.sgf");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err,
            "gocount: --rules: unknown setting 'moon' in 'chinese:moon=1' (known: compensation, tie, seki-fill, komi, territory)\n");
  const Output tie = run("compare --tie white --rules chinese,ing --format json tests/data/handicap2.sgf");
  EXPECT_EQ(tie.status, 0) << tie.err;
  EXPECT_NE(tie.out.find("\"vs\":\"chinese\""), std::string::npos) << tie.out;
}

// Hand counts of every family: Mays' Table 10 from territory and stones apart
// (53 = 32 + 21 against 28 = 10 + 18, komi 6.5 off Black: 46.5 - 28); a
// Japanese count from territory and prisoners on the default 19x19 board
// (62 + 7 against 55 + 3 + 6.5: B+4.5, filled in: 59 against 48 + 6.5).
TEST_F(Cli, TallyCountsEveryFamilyByHand) {
  const Output area = run("tally --size 9 --komi 6.5 --black-territory 32 --black-stones 21 --white-territory 10 "
                          "--white-stones 18 --method full,ing --format json");
  ASSERT_EQ(area.status, 0) << area.err;
  EXPECT_NE(area.out.find("\"total_points\":{\"black\":53,\"white\":28}"), std::string::npos) << area.out;
  EXPECT_NE(area.out.find("{\"id\":\"adjusted_total_points\",\"label\":\"Adjusted total points\",\"value\":46.5,\"side\":\"black\"}"),
            std::string::npos);
  EXPECT_NE(area.out.find("\"method\":\"ing\""), std::string::npos);  // Ing needs territory and stones apart
  EXPECT_NE(area.out.find("\"result\":\"B+18.5\""), std::string::npos);
  const Output jp = run("tally --rules japanese --black-territory 62 --black-prisoners 7 --white-territory 55 "
                        "--white-prisoners 3");
  ASSERT_EQ(jp.status, 0) << jp.err;
  EXPECT_NE(jp.out.find("Board 19x19 (361 points); japanese rules; komi 6.5"), std::string::npos) << jp.out;
  EXPECT_NE(jp.out.find("  Territory left after the fill-in         59       48\n"), std::string::npos) << jp.out;
  EXPECT_NE(jp.out.find("Result: B+4.5\n"), std::string::npos);
  EXPECT_EQ(run("tally --black 181").status, 0);  // 19x19 by default
  const Output mixed = run("tally --rules japanese --black 40");
  EXPECT_EQ(mixed.status, 2);
  EXPECT_EQ(mixed.err, "gocount: japanese rules count territory and prisoners: give --black-territory and "
                       "--white-territory (and --black-prisoners, --white-prisoners)\n");
  EXPECT_EQ(run("tally --size 9 --black-territory 3").status, 2);
  EXPECT_EQ(run("tally --size 9 --black 40 --black-prisoners 3").status, 2);
  EXPECT_EQ(run("tally --size 9 --black 40 --method ing").status, 2);  // total points only
}


// --format diagram on a terminal: colour, and a board that reads back.

std::string without_escapes(const std::string& s) { return std::regex_replace(s, std::regex("\x1b\\[[0-9;]*m"), ""); }
bool has_escape(const std::string& s) { return s.find('\x1b') != std::string::npos; }

// The board rows of a diagram's output, without their coordinates, and its
// legend (the lines after the board).
struct PrintedBoard {
  std::string rows, legend;
};
PrintedBoard printed_board(const std::string& out) {
  PrintedBoard b;
  std::istringstream in(out.substr(out.rfind("\n    A ") + 1));
  std::string line;
  std::getline(in, line);  // the column letters
  while (std::getline(in, line)) {
    if (line.size() > 3 && line[2] >= '0' && line[2] <= '9') b.rows += line.substr(3) + "\n";
    else b.legend += line + "\n";
  }
  return b;
}

TEST_F(Cli, DiagramColorNeverHasNoEscape) {
  const Output r = run("score --format diagram --color never examples/example.sgf tests/data/two_sekis.txt");
  EXPECT_EQ(r.status, 0);
  EXPECT_FALSE(has_escape(r.out));
}

// Colour changes the look, not the characters; the text above the board
// (the tables) has none.
TEST_F(Cli, DiagramColorAlwaysSameCharacters) {
  for (const char* file : {"examples/example.sgf", "tests/data/seki_three_shared.txt", "tests/data/teire.txt",
                           "tests/data/unsealed.txt", "tests/data/dead_inside.txt"}) {
    const Output plain = run(std::string("score --format diagram --color never ") + file);
    const Output color = run(std::string("score --format diagram --color always ") + file);
    EXPECT_EQ(color.status, 0);
    EXPECT_TRUE(has_escape(color.out)) << file;
    EXPECT_EQ(without_escapes(color.out), plain.out) << file;
    const size_t board = color.out.rfind("\n    A ");
    EXPECT_FALSE(has_escape(color.out.substr(0, board))) << file;
    // Every coloured point ends its colour: nothing leaks past a line.
    std::istringstream lines(color.out);
    for (std::string line; std::getline(lines, line);)
      if (has_escape(line)) {
        EXPECT_EQ(line.compare(line.rfind('\x1b'), 4, "\x1b[0m"), 0) << line;
      }
  }
}

// Colour only for a terminal: piped output (auto, the default) has none;
// JSON and the text tables have no colour, and --color with them, which
// would do nothing, is refused.
TEST_F(Cli, DiagramColorOnlyOnATerminal) {
  EXPECT_FALSE(has_escape(run("score --format diagram examples/example.sgf").out));
  EXPECT_FALSE(has_escape(run("score --format diagram --color auto examples/example.sgf").out));
  EXPECT_FALSE(has_escape(run("score --format json examples/example.sgf").out));
  const Output json = run("score --format json --color always examples/example.sgf");
  EXPECT_EQ(json.status, 2);
  EXPECT_EQ(json.err, "gocount: --color colours the board of --format diagram: add it, or leave out --color\n");
  EXPECT_EQ(run("score --color never examples/example.sgf").status, 2);
  const Output set = run("score --set-result examples/example.sgf");
  EXPECT_EQ(set.status, 2);
  EXPECT_EQ(set.err, "gocount: --set-result replaces RE in the records written: add --write-sgf DIR or --in-place\n");
  EXPECT_EQ(run("score --rules '' examples/example.sgf").err,
            "gocount: --rules: an empty name names no rule set (see gocount score --help)\n");
  EXPECT_EQ(run("score --format diagram --color sometimes examples/example.sgf").status, 2);
  EXPECT_EQ(run("compare --color always examples/example.sgf").status, 2);  // no diagram to colour
}

// On a terminal (script(1) gives the command one), auto colours unless
// NO_COLOR is set or TERM is dumb; --color always colours all the same.
TEST_F(Cli, DiagramColorOnATerminalRespectsNoColor) {
  if (std::system("script -qec true /dev/null >/dev/null 2>&1") != 0) GTEST_SKIP() << "script(1) is missing";
  const auto on_tty = [](const std::string& env, const std::string& args) {
    const std::string cmd = env + " script -qec '" + std::string(GOCOUNT_BINARY) + " score --format diagram " + args +
                            " examples/example.sgf' /dev/null </dev/null";
    std::string out;
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return out;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    EXPECT_EQ(::pclose(p), 0) << cmd;
    EXPECT_NE(out.find("Result: B+1.5"), std::string::npos) << cmd;
    return out;
  };
  EXPECT_TRUE(has_escape(on_tty("env -u NO_COLOR TERM=xterm", "")));
  EXPECT_FALSE(has_escape(on_tty("NO_COLOR=1 TERM=xterm", "")));
  EXPECT_FALSE(has_escape(on_tty("env -u NO_COLOR TERM=dumb", "")));
  EXPECT_FALSE(has_escape(on_tty("env -u NO_COLOR TERM=xterm", "--color never")));
  EXPECT_TRUE(has_escape(on_tty("NO_COLOR=1 TERM=dumb", "--color always")));
}

// Territory marks are no stone letters, and dead stones are not x / o (which
// GNU Go and servers print for territory): every symbol on the board is in
// the legend, each class with its own.
TEST_F(Cli, DiagramLegendListsEverySymbol) {
  std::string symbols;
  for (const char* file : {"examples/example.sgf", "tests/data/seki_three_shared.txt", "tests/data/teire.txt",
                           "tests/data/unsealed.txt", "tests/data/dead_inside.txt"}) {
    const Output r = run(std::string("score --format diagram ") + file);
    EXPECT_EQ(r.status, 0);
    const PrintedBoard b = printed_board(r.out);
    EXPECT_EQ(b.legend,
              "X O stones (black, white); & @ stones in seki; Z P dead stones (removed)\n"
              "b w territory; 1 2 seki eyes; f g false eyes in seki; t u must still be filled (teire)\n"
              "s shared liberty; . dame; ^ one-sided dame; ? behind an unsealed border\n");
    // The legend's symbols: the one-character words that open each entry.
    std::string legend;
    std::istringstream entries(std::regex_replace(b.legend, std::regex("; |\n"), "\n"));
    for (std::string entry; std::getline(entries, entry);) {
      std::istringstream words(entry);
      for (std::string w; words >> w && w.size() == 1;) {
        EXPECT_EQ(legend.find(w), std::string::npos) << w << " twice in the legend";
        legend += w;
      }
    }
    EXPECT_EQ(legend, "XO&@ZPbw12fgtus.^?");
    for (char c : b.rows) {
      if (c == ' ' || c == '\n') continue;
      if (symbols.find(c) == std::string::npos) symbols += c;
      EXPECT_NE(legend.find(c), std::string::npos) << c << " is not in the legend";
    }
  }
  // Each class of these positions is shown, and dead stones are not x / o.
  for (char c : std::string("XOZPbw&@s?t.")) EXPECT_NE(symbols.find(c), std::string::npos) << c;
  EXPECT_EQ(symbols.find_first_of("xo"), std::string::npos) << symbols;
}

// The board of --format diagram, its coordinates taken off, reads back as
// the same position with the same dead stones: printed again (dead stones
// from its marks alone), it is the same board.
TEST_F(Cli, DiagramReadsBack) {
  const fs::path copy = fs::temp_directory_path() / ("gocount_cli_board_" + std::to_string(::getpid()) + ".txt");
  for (const char* file : {"examples/example.sgf", "examples/example.txt", "examples/race.txt",
                           "tests/data/seki_three_shared.txt", "tests/data/two_sekis.txt",
                           "tests/data/mays_example5.txt", "tests/data/dead_inside.txt", "tests/data/teire.txt",
                           "tests/data/unsealed.txt"}) {
    const Output first = run(std::string("score --format diagram ") + file);
    ASSERT_EQ(first.status, 0) << file;
    const PrintedBoard board = printed_board(first.out);
    std::ofstream(copy, std::ios::binary) << board.rows;
    const Output again = run("score --no-estimate --format diagram " + copy.string());
    EXPECT_EQ(again.status, 0) << file << "\n" << again.err;
    EXPECT_EQ(printed_board(again.out).rows, board.rows) << file;
    // The stones are the file's own (a diagram's).
    if (std::string(file).ends_with(".txt")) {
      const gocount::Diagram read = gocount::parse_diagram(board.rows);
      const gocount::Diagram original = gocount::parse_diagram(slurp(file));
      ASSERT_EQ(read.cells.size(), original.cells.size()) << file;
      for (size_t i = 0; i < read.cells.size(); ++i)
        EXPECT_EQ(std::toupper(read.cells[i]), std::toupper(original.cells[i])) << file << " point " << i;
    }
  }
  // Dead stones of both colours, as marked.
  const gocount::Diagram dead = gocount::parse_diagram(printed_board(run("score --format diagram examples/example.txt").out).rows);
  EXPECT_EQ(dead.cells, gocount::parse_diagram(slurp("examples/example.txt")).cells);
  fs::remove(copy);
}

// The board given twice, as --size and as --width or --height: one was
// dropped without a word (tally --size 9 --width 13 counted 13x9).
TEST_F(Cli, TheBoardIsGivenBySizeOrByWidthAndHeight) {
  const std::string line = "gocount: give the board as --size N or as --width W --height H, not both\n";
  for (const char* args : {"tally --size 9 --width 13 --black 41", "tally --size 9 --height 9 --black 41",
                           "keynumbers --size 9 --width 9 --height 9"}) {
    const Output r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, line) << args;
    EXPECT_EQ(r.out, "") << args;
  }
  EXPECT_EQ(run("tally --width 13 --height 9 --black 60").status, 0);
}

// One side alone: the other fell back to 19 (tally --width 13 counted 13x19).
TEST_F(Cli, TheBoardNeedsBothWidthAndHeight) {
  for (const std::string command : {"tally --black 60", "keynumbers"}) {
    for (const std::string side : {"--width", "--height"}) {
      const std::string args = command + " " + side + " 13", other = side == "--width" ? "--height" : "--width";
      const Output r = run(args);
      EXPECT_EQ(r.status, 2) << args;
      EXPECT_EQ(r.err, "gocount: " + side + " needs " + other + " (or give the board as --size N)\n") << args;
      EXPECT_EQ(r.out, "") << args;
    }
  }
  EXPECT_EQ(run("tally --size 13 --black 60").status, 0);
}

// A column's key given twice was taken as its last (komi 7.5 here).
TEST_F(Cli, CompareRefusesAColumnKeyGivenTwice) {
  const Output r = run("compare --rules chinese:komi=6.5:komi=7.5 tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: --rules: komi is given twice in 'chinese:komi=6.5:komi=7.5'\n");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(run("compare --rules chinese:komi=6.5,aga:komi=6.5 tests/data/handicap2.sgf").status, 0);  // a column each
}

// The list of columns splits at spaces as at commas: "chinese :komi=7" was
// "unknown rules ''", which named neither the setting nor the space.
TEST_F(Cli, CompareNamesASpaceThatSplitAColumn) {
  for (const auto& [rules, err] :
       {std::pair<std::string, std::string>{"chinese :komi=7", "':komi=7' has no rules before ':' (a space in "
                                                               "'chinese :komi=7'?)"},
        {"chinese,:komi=7", "':komi=7' has no rules before ':'"},
        {"chinese: komi=7", "'chinese:' has no setting after ':' (a space in 'chinese: komi=7'?)"}}) {
    const Output r = run("compare --rules '" + rules + "' tests/data/handicap2.sgf");
    EXPECT_EQ(r.status, 2) << rules;
    EXPECT_EQ(r.err, "gocount: --rules: " + err + "\n") << rules;
    EXPECT_EQ(r.out, "") << rules;
  }
}

// An empty item of --rules was dropped (",": one column, "": every rule
// set); one column alone has nothing to differ from, and no heading over
// nothing.
TEST_F(Cli, CompareRefusesAnEmptyColumn) {
  Output r = run("compare --rules chinese, tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: --rules: an empty item in 'chinese,': name a rule set between every two commas\n");
  EXPECT_EQ(run("compare --rules chinese,,aga tests/data/handicap2.sgf").err,
            "gocount: --rules: an empty item in 'chinese,,aga': name a rule set between every two commas\n");
  r = run("compare --rules '' tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: --rules: an empty value names no rule set (leave it out to compare every rule set)\n");
  EXPECT_EQ(run("compare --rules 'chinese, aga' tests/data/handicap2.sgf").status, 0);  // a space after the comma
  r = run("compare --rules chinese tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.find("Why the results differ"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("B+4.5       28     23.5\n\nMathematics of Scoring"), std::string::npos) << r.out;
}

// "" for a path was taken as no path (--sqlite "" wrote no table, -o ""
// printed); --dead "" as no stone dead, the record's marks set aside, where
// an unset variable may have been meant: --dead none says that.
TEST_F(Cli, EmptyPathsAndEmptyListsOfStonesAreRefused) {
  for (const char* option : {"--sqlite", "-o", "--summary", "--write-sgf", "--files-from"}) {
    const Output r = run(std::string("score ") + option + " '' examples/example.sgf");
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_NE(r.err.find(": an empty path names no file (see gocount score --help)\n"), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_EQ(r.out, "") << option;
  }
  for (const char* dead : {"''", "','"}) {
    const Output r = run(std::string("score --dead ") + dead + " examples/example.sgf");
    EXPECT_EQ(r.status, 2) << dead;
    EXPECT_EQ(r.err, "gocount: dead: an empty list names no stone; to say that no stone is dead, give the word none\n");
  }
  EXPECT_EQ(run("compare --alive '' examples/example.sgf").err, "gocount: alive: an empty list names no stone\n");
  // The record marks H7 and B7 dead: none sets them aside.
  const Output none = run("score --brief --dead none examples/example.sgf");
  EXPECT_EQ(none.status, 0) << none.err;
  EXPECT_EQ(none.out, "White wins by 4.5 points (Japanese rules, komi 6.5): differs from the record (B+1.5)\n");
  for (const char* mixed : {"--dead none --dead H7", "--dead none,H7"})
    EXPECT_EQ(run(std::string("score ") + mixed + " examples/example.sgf").err,
              "gocount: dead: none says that no stone is dead: give it without points\n")
        << mixed;
}

// Mays' key number is half the board moved by the komi: past the board's
// points one side can never win, and the other's "minimum" fell below 0
// (-9 for White with --komi 100 on 9x9).
TEST_F(Cli, KeyNumbersRefuseAKomiNoGameCanOvercome) {
  const struct {
    const char* args;
    const char* err;
  } cases[] = {
      {"--size 9 --komi 100", "komi 100: Black could not win even with all the board's 81 scoring points"},
      {"--size 9 --komi -100", "komi -100: White could not win even with all the board's 81 scoring points"},
      {"--size 9 --komi 80 --non-scoring 1", "komi 80: Black could not win even with all the board's 80 scoring points"},
      {"--size 9 --tie-breaker 90", "tie-breaker 90: Black could not win even with all the board's 81 scoring points"},
  };
  for (const auto& c : cases) {
    const Output r = run(std::string("keynumbers ") + c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_EQ(r.err, "gocount: " + std::string(c.err) + "\n") << c.args;
    EXPECT_EQ(r.out, "") << c.args;
  }
  // Black's last chance: every point but a half.
  const Output edge = run("keynumbers --size 9 --komi 80.5 --format json");
  EXPECT_EQ(edge.status, 0) << edge.err;
  EXPECT_NE(edge.out.find("\"key_number\":80.75,\"minimum_total_points\":81"), std::string::npos) << edge.out;
  EXPECT_EQ(edge.out.find("\"minimum_total_points\":-"), std::string::npos) << edge.out;
}

// A record whose HA is not the number of stones its root places is counted
// with HA, and says so, in the text and in the JSON's record_notes.
TEST_F(Cli, AHandicapOtherThanItsStonesIsNoted) {
  const std::string note = "HA[3] but the record places 2 black stones at the start: counted as a handicap of 3, as HA says";
  const fs::path record = fs::temp_directory_path() / ("gocount_cli_ha_" + std::to_string(::getpid()) + ".sgf");
  std::ofstream(record, std::ios::binary) << "(;GM[1]FF[4]SZ[9]HA[3]KM[0.5]RU[Chinese]AB[cc][gg];W[ee];B[];W[])";
  const Output text = run("score --no-estimate " + record.string());
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("Note on the record: " + note + ".\n"), std::string::npos) << text.out;
  const Output json = run("score --no-estimate --format json " + record.string());
  fs::remove(record);
  ASSERT_EQ(json.status, 0) << json.err;
  const nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["handicap"], 3);
  EXPECT_EQ(j["record_notes"], nlohmann::json::array({note}));
}

}  // namespace
