#include "count/algebra.h"

#include <fmt/format.h>

#include <stdexcept>

namespace gocount {

Algebra algebra(const CountInput& in) {
  if (!in.position) throw std::invalid_argument("the algebra needs a counted position");
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  Algebra a;
  a.Bs = *b.stones;
  a.Ws = *w.stones;
  a.Bt = *b.territory;
  a.Wt = *w.territory;
  a.Bp = w.prisoners();  // black stones White holds
  a.Wp = b.prisoners();
  a.Bz = b.passes;
  a.Wz = w.passes;
  a.H = in.handicap >= 2 ? in.handicap - 1 : 0;
  a.P = in.last_mover == Color::kBlack ? 1 : 0;
  a.Nt = in.non_scoring;
  a.K = in.komi;
  a.Sc = (a.Bt + a.Bs) - (a.Wt + a.Ws) - a.K;
  a.Sj = (a.Bt - a.Bp) - (a.Wt - a.Wp) - a.K;
  a.predicted = a.P + a.H + (a.Wz - a.Bz);
  const double off = (a.Sc - a.Sj) - a.predicted;
  a.holds = same_points(off, 0);
  if (!a.holds) {
    // Sc - Sj counts the stones each side placed, (Bs + Bp) - (Ws + Wp); the
    // right side counts them from alternating moves. Stones set up without a
    // move (a game started from a position), and moves out of turn, break it.
    if (in.setup_excess != 0)
      a.causes.push_back({fmt::format("setup: the record places {} more {} stone{} than {} without moves (a game "
                                      "started from a position, or an edited record)",
                                      std::abs(in.setup_excess), in.setup_excess > 0 ? "black" : "white",
                                      std::abs(in.setup_excess) == 1 ? "" : "s",
                                      in.setup_excess > 0 ? "white" : "black"),
                          static_cast<double>(in.setup_excess)});
    const double rest = off - in.setup_excess;
    if (!same_points(rest, 0)) {
      std::string what = fmt::format(
          "move order: {} played {} more stone{} than alternating play explains (consecutive moves, White moving "
          "first, or a handicap "
          "count that differs from the stones placed)",
          rest > 0 ? "Black" : "White", points_text(std::abs(rest)), std::abs(rest) == 1 ? "" : "s");
      if (in.last_mover == Color::kEmpty) what += "; who moved last is not known (P taken as 0)";
      a.causes.push_back({what, rest});
    }
  }
  return a;
}

}  // namespace gocount
