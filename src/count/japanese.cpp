// Sensei's Library, "Japanese Counting": each side scores its territory plus
// its prisoners (stones captured during play and the opponent's dead stones
// removed at the end); komi goes to White. No handicap compensation.
#include "count/count.h"

namespace gocount {

Count japanese_counting(const CountInput& in) {
  const SideTally& b = in.tally.black();
  const SideTally& w = in.tally.white();
  Count c;
  c.method = "japanese";
  add_both(c, "Territory", b.territory, w.territory, false);
  add_both(c, "Prisoners captured in play", b.captures, w.captures, true);
  add_both(c, "Dead stones removed", w.dead, b.dead, true);
  const double bt = b.territory + b.captures + w.dead, wt = w.territory + w.captures + b.dead;
  add_both(c, "Total points", bt, wt, false);
  c.steps.push_back({"Komi", in.komi, Color::kWhite, true});
  c.black = bt;
  c.white = wt + in.komi;
  add_both(c, "Adjusted total points", c.black, c.white, false);
  add_margin(c);
  return c;
}

}  // namespace gocount
