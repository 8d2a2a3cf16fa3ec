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
#include <stdexcept>

#include "count/count.h"

namespace gocount {

Count aga_counting(const CountInput& in) {
  if (!in.position) throw std::invalid_argument("AGA counting needs the position: territory, prisoners and passes");
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  Count c = start_count(in, "aga");
  // Territory count with pass stones.
  add_both(c, StepId::kTerritory, *b.territory, *w.territory);
  add_both(c, StepId::kPrisoners, b.prisoners(), w.prisoners(), true, StepForm::kSpelledOut);
  add_both(c, StepId::kPassStones, w.passes, b.passes, true);
  const int extra = in.rules.white_passes_last && in.last_mover == Color::kBlack ? 1 : 0;
  if (extra) add_step(c, StepId::kExtraPass, 1, Color::kBlack, true);
  add_step(c, StepId::kKomi, in.komi, Color::kWhite, true);
  const double tb = *b.territory + b.prisoners() + w.passes + extra;
  const double tw = *w.territory + w.prisoners() + b.passes + in.komi;
  add_both(c, StepId::kTerritoryCount, tb, tw);
  // Area count with the rules' handicap compensation (n - 1 for the AGA).
  const int comp = compensation_points(in.rules, in.handicap);
  add_both(c, StepId::kTotalPoints, b.total_points, w.total_points, false, StepForm::kSpelledOut);
  add_step(c, StepId::kKomi, in.komi, Color::kWhite, true, StepForm::kOrTieBreaker);
  add_step(c, StepId::kHandicap, comp, Color::kWhite, true);
  c.black = b.total_points;
  c.white = w.total_points + in.komi + comp;
  add_both(c, StepId::kAreaCount, *c.black, *c.white);
  const double by_territory = tb - tw;
  c.margin = *c.black - *c.white;
  add_step(c, StepId::kMarginByTerritory, by_territory);
  add_step(c, StepId::kMarginByArea, c.margin);
  if (!same_points(by_territory, c.margin))
    c.note = {CountNote::Kind::kAgaCountsDiffer, by_territory, c.margin};
  finish(c, in);
  return c;
}

}  // namespace gocount
