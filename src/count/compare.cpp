#include "count/compare.h"

#include <algorithm>
#include <fmt/format.h>

namespace gocount {

namespace {

// Two columns differ from the base alike when their parts, worded with one
// placeholder for the column, are the same.
constexpr std::string_view kColumn = "\x01";
bool same_parts(const std::vector<Cause>& x, const std::vector<Cause>& y) {
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i].kind != y[i].kind || x[i].text != y[i].text || !same_points(x[i].amount, y[i].amount)) return false;
  return true;
}

std::string compensation_sentence(const Comparison& c) {
  const int handicap = c.results.front().scored.handicap;
  struct Group {
    HandicapCompensation kind;
    std::vector<RuleVariant> columns;
  };
  std::vector<Group> groups;
  for (const RuleResult& r : c.results) {
    const HandicapCompensation k = r.scored.rules.compensation;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
      return compensation_points(x.kind, handicap) == compensation_points(k, handicap);
    });
    if (g == groups.end()) g = groups.insert(groups.end(), Group{k, {}});
    g->columns.push_back(r.variant);
  }
  if (handicap < 2 || groups.size() < 2) return "";
  std::stable_sort(groups.begin(), groups.end(), [&](const Group& x, const Group& y) {
    return compensation_points(x.kind, handicap) > compensation_points(y.kind, handicap);
  });
  std::string out = "White gets ";
  for (size_t i = 0; i < groups.size(); ++i) {
    const Group& g = groups[i];
    const int n = compensation_points(g.kind, handicap);
    out += i == 0 ? "" : i + 1 == groups.size() ? " and " : ", ";
    const std::string under = rule_variants_phrase(g.columns);
    if (n == 0) out += "none under " + under;
    else if (i == 0) out += fmt::format("{} under {}", compensation_words(g.kind, handicap), under);
    else out += fmt::format("{} under {} ({})", n, under, compensation_name(g.kind));
  }
  return out + fmt::format(", for Black's {} handicap stones.", handicap);
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
    r.methods.clear();
    r.check_record = false;  // the record was counted under one rule set at most
    // The dead stones do not depend on the rules: judged once, for the first column.
    if (!c.results.empty() && c.results.front().scored.estimate) r.judged = &*c.results.front().scored.estimate;
    c.results.push_back({v, rule_variant_name(v), score_game(game, r)});
  }
  const RuleResult& base = c.results.front();
  const Counted base_counted{base.scored, rule_variant_phrase(base.variant)};
  std::vector<std::vector<RuleVariant>> grouped;
  std::vector<std::vector<Cause>> placeholders;  // per group
  for (size_t i = 1; i < c.results.size(); ++i) {
    const RuleResult& col = c.results[i];
    const double amount = col.scored.count.margin - base.scored.count.margin;
    std::vector<Cause> parts = rule_differences({col.scored, std::string(kColumn)}, base_counted);
    size_t g = 0;
    while (g < c.groups.size() && !(same_points(c.groups[g].amount, amount) && same_parts(placeholders[g], parts))) ++g;
    if (g == c.groups.size()) {
      c.groups.push_back({{}, "", amount, {}});
      grouped.emplace_back();
      placeholders.push_back(std::move(parts));
    }
    c.groups[g].rules.push_back(col.label);
    grouped[g].push_back(col.variant);
    c.differences.push_back({col.label, amount, rule_differences({col.scored, rule_variant_phrase(col.variant)}, base_counted)});
  }
  // Word each group's parts with all its columns named.
  for (size_t g = 0; g < c.groups.size(); ++g) {
    DifferenceGroup& group = c.groups[g];
    group.phrase = rule_variants_phrase(grouped[g]);
    const auto first = std::find_if(c.results.begin(), c.results.end(),
                                    [&](const RuleResult& r) { return r.label == group.rules.front(); });
    group.parts = rule_differences({first->scored, group.phrase}, base_counted);
  }
  c.compensation = compensation_sentence(c);
  return c;
}

}  // namespace gocount
