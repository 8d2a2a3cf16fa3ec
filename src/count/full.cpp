// Mays, Section 1, "Full Counting Method" and Tables 10, 12, 14:
//
//   Counting elements        Black   White
//   Vacant territory            32      10
//   Stones                     +21     +18
//   Total points                53      28
//   Komi (or tie-breaker)     -6.5      +0     (Mays: "the komi, handicap can
//   Handicap (n)                -0      +0      be subtracted from Black or
//   Adjusted total points     46.5      28      added to White"; --adjust
//   Margin of victory         18.5              white adds them to White)
//
// A non-scoring point needs no adjustment here: it is in neither side's total.
#include "count/count.h"

namespace gocount {

void full_counting(const CountInput& in, Count& c) {
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  const int comp = compensation_points(in.rules, in.handicap);
  start_count(in, "full", c);
  if (b.territory && w.territory) {
    // A seki's eyes filled are stones now (Table 14: "Stones: 29").
    add_both(c, StepId::kVacantTerritory, *b.territory - b.seki_filled, *w.territory - w.seki_filled);
    add_both(c, StepId::kStones, *b.stones + b.seki_filled, *w.stones + w.seki_filled, true);
    add_shared_filled(c, in);
  }
  add_both(c, StepId::kTotalPoints, b.total_points, w.total_points);
  // Taken off Black, or given to White: the same margin either way.
  const bool off_black = in.adjust == Color::kBlack;
  add_both(c, StepId::kKomi, off_black ? -in.komi : 0, off_black ? 0 : in.komi, true, StepForm::kOrTieBreaker);
  add_both(c, StepId::kHandicap, off_black ? -static_cast<double>(comp) : 0, off_black ? 0 : comp, true);
  double half_neutral = 0;
  if (in.rules.neutral == NeutralPoints::kHalfEach && in.non_scoring) {
    half_neutral = in.non_scoring / 2.0;
    add_both(c, StepId::kNeutralHalf, half_neutral, half_neutral, true);
  }
  c.black = b.total_points + half_neutral - (off_black ? in.komi + comp : 0);
  c.white = w.total_points + half_neutral + (off_black ? 0 : in.komi + comp);
  add_both(c, StepId::kAdjustedTotal, *c.black, *c.white);
  add_step(c, StepId::kNonScoring, in.non_scoring, Color::kEmpty, false, half_neutral ? StepForm::kNeutral : StepForm::kPlain);
  c.margin = *c.black - *c.white;
  finish(c, in);
}

Count full_counting(const CountInput& in) {
  Count c;
  full_counting(in, c);
  return c;
}

}  // namespace gocount
