#include "analysis/benson.h"

#include <algorithm>

namespace gocount {

namespace {

constexpr Color kEmpty = Color::kEmpty;

// Benson for one colour: marks the stones of its pass-alive chains.
//
// Regions are the maximal connected sets of points that are not c's stones.
// A region is vital to a chain of c beside it when each of its empty points
// is a liberty of that chain. The chains that stay are those with two vital
// regions among the regions that stay, and the regions that stay are those
// whose chains all stay: a chain without two is dropped, then every region
// beside it, until nothing changes (the greatest such set, whatever the order).
//
// Everything is counted once, in flat arrays: per region, the chains beside
// it and, per chain, how many of the region's empty points it touches (the
// region is vital to it when that is all of them).
struct Beside {
  int region;
  Vertex chain;
  int touched;  // empty points of the region beside the chain
};

// What one pass works in, kept per thread: no heap once warm (the judgement
// asks for every position it judges).
struct Scratch {
  std::vector<int> region;
  std::vector<Beside> beside;       // grouped by region, in region order
  std::vector<int> first, empties;  // per region: its first entry in `beside`, its empty points
  std::vector<Vertex> stack;
  std::vector<uint8_t> chain_alive, region_in;
  std::vector<int> vitals;
  std::vector<int> entry_of, entry_region;  // per chain root: its entry in `beside`, for the region named
};

// The regions of c (flooded through everything that is not c's stones),
// each with its empty points and its entries: the chains beside it and the
// empty points each touches.
void gather_regions(const Board& b, Color c, Scratch& scratch) {
  const int n = b.padded_size();
  std::vector<int>& region = scratch.region;
  std::vector<Beside>& beside = scratch.beside;
  std::vector<int>&first = scratch.first, &empties = scratch.empties;
  std::vector<Vertex>& stack = scratch.stack;
  region.assign(n, -1);
  beside.clear();
  first.clear();
  empties.clear();
  // A chain's entry for a region is found in one look, not by a search of
  // the region's entries (a large region borders many chains).
  std::vector<int>&entry_of = scratch.entry_of, &entry_region = scratch.entry_region;
  entry_of.resize(n);
  entry_region.assign(n, -1);
  auto entry = [&](int id, Vertex chain) -> Beside& {
    if (entry_region[chain] == id) return beside[entry_of[chain]];
    entry_region[chain] = id;
    entry_of[chain] = static_cast<int>(beside.size());
    beside.push_back({id, chain, 0});
    return beside.back();
  };
  b.for_each_point([&](Vertex s) {
    if (b.at(s) == c || region[s] >= 0) return;
    const int id = static_cast<int>(first.size());
    first.push_back(static_cast<int>(beside.size()));
    empties.push_back(0);
    region[s] = id;
    stack.assign(1, s);
    while (!stack.empty()) {
      const Vertex v = stack.back();
      stack.pop_back();
      const bool empty = b.at(v) == kEmpty;
      empties[id] += empty;
      Vertex touched[4];
      int ntouched = 0;
      for (int d : b.directions()) {
        const Vertex w = v + d;
        if (b.at(w) == Color::kWall) continue;
        if (b.at(w) == c) {
          const Vertex r = b.chain_root(w);
          Beside& e = entry(id, r);
          if (!empty || std::find(touched, touched + ntouched, r) != touched + ntouched) continue;
          touched[ntouched++] = r;
          ++e.touched;
        } else if (region[w] < 0) {
          region[w] = id;
          stack.push_back(w);
        }
      }
    }
  });
  first.push_back(static_cast<int>(beside.size()));  // the end of the last region's entries
}

// Drops the chains without two vital regions, then the regions beside
// them, until nothing changes; marks the stones of the chains left.
void drop_until_settled(const Board& b, Color c, Scratch& scratch, std::vector<uint8_t>& alive_out) {
  const int n = b.padded_size();
  const std::vector<Beside>& beside = scratch.beside;
  const std::vector<int>&first = scratch.first, &empties = scratch.empties;
  const int regions = static_cast<int>(first.size()) - 1;
  std::vector<uint8_t>&chain_alive = scratch.chain_alive, &region_in = scratch.region_in;
  chain_alive.assign(n, 0);
  region_in.assign(regions, 1);
  b.for_each_point([&](Vertex v) {
    if (b.at(v) == c) chain_alive[b.chain_root(v)] = 1;
  });
  std::vector<int>& vitals = scratch.vitals;
  vitals.resize(n);
  for (bool changed = true; changed;) {
    changed = false;
    std::fill(vitals.begin(), vitals.end(), 0);
    for (const Beside& e : beside)
      if (region_in[e.region] && e.touched == empties[e.region]) ++vitals[e.chain];
    for (const Beside& e : beside)
      if (chain_alive[e.chain] && vitals[e.chain] < 2) chain_alive[e.chain] = 0;
    for (int id = 0; id < regions; ++id) {
      if (!region_in[id]) continue;
      for (int i = first[id]; i < first[id + 1]; ++i)
        if (!chain_alive[beside[i].chain]) {
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

void benson(const Board& b, Color c, std::vector<uint8_t>& alive_out) {
  thread_local Scratch scratch;
  gather_regions(b, c, scratch);
  drop_until_settled(b, c, scratch, alive_out);
}

}  // namespace

std::vector<uint8_t> pass_alive(const Board& board) {
  std::vector<uint8_t> alive;
  pass_alive(board, alive);
  return alive;
}

void pass_alive(const Board& board, std::vector<uint8_t>& alive) {
  alive.assign(board.padded_size(), 0);
  benson(board, Color::kBlack, alive);
  benson(board, Color::kWhite, alive);
}

}  // namespace gocount
