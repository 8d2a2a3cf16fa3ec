#include "count/count.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>

#include "count/reuse.h"

namespace gocount {

std::string points_text(double v) {
  // Halving and doubling (half counting, key numbers) can leave a trace of
  // binary rounding on a komi such as 7.01: show at most six decimals.
  v = std::round(v * 1e6) / 1e6;
  if (v == 0) v = 0;  // no "-0"
  // The whole numbers and halves of nearly every count, written as fmt's
  // shortest form writes them (the same digits below a million), without
  // its search for that form.
  const double twice = v * 2;
  if (std::fabs(v) < 1e6 && twice == std::trunc(twice)) {
    const auto halves = static_cast<unsigned long long>(std::fabs(twice));
    std::string out = v < 0 ? "-" : "";
    out += fmt::format_int(halves / 2).c_str();
    if (halves & 1) out += ".5";
    return out;
  }
  // Fixed, to six decimals without trailing zeros: fmt's shortest form wrote
  // a komi of 0.000001 as "1e-06".
  std::string out = fmt::format("{:.6f}", v);
  out.erase(out.find_last_not_of('0') + 1);
  if (out.back() == '.') out.pop_back();
  return out;
}

std::string result_text(double margin, TieRule tie) {
  if (margin == 0) return tie == TieRule::kBlackWins ? "B+0" : tie == TieRule::kWhiteWins ? "W+0" : "Draw";
  return (margin > 0 ? "B+" : "W+") + points_text(std::fabs(margin));
}

std::string Count::result() const { return result_text(margin, tie); }

SekiFilling fill_shared_liberties(const Classification& k, SekiFill convention, std::vector<SharedShare>* share) {
  SekiFilling f{convention};
  if (share) share->assign(k.cls.size(), SharedShare::kNone);
  auto set = [&](Vertex v, SharedShare s) {
    if (share) (*share)[v] = s;
  };
  auto in_turn = [](size_t i) { return i % 2 ? SharedShare::kWhite : SharedShare::kBlack; };
  // The last shared liberty of each seki with an odd number; kept per thread: no heap once warm.
  thread_local std::vector<Vertex> odd;
  odd.clear();
  for (const std::vector<Vertex>& seki : k.sekis) {
    ++f.sekis;
    f.shared += static_cast<int>(seki.size());
    for (size_t i = 0; i < seki.size(); ++i) {
      if (convention == SekiFill::kHalf) set(seki[i], SharedShare::kHalfEach);
      else if (seki.size() % 2 && i + 1 == seki.size()) odd.push_back(seki[i]);
      else set(seki[i], in_turn(i));
    }
  }
  // Mays leaves the odd one of each seki vacant; his best practice has the
  // sides take them in turn, so with an odd number of such sekis one is left.
  const bool take_turns = convention == SekiFill::kBestPractice;
  for (size_t i = 0; i < odd.size(); ++i) {
    const bool last_of_odd = odd.size() % 2 && i + 1 == odd.size();
    set(odd[i], take_turns && !last_of_odd ? in_turn(i) : SharedShare::kNonScoring);
  }
  f.non_scoring = static_cast<int>(take_turns ? odd.size() % 2 : odd.size());
  f.each = (f.shared - f.non_scoring) / 2.0;
  return f;
}

// The seki's eyes and false eyes of each side (Black [0], White [1]).
std::array<int, 2> seki_eyes(const Board& board, const Classification& k) {
  std::array<int, 2> n{};
  board.for_each_point([&](Vertex v) {
    if ((k.cls[v] == PointClass::kSekiEye || k.cls[v] == PointClass::kFalseEye) && is_stone(k.owner[v]))
      ++n[side_index(k.owner[v])];
  });
  return n;
}

CountInput count_input(const Tally& tally, const Rules& rules, double komi, int handicap, Color last_mover) {
  CountInput in;
  in.rules = rules;
  in.komi = komi;
  in.handicap = handicap;
  in.board_points = tally.board.area();
  in.position = true;
  in.last_mover = last_mover;
  const Classification& k = tally.classes;
  // Shared liberties of sekis are filled evenly where points nobody owns count
  // for nobody (Mays); under Ing they count half to each side instead.
  if (fills_shared_liberties(rules) && k.shared_liberties) in.seki = fill_shared_liberties(k, rules.seki_fill);
  const std::array<int, 2> eyes = rules.seki == SekiPolicy::kFillEyes ? seki_eyes(tally.board, k) : std::array<int, 2>{};
  double counted = 0;
  for (int s = 0; s < 2; ++s) {
    const SideTally& t = tally.side[s];
    SideCount& c = in.side[s];
    c.territory = rules.seki == SekiPolicy::kNoTerritory && !rules.enclosed_territory ? k.territory[s] : t.territory;
    c.stones = t.stones;
    c.seki_filled = eyes[s];
    c.shared_filled = in.seki ? in.seki->each : 0;
    c.total_points = *c.territory + t.stones + c.shared_filled;
    c.captures = t.captures;
    const SideTally& o = tally.side[1 - s];
    c.dead_prisoners = o.dead - (seki_dead_no_prisoners(rules) ? o.dead_in_seki : 0);
    c.passes = t.passes;
    counted += c.total_points;
  }
  // Under territory rules too: the empty points that are nobody's territory.
  in.non_scoring = in.board_points - static_cast<int>(std::lround(counted));  // halves come in pairs
  return in;
}

void add_both(Count& c, StepId id, double black, double white, bool term, StepForm form) {
  c.steps.push_back({id, black, Color::kBlack, term, form});
  c.steps.push_back({id, white, Color::kWhite, term, form});
}

void start_count(const CountInput& in, std::string_view method, Count& c) {
  reset_keeping(c, &Count::steps);
  c.steps.reserve(32);  // every method's steps fit: one allocation, not one per doubling
  c.method = method;
  c.compensation = in.rules.compensation;
  c.seki = in.seki;
}

Count start_count(const CountInput& in, std::string_view method) {
  Count c;
  start_count(in, method, c);
  return c;
}

Count start_one_side(const CountInput& in, std::string_view method) {
  const Color me = in.counted;
  const SideCount& s = in.side[side_index(me)];
  Count c = start_count(in, method);
  c.side = me;
  if (s.territory) {
    add_step(c, StepId::kVacantTerritory, *s.territory - s.seki_filled, me);
    add_step(c, StepId::kStones, *s.stones + s.seki_filled, me, true);
    add_shared_filled(c, in, me);
  }
  add_step(c, StepId::kTotalPoints, s.total_points, me);
  return c;
}

void add_shared_filled(Count& c, const CountInput& in, Color side) {
  if (!in.seki) return;
  if (side == Color::kEmpty) add_both(c, StepId::kSharedLiberties, in.black().shared_filled, in.white().shared_filled, true);
  else add_step(c, StepId::kSharedLiberties, in.side[side_index(side)].shared_filled, side, true);
}

void add_step(Count& c, StepId id, double value, Color side, bool term, StepForm form, double of) {
  c.steps.push_back({id, value, side, term, form, of});
}

double tie_breaker_part(double komi, int /*handicap*/) {
  // Mays: even games carry komi (6.5, 7.5); no-komi and handicap games carry
  // only the tie-breaker, 0.5.
  return std::fabs(komi) == 0.5 ? komi : 0;
}

void finish(Count& c, const CountInput& in) {
  c.tie = tie_rule(in.rules, in.handicap);
  const double m = c.margin;
  add_step(c, StepId::kMargin, std::fabs(m), m > 0 ? Color::kBlack : m < 0 ? Color::kWhite : Color::kEmpty);
}

FillIn fill_in(std::array<int, 2> territory, std::array<int, 2> prisoners) {
  FillIn f;
  for (int s = 0; s < 2; ++s) {
    const int filled_by = prisoners[1 - s];  // the opponent's prisoners are this side's colour
    f.territory_left[s] = std::max(0, territory[s] - filled_by);
    f.prisoners_left[s] = std::max(0, prisoners[s] - territory[1 - s]);
  }
  for (int s = 0; s < 2; ++s) f.points[s] = f.territory_left[s] + f.prisoners_left[s];
  return f;
}

int whites_extra_pass(const CountInput& in) { return in.last_mover == Color::kBlack ? 1 : 0; }

std::array<int, 2> fill_in_prisoners(const CountInput& in, bool pass_stones) {
  std::array<int, 2> p = {in.black().prisoners(), in.white().prisoners()};
  if (pass_stones) {
    p[0] += in.white().passes + whites_extra_pass(in);
    p[1] += in.black().passes;
  }
  return p;
}

void add_fill_in_steps(Count& c, const FillIn& f) {
  add_both(c, StepId::kTerritoryLeft, f.territory_left[0], f.territory_left[1]);
  add_both(c, StepId::kPrisonersLeft, f.prisoners_left[0], f.prisoners_left[1], true);
  add_both(c, StepId::kPoints, f.points[0], f.points[1]);
}

namespace {
bool area_rules(const Rules& r) { return r.scoring == Scoring::kArea; }
bool territory_rules(const Rules& r) { return r.scoring == Scoring::kTerritory; }
bool aga_rules(const Rules& r) { return r.pass_stones; }

constexpr MethodInfo kMethods[] = {
    // name, title, run, one side, needs position, needs breakdown, in `all` for
    {"full", "Full Counting", full_counting, false, false, false, area_rules},
    {"half", "Half Counting", half_counting, true, false, false, area_rules},
    {"simplified-half", "Simplified Half Counting", simplified_half_counting, true, false, false, area_rules},
    {"key-numbers", "Key Numbers", key_numbers, true, false, false, area_rules},
    {"japanese", "Japanese Counting", japanese_counting, false, true, true, territory_rules},
    {"aga", "AGA Counting", aga_counting, false, true, true, aga_rules},
    {"ing", "Ing Counting", ing_counting, false, false, true, area_rules},
    {"jasiek", "Area Scoring by Fill-in (Jasiek)", jasiek_counting, false, true, true, area_rules},
};
}  // namespace

std::span<const MethodInfo> methods() { return kMethods; }

const MethodInfo* find_method(std::string_view name) {
  for (const MethodInfo& m : kMethods)
    if (m.name == name) return &m;
  return nullptr;
}

std::string method_names() {
  std::string s;
  for (const MethodInfo& m : kMethods) s += (s.empty() ? "" : ", ") + std::string(m.name);
  return s;
}

std::array<double, 2> rules_score(const CountInput& in) {
  const SideCount& b = in.black();
  const SideCount& w = in.white();
  if (in.rules.scoring == Scoring::kTerritory && in.position)
    return {static_cast<double>(*b.territory + b.prisoners()), *w.territory + w.prisoners() + in.komi};
  const double half = in.rules.neutral == NeutralPoints::kHalfEach ? in.non_scoring / 2.0 : 0;
  return {b.total_points + half, w.total_points + half + in.komi + compensation_points(in.rules, in.handicap)};
}

void count_by_rules(const CountInput& in, Count& out) {
  if (in.rules.scoring == Scoring::kArea) full_counting(in, out);
  else japanese_counting(in, out);
}

Count count_by_rules(const CountInput& in) {
  Count c;
  count_by_rules(in, c);
  return c;
}

}  // namespace gocount
