// Mays, Section 1, "Full Counting Method" and Table 10:
//
//   Counting elements        Black   White
//   Vacant territory            32      10
//   Stones                     +21     +18
//   Total points                53      28
//   Komi (or tie-breaker)             +6.5     (Mays takes it off Black; the
//   Handicap (n)                        +0      margin is the same)
//   Adjusted total points       53    34.5
//   Margin of victory         18.5
#include "count/count.h"

namespace gocount {

Count full_counting(const CountInput& in) {
  const SideTally& b = in.tally.black();
  const SideTally& w = in.tally.white();
  const int comp = compensation_points(in.rules, in.handicap);
  Count c;
  c.method = "full";
  add_both(c, "Vacant territory", b.territory, w.territory, false);
  add_both(c, "Stones", b.stones, w.stones, true);
  const double bt = b.territory + b.stones, wt = w.territory + w.stones;
  add_both(c, "Total points", bt, wt, false);
  c.steps.push_back({"Komi (or tie-breaker)", in.komi, Color::kWhite, true});
  c.steps.push_back({"Handicap (n)", static_cast<double>(comp), Color::kWhite, true});
  c.black = bt;
  c.white = wt + in.komi + comp;
  add_both(c, "Adjusted total points", c.black, c.white, false);
  // Mays: "If the sum of the total points does not equal the total possible
  // points, a non-scoring point exists."
  c.steps.push_back({"Non-scoring points", static_cast<double>(in.tally.neutral), Color::kEmpty, false});
  add_margin(c);
  return c;
}

}  // namespace gocount
