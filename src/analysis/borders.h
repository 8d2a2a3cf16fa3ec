// Layer 4: the open borders of a position that is not finished, and the
// move that would settle each: where a neutral region still runs between
// the two sides' areas, one stone can close it and turn part of it into
// territory.
//
//     . . X . O .     The game stopped with C1 empty: A1-B9 and C1 run into
//     . . X . O .     the dame column D and stay nobody's. A black stone at C1
//     . . X . O .     seals A1-B9 (18 points) as Black's territory; White at
//     . . . . O .     C1 (or B1) only keeps them neutral.
#pragma once

#include <vector>

#include "analysis/classify.h"
#include "analysis/regions.h"
#include "board/board.h"

namespace gocount {

struct OpenBorder {
  Vertex move = kNoVertex;  // the point to play
  Color by = Color::kEmpty;  // the side that gains by playing it
  int points = 0;            // empty points it turns into `by`'s territory
  std::vector<Vertex> sealed{};  // those points, board order
};

// Per neutral region holding unsealed points (classify's kUnsealed), the
// move of each side that seals the most (none where no move of that side
// seals anything), largest first. `board` and `k` are the position with the
// dead stones off and its classification.
// `regions` (optional) are the board's empty regions, flooded from it.
std::vector<OpenBorder> open_borders(const Board& board, const Classification& k, const Regions& regions);
std::vector<OpenBorder> open_borders(const Board& board, const Classification& k);

}  // namespace gocount
