// Layer 4: what the ownership model sees of a final position.
//
// Per board point, a few yes/no planes that exact reasoning gives cheaply
// (liberties, chain size, Benson's pass-alive chains, eye points, the size of
// the empty regions and of each colour's enclosures), and a "unit" per point
// (its chain, or its empty region) over which the model pools. The planes
// come in two parts: colour-free ones, then one block per colour, Black's
// first, so that swapping the colours is swapping the two blocks.
//
// The training script (train/) reads these planes as the dataset tool writes
// them, never computes its own: the C++ side and the learned weights always
// agree on what each plane means. kFeatureVersion changes with any change to
// them, and a weights file for another version is refused.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.h"

namespace gocount {

inline constexpr int kFeatureVersion = 1;
inline constexpr int kNeutralPlanes = 9;
inline constexpr int kColourPlanes = 17;  // per colour
inline constexpr int kFeaturePlanes = kNeutralPlanes + 2 * kColourPlanes;

struct Features {
  int width = 0, height = 0;
  // planes[p * area + y * width + x], 0 or 1.
  std::vector<uint8_t> planes;
  // Per point (row-major), the pooling unit: points of one chain, or of one
  // empty region, share it; numbered 0 .. units-1 in board order.
  std::vector<int32_t> unit;
  int units = 0;
};

// The planes of `board` (a final position, nothing removed) into `out`,
// reusing its storage.
void compute_features(const Board& board, Features& out);
// The same, given the position's pass-alive chains (benson.h's pass_alive of
// `board`), which the judgement has found already.
void compute_features(const Board& board, const std::vector<uint8_t>& pass_alive, Features& out);

}  // namespace gocount
