// Layer 6: the options of a count by name, as the command line, the web API
// and the GTP engine take them, turned into a ScoreRequest in one place.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "count/score.h"

namespace gocount {

struct ScoreOptions {
  std::string rules;                              // --rules ("": the record's RU, else chinese)
  std::optional<double> komi;                     // --komi
  std::optional<std::vector<std::string>> dead;   // --dead: points; given (even empty) replaces the marks
  std::vector<std::string> alive;                 // --alive
  std::string compensation, tie, seki_fill;       // --handicap-compensation, --tie, --seki-fill ("": the rules')
  bool seki_dead_prisoners = false;               // --seki-dead-prisoners
  std::string estimate = "auto";                  // auto, on (--estimate), off (--no-estimate)
  std::string judge = "playouts";                 // --judge: playouts, model (the estimator's judge)
  std::vector<std::string> methods;               // --method
  std::string side = "black";                     // --side: black, white, both
  std::string adjust = "black";                   // --adjust: black, white
  bool no_tie_breaker = false;                    // --no-tie-breaker
};

// A number given by name (an option's value, a GTP argument) read strictly:
// the whole text a finite number from `min` to `max`, whole when asked; a
// leading '+' is allowed, as people write komi. nullopt otherwise ("nan",
// "0x9", " 9", "6.5x", "1e400").
std::optional<double> parse_number(std::string_view s, double min, double max, bool whole = false);

// "D4 E5,F6" and repeated values -> {"D4", "E5", "F6"}.
std::vector<std::string> split_list(const std::vector<std::string>& values);

// Fills `r` from `o`; returns what is wrong ("unknown rules 'moon' (known:
// ...)", "--seki-fill: 'x' is not mays, best-practice or half"), or "".
std::string apply_options(const ScoreOptions& o, ScoreRequest& r);

}  // namespace gocount
