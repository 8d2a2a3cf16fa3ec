#include "analysis/benson.h"

#include <algorithm>
#include <array>
#include <bit>

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
// asks for every position it judges). The loops below work through raw
// pointers into it, and its flags are ints: a byte stored through a vector's
// elements may alias anything, the vectors' own pointers included, which
// the compiler then loads again after every store.
struct Scratch {
  std::vector<int> region;          // per point: its region, -1 before the flood reaches it
  std::vector<Beside> beside;       // grouped by region, in region order (`entries` of them)
  std::vector<int> first, empties;  // per region: its first entry in `beside`, its empty points
  std::vector<Vertex> stack;
  std::vector<int> chain_alive, region_in, vitals;
  std::vector<int> entry_of, entry_region;  // per chain root: its entry in `beside`, for the region named
  int regions = 0, entries = 0;
};

// The regions of c (flooded through everything that is not c's stones),
// each with its empty points and its entries: the chains beside it and the
// empty points each touches.
void gather_regions(const Board& b, Color c, Scratch& scratch) {
  const int n = b.padded_size();
  scratch.region.assign(n, -1);
  scratch.entry_region.assign(n, -1);
  scratch.entry_of.resize(n);
  scratch.stack.resize(n);           // each point is put on it once at most, and the
                                     // flood writes one past its top: fewer than n either way
  scratch.beside.resize(4 * n);      // an entry per side of a point at most
  scratch.first.resize(n + 1);
  scratch.empties.resize(n);
  int* const region = scratch.region.data();
  int* const entry_of = scratch.entry_of.data();
  int* const entry_region = scratch.entry_region.data();
  Vertex* const stack = scratch.stack.data();
  Beside* const beside = scratch.beside.data();
  int* const first = scratch.first.data();
  int* const empties = scratch.empties.data();
  const Color* const colour = b.colors().data();
  const std::array<int, 4> dirs = b.directions();
  int regions = 0, entries = 0;
  b.for_each_point([&](Vertex s) {
    if (colour[s] == c || region[s] >= 0) return;
    const int id = regions++;
    first[id] = entries;
    int empty_points = 0;
    region[s] = id;
    int top = 0;
    stack[top++] = s;
    while (top > 0) {
      const Vertex v = stack[--top];
      const bool empty = colour[v] == kEmpty;
      empty_points += int{empty};
      // The neighbours the flood reaches first join the region, without a
      // branch on their colours (which follow no pattern); those of c are
      // looked at after.
      unsigned own = 0;
      for (int i = 0; i < 4; ++i) {
        const Vertex w = v + dirs[i];
        const Color cw = colour[w];
        own |= unsigned{cw == c} << i;
        const bool fresh = (int{cw != c} & int{cw != Color::kWall} & int{region[w] < 0}) != 0;
        region[w] = fresh ? id : region[w];
        stack[top] = w;
        top += int{fresh};
      }
      Vertex touched[4];
      int ntouched = 0;
      for (unsigned m = own; m; m &= m - 1) {
        // A chain's entry for a region is found in one look, not by a search
        // of the region's entries (a large region borders many chains).
        const Vertex r = b.chain_root(v + dirs[std::countr_zero(m)]);
        if (entry_region[r] != id) {
          entry_region[r] = id;
          entry_of[r] = entries;
          beside[entries++] = {id, r, 0};
        }
        if (!empty || std::find(touched, touched + ntouched, r) != touched + ntouched) continue;
        touched[ntouched++] = r;
        ++beside[entry_of[r]].touched;
      }
    }
    empties[id] = empty_points;
  });
  first[regions] = entries;  // the end of the last region's entries
  scratch.regions = regions;
  scratch.entries = entries;
}

// Drops the chains without two vital regions, then the regions beside
// them, until nothing changes; marks the stones of the chains left.
void drop_until_settled(const Board& b, Color c, Scratch& scratch, std::vector<uint8_t>& alive_out) {
  const int n = b.padded_size();
  const int regions = scratch.regions, entries = scratch.entries;
  scratch.chain_alive.assign(n, 0);
  scratch.region_in.assign(regions, 1);
  scratch.vitals.resize(n);
  int* const chain_alive = scratch.chain_alive.data();
  int* const region_in = scratch.region_in.data();
  int* const vitals = scratch.vitals.data();
  const Beside* const beside = scratch.beside.data();
  const int* const first = scratch.first.data();
  const int* const empties = scratch.empties.data();
  const Color* const colour = b.colors().data();
  b.for_each_point([&](Vertex v) {
    if (colour[v] == c) chain_alive[b.chain_root(v)] = 1;
  });
  for (bool changed = true; changed;) {
    changed = false;
    std::fill_n(vitals, n, 0);
    for (int i = 0; i < entries; ++i) {
      const Beside& e = beside[i];
      if (region_in[e.region] && e.touched == empties[e.region]) ++vitals[e.chain];
    }
    for (int i = 0; i < entries; ++i) {
      const Beside& e = beside[i];
      if (chain_alive[e.chain] && vitals[e.chain] < 2) chain_alive[e.chain] = 0;
    }
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
  uint8_t* const alive = alive_out.data();
  b.for_each_point([&](Vertex v) { alive[v] |= static_cast<uint8_t>(int{colour[v] == c} & chain_alive[b.chain_root(v)]); });
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
