// Layer 7: the board as SVG, marked the way the seeds' tables mark it: dead
// stones with triangles, seki eyes with crosses, false eyes with diamonds,
// shared liberties with triangles, territory shaded per colour, non-scoring
// points with a ring.
#pragma once

#include <string>

#include "count/score.h"

namespace gocount {

// One picture of the counted position; with `steps`, one picture per counting
// step (final position; dead stones marked; dead stones removed; seki filled;
// territories counted), stacked with captions, in one SVG document.
std::string score_svg(const Game& game, const Scored& scored, bool steps);

}  // namespace gocount
