// Sensei's Library, "Ing Counting": each side has half the board's points in
// stones (180 each on 19x19; half, rounded down, on other boards). Dead stones
// and prisoners go back to their containers; White places komi / 2 stones in
// Black's area (each worth two points: one point less for Black, one stone
// less for White); each side fills its territory from its container; then
// unfilled points and stones left over decide the game:
//
//   Stones each                       180   180
//   Stones on the board               150   145
//   Stones left in the container       30    35
//   Komi stones placed in Black's area  4    -4
//   Territory to fill                  32    30   (Black's 36 less the komi stones)
//   Points left unfilled                2     0
//   Stones left over                    0     1
//   Margin: Black 2 unfilled + White's 1 stone left over (worth 2, but it
//   fills 1 of those points) = Black by 3.
//
// Neutral points that could not be filled count half to each side; komi that
// is not a whole number of stones (7.5 = 3 stones + 1.5) is added as points.
#include <cmath>
#include <stdexcept>

#include "count/count.h"

namespace gocount {

Count ing_counting(const CountInput& in) {
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  if (!b.territory || !w.territory)
    throw std::invalid_argument("Ing counting needs each side's stones and territory, not only total points");
  const int each = in.board_points / 2;
  const int komi_stones = static_cast<int>(std::floor(in.komi / 2));
  const double komi_rest = in.komi - 2 * komi_stones;
  const int comp = compensation_points(in.rules, in.handicap);
  Count c = start_count(in, "ing");
  add_both(c, StepId::kStonesEach, each, each);
  add_both(c, StepId::kStonesOnBoard, *b.stones, *w.stones);
  const int cont_b = each - *b.stones, cont_w = each - *w.stones - komi_stones;
  add_both(c, StepId::kStonesInContainer, each - *b.stones, each - *w.stones);
  add_both(c, StepId::kKomiStones, komi_stones, -komi_stones, true);
  const int fill_b = *b.territory - komi_stones, fill_w = *w.territory;
  add_both(c, StepId::kTerritoryToFill, fill_b, fill_w);
  add_both(c, StepId::kPointsUnfilled, std::max(0, fill_b - cont_b), std::max(0, fill_w - cont_w));
  add_both(c, StepId::kStonesLeftOver, std::max(0, cont_b - fill_b), std::max(0, cont_w - fill_w));
  // Each unfilled point is one for its owner; each stone left over is one for
  // the opponent (it would fill one of the opponent's points).
  double margin = (fill_b - cont_b) - (fill_w - cont_w);
  // Ing: neutral points that cannot be filled are half a point to each side;
  // other rules leave them to nobody. Either way the margin does not move.
  const double half = in.rules.neutral == NeutralPoints::kHalfEach ? in.non_scoring / 2.0 : 0;
  if (half) add_both(c, StepId::kNeutralHalf, half, half, true);
  else if (in.non_scoring) add_step(c, StepId::kNonScoring, in.non_scoring);
  if (komi_rest != 0) add_step(c, StepId::kKomiNotPlaced, komi_rest, Color::kWhite, true);
  if (comp) add_step(c, StepId::kHandicap, comp, Color::kWhite, true);
  margin -= komi_rest + comp;
  c.margin = margin;
  c.black = b.total_points + half;
  c.white = w.total_points + half + in.komi + comp;
  finish(c, in);
  return c;
}

}  // namespace gocount
