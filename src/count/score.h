// Layer 6: scoring one game end to end: choose the rules and komi, take off
// the dead stones, tally, count by the rule set's method and by any other
// methods asked for, and check the algebra.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/estimate.h"
#include "count/algebra.h"
#include "count/count.h"
#include "count/record_check.h"

namespace gocount {

// When the estimator proposes dead stones.
enum class EstimateMode : uint8_t {
  kAuto,  // when nothing names a dead stone (no record marks, no --dead): the default
  kOn,    // --estimate: also completes the chains the marks leave open
  kOff,   // --no-estimate: marks and --dead only; an unmarked stone counts as alive
};

struct ScoreRequest {
  const Rules* rules = nullptr;  // --rules; nullptr: the record's RU when recognised, else chinese
  std::optional<double> komi;    // --komi; else the record's KM, else the rules' default
  // --dead: points (GTP or SGF form) naming dead chains; replaces the record's marks.
  std::optional<std::vector<std::string>> dead;
  // --alive: chains the players say live (over the record's marks and the estimate).
  std::vector<std::string> alive;
  std::optional<HandicapCompensation> compensation;  // --handicap-compensation
  std::optional<TieRule> tie;                        // --tie
  bool seki_dead_prisoners = false;                  // --seki-dead-prisoners
  std::optional<SekiFill> seki_fill;                 // --seki-fill
  // --territory: enclosed (true: Rules::enclosed_territory) or as the rules
  // say (false); none: enclosed for OGS's records (server_counts_enclosed).
  std::optional<bool> enclosed_territory;
  std::vector<std::string> methods;                  // --method: names, or "all"
  std::vector<Color> sides{Color::kBlack};           // --side, for one-side methods
  bool tie_breaker = true;                           // --no-tie-breaker sets false
  Color adjust = Color::kBlack;                      // --adjust: full counting's komi off Black or to White
  EstimateMode estimate = EstimateMode::kAuto;      // --estimate / --no-estimate
  EstimateOptions estimate_options;                  // the estimator's settings (benchmarks vary them)
  // A judgement already made of this game with the same marks (another rule
  // set's count of it): used as it is, the judge is not run again.
  const Estimate* judged = nullptr;
  bool check_record = true;                          // compare with the record's RE and look for the cause
  bool other_scoring = true;                         // also count by the other scoring family (Scored::other_scoring)
};

enum class Source : uint8_t { kRecord, kOption, kDefault };
std::string_view source_name(Source s);  // "record", "option", "default"

// Who decided a game's dead stones: the record's marks, the options (--dead,
// --alive), the estimate; none of them when the board counts as it stands.
struct DeadSources {
  bool marks = false, option = false, estimate = false;
  bool none() const { return !marks && !option && !estimate; }
};
// The JSON's and the tables' code: "marks", "option", "estimate", "none", or
// a mix such as "marks+estimate".
std::string dead_source_name(const DeadSources& d);

// One count of a tally: what the rules, komi and handicap compensation make
// of the position once its dead stones are off. score_game makes one; the
// record check and the other scoring family count the same tally again
// under other rules (recount), without judging or tallying it again.
struct Counted {
  Rules rules;  // the preset with the request's overrides
  double komi = 0;
  int handicap = 0;
  CountInput input;
  Count count;                // by the rule set's own method
  std::vector<Count> methods; // the methods asked for
  Algebra algebra;
  // Per vertex, for pictures and point lists: whose point each point is
  // under these rules (stones, territory, seki points filled for their
  // owner, shared liberties filled evenly), the points that count for
  // nobody, and those that count half to each side (Ing's neutral points,
  // shared liberties with --seki-fill half).
  std::vector<Color> counts_for;
  std::vector<uint8_t> non_scoring;
  std::vector<uint8_t> half_each;
};

struct Scored : Counted {
  Source rules_source = Source::kDefault;
  Source komi_source = Source::kDefault;
  Tally tally;
  // The dead-stone model: every chain's status and who decided it (record
  // marks, option, estimate, nobody); `dead_from` sums it up.
  std::vector<ChainStatus> chains;
  DeadSources dead_from;
  std::optional<Estimate> estimate;  // when the estimator ran
  RecordCheck record;                // the count against the record's RE
  // The same position (same komi and dead stones) under the other scoring
  // family: Japanese rules for an area count, Chinese for a territory count;
  // the parts say why the margins differ (causes.h). Not for rules that keep
  // dead stones on the board.
  struct OtherScoring {
    std::string rules;    // preset name: "japanese"
    RuleVariant theirs;   // the preset counted under
    RuleVariant ours;     // ours as a variant of its preset (no preset: `ours_title` names them)
    std::string_view ours_title;
    std::string result;   // RE form
    double margin = 0;
    TieRule tie = TieRule::kDraw;  // who wins where its margin is 0
    std::vector<Cause> parts;  // the other's margin less ours, in parts
  };
  std::optional<OtherScoring> other_scoring;
};

// Who each point ends up with, row-major (index y * width + x, y = 0 the top
// row), in [-1, 1], Black positive (KataGo's form).
struct Ownership {
  std::vector<float> values;
  bool estimated = false;  // the estimator's; else the count's
  Judge judge = Judge::kPlayouts;  // when estimated: whose
};
// The estimator's ownership when it ran, else the count's: a stone left on
// the board is its colour's, an empty point is whose it counts for (0 when
// nobody's or half each's).
Ownership point_ownership(const Scored& s);
// The same into `into`, whose storage is used again.
void point_ownership(const Scored& s, Ownership& into);
// Whether point_ownership gives the estimator's ownership (else the count's).
bool ownership_estimated(const Scored& s);
// The count's ownership of each point (1, 0 or -1), row-major as
// Ownership's, calling f(i, sign) for each: what point_ownership gives
// where the estimator did not run, without the floats.
template <class F>
void for_each_count_owner(const Scored& s, F&& f) {
  // By masks and a table, not branches: the colours follow no pattern.
  static constexpr int8_t kSign[] = {0, 1, -1, 0};  // by Color
  const Board& b = s.tally.board;
  const Color* here = b.colors().data();
  const Color* counts_for = s.counts_for.data();
  int i = 0;
  b.for_each_point([&](Vertex v) {
    const auto stone = static_cast<unsigned>(here[v]), empty_for = static_cast<unsigned>(counts_for[v]);
    f(i++, kSign[stone | (empty_for & (0u - unsigned{stone == 0}))]);
  });
}

// OGS compensates a one-stone handicap too (White moving first against one
// black stone: 1 point) under its area rules that compensate n stones, where
// the rules begin at two (Mays: the no-komi game). Of the one-stone Chinese
// records of ogs-9x9-teeny-go outside its test files whose board as it
// stands reproduces RE one way or the other, 421 gave the point and 9 did
// not. A record scored on OGS under its RU (not --rules, not
// --handicap-compensation) is counted as OGS counts it, with a note.
bool server_compensates_one_stone(const Game& game, const ScoreRequest& request, Source rules_source,
                                  const Rules& rules);
// Whether the record is counted as OGS counts territory (every point one
// colour encloses, seki eyes and teire too; dead stones inside a seki as
// prisoners) where its territory rules would leave those points out. Of the
// OGS 9x9 records outside the test files whose count has such points and
// that reproduce RE one way or the other, 1,161 counted them as territory
// and 254 did not; of those played from February 2014 on (OGS's present
// site), 1,154 and 214 (see kOgsEnclosesFrom). A record scored on OGS under
// its RU (not --rules, not --territory) is counted so, with a note when
// such points are on the board.
bool server_counts_enclosed(const Game& game, const ScoreRequest& request, Source rules_source, const Rules& rules);
// The rules a record is scored under: `forced`, else its RU when recognised, else chinese.
const Rules& rules_for(std::string_view record_rules, const Rules* forced, Source* source = nullptr);
// The preset with the request's overrides applied.
Rules effective_rules(const Rules& preset, const ScoreRequest& request);
// The methods `names` stands for under `rules` ("all": every method that
// applies). Throws std::invalid_argument for an unknown name or a method that
// does not count what the rules count.
std::vector<const MethodInfo*> resolve_methods(const std::vector<std::string>& names, const Rules& rules);
// Runs the methods for each side asked (one-side methods once per side).
std::vector<Count> run_methods(const std::vector<const MethodInfo*>& methods, const CountInput& in,
                               const std::vector<Color>& sides);
void run_methods(const std::vector<const MethodInfo*>& methods, const CountInput& in, const std::vector<Color>& sides,
                 std::vector<Count>& out);
// The other scoring family's preset (Japanese for area rules, Chinese for
// territory rules) with the request's overrides, less its compensation: the
// preset's own.
Rules other_family_rules(const Rules& rules, const ScoreRequest& request);
// Counts `tally` (of `game`) under `rules` and `komi`: the count input, the
// rules' count, `methods`, the algebra and the points. The request gives
// only the method options (tie-breaker, adjust, sides).
Counted recount(const Game& game, const Tally& tally, const Rules& rules, double komi, const ScoreRequest& request,
                const std::vector<const MethodInfo*>& methods = {});
// The same into `out`, every field set again and its lists' storage kept.
void recount(const Game& game, const Tally& tally, const Rules& rules, double komi, const ScoreRequest& request,
             const std::vector<const MethodInfo*>& methods, Counted& out);
// Only the count input and the rules' count (its margin): the record check
// tries variants that rarely reproduce the record. The algebra, the methods
// and the points in `out` are left as they were.
void recount_margin(const Game& game, const Tally& tally, const Rules& rules, double komi, const ScoreRequest& request,
                    Counted& out);
// Throws std::invalid_argument (DeadStoneError for a bad --dead point, or an
// unusable --method, or a chain with no liberty: a set-up position no game
// reaches).
Scored score_game(const Game& game, const ScoreRequest& request);
// The same into `out`, which a worker holds across games: every field is set
// again, and the lists keep their storage, so with the estimator off (and no
// --method) a warm `out` is scored without the heap. After a throw `out` is
// left part filled.
void score_game(const Game& game, const ScoreRequest& request, Scored& out);

}  // namespace gocount
