#include "analysis/borders.h"

#include <algorithm>
#include <span>
#include <utility>

namespace gocount {
namespace {

constexpr Color kEmpty = Color::kEmpty;
// A region this large is an opening, not a border left open: no one move
// settles it, and the search (quadratic in the region) is not worth it.
constexpr int kLargestRegion = 160;

// The empty points connected to `start` (4-neighbours), and which colours
// border them (a stone not on the board, like a move tried, borders nothing).
struct Region {
  std::vector<Vertex> points;
  bool black = false, white = false;
  bool borders(Color c) const { return c == Color::kBlack ? black : white; }
};
Region flood(const Board& b, Vertex start, std::vector<uint8_t>& seen) {
  Region r{{start}};
  seen[start] = 1;
  for (size_t i = 0; i < r.points.size(); ++i)
    for (int d : b.directions()) {
      const Vertex w = r.points[i] + d;
      r.black |= b.at(w) == Color::kBlack;
      r.white |= b.at(w) == Color::kWhite;
      if (b.at(w) == kEmpty && !seen[w]) {
        seen[w] = 1;
        r.points.push_back(w);
      }
    }
  return r;
}

// The points of `region` that a stone of `c` at `move` walls off from the
// other side: the parts of the region without `move` that the other side
// does not border.
std::vector<Vertex> sealed_by(const Board& b, const std::vector<Vertex>& region, Vertex move, Color c,
                              std::vector<uint8_t>& seen) {
  std::vector<Vertex> out;
  for (Vertex v : region) seen[v] = 0;
  seen[move] = 1;
  for (Vertex v : region) {
    if (seen[v]) continue;
    const Region part = flood(b, v, seen);
    if (!part.borders(opponent(c))) out.insert(out.end(), part.points.begin(), part.points.end());
  }
  return out;
}

// The stone must stand: a legal move that keeps two liberties.
bool stands(const Board& b, Color c, Vertex v) {
  return b.check(c, v, false) == MoveError::kNone && b.liberties_after(c, v, 2) >= 2;
}

// A region's first unsealed point in board order (kNoVertex: none).
Vertex first_unsealed(std::span<const Vertex> points, const Classification& k) {
  Vertex first = kNoVertex;
  for (Vertex v : points)
    if (k.cls[v] == PointClass::kUnsealed && (first == kNoVertex || v < first)) first = v;
  return first;
}

// Each side's move that seals the most of `region`; the first found wins a tie.
void best_moves(const Board& board, const std::vector<Vertex>& region, std::vector<uint8_t>& seen,
                std::vector<OpenBorder>& out) {
  for (Color c : {Color::kBlack, Color::kWhite}) {
    OpenBorder best{kNoVertex, c, 0, {}};
    for (Vertex move : region) {
      if (!stands(board, c, move)) continue;
      std::vector<Vertex> sealed = sealed_by(board, region, move, c, seen);
      if (static_cast<int>(sealed.size()) > best.points) best = {move, c, static_cast<int>(sealed.size()), sealed};
    }
    if (best.points > 0) {
      std::sort(best.sealed.begin(), best.sealed.end());
      out.push_back(std::move(best));
    }
  }
}

}  // namespace

std::vector<OpenBorder> open_borders(const Board& board, const Classification& k, const Regions& regions) {
  // A border runs between the two sides: a region only one side (or nobody)
  // touches is none. The regions are taken in board order of their first
  // unsealed point.
  std::vector<std::pair<Vertex, int>> open;  // (first unsealed point, region)
  for (int id = 0; id < regions.count(); ++id) {
    if (regions.size(id) > kLargestRegion || !regions.borders_both(id)) continue;
    const Vertex first = first_unsealed(regions.points(id), k);
    if (first != kNoVertex) open.emplace_back(first, id);
  }
  std::sort(open.begin(), open.end());
  std::vector<OpenBorder> out;
  std::vector<uint8_t> seen(board.padded_size(), 0);
  for (const auto& [first, id] : open) {
    // The moves are tried in flood order from the first unsealed point.
    const Region r = flood(board, first, seen);
    best_moves(board, r.points, seen, out);
  }
  std::stable_sort(out.begin(), out.end(), [](const OpenBorder& a, const OpenBorder& b) { return a.points > b.points; });
  return out;
}

std::vector<OpenBorder> open_borders(const Board& board, const Classification& k) {
  thread_local Regions regions;  // reused: no heap once warm
  regions.flood(board);
  return open_borders(board, k, regions);
}

}  // namespace gocount
