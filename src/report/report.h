// Layer 7: what the user reads: text tables in the spirit of Mays' tables, and
// JSON (one object per game per line).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "count/score.h"

namespace gocount {

struct GameLabel {
  std::string_view file;
  int index = 0;
};

std::string score_text(const Game& game, const Scored& scored, const GameLabel& label);
nlohmann::ordered_json score_json(const Game& game, const Scored& scored, const GameLabel& label);
nlohmann::ordered_json error_json(const GameLabel& label, std::string_view message);

// A JSON number that prints 53 rather than 53.0 when the value is whole.
nlohmann::ordered_json json_number(double v);

}  // namespace gocount
