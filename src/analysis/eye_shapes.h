// Layer 4: eye spaces that make one eye and no more (the killing shapes),
// and the groups that have nothing else: dead as they stand, by reading
// that is exact, whatever the playouts or the model say.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "analysis/classify.h"
#include "board/board.h"

namespace gocount {

// An eye space in which the defender cannot make two eyes once the attacker
// takes its vital point (or, for the square four and up to two points,
// whatever anyone plays).
enum class KillingShape : uint8_t {
  kNone,  // not one of them: two eyes can be made
  kSmall,  // one, two or three points
  kSquareFour,
  kPyramidFour,
  kCrossedFive,
  kBulkyFive,
  kRabbitySix,
};

// The shape of the eye space `space` (distinct empty points, connected), as
// its points lie on `b`; kNone for more than six points.
KillingShape killing_shape(const Board& b, std::span<const Vertex> space);

// The moves the attacker needs to capture a group whose only liberties are
// an eye space of `points` points of a killing shape (the eye's liberties in
// a capturing race: 1, 2, 3, 5, 8, 12).
int eye_liberties(int points);

// A group whose every liberty lies in one eye space of its own, empty, of
// one or two points or a square four (one eye whoever plays first: the
// other killing shapes make two eyes if the defender plays the vital point,
// and players who both passed leave them to the judge), beside opponent
// chains that cannot be taken first: each pass-alive, or with at least two
// liberties more than the eye gives the group in a race. Dead: the opponent
// fills the eye from outside; the group has no move that helps.
//
//   . X X X X X .     White's group has only the square four D1 E1 D2 E2:
//   X X O O O O X     wherever White plays inside, the three points left
//   X O O . . O X     make a bent three and Black takes its middle.
//   X O O . . O X
struct OneEyeGroup {
  std::vector<Vertex> chains;  // roots, in board order
  std::vector<Vertex> space;   // the eye space, in board order
  KillingShape shape = KillingShape::kNone;
};
// `pass_alive`: per point, as pass_alive() (benson.h) gives it for `b`.
std::vector<OneEyeGroup> one_eye_groups(const Board& b, const std::vector<uint8_t>& pass_alive);

// A seki the classification found that is a capturing race instead: one
// side's group has a big eye (three points or more, of a killing shape), the
// other's a small one (one or two points), and no more eyes. The shared
// liberties count for the big eye (the small eye's side cannot fill them
// without giving its group up): big eye, its outside liberties and the
// shared ones against small eye and its outside liberties. Where the big
// eye's count is larger, the small eye's group is dead whoever plays first.
//
//     A B C D E F G H J
//   3 X X X X O O . X X    Black's pyramid four A1 B1 C1 B2 (five
//   2 X . X X . O O O X    liberties) and the shared E1 E2: 7;
//   1 . . . X . O . O X    White's G1 and G3: 2. White is dead.
//
// Only where each side is one chain with one eye region, and no liberty but
// its eye, the shared ones and those no chain of the other side touches.
struct SmallEyeLoss {
  std::vector<Vertex> chains;     // the small eye's group (roots), in board order
  std::vector<Vertex> eye;        // its small eye
  Vertex big = kNoVertex;         // a stone of the big eye's group
  int liberties = 0, big_liberties = 0;  // the two counts
};
// `after`: the position with the dead stones off; `k` its classification;
// `board` the position as played (an eye with stones in it there is left
// alone: the stones change its count).
std::vector<SmallEyeLoss> small_eye_losses(const Board& board, const Board& after, const Classification& k);

}  // namespace gocount
