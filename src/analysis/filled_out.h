// Layer 4: chains the filling of the dame leaves in seki that are simply
// dead: the opponent fills their outside liberties and takes them at their
// one eye.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "analysis/classify.h"
#include "board/board.h"

namespace gocount {

//       F G H J      Black's chains share H1 with White's living J1, and
//     3 X X O O      have one eye, G2. White fills H1: Black, in atari,
//     2 X . X O      cannot fill G2 (no liberty would be left) and White
//     1 X X . O      takes all six stones there, no ko. The filling of the
//                    dame, which never captures, leaves a seki.
//
// Played out on the position as it stands, its dead stones still on the
// board: a dead stone in the filler's own eye takes a move to remove, and
// may make the fill self-atari (then it is a seki after all).
struct FilledOut {
  Vertex stone;               // a stone of the chain
  Vertex eye;                 // where the opponent takes it
  std::vector<Vertex> fills;  // the liberties the opponent fills first, in board order
};

// Of the chains `k` lists as capturable (`k` classifies `board` with the
// stones `dead`, per point, taken off), those that the opponent fills out
// and takes: each fill legal and capturing nothing; the chain unable to win
// a liberty it did not have by playing at a fill, or a second one at the
// eye; no other chain of its side beside the eye with a second liberty (it
// would connect there); no dead stone of the opponent's beside it; the
// capture no ko. And the chain's owner, moving
// first and between the fills (k fills: k + 1 moves), can never take an
// opponent chain beside it first: each keeps k + 2 liberties after the
// fills, or two its owner cannot fill without being taken (an eye), and
// two liberties or more after every fill. One entry per chain, in k's order.
std::vector<FilledOut> filled_out(const Board& board, const Classification& k, std::span<const uint8_t> dead);

}  // namespace gocount
