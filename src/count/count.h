// Layer 6: counting methods. Each method is one file that turns the numbers of
// a finished game into the ordered steps a person writes down (each an id;
// src/report words them in the seeds' terms), and a result. One sign
// convention everywhere: margin > 0 means Black wins.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/tally.h"
#include "rules/rules.h"

namespace gocount {

// One side's numbers. `territory` and `stones` are known when a position was
// counted; a hand count may give only the total points.
struct SideCount {
  // Stones + vacant territory (+ shared liberties filled) (Mays); a half
  // point with --seki-fill half and an odd number of shared liberties.
  double total_points = 0;
  std::optional<int> territory;     // vacant territory (a seki's eyes and false eyes counted in it)
  std::optional<int> stones;        // stones on the board
  // Of the territory, the seki's eyes and false eyes this side fills with its
  // stones before the count (Mays, "How to Deal with Sekis"): stones in the
  // count's table, as Table 14 counts them ("Stones: 29"), not vacant points.
  int seki_filled = 0;
  double shared_filled = 0;         // shared liberties of sekis this side fills (SekiFilling::each)
  int captures = 0;                 // opponent stones taken during play
  int dead_prisoners = 0;           // opponent stones removed as dead at the end
  int prisoners() const { return captures + dead_prisoners; }
  int passes = 0;
};

// Mays, "How to Deal with Sekis": the shared liberties of each seki are
// filled evenly, one Black, one White; an odd one left is a non-scoring
// point (SekiFill has the other conventions). How each shared liberty counts
// once they are filled:
enum class SharedShare : uint8_t { kNone, kBlack, kWhite, kNonScoring, kHalfEach };
struct SekiFilling {
  SekiFill convention = SekiFill::kMays;
  int sekis = 0;        // sekis with shared liberties
  int shared = 0;       // their shared liberties
  double each = 0;      // points each side gets (--seki-fill half: half a point per shared liberty)
  int non_scoring = 0;  // left vacant
};
// The one place that says which shared liberty counts for whom: the counts
// (count_input) and the pictures and point lists (score.cpp) both ask it.
// `share`, when given, receives that per vertex (kNone off the sekis).
// `share` is assigned, so a caller that keeps one needs no heap once warm.
SekiFilling fill_shared_liberties(const Classification& k, SekiFill convention,
                                  std::vector<SharedShare>* share = nullptr);

// What every counting method starts from: one game, or a hand count.
struct CountInput {
  Rules rules;              // the preset with the user's overrides applied
  double komi = 0;
  int handicap = 0;
  int board_points = 361;   // total possible points
  int non_scoring = 0;      // empty points that count for nobody
  std::array<SideCount, 2> side;  // [0] Black, [1] White
  bool position = false;    // territory, prisoners and passes are known (not a hand count)
  // Each side's prisoners known as stones taken in play and dead stones
  // removed; a hand count gives their sum alone (SideCount::captures).
  bool prisoners_apart = true;
  std::optional<SekiFilling> seki;  // the rules fill shared liberties, and the position has some
  Color last_mover = Color::kEmpty;  // who made the last move or pass; kEmpty when unknown
  int setup_excess = 0;     // black minus white stones placed without moves, handicap set-up aside
  // Method options.
  Color counted = Color::kBlack;  // the side a one-side method counts
  bool tie_breaker = true;        // simplified-half: false leaves the tie-breaker out
  // Full counting: komi and handicap taken off Black's total points, as Mays
  // prints his tables (step 6), or added to White's (kWhite).
  Color adjust = Color::kBlack;

  const SideCount& black() const { return side[0]; }
  const SideCount& white() const { return side[1]; }
};

// The numbers of a counted position as `rules` count them: territory with or
// without the points in seki and the teire, shared liberties split evenly or
// not, dead stones in seki as prisoners or not.
CountInput count_input(const Tally& tally, const Rules& rules, double komi, int handicap, Color last_mover);

// What a step is, for programs: the JSON's "id" (report names it), the same
// whatever its label says (a komi step is kKomi, halved or not).
enum class StepId : uint8_t {
  kVacantTerritory, kStones, kTotalPoints, kSharedLiberties, kTerritory, kCaptures, kDeadRemoved, kPrisoners,
  kPassStones, kExtraPass, kKomi, kHandicap, kNonScoring, kNeutralHalf, kAdjustedTotal, kAdjustedPoints,
  kTerritoryCount, kAreaCount, kMarginByTerritory, kMarginByArea, kHalfCount, kDifference, kKeyNumber,
  kMinimumToWin, kDrawsAt, kMarginDoubled, kStonesEach, kStonesOnBoard, kStonesInContainer, kKomiStones,
  kTerritoryToFill, kPointsUnfilled, kStonesLeftOver, kKomiNotPlaced, kTerritoryLeft, kPrisonersLeft, kPoints,
  kMargin,
};

// How a step's label reads beyond its id: report (steps_text.cpp) words it
// in the seeds' terms ("Total points", "Komi (or tie-breaker) (6.5 / 2)").
enum class StepForm : uint8_t {
  kPlain,
  kHalved,             // with "(`of` / 2)": komi, handicap, non-scoring points, the half count less them
  kOrTieBreaker,       // komi that may be only the tie-breaker (Mays)
  kTieBreakerLeftOut,  // komi halved, the tie-breaker left out (--no-tie-breaker)
  kBeyondNMinusOne,    // handicap compensation beyond the n - 1 of Jasiek's fill-in
  kSpelledOut,         // AGA: total points and prisoners with what they are made of
  kOfKeyNumber,        // the difference of total points and key number
  kNeutral,            // non-scoring points that score half each (Ing): halved where `of` is set
};

struct Step {
  StepId id = StepId::kMargin;
  double value = 0;
  Color side = Color::kEmpty;  // whose column; kEmpty for a line about the whole count
  bool term = false;           // an addend, printed with its sign (+21, -6.5)
  StepForm form = StepForm::kPlain;
  double of = 0;               // the number the label names (kHalved): komi, compensation, non-scoring points
};

// What the reader should know about a count, as data (report words it).
struct CountNote {
  enum class Kind : uint8_t {
    kNone,
    kTieBreakerLeftOut,  // `first`: the tie-breaker dropped; White wins a tie
    kAgaCountsDiffer,    // `first`: the margin by territory count, `second` by area count
    kFillInDiffers,      // `first`: the fill-in's margin, `second` the stones-and-territory count's
  };
  Kind kind = Kind::kNone;
  double first = 0, second = 0;
};

struct Count {
  std::string_view method;     // "full", "half", ...
  Color side = Color::kEmpty;  // the side counted, for one-side methods
  std::vector<Step> steps;
  double margin = 0;           // > 0: Black wins
  TieRule tie = TieRule::kDraw;
  std::optional<double> black, white;  // each side's score, for methods that score both sides
  CountNote note;              // what the reader should know (an approximation, a disagreement)
  // What the steps' labels name: the rules' handicap compensation, the seki filling.
  HandicapCompensation compensation = HandicapCompensation::kN;
  std::optional<SekiFilling> seki;
  std::string result() const;  // SGF RE form
};

// SGF RE form: "B+3.5", "W+12", "Draw"; a tie won by rule is "B+0" / "W+0".
std::string result_text(double margin, TieRule tie = TieRule::kDraw);
// Shortest text for a point value: 53, 34.5, -3.25.
std::string points_text(double v);

// The methods, one file each. Each throws std::invalid_argument when the input
// lacks what it needs (a hand count has no territory to fill prisoners into).
Count full_counting(const CountInput& in);             // full.cpp: Mays, Full Counting
void full_counting(const CountInput& in, Count& out);  // the same into `out`, its steps' storage kept
Count half_counting(const CountInput& in);             // half.cpp: Mays, Half Counting
Count simplified_half_counting(const CountInput& in);  // simplified_half.cpp
Count key_numbers(const CountInput& in);               // key_numbers.cpp: Mays, Section 2
Count japanese_counting(const CountInput& in);         // japanese.cpp: fill-in, Sensei's Library
void japanese_counting(const CountInput& in, Count& out);
Count aga_counting(const CountInput& in);              // aga.cpp: pass stones, White passes last
Count ing_counting(const CountInput& in);              // ing.cpp: Ing's containers
Count jasiek_counting(const CountInput& in);           // jasiek.cpp: area score by fill-in

struct MethodInfo {
  std::string_view name;  // as --method takes it
  std::string_view title; // "Full Counting", ...
  Count (*run)(const CountInput&);
  bool one_side;          // counts one side (--side)
  bool needs_position;    // needs territory, prisoners and passes
  bool needs_breakdown;   // needs stones and territory apart, not only total points
  bool (*applies)(const Rules&);  // part of `--method all` for these rules
};
std::span<const MethodInfo> methods();
const MethodInfo* find_method(std::string_view name);
std::string method_names();
// Each side's score as the rules define it, komi and handicap compensation
// given to White: area rules, total points (plus half the neutral points under
// Ing); territory rules, territory + prisoners.
std::array<double, 2> rules_score(const CountInput& in);
// The count that scores a game under its rules: full counting for area rules,
// Japanese counting for territory rules. The second form fills `out`, keeping
// its steps' storage (the count of every game takes this path: no heap once
// warm); the other methods, asked for by name, return a fresh Count.
Count count_by_rules(const CountInput& in);
void count_by_rules(const CountInput& in, Count& out);

// Mays, Section 2: a side's key number and the least total points that win.
struct KeyNumber {
  double half_count;      // half count of possible points, 0.5 off per non-scoring point
  double komi_part;       // +komi/2 for Black, -komi/2 for White
  double handicap_part;   // +compensation/2 for Black, -compensation/2 for White
  double key_number;
  double minimum_to_win;  // "in effect": the least total points that win
  std::optional<double> draws_at;  // the total that draws, when the key number is one and ties stand
};
// `fraction`: the part of a point every total of this side has in this game
// (0.5 when --seki-fill half gives each side half of an odd number of shared
// liberties), so that the least total that wins is one the side can have.
KeyNumber key_number(const Rules& rules, double komi, int handicap, int board_points, int non_scoring, Color side,
                     double fraction = 0);

// Mays' Table 8 for any board and komi: every handicap from 9 stones down to
// 2, the no-komi game and the even game, for both sides.
struct KeyNumberRow {
  int handicap;  // the game: 9 to 2 stones, 1 the no-komi game, 0 the even game
  Color side;
  double handicap_or_komi;  // n / 2 (handicap games) or komi / 2 (even game), signed for the side
  double tie_breaker;       // tie-breaker / 2, signed (handicap and no-komi games)
  KeyNumber k;
};
struct KeyNumberTable {
  std::string_view rules;
  int board_points, non_scoring;
  double komi, tie_breaker;
  std::vector<KeyNumberRow> rows;
};
KeyNumberTable key_number_table(const Rules& rules, int board_points, int non_scoring, double komi,
                                double tie_breaker);

// Japanese fill-in (Sensei's Library, Japanese Counting, steps 1-3): each
// side's prisoners go into the opponent's territory; what is left of a
// territory and any prisoners left over are that side's points.
struct FillIn {
  std::array<int, 2> territory_left{}, prisoners_left{}, points{};
};
FillIn fill_in(std::array<int, 2> territory, std::array<int, 2> prisoners);
// R. Jasiek: every pass hands the opponent a stone, and White passes last: 1
// when Black passed last (White's extra pass, a stone to Black), else 0.
int whites_extra_pass(const CountInput& in);
// The prisoners each side fills into the opponent's territory: the stones it
// took in play and the dead stones it removed; with `pass_stones` (Jasiek,
// AGA) also a stone for every pass of the opponent and White's extra pass.
std::array<int, 2> fill_in_prisoners(const CountInput& in, bool pass_stones);
void add_fill_in_steps(Count& c, const FillIn& f);

// Point values equal up to binary rounding (komi such as 7.01 is halved and
// doubled on the way).
inline bool same_points(double a, double b) { return a - b < 1e-9 && b - a < 1e-9; }

// Step helpers shared by the methods.
// A method's empty count, with what its labels name; the second form resets
// `c` to it, keeping the storage of its steps.
Count start_count(const CountInput& in, std::string_view method);
void start_count(const CountInput& in, std::string_view method, Count& c);
// The shared liberties filled in `side`'s column, or both columns for kEmpty;
// nothing when no seki is filled.
void add_shared_filled(Count& c, const CountInput& in, Color side = Color::kEmpty);
// A one-side method's count with its first steps: vacant territory, stones
// and shared liberties filled (when known), and total points of the side counted.
Count start_one_side(const CountInput& in, std::string_view method);
void add_both(Count& c, StepId id, double black, double white, bool term = false, StepForm form = StepForm::kPlain);
void add_step(Count& c, StepId id, double value, Color side = Color::kEmpty, bool term = false,
              StepForm form = StepForm::kPlain, double of = 0);
// The komi part that is only a tie-breaker (Mays): the 0.5 of a game without
// real komi (no-komi and handicap games), else 0.
double tie_breaker_part(double komi, int handicap);
// Sets the tie rule and adds the margin of victory in the winner's column.
void finish(Count& c, const CountInput& in);

}  // namespace gocount
