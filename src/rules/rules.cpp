#include "rules/rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

#include "sgf/parse_error.h"

namespace gocount {

namespace {

using HC = HandicapCompensation;
using TR = TieRule;

// One row per rule set; the README's rules table is this table in prose.
constexpr std::array<Rules, 7> kPresets{{
    // name, title, scoring, compensation, komi even / handicap, ties even / handicap, neutral points, seki,
    // pass stones, White passes last, dead stones removed, suicide, ko, dead stones in seki as
    // prisoners, seki fill, source
    {"chinese", "Chinese", Scoring::kArea, HC::kN, 7.5, 0.5, TR::kDraw, TR::kDraw, NeutralPoints::kNobody, SekiPolicy::kFillEyes,
     false, false, true, false, KoRule::kPositionalSuperko, false, SekiFill::kMays,
     "Mays, How to Use the Chinese Method of Counting (2012): area, n stones taken off for n >= 2, komi 7.5, "
     "tie-breaker 0.5, seki eyes filled, odd shared liberty non-scoring"},
    {"japanese", "Japanese", Scoring::kTerritory, HC::kNone, 6.5, 0.5, TR::kDraw, TR::kDraw, NeutralPoints::kNobody,
     SekiPolicy::kNoTerritory, false, false, true, false, KoRule::kSimple, false, SekiFill::kMays,
     "Japanese Rules of Go (1989); Sensei's Library, Japanese Counting: territory + prisoners, komi to White"},
    {"korean", "Korean", Scoring::kTerritory, HC::kNone, 6.5, 0.5, TR::kDraw, TR::kDraw, NeutralPoints::kNobody,
     SekiPolicy::kNoTerritory, false, false, true, false, KoRule::kSimple, false, SekiFill::kMays,
     "Korean rules: territory + prisoners as in Japan, komi 6.5"},
    {"aga", "AGA", Scoring::kArea, HC::kNMinusOne, 7.5, 0.5, TR::kDraw, TR::kDraw, NeutralPoints::kNobody,
     SekiPolicy::kFillEyes, true, true, true, false, KoRule::kSituationalSuperko, false, SekiFill::kMays,
     "AGA Concise Rules; Mays, Example 5; Mathematics of Scoring: pass stones, White passes last, n-1 "
     "compensation, so territory and area counts agree"},
    {"ing", "Ing", Scoring::kArea, HC::kN, 8, 0, TR::kBlackWins, TR::kWhiteWins, NeutralPoints::kHalfEach,
     SekiPolicy::kFillEyes, false, false, true, true, KoRule::kSituationalSuperko, false, SekiFill::kMays,
     "Sensei's Library, Ing Counting: 180 stones each, komi 8 with Black winning ties, unfillable neutral "
     "points half each; handicap (the rules are silent): n points to White, White wins ties, as the AGA "
     "reads the SST rules"},
    {"nz", "New Zealand", Scoring::kArea, HC::kNone, 7, 0, TR::kDraw, TR::kDraw, NeutralPoints::kNobody, SekiPolicy::kFillEyes,
     false, false, true, true, KoRule::kSituationalSuperko, false, SekiFill::kMays,
     "New Zealand rules: area, komi 7 (draws possible), suicide allowed, no handicap "
     "compensation"},
    {"tromp-taylor", "Tromp-Taylor", Scoring::kArea, HC::kNone, 7.5, 0, TR::kDraw, TR::kDraw, NeutralPoints::kNobody,
     SekiPolicy::kAsItStands, false, false, false, true, KoRule::kPositionalSuperko, false, SekiFill::kMays,
     "Tromp-Taylor rules: the board as it stands (no dead stones removed), empty points reaching one "
     "colour only count for it, suicide allowed"},
}};

struct Alias {
  std::string_view spelling;  // lower case, letters and digits only
  std::string_view preset;
};
constexpr std::array<Alias, 28> kAliases{{
    {"chinese", "chinese"},     {"cn", "chinese"},      {"chn", "chinese"},       {"china", "chinese"},
    {"zh", "chinese"},          {"japanese", "japanese"}, {"jp", "japanese"},     {"jpn", "japanese"},
    {"japan", "japanese"},      {"ja", "japanese"},     {"korean", "korean"},     {"kr", "korean"},
    {"kor", "korean"},          {"korea", "korean"},    {"aga", "aga"},           {"american", "aga"},
    {"bga", "aga"},             {"ing", "ing"},         {"goe", "ing"},           {"sst", "ing"},
    {"ingsst", "ing"},          {"nz", "nz"},           {"newzealand", "nz"},     {"tromptaylor", "tromp-taylor"},
    {"tt", "tromp-taylor"},     {"trompandtaylor", "tromp-taylor"}, {"chineseogs", "chinese"},
    {"chinesekgs", "chinese"},  // KataGo's names of Chinese with positional superko, as OGS and KGS play it
}};

std::string normalise(std::string_view s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::span<const Rules> rule_presets() { return kPresets; }

const Rules& default_rules() { return kPresets[0]; }

std::string rule_names() {
  std::string s;
  for (const Rules& r : kPresets) s += (s.empty() ? "" : ", ") + std::string(r.name);
  return s;
}

const Rules* find_rules(std::string_view name) {
  const std::string key = normalise(name);
  for (const Alias& a : kAliases) {
    if (a.spelling != key) continue;
    for (const Rules& r : kPresets)
      if (r.name == a.preset) return &r;
  }
  return nullptr;
}

const Rules* find_record_rules(std::string_view ru) {
  if (const Rules* r = find_rules(ru)) return r;
  // Words outside brackets, digits left out, then without "rules".
  std::string words;
  int depth = 0;
  for (const char c : ru) {
    depth += c == '(' || c == '[' ? 1 : c == ')' || c == ']' ? -1 : 0;
    if (depth == 0 && c != ')' && c != ']' && !std::isdigit(static_cast<unsigned char>(c))) words += c;
  }
  std::string key = normalise(words);
  for (const std::string_view tail : {"rules", "rule"})
    if (key.size() > tail.size() && key.ends_with(tail)) {
      key.resize(key.size() - tail.size());
      break;
    }
  return key.empty() ? nullptr : find_rules(key);
}

int compensation_points(HandicapCompensation c, int handicap) {
  switch (c) {
    case HC::kN: return handicap >= 2 ? handicap : 0;
    case HC::kNMinusOne: return handicap >= 2 ? handicap - 1 : 0;
    case HC::kNFromOne: return handicap;
    case HC::kNone: return 0;
  }
  return 0;
}

// A handicap of 1 is the no-komi game (Mays: "sometimes called 1-stone
// handicap games"): the handicap game's komi (the tie-breaker) and tie rule,
// though White is compensated only from 2 stones.
double default_komi(const Rules& rules, int handicap) {
  return handicap >= 1 ? rules.komi_handicap : rules.komi_even;
}

TieRule tie_rule(const Rules& rules, int handicap) { return handicap >= 1 ? rules.tie_handicap : rules.tie_even; }

std::string_view scoring_name(Scoring s) { return s == Scoring::kArea ? "area" : "territory"; }

std::string_view compensation_name(HandicapCompensation c) {
  return c == HC::kN ? "n" : c == HC::kNMinusOne ? "n-1" : c == HC::kNFromOne ? "n-from-1" : "none";
}

std::optional<HandicapCompensation> parse_compensation(std::string_view s) {
  if (s == "n") return HC::kN;
  if (s == "n-1") return HC::kNMinusOne;
  if (s == "n-from-1") return HC::kNFromOne;
  if (s == "none" || s == "0") return HC::kNone;
  return std::nullopt;
}

std::string_view tie_name(TieRule t) { return t == TR::kDraw ? "draw" : t == TR::kWhiteWins ? "white" : "black"; }

std::string_view ko_name(KoRule k) {
  return k == KoRule::kSimple ? "simple" : k == KoRule::kPositionalSuperko ? "positional superko" : "situational superko";
}

std::string_view seki_fill_name(SekiFill f) {
  return f == SekiFill::kMays ? "mays" : f == SekiFill::kBestPractice ? "best-practice" : "half";
}

std::optional<SekiFill> parse_seki_fill(std::string_view s) {
  for (SekiFill f : {SekiFill::kMays, SekiFill::kBestPractice, SekiFill::kHalf})
    if (s == seki_fill_name(f)) return f;
  return std::nullopt;
}

std::optional<TieRule> parse_tie(std::string_view s) {
  if (s == "draw") return TR::kDraw;
  if (s == "white") return TR::kWhiteWins;
  if (s == "black") return TR::kBlackWins;
  return std::nullopt;
}

std::string komi_text(double k) {
  std::string s = std::to_string(k);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

std::optional<RuleVariant> parse_rule_variant(std::string_view spec, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<RuleVariant> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  RuleVariant v;
  const size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  v.preset = find_rules(name);
  if (!v.preset) return fail("unknown rules '" + quote_input(name) + "' (known: " + rule_names() + ")");
  std::vector<std::string_view> keys;  // given so far: a key given twice is refused, not the last one taken
  for (size_t at = colon; at != std::string_view::npos;) {
    const size_t next = spec.find(':', at + 1);
    const std::string_view pair = spec.substr(at + 1, next == std::string_view::npos ? next : next - at - 1);
    at = next;
    const size_t eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq), value = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    if (std::find(keys.begin(), keys.end(), key) != keys.end())
      return fail(std::string(key) + " is given twice in '" + std::string(spec) + "'");
    keys.push_back(key);
    bool ok = true;
    if (key == "compensation") ok = (v.compensation = parse_compensation(value)).has_value();
    else if (key == "tie") ok = (v.tie = parse_tie(value)).has_value();
    else if (key == "seki-fill") ok = (v.seki_fill = parse_seki_fill(value)).has_value();
    else if (key == "territory") {
      ok = value == "enclosed" || value == "rules";
      if (ok) v.enclosed_territory = value == "enclosed";
    }
    else if (key == "komi") {
      double k = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), k);
      ok = ec == std::errc() && p == value.data() + value.size() && std::isfinite(k) && std::fabs(k) <= 1000;
      if (ok) v.komi = k;
    } else {
      return fail("unknown setting '" + quote_input(key) + "' in '" + quote_input(spec) +
                  "' (known: compensation, tie, seki-fill, komi, territory)");
    }
    if (!ok) return fail("bad value '" + quote_input(value) + "' for " + quote_input(key) + " in '" + quote_input(spec) + "'");
  }
  if (std::string idle = idle_setting(*v.preset, v.enclosed_territory.value_or(false), false, v.seki_fill.has_value(),
                                      v.compensation.has_value());
      !idle.empty())
    return fail(idle + " ('" + quote_input(spec) + "')");
  return v;
}

std::string idle_setting(const Rules& r, bool enclosed_territory, bool seki_dead_prisoners, bool seki_fill,
                         bool compensation) {
  const std::string area = std::string(r.title) + " rules count area, not territory";
  if (r.scoring == Scoring::kTerritory && compensation)
    return "handicap compensation is for area counting: " + std::string(r.title) +
           " rules count territory and prisoners, and give White none";
  if (r.scoring == Scoring::kArea && enclosed_territory) return "territory=enclosed is for territory counting: " + area;
  if (r.scoring == Scoring::kArea && seki_dead_prisoners)
    return "seki-dead-prisoners is for territory counting: " + area + " and prisoners";
  if (seki_fill && !fills_shared_liberties(r)) {
    std::string filling;
    for (const Rules& p : kPresets)
      if (fills_shared_liberties(p)) filling += (filling.empty() ? "" : ", ") + std::string(p.name);
    return std::string("seki-fill is for rules that fill a seki's shared liberties (") + filling + "): " +
           std::string(r.title) + " rules fill none";
  }
  return "";
}

std::string rule_variant_name(const RuleVariant& v) {
  std::string out(v.preset ? v.preset->name : "?");
  if (v.compensation) out += ":compensation=" + std::string(compensation_name(*v.compensation));
  if (v.tie) out += ":tie=" + std::string(tie_name(*v.tie));
  if (v.seki_fill) out += ":seki-fill=" + std::string(seki_fill_name(*v.seki_fill));
  if (v.komi) out += ":komi=" + komi_text(*v.komi);
  if (v.enclosed_territory) out += *v.enclosed_territory ? ":territory=enclosed" : ":territory=rules";
  return out;
}

}  // namespace gocount
