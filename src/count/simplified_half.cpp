// Mays, "Simplified Half Counting Method" (Table 1): only the komi or the
// handicap is halved and taken off; a non-scoring point comes off the half
// count of possible points instead (0.5 each).
//
// Without the tie-breaker (--no-tie-breaker, as counted in China where ties
// stand in non-even games) the 0.5 of a no-komi or handicap game is left out:
// White wins a tie, and the margin is off by 0.5 (Mays, "Margin of Victory").
#include "count/count.h"

namespace gocount {

Count simplified_half_counting(const CountInput& in) {
  const Color me = in.counted;
  const SideCount& s = in.side[side_index(me)];
  const double sign = me == Color::kBlack ? -1 : 1;
  const int comp = compensation_points(in.rules, in.handicap);
  const double dropped = in.tie_breaker ? 0 : tie_breaker_part(in.komi, in.handicap);
  const double komi = in.komi - dropped;
  Count c = start_one_side(in, "simplified-half");
  add_step(c, StepId::kKomi, sign * komi / 2, me, true,
           dropped != 0 ? StepForm::kTieBreakerLeftOut : StepForm::kHalved, komi);
  add_step(c, StepId::kHandicap, sign * comp / 2.0, me, true, StepForm::kHalved, comp);
  const double atp = s.total_points + sign * (komi + comp) / 2;
  add_step(c, StepId::kAdjustedTotal, atp, me);
  const double hcpp = (in.board_points - in.non_scoring) / 2.0;
  add_step(c, StepId::kHalfCount, -hcpp, me, true, StepForm::kHalved, in.non_scoring);
  add_step(c, StepId::kDifference, atp - hcpp, me);
  const double mv = (atp - hcpp) * 2;
  add_step(c, StepId::kMarginDoubled, mv, me);
  c.margin = me == Color::kBlack ? mv : -mv;
  c.tie = tie_rule(in.rules, in.handicap);
  if (dropped != 0) {
    c.tie = TieRule::kWhiteWins;
    c.note = {CountNote::Kind::kTieBreakerLeftOut, dropped};
  }
  return c;
}

}  // namespace gocount
