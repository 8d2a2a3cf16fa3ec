// gocount with no options on the Fox server's records (issue 21): how many
// are refused, how many carry a result that is not a count, how many counted
// results are reproduced, and the causes named for the others.
//
//   BM_DefaultsFox   every record of fox-pro-featurecat (Pro/<rank>/*.sgf)
//   BM_DefaultsYenw  the records of yenw-computer-go-dataset-AI (Fox games and
//                    tournaments; Fox recognised by AP or its KM x100)
//
// A result "is a count" here as the issue counts it, from RE's text: B+x or
// W+x with x > 0; W+0.0, B+0.0 and draws are not (Fox writes them on games
// played with half-point komi). Counters: records, refused, not_a_count,
// counts, reproduced (the count equals RE), with_cause, certain (the cause is
// the only convention that reproduces RE), per cause kind; for the results
// that are not a count, the games gocount compares by winner and the winner
// agreeing. A counted RE the record check finds is no count after all
// (Fox's B+0.02: no count gives it with the komi) has that for its cause,
// "result_not_a_count". GOCOUNT_BENCH_VERBOSE=1 prints every counted record
// not reproduced as a tab-separated MISS line (see print_miss), to sort the
// misses by kind:
//   GOCOUNT_BENCH_VERBOSE=1 ./build/bench_fox 2>&1 >/dev/null | grep ^MISS
// The data is ../shared/data; without it the benchmarks are skipped.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "count/score.h"
#include "game/source.h"
#include "report/words.h"
#include "shared_data.h"

namespace {

using namespace gocount;
namespace fs = std::filesystem;

struct Tallies {
  int records = 0, refused = 0, not_a_count = 0, winner_compared = 0, winner_agrees = 0;
  int counts = 0, reproduced = 0, with_cause = 0, certain = 0;
  int placed_counts = 0, placed_reproduced = 0;  // counted results of games whose handicap stones gocount put
  std::map<std::string, int> causes, refusals;
};

// B+x or W+x with x > 0, as written.
bool is_count(const std::string& re) {
  const std::optional<double> m = parse_result(re);
  return m && *m != 0 && re.size() > 2 && re[1] == '+';
}

// GOCOUNT_BENCH_VERBOSE=1: one tab-separated line per counted result not
// reproduced, for sorting the misses by kind: file, RE, komi, handicap, our
// result, the margin's difference (RE's less ours, in points), the points
// that still need a move, the dead stones, the cause's kind and its words.
void print_miss(const fs::path& file, const Game& g, const Scored& s) {
  const RecordCheck& r = s.record;
  const double diff = r.recorded_margin ? *r.recorded_margin - s.count.margin : 0;
  std::string dead;
  for (const ChainStatus& c : s.chains)
    if (c.status == GroupStatus::kDead) {
      if (!dead.empty()) dead += ' ';
      dead += to_gtp(g.board, c.root);
    }
  const size_t open = s.estimate && !s.estimate->finished ? s.estimate->needs_move.size() : 0;
  const std::string kind = r.cause ? std::string(cause_kind_name(r.cause->kind)) + (r.cause_fit == CauseFit::kCertain ? "" : "?")
                           : r.winner_matches ? "result_not_a_count"
                                              : "none";
  std::fprintf(stderr, "MISS\t%s\t%s\t%s\t%d\t%s\t%g\t%zu\t%s\t%s\t%s\n", file.c_str(), g.result.c_str(),
               points_text(s.komi).c_str(), s.handicap, s.count.result().c_str(), diff, open, dead.c_str(),
               kind.c_str(), r.cause ? record_cause_text(g.board, r).c_str() : "");
}

void score_file(const fs::path& file, bool fox_only, Tallies& t) {
  const std::string text = bench::slurp(file);
  GameSource source(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
  SourceItem item;
  while (source.next(item)) {
    if (!item.game) {
      if (fox_only) continue;  // whose record it was cannot be told
      ++t.records;
      ++t.refused;
      const std::string why = item.error.substr(item.error.find(": ") + 2);
      ++t.refusals[why.substr(0, why.find(':'))];
      if (bench::verbose()) std::fprintf(stderr, "%s: refused: %s\n", file.c_str(), item.error.c_str());
      continue;
    }
    if (fox_only && !item.game->fox) continue;
    ++t.records;
    Scored s;
    try {
      ScoreRequest request;
      request.estimate_options = bench::estimate_options();  // GOCOUNT_JUDGE=... (shared_data.h)
      s = score_game(*item.game, request);
    } catch (const std::invalid_argument& e) {
      ++t.refused;
      ++t.refusals[e.what()];
      continue;
    }
    const RecordCheck& r = s.record;
    if (!is_count(item.game->result)) {
      ++t.not_a_count;
      if (r.winner_matches) {
        ++t.winner_compared;
        t.winner_agrees += *r.winner_matches;
      }
      continue;
    }
    ++t.counts;
    const bool ok = r.matches && *r.matches;
    t.reproduced += ok;
    t.placed_counts += item.game->handicap_placed;
    t.placed_reproduced += ok && item.game->handicap_placed;
    if (ok) continue;
    if (!r.cause && r.winner_matches) {  // RE is not a count after all (B+0.02): the note says why
      ++t.with_cause;
      ++t.causes["result_not_a_count"];
    } else if (r.cause) {
      ++t.with_cause;
      const bool certain = r.cause_fit == CauseFit::kCertain;
      t.certain += certain;
      ++t.causes[std::string(cause_kind_name(r.cause->kind)) +
                 (certain ? "" : " (" + std::string(cause_fit_name(r.cause_fit)) + ")")];
    }
    if (bench::verbose()) print_miss(file, *item.game, s);
  }
}

void report(benchmark::State& state, const Tallies& t, const char* what) {
  if (t.records == 0) return state.SkipWithError("no records");
  auto set = [&](const char* name, double v) { state.counters[name] = v; };
  set("records", t.records);
  set("refused", t.refused);
  set("not_a_count", t.not_a_count);
  set("counts", t.counts);
  set("reproduced", t.reproduced);
  set("reproduced_pct", t.counts ? 100.0 * t.reproduced / t.counts : 0);
  set("with_cause", t.with_cause);
  set("certain", t.certain);
  std::fprintf(stderr,
               "%s: %d records, %d refused, %d with a result that is not a count (compared by winner %d, agreeing "
               "%d), %d with a count: %d reproduced (%.1f%%); of the %d others %d with a cause (%d certain), %d "
               "without\n",
               what, t.records, t.refused, t.not_a_count, t.winner_compared, t.winner_agrees, t.counts, t.reproduced,
               t.counts ? 100.0 * t.reproduced / t.counts : 0, t.counts - t.reproduced, t.with_cause, t.certain,
               t.counts - t.reproduced - t.with_cause);
  if (t.placed_counts)
    std::fprintf(stderr,
                 "  of the counts, %d in games whose handicap stones the record leaves out (%d reproduced); the "
                 "others: %d, %d reproduced (%.1f%%)\n",
                 t.placed_counts, t.placed_reproduced, t.counts - t.placed_counts, t.reproduced - t.placed_reproduced,
                 100.0 * (t.reproduced - t.placed_reproduced) / (t.counts - t.placed_counts));
  for (const auto& [kind, n] : t.causes) std::fprintf(stderr, "  cause %s: %d\n", kind.c_str(), n);
  for (const auto& [why, n] : t.refusals) std::fprintf(stderr, "  refused (%s): %d\n", why.c_str(), n);
}

void score_tree(benchmark::State& state, const char* folder, bool fox_only, const char* what) {
  const fs::path dir = bench::kData / folder;
  if (!fs::exists(dir)) return state.SkipWithError(("no data at " + dir.string()).c_str());
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (e.is_regular_file() && ext == ".sgf") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  Tallies t;
  for (auto _ : state)
    for (const fs::path& f : files) score_file(f, fox_only, t);
  report(state, t, what);
}

void BM_DefaultsFox(benchmark::State& state) {
  score_tree(state, "fox-pro-featurecat", false, "Fox records (fox-pro-featurecat), no options");
}
BENCHMARK(BM_DefaultsFox)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_DefaultsYenw(benchmark::State& state) {
  score_tree(state, "yenw-computer-go-dataset-AI", true, "Fox records of yenw-computer-go-dataset-AI, no options");
}
BENCHMARK(BM_DefaultsYenw)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
