#include "count/hand_count.h"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

#include "board/board.h"

namespace gocount {

namespace {
[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }
using Refusal = HandRefusal::Kind;
using F = HandField;

constexpr int kMaxCount = Board::kMaxSide * Board::kMaxSide;  // what any board holds
constexpr int kMaxKomi = 1000;                                 // a tie-breaker is a komi

// `v` from `low` to `high` (a NaN is not); refused naming `f` otherwise.
void in_range(HandField f, std::optional<double> v, int low, int high) {
  if (v && !(*v >= low && *v <= high)) throw HandRefusal::out_of_range(f, *v, low, high);
}
// `v` not past the board's `points`.
void on_board(HandField f, std::optional<int> v, int points) {
  if (v && *v > points) throw HandRefusal(Refusal::kPastBoard, {}, f, *v, points);
}

// Rules whose count by territory gives the margin of their count by area:
// the AGA's (Mays, "Achieving Identical Results"; Mathematics of Scoring,
// "AGA Scoring"). Every pass hands the opponent a stone and White passes
// last, so both sides have played as many stones.
bool counts_either_way(const Rules& r) {
  return r.scoring == Scoring::kArea && r.pass_stones && r.white_passes_last;
}

// Territory and prisoners were counted: what territory rules take, and what
// AGA rules take when prisoners are given (totals or stones as well are
// refused by territory_given, as two counts at once).
bool given_by_territory(const HandCount& t, const Rules& rules) {
  if (rules.scoring == Scoring::kTerritory) return true;
  return counts_either_way(rules) && (t.prisoners[0] || t.prisoners[1]);
}

// What to give, refused: AGA rules take three forms, the others one or two.
[[noreturn]] void refuse_form(const Rules& rules, Refusal usual) {
  throw HandRefusal(counts_either_way(rules) ? Refusal::kAreaOrTerritory : usual, rules.name);
}

// Territory and prisoners, as Japanese counting takes them (and AGA
// counting, a stone for every pass among the prisoners).
void territory_given(const HandCount& t, const Rules& rules, CountInput& in, HandResult& r) {
  if (!t.territory[0] || !t.territory[1] || t.black || t.white || t.stones[0] || t.stones[1])
    refuse_form(rules, Refusal::kTerritoryAndPrisoners);
  if (*t.territory[0] + *t.territory[1] > in.board_points)
    fail(fmt::format("territories {} + {} are more than the board's {} points", *t.territory[0], *t.territory[1],
                     in.board_points));
  for (int s = 0; s < 2; ++s) {
    in.side[s].territory = *t.territory[s];
    in.side[s].captures = t.prisoners[s].value_or(0);
  }
  in.position = true;  // territory and prisoners are known
  in.prisoners_apart = false;
  r.by_territory = true;
  r.black = *t.territory[0];
  r.white = *t.territory[1];
}

// Total points, or vacant territory and stones apart as Mays' total-points
// tables count them.
void area_given(const HandCount& t, const Rules& rules, CountInput& in, HandResult& r) {
  if (t.prisoners[0] || t.prisoners[1])
    fail(std::string(rules.name) + " rules count area: prisoners do not count (give total points, or "
                                   "territory and stones)");
  const int scoring = in.board_points - in.non_scoring;
  double& black = r.black;
  double& white = r.white;
  if (t.territory[0] || t.territory[1] || t.stones[0] || t.stones[1]) {
    if (!t.territory[0] || !t.territory[1] || !t.stones[0] || !t.stones[1] || t.black || t.white)
      refuse_form(rules, Refusal::kPartsOrTotals);
    for (int s = 0; s < 2; ++s) {
      in.side[s].territory = *t.territory[s];
      in.side[s].stones = *t.stones[s];
    }
    black = *t.territory[0] + *t.stones[0];
    white = *t.territory[1] + *t.stones[1];
  } else {
    if (!t.black && !t.white) refuse_form(rules, Refusal::kNoTotal);
    for (const std::optional<double>& v : {t.black, t.white})
      if (v && *v * 2 != std::floor(*v * 2))
        fail("total points are whole, or end in .5 (shared liberties counted half each)");
    // One side's total alone: the other's is the rest (not negative: check_hand_count).
    black = t.black ? *t.black : scoring - *t.white;
    white = t.white ? *t.white : scoring - *t.black;
  }
  if (black < 0 || white < 0 || black + white != scoring)
    fail(fmt::format("total points {} + {} + {} non-scoring do not make the board's {} points", points_text(black),
                     points_text(white), t.non_scoring, in.board_points));
  in.side[0].total_points = black;
  in.side[1].total_points = white;
}

// The side whose total points alone were counted (--black or --white, not
// both): the other's is only the board's rest.
std::optional<Color> counted_alone(const HandCount& t) {
  if (t.territory[0] || t.territory[1] || t.black.has_value() == t.white.has_value()) return std::nullopt;
  return t.black ? Color::kBlack : Color::kWhite;
}

// Whether what was given lets `m` count: false among "all"; asked for by
// name, what it lacks is refused.
bool can_count(const MethodInfo& m, const CountInput& in, std::optional<Color> alone, bool asked) {
  std::optional<Refusal> lacks;
  if (m.needs_position && !in.position) {
    // AGA Counting counts a hand count by territory, its prisoners holding the pass stones.
    if (asked && m.name == "aga") throw HandRefusal(Refusal::kMethodNeedsPrisoners, m.title);
    if (asked) fail(std::string(m.title) + " needs a counted position (territory, prisoners and passes)");
    return false;
  }
  if (m.needs_breakdown && !in.side[0].territory) lacks = Refusal::kMethodNeedsParts;
  // Full Counting counts both sides, which shows a non-scoring point (Mays):
  // the board's rest is no count of the other side.
  else if (!m.one_side && alone) lacks = Refusal::kMethodNeedsBothTotals;
  if (lacks && asked) throw HandRefusal(*lacks, m.title);
  return !lacks;
}

// The methods asked for (all by default) that what was given lets count:
// asked by name, one that needs more is an error; among "all", left out.
std::vector<const MethodInfo*> methods_for(const ScoreRequest& request, const Rules& rules, const CountInput& in,
                                           std::optional<Color> alone) {
  const std::vector<std::string> names = request.methods.empty() ? std::vector<std::string>{"all"} : request.methods;
  const bool all = names.size() == 1 && names[0] == "all";
  std::vector<const MethodInfo*> ms;
  for (const MethodInfo* m : resolve_methods(names, rules)) {
    if (!can_count(*m, in, alone, !all)) continue;  // among "all": a hand count has what was given only
    // Ing's containers hold half the board's points a side (180 on 19x19):
    // a count of more stones on the board was not made with them.
    for (int s = 0; s < 2 && m->name == "ing"; ++s)
      if (in.side[s].stones && *in.side[s].stones > in.board_points / 2)
        fail(fmt::format("Ing counting: each side's container holds {} stones on this board, and {} {} stones on "
                         "the board are more",
                         in.board_points / 2, *in.side[s].stones, s == 0 ? "black" : "white"));
    ms.push_back(m);
  }
  return ms;
}

// AGA rules counted by territory (Mays, Table 17, "American Go Association
// Rules"): each side's prisoners hold a stone for every pass of the other
// side, White passed last, and they are filled into the other side's
// territory as Japanese counting fills them. Both sides having played as many
// stones, this gives the margin of the count by area: in Table 17 Black
// passed three times (after White 2, 4 and 6) and White once, its last pass:
//
//   Territory                          6    5
//   Prisoners                          1    3   (all passed stones)
//   Territory left after the fill-in   3    4   (6 - 3, 5 - 1: Mays' total points)
//   Points                             3    4
//   Komi (or tie-breaker)                  +0
//   Adjusted total points              3    4   White by 1, as by area: 24 against 25
//
// No handicap compensation: Mays' column has a row for n - 1 (0 in Table
// 17), but only the count by area counts the handicap stones, as points of
// Black's; the count by territory gives Sc - (n - 1) without it (Mathematics
// of Scoring: Saj = Sj + (Wz - Bz) = Sc - H).
Count aga_by_territory(const CountInput& in) {
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  Count c = start_count(in, "aga");
  add_both(c, StepId::kTerritory, *b.territory, *w.territory);
  add_both(c, StepId::kPrisoners, b.prisoners(), w.prisoners());  // pass stones among them: not "captured and dead"
  const FillIn f = fill_in({*b.territory, *w.territory}, {b.prisoners(), w.prisoners()});
  add_fill_in_steps(c, f);
  add_step(c, StepId::kKomi, in.komi, Color::kWhite, true, StepForm::kOrTieBreaker);
  c.black = f.points[0];
  c.white = f.points[1] + in.komi;
  add_both(c, StepId::kAdjustedTotal, *c.black, *c.white);
  c.margin = *c.black - *c.white;
  finish(c, in);
  return c;
}

// The counts of AGA rules counted by territory: AGA Counting's alone, as the
// other methods count stones (asked by name, refused; among "all", left out).
std::vector<Count> aga_territory_counts(const ScoreRequest& request, const Rules& rules, const CountInput& in) {
  const std::vector<std::string> names = request.methods.empty() ? std::vector<std::string>{"all"} : request.methods;
  const bool all = names.size() == 1 && names[0] == "all";
  std::vector<Count> counts;
  for (const MethodInfo* m : resolve_methods(names, rules)) {
    if (m->name == "aga") counts.push_back(aga_by_territory(in));
    else if (all) continue;
    else if (m->needs_position)  // Jasiek's fill-in counts a game's passes apart from its prisoners
      fail(std::string(m->title) + " needs a game's passes apart from its prisoners: territory and prisoners "
                                   "counted by hand are AGA Counting's");
    else throw HandRefusal(Refusal::kMethodCountsArea, m->title);
  }
  return counts;
}
}  // namespace

std::pair<int, int> board_of(const BoardGiven& b, std::optional<int> fallback) {
  in_range(F::kSize, b.size, 1, Board::kMaxSide);
  in_range(F::kWidth, b.width, 1, Board::kMaxSide);
  in_range(F::kHeight, b.height, 1, Board::kMaxSide);
  if (b.size && (b.width || b.height)) throw HandRefusal(Refusal::kSizeAndSides);
  if (b.width.has_value() != b.height.has_value())
    throw HandRefusal(Refusal::kSideAlone, {}, b.width ? F::kWidth : F::kHeight);
  if (b.width) return {*b.width, *b.height};
  const std::optional<int> side = b.size ? b.size : fallback;
  if (!side) throw HandRefusal(Refusal::kNoBoard);
  return {*side, *side};
}

void check_hand_count(const HandCount& t) {
  in_range(F::kWidth, t.width, 1, Board::kMaxSide);
  in_range(F::kHeight, t.height, 1, Board::kMaxSide);
  // First each number within what any board holds, as the front ends read them.
  in_range(F::kNonScoring, t.non_scoring, 0, kMaxCount);
  in_range(F::kHandicap, t.handicap, 0, kMaxCount);
  in_range(F::kBlack, t.black, 0, kMaxCount);
  in_range(F::kWhite, t.white, 0, kMaxCount);
  const std::pair<HandField, std::optional<int>> parts[] = {
      {F::kBlackTerritory, t.territory[0]}, {F::kWhiteTerritory, t.territory[1]}, {F::kBlackStones, t.stones[0]},
      {F::kWhiteStones, t.stones[1]},       {F::kBlackPrisoners, t.prisoners[0]}, {F::kWhitePrisoners, t.prisoners[1]}};
  for (const auto& [f, v] : parts) in_range(f, v, 0, kMaxCount);
  // Then within this board. Prisoners are not: a long game's captures (a
  // ko fight's) may pass its points.
  const int points = t.width * t.height, scoring = points - t.non_scoring;
  on_board(F::kHandicap, t.handicap, points);
  on_board(F::kNonScoring, t.non_scoring, points);
  for (const auto& [f, v] : {std::pair{F::kBlack, t.black}, std::pair{F::kWhite, t.white}})
    if (v && *v > scoring) throw HandRefusal(Refusal::kTotalPastScoring, {}, f, *v, scoring);
  for (const auto& [f, v] : parts)
    if (f != F::kBlackPrisoners && f != F::kWhitePrisoners) on_board(f, v, points);
}

void check_key_board(int width, int height, int non_scoring, std::optional<double> tie_breaker) {
  in_range(F::kWidth, width, 1, Board::kMaxSide);
  in_range(F::kHeight, height, 1, Board::kMaxSide);
  in_range(F::kNonScoring, non_scoring, 0, kMaxCount);
  on_board(F::kNonScoring, non_scoring, width * height);
  in_range(F::kTieBreaker, tie_breaker, -kMaxKomi, kMaxKomi);
}

HandResult count_by_hand(const HandCount& t, const ScoreRequest& request) {
  check_hand_count(t);
  const int points = t.width * t.height;
  HandResult r;
  r.rules = effective_rules(rules_for("", request.rules), request);  // forced, else the default
  const Rules& rules = r.rules;
  CountInput& in = r.input;
  in.rules = rules;
  in.handicap = t.handicap;
  in.komi = request.komi ? *request.komi : default_komi(rules, t.handicap);
  in.board_points = points;
  in.non_scoring = t.non_scoring;
  in.tie_breaker = request.tie_breaker;
  in.adjust = request.adjust;
  if (given_by_territory(t, rules)) territory_given(t, rules, in, r);
  else area_given(t, rules, in, r);
  if (r.by_territory && counts_either_way(rules)) {
    r.counts = aga_territory_counts(request, rules, in);
    return r;
  }
  // One side counted: the one-side methods count it, not the board's rest.
  const std::optional<Color> alone = counted_alone(t);
  r.counts = run_methods(methods_for(request, rules, in, alone), in, alone ? std::vector<Color>{*alone} : request.sides);
  return r;
}

}  // namespace gocount
