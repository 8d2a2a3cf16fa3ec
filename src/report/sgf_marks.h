// Layer 7: what gocount found, written into the record as SGF properties.
#pragma once

#include <vector>

#include "count/score.h"
#include "sgf/writer.h"

namespace gocount {

// For the last node of the main line: the territory each side counts and the
// dead stones under it, as TB/TW marks (the CGoban/KGS convention the reader
// reads back: a stone under the opponent's mark is dead).
std::vector<sgf::PropertyEdit> territory_marks(const sgf::GameTree& tree, const Scored& scored);

}  // namespace gocount
