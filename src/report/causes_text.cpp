// The words of the causes (count/causes.h, count/record_check.h): why two
// counts differ, naming the points.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "report/words.h"

namespace gocount {

const std::vector<Vertex>& sorted_as_read(const Board& b, const std::vector<Vertex>& points) {
  thread_local std::vector<Vertex> sorted;
  sorted.assign(points.begin(), points.end());
  sort_as_read(b, sorted);
  return sorted;
}

const std::vector<Vertex>& chain_as_read(const Board& b, Vertex v) {
  thread_local std::vector<Vertex> stones;
  stones.clear();
  b.for_each_in_chain(v, [&](Vertex s) { stones.push_back(s); });
  sort_as_read(b, stones);
  return stones;
}

void point_list(std::string& out, const Board& b, const std::vector<Vertex>& pts, size_t most) {
  const std::vector<Vertex>& names = sorted_as_read(b, pts);
  const size_t shown = names.size() > most ? most : names.size();
  for (size_t i = 0; i < shown; ++i) {
    out += i == 0 ? "" : i + 1 == names.size() ? " and " : ", ";
    out += to_gtp(b, names[i]);
  }
  if (shown < names.size()) {
    const size_t rest = names.size() - shown;
    append(out, " and {} other point{}", rest, rest == 1 ? "" : "s");
  }
}

void chain_words(std::string& out, const Board& b, Vertex chain, int stones) {
  if (stones > 6) return append(out, "the {}-stone chain at {}", stones, to_gtp(b, chain));
  thread_local std::vector<Vertex> in_chain;  // kept: no heap once warm
  in_chain.clear();
  b.for_each_in_chain(chain, [&](Vertex s) { in_chain.push_back(s); });
  sort_as_read(b, in_chain);
  for (size_t i = 0; i < in_chain.size(); ++i) {
    if (i) out += ' ';
    out += to_gtp(b, in_chain[i]);
  }
}

void compensation_words(std::string& out, HandicapCompensation c, int handicap) {
  const int n = compensation_points(c, handicap);
  if (n == 0) out += "no handicap compensation";
  else append(out, "{} point{} of handicap compensation ({})", n, n == 1 ? "" : "s", compensation_name(c));
}

void favours_text(std::string& out, double amount, std::string_view under) {
  if (same_points(amount, 0)) out += "no change to the margin";
  else append(out, "+{} for {} under {}", points_text(std::fabs(amount)), amount > 0 ? "Black" : "White", under);
}

namespace {

void point_kind_words(std::string& out, PointKind c, size_t n) {
  const bool many = n != 1;
  const char* colour = c.colour == Color::kBlack ? "black" : "white";
  switch (c.what) {
    case PointKind::kStone: return append(out, "{} stone{}", colour, many ? "s" : "");
    case PointKind::kDead: return append(out, "dead {} stone{}", colour, many ? "s" : "");
    case PointKind::kTerritory:
      return append(out, "point{} of {}'s territory", many ? "s" : "", c.colour == Color::kBlack ? "Black" : "White");
    case PointKind::kSekiEye: out += many ? "seki eyes" : "seki eye"; return;
    case PointKind::kFalseEye: out += many ? "false eyes of a seki" : "false eye of a seki"; return;
    case PointKind::kTeire: out += many ? "points still to be filled (teire)" : "point still to be filled (teire)"; return;
    case PointKind::kShared: out += many ? "shared liberties" : "shared liberty"; return;
    case PointKind::kDame: out += "dame"; return;
    case PointKind::kOneSided: out += "one-sided dame"; return;
    case PointKind::kUnsealed: out += many ? "points behind an unsealed border" : "point behind an unsealed border"; return;
  }
  out += "points";
}

// "for Black", "half to each side", and under territory rules why a seki
// point or a teire counts for no one.
std::string_view value_words(PointValue v, PointKind c, bool territory_rules) {
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
void values_words(std::string& out, const Board& b, const Cause& g, const std::vector<PointValue>& values,
                  bool territory_rules) {
  thread_local std::vector<PointValue> seen;
  thread_local std::vector<Vertex> pts;
  seen.clear();
  for (PointValue v : values)
    if (std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);
  if (seen.size() == 1) {
    out += value_words(seen[0], g.what, territory_rules);
    return;
  }
  for (size_t i = 0; i < seen.size(); ++i) {
    pts.clear();
    for (size_t p = 0; p < g.points.size(); ++p)
      if (values[p] == seen[i]) pts.push_back(g.points[p]);
    append(out, "{}{} (", i == 0 ? "" : i + 1 == seen.size() ? " and " : ", ", value_words(seen[i], g.what, territory_rules));
    point_list(out, b, pts);
    out += ')';
  }
}

// Why a territory's points count otherwise where the dead stones stand
// (Tromp-Taylor): they reach both colours, or only the dead stones' side.
void standing_words(std::string& out, const std::vector<PointValue>& values, size_t n) {
  const bool all_same = std::all_of(values.begin(), values.end(), [&](PointValue v) { return v == values.front(); });
  const std::string_view it = n == 1 ? "it" : "them";
  if (all_same && values.front() == PointValue::kNoOne)
    return append(out, ", the dead stones left standing making {} reach both colours", it);
  if (all_same && values.front() != PointValue::kHalf)
    return append(out, ", the dead stones left standing around {} making {} reach {} only", it, it,
                  values.front() == PointValue::kBlack ? "Black" : "White");
  append(out, ", as the dead stones left standing make {} reach one colour or both", it);
}

// Two counts by territory, one taking the dead stones inside a seki as
// prisoners: "Under Japanese rules the dead stone F9 inside a seki is no
// prisoner (...); under Japanese rules with territory as OGS counts it, a
// prisoner".
void seki_prisoners_taken_text(std::string& out, const Board& b, const Cause& c, std::string_view base,
                               std::string_view other) {
  const bool one = c.points.size() == 1;
  append(out, "Under {} the dead stone{} ", c.seki_dead_prisoners ? base : other, one ? "" : "s");
  point_list(out, b, c.points);
  append(out, " inside a seki {} no prisoner{} (Japanese Rules of 1989, article 9); under {}, {} (", one ? "is" : "are",
         one ? "" : "s", c.seki_dead_prisoners ? other : base, one ? "a prisoner" : "prisoners");
  favours_text(out, c.amount, other);
  out += ')';
}

void points_counted_text(std::string& out, const Board& b, const Cause& g, std::string_view base,
                         std::string_view other) {
  const size_t n = g.points.size();
  append(out, "Under {} the ", base);
  point_kind_words(out, g.what, n);
  out += ' ';
  point_list(out, b, g.points);
  append(out, " count{} ", n == 1 ? "s" : "");
  const bool standing = g.dead_standing && g.what.what == PointKind::kTerritory;
  values_words(out, b, g, g.in_base, g.base_territory);
  if (standing && g.standing_in_base) standing_words(out, g.in_base, n);
  append(out, "; under {}, ", other);
  values_words(out, b, g, g.in_other, g.other_territory);
  if (standing && !g.standing_in_base) standing_words(out, g.in_other, n);
  out += " (";
  favours_text(out, g.amount, other);
  out += ')';
}

std::string times(int n) { return n == 1 ? "once" : n == 2 ? "twice" : fmt::format("{} times", n); }

// Why the stones placed differ: the algebra's terms, in words, each after
// "; " but the first.
void placed_reasons(std::string& out, const StonesPlaced& a) {
  bool any = false;
  auto reason = [&]() -> std::string& {
    if (any) out += "; ";
    any = true;
    return out;
  };
  if (a.P) reason() += "Black played the last move";
  if (a.H) append(reason(), "Black's {} handicap stones, {} more than the one move they stand for", a.H + 1, a.H);
  if (a.Wz != a.Bz) append(reason(), "White passed {}, Black {}", times(a.Wz), a.Bz ? times(a.Bz) : "never");
  if (a.setup)
    append(reason(), "the record sets up {} more {} stone{} without moves", std::abs(a.setup),
           a.setup > 0 ? "black" : "white", std::abs(a.setup) == 1 ? "" : "s");
  if (same_points(a.rest, 0)) return;
  const bool first = !any;
  // The stones alternating play leaves unexplained: "2 black stones".
  auto rest = [&](std::string& o) {
    append(o, "{} {} stone{}", points_text(std::fabs(a.rest)), a.rest > 0 ? "black" : "white",
           std::fabs(a.rest) == 1 ? "" : "s");
  };
  if (a.diagram && first) {
    reason() += "a diagram holds the position, not the moves played, so whether alternating play explains that "
                "cannot be checked";
  } else if (a.diagram) {
    rest(reason());
    out += " more that a diagram, which holds the position and not the moves played, cannot check against alternating "
           "play";
  } else {
    rest(reason());
    out += " more than alternating play explains (moves out of turn)";
  }
}

void stones_placed_text(std::string& out, const Cause& c, std::string_view base, std::string_view other) {
  const StonesPlaced& a = c.stones;
  append(out,
         "Under {} the {} count; under {}, the {} instead. Between them they count the stones each side placed, and "
         "{} placed {} more than {}: ",
         base, a.base_area ? "stones on the board" : "prisoners", other, a.base_area ? "prisoners" : "stones on the board",
         a.placed > 0 ? "Black" : "White", std::abs(a.placed), a.placed > 0 ? "White" : "Black");
  placed_reasons(out, a);
  out += " (";
  favours_text(out, c.amount, other);
  out += ')';
}

// "the seki eyes A7 and E7, the points still to be filled (teire) C5"
void seki_words(std::string& out, const Board& b, const std::vector<PointGroup>& groups) {
  for (size_t i = 0; i < groups.size(); ++i) {
    out += i == 0 ? "the " : ", the ";
    point_kind_words(out, groups[i].kind, groups[i].points.size());
    out += ' ';
    point_list(out, b, groups[i].points);
  }
}

}  // namespace

void rule_cause_text(std::string& out, const Board& b, const Cause& c, std::string_view base, std::string_view other) {
  switch (c.kind) {
    case Cause::Kind::kKomi:
      append(out, "Komi is {} under {}, {} under {} (", points_text(c.komi[0]), base, points_text(c.komi[1]), other);
      break;
    case Cause::Kind::kHandicapCompensation:
      out += "White gets ";
      compensation_words(out, c.compensation[0], c.handicap);
      append(out, " under {}, ", base);
      compensation_words(out, c.compensation[1], c.handicap);
      append(out, " under {} (", other);
      break;
    case Cause::Kind::kStonesPlaced: return stones_placed_text(out, c, base, other);
    case Cause::Kind::kPointsCounted: return points_counted_text(out, b, c, base, other);
    case Cause::Kind::kSekiPrisoners:
      if (c.base_territory && c.other_territory) return seki_prisoners_taken_text(out, b, c, base, other);
      // Its point is a part of its own (kPointsCounted): this is the stone.
      append(out, "Under {} the dead stone{} ", c.other_territory ? other : base, c.points.size() == 1 ? "" : "s");
      point_list(out, b, c.points);
      append(out, " inside a seki {} no prisoner{} (Japanese Rules of 1989, article 9), where the stones placed count {} (",
             c.points.size() == 1 ? "is" : "are", c.points.size() == 1 ? "" : "s", c.points.size() == 1 ? "it as one" : "them as prisoners");
      break;
    default:
      favours_text(out, c.amount, other);
      out += " not explained by komi, compensation, the stones placed or the points counted";
      return;
  }
  favours_text(out, c.amount, other);
  out += ')';
}

namespace {

// "the record counts as alive dead stones left on the board: white B8
// (captured in 95% of playouts)", and the chains it counts as dead.
void flipped_text(std::string& out, const Board& b, const Cause& c) {
  enum List { kLeft, kUnsure, kRemoved, kSeki };
  static constexpr const char* kWhat[] = {"alive dead stones left on the board: ", "dead chains gocount is unsure of: ",
                                          "dead chains the estimate counts alive: ", "dead chains in seki: "};
  auto list = [](const ChainStatus& f) {
    return f.status == GroupStatus::kDead ? kLeft : f.status == GroupStatus::kSeki ? kSeki : f.unsure ? kUnsure : kRemoved;
  };
  // Each list in turn, straight into `out`: a chain's colour, its stones and
  // the judge's reason.
  bool any = false;
  for (const List l : {kLeft, kUnsure, kRemoved, kSeki}) {
    bool first = true;
    for (const ChainStatus& f : c.chains) {
      if (list(f) != l) continue;
      if (first) append(out, "{}{}", any ? "; and as " : "the record counts as ", kWhat[l]);
      else out += ", ";
      any = true;
      first = false;
      append(out, "{} ", color_name(f.color));
      chain_words(out, b, f.root, f.stones);
      out += " (";
      reason_text(out, b, f);
      out += ')';
    }
  }
}

constexpr const char* kUnjudged = "dead stones that nobody marked (not judged: --no-estimate)";

std::string_view komi_from_words(KomiFrom f) {
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
void other_scoring_text(std::string& out, const Board& b, const Cause& c) {
  thread_local std::string ours, theirs;
  ours.clear();
  theirs.clear();
  append(ours, "{} rules", c.rules_title);
  append(theirs, "{} rules", c.theirs_title);
  const bool area = !c.base_territory;
  append(out, "the record counts by {}, as {} do, not by {} as {} do", area ? "territory" : "area", theirs,
         area ? "area" : "territory", ours);
  for (size_t i = 0; i < c.parts.size(); ++i) {
    out += i == 0 ? ": " : "; ";
    const size_t at = out.size();
    rule_cause_text(out, b, c.parts[i], ours, theirs);
    if (at < out.size()) out[at] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[at])));
  }
}

// Whether the cause is about the seki points themselves (its `seki` are its
// own points, not ones it also counts).
bool seki_cause(const Cause& c) {
  return c.kind == Cause::Kind::kSekiAsTerritory || c.kind == Cause::Kind::kSekiNotTerritory;
}

// The points a cause names besides the seki points it also counts.
std::vector<Vertex> own_points(const Cause& c) {
  size_t seki = 0;
  for (const PointGroup& g : c.seki) seki += g.points.size();
  return {c.points.begin(), c.points.end() - static_cast<std::ptrdiff_t>(seki_cause(c) ? 0 : seki)};
}

void dame_text(std::string& out, const Board& b, const Cause& c) {
  const long n = c.dame;
  append(out, "the record counts {} dame ", std::ssize(c.points) == n ? "the" : n == 1 ? "one of the" : "two of the");
  point_list(out, b, c.points);
  append(out, " for {} ({})", c.side == Color::kBlack ? "Black" : "White",
         c.ogs ? "OGS's scorer takes territory from its estimate, which may give a dame to the side beside it"
               : "Fox's judge gives a dame to the side beside it");
}

void not_finished_text(std::string& out, const Board& b, const Cause& c) {
  const size_t n = c.points.size();
  append(out, "the game was not played out ({} point{} still need{} a move: ", n, n == 1 ? "" : "s", n == 1 ? "s" : "");
  point_list(out, b, c.points);
  if (!c.chains.empty()) {
    std::vector<Vertex> kos;
    for (const ChainEstimate& ko : c.chains) kos.push_back(ko.reason.points.front());
    const bool one = kos.size() == 1;
    append(out, "; the ko{} at ", one ? "" : "s");
    point_list(out, b, kos);
    out += one ? " left open, its stone counted as it stands" : " left open, their stones counted as they stand";
  }
  out += "): the recorded result judges an unfinished position, as a server's judge or the players did, which a "
         "count of it does not reproduce";
}

void handicap_text(std::string& out, const Cause& c) {
  if (c.one_stone && c.compensation[0] == HandicapCompensation::kNFromOne)
    return append(out,
                  "the record gives White no handicap compensation for the one handicap stone, as {} rules do, "
                  "where OGS gives 1 point",
                  c.rules_title);
  if (c.one_stone)
    return append(out,
                  "the record gives White 1 point of handicap compensation for the one handicap stone (as OGS "
                  "counts), where {} rules compensate from two stones",
                  c.rules_title);
  out += "the record gives White ";
  compensation_words(out, c.compensation[1], c.handicap);
  out += ", not ";
  compensation_words(out, c.compensation[0], c.handicap);
  append(out, " as {} rules do", c.rules_title);
}

void dead_not_marked_text(std::string& out, const Board& b, const Cause& c) {
  if (c.unjudged) return append(out, "the record removes {}", kUnjudged);
  out += "the record removes dead stones that are not marked: the estimate's ";
  const std::vector<Vertex>& points = own_points(c);
  point_list(out, b, points);
  out += points.size() == 1 ? " reproduces it" : " reproduce it";
}

// The dead stones inside the seki, which the reading counts as the count
// did: ", still taking the dead stone D9 inside the seki as a prisoner" (as
// OGS does, where Japanese rules of 1989 do not), or ", not taking ...".
// Without it the words would name a reading ("as Japanese rules do", or
// --territory enclosed) that gives another result.
void seki_dead_words(std::string& out, const Board& b, const Cause& c) {
  if (c.seki_dead.empty()) return;
  const bool one = c.seki_dead.size() == 1;
  append(out, ", {} the dead stone{} ", c.seki_dead_prisoners ? "still taking" : "not taking", one ? "" : "s");
  point_list(out, b, c.seki_dead);
  append(out, " inside the seki as {}", one ? "a prisoner" : "prisoners");
}

// The seki points our count gave their owner as OGS counts, which the record
// leaves out.
void seki_left_out_text(std::string& out, const Board& b, const Cause& c, std::string_view lead) {
  out += lead;
  seki_words(out, b, c.seki);
  const bool one = c.seki.size() == 1 && c.seki[0].points.size() == 1;
  append(out, ", as {} rules do (gocount counted {} as territory, as OGS does)", c.rules_title, one ? "it" : "them");
  seki_dead_words(out, b, c);
}

// The seki points the record counts as territory where the rules do not.
void seki_counted_text(std::string& out, const Board& b, const Cause& c, std::string_view lead) {
  out += lead;
  seki_words(out, b, c.seki);
  out += " as territory (server convention)";
  seki_dead_words(out, b, c);
}

// The cause's own words, before what it also counts.
void record_cause_core(std::string& out, const Board& b, const Cause& c) {
  switch (c.kind) {
    case Cause::Kind::kSekiAsTerritory: return seki_counted_text(out, b, c, "the record counts ");
    case Cause::Kind::kSekiNotTerritory: return seki_left_out_text(out, b, c, "the record leaves out ");
    case Cause::Kind::kDeadLeftOnBoard:
    case Cause::Kind::kRemovedAsDead: return flipped_text(out, b, c);
    case Cause::Kind::kDeadNotMarked: return dead_not_marked_text(out, b, c);
    case Cause::Kind::kHandicapCompensation: return handicap_text(out, c);
    case Cause::Kind::kOtherScoring: return other_scoring_text(out, b, c);
    case Cause::Kind::kKomi:
      return append(out, "the recorded result fits komi {}, not the {} {}", points_text(c.komi[1]),
                    points_text(c.komi[0]), komi_from_words(c.komi_from));
    case Cause::Kind::kDameCounted: return dame_text(out, b, c);
    case Cause::Kind::kNotFinished: return not_finished_text(out, b, c);
    case Cause::Kind::kWinnerSwapped:
      out += "the record names the other side as the winner by the same margin (B and W swapped)";
      return;
    case Cause::Kind::kWholeBoard: {
      const bool white = c.side == Color::kWhite;
      return append(out,
                    "the record counts every {} stone on the board as dead ({} stone{}), which gives {} the whole "
                    "board",
                    white ? "black" : "white", c.points.size(), c.points.size() == 1 ? "" : "s",
                    white ? "White" : "Black");
    }
    default: return;
  }
}

}  // namespace

void record_cause_words(std::string& out, const Board& b, const Cause& c) {
  record_cause_core(out, b, c);
  if (!c.seki.empty() && !seki_cause(c) && c.seki_left_out) {
    seki_left_out_text(out, b, c, "; and leaves out ");
  } else if (!c.seki.empty() && !seki_cause(c)) {
    seki_counted_text(out, b, c, "; and counts ");
  }
  if (c.or_unjudged) append(out, ", or the record removes {}", kUnjudged);
}

void record_cause_text(std::string& out, const Board& b, const RecordCheck& r) {
  if (!r.cause) return;
  if (r.cause_fit == CauseFit::kCertain) return record_cause_words(out, b, *r.cause);
  out += r.cause_fit == CauseFit::kPossible ? "possibly " : "likely ";
  record_cause_words(out, b, *r.cause);
  for (size_t i = 0; i < r.alternatives.size(); ++i) {
    out += i == 0 ? "; it is also reproduced if " : "; or if ";
    record_cause_words(out, b, r.alternatives[i]);
  }
}

std::string shown_text(std::string_view text) {
  const std::string t = valid_utf8(text);
  const size_t first = t.find_first_not_of(" \t\r\n"), last = t.find_last_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const std::string_view s = std::string_view(t).substr(first, last + 1 - first);
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    const auto next = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
    const bool c1 = b == 0xc2 && next(1) >= 0x80 && next(1) < 0xa0;  // U+0080-U+009F
    const bool bidi = b == 0xe2 && ((next(1) == 0x80 && next(2) >= 0xaa && next(2) <= 0xae) ||
                                    (next(1) == 0x81 && next(2) >= 0xa6 && next(2) <= 0xa9));
    if (b < 0x20 || b == 0x7f) {
      append(out, "\\x{:02x}", b);
    } else if (c1) {
      append(out, "\\u{:04x}", next(1));
      ++i;
    } else if (bidi) {
      append(out, "\\u{:04x}", ((next(1) & 0x3f) << 6 | (next(2) & 0x3f)) | 0x2000);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string recorded_words(const RecordCheck& r, bool in_parentheses) {
  std::string re = shown_text(r.recorded);
  const bool words = std::any_of(re.begin(), re.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  if (words && r.recorded_margin)
    re += (in_parentheses ? ", " : " (") + result_text(*r.recorded_margin) + (in_parentheses ? "" : ")");
  return re;
}

void difference_text(std::string& out, const Board& b, const Scored& s) {
  const RecordCheck& r = s.record;
  if (!r.matches) return;
  if (*r.matches) return append(out, "Matches the recorded result {}.", recorded_words(r));
  const double d = std::fabs(*r.recorded_margin - s.count.margin);
  append(out, "Differs from the recorded {} by {} point{}: ", recorded_words(r), points_text(d), d == 1 ? "" : "s");
  if (r.cause) record_cause_text(out, b, r);
  else out += "no convention gocount knows explains it";
  out += '.';
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
std::string_view won_words(RecordNote::Won w) {
  switch (w) {
    case RecordNote::Won::kResignation: return " (a win by resignation)";
    case RecordNote::Won::kTime: return " (a win on time)";
    case RecordNote::Won::kForfeit: return " (a win by forfeit)";
    case RecordNote::Won::kNotTold: break;
  }
  return "";
}

void not_a_count_text(std::string& out, const RecordCheck& r, const RecordNote& n) {
  if (n.why == RecordNote::Why::kNone)
    return append(out, "the recorded result {} is not a count{}", r.recorded, won_words(n.won));
  append(out, "the recorded result {} is not a count ({}){}", r.recorded, not_a_count_words(n),
         !r.winner_matches     ? ""
         : *r.winner_matches ? ": by its winner only, it agrees with the count"
                             : ": by its winner only, it disagrees with the count");
}

}  // namespace

std::vector<std::string> game_warnings(const Game& game, const Scored& s) {
  std::vector<std::string> out = game.warnings;
  if (s.rules_source == Source::kDefault && !game.rules.empty())
    out.push_back(fmt::format("RU[{}] names no rule set gocount knows: counted under {} rules, the default (give --rules)",
                              quote_input(game.rules), s.rules.title));
  return out;
}

void read_note_text(std::string& out, const Board& b, const ReadNote& n) {
  switch (n.kind) {
    case ReadNote::Kind::kNoKomi:
      out += "no KM in the record, so no komi, as servers such as OGS write a game without komi";
      return;
    case ReadNote::Kind::kFoxKomiScaled:
      return append(out, "Fox's KM[{}] read as {}: Fox writes komi {}", n.written, n.value,
                    n.chinese ? "in stones x100 under Chinese rules" : "x100");
    case ReadNote::Kind::kFoxKomiZero:
      return append(out,
                    "Fox's KM[0] on an even game read as {}, the komi Fox plays under {} rules (Fox writes KM[0] on "
                    "most games)",
                    n.value, n.chinese ? "Chinese" : "Japanese");
    case ReadNote::Kind::kFoxResultInStones:
      return append(out, "Fox writes the result in stones under Chinese rules: RE[{}] read as {}+{} points", n.re,
                    n.value > 0 ? 'B' : 'W', std::fabs(n.value));
    case ReadNote::Kind::kNngsRules:
      out += "as NNGS counted: the record names no rules";
      return;
    case ReadNote::Kind::kTygemRules:
      out += "as Tygem counts: the record names no rules";
      return;
    case ReadNote::Kind::kHandicapPlaced: {
      append(out, "HA[{}] with no handicap stones placed and White to move first: the stones are put on {}", n.n,
             n.star_points ? "the star points no move plays on," : "the standard points");
      out += ' ';
      for (size_t i = 0; i < n.points.size(); ++i) append(out, "{}{}", i == 0 ? "" : " ", to_gtp(b, n.points[i]));
      if (n.fox) out += " (Fox records leave them out)";
      return;
    }
    case ReadNote::Kind::kHandicapStones:
      return append(out, "HA[{}] but the record places {} black stone{} at the start: counted as a handicap of {}, as HA "
                    "says", n.n, n.stones ? std::to_string(n.stones) : std::string("no"), n.stones == 1 ? "" : "s", n.n);
  }
}

void record_note_text(std::string& out, const Board& b, const RecordCheck& r, const RecordNote& n) {
  switch (n.kind) {
    case RecordNote::Kind::kRead: return read_note_text(out, b, n.read);
    case RecordNote::Kind::kBeforeEnd:
      return append(out,
                    "this is the position after move {}, before the record's end: its result and its marks are for "
                    "the end, and are not used",
                    n.moves);
    case RecordNote::Kind::kEndUnknown:
      return append(out,
                    "the record cannot be read past move {}: its result is for an end not reached, and is not "
                    "compared",
                    n.moves);
    case RecordNote::Kind::kNoTwoPasses:
      out += "the game did not end with two passes: the position may not be finished";
      return;
    case RecordNote::Kind::kNoGame:
      return append(out,
                    "the record holds no moves and no stones but its handicap: its result ({}) was counted on a "
                    "game it does not hold, and is not compared",
                    r.recorded);
    case RecordNote::Kind::kNotACount: return not_a_count_text(out, r, n);
    case RecordNote::Kind::kOneStoneCompensated:
      out += "OGS gives White 1 point of handicap compensation for a one-stone handicap, where the rules begin at "
             "two stones: counted as OGS counts (--handicap-compensation n counts as the rules do)";
      return;
    case RecordNote::Kind::kEnclosedTerritory:
      return append(out,
                    "OGS counts every point that one colour encloses as its territory, seki eyes and teire too, where "
                    "territory rules give them to no one: the {} such point{} here counted as OGS counts{} "
                    "(--territory rules counts as the rules do)",
                    n.enclosed, n.enclosed == 1 ? " is" : "s are",
                    n.seki_prisoners == 0   ? ""
                    : n.seki_prisoners == 1 ? ", and the dead stone inside a seki taken as a prisoner"
                                            : fmt::format(", and the {} dead stones inside a seki taken as prisoners",
                                                          n.seki_prisoners));

  }
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
    else if (i == 0) {
      compensation_words(out, g.kind, handicap);
      append(out, " under {}", under);
    }
    else out += fmt::format("{} under {} ({})", n, under, compensation_name(g.kind));
  }
  return out + fmt::format(", for Black's {} handicap stones.", handicap);
}

}  // namespace gocount
