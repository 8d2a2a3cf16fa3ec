// Layer 6: a count made by hand at a real board (`gocount tally`, the web
// API's /api/tally): total points, or territory and stones apart (area
// rules), or territory and prisoners (territory rules), checked against the
// board and run through the methods that can count them.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "count/score.h"

namespace gocount {

struct HandCount {
  int width = 19, height = 19;
  int non_scoring = 0;  // unfilled dame, odd seki liberties
  int handicap = 0;
  std::optional<double> black, white;  // total points (may end in .5 with shared liberties counted half each)
  // Counted apart: vacant territory and stones (area), territory and prisoners (territory rules).
  std::optional<int> territory[2], stones[2], prisoners[2];
};

// A number of a hand count, as a refusal names it.
enum class HandField : unsigned char {
  kBlack, kWhite, kBlackTerritory, kWhiteTerritory, kBlackStones, kWhiteStones, kBlackPrisoners, kWhitePrisoners,
  kHandicap, kNonScoring
};

// A refusal that names numbers to give: kept as data, as each front end
// spells its fields (--black-territory, black-territory, black_territory);
// report/'s hand_refusal_text makes the words. Refusals naming no number
// are plain std::invalid_argument.
struct HandRefusal : std::invalid_argument {
  enum class Kind : unsigned char {
    kTerritoryAndPrisoners,  // `subject` (a rule set) counts territory: give territory, and prisoners
    kPartsOrTotals,          // area: territory and stones of both sides, or total points
    kNoTotal,                // area: neither side's total points
    kTotalPastScoring,       // `field`'s total `value` is past the `limit` scoring points
    kPastBoard,              // `field`'s `value` is past the board's `limit` points
    kMethodNeedsParts,       // `subject` (a method) needs territory and stones apart
    kMethodNeedsBothTotals,  // `subject` needs both sides' total points
  };
  explicit HandRefusal(Kind k, std::string_view subject = {}, HandField f = HandField::kBlack, double value = 0,
                       int limit = 0)
      : std::invalid_argument("a hand count refused (hand_refusal_text says why)"),
        kind(k), subject(subject), field(f), value(value), limit(limit) {}
  Kind kind;
  std::string subject;
  HandField field;
  double value;
  int limit;
};

struct HandResult {
  Rules rules;
  CountInput input;
  double black = 0, white = 0;  // total points (area) or territory (territory rules)
  std::vector<Count> counts;
};

// The methods `request` names (all that can count what was given when none
// are named). Throws HandRefusal for a number to give or past the board,
// std::invalid_argument for what else is inconsistent ("total points 39 +
// 41 + 0 non-scoring do not make the board's 81 points").
HandResult count_by_hand(const HandCount& hand, const ScoreRequest& request);

}  // namespace gocount
