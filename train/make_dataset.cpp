// The ownership model's training positions, made from counted game records.
//
//   make_dataset [--before K1,K2,...] OUT_DIR FILE.sgf...
//
// For each 9x9 and 19x19 record with a counted result (RE[B+3.5]), the final
// position gets a label only where a dead set reproduces the recorded result
// exactly (the result checks the label): the playout estimator's own, or the one the
// record check finds by flipping one or two of its chains; or the
// estimator's where the record is reproduced under a server convention
// (seki points as territory, the other scoring family, another handicap
// compensation). Records that nothing reproduces, or only another komi,
// give no position.
//
// With --before, the positions K moves before the end of each labelled
// record are written too, with the end's labels: the chains captured in
// those last moves are dead in them, the points played last already belong
// to their owner (the same game a few moves from finished: dame still open,
// a dead chain not yet taken).
//
// Written per board size N to OUT_DIR/sizeN.bin, one position after another:
// the feature planes (uint8, kFeaturePlanes x N x N), the pooling units
// (int16, N x N) and the target ownership (int8, N x N: +1 Black's, -1
// White's, 0 nobody's: dame, seki), and a line per position to
// OUT_DIR/index.csv: file, game, size, how the label was found.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analysis/features.h"
#include "count/score.h"
#include "game/source.h"
#include "records.h"

namespace {

using namespace gocount;
namespace fs = std::filesystem;

// The dead set that reproduces the record, and how it was found; nullopt
// when none does.
std::optional<std::pair<std::vector<Vertex>, const char*>> label(const Game& game) {
  ScoreRequest r;
  r.estimate = EstimateMode::kOn;
  r.dead = std::vector<std::string>{};  // the estimator decides, whatever the record marks
  // The playouts label, never the model being trained: the data does not
  // depend on the weights.
  r.estimate_options.judge = Judge::kPlayouts;
  r.other_scoring = false;
  const Scored s = score_game(game, r);
  std::vector<Vertex> dead = s.estimate->dead;
  if (s.record.matches && *s.record.matches) return std::pair{dead, "estimate"};
  if (!s.record.cause) return std::nullopt;
  const Cause& c = *s.record.cause;
  switch (c.kind) {
    case Cause::Kind::kSekiAsTerritory:
    case Cause::Kind::kOtherScoring:
    case Cause::Kind::kHandicapCompensation: return std::pair{dead, "convention"};
    case Cause::Kind::kDeadLeftOnBoard:
    case Cause::Kind::kRemovedAsDead: {
      // The flipped chains' stones are the stones among the cause's points.
      std::vector<uint8_t> is_dead(game.board.padded_size(), 0);
      for (Vertex v : dead) is_dead[v] = 1;
      for (Vertex v : c.points)
        if (game.board.at(v) == Color::kBlack || game.board.at(v) == Color::kWhite) is_dead[v] ^= 1;
      dead.clear();
      game.board.for_each_point([&](Vertex v) {
        if (is_dead[v]) dead.push_back(v);
      });
      return std::pair{dead, "flipped"};
    }
    default: return std::nullopt;
  }
}

// The ownership the dead set gives, once checked: the record reproduced with
// it (alone or under the convention named); empty when not.
std::vector<int8_t> target(const Game& game, const std::vector<Vertex>& dead) {
  ScoreRequest r;
  r.estimate = EstimateMode::kOff;
  r.dead = to_gtp(game.board, dead);
  r.other_scoring = false;
  const Scored s = score_game(game, r);
  const bool ok = (s.record.matches && *s.record.matches) ||
                  (s.record.cause && (s.record.cause->kind == Cause::Kind::kSekiAsTerritory ||
                                      s.record.cause->kind == Cause::Kind::kOtherScoring ||
                                      s.record.cause->kind == Cause::Kind::kHandicapCompensation));
  if (!ok) return {};
  const Board& b = s.tally.board;
  const Classification& k = s.tally.classes;
  std::vector<int8_t> t;
  b.for_each_point([&](Vertex v) {
    Color owner = Color::kEmpty;
    switch (k.cls[v]) {
      case PointClass::kStone: owner = b.at(v); break;
      case PointClass::kTerritory:
      case PointClass::kTeire: owner = k.owner[v]; break;
      default: break;  // seki stones and eyes, shared liberties, dame: nobody's
    }
    t.push_back(owner == Color::kBlack ? 1 : owner == Color::kWhite ? -1 : 0);
  });
  return t;
}

}  // namespace

// The position `moves` moves into the one record `text`.
std::optional<Board> position_at(std::string_view text, int moves) {
  GameSource one(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
  one.stop_after(moves);
  SourceItem item;
  if (!one.next(item) || !item.game) return std::nullopt;
  return item.game->board;
}

int main(int argc, char** argv) {
  std::vector<int> before;
  int first = 1;
  if (argc > 2 && std::string_view(argv[1]) == "--before") {
    std::stringstream list(argv[2]);
    for (std::string k; std::getline(list, k, ',');) before.push_back(std::stoi(k));
    first = 3;
  }
  if (argc < first + 2) {
    std::fprintf(stderr, "usage: make_dataset [--before K1,K2,...] OUT_DIR FILE.sgf...\n");
    return 2;
  }
  const fs::path out = argv[first];
  fs::create_directories(out);
  std::map<int, std::ofstream> bins;
  std::ofstream index(out / "index.csv");
  index << "file,game,size,label\n";
  std::map<std::string, int> kinds;
  int records = 0, skipped = 0;
  Features f;
  for (int a = first + 1; a < argc; ++a) {
    const fs::path file = argv[a];
    for_each_record(file, [&](const SourceItem& item, std::string_view game_text) {
      if (!item.game) return;
      const Game& g = *item.game;
      const int n = g.board.width();
      if (n != g.board.height() || (n != 9 && n != 19) || !parse_result(g.result)) return;
      ++records;
      std::optional<std::pair<std::vector<Vertex>, const char*>> l;
      try {
        l = label(g);
      } catch (const std::exception&) {
      }
      const std::vector<int8_t> t = l ? target(g, l->first) : std::vector<int8_t>{};
      if (t.empty()) {
        ++skipped;
        return;
      }
      auto& bin = bins[n];
      if (!bin.is_open()) bin.open(out / ("size" + std::to_string(n) + ".bin"), std::ios::binary);
      auto write = [&](const Board& b, const std::string& kind) {
        compute_features(b, f);
        bin.write(reinterpret_cast<const char*>(f.planes.data()), static_cast<std::streamsize>(f.planes.size()));
        for (int32_t u : f.unit) {
          const int16_t s = static_cast<int16_t>(u);
          bin.write(reinterpret_cast<const char*>(&s), 2);
        }
        bin.write(reinterpret_cast<const char*>(t.data()), static_cast<std::streamsize>(t.size()));
        index << file.filename().string() << ',' << item.index << ',' << n << ',' << kind << '\n';
        ++kinds[kind];
      };
      write(g.board, l->second);
      for (int k : before)
        if (g.moves > 2 * k)
          if (const std::optional<Board> b = position_at(game_text, g.moves - k)) write(*b, "before" + std::to_string(k));
    });
  }
  std::fprintf(stderr, "%d records, %d without a label;", records, skipped);
  for (const auto& [k, c] : kinds) std::fprintf(stderr, " %s %d", k.c_str(), c);
  std::fprintf(stderr, "\n");
  return 0;
}
