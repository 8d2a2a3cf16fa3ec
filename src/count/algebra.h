// Layer 6: Sensei's Library, "Mathematics of Scoring". The variables of a
// finished game and the identity that ties area and territory scores:
//
//   Sc = (Bt + Bs) - (Wt + Ws) - K        area
//   Sj = (Bt - Bp) - (Wt - Wp) - K        territory (Bp: Black's stones taken)
//   Sc - Sj = P + H + (Wz - Bz)
//
// P: 1 if Black moved (passed) last; H: handicap stones save the first. The
// identity holds when the moves alternate; where it does not, the causes are
// named with their amounts.
#pragma once

#include <string>
#include <vector>

#include "analysis/tally.h"
#include "count/count.h"

namespace gocount {

struct Algebra {
  int Bs = 0, Ws = 0, Bt = 0, Wt = 0;
  int Bp = 0, Wp = 0;  // prisoners of each colour: Black's stones captured or removed dead
  int Bz = 0, Wz = 0, H = 0, P = 0, Nt = 0;
  double K = 0;
  double Sc = 0, Sj = 0;
  double predicted = 0;  // P + H + (Wz - Bz)
  bool holds = false;
  // Why Sc - Sj differs from P + H + (Wz - Bz), as numbers: the points in
  // seki and teire (area less territory, Black's less White's), the stones
  // set up without moves, and the rest (moves out of turn; for a diagram,
  // which records no moves, what cannot be checked).
  double seki = 0, setup = 0, rest = 0;
  bool diagram = false;
  struct Cause {
    std::string what;
    double amount;
  };
  std::vector<Cause> causes;  // why Sc - Sj differs from P + H + (Wz - Bz)
};

// Bt and Wt are the territory of area counting (every point surrounded by one
// colour); Sj counts territory as territory rules do (no points in seki, no
// teire), and the difference is named as a cause.
// `diagram`: the position comes from a text diagram, which records no moves
// (only its header's passes and captures), so the stones each side played
// cannot be checked against alternating play.
Algebra algebra(const Tally& tally, double komi, int handicap, Color last_mover, int setup_excess,
                bool diagram = false);

}  // namespace gocount
