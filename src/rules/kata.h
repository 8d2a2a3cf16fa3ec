// Layer 5: KataGo's rules as JSON (its GTP commands kata-get-rules and
// kata-set-rules), for the rule sets gocount shares with KataGo.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/rules.h"

namespace gocount {

// KataGo's JSON for `r` (Rules::toJsonNoKomi of KataGo's named rules), or ""
// when KataGo has no such rule set (Ing, the AGA's own variants).
std::string_view kata_rules_json(const Rules& r);

// A rule set as kata-set-rules takes it: KataGo's JSON ("{...}", which may
// give a komi) or a name. nullptr with `error` set when it is none gocount
// counts; KataGo's names of rule sets gocount has not ("chinese-ogs",
// "stone-scoring") are refused by name.
struct KataChoice {
  const Rules* rules = nullptr;
  std::optional<double> komi;
};
KataChoice rules_from_kata(std::string_view text, std::string* error);

}  // namespace gocount
