// Replaying records (gocount::replay) and reading whole inputs (GameSource).
//
// SGF points are column letter then row letter, row "a" at the top; the GTP
// names in error messages count rows from the bottom and skip I.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/info.h"
#include "game/source.h"
#include "report/words.h"

namespace gocount {
namespace {

// Where the komi came from, in words ("" when plainly KM).
std::string komi_note(const Game& g) { return g.komi_note ? read_note_text(g.board, *g.komi_note) : ""; }

Game play_sgf(const std::string& text, ReplayOptions options = {}) {
  sgf::Reader r(text);
  sgf::GameTree t;
  EXPECT_TRUE(r.next(t)) << text;
  return replay(t, options);
}

// Replays a record that must fail; returns the error and the 1-based line of
// its offset.
struct Failure {
  std::string message;
  int move = -1;
  size_t line = 0;
};
Failure replay_failure(const std::string& text, ReplayOptions options = {}) {
  sgf::Reader r(text);
  sgf::GameTree t;
  EXPECT_TRUE(r.next(t)) << text;
  try {
    replay(t, options);
  } catch (const GameError& e) {
    return {e.what(), e.move, r.line_column(e.offset).first};
  }
  ADD_FAILURE() << "no GameError for: " << text;
  return {};
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

Color at(const Game& g, const char* sgf) {
  const Vertex v = parse_sgf_point(g.board, sgf);
  EXPECT_NE(v, kNoVertex) << sgf;
  return g.board.at(v);
}

// ---------------------------------------------------------------- moves

// NNGS wrote no RU and counted by territory: its records are read under
// Japanese rules, Tygem's under Korean, with a note saying so; an RU, or
// another server, is kept.
TEST(Replay, AnNngsRecordWithoutRulesIsJapanese) {
  Game g = play_sgf("(;SZ[9]KM[0.5]PC[NNGS]RE[B+79.5];B[ee])");
  ASSERT_TRUE(g.rules_note);
  EXPECT_EQ(g.rules_note->kind, ReadNote::Kind::kNngsRules);
  EXPECT_EQ(g.rules, "");  // as written
  EXPECT_EQ(record_rules(g), "japanese");
  g = play_sgf("(;SZ[9]PC[cg_nngs]AP[gnugoclient:2.0];B[ee])");
  EXPECT_EQ(record_rules(g), "japanese");
  g = play_sgf("(;SZ[9]PC[NNGS]RU[Chinese];B[ee])");
  EXPECT_FALSE(g.rules_note);
  EXPECT_EQ(record_rules(g), "Chinese");
  g = play_sgf("(;SZ[9]PC[Tygem]KM[6.5];B[ee])");  // Tygem counts under Korean rules
  ASSERT_TRUE(g.rules_note);
  EXPECT_EQ(g.rules_note->kind, ReadNote::Kind::kTygemRules);
  EXPECT_EQ(record_rules(g), "korean");
  g = play_sgf("(;SZ[9]PC[IGS];B[ee])");
  EXPECT_FALSE(g.rules_note);
  EXPECT_EQ(record_rules(g), "");
}

TEST(Replay, EmptySetupListIsNoStones) {
  // AB[] as an OGS record writes it (nz-01.sgf, game 2): no stones, no error.
  const Game g = play_sgf("(;FF[4]SZ[5]AB[]AW[bb];B[cc])");
  EXPECT_EQ(g.board.count(Color::kBlack), 1);
  EXPECT_EQ(g.board.count(Color::kWhite), 1);
  EXPECT_EQ(g.handicap, 0);
}

TEST(Replay, SetupStonesAreCountedForTheAlgebra) {
  // Two black and one white stone set up in the root (a game from a
  // position): one more black stone than white placed without a move.
  const Game g = play_sgf("(;FF[4]SZ[5]AB[aa][bb]AW[cc];B[dd];W[ee])");
  EXPECT_EQ(g.setup_balance, 1);
  EXPECT_FALSE(g.handicap_set_up);
  const Game h = play_sgf("(;FF[4]SZ[9]HA[2]AB[cc][gg];W[ee])");
  EXPECT_EQ(h.setup_balance, 2);
  EXPECT_TRUE(h.handicap_set_up);
  EXPECT_EQ(h.last_mover, Color::kWhite);
}

TEST(Replay, CapturesAndPassesPerSide) {
  // 9x9.
  //  1 B ba   2 W aa   3 B ab takes aa (Black: 1)
  //  4 W gi   5 B ii   6 W ih   7 B hi (hi-ii has only hh left)
  //  8 W hh takes hi and ii (White: 2)
  //  9 B cc  10 W tt (pass on 9x9)  11 B[] (pass)
  const Game g = play_sgf(
      "(;FF[4]GM[1]SZ[9]KM[6.5]RU[Chinese]RE[B+R]"
      ";B[ba];W[aa];B[ab];W[gi];B[ii];W[ih];B[hi];W[hh];B[cc];W[tt];B[])");
  EXPECT_EQ(g.captures[0], 1);
  EXPECT_EQ(g.captures[1], 2);
  EXPECT_EQ(g.passes[0], 1);
  EXPECT_EQ(g.passes[1], 1);
  EXPECT_EQ(g.last_pass, Color::kBlack);
  EXPECT_EQ(g.moves, 11);
  EXPECT_EQ(g.board.count(Color::kBlack), 3);  // ba ab cc
  EXPECT_EQ(g.board.count(Color::kWhite), 3);  // gi ih hh
  EXPECT_EQ(at(g, "aa"), Color::kEmpty);
  EXPECT_EQ(at(g, "ii"), Color::kEmpty);
  EXPECT_EQ(at(g, "hi"), Color::kEmpty);
  EXPECT_EQ(g.board.width(), 9);
  EXPECT_DOUBLE_EQ(g.komi.value(), 6.5);
  EXPECT_EQ(g.rules, "Chinese");
  EXPECT_EQ(g.result, "B+R");
  EXPECT_EQ(g.handicap, 0);
  EXPECT_TRUE(g.marked_dead.empty());
}

TEST(Replay, PassForms) {
  const Game g = play_sgf("(;SZ[19];B[];W[tt];B[tt];W[])");
  EXPECT_EQ(g.passes[0], 2);
  EXPECT_EQ(g.passes[1], 2);
  EXPECT_EQ(g.last_pass, Color::kWhite);
  EXPECT_EQ(g.moves, 4);
  EXPECT_EQ(g.board.count(Color::kBlack) + g.board.count(Color::kWhite), 0);
}

TEST(Replay, NoPassesMeansNoLastPass) {
  const Game g = play_sgf("(;SZ[9];B[ee];W[cc])");
  EXPECT_EQ(g.last_pass, Color::kEmpty);
  EXPECT_EQ(g.passes[0] + g.passes[1], 0);
  EXPECT_EQ(g.moves, 2);
}

TEST(Replay, LastPassIsTheLatestPasser) {
  // White passes, Black passes, then play goes on with a White move.
  const Game g = play_sgf("(;SZ[9];B[ee];W[];B[];W[cc])");
  EXPECT_EQ(g.last_pass, Color::kBlack);
  EXPECT_EQ(g.moves, 4);
}

TEST(Replay, TtIsAPointOnLargerBoards) {
  const Game g = play_sgf("(;SZ[21];B[tt];W[])");
  EXPECT_EQ(g.board.at(g.board.vertex(19, 19)), Color::kBlack);
  EXPECT_EQ(g.passes[0], 0);
  EXPECT_EQ(g.passes[1], 1);
  EXPECT_EQ(g.moves, 2);
  // On 19x19 the same record is two passes.
  const Game p = play_sgf("(;SZ[19];B[tt];W[])");
  EXPECT_EQ(p.passes[0], 1);
  EXPECT_EQ(p.board.count(Color::kBlack), 0);
}

TEST(Replay, OnlyTheMainLineIsPlayed) {
  const Game g = play_sgf("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd];B[ee];W[ff]))");
  EXPECT_EQ(g.moves, 3);
  EXPECT_EQ(at(g, "bb"), Color::kWhite);
  EXPECT_EQ(at(g, "dd"), Color::kEmpty);
}

TEST(Replay, KomiRulesResult) {
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9])").komi.value(), 0.0);  // no KM: no komi, and it says so
  EXPECT_EQ(komi_note(play_sgf("(;SZ[9])")), "no KM in the record, so no komi, as servers such as OGS write a game without komi");
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[])").komi.value(), 0.0);
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[7.5])").komi.value(), 7.5);
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[-2])").komi.value(), -2.0);
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[ 375 ])").komi.value(), 375.0);
  const Failure f = replay_failure("(;SZ[9]KM[lots])");
  EXPECT_TRUE(contains(f.message, "KM[lots]")) << f.message;
  EXPECT_EQ(f.move, 0);
  const Game g = play_sgf("(;SZ[9]RU[Japanese]RE[W+3.5])");
  EXPECT_EQ(g.rules, "Japanese");
  EXPECT_EQ(g.result, "W+3.5");
  EXPECT_EQ(komi_note(play_sgf("(;SZ[9]KM[7.5])")), "");  // KM as written: nothing to say
}

// Who played, when and where, from the root, in UTF-8 whatever CA says;
// a diagram names nobody.
TEST(Replay, TheRootNamesThePlayers) {
  const Game g = play_sgf("(;SZ[9]CA[gb2312]PB[\xC0\xEE\xB2\xFD\xB8\xE4]BR[9p]PW[ Cho \\] ]DT[2006-01-01]EV[Cup];B[ee])");
  EXPECT_EQ(g.info.black_player, "李昌镐");
  EXPECT_EQ(g.info.black_rank, "9p");
  EXPECT_EQ(g.info.white_player, "Cho ]");
  EXPECT_EQ(g.info.white_rank, "");
  EXPECT_EQ(g.info.date, "2006-01-01");
  EXPECT_EQ(g.info.event, "Cup");
  EXPECT_EQ(play_sgf("(;SZ[9]PB[A];B[ee])", {.moves = 0}).info.black_player, "A");  // stepped back: the same players
  EXPECT_EQ(from_diagram(parse_diagram("X.\n.O\n")).info.black_player, "");
}

// FF[4] keeps a game's game-info properties (KM, HA, RU, RE, PB, ...) in
// its game-info node: the root in nearly every record, but in a tree of
// games merged where they part (the spec's ff4_ex.sgf), or after an empty or
// FF/GM-only root, a node below it. Read from there, not taken for missing.
TEST(Replay, GameInfoBelowTheRoot) {
  Game g = play_sgf("(;GM[1]FF[4]SZ[9]AP[Editor:1]\n;PB[Alice]PW[Bob]KM[6.5]RU[Japanese]RE[B+2.5]HA[0];B[ee];W[];B[])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 6.5);
  EXPECT_EQ(komi_note(g), "");  // not "no KM in the record"
  EXPECT_EQ(g.rules, "Japanese");
  EXPECT_EQ(g.result, "B+2.5");
  EXPECT_EQ(g.info.black_player, "Alice");
  EXPECT_EQ(g.info.white_player, "Bob");
  // Merged games: the first variation's info, after the moves they share.
  g = play_sgf("(;SZ[9];B[ee](;W[cc]PB[A]KM[5.5]RE[W+1]PC[NNGS])(;W[gg]PB[B]KM[0.5]RE[B+2]RU[Chinese]))");
  EXPECT_DOUBLE_EQ(g.komi.value(), 5.5);
  EXPECT_EQ(g.result, "W+1");
  EXPECT_EQ(g.info.black_player, "A");
  EXPECT_EQ(record_rules(g), "japanese");  // NNGS's, from the game-info node's PC
  EXPECT_EQ(g.moves, 2);
  // A root with game info is the game-info node, whatever comes later; a
  // handicap below the root counts.
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[6.5];KM[7.5]B[ee])").komi.value(), 6.5);
  EXPECT_EQ(play_sgf("(;SZ[9];HA[2]AB[cc][gg];W[ee])").handicap, 2);
  sgf::Reader r("(;FF[4];RE[W+R]PW[Cho];B[aa])");
  sgf::GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(game_info_node(t), 1u);
  EXPECT_EQ(root_value(t, "RE"), "W+R");
  EXPECT_EQ(root_value(t, "FF"), "4");  // a root property: the root's
  EXPECT_EQ(game_info(t).white_player, "Cho");
}

// RE is SimpleText: the white space around it, a line break or a tab as a
// space, is no part of the result.
TEST(Replay, ResultWithWhiteSpaceAroundIt) {
  EXPECT_EQ(parse_result("W+15.5\n"), -15.5);
  EXPECT_EQ(parse_result("\t B+3\r\n"), 3);
  EXPECT_EQ(parse_result("\nDraw\n"), 0);
  EXPECT_EQ(won_by("B+R\n"), WonBy::kResignation);
  EXPECT_EQ(won_by(" W+Time\t"), WonBy::kTime);
  EXPECT_FALSE(parse_result("\n"));
}

// An error quotes at most about 60 characters of a value, control bytes
// escaped: a 10 MB komi does not become a 10 MB error line.
TEST(Replay, ErrorsQuoteValuesShortAndEscaped) {
  const Failure big = replay_failure("(;SZ[9]KM[" + std::string(10'000'000, '5') + "])");
  EXPECT_EQ(big.message, "KM[" + std::string(60, '5') + "... (10000000 bytes)]: komi must be a number from -1000 to 1000");
  const Failure esc = replay_failure("(;SZ[9];B[\x1b[2J])");
  EXPECT_EQ(esc.message, "move 1: B[\\x1b[2J]: move is not a point of this board");
}

// Fox (AP[foxwq], written after another AP) stores komi x100, and under
// RU[Chinese] in stones x100 (KM[375]: 3.75 stones, 7.5 points). Small
// values and other servers' records are read as written.
TEST(Replay, FoxKomiIsReadAsFoxWritesIt) {
  Game g = play_sgf("(;SZ[19]KM[650]RU[Japanese]AP[GNU Go:3.8]RE[W+0.5]AP[foxwq];B[pd])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 6.5);
  EXPECT_EQ(komi_note(g), "Fox's KM[650] read as 6.5: Fox writes komi x100");
  g = play_sgf("(;SZ[19]KM[375]RU[Chinese]AP[foxwq])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 7.5);
  EXPECT_EQ(komi_note(g), "Fox's KM[375] read as 7.5: Fox writes komi in stones x100 under Chinese rules");
  g = play_sgf("(;SZ[19]KM[-650]AP[FoxWQ])");
  EXPECT_DOUBLE_EQ(g.komi.value(), -6.5);
  g = play_sgf("(;SZ[19]KM[6.5]AP[foxwq])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 6.5);
  EXPECT_EQ(komi_note(g), "");
  g = play_sgf("(;SZ[19]KM[650]AP[CGoban:3]RE[W+640.5])");  // not Fox, and the result counts with it: as written
  EXPECT_DOUBLE_EQ(g.komi.value(), 650.0);
  EXPECT_EQ(komi_note(g), "");
  EXPECT_FALSE(g.fox);
}

// Fox plays its even games with komi but writes KM[0]: read as 6.5 under
// Japanese rules, 7.5 under Chinese; its handicap games have no komi.
TEST(Replay, FoxKomiZeroOnAnEvenGameIsTheKomiFoxPlays) {
  Game g = play_sgf("(;SZ[19]KM[0]HA[0]RU[Japanese]AP[foxwq]RE[B+3.5];B[pd])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 6.5);
  EXPECT_EQ(komi_note(g),
            "Fox's KM[0] on an even game read as 6.5, the komi Fox plays under Japanese rules (Fox writes KM[0] on most "
            "games)");
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[19]KM[0]RU[Chinese]AP[foxwq])").komi.value(), 7.5);
  g = play_sgf("(;SZ[19]KM[0]HA[2]RU[Japanese]AP[foxwq];W[qf])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 0.0);  // a handicap game: no komi, as written
  EXPECT_EQ(komi_note(g), "");
  g = play_sgf("(;SZ[19]KM[0]RU[Japanese]AP[SmartGo])");  // not Fox: as written
  EXPECT_DOUBLE_EQ(g.komi.value(), 0.0);
  EXPECT_EQ(komi_note(g), "");
}

// Fox is told by AP[foxwq]; by its older header (AP[GNU Go:3.8] with the
// byo-yomi in TC and TT), also converted (AP[YuanYu]) but not a Tygem game;
// or by a komi written x100 that no result counts with.
TEST(Replay, FoxIsToldByItsQuirks) {
  EXPECT_TRUE(play_sgf("(;SZ[19]KM[0]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[B+6.5]TM[1200]TC[3]TT[30];B[dp])").fox);
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[19]KM[0]RU[Japanese]AP[GNU Go:3.8]TC[3]TT[30];B[dp])").komi.value(), 6.5);
  EXPECT_TRUE(play_sgf("(;AP[YuanYu]SZ[19]KM[0]TC[3]TT[30];B[dp])").fox);
  EXPECT_FALSE(play_sgf("(;AP[YuanYu]SZ[19]KM[6.5]PC[Tygem]TC[3]TT[20];B[dp])").fox);
  EXPECT_FALSE(play_sgf("(;SZ[19]KM[0]AP[GNU Go:3.8];B[dp])").fox);  // GNU Go itself writes no TC/TT
  Game g = play_sgf("(;AP[YuanYu]SZ[19]KM[750]RU[Japanese]RE[W+3.5];B[dp])");
  EXPECT_TRUE(g.fox);
  EXPECT_DOUBLE_EQ(g.komi.value(), 7.5);
}

// Under RU[Chinese] Fox writes the result in stones: RE[W+1.25] is 2.5 points.
TEST(Replay, FoxResultInStonesUnderChineseRules) {
  Game g = play_sgf("(;SZ[19]KM[375]RU[Chinese]AP[foxwq]RE[W+1.25];B[pd])");
  EXPECT_DOUBLE_EQ(g.result_unit, 2.0);
  ASSERT_EQ(g.notes.size(), 1u);
  EXPECT_EQ(read_note_text(g.board, g.notes.at(0)), "Fox writes the result in stones under Chinese rules: RE[W+1.25] read as W+2.5 points");
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[19]KM[650]RU[Japanese]AP[foxwq]RE[W+1.5];B[pd])").result_unit, 1.0);
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[19]KM[7.5]RU[Chinese]RE[W+1.5];B[pd])").result_unit, 1.0);  // not Fox
}

// A Fox record that plays onto a stone (a move taken back and kept) is read
// up to the move before, with a warning; its result is for another end.
TEST(Replay, FoxMoveOntoAStoneEndsTheRecordThere) {
  const Game g = play_sgf("(;SZ[9]AP[foxwq]RE[W+0.0];B[cc];W[gg];B[cd];W[cd];B[ee]TB[gg])");
  EXPECT_EQ(g.moves, 3);
  EXPECT_TRUE(g.end_unknown);
  EXPECT_FALSE(g.before_end);
  // The final node's marks (as gocount writes them back) are for this position.
  ASSERT_EQ(g.marked_dead.size(), 1u);
  EXPECT_EQ(g.marked_dead[0], parse_sgf_point(g.board, "gg"));
  ASSERT_EQ(g.warnings.size(), 1u);
  EXPECT_EQ(g.warnings[0], "move 4 (W C6) plays onto black's move 3: the record is read to move 3, its end is not known "
                           "(Fox records can keep a move that was taken back)");
  // Not Fox: refused, as before.
  EXPECT_TRUE(contains(replay_failure("(;SZ[9];B[cc];W[gg];B[cd];W[cd])").message, "plays onto a stone"));
}

// ---------------------------------------------------------------- sizes

TEST(ReplaySize, SquareNonSquareAndDefault) {
  Game g = play_sgf("(;SZ[19])");
  EXPECT_EQ(g.board.width(), 19);
  EXPECT_EQ(g.board.height(), 19);
  g = play_sgf("(;SZ[4:9];B[di])");  // 4 wide, 9 high: di is the bottom-right corner
  EXPECT_EQ(g.board.width(), 4);
  EXPECT_EQ(g.board.height(), 9);
  EXPECT_EQ(g.board.at(g.board.vertex(3, 8)), Color::kBlack);
  g = play_sgf("(;FF[4];B[ss])");
  EXPECT_EQ(g.board.width(), 19);
  EXPECT_EQ(g.board.height(), 19);
  EXPECT_EQ(g.board.at(g.board.vertex(18, 18)), Color::kBlack);
  g = play_sgf("(;SZ[52];B[ZZ])");
  EXPECT_EQ(g.board.at(g.board.vertex(51, 51)), Color::kBlack);
  g = play_sgf("(;SZ[1])");
  EXPECT_EQ(g.board.area(), 1);
}

// SZ belongs in the root (FF[4]). Where the root has none and a node before
// the first move or setup gives it (an empty or FF/GM-only root), it is the
// board's size, with a warning, not 19x19 under a 9x9 game; one that would
// change the board after it is refused.
TEST(ReplaySize, SizeBelowTheRoot) {
  Game g = play_sgf("(;GM[1]FF[4]\n;SZ[9]KM[6.5]RU[Japanese]RE[W+15.5];B[da];W[ea];B[];W[])");
  EXPECT_EQ(g.board.width(), 9);
  EXPECT_EQ(g.board.height(), 9);
  EXPECT_DOUBLE_EQ(g.komi.value(), 6.5);
  ASSERT_EQ(g.warnings.size(), 1u);
  EXPECT_EQ(g.warnings[0], "SZ[9] is not in the root node, where FF[4] gives the board size, but in a node before "
                           "the first move: read as the board size");
  g = play_sgf("(;;SZ[13:9];B[ee])");
  EXPECT_EQ(g.board.width(), 13);
  EXPECT_EQ(g.board.height(), 9);
  g = play_sgf("(;FF[4];SZ[7])");  // a board size and nothing else: an empty board, not an empty record
  EXPECT_EQ(g.board.area(), 49);
  EXPECT_TRUE(play_sgf("(;SZ[9];B[aa];SZ[9]W[bb])").warnings.empty());  // the same size again says nothing
  sgf::Reader r("(;GM[1];SZ[9];B[aa])");
  sgf::GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(board_size(t), (std::pair{9, 9}));  // as the writer of marks asks it
  Failure f = replay_failure("(;SZ[19];B[aa]\n;SZ[9];W[bb])");
  EXPECT_EQ(f.message, "SZ[9]: a second board size, after the SZ that made the board 19x19: a game's board cannot change");
  EXPECT_EQ(f.line, 2u);
  f = replay_failure("(;GM[1];SZ[9];SZ[13];B[aa])");
  EXPECT_EQ(f.message, "SZ[13]: a second board size, after the SZ that made the board 9x9: a game's board cannot change");
  f = replay_failure("(;FF[4];B[aa];SZ[9];W[bb])");
  EXPECT_EQ(f.message,
            "SZ[9]: a board size after the game began on the 19x19 board (no SZ before it): FF[4] gives the size in the "
            "root only");
  EXPECT_TRUE(contains(replay_failure("(;FF[4];SZ[nine];B[aa])").message, "board size must be"));
}

TEST(ReplaySize, BadSizes) {
  for (const char* sz : {"0", "53", "abc", "", "9:0", "9:", ":9", "-9", "9x9", "4:60"}) {
    const Failure f = replay_failure(std::string("(;FF[4]SZ[") + sz + "])");
    EXPECT_TRUE(contains(f.message, std::string("SZ[") + sz + "]")) << sz << " -> " << f.message;
    EXPECT_TRUE(contains(f.message, "board size")) << f.message;
    EXPECT_EQ(f.move, 0);
    EXPECT_EQ(f.line, 1u);
  }
}

TEST(ReplaySize, MovesOffASmallBoard) {
  const Failure f = replay_failure("(;SZ[9]\n;B[ee]\n;W[jj])");
  EXPECT_TRUE(contains(f.message, "W[jj]")) << f.message;
  EXPECT_TRUE(contains(f.message, "not a point")) << f.message;
  EXPECT_EQ(f.move, 2);
  EXPECT_EQ(f.line, 3u);
}

// ---------------------------------------------------------------- setup

TEST(ReplaySetup, HandicapFromHaOrRootStones) {
  EXPECT_EQ(play_sgf("(;SZ[9]HA[2]AB[cc][gg])").handicap, 2);
  EXPECT_EQ(play_sgf("(;SZ[9]AB[cc][gg][ee])").handicap, 3);   // no HA: count the stones
  EXPECT_EQ(play_sgf("(;SZ[9]HA[0]AB[cc][gg])").handicap, 0);  // HA wins
  EXPECT_EQ(play_sgf("(;SZ[9]HA[5])").handicap, 5);
  EXPECT_EQ(play_sgf("(;SZ[9]HA[]AB[cc][gg])").handicap, 2);  // HA[] says nothing, as KM[] does
  EXPECT_EQ(play_sgf("(;SZ[9]HA[])").handicap, 0);
  EXPECT_EQ(play_sgf("(;SZ[9]AB[cc][gg]AW[ee])").handicap, 0);  // a set-up position, not handicap
  EXPECT_EQ(play_sgf("(;SZ[9];AB[cc][gg])").handicap, 0);       // not in the root
  EXPECT_EQ(play_sgf("(;SZ[9])").handicap, 0);
  const Failure f = replay_failure("(;SZ[9]HA[two])");
  EXPECT_TRUE(contains(f.message, "HA[two]")) << f.message;
  EXPECT_TRUE(contains(replay_failure("(;SZ[9]HA[-1])").message, "handicap"));
}

TEST(ReplaySetup, AddAndEraseStones) {
  // aa:cc is the 3x3 block in the corner. AE then clears bb and ee:
  //   a b c d e f
  // a X X X . . .
  // b X . X . . .
  // c X X X . . .
  // d . . . . . .
  // e . . . . . .
  // f . . . . . O
  const Game g = play_sgf("(;SZ[9]AB[aa:cc]AW[ee][ff];AE[bb][ee])");
  EXPECT_EQ(g.board.count(Color::kBlack), 8);
  EXPECT_EQ(g.board.count(Color::kWhite), 1);
  EXPECT_EQ(at(g, "bb"), Color::kEmpty);
  EXPECT_EQ(at(g, "ee"), Color::kEmpty);
  EXPECT_EQ(at(g, "ff"), Color::kWhite);
  EXPECT_EQ(at(g, "ca"), Color::kBlack);
  EXPECT_EQ(at(g, "ac"), Color::kBlack);
  EXPECT_EQ(at(g, "da"), Color::kEmpty);
  EXPECT_EQ(g.moves, 0);
  // The ring is one chain: liberties bb da db dc ad bd cd = 7.
  EXPECT_EQ(g.board.chain_size(parse_sgf_point(g.board, "aa")), 8);
  EXPECT_EQ(g.board.liberties(parse_sgf_point(g.board, "aa")), 7);
}

TEST(ReplaySetup, RectangleCornersInAnyOrder) {
  const Game a = play_sgf("(;SZ[9]AW[cc:aa])");
  const Game b = play_sgf("(;SZ[9]AW[ac:ca])");
  EXPECT_EQ(a.board.count(Color::kWhite), 9);
  EXPECT_EQ(b.board.count(Color::kWhite), 9);
  EXPECT_EQ(play_sgf("(;SZ[9]AB[ee:ee])").board.count(Color::kBlack), 1);
  EXPECT_EQ(play_sgf("(;SZ[9]AB[aa:ih];AE[bb:hh])").board.count(Color::kBlack), 72 - 49);  // row 9 left free
  EXPECT_EQ(play_sgf("(;SZ[9]AB[aa:cc])").handicap, 9);  // every point of the block counts
}

TEST(ReplaySetup, BadSetupPoints) {
  Failure f = replay_failure("(;SZ[9]AB[aa][zz])");
  EXPECT_TRUE(contains(f.message, "AB[zz]")) << f.message;
  EXPECT_TRUE(contains(f.message, "not a point")) << f.message;
  f = replay_failure("(;SZ[9]AW[aa:jj])");
  EXPECT_TRUE(contains(f.message, "AW[aa:jj]")) << f.message;
  EXPECT_TRUE(contains(f.message, "rectangle")) << f.message;
  f = replay_failure("(;SZ[9]\n;AE[a])");
  EXPECT_TRUE(contains(f.message, "AE[a]")) << f.message;
  EXPECT_EQ(f.line, 2u);
}

TEST(ReplaySetup, SetupStonesFormChainsThatCanBeCaptured) {
  // a O X .      White aa is set up with the one liberty ab;
  // b . . .      Black ab takes it.
  const Game g = play_sgf("(;SZ[5]AW[aa]AB[ba];B[ab])");
  EXPECT_EQ(g.captures[0], 1);
  EXPECT_EQ(at(g, "aa"), Color::kEmpty);
  // Setup in the same node as a move is applied before the move.
  const Game h = play_sgf("(;SZ[5];AW[aa]AB[ba]B[ab])");
  EXPECT_EQ(h.captures[0], 1);
  EXPECT_EQ(h.moves, 1);
}

// A record's plain moves (";B[pd]", read from Node::move) replay as the
// same moves written with more in their nodes (the general reading): random
// games with captures, kos, passes as "tt" and as "", on 9x9 and 19x19.
TEST(Replay, PlainMovesReplayAsTheGeneralReading) {
  uint32_t seed = 23;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  for (int size : {9, 19}) {
    for (int game = 0; game < 20; ++game) {
      Board b(size, size);
      std::string plain = "(;SZ[" + std::to_string(size) + "]", general = plain;
      Color c = Color::kBlack;
      for (int move = 0; move < 300; ++move) {
        std::string point;
        const Vertex v = b.vertex(static_cast<int>(next() >> 8) % size, static_cast<int>(next() >> 8) % size);
        if (next() % 40 == 0) {
          point = size <= 19 && next() % 2 ? "tt" : "";
          b.pass();
        } else if (b.check(c, v, false) == MoveError::kNone) {
          point = to_sgf(b, v);
          b.play(c, v);
        } else {
          continue;
        }
        const std::string node = std::string(";") + (c == Color::kBlack ? "B[" : "W[") + point + "]";
        plain += node + (move % 3 ? "\n" : "");
        general += node + "C[" + std::to_string(move) + "]";
        c = opponent(c);
      }
      const Game a = play_sgf(plain + ")"), g = play_sgf(general + ")");
      SCOPED_TRACE(plain);
      EXPECT_EQ(a.moves, g.moves);
      EXPECT_EQ(a.captures, g.captures);
      EXPECT_EQ(a.passes, g.passes);
      EXPECT_EQ(a.board.ko(), g.board.ko());
      EXPECT_TRUE(std::equal(a.board.colors().begin(), a.board.colors().end(), g.board.colors().begin()));
      EXPECT_TRUE(std::equal(b.colors().begin(), b.colors().end(), a.board.colors().begin()));
    }
  }
}

// ---------------------------------------------------------------- illegal moves

TEST(ReplayIllegal, OccupiedPoint) {
  // On 9x9 df is column D, row 9 - 5 = 4: D4.
  const std::string text = "(;SZ[9]\n;B[df]\n;W[cc]\n;B[ee]\n;W[gg]\n;B[df])";
  const Failure f = replay_failure(text);
  EXPECT_TRUE(contains(f.message, "move 5 (B D4)")) << f.message;
  EXPECT_TRUE(contains(f.message, "occupied")) << f.message;
  EXPECT_EQ(f.move, 5);
  EXPECT_EQ(f.line, 6u);
}

TEST(ReplayIllegal, Suicide) {
  // a + X      White aa would have no liberty: move 4 (W A9).
  // b X .
  const std::string text = "(;SZ[9]\n;B[ba]\n;W[ee]\n;B[ab]\n\n;W[aa])";
  const Failure f = replay_failure(text);
  EXPECT_TRUE(contains(f.message, "move 4 (W A9)")) << f.message;
  EXPECT_TRUE(contains(f.message, "suicide")) << f.message;
  EXPECT_EQ(f.move, 4);
  EXPECT_EQ(f.line, 6u);
}

TEST(ReplayIllegal, SuicideAllowedByOption) {
  const Game g = play_sgf("(;SZ[9];B[ba];W[ee];B[ab];W[aa];B[ii])", ReplayOptions{true});
  EXPECT_EQ(g.moves, 5);
  EXPECT_EQ(at(g, "aa"), Color::kEmpty);
  EXPECT_EQ(g.captures[0], 1);  // White's own stone goes to Black's prisoners
  EXPECT_EQ(g.captures[1], 0);
  EXPECT_EQ(g.board.count(Color::kWhite), 1);
}

TEST(ReplayIllegal, MultiStoneSuicideAllowedByOption) {
  // a O + X      White ba joins aa: the pair has no liberty.
  // b X X .
  const Game g = play_sgf("(;SZ[3]AW[aa]AB[ca][ab][bb];W[ba])", ReplayOptions{true});
  EXPECT_EQ(g.captures[0], 2);
  EXPECT_EQ(g.board.count(Color::kWhite), 0);
  const Failure f = replay_failure("(;SZ[3]AW[aa]AB[ca][ab][bb];W[ba])");
  EXPECT_TRUE(contains(f.message, "move 1 (W B3)")) << f.message;
}

//   a b c d e
// a . . . . .
// b . X O . .
// c X O . O .      Black cc takes bc (B7 on 9x9); White may not retake at once.
// d . X O . .
constexpr const char* kKoSetup = "(;SZ[9]AB[bb][ac][bd]AW[cb][bc][dc][cd]";

TEST(ReplayIllegal, KoRetake) {
  const Failure f = replay_failure(std::string(kKoSetup) + "\n;B[cc]\n;W[bc])");
  EXPECT_TRUE(contains(f.message, "move 2 (W B7)")) << f.message;
  EXPECT_TRUE(contains(f.message, "ko")) << f.message;
  EXPECT_EQ(f.move, 2);
  EXPECT_EQ(f.line, 3u);
}

TEST(ReplayIllegal, KoRetakeAfterAThreat) {
  const Game g = play_sgf(std::string(kKoSetup) + ";B[cc];W[gg];B[hh];W[bc])");
  EXPECT_EQ(g.captures[0], 1);
  EXPECT_EQ(g.captures[1], 1);
  EXPECT_EQ(at(g, "cc"), Color::kEmpty);
  EXPECT_EQ(at(g, "bc"), Color::kWhite);
  // And a pass also lifts the ban.
  const Game p = play_sgf(std::string(kKoSetup) + ";B[cc];W[];B[];W[bc])");
  EXPECT_EQ(p.captures[1], 1);
}

TEST(ReplayIllegal, BothColoursInOneNode) {
  const Failure f = replay_failure("(;SZ[9];B[aa];B[bb]W[cc])");
  EXPECT_TRUE(contains(f.message, "both")) << f.message;
  EXPECT_EQ(f.move, 2);
}

TEST(ReplayIllegal, GtpNameOnLargeAndNonSquareBoards) {
  // 4x9: dh is column D, row 9 - 7 = 2.
  Failure f = replay_failure("(;SZ[4:9];W[dh];B[dh])");
  EXPECT_TRUE(contains(f.message, "move 2 (B D2)")) << f.message;
  // 19x19 skips I: column 9 is J.
  f = replay_failure("(;SZ[19];B[jd];W[jd])");
  EXPECT_TRUE(contains(f.message, "move 2 (W K16)")) << f.message;
  f = replay_failure("(;SZ[19];B[id];W[id])");
  EXPECT_TRUE(contains(f.message, "move 2 (W J16)")) << f.message;
}

// ---------------------------------------------------------------- marks

TEST(ReplayMarks, TerritoryMarksInTheLastNode) {
  //   a b c d e
  // a X . . . .
  // b . X . . .      TB marks dd (White: dead), cc (Black's own: not dead)
  // c . . X . .      and ab (empty: not dead). TW marks aa (Black: dead)
  // d . . . O .      and ee (White's own: not dead).
  // e . . . . O
  const Game g = play_sgf(
      "(;SZ[5]AB[aa][bb]AW[dd];B[cc];W[ee]TW[bb]"  // marks in an earlier node are ignored
      ";TB[dd][cc][ab]TW[aa][ee])");
  Board b(5, 5);
  const std::vector<Vertex> want{b.vertex(3, 3), b.vertex(0, 0)};
  EXPECT_EQ(g.marked_dead, want);
}

TEST(ReplayMarks, MarkRectangle) {
  // TB[dd:ee] covers dd ed de ee: the two white stones are dead.
  const Game g = play_sgf("(;SZ[5]AW[dd][ee]AB[aa];TB[dd:ee])");
  std::vector<Vertex> dead = g.marked_dead;
  std::sort(dead.begin(), dead.end());
  EXPECT_EQ(dead, (std::vector<Vertex>{g.board.vertex(3, 3), g.board.vertex(4, 4)}));
}

TEST(ReplayMarks, MarksInTheRootOfAMovelessRecord) {
  const Game g = play_sgf("(;SZ[5]AB[aa]AW[bb]TW[aa]TB[bb])");
  EXPECT_EQ(g.marked_dead.size(), 2u);
}

TEST(ReplayMarks, NoMarks) {
  EXPECT_TRUE(play_sgf("(;SZ[5]AB[aa];W[bb])").marked_dead.empty());
}

// ---------------------------------------------------------------- tolerant reading

// As sgfmill, KataGo and Sabaki read real records: the tree keeps what was
// written, the replay merges and reads leniently, and says so in warnings.

TEST(ReplayTolerant, RepeatedListPropertiesAreOneList) {
  // GNU Go writes AB[aa]AB[bb]: three black stones, not one.
  Game g = play_sgf("(;FF[4]SZ[9]KM[0]AB[aa]AB[bb]AB[cc];B[];W[])");
  EXPECT_EQ(g.board.count(Color::kBlack), 3);
  EXPECT_EQ(g.handicap, 3);
  EXPECT_TRUE(g.warnings.empty());
  g = play_sgf("(;SZ[9]AW[aa]AW[bb:bc];AE[aa]AE[bb])");
  EXPECT_EQ(g.board.count(Color::kWhite), 1);
  EXPECT_EQ(at(g, "bc"), Color::kWhite);
  // TB written twice in the last node: the marks of both count.
  g = play_sgf("(;SZ[9]AW[aa][ee];B[];W[]TB[aa][ab]TB[ac][ee])");
  EXPECT_EQ(g.marked_dead.size(), 2u);
}

TEST(ReplayTolerant, RepeatedSingleValuePropertiesKeepTheFirstAndWarn) {
  Game g = play_sgf("(;SZ[9]KM[6.5]KM[7.5])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 6.5);
  EXPECT_EQ(g.warnings, (std::vector<std::string>{"KM is given 2 times (KM[6.5] KM[7.5]): the first is used"}));
  g = play_sgf("(;SZ[9][13]HA[2]HA[3]AB[cc][gg])");
  EXPECT_EQ(g.board.width(), 9);
  EXPECT_EQ(g.handicap, 2);
  EXPECT_EQ(g.warnings, (std::vector<std::string>{"SZ is given 2 times (SZ[9] SZ[13]): the first is used",
                                                  "HA is given 2 times (HA[2] HA[3]): the first is used"}));
}

TEST(ReplayTolerant, TwoPassesInOneNode) {
  Game g = play_sgf("(;SZ[19];B[dd];B[tt]W[tt])");
  EXPECT_EQ(g.moves, 3);
  EXPECT_EQ(g.passes, (std::array<int, 2>{1, 1}));
  EXPECT_EQ(g.last_pass, Color::kWhite);  // in the order written
  EXPECT_EQ(g.final_passes, 2);
  g = play_sgf("(;SZ[9];B[dd];W[]B[])");
  EXPECT_EQ(g.last_pass, Color::kBlack);
  EXPECT_EQ(g.last_mover, Color::kBlack);
  // A pass and a stone, or two stones, in one node are still refused.
  EXPECT_TRUE(contains(replay_failure("(;SZ[9];B[aa]W[])").message, "both a black and a white move"));
}

TEST(ReplayTolerant, KomiAndHandicapAsWritten) {
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[6,5])").komi.value(), 6.5);  // decimal comma
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[-0,5])").komi.value(), -0.5);
  EXPECT_TRUE(contains(replay_failure("(;SZ[9]KM[6,5,0])").message, "KM[6,5,0]"));
  EXPECT_EQ(play_sgf("(;SZ[9]HA[2.0]AB[cc][gg])").handicap, 2);
  EXPECT_TRUE(contains(replay_failure("(;SZ[9]HA[2.5])").message, "handicap must be a whole number"));
}

TEST(ReplayTolerant, OddKomiThatTheResultCountsWith) {
  // OGS wrote KM[9999] with RE[W+9970]: the board gave Black 29 points.
  const Game g = play_sgf("(;SZ[9]KM[9999]RE[W+9970];B[])");
  EXPECT_DOUBLE_EQ(g.komi.value(), 9999);
  EXPECT_EQ(g.warnings, (std::vector<std::string>{
                            "komi 9999 is odd (beyond 1000 points), read as written: the recorded result W+9970 "
                            "counts with it"}));
  EXPECT_DOUBLE_EQ(play_sgf("(;SZ[9]KM[9999.5]RE[W+9916.5])").komi.value(), 9999.5);  // Black by 83 on the board
  for (const char* re : {"W+R", "B+5", "W+20", "W+9830", ""}) {
    const Failure f = replay_failure(std::string("(;SZ[9]KM[9999]RE[") + re + "])");
    EXPECT_EQ(f.message, "KM[9999]: komi must be a number from -1000 to 1000") << re;
  }
}

// ---------------------------------------------------------------- junk refused

TEST(ReplayJunk, BlackAndWhiteSetUpOnOnePoint) {
  Failure f = replay_failure("(;SZ[9]\n;AB[aa][cc]AW[cc])");
  EXPECT_EQ(f.message, "AB and AW in one node both set up C7: the position cannot be told");
  EXPECT_EQ(f.line, 2u);
  f = replay_failure("(;SZ[9]AB[aa:bb]AE[bb])");
  EXPECT_EQ(f.message, "AE and AB in one node both set up B8: the position cannot be told");
  // In two nodes it is a change of the position, as FF[4] allows.
  EXPECT_EQ(at(play_sgf("(;SZ[9]AB[cc];AW[cc])"), "cc"), Color::kWhite);
}

TEST(ReplayJunk, SetUpChainWithoutALiberty) {
  // a . X .      White bb set up inside four black stones.
  // b X O X
  // c . X .
  const Failure f = replay_failure("(;SZ[3]AB[ba][ab][cb][bc]AW[bb])");
  EXPECT_EQ(f.message, "the set-up white chain at B2 has no liberty: the position cannot be played from");
  EXPECT_EQ(f.move, 0);
  // Stones set up around an earlier one take its last liberty too.
  EXPECT_TRUE(contains(replay_failure("(;SZ[3]AW[aa];AB[ba][ab])").message, "white chain at A3"));
  EXPECT_TRUE(contains(replay_failure("(;SZ[2]AB[aa:bb])").message, "black chain at A2"));  // a full board
}

TEST(ReplayJunk, HandicapLargerThanTheBoard) {
  EXPECT_EQ(replay_failure("(;SZ[9]HA[1000];B[];W[])").message,
            "HA[1000]: handicap must be at most 80 on this board (its points less one)");
  EXPECT_TRUE(contains(replay_failure("(;SZ[9]HA[81])").message, "at most 80"));
  EXPECT_EQ(play_sgf("(;SZ[9]HA[80])").handicap, 80);
}

TEST(ReplayJunk, EmptyRecord) {
  for (const char* text : {"(;)", "(;FF[4]GM[1]CA[UTF-8])", "(;;;)", "(;RE[W+R])"}) {
    const Failure f = replay_failure(text);
    EXPECT_EQ(f.message, "empty record: no board size, no moves, no stones") << text;
    EXPECT_EQ(f.line, 1u);
  }
  EXPECT_EQ(play_sgf("(;SZ[9])").board.count(Color::kEmpty), 81);  // a size says what board: fine
  EXPECT_EQ(play_sgf("(;FF[4];B[])").moves, 1);
  // Stepped back to before its first move (--move 0, GTP's loadsgf), a
  // record with moves and no SZ is the empty 19x19 board, not an empty record.
  const Game start = play_sgf("(;B[pd];W[dp])", {.moves = 0});
  EXPECT_EQ(start.board.count(Color::kEmpty), 361);
  EXPECT_TRUE(start.before_end);
}

TEST(ReplayJunk, HandicapStonesLeftOut) {
  // Fox writes HA[n] with no AB and White moving first into an empty board:
  // the stones go on the standard points, and a note says so.
  Game g = play_sgf("(;GM[1]SZ[19]KM[0]HA[4]AP[GNU Go:3.8]AP[foxwq]\n;W[qf];B[nc])");
  EXPECT_EQ(g.moves, 2);
  EXPECT_EQ(g.handicap, 4);
  EXPECT_TRUE(g.handicap_set_up);
  EXPECT_TRUE(g.handicap_placed);
  EXPECT_EQ(g.setup_balance, 4);
  for (const char* p : {"dd", "pd", "dp", "pp"}) EXPECT_EQ(at(g, p), Color::kBlack) << p;
  ASSERT_EQ(g.notes.size(), 1u);
  EXPECT_EQ(read_note_text(g.board, g.notes.at(0)), "HA[4] with no handicap stones placed and White to move first: the stones are put on the standard "
                        "points D4 Q16 D16 Q4 (Fox records leave them out)");
  // Where a move plays on a standard point, the stones were elsewhere: Fox's
  // six stones are the corners, K4 and K16 (White plays Q10 at once).
  g = play_sgf("(;SZ[19]HA[6]AP[foxwq];W[pj];B[dj])");
  EXPECT_EQ(g.moves, 2);
  for (const char* p : {"dd", "pd", "dp", "pp", "jd", "jp"}) EXPECT_EQ(at(g, p), Color::kBlack) << p;
  EXPECT_EQ(at(g, "pj"), Color::kWhite);
  EXPECT_EQ(read_note_text(g.board, g.notes.at(0)), "HA[6] with no handicap stones placed and White to move first: the stones are put on the star "
                           "points no move plays on, D4 Q16 D16 Q4 K4 K16 (Fox records leave them out)");
  // No standard points for 5 stones on an even board: refused, saying why.
  Failure f = replay_failure("(;SZ[10]HA[5];W[aa])");
  EXPECT_EQ(f.message, "HA[5] but the record places no handicap stones, and this board has standard points for at most 4: "
                       "the game cannot be replayed to its end position");
  EXPECT_EQ(f.line, 1u);
  // Placed by moves (Black first), or set up in a later node: fine.
  EXPECT_EQ(play_sgf("(;SZ[19]HA[2];B[dd];B[pp];W[qf])").moves, 3);
  EXPECT_EQ(play_sgf("(;SZ[19]HA[2];AB[dd][pp];W[qf])").moves, 1);
}

// HA[n] over a root that places another number of black stones: HA is
// counted, and a note says so (the count went on with handicap 3 and 2
// stones without a word). HA that agrees, HA without stones, stones without
// HA and a root that sets up white stones too are no such record.
TEST(ReplayJunk, HandicapOtherThanTheStonesPlacedIsNoted) {
  Game g = play_sgf("(;GM[1]FF[4]SZ[9]HA[3]KM[0.5]RU[Chinese]AB[cc][gg];W[ee];B[];W[])");
  EXPECT_EQ(g.handicap, 3);
  ASSERT_EQ(g.notes.size(), 1u);
  EXPECT_EQ(read_note_text(g.board, g.notes.at(0)),
            "HA[3] but the record places 2 black stones at the start: counted as a handicap of 3, as HA says");
  g = play_sgf("(;SZ[9]HA[0]AB[cc][gg])");
  ASSERT_EQ(g.notes.size(), 1u);
  EXPECT_EQ(read_note_text(g.board, g.notes.at(0)),
            "HA[0] but the record places 2 black stones at the start: counted as a handicap of 0, as HA says");
  // HA[10] with no stone at all and Black moving first, once: no stone
  // stands for the 10 points of compensation.
  g = play_sgf("(;FF[4]SZ[9]KM[0.5]HA[10];B[ee];W[cc];B[];W[])");
  EXPECT_EQ(g.handicap, 10);
  ASSERT_EQ(g.notes.size(), 1u);
  EXPECT_EQ(read_note_text(g.board, g.notes.at(0)),
            "HA[10] but the record places no black stones at the start: counted as a handicap of 10, as HA says");
  // Black's first moves in a row are the stones (KGS's free placement), and
  // stones set up after the root are stones.
  for (const char* agrees : {"(;SZ[9]HA[2]AB[cc][gg])", "(;SZ[9]HA[0])", "(;SZ[9]HA[1];B[ee])", "(;SZ[9]HA[1]AB[ee])",
                             "(;SZ[9]AB[cc][gg])", "(;SZ[9]HA[3]AB[cc][gg]AW[ee])", "(;SZ[9]HA[2];AB[cc];W[ee])",
                             "(;SZ[9]HA[2];B[cc];B[gg];W[ee])", "(;SZ[9]HA[2];AB[cc][gg];W[ee])"})
    EXPECT_TRUE(play_sgf(agrees).notes.empty()) << agrees;
}

// A record of another game (GM[2], GM[x]) is refused, not counted as Go;
// GM[1], GM[] and no GM are Go.
TEST(ReplayJunk, ARecordOfAnotherGameIsRefused) {
  Failure f = replay_failure("(;GM[2]FF[4]SZ[9];B[ee];W[cc])");
  EXPECT_EQ(f.message, "GM[2]: the record is not of Go (GM[1])");
  EXPECT_EQ(replay_failure("(;GM[x]SZ[9];B[ee])").message, "GM[x]: the record is not of Go (GM[1])");
  for (const char* go : {"(;GM[1]SZ[9];B[ee])", "(;GM[]SZ[9];B[ee])", "(;SZ[9];B[ee])"})
    EXPECT_EQ(play_sgf(go).moves, 1) << go;
}

// A point listed twice in one setup list is one stone (AB[ee][ee]): counted
// twice, a lone stone made a handicap of 2, worth 2 points to White under
// Chinese rules; AB followed by a point two million times, a handicap of
// two million. The repeat is said.
TEST(ReplayJunk, APointSetUpTwiceIsOneStone) {
  Game g = play_sgf("(;FF[4]SZ[9]AB[ee][ee];W[cc];B[];W[])");
  EXPECT_EQ(g.handicap, 1);
  EXPECT_EQ(g.board.count(Color::kBlack), 1);
  ASSERT_EQ(g.warnings.size(), 1u);
  EXPECT_EQ(g.warnings[0], "AB of the root lists a point more than once (E5, 1 repeat in all): each point is set up once");
  g = play_sgf("(;FF[4]SZ[9]AB[ee:ff][ff];W[cc];B[];W[];AW[aa][aa][aa])");
  EXPECT_EQ(g.handicap, 4);
  ASSERT_EQ(g.warnings.size(), 2u);
  EXPECT_EQ(g.warnings[1], "AW after move 3 lists a point more than once (A9, 2 repeats in all): each point is set up once");
  std::string many = "(;FF[4]SZ[9]AB";
  for (int i = 0; i < 2000; ++i) many += "[ee][aa][bb][cc][dd][ff][gg]";
  g = play_sgf(many + ";W[hh])");
  EXPECT_EQ(g.handicap, 7);
  EXPECT_EQ(g.warnings.at(0),
            "AB of the root lists a point more than once (E5 A9 B8 C7 D6 ..., 13993 repeats in all): each point is "
            "set up once");
}

// ---------------------------------------------------------------- diagrams

TEST(FromDiagram, Fields) {
  const Diagram d = parse_diagram(
      "komi: 0.5\n"
      "handicap: 3\n"
      "rules: aga\n"
      "black-captures: 4\n"
      "white-captures: 5\n"
      "black-passes: 1\n"
      "white-passes: 2\n"
      "last-pass: black\n"
      "X X O . .\n"
      "x O O . .\n"
      ". X O o .\n");
  const Game g = from_diagram(d);
  EXPECT_EQ(g.board.width(), 5);
  EXPECT_EQ(g.board.height(), 3);
  EXPECT_DOUBLE_EQ(g.komi.value(), 0.5);
  EXPECT_EQ(g.handicap, 3);
  EXPECT_EQ(g.rules, "aga");
  EXPECT_EQ(g.captures[0], 4);
  EXPECT_EQ(g.captures[1], 5);
  EXPECT_EQ(g.passes[0], 1);
  EXPECT_EQ(g.passes[1], 2);
  EXPECT_EQ(g.last_pass, Color::kBlack);
  EXPECT_EQ(g.moves, 0);
  EXPECT_EQ(g.board.count(Color::kBlack), 4);  // dead stones are still on the board
  EXPECT_EQ(g.board.count(Color::kWhite), 5);
  EXPECT_EQ(g.board.at(g.board.vertex(0, 1)), Color::kBlack);
  EXPECT_EQ(g.board.at(g.board.vertex(3, 2)), Color::kWhite);
  EXPECT_EQ(g.marked_dead, (std::vector<Vertex>{g.board.vertex(0, 1), g.board.vertex(3, 2)}));
  // Chains are built: aa-ba-ab is one black chain whose only liberty is ac
  // (ca and bb are White).
  EXPECT_EQ(g.board.chain_size(g.board.vertex(0, 0)), 3);
  EXPECT_EQ(g.board.liberties(g.board.vertex(0, 0)), 1);
}

TEST(FromDiagram, Defaults) {
  const Game g = from_diagram(parse_diagram("X.\n.O\n"));
  EXPECT_FALSE(g.komi.has_value());
  EXPECT_EQ(g.handicap, 0);
  EXPECT_EQ(g.rules, "");
  EXPECT_EQ(g.captures[0] + g.captures[1], 0);
  EXPECT_EQ(g.last_pass, Color::kEmpty);
  EXPECT_TRUE(g.marked_dead.empty());
}

// ---------------------------------------------------------------- GameSource

std::vector<SourceItem> read_all(const std::string& text, std::function<bool(std::string_view)> allow = nullptr,
                                 size_t most = 100) {
  if (!allow) allow = [](std::string_view) { return false; };
  GameSource src(text, allow);
  std::vector<SourceItem> items;
  SourceItem item;
  while (src.next(item)) {
    items.push_back(item);
    if (items.size() > most) break;
  }
  EXPECT_FALSE(src.next(item));  // stays finished
  return items;
}

TEST(GameSourceTest, IllegalMoveInTheMiddleGame) {
  const std::string text =
      "(;SZ[9];B[ee])\n"
      "(;SZ[9]\n;B[ee]\n;W[ee])\n"
      "(;SZ[9];W[aa])\n";
  const std::vector<SourceItem> items = read_all(text);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_TRUE(items[0].game.has_value());
  EXPECT_FALSE(items[1].game.has_value());
  EXPECT_TRUE(contains(items[1].error, "line 4: move 2 (W E5): point is occupied")) << items[1].error;
  ASSERT_TRUE(items[2].game.has_value());
  EXPECT_EQ(items[2].game->board.count(Color::kWhite), 1);
}

TEST(GameSourceTest, DiagramIsOneGame) {
  GameSource src("komi: 7\nX O\nO .\n", [](std::string_view) { return false; });
  EXPECT_TRUE(src.is_diagram());
  SourceItem item;
  ASSERT_TRUE(src.next(item));
  EXPECT_EQ(item.index, 0);
  ASSERT_TRUE(item.game.has_value());
  EXPECT_EQ(item.game->board.width(), 2);
  EXPECT_DOUBLE_EQ(item.game->komi.value(), 7.0);
  EXPECT_FALSE(src.next(item));
}

TEST(GameSourceTest, BrokenDiagram) {
  const std::vector<SourceItem> items = read_all("X O\nX %\n");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_FALSE(items[0].game.has_value());
  EXPECT_TRUE(contains(items[0].error, "line 2, column 3")) << items[0].error;
}

TEST(GameSourceTest, EmptyInput) {
  for (const char* text : {"", "  \n\t\n"}) {
    GameSource src(text, [](std::string_view) { return false; });
    EXPECT_FALSE(src.is_diagram());
    SourceItem item;
    ASSERT_TRUE(src.next(item));
    EXPECT_EQ(item.index, 0);
    EXPECT_FALSE(item.game.has_value());
    EXPECT_EQ(item.error, "no SGF game found");
    EXPECT_FALSE(src.next(item));
  }
}

TEST(GameSourceTest, SgfWithBomIsNotADiagram) {
  const std::vector<SourceItem> items = read_all("\xEF\xBB\xBF(;SZ[9];B[ee])");
  ASSERT_EQ(items.size(), 1u);
  ASSERT_TRUE(items[0].game.has_value());
  EXPECT_EQ(items[0].game->moves, 1);
}

TEST(GameSourceTest, Utf16WithAByteOrderMarkIsReadAsUtf8) {
  const std::string text = "(;SZ[9]PB[\xC3\xA9];B[ee])";  // ASCII but for U+00E9
  const std::u16string wide = u"(;SZ[9]PB[\u00E9];B[ee])";
  for (const bool big : {false, true}) {
    std::string bytes = big ? "\xFE\xFF" : "\xFF\xFE";
    for (char16_t c : wide) {
      const char hi = static_cast<char>(c >> 8), lo = static_cast<char>(c & 0xFF);
      bytes += big ? hi : lo;
      bytes += big ? lo : hi;
    }
    GameSource src(bytes, [](std::string_view) { return false; });
    EXPECT_EQ(src.encoding(), big ? sgf::Encoding::kUtf16BE : sgf::Encoding::kUtf16LE);
    SourceItem item;
    ASSERT_TRUE(src.next(item));
    ASSERT_TRUE(item.game.has_value()) << item.error;
    EXPECT_EQ(item.game->moves, 1);
  }
  EXPECT_EQ(GameSource(text, nullptr).encoding(), sgf::Encoding::kUtf8);
}

// A Shift-JIS name whose second byte is '\' (表 0x95 0x5C) no longer
// escapes the ']' after it and swallows BR: the text is converted first.
TEST(GameSourceTest, ShiftJisIsReadAsUtf8BeforeItIsParsed) {
  const std::string hyo_so = "\x95\x5C\x83\x5C", kudan = "\x8B\xE3\x92\x69", to = "\x93\x7D\x8B\x42\x94\xF2";
  const std::string declared = "(;CA[SJIS]SZ[9]PB[" + hyo_so + "]BR[" + kudan + "]PW[" + to + "];B[ee])";
  // As Nihon Ki-in writes it: no CA, no ';' before the root's properties.
  const std::string nihon_kiin = "(\r\nPB[" + hyo_so + "]BR[" + kudan + "]PW[" + to + "]RE[\x8D\x95\x92\x86\x89\x9F\x82\xB5]\r\n;B[pd])";
  for (const std::string& text : {declared, nihon_kiin}) {
    GameSource src(text, [](std::string_view) { return false; });
    EXPECT_EQ(src.encoding(), sgf::Encoding::kCharset);
    EXPECT_EQ(src.charset(), "CP932");
    SourceItem item;
    ASSERT_TRUE(src.next(item));
    ASSERT_TRUE(item.game.has_value()) << item.error;
    EXPECT_EQ(item.game->moves, 1);
    const GameInfo info = game_info(src.tree());
    EXPECT_EQ(info.black_player, "表ソ");
    EXPECT_EQ(info.black_rank, "九段");
    EXPECT_EQ(info.white_player, "党毅飛");
  }
  // A text not all in its declared charset is read as it is (the bytes
  // kept for a writer): the name that can be mended is.
  const std::string broken_text = "(;CA[Shift_JIS]SZ[9]PW[" + to + "]C[\xFF];B[ee])";  // the source views it
  GameSource broken(broken_text, [](std::string_view) { return false; });
  EXPECT_EQ(broken.encoding(), sgf::Encoding::kUtf8);
  SourceItem item;
  ASSERT_TRUE(broken.next(item));
  EXPECT_EQ(game_info(broken.tree()).white_player, "党毅飛");
}

// The same in Big5 with no CA: 許功蓋 each end in 0x5C, and the comment 許
// would swallow the first move, B[da]: the text is read as Big5.
TEST(GameSourceTest, Big5WithoutCaIsReadAsBig5) {
  const std::string text = "(;GM[1]SZ[9]PB[\xB3\x5C\xA5\x5C\xBB\x5C]PW[\xA4\xFD]C[\xB3\x5C];B[da];W[ea])";
  GameSource src(text, [](std::string_view) { return false; });
  EXPECT_EQ(src.encoding(), sgf::Encoding::kCharset);
  EXPECT_EQ(src.charset(), "CP950");
  SourceItem item;
  ASSERT_TRUE(src.next(item));
  ASSERT_TRUE(item.game.has_value()) << item.error;
  EXPECT_EQ(item.game->moves, 2);
  EXPECT_EQ(at(*item.game, "da"), Color::kBlack);
  const GameInfo info = game_info(src.tree());
  EXPECT_EQ(info.black_player, "許功蓋");
  EXPECT_EQ(info.white_player, "王");
}

// Sabaki's test of a real Nihon Ki-in record (MIT; ../shared/data).
TEST(GameSourceTest, ANihonKiinRecord) {
  std::ifstream in(GOCOUNT_SHARED_DATA "/sabaki-sgf-tests/encoding/nihon-kiin.sgf", std::ios::binary);
  if (!in) GTEST_SKIP() << "../shared/data/sabaki-sgf-tests is absent";
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  GameSource src(text, [](std::string_view) { return false; });
  SourceItem item;
  ASSERT_TRUE(src.next(item));
  ASSERT_TRUE(item.game.has_value()) << item.error;
  EXPECT_EQ(game_info(src.tree()).white_player, "党毅飛");
  EXPECT_NE(std::string(src.tree().value(*src.tree().find(0, "TE"))).find("世界最高棋士決定戦"), std::string::npos);
  EXPECT_EQ(item.game->moves, 8);
}

// A replay held across records reads each root into the same strings: a
// record without a property leaves nothing of the one before.
TEST(GameSourceTest, InfoReadIntoHeldStringsKeepsNothingOfTheRecordBefore) {
  const std::vector<SourceItem> items =
      read_all("(;SZ[9]PB[ Black player with a long name\\]\t ]EV[The 1st Tournament of Somewhere]DT[2026-11-30];B[ee])"
               "(;SZ[9]PB[Bo]PW[W\xFF];B[ee])");
  ASSERT_EQ(items.size(), 2u);
  ASSERT_TRUE(items[0].game.has_value()) << items[0].error;
  ASSERT_TRUE(items[1].game.has_value()) << items[1].error;
  EXPECT_EQ(items[0].game->info.black_player, "Black player with a long name]");
  EXPECT_EQ(items[0].game->info.event, "The 1st Tournament of Somewhere");
  EXPECT_EQ(items[1].game->info.black_player, "Bo");
  EXPECT_EQ(items[1].game->info.white_player, "W\xEF\xBF\xBD");  // the broken byte replaced
  EXPECT_EQ(items[1].game->info.event, "");
  EXPECT_EQ(items[1].game->info.date, "");
  EXPECT_TRUE(sgf::is_utf8("\xE5\xBC\xA0 plain"));
  EXPECT_FALSE(sgf::is_utf8("W\xFF"));
  EXPECT_FALSE(sgf::is_utf8("\xE5\xBC"));  // cut short
}

TEST(GameSourceTest, ReaderNotesBecomeWarnings) {
  const std::vector<SourceItem> items = read_all("(;SZ[9]PW[[\\]=[]];B[ee];W[]\n");
  ASSERT_EQ(items.size(), 1u);
  ASSERT_TRUE(items[0].game.has_value()) << items[0].error;
  EXPECT_EQ(items[0].game->warnings,
            (std::vector<std::string>{"PW[[\\]=[]]: an unescaped ']' read as part of the text",
                                      "the record ends without its closing ')' (1 missing): read as far as it goes"}));
}

// Errors cost what good games cost: lines are counted on from the previous
// error, not from the file's start (measured by hand, see the README). Every
// broken game is reported with its own line, with LF, CRLF or CR alone.
TEST(GameSourceTest, ManyBrokenGamesEachWithItsLine) {
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    std::string text;
    constexpr int kGames = 20000;
    constexpr const char* kOccupiedByMove1 = " by black's move 1: the record plays onto a stone (a repeated or misplaced move)";
    for (int i = 0; i < kGames; ++i) {
      text += "(;FF[4]SZ[9]" + eol + ";B[ee]" + eol;
      text += i % 2 ? ";W[ee])" + eol : ";W[cc] % )" + eol;  // an occupied point, a stray character
    }
    const std::vector<SourceItem> items = read_all(text, nullptr, kGames + 1);
    ASSERT_EQ(items.size(), static_cast<size_t>(kGames));
    for (int i = 0; i < kGames; ++i) {
      const std::string line = "line " + std::to_string(3 * i + 3);
      const std::string want = i % 2 ? line + ": move 2 (W E5): point is occupied" + std::string(kOccupiedByMove1) : line + ", column 8: unexpected '%' in game tree";
      ASSERT_EQ(items[i].error, want) << "game " << i << " with " << (eol == "\n" ? "LF" : eol == "\r" ? "CR" : "CRLF");
    }
  }
}

TEST(GameSourceTest, SgfWithTextBeforeTheFirstGame) {
  const std::vector<SourceItem> items = read_all("Downloaded from a server\n(;SZ[9];B[ee])\n(;SZ[9];W[cc])");
  ASSERT_EQ(items.size(), 2u);
  ASSERT_TRUE(items[0].game.has_value()) << items[0].error;
  EXPECT_EQ(items[0].game->moves, 1);
  ASSERT_TRUE(items[1].game.has_value()) << items[1].error;
  EXPECT_EQ(at(*items[1].game, "cc"), Color::kWhite);
}

TEST(GameSourceTest, SuicidePermissionAskedWithTheRules) {
  const std::string game = ";B[ba];W[ee];B[ab];W[aa])";
  std::vector<std::string> asked;
  auto allow = [&](std::string_view rules) {
    asked.emplace_back(rules);
    return rules == "NZ";
  };
  const std::vector<SourceItem> items =
      read_all("(;SZ[9]RU[NZ]" + game + "\n(;SZ[9]RU[Japanese]" + game, allow);
  ASSERT_EQ(items.size(), 2u);
  ASSERT_TRUE(items[0].game.has_value());
  EXPECT_EQ(items[0].game->captures[0], 1);
  EXPECT_FALSE(items[1].game.has_value());
  EXPECT_TRUE(contains(items[1].error, "suicide")) << items[1].error;
  EXPECT_EQ(asked, (std::vector<std::string>{"NZ", "Japanese"}));
}

// A game built move by move (new_game, set_handicap, play_move), as the GTP
// engine builds it, keeps what replay keeps for a record of the same moves.
TEST(PlayMove, SameCountsAsReplayingTheRecord) {
  const std::string record =
      "(;SZ[7]KM[0.5]HA[2]AB[dc][de];W[ea];B[da];W[eb];B[db];W[ec];B[dd];W[ed];B[df];W[ee];B[dg];W[ef]"
      ";B[];W[eg];B[ce];W[cf];B[];W[bf];B[be];W[])";
  const Game want = play_sgf(record);
  Game g = new_game(7, 7);
  g.komi = 0.5;
  set_handicap(g, std::vector<Vertex>{g.board.vertex(3, 2), g.board.vertex(3, 4)});
  const char* moves[] = {"ea", "da", "eb", "db", "ec", "dd", "ed", "df", "ee", "dg", "ef", "",
                         "eg", "ce", "cf", "",   "bf", "be", ""};
  Color c = Color::kWhite;
  for (const char* m : moves) {
    const Vertex v = *m ? parse_sgf_point(g.board, m) : kPass;
    ASSERT_EQ(play_move(g, c, v, false), MoveError::kNone) << m;
    c = opponent(c);
  }
  EXPECT_EQ(g.moves, want.moves);
  EXPECT_EQ(g.captures, want.captures);
  EXPECT_EQ(g.passes, want.passes);
  EXPECT_EQ(g.last_pass, want.last_pass);
  EXPECT_EQ(g.last_mover, want.last_mover);
  EXPECT_EQ(g.final_passes, want.final_passes);
  EXPECT_EQ(g.handicap, want.handicap);
  EXPECT_EQ(g.handicap_set_up, want.handicap_set_up);
  EXPECT_EQ(g.setup_balance, want.setup_balance);
  g.board.for_each_point([&](Vertex v) { EXPECT_EQ(g.board.at(v), want.board.at(v)) << to_gtp(g.board, v); });
}

TEST(PlayMove, IllegalMovesLeaveTheGameAsItWas) {
  Game g = new_game(3, 3);
  ASSERT_EQ(play_move(g, Color::kBlack, g.board.vertex(1, 0), false), MoveError::kNone);
  ASSERT_EQ(play_move(g, Color::kBlack, g.board.vertex(0, 1), false), MoveError::kNone);
  EXPECT_EQ(play_move(g, Color::kWhite, g.board.vertex(1, 0), false), MoveError::kOccupied);
  EXPECT_EQ(play_move(g, Color::kWhite, g.board.vertex(0, 0), false), MoveError::kSuicide);
  EXPECT_EQ(play_move(g, Color::kWhite, kNoVertex, false), MoveError::kOffBoard);
  EXPECT_EQ(play_move(g, Color::kWhite, 0, false), MoveError::kOffBoard);  // the wall
  EXPECT_EQ(g.moves, 2);
  EXPECT_EQ(g.last_mover, Color::kBlack);
  // Allowed where the rules allow suicide: the stone goes to Black.
  EXPECT_EQ(play_move(g, Color::kWhite, g.board.vertex(0, 0), true), MoveError::kNone);
  EXPECT_EQ(g.captures[0], 1);
  EXPECT_EQ(g.board.at(g.board.vertex(0, 0)), Color::kEmpty);
}

TEST(PlayMove, DropsTheRecordsResultAndMarks) {
  Game g = play_sgf("(;SZ[5]RE[B+3];B[cc];W[aa]TB[aa])");
  ASSERT_TRUE(g.has_marks);
  ASSERT_EQ(play_move(g, Color::kBlack, kPass, false), MoveError::kNone);
  EXPECT_FALSE(g.has_marks);
  EXPECT_TRUE(g.marked_dead.empty());
  EXPECT_EQ(g.result, "");
  EXPECT_EQ(g.last_pass, Color::kBlack);
}

}  // namespace
}  // namespace gocount
