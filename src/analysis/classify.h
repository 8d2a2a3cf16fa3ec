// Layer 4: every point of a finished position classified, after the dead
// stones are removed, so that each rule set can count from it.
//
// How it decides (a finished game is assumed: the stones left are alive):
//  1. Empty regions are flooded (regions.h); a region bordered by one colour
//     is that colour's, one bordered by both is neutral. Chains joined
//     through the regions they enclose make groups; a group with two eyes
//     lives on its own.
//  2. The neutral points are filled the way players fill them at the end
//     (in a small neutral region, a fill must be safe with the dead stones
//     still standing too, or once the filler has taken them; classify_fill):
//     a point is filled by a side that can play it without leaving its own
//     chain in atari (a one-sided dame by the only side that can; a dame both
//     can fill by the side it protects, else alternately, "evenly" as Mays
//     says). When a fill leaves a chain in atari with its last liberty in its
//     own territory, that point must be filled too (teire).
//  3. Neutral points nobody can fill make a seki: the chains beside them,
//     and the chains sharing an eye with those, are in seki; the regions
//     enclosed only by seki chains are seki eyes (a one-point eye between two
//     chains is a false eye). Every neutral point that is a liberty of seki
//     stones of both colours is a shared liberty, even one that a side could
//     still fill; so is every point of a small neutral region beside a seki in
//     which a point was left that nobody could fill.
//
//     X X X O O .     the two points a are shared liberties: either side
//     X . X a O .     filling one puts its own chain in atari. Black's B3 and
//     X X X a O .     White's eye are seki eyes, not territory under Japanese
//     O O O O O .     rules; under Chinese rules they count, and the shared
//                     liberties are split evenly.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "analysis/regions.h"
#include "board/board.h"

namespace gocount {

enum class PointClass : uint8_t {
  kStone,           // a living stone (not in seki)
  kSekiStone,       // a stone of a group in seki
  kTerritory,       // empty, surrounded by one colour (the owner)
  kSekiEye,         // empty, enclosed by a seki group (owner: that group's colour)
  kFalseEye,        // a one-point seki eye between two of the group's chains
  kTeire,           // territory that must still be filled (a false eye of a living group)
  kSharedLiberty,   // a liberty of both sides of a seki
  kDame,            // neutral, either side may fill it
  kOneSidedDame,    // neutral, only one side may fill it (Jasiek)
  kUnsealed,        // neutral and away from every stone: behind an open border
};

enum class GroupStatus : uint8_t { kAlive, kSeki, kDead };

struct Classification {
  std::vector<PointClass> cls;  // per vertex (board points only)
  std::vector<Color> owner;     // territory, seki eye, false eye, teire: whose; stones: their colour
  // The sekis, each with its shared liberties in board order. A seki is the
  // seki groups joined through their shared liberties: Mays fills the shared
  // liberties evenly per seki, an odd one left being a non-scoring point.
  std::vector<std::vector<Vertex>> sekis;
  // The chains that the filling leaves in atari with their last liberty an
  // eye they cannot fill, and whose capture there is no ko. Counted in seki
  // here, as the filler may not afford the fills (a dead stone in its eye
  // takes a move); the judgement plays the fills out on the position with
  // its dead stones and takes off the chains that are simply captured.
  struct Capturable {
    Vertex stone;  // a stone of the chain, in the position as given
    Vertex eye;    // its last liberty, where the opponent takes it
  };
  std::vector<Capturable> capturable;
  std::array<int, 2> territory{}, seki_eyes{}, false_eyes{}, teire{}, seki_stones{};
  int shared_liberties = 0, dame = 0, one_sided_dame = 0, unsealed = 0;
};

// `board` is the final position with the dead stones already removed;
// `regions` its empty regions (flooded from `board`).
Classification classify(const Board& board, const Regions& regions);
// The same into `out`, whose storage is reused.
void classify(const Board& board, const Regions& regions, Classification& out);
// The same, `as_it_stands` the position before its `dead` stones (their
// points) were taken off: a fill is safe only where it is safe with the dead
// stones still on the board, or once the filler has taken them (a dead stone
// in an eye takes a move to remove; classify_fill.cpp, Classifier::safe).
void classify(const Board& board, const Regions& regions, const Board& as_it_stands, std::span<const Vertex> dead,
              Classification& out);
// The same, flooding the regions itself.
Classification classify(const Board& board);
// The same, with the position as it stands (its dead stones: the stones
// that `board` lacks).
Classification classify(const Board& board, const Board& as_it_stands);

}  // namespace gocount
