// Throughput of the counting pipeline over a corpus of real 19x19 records, and
// of its stages on their own:
//
//   BM_Pipeline   parse + replay + score, as `gocount score` does it (records/s),
//                 into one Scored held across the games as a worker holds it:
//                 /1 with the defaults (the estimate where the record marks no
//                 dead stones, the check against RE), /0 with --no-estimate
//   BM_Output     the --no-estimate pipeline with each record's output made as
//                 the CLI makes it (the public Result): /0 text, /1 JSON, /2 CSV,
//                 into one Result and one string held across the games
//   BM_Parse      sgf::Reader over the whole text only, into one GameTree held across games
//                 (one Reader, restarted on each file)
//   BM_Replay     replay of trees parsed beforehand, into one Game held across them
//   BM_ParseReplay parse and replay of each record in turn (the tree still in the
//                 cache, as in the pipeline): replay on a warm tree is this less BM_Parse
//   BM_TallyCount score_game (dead stones, tally, count) on replayed final positions,
//                 without the estimate, into one Scored held across the games:
//                 /0 the records as they are (most mark no dead stones, which
//                 then stand), /1 each marked with the dead stones the default
//                 judge finds (as `gocount score --write-sgf` marks them: the
//                 dead stones given)
//   BM_Tally      tally alone (the region pass and the classification) on the
//                 same positions, their marked dead stones taken off, into one
//                 Tally and Regions held across the games as a worker holds
//                 them; /0 and /1 as for BM_TallyCount
//   BM_PassAlive  Benson's pass-alive chains of the same positions, dead stones standing
//   BM_Json       score's JSON object alone, for records scored beforehand,
//                 into one string held across them: /0 --no-estimate, /1 the defaults
//   BM_Playout    random legal playouts on an empty 19x19 board (moves/s)
//
// Every corpus benchmark reports allocs_per_record: the heap allocations
// (operator new, counted below) per record in the timed loop. Those that
// hold their storage across records run one pass first, uncounted: the
// counter is what a worker allocates once warm.
//
// The corpus is every *.sgf file in $GOCOUNT_CORPUS, else in the KGS collections
// next to the project (GOCOUNT_DEFAULT_CORPUS, set by bench/CMakeLists.txt). It
// is read into memory once, outside the timed loops. Without a corpus the corpus
// benchmarks are skipped with an error message and the binary still exits 0.
// The whole pipeline with the dead stones given: the records marked first,
//   gocount score --quiet --format csv --write-sgf DIR FILES > /dev/null
// then GOCOUNT_CORPUS=DIR/<the folder the records are in>.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/benson.h"
#include "analysis/tally.h"
#include "api/access.h"
#include "board/board.h"
#include "count/score.h"
#include "game/game.h"
#include "game/source.h"
#include "report/report.h"
#include "sgf/sgf.h"

// Every heap allocation of this binary, counted (the benchmarks run on one
// thread). The library's operator delete frees what malloc gave.
namespace {
std::atomic<int64_t> g_allocations{0};
}  // namespace
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}

#ifndef GOCOUNT_DEFAULT_CORPUS
#define GOCOUNT_DEFAULT_CORPUS "../shared/data/kgs-6d-godmoves"
#endif

namespace {

using namespace gocount;

bool allow_suicide(std::string_view ru) { return rules_for(ru, nullptr).suicide; }

struct Corpus {
  std::string dir;
  std::string error;  // non-empty when there is no corpus to run on
  std::vector<std::string> texts;
  int64_t bytes = 0;
  int64_t records = 0;  // games GameSource yields, broken ones included
};

const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus c;
    const char* env = std::getenv("GOCOUNT_CORPUS");
    c.dir = env && *env ? env : GOCOUNT_DEFAULT_CORPUS;
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> files;
    if (fs::is_directory(c.dir, ec)) {
      for (const auto& entry : fs::directory_iterator(c.dir, ec))
        if (entry.is_regular_file(ec) && entry.path().extension() == ".sgf") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      std::ifstream in(f, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      if (!in) continue;
      c.texts.push_back(ss.str());
      c.bytes += static_cast<int64_t>(c.texts.back().size());
    }
    if (c.texts.empty()) {
      c.error = "no corpus: no readable *.sgf file in '" + c.dir +
                "' (set GOCOUNT_CORPUS to a directory of SGF collections)";
      return c;
    }
    for (const std::string& text : c.texts) {
      GameSource source(text, allow_suicide);
      SourceItem item;
      while (source.next(item)) ++c.records;
    }
    return c;
  }();
  return c;
}

// Trees parsed once, for BM_Replay (they view the corpus texts, which live on).
const std::vector<sgf::GameTree>& trees() {
  static const std::vector<sgf::GameTree> t = [] {
    std::vector<sgf::GameTree> out;
    for (const std::string& text : corpus().texts) {
      sgf::Reader reader(text);
      for (;;) {
        sgf::GameTree tree;
        try {
          if (!reader.next(tree)) break;
        } catch (const sgf::Error&) {
          continue;
        }
        out.push_back(std::move(tree));
      }
    }
    return out;
  }();
  return t;
}

// Final positions, for BM_TallyCount.
const std::vector<Game>& games() {
  static const std::vector<Game> g = [] {
    std::vector<Game> out;
    for (const std::string& text : corpus().texts) {
      GameSource source(text, allow_suicide);
      SourceItem item;
      while (source.next(item))
        if (item.game) out.push_back(std::move(*item.game));
    }
    return out;
  }();
  return g;
}

// The same positions, each marked with the dead stones the default judge
// finds (a stone of each dead chain): what a record marked by gocount
// --write-sgf, or by players who mark all their dead stones, gives. Judged
// once, when first asked (about 5 s for the KGS records).
const std::vector<Game>& judged_games() {
  static const std::vector<Game> g = [] {
    std::vector<Game> out;
    Scored s;
    for (const Game& game : games()) {
      Game marked = game;
      try {
        score_game(game, ScoreRequest{}, s);
        marked.marked_dead.clear();
        for (const ChainStatus& c : s.chains)
          if (c.status == GroupStatus::kDead) marked.marked_dead.push_back(c.root);
        marked.has_marks = true;
      } catch (const std::invalid_argument&) {  // DeadStoneError: as it is
      }
      out.push_back(std::move(marked));
    }
    return out;
  }();
  return g;
}

// BM_Tally's and BM_TallyCount's positions: /0 as read, /1 judged_games().
const std::vector<Game>& tally_games(benchmark::State& state) {
  state.SetLabel(state.range(0) ? "dead stones given" : "as recorded");
  return state.range(0) ? judged_games() : games();
}

// Allocations since `since` (a g_allocations reading before the timed loop), per record.
void set_rates(benchmark::State& state, int64_t records, int64_t bytes, int64_t since) {
  // Read before the counters' map takes its nodes from the heap.
  const int64_t allocations = g_allocations.load(std::memory_order_relaxed) - since;
  state.counters["records"] = benchmark::Counter(static_cast<double>(records), benchmark::Counter::kIsRate);
  state.counters["allocs_per_record"] = records ? static_cast<double>(allocations) / static_cast<double>(records) : 0;
  state.SetItemsProcessed(records);
  if (bytes) state.SetBytesProcessed(bytes);
}

bool skip_without_corpus(benchmark::State& state) {
  const Corpus& c = corpus();
  if (c.error.empty()) return false;
  state.SkipWithError(c.error.c_str());
  return true;
}

// Runs `pass` (over the corpus, returning the records read) once untimed, the
// warm-up: what the benchmark holds grows to what the corpus needs. Then
// timed, and the rates set (`bytes`: read per pass, 0 for none).
template <class F>
void run_warm(benchmark::State& state, int64_t bytes, F&& pass) {
  pass();
  int64_t records = 0;
  const int64_t allocations = g_allocations.load();
  for (auto _ : state) records += pass();
  set_rates(state, records, bytes * static_cast<int64_t>(state.iterations()), allocations);
}

// Reads every record of the corpus as `gocount score` does and calls
// `count(item)` on each readable game (a DeadStoneError skips the game).
// Returns the records read, broken ones included. One source, restarted on
// each file, and one item are held across the games and the files, as a
// worker holds them.
template <class F>
int64_t for_each_corpus_game(F&& count) {
  int64_t records = 0;
  thread_local GameSource source({}, allow_suicide);
  SourceItem item;
  for (const std::string& text : corpus().texts) {
    source.restart(text);
    while (source.next(item)) {
      ++records;
      if (!item.game) continue;
      try {
        count(item);
      } catch (const std::invalid_argument&) {  // DeadStoneError
      }
    }
  }
  return records;
}

void BM_Pipeline(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  const Corpus& c = corpus();
  ScoreRequest request;
  if (state.range(0) == 0) request.estimate = EstimateMode::kOff;
  state.SetLabel(state.range(0) ? "defaults" : "--no-estimate");
  int64_t scored = 0;  // in the last pass
  Scored s;  // held across games, as a worker holds it
  run_warm(state, c.bytes, [&] {
    scored = 0;
    return for_each_corpus_game([&](const SourceItem& item) {
      score_game(*item.game, request, s);
      benchmark::DoNotOptimize(s.count.black);
      ++scored;
    });
  });
  state.counters["corpus_records"] = static_cast<double>(c.records);
  state.counters["scored_per_pass"] = static_cast<double>(scored);
}
BENCHMARK(BM_Pipeline)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// What `gocount score --no-estimate --format text|json|csv` does per record,
// short of the write: the count into one public Result held across the
// games, then the output as the Result makes it, into one string held
// likewise. One pass first, uncounted,
// as run_warm does: the counter is what a warm worker allocates.
void BM_Output(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  static constexpr const char* kFormats[] = {"text", "json", "csv"};
  const int format = static_cast<int>(state.range(0));
  state.SetLabel(std::string("--no-estimate --format ") + kFormats[format]);
  ScoreRequest request;
  request.estimate = EstimateMode::kOff;
  int64_t bytes_out = 0;  // in the last pass
  Result r = Access::make(Game{}, Scored{});  // held across games, as a worker holds it
  std::string out;                            // likewise: it keeps its capacity
  run_warm(state, corpus().bytes, [&] {
    bytes_out = 0;
    return for_each_corpus_game([&](const SourceItem& item) {
      Access::rescore(r, *item.game, request);
      out.clear();
      if (format == 0) r.append_text(out, "a.sgf", item.index);
      else if (format == 1) r.append_json(out, "a.sgf", item.index);
      else r.append_csv(out, "a.sgf", item.index);
      bytes_out += static_cast<int64_t>(out.size());
    });
  });
  state.counters["output_bytes_per_record"] =
      corpus().records ? static_cast<double>(bytes_out) / static_cast<double>(corpus().records) : 0;
}
BENCHMARK(BM_Output)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// Every record of the corpus read into `tree` in turn, f(tree) on each one
// read; the records (those with a syntax error too).
template <class F>
int64_t read_each(const Corpus& c, sgf::Reader& reader, sgf::GameTree& tree, F&& f) {
  int64_t records = 0;
  for (const std::string& text : c.texts) {
    reader.restart(text);
    for (;;) {
      try {
        if (!reader.next(tree)) break;
        f(tree);
      } catch (const sgf::Error&) {
      }
      ++records;
    }
  }
  return records;
}

void BM_Parse(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  const Corpus& c = corpus();
  int64_t nodes = 0;
  sgf::GameTree tree;
  sgf::Reader reader({});  // restarted on each file, as a worker's source is
  run_warm(state, c.bytes, [&] {
    return read_each(c, reader, tree, [&](const sgf::GameTree& t) { nodes += static_cast<int64_t>(t.size()); });
  });
  benchmark::DoNotOptimize(nodes);
}
BENCHMARK(BM_Parse)->Unit(benchmark::kMillisecond);

// Each record replayed right after it is read, as a worker does it: the
// tree is still in the cache (BM_Replay streams 9,166 trees parsed
// beforehand, some 200 MB, through it). Replay on a warm tree is this less
// BM_Parse.
void BM_ParseReplay(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  const Corpus& c = corpus();
  sgf::GameTree tree;
  sgf::Reader reader({});
  Game g;
  run_warm(state, c.bytes, [&] {
    return read_each(c, reader, tree, [&](const sgf::GameTree& t) {
      try {
        replay(t, {allow_suicide(root_value(t, "RU"))}, g);
        benchmark::DoNotOptimize(g.moves);
      } catch (const GameError&) {
      }
    });
  });
}
BENCHMARK(BM_ParseReplay)->Unit(benchmark::kMillisecond);

void BM_Replay(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  const std::vector<sgf::GameTree>& t = trees();
  Game g;  // held across records, as a worker holds it
  run_warm(state, 0, [&] {
    int64_t records = 0;
    for (const sgf::GameTree& tree : t) {
      try {
        replay(tree, {allow_suicide(root_value(tree, "RU"))}, g);
        benchmark::DoNotOptimize(g.moves);
      } catch (const GameError&) {
      }
      ++records;
    }
    return records;
  });
}
BENCHMARK(BM_Replay)->Unit(benchmark::kMillisecond);

void BM_TallyCount(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  const std::vector<Game>& g = tally_games(state);
  ScoreRequest request;
  request.estimate = EstimateMode::kOff;
  request.check_record = false;
  Scored s;  // held across games, as a worker holds it
  run_warm(state, 0, [&] {
    int64_t records = 0;
    for (const Game& game : g) {
      try {
        score_game(game, request, s);
        benchmark::DoNotOptimize(s.count.black);
      } catch (const std::invalid_argument&) {  // DeadStoneError
      }
      ++records;
    }
    return records;
  });
}
BENCHMARK(BM_TallyCount)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_Tally(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  const std::vector<Game>& g = tally_games(state);
  Regions regions;  // held across games, as a worker holds them
  Tally t;
  run_warm(state, 0, [&] {
    int64_t records = 0;
    for (const Game& game : g) {
      try {
        tally(game, game.marked_dead, regions, t);
        benchmark::DoNotOptimize(t.neutral);
      } catch (const std::invalid_argument&) {  // DeadStoneError
      }
      ++records;
    }
    return records;
  });
}
BENCHMARK(BM_Tally)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Benson's pass-alive chains (analysis/benson.h) of the same final
// positions, dead stones standing, as the judgement asks for them first.
void BM_PassAlive(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  const std::vector<Game>& g = games();
  std::vector<uint8_t> alive;  // held across games
  run_warm(state, 0, [&] {
    int64_t records = 0;
    for (const Game& game : g) {
      pass_alive(game.board, alive);
      benchmark::DoNotOptimize(alive.data());
      ++records;
    }
    return records;
  });
}
BENCHMARK(BM_PassAlive)->Unit(benchmark::kMillisecond);

// score's JSON object alone (report/score_json), for records scored
// beforehand: /0 with --no-estimate, /1 with the defaults (the estimate's
// ownership and reasons). The first 2,000 games of the corpus.
void BM_Json(benchmark::State& state) {
  if (skip_without_corpus(state)) return;
  static std::vector<std::pair<const Game*, Scored>> scored[2];
  auto& items = scored[state.range(0)];
  if (items.empty()) {
    ScoreRequest request;
    if (state.range(0) == 0) request.estimate = EstimateMode::kOff;
    for (const Game& game : games()) {
      if (items.size() == 2000) break;
      try {
        items.emplace_back(&game, score_game(game, request));
      } catch (const std::invalid_argument&) {  // DeadStoneError
      }
    }
  }
  state.SetLabel(state.range(0) ? "defaults" : "--no-estimate");
  int64_t records = 0, bytes = 0;
  std::string out;  // held across records, as a worker holds it
  auto pass = [&] {
    for (const auto& [game, s] : items) {
      out.clear();
      score_json(out, *game, s, {"a.sgf", 0});
      bytes += static_cast<int64_t>(out.size());
      ++records;
    }
  };
  pass();  // uncounted, as run_warm's: `out` and the writer's lists grow to what the records need
  records = bytes = 0;
  const int64_t allocations = g_allocations.load();
  for (auto _ : state) pass();
  set_rates(state, records, bytes, allocations);
}
BENCHMARK(BM_Json)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// --- Board micro-benchmark -------------------------------------------------
//
// Random legal playouts from an empty 19x19 board: each side plays a random
// legal move that does not fill one of its own eyes (the usual playout rule:
// neighbours all its own stones or the edge, not a false eye by the
// diagonals), or passes when it has none; a playout ends after two passes in a
// row or kMaxMoves turns (about 450 moves a game with the seed used here).
// The empty points are kept in a list (captured stones go back into it), so
// choosing a move costs little besides Board::check and Board::play.

class Playout {
 public:
  explicit Playout(uint32_t seed) : rng_(seed) {}

  // Plays one game; returns the number of stones placed.
  int64_t run() {
    Board b(19, 19);
    empty_.clear();
    where_.assign(b.padded_size(), -1);
    b.for_each_point([&](Vertex v) { add(v); });
    Color c = Color::kBlack;
    int64_t moves = 0;
    int passes = 0;
    for (int n = 0; n < kMaxMoves && passes < 2; ++n, c = opponent(c)) {
      const Vertex v = pick(b, c);
      if (v == kPass) {
        b.pass();
        ++passes;
        continue;
      }
      passes = 0;
      // The opponent chains with one liberty beside v are the ones v captures.
      captured_.clear();
      for (Vertex r : b.chains_beside(v))
        if (b.at(r) == opponent(c) && b.liberties(r) == 1)
          b.for_each_in_chain(r, [&](Vertex s) { captured_.push_back(s); });
      b.play(c, v);
      remove(v);
      for (Vertex s : captured_) add(s);
      ++moves;
    }
    benchmark::DoNotOptimize(b.count(Color::kBlack));
    return moves;
  }

 private:
  static constexpr int kMaxMoves = 1000;

  Vertex pick(const Board& b, Color c) {
    const size_t n = empty_.size();
    if (n == 0) return kPass;
    const size_t start = std::uniform_int_distribution<size_t>(0, n - 1)(rng_);
    for (size_t i = 0; i < n; ++i) {
      const Vertex v = empty_[(start + i) % n];
      if (own_eye(b, c, v)) continue;
      if (b.check(c, v, false) == MoveError::kNone) return v;
    }
    return kPass;
  }
  // All four neighbours are c (or the edge), and the diagonals do not make it a
  // false eye: at most one opponent diagonal in the middle, none at the edge.
  static bool own_eye(const Board& b, Color c, Vertex v) {
    for (int d : b.directions()) {
      const Color nc = b.at(v + d);
      if (nc != c && nc != Color::kWall) return false;
    }
    const int s = b.stride();
    int opponents = 0;
    bool edge = false;
    for (int d : {-s - 1, -s + 1, s - 1, s + 1}) {
      const Color nc = b.at(v + d);
      opponents += nc == opponent(c);
      edge |= nc == Color::kWall;
    }
    return opponents + (edge ? 1 : 0) < 2;
  }
  void add(Vertex v) {
    where_[v] = static_cast<int>(empty_.size());
    empty_.push_back(v);
  }
  void remove(Vertex v) {
    const int i = where_[v];
    empty_[i] = empty_.back();
    where_[empty_[i]] = i;
    empty_.pop_back();
    where_[v] = -1;
  }

  std::mt19937 rng_;
  std::vector<Vertex> empty_;
  std::vector<int> where_;  // index of a vertex in empty_, -1 when occupied
  std::vector<Vertex> captured_;
};

void BM_Playout(benchmark::State& state) {
  Playout playout(20240611);
  int64_t moves = 0, games = 0;
  for (auto _ : state) {
    moves += playout.run();
    ++games;
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  state.counters["moves_per_game"] = games ? static_cast<double>(moves) / static_cast<double>(games) : 0;
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_Playout)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
