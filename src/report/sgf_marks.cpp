#include "report/sgf_marks.h"

namespace gocount {

std::vector<sgf::PropertyEdit> territory_marks(const sgf::GameTree& tree, const Scored& s) {
  const std::vector<uint32_t> line = tree.main_line();
  const uint32_t last = line.empty() ? 0 : line.back();
  const Board& b = s.tally.board;  // the final position without the dead stones
  sgf::PropertyEdit tb{last, "TB", {}}, tw{last, "TW", {}};
  b.for_each_point([&](Vertex v) {
    // A removed stone stands on its owner's opponent's territory.
    const Color dead = static_cast<Color>(s.tally.dead[v]);
    const Color owner = s.tally.dead[v] ? opponent(dead) : b.at(v) == Color::kEmpty ? s.counts_for[v] : Color::kEmpty;
    if (owner == Color::kBlack) tb.values.push_back(to_sgf(b, v));
    if (owner == Color::kWhite) tw.values.push_back(to_sgf(b, v));
  });
  return {tb, tw};
}

}  // namespace gocount
