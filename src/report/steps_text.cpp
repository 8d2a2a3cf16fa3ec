#include <fmt/format.h>

#include <cmath>

#include "report/words.h"

namespace gocount {

namespace {

std::string handicap_label(HandicapCompensation c) {
  return c == HandicapCompensation::kNMinusOne ? "Handicap (n - 1)" : c == HandicapCompensation::kN ? "Handicap (n)"
                                                                                                  : "Handicap (none)";
}

std::string halved(std::string_view label, double of) { return fmt::format("{} ({} / 2)", label, points_text(of)); }

// The steps whose words depend on the form or the count.
std::string komi_label(const Step& s) {
  switch (s.form) {
    case StepForm::kOrTieBreaker: return "Komi (or tie-breaker)";
    case StepForm::kHalved: return halved("Komi (or tie-breaker)", s.of);
    case StepForm::kTieBreakerLeftOut: return halved("Komi (tie-breaker left out)", s.of);
    default: return "Komi";
  }
}

std::string handicap_step_label(const Count& c, const Step& s) {
  const std::string h = handicap_label(c.compensation);
  if (s.form == StepForm::kHalved) return halved(h, s.of);
  if (s.form == StepForm::kBeyondNMinusOne) return h + " beyond the n - 1 in the fill-in";
  return h;
}

std::string total_points_label(const Count& c, const Step& s) {
  if (s.form != StepForm::kSpelledOut) return "Total points";
  return c.seki ? "Total points (stones + territory + shared liberties)" : "Total points (stones + territory)";
}

std::string half_count_label(const Step& s) {
  // Mays' Simplified Half Counting and Key Numbers take 0.5 off per non-scoring point.
  if (s.form == StepForm::kHalved && s.of != 0)
    return fmt::format("Half count of possible points (less {} / 2)", points_text(s.of));
  return "Half count of possible points";
}

// The labels that are the id's alone.
std::string_view fixed_label(StepId id) {
  static constexpr std::string_view kLabels[] = {
      "Vacant territory", "Stones", "", "", "Territory", "Prisoners captured in play", "Dead stones removed", "",
      "Pass stones received", "White's extra pass (Black passed last)", "", "", "", "Neutral points, half each",
      "Adjusted total points", "Adjusted points", "Territory count", "Area count (adjusted total points)",
      "Margin by territory count", "Margin by area count", "", "", "Key number",
      "Minimum total points needed to win (in effect)", "Total points that draw", "Margin of victory (x 2)",
      "Stones each", "Stones on the board", "Stones left in the container", "Komi stones placed in Black's area",
      "Territory to fill", "Points left unfilled", "Stones left over", "Komi not placed as stones",
      "Territory left after the fill-in", "Prisoners left over", "Points", "Margin of victory"};
  static_assert(std::size(kLabels) == static_cast<size_t>(StepId::kMargin) + 1, "a label for every StepId");
  return kLabels[static_cast<size_t>(id)];
}

}  // namespace

std::string step_label(const Count& c, const Step& s) {
  switch (s.id) {
    case StepId::kTotalPoints: return total_points_label(c, s);
    case StepId::kSharedLiberties: return "Shared liberties filled (" + (c.seki ? seki_filling_text(*c.seki) : "") + ")";
    case StepId::kPrisoners: return s.form == StepForm::kSpelledOut ? "Prisoners (captured and dead)" : "Prisoners";
    case StepId::kKomi: return komi_label(s);
    case StepId::kHandicap: return handicap_step_label(c, s);
    case StepId::kNonScoring: return s.form == StepForm::kHalved ? halved("Non-scoring point", s.of) : "Non-scoring points";
    case StepId::kHalfCount: return half_count_label(s);
    case StepId::kDifference: return s.form == StepForm::kOfKeyNumber ? "Difference (TP - KN)" : "Difference (ATP - HCPP)";
    default: return std::string(fixed_label(s.id));
  }
}

std::string count_note_text(const CountNote& n) {
  switch (n.kind) {
    case CountNote::Kind::kNone: return "";
    case CountNote::Kind::kTieBreakerLeftOut:
      return fmt::format("tie-breaker ({}) left out: White wins a tie, and the margin is off by {}", points_text(n.first),
                         points_text(std::abs(n.first)));
    case CountNote::Kind::kAgaCountsDiffer:
      return fmt::format("the territory count ({}) and the area count ({}) differ by {}: the record does not "
                         "alternate as the AGA rules assume (see the algebra)",
                         result_text(n.first), result_text(n.second), points_text(n.second - n.first));
    case CountNote::Kind::kFillInDiffers:
      return fmt::format("the fill-in ({}) and the stones-and-territory count ({}) differ by {}: the record does "
                         "not alternate moves as the method assumes (see the algebra)",
                         result_text(n.first), result_text(n.second), points_text(n.second - n.first));
  }
  return "";
}

std::string seki_filling_text(const SekiFilling& f) {
  const std::string sekis = f.sekis == 1 ? std::string("seki") : fmt::format("{} sekis", f.sekis);
  if (f.convention == SekiFill::kHalf)
    return fmt::format("{}, half a point each: {} each", sekis, points_text(f.each));
  return fmt::format("{}, {}: {} each, {} non-scoring", sekis,
                     f.convention == SekiFill::kMays ? "Mays" : "best practice", points_text(f.each), f.non_scoring);
}

std::string key_number_game(int handicap) {
  return handicap == 0 ? "even" : handicap == 1 ? "no komi" : fmt::format("{} stones", handicap);
}

}  // namespace gocount
