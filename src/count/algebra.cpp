#include "count/algebra.h"

#include <algorithm>
#include <cmath>

#include "count/reuse.h"

namespace gocount {

void algebra(const Tally& t, double komi, int handicap, Color last_mover, int setup_excess, bool diagram,
             bool enclosed, bool seki_prisoners, Algebra& a) {
  const SideTally& b = t.black();
  const SideTally& w = t.white();
  reset_keeping(a, &Algebra::terms);
  a.Bs = b.stones;
  a.Ws = w.stones;
  a.Bt = b.territory;
  a.Wt = w.territory;
  a.Btj = enclosed ? a.Bt : t.classes.territory[0];
  a.Wtj = enclosed ? a.Wt : t.classes.territory[1];
  // Black's stones taken, and White's; under the 1989 rules not the dead
  // stones inside a seki (removed, but no prisoners).
  const int b_seki_dead = seki_prisoners ? 0 : b.dead_in_seki, w_seki_dead = seki_prisoners ? 0 : w.dead_in_seki;
  a.Bp = w.captures + b.dead - b_seki_dead;
  a.Wp = b.captures + w.dead - w_seki_dead;
  a.Bz = b.passes;
  a.Wz = w.passes;
  a.handicap = handicap;
  a.H = handicap >= 2 ? handicap - 1 : 0;
  a.P = last_mover == Color::kBlack ? 1 : 0;
  a.last_unknown = last_mover == Color::kEmpty;
  a.Nt = t.neutral;
  a.K = komi;
  a.Sc = (a.Bt + a.Bs) - (a.Wt + a.Ws) - a.K;
  // Territory counting leaves out the points in seki and the teire (unless
  // enclosed).
  a.Sj = (a.Btj - a.Bp) - (a.Wtj - a.Wp) - a.K;
  a.predicted = a.P + a.H + (a.Wz - a.Bz);
  const double off = (a.Sc - a.Sj) - a.predicted;
  a.holds = same_points(off, 0);
  // Sc - Sj = (Bs + Bp) - (Ws + Wp) + S: the stones each side placed, which
  // the seed counts from alternating moves, and the points only area
  // counting counts. Stones set up without a move, and moves out of turn,
  // are what the moves do not explain.
  const int seki_b = a.Bt - a.Btj, seki_w = a.Wt - a.Wtj;
  if (seki_b != seki_w) a.terms.push_back({AlgebraTerm::kSeki, double(seki_b - seki_w), seki_b, seki_w});
  if (setup_excess != 0)
    a.terms.push_back({AlgebraTerm::kSetup, double(setup_excess), std::max(setup_excess, 0), std::max(-setup_excess, 0)});
  // The stones placed count them; the prisoners do not.
  const int seki_dead = w_seki_dead - b_seki_dead;
  if (seki_dead != 0) a.terms.push_back({AlgebraTerm::kSekiDead, double(seki_dead), b_seki_dead, w_seki_dead});
  const double rest = off - (seki_b - seki_w) - setup_excess - seki_dead;
  a.seki = seki_b - seki_w;
  a.diagram = diagram;
  if (!a.holds) {
    a.setup = setup_excess;
    a.rest = rest;
  }
  if (!same_points(rest, 0)) {
    const int stones = static_cast<int>(std::abs(rest));
    a.terms.push_back({diagram ? AlgebraTerm::kDiagram : AlgebraTerm::kMoveOrder, rest, rest > 0 ? stones : 0,
                       rest < 0 ? stones : 0});
  }
}

Algebra algebra(const Tally& t, double komi, int handicap, Color last_mover, int setup_excess, bool diagram,
                bool enclosed, bool seki_prisoners) {
  Algebra a;
  algebra(t, komi, handicap, last_mover, setup_excess, diagram, enclosed, seki_prisoners, a);
  return a;
}

}  // namespace gocount
