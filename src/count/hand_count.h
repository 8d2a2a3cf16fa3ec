// Layer 6: a count made by hand at a real board (`gocount tally`, the web
// API's /api/tally): total points, or territory and stones apart (area
// rules), or territory and prisoners (territory rules, and AGA rules, whose
// prisoners hold the pass stones), checked against the board and run through
// the methods that can count them.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "count/score.h"

namespace gocount {

struct HandCount {
  int width = 19, height = 19;
  int non_scoring = 0;  // unfilled dame, odd seki liberties
  int handicap = 0;
  std::optional<double> black, white;  // total points (may end in .5 with shared liberties counted half each)
  // Counted apart: vacant territory and stones (area), territory and
  // prisoners (territory rules; AGA rules, a stone for every pass among them).
  std::optional<int> territory[2], stones[2], prisoners[2];
};

// A number of a hand count or of the key numbers' board, as a refusal names it.
enum class HandField : unsigned char {
  kBlack, kWhite, kBlackTerritory, kWhiteTerritory, kBlackStones, kWhiteStones, kBlackPrisoners, kWhitePrisoners,
  kHandicap, kNonScoring, kSize, kWidth, kHeight, kTieBreaker
};

// A refusal that names numbers to give: kept as data, as each front end
// spells its fields (--black-territory, black-territory, black_territory);
// report/'s hand_refusal_text makes the words. Refusals naming no number
// are plain std::invalid_argument.
struct HandRefusal : std::invalid_argument {
  enum class Kind : unsigned char {
    kTerritoryAndPrisoners,  // `subject` (a rule set) counts territory: give territory, and prisoners
    kAreaOrTerritory,        // `subject` (AGA rules) counts either: total points, territory and stones, or
                             // territory and prisoners, one of them
    kPartsOrTotals,          // area: territory and stones of both sides, or total points
    kNoTotal,                // area: neither side's total points
    kTotalPastScoring,       // `field`'s total `value` is past the `limit` scoring points
    kPastBoard,              // `field`'s `value` is past the board's `limit` points
    kMethodNeedsParts,       // `subject` (a method) needs territory and stones apart
    kMethodNeedsBothTotals,  // `subject` needs both sides' total points
    kMethodCountsArea,       // `subject` (a method) counts stones and territory, not territory and prisoners
    kMethodNeedsPrisoners,   // `subject` (AGA Counting) needs territory and prisoners, not total points
    kOutOfRange,             // `field`'s `value` is not from `low` to `limit` (NaN neither)
    kSizeAndSides,           // the board given both as a size and by a side (one was dropped without a word)
    kSideAlone,              // `field` (width or height) given without the other (which was 19)
    kNoBoard,                // no board given where one must be
  };
  explicit HandRefusal(Kind k, std::string_view subject = {}, HandField f = HandField::kBlack, double value = 0,
                       int limit = 0)
      : std::invalid_argument("a hand count refused (hand_refusal_text says why)"),
        kind(k), subject(subject), field(f), value(value), limit(limit) {}
  static HandRefusal out_of_range(HandField f, double value, int low, int high) {
    HandRefusal r(Kind::kOutOfRange, {}, f, value, high);
    r.low = low;
    return r;
  }
  Kind kind;
  std::string subject;
  HandField field;
  double value;
  int limit;
  int low = 0;
};

// The board of tally and keynumbers as the command and the server are given
// it: a size (square), or a width and a height. Its sides from 1 to 52, one
// way only (size with width, one was dropped without a word; width alone,
// the height was 19); none given, a square of `fallback` (none: refused, a
// board must be given). Throws HandRefusal.
struct BoardGiven {
  std::optional<int> size, width, height;
};
std::pair<int, int> board_of(const BoardGiven& board, std::optional<int> fallback);

// Each number of `hand` in its range: the sides from 1 to 52; the counts
// and totals from 0 to 2704 (what any board holds), and not past this
// board's points (the totals: its scoring points) but the prisoners, as a
// long game's captures may pass them. Throws HandRefusal; count_by_hand
// checks them first.
void check_hand_count(const HandCount& hand);
// The key numbers' board: its sides, the non-scoring points as a hand
// count's, the tie-breaker from -1000 to 1000 as komi. Throws HandRefusal.
void check_key_board(int width, int height, int non_scoring, std::optional<double> tie_breaker);

struct HandResult {
  Rules rules;
  CountInput input;
  bool by_territory = false;    // territory and prisoners were counted (territory rules, or AGA's by territory)
  double black = 0, white = 0;  // total points, or territory (by_territory)
  std::vector<Count> counts;
};

// The methods `request` names (all that can count what was given when none
// are named). Throws HandRefusal for a number to give or past the board,
// std::invalid_argument for what else is inconsistent ("total points 39 +
// 41 + 0 non-scoring do not make the board's 81 points").
HandResult count_by_hand(const HandCount& hand, const ScoreRequest& request);

}  // namespace gocount
