#include "analysis/regions.h"

namespace gocount {

void Regions::flood(const Board& b) {
  // assign() keeps the capacity: no heap once the arrays have grown.
  id_.assign(b.padded_size(), kNone);
  chain_listed_.assign(b.padded_size(), kNone);
  points_.clear();
  chains_.clear();
  borders_.clear();
  point_start_.assign(1, 0);
  chain_start_.assign(1, 0);
  b.for_each_point([&](Vertex v) {
    if (b.at(v) == Color::kEmpty && id_[v] == kNone) flood_one(b, v);
  });
}

// points_ doubles as the queue: the region's points are those pushed since
// it began. The colours around are gathered in a local: a byte stored into
// borders_ may alias anything, and the compiler would reload every pointer
// and size after each one.
void Regions::flood_one(const Board& b, Vertex start) {
  const int r = count();
  unsigned borders = 0;
  id_[start] = r;
  points_.push_back(start);
  for (size_t i = point_start_.back(); i < points_.size(); ++i)
    for (int d : b.directions()) {
      const Vertex w = points_[i] + d;
      const Color c = b.at(w);
      if (c == Color::kEmpty) {
        if (id_[w] != kNone) continue;
        id_[w] = r;
        points_.push_back(w);
      } else if (c != Color::kWall) {
        borders |= 1u << side_index(c);
        const Vertex root = b.chain_root(w);
        if (chain_listed_[root] == r) continue;
        chain_listed_[root] = r;
        chains_.push_back(root);
      }
    }
  borders_.push_back(static_cast<uint8_t>(borders));
  point_start_.push_back(static_cast<int>(points_.size()));
  chain_start_.push_back(static_cast<int>(chains_.size()));
}

}  // namespace gocount
