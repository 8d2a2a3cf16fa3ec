// Layer 6: one game under every rule set, and why the results differ.
//
// Every column's margin is taken apart against the first one's (causes.h): a
// different komi, a different handicap compensation, the stones placed
// (territory instead of area counting: Sj - Sc = -(P + H + (Wz - Bz)), the
// Mathematics of Scoring), and the points that count for another side (seki
// points, teire, dead stones left on the board under Tromp-Taylor, Ing's
// halves). The parts add up to the difference.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "count/causes.h"
#include "count/score.h"

namespace gocount {

struct RuleResult {
  RuleVariant variant;
  std::string label;  // rule_variant_name(variant): "chinese", "chinese:compensation=n-1"
  Scored scored;
};

// One column against the first, in parts (causes.h).
struct Difference {
  std::string rules;         // the column's label
  RuleVariant variant;       // the column's rules
  double amount = 0;         // this column's margin less the first column's
  std::vector<Cause> parts;  // add up to `amount`
};

// Columns that differ from the first in the same way, told once: their
// rules and the first column's parts. Where their margin is 0, their tie
// rule decides the result (Ing's even game: B+0), so it is one of the ways.
struct DifferenceGroup {
  std::vector<std::string> rules;  // the columns' labels
  std::vector<RuleVariant> columns;
  double amount = 0;
  std::vector<Cause> parts;
  TieRule tie = TieRule::kDraw;  // the columns' count's tie rule
};

struct Comparison {
  std::vector<RuleResult> results;  // one per column; the first is the base
  std::vector<Difference> differences;
  std::vector<DifferenceGroup> groups;
  const Algebra& algebra() const { return results.front().scored.algebra; }
};

// `request` gives komi, dead stones and overrides for every column; its rules
// and methods are ignored. Each column's own overrides win. No columns: every
// preset, Chinese first.
Comparison compare_rules(const Game& game, const ScoreRequest& request, std::span<const RuleVariant> columns = {});

}  // namespace gocount
