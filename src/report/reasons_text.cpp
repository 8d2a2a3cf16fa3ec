// The words of the estimator's evidence (analysis/estimate.h): why a chain is
// dead, alive or in seki.
#include <algorithm>

#include <fmt/format.h>

#include "report/words.h"

namespace gocount {

namespace {

// "survives 93% of playouts", "dead with 93% chance (ownership model)"...
void judge_words(std::string& out, const Evidence& e) {
  const double share = e.unsure || e.rate >= 0.5 ? e.rate : 1 - e.rate;
  int pct = static_cast<int>(share * 100 + 0.5);
  if (pct == 100 && share < 1) pct = 99;  // not sure is never 100%
  if (e.judge == Judge::kPlayouts && e.model_rate >= 0) {
    const double m = e.model_rate < 0.5 ? 1 - e.model_rate : e.model_rate;
    const bool flip = std::max(e.rate, 1 - e.rate) < kUnsureBelow;
    return append(out, "survives {}% of playouts, {}; {} with {}% chance (ownership model)",
                  static_cast<int>(e.rate * 100 + 0.5), flip ? "a coin flip" : "not settled",
                  e.model_rate < 0.5 ? "dead" : "lives", std::min(99, static_cast<int>(m * 100 + 0.5)));
  }
  if (e.judge == Judge::kPlayouts) {
    if (e.unsure) return append(out, "survives {}% of playouts: a coin flip, counted as it stands", pct);
    if (e.rate < 0.5) return append(out, "captured in {}% of playouts", pct);
    return append(out, "survives {}% of playouts", pct);
  }
  const char* by = e.playouts_too ? "ownership model and playouts" : "ownership model";
  if (e.unsure) return append(out, "lives with {}% chance ({}): a coin flip, counted as it stands", pct, by);
  if (e.rate < 0.5) return append(out, "dead with {}% chance ({})", pct, by);
  append(out, "lives with {}% chance ({})", pct, by);
}

void shape_words(std::string& out, Evidence::Shape s, Color other) {
  switch (s) {
    case Evidence::Shape::kInsideTerritory: return append(out, "inside {}'s territory, ", color_name(other));
    case Evidence::Shape::kTwoEyes: out += "two eyes or more, "; return;
    case Evidence::Shape::kOneEye: out += "one eye, "; return;
    case Evidence::Shape::kNone: return;
  }
}

// "inside white's territory, 2 liberties against 3 of white's D5; white
// captures it with B3, A1; ": the verdict in the position's terms.
void terms_words(std::string& out, const Board& b, const ChainEstimate& ce) {
  const Evidence& e = ce.reason;
  const Color other = opponent(ce.color);
  shape_words(out, e.shape, other);
  if (e.shape != Evidence::Shape::kTwoEyes) {
    append(out, "{} libert{}", e.liberties, e.liberties == 1 ? "y" : "ies");
    if (e.against != kNoVertex)
      append(out, " against {} of {}'s {}", e.against_liberties, color_name(other), to_gtp(b, e.against));
    out += "; ";
  }
  if (!e.points.empty()) {
    append(out, "{} captures it with ", color_name(other));
    for (size_t i = 0; i < e.points.size(); ++i) {
      if (i) out += ", ";
      out += to_gtp(b, e.points[i]);
    }
    out += "; ";
  }
}

// "seki: shares C3 and D4 with white's E5, no two eyes"
void seki_words(std::string& out, const Board& b, const ChainEstimate& ce) {
  const Evidence& e = ce.reason;
  if (e.points.empty()) {
    out += "seki: liberties shared with the opponent, no two eyes";
    return;
  }
  out += "seki: shares ";
  point_list(out, b, e.points, e.points.size());
  append(out, " with {}'s {}, no two eyes", color_name(opponent(ce.color)), to_gtp(b, e.against));
}

const char* killing_shape_name(KillingShape k) {
  switch (k) {
    case KillingShape::kNone: return "";
    case KillingShape::kSmall: return "";
    case KillingShape::kSquareFour: return "a square four";
    case KillingShape::kPyramidFour: return "a pyramid four";
    case KillingShape::kCrossedFive: return "a crossed five";
    case KillingShape::kBulkyFive: return "a bulky five";
    case KillingShape::kRabbitySix: return "a rabbity six";
  }
  return "";
}

// "one eye: its only liberties, D1 D2 E1 E2, are a square four, a killing
// shape; the chains around it cannot be taken first"
void one_eye_words(std::string& out, const Board& b, const Evidence& e) {
  const std::string space = point_list(b, e.points, e.points.size());
  constexpr std::string_view kAround = "the chains around it cannot be taken first";
  if (e.killing == KillingShape::kSmall)
    return append(out, "one eye: its only liberties, {}, are too few for two; {}", space, kAround);
  append(out, "one eye: its only liberties, {}, are {}, a killing shape; {}", space, killing_shape_name(e.killing),
         kAround);
}

// "one eye, G2: once white fills H1, black cannot fill the eye (no liberty
// would be left) and white takes it there, no ko"
void filled_out_words(std::string& out, const Board& b, const ChainEstimate& ce) {
  const std::vector<Vertex>& p = ce.reason.points;
  const std::string_view them = color_name(opponent(ce.color));
  if (p.size() == 1)
    return append(out, "one eye, {}, and no other liberty: {} cannot fill the eye and {} takes it there, no ko",
                  to_gtp(b, p.front()), color_name(ce.color), them);
  append(out,
         "one eye, {}: once {} fills {}, {} cannot fill the eye (no liberty would be left) and {} "
         "takes it there, no ko",
         to_gtp(b, p.front()), them, point_list(b, std::vector<Vertex>(p.begin() + 1, p.end())),
         color_name(ce.color), them);
}

}  // namespace

void reason_text(std::string& out, const Board& b, const ChainEstimate& ce) {
  const Evidence& e = ce.reason;
  switch (e.kind) {
    case Evidence::Kind::kNone: return;
    case Evidence::Kind::kMarkedDead: out += "marked dead"; return;
    case Evidence::Kind::kMarkedAlive: out += "marked alive"; return;
    case Evidence::Kind::kNotMarked: out += "not marked: counted as it stands"; return;
    case Evidence::Kind::kPassAlive: out += "pass-alive (Benson)"; return;
    case Evidence::Kind::kJudge:
      if (e.in_terms) terms_words(out, b, ce);
      return judge_words(out, e);
    case Evidence::Kind::kRace:
      return append(out, "wins the race: {} liberties against {} of {}'s {}", e.liberties, e.against_liberties,
                    color_name(opponent(ce.color)), to_gtp(b, e.against));
    case Evidence::Kind::kBentFourInside: out += "bent four in the corner: lives, the chain around it is dead"; return;
    case Evidence::Kind::kBentFourAround:
      out += "bent four in the corner: dead (by ruling, or the ko once its threats are gone)";
      return;
    case Evidence::Kind::kSeki: return seki_words(out, b, ce);
    case Evidence::Kind::kOneEye: return one_eye_words(out, b, e);
    case Evidence::Kind::kOpenKo:
      return append(out, "a ko left open: {} can take it only by taking the ko at {}; counted as it stands",
                    color_name(opponent(ce.color)), to_gtp(b, e.points.front()));
    case Evidence::Kind::kFilledOut: return filled_out_words(out, b, ce);
    case Evidence::Kind::kEnclosedByDead:
      return append(out, "lives: the {} chain{} around it ({}) {} dead, so nothing could take it",
                    color_name(opponent(ce.color)), e.points.size() == 1 ? "" : "s",
                    point_list(b, e.points, e.points.size()), e.points.size() == 1 ? "is" : "are");
    case Evidence::Kind::kAloneAmongDead:
      return append(out,
                    "dies with its group: the {} chain{} beside it ({}) {} dead, which leaves it alone inside {}'s "
                    "living stones; survives {}% of playouts, not settled",
                    color_name(ce.color), e.points.size() == 1 ? "" : "s", point_list(b, e.points, e.points.size()),
                    e.points.size() == 1 ? "is" : "are", color_name(opponent(ce.color)),
                    static_cast<int>(e.rate * 100 + 0.5));
    case Evidence::Kind::kSmallEye:
      return append(out,
                    "small eye against a big eye: its eye {} and outside liberties make {} against {} for {}'s {} "
                    "(the big eye and the shared liberties)",
                    point_list(b, e.points, e.points.size()), e.liberties, e.against_liberties,
                    color_name(opponent(ce.color)), to_gtp(b, e.against));
  }
}

}  // namespace gocount
