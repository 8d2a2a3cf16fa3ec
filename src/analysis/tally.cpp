#include "analysis/tally.h"

namespace gocount {

namespace {

// Takes the chains through `dead` off and notes them; their stones' points.
std::span<const Vertex> remove_dead(Tally& t, std::span<const Vertex> dead) {
  Board& b = t.board;
  t.dead.assign(b.padded_size(), 0);
  thread_local std::vector<Vertex> stones;  // kept: no heap once warm
  dead_chains(b, dead, stones);
  for (Vertex v : stones) {
    if (b.at(v) == Color::kEmpty) continue;  // chain already taken off
    const Color c = b.at(v);
    b.for_each_in_chain(v, [&](Vertex s) { t.dead[s] = static_cast<uint8_t>(c); });
    t.side[side_index(c)].dead += b.remove_chain(v);
  }
  return stones;
}

// The stones, and territory in the area sense, from the one region pass.
void count_areas(Tally& t, const Regions& regions) {
  const Board& b = t.board;
  t.owner.assign(b.padded_size(), Color::kEmpty);
  for (int s = 0; s < 2; ++s) t.side[s].stones = b.count(s == 0 ? Color::kBlack : Color::kWhite);
  for (int id = 0; id < regions.count(); ++id) {
    const Color who = regions.owner(id);
    (who == Color::kEmpty ? t.neutral : t.side[side_index(who)].territory) += regions.size(id);
    for (Vertex v : regions.points(id)) t.owner[v] = who;
  }
}

// Dead stones whose point is inside a seki (`before`: the board with them).
void count_dead_in_seki(Tally& t, const Board& before) {
  if (t.side[0].dead + t.side[1].dead == 0) return;
  t.board.for_each_point([&](Vertex v) {
    if (!t.dead[v]) return;
    const PointClass c = t.classes.cls[v];
    if (c == PointClass::kSekiEye || c == PointClass::kFalseEye || c == PointClass::kSharedLiberty)
      ++t.side[side_index(before.at(v))].dead_in_seki;
  });
}

}  // namespace

std::vector<Vertex> dead_chains(const Board& board, std::span<const Vertex> points) {
  std::vector<Vertex> out;
  dead_chains(board, points, out);
  return out;
}

void dead_chains(const Board& board, std::span<const Vertex> points, std::vector<Vertex>& out) {
  thread_local std::vector<uint8_t> marked;  // kept: no heap once warm
  marked.assign(board.padded_size(), 0);
  out.clear();
  for (Vertex p : points) {
    if (board.at(p) != Color::kBlack && board.at(p) != Color::kWhite)
      throw DeadStoneError("dead stone " + to_gtp(board, p) + " names an empty point");
    if (marked[p]) continue;
    board.for_each_in_chain(p, [&](Vertex s) {
      marked[s] = 1;
      out.push_back(s);
    });
  }
}

void tally(const Game& game, std::span<const Vertex> dead, Regions& regions, Tally& t) {
  t.side = {};
  t.neutral = 0;
  t.board = game.board;  // into the same size: no heap
  const std::span<const Vertex> removed = remove_dead(t, dead);
  for (int s = 0; s < 2; ++s) {
    t.side[s].captures = game.captures[s];
    t.side[s].passes = game.passes[s];
  }
  regions.flood(t.board);
  count_areas(t, regions);
  // With the dead stones as they stood: a fill beside one is safe only if
  // it is safe while they stand (classify.h).
  classify(t.board, regions, game.board, removed, t.classes);
  count_dead_in_seki(t, game.board);
}

Tally tally(const Game& game, std::span<const Vertex> dead, Regions& regions) {
  Tally t;
  tally(game, dead, regions, t);
  return t;
}

Tally tally(const Game& game, std::span<const Vertex> dead) {
  thread_local Regions regions;  // reused: no heap once warm
  return tally(game, dead, regions);
}

}  // namespace gocount
