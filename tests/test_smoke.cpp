#include <gtest/gtest.h>

#include "board/board.h"

TEST(Smoke, EmptyBoardHasNoStones) {
  gocount::Board b(9, 9);
  EXPECT_EQ(b.count(gocount::Color::kBlack), 0);
}
