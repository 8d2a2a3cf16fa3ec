// Layer 6: one game under every rule set, and why the results differ.
//
// Every preset's margin is taken apart against the Chinese one: a different
// komi, a different handicap compensation, territory instead of area counting
// (Sj - Sc = -(P + H + (Wz - Bz)), the Mathematics of Scoring), or dead stones
// left on the board (Tromp-Taylor). The parts add up to the difference.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "count/score.h"

namespace gocount {

struct RuleResult {
  RuleVariant variant;
  std::string label;  // rule_variant_name(variant): "chinese", "chinese:compensation=n-1"
  Scored scored;
};

struct Difference {
  std::string rules;  // the column's label
  double amount = 0;  // this column's margin less the first column's
  struct Part {
    std::string why;
    double amount;
  };
  std::vector<Part> parts;  // add up to `amount`
};

struct Comparison {
  std::vector<RuleResult> results;  // one per column; the first is the base
  std::vector<Difference> differences;
  const Algebra& algebra() const { return results.front().scored.algebra; }
};

// `request` gives komi, dead stones and overrides for every column; its rules
// and methods are ignored. Each column's own overrides win. No columns: every
// preset, Chinese first.
Comparison compare_rules(const Game& game, const ScoreRequest& request, std::span<const RuleVariant> columns = {});

}  // namespace gocount
