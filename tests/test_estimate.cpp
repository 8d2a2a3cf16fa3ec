// The dead-stone estimator on positions whose answer is clear by hand.
#include <gtest/gtest.h>

#include "analysis/estimate.h"
#include "diagram/diagram.h"
#include "game/game.h"

namespace gocount {
namespace {

Board board_of(const std::string& rows) { return from_diagram(parse_diagram(rows)).board; }

GroupStatus status_at(const Board& b, const Estimate& e, const char* gtp) {
  const Vertex v = parse_gtp_point(b, gtp);
  for (const ChainEstimate& c : e.chains)
    if (b.chain_root(c.root) == b.chain_root(v)) return c.status;
  ADD_FAILURE() << "no chain at " << gtp;
  return GroupStatus::kAlive;
}

// Black's two-line wall (D, E) and White's (F, G); a white stone at B7 and a
// white pair at B3-C3 inside Black's territory, a black stone at H7 inside
// White's.
//
//     A B C D E F G H J
//   9 . . . X X O O . .
//   8 . . . X X O O . .
//   7 . O . X X O O X .
//   ...
//   3 . O O X X O O . .
const char* kDeadInside =
    "...XXOO..\n...XXOO..\n.O.XXOOX.\n...XXOO..\n...XXOO..\n...XXOO..\n.OOXXOO..\n...XXOO..\n...XXOO..\n";

TEST(Estimate, DeadStonesInsideALargeTerritory) {
  const Board b = board_of(kDeadInside);
  const Estimate e = estimate(b, {});
  EXPECT_EQ(status_at(b, e, "B7"), GroupStatus::kDead);
  EXPECT_EQ(status_at(b, e, "B3"), GroupStatus::kDead);
  EXPECT_EQ(status_at(b, e, "H7"), GroupStatus::kDead);
  EXPECT_EQ(status_at(b, e, "E5"), GroupStatus::kAlive);
  EXPECT_EQ(status_at(b, e, "F5"), GroupStatus::kAlive);
  EXPECT_EQ(e.dead.size(), 4u);
  EXPECT_TRUE(e.finished);
}

// A white group with one eye (B8) enclosed by Black: dead. Black's wall has
// a big territory: alive.
//
//     A B C D E F G
//   9 O O O X . . .
//   8 O . O X . . .
//   7 O O O X . . .
//   6 X X X X . . .
//   5 . . . . . . .
TEST(Estimate, GroupWithOneEyeIsDead) {
  const Board b = board_of("OOOX...\nO.OX...\nOOOX...\nXXXX...\n.......\n.......\n.......\n");
  const Estimate e = estimate(b, {});
  EXPECT_EQ(status_at(b, e, "A7"), GroupStatus::kDead);
  EXPECT_EQ(status_at(b, e, "D7"), GroupStatus::kAlive);
}

// Two eyes (B9, B7) in the same corner: the white group lives (Benson).
TEST(Estimate, GroupWithTwoEyesLives) {
  const Board b = board_of("O.OX...\nOOOX...\nO.OX...\nOOOX...\nXXXX...\n.......\n.......\n");
  const Estimate e = estimate(b, {});
  EXPECT_EQ(status_at(b, e, "A7"), GroupStatus::kAlive);
  for (const ChainEstimate& c : e.chains)
    if (c.color == Color::kWhite) {
      EXPECT_EQ(c.reason, "pass-alive (Benson)");
    }
}

// goscorer's README seki: nothing dead, the groups in seki said so.
TEST(Estimate, SekiIsNotDead) {
  const Board b = board_of("X.X.O\nXXXO.\nOOOXX\nO.OX.\n.OOXX\n");
  const Estimate e = estimate(b, {});
  EXPECT_TRUE(e.dead.empty());
  EXPECT_EQ(status_at(b, e, "A5"), GroupStatus::kSeki);
  EXPECT_EQ(status_at(b, e, "D4"), GroupStatus::kSeki);
  EXPECT_EQ(status_at(b, e, "A3"), GroupStatus::kAlive);
}

TEST(Estimate, MarkedStonesStayDeadAndTheAnswerIsTheSameEveryTime) {
  const Board b = board_of(kDeadInside);
  const Vertex marked = parse_gtp_point(b, "F5");  // a living stone, marked dead by the caller
  const std::vector<Vertex> marks{marked};
  const Estimate a = estimate(b, marks), c = estimate(b, marks);
  EXPECT_EQ(status_at(b, a, "F5"), GroupStatus::kDead);
  EXPECT_EQ(a.dead, c.dead);
  ASSERT_EQ(a.chains.size(), c.chains.size());
  for (size_t i = 0; i < a.chains.size(); ++i) EXPECT_EQ(a.chains[i].confidence, c.chains[i].confidence);
}

TEST(Estimate, AnOpenBoardIsNotFinished) {
  const Board b = board_of("X......O\nX......O\nX......O\nX......O\n");
  const Estimate e = estimate(b, {});
  EXPECT_FALSE(e.finished);
  EXPECT_FALSE(e.needs_move.empty());
}

TEST(Estimate, PassAliveIsBensons) {
  // Two real eyes: pass-alive; one eye: not.
  const Board two = board_of("O.OX...\nOOOX...\nO.OX...\nOOOX...\nXXXX...\n.......\n.......\n");
  EXPECT_TRUE(pass_alive(two)[parse_gtp_point(two, "A7")]);
  const Board one = board_of("OOOX...\nO.OX...\nOOOX...\nXXXX...\n.......\n.......\n.......\n");
  EXPECT_FALSE(pass_alive(one)[parse_gtp_point(one, "A7")]);
}

}  // namespace
}  // namespace gocount
