// `gocount score` over archives, as a researcher runs it: --jobs keeps the
// input order and the results, CSV and SQLite tables hold one row a game,
// --resume skips what is there (and scores a changed record again), the
// summary counts the games against their recorded results, and records come
// back marked with everything else kept.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "game/game.h"
#include "report/table.h"
#include "run_gocount.h"
#include "sgf/sgf.h"

namespace gocount {
namespace {

namespace fs = std::filesystem;
using gocount_test::run_gocount;
using gocount_test::slurp;

class Bulk : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gocount_bulk_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) rows.push_back(parse_csv_line(line).value());
  return rows;
}

const char* kInputs = "examples/example.sgf tests/data/collection_bad_games.sgf tests/data/two_sekis.txt "
                      "tests/data/handicap2.sgf examples/race.txt";

TEST_F(Bulk, JobsKeepTheInputOrderAndTheResults) {
  const auto one = run_gocount(std::string("score --quiet --format json --jobs 1 ") + kInputs);
  const auto two = run_gocount(std::string("score --quiet --format json --jobs 2 ") + kInputs);
  const auto many = run_gocount(std::string("score --quiet --format json --jobs 7 ") + kInputs);
  EXPECT_EQ(one.status, 1);  // two games of the collection cannot be read
  EXPECT_EQ(two.out, one.out);
  EXPECT_EQ(many.out, one.out);
  EXPECT_EQ(two.err, one.err);
  const auto text1 = run_gocount(std::string("score --quiet --jobs 1 ") + kInputs);
  const auto text2 = run_gocount(std::string("score --quiet --jobs 2 ") + kInputs);
  EXPECT_EQ(text1.out, text2.out);
}

// The index of a CSV column by its name.
size_t column(std::string_view name) {
  const auto& c = game_row_columns();
  return static_cast<size_t>(std::find(c.begin(), c.end(), name) - c.begin());
}

TEST_F(Bulk, CsvHasOneRowAGameWithTheErrorsInPlace) {
  const auto r = run_gocount("score --quiet --format csv tests/data/collection_bad_games.sgf examples/example.sgf");
  EXPECT_EQ(r.status, 1);
  const auto rows = csv_rows(r.out);
  ASSERT_EQ(rows.size(), 6u);  // the header, four games of the collection, the example
  EXPECT_EQ(rows[0], std::vector<std::string>(game_row_columns().begin(), game_row_columns().end()));
  EXPECT_EQ(rows[2][1], "1");
  EXPECT_EQ(rows[2][column("error")], "line 2, column 21: property name 'x' has no upper-case letter");
  const auto& ex = rows[5];
  ASSERT_EQ(ex.size(), game_row_columns().size());
  EXPECT_EQ(ex[0], "examples/example.sgf");
  EXPECT_EQ(ex[column("rules")], "japanese");
  EXPECT_EQ(ex[column("komi")], "6.5");
  EXPECT_EQ(ex[column("result")], "B+1.5");
  EXPECT_EQ(ex[column("recorded_result")], "B+1.5");
  EXPECT_EQ(ex[column("matches")], "true");
  EXPECT_EQ(ex[column("dead_source")], "marks");
  EXPECT_EQ(ex[column("dead_stones")], "B7 H7");
  // Each side's score as Japanese rules add it up: territory + prisoners,
  // komi to White (34 + 2 and 27 + 1 + 6.5, the example's table).
  EXPECT_EQ(ex[column("black_score")], "36");
  EXPECT_EQ(ex[column("white_score")], "34.5");
  // A value with a comma is quoted (RFC 4180) and reads back whole.
  const auto cause = run_gocount("score --quiet --format csv examples/recorded_other_komi.sgf");
  const auto crow = csv_rows(cause.out).at(1);
  EXPECT_EQ(crow[column("difference_cause")], "komi");
  EXPECT_NE(crow[column("difference_text")].find("fits komi"), std::string::npos) << cause.out;
}

// The rows of the `games` table, by SQL.
std::vector<std::vector<std::string>> query(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  std::vector<std::vector<std::string>> out;
  if (sqlite3_open(db.c_str(), &h) != SQLITE_OK) return out;
  sqlite3_stmt* q = nullptr;
  sqlite3_prepare_v2(h, sql.c_str(), -1, &q, nullptr);
  while (q && sqlite3_step(q) == SQLITE_ROW) {
    std::vector<std::string> row;
    for (int i = 0; i < sqlite3_column_count(q); ++i) {
      const unsigned char* t = sqlite3_column_text(q, i);
      row.push_back(t ? reinterpret_cast<const char*>(t) : "NULL");
    }
    out.push_back(row);
  }
  sqlite3_finalize(q);
  sqlite3_close(h);
  return out;
}

TEST_F(Bulk, SqliteTableAndResume) {
  const std::string db = path("games.db");
  const auto first = run_gocount("score --quiet --sqlite " + db + " --summary " + path("s1.json") + " " + kInputs +
                                 " >/dev/null");
  EXPECT_EQ(first.status, 1);
  // Closed when the run ends: the rows are in the file itself, not left in
  // its write-ahead log, so a copy of the file alone holds them (looked at
  // before any query: closing the last connection to it moves them too).
  EXPECT_FALSE(fs::exists(db + "-wal"));
  fs::copy_file(db, path("copy.db"));
  EXPECT_EQ(query(path("copy.db"), "select count(*) from games"), (std::vector<std::vector<std::string>>{{"8"}}));
  EXPECT_EQ(query(db, "select count(*) from games")[0][0], "8");
  EXPECT_EQ(query(db, "select count(*) from games where error is not null")[0][0], "2");
  EXPECT_EQ(query(db, "select result, matches, dead_source, dead_stones from games where file = 'examples/example.sgf'"),
            (std::vector<std::vector<std::string>>{{"B+1.5", "1", "marks", "B7 H7"}}));
  EXPECT_EQ(query(db, "select count(*) from runs")[0][0], "1");
  EXPECT_NE(query(db, "select command from runs")[0][0].find("--sqlite"), std::string::npos);
  // Run again with --resume: every game counted before is skipped.
  const auto again = run_gocount("score --quiet --resume --sqlite " + db + " --summary " + path("s2.json") + " " +
                                 kInputs);
  const auto s2 = nlohmann::json::parse(slurp(path("s2.json")));
  EXPECT_EQ(s2["skipped"], 6);
  EXPECT_EQ(s2["scored"], 0);
  EXPECT_EQ(again.out, "");
  // A record changed since is scored again.
  fs::copy_file("tests/data/handicap2.sgf", path("h.sgf"));
  run_gocount("score --quiet --sqlite " + db + " " + path("h.sgf"));
  std::string text = slurp(path("h.sgf"));
  text.replace(text.find("KM[0.5]"), 7, "KM[6.5]");
  std::ofstream(path("h.sgf"), std::ios::binary) << text;
  const auto changed = run_gocount("score --quiet --resume --format csv --sqlite " + db + " " + path("h.sgf"));
  ASSERT_EQ(csv_rows(changed.out).size(), 2u) << changed.out;
  EXPECT_EQ(query(db, "select komi from games where file = '" + path("h.sgf") + "'")[0][0], "6.5");
  EXPECT_EQ(query(db, "select count(*) from runs")[0][0], "4");
}

// examples/example.sgf with other players: `root` in place of PB[Black]PW[White].
void write_with_players(const std::string& path, const std::string& root) {
  std::string text = slurp("examples/example.sgf");
  text.replace(text.find("PB[Black]PW[White]"), 18, root);
  std::ofstream(path, std::ios::binary) << text;
}

// Who played, when and where are columns of the CSV and the table, as UTF-8
// whatever the record's charset; a name with a comma and quotes is quoted
// and reads back whole; a byte that is no character becomes U+FFFD.
TEST_F(Bulk, PlayersDateAndEventAreColumnsInUtf8) {
  write_with_players(path("utf8.sgf"), "CA[UTF-8]PB[李昌镐]BR[9p]PW[Cho, \"the\" Hunhyun]WR[9d]DT[2006-01-01]"
                                       "EV[Asian TV Cup]");
  // 李昌镐 in GB2312, as Chinese servers write it.
  write_with_players(path("gb.sgf"), "CA[gb2312]PB[\xC0\xEE\xB2\xFD\xB8\xE4]PW[x]");
  // A name cut inside a character (as some Fox records are).
  write_with_players(path("broken.sgf"), "PB[\xEC\x9B?ab]");
  const std::string inputs = " " + path("utf8.sgf") + " " + path("gb.sgf") + " " + path("broken.sgf");
  const auto r = run_gocount("score --quiet --format csv --sqlite " + path("p.db") + inputs);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = csv_rows(r.out);
  ASSERT_EQ(rows.size(), 4u) << r.out;
  EXPECT_EQ(rows[1][column("black_player")], "李昌镐");
  EXPECT_EQ(rows[1][column("black_rank")], "9p");
  EXPECT_EQ(rows[1][column("white_player")], "Cho, \"the\" Hunhyun");
  EXPECT_EQ(rows[1][column("white_rank")], "9d");
  EXPECT_EQ(rows[1][column("date")], "2006-01-01");
  EXPECT_EQ(rows[1][column("event")], "Asian TV Cup");
  EXPECT_EQ(rows[2][column("black_player")], "李昌镐");
  EXPECT_EQ(rows[3][column("black_player")], "\xEF\xBF\xBD\xEF\xBF\xBD?ab");
  EXPECT_EQ(rows[3][column("white_player")], "");
  EXPECT_EQ(query(path("p.db"), "select black_player, white_player, date, black_score, white_score from games "
                                "where file = '" + path("utf8.sgf") + "'"),
            (std::vector<std::vector<std::string>>{{"李昌镐", "Cho, \"the\" Hunhyun", "2006-01-01", "36.0", "34.5"}}));
  // The same fields in JSON, and the text's second line.
  const auto j = nlohmann::json::parse(run_gocount("score --format json" + inputs.substr(0, inputs.find(' ', 1))).out);
  EXPECT_EQ(j["black_player"], "李昌镐");
  EXPECT_EQ(j["white_rank"], "9d");
  EXPECT_EQ(j["event"], "Asian TV Cup");
  // Real records in GB2312 and Shift_JIS (Sabaki's tests).
  const fs::path sabaki = "../shared/data/sabaki-sgf-tests";
  if (fs::exists(sabaki)) {
    const auto names = csv_rows(run_gocount("score --quiet --format csv " + (sabaki / "chinese.sgf").string() + " " +
                                            (sabaki / "japanese.sgf").string())
                                    .out);
    ASSERT_EQ(names.size(), 3u);
    EXPECT_EQ(names[1][column("black_player")] + "/" + names[1][column("white_player")], "古力/柯洁");
    EXPECT_EQ(names[2][column("black_player")] + "/" + names[2][column("white_player")], "井山 裕太/山下 敬吾");
  }
  const auto text = run_gocount("score " + path("gb.sgf")).out;
  EXPECT_EQ(text.substr(text.find('\n') + 1, text.find('\n', text.find('\n') + 1) - text.find('\n')),
            "Black: 李昌镐; White: x\n");
}

// A table made before the player columns gains them.
TEST_F(Bulk, AnOlderTableGainsThePlayerColumns) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(path("old.db").c_str(), &h), SQLITE_OK);
  sqlite3_exec(h,
               "CREATE TABLE games(file TEXT NOT NULL, game INTEGER NOT NULL, record_hash TEXT, width INTEGER, "
               "height INTEGER, rules TEXT, komi REAL, handicap INTEGER, result TEXT, margin REAL, recorded_result "
               "TEXT, matches INTEGER, dead_source TEXT, dead_stones TEXT, difference_cause TEXT, difference_text "
               "TEXT, error TEXT, run INTEGER, PRIMARY KEY(file, game))",
               nullptr, nullptr, nullptr);
  sqlite3_close(h);
  write_with_players(path("a.sgf"), "PB[Honinbo Shusaku]PW[Gennan Inseki]");
  const auto r = run_gocount("score --quiet --sqlite " + path("old.db") + " " + path("a.sgf"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(query(path("old.db"), "select black_player, white_player, result from games"),
            (std::vector<std::vector<std::string>>{{"Honinbo Shusaku", "Gennan Inseki", "B+1.5"}}));
}

TEST_F(Bulk, ResumeFromTheOutputFile) {
  const std::string out = path("out.jsonl");
  run_gocount("score --quiet --format json -o " + out + " examples/example.sgf");
  const auto r = run_gocount("score --quiet --resume --format json -o " + out + " --summary " + path("s.json") +
                             " examples/example.sgf tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string lines = slurp(out);
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 2) << lines;  // one each, none twice
  EXPECT_EQ(nlohmann::json::parse(slurp(path("s.json")))["skipped"], 1);
  EXPECT_EQ(run_gocount("score --resume examples/example.sgf").status, 2);  // nothing to resume from
  // The table goes on in its own form: CSV rows were appended to the JSON
  // lines, and text was appended to as if it were a table.
  const auto csv = run_gocount("score --quiet --resume --format csv -o " + out + " tests/data/handicap2.sgf");
  EXPECT_EQ(csv.status, 2);
  EXPECT_EQ(csv.err, "gocount: -o " + out + ": holds JSON lines: --resume goes on in the same form (--format json)\n");
  EXPECT_EQ(slurp(out), lines);
  const auto text = run_gocount("score --quiet --resume -o " + path("out.txt") + " examples/example.sgf");
  EXPECT_EQ(text.status, 2);
  EXPECT_EQ(text.err, "gocount: -o " + path("out.txt") +
                          ": --resume reads back what it wrote, a table: give --format csv or json (text is not one)\n");
}

// A run stopped mid-row (killed, the disk full) leaves a cut line: --resume
// drops it, says so, and counts its game again, rather than gluing the next
// row onto it. A game counted again (an error retried, a record changed
// since) replaces its earlier row: one row a game, as in SQLite.
TEST_F(Bulk, ResumeLeavesOneWholeRowAGame) {
  const std::string inputs = " examples/example.sgf tests/data/collection_bad_games.sgf tests/data/handicap2.sgf";
  const std::string ref = path("ref.csv"), cut = path("cut.csv");
  run_gocount("score --quiet --format csv -o " + ref + inputs);
  const std::string whole = slurp(ref);
  const size_t second_row = whole.find('\n', whole.find('\n') + 1);
  std::ofstream(cut, std::ios::binary) << whole.substr(0, second_row + 20);
  const auto r = run_gocount("score --quiet --resume --format csv -o " + cut + inputs);
  EXPECT_EQ(r.status, 1);  // the collection's broken games, again
  EXPECT_NE(r.err.find("gocount: -o " + cut +
                       ": its last line was cut short (a run stopped while writing it): dropped, and its game counted "
                       "again\n"),
            std::string::npos)
      << r.err;
  auto sorted_rows = [](const std::string& text) {
    auto rows = csv_rows(text);
    std::sort(rows.begin() + 1, rows.end());
    return rows;
  };
  EXPECT_EQ(sorted_rows(slurp(cut)), sorted_rows(whole));
  // Again: the two error rows are retried, and replace themselves.
  run_gocount("score --quiet --resume --format csv -o " + cut + inputs);
  EXPECT_EQ(sorted_rows(slurp(cut)), sorted_rows(whole));
  // A record changed since: its new row replaces the old.
  fs::copy_file("examples/example.sgf", path("ch.sgf"));
  run_gocount("score --quiet --format json -o " + path("ch.jsonl") + " " + path("ch.sgf"));
  std::string record = slurp(path("ch.sgf"));
  record.replace(record.find("KM[6.5]"), 7, "KM[0.5]");
  std::ofstream(path("ch.sgf"), std::ios::binary) << record;
  run_gocount("score --quiet --resume --format json -o " + path("ch.jsonl") + " " + path("ch.sgf"));
  const std::string lines = slurp(path("ch.jsonl"));
  ASSERT_EQ(std::count(lines.begin(), lines.end(), '\n'), 1) << lines;
  EXPECT_EQ(nlohmann::json::parse(lines)["komi"], 0.5);
  // A header cut short is no header: the file starts again.
  std::ofstream(path("h.csv"), std::ios::binary) << "file,game,record_hash";
  run_gocount("score --quiet --resume --format csv -o " + path("h.csv") + " examples/example.sgf");
  EXPECT_EQ(csv_rows(slurp(path("h.csv"))).at(0), csv_rows(whole).at(0));
}

// Two outputs on one file, or an output on the list of inputs: refused
// before anything is written (the summary had replaced the SQLite table,
// the CSV the list of files). --write-sgf never writes over another input,
// nor two inputs onto one file.
TEST_F(Bulk, NoOutputIsWrittenOverAnotherOrOverAnInput) {
  const std::string db = path("keep.db");
  ASSERT_EQ(run_gocount("score --quiet --sqlite " + db + " examples/example.sgf").status, 0);
  const std::string table = slurp(db);
  auto refused = [&](const std::string& args, const std::string& err) {
    const auto r = run_gocount("score --quiet " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "gocount: " + err + "\n") << args;
  };
  refused("examples/example.sgf --sqlite " + db + " --resume --summary " + db,
          "--summary " + db + ": is also the --sqlite file: one would be written over the other; give each its own file");
  EXPECT_EQ(slurp(db), table);
  refused("examples/example.sgf --format csv -o " + path("same") + " --summary " + path("same"),
          "--summary " + path("same") + ": is also the -o file: one would be written over the other; give each its own "
          "file");
  std::ofstream(path("list.txt")) << "examples/example.sgf\n";
  refused("--files-from " + path("list.txt") + " --format csv -o " + path("list.txt"),
          "-o " + path("list.txt") + ": is also an input (" + path("list.txt") +
              "): writing it would destroy the record; give another file");
  EXPECT_EQ(slurp(path("list.txt")), "examples/example.sgf\n");
  // In dir_/work: in/a.sgf would be written to out/in/a.sgf, another input;
  // ../in/a.sgf and in/a.sgf both to out2/in/a.sgf.
  for (const char* d : {"work/in", "work/out/in", "in"}) fs::create_directories(path(d));
  fs::copy_file("examples/example.sgf", path("work/in/a.sgf"));
  fs::copy_file("tests/data/handicap2.sgf", path("work/out/in/a.sgf"));
  fs::copy_file("tests/data/handicap2.sgf", path("in/a.sgf"));
  const fs::path here = fs::current_path();
  fs::current_path(path("work"));
  refused("--write-sgf out in/a.sgf out/in/a.sgf",
          "--write-sgf out: would write in/a.sgf over the input out/in/a.sgf: give another directory");
  refused("--write-sgf out2 ../in/a.sgf in/a.sgf",
          "--write-sgf out2: ../in/a.sgf and in/a.sgf would both be written to out2/in/a.sgf: write them in separate "
          "runs or to separate directories");
  fs::current_path(here);
  EXPECT_EQ(slurp(path("work/out/in/a.sgf")), slurp("tests/data/handicap2.sgf"));
  EXPECT_FALSE(fs::exists(path("work/out2")));
  const auto full = run_gocount("score --quiet --summary /dev/full examples/example.sgf");
  EXPECT_EQ(full.status, 1);
  EXPECT_EQ(full.err, "gocount: /dev/full: cannot write the summary: No space left on device\n");
}

// A CSV written before the player columns: --resume finds its games by the
// columns its header names, and the games it adds keep to those columns.
TEST_F(Bulk, ResumeIntoAnOlderCsvKeepsItsColumns) {
  const auto now = csv_rows(run_gocount("score --quiet --format csv examples/example.sgf").out);
  ASSERT_EQ(now.size(), 2u);
  const std::set<std::string> players{"black_player", "black_rank", "white_player", "white_rank", "date", "event"};
  std::string older;
  for (const auto& row : now) {
    std::vector<std::string> kept;
    for (size_t k = 0; k < row.size(); ++k)
      if (!players.count(now[0][k])) kept.push_back(row[k]);
    older += csv_line(kept);
  }
  std::ofstream(path("old.csv"), std::ios::binary) << older;
  const auto r = run_gocount("score --quiet --resume --format csv -o " + path("old.csv") + " --summary " +
                             path("s.json") + " examples/example.sgf tests/data/handicap2.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(path("s.json")))["skipped"], 1);  // example.sgf, found by its columns
  const auto rows = csv_rows(slurp(path("old.csv")));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].size(), now[0].size() - players.size());
  EXPECT_EQ(rows[2].size(), rows[0].size());  // handicap2.sgf, in the file's own columns
  EXPECT_EQ(rows[2][0], "tests/data/handicap2.sgf");
  // A column gocount does not write: one line, nothing counted.
  std::ofstream(path("odd.csv"), std::ios::binary) << "file,game,colour\r\n";
  const auto odd = run_gocount("score --quiet --resume --format csv -o " + path("odd.csv") + " examples/example.sgf");
  EXPECT_EQ(odd.status, 2);
  EXPECT_EQ(odd.err, "gocount: -o " + path("odd.csv") +
                         ": its CSV column 'colour' is not one gocount writes: start a new file to count into\n");
  EXPECT_EQ(slurp(path("odd.csv")), "file,game,colour\r\n");
}

TEST_F(Bulk, SummaryCountsTheGamesAgainstTheirRecordedResults) {
  const auto r = run_gocount("score --format csv --summary " + path("s.json") +
                             " examples/example.sgf examples/recorded_other_komi.sgf tests/data/collection_bad_games.sgf");
  const auto s = nlohmann::json::parse(slurp(path("s.json")));
  EXPECT_EQ(s["games_read"], 6);
  EXPECT_EQ(s["scored"], 4);
  EXPECT_EQ(s["errors"], 2);
  EXPECT_EQ(s["errors_by_kind"]["syntax"], 1);
  EXPECT_EQ(s["errors_by_kind"]["replay"], 1);
  EXPECT_EQ(s["against_record"]["same result"]["games"], 1);
  EXPECT_EQ(s["against_record"]["no counted result"]["games"], 2);
  const int other = s["against_record"]["same winner, another margin"]["games"].get<int>() +
                    s["against_record"]["another winner"]["games"].get<int>();
  EXPECT_EQ(other, 1);
  EXPECT_EQ(s["against_record"]["same winner, another margin"]["by_difference_cause"]["komi"], 1);
  // The same whatever is printed: the text and JSON write no row, the
  // summary reads the result's own values.
  for (const std::string format : {"text", "json"}) {
    run_gocount("score --quiet --format " + format + " --summary " + path("t.json") +
                " examples/example.sgf examples/recorded_other_komi.sgf tests/data/collection_bad_games.sgf");
    EXPECT_EQ(nlohmann::json::parse(slurp(path("t.json")))["against_record"], s["against_record"]) << format;
  }
  // On standard error too, after the per-game errors; never a progress line
  // when standard error is not a terminal.
  EXPECT_NE(r.err.find("gocount: 6 games read, 4 scored, 0 skipped, 2 errors in "), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos);
  EXPECT_EQ(run_gocount("score --quiet --format csv examples/example.sgf examples/race.txt").err, "");
}

// The records an archive test works on, copied where the test can change them.
void copy_records(const fs::path& dir) {
  fs::create_directories(dir / "2024" / "May");
  fs::copy_file("examples/example.sgf", dir / "2024" / "example.sgf");
  fs::copy_file("examples/recorded_other_komi.sgf", dir / "2024" / "May" / "komi.SGF");
  fs::copy_file("tests/data/collection_bad_games.sgf", dir / "bad.sgf");
  fs::copy_file("examples/race.txt", dir / "2024" / "May" / "race.txt");
  std::ofstream(dir / "2024" / "README.txt") << "Games of the club, 2024.\n";
  std::ofstream(dir / "scores.csv") << "a,b\n";
}

TEST_F(Bulk, SqliteAloneKeepsTheTerminalForProgressAndErrors) {
  const std::string inputs = " examples/example.sgf tests/data/collection_bad_games.sgf";
  const auto r = run_gocount("score --sqlite " + path("a.db") + inputs);
  EXPECT_EQ(r.out, "");  // no text report per game
  EXPECT_NE(r.err.find("game 1: line 2, column 21"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("5 games read, 3 scored"), std::string::npos) << r.err;
  EXPECT_EQ(query(path("a.db"), "select count(*) from games")[0][0], "5");
  // -o takes the games; asked for by --format, standard output too.
  EXPECT_EQ(run_gocount("score --sqlite " + path("b.db") + " -o " + path("b.txt") + inputs).out, "");
  EXPECT_NE(slurp(path("b.txt")).find("B+1.5"), std::string::npos);
  EXPECT_EQ(csv_rows(run_gocount("score --format csv --sqlite " + path("c.db") + inputs).out).size(), 6u);
}

TEST_F(Bulk, AFolderIsReadRecursively) {
  copy_records(dir_ / "archive");
  const auto r = run_gocount("score --quiet --format csv " + path("archive"));
  EXPECT_EQ(r.status, 1);  // two games of bad.sgf cannot be read
  std::vector<std::string> files;
  for (const auto& row : csv_rows(r.out))
    if (row[0] != "file" && (files.empty() || files.back() != row[0])) files.push_back(row[0]);
  const std::string a = path("archive");
  const std::vector<std::string> want = {a + "/2024/May/komi.SGF", a + "/2024/May/race.txt", a + "/2024/example.sgf",
                                         a + "/bad.sgf"};
  EXPECT_EQ(files, want);  // in name order; the notes and the CSV left out
  std::string listed;
  for (const std::string& f : want) listed += " " + f;
  EXPECT_EQ(r.out, run_gocount("score --quiet --format csv" + listed).out);
  EXPECT_NE(r.err.find(a + ": 1 .txt file that holds no diagram left out (" + a + "/2024/README.txt)"), std::string::npos)
      << r.err;
  fs::create_directories(path("empty"));
  const auto empty = run_gocount("score --quiet " + path("empty"));
  EXPECT_EQ(empty.status, 1);
  EXPECT_EQ(empty.err, "gocount: " + path("empty") + ": a folder with no .sgf record or .txt diagram in it\n");
}

TEST_F(Bulk, ProgressLinesWhereStandardErrorIsNoTerminal) {
  const auto forced = run_gocount("score --progress --format csv -o " + path("o.csv") + " " + kInputs);
  // The last line says where the run ended (standard error is a file here).
  EXPECT_NE(forced.err.find("gocount: 8 games, "), std::string::npos) << forced.err;
  EXPECT_NE(forced.err.find(", 2 errors, 100% read\n"), std::string::npos) << forced.err;
  EXPECT_EQ(forced.err.find('\r'), std::string::npos);
  const auto plain = run_gocount("score --format csv -o " + path("p.csv") + " " + kInputs);
  EXPECT_EQ(plain.err.find("100% read"), std::string::npos) << plain.err;
}

TEST_F(Bulk, KeepGoingMakesWhatCannotBeReadRowsAndExitsZero) {
  const std::string inputs = " tests/data/collection_bad_games.sgf " + path("missing.sgf") + " examples/example.sgf";
  EXPECT_EQ(run_gocount("score --quiet --format csv" + inputs).status, 1);
  const auto r = run_gocount("score --quiet --keep-going --format csv --sqlite " + path("k.db") + inputs);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(path("missing.sgf") + ": "), std::string::npos) << r.err;  // still said
  const auto rows = csv_rows(r.out);
  ASSERT_EQ(rows.size(), 7u) << r.out;  // header, four games, the missing file, the example
  const auto error = std::find(game_row_columns().begin(), game_row_columns().end(), "error") - game_row_columns().begin();
  EXPECT_EQ(rows[5][0], path("missing.sgf"));
  EXPECT_NE(rows[5][error].find("No such file"), std::string::npos) << r.out;
  EXPECT_EQ(rows[6][error], "");
  EXPECT_EQ(query(path("k.db"), "select count(*) from games where error is not null")[0][0], "3");
  EXPECT_EQ(query(path("k.db"), "select count(*) from games where error is null")[0][0], "3");
  // Failing to write still fails the run.
  EXPECT_NE(run_gocount("score --quiet --keep-going --format csv -o " + path("no/such/dir/o.csv") + inputs).status, 0);
}

// After --resume the summary is the whole archive's: the games counted by an
// earlier run are in its figures, as they would be from one run over all,
// and it says how many were skipped.
TEST_F(Bulk, ResumeSummaryCoversTheWholeArchive) {
  copy_records(dir_ / "archive");
  const std::string a = path("archive");
  fs::copy_file("tests/data/handicap2.sgf", dir_ / "later.sgf");
  for (const std::string& form : {"--sqlite " + path("t.db"), "--format csv -o " + path("t.csv"),
                                 "--format json -o " + path("t.jsonl")}) {
    run_gocount("score --quiet " + form + " " + a);
    const auto resumed = run_gocount("score --resume " + form + " --summary " + path("r.json") + " " + a + " " +
                                     path("later.sgf"));
    run_gocount("score --quiet --format csv --summary " + path("all.json") + " " + a + " " + path("later.sgf"));
    const auto r = nlohmann::json::parse(slurp(path("r.json"))), all = nlohmann::json::parse(slurp(path("all.json")));
    EXPECT_EQ(r["against_record"], all["against_record"]) << form;
    EXPECT_EQ(r["games_read"], all["games_read"]) << form;
    EXPECT_EQ(r["skipped"], 5) << form;  // every game of the archive read before
    EXPECT_EQ(r["scored"], 1) << form;   // later.sgf
    EXPECT_EQ(r["errors"], 2) << form;   // bad.sgf's, tried again
    EXPECT_NE(resumed.err.find("skipped: 5 counted by an earlier run (--resume)"), std::string::npos) << resumed.err;
    EXPECT_NE(resumed.err.find("gocount: 8 games read, 1 scored, 5 skipped, 2 errors"), std::string::npos)
        << resumed.err;
  }
}

TEST_F(Bulk, RecordsWrittenBackMarkedOrInPlace) {
  fs::copy_file("tests/data/handicap2.sgf", path("h.sgf"));
  const std::string original = slurp(path("h.sgf"));
  const auto r = run_gocount("score --quiet --write-sgf " + path("out") + " " + path("h.sgf") + " examples/example.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(path("out") + "/examples/example.txt"), slurp("examples/example.txt"));  // no place for marks: as it was
  EXPECT_EQ(slurp(path("h.sgf")), original);  // the input is never touched
  fs::path written = path("out") / fs::path(path("h.sgf")).relative_path();
  const std::string marked = slurp(written);
  EXPECT_NE(marked.find("RE[B+4.5]"), std::string::npos) << marked;
  EXPECT_NE(marked.find("TB[aa]"), std::string::npos) << marked;
  EXPECT_NE(marked.find("C[gocount: B+4.5 under Chinese rules, komi 0.5; dead stones: none (estimate)]"), std::string::npos);
  // In place, with the result replaced.
  std::string wrong = original;
  wrong.insert(wrong.find("KM["), "RE[W+3]");
  std::ofstream(path("h.sgf"), std::ios::binary) << wrong;
  EXPECT_EQ(run_gocount("score --quiet --in-place " + path("h.sgf")).status, 0);
  EXPECT_NE(slurp(path("h.sgf")).find("RE[W+3]"), std::string::npos);  // kept without --set-result
  EXPECT_EQ(run_gocount("score --quiet --in-place --set-result " + path("h.sgf")).status, 0);
  const std::string fixed = slurp(path("h.sgf"));
  EXPECT_NE(fixed.find("RE[B+4.5]"), std::string::npos) << fixed;
  EXPECT_EQ(fixed.find("RE[W+3]"), std::string::npos);
  EXPECT_FALSE(fs::exists(path("h.sgf.gocount-tmp")));
  EXPECT_EQ(run_gocount("score --in-place --write-sgf " + path("o") + " " + path("h.sgf")).status, 2);
  // Through a link, the file it points to is rewritten and the link stays;
  // a private record stays private; a file of two names keeps both.
  std::ofstream(path("h.sgf"), std::ios::binary) << original;
  fs::create_symlink("h.sgf", path("link.sgf"));
  fs::permissions(path("h.sgf"), fs::perms::owner_read | fs::perms::owner_write);
  fs::create_hard_link(path("h.sgf"), path("other.sgf"));
  ASSERT_EQ(run_gocount("score --quiet --in-place " + path("link.sgf")).status, 0);
  EXPECT_TRUE(fs::is_symlink(path("link.sgf")));
  EXPECT_NE(slurp(path("h.sgf")).find("RE[B+4.5]"), std::string::npos);
  EXPECT_EQ(slurp(path("other.sgf")), slurp(path("h.sgf")));
  EXPECT_EQ(fs::status(path("h.sgf")).permissions(), fs::perms::owner_read | fs::perms::owner_write);
}

// RE[Draw] under komi 0.5 is no count, as the text says ("which is no
// count"): the summary puts it there too, not under "another winner".
TEST_F(Bulk, AResultThatIsNoCountIsNoCountInTheSummary) {
  std::ofstream(path("d.sgf"), std::ios::binary)
      << "(;FF[4]SZ[5]KM[0.5]RU[Chinese]RE[Draw];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[])";
  const auto r = run_gocount("score --brief --summary " + path("s.json") + " " + path("d.sgf"));
  EXPECT_NE(r.out.find("the record says Draw, which is no count"), std::string::npos) << r.out;
  const auto s = nlohmann::json::parse(slurp(path("s.json")));
  EXPECT_EQ(s["against_record"]["no counted result"]["games"], 1) << s.dump();
  EXPECT_EQ(s["against_record"]["another winner"]["games"], 0) << s.dump();
}

// A written record read back gives the count written into it: marks that
// the count did not use alone (the estimate's, or --dead/--alive) are
// replaced, and RE is left out, and said so, where it would not be the
// game's own result (not finished, other komi or rules, a resignation under
// --set-result). A repeated comment keeps every word.
TEST_F(Bulk, AWrittenRecordReadsBackAsCounted) {
  // E3 marked dead by the players; counted alive, the marks go with it.
  std::ofstream(path("m.sgf"), std::ios::binary)
      << "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[ec];W[];B[]"
         "TB[aa][ab][ac][ad][ae]TW[ea][eb][ec][ed][ee])";
  ASSERT_EQ(run_gocount("score --quiet --in-place --alive E3 " + path("m.sgf")).status, 0);
  const std::string m = slurp(path("m.sgf"));
  EXPECT_NE(m.find("RE[B+5.5]"), std::string::npos) << m;
  EXPECT_EQ(m.find("TW["), std::string::npos) << m;  // E3 alive: no white territory
  EXPECT_EQ(run_gocount("score --brief " + path("m.sgf")).out,
            "Black wins by 5.5 points (Chinese rules, komi 0.5): agrees with the record (B+5.5)\n");
  // Not finished, other komi, a resignation: marks and comment, RE not written.
  std::ofstream(path("u.sgf"), std::ios::binary) << "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc])";
  std::ofstream(path("k.sgf"), std::ios::binary)
      << "(;GM[1]FF[4]SZ[5]KM[6.5]RU[Chinese];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[])";
  std::ofstream(path("r.sgf"), std::ios::binary)
      << "(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[])";
  const auto r = run_gocount("score --brief --write-sgf " + path("o") + " " + path("u.sgf"));
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find(": game 0: RE not written: the position is not finished (points still need a move)\n"),
            std::string::npos)
      << r.err;
  const auto k = run_gocount("score --brief --komi 0 --write-sgf " + path("o") + " " + path("k.sgf"));
  EXPECT_NE(k.err.find(": game 0: RE not written: the count is with komi 0, the record's KM says 6.5\n"),
            std::string::npos)
      << k.err;
  const auto c = run_gocount("score --brief --rules japanese --write-sgf " + path("o") + " " + path("k.sgf"));
  EXPECT_NE(c.err.find(": game 0: RE not written: the count is under Japanese rules, the record is read under "
                       "Chinese rules\n"),
            std::string::npos)
      << c.err;
  const auto w = run_gocount("score --brief --set-result --write-sgf " + path("o") + " " + path("r.sgf"));
  EXPECT_NE(w.err.find(": game 0: RE not written: the record's RE[W+R] is no count (the game was won otherwise) and "
                       "stays\n"),
            std::string::npos)
      << w.err;
  const fs::path o = path("o") / fs::path(dir_).relative_path();
  EXPECT_EQ(slurp(o / "u.sgf").find("RE["), std::string::npos);
  EXPECT_NE(slurp(o / "u.sgf").find("C[gocount: W+6.5 under Chinese rules"), std::string::npos);
  EXPECT_EQ(slurp(o / "k.sgf").find("RE["), std::string::npos);
  EXPECT_NE(slurp(o / "r.sgf").find("RE[W+R]"), std::string::npos);
  // --set-result over a count replaces it; --quiet keeps the notes off.
  std::ofstream(path("k.sgf"), std::ios::binary)
      << "(;GM[1]FF[4]SZ[5]KM[6.5]RU[Chinese]RE[W+3];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[])";
  const auto q = run_gocount("score --quiet --set-result --in-place " + path("k.sgf"));
  EXPECT_EQ(q.err, "");
  EXPECT_NE(slurp(path("k.sgf")).find("RE[W+6.5]"), std::string::npos);
  // A record with CRLF line ends gets its paragraph break in CRLF too.
  std::ofstream(path("crlf.sgf"), std::ios::binary)
      << "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]\r\n;B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[]"
         "C[gg])\r\n";
  ASSERT_EQ(run_gocount("score --quiet --in-place " + path("crlf.sgf")).status, 0);
  EXPECT_NE(slurp(path("crlf.sgf")).find("C[gg\r\n\r\ngocount: "), std::string::npos) << slurp(path("crlf.sgf"));
  // C[x]C[y]: both kept.
  std::ofstream(path("c.sgf"), std::ios::binary) << "(;GM[1]FF[4]SZ[5]KM[0.5]AB[aa]AB[bb];B[];W[]C[x]C[y])";
  ASSERT_EQ(run_gocount("score --quiet --in-place " + path("c.sgf")).status, 0);
  EXPECT_NE(slurp(path("c.sgf")).find("C[x\n\ny\n\ngocount: "), std::string::npos) << slurp(path("c.sgf"));
}

// Written back twice, a record holds one count: the second run's takes the
// place of the first's (it was added under it), the player's own comment
// kept as it was.
TEST_F(Bulk, WrittenBackAgainTheCountIsReplaced) {
  std::ofstream(path("c.sgf"), std::ios::binary)
      << "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[];W[]C[good game\\] gocount: see you])";
  const std::string count = "\ngocount: ";
  for (const char* run : {"score --quiet --in-place ", "score --quiet --in-place ", "score --quiet --in-place --komi 0 "}) {
    ASSERT_EQ(run_gocount(run + path("c.sgf")).status, 0) << run;
    const std::string written = slurp(path("c.sgf"));
    EXPECT_EQ(written.find(count), written.rfind(count)) << written;  // one count
    EXPECT_NE(written.find("C[good game\\] gocount: see you\n\ngocount: "), std::string::npos) << written;
  }
  const std::string last = slurp(path("c.sgf"));
  EXPECT_NE(last.find(" under Chinese rules, komi 0; dead stones: "), std::string::npos) << last;  // the last run's
  EXPECT_EQ(last.find("komi 7"), std::string::npos) << last;
  // A count alone in the comment is replaced whole.
  std::ofstream(path("d.sgf"), std::ios::binary) << "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[];W[])";
  for (int i = 0; i < 2; ++i) ASSERT_EQ(run_gocount("score --quiet --in-place " + path("d.sgf")).status, 0);
  const std::string alone = slurp(path("d.sgf"));
  EXPECT_NE(alone.find("C[gocount: "), std::string::npos) << alone;
  EXPECT_EQ(alone.find("\n\ngocount:"), std::string::npos) << alone;
}

// A Shift-JIS record is written back in Shift-JIS: the players' names the
// same bytes (表ソ ends in 0x5C twice, which read as SGF escapes would
// have swallowed BR), what gocount adds in ASCII.
TEST_F(Bulk, AShiftJisRecordIsWrittenBackInShiftJis) {
  const std::string original = "(;GM[1]FF[4]CA[Shift_JIS]SZ[5]KM[0.5]PB[\x95\x5C\x83\x5C]BR[\x8B\xE3\x92\x69]"
                               "PW[\x93\x7D\x8B\x42\x94\xF2];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];"
                               "W[de];B[];W[])";
  std::ofstream(path("sj.sgf"), std::ios::binary) << original;
  const auto csv = run_gocount("score --quiet --format csv --in-place --set-result " + path("sj.sgf"));
  ASSERT_EQ(csv.status, 0) << csv.err;
  const auto rows = csv_rows(csv.out);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][column("black_player")] + "/" + rows[1][column("black_rank")], "表ソ/九段");
  const std::string written = slurp(path("sj.sgf"));
  EXPECT_NE(written.find("PB[\x95\x5C\x83\x5C]BR[\x8B\xE3\x92\x69]PW[\x93\x7D\x8B\x42\x94\xF2]"), std::string::npos);
  EXPECT_NE(written.find("RE[W+0.5]"), std::string::npos) << written;
  EXPECT_EQ(written.find("\xE8\xA1\xA8"), std::string::npos);  // no UTF-8 表
}

// --move counts a position before the record's end: its marks and result
// do not belong in the record, which is written back as it was, the game
// still printed, the line saying why, and the run failing.
TEST_F(Bulk, APositionBeforeTheEndIsNotWrittenIntoTheRecord) {
  fs::copy_file("tests/data/handicap2.sgf", path("h.sgf"));
  const auto r = run_gocount("score --quiet --brief --move 10 --in-place " + path("h.sgf"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(slurp(path("h.sgf")), slurp("tests/data/handicap2.sgf"));
  EXPECT_NE(r.out.find("Black wins by 20.5 points"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "gocount: " + path("h.sgf") +
                       ": game 0: not written into the record: marks and a result belong to the end of the record, "
                       "not to move 10\n");
  EXPECT_EQ(run_gocount("score --quiet --move 15 --in-place " + path("h.sgf")).status, 0);  // its last move: the end
  EXPECT_NE(slurp(path("h.sgf")).find("RE[B+4.5]"), std::string::npos);
}

// Every property of every node but the ones gocount writes (RE in the root;
// TB, TW and C in the last node of the main line) as read.
void expect_same_but_marks(const std::string& before, const std::string& after, const std::string& where, int* games) {
  sgf::Reader r1(before), r2(after);
  sgf::GameTree t1, t2;
  for (int n = 0;; ++n) {
    bool more1 = false, more2 = false, bad1 = false, bad2 = false;
    try {
      more1 = r1.next(t1);
    } catch (const sgf::Error&) {
      bad1 = true;
    }
    try {
      more2 = r2.next(t2);
    } catch (const sgf::Error&) {
      bad2 = true;
    }
    ASSERT_EQ(bad1, bad2) << where << " game " << n;
    if (bad1) continue;
    ASSERT_EQ(more1, more2) << where << " game " << n;
    if (!more1) return;
    ++*games;
    ASSERT_EQ(t1.size(), t2.size()) << where << " game " << n;
    const auto line = t1.main_line();
    const uint32_t last = line.empty() ? 0 : line.back();
    for (uint32_t i = 0; i < t1.size(); ++i) {
      auto props = [&](const sgf::GameTree& t) {
        std::vector<std::pair<std::string, std::vector<std::string>>> out;
        for (uint32_t k = 0; k < t.node(i).property_count; ++k) {
          const sgf::Property& p = t.property(i, k);
          if ((i == 0 && p.id == "RE") || (i == last && (p.id == "TB" || p.id == "TW" || p.id == "C"))) continue;
          std::vector<std::string> values;
          for (uint32_t v = 0; v < p.value_count; ++v) values.emplace_back(t.value(p, v));
          out.emplace_back(std::string(p.id), values);
        }
        return out;
      };
      ASSERT_EQ(props(t1), props(t2)) << where << " game " << n << " node " << i;
    }
  }
}

// Every record of ../shared/data written back marked reads back to the same
// count from its marks alone, and is otherwise unchanged; the games that
// cannot be read are reported, and copied as they were.
TEST_F(Bulk, EverySharedRecordMarkedReadsBackToTheSameCount) {
  const fs::path data = fs::path(GOCOUNT_SHARED_DATA).lexically_normal();
  if (!fs::exists(data)) GTEST_SKIP() << data << " is absent";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(data))
    if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  {
    std::ofstream list(path("list.txt")), written(path("written.txt"));
    for (const fs::path& f : files) {
      list << f.string() << "\n";
      written << (dir_ / "out" / f.relative_path()).string() << "\n";
    }
  }
  const std::string list = " --files-from " + path("list.txt"), written = " --files-from " + path("written.txt");
  const auto first = run_gocount("score --quiet --jobs 2 --format csv --write-sgf " + path("out") + " --summary " +
                                 path("s1.json") + " -o " + path("first.csv") + list);
  const auto second = run_gocount("score --quiet --jobs 2 --no-estimate --format csv --summary " + path("s2.json") +
                                  " -o " + path("second.csv") + written);
  const auto s1 = nlohmann::json::parse(slurp(path("s1.json"))), s2 = nlohmann::json::parse(slurp(path("s2.json")));
  EXPECT_EQ(s1["games_read"], s2["games_read"]);
  EXPECT_EQ(s1["errors"], s2["errors"]);
  EXPECT_GT(s1["scored"].get<int>(), 90000);
  // The errors are on standard error, one line each, as many as counted.
  EXPECT_EQ(std::count(first.err.begin(), first.err.end(), '\n'), s1["errors"].get<int>() + s1["inputs_unreadable"].get<int>())
      << first.err.substr(0, 2000);
  const auto a = csv_rows(slurp(path("first.csv"))), b = csv_rows(slurp(path("second.csv")));
  ASSERT_EQ(a.size(), b.size());
  int differ = 0;
  for (size_t i = 1; i < a.size(); ++i) {
    // file differs (the copy's path); the game, the result, the dead stones and the errors do not.
    for (int col : {1, 8, 13, 16})
      if (a[i][col] != b[i][col]) {
        if (++differ <= 10) ADD_FAILURE() << a[i][0] << " game " << a[i][1] << ": column " << col << ": " << a[i][col]
                                          << " then " << b[i][col];
      }
  }
  EXPECT_EQ(differ, 0);
  int games = 0, unreadable = 0;
  for (const fs::path& f : files) {
    const fs::path w = dir_ / "out" / f.relative_path();
    if (!fs::exists(w)) {  // an input that is no text of games (binary, empty): reported, not written
      EXPECT_NE(first.err.find("gocount: " + f.string() + ": "), std::string::npos) << f;
      ++unreadable;
      continue;
    }
    expect_same_but_marks(slurp(f), slurp(w), f.string(), &games);
  }
  EXPECT_EQ(unreadable, s1["inputs_unreadable"].get<int>());
  EXPECT_GT(games, 90000);
  std::cout << files.size() << " files, " << s1["games_read"] << " games written back and read again: " << s1["scored"]
            << " scored the same from their marks, " << s1["errors"] << " reported as errors\n";
}

}  // namespace
}  // namespace gocount
