// The words of the estimator's evidence (analysis/estimate.h): why a chain is
// dead, alive or in seki.
#include <algorithm>
#include <fmt/format.h>

#include "report/words.h"

namespace gocount {

namespace {

// "survives 93% of playouts", "dead with 93% chance (ownership model)"...
std::string judge_words(const Evidence& e) {
  const double share = e.unsure || e.rate >= 0.5 ? e.rate : 1 - e.rate;
  int pct = static_cast<int>(share * 100 + 0.5);
  if (pct == 100 && share < 1) pct = 99;  // not sure is never 100%
  if (e.judge == Judge::kPlayouts && e.model_rate >= 0) {
    const double m = e.model_rate < 0.5 ? 1 - e.model_rate : e.model_rate;
    const bool flip = std::max(e.rate, 1 - e.rate) < kUnsureBelow;
    return fmt::format("survives {}% of playouts, {}; {} with {}% chance (ownership model)",
                       static_cast<int>(e.rate * 100 + 0.5), flip ? "a coin flip" : "not settled",
                       e.model_rate < 0.5 ? "dead" : "lives", std::min(99, static_cast<int>(m * 100 + 0.5)));
  }
  if (e.judge == Judge::kPlayouts)
    return e.unsure ? fmt::format("survives {}% of playouts: a coin flip, counted as it stands", pct)
           : e.rate < 0.5 ? fmt::format("captured in {}% of playouts", pct)
                          : fmt::format("survives {}% of playouts", pct);
  const char* by = e.playouts_too ? "ownership model and playouts" : "ownership model";
  return e.unsure ? fmt::format("lives with {}% chance ({}): a coin flip, counted as it stands", pct, by)
         : e.rate < 0.5 ? fmt::format("dead with {}% chance ({})", pct, by)
                        : fmt::format("lives with {}% chance ({})", pct, by);
}

std::string shape_words(Evidence::Shape s, Color other) {
  switch (s) {
    case Evidence::Shape::kInsideTerritory: return fmt::format("inside {}'s territory, ", color_name(other));
    case Evidence::Shape::kTwoEyes: return "two eyes or more, ";
    case Evidence::Shape::kOneEye: return "one eye, ";
    case Evidence::Shape::kNone: break;
  }
  return "";
}

// "inside white's territory, 2 liberties against 3 of white's D5; white
// captures it with B3, A1; ": the verdict in the position's terms.
std::string terms_words(const Board& b, const ChainEstimate& ce) {
  const Evidence& e = ce.reason;
  const Color other = opponent(ce.color);
  std::string out = shape_words(e.shape, other);
  if (e.shape != Evidence::Shape::kTwoEyes) {
    out += fmt::format("{} libert{}", e.liberties, e.liberties == 1 ? "y" : "ies");
    if (e.against != kNoVertex)
      out += fmt::format(" against {} of {}'s {}", e.against_liberties, color_name(other), to_gtp(b, e.against));
    out += "; ";
  }
  if (!e.points.empty()) {
    std::string list;
    for (Vertex v : e.points) list += (list.empty() ? "" : ", ") + to_gtp(b, v);
    out += fmt::format("{} captures it with {}; ", color_name(other), list);
  }
  return out;
}

// "seki: shares C3 and D4 with white's E5, no two eyes"
std::string seki_words(const Board& b, const ChainEstimate& ce) {
  const Evidence& e = ce.reason;
  if (e.points.empty()) return "seki: liberties shared with the opponent, no two eyes";
  return fmt::format("seki: shares {} with {}'s {}, no two eyes", point_list(b, e.points, e.points.size()),
                     color_name(opponent(ce.color)),
                     to_gtp(b, e.against));
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
std::string one_eye_words(const Board& b, const Evidence& e) {
  const std::string space = point_list(b, e.points, e.points.size());
  constexpr std::string_view kAround = "the chains around it cannot be taken first";
  if (e.killing == KillingShape::kSmall)
    return fmt::format("one eye: its only liberties, {}, are too few for two; {}", space, kAround);
  return fmt::format("one eye: its only liberties, {}, are {}, a killing shape; {}", space,
                     killing_shape_name(e.killing), kAround);
}

// "one eye, G2: once white fills H1, black cannot fill the eye (no liberty
// would be left) and white takes it there, no ko"
std::string filled_out_words(const Board& b, const ChainEstimate& ce) {
  const std::vector<Vertex>& p = ce.reason.points;
  const std::string_view them = color_name(opponent(ce.color));
  if (p.size() == 1)
    return fmt::format("one eye, {}, and no other liberty: {} cannot fill the eye and {} takes it there, no ko",
                       to_gtp(b, p.front()), color_name(ce.color), them);
  return fmt::format("one eye, {}: once {} fills {}, {} cannot fill the eye (no liberty would be left) and {} "
                     "takes it there, no ko",
                     to_gtp(b, p.front()), them, point_list(b, std::vector<Vertex>(p.begin() + 1, p.end())),
                     color_name(ce.color), them);
}

}  // namespace

std::string reason_text(const Board& b, const ChainEstimate& ce) {
  const Evidence& e = ce.reason;
  switch (e.kind) {
    case Evidence::Kind::kNone: return "";
    case Evidence::Kind::kMarkedDead: return "marked dead";
    case Evidence::Kind::kMarkedAlive: return "marked alive";
    case Evidence::Kind::kNotMarked: return "not marked: counted as it stands";
    case Evidence::Kind::kPassAlive: return "pass-alive (Benson)";
    case Evidence::Kind::kJudge: return (e.in_terms ? terms_words(b, ce) : "") + judge_words(e);
    case Evidence::Kind::kRace:
      return fmt::format("wins the race: {} liberties against {} of {}'s {}", e.liberties, e.against_liberties,
                         color_name(opponent(ce.color)), to_gtp(b, e.against));
    case Evidence::Kind::kBentFourInside: return "bent four in the corner: lives, the chain around it is dead";
    case Evidence::Kind::kBentFourAround:
      return "bent four in the corner: dead (by ruling, or the ko once its threats are gone)";
    case Evidence::Kind::kSeki: return seki_words(b, ce);
    case Evidence::Kind::kOneEye: return one_eye_words(b, e);
    case Evidence::Kind::kOpenKo:
      return fmt::format("a ko left open: {} can take it only by taking the ko at {}; counted as it stands",
                         color_name(opponent(ce.color)), to_gtp(b, e.points.front()));
    case Evidence::Kind::kFilledOut: return filled_out_words(b, ce);
    case Evidence::Kind::kEnclosedByDead:
      return fmt::format("lives: the {} chain{} around it ({}) {} dead, so nothing could take it", color_name(opponent(ce.color)),
                         e.points.size() == 1 ? "" : "s", point_list(b, e.points, e.points.size()),
                         e.points.size() == 1 ? "is" : "are");
    case Evidence::Kind::kSmallEye:
      return fmt::format("small eye against a big eye: its eye {} and outside liberties make {} against {} for {}'s {} "
                         "(the big eye and the shared liberties)",
                         point_list(b, e.points, e.points.size()), e.liberties, e.against_liberties,
                         color_name(opponent(ce.color)), to_gtp(b, e.against));
  }
  return "";
}

}  // namespace gocount
