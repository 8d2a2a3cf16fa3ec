// Board mechanics: captures, liberties, ko, suicide, board shapes, coordinates,
// and a randomized comparison with a brute-force reference model.
//
// Positions are drawn with SGF letters: column letter first, then row letter,
// row "a" at the top. X black, O white, . empty.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "board/board.h"
#include "board/symmetry.h"

namespace gocount {
namespace {

// Builds a board from rows drawn top row first.
Board board_from(const std::vector<std::string>& rows) {
  const int h = static_cast<int>(rows.size());
  const int w = static_cast<int>(rows.at(0).size());
  Board b(w, h);
  std::vector<Vertex> black, white;
  for (int y = 0; y < h; ++y) {
    EXPECT_EQ(static_cast<int>(rows[y].size()), w) << "test picture row " << y;
    for (int x = 0; x < w; ++x) {
      if (rows[y][x] == 'X') black.push_back(b.vertex(x, y));
      if (rows[y][x] == 'O') white.push_back(b.vertex(x, y));
    }
  }
  b.set_many(black.begin(), black.end(), Color::kBlack);
  b.set_many(white.begin(), white.end(), Color::kWhite);
  return b;
}

// Draws the board the same way, for comparisons and failure messages.
std::vector<std::string> picture(const Board& b) {
  std::vector<std::string> rows;
  for (int y = 0; y < b.height(); ++y) {
    std::string row;
    for (int x = 0; x < b.width(); ++x) {
      const Color c = b.at(b.vertex(x, y));
      row += c == Color::kBlack ? 'X' : c == Color::kWhite ? 'O' : '.';
    }
    rows.push_back(row);
  }
  return rows;
}

Vertex pt(const Board& b, const char* sgf) {
  const Vertex v = parse_sgf_point(b, sgf);
  EXPECT_NE(v, kNoVertex) << sgf;
  return v;
}

// Plays a move that must be legal; returns the captures.
int must_play(Board& b, Color c, const char* sgf) {
  const Vertex v = pt(b, sgf);
  EXPECT_EQ(b.check(c, v, false), MoveError::kNone) << color_name(c) << " " << sgf;
  return b.play(c, v);
}

// Brute force: the chain through (x, y) and its number of distinct liberties,
// found by a flood fill on coordinates (not the board's own chain data).
struct Chain {
  std::vector<Vertex> members;
  int libs = 0;
};
Chain flood(const Board& b, int x0, int y0, std::vector<char>& in_chain, std::vector<char>& is_lib) {
  Chain ch;
  const Color c = b.at(b.vertex(x0, y0));
  std::vector<Vertex> libs;
  std::vector<std::pair<int, int>> todo{{x0, y0}};
  ch.members.push_back(b.vertex(x0, y0));
  in_chain[b.vertex(x0, y0)] = 1;
  while (!todo.empty()) {
    auto [x, y] = todo.back();
    todo.pop_back();
    const int nx[4] = {x - 1, x + 1, x, x};
    const int ny[4] = {y, y, y - 1, y + 1};
    for (int k = 0; k < 4; ++k) {
      if (nx[k] < 0 || ny[k] < 0 || nx[k] >= b.width() || ny[k] >= b.height()) continue;
      const Vertex n = b.vertex(nx[k], ny[k]);
      if (b.at(n) == Color::kEmpty && !is_lib[n]) {
        is_lib[n] = 1;
        libs.push_back(n);
      } else if (b.at(n) == c && !in_chain[n]) {
        in_chain[n] = 1;
        ch.members.push_back(n);
        todo.push_back({nx[k], ny[k]});
      }
    }
  }
  for (Vertex v : libs) is_lib[v] = 0;
  ch.libs = static_cast<int>(libs.size());
  return ch;
}

// Every stone's liberties(), chain_size(), chain_root() and chain list agree
// with the flood fill. Returns a description of the first mismatch, or "".
std::string check_chains(const Board& b) {
  std::vector<char> done(b.padded_size(), 0), in_chain(b.padded_size(), 0), is_lib(b.padded_size(), 0);
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Vertex v = b.vertex(x, y);
      if ((b.at(v) != Color::kBlack && b.at(v) != Color::kWhite) || done[v]) continue;
      const Chain ch = flood(b, x, y, in_chain, is_lib);
      const int stones = static_cast<int>(ch.members.size());
      for (Vertex s : ch.members) {
        const std::string where = to_sgf(b, s);
        if (b.liberties(s) != ch.libs)
          return where + ": liberties " + std::to_string(b.liberties(s)) + ", expected " + std::to_string(ch.libs);
        if (b.chain_size(s) != stones)
          return where + ": chain_size " + std::to_string(b.chain_size(s)) + ", expected " +
                 std::to_string(stones);
        if (b.chain_root(s) != b.chain_root(v)) return where + ": chain_root differs within one chain";
        done[s] = 1;
      }
      // The circular list through any stone visits exactly the chain.
      int steps = 0;
      bool ok = true;
      b.for_each_in_chain(v, [&](Vertex s) { ok &= ++steps <= stones && in_chain[s] == 1; });
      if (!ok || steps != stones) return to_sgf(b, v) + ": chain list differs from the flood fill";
      for (Vertex s : ch.members) in_chain[s] = 0;
    }
  }
  return "";
}

// chains_beside(v) lists each chain touching v once: the roots of the stones
// beside v (checked against the flood fill by check_chains), no duplicate.
// Returns a description of the first mismatch, or "".
std::string check_chains_beside(const Board& b) {
  std::string problem;
  b.for_each_point([&](Vertex v) {
    std::set<Vertex> want;
    for (int d : b.directions())
      if (b.at(v + d) == Color::kBlack || b.at(v + d) == Color::kWhite) want.insert(b.chain_root(v + d));
    const Board::ChainsBeside got = b.chains_beside(v);
    const std::set<Vertex> listed(got.begin(), got.end());
    if (problem.empty() && (listed != want || static_cast<size_t>(got.count) != listed.size()))
      problem = to_sgf(b, v) + ": chains_beside lists " + std::to_string(got.count) + " chains, expected " +
                std::to_string(want.size());
  });
  return problem;
}

// ---------------------------------------------------------------- captures

TEST(BoardCapture, SingleStoneInTheCentre) {
  //   a b c d e
  // a . . . . .
  // b . . X . .
  // c . X O X .      White cc has one liberty, cd.
  // d . . . . .
  // e . . . . .
  Board b = board_from({".....", "..X..", ".XOX.", ".....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "cc")), 1);
  EXPECT_EQ(b.liberties(pt(b, "bc")), 3);
  EXPECT_EQ(must_play(b, Color::kBlack, "cd"), 1);
  EXPECT_EQ(b.at(pt(b, "cc")), Color::kEmpty);
  EXPECT_EQ(b.count(Color::kWhite), 0);
  EXPECT_EQ(b.count(Color::kBlack), 4);
  // The captured point is a liberty again of every stone around it.
  EXPECT_EQ(b.liberties(pt(b, "cd")), 4);  // cc bd dd ce
  EXPECT_EQ(b.liberties(pt(b, "bc")), 4);  // ac bb cc bd
  EXPECT_EQ(b.liberties(pt(b, "cb")), 4);
  EXPECT_EQ(b.liberties(pt(b, "dc")), 4);
  EXPECT_EQ(b.ko(), kNoVertex);  // the capturing stone has 4 liberties: no ko
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardCapture, TwoStoneChain) {
  //   a b c d e
  // a . X X . .
  // b X O O X .      White bb-cb: one liberty, cc.
  // c . X . . .
  Board b = board_from({".XX..", "XOOX.", ".X...", ".....", "....."});
  EXPECT_EQ(b.chain_size(pt(b, "bb")), 2);
  EXPECT_EQ(b.liberties(pt(b, "cb")), 1);
  EXPECT_EQ(must_play(b, Color::kBlack, "cc"), 2);
  EXPECT_EQ(picture(b), (std::vector<std::string>{".XX..", "X..X.", ".XX..", ".....", "....."}));
  EXPECT_EQ(b.ko(), kNoVertex);
  // ba-ca gained bb and cb: aa bb cb da.
  EXPECT_EQ(b.liberties(pt(b, "ba")), 4);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardCapture, FourChainsAtOnce) {
  //   a b c d e
  // a . . X . .
  // b . X O X .
  // c X O . O X      Four lone white stones, each with the one liberty cc.
  // d . X O X .
  // e . . X . .
  Board b = board_from({"..X..", ".XOX.", "XO.OX", ".XOX.", "..X.."});
  for (const char* w : {"cb", "bc", "dc", "cd"}) EXPECT_EQ(b.liberties(pt(b, w)), 1) << w;
  EXPECT_EQ(must_play(b, Color::kBlack, "cc"), 4);
  EXPECT_EQ(b.count(Color::kWhite), 0);
  EXPECT_EQ(b.liberties(pt(b, "cc")), 4);
  EXPECT_EQ(b.chain_size(pt(b, "cc")), 1);
  EXPECT_EQ(b.liberties(pt(b, "bb")), 4);  // ba ab cb bc
  EXPECT_EQ(b.ko(), kNoVertex);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardCapture, ChainsOfDifferentSizesAtOnce) {
  //   a b c d e
  // a X O X . .      White ba-bb: one liberty, ab.
  // b + O X . .      White ac: one liberty, ab.
  // c O X . . .      Black aa is in atari too, but ab captures first.
  // d X . . . .
  Board b = board_from({"XOX..", ".OX..", "OX...", "X....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "ba")), 1);
  EXPECT_EQ(b.liberties(pt(b, "ac")), 1);
  EXPECT_EQ(b.liberties(pt(b, "aa")), 1);  // Black aa is in atari too
  // ab captures the 2-stone chain and the lone stone: 3 stones, not suicide.
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "ab"), false), MoveError::kNone);
  EXPECT_EQ(b.play(Color::kBlack, pt(b, "ab")), 3);
  EXPECT_EQ(b.last_suicide(), 0);
  EXPECT_EQ(picture(b), (std::vector<std::string>{"X.X..", "X.X..", ".X...", "X....", "....."}));
  EXPECT_EQ(b.chain_size(pt(b, "aa")), 2);
  EXPECT_EQ(b.liberties(pt(b, "aa")), 3);  // ba bb ac
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardCapture, Corner) {
  // a O X      White aa, liberty ab.
  // b . .
  Board b = board_from({"OX...", ".....", ".....", ".....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "aa")), 1);
  EXPECT_EQ(must_play(b, Color::kBlack, "ab"), 1);
  EXPECT_EQ(b.at(pt(b, "aa")), Color::kEmpty);
  EXPECT_EQ(b.liberties(pt(b, "ab")), 3);  // aa bb ac
  EXPECT_EQ(b.liberties(pt(b, "ba")), 3);  // aa ca bb
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardCapture, BottomRightCornerOfANonSquareBoard) {
  // 4 wide, 9 high: the bottom-right corner is x 3 ('d'), y 8 ('i'), GTP D1.
  Board b(4, 9);
  must_play(b, Color::kWhite, "di");
  must_play(b, Color::kBlack, "ci");
  EXPECT_EQ(b.liberties(pt(b, "di")), 1);
  EXPECT_EQ(must_play(b, Color::kBlack, "dh"), 1);
  EXPECT_EQ(b.count(Color::kWhite), 0);
  EXPECT_EQ(to_gtp(b, pt(b, "di")), "D1");
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardCapture, EdgeChain) {
  //   a b c d e
  // a O X . . .
  // b O X . . .      White aa-ab-ac on the left edge: one liberty, ad.
  // c O X . . .
  // d . . . . .
  Board b = board_from({"OX...", "OX...", "OX...", ".....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "ab")), 1);
  EXPECT_EQ(b.chain_size(pt(b, "ab")), 3);
  EXPECT_EQ(must_play(b, Color::kBlack, "ad"), 3);
  EXPECT_EQ(b.count(Color::kWhite), 0);
  // Black ba-bb-bc: aa ab ac ca cb cc bd = 7.
  EXPECT_EQ(b.liberties(pt(b, "bb")), 7);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardCapture, TopEdgeStone) {
  // a . X O X .      White ca, liberty cb.
  Board b = board_from({".XOX.", ".....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "ca")), 1);
  EXPECT_EQ(must_play(b, Color::kBlack, "cb"), 1);
  EXPECT_EQ(b.at(pt(b, "ca")), Color::kEmpty);
  EXPECT_EQ(check_chains(b), "");
}

// ---------------------------------------------------------------- liberties

TEST(BoardLiberties, LoneStonesOnCentreEdgeCorner) {
  Board b(5, 5);
  must_play(b, Color::kBlack, "cc");
  must_play(b, Color::kBlack, "ca");
  must_play(b, Color::kBlack, "aa");
  EXPECT_EQ(b.liberties(pt(b, "cc")), 4);
  EXPECT_EQ(b.liberties(pt(b, "ca")), 3);
  EXPECT_EQ(b.liberties(pt(b, "aa")), 2);
  // A neighbouring opponent stone takes a liberty away.
  must_play(b, Color::kWhite, "cd");
  EXPECT_EQ(b.liberties(pt(b, "cc")), 3);
  EXPECT_EQ(b.liberties(pt(b, "cd")), 3);
}

TEST(BoardLiberties, ConnectingTwoStonesInALine) {
  //   a b c d e
  // b . X + X .      Black cb joins bb and db: 3 stones,
  //                  liberties ba ca da, bc cc dc, ab eb = 8.
  Board b = board_from({".....", ".X.X.", ".....", ".....", "....."});
  must_play(b, Color::kBlack, "cb");
  EXPECT_EQ(b.chain_size(pt(b, "bb")), 3);
  EXPECT_EQ(b.liberties(pt(b, "db")), 8);
  EXPECT_EQ(b.chain_root(pt(b, "bb")), b.chain_root(pt(b, "db")));
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, SharedLibertyCountedOnce) {
  //   a b c d e
  // a . . . . .
  // b . X + . .      cb joins bb and cc. bc touches both bb and cc:
  // c . . X . .      liberties ba ab bc ca db dc cd = 7 (8 if bc counted twice).
  Board b = board_from({".....", ".X...", "..X..", ".....", "....."});
  must_play(b, Color::kBlack, "cb");
  EXPECT_EQ(b.chain_size(pt(b, "cc")), 3);
  EXPECT_EQ(b.liberties(pt(b, "cc")), 7);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, MergedChainsShareALibertyAwayFromTheNewStone) {
  //   a b c d e
  // a . . . . .
  // b . X + X .      Two 2-stone chains bb-bc and db-dc, 6 liberties each,
  // c . X . X .      both touching cc. cb joins them: 5 stones, liberties
  // d . . . . .      ba ab ac bd cc ca da eb ec dd = 10 (11 with cc twice).
  Board b = board_from({".....", ".X.X.", ".X.X.", ".....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "bb")), 6);
  EXPECT_EQ(b.liberties(pt(b, "db")), 6);
  must_play(b, Color::kBlack, "cb");
  EXPECT_EQ(b.chain_size(pt(b, "bc")), 5);
  EXPECT_EQ(b.liberties(pt(b, "bc")), 10);
  EXPECT_EQ(b.liberties(pt(b, "dc")), 10);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, MergeFromFourSides) {
  //   a b c d e
  // a . . . . .
  // b . . X . .
  // c . X + X .      cc joins four lone stones into a plus:
  // d . . X . .      liberties ca bb db ac ec bd dd ce = 8 (12 naively).
  // e . . . . .
  Board b = board_from({".....", "..X..", ".X.X.", "..X..", "....."});
  must_play(b, Color::kBlack, "cc");
  EXPECT_EQ(b.chain_size(pt(b, "cc")), 5);
  EXPECT_EQ(b.liberties(pt(b, "cc")), 8);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, MergeFromThreeSidesWithLongerChains) {
  //   a b c d e f g
  // a . . . . . . .
  // b . . . X . . .
  // c X X X + O . .      dc joins ac-bc-cc (left), db (above), dd-de (below);
  // d . . . X . . .      White ec on the right takes one liberty.
  // e . . . X . . .
  // f . . . . . . .
  // Chain: ac bc cc dc db dd de = 7 stones. Liberties: ab bb cb ad bd cd
  // (row b/d next to the left arm), da, eb, ed, ee, df, ce = 12.
  Board b = board_from({".......", "...X...", "XXX.O..", "...X...", "...X...", "......."});
  must_play(b, Color::kBlack, "dc");
  EXPECT_EQ(b.chain_size(pt(b, "ac")), 7);
  EXPECT_EQ(b.liberties(pt(b, "ac")), 12);
  EXPECT_EQ(b.liberties(pt(b, "ec")), 3);  // fc eb ed
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, StoneTouchingOneChainOnThreeSides) {
  //   a b c d e
  // a . . . . .
  // b . X + X .      The U bb bc cc dc db has liberties ba ab ac bd cd dd
  // c . X X X .      ec eb da cb = 10. cb fills the inside of the U (taking
  // d . . . . .      cb away) and adds ca: still 10, size 6.
  Board b = board_from({".....", ".X.X.", ".XXX.", ".....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "cc")), 10);
  must_play(b, Color::kBlack, "cb");
  EXPECT_EQ(b.chain_size(pt(b, "cc")), 6);
  EXPECT_EQ(b.liberties(pt(b, "cc")), 10);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, OpponentStoneTouchingAChainTwiceTakesOneLiberty) {
  //   a b c d e
  // a . . . . .
  // b . X X . .      Black bb-cb-cc: liberties ba ab bc ca db dc cd = 7.
  // c . + X . .      White bc touches it on two sides (bb, cc) and takes
  // d . . . . .      one liberty: 6. White bc itself has ac and bd.
  Board b = board_from({".....", ".XX..", "..X..", ".....", "....."});
  EXPECT_EQ(b.liberties(pt(b, "bb")), 7);
  must_play(b, Color::kWhite, "bc");
  EXPECT_EQ(b.liberties(pt(b, "bb")), 6);
  EXPECT_EQ(b.liberties(pt(b, "bc")), 2);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, StoneSurroundedByOneChainIsSuicide) {
  // a X + X      White ba touches the one Black chain on three sides
  // b X X X      (aa, ca, bb); the chain keeps ac bc cc, so White
  // c . . .      captures nothing and has no liberty.
  Board b = board_from({"X.X", "XXX", "..."});
  EXPECT_EQ(b.chain_size(pt(b, "aa")), 5);
  EXPECT_EQ(b.liberties(pt(b, "aa")), 4);  // ba ac bc cc
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "ba"), false), MoveError::kSuicide);
  EXPECT_EQ(b.play(Color::kWhite, pt(b, "ba")), 0);
  EXPECT_EQ(b.last_suicide(), 1);
  EXPECT_EQ(b.liberties(pt(b, "aa")), 4);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, SetupRebuildsChains) {
  Board b(5, 5);
  b.set(pt(b, "bb"), Color::kBlack);
  b.set(pt(b, "cb"), Color::kBlack);
  EXPECT_EQ(b.chain_size(pt(b, "bb")), 2);
  EXPECT_EQ(b.liberties(pt(b, "bb")), 6);
  b.set(pt(b, "bb"), Color::kEmpty);
  EXPECT_EQ(b.chain_size(pt(b, "cb")), 1);
  EXPECT_EQ(b.liberties(pt(b, "cb")), 4);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardLiberties, RemoveChainFreesLiberties) {
  // a O O X
  // b X X X
  Board b = board_from({"OOX", "XXX", "..."});
  EXPECT_EQ(b.remove_chain(pt(b, "aa")), 2);
  EXPECT_EQ(b.count(Color::kWhite), 0);
  EXPECT_EQ(b.liberties(pt(b, "cb")), 5);  // aa ba ac bc cc
  EXPECT_EQ(b.remove_chain(pt(b, "aa")), 0);  // empty point: nothing to remove
  EXPECT_EQ(check_chains(b), "");
}

// A set-up board may stand a chain with no liberty (a diagram may draw one);
// a move never leaves one. Found on the board and on its copies until it is
// taken off or the board is emptied.
TEST(BoardLiberties, ChainWithoutLibertyFromSetupOnly) {
  // a O X .
  // b X . .
  Board b = board_from({"OX.", "X..", "..."});
  EXPECT_EQ(b.chain_without_liberty(), pt(b, "aa"));
  EXPECT_EQ(b.chain_without_liberty(pt(b, "aa") + 1), kNoVertex);
  Board copy = b;
  EXPECT_EQ(copy.chain_without_liberty(), pt(b, "aa"));
  b.remove_chain(pt(b, "aa"));
  EXPECT_EQ(b.chain_without_liberty(), kNoVertex);
  EXPECT_EQ(copy.chain_without_liberty(), pt(b, "aa"));
  copy.reset(3, 3);
  EXPECT_EQ(copy.chain_without_liberty(), kNoVertex);
  // Moves: White takes its last liberty from Black's corner stone, which is captured.
  Board played(3, 3);
  played.play(Color::kBlack, pt(played, "aa"));
  played.play(Color::kWhite, pt(played, "ba"));
  played.play(Color::kWhite, pt(played, "ab"));
  EXPECT_EQ(played.at(pt(played, "aa")), Color::kEmpty);
  EXPECT_EQ(played.chain_without_liberty(), kNoVertex);
  EXPECT_EQ(check_chains(played), "");
}

// ---------------------------------------------------------------- ko

//   a b c d e
// a . . . . .
// b . X O . .
// c X O . O .      Black cc takes bc; White may not retake at bc at once.
// d . X O . .
// e . . . . .
Board ko_position() { return board_from({".....", ".XO..", "XO.O.", ".XO..", "....."}); }

TEST(BoardKo, RetakeRefusedRightAfter) {
  Board b = ko_position();
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "cc"), false), MoveError::kNone);  // captures, so not suicide
  EXPECT_EQ(b.play(Color::kBlack, pt(b, "cc")), 1);
  EXPECT_EQ(b.ko(), pt(b, "bc"));
  EXPECT_EQ(b.liberties(pt(b, "cc")), 1);
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "bc"), false), MoveError::kKo);
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "bc"), true), MoveError::kKo);  // suicide permission changes nothing
  // Black may fill the ko; White may play anywhere else.
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "bc"), false), MoveError::kNone);
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "ee"), false), MoveError::kNone);
}

TEST(BoardKo, RetakeAllowedAfterMovesElsewhere) {
  Board b = ko_position();
  b.play(Color::kBlack, pt(b, "cc"));
  must_play(b, Color::kWhite, "ee");  // ko threat
  EXPECT_EQ(b.ko(), kNoVertex);
  must_play(b, Color::kBlack, "ea");  // answer
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "bc"), false), MoveError::kNone);
  EXPECT_EQ(b.play(Color::kWhite, pt(b, "bc")), 1);
  EXPECT_EQ(b.at(pt(b, "cc")), Color::kEmpty);
  // Now Black may not retake at cc at once.
  EXPECT_EQ(b.ko(), pt(b, "cc"));
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "cc"), false), MoveError::kKo);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardKo, OneMoveElsewhereClearsIt) {
  Board b = ko_position();
  b.play(Color::kBlack, pt(b, "cc"));
  must_play(b, Color::kWhite, "ee");
  // The ko lasts one move only: right after White's own move elsewhere the
  // point is playable again for White.
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "bc"), false), MoveError::kNone);
}

TEST(BoardKo, PassClearsIt) {
  Board b = ko_position();
  b.play(Color::kBlack, pt(b, "cc"));
  b.pass();
  EXPECT_EQ(b.ko(), kNoVertex);
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "bc"), false), MoveError::kNone);
  EXPECT_EQ(b.play(Color::kWhite, pt(b, "bc")), 1);
}

TEST(BoardKo, SnapbackIsNotKo) {
  //   a b c d
  // a . O X .
  // b . O X .      White ba-bb has liberties aa and ab.
  // c X X . .
  // d . . . .
  Board b = board_from({".OX.", ".OX.", "XX..", "...."});
  // Black throws in at aa: White is in atari.
  must_play(b, Color::kBlack, "aa");
  EXPECT_EQ(b.liberties(pt(b, "ba")), 1);
  // White takes the one stone; the capturing chain has 3 stones, so no ko.
  EXPECT_EQ(must_play(b, Color::kWhite, "ab"), 1);
  EXPECT_EQ(b.ko(), kNoVertex);
  EXPECT_EQ(b.liberties(pt(b, "ab")), 1);
  EXPECT_EQ(b.chain_size(pt(b, "ab")), 3);
  // Black retakes at once at aa and captures three stones: legal.
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "aa"), false), MoveError::kNone);
  EXPECT_EQ(b.play(Color::kBlack, pt(b, "aa")), 3);
  EXPECT_EQ(b.count(Color::kWhite), 0);
  EXPECT_EQ(b.ko(), kNoVertex);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardKo, CapturingStoneWithTwoLibertiesIsNotKo) {
  // a O X . .      Black ab takes White aa and keeps aa, bb and ac:
  // b + . . .      not a ko, and White aa is now simply a suicide.
  Board b = board_from({"OX..", "....", "....", "...."});
  EXPECT_EQ(must_play(b, Color::kBlack, "ab"), 1);
  EXPECT_EQ(b.ko(), kNoVertex);
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "aa"), false), MoveError::kSuicide);
}

// ---------------------------------------------------------------- suicide

TEST(BoardSuicide, SingleStone) {
  // a . X .
  // b X . .
  // c . . .
  Board b = board_from({".X.", "X..", "..."});
  const Vertex aa = pt(b, "aa");
  EXPECT_EQ(b.check(Color::kWhite, aa, false), MoveError::kSuicide);
  EXPECT_EQ(b.check(Color::kWhite, aa, true), MoveError::kNone);
  EXPECT_EQ(b.check(Color::kBlack, aa, false), MoveError::kNone);  // Black connects
  EXPECT_EQ(b.liberties(pt(b, "ba")), 3);
  EXPECT_EQ(b.play(Color::kWhite, aa), 0);
  EXPECT_EQ(b.last_suicide(), 1);
  EXPECT_EQ(b.at(aa), Color::kEmpty);
  EXPECT_EQ(b.count(Color::kWhite), 0);
  EXPECT_EQ(b.liberties(pt(b, "ba")), 3);  // aa is a liberty again
  EXPECT_EQ(b.liberties(pt(b, "ab")), 3);
  EXPECT_EQ(check_chains(b), "");
  // The next move resets last_suicide().
  must_play(b, Color::kWhite, "cc");
  EXPECT_EQ(b.last_suicide(), 0);
}

TEST(BoardSuicide, MultiStone) {
  // a O + X      White ba would join aa: the chain aa-ba has no liberty
  // b X X .      and captures nothing (ca keeps cb, ab-bb keeps 3).
  // c . . .
  Board b = board_from({"O.X", "XX.", "..."});
  const Vertex ba = pt(b, "ba");
  EXPECT_EQ(b.liberties(pt(b, "aa")), 1);
  EXPECT_EQ(b.check(Color::kWhite, ba, false), MoveError::kSuicide);
  EXPECT_EQ(b.check(Color::kWhite, ba, true), MoveError::kNone);
  EXPECT_EQ(b.play(Color::kWhite, ba), 0);
  EXPECT_EQ(b.last_suicide(), 2);
  EXPECT_EQ(picture(b), (std::vector<std::string>{"..X", "XX.", "..."}));
  EXPECT_EQ(b.liberties(pt(b, "ca")), 2);  // ba cb
  EXPECT_EQ(b.liberties(pt(b, "ab")), 5);  // aa ba cb ac bc
  EXPECT_EQ(b.ko(), kNoVertex);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardSuicide, FillingOwnLastLibertyOfALargeChain) {
  // a X X X +      Black aa-ba-ca has the one liberty da; White's row b has
  // b O O O O      five (da ac bc cc dc). Black da fills its own last
  // c . . . .      liberty without taking White's: 4 black stones die.
  Board b = board_from({"XXX.", "OOOO", "....", "...."});
  EXPECT_EQ(b.liberties(pt(b, "aa")), 1);
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "da"), false), MoveError::kSuicide);
  EXPECT_EQ(b.play(Color::kBlack, pt(b, "da")), 0);
  EXPECT_EQ(b.last_suicide(), 4);
  EXPECT_EQ(b.count(Color::kBlack), 0);
  EXPECT_EQ(b.liberties(pt(b, "ab")), 8);  // aa ba ca da + ac bc cc dc
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardSuicide, OccupiedAndOffBoard) {
  Board b = board_from({"X..", "...", "..."});
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "aa"), true), MoveError::kOccupied);
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "aa"), false), MoveError::kOccupied);
  EXPECT_EQ(b.check(Color::kBlack, kPass, false), MoveError::kOffBoard);
  EXPECT_EQ(b.check(Color::kBlack, kNoVertex, false), MoveError::kOffBoard);
  EXPECT_EQ(b.check(Color::kBlack, b.vertex(3, 0), false), MoveError::kOffBoard);  // the wall
  EXPECT_EQ(b.check(Color::kBlack, b.padded_size() + 5, false), MoveError::kOffBoard);
  EXPECT_STREQ(move_error_text(MoveError::kSuicide), "suicide is not allowed");
  EXPECT_STREQ(move_error_text(MoveError::kKo), "retakes a ko immediately");
  EXPECT_STREQ(move_error_text(MoveError::kOccupied), "point is occupied");
}

// ---------------------------------------------------------------- shapes

TEST(BoardShape, SizesAndLimits) {
  Board b(4, 9);
  EXPECT_EQ(b.width(), 4);
  EXPECT_EQ(b.height(), 9);
  EXPECT_EQ(b.area(), 36);
  int points = 0;
  b.for_each_point([&](Vertex v) {
    ++points;
    EXPECT_TRUE(b.on_board(v));
    EXPECT_EQ(b.at(v), Color::kEmpty);
  });
  EXPECT_EQ(points, 36);
  EXPECT_THROW(Board(0, 5), std::invalid_argument);
  EXPECT_THROW(Board(5, 0), std::invalid_argument);
  EXPECT_THROW(Board(53, 1), std::invalid_argument);
  EXPECT_THROW(Board(1, 53), std::invalid_argument);
  EXPECT_NO_THROW(Board(52, 52));
}

TEST(BoardShape, OneByOne) {
  Board b(1, 1);
  const Vertex v = b.vertex(0, 0);
  EXPECT_EQ(to_sgf(b, v), "aa");
  EXPECT_EQ(to_gtp(b, v), "A1");
  // The only point has no liberty: any stone is a suicide.
  EXPECT_EQ(b.check(Color::kBlack, v, false), MoveError::kSuicide);
  EXPECT_EQ(b.play(Color::kBlack, v), 0);
  EXPECT_EQ(b.last_suicide(), 1);
  EXPECT_EQ(b.count(Color::kBlack), 0);
}

TEST(BoardShape, OneByFive) {
  // One column, five rows: aa ab ac ad ae.
  Board b(1, 5);
  must_play(b, Color::kWhite, "aa");
  EXPECT_EQ(b.liberties(pt(b, "aa")), 1);
  EXPECT_EQ(must_play(b, Color::kBlack, "ab"), 1);
  EXPECT_EQ(b.liberties(pt(b, "ab")), 2);
  must_play(b, Color::kBlack, "ad");
  must_play(b, Color::kBlack, "ac");
  EXPECT_EQ(b.chain_size(pt(b, "ab")), 3);
  EXPECT_EQ(b.liberties(pt(b, "ab")), 2);  // aa ae
  EXPECT_EQ(to_gtp(b, pt(b, "ae")), "A1");
  EXPECT_EQ(to_gtp(b, pt(b, "aa")), "A5");
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardShape, TwoByTwo) {
  // Black fills three points; White takes all three on the fourth.
  Board b(2, 2);
  must_play(b, Color::kBlack, "aa");
  must_play(b, Color::kBlack, "ba");
  must_play(b, Color::kBlack, "ab");
  EXPECT_EQ(b.liberties(pt(b, "aa")), 1);
  EXPECT_EQ(b.check(Color::kBlack, pt(b, "bb"), false), MoveError::kSuicide);
  EXPECT_EQ(b.check(Color::kWhite, pt(b, "bb"), false), MoveError::kNone);
  EXPECT_EQ(b.play(Color::kWhite, pt(b, "bb")), 3);
  EXPECT_EQ(b.liberties(pt(b, "bb")), 2);
  // One stone taking three is not a ko.
  EXPECT_EQ(b.ko(), kNoVertex);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardShape, FiftyTwoByFiftyTwoCorners) {
  Board b(52, 52);
  const Vertex far = b.vertex(51, 51);
  EXPECT_EQ(to_sgf(b, far), "ZZ");
  must_play(b, Color::kWhite, "ZZ");
  must_play(b, Color::kBlack, "YZ");
  EXPECT_EQ(b.liberties(far), 1);
  EXPECT_EQ(must_play(b, Color::kBlack, "ZY"), 1);
  EXPECT_EQ(b.at(far), Color::kEmpty);
  // Top-right corner: x 51, y 0.
  must_play(b, Color::kWhite, "Za");
  must_play(b, Color::kBlack, "Ya");
  EXPECT_EQ(must_play(b, Color::kBlack, "Zb"), 1);
  EXPECT_EQ(check_chains(b), "");
}

TEST(BoardShape, NineteenByThirteen) {
  Board b(19, 13);
  EXPECT_EQ(to_gtp(b, b.vertex(18, 12)), "T1");
  EXPECT_EQ(to_gtp(b, b.vertex(0, 0)), "A13");
  EXPECT_EQ(to_sgf(b, b.vertex(18, 12)), "sm");
  EXPECT_EQ(parse_sgf_point(b, "sn"), kNoVertex);  // row 14 does not exist
  EXPECT_EQ(parse_gtp_point(b, "A14"), kNoVertex);
  EXPECT_EQ(parse_gtp_point(b, "T13"), b.vertex(18, 0));
  // Bottom edge capture.
  must_play(b, Color::kWhite, "jm");
  must_play(b, Color::kBlack, "im");
  must_play(b, Color::kBlack, "km");
  EXPECT_EQ(must_play(b, Color::kBlack, "jl"), 1);
  EXPECT_EQ(check_chains(b), "");
}

// ---------------------------------------------------------------- coordinates

TEST(BoardCoordinates, GtpSkipsIAndCountsRowsFromTheBottom) {
  Board b(19, 19);
  EXPECT_EQ(to_gtp(b, b.vertex(0, 18)), "A1");
  EXPECT_EQ(to_gtp(b, b.vertex(0, 0)), "A19");
  EXPECT_EQ(to_gtp(b, b.vertex(7, 0)), "H19");
  EXPECT_EQ(to_gtp(b, b.vertex(8, 0)), "J19");  // no I
  EXPECT_EQ(to_gtp(b, b.vertex(18, 18)), "T1");
  EXPECT_EQ(to_gtp(b, b.vertex(3, 15)), "D4");
  EXPECT_EQ(to_gtp(b, kPass), "pass");
  EXPECT_EQ(to_sgf(b, b.vertex(3, 15)), "dp");
  EXPECT_EQ(to_sgf(b, kPass), "");
  EXPECT_EQ(parse_gtp_point(b, "D4"), b.vertex(3, 15));
  EXPECT_EQ(parse_gtp_point(b, "d4"), b.vertex(3, 15));
  EXPECT_EQ(parse_gtp_point(b, "J10"), b.vertex(8, 9));
  EXPECT_EQ(parse_gtp_point(b, "K10"), b.vertex(9, 9));
  EXPECT_EQ(parse_gtp_point(b, "I10"), kNoVertex);
  EXPECT_EQ(parse_point(b, "D4"), b.vertex(3, 15));
  EXPECT_EQ(parse_point(b, "dp"), b.vertex(3, 15));
  EXPECT_EQ(parse_point(b, "T19"), b.vertex(18, 0));
  EXPECT_EQ(parse_sgf_point(b, "ss"), b.vertex(18, 18));
}

TEST(BoardCoordinates, RoundTripsOnManyShapes) {
  for (auto [w, h] : std::vector<std::pair<int, int>>{
           {1, 1}, {1, 5}, {5, 1}, {2, 2}, {4, 9}, {9, 9}, {19, 13}, {19, 19}, {25, 25}, {26, 3}, {52, 52}}) {
    Board b(w, h);
    int n = 0;
    b.for_each_point([&](Vertex v) {
      ++n;
      const std::string s = to_sgf(b, v), g = to_gtp(b, v);
      EXPECT_EQ(parse_sgf_point(b, s), v) << w << "x" << h << " " << s;
      EXPECT_EQ(parse_point(b, s), v) << w << "x" << h << " " << s;
      EXPECT_EQ(parse_point(b, g), v) << w << "x" << h << " " << g;
      if (w <= 25) {
        EXPECT_EQ(parse_gtp_point(b, g), v) << w << "x" << h << " " << g;
        EXPECT_EQ(g.find('I'), std::string::npos) << g;
      } else {
        EXPECT_EQ(g, s) << "wider than 25: GTP letters run out, SGF form is used";
      }
    });
    EXPECT_EQ(n, w * h);
  }
}

TEST(BoardCoordinates, UpperCaseSgfLettersBeyondZ) {
  Board b(52, 52);
  EXPECT_EQ(to_sgf(b, b.vertex(25, 25)), "zz");
  EXPECT_EQ(to_sgf(b, b.vertex(26, 0)), "Aa");
  EXPECT_EQ(to_sgf(b, b.vertex(0, 26)), "aA");
  EXPECT_EQ(to_sgf(b, b.vertex(51, 30)), "ZE");
  EXPECT_EQ(parse_sgf_point(b, "Aa"), b.vertex(26, 0));
  EXPECT_EQ(parse_sgf_point(b, "ZZ"), b.vertex(51, 51));
  EXPECT_EQ(to_gtp(b, b.vertex(26, 0)), "Aa");
  EXPECT_EQ(parse_gtp_point(b, "A1"), kNoVertex);  // no GTP form on boards this wide
  // Upper case is off a 19x19 board.
  Board small(19, 19);
  EXPECT_EQ(parse_sgf_point(small, "Aa"), kNoVertex);
  EXPECT_EQ(parse_sgf_point(small, "aA"), kNoVertex);
}

TEST(BoardCoordinates, InvalidStrings) {
  Board b(19, 19);
  for (const char* s : {"", "a", "D", "aaa", "tt", "zz", "a?", "1a", "@a", "a{", " dd", "dd "})
    EXPECT_EQ(parse_sgf_point(b, s), kNoVertex) << "'" << s << "'";
  for (const char* s : {"", "D", "4", "D0", "D20", "U1", "Z5", "I5", "i5", "D-1", "D4x", "DD4", "D100", "@4", " D4",
                        "D 4", "44"})
    EXPECT_EQ(parse_gtp_point(b, s), kNoVertex) << "'" << s << "'";
  for (const char* s : {"", "tt", "T20", "I9", "pass", "dd4", "U19"})
    EXPECT_EQ(parse_point(b, s), kNoVertex) << "'" << s << "'";
  Board r(4, 9);
  EXPECT_EQ(parse_point(r, "E1"), kNoVertex);
  EXPECT_EQ(parse_point(r, "D10"), kNoVertex);
  EXPECT_EQ(parse_point(r, "ea"), kNoVertex);
  EXPECT_EQ(parse_point(r, "aj"), kNoVertex);
  EXPECT_EQ(parse_point(r, "D9"), r.vertex(3, 0));
  EXPECT_EQ(parse_point(r, "ai"), r.vertex(0, 8));
}

// ---------------------------------------------------------------- random play

// A reference model written the plain way: a grid and flood fills.
struct RefBoard {
  int w, h;
  std::vector<int> cell;  // 0 empty, 1 black, 2 white
  int ko = -1, ko_color = 0;
  RefBoard(int w, int h) : w(w), h(h), cell(static_cast<size_t>(w * h), 0) {}

  std::vector<int> neighbours(int i) const {
    std::vector<int> n;
    const int x = i % w, y = i / w;
    if (x > 0) n.push_back(i - 1);
    if (x + 1 < w) n.push_back(i + 1);
    if (y > 0) n.push_back(i - w);
    if (y + 1 < h) n.push_back(i + w);
    return n;
  }
  // Stones of the group through i and its liberty count.
  std::vector<int> group(int i, int& libs) const {
    std::vector<char> seen(cell.size(), 0), lib(cell.size(), 0);
    std::vector<int> stones{i}, todo{i};
    seen[i] = 1;
    libs = 0;
    while (!todo.empty()) {
      const int s = todo.back();
      todo.pop_back();
      for (int n : neighbours(s)) {
        if (cell[n] == 0) {
          libs += !lib[n];
          lib[n] = 1;
        } else if (cell[n] == cell[i] && !seen[n]) {
          seen[n] = 1;
          stones.push_back(n);
          todo.push_back(n);
        }
      }
    }
    return stones;
  }
  // Plays if legal; returns the error, and the captures and suicide size.
  MoveError play(int color, int i, bool allow_suicide, int& captured, int& suicide) {
    captured = suicide = 0;
    if (cell[i] != 0) return MoveError::kOccupied;
    if (i == ko && color == ko_color) return MoveError::kKo;
    std::vector<int> saved = cell;
    cell[i] = color;
    int captured_point = -1;
    for (int n : neighbours(i)) {
      if (cell[n] != 3 - color) continue;
      int libs;
      std::vector<int> g = group(n, libs);
      if (libs == 0) {
        for (int s : g) cell[s] = 0;
        captured += static_cast<int>(g.size());
        captured_point = n;
      }
    }
    int libs;
    std::vector<int> own = group(i, libs);
    if (libs == 0) {
      if (!allow_suicide) {
        cell = saved;
        captured = 0;
        return MoveError::kSuicide;
      }
      for (int s : own) cell[s] = 0;
      suicide = static_cast<int>(own.size());
    }
    if (captured == 1 && own.size() == 1 && libs == 1) {
      ko = captured_point;
      ko_color = 3 - color;
    } else {
      ko = -1;
    }
    return MoveError::kNone;
  }
  void pass() { ko = -1; }
};

void random_game(int w, int h, uint32_t seed, int moves) {
  std::mt19937 rng(seed);
  Board b(w, h);
  RefBoard ref(w, h);
  int color = 1;
  int total_captures = 0, total_suicides = 0, kos = 0, refused = 0;
  for (int m = 0; m < moves; ++m) {
    const Color c = color == 1 ? Color::kBlack : Color::kWhite;
    bool played = false;
    if (rng() % 20 != 0) {  // 1 move in 20 is a pass
      for (int attempt = 0; attempt < 30 && !played; ++attempt) {
        const int i = static_cast<int>(rng() % static_cast<uint32_t>(w * h));
        const bool allow = rng() % 8 == 0;
        const Vertex v = b.vertex(i % w, i / w);
        const MoveError e = b.check(c, v, allow);
        int captured = 0, suicide = 0;
        RefBoard trial = ref;
        const MoveError re = trial.play(color, i, allow, captured, suicide);
        ASSERT_EQ(e, re) << "move " << m << " " << color_name(c) << " " << to_sgf(b, v);
        if (e != MoveError::kNone) {
          ++refused;
          continue;
        }
        ref = trial;
        if (suicide == 0) {  // what the estimator asks before a move, against the move itself
          Board after = b;
          after.play(c, v);
          for (int cap = 1; cap <= 6; ++cap)
            ASSERT_EQ(b.liberties_after(c, v, cap), std::min(cap, after.liberties(v)))
                << "move " << m << " " << to_sgf(b, v) << " cap " << cap;
          ASSERT_EQ(b.captures(c, v), captured > 0) << "move " << m << " " << to_sgf(b, v);
        }
        ASSERT_EQ(b.play(c, v), captured) << "move " << m << " " << to_sgf(b, v);
        ASSERT_EQ(b.last_suicide(), suicide) << "move " << m << " " << to_sgf(b, v);
        total_captures += captured;
        total_suicides += suicide;
        played = true;
      }
    }
    if (!played) {
      b.pass();
      ref.pass();
    }
    for (int i = 0; i < w * h; ++i) {
      const Color want = ref.cell[i] == 1 ? Color::kBlack : ref.cell[i] == 2 ? Color::kWhite : Color::kEmpty;
      ASSERT_EQ(b.at(b.vertex(i % w, i / w)), want) << "move " << m << " point " << i;
    }
    ASSERT_EQ(b.ko(), ref.ko < 0 ? kNoVertex : b.vertex(ref.ko % w, ref.ko / w)) << "move " << m;
    kos += ref.ko >= 0;
    const std::string problem = check_chains(b);
    ASSERT_EQ(problem, "") << "move " << m;
    ASSERT_EQ(check_chains_beside(b), "") << "move " << m;
    color = 3 - color;
  }
  // The game must actually have exercised captures, suicides, ko and refusals.
  EXPECT_GT(total_captures, 100);
  EXPECT_GT(total_suicides, 0);
  EXPECT_GT(kos, 0);
  EXPECT_GT(refused, 0);
}

// ------------------------------------------------------ chains beside a point

TEST(BoardChainsBeside, AChainTouchingTwoSidesIsListedOnce) {
  //   a b c
  // a X X .      bb: Black's chain aa-ba-ab touches it from above and from
  // b X + O      the left, listed once; White's cb and bc are two chains.
  // c . O .
  Board b = board_from({"XX.", "X.O", ".O."});
  const Board::ChainsBeside beside = b.chains_beside(pt(b, "bb"));
  ASSERT_EQ(beside.count, 3);
  EXPECT_EQ(std::set<Vertex>(beside.begin(), beside.end()),
            (std::set<Vertex>{b.chain_root(pt(b, "aa")), b.chain_root(pt(b, "cb")), b.chain_root(pt(b, "bc"))}));
}

TEST(BoardChainsBeside, EmptyPointsAndTheEdgeAreNoChains) {
  //   a b c
  // a . X .      aa: the edge on two sides, ab empty, ba Black: one chain.
  // b . . .      bc: empty points and the edge only.
  // c . . .
  Board b = board_from({".X.", "...", "..."});
  const Board::ChainsBeside corner = b.chains_beside(pt(b, "aa"));
  ASSERT_EQ(corner.count, 1);
  EXPECT_EQ(*corner.begin(), b.chain_root(pt(b, "ba")));
  EXPECT_EQ(b.chains_beside(pt(b, "bc")).count, 0);
}

// A reader lists points by column, then upwards: "A1 A2 B1 B2" on 2x2.
// The walk in that order and the sort agree on every size, the widest and
// a lopsided one included.
TEST(BoardAsRead, WalkAndSortAgree) {
  for (auto [w, h] : {std::pair{2, 2}, {5, 3}, {19, 19}, {52, 52}, {1, 52}, {52, 1}}) {
    const Board b(w, h);
    std::vector<Vertex> walked, sorted;
    b.for_each_point_as_read([&](Vertex v) { walked.push_back(v); });
    b.for_each_point([&](Vertex v) { sorted.push_back(v); });
    std::reverse(sorted.begin(), sorted.end());  // a start the sort must undo
    sort_as_read(b, sorted);
    EXPECT_EQ(walked, sorted) << w << "x" << h;
    ASSERT_EQ(static_cast<int>(walked.size()), w * h);
    EXPECT_EQ(to_gtp(b, walked.front()), w <= 25 && h <= 25 ? "A1" : to_gtp(b, b.vertex(0, h - 1)));
  }
  const Board b(2, 2);
  std::vector<std::string> names;
  b.for_each_point_as_read([&](Vertex v) { names.push_back(to_gtp(b, v)); });
  EXPECT_EQ(names, (std::vector<std::string>{"A1", "A2", "B1", "B2"}));
}

// Every chain's stones from one walk, as a sort of each chain lists them.
//   a b c d e
// a X X O . X      Black's chain a-b across the top and down column a, a
// b X O O X X      lone black stone, White's chain in the middle.
// c X . O X .
TEST(BoardAsRead, ChainsFromOneWalkAsEachSorted) {
  const Board b = board_from({"XXO.X", "XOOXX", "X.OX."});
  ChainsAsRead as_read;
  as_read.read(b);
  b.for_each_point([&](Vertex v) {
    if (!is_stone(b.at(v))) return;
    std::vector<Vertex> sorted;
    b.for_each_in_chain(v, [&](Vertex s) { sorted.push_back(s); });
    sort_as_read(b, sorted);
    const auto stones = as_read.stones(b, v);
    EXPECT_EQ(std::vector<Vertex>(stones.begin(), stones.end()), sorted) << to_gtp(b, v);
  });
  const auto white = as_read.stones(b, pt(b, "cb"));
  std::vector<std::string> names;
  for (Vertex v : white) names.push_back(to_gtp(b, v));
  EXPECT_EQ(names, (std::vector<std::string>{"B2", "C1", "C2", "C3"}));
}

// put() keeps the chains as set_many builds them, stone by stone: random
// stones put on random positions, chains without a liberty among them (a
// setup may leave one; put captures nothing).
TEST(BoardPut, StoneByStoneAsASetupBuildsIt) {
  std::mt19937 rng(20261130u);
  for (int round = 0; round < 300; ++round) {
    Board put = board_from({".........", ".........", ".........", ".........", "........."});
    std::vector<Vertex> black, white;
    put.for_each_point([&](Vertex v) {
      const unsigned r = rng() % 3;
      if (r == 0) return;
      (r == 1 ? black : white).push_back(v);
    });
    Board set = put;
    set.set_many(black.begin(), black.end(), Color::kBlack);
    set.set_many(white.begin(), white.end(), Color::kWhite);
    std::vector<std::pair<Vertex, Color>> order;
    for (Vertex v : black) order.push_back({v, Color::kBlack});
    for (Vertex v : white) order.push_back({v, Color::kWhite});
    std::shuffle(order.begin(), order.end(), rng);
    for (auto [v, c] : order) put.put(c, v);
    ASSERT_EQ(picture(put), picture(set));
    put.for_each_point([&](Vertex v) {
      if (!is_stone(put.at(v))) return;
      EXPECT_EQ(put.liberties(v), set.liberties(v)) << to_gtp(put, v) << " round " << round;
      EXPECT_EQ(put.chain_size(v), set.chain_size(v)) << to_gtp(put, v);
      put.for_each_point([&](Vertex w) {
        if (put.at(w) == put.at(v))
          EXPECT_EQ(put.chain_root(v) == put.chain_root(w), set.chain_root(v) == set.chain_root(w));
      });
    });
    EXPECT_EQ(put.chain_without_liberty(), set.chain_without_liberty()) << round;
  }
}

// Each of the eight images of a random position holds its stones where the
// symmetry puts them, with their chains, liberties and ko; and every image
// has the same canonical image (what makes the judgement symmetric).
TEST(BoardSymmetry, EveryImageHasTheSameCanonicalImage) {
  std::mt19937 rng(20261130u);
  for (const auto& [w, h] : {std::pair{9, 9}, std::pair{7, 4}}) {
    for (int round = 0; round < 50; ++round) {
      Board b(w, h);
      std::vector<Vertex> black, white;
      b.for_each_point([&](Vertex v) {
        const unsigned r = rng() % 3;
        if (r) (r == 1 ? black : white).push_back(v);
      });
      b.set_many(black.begin(), black.end(), Color::kBlack);
      b.set_many(white.begin(), white.end(), Color::kWhite);
      const Vertex ko = b.vertex(1, 2);
      b.set_ko(ko, Color::kWhite);
      const BoardImage canonical(b, canonical_symmetry(b));
      for (int k = 0; k < 8; ++k) {
        const Symmetry s{(k & 4) != 0, (k & 2) != 0, (k & 1) != 0};
        const BoardImage image(b, s);
        const Board& m = image.board();
        ASSERT_EQ(m.width(), s.transpose ? h : w);
        EXPECT_EQ(m.ko(), image.to_image(ko));
        EXPECT_EQ(m.ko_color(), Color::kWhite);
        b.for_each_point([&](Vertex v) {
          const Vertex i = image.to_image(v);
          ASSERT_EQ(image.from_image(i), v);
          EXPECT_EQ(m.at(i), b.at(v));
          if (!is_stone(b.at(v))) return;
          EXPECT_EQ(m.liberties(i), b.liberties(v)) << to_gtp(b, v);
          EXPECT_EQ(m.chain_size(i), b.chain_size(v)) << to_gtp(b, v);
        });
        EXPECT_EQ(picture(BoardImage(m, canonical_symmetry(m)).board()), picture(canonical.board())) << k;
      }
    }
  }
}

TEST(BoardRandom, NineByNineMatchesFloodFill) { random_game(9, 9, 12345u, 3000); }
TEST(BoardRandom, SevenByFiveMatchesFloodFill) { random_game(7, 5, 2024u, 3000); }
TEST(BoardRandom, SecondSeedNineByNine) { random_game(9, 9, 777u, 2000); }

}  // namespace
}  // namespace gocount
