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

namespace {

// A chain's liberties split by where they lie: its own eye regions (empty
// regions of its colour that no other chain borders) and the rest.
struct Liberties {
  std::vector<int> eyes;        // region ids
  std::vector<Vertex> others;   // the liberties outside them
  bool shared_eye = false;      // a liberty in a region of its colour that another chain borders too
};

Liberties liberties_of(const Board& after, const Regions& regions, Vertex root) {
  Liberties out;
  const Color c = after.at(root);
  after.for_each_in_chain(root, [&](Vertex s) {
    for (int d : after.directions()) {
      const Vertex w = s + d;
      if (after.at(w) != Color::kEmpty) continue;
      const int r = regions.of(w);
      if (regions.owner(r) != c) {
        if (std::find(out.others.begin(), out.others.end(), w) == out.others.end()) out.others.push_back(w);
      } else if (regions.chains(r).size() != 1) {
        out.shared_eye = true;
      } else if (std::find(out.eyes.begin(), out.eyes.end(), r) == out.eyes.end()) {
        out.eyes.push_back(r);
      }
    }
  });
  return out;
}

// The opponent chains beside the chain `root` or beside its liberties `libs`.
std::vector<Vertex> opponents_around(const Board& after, Vertex root, const std::vector<Vertex>& libs) {
  std::vector<Vertex> out;
  const Color other = opponent(after.at(root));
  auto add = [&](Vertex p) {
    for (int d : after.directions())
      if (after.at(p + d) == other) {
        const Vertex r = after.chain_root(p + d);
        if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
      }
  };
  after.for_each_in_chain(root, add);
  for (Vertex l : libs) add(l);
  return out;
}

}  // namespace

std::vector<SmallEyeLoss> small_eye_losses(const Board& board, const Board& after, const Classification& k) {
  std::vector<SmallEyeLoss> found;
  if (k.seki_stones[0] + k.seki_stones[1] == 0) return found;  // most positions
  thread_local Regions regions;
  regions.flood(after);
  auto empty_in_play = [&](int eye) {
    const auto pts = regions.points(eye);
    return std::all_of(pts.begin(), pts.end(), [&](Vertex v) { return board.at(v) == Color::kEmpty; });
  };
  after.for_each_point([&](Vertex x) {
    if (k.cls[x] != PointClass::kSekiStone || after.chain_root(x) != x) return;
    const Liberties small = liberties_of(after, regions, x);
    if (small.shared_eye || small.eyes.size() != 1 || regions.size(small.eyes[0]) > 2 || !empty_in_play(small.eyes[0]))
      return;
    // The one big eye beside it; every other opponent chain around lives on its own.
    Vertex big = kNoVertex;
    Liberties big_libs;
    for (Vertex y : opponents_around(after, x, small.others)) {
      Liberties l = liberties_of(after, regions, y);
      const bool big_eye = !l.shared_eye && l.eyes.size() == 1 && regions.size(l.eyes[0]) >= 3 &&
                           empty_in_play(l.eyes[0]) &&
                           killing_shape(after, regions.points(l.eyes[0])) != KillingShape::kNone;
      const bool shares = std::any_of(l.others.begin(), l.others.end(), [&](Vertex v) {
        return std::find(small.others.begin(), small.others.end(), v) != small.others.end();
      });
      if (big_eye && shares && big == kNoVertex) {
        big = y;
        big_libs = std::move(l);
      } else if (k.cls[y] != PointClass::kStone || after.liberties(y) < 2) {
        return;
      }
    }
    if (big == kNoVertex) return;
    int shared = 0;
    for (Vertex v : big_libs.others)
      shared += std::find(small.others.begin(), small.others.end(), v) != small.others.end();
    const int big_count = static_cast<int>(big_libs.others.size()) + eye_liberties(regions.size(big_libs.eyes[0]));
    const int small_count =
        static_cast<int>(small.others.size()) - shared + eye_liberties(regions.size(small.eyes[0]));
    if (big_count <= small_count) return;
    SmallEyeLoss loss{{x}, {regions.points(small.eyes[0]).begin(), regions.points(small.eyes[0]).end()}, big,
                      small_count, big_count};
    std::sort(loss.eye.begin(), loss.eye.end());
    found.push_back(std::move(loss));
  });
  return found;
}

}  // namespace gocount
