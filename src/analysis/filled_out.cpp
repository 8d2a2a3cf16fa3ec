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
  bool dead_beside = false;
  board.for_each_in_chain(stone, [&](Vertex s) {
    for (int d : board.directions()) dead_beside |= board.at(s + d) == them && dead[s + d];
  });
  liberty_points(board, stone, fills);
  const auto e = std::find(fills.begin(), fills.end(), eye);
  if (e == fills.end() || dead_beside) return false;
  fills.erase(e);
  return true;
}

// Whether every opponent chain beside the chain through `stone` keeps
// `enough` liberties, or has two the chain's side cannot fill without being
// taken at once (an eye of its own, where a stone would stand in atari):
// then the chain's side cannot take it first.
bool outlasts(const Board& b, Vertex stone, int enough) {
  const Color c = b.at(stone);
  std::vector<Vertex> seen, libs;
  bool all = true;
  b.for_each_in_chain(stone, [&](Vertex s) {
    for (int d : b.directions()) {
      const Vertex a = s + d;
      if (!all || b.at(a) != opponent(c) || b.liberties(a) >= enough) continue;
      if (std::find(seen.begin(), seen.end(), b.chain_root(a)) != seen.end()) continue;
      seen.push_back(b.chain_root(a));
      int unfillable = 0;
      liberty_points(b, a, libs);
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
  // The chain's side playing p itself loses p: it escapes only where the
  // move wins a liberty the chain did not have (or takes stones).
  auto escapes_at = [&](Vertex p) {
    const int keep = std::max(2, b.liberties(stone));
    return b.check(c, p, false) == MoveError::kNone && b.liberties_after(c, p, keep) >= keep;
  };
  for (Vertex p : fills)
    if (escapes_at(p) || b.check(them, p, false) != MoveError::kNone || b.play(them, p) > 0 ||
        !outlasts(b, stone, 2))
      return false;
  // Its owner moves first and between the fills: k + 1 moves before the
  // capture, each of which may take a liberty of a chain around it.
  if (!outlasts(b, stone, static_cast<int>(fills.size()) + 2)) return false;
  if (b.liberties(stone) != 1 || escapes_at(eye) || b.check(them, eye, false) != MoveError::kNone) return false;
  // Another chain of its side beside the eye with a second liberty: the
  // side connects to it there, once it has made that chain safe (E1 joins
  // D1 to F1, after G1 joins F1 to the living G2):
  //
  //     D E F G
  //   2 O O X O      White's D1-E2 has one eye, E1; Black fills the rest.
  //   1 O . O .
  for (int d : b.directions())
    if (b.at(eye + d) == c && b.liberties(eye + d) > 1) return false;
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
