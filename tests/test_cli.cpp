// The gocount command as a user runs it: output (golden files checked by hand
// once), exit codes, and one-line errors that say what and where.
//
// GOCOUNT_UPDATE_GOLDEN=1 rewrites the golden files; read the diff before
// committing it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;

struct Output {
  int status = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override { fs::current_path(GOCOUNT_SOURCE_DIR); }

  // Runs `gocount ARGS` through the shell from the project folder.
  static Output run(const std::string& args) {
    const fs::path err = fs::temp_directory_path() / ("gocount_cli_err_" + std::to_string(::getpid()));
    const std::string cmd = std::string(GOCOUNT_BINARY) + " " + args + " 2>" + err.string();
    Output r;
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int st = ::pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.err = slurp(err);
    fs::remove(err);
    return r;
  }

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
  const Output r = run("score --format json tests/data/collection_bad_games.sgf");
  EXPECT_EQ(r.status, 1);
  expect_golden("collection_bad_games.jsonl", r.out);
  EXPECT_EQ(r.err,
            "gocount: tests/data/collection_bad_games.sgf: game 1: line 2, column 21: property name 'x' has no "
            "upper-case letter\n"
            "gocount: tests/data/collection_bad_games.sgf: game 2: line 3: move 2: W[zz]: move is not a point of "
            "this board\n");
}

TEST_F(Cli, IllegalMoveNamesMoveNumberPointAndLine) {
  const Output r = run("score tests/data/occupied.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "gocount: tests/data/occupied.sgf: game 0: line 3: move 3 (B D6): point is occupied\n");
}

TEST_F(Cli, MissingFileIsOneLineAndTheOtherFilesAreScored) {
  const Output r = run("score --format json no/such/file.sgf examples/example.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gocount: no/such/file.sgf: cannot open file\n");
  EXPECT_EQ(lines(r.out), 2);
  EXPECT_NE(r.out.find("\"result\":\"B+1.5\""), std::string::npos);
}

TEST_F(Cli, UsageErrorsExitWithTwo) {
  Output r = run("score --rules moon examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: unknown rules 'moon' (known: chinese, japanese, korean, aga, ing, nz, tromp-taylor)\n");
  r = run("score --format xml examples/example.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(lines(r.err), 1);
  r = run("");
  EXPECT_EQ(r.status, 2);
  r = run("score --komi abc examples/example.sgf");
  EXPECT_EQ(r.status, 2);
}

TEST_F(Cli, DeadStoneOnAnEmptyPointIsAnError) {
  const Output r = run("score --dead A9 examples/example.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gocount: examples/example.sgf: game 0: dead stone A9 names an empty point\n");
}

TEST_F(Cli, MalformedDiagramNamesTheLine) {
  const Output r = run("score - < tests/data/ragged.txt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gocount: <stdin>: game 0: line 3: row has 2 points, the first row (line 2) has 3\n");
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

// The text says how the shared liberties were filled (checked by hand:
// tests/data/two_sekis.txt, 26 + 29 + 1 = 56 against 20 + 4 + 1 + 7.5; the
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
  const Output r = run("tally --size 9 --black 41 --handicap 1 --method full");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("chinese rules; komi 0.5; handicap 1;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Result: B+0.5"), std::string::npos) << r.out;
  for (const char* rules : {"ing", "nz"}) {
    const Output o = run(std::string("tally --size 9 --black 41 --handicap 1 --method full --rules ") + rules);
    EXPECT_NE(o.out.find("komi 0; handicap 1;"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("Result: B+1"), std::string::npos) << o.out;
  }
}

TEST_F(Cli, OutOfRangeNumbersAreUsageErrors) {
  EXPECT_EQ(run("tally --size 9 --black -2147483648").status, 2);
  EXPECT_EQ(run("tally --size 53 --black 40").status, 2);
  EXPECT_EQ(run("keynumbers --size 9 --komi 1e60").status, 2);
  const Output r = run("score tests/data/huge_komi.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("komi must be a number from -1000 to 1000"), std::string::npos) << r.err;
}

TEST_F(Cli, TallyChecksTheTotals) {
  Output r = run("tally --size 9 --black 39 --white 41");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: total points 39 + 41 + 0 non-scoring do not make the board's 81 points\n");
  r = run("tally --size 9 --black 39 --rules japanese");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gocount: japanese rules count territory; tally counts total points (area rules)\n");
  r = run("tally --black 39");
  EXPECT_EQ(r.status, 2);
  r = run("tally --size 9 --black 39 --method japanese");
  EXPECT_EQ(r.status, 2);
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
            "gocount: examples/example.sgf: game 0: Half Counting does not count what japanese rules count "
            "(territory)\n");
  EXPECT_EQ(run("score --method quarter examples/example.sgf").status, 2);
}

TEST_F(Cli, RulesListsEveryPreset) {
  const Output r = run("rules");
  EXPECT_EQ(r.status, 0);
  expect_golden("rules.txt", r.out);
  const Output j = run("rules --format json");
  EXPECT_NE(j.out.find("{\"name\":\"aga\",\"scoring\":\"area\",\"handicap_compensation\":\"n-1\""),
            std::string::npos)
      << j.out;
}

TEST_F(Cli, EstimateProposesTheDeadStones) {
  const Output r = run("score --estimate --format json tests/data/dead_inside.txt");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"dead\":{\"black\":[\"H7\"],\"white\":[\"B7\",\"B3\",\"C3\"]}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"estimate\":{\"finished\":true"), std::string::npos) << r.out;
  const Output t = run("score --estimate tests/data/dead_inside.txt");
  EXPECT_NE(t.out.find("white stone at B7 (1 stone): dead"), std::string::npos) << t.out;
}

// A group that lives by a capturing race (examples/race.txt, the position
// of test_estimate): the estimate's words and the count, checked by hand
// (Black 11 territory less White's 2 prisoners = 9; White 10 + 6.5).
TEST_F(Cli, EstimateExplainsAndCountsACapturingRace) {
  const Output r = run("score --estimate --format diagram examples/race.txt");
  EXPECT_EQ(r.status, 0);
  expect_golden("score_estimate_race.txt", r.out);
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
                           "--seki-fill half --rules ing tests/data/seki_three_shared.txt",
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

}  // namespace
