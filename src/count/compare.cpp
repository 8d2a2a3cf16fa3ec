#include "count/compare.h"

#include <algorithm>

namespace gocount {

namespace {

// Two columns differ from the base alike when their parts say the same of
// the same points: the words (report) then differ only in the column named.
bool same_cause(const Cause& x, const Cause& y) {
  return x.kind == y.kind && same_points(x.amount, y.amount) && x.points == y.points && x.komi == y.komi &&
         x.compensation == y.compensation && x.handicap == y.handicap && x.stones == y.stones && x.what == y.what &&
         x.in_base == y.in_base && x.in_other == y.in_other && x.base_territory == y.base_territory &&
         x.other_territory == y.other_territory && x.dead_standing == y.dead_standing;
}
bool same_parts(const std::vector<Cause>& x, const std::vector<Cause>& y) {
  return std::equal(x.begin(), x.end(), y.begin(), y.end(), same_cause);
}

}  // namespace

Comparison compare_rules(const Game& game, const ScoreRequest& request, std::span<const RuleVariant> columns) {
  std::vector<RuleVariant> all(columns.begin(), columns.end());
  if (all.empty())
    for (const Rules& preset : rule_presets()) all.push_back({&preset});
  Comparison c;
  for (const RuleVariant& v : all) {
    ScoreRequest r = request;
    r.rules = v.preset;
    if (v.compensation) r.compensation = v.compensation;
    if (v.tie) r.tie = v.tie;
    if (v.seki_fill) r.seki_fill = v.seki_fill;
    if (v.komi) r.komi = v.komi;
    if (v.enclosed_territory) r.enclosed_territory = v.enclosed_territory;
    r.methods.clear();
    r.check_record = false;  // the record was counted under one rule set at most
    // The dead stones do not depend on the rules: judged once, for the first column.
    if (!c.results.empty() && c.results.front().scored.estimate) r.judged = &*c.results.front().scored.estimate;
    c.results.push_back({v, rule_variant_name(v), score_game(game, r)});
  }
  const RuleResult& base = c.results.front();
  for (size_t i = 1; i < c.results.size(); ++i) {
    const RuleResult& col = c.results[i];
    const double amount = col.scored.count.margin - base.scored.count.margin;
    std::vector<Cause> parts = rule_differences(col.scored, base.scored);
    const TieRule tie = col.scored.count.tie;
    const bool tied = same_points(col.scored.count.margin, 0);
    size_t g = 0;
    while (g < c.groups.size() && !(same_points(c.groups[g].amount, amount) && same_parts(c.groups[g].parts, parts) &&
                                     (!tied || c.groups[g].tie == tie)))
      ++g;
    if (g == c.groups.size()) c.groups.push_back({{}, {}, amount, parts, tie});
    c.groups[g].rules.push_back(col.label);
    c.groups[g].columns.push_back(col.variant);
    c.differences.push_back({col.label, col.variant, amount, std::move(parts)});
  }
  return c;
}

}  // namespace gocount
