// Layer 6: why two counts of one game differ, in words that name the points.
//
// The one place that holds the causes: `compare` takes rule sets apart with
// them, `score` says what the other scoring family makes of its position, and
// the record check (record_check.h) names what reproduces a recorded result.
// Every cause carries its amount, so the parts of a difference add up to it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "board/board.h"
#include "rules/rules.h"

namespace gocount {

struct Scored;

// Why one count differs from another (or from the record).
struct Cause {
  enum class Kind : uint8_t {
    // Found by the record check (a count against the recorded result):
    kSekiAsTerritory,       // territory rules: seki eyes, false eyes, teire counted as territory
    kDeadLeftOnBoard,       // chains the estimate calls dead, counted alive in the record
    kRemovedAsDead,         // chains the estimate counts alive (or is unsure of), removed in the record
    kDeadNotMarked,         // the estimate's dead stones reproduce it (marks absent, estimate off)
    kHandicapCompensation,  // another n, n-1 or none (also between rule sets)
    kOtherScoring,          // an area game counted by territory, or the reverse
    kKomi,                  // another komi (also between rule sets)
    kDameCounted,           // a dame counted for the side beside it (a server's judge gives every point a side)
    kNotFinished,           // the game was not played out: the record's result judges an unfinished position
    kWinnerSwapped,         // the record names the other winner by the same margin
    // Between rule sets:
    kStonesPlaced,   // area counts stones, territory prisoners: the stones each side placed
    kPointsCounted,  // points that count for another side (seki points, teire, dead stones standing, Ing's halves)
    kSekiPrisoners,  // dead stones inside a seki: prisoners under one rule set, not under the other
    kUnexplained,    // what is left when the named parts do not add up
  };
  Kind kind;
  std::string text;            // in words, naming the points
  std::vector<Vertex> points;  // the points named (stones, seki points), for pictures and JSON
  // The other count's margin less this one's (> 0: the other favours Black):
  // the recorded margin less ours, or a column's margin less the base's.
  double amount = 0;
};
std::string_view cause_kind_name(Cause::Kind k);  // "seki_as_territory", ...

// "A7", "A7 and E7", "A7, C3 and E7"; past `most` names, "... and 12 other points".
std::string point_list(const Board& b, const std::vector<Vertex>& points, size_t most = 12);
// "black B8 C4 C5", or "black: the 30-stone chain at B8" when long.
std::string chain_words(const Board& b, Vertex chain, int stones);
// "3 points of handicap compensation (n)", "no handicap compensation".
std::string compensation_words(HandicapCompensation c, int handicap);
// How much a difference favours whom: "+2 for Black under Japanese rules",
// "no change to the margin".
std::string favours_text(double amount, std::string_view under);

// One side of a comparison: a count and the words for its rules ("Chinese
// rules", "Chinese rules with compensation n-1").
struct Counted {
  const Scored& scored;
  std::string rules;
};

// Why `other` gives another margin than `base` (one game, the same marks):
// komi, handicap compensation, the stones placed (area against territory
// counting), the points that count for another side, dead stones in seki.
// Base's rules come first in every sentence; the amounts (other's margin
// less base's) add up to the difference, a kUnexplained part taking any rest.
std::vector<Cause> rule_differences(const Counted& other, const Counted& base);

// Territory rules leave out the points in seki and the teire; a count that
// takes them as territory gives their owner these points (Black's less
// White's). `words`: "the seki eyes A7 and E7, the points still to be filled
// (teire) C5".
struct SekiPoints {
  double amount = 0;
  std::string words;
  std::vector<Vertex> points;
};
SekiPoints seki_points(const Scored& s);

}  // namespace gocount
