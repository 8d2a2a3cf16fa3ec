// Layer 6: why two counts of one game differ, as kinds, amounts and points
// (report/causes_text.cpp words them).
//
// The one place that holds the causes: `compare` takes rule sets apart with
// them, `score` says what the other scoring family makes of its position, and
// the record check (record_check.h) names what reproduces a recorded result.
// Every cause carries its amount, so the parts of a difference add up to it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/estimate.h"
#include "board/board.h"
#include "rules/rules.h"

namespace gocount {

struct Counted;
struct Scored;
struct Tally;

// What a point is, in the count that removed the dead stones.
struct PointKind {
  enum What : uint8_t { kStone, kDead, kTerritory, kSekiEye, kFalseEye, kTeire, kShared, kDame, kOneSided, kUnsealed };
  What what;
  Color colour = Color::kEmpty;  // the stone's, or the territory's owner
  bool operator==(const PointKind&) const = default;
  bool in_seki() const { return what == kSekiEye || what == kFalseEye || what == kShared; }
};
// What a point counts for under a count's rules.
enum class PointValue : uint8_t { kNoOne, kBlack, kWhite, kHalf };

// Points of one kind, named together: "the seki eyes A7 and E7".
struct PointGroup {
  PointKind kind;
  std::vector<Vertex> points;
  bool operator==(const PointGroup&) const = default;
};

// Area counting counts the stones on the board, territory counting the
// prisoners: the stones each side placed, and why (the algebra's terms).
struct StonesPlaced {
  int placed = 0;          // Black's less White's
  bool base_area = false;  // the base counts area (stones), the other territory
  int P = 0, H = 0, Wz = 0, Bz = 0;
  double setup = 0, rest = 0;  // as the algebra has them
  bool diagram = false;
  bool operator==(const StonesPlaced&) const = default;
};

// How the komi of a count was found, as the record check words it.
enum class KomiFrom : uint8_t { kGiven, kDefault, kRecord, kFoxZero, kNoKm };

// Why one count differs from another (or from the record). The words are
// made in report (causes_text.cpp) from the kind and the data below.
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
    kWholeBoard,            // every stone of one side counted dead: the whole board is the other's
    kSekiNotTerritory,      // the reverse of kSekiAsTerritory: counted as OGS does, the record leaves them out
    // Between rule sets:
    kStonesPlaced,   // area counts stones, territory prisoners: the stones each side placed
    kPointsCounted,  // points that count for another side (seki points, teire, dead stones standing, Ing's halves)
    kSekiPrisoners,  // dead stones inside a seki: prisoners under one rule set, not under the other
    kUnexplained,    // what is left when the named parts do not add up
  };
  Kind kind;
  std::vector<Vertex> points;  // the points named (stones, seki points), for pictures and JSON
  // The other count's margin less this one's (> 0: the other favours Black):
  // the recorded margin less ours, or a column's margin less the base's.
  double amount = 0;

  // What the words need beyond the points, by kind. [0] is the base's (or
  // ours), [1] the other's (or the record's).
  std::array<double, 2> komi{};                       // kKomi
  KomiFrom komi_from = KomiFrom::kRecord;             // kKomi, record check
  std::array<HandicapCompensation, 2> compensation{};  // kHandicapCompensation
  int handicap = 0;
  bool one_stone = false;             // kHandicapCompensation: OGS's point for a one-stone handicap
  std::string_view rules_title;       // record check: ours ("Chinese"); kOtherScoring: theirs in `theirs_title`
  std::string_view theirs_title;
  std::vector<Cause> parts;           // kOtherScoring: why the families differ
  StonesPlaced stones;                // kStonesPlaced
  PointKind what{PointKind::kStone};  // kPointsCounted
  std::vector<PointValue> in_base, in_other;  // kPointsCounted: each point's value, as `points`
  bool base_territory = false, other_territory = false;
  bool dead_standing = false;         // kPointsCounted: one count leaves the dead stones standing:
  bool standing_in_base = false;      // ... the base's (else the other's)
  std::vector<ChainEstimate> chains;  // kDeadLeftOnBoard, kRemovedAsDead: the chains flipped
  int dame = 0;                       // kDameCounted: how many the record counts
  Color side = Color::kEmpty;         // kDameCounted: for whom
  bool ogs = false;                   // kDameCounted: OGS's scorer counted it (else Fox's judge)
  bool unjudged = false;              // kDeadNotMarked: not judged (--no-estimate)
  // Record check: also counts these seki points as territory (or, with
  // `seki_left_out`, leaves out those our count gave as OGS counts); also
  // fits unjudged dead stones.
  std::vector<PointGroup> seki;
  bool seki_left_out = false;
  // ... and the dead stones inside a seki, which the reading counts as the
  // count did: as prisoners where `seki_dead_prisoners` (OGS's records,
  // --seki-dead-prisoners, --territory enclosed), else not (the 1989 rules).
  std::vector<Vertex> seki_dead;
  bool seki_dead_prisoners = false;
  bool or_unjudged = false;
};
std::string_view cause_kind_name(Cause::Kind k);  // "seki_as_territory", ...

// Why `other` gives another margin than `base` (one game, the same marks):
// komi, handicap compensation, the stones placed (area against territory
// counting), the points that count for another side, dead stones in seki.
// The amounts (other's margin less base's) add up to the difference, a
// kUnexplained part taking any rest. Each count comes with the tally it
// counted (a recount shares its Scored's).
std::vector<Cause> rule_differences(const Counted& other, const Tally& other_tally, const Counted& base,
                                    const Tally& base_tally);
// The same into `out`, whose causes are recycled: their lists keep their
// storage for the next game's (a worker holding one Scored: no heap once warm).
void rule_differences(const Counted& other, const Tally& other_tally, const Counted& base, const Tally& base_tally,
                      std::vector<Cause>& out);
std::vector<Cause> rule_differences(const Scored& other, const Scored& base);

// Territory rules leave out the points in seki and the teire; a count that
// takes them as territory gives their owner these points (Black's less
// White's). What counting them the other way moves the margin by: this,
// or its opposite where `s` counted them (Rules::enclosed_territory).
double seki_amount(const Counted& s, const Tally& t);
// Names those points in `c`: the seki eyes, false eyes and teire, a group
// each, appended to `c.seki` (and, with `with_points`, to `c.points`); where
// `s` counted them, `c.seki_left_out`.
void name_seki_points(const Counted& s, const Tally& t, Cause& c, bool with_points);

// Causes recycled per thread: a cause taken keeps the storage of its lists
// from one given back earlier, so a worker's records need no heap once warm.
// A cause given back gives back its parts too.
Cause take_cause(Cause::Kind kind);
void give_back(Cause&& c);
void give_back(std::vector<Cause>& list);  // left empty

}  // namespace gocount
