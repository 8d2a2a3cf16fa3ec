#include "count/count.h"

#include <cmath>
#include <fmt/format.h>

namespace gocount {

std::string points_text(double v) {
  if (v == 0) v = 0;  // no "-0"
  return fmt::format("{}", v);
}

std::string result_text(double margin) {
  if (margin == 0) return "Draw";
  return (margin > 0 ? "B+" : "W+") + points_text(std::fabs(margin));
}

void add_both(Count& c, const char* label, double black, double white, bool term) {
  c.steps.push_back({label, black, Color::kBlack, term});
  c.steps.push_back({label, white, Color::kWhite, term});
}

void add_margin(Count& c) {
  const double m = c.margin();
  c.steps.push_back(
      {"Margin of victory", std::fabs(m), m > 0 ? Color::kBlack : m < 0 ? Color::kWhite : Color::kEmpty, false});
}

Count count_by_rules(const CountInput& in) {
  return in.rules.scoring == Scoring::kArea ? full_counting(in) : japanese_counting(in);
}

}  // namespace gocount
