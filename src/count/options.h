// Layer 6: options given by name, read strictly (the public Options become a
// ScoreRequest in src/api, request_for).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "count/score.h"

namespace gocount {

// A number given by name (an option's value, a GTP argument) read strictly:
// the whole text a finite number from `min` to `max`, whole when asked; a
// leading '+' is allowed, as people write komi. nullopt otherwise ("nan",
// "0x9", " 9", "6.5x", "1e400").
std::optional<double> parse_number(std::string_view s, double min, double max, bool whole = false);

// "D4 E5,F6" and repeated values -> {"D4", "E5", "F6"}: split at each of
// kListSeparators.
inline constexpr std::string_view kListSeparators = ", \t\n\r";
std::vector<std::string> split_list(const std::vector<std::string>& values);

}  // namespace gocount
