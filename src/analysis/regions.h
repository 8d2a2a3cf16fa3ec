// Layer 4: the empty regions of a position, flooded once: each region's
// points, its size, the colours around it and the chains beside it.
// `classify`, `tally` and `open_borders` all read this one pass.
//
// The storage is the caller's and is reused (flat arrays, KataGo's board
// style): once warm, a pass over a board of the same size allocates nothing.
// Hold one per worker and flood it for each position.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "board/board.h"

namespace gocount {

class Regions {
 public:
  static constexpr int kNone = -1;  // the region of a stone

  // Floods every empty region of `b`. Regions are numbered in board order
  // of their first point; each region's points are listed breadth first
  // from that point.
  void flood(const Board& b);

  int count() const { return count_; }
  int of(Vertex v) const { return id_[v]; }  // kNone for a stone
  std::span<const Vertex> points(int r) const { return span(points_, point_start_, r); }
  int size(int r) const { return point_start_[r + 1] - point_start_[r]; }
  // Whether a stone of `c` (black or white) touches the region.
  bool borders(int r, Color c) const { return (borders_[r] >> side_index(c)) & 1u; }
  bool borders_both(int r) const { return borders_[r] == 3; }
  // The colour of a region that only one colour touches, else kEmpty.
  Color owner(int r) const {
    return borders_[r] == 1 ? Color::kBlack : borders_[r] == 2 ? Color::kWhite : Color::kEmpty;
  }
  // The roots of the distinct chains beside the region, first found first.
  std::span<const Vertex> chains(int r) const { return span(chains_, chain_start_, r); }

 private:
  static std::span<const Vertex> span(const std::vector<Vertex>& all, const std::vector<int>& start, int r) {
    return {all.data() + start[r], all.data() + start[r + 1]};
  }
  // Where the pass writes next.
  struct Cursor {
    Vertex* point;
    Vertex* chain;
    int regions;
  };
  void flood_one(const Board& b, Vertex start, Cursor& at);

  int count_ = 0;
  std::vector<int> id_;               // per vertex: its region, kNone for stones and walls
  std::vector<Vertex> points_;        // every region's points, region after region
  std::vector<int> point_start_;      // region r's points: [point_start_[r], point_start_[r + 1])
  std::vector<uint8_t> borders_;      // per region: bit side_index(c) when c touches it
  std::vector<Vertex> chains_;        // every region's chain roots, region after region
  std::vector<int> chain_start_;      // as point_start_, into chains_
  std::vector<int> chain_listed_;     // per chain root: the last region that listed it
};

}  // namespace gocount
