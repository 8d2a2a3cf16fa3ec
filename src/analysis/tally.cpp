#include "analysis/tally.h"

namespace gocount {

std::vector<Vertex> dead_chains(const Board& board, std::span<const Vertex> points) {
  std::vector<uint8_t> marked(board.padded_size(), 0);
  std::vector<Vertex> out;
  for (Vertex p : points) {
    if (board.at(p) != Color::kBlack && board.at(p) != Color::kWhite)
      throw DeadStoneError("dead stone " + to_gtp(board, p) + " names an empty point");
    if (marked[p]) continue;
    board.for_each_in_chain(p, [&](Vertex s) {
      marked[s] = 1;
      out.push_back(s);
    });
  }
  return out;
}

Tally tally(const Game& game, std::span<const Vertex> dead) {
  Tally t;
  t.board = game.board;
  Board& b = t.board;
  t.dead.assign(b.padded_size(), 0);
  for (Vertex v : dead_chains(b, dead)) {
    if (b.at(v) == Color::kEmpty) continue;  // chain already taken off
    const Color c = b.at(v);
    b.for_each_in_chain(v, [&](Vertex s) { t.dead[s] = static_cast<uint8_t>(c); });
    t.side[side_index(c)].dead += b.remove_chain(v);
  }
  for (int s = 0; s < 2; ++s) {
    t.side[s].captures = game.captures[s];
    t.side[s].passes = game.passes[s];
  }

  // Flood every empty region once and note which colours border it.
  t.owner.assign(b.padded_size(), Color::kEmpty);
  std::vector<uint8_t> seen(b.padded_size(), 0);
  std::vector<Vertex> region, stack;
  b.for_each_point([&](Vertex start) {
    const Color c = b.at(start);
    if (c != Color::kEmpty) {
      ++t.side[side_index(c)].stones;
      return;
    }
    if (seen[start]) return;
    region.clear();
    stack.assign(1, start);
    seen[start] = 1;
    unsigned borders = 0;
    while (!stack.empty()) {
      const Vertex v = stack.back();
      stack.pop_back();
      region.push_back(v);
      for (int d : b.directions()) {
        const Vertex n = v + d;
        const Color nc = b.at(n);
        if (nc == Color::kEmpty) {
          if (!seen[n]) {
            seen[n] = 1;
            stack.push_back(n);
          }
        } else if (nc != Color::kWall) {
          borders |= 1u << side_index(nc);
        }
      }
    }
    const Color who = borders == 1 ? Color::kBlack : borders == 2 ? Color::kWhite : Color::kEmpty;
    if (who == Color::kEmpty) t.neutral += static_cast<int>(region.size());
    else t.side[side_index(who)].territory += static_cast<int>(region.size());
    for (Vertex v : region) t.owner[v] = who;
  });
  t.classes = classify(b);
  b.for_each_point([&](Vertex v) {
    if (!t.dead[v]) return;
    const PointClass c = t.classes.cls[v];
    if (c == PointClass::kSekiEye || c == PointClass::kFalseEye || c == PointClass::kSharedLiberty)
      ++t.side[side_index(game.board.at(v))].dead_in_seki;
  });
  return t;
}

}  // namespace gocount
