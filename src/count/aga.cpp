// AGA counting (Mays, Example 5 and Table 17; Mathematics of Scoring, "AGA
// Scoring"): every pass hands the opponent a prisoner, and White passes last
// (after Black's last pass White adds one), so both sides have played the same
// number of stones. Territory counting with these pass stones and area
// counting with n - 1 handicap compensation then give the same margin:
//
//   Saj = Sj + (Wz - Bz)  =  Sac = Sc - (n - 1)
//
// Both counts are shown; if a record breaks the alternation they can differ,
// and the note says by how much. The area count decides.
#include <fmt/format.h>

#include <stdexcept>

#include "count/count.h"

namespace gocount {

Count aga_counting(const CountInput& in) {
  if (!in.position) throw std::invalid_argument("AGA counting needs the position: territory, prisoners and passes");
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  Count c;
  c.method = "aga";
  // Territory count with pass stones.
  add_both(c, StepId::kTerritory, "Territory", *b.territory, *w.territory);
  add_both(c, StepId::kPrisoners, "Prisoners (captured and dead)", b.prisoners(), w.prisoners(), true);
  add_both(c, StepId::kPassStones, "Pass stones received", w.passes, b.passes, true);
  const int extra = in.rules.white_passes_last && in.last_mover == Color::kBlack ? 1 : 0;
  if (extra) add_step(c, StepId::kExtraPass, "White's extra pass (Black passed last)", 1, Color::kBlack, true);
  add_step(c, StepId::kKomi, "Komi", in.komi, Color::kWhite, true);
  const double tb = *b.territory + b.prisoners() + w.passes + extra;
  const double tw = *w.territory + w.prisoners() + b.passes + in.komi;
  add_both(c, StepId::kTerritoryCount, "Territory count", tb, tw);
  // Area count with the rules' handicap compensation (n - 1 for the AGA).
  const int comp = compensation_points(in.rules, in.handicap);
  add_both(c, StepId::kTotalPoints, in.seki ? "Total points (stones + territory + shared liberties)" : "Total points (stones + territory)",
           b.total_points, w.total_points);
  add_step(c, StepId::kKomi, "Komi (or tie-breaker)", in.komi, Color::kWhite, true);
  add_step(c, StepId::kHandicap, handicap_label(in.rules.compensation), comp, Color::kWhite, true);
  c.black = b.total_points;
  c.white = w.total_points + in.komi + comp;
  add_both(c, StepId::kAreaCount, "Area count (adjusted total points)", *c.black, *c.white);
  const double by_territory = tb - tw;
  c.margin = *c.black - *c.white;
  add_step(c, StepId::kMarginByTerritory, "Margin by territory count", by_territory);
  add_step(c, StepId::kMarginByArea, "Margin by area count", c.margin);
  if (!same_points(by_territory, c.margin))
    c.note = fmt::format("the territory count ({}) and the area count ({}) differ by {}: the record does not "
                         "alternate as the AGA rules assume (see the algebra)",
                         result_text(by_territory), result_text(c.margin), points_text(c.margin - by_territory));
  finish(c, in);
  return c;
}

}  // namespace gocount
