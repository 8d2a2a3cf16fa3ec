// Layer 6: scoring one game end to end: choose the rules and komi, take off
// the dead stones, tally, and count by the rule set's method.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "count/count.h"

namespace gocount {

struct ScoreRequest {
  const Rules* rules = nullptr;  // --rules; nullptr: the record's RU when recognised, else chinese
  std::optional<double> komi;    // --komi; else the record's KM, else the rules' default
  // --dead: points (GTP or SGF form) naming dead chains; replaces the record's marks.
  std::optional<std::vector<std::string>> dead;
};

enum class Source : uint8_t { kRecord, kOption, kDefault };
std::string_view source_name(Source s);  // "record", "option", "default"

struct Scored {
  const Rules* rules = nullptr;
  Source rules_source = Source::kDefault;
  double komi = 0;
  Source komi_source = Source::kDefault;
  int handicap = 0;
  Tally tally;
  Count count;
};

// The rules a record is scored under: `forced`, else its RU when recognised, else chinese.
const Rules& rules_for(std::string_view record_rules, const Rules* forced, Source* source = nullptr);
// Throws DeadStoneError for a --dead point that is not on the board or is empty.
Scored score_game(const Game& game, const ScoreRequest& request);

}  // namespace gocount
