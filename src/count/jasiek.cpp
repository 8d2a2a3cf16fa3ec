// R. Jasiek, "Introduction to Area Scoring": the area score counted by
// Japanese fill-in. Prisoners are kept, every pass pays one stone to the
// opponent's prisoners, and White makes the last pass (after Black's last pass
// White adds one), so both sides have played the same number of stones. Then
// filling the prisoners into territory gives the area score's margin:
//
//   Prisoners + pass stones          4    7
//   Territory                       ...  ...
//   Points after the fill-in          7    0   -> Black by 7 (Example 2)
//
// The fill-in gives the area margin less n - 1 for a handicap of n stones (the
// stones Black placed before the first move); rules that compensate White
// differently add the rest. A record that breaks the alternation makes the
// fill-in differ from the stones-and-territory count; the note says so.
#include <stdexcept>

#include "count/count.h"

namespace gocount {

Count jasiek_counting(const CountInput& in) {
  if (!in.position) throw std::invalid_argument("fill-in counting needs the position: territory, prisoners, passes");
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  Count c = start_count(in, "jasiek");
  add_both(c, StepId::kCaptures, b.captures, w.captures);
  add_both(c, StepId::kDeadRemoved, b.dead_prisoners, w.dead_prisoners, true);
  add_both(c, StepId::kPassStones, w.passes, b.passes, true);
  if (whites_extra_pass(in)) add_step(c, StepId::kExtraPass, 1, Color::kBlack, true);
  const std::array<int, 2> prisoners = fill_in_prisoners(in, true);
  add_both(c, StepId::kPrisoners, prisoners[0], prisoners[1]);
  add_both(c, StepId::kTerritory, *b.territory, *w.territory);
  const FillIn f = fill_in({*b.territory, *w.territory}, prisoners);
  add_fill_in_steps(c, f);
  add_step(c, StepId::kKomi, in.komi, Color::kWhite, true);
  const int h = in.handicap >= 2 ? in.handicap - 1 : 0;
  const int comp = compensation_points(in.rules, in.handicap);
  if (comp != h)
    add_step(c, StepId::kHandicap, comp - h, Color::kWhite, true, StepForm::kBeyondNMinusOne);
  c.black = f.points[0];
  c.white = f.points[1] + in.komi + (comp - h);
  add_both(c, StepId::kAdjustedPoints, *c.black, *c.white);
  c.margin = *c.black - *c.white;
  const double area = b.total_points - w.total_points - in.komi - comp;
  if (!same_points(area, c.margin))
    c.note = {CountNote::Kind::kFillInDiffers, c.margin, area};
  finish(c, in);
  return c;
}

}  // namespace gocount
