#include "analysis/features.h"

#include <algorithm>

#include "analysis/benson.h"

namespace gocount {

namespace {

// The planes, in order (features.h): colour-free, then per colour.
enum Neutral { kOnBoard, kEmptyPoint, kLine1, kLine2, kRegion1, kRegion2To3, kRegion4To6, kRegion7Up, kBesideBoth };
enum PerColour {
  kStone, kLib1, kLib2, kLib3, kLib4Up, kSize1, kSize4Up, kSize10Up, kPassAlive,
  kOwnRegion,   // an empty point of a region bordered by this colour alone
  kEyePoint,    // empty, its four neighbours this colour's stones (or the edge)
  kFalseEye,    // an eye point with opponent stones on two diagonals (one at the edge)
  kEnclosed8, kEnclosed20, kEnclosed50,  // inside this colour's enclosure of at most N points
  kOneEyeSpace, kTwoEyeSpaces,           // a chain beside one, two or more of its own regions
};
static_assert(kTwoEyeSpaces + 1 == kColourPlanes);

// Floods the maximal connected sets of points for which `inside` holds;
// region[v] gets the set's number, and `visit(id, v)` sees every point.
template <class Inside, class Visit>
int flood(const Board& b, std::vector<int>& region, Inside inside, Visit visit) {
  region.assign(b.padded_size(), -1);
  std::vector<Vertex> stack;
  int regions = 0;
  b.for_each_point([&](Vertex s) {
    if (region[s] >= 0 || !inside(s)) return;
    region[s] = regions;
    stack.assign(1, s);
    while (!stack.empty()) {
      const Vertex v = stack.back();
      stack.pop_back();
      visit(regions, v);
      for (int d : b.directions())
        if (b.on_board(v + d) && region[v + d] < 0 && inside(v + d)) {
          region[v + d] = regions;
          stack.push_back(v + d);
        }
    }
    ++regions;
  });
  return regions;
}

struct Planes {
  Features& f;
  int area;
  void set(int plane, int point) { f.planes[static_cast<size_t>(plane) * area + point] = 1; }
  void set(Color c, int plane, int point) {
    set(kNeutralPlanes + (c == Color::kWhite ? kColourPlanes : 0) + plane, point);
  }
};

}  // namespace

void compute_features(const Board& b, Features& f) {
  const int w = b.width(), h = b.height(), area = b.area();
  f.width = w;
  f.height = h;
  f.planes.assign(static_cast<size_t>(kFeaturePlanes) * area, 0);
  f.unit.assign(area, -1);
  f.units = 0;
  Planes p{f, area};
  auto index = [&](Vertex v) { return b.y_of(v) * w + b.x_of(v); };
  const std::vector<uint8_t> alive = pass_alive(b);

  // Empty regions: size, and which colours border them (bit 1 Black, 2 White).
  std::vector<int> empty_region;
  std::vector<int> size;
  std::vector<uint8_t> border;
  flood(b, empty_region, [&](Vertex v) { return b.at(v) == Color::kEmpty; },
        [&](int id, Vertex v) {
          if (id == static_cast<int>(size.size())) {
            size.push_back(0);
            border.push_back(0);
          }
          ++size[id];
          for (int d : b.directions())
            if (b.at(v + d) == Color::kBlack || b.at(v + d) == Color::kWhite)
              border[id] |= static_cast<uint8_t>(b.at(v + d));
        });

  // Units, in board order: a chain's root numbers its stones.
  std::vector<int> chain_unit(b.padded_size(), -1), region_unit(size.size(), -1);
  b.for_each_point([&](Vertex v) {
    int& u = b.at(v) == Color::kEmpty ? region_unit[empty_region[v]] : chain_unit[b.chain_root(v)];
    if (u < 0) u = f.units++;
    f.unit[index(v)] = u;
  });

  b.for_each_point([&](Vertex v) {
    const int i = index(v), x = b.x_of(v), y = b.y_of(v);
    const int line = std::min({x, y, w - 1 - x, h - 1 - y});
    p.set(kOnBoard, i);
    if (line == 0) p.set(kLine1, i);
    if (line == 1) p.set(kLine2, i);
    const Color c = b.at(v);
    if (c == Color::kEmpty) {
      p.set(kEmptyPoint, i);
      const int r = empty_region[v], n = size[r];
      p.set(n == 1 ? kRegion1 : n <= 3 ? kRegion2To3 : n <= 6 ? kRegion4To6 : kRegion7Up, i);
      if (border[r] == 1 || border[r] == 2) p.set(static_cast<Color>(border[r]), kOwnRegion, i);
      uint8_t beside = 0;
      for (int d : b.directions())
        if (b.at(v + d) == Color::kBlack || b.at(v + d) == Color::kWhite) beside |= static_cast<uint8_t>(b.at(v + d));
      if (beside == 3) p.set(kBesideBoth, i);
      return;
    }
    p.set(c, kStone, i);
    const int libs = b.liberties(v), stones = b.chain_size(v);
    p.set(c, libs == 1 ? kLib1 : libs == 2 ? kLib2 : libs == 3 ? kLib3 : kLib4Up, i);
    if (stones == 1) p.set(c, kSize1, i);
    if (stones >= 4) p.set(c, kSize4Up, i);
    if (stones >= 10) p.set(c, kSize10Up, i);
    if (alive[v]) p.set(c, kPassAlive, i);
  });

  // Eye points and the false ones.
  const int s = b.stride();
  b.for_each_point([&](Vertex v) {
    if (b.at(v) != Color::kEmpty) return;
    for (Color c : {Color::kBlack, Color::kWhite}) {
      bool eye = true;
      for (int d : b.directions()) eye &= b.at(v + d) == c || b.at(v + d) == Color::kWall;
      if (!eye) continue;
      p.set(c, kEyePoint, index(v));
      int opp = 0, wall = 0;
      for (int d : {-s - 1, -s + 1, s - 1, s + 1}) {
        opp += b.at(v + d) == opponent(c);
        wall += b.at(v + d) == Color::kWall;
      }
      if (opp >= (wall ? 1 : 2)) p.set(c, kFalseEye, index(v));
    }
  });

  // Each colour's enclosures: the connected sets of points that are not its
  // stones (empty points and the opponent's stones inside), by size.
  std::vector<int> enclosure, enclosure_size;
  for (Color c : {Color::kBlack, Color::kWhite}) {
    enclosure_size.clear();
    flood(b, enclosure, [&](Vertex v) { return b.at(v) != c; },
          [&](int id, Vertex) {
            if (id == static_cast<int>(enclosure_size.size())) enclosure_size.push_back(0);
            ++enclosure_size[id];
          });
    b.for_each_point([&](Vertex v) {
      if (b.at(v) == c) return;
      const int n = enclosure_size[enclosure[v]];
      if (n <= 8) p.set(c, kEnclosed8, index(v));
      if (n <= 20) p.set(c, kEnclosed20, index(v));
      if (n <= 50) p.set(c, kEnclosed50, index(v));
    });
  }

  // Chains beside their own regions (eye spaces): one, or two or more.
  std::vector<int> seen;
  b.for_each_point([&](Vertex v) {
    const Color c = b.at(v);
    if ((c != Color::kBlack && c != Color::kWhite) || b.chain_root(v) != v) return;
    seen.clear();
    b.for_each_in_chain(v, [&](Vertex st) {
      for (int d : b.directions()) {
        const Vertex l = st + d;
        if (b.at(l) != Color::kEmpty || border[empty_region[l]] != static_cast<uint8_t>(c)) continue;
        if (std::find(seen.begin(), seen.end(), empty_region[l]) == seen.end()) seen.push_back(empty_region[l]);
      }
    });
    if (seen.empty()) return;
    b.for_each_in_chain(v, [&](Vertex st) {
      p.set(c, kOneEyeSpace, index(st));
      if (seen.size() >= 2) p.set(c, kTwoEyeSpaces, index(st));
    });
  });
}

}  // namespace gocount
