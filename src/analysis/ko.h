// Layer 4: kos left open at the end of a game.
#pragma once

#include <vector>

#include "board/board.h"

namespace gocount {

// A stone in atari whose capture is a ko: the opponent's stone at its one
// liberty would stand alone, taking it, with the taken point as its only
// liberty, and the owner could take back.
//
//       A B C D
//     3 . X O .    White's B2 has one liberty, C2. Black's C2 would take it
//     2 X O . O    and stand in atari at B2 itself: a ko. Players who both
//     1 . X O .    passed left it open; B2 stays, and C2 is dame.
//
// Not where taking it captures more (a chain beside the liberty in atari
// too), nor where the owner could capture first (an opponent chain beside
// the stone in atari): neither is a simple ko.
struct OpenKo {
  Vertex stone = kNoVertex;    // the stone in atari
  Vertex capture = kNoVertex;  // its liberty, where the opponent takes the ko
};
// Every such stone on `b`, in board order.
std::vector<OpenKo> open_kos(const Board& b);

// Whether the opponent's stone at `l`, the one liberty of `x`, would take
// `x` alone and stand alone in atari at x's point: x a lone stone, every
// other point beside `l` the owner's and none of its chains in atari there.
bool capture_is_ko(const Board& b, Vertex x, Vertex l);

}  // namespace gocount
