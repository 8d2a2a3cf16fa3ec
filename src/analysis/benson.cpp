#include "analysis/benson.h"

#include <algorithm>

namespace gocount {

namespace {

bool is_stone(Color c) { return c == Color::kBlack || c == Color::kWhite; }
constexpr Color kEmpty = Color::kEmpty;

// Benson for one colour: marks the stones of its pass-alive chains.
void benson(const Board& b, Color c, std::vector<uint8_t>& alive_out) {
  const int n = b.padded_size();
  // Regions: maximal connected sets of points that are not c's stones.
  std::vector<int> region(n, -1);
  struct Region {
    std::vector<Vertex> empties;
    std::vector<Vertex> chains;  // roots of c's chains beside it
  };
  std::vector<Region> regions;
  std::vector<Vertex> stack;
  b.for_each_point([&](Vertex s) {
    if (b.at(s) == c || region[s] >= 0) return;
    const int id = static_cast<int>(regions.size());
    regions.emplace_back();
    region[s] = id;
    stack.assign(1, s);
    while (!stack.empty()) {
      const Vertex v = stack.back();
      stack.pop_back();
      if (b.at(v) == kEmpty) regions[id].empties.push_back(v);
      for (int d : b.directions()) {
        const Vertex w = v + d;
        if (b.at(w) == Color::kWall) continue;
        if (b.at(w) == c) {
          const Vertex r = b.chain_root(w);
          auto& ch = regions[id].chains;
          if (std::find(ch.begin(), ch.end(), r) == ch.end()) ch.push_back(r);
        } else if (region[w] < 0) {
          region[w] = id;
          stack.push_back(w);
        }
      }
    }
  });
  // A region is vital to a chain when each of its empty points is a liberty
  // of that chain.
  auto vital = [&](const Region& r, Vertex chain) {
    for (Vertex e : r.empties) {
      bool lib = false;
      for (int d : b.directions()) lib |= is_stone(b.at(e + d)) && b.chain_root(e + d) == chain;
      if (!lib) return false;
    }
    return true;
  };
  std::vector<uint8_t> chain_alive(n, 0), region_in(regions.size(), 1);
  std::vector<Vertex> chains;
  b.for_each_point([&](Vertex v) {
    if (b.at(v) == c && b.chain_root(v) == v) {
      chains.push_back(v);
      chain_alive[v] = 1;
    }
  });
  for (bool changed = true; changed;) {
    changed = false;
    for (Vertex ch : chains) {
      if (!chain_alive[ch]) continue;
      int vitals = 0;
      for (size_t id = 0; id < regions.size() && vitals < 2; ++id) {
        if (!region_in[id]) continue;
        const auto& bc = regions[id].chains;
        if (std::find(bc.begin(), bc.end(), ch) != bc.end() && vital(regions[id], ch)) ++vitals;
      }
      if (vitals < 2) {
        chain_alive[ch] = 0;
        changed = true;
      }
    }
    for (size_t id = 0; id < regions.size(); ++id) {
      if (!region_in[id]) continue;
      for (Vertex ch : regions[id].chains)
        if (!chain_alive[ch]) {
          region_in[id] = 0;
          changed = true;
          break;
        }
    }
  }
  b.for_each_point([&](Vertex v) {
    if (b.at(v) == c && chain_alive[b.chain_root(v)]) alive_out[v] = 1;
  });
}

}  // namespace

std::vector<uint8_t> pass_alive(const Board& board) {
  std::vector<uint8_t> alive(board.padded_size(), 0);
  benson(board, Color::kBlack, alive);
  benson(board, Color::kWhite, alive);
  return alive;
}

}  // namespace gocount
