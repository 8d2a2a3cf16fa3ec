#include "count/compare.h"

#include <fmt/format.h>

namespace gocount {

namespace {

double margin(const Scored& s) { return s.count.margin; }

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
    c.results.push_back({v, rule_variant_name(v), score_game(game, r)});
  }
  const Scored& base = c.results.front().scored;
  for (size_t i = 1; i < c.results.size(); ++i) {
    const Scored& s = c.results[i].scored;
    Difference d;
    d.rules = c.results[i].label;
    d.amount = margin(s) - margin(base);
    if (s.komi != base.komi)
      d.parts.push_back({fmt::format("komi {} instead of {}", points_text(s.komi), points_text(base.komi)),
                         -(s.komi - base.komi)});
    const int comp = compensation_points(s.rules, s.handicap), base_comp = compensation_points(base.rules, s.handicap);
    if (comp != base_comp)
      d.parts.push_back({fmt::format("handicap compensation {} ({} point{}) instead of {} ({})",
                                     compensation_name(s.rules.compensation), comp, comp == 1 ? "" : "s",
                                     compensation_name(base.rules.compensation), base_comp),
                         -static_cast<double>(comp - base_comp)});
    if (!s.rules.remove_dead && !same_points(s.algebra.Sc, base.algebra.Sc + (base.komi - s.komi)))
      d.parts.push_back({"dead stones stay on the board and are counted as they stand",
                         (s.algebra.Sc + s.komi) - (base.algebra.Sc + base.komi)});
    if (s.rules.scoring != base.rules.scoring) {
      // One column counts territory, the other area: Sj - Sc, signed for the
      // column against the base.
      const bool territory = s.rules.scoring == Scoring::kTerritory;
      const Algebra& a = territory ? s.algebra : base.algebra;
      std::string why = territory ? fmt::format("territory counting: Sj - Sc = -(P {} + H {} + (Wz {} - Bz {}))", a.P,
                                                a.H, a.Wz, a.Bz)
                                  : fmt::format("area counting: Sc - Sj = P {} + H {} + (Wz {} - Bz {})", a.P, a.H,
                                                a.Wz, a.Bz);
      if (!a.holds) why += "; the identity does not hold here (see the algebra for why)";
      d.parts.push_back({why, territory ? a.Sj - a.Sc : a.Sc - a.Sj});
    }
    double explained = 0;
    for (const auto& p : d.parts) explained += p.amount;
    if (!same_points(explained, d.amount))
      d.parts.push_back({"not explained by komi, compensation, scoring or dead stones", d.amount - explained});
    c.differences.push_back(std::move(d));
  }
  return c;
}

}  // namespace gocount
