// Layer 4: the end position counted: dead stones taken off, empty regions
// assigned, and the per-colour numbers every counting method starts from.
//
// `territory` here is every empty point surrounded by one colour (the area
// sense, as Chinese counting and Tromp-Taylor take it); `classes` tells seki
// eyes, false eyes, teire, shared liberties and dame apart, for the rules that
// count them differently.
#pragma once

#include <array>
#include <span>
#include <stdexcept>
#include <vector>

#include "analysis/classify.h"
#include "analysis/regions.h"
#include "game/game.h"

namespace gocount {

struct SideTally {
  int stones = 0;     // on the board after dead stones are removed
  int territory = 0;  // empty points surrounded by this colour only
  int captures = 0;   // opponent stones captured during play
  int dead = 0;       // this colour's stones removed as dead at the end
  int dead_in_seki = 0;  // ... of them, those whose point is inside a seki (not prisoners under 1989 rules)
  int passes = 0;
};

struct Tally {
  std::array<SideTally, 2> side;  // [0] Black, [1] White
  int neutral = 0;                // empty points that count for nobody
  Board board{1, 1};              // the final position with the dead stones removed
  std::vector<Color> owner;       // per vertex: who an empty point counts for (kEmpty: nobody)
  std::vector<uint8_t> dead;      // per vertex: the colour (Color value) of a dead stone removed here, else 0
  Classification classes;         // every point of the final position

  const SideTally& black() const { return side[0]; }
  const SideTally& white() const { return side[1]; }
};

class DeadStoneError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The stones of every chain through one of `points`. Throws DeadStoneError
// naming the point when one of them is empty.
std::vector<Vertex> dead_chains(const Board& board, std::span<const Vertex> points);
// The same into `out`, whose storage is reused.
void dead_chains(const Board& board, std::span<const Vertex> points, std::vector<Vertex>& out);

// `regions` is the caller's storage for the one region pass (left holding
// the final position's regions); the two-argument form keeps one per thread.
Tally tally(const Game& game, std::span<const Vertex> dead, Regions& regions);
// The same into `out`, whose storage is reused (a worker keeps one Tally
// across games: no heap once warm).
void tally(const Game& game, std::span<const Vertex> dead, Regions& regions, Tally& out);
Tally tally(const Game& game, std::span<const Vertex> dead);

}  // namespace gocount
