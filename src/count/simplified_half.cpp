// Mays, "Simplified Half Counting Method" (Table 1): only the komi or the
// handicap is halved and taken off; a non-scoring point comes off the half
// count of possible points instead (0.5 each).
//
// Without the tie-breaker (--no-tie-breaker, as counted in China where ties
// stand in non-even games) the 0.5 of a no-komi or handicap game is left out:
// White wins a tie, and the margin is off by 0.5 (Mays, "Margin of Victory").
#include <cmath>
#include <fmt/format.h>

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
  add_step(c, StepId::kKomi, fmt::format("{} ({} / 2)", in.tie_breaker ? "Komi (or tie-breaker)" : "Komi (tie-breaker left out)",
                          points_text(komi)),
           sign * komi / 2, me, true);
  add_step(c, StepId::kHandicap, fmt::format("{} ({} / 2)", handicap_label(in.rules.compensation), comp), sign * comp / 2.0, me, true);
  const double atp = s.total_points + sign * (komi + comp) / 2;
  add_step(c, StepId::kAdjustedTotal, "Adjusted total points", atp, me);
  const double hcpp = (in.board_points - in.non_scoring) / 2.0;
  add_step(c, StepId::kHalfCount, hcpp_label(in.non_scoring), -hcpp, me,
           true);
  add_step(c, StepId::kDifference, "Difference (ATP - HCPP)", atp - hcpp, me);
  const double mv = (atp - hcpp) * 2;
  add_step(c, StepId::kMarginDoubled, "Margin of victory (x 2)", mv, me);
  c.margin = me == Color::kBlack ? mv : -mv;
  c.tie = tie_rule(in.rules, in.handicap);
  if (dropped != 0) {
    c.tie = TieRule::kWhiteWins;
    c.note = fmt::format("tie-breaker ({}) left out: White wins a tie, and the margin is off by {}",
                         points_text(dropped), points_text(std::abs(dropped)));
  }
  return c;
}

}  // namespace gocount
