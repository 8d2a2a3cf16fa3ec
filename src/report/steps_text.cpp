#include <fmt/format.h>

#include <cmath>

#include "report/words.h"

namespace gocount {

namespace {

std::string_view handicap_label(HandicapCompensation c) {
  return c == HandicapCompensation::kNMinusOne                                     ? "Handicap (n - 1)"
         : c == HandicapCompensation::kN || c == HandicapCompensation::kNFromOne ? "Handicap (n)"
                                                                                 : "Handicap (none)";
}

void halved(std::string& out, std::string_view label, double of) { append(out, "{} ({} / 2)", label, points_text(of)); }

// The steps whose words depend on the form or the count.
void komi_label(std::string& out, const Step& s) {
  switch (s.form) {
    case StepForm::kOrTieBreaker: out += "Komi (or tie-breaker)"; return;
    case StepForm::kHalved: return halved(out, "Komi (or tie-breaker)", s.of);
    case StepForm::kTieBreakerLeftOut: return halved(out, "Komi (tie-breaker left out)", s.of);
    default: out += "Komi";
  }
}

void handicap_step_label(std::string& out, const Count& c, const Step& s) {
  const std::string_view h = handicap_label(c.compensation);
  if (s.form == StepForm::kHalved) return halved(out, h, s.of);
  out += h;
  if (s.form == StepForm::kBeyondNMinusOne) out += " beyond the n - 1 in the fill-in";
}

std::string_view total_points_label(const Count& c, const Step& s) {
  if (s.form != StepForm::kSpelledOut) return "Total points";
  return c.seki ? "Total points (stones + territory + shared liberties)" : "Total points (stones + territory)";
}

void half_count_label(std::string& out, const Step& s) {
  out += "Half count of possible points";
  // Mays' Simplified Half Counting and Key Numbers take 0.5 off per non-scoring point.
  if (s.form == StepForm::kHalved && s.of != 0) append(out, " (less {} / 2)", points_text(s.of));
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

void step_label(std::string& out, const Count& c, const Step& s) {
  switch (s.id) {
    case StepId::kTotalPoints: out += total_points_label(c, s); return;
    case StepId::kSharedLiberties:
      out += "Shared liberties filled (";
      if (c.seki) seki_filling_text(out, *c.seki);
      out += ')';
      return;
    case StepId::kPrisoners: out += s.form == StepForm::kSpelledOut ? "Prisoners (captured and dead)" : "Prisoners"; return;
    case StepId::kKomi: return komi_label(out, s);
    case StepId::kHandicap: return handicap_step_label(out, c, s);
    case StepId::kNonScoring:
      if (s.form == StepForm::kHalved) return halved(out, "Non-scoring point", s.of);
      if (s.form == StepForm::kNeutral && s.of != 0) return halved(out, "Neutral points, half each", s.of);
      out += s.form == StepForm::kNeutral ? "Neutral points (counted half each)" : "Non-scoring points";
      return;
    case StepId::kHalfCount: return half_count_label(out, s);
    case StepId::kDifference:
      out += s.form == StepForm::kOfKeyNumber ? "Difference (TP - KN)" : "Difference (ATP - HCPP)";
      return;
    default: out += fixed_label(s.id);
  }
}

void count_note_text(std::string& out, const CountNote& n) {
  switch (n.kind) {
    case CountNote::Kind::kNone: return;
    case CountNote::Kind::kTieBreakerLeftOut:
      return append(out, "tie-breaker ({}) left out: White wins a tie, and the margin is off by {}", points_text(n.first),
                    points_text(std::abs(n.first)));
    case CountNote::Kind::kAgaCountsDiffer:
      return append(out,
                    "the territory count ({}) and the area count ({}) differ by {}: the record does not alternate as "
                    "the AGA rules assume (see the algebra)",
                    result_text(n.first), result_text(n.second), points_text(n.second - n.first));
    case CountNote::Kind::kFillInDiffers:
      return append(out,
                    "the fill-in ({}) and the stones-and-territory count ({}) differ by {}: the record does not "
                    "alternate moves as the method assumes (see the algebra)",
                    result_text(n.first), result_text(n.second), points_text(n.second - n.first));
  }
}

void seki_filling_text(std::string& out, const SekiFilling& f) {
  if (f.sekis == 1) out += "seki";
  else append(out, "{} sekis", f.sekis);
  if (f.convention == SekiFill::kHalf) return append(out, ", half a point each: {} each", points_text(f.each));
  append(out, ", {}: {} each, {} non-scoring", f.convention == SekiFill::kMays ? "Mays" : "best practice",
         points_text(f.each), f.non_scoring);
}

std::string key_number_game(int handicap) {
  return handicap == 0 ? "even" : handicap == 1 ? "no komi" : fmt::format("{} stones", handicap);
}

}  // namespace gocount
