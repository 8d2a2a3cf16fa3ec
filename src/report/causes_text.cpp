// The words of the causes (count/causes.h, count/record_check.h): why two
// counts differ, naming the points.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "report/words.h"

namespace gocount {

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

std::string point_kind_words(PointKind c, size_t n) {
  const bool many = n != 1;
  const char* colour = c.colour == Color::kBlack ? "black" : "white";
  switch (c.what) {
    case PointKind::kStone: return fmt::format("{} stone{}", colour, many ? "s" : "");
    case PointKind::kDead: return fmt::format("dead {} stone{}", colour, many ? "s" : "");
    case PointKind::kTerritory:
      return fmt::format("point{} of {}'s territory", many ? "s" : "", c.colour == Color::kBlack ? "Black" : "White");
    case PointKind::kSekiEye: return many ? "seki eyes" : "seki eye";
    case PointKind::kFalseEye: return many ? "false eyes of a seki" : "false eye of a seki";
    case PointKind::kTeire: return many ? "points still to be filled (teire)" : "point still to be filled (teire)";
    case PointKind::kShared: return many ? "shared liberties" : "shared liberty";
    case PointKind::kDame: return "dame";
    case PointKind::kOneSided: return "one-sided dame";
    case PointKind::kUnsealed: return many ? "points behind an unsealed border" : "point behind an unsealed border";
  }
  return "points";
}

// "for Black", "half to each side", and under territory rules why a seki
// point or a teire counts for no one.
std::string value_words(PointValue v, PointKind c, bool territory_rules) {
  switch (v) {
    case PointValue::kBlack: return "for Black";
    case PointValue::kWhite: return "for White";
    case PointValue::kHalf: return "half to each side";
    case PointValue::kNoOne: break;
  }
  if (territory_rules && c.in_seki()) return "for no one (points in a seki are no one's)";
  if (territory_rules && c.what == PointKind::kTeire) return "for no one (they are filled before counting)";
  return "for no one";
}

// What one count makes of a group of points: "for Black", or, when the
// points count differently, "for Black (C2) and for White (D2)".
std::string values_words(const Board& b, const Cause& g, const std::vector<PointValue>& values, bool territory_rules) {
  std::vector<PointValue> seen;
  for (PointValue v : values)
    if (std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);
  if (seen.size() == 1) return value_words(seen[0], g.what, territory_rules);
  std::string out;
  for (size_t i = 0; i < seen.size(); ++i) {
    std::vector<Vertex> pts;
    for (size_t p = 0; p < g.points.size(); ++p)
      if (values[p] == seen[i]) pts.push_back(g.points[p]);
    out += fmt::format("{}{} ({})", i == 0 ? "" : i + 1 == seen.size() ? " and " : ", ",
                       value_words(seen[i], g.what, territory_rules), point_list(b, pts));
  }
  return out;
}

std::string points_counted_text(const Board& b, const Cause& g, std::string_view base, std::string_view other) {
  const size_t n = g.points.size();
  std::string text = fmt::format("Under {} the {} {} count{} {}; under {}, {}", base, point_kind_words(g.what, n),
                                 point_list(b, g.points), n == 1 ? "s" : "",
                                 values_words(b, g, g.in_base, g.base_territory), other,
                                 values_words(b, g, g.in_other, g.other_territory));
  if (g.dead_standing && g.what.what == PointKind::kTerritory)
    text += ", the dead stones left standing in it making it reach both colours";
  return text + fmt::format(" ({})", favours_text(g.amount, other));
}

std::string times(int n) { return n == 1 ? "once" : n == 2 ? "twice" : fmt::format("{} times", n); }

// Why the stones placed differ: the algebra's terms, in words.
std::string placed_reasons(const StonesPlaced& a) {
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
  return why;
}

std::string stones_placed_text(const Cause& c, std::string_view base, std::string_view other) {
  const StonesPlaced& a = c.stones;
  return fmt::format("Under {} the {} count; under {}, the {} instead. Between them they count the stones "
                     "each side placed, and {} placed {} more than {}: {} ({})",
                     base, a.base_area ? "stones on the board" : "prisoners", other,
                     a.base_area ? "prisoners" : "stones on the board", a.placed > 0 ? "Black" : "White",
                     std::abs(a.placed), a.placed > 0 ? "White" : "Black", placed_reasons(a), favours_text(c.amount, other));
}

// "the seki eyes A7 and E7, the points still to be filled (teire) C5"
std::string seki_words(const Board& b, const std::vector<PointGroup>& groups) {
  std::string out;
  for (const PointGroup& g : groups)
    out += fmt::format("{}the {} {}", out.empty() ? "" : ", ", point_kind_words(g.kind, g.points.size()),
                       point_list(b, g.points));
  return out;
}

}  // namespace

std::string rule_cause_text(const Board& b, const Cause& c, std::string_view base, std::string_view other) {
  switch (c.kind) {
    case Cause::Kind::kKomi:
      return fmt::format("Komi is {} under {}, {} under {} ({})", points_text(c.komi[0]), base, points_text(c.komi[1]),
                         other, favours_text(c.amount, other));
    case Cause::Kind::kHandicapCompensation:
      return fmt::format("White gets {} under {}, {} under {} ({})", compensation_words(c.compensation[0], c.handicap),
                         base, compensation_words(c.compensation[1], c.handicap), other, favours_text(c.amount, other));
    case Cause::Kind::kStonesPlaced: return stones_placed_text(c, base, other);
    case Cause::Kind::kPointsCounted: return points_counted_text(b, c, base, other);
    case Cause::Kind::kSekiPrisoners:
      return fmt::format("Under {} the dead stones {} inside a seki are no prisoners (Japanese Rules of 1989, "
                         "article 9) ({})",
                         c.other_territory ? other : base, point_list(b, c.points), favours_text(c.amount, other));
    default:
      return fmt::format("{} not explained by komi, compensation, the stones placed or the points counted",
                         favours_text(c.amount, other));
  }
}

namespace {

// "the record counts as alive dead stones left on the board: white B8
// (captured in 95% of playouts)", and the chains it counts as dead.
std::string flipped_text(const Board& b, const Cause& c) {
  std::string left, unsure, removed;  // dead counted alive; unsure counted dead; alive counted dead
  for (const ChainStatus& f : c.chains) {
    std::string& list = f.status == GroupStatus::kDead ? left : f.unsure ? unsure : removed;
    list += fmt::format("{}{} {} ({})", list.empty() ? "" : ", ", color_name(f.color), chain_words(b, f.root, f.stones),
                        reason_text(b, f));
  }
  std::string text;
  auto add = [&](const std::string& list, const char* what) {
    if (!list.empty()) text += (text.empty() ? "the record counts as " : "; and as ") + std::string(what) + list;
  };
  add(left, "alive dead stones left on the board: ");
  add(unsure, "dead chains gocount is unsure of: ");
  add(removed, "dead chains the estimate counts alive: ");
  return text;
}

constexpr const char* kUnjudged = "dead stones that nobody marked (not judged: --no-estimate)";

std::string komi_from_words(KomiFrom f) {
  switch (f) {
    case KomiFrom::kGiven: return "given";
    case KomiFrom::kDefault: return "that is the rules' default";
    case KomiFrom::kRecord: return "written in the record";
    case KomiFrom::kFoxZero: return "Fox plays where the record writes KM[0]";
    case KomiFrom::kNoKm: return "of a record without KM";
  }
  return "";
}

// "the record counts by territory, as Japanese rules do, not by area as
// Chinese rules do: <why, each part of the rules' difference>"
std::string other_scoring_text(const Board& b, const Cause& c) {
  const std::string ours = fmt::format("{} rules", c.rules_title), theirs = fmt::format("{} rules", c.theirs_title);
  std::string why;
  for (const Cause& p : c.parts) {
    std::string part = rule_cause_text(b, p, ours, theirs);
    part[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(part[0])));
    why += (why.empty() ? "" : "; ") + part;
  }
  const bool area = !c.base_territory;
  return fmt::format("the record counts by {}, as {} do, not by {} as {} do{}{}", area ? "territory" : "area", theirs,
                     area ? "area" : "territory", ours, why.empty() ? "" : ": ", why);
}

// The points a cause names besides the seki points it also counts.
std::vector<Vertex> own_points(const Cause& c) {
  size_t seki = 0;
  for (const PointGroup& g : c.seki) seki += g.points.size();
  return {c.points.begin(), c.points.end() - static_cast<std::ptrdiff_t>(c.kind == Cause::Kind::kSekiAsTerritory ? 0 : seki)};
}

std::string dame_text(const Board& b, const Cause& c) {
  const long n = c.dame;
  return fmt::format("the record counts {} dame {} for {} (Fox's judge gives a dame to the side beside it)",
                     std::ssize(c.points) == n ? "the" : n == 1 ? "one of the" : "two of the", point_list(b, c.points),
                     c.side == Color::kBlack ? "Black" : "White");
}

std::string not_finished_text(const Board& b, const Cause& c) {
  const size_t n = c.points.size();
  return fmt::format("the game was not played out ({} point{} still need{} a move: {}): the recorded result judges "
                     "an unfinished position, as a server's judge or the players did, which a count of it does not "
                     "reproduce",
                     n, n == 1 ? "" : "s", n == 1 ? "s" : "", point_list(b, c.points));
}

std::string handicap_text(const Cause& c) {
  if (c.one_stone)
    return fmt::format("the record gives White 1 point of handicap compensation for the one handicap stone "
                       "(as OGS counts), where {} rules compensate from two stones",
                       c.rules_title);
  return fmt::format("the record gives White {}, not {} as {} rules do", compensation_words(c.compensation[1], c.handicap),
                     compensation_words(c.compensation[0], c.handicap), c.rules_title);
}

// The cause's own words, before what it also counts.
std::string record_cause_core(const Board& b, const Cause& c) {
  switch (c.kind) {
    case Cause::Kind::kSekiAsTerritory: return "the record counts " + seki_words(b, c.seki) + " as territory (server convention)";
    case Cause::Kind::kDeadLeftOnBoard:
    case Cause::Kind::kRemovedAsDead: return flipped_text(b, c);
    case Cause::Kind::kDeadNotMarked:
      return c.unjudged ? fmt::format("the record removes {}", kUnjudged)
                        : fmt::format("the record removes dead stones that are not marked: the estimate's {} reproduce it",
                                      point_list(b, own_points(c)));
    case Cause::Kind::kHandicapCompensation: return handicap_text(c);
    case Cause::Kind::kOtherScoring: return other_scoring_text(b, c);
    case Cause::Kind::kKomi:
      return fmt::format("the recorded result fits komi {}, not the {} {}", points_text(c.komi[1]), points_text(c.komi[0]),
                         komi_from_words(c.komi_from));
    case Cause::Kind::kDameCounted: return dame_text(b, c);
    case Cause::Kind::kNotFinished: return not_finished_text(b, c);
    case Cause::Kind::kWinnerSwapped:
      return "the record names the other side as the winner by the same margin (B and W swapped)";
    case Cause::Kind::kWholeBoard: {
      const bool white = c.side == Color::kWhite;
      return fmt::format("the record counts every {} stone on the board as dead ({} stone{}), which gives {} the "
                         "whole board",
                         white ? "black" : "white", c.points.size(), c.points.size() == 1 ? "" : "s",
                         white ? "White" : "Black");
    }
    default: return "";
  }
}

}  // namespace

std::string record_cause_words(const Board& b, const Cause& c) {
  std::string text = record_cause_core(b, c);
  if (!c.seki.empty() && c.kind != Cause::Kind::kSekiAsTerritory)
    text += "; and counts " + seki_words(b, c.seki) + " as territory (server convention)";
  if (c.or_unjudged) text += fmt::format(", or the record removes {}", kUnjudged);
  return text;
}

std::string record_cause_text(const Board& b, const RecordCheck& r) {
  if (!r.cause) return "";
  if (r.cause_certain) return record_cause_words(b, *r.cause);
  std::string why = "likely " + record_cause_words(b, *r.cause);
  for (size_t i = 0; i < r.alternatives.size(); ++i)
    why += (i == 0 ? "; it is also reproduced if " : "; or if ") + record_cause_words(b, r.alternatives[i]);
  return why;
}

std::string difference_text(const Board& b, const Scored& s) {
  const RecordCheck& r = s.record;
  if (!r.matches) return "";
  if (*r.matches) return "Matches the recorded result " + r.recorded + ".";
  const double d = std::fabs(*r.recorded_margin - s.count.margin);
  return fmt::format("Differs from the recorded {} by {} point{}: {}.", r.recorded, points_text(d), d == 1 ? "" : "s",
                     r.cause ? record_cause_text(b, r) : "no convention gocount knows explains it");
}

namespace {

std::string not_a_count_words(const RecordNote& n) {
  switch (n.why) {
    case RecordNote::Why::kWinByZero: return "a win by 0 cannot be counted: a count of 0 is a draw";
    case RecordNote::Why::kKomiCannotGive: return fmt::format("no count gives it with komi {}", points_text(n.komi));
    case RecordNote::Why::kCannotBeEven: return fmt::format("a count cannot be even with komi {}", points_text(n.komi));
    case RecordNote::Why::kNone: break;
  }
  return "";
}

// " (a win by resignation)"; "" when the record does not say.
std::string won_words(RecordNote::Won w) {
  switch (w) {
    case RecordNote::Won::kResignation: return " (a win by resignation)";
    case RecordNote::Won::kTime: return " (a win on time)";
    case RecordNote::Won::kForfeit: return " (a win by forfeit)";
    case RecordNote::Won::kNotTold: break;
  }
  return "";
}

std::string not_a_count_text(const RecordCheck& r, const RecordNote& n) {
  if (n.why == RecordNote::Why::kNone) return "the recorded result " + r.recorded + " is not a count" + won_words(n.won);
  return fmt::format("the recorded result {} is not a count ({}){}", r.recorded, not_a_count_words(n),
                     !r.winner_matches     ? ""
                     : *r.winner_matches ? ": by its winner only, it agrees with the count"
                                         : ": by its winner only, it disagrees with the count");
}

}  // namespace

std::string read_note_text(const Board& b, const ReadNote& n) {
  switch (n.kind) {
    case ReadNote::Kind::kNoKomi: return "no KM in the record, so no komi, as servers such as OGS write a game without komi";
    case ReadNote::Kind::kFoxKomiScaled:
      return fmt::format("Fox's KM[{}] read as {}: Fox writes komi {}", n.written, n.value,
                         n.chinese ? "in stones x100 under Chinese rules" : "x100");
    case ReadNote::Kind::kFoxKomiZero:
      return fmt::format("Fox's KM[0] on an even game read as {}, the komi Fox plays under {} rules (Fox writes KM[0] "
                         "on most games)",
                         n.value, n.chinese ? "Chinese" : "Japanese");
    case ReadNote::Kind::kFoxResultInStones:
      return fmt::format("Fox writes the result in stones under Chinese rules: RE[{}] read as {}+{} points", n.re,
                         n.value > 0 ? 'B' : 'W', std::fabs(n.value));
    case ReadNote::Kind::kHandicapPlaced: {
      std::string names;
      for (Vertex v : n.points) names += (names.empty() ? "" : " ") + to_gtp(b, v);
      return fmt::format("HA[{}] with no handicap stones placed and White to move first: the stones are put on {} {}{}",
                         n.n, n.star_points ? "the star points no move plays on," : "the standard points", names,
                         n.fox ? " (Fox records leave them out)" : "");
    }
  }
  return "";
}

std::string record_note_text(const Board& b, const RecordCheck& r, const RecordNote& n) {
  switch (n.kind) {
    case RecordNote::Kind::kRead: return read_note_text(b, n.read);
    case RecordNote::Kind::kBeforeEnd:
      return fmt::format("this is the position after move {}, before the record's end: its result and its marks are "
                         "for the end, and are not used",
                         n.moves);
    case RecordNote::Kind::kEndUnknown:
      return fmt::format("the record cannot be read past move {}: its result is for an end not reached, and is not "
                         "compared",
                         n.moves);
    case RecordNote::Kind::kNoTwoPasses: return "the game did not end with two passes: the position may not be finished";
    case RecordNote::Kind::kNotACount: return not_a_count_text(r, n);
  }
  return "";
}

std::string compensation_sentence(const Comparison& c) {
  const int handicap = c.results.front().scored.handicap;
  struct Group {
    HandicapCompensation kind;
    std::vector<RuleVariant> columns;
  };
  std::vector<Group> groups;
  for (const RuleResult& r : c.results) {
    const HandicapCompensation k = r.scored.rules.compensation;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
      return compensation_points(x.kind, handicap) == compensation_points(k, handicap);
    });
    if (g == groups.end()) g = groups.insert(groups.end(), Group{k, {}});
    g->columns.push_back(r.variant);
  }
  if (handicap < 2 || groups.size() < 2) return "";
  std::stable_sort(groups.begin(), groups.end(), [&](const Group& x, const Group& y) {
    return compensation_points(x.kind, handicap) > compensation_points(y.kind, handicap);
  });
  std::string out = "White gets ";
  for (size_t i = 0; i < groups.size(); ++i) {
    const Group& g = groups[i];
    const int n = compensation_points(g.kind, handicap);
    out += i == 0 ? "" : i + 1 == groups.size() ? " and " : ", ";
    const std::string under = rule_variants_phrase(g.columns);
    if (n == 0) out += "none under " + under;
    else if (i == 0) out += fmt::format("{} under {}", compensation_words(g.kind, handicap), under);
    else out += fmt::format("{} under {} ({})", n, under, compensation_name(g.kind));
  }
  return out + fmt::format(", for Black's {} handicap stones.", handicap);
}

}  // namespace gocount
