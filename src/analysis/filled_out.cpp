#include "analysis/filled_out.h"

#include <algorithm>

#include "analysis/classifier.h"

namespace gocount {

namespace {

// The liberties of the chain through `stone` other than `eye`, in board
// order, into `fills`; false where `eye` is no liberty of it or a dead
// stone of the opponent's is beside it.
bool outside_liberties(const Board& board, std::span<const uint8_t> dead, Vertex stone, Vertex eye,
                       std::vector<Vertex>& fills) {
  const Color them = opponent(board.at(stone));
  bool eye_free = false, dead_beside = false;
  fills.clear();
  board.for_each_in_chain(stone, [&](Vertex s) {
    for (int d : board.directions()) {
      const Vertex n = s + d;
      dead_beside |= board.at(n) == them && dead[n];
      if (board.at(n) != Color::kEmpty) continue;
      if (n == eye) eye_free = true;
      else if (std::find(fills.begin(), fills.end(), n) == fills.end()) fills.push_back(n);
    }
  });
  std::sort(fills.begin(), fills.end());
  return eye_free && !dead_beside;
}

// Whether every opponent chain beside the chain through `stone` keeps
// `enough` liberties, or has two the chain's side cannot fill without being
// taken at once (an eye of its own, where a stone would stand in atari):
// then the chain's side cannot take it first.
bool outlasts(const Board& b, Vertex stone, int enough) {
  const Color c = b.at(stone);
  std::vector<Vertex> seen;
  bool all = true;
  b.for_each_in_chain(stone, [&](Vertex s) {
    for (int d : b.directions()) {
      const Vertex a = s + d;
      if (!all || b.at(a) != opponent(c) || b.liberties(a) >= enough) continue;
      if (std::find(seen.begin(), seen.end(), b.chain_root(a)) != seen.end()) continue;
      seen.push_back(b.chain_root(a));
      int unfillable = 0;
      std::vector<Vertex> libs;
      b.for_each_in_chain(a, [&](Vertex t) {
        for (int e : b.directions())
          if (b.at(t + e) == Color::kEmpty && std::find(libs.begin(), libs.end(), t + e) == libs.end())
            libs.push_back(t + e);
      });
      for (Vertex l : libs) unfillable += !classifier::safe_fill(b, c, l);
      all = b.liberties(a) >= 2 && unfillable >= 2;
    }
  });
  return all;
}

// Whether the opponent, filling `fills` on a copy of `board`, leaves the
// chain through `stone` in atari at `eye` and takes it there (filled_out's
// conditions).
bool fills_then_takes(const Board& board, Vertex stone, Vertex eye, const std::vector<Vertex>& fills) {
  const Color c = board.at(stone), them = opponent(c);
  Board b = board;
  auto escapes_at = [&](Vertex p) {
    return b.check(c, p, false) == MoveError::kNone && b.liberties_after(c, p, 2) >= 2;
  };
  for (Vertex p : fills)
    if (escapes_at(p) || b.check(them, p, false) != MoveError::kNone || b.play(them, p) > 0 ||
        !outlasts(b, stone, 2))
      return false;
  // Its owner moves first and between the fills: k + 1 moves before the
  // capture, each of which may take a liberty of a chain around it.
  if (!outlasts(b, stone, static_cast<int>(fills.size()) + 2)) return false;
  if (b.liberties(stone) != 1 || escapes_at(eye) || b.check(them, eye, false) != MoveError::kNone) return false;
  return b.play(them, eye) > 1 || b.liberties(eye) > 1;  // more than one stone, or room after: no ko
}

}  // namespace

std::vector<FilledOut> filled_out(const Board& board, const Classification& k, std::span<const uint8_t> dead) {
  std::vector<FilledOut> out;
  std::vector<Vertex> fills;
  for (const Classification::Capturable& c : k.capturable)
    if (outside_liberties(board, dead, c.stone, c.eye, fills) && fills_then_takes(board, c.stone, c.eye, fills))
      out.push_back({c.stone, c.eye, fills});
  return out;
}

}  // namespace gocount
