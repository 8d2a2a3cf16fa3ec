#include "analysis/regions.h"

namespace gocount {

// Every list is sized for the most a board can hold (a point once in
// points_; a chain at most once per region beside it, and a region beside a
// chain touches one of its liberties: at most four entries a point), and
// written through raw pointers: a push_back's store of its end could alias
// every other list's address, and the loop would load them all again.
void Regions::flood(const Board& b) {
  const int n = b.padded_size();
  // assign() and resize() keep the capacity: no heap once the arrays have grown.
  id_.assign(n, kNone);
  chain_listed_.assign(n, kNone);
  points_.resize(n);
  chains_.resize(4 * static_cast<size_t>(n));
  borders_.resize(n);
  point_start_.resize(n + 1);
  chain_start_.resize(n + 1);
  Cursor at{points_.data(), chains_.data(), 0};
  point_start_[0] = chain_start_[0] = 0;
  // One branch, nearly always not taken (a region's first point: empty, 0,
  // and not yet flooded, kNone), as one test of the bits: two branches, the
  // first on the colour, would follow no pattern.
  const int* const id = id_.data();
  const Color* const color = b.colors().data();
  b.for_each_point([&](Vertex v) {
    if (((id[v] - kNone) | static_cast<int>(color[v])) == 0) [[unlikely]]
      flood_one(b, v, at);
  });
  count_ = at.regions;  // the lists keep their size: read through the starts only
}

// The region's points, listed from `at.point` on, double as the queue. The
// colours around are gathered in a local. Without a branch on a neighbour:
// whether it is empty, new, a stone or a chain not yet listed follows no
// pattern. Every neighbour is written to the queue and to the chain list,
// and the ends move on only where it is new; the id and the mark are
// written back unchanged where they do not change. A wall point is its own
// kind of neighbour: its parent is 0, a wall as well, whose mark nothing reads.
void Regions::flood_one(const Board& b, Vertex start, Cursor& at) {
  const int r = at.regions++;
  const Color* const color = b.colors().data();
  const std::array<int, 4> dirs = b.directions();
  int* const id = id_.data();
  int* const listed = chain_listed_.data();
  unsigned seen = 0;  // bit c for each colour c beside the region
  Vertex* const first = at.point;
  Vertex* end = first;
  Vertex* chain = at.chain;
  id[start] = r;
  *end++ = start;
  for (const Vertex* p = first; p != end; ++p)
    for (int d : dirs) {
      const Vertex w = *p + d;
      const Color c = color[w];
      const bool empty = c == Color::kEmpty, stone = is_stone(c);
      const bool joins = empty & (id[w] == kNone);
      id[w] = select_by_mask(joins, r, id[w]);
      *end = w;
      end += joins;
      seen |= 1u << static_cast<int>(c);
      const Vertex root = b.chain_root(w);
      const bool new_chain = stone & (listed[root] != r);
      listed[root] = select_by_mask(new_chain, r, listed[root]);
      *chain = root;
      chain += new_chain;
    }
  const unsigned borders = (seen >> static_cast<int>(Color::kBlack) & 1u) |
                           (seen >> static_cast<int>(Color::kWhite) & 1u) << 1;
  borders_[r] = static_cast<uint8_t>(borders);
  at.point = end;
  at.chain = chain;
  point_start_[r + 1] = static_cast<int>(end - points_.data());
  chain_start_[r + 1] = static_cast<int>(chain - chains_.data());
}

}  // namespace gocount
