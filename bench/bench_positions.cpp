// The judgement on hand-checked end-of-game positions (bench/POSITIONS.md):
// every tests/data/judgement/*.txt is a text diagram whose comment lines say
// its kind and verdict,
//
//   # kind: race
//   # dead: E1 C7      one stone of each chain dead at the end ("none": none)
//   # seki: D1 F1      optional: one stone of each chain in seki
//
// BM_Positions judges each with estimate(board, {}, {}) (no marks) and
// counts the positions whose dead chains, and sekis where given, are
// exactly the expected ones. Counters: positions, agree. Each position
// judged otherwise is printed to stderr, sorted by kind:
//
//   race_black_wins_shared: expected dead D1, judged dead none (race)
//
// GOCOUNT_JUDGE=playouts measures the judge before the model.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "game/game.h"
#include "judgement_positions.h"
#include "shared_data.h"

namespace {

using namespace gocount;
namespace fs = std::filesystem;

using judgement::Position;

std::vector<Position> load(const fs::path& dir) {
  std::vector<Position> out = judgement::load_positions(dir);
  for (Position& p : out)
    if (p.kind.empty()) p.kind = "?";
  return out;
}

// One stone per chain: the name the file uses for it, else the chain's first.
std::string chains_text(const Board& b, const std::set<Vertex>& roots, const std::vector<std::string>& names) {
  std::string s;
  for (Vertex r : roots) {
    std::string name = chain_to_gtp(b, r).front();
    for (const std::string& n : names)
      if (b.chain_root(parse_gtp_point(b, n)) == r) name = n;
    s += (s.empty() ? "" : " ") + name;
  }
  return s.empty() ? "none" : s;
}

std::set<Vertex> roots_of(const Board& b, const std::vector<std::string>& names) {
  std::set<Vertex> out;
  for (const std::string& n : names) out.insert(b.chain_root(parse_gtp_point(b, n)));
  return out;
}

void BM_Positions(benchmark::State& state) {
  const fs::path dir = GOCOUNT_POSITIONS;
  if (!fs::is_directory(dir)) {
    state.SkipWithError(("no positions at " + dir.string()).c_str());
    return;
  }
  std::vector<Position> positions = load(dir);
  std::sort(positions.begin(), positions.end(),
            [](const Position& a, const Position& b) { return std::tie(a.kind, a.name) < std::tie(b.kind, b.name); });
  int agree = 0;
  std::vector<std::string> wrong;
  for (auto _ : state) {
    agree = 0;
    wrong.clear();
    for (const Position& p : positions) {
      const Board& b = p.game.board;
      const Estimate e = estimate(b, {}, {}, bench::estimate_options());
      std::set<Vertex> dead, seki;
      for (const ChainEstimate& c : e.chains) {
        if (c.status == GroupStatus::kDead) dead.insert(b.chain_root(c.root));
        if (c.status == GroupStatus::kSeki) seki.insert(b.chain_root(c.root));
      }
      const std::set<Vertex> want_dead = roots_of(b, p.dead), want_seki = roots_of(b, p.seki);
      std::string why;
      if (dead != want_dead)
        why += "expected dead " + chains_text(b, want_dead, p.dead) + ", judged dead " + chains_text(b, dead, p.dead);
      if (p.has_seki && seki != want_seki)
        why += std::string(why.empty() ? "" : "; ") + "expected seki " + chains_text(b, want_seki, p.seki) +
               ", judged seki " + chains_text(b, seki, p.seki);
      if (why.empty()) ++agree;
      else wrong.push_back(p.name + ": " + why + " (" + p.kind + ")");
    }
  }
  for (const std::string& w : wrong) std::fprintf(stderr, "%s\n", w.c_str());
  state.counters["positions"] = static_cast<double>(positions.size());
  state.counters["agree"] = agree;
}
BENCHMARK(BM_Positions)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
