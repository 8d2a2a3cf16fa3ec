// Layer 6: a count made by hand at a real board (`gocount tally`, the web
// API's /api/tally): total points, or territory and stones apart (area
// rules), or territory and prisoners (territory rules), checked against the
// board and run through the methods that can count them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "count/score.h"

namespace gocount {

struct HandCount {
  int width = 19, height = 19;
  int non_scoring = 0;  // unfilled dame, odd seki liberties
  int handicap = 0;
  std::optional<double> black, white;  // total points (may end in .5 with shared liberties counted half each)
  // Counted apart: vacant territory and stones (area), territory and prisoners (territory rules).
  std::optional<int> territory[2], stones[2], prisoners[2];
};

struct HandResult {
  Rules rules;
  CountInput input;
  double black = 0, white = 0;  // total points (area) or territory (territory rules)
  std::vector<Count> counts;
};

// The methods `request` names (all that can count what was given when none
// are named). Throws std::invalid_argument saying what is missing or
// inconsistent ("total points 39 + 41 + 0 non-scoring do not make the
// board's 81 points").
HandResult count_by_hand(const HandCount& hand, const ScoreRequest& request);

}  // namespace gocount
