// Layer 7: the board as SVG, one picture a counting step. One mark, one
// meaning, and each picture's legend lists the marks it shows:
//   dead stones     faded stones of their own colour, crossed in the colour of
//                   the side that takes them;
//   seki            each group in seki framed, on its own points; seki eyes
//                   with squares, false eyes with diamonds, shared liberties
//                   with triangles;
//   teire           a T (a point still to be filled, not a false eye);
//   ko left open    a K (beside the point's T where it is a teire too);
//   dame            a dot; a point behind an unsealed border, a ?; any other
//                   point that counts for nobody, a blue ring;
//   territory       shaded dark (Black's) or light (White's), in the whole
//                   count a shared liberty filled for one side too; a point
//                   worth half to each side shaded half dark, half light;
//   fill-in         prisoners placed into territory as small stones, the
//                   points left counted per region (a number in a box);
//   pass stones     prisoners marked P beside the board.
#pragma once

#include <string>
#include <vector>

#include "count/score.h"

namespace gocount {

struct Picture {
  std::string name;  // the step, as file names take it: "dead", "removed", "seki", ...
  std::string svg;
};

// The whole count in one picture.
std::string score_svg(const Game& game, const Scored& scored);

// One picture per counting step, numbered as shown, a step with nothing in it
// left out: "dead" (the final position with the dead stones marked; "final"
// when nothing is dead), "removed", "seki", "territory"; then, under rules or
// methods that use them, the pass stones ("pass-stones": AGA, Jasiek) and the
// Japanese fill-in ("fill-in": the prisoners placed into the opponent's
// territory; "count": the points left counted per region); last "result".
std::vector<Picture> score_step_svgs(const Game& game, const Scored& scored);

}  // namespace gocount
