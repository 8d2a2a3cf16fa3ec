// gocount gtp's final_score on finished 19x19 positions: the KGS records with
// a counted result (RE[B+3.5], not a resignation) in
// ../shared/data/kgs-6d-godmoves, each written alone to a file, loaded with
// loadsgf, then final_score asked once and timed (the engine keeps no count
// across positions). Counters: positions, median_ms and worst_ms.
//
// The positions are left in $GOCOUNT_GTP_POSITIONS (default
// /tmp/gocount-gtp-positions), so that bench/gtp_final_score.py can time GNU
// Go's final_score (and gocount's through a pipe) on the same ones.
// GOCOUNT_BENCH_RECORDS=n takes n positions (default 300). Without the data
// the benchmark is skipped with a message.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

#include "game/source.h"
#include "gtp/engine.h"
#include "shared_data.h"

namespace {

using namespace gocount;
namespace fs = std::filesystem;

// Writes the positions (one record a file); returns their paths.
std::vector<std::string> write_positions(size_t want) {
  const char* env = std::getenv("GOCOUNT_GTP_POSITIONS");
  const fs::path dir = env && *env ? env : "/tmp/gocount-gtp-positions";
  fs::create_directories(dir);
  std::vector<fs::path> files;
  for (const auto& f : fs::directory_iterator(bench::kData / "kgs-6d-godmoves"))
    if (f.path().extension() == ".sgf") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (const fs::path& file : files) {
    const std::string text = bench::slurp(file);
    sgf::Reader reader(text);
    sgf::GameTree tree;
    while (out.size() < want) {
      try {
        if (!reader.next(tree)) break;
        if (board_size(tree) != std::pair{19, 19} || !parse_result(root_value(tree, "RE"))) continue;
        replay(tree);  // a record that replays to its end
      } catch (const std::exception&) {
        continue;
      }
      const fs::path p = dir / fmt::format("{:04}.sgf", out.size());
      std::ofstream(p, std::ios::binary) << std::string_view(text).substr(tree.offset(), tree.end() - tree.offset());
      out.push_back(p.string());
    }
  }
  return out;
}

void BM_GtpFinalScore(benchmark::State& state) {
  if (!fs::is_directory(bench::kData / "kgs-6d-godmoves")) {
    state.SkipWithError(("no data at " + (bench::kData / "kgs-6d-godmoves").string()).c_str());
    return;
  }
  const std::vector<std::string> positions = write_positions(bench::records_per_file(300));
  std::vector<double> ms;
  for (auto _ : state) {
    ms.clear();
    for (const std::string& p : positions) {
      gtp::Engine engine;
      if (!engine.handle_line("loadsgf " + p).starts_with("= ")) continue;
      const auto start = std::chrono::steady_clock::now();
      const std::string score = engine.handle_line("final_score");
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      benchmark::DoNotOptimize(score);
    }
  }
  if (ms.empty()) {
    state.SkipWithError("no positions");
    return;
  }
  std::sort(ms.begin(), ms.end());
  state.counters["positions"] = static_cast<double>(ms.size());
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["worst_ms"] = ms.back();
}
BENCHMARK(BM_GtpFinalScore)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
