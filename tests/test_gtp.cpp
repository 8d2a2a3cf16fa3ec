// gocount gtp, the engine by transcript: the protocol's framing (ids, empty
// lines, comments, CR LF, tabs, control characters), every command, the
// analyze commands' output in GoGui's formats, and malformed input answered
// with one '?' line while the engine keeps serving.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gtp/engine.h"

namespace gocount::gtp {
namespace {

const std::string kSource = GOCOUNT_SOURCE_DIR;

// The whole conversation: `input` in, every response out.
std::string transcript(const std::string& input, Engine* engine = nullptr) {
  Engine own;
  std::istringstream in(input);
  std::ostringstream out;
  serve(engine ? *engine : own, in, out);
  return out.str();
}

// One command's response (framing included).
std::string ask(Engine& e, const std::string& line) { return e.handle_line(line); }
// One command that must succeed: its text, the framing off.
std::string ok(Engine& e, const std::string& line) {
  const std::string r = e.handle_line(line);
  EXPECT_TRUE(r.starts_with("= ")) << line << " -> " << r;
  EXPECT_TRUE(r.ends_with("\n\n")) << line;
  return r.size() >= 4 ? r.substr(2, r.size() - 4) : r;
}
// One command that must fail: its message.
std::string err(Engine& e, const std::string& line) {
  const std::string r = e.handle_line(line);
  EXPECT_TRUE(r.starts_with("? ")) << line << " -> " << r;
  EXPECT_TRUE(r.ends_with("\n\n")) << line;
  EXPECT_EQ(r.find('\n'), r.size() - 2) << "an error is one line: " << r;
  return r.size() >= 4 ? r.substr(2, r.size() - 4) : r;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  return out;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// gocount score's result on a record, in GTP's form.
std::string score_of(const std::string& sgf, const std::string& rules = "") {
  const std::string r = gocount::score(read_record(sgf), {.rules = rules}).result();
  return r == "Draw" ? "0" : r;
}

int stones(const Position& p, Stone color) {
  const std::vector<Stone> b = p.board();
  return static_cast<int>(std::count(b.begin(), b.end(), color));
}

// --- framing ---

TEST(GtpFraming, IdsAreEchoed) {
  Engine e;
  EXPECT_EQ(ask(e, "1 name"), "=1 gocount\n\n");
  EXPECT_EQ(ask(e, "name"), "= gocount\n\n");
  EXPECT_EQ(ask(e, "42 genmove b"), "?42 unknown command\n\n");
  EXPECT_EQ(ask(e, "007 protocol_version"), "=007 2\n\n");
  EXPECT_EQ(ask(e, "9"), "?9 no command after the id\n\n");
}

TEST(GtpFraming, EmptyLinesAndCommentsAreIgnored) {
  EXPECT_EQ(transcript("\n   \n# a comment\n\t\nname # what are you\n\n"), "= gocount\n\n");
  EXPECT_EQ(transcript("#name\n"), "");
}

TEST(GtpFraming, CrLfTabsAndControlCharacters) {
  EXPECT_EQ(transcript("1\tname\r\n2 known_command\tplay\r\n"), "=1 gocount\n\n=2 true\n\n");
  EXPECT_EQ(transcript("na\x01me\r\n"), "= gocount\n\n");          // control characters are dropped
  EXPECT_EQ(transcript("  3   protocol_version   \n"), "=3 2\n\n");  // spaces around and between
  EXPECT_EQ(transcript("name"), "= gocount\n\n");                    // the last line without its LF
}

TEST(GtpFraming, QuitEndsTheSession) {
  EXPECT_EQ(transcript("quit\nname\n"), "= \n\n");
  EXPECT_EQ(transcript("5 quit\n"), "=5 \n\n");
  EXPECT_EQ(transcript(""), "");  // a closed standard input: a clean end, nothing said
}

TEST(GtpFraming, NoEmptyLineInsideAResponse) {
  Engine e;
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");
  for (const std::string cmd : {"gocount-count", "gocount-compare", "showboard", "list_commands", "gocount-count all both"}) {
    const std::string r = ask(e, cmd);
    EXPECT_EQ(r.find("\n\n"), r.size() - 2) << cmd << ":\n" << r;
  }
}

// --- administrative commands ---

TEST(GtpCommands, Administrative) {
  Engine e;
  EXPECT_EQ(ok(e, "protocol_version"), "2");
  EXPECT_EQ(ok(e, "name"), "gocount");
  EXPECT_EQ(ok(e, "version"), std::string(kVersion));
  EXPECT_EQ(ok(e, "known_command final_score"), "true");
  EXPECT_EQ(ok(e, "known_command genmove"), "false");
  EXPECT_EQ(ok(e, "known_command kata-set-rules"), "true");
  err(e, "known_command");
  const std::vector<std::string> listed = split(ok(e, "list_commands"), '\n');
  for (const std::string required :
       {"protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize", "clear_board",
        "komi", "play", "undo", "fixed_handicap", "set_free_handicap", "loadsgf", "showboard", "final_score",
        "final_status_list", "kata-set-rules", "kata-get-rules", "gocount-dead", "gocount-alive", "gocount-count",
        "gocount-compare", "gocount-score-json", "gogui-analyze_commands"})
    EXPECT_NE(std::find(listed.begin(), listed.end(), required), listed.end()) << required;
  EXPECT_EQ(std::find(listed.begin(), listed.end(), "genmove"), listed.end());
  for (const std::string& c : listed) EXPECT_EQ(ok(e, "known_command " + c), "true") << c;
  EXPECT_EQ(err(e, "genmove black"), "unknown command");
}

TEST(GtpCommands, Boardsize) {
  Engine e;
  EXPECT_EQ(err(e, "boardsize 30"), "boardsize 30 is not from 2 to 25");
  EXPECT_EQ(err(e, "boardsize 1"), "boardsize 1 is not from 2 to 25");
  EXPECT_EQ(err(e, "boardsize nine"), "boardsize nine is not from 2 to 25");
  err(e, "boardsize 99999999999999999999999");
  err(e, "boardsize 9.5");
  err(e, "boardsize");
  err(e, "boardsize 9 9");
  EXPECT_EQ(e.game().width(), 19);  // unchanged
  ok(e, "boardsize 9");
  EXPECT_EQ(e.game().width(), 9);
  ok(e, "play b E5");
  ok(e, "clear_board");
  EXPECT_EQ(stones(e.game(), Stone::black), 0);
  EXPECT_EQ(e.game().width(), 9);
}

TEST(GtpCommands, Komi) {
  Engine e;
  ok(e, "boardsize 9");
  EXPECT_EQ(ok(e, "get_komi"), "7.5");  // the rules' (chinese) until told
  for (const std::string bad : {"nan", "inf", "6.5x", "1e400", "0x9", "", "1001"})
    EXPECT_NE(err(e, "komi " + bad).find("komi"), std::string::npos) << bad;
  ok(e, "komi 6.5");
  EXPECT_EQ(ok(e, "get_komi"), "6.5");
  ok(e, "clear_board");  // komi stays
  EXPECT_EQ(ok(e, "get_komi"), "6.5");
  ok(e, "komi -3");
  EXPECT_EQ(ok(e, "get_komi"), "-3");
  // A count is written to six decimals: a komi past them is refused (komi
  // 1e-7 made W+0, a draw's answer in GTP, of White's win).
  EXPECT_EQ(err(e, "komi 1e-7"), "komi 1e-07: at most six decimals (a count is written to six)");
  EXPECT_EQ(err(e, "komi 0.1234567"), "komi 0.1234567: at most six decimals (a count is written to six)");
  EXPECT_EQ(ok(e, "get_komi"), "-3");
  ok(e, "komi 0.000001");
  EXPECT_EQ(ok(e, "get_komi"), "0.000001");
}

TEST(GtpCommands, PlayAndUndo) {
  Engine e;
  ok(e, "boardsize 9");
  ok(e, "play b D4");
  EXPECT_EQ(err(e, "play w D4"), "illegal move: D4 is occupied by a black stone");
  EXPECT_EQ(err(e, "play w Z9"), "illegal move: 'Z9' is not a point of this 9x9 board");
  EXPECT_EQ(err(e, "play w J10"), "illegal move: 'J10' is not a point of this 9x9 board");
  EXPECT_EQ(err(e, "play w I5"), "illegal move: 'I5' is not a point of this 9x9 board");
  EXPECT_EQ(err(e, "play red D5"), "'red' is not a colour (b, black, w, white)");
  err(e, "play b");
  err(e, "play b D5 E5");
  ok(e, "play WHITE d5");  // case does not matter
  ok(e, "play w PASS");
  EXPECT_EQ(e.game().moves(), 3);
  EXPECT_NE(ok(e, "showboard").find("Moves 3;"), std::string::npos);
  // A command that takes no arguments refuses them, and does nothing (undo
  // x took a move back, clear_board x cleared).
  EXPECT_EQ(err(e, "undo x"), "undo takes no arguments");
  EXPECT_EQ(err(e, "clear_board x"), "clear_board takes no arguments");
  EXPECT_EQ(err(e, "final_score now"), "final_score takes no arguments");
  EXPECT_EQ(e.game().moves(), 3);
  ok(e, "undo");
  ok(e, "undo");
  ok(e, "undo");
  EXPECT_EQ(err(e, "undo"), "cannot undo: no move to take back");
  EXPECT_EQ(stones(e.game(), Stone::black), 0);
  // Suicide: forbidden under Chinese rules, allowed under New Zealand rules.
  ok(e, "play b A2");
  ok(e, "play b B1");
  EXPECT_EQ(err(e, "play w A1"), "illegal move: A1 is suicide, which Chinese rules forbid");
  ok(e, "kata-set-rules nz");
  ok(e, "play w A1");
  EXPECT_EQ(e.game().captures(Stone::black), 1);
  // Ko: taking back at once is refused.
  ok(e, "clear_board");
  for (const std::string m : {"b D5", "w E5", "b C4", "w F4", "b D3", "w E3", "b E4"}) ok(e, "play " + m);
  ok(e, "play w D4");  // takes E4
  EXPECT_EQ(err(e, "play b E4"), "illegal move: E4 retakes the ko at once");
  ok(e, "play b A9");
  ok(e, "play w A8");
  ok(e, "play b E4");  // a move elsewhere, then the ko may be taken
}

TEST(GtpCommands, FixedHandicapAsTheSpecificationPlacesIt) {
  const std::vector<std::string> want19 = {"", "", "D4 Q16", "D4 Q16 D16", "D4 Q16 D16 Q4", "D4 Q16 D16 Q4 K10",
                                           "D4 Q16 D16 Q4 D10 Q10", "D4 Q16 D16 Q4 D10 Q10 K10",
                                           "D4 Q16 D16 Q4 D10 Q10 K4 K16", "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"};
  for (int n = 2; n <= 9; ++n) {
    Engine e;
    EXPECT_EQ(ok(e, "fixed_handicap " + std::to_string(n)), want19[n]);
    EXPECT_EQ(e.game().handicap(), n);
    EXPECT_EQ(stones(e.game(), Stone::black), n);
  }
  Engine e;
  EXPECT_NE(err(e, "fixed_handicap 10").find("invalid number of stones"), std::string::npos);
  err(e, "fixed_handicap 1");
  err(e, "fixed_handicap x");
  ok(e, "boardsize 9");
  EXPECT_EQ(ok(e, "fixed_handicap 5"), "C3 G7 C7 G3 E5");
  EXPECT_EQ(err(e, "fixed_handicap 2"), "board not empty: handicap stones go on an empty board (clear_board first)");
  EXPECT_EQ(err(e, "undo"), "cannot undo: no move to take back");  // the handicap is the start
  ok(e, "boardsize 8");
  EXPECT_NE(err(e, "fixed_handicap 5").find("2 to 4"), std::string::npos);
  ok(e, "boardsize 13");
  EXPECT_EQ(ok(e, "fixed_handicap 4"), "D4 K10 D10 K4");
  ok(e, "boardsize 5");
  err(e, "fixed_handicap 2");
}

TEST(GtpCommands, SetFreeHandicap) {
  Engine e;
  ok(e, "boardsize 9");
  err(e, "set_free_handicap C3");
  EXPECT_EQ(err(e, "set_free_handicap C3 C3"), "bad vertex list: C3 is given twice");
  EXPECT_EQ(err(e, "set_free_handicap C3 pass"), "bad vertex list: 'pass' is not a point of this 9x9 board");
  err(e, "set_free_handicap C3 Z1");
  EXPECT_EQ(stones(e.game(), Stone::black), 0);
  EXPECT_EQ(ok(e, "set_free_handicap C3 g7 E5"), "C3 G7 E5");
  EXPECT_EQ(e.game().handicap(), 3);
  err(e, "set_free_handicap A1 A2");
}

// --- counting ---

TEST(GtpCounting, FinalScoreEqualsScoreOnTheSameRecord) {
  // The moves of tests/data/handicap2.sgf, played through the connection.
  Engine e;
  ok(e, "boardsize 7");
  ok(e, "komi 0.5");
  ok(e, "set_free_handicap D5 D3");
  for (const std::string m : {"w E7", "b D7", "w E6", "b D6", "w E5", "b D4", "w E4", "b D2", "w E3", "b D1", "w E2",
                              "b pass", "w E1", "b pass", "w pass"})
    ok(e, "play " + m);
  const std::string record = slurp(kSource + "/tests/data/handicap2.sgf");
  EXPECT_EQ(ok(e, "final_score"), score_of(record));
  for (const std::string rules : {"japanese", "korean", "aga", "ing", "nz", "tromp-taylor", "chinese"}) {
    ok(e, "kata-set-rules " + rules);
    EXPECT_EQ(ok(e, "final_score"), score_of(record, rules)) << rules;
  }
}

TEST(GtpCounting, DrawIsZero) {
  Engine e;
  ok(e, "boardsize 9");
  ok(e, "play b E5");
  ok(e, "komi 0");
  EXPECT_EQ(ok(e, "final_score"), "B+81");
  ok(e, "komi 81");
  EXPECT_EQ(ok(e, "final_score"), "0");
}

TEST(GtpCounting, LoadsgfUsesTheRecordsMarksRulesAndKomi) {
  Engine e;
  const std::string path = kSource + "/examples/example.sgf";
  ok(e, "loadsgf " + path);
  EXPECT_EQ(ok(e, "final_score"), "B+1.5");  // as gocount score examples/example.sgf
  EXPECT_EQ(ok(e, "final_status_list dead"), "B7\nH7");
  EXPECT_EQ(ok(e, "get_komi"), "6.5");
  EXPECT_EQ(ok(e, "kata-get-rules"),
            R"({"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"})");
  EXPECT_EQ(ok(e, "final_status_list seki"), "");
  const std::string alive = ok(e, "final_status_list alive");
  EXPECT_NE(alive.find('\n'), std::string::npos);  // a chain a line
  EXPECT_EQ(alive.find("B7"), std::string::npos);
  EXPECT_EQ(err(e, "final_status_list"), "final_status_list takes one status: alive, dead or seki");
  err(e, "final_status_list sleeping");
  // The position before move 3, and undo back through the record.
  ok(e, "loadsgf " + path + " 3");
  EXPECT_EQ(e.game().moves(), 2);
  ok(e, "undo");
  ok(e, "undo");
  EXPECT_EQ(e.game().moves(), 0);
  err(e, "undo");
  ok(e, "loadsgf " + path + " 999");  // past the end: the whole record, as GNU Go reads it
  EXPECT_EQ(e.game().moves(), 7);
  err(e, "loadsgf " + path + " 0");
  err(e, "loadsgf " + path + " x");
  err(e, "loadsgf");
  // A record with no SZ (19x19, as hand-made and Nihon Ki-in records are):
  // loadsgf steps through its positions from the empty board.
  const std::string no_size = (std::filesystem::temp_directory_path() / "gocount_gtp_no_size.sgf").string();
  std::ofstream(no_size) << "(;B[pd];W[dp])";
  ok(e, "loadsgf " + no_size);
  EXPECT_EQ(e.game().moves(), 2);
  ok(e, "undo");
  ok(e, "undo");
  EXPECT_EQ(e.game().moves(), 0);
  std::filesystem::remove(no_size);
}

TEST(GtpCounting, LoadsgfRefusals) {
  Engine e;
  EXPECT_EQ(err(e, "loadsgf x.sgf"), "cannot load 'x.sgf': cannot read: No such file or directory");
  EXPECT_EQ(err(e, "loadsgf -"), "cannot load '-': standard input is the GTP connection");
  EXPECT_EQ(err(e, "loadsgf /dev/zero"), "cannot load '/dev/zero': not a regular file");
  EXPECT_EQ(err(e, "loadsgf " + kSource + "/tests"), "cannot load '" + kSource + "/tests': is a directory");
  const std::string wide = temp_file("wide.sgf", "(;SZ[30];B[aa])");
  EXPECT_EQ(err(e, "loadsgf " + wide),
            "cannot load '" + wide + "': its board is 30x30: GTP names 25 columns at most (A to Z without I)");
  const std::string broken = temp_file("broken.sgf", "(;SZ[9];B[ee];W[ee])");
  EXPECT_NE(err(e, "loadsgf " + broken).find("occupied"), std::string::npos);
  // A fault after the position asked for does not touch it: loaded, as
  // gocount score --move reads it (it was refused).
  ok(e, "loadsgf " + broken + " 2");
  EXPECT_EQ(e.game().moves(), 1);
  EXPECT_NE(err(e, "loadsgf " + broken + " 3").find("occupied"), std::string::npos);
  const std::string binary = temp_file("binary.sgf", std::string("\0\1\2(;", 5));
  EXPECT_NE(err(e, "loadsgf " + binary).find("binary data"), std::string::npos);
  // A rectangular board up to 25 wide is taken; the engine goes on with it.
  const std::string tall = temp_file("tall.sgf", "(;SZ[25:13];B[aa])");
  ok(e, "loadsgf " + tall);
  EXPECT_EQ(e.game().width(), 25);
  EXPECT_EQ(e.game().height(), 13);
  ok(e, "play w Z13");
  err(e, "play w A14");
  // A path with spaces, quoted as GoGui quotes it.
  const std::string spaced = temp_file("with space.sgf", "(;SZ[9]KM[5.5];B[ee])");
  ok(e, "loadsgf \"" + spaced + "\"");
  EXPECT_EQ(ok(e, "get_komi"), "5.5");
}

// As GNU Go: loadsgf takes the record's komi over --komi (and an earlier
// komi command), and a komi command after it overrides the record's.
TEST(GtpCounting, LoadsgfTakesTheRecordsKomiOverTheCommandLines) {
  Engine e({.komi = 7});
  EXPECT_EQ(ok(e, "get_komi"), "7");
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");
  EXPECT_EQ(ok(e, "get_komi"), "6.5");
  ok(e, "komi 3");
  EXPECT_EQ(ok(e, "get_komi"), "3");
  ok(e, "loadsgf " + temp_file("no_km.sgf", "(;SZ[9];B[ee])"));
  EXPECT_EQ(ok(e, "get_komi"), "0");  // no KM: 0, as score reads the record
}

TEST(GtpCounting, MarksAreThePlayersWordCompletedByTheEstimate) {
  Engine e;
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");
  ok(e, "kata-set-rules japanese");
  EXPECT_EQ(ok(e, "gocount-dead"), "");
  EXPECT_EQ(err(e, "gocount-dead A1"), "A1 is empty: a mark names a stone");
  EXPECT_EQ(err(e, "gocount-dead Z1"), "'Z1' is not a point of this 9x9 board");
  ok(e, "gocount-alive B7");  // a dead stone the players call alive
  EXPECT_EQ(ok(e, "gocount-alive"), "B7");
  EXPECT_EQ(ok(e, "final_status_list dead"), "H7");
  ok(e, "gocount-dead B7");  // the last word wins
  EXPECT_EQ(ok(e, "gocount-alive"), "");
  EXPECT_EQ(ok(e, "gocount-dead"), "B7");
  EXPECT_EQ(ok(e, "final_status_list dead"), "B7\nH7");  // H7 from the estimate
  ok(e, "gocount-unmark B7");
  EXPECT_EQ(ok(e, "gocount-dead"), "");
  EXPECT_EQ(err(e, "gocount-unmark A1"), "A1 is empty: a mark names a stone");  // as gocount-dead says it
  ok(e, "gocount-alive H7");
  ok(e, "gocount-unmark");
  EXPECT_EQ(ok(e, "gocount-alive"), "");
  ok(e, "gocount-dead B7");
  ok(e, "play b pass");  // a new position: the marks are gone
  EXPECT_EQ(ok(e, "gocount-dead"), "");
}

TEST(GtpCounting, Rules) {
  Engine e;
  EXPECT_EQ(ok(e, "kata-get-rules"),
            R"({"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"})");
  ok(e, "kata-set-rules ing");
  EXPECT_EQ(ok(e, "kata-get-rules"), "ing");
  ok(e, "kata-set-rules new-zealand");
  EXPECT_NE(ok(e, "kata-get-rules").find(R"("ko":"SITUATIONAL","scoring":"AREA","suicide":true)"), std::string::npos);
  ok(e, "kata-set-rules Tromp-Taylor");
  EXPECT_NE(ok(e, "kata-get-rules").find(R"("ko":"POSITIONAL")"), std::string::npos);
  ok(e, "kata-set-rules korean");
  EXPECT_NE(ok(e, "kata-get-rules").find(R"("scoring":"TERRITORY")"), std::string::npos);
  // KataGo's JSON: its named rule sets, komi with them.
  ok(e, R"(kata-set-rules {"ko":"SITUATIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1","komi":7})");
  EXPECT_EQ(ok(e, "get_komi"), "7");
  EXPECT_NE(ok(e, "kata-get-rules").find(R"("whiteHandicapBonus":"N-1")"), std::string::npos);
  ok(e, R"(kata-set-rules {"scoring":"TERRITORY","ko":"SIMPLE","suicide":false})");
  EXPECT_NE(ok(e, "kata-get-rules").find("TERRITORY"), std::string::npos);
  EXPECT_NE(err(e, R"(kata-set-rules {"scoring":"AREA","hasButton":true})").find("match none"), std::string::npos);
  EXPECT_NE(err(e, R"(kata-set-rules {"scoring":)").find("not KataGo's rules JSON"), std::string::npos);
  // The parser's words, without its tag ("[json.exception.out_of_range.406]").
  EXPECT_EQ(err(e, R"(kata-set-rules {"komi":1e999})"),
            "rules '{\"komi\":1e999}': not KataGo's rules JSON: number overflow parsing '1e999'");
  EXPECT_NE(err(e, R"(kata-set-rules {"moon":1})").find("unknown rules option 'moon'"), std::string::npos);
  // A key given twice: the parser kept the last, and the rules matched none.
  EXPECT_EQ(err(e, R"(kata-set-rules {"scoring":"AREA","scoring":"TERRITORY"})"),
            R"(rules '{"scoring":"AREA","scoring":"TERRITORY"}': the key 'scoring' is given twice)");
  EXPECT_EQ(err(e, R"(kata-set-rules {"score":"AREA","ko":"SIMPLE","scoring":"AREA"})"),
            R"(rules '{"score":"AREA","ko":"SIMPLE","scoring":"AREA"}': 'score' and 'scoring' are one key, given twice)");
  // A key the JSON escapes into a control byte is quoted, not written raw:
  // a GTP answer holds none (found by fuzz_gtp).
  const std::string escaped = err(e, R"(kata-set-rules {"mo\bon":1})");
  EXPECT_NE(escaped.find(R"(unknown rules option 'mo\x08on')"), std::string::npos) << escaped;
  EXPECT_NE(err(e, R"(kata-set-rules {"komi":"x"})").find("komi"), std::string::npos);
  EXPECT_NE(err(e, "kata-set-rules moon").find("unknown rules 'moon'"), std::string::npos);
  err(e, "kata-set-rules stone-scoring");  // KataGo's, not counted by gocount
  // KataGo's chinese-ogs and chinese-kgs, by name and as kata-get-rules
  // writes them (positional superko): Chinese, as gocount counts it.
  ok(e, "kata-set-rules chinese-ogs");
  EXPECT_EQ(ok(e, "kata-get-rules"), std::string(gocount::find_rule_set("chinese")->kata_json));
  ok(e, "kata-set-rules japanese");
  ok(e, R"(kata-set-rules {"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"})");
  EXPECT_EQ(ok(e, "kata-get-rules"), std::string(gocount::find_rule_set("chinese")->kata_json));
  ok(e, "kata-set-rules Chinese-KGS");
  EXPECT_NE(ok(e, "kata-get-rules").find(R"("ko":"SIMPLE","scoring":"AREA")"), std::string::npos);
  err(e, "kata-set-rules");
}

TEST(GtpCounting, CountCompareAndJson) {
  Engine e;
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");
  EXPECT_NE(ok(e, "gocount-count").find("Result: B+1.5"), std::string::npos);
  ok(e, "kata-set-rules chinese");
  EXPECT_NE(ok(e, "gocount-count half white").find("Half"), std::string::npos);
  EXPECT_NE(ok(e, "gocount-count full").find("Full"), std::string::npos);
  EXPECT_NE(err(e, "gocount-count moon").find("unknown method 'moon'"), std::string::npos);
  EXPECT_NE(err(e, "gocount-count half sideways").find("side"), std::string::npos);
  ok(e, "kata-set-rules japanese");
  err(e, "gocount-count half");  // half counting counts area
  err(e, "gocount-count a b c");
  const std::string cmp = ok(e, "gocount-compare");
  EXPECT_NE(cmp.find("chinese"), std::string::npos);
  err(e, "gocount-compare x");
  const std::string json = ok(e, "gocount-score-json");
  EXPECT_EQ(json.find('\n'), std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(json);
  EXPECT_EQ(j["result"], "B+1.5");
  EXPECT_EQ(j["rules"], "japanese");
  EXPECT_EQ(j["black_player"], "Black");  // the record's PB, as gocount score gives it
  EXPECT_EQ(j["white_player"], "White");
}

TEST(GtpCounting, AnUnfinishedPositionIsCountedAndSaidSo) {
  Engine e;
  ok(e, "boardsize 9");
  for (const std::string m : {"b C3", "w G7", "b C7", "w G3", "b E5", "w E4"}) ok(e, "play " + m);
  const std::string score = ok(e, "final_score");  // GNU Go answers here too
  EXPECT_TRUE(score.starts_with("B+") || score.starts_with("W+") || score == "0") << score;
  ok(e, "final_status_list dead");
  const nlohmann::json j = nlohmann::json::parse(ok(e, "gocount-score-json"));
  EXPECT_EQ(j["estimate"]["finished"], false);
  EXPECT_FALSE(j["estimate"]["needs_move"].empty());
}

// --- GoGui ---

TEST(GtpGoGui, AnalyzeCommandsInGoGuisFormat) {
  Engine e;
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");
  const std::regex line(R"((gfx|sboard|dboard|string|plist|hstring|none)/[^/]+/[a-z_-]+( .*)?)");
  const std::vector<std::string> lines = split(ok(e, "gogui-analyze_commands"), '\n');
  EXPECT_GE(lines.size(), 8u);
  for (const std::string& l : lines) {
    EXPECT_TRUE(std::regex_match(l, line)) << l;
    const std::string command = l.substr(l.rfind('/') + 1);
    EXPECT_EQ(ok(e, "known_command " + command.substr(0, command.find(' '))), "true") << l;
    if (command.find('%') == std::string::npos) ok(e, command);  // each runs as GoGui sends it
  }
  EXPECT_NE(ask(e, "gogui-analyze_commands").find("gfx/"), std::string::npos);
  EXPECT_NE(ask(e, "gogui-analyze_commands").find("sboard/"), std::string::npos);
}

TEST(GtpGoGui, GfxLines) {
  Engine e;
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");
  const std::vector<std::string> lines = split(ok(e, "gocount-gfx"), '\n');
  const std::regex points(R"((BLACK|WHITE|MARK|TRIANGLE|CIRCLE)( [A-HJ-T][0-9]{1,2})+)");
  ASSERT_FALSE(lines.empty());
  for (size_t i = 0; i + 1 < lines.size(); ++i) EXPECT_TRUE(std::regex_match(lines[i], points)) << lines[i];
  EXPECT_EQ(lines.back(), "TEXT B+1.5 (japanese rules, komi 6.5; dead stones: marks)");
  EXPECT_EQ(lines[2], "MARK B7 H7");
  // Black's territory takes in the dead white stone, not Black's own stones.
  EXPECT_NE(lines[0].find(" B7"), std::string::npos);
  EXPECT_EQ(lines[0].find(" E5"), std::string::npos);  // a black stone
}

// The INFLUENCE pairs of gocount-ownership, point by point.
std::vector<std::pair<std::string, double>> influence(const std::string& line) {
  std::vector<std::string> w = split(line, ' ');
  EXPECT_EQ(w.front(), "INFLUENCE");
  EXPECT_EQ(w.size() % 2, 1u) << line;
  std::vector<std::pair<std::string, double>> out;
  for (size_t i = 1; i + 1 < w.size(); i += 2) out.emplace_back(w[i], std::stod(w[i + 1]));
  return out;
}

// Ownership in GoGui's gfx: every point once, in [-1, 1], the numbers of
// score's JSON, in its order (rows from the top); the dboard the same.
void expect_ownership_everywhere(Engine& e, const std::string& source, const std::string& caption) {
  const std::vector<std::string> lines = split(ok(e, "gocount-ownership"), '\n');
  ASSERT_EQ(lines.size(), 2u);
  const auto pairs = influence(lines[0]);
  EXPECT_TRUE(lines[1].starts_with("TEXT Ownership by the " + caption)) << lines[1];
  const nlohmann::json j = nlohmann::json::parse(ok(e, "gocount-score-json"));
  EXPECT_EQ(j["ownership_source"], source);
  const std::vector<double> own = j["ownership"];
  const Position& b = e.game();
  ASSERT_EQ(pairs.size(), static_cast<size_t>(b.width() * b.height()));
  ASSERT_EQ(own.size(), pairs.size());
  std::vector<std::string> rows = split(ok(e, "gocount-ownership-dboard"), '\n');
  ASSERT_EQ(rows.front(), "");  // GoGui skips it
  rows.erase(rows.begin());
  ASSERT_EQ(rows.size(), static_cast<size_t>(b.height()));
  for (int y = 0; y < b.height(); ++y) {
    const std::vector<std::string> cells = split(rows[y], ' ');
    ASSERT_EQ(cells.size(), static_cast<size_t>(b.width())) << rows[y];
    for (int x = 0; x < b.width(); ++x) {
      const size_t i = y * b.width() + x;
      std::string name(1, "ABCDEFGHJKLMNOPQRSTUVWXYZ"[x]);
      name += std::to_string(b.height() - y);
      EXPECT_EQ(pairs[i].first, name);
      EXPECT_GE(pairs[i].second, -1);
      EXPECT_LE(pairs[i].second, 1);
      EXPECT_DOUBLE_EQ(pairs[i].second, own[i]) << pairs[i].first;
      EXPECT_DOUBLE_EQ(std::stod(cells[x]), own[i]) << pairs[i].first;
    }
  }
}

TEST(GtpGoGui, OwnershipGfxAndDboard) {
  Engine e;
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");  // marked: the count's
  expect_ownership_everywhere(e, "count", "count");
  const auto pairs = influence(split(ok(e, "gocount-ownership"), '\n')[0]);
  EXPECT_EQ(pairs[0], std::make_pair(std::string("A9"), 1.0));    // Black's territory
  EXPECT_EQ(pairs[5], std::make_pair(std::string("F9"), -1.0));   // a white stone
  EXPECT_EQ(pairs[18 + 1], std::make_pair(std::string("B7"), 1.0));   // a dead white stone
  EXPECT_EQ(pairs[18 + 7], std::make_pair(std::string("H7"), -1.0));  // a dead black stone
  // Unmarked: the estimate's, on 9x9 by the cascade (its model, playouts where it doubts).
  ok(e, "loadsgf " + kSource + "/tests/data/dead_inside.txt");
  expect_ownership_everywhere(e, "estimate", "estimate's ownership model, or its playouts");
  ok(e, "gocount-dead B7");  // marks completed by the estimate: still the estimate's
  expect_ownership_everywhere(e, "estimate", "estimate's ownership model, or its playouts");
  ok(e, "boardsize 5");  // other sizes: the playouts'
  expect_ownership_everywhere(e, "estimate", "estimate's playouts");  // an empty board: unsure, yet answered
}

// final_status_list, gocount-gfx, gocount-score-json and the players' marks
// are one judgement: the same dead stones, before and after a mark.
TEST(GtpGoGui, StatusListsFollowTheSameJudgement) {
  Engine e;
  const auto dead_everywhere = [&] {
    std::vector<std::string> listed;
    for (const std::string& l : split(ok(e, "final_status_list dead"), '\n'))
      for (const std::string& p : split(l, ' ')) listed.push_back(p);
    std::sort(listed.begin(), listed.end());
    std::vector<std::string> json;
    const nlohmann::json score = nlohmann::json::parse(ok(e, "gocount-score-json"));
    for (const auto& c : score["dead_chains"])
      for (const auto& p : c["stones"]) json.push_back(p.get<std::string>());
    std::sort(json.begin(), json.end());
    EXPECT_EQ(listed, json);
    std::string mark = "MARK";
    for (const std::string& p : listed) mark += " " + p;
    const std::string gfx = ok(e, "gocount-gfx");
    if (!listed.empty()) {
      EXPECT_NE(gfx.find(mark + "\n"), std::string::npos) << gfx;
    }
    return listed;
  };
  ok(e, "loadsgf " + kSource + "/tests/data/dead_inside.txt");
  EXPECT_EQ(dead_everywhere(), (std::vector<std::string>{"B3", "B7", "C3", "H7"}));
  ok(e, "gocount-alive B7");
  EXPECT_EQ(dead_everywhere(), (std::vector<std::string>{"B3", "C3", "H7"}));
  EXPECT_NE(("\n" + ok(e, "final_status_list alive") + "\n").find("\nB7\n"), std::string::npos);
  ok(e, "gocount-dead D5");  // a living wall, marked dead
  const std::vector<std::string> wall = dead_everywhere();  // and what it surrounds lives
  EXPECT_NE(std::find(wall.begin(), wall.end(), "D5"), wall.end());
  EXPECT_EQ(std::find(wall.begin(), wall.end(), "B7"), wall.end());
  ok(e, "gocount-unmark");
  EXPECT_EQ(dead_everywhere(), (std::vector<std::string>{"B3", "B7", "C3", "H7"}));
  ok(e, "loadsgf " + kSource + "/tests/data/two_sekis.txt");
  EXPECT_EQ(ok(e, "final_status_list seki"), "A8 B8 B9\nC8 D8 D9 E8 F8 F9\nA2 B1 B2\nC2 D1 D2 E2 F1 F2");
}

TEST(GtpGoGui, SboardIsABoardOfStrings) {
  Engine e;
  ok(e, "loadsgf " + kSource + "/examples/example.sgf");
  const std::string board = ok(e, "gocount-sboard");
  std::vector<std::string> rows = split(board, '\n');
  ASSERT_EQ(rows.front(), "");  // GoGui skips it
  rows.erase(rows.begin());
  ASSERT_EQ(rows.size(), 9u);
  // The diagram's classes, rows from the top; "" on a living stone.
  EXPECT_EQ(rows[0], R"(b "" b b "" "" w w w)");
  EXPECT_EQ(rows[2], R"(b P b b "" "" w Z w)");
  for (const std::string& r : rows) EXPECT_EQ(split(r, ' ').size(), 9u) << r;
}

// --- malformed input ---

TEST(GtpMalformed, EveryBadLineIsAnsweredAndTheEngineGoesOn) {
  const std::vector<std::string> bad = {
      "frobnicate",
      "play",
      "play b",
      "play x D4",
      "play b ZZ99",
      "play b D4 D5",
      "boardsize 999999999999",
      "boardsize -1",
      "komi",
      "komi banana",
      "fixed_handicap -5",
      "set_free_handicap",
      "loadsgf /nonexistent/\xff\xfe.sgf",
      "final_status_list",
      "kata-set-rules \x80\x81",
      "gocount-dead \xc3\x28",
      "gocount-count \xff all",
      std::string("play b D4\0 junk", 15),
      "\xff\xfe\xfd",
      "12345678901234567890 name",
  };
  std::string input;
  for (const std::string& b : bad) input += b + "\n";
  input += "play b D4\nplay w D4\nname\n";
  const std::string out = transcript(input);
  // One response per line that holds a command, the last ones as they should be.
  std::vector<std::string> responses;
  for (size_t p = 0, q; (q = out.find("\n\n", p)) != std::string::npos; p = q + 2) responses.push_back(out.substr(p, q - p));
  ASSERT_EQ(responses.size(), bad.size() + 3) << out;
  EXPECT_EQ(responses[bad.size() - 1], "=12345678901234567890 gocount");
  EXPECT_EQ(responses[bad.size()], "= ");
  EXPECT_EQ(responses[bad.size() + 1], "? illegal move: D4 is occupied by a black stone");
  EXPECT_EQ(responses.back(), "= gocount");
  for (size_t i = 0; i + 3 < bad.size(); ++i) EXPECT_TRUE(responses[i].starts_with("? ")) << bad[i];
  // No byte that could drive a terminal comes back.
  for (const char c : out) EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 32) << static_cast<int>(c);
}

TEST(GtpMalformed, ALineTooLongIsRefusedAndTheNextServed) {
  std::string input = "7 play b " + std::string(kMaxLine + 10, 'x') + "\n8 name\n";
  const std::string out = transcript(input);
  EXPECT_EQ(out, "?7 command line too long (more than 1048576 bytes): ignored\n\n=8 gocount\n\n");
}

TEST(GtpMalformed, RandomBytesNeverStopTheEngine) {
  std::mt19937 rng(14);
  for (int round = 0; round < 50; ++round) {
    std::string input;
    const int n = 1 + static_cast<int>(rng() % 2000);
    for (int i = 0; i < n; ++i) input += static_cast<char>(rng() % 256);
    input += "\n4242 name\n";
    const std::string out = transcript(input);
    if (out.find("= \n\n") != std::string::npos && input.find("quit") != std::string::npos) continue;
    EXPECT_TRUE(out.ends_with("=4242 gocount\n\n")) << round;
  }
}

TEST(GtpMalformed, TheCommandLineOptionsAreChecked) {
  EXPECT_THROW(Engine({.rules = "moon"}), std::invalid_argument);
  Engine e({.rules = "japanese"});
  EXPECT_NE(ok(e, "kata-get-rules").find("TERRITORY"), std::string::npos);
}

}  // namespace
}  // namespace gocount::gtp
