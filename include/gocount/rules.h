// The rule sets as data: looked up by name (as --rules and an SGF RU write
// them), and KataGo's rules JSON read and written (its GTP commands
// kata-set-rules and kata-get-rules).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gocount/score.h"  // Options and Position, which rule_set_for and rule_set_of take
#include "gocount/version.h"

GOCOUNT_BEGIN_NAMESPACE

// A rule set: its name and what a front end playing moves needs.
struct RuleSet {
  std::string name{};   // as --rules takes it: "nz"
  std::string title{};  // as people write it: "New Zealand"
  bool suicide = false;  // suicide is a legal move
  double komi = 0;       // the komi of an even game when the record gives none
  std::string kata_json{};  // KataGo's JSON for these rules ("": KataGo has none)
};

// A rule set by its name or an SGF RU spelling (case, spaces and punctuation
// ignored); none when it is not known.
//
//   if (auto r = gocount::find_rule_set("New Zealand")) std::cout << r->name << "\n";  // "nz"
GOCOUNT_API std::optional<RuleSet> find_rule_set(std::string_view name);
// Every name find_rule_set knows, for messages: "chinese, japanese, ...".
GOCOUNT_API std::string rule_set_names();

// Every rule set with each of its values, as `gocount rules --format json`
// prints them.
//
//   std::cout << gocount::rule_sets_json() << "\n";
GOCOUNT_API std::string rule_sets_json();
// The same as `gocount rules` prints them: a table and what each one says.
//
//   std::cout << gocount::rule_sets_text();
GOCOUNT_API std::string rule_sets_text();

// The rule set options.rules names, with Chinese for none: what a count
// without a record is made under. Error when it is not known.
//
//   gocount::rule_set_for({}).name;  // "chinese"
GOCOUNT_API RuleSet rule_set_for(const Options& options);

// The rules a position is counted under: `forced` ("" none) else the
// record's RU, else Chinese. Error when `forced` is not known.
//
//   gocount::RuleSet r = gocount::rule_set_of(gocount::read_file("game.sgf"));
//   bool suicide_legal = r.suicide;
GOCOUNT_API RuleSet rule_set_of(const Position& position, std::string_view forced = "");

// KataGo's rules as kata-set-rules takes them: its JSON, or a name. Error
// with the line to answer ("unknown rules 'moon' (known: ...)", "rules
// '{...}': they match none of the rule sets gocount counts ...").
struct KataRules {
  RuleSet rules{};
  std::optional<double> komi{};  // the JSON's komi, when it gives one
};
//
//   gocount::KataRules k = gocount::read_kata_rules(R"({"scoring":"TERRITORY","ko":"SIMPLE","suicide":false})");
//   // k.rules.name == "japanese"
GOCOUNT_API KataRules read_kata_rules(std::string_view text);

GOCOUNT_END_NAMESPACE
