#include "analysis/eye_shapes.h"

#include <algorithm>

#include "analysis/regions.h"

namespace gocount {

namespace {

bool adjacent(const Board& b, Vertex p, Vertex q) {
  for (int d : b.directions())
    if (p + d == q) return true;
  return false;
}

}  // namespace

// Up to three points: one eye at most. Else a point next to all the others
// (pyramid four, crossed five), or next to all but one with which it closes
// a square through two others (square four, bulky five, rabbity six): the
// vital point.
KillingShape killing_shape(const Board& b, std::span<const Vertex> s) {
  const int n = static_cast<int>(s.size());
  if (n == 0 || n > 6) return KillingShape::kNone;
  if (n <= 3) return KillingShape::kSmall;
  for (int i = 0; i < n; ++i) {
    int outside = -1, misses = 0;
    for (int j = 0; j < n; ++j)
      if (j != i && !adjacent(b, s[i], s[j])) {
        outside = j;
        ++misses;
      }
    if (misses == 0) return n == 4 ? KillingShape::kPyramidFour : KillingShape::kCrossedFive;
    if (misses > 1) continue;
    int closing = 0;
    for (int j = 0; j < n; ++j)
      if (j != i && j != outside && adjacent(b, s[i], s[j]) && adjacent(b, s[outside], s[j])) ++closing;
    if (closing == 2)
      return n == 4 ? KillingShape::kSquareFour : n == 5 ? KillingShape::kBulkyFive : KillingShape::kRabbitySix;
  }
  return KillingShape::kNone;
}

int eye_liberties(int points) {
  static constexpr int kLiberties[] = {0, 1, 2, 3, 5, 8, 12};
  return points >= 0 && points <= 6 ? kLiberties[points] : 1000;
}

namespace {

// Whether every liberty of the chain `root` lies in region `r`.
bool only_liberties_in(const Board& b, const Regions& regions, Vertex root, int r) {
  bool inside = true;
  b.for_each_in_chain(root, [&](Vertex s) {
    for (int d : b.directions())
      inside &= b.at(s + d) != Color::kEmpty || regions.of(s + d) == r;
  });
  return inside;
}

// Whether every opponent chain beside the chain `root` cannot be taken
// before it takes the group's eye: pass-alive, or `most` liberties or more.
bool safe_around(const Board& b, Vertex root, const std::vector<uint8_t>& pass_alive, int most) {
  const Color other = opponent(b.at(root));
  bool safe = true;
  b.for_each_in_chain(root, [&](Vertex s) {
    for (int d : b.directions()) {
      const Vertex w = s + d;
      if (b.at(w) == other) safe &= pass_alive[w] != 0 || b.liberties(w) >= most;
    }
  });
  return safe;
}

}  // namespace

std::vector<OneEyeGroup> one_eye_groups(const Board& b, const std::vector<uint8_t>& pass_alive) {
  thread_local Regions regions;  // reused: no heap once warm
  regions.flood(b);
  std::vector<OneEyeGroup> found;
  for (int r = 0; r < regions.count(); ++r) {
    if (regions.owner(r) == Color::kEmpty || regions.size(r) > 4) continue;
    const KillingShape shape = killing_shape(b, regions.points(r));
    const bool one_eye = shape == KillingShape::kSquareFour || (shape == KillingShape::kSmall && regions.size(r) <= 2);
    if (!one_eye) continue;
    const auto chains = regions.chains(r);
    const int most = eye_liberties(regions.size(r)) + 2;
    const bool dead = std::all_of(chains.begin(), chains.end(), [&](Vertex root) {
      return !pass_alive[root] && only_liberties_in(b, regions, root, r) && safe_around(b, root, pass_alive, most);
    });
    if (!dead) continue;
    OneEyeGroup g{{chains.begin(), chains.end()}, {regions.points(r).begin(), regions.points(r).end()}, shape};
    std::sort(g.chains.begin(), g.chains.end());
    std::sort(g.space.begin(), g.space.end());
    found.push_back(std::move(g));
  }
  return found;
}

}  // namespace gocount
