// The dead-stone estimator (gocount score --estimate) measured on real data:
//
//   BM_EstimateKgs  the 896 KGS 19x19 games whose last node marks the dead
//                   stones (TB/TW): time per final position (median and
//                   worst), games whose estimated dead stones are exactly the
//                   marked ones, and games whose recorded result gocount then
//                   reproduces (winner, exact margin).
//   BM_EstimateOgs  OGS 9x9 games with a counted result (the first 3,000 of
//                   japanese-01.sgf and chinese-01.sgf): winner and exact
//                   margin reproduced under the record's rules and komi.
//
// Each runs one pass (the figures are counters). The data is ../shared/data
// (GOCOUNT_SHARED_DATA); without it the benchmarks are skipped with a message.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "count/score.h"
#include "game/source.h"

namespace {

using namespace gocount;
namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// "B+3.5" -> 3.5, "W+12" -> -12, "0"/"Draw" -> 0; false when not a count.
bool recorded_margin(const std::string& re, double& m) {
  if (re == "0" || re == "Draw" || re == "Jigo") {
    m = 0;
    return true;
  }
  if (re.size() < 3 || (re[0] != 'B' && re[0] != 'W') || re[1] != '+') return false;
  char* end = nullptr;
  const double v = std::strtod(re.c_str() + 2, &end);
  if (end == re.c_str() + 2 || *end) return false;
  m = re[0] == 'B' ? v : -v;
  return true;
}

struct Tallies {
  int games = 0, winner = 0, margin = 0, dead_exact = 0;
  std::vector<double> ms;
};

template <class Accept>
Tallies run(const std::vector<fs::path>& files, int per_file, Accept accept) {
  Tallies t;
  for (const fs::path& file : files) {
    const std::string text = slurp(file);
    GameSource source(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
    SourceItem item;
    int taken = 0;
    while (source.next(item) && taken < per_file) {
      if (!item.game) continue;
      double want = 0;
      if (!recorded_margin(item.game->result, want) || !accept(*item.game)) continue;
      ++taken;
      ScoreRequest request;
      request.estimate = true;
      request.dead = std::vector<std::string>{};  // ignore the record's marks: the estimator decides
      const auto start = std::chrono::steady_clock::now();
      const Scored s = score_game(*item.game, request);
      t.ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      ++t.games;
      const double got = s.count.margin;
      t.winner += (got > 0) == (want > 0) && (got < 0) == (want < 0);
      t.margin += std::fabs(got - want) < 1e-9;
      // Against the record's own dead-stone marks, where it has them.
      std::vector<Vertex> marked = dead_chains(item.game->board, item.game->marked_dead);
      std::vector<Vertex> ours = s.estimate->dead;
      std::sort(marked.begin(), marked.end());
      std::sort(ours.begin(), ours.end());
      t.dead_exact += marked == ours;
    }
  }
  return t;
}

void report(benchmark::State& state, Tallies t) {
  if (t.games == 0) {
    state.SkipWithError("no games");
    return;
  }
  std::sort(t.ms.begin(), t.ms.end());
  state.counters["games"] = t.games;
  state.counters["winner_pct"] = 100.0 * t.winner / t.games;
  state.counters["margin_pct"] = 100.0 * t.margin / t.games;
  state.counters["dead_exact_pct"] = 100.0 * t.dead_exact / t.games;
  state.counters["median_ms"] = t.ms[t.ms.size() / 2];
  state.counters["worst_ms"] = t.ms.back();
}

void BM_EstimateKgs(benchmark::State& state) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "kgs-6d-godmoves";
  if (!fs::exists(dir)) {
    state.SkipWithError(("no KGS data at " + dir.string()).c_str());
    return;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind("kgs-19-2017", 0) == 0) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  Tallies t;
  for (auto _ : state) t = run(files, 1 << 30, [](const Game& g) { return !g.marked_dead.empty(); });
  report(state, t);
}
BENCHMARK(BM_EstimateKgs)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_EstimateOgs(benchmark::State& state) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "ogs-9x9-teeny-go";
  if (!fs::exists(dir)) {
    state.SkipWithError(("no OGS data at " + dir.string()).c_str());
    return;
  }
  Tallies t;
  for (auto _ : state)
    t = run({dir / "japanese-01.sgf", dir / "chinese-01.sgf"}, 3000, [](const Game&) { return true; });
  report(state, t);
}
BENCHMARK(BM_EstimateOgs)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
