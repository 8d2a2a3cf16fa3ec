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
// `stack`: the caller's, its storage kept.
template <class Inside, class Visit>
int flood(const Board& b, std::vector<int>& region, std::vector<Vertex>& stack, Inside inside, Visit visit) {
  region.assign(b.padded_size(), -1);
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

// What the stages below work in, kept per thread from position to position:
// no heap once warm (the judgement asks for the planes of every position).
struct FeatureScratch {
  std::vector<int> index;  // per vertex: the point's row-major index (no division per look)
  std::vector<int> empty_region, size, chain_unit, region_unit, enclosure, enclosure_size, seen;
  std::vector<uint8_t> border;  // per empty region: the colours beside it
  std::vector<Vertex> stack;
};

struct Planes {
  Features& f;
  int area;
  void set(int plane, int point) { f.planes[static_cast<size_t>(plane) * area + point] = 1; }
  void set(Color c, int plane, int point) {
    set(kNeutralPlanes + (c == Color::kWhite ? kColourPlanes : 0) + plane, point);
  }
};

// The planes of one position, a stage each: the empty regions and the units
// (chains and regions) first, which the later stages read.
class FeatureBuilder {
 public:
  FeatureBuilder(const Board& b, const std::vector<uint8_t>& alive, Features& f, FeatureScratch& scratch)
      : b_(b), f_(f), p_{f, b.area()}, w_(b.width()), h_(b.height()), alive_(alive), s_(scratch),
        empty_region_(scratch.empty_region), size_(scratch.size), border_(scratch.border) {
    f.width = w_;
    f.height = h_;
    f.planes.assign(static_cast<size_t>(kFeaturePlanes) * b.area(), 0);
    f.unit.assign(b.area(), -1);
    f.units = 0;
    s_.index.resize(b.padded_size());
    for (int y = 0; y < h_; ++y)
      for (int x = 0; x < w_; ++x) s_.index[b.vertex(x, y)] = y * w_ + x;
    size_.clear();
    border_.clear();
  }

  void run() {
    empty_regions();
    units();
    point_planes();
    eye_points();
    enclosures();
    eye_spaces();
  }

 private:
  int index(Vertex v) const { return s_.index[v]; }
  // The colours beside v (bit 1 Black, 2 White).
  uint8_t colours_beside(Vertex v) const {
    uint8_t beside = 0;
    for (int d : b_.directions())
      if (b_.at(v + d) == Color::kBlack || b_.at(v + d) == Color::kWhite) beside |= static_cast<uint8_t>(b_.at(v + d));
    return beside;
  }

  // Empty regions: size, and which colours border them.
  void empty_regions() {
    flood(b_, empty_region_, s_.stack, [&](Vertex v) { return b_.at(v) == Color::kEmpty; },
          [&](int id, Vertex v) {
            if (id == static_cast<int>(size_.size())) {
              size_.push_back(0);
              border_.push_back(0);
            }
            ++size_[id];
            border_[id] |= colours_beside(v);
          });
  }

  // Units, in board order: a chain's root numbers its stones.
  void units() {
    std::vector<int>& chain_unit = s_.chain_unit;
    std::vector<int>& region_unit = s_.region_unit;
    chain_unit.assign(b_.padded_size(), -1);
    region_unit.assign(size_.size(), -1);
    b_.for_each_point([&](Vertex v) {
      int& u = b_.at(v) == Color::kEmpty ? region_unit[empty_region_[v]] : chain_unit[b_.chain_root(v)];
      if (u < 0) u = f_.units++;
      f_.unit[index(v)] = u;
    });
  }

  // What each point is by itself: the edge, its region or its chain.
  void point_planes() {
    for (int y = 0; y < h_; ++y)
      for (int x = 0; x < w_; ++x) point_planes(b_.vertex(x, y), y * w_ + x, std::min({x, y, w_ - 1 - x, h_ - 1 - y}));
  }
  // Those of the point v, row-major index i, on the line `line` from the edge (0: the first).
  void point_planes(Vertex v, int i, int line) {
    p_.set(kOnBoard, i);
    if (line == 0) p_.set(kLine1, i);
    if (line == 1) p_.set(kLine2, i);
    const Color c = b_.at(v);
    if (c == Color::kEmpty) {
      p_.set(kEmptyPoint, i);
      const int r = empty_region_[v], n = size_[r];
      p_.set(n == 1 ? kRegion1 : n <= 3 ? kRegion2To3 : n <= 6 ? kRegion4To6 : kRegion7Up, i);
      if (border_[r] == 1 || border_[r] == 2) p_.set(static_cast<Color>(border_[r]), kOwnRegion, i);
      if (colours_beside(v) == 3) p_.set(kBesideBoth, i);
      return;
    }
    p_.set(c, kStone, i);
    const int libs = b_.liberties(v), stones = b_.chain_size(v);
    p_.set(c, libs == 1 ? kLib1 : libs == 2 ? kLib2 : libs == 3 ? kLib3 : kLib4Up, i);
    if (stones == 1) p_.set(c, kSize1, i);
    if (stones >= 4) p_.set(c, kSize4Up, i);
    if (stones >= 10) p_.set(c, kSize10Up, i);
    if (alive_[v]) p_.set(c, kPassAlive, i);
  }

  // Eye points and the false ones.
  void eye_points() {
    const int s = b_.stride();
    b_.for_each_point([&](Vertex v) {
      if (b_.at(v) != Color::kEmpty) return;
      for (Color c : {Color::kBlack, Color::kWhite}) {
        bool eye = true;
        for (int d : b_.directions()) eye &= b_.at(v + d) == c || b_.at(v + d) == Color::kWall;
        if (!eye) continue;
        p_.set(c, kEyePoint, index(v));
        int opp = 0, wall = 0;
        for (int d : {-s - 1, -s + 1, s - 1, s + 1}) {
          opp += b_.at(v + d) == opponent(c);
          wall += b_.at(v + d) == Color::kWall;
        }
        if (opp >= (wall ? 1 : 2)) p_.set(c, kFalseEye, index(v));
      }
    });
  }

  // Each colour's enclosures: the connected sets of points that are not its
  // stones (empty points and the opponent's stones inside), by size.
  void enclosures() {
    std::vector<int>& enclosure = s_.enclosure;
    std::vector<int>& enclosure_size = s_.enclosure_size;
    for (Color c : {Color::kBlack, Color::kWhite}) {
      enclosure_size.clear();
      flood(b_, enclosure, s_.stack, [&](Vertex v) { return b_.at(v) != c; },
            [&](int id, Vertex) {
              if (id == static_cast<int>(enclosure_size.size())) enclosure_size.push_back(0);
              ++enclosure_size[id];
            });
      b_.for_each_point([&](Vertex v) {
        if (b_.at(v) == c) return;
        const int n = enclosure_size[enclosure[v]];
        if (n <= 8) p_.set(c, kEnclosed8, index(v));
        if (n <= 20) p_.set(c, kEnclosed20, index(v));
        if (n <= 50) p_.set(c, kEnclosed50, index(v));
      });
    }
  }

  // Chains beside their own regions (eye spaces): one, or two or more.
  void eye_spaces() {
    std::vector<int>& seen = s_.seen;
    b_.for_each_point([&](Vertex v) {
      const Color c = b_.at(v);
      if ((c != Color::kBlack && c != Color::kWhite) || b_.chain_root(v) != v) return;
      seen.clear();
      b_.for_each_in_chain(v, [&](Vertex st) {
        for (int d : b_.directions()) {
          const Vertex l = st + d;
          if (b_.at(l) != Color::kEmpty || border_[empty_region_[l]] != static_cast<uint8_t>(c)) continue;
          if (std::find(seen.begin(), seen.end(), empty_region_[l]) == seen.end()) seen.push_back(empty_region_[l]);
        }
      });
      if (seen.empty()) return;
      b_.for_each_in_chain(v, [&](Vertex st) {
        p_.set(c, kOneEyeSpace, index(st));
        if (seen.size() >= 2) p_.set(c, kTwoEyeSpaces, index(st));
      });
    });
  }

  const Board& b_;
  Features& f_;
  Planes p_;
  const int w_, h_;
  const std::vector<uint8_t>& alive_;  // pass_alive(b_)
  FeatureScratch& s_;
  std::vector<int>& empty_region_;  // per vertex: its empty region's number (-1 for a stone)
  std::vector<int>& size_;          // per empty region: its points
  std::vector<uint8_t>& border_;    // per empty region: the colours beside it
};

}  // namespace

void compute_features(const Board& b, Features& f) {
  thread_local std::vector<uint8_t> alive;  // kept: no heap once warm
  pass_alive(b, alive);
  compute_features(b, alive, f);
}

void compute_features(const Board& b, const std::vector<uint8_t>& alive, Features& f) {
  thread_local FeatureScratch scratch;
  FeatureBuilder(b, alive, f, scratch).run();
}

}  // namespace gocount
