#include "count/algebra.h"

#include <fmt/format.h>

#include <stdexcept>

namespace gocount {

Algebra algebra(const Tally& t, double komi, int handicap, Color last_mover, int setup_excess, bool diagram) {
  const SideTally& b = t.black();
  const SideTally& w = t.white();
  Algebra a;
  a.Bs = b.stones;
  a.Ws = w.stones;
  a.Bt = b.territory;
  a.Wt = w.territory;
  a.Bp = w.captures + b.dead;  // Black's stones taken
  a.Wp = b.captures + w.dead;
  a.Bz = b.passes;
  a.Wz = w.passes;
  a.H = handicap >= 2 ? handicap - 1 : 0;
  a.P = last_mover == Color::kBlack ? 1 : 0;
  a.Nt = t.neutral;
  a.K = komi;
  a.Sc = (a.Bt + a.Bs) - (a.Wt + a.Ws) - a.K;
  // Territory counting leaves out the points in seki and the teire.
  const int bt_j = t.classes.territory[0], wt_j = t.classes.territory[1];
  a.Sj = (bt_j - a.Bp) - (wt_j - a.Wp) - a.K;
  a.predicted = a.P + a.H + (a.Wz - a.Bz);
  const double seki = (a.Bt - bt_j) - (a.Wt - wt_j);
  const double off = (a.Sc - a.Sj) - a.predicted;
  a.holds = same_points(off, 0);
  a.diagram = diagram;
  a.seki = seki;
  if (!a.holds) {
    a.setup = setup_excess;
    a.rest = off - seki - setup_excess;
  }
  if (!a.holds && seki != 0) {
    a.causes.push_back({fmt::format("points in seki and teire: area counting counts {} black and {} white points "
                                    "that territory counting leaves out",
                                    a.Bt - bt_j, a.Wt - wt_j),
                        seki});
  }
  if (!a.holds) {
    // Sc - Sj counts the stones each side placed, (Bs + Bp) - (Ws + Wp); the
    // right side counts them from alternating moves. Stones set up without a
    // move (a game started from a position), and moves out of turn, break it.
    if (setup_excess != 0)
      a.causes.push_back({fmt::format("setup: the record places {} more {} stone{} than {} without moves (a game "
                                      "started from a position, or an edited record)",
                                      std::abs(setup_excess), setup_excess > 0 ? "black" : "white",
                                      std::abs(setup_excess) == 1 ? "" : "s",
                                      setup_excess > 0 ? "white" : "black"),
                          static_cast<double>(setup_excess)});
    const double rest = off - seki - setup_excess;
    if (!same_points(rest, 0) && diagram) {
      a.causes.push_back({fmt::format("a diagram has no moves to check this against: {} has {} stone{} more than "
                                      "alternating play gives (its header records passes and captures only)",
                                      rest > 0 ? "Black" : "White", points_text(std::abs(rest)),
                                      std::abs(rest) == 1 ? "" : "s"),
                          rest});
    } else if (!same_points(rest, 0)) {
      std::string what = fmt::format(
          "move order: {} played {} more stone{} than alternating play explains (consecutive moves, White moving "
          "first, or a handicap "
          "count that differs from the stones placed)",
          rest > 0 ? "Black" : "White", points_text(std::abs(rest)), std::abs(rest) == 1 ? "" : "s");
      if (last_mover == Color::kEmpty) what += "; who moved last is not known (P taken as 0)";
      a.causes.push_back({what, rest});
    }
  }
  return a;
}

}  // namespace gocount
