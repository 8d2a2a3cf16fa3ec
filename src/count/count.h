// Layer 6: counting methods. Each method is one file that turns a tally into
// the ordered steps a person would write down, in the seeds' own words, and a
// result. One sign convention everywhere: margin > 0 means Black wins.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/tally.h"
#include "rules/rules.h"

namespace gocount {

struct Step {
  std::string label;               // in the seeds' words ("Total points", "Komi", ...)
  double value = 0;
  Color side = Color::kEmpty;      // whose column; kEmpty for a line about the whole board
  bool term = false;               // an addend, printed with its sign (+21, -6.5)
};

struct CountInput {
  const Tally& tally;
  const Rules& rules;
  double komi;
  int handicap;
};

struct Count {
  std::string_view method;      // "full", "japanese", ...
  Color side = Color::kEmpty;   // the side counted, for one-side methods
  std::vector<Step> steps;
  double black = 0, white = 0;  // each side's score, komi and compensation given to White
  double margin() const { return black - white; }
};

// SGF RE form: "B+3.5", "W+12", "Draw".
std::string result_text(double margin);
// Shortest text for a point value: 53, 34.5, -3.25.
std::string points_text(double v);

// Step helpers shared by the methods.
void add_both(Count& c, const char* label, double black, double white, bool term);
void add_margin(Count& c);  // "Margin of victory" in the winner's column

// Mays' Full Counting method: total points of both sides (stones + vacant
// territory), komi and handicap compensation, adjusted total points.
Count full_counting(const CountInput& in);
// Japanese counting (Sensei's Library): territory + prisoners, komi to White.
Count japanese_counting(const CountInput& in);
// The counting the rule set's scoring kind calls for.
Count count_by_rules(const CountInput& in);

}  // namespace gocount
