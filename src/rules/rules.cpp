#include "rules/rules.h"

#include <array>
#include <cctype>
#include <string>

namespace gocount {

namespace {

// Sources: Mays, "How to Use the Chinese Method of Counting" (Full Counting,
// step 6: n is subtracted for n >= 2; komi 7.5, tie-breaker 0.5); Sensei's
// Library, "Japanese Counting" (territory + prisoners, komi to White).
constexpr std::array<Rules, 2> kPresets{{
    {"chinese", Scoring::kArea, HandicapCompensation::kN, 7.5, 0.5, false},
    {"japanese", Scoring::kTerritory, HandicapCompensation::kNone, 6.5, 0.5, false},
}};

struct Alias {
  std::string_view spelling;  // lower case, spaces and punctuation removed
  std::string_view preset;
};
constexpr std::array<Alias, 6> kAliases{{
    {"chinese", "chinese"},
    {"cn", "chinese"},
    {"chn", "chinese"},
    {"japanese", "japanese"},
    {"jp", "japanese"},
    {"jpn", "japanese"},
}};

std::string normalise(std::string_view s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::span<const Rules> rule_presets() { return kPresets; }

const Rules& default_rules() { return kPresets[0]; }

const Rules* find_rules(std::string_view name) {
  const std::string key = normalise(name);
  for (const Alias& a : kAliases) {
    if (a.spelling != key) continue;
    for (const Rules& r : kPresets)
      if (r.name == a.preset) return &r;
  }
  return nullptr;
}

int compensation_points(const Rules& rules, int handicap) {
  if (handicap < 2) return 0;
  switch (rules.compensation) {
    case HandicapCompensation::kN: return handicap;
    case HandicapCompensation::kNMinusOne: return handicap - 1;
    case HandicapCompensation::kNone: return 0;
  }
  return 0;
}

double default_komi(const Rules& rules, int handicap) {
  return handicap >= 2 ? rules.komi_handicap : rules.komi_even;
}

std::string_view scoring_name(Scoring s) { return s == Scoring::kArea ? "area" : "territory"; }

}  // namespace gocount
