// Mays, Section 1, "Half Counting Method" (Tables 10, 12, 14, right column).
// One side's total points are adjusted by half of every adjustment point, and
// compared with half the board:
//
//   Total points                          53
//   Komi (or tie-breaker) (6.5 / 2)    -3.25   (counting White: added)
//   Handicap (n) (0 / 2)                  -0   (counting White: added)
//   Non-scoring point (0 / 2)             +0   (always added)
//   Adjusted total points              49.75
//   Half count of possible points      -40.5
//   Difference (ATP - HCPP)             9.25
//   Margin of victory (x 2)             18.5   (negative: the other side wins)
#include "count/count.h"

namespace gocount {

Count half_counting(const CountInput& in) {
  const Color me = in.counted;
  const SideCount& s = in.side[side_index(me)];
  const double sign = me == Color::kBlack ? -1 : 1;  // adjustment points are White's
  const int comp = compensation_points(in.rules, in.handicap);
  Count c = start_one_side(in, "half");
  add_step(c, StepId::kKomi, sign * in.komi / 2, me, true, StepForm::kHalved, in.komi);
  add_step(c, StepId::kHandicap, sign * comp / 2.0, me, true, StepForm::kHalved, comp);
  // Mays' non-scoring points; Ing's neutral points, which score half each.
  const bool neutral = in.rules.neutral == NeutralPoints::kHalfEach;
  add_step(c, StepId::kNonScoring, in.non_scoring / 2.0, me, true, neutral ? StepForm::kNeutral : StepForm::kHalved,
           in.non_scoring);
  const double atp = s.total_points + sign * (in.komi + comp) / 2 + in.non_scoring / 2.0;
  add_step(c, StepId::kAdjustedTotal, atp, me);
  const double hcpp = in.board_points / 2.0;
  add_step(c, StepId::kHalfCount, -hcpp, me, true);
  add_step(c, StepId::kDifference, atp - hcpp, me);
  const double mv = (atp - hcpp) * 2;
  add_step(c, StepId::kMarginDoubled, mv, me);
  c.margin = me == Color::kBlack ? mv : -mv;
  c.tie = tie_rule(in.rules, in.handicap);
  return c;
}

}  // namespace gocount
