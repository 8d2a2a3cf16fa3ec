// Sensei's Library, "Japanese Counting": dead stones join the prisoners; each
// side fills its prisoners into the opponent's territory; what is left of each
// territory, plus prisoners left over, are the points; komi goes to White.
//
//   Territory                          34   27
//   Prisoners captured in play         +1   +0
//   Dead stones removed                +1   +1
//   Prisoners                           2    1
//   Territory left after the fill      33   25   (34 - 1, 27 - 2)
//   Prisoners left over                +0   +0
//   Points                             33   25
//   Komi                                  +6.5
//
// The points are territory less the side's own lost stones, not territory plus
// prisoners, but the winner and the margin are the same (Sensei's note).
#include <stdexcept>

#include "count/count.h"

namespace gocount {

void japanese_counting(const CountInput& in, Count& c) {
  if (!in.position) throw std::invalid_argument("Japanese counting needs the position: territory and prisoners");
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  start_count(in, "japanese", c);
  add_both(c, StepId::kTerritory, *b.territory, *w.territory);
  if (in.prisoners_apart) {
    add_both(c, StepId::kCaptures, b.captures, w.captures, true);
    add_both(c, StepId::kDeadRemoved, b.dead_prisoners, w.dead_prisoners, true);
    add_both(c, StepId::kPrisoners, b.prisoners(), w.prisoners());
  } else {
    add_both(c, StepId::kPrisoners, b.prisoners(), w.prisoners(), false, StepForm::kSpelledOut);
  }
  const FillIn f = fill_in({*b.territory, *w.territory}, fill_in_prisoners(in, false));
  add_fill_in_steps(c, f);
  add_step(c, StepId::kKomi, in.komi, Color::kWhite, true);
  c.black = f.points[0];
  c.white = f.points[1] + in.komi;
  add_both(c, StepId::kAdjustedTotal, *c.black, *c.white);
  c.margin = *c.black - *c.white;
  finish(c, in);
}

Count japanese_counting(const CountInput& in) {
  Count c;
  japanese_counting(in, c);
  return c;
}

}  // namespace gocount
