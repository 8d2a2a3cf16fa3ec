// The words that name rule sets in sentences: "Chinese rules", "Japanese and
// Korean rules", "Chinese rules with compensation n-1".
#include <algorithm>

#include "report/words.h"

namespace gocount {

void rule_variant_phrase(std::string& out, const RuleVariant& v) {
  out += v.preset ? v.preset->title : "?";
  out += " rules";
  bool more = false;
  auto add = [&](std::string_view key, std::string_view value) {
    append(out, "{}{} {}", more ? ", " : " with ", key, value);
    more = true;
  };
  if (v.compensation) add("compensation", compensation_name(*v.compensation));
  if (v.tie) add("tie", tie_name(*v.tie));
  if (v.seki_fill) add("seki fill", seki_fill_name(*v.seki_fill));
  if (v.komi) add("komi", komi_text(*v.komi));
  if (v.enclosed_territory) add("territory", *v.enclosed_territory ? "as OGS counts it" : "as the rules count it");
}

std::string rule_variants_phrase(std::span<const RuleVariant> vs) {
  const bool plain = std::all_of(vs.begin(), vs.end(), [](const RuleVariant& v) {
    return !v.compensation && !v.tie && !v.seki_fill && !v.komi && !v.enclosed_territory;
  });
  std::string out;
  for (size_t i = 0; i < vs.size(); ++i) {
    out += i == 0 ? "" : i + 1 == vs.size() ? " and " : ", ";
    out += plain ? std::string(vs[i].preset ? vs[i].preset->title : "?") : rule_variant_phrase(vs[i]);
  }
  return plain ? out + " rules" : out;
}

void rules_phrase(std::string& out, const RuleVariant& v, std::string_view title) {
  if (v.preset) return rule_variant_phrase(out, v);
  append(out, "{} rules", title);
}

}  // namespace gocount
