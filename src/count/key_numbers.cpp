// Mays, Section 2, "The Key Numbers Method" (Tables 4-8). The adjustments go
// onto the half count of possible points instead of the total points:
//
//   Total points                          53
//   Half count of possible points       40.5   (0.5 off per non-scoring point)
//   Komi (or tie-breaker) (6.5 / 2)    +3.25   (counting White: subtracted)
//   Handicap (n) (0 / 2)                  +0
//   Key number                         43.75   in effect 44 or more wins
//   Difference (TP - KN)                9.25
//   Margin of victory (x 2)             18.5
#include <algorithm>
#include <cmath>

#include "count/count.h"

namespace gocount {

KeyNumber key_number(const Rules& rules, double komi, int handicap, int board_points, int non_scoring, Color side,
                     double fraction) {
  const double sign = side == Color::kBlack ? 1 : -1;
  KeyNumber k;
  k.half_count = (board_points - non_scoring) / 2.0;
  k.komi_part = sign * komi / 2;
  k.handicap_part = sign * compensation_points(rules, handicap) / 2.0;
  k.key_number = k.half_count + k.komi_part + k.handicap_part;
  const TieRule tie = tie_rule(rules, handicap);
  const bool ties_win = (tie == TieRule::kBlackWins && side == Color::kBlack) ||
                        (tie == TieRule::kWhiteWins && side == Color::kWhite);
  // The totals this side can have are whole numbers plus `fraction`.
  const double below = std::floor(k.key_number - fraction) + fraction;
  if (below == k.key_number) {  // a total equal to the key number is a tie
    k.minimum_to_win = below + (ties_win ? 0 : 1);
    if (tie == TieRule::kDraw) k.draws_at = below;
  } else {
    k.minimum_to_win = below + 1;
  }
  return k;
}

KeyNumberTable key_number_table(const Rules& rules, int board_points, int non_scoring, double komi,
                                double tie_breaker) {
  KeyNumberTable t{rules.name, board_points, non_scoring, komi, tie_breaker, {}};
  const int scoring = board_points - non_scoring;
  auto add = [&](int handicap, double k) {
    const size_t first = t.rows.size();
    for (Color side : {Color::kBlack, Color::kWhite}) {
      KeyNumberRow row{handicap, side, 0, 0, key_number(rules, k, handicap, board_points, non_scoring, side)};
      if (handicap == 0) {
        row.handicap_or_komi = row.k.komi_part;
      } else {
        row.handicap_or_komi = row.k.handicap_part;
        row.tie_breaker = row.k.komi_part;
      }
      row.k.minimum_to_win = std::max(row.k.minimum_to_win, 0.0);  // below 0: any total wins
      t.rows.push_back(row);
    }
    // A handicap game Black cannot win even with every scoring point (5
    // stones on a 2x3 board asked for 6 of its 5 points): no game, no row.
    if (handicap >= 2 && t.rows[first].k.minimum_to_win > scoring) t.rows.resize(first);
  };
  // Mays' handicaps, 9 stones to 2, where Black can win them.
  for (int n = std::min(9, board_points - 1); n >= 2; --n) add(n, tie_breaker);
  add(1, tie_breaker);  // the no-komi game, a 1-stone handicap: no compensation, the handicap game's ties
  add(0, komi);         // the even game
  return t;
}

Count key_numbers(const CountInput& in) {
  const Color me = in.counted;
  const SideCount& s = in.side[side_index(me)];
  const int comp = compensation_points(in.rules, in.handicap);
  const KeyNumber k = key_number(in.rules, in.komi, in.handicap, in.board_points, in.non_scoring, me,
                                 s.total_points - std::floor(s.total_points));
  Count c = start_one_side(in, "key-numbers");
  add_step(c, StepId::kHalfCount, k.half_count, me, false, StepForm::kHalved, in.non_scoring);
  add_step(c, StepId::kKomi, k.komi_part, me, true, StepForm::kHalved, in.komi);
  add_step(c, StepId::kHandicap, k.handicap_part, me, true, StepForm::kHalved, comp);
  add_step(c, StepId::kKeyNumber, k.key_number, me);
  add_step(c, StepId::kMinimumToWin, k.minimum_to_win, me);
  if (k.draws_at) add_step(c, StepId::kDrawsAt, *k.draws_at, me);
  const double diff = s.total_points - k.key_number;
  add_step(c, StepId::kDifference, diff, me, false, StepForm::kOfKeyNumber);
  add_step(c, StepId::kMarginDoubled, diff * 2, me);
  c.margin = me == Color::kBlack ? diff * 2 : -diff * 2;
  c.tie = tie_rule(in.rules, in.handicap);
  return c;
}

}  // namespace gocount
