// Layer 6: one game under every rule set, and why the results differ.
//
// Every preset's margin is taken apart against the Chinese one: a different
// komi, a different handicap compensation, territory instead of area counting
// (Sj - Sc = -(P + H + (Wz - Bz)), the Mathematics of Scoring), or dead stones
// left on the board (Tromp-Taylor). The parts add up to the difference.
#pragma once

#include <string>
#include <vector>

#include "count/score.h"

namespace gocount {

struct RuleResult {
  const Rules* preset;
  Scored scored;
};

struct Difference {
  std::string_view rules;
  double amount = 0;  // this preset's margin less the Chinese margin
  struct Part {
    std::string why;
    double amount;
  };
  std::vector<Part> parts;  // add up to `amount`
};

struct Comparison {
  std::vector<RuleResult> results;  // one per preset, Chinese first
  std::vector<Difference> differences;
  const Algebra& algebra() const { return results.front().scored.algebra; }
};

// `request` gives komi and dead stones; its rules and methods are ignored.
Comparison compare_rules(const Game& game, const ScoreRequest& request);

}  // namespace gocount
