// Layer 5: each rule set as plain data. Counting code reads these fields; it
// never asks which rule set it is.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gocount {

enum class Scoring : uint8_t {
  kArea,       // stones on the board + territory (Mays' "total points")
  kTerritory,  // territory + prisoners (Japanese counting)
};

// Points White receives for a handicap of n >= 2 stones (never for 0 or 1).
// kNFromOne: n, a one-stone handicap (White moving first) compensated too,
// as OGS counts its area rules; the rules themselves compensate from two.
enum class HandicapCompensation : uint8_t { kNone, kN, kNMinusOne, kNFromOne };

// Who wins when both sides have the same score.
enum class TieRule : uint8_t { kDraw, kWhiteWins, kBlackWins };

// Empty points that count for nobody at the end (unfilled dame, the odd shared
// liberty of a seki): nobody's (Mays' non-scoring points), or half a point to
// each side (Ing).
enum class NeutralPoints : uint8_t { kNobody, kHalfEach };

// How points inside a seki count (used once seki is told apart from territory).
enum class SekiPolicy : uint8_t {
  kFillEyes,     // eyes and false eyes count for their owner, shared liberties split evenly (Mays)
  kNoTerritory,  // a group in seki owns no territory (Japanese 1989, Korean)
  kAsItStands,   // no filling: an empty point reaching one colour only is its (Tromp-Taylor)
};

// How the shared liberties of the sekis are filled where the rules fill them
// (--seki-fill). The margin is the same in all three; the totals are not.
enum class SekiFill : uint8_t {
  kMays,          // per seki, evenly; an odd one left is a non-scoring point (Mays)
  kBestPractice,  // per seki, evenly; the odd ones left then filled in turn, one seki each (Mays' "best practice")
  kHalf,          // half a point to each side per shared liberty (Chinese rules of 2002): no non-scoring point
};

// Which repetitions are forbidden. gocount replays records with the simple ko
// check only (a record that breaks a superko rule is replayed as written).
enum class KoRule : uint8_t { kSimple, kPositionalSuperko, kSituationalSuperko };

struct Rules {
  std::string_view name;   // preset name, as --rules takes it
  std::string_view title;  // as people write it: "Chinese", "AGA", "New Zealand"
  Scoring scoring;
  HandicapCompensation compensation;
  double komi_even;      // komi when the record gives none, even game
  double komi_handicap;  // ... handicap game, 1 stone (no komi) or more: the tie-breaker
  TieRule tie_even, tie_handicap;
  NeutralPoints neutral;
  SekiPolicy seki;
  bool pass_stones;        // a pass hands the opponent a prisoner (AGA)
  bool white_passes_last;  // if Black passed last, White adds a pass (AGA)
  bool remove_dead;        // false: the board is scored as it stands (Tromp-Taylor)
  bool suicide;            // suicide of one or more stones is a legal move
  KoRule ko;
  // Territory rules: dead stones inside a seki are prisoners (the servers'
  // convention) rather than left out (Japanese Rules of 1989, article 9).
  bool seki_dead_prisoners;
  SekiFill seki_fill;      // where the rules fill shared liberties (fills_shared_liberties)
  std::string_view source; // where these values come from
  // Territory rules: every empty point that one colour alone encloses is its
  // territory, the seki eyes, false eyes and teire too, as OGS counts; not
  // only what the filling leaves as territory (Japanese Rules of 1989). No
  // preset counts so: score_game sets it for OGS's records (--territory).
  bool enclosed_territory = false;
};

// Territory counting under the 1989 rules: the dead stones inside a seki are
// removed but no one's prisoners.
inline bool seki_dead_no_prisoners(const Rules& r) {
  return r.seki == SekiPolicy::kNoTerritory && !r.seki_dead_prisoners;
}

// The rules fill the shared liberties of a seki (area rules whose neutral
// points count for nobody); Ing counts them half to each side as it stands.
inline bool fills_shared_liberties(const Rules& r) {
  return r.seki == SekiPolicy::kFillEyes && r.neutral == NeutralPoints::kNobody;
}

std::span<const Rules> rule_presets();
// A preset by its name or by an SGF RU spelling seen in the wild
// (case, spaces and punctuation ignored); nullptr if unknown.
const Rules* find_rules(std::string_view name);
// An SGF RU as servers and editors write it: find_rules, else the name with
// a year, the word "rules" or words in brackets after it ("Japanese 1989",
// "japanese rules", "Korean (Hanguk)"); nullptr if unknown. Only for
// records: a name typed in an option is taken as it is.
const Rules* find_record_rules(std::string_view ru);
const Rules& default_rules();  // chinese
std::string rule_names();      // "chinese, japanese, ..."

int compensation_points(HandicapCompensation c, int handicap);
inline int compensation_points(const Rules& r, int handicap) { return compensation_points(r.compensation, handicap); }
// Handicap 1 (the no-komi game) and more take the handicap game's values.
double default_komi(const Rules& rules, int handicap);
TieRule tie_rule(const Rules& rules, int handicap);

std::string_view scoring_name(Scoring s);  // "area" / "territory"
// Option spellings: "n", "n-1", "none", "n-from-1" / "draw", "white", "black".
std::string_view compensation_name(HandicapCompensation c);
std::optional<HandicapCompensation> parse_compensation(std::string_view s);
std::string_view tie_name(TieRule t);
std::string_view ko_name(KoRule k);  // "simple", "positional superko", "situational superko"
std::optional<TieRule> parse_tie(std::string_view s);
// "mays", "best-practice", "half"
std::string_view seki_fill_name(SekiFill f);
std::optional<SekiFill> parse_seki_fill(std::string_view s);

// A rule set with overrides of its own, as one column of `gocount compare`
// names it: the preset, then `:key=value` pairs, e.g.
// "chinese:compensation=n-1", "ing:tie=white:komi=7.5", "aga:seki-fill=half",
// "japanese:territory=enclosed".
struct RuleVariant {
  const Rules* preset = nullptr;
  std::optional<HandicapCompensation> compensation;
  std::optional<TieRule> tie;
  std::optional<SekiFill> seki_fill;
  std::optional<double> komi;
  std::optional<bool> enclosed_territory;  // territory=enclosed (true) or rules: Rules::enclosed_territory
};
// nullopt with `error` set ("unknown rules 'moon'", "unknown setting 'x' (known: ...)").
std::optional<RuleVariant> parse_rule_variant(std::string_view spec, std::string* error);
// A setting the rule set leaves nothing to do, as a typing mistake would
// be: territory=enclosed or prisoners of dead stones inside a seki under an
// area count, handicap compensation under a territory count (the handicap
// stones are counted in its prisoners and territory), seki-fill where the
// rules fill no shared liberty. "" where each does something, else the line
// saying why not.
std::string idle_setting(const Rules& rules, bool enclosed_territory, bool seki_dead_prisoners, bool seki_fill,
                         bool compensation);
// The spec back, in the order above: "chinese:compensation=n-1".
std::string rule_variant_name(const RuleVariant& v);
// A variant's komi as its spec spells it: "7.5", "7".
std::string komi_text(double k);

}  // namespace gocount
