#include "count/causes.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

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
    case Cause::Kind::kStonesPlaced: return "stones_placed";
    case Cause::Kind::kPointsCounted: return "points_counted";
    case Cause::Kind::kSekiPrisoners: return "seki_prisoners";
    case Cause::Kind::kUnexplained: return "unexplained";
  }
  return "?";
}

std::string point_list(const Board& b, const std::vector<Vertex>& pts, size_t most) {
  const std::vector<std::string> names = to_gtp(b, pts);
  const size_t shown = names.size() > most ? most : names.size();
  std::string out;
  for (size_t i = 0; i < shown; ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  if (shown < names.size()) {
    const size_t rest = names.size() - shown;
    out += fmt::format(" and {} other point{}", rest, rest == 1 ? "" : "s");
  }
  return out;
}

std::string chain_words(const Board& b, Vertex chain, int stones) {
  if (stones > 6) return fmt::format("the {}-stone chain at {}", stones, to_gtp(b, chain));
  std::string out;
  for (const std::string& p : chain_to_gtp(b, chain)) out += (out.empty() ? "" : " ") + p;
  return out;
}

std::string compensation_words(HandicapCompensation c, int handicap) {
  const int n = compensation_points(c, handicap);
  if (n == 0) return "no handicap compensation";
  return fmt::format("{} point{} of handicap compensation ({})", n, n == 1 ? "" : "s", compensation_name(c));
}

std::string favours_text(double amount, std::string_view under) {
  if (same_points(amount, 0)) return "no change to the margin";
  return fmt::format("+{} for {} under {}", points_text(std::fabs(amount)), amount > 0 ? "Black" : "White", under);
}

namespace {

// What a point counts for under a count's rules.
enum class Value : uint8_t { kNoOne, kBlack, kWhite, kHalf };
Value value(const Scored& s, Vertex v) {
  if (s.half_each[v]) return Value::kHalf;
  return s.counts_for[v] == Color::kBlack ? Value::kBlack : s.counts_for[v] == Color::kWhite ? Value::kWhite : Value::kNoOne;
}
int margin_of(Value v) { return v == Value::kBlack ? 1 : v == Value::kWhite ? -1 : 0; }

// What a point is, in the count that removed the dead stones.
struct Category {
  enum What : uint8_t { kStone, kDead, kTerritory, kSekiEye, kFalseEye, kTeire, kShared, kDame, kOneSided, kUnsealed };
  What what;
  Color colour = Color::kEmpty;  // the stone's, or the territory's owner
  bool operator==(const Category&) const = default;
  bool in_seki() const { return what == kSekiEye || what == kFalseEye || what == kShared; }
};

// An empty point's class, as a category.
Category::What empty_point(PointClass c) {
  switch (c) {
    case PointClass::kTerritory: return Category::kTerritory;
    case PointClass::kSekiEye: return Category::kSekiEye;
    case PointClass::kFalseEye: return Category::kFalseEye;
    case PointClass::kTeire: return Category::kTeire;
    case PointClass::kSharedLiberty: return Category::kShared;
    case PointClass::kOneSidedDame: return Category::kOneSided;
    case PointClass::kUnsealed: return Category::kUnsealed;
    default: return Category::kDame;
  }
}

Category category(const Tally& t, Vertex v) {
  if (t.dead[v]) return {Category::kDead, static_cast<Color>(t.dead[v])};
  if (const Color c = t.board.at(v); c != Color::kEmpty) return {Category::kStone, c};
  const Category::What what = empty_point(t.classes.cls[v]);
  return {what, what == Category::kTerritory ? t.classes.owner[v] : Color::kEmpty};
}

std::string category_words(Category c, size_t n) {
  const bool many = n != 1;
  const char* colour = c.colour == Color::kBlack ? "black" : "white";
  switch (c.what) {
    case Category::kStone: return fmt::format("{} stone{}", colour, many ? "s" : "");
    case Category::kDead: return fmt::format("dead {} stone{}", colour, many ? "s" : "");
    case Category::kTerritory:
      return fmt::format("point{} of {}'s territory", many ? "s" : "", c.colour == Color::kBlack ? "Black" : "White");
    case Category::kSekiEye: return many ? "seki eyes" : "seki eye";
    case Category::kFalseEye: return many ? "false eyes of a seki" : "false eye of a seki";
    case Category::kTeire: return many ? "points still to be filled (teire)" : "point still to be filled (teire)";
    case Category::kShared: return many ? "shared liberties" : "shared liberty";
    case Category::kDame: return "dame";
    case Category::kOneSided: return "one-sided dame";
    case Category::kUnsealed: return many ? "points behind an unsealed border" : "point behind an unsealed border";
  }
  return "points";
}

// "for Black", "half to each side", and under territory rules why a seki
// point or a teire counts for no one.
std::string value_words(Value v, Category c, bool territory_rules) {
  switch (v) {
    case Value::kBlack: return "for Black";
    case Value::kWhite: return "for White";
    case Value::kHalf: return "half to each side";
    case Value::kNoOne: break;
  }
  if (territory_rules && c.in_seki()) return "for no one (points in a seki are no one's)";
  if (territory_rules && c.what == Category::kTeire) return "for no one (they are filled before counting)";
  return "for no one";
}

bool territory(const Counted& c) { return c.scored.rules.scoring == Scoring::kTerritory; }

// The points that count for another side under `other` than under `base`,
// grouped by what they are and how each counts them. Stones are left out
// when one side counts territory (the stones placed say it instead).
void point_parts(const Counted& other, const Counted& base, std::vector<Cause>& out) {
  const Scored& ref = base.scored.rules.remove_dead ? base.scored : other.scored;
  const Board& b = ref.tally.board;
  const bool families_differ = territory(other) != territory(base);
  const bool dead_standing = base.scored.rules.remove_dead != other.scored.rules.remove_dead;
  struct Point {
    Vertex v;
    Value in_base, in_other;
  };
  struct Group {
    Category cat;
    std::vector<Point> points;
    int amount = 0;
  };
  std::vector<Group> groups;
  b.for_each_point([&](Vertex v) {
    const Value vb = value(base.scored, v), vo = value(other.scored, v);
    if (vb == vo) return;
    const Category cat = category(ref.tally, v);
    if (families_differ && cat.what == Category::kStone) return;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.cat == cat; });
    if (g == groups.end()) g = groups.insert(groups.end(), Group{cat, {}, 0});
    g->points.push_back({v, vb, vo});
    g->amount += margin_of(vo) - margin_of(vb);
  });
  std::stable_sort(groups.begin(), groups.end(), [](const Group& x, const Group& y) { return x.cat.what < y.cat.what; });
  for (const Group& g : groups) {
    std::vector<Vertex> all;
    for (const Point& p : g.points) all.push_back(p.v);
    // What one side makes of the group: "for Black", or, when the points
    // count differently, "for Black (C2) and for White (D2)".
    auto words = [&](Value Point::*side, bool territory_rules) {
      std::vector<Value> seen;
      for (const Point& p : g.points)
        if (std::find(seen.begin(), seen.end(), p.*side) == seen.end()) seen.push_back(p.*side);
      if (seen.size() == 1) return value_words(seen[0], g.cat, territory_rules);
      std::string out;
      for (size_t i = 0; i < seen.size(); ++i) {
        std::vector<Vertex> pts;
        for (const Point& p : g.points)
          if (p.*side == seen[i]) pts.push_back(p.v);
        out += fmt::format("{}{} ({})", i == 0 ? "" : i + 1 == seen.size() ? " and " : ", ",
                           value_words(seen[i], g.cat, territory_rules), point_list(b, pts));
      }
      return out;
    };
    std::string text = fmt::format("Under {} the {} {} count{} {}; under {}, {}", base.rules,
                                   category_words(g.cat, all.size()), point_list(b, all), all.size() == 1 ? "s" : "",
                                   words(&Point::in_base, territory(base)), other.rules,
                                   words(&Point::in_other, territory(other)));
    if (dead_standing && g.cat.what == Category::kTerritory)
      text += ", the dead stones left standing in it making it reach both colours";
    text += fmt::format(" ({})", favours_text(g.amount, other.rules));
    out.push_back({Cause::Kind::kPointsCounted, std::move(text), std::move(all), static_cast<double>(g.amount)});
  }
}

std::string times(int n) { return n == 1 ? "once" : n == 2 ? "twice" : fmt::format("{} times", n); }

// Area counting counts the stones on the board, territory counting the
// prisoners: between them, the stones each side placed,
// (Bs + Bp) - (Ws + Wp) = P + H + (Wz - Bz) when the moves alternate.
void stones_placed(const Counted& other, const Counted& base, std::vector<Cause>& out) {
  const Algebra& a = (territory(other) ? other : base).scored.algebra;
  const int placed = (a.Bs + a.Bp) - (a.Ws + a.Wp);
  if (placed == 0) return;
  std::vector<std::string> reasons;
  if (a.P) reasons.push_back("Black played the last move");
  if (a.H) reasons.push_back(fmt::format("Black's {} handicap stones, {} more than the one move they stand for", a.H + 1, a.H));
  if (a.Wz != a.Bz) reasons.push_back(fmt::format("White passed {}, Black {}", times(a.Wz), a.Bz ? times(a.Bz) : "never"));
  if (a.setup)
    reasons.push_back(fmt::format("the record sets up {} more {} stone{} without moves", std::abs(a.setup),
                                  a.setup > 0 ? "black" : "white", std::abs(a.setup) == 1 ? "" : "s"));
  const std::string rest = fmt::format("{} {} stone{}", points_text(std::fabs(a.rest)), a.rest > 0 ? "black" : "white",
                                       std::fabs(a.rest) == 1 ? "" : "s");
  if (!same_points(a.rest, 0) && a.diagram)
    reasons.push_back(reasons.empty() ? std::string("a diagram records no moves, so whether alternating play explains "
                                                    "that cannot be checked")
                                      : fmt::format("{} more that a diagram, which records no moves, cannot check "
                                                    "against alternating play",
                                                    rest));
  else if (!same_points(a.rest, 0))
    reasons.push_back(fmt::format("{} more than alternating play explains (moves out of turn)", rest));
  std::string why;
  for (const std::string& r : reasons) why += (why.empty() ? "" : "; ") + r;
  const bool base_area = !territory(base);
  // Area less territory counting, for the column against the base.
  const double amount = base_area ? -placed : placed;
  out.push_back({Cause::Kind::kStonesPlaced,
                 fmt::format("Under {} the {} count; under {}, the {} instead. Between them they count the stones "
                             "each side placed, and {} placed {} more than {}: {} ({})",
                             base.rules, base_area ? "stones on the board" : "prisoners", other.rules,
                             base_area ? "prisoners" : "stones on the board", placed > 0 ? "Black" : "White",
                             std::abs(placed), placed > 0 ? "White" : "Black", why, favours_text(amount, other.rules)),
                 {},
                 amount});
}

// Japanese Rules of 1989, article 9: dead stones inside a seki are not
// prisoners (they are removed, and the points stay no one's).
void seki_prisoners(const Counted& other, const Counted& base, std::vector<Cause>& out) {
  const Counted& t = territory(other) ? other : base;
  const Scored& s = t.scored;
  if (s.rules.seki != SekiPolicy::kNoTerritory || s.rules.seki_dead_prisoners) return;
  const int d = s.tally.black().dead_in_seki - s.tally.white().dead_in_seki;
  if (d == 0) return;
  std::vector<Vertex> pts;
  s.tally.board.for_each_point([&](Vertex v) {
    if (s.tally.dead[v] && Category{empty_point(s.tally.classes.cls[v])}.in_seki()) pts.push_back(v);
  });
  // Area counting against territory counting: the stones placed counted
  // them as prisoners; under 1989 rules they are not.
  const double amount = territory(other) ? d : -d;
  out.push_back({Cause::Kind::kSekiPrisoners,
                 fmt::format("Under {} the dead stones {} inside a seki are no prisoners (Japanese Rules of 1989, "
                             "article 9) ({})",
                             t.rules, point_list(s.tally.board, pts), favours_text(amount, other.rules)),
                 pts,
                 amount});
}

}  // namespace

std::vector<Cause> rule_differences(const Counted& other, const Counted& base) {
  const Scored& o = other.scored;
  const Scored& b = base.scored;
  std::vector<Cause> out;
  if (!same_points(o.komi, b.komi))
    out.push_back({Cause::Kind::kKomi,
                   fmt::format("Komi is {} under {}, {} under {} ({})", points_text(b.komi), base.rules,
                               points_text(o.komi), other.rules, favours_text(b.komi - o.komi, other.rules)),
                   {},
                   b.komi - o.komi});
  const int cb = compensation_points(b.rules, b.handicap), co = compensation_points(o.rules, o.handicap);
  if (cb != co)
    out.push_back({Cause::Kind::kHandicapCompensation,
                   fmt::format("White gets {} under {}, {} under {} ({})", compensation_words(b.rules.compensation, b.handicap),
                               base.rules, compensation_words(o.rules.compensation, o.handicap), other.rules,
                               favours_text(cb - co, other.rules)),
                   {},
                   static_cast<double>(cb - co)});
  if (territory(other) != territory(base)) stones_placed(other, base, out);
  point_parts(other, base, out);
  if (territory(other) != territory(base)) seki_prisoners(other, base, out);
  const double delta = o.count.margin - b.count.margin;
  double explained = 0;
  for (const Cause& c : out) explained += c.amount;
  if (!same_points(explained, delta))
    out.push_back({Cause::Kind::kUnexplained,
                   fmt::format("{} not explained by komi, compensation, the stones placed or the points counted",
                               favours_text(delta - explained, other.rules)),
                   {},
                   delta - explained});
  return out;
}

SekiPoints seki_points(const Scored& s) {
  SekiPoints out;
  if (s.rules.scoring != Scoring::kTerritory) return out;
  const Tally& t = s.tally;
  out.amount = (t.black().territory - t.classes.territory[0]) - (t.white().territory - t.classes.territory[1]);
  for (const Category::What what : {Category::kSekiEye, Category::kFalseEye, Category::kTeire}) {
    std::vector<Vertex> pts;
    t.board.for_each_point([&](Vertex v) {
      if (t.board.at(v) == Color::kEmpty && empty_point(t.classes.cls[v]) == what) pts.push_back(v);
    });
    if (pts.empty()) continue;
    out.words += fmt::format("{}the {} {}", out.words.empty() ? "" : ", ", category_words({what}, pts.size()),
                             point_list(t.board, pts));
    out.points.insert(out.points.end(), pts.begin(), pts.end());
  }
  return out;
}

}  // namespace gocount
