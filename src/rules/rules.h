// Layer 5: each rule set as plain data. Counting code reads these fields; it
// never asks which rule set it is.
#pragma once

#include <span>
#include <string_view>

namespace gocount {

enum class Scoring : uint8_t {
  kArea,       // stones on the board + territory (Chinese, Mays' "total points")
  kTerritory,  // territory + prisoners (Japanese)
};

// Points White receives for a handicap of n >= 2 stones (never for 0 or 1).
enum class HandicapCompensation : uint8_t { kNone, kN, kNMinusOne };

struct Rules {
  std::string_view name;  // preset name, as --rules takes it
  Scoring scoring;
  HandicapCompensation compensation;
  double komi_even;      // komi when the record gives none, even game
  double komi_handicap;  // ... handicap game (the tie-breaker)
  bool suicide;          // multi-stone and single-stone suicide allowed
};

std::span<const Rules> rule_presets();
// A preset by its name or by an SGF RU spelling (case-insensitive); nullptr if unknown.
const Rules* find_rules(std::string_view name);
const Rules& default_rules();  // chinese

int compensation_points(const Rules& rules, int handicap);
double default_komi(const Rules& rules, int handicap);
std::string_view scoring_name(Scoring s);  // "area" / "territory"

}  // namespace gocount
