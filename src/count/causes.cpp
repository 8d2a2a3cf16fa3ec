#include "count/causes.h"

#include <algorithm>
#include <cmath>

#include "count/reuse.h"
#include "count/score.h"

namespace gocount {

std::string_view cause_kind_name(Cause::Kind k) {
  switch (k) {
    case Cause::Kind::kSekiAsTerritory: return "seki_as_territory";
    case Cause::Kind::kDeadLeftOnBoard: return "dead_left_on_board";
    case Cause::Kind::kRemovedAsDead: return "removed_as_dead";
    case Cause::Kind::kDeadNotMarked: return "dead_not_marked";
    case Cause::Kind::kHandicapCompensation: return "handicap_compensation";
    case Cause::Kind::kOtherScoring: return "other_scoring";
    case Cause::Kind::kKomi: return "komi";
    case Cause::Kind::kDameCounted: return "dame_counted";
    case Cause::Kind::kNotFinished: return "not_finished";
    case Cause::Kind::kWinnerSwapped: return "winner_swapped";
    case Cause::Kind::kWholeBoard: return "whole_board";
    case Cause::Kind::kSekiNotTerritory: return "seki_not_territory";
    case Cause::Kind::kStonesPlaced: return "stones_placed";
    case Cause::Kind::kPointsCounted: return "points_counted";
    case Cause::Kind::kSekiPrisoners: return "seki_prisoners";
    case Cause::Kind::kUnexplained: return "unexplained";
  }
  return "?";
}

namespace {

// Causes kept per thread for reuse: a list refilled gives its causes back
// here, and a new cause takes one, the storage of its lists with it. The
// seki groups' point lists are kept apart (clearing `seki` would free them).
class CausePool {
 public:
  void give_back(std::vector<Cause>& list) {
    for (Cause& c : list) give_back(std::move(c));
    list.clear();
  }
  void give_back(Cause&& c) {
    most_.note(c);
    give_back(c.parts);
    for (PointGroup& g : c.seki) give_back_points(std::move(g.points));
    c.seki.clear();
    spare_.push_back(std::move(c));
  }
  // A cause, with the storage of one given back when there is one (a new
  // one, as a count kept by value takes, holds only what it is given).
  Cause take(Cause::Kind kind) {
    if (spare_.empty()) return Cause{kind};
    Cause c = std::move(spare_.back());
    spare_.pop_back();
    reset_keeping(c, &Cause::points, &Cause::in_base, &Cause::in_other, &Cause::parts, &Cause::seki, &Cause::chains,
                  &Cause::seki_dead);
    c.kind = kind;
    most_.reserve(c);
    return c;
  }
  // An empty list, with the storage of one given back when there is one.
  std::vector<Vertex> take_points() {
    if (spare_points_.empty()) return {};
    std::vector<Vertex> v = std::move(spare_points_.back());
    spare_points_.pop_back();
    v.clear();
    v.reserve(most_.points);
    return v;
  }
  void give_back_points(std::vector<Vertex>&& v) {
    most_.points = std::max(most_.points, v.size());
    spare_points_.push_back(std::move(v));
  }

 private:
  // Room in the lists of a cause used again: the most any list given back
  // held, and at least a 19x19 board's points, a part of each kind and the
  // three kinds of seki point, so that once warm none grows (a worker's
  // count touches no heap).
  struct Most {
    size_t points = 19 * 19, parts = static_cast<size_t>(Cause::Kind::kUnexplained) + 1, chains = 4;
    static constexpr size_t kSeki = 3;
    void note(const Cause& c) {
      points = std::max({points, c.points.size(), c.in_base.size(), c.in_other.size()});
      parts = std::max(parts, c.parts.size());
      chains = std::max(chains, c.chains.size());
    }
    void reserve(Cause& c) const {
      c.points.reserve(points);
      c.in_base.reserve(points);
      c.in_other.reserve(points);
      c.parts.reserve(parts);
      c.seki.reserve(kSeki);
      c.seki_dead.reserve(points);
      c.chains.reserve(chains);
    }
  } most_;
  std::vector<Cause> spare_;
  std::vector<std::vector<Vertex>> spare_points_;
};

CausePool& cause_pool() {
  thread_local CausePool pool;
  return pool;
}

PointValue value(const Counted& s, Vertex v) {
  if (s.half_each[v]) return PointValue::kHalf;
  return s.counts_for[v] == Color::kBlack ? PointValue::kBlack
         : s.counts_for[v] == Color::kWhite ? PointValue::kWhite
                                            : PointValue::kNoOne;
}
int margin_of(PointValue v) { return v == PointValue::kBlack ? 1 : v == PointValue::kWhite ? -1 : 0; }

// An empty point's class, as a kind of point.
PointKind::What empty_point(PointClass c) {
  switch (c) {
    case PointClass::kTerritory: return PointKind::kTerritory;
    case PointClass::kSekiEye: return PointKind::kSekiEye;
    case PointClass::kFalseEye: return PointKind::kFalseEye;
    case PointClass::kTeire: return PointKind::kTeire;
    case PointClass::kSharedLiberty: return PointKind::kShared;
    case PointClass::kOneSidedDame: return PointKind::kOneSided;
    case PointClass::kUnsealed: return PointKind::kUnsealed;
    default: return PointKind::kDame;
  }
}

PointKind point_kind(const Tally& t, Vertex v) {
  if (t.dead[v]) return {PointKind::kDead, static_cast<Color>(t.dead[v])};
  if (const Color c = t.board.at(v); c != Color::kEmpty) return {PointKind::kStone, c};
  const PointKind::What what = empty_point(t.classes.cls[v]);
  return {what, what == PointKind::kTerritory ? t.classes.owner[v] : Color::kEmpty};
}

bool territory(const Counted& s) { return s.rules.scoring == Scoring::kTerritory; }

// The points that count for another side under `other` than under `base`,
// grouped by what they are (in `ref`, the tally that removed the dead
// stones). Stones are left out when one side counts territory (the stones
// placed say it instead).
// Per point (walls too), whether it counts otherwise under `other` than
// under `base`, leaving out the stones when `skip_stones`: as value() tells
// them apart (half each, else whom it counts for), on bytes, a loop that
// vectorises. Few points differ; point_parts looks only at those.
void differing_points(const Counted& other, const Counted& base, const Tally& ref, bool skip_stones,
                      std::vector<uint8_t>& out) {
  const int n = ref.board.padded_size();
  out.resize(n);
  const auto* color = reinterpret_cast<const uint8_t*>(ref.board.colors().data());
  const auto* cb = reinterpret_cast<const uint8_t*>(base.counts_for.data());
  const auto* co = reinterpret_cast<const uint8_t*>(other.counts_for.data());
  const uint8_t *hb = base.half_each.data(), *ho = other.half_each.data(), *dead = ref.dead.data();
  const uint8_t skip = skip_stones;
  uint8_t* differs = out.data();
  for (int v = 0; v < n; ++v) {
    // A point counted half each is kHalf (3) whoever it counts for.
    const auto mb = static_cast<uint8_t>(-(hb[v] != 0)), mo = static_cast<uint8_t>(-(ho[v] != 0));
    const uint8_t kb = (cb[v] & static_cast<uint8_t>(~mb)) | (3 & mb), ko = (co[v] & static_cast<uint8_t>(~mo)) | (3 & mo);
    const uint8_t stone = skip & (color[v] != 0) & (dead[v] == 0);
    differs[v] = (kb != ko) & (stone ^ 1);
  }
}

void point_parts(const Counted& other, const Counted& base, const Tally& ref, std::vector<Cause>& out) {
  const bool families_differ = territory(other) != territory(base);
  const size_t first = out.size();  // the groups are made in place, after the causes before them
  // A stone (point_kind's kStone) first: the families differ on every one.
  thread_local std::vector<uint8_t> differs;  // kept: no heap once warm
  differing_points(other, base, ref, families_differ, differs);
  for (Vertex v = 0; v < std::ssize(differs); ++v) {
    if (!differs[v]) continue;
    const PointValue vb = value(base, v), vo = value(other, v);
    const PointKind what = point_kind(ref, v);
    auto g = std::find_if(out.begin() + first, out.end(), [&](const Cause& x) { return x.what == what; });
    if (g == out.end()) {
      g = out.insert(out.end(), cause_pool().take(Cause::Kind::kPointsCounted));
      g->what = what;
      g->base_territory = territory(base);
      g->other_territory = territory(other);
      g->dead_standing = base.rules.remove_dead != other.rules.remove_dead;
      g->standing_in_base = !base.rules.remove_dead;
    }
    g->points.push_back(v);
    g->in_base.push_back(vb);
    g->in_other.push_back(vo);
    g->amount += margin_of(vo) - margin_of(vb);
  }
  // By kind, then in the order first met (std::stable_sort would take a
  // buffer from the heap; a group's first point tells its order).
  std::sort(out.begin() + first, out.end(), [](const Cause& x, const Cause& y) {
    return x.what.what != y.what.what ? x.what.what < y.what.what : x.points.front() < y.points.front();
  });
}

// Area counting counts the stones on the board, territory counting the
// prisoners: between them, the stones each side placed,
// (Bs + Bp) - (Ws + Wp) = P + H + (Wz - Bz) when the moves alternate.
void stones_placed(const Counted& other, const Counted& base, std::vector<Cause>& out) {
  const Algebra& a = (territory(other) ? other : base).algebra;
  int placed = (a.Bs + a.Bp) - (a.Ws + a.Wp);
  // The dead stones inside a seki were placed too, though no prisoners under
  // the 1989 rules (their own part, seki_prisoners, says so).
  for (const Algebra::Term& t : a.terms)
    if (t.kind == AlgebraTerm::kSekiDead) placed += t.black - t.white;
  if (placed == 0) return;
  const bool base_area = !territory(base);
  Cause c = cause_pool().take(Cause::Kind::kStonesPlaced);
  c.stones = {placed, base_area, a.P, a.H, a.Wz, a.Bz, a.setup, a.rest, a.diagram};
  c.amount = base_area ? -placed : placed;  // area less territory counting, for the column against the base
  out.push_back(std::move(c));
}

// The dead stones inside a seki (removed, their points in the seki), in
// board order, appended to `out`.
void dead_in_seki(const Tally& t, std::vector<Vertex>& out) {
  t.board.for_each_point([&](Vertex v) {
    if (t.dead[v] && PointKind{empty_point(t.classes.cls[v])}.in_seki()) out.push_back(v);
  });
}

// Japanese Rules of 1989, article 9: dead stones inside a seki are not
// prisoners (they are removed, and the points stay no one's). `s` and `t`:
// the territory count of the two and its tally.
void seki_prisoners(const Counted& other, const Counted& s, const Tally& t, std::vector<Cause>& out) {
  if (s.rules.seki != SekiPolicy::kNoTerritory || s.rules.seki_dead_prisoners) return;
  const int d = t.black().dead_in_seki - t.white().dead_in_seki;
  if (d == 0) return;
  Cause c = cause_pool().take(Cause::Kind::kSekiPrisoners);
  dead_in_seki(t, c.points);
  // Area counting against territory counting: the stones placed counted
  // them as prisoners; under 1989 rules they are not.
  c.amount = territory(other) ? d : -d;
  c.other_territory = territory(other);
  out.push_back(std::move(c));
}

// Both by territory, one taking the dead stones inside a seki as prisoners
// (--seki-dead-prisoners, --territory enclosed), the other not (1989).
void seki_prisoners_taken(const Counted& other, const Tally& t, std::vector<Cause>& out) {
  const int d = t.white().dead_in_seki - t.black().dead_in_seki;  // Black's prisoners less White's, once taken
  if (d == 0) return;
  Cause c = cause_pool().take(Cause::Kind::kSekiPrisoners);
  dead_in_seki(t, c.points);
  c.amount = other.rules.seki_dead_prisoners ? d : -d;
  c.base_territory = c.other_territory = true;
  c.seki_dead_prisoners = other.rules.seki_dead_prisoners;
  out.push_back(std::move(c));
}

}  // namespace

void rule_differences(const Counted& o, const Tally& ot, const Counted& b, const Tally& bt, std::vector<Cause>& out) {
  CausePool& pool = cause_pool();
  pool.give_back(out);
  if (!same_points(o.komi, b.komi)) {
    Cause& c = out.emplace_back(pool.take(Cause::Kind::kKomi));
    c.komi = {b.komi, o.komi};
    c.amount = b.komi - o.komi;
  }
  const int cb = compensation_points(b.rules, b.handicap), co = compensation_points(o.rules, o.handicap);
  if (cb != co) {
    Cause& c = out.emplace_back(pool.take(Cause::Kind::kHandicapCompensation));
    c.compensation = {b.rules.compensation, o.rules.compensation};
    c.handicap = b.handicap;
    c.amount = cb - co;
  }
  if (territory(o) != territory(b)) stones_placed(o, b, out);
  point_parts(o, b, b.rules.remove_dead ? bt : ot, out);
  if (territory(o) != territory(b)) seki_prisoners(o, territory(o) ? o : b, territory(o) ? ot : bt, out);
  else if (territory(o) && o.rules.seki_dead_prisoners != b.rules.seki_dead_prisoners) seki_prisoners_taken(o, ot, out);
  const double delta = o.count.margin - b.count.margin;
  double explained = 0;
  for (const Cause& c : out) explained += c.amount;
  if (!same_points(explained, delta)) out.emplace_back(pool.take(Cause::Kind::kUnexplained)).amount = delta - explained;
}

std::vector<Cause> rule_differences(const Counted& o, const Tally& ot, const Counted& b, const Tally& bt) {
  std::vector<Cause> out;
  rule_differences(o, ot, b, bt, out);
  return out;
}

std::vector<Cause> rule_differences(const Scored& other, const Scored& base) {
  return rule_differences(other, other.tally, base, base.tally);
}

double seki_amount(const Counted& s, const Tally& t) {
  if (s.rules.scoring != Scoring::kTerritory) return 0;
  const double d = (t.black().territory - t.classes.territory[0]) - (t.white().territory - t.classes.territory[1]);
  // The points alone: the dead stones inside a seki count as the count took
  // them (prisoners or not), which the cause's words say. Counted as
  // territory with their stones taken as prisoners too, as --territory
  // enclosed counts them, reproduced 3 of the KGS and OGS records with such
  // a stone, the points alone 7 others (session 45).
  return s.rules.enclosed_territory ? -d : d;
}

void name_seki_points(const Counted& s, const Tally& t, Cause& c, bool with_points) {
  if (s.rules.scoring != Scoring::kTerritory) return;
  c.seki_left_out = s.rules.enclosed_territory;
  for (const PointKind::What what : {PointKind::kSekiEye, PointKind::kFalseEye, PointKind::kTeire}) {
    std::vector<Vertex> pts = cause_pool().take_points();
    t.board.for_each_point([&](Vertex v) {
      if (t.board.at(v) == Color::kEmpty && empty_point(t.classes.cls[v]) == what) pts.push_back(v);
    });
    if (pts.empty()) {
      cause_pool().give_back_points(std::move(pts));
      continue;
    }
    if (with_points) c.points.insert(c.points.end(), pts.begin(), pts.end());
    c.seki.push_back({{what}, std::move(pts)});
  }
  if (t.black().dead_in_seki + t.white().dead_in_seki == 0 || c.seki.empty()) return;
  dead_in_seki(t, c.seki_dead);
  c.seki_dead_prisoners = s.rules.seki_dead_prisoners;
}

Cause take_cause(Cause::Kind kind) { return cause_pool().take(kind); }
void give_back(Cause&& c) { cause_pool().give_back(std::move(c)); }
void give_back(std::vector<Cause>& list) { cause_pool().give_back(list); }

}  // namespace gocount
