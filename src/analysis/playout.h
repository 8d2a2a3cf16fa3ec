// Layer 4: random playouts, the judge's second opinion where its model
// doubts a chain (estimate.cpp): the position played to the end by light
// local tactics and random moves, and who ends up owning each point.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.h"

namespace gocount {

// The caller's buffers, reused across playouts: the empty points a random
// move is drawn from, and the eyes set aside (playout.cpp's sleeps()).
struct PlayoutPoints {
  std::vector<Vertex> start;  // the empty points of the position played out
  std::vector<Vertex> empties;
  std::vector<uint8_t> asleep;
};

// Plays `b` out from `to_move` to two passes in a row, never filling an
// eye of one's own; the same `seed`, the same game.
void play_out(Board& b, Color to_move, uint64_t seed, PlayoutPoints& points);

// +1 where Black has v at the end of a playout (a stone, or an empty point
// whose neighbours, walls apart, are all Black), -1 for White, 0 else (an
// empty neighbour, or both colours). Without branches on the colours: a
// played-out board's stones and eyes follow no pattern.
inline int area_owner(const Board& b, Vertex v) {
  const Color c = b.at(v);
  int black = 0, white = 0, empty = 0;
  for (int d : b.directions()) {
    const Color x = b.at(v + d);
    black |= int{x == Color::kBlack};
    white |= int{x == Color::kWhite};
    empty |= int{x == Color::kEmpty};
  }
  const int alone = (empty | (black & white)) ^ 1;
  const int as_empty = (black - white) & -alone;
  const int as_stone = int{c == Color::kBlack} - int{c == Color::kWhite};
  return select_by_mask(c == Color::kEmpty, as_empty, as_stone);
}

}  // namespace gocount
