// The public rules lookup over rules/ (rules.h, kata.h) and the rules a
// record names (count/score.h's rules_for): one lookup for every front end.
#include "api/access.h"
#include "count/options.h"
#include "rules/kata.h"
#include "rules/rules.h"

GOCOUNT_BEGIN_NAMESPACE

const Rules* forced_rules(std::string_view name) {
  if (name.empty()) return nullptr;
  Options o;
  o.rules = name;
  return request_for(o).rules;
}

RuleSet rule_set_from(const Rules& r) {
  return {std::string(r.name), std::string(r.title), r.suicide, r.komi_even, std::string(kata_rules_json(r))};
}

std::optional<RuleSet> find_rule_set(std::string_view name) {
  const Rules* r = find_rules(name);
  return r ? std::optional<RuleSet>(rule_set_from(*r)) : std::nullopt;
}

std::string rule_set_names() { return rule_names(); }

RuleSet rule_set_for(const Options& options) {
  return rule_set_from(rules_for("", forced_rules(options.rules)));  // no record: forced, else the default
}

RuleSet rule_set_of(const Position& position, std::string_view forced) {
  return rule_set_from(rules_for(record_rules(Access::game(position)), forced_rules(forced)));
}

KataRules read_kata_rules(std::string_view text) {
  std::string error;
  const KataChoice c = rules_from_kata(text, &error);
  if (!c.rules) throw Error(error);
  return {rule_set_from(*c.rules), c.komi};
}

GOCOUNT_END_NAMESPACE

#include "report/report.h"

GOCOUNT_BEGIN_NAMESPACE

std::string rule_sets_json() { return json_text(rules_json()); }
std::string rule_sets_text() { return rules_text(); }

GOCOUNT_END_NAMESPACE
