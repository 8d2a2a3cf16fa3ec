#include "analysis/ko.h"

namespace gocount {

namespace {

// The liberty of a lone stone in atari (kNoVertex if x is not one).
Vertex lone_atari_liberty(const Board& b, Vertex x) {
  if (!is_stone(b.at(x)) || b.chain_size(x) != 1 || b.liberties(x) != 1) return kNoVertex;
  for (int d : b.directions())
    if (b.at(x + d) == Color::kEmpty) return x + d;
  return kNoVertex;
}

// Whether the owner has nothing to take first beside `x`: no opponent chain
// beside it in atari.
bool nothing_to_take_first(const Board& b, Vertex x) {
  for (int d : b.directions())
    if (b.at(x + d) == opponent(b.at(x)) && b.liberties(x + d) < 2) return false;
  return true;
}

}  // namespace

bool capture_is_ko(const Board& b, Vertex x, Vertex l) {
  if (b.chain_size(x) != 1) return false;
  const Color c = b.at(x);
  for (int d : b.directions()) {
    const Vertex p = l + d;
    if (p == x || b.at(p) == Color::kWall) continue;
    if (b.at(p) != c || b.liberties(p) < 2) return false;
  }
  return true;
}

std::vector<OpenKo> open_kos(const Board& b) {
  std::vector<OpenKo> out;
  b.for_each_point([&](Vertex x) {
    const Vertex l = lone_atari_liberty(b, x);
    if (l != kNoVertex && capture_is_ko(b, x, l) && nothing_to_take_first(b, x)) out.push_back({x, l});
  });
  return out;
}

}  // namespace gocount
