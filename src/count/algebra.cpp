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
    // right side counts them from alternating moves. The difference is stones
    // placed out of turn.
    const std::string who = off > 0 ? "Black" : "White";
    std::string what = fmt::format(
        "move order: {} placed {} more stone{} than alternating play explains (setup stones during the game, "
        "consecutive moves, or a handicap count that differs from the stones placed)",
        who, points_text(std::abs(off)), std::abs(off) == 1 ? "" : "s");
    if (in.last_mover == Color::kEmpty) what += "; who moved last is not known (P taken as 0)";
    a.causes.push_back({what, off});
  }
  return a;
}

}  // namespace gocount
