// Layer 6: Sensei's Library, "Mathematics of Scoring". The variables of a
// finished game and the identity that ties area and territory scores:
//
//   Sc = (Bt + Bs) - (Wt + Ws) - K        area
//   Sj = (Bt - Bp) - (Wt - Wp) - K        territory (Bp: Black's stones taken)
//   Sc - Sj = P + H + (Wz - Bz)
//
// P: 1 if Black moved (passed) last; H: handicap stones save the first. The
// seed derives it from Sc - Sj = (Bs + Bp) - (Ws + Wp) with the moves
// alternating and every territory point counted alike. Where a game departs
// from that, the identity still holds once the departures are named as
// terms of their own, with their amounts (AlgebraTerm).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/tally.h"
#include "count/count.h"

namespace gocount {

// A term the seed's identity leaves out, which a real game may need.
enum class AlgebraTerm : uint8_t {
  kSeki,       // S: points in seki and teire, territory to area counting and not to territory counting
  kSetup,      // U: stones set up without moves (a game started from a position, an edited record)
  kMoveOrder,  // R: moves out of turn (consecutive moves, White first in an even game, HA unlike the stones)
  kDiagram,    // R: a diagram records no moves, so the stones played cannot be checked
  kSekiDead,   // D: dead stones inside a seki, no prisoners under territory counting (the 1989 rules)
};

struct Algebra {
  int Bs = 0, Ws = 0, Bt = 0, Wt = 0;
  int Btj = 0, Wtj = 0;  // territory as territory counting counts it (no points in seki, no teire)
  int Bp = 0, Wp = 0;    // prisoners of each colour: Black's stones captured or removed dead
  int Bz = 0, Wz = 0, H = 0, P = 0, Nt = 0;
  int handicap = 0;  // the handicap stones; H is one fewer, from two stones on
  double K = 0;
  double Sc = 0, Sj = 0;
  double predicted = 0;  // P + H + (Wz - Bz)
  bool holds = false;    // Sc - Sj = P + H + (Wz - Bz) as the seed writes it, without `terms`
  bool last_unknown = false;  // who moved last is not known (P taken as 0)
  struct Term {
    AlgebraTerm kind;
    double amount;  // Black's side positive, as Sc - Sj
    // kSeki: the points area counting counts and territory counting leaves
    // out, Black's and White's; kSetup, kMoveOrder, kDiagram, kSekiDead: the stones.
    int black = 0, white = 0;
  };
  // What Sc - Sj holds beyond P + H + (Wz - Bz): with them the identity holds.
  std::vector<Term> terms;
  // The same as numbers, for the causes of a difference (causes.cpp): the
  // seki term, and where the plain identity is off, the setup and the rest.
  double seki = 0, setup = 0, rest = 0;
  bool diagram = false;
};

// Bt and Wt are the territory of area counting (every point surrounded by one
// colour); Sj counts territory as territory rules do (no points in seki, no
// teire), and the difference is a term; `enclosed`: as OGS counts them, every
// point one colour encloses (Rules::enclosed_territory), so no such term.
// `diagram`: the position comes from a text diagram, which records no moves
// (only its header's passes and captures), so the stones each side played
// cannot be checked against alternating play. `seki_prisoners` false: the
// dead stones inside a seki are no prisoners (Japanese rules of 1989), so
// Bp and Wp leave them out, as the territory count does, and they are a term.
Algebra algebra(const Tally& tally, double komi, int handicap, Color last_mover, int setup_excess,
                bool diagram = false, bool enclosed = false, bool seki_prisoners = true);
// The same into `out`, keeping the storage of its terms.
void algebra(const Tally& tally, double komi, int handicap, Color last_mover, int setup_excess, bool diagram,
             bool enclosed, bool seki_prisoners, Algebra& out);

}  // namespace gocount
