#include "count/score.h"

#include <algorithm>
#include <stdexcept>

#include "count/reuse.h"
#include "sgf/parse_error.h"

namespace gocount {

std::string_view source_name(Source s) {
  switch (s) {
    case Source::kRecord: return "record";
    case Source::kOption: return "option";
    case Source::kDefault: return "default";
  }
  return "?";
}

std::string dead_source_name(const DeadSources& d) {
  std::string out;
  const std::pair<bool, const char*> parts[] = {{d.marks, "marks"}, {d.option, "option"}, {d.estimate, "estimate"}};
  for (const auto& [on, name] : parts) {
    if (!on) continue;
    if (!out.empty()) out += '+';
    out += name;
  }
  return out.empty() ? "none" : out;
}

const Rules& rules_for(std::string_view record_rules, const Rules* forced, Source* source) {
  Source src = Source::kDefault;
  const Rules* r = &default_rules();
  if (forced) {
    r = forced;
    src = Source::kOption;
  } else if (const Rules* rec = find_record_rules(record_rules)) {
    r = rec;
    src = Source::kRecord;
  }
  if (source) *source = src;
  return *r;
}

Rules effective_rules(const Rules& preset, const ScoreRequest& request) {
  Rules r = preset;
  // A territory count gives none (its handicap stones are in its prisoners
  // and territory): where the rules come from each record, or in compare's
  // columns, --handicap-compensation is an area count's alone.
  if (request.compensation && r.scoring == Scoring::kArea) r.compensation = *request.compensation;
  if (request.tie) r.tie_even = r.tie_handicap = *request.tie;
  if (request.seki_dead_prisoners) r.seki_dead_prisoners = true;
  if (request.seki_fill) r.seki_fill = *request.seki_fill;
  if (request.enclosed_territory) r.enclosed_territory = *request.enclosed_territory && r.scoring == Scoring::kTerritory;
  // A dead stone's point inside a seki counted as territory is a point its
  // stone was taken from: the stone is a prisoner too (as OGS counts it).
  if (r.enclosed_territory) r.seki_dead_prisoners = true;
  return r;
}

std::vector<const MethodInfo*> resolve_methods(const std::vector<std::string>& names, const Rules& rules) {
  std::vector<const MethodInfo*> out;
  for (const std::string& name : names) {
    if (name == "all") {
      for (const MethodInfo& m : methods())
        if (m.applies(rules)) out.push_back(&m);
      continue;
    }
    const MethodInfo* m = find_method(name);
    if (!m) throw std::invalid_argument("unknown method '" + name + "' (known: " + method_names() + ", all)");
    if (!m->applies(rules))
      throw std::invalid_argument(std::string(m->title) + " does not count what " + std::string(rules.title) +
                                  " rules count (" + std::string(scoring_name(rules.scoring)) + ")");
    out.push_back(m);
  }
  return out;
}

void run_methods(const std::vector<const MethodInfo*>& ms, const CountInput& in, const std::vector<Color>& sides,
                 std::vector<Count>& out) {
  out.clear();
  for (const MethodInfo* m : ms) {
    if (m->needs_position && !in.position)
      throw std::invalid_argument(std::string(m->title) + " needs a position (territory, prisoners, passes), "
                                                          "not only total points");
    if (!m->one_side) {
      out.push_back(m->run(in));
      continue;
    }
    for (Color side : sides) {
      CountInput one = in;
      one.counted = side;
      out.push_back(m->run(one));
    }
  }
}

std::vector<Count> run_methods(const std::vector<const MethodInfo*>& ms, const CountInput& in,
                               const std::vector<Color>& sides) {
  std::vector<Count> out;
  run_methods(ms, in, sides, out);
  return out;
}

namespace {

// The players' marks and what to do with them.
struct DeadStones {
  std::vector<Vertex> dead, alive;  // a stone of each marked chain
  std::vector<StatusSource> source; // per vertex: who marked it (kMarks or kOption)
  std::vector<uint8_t> marked_alive;  // per vertex: a stone of a chain marked alive
  bool estimate = false;            // the estimator decides the chains not marked
  DeadSources from;                 // Scored::dead_from
};

std::vector<Vertex> points_of(const Board& board, const std::vector<std::string>& texts, std::string_view what) {
  std::vector<Vertex> out;
  for (const std::string& text : texts) {
    const Vertex v = parse_point(board, text);
    if (v == kNoVertex)
      throw DeadStoneError(std::string(what) + " stone '" + quote_input(text) + "' is not a point of this " +
                           std::to_string(board.width()) + "x" + std::to_string(board.height()) + " board");
    if (board.at(v) != Color::kBlack && board.at(v) != Color::kWhite)
      throw DeadStoneError(std::string(what) + " stone " + to_gtp(board, v) + " names an empty point");
    out.push_back(v);
  }
  return out;
}

// Marks come from the record (TB/TW in the last node, lower-case diagram
// stones) or, instead, from --dead; --alive overrides the record's marks.
// The estimator decides when nothing marks the position (or with
// --estimate), never under rules that count the board as it stands.
// `m` is refilled (its lists keep their storage).
void dead_stone_marks(const Game& game, const ScoreRequest& request, const Rules& rules, DeadStones& m) {
  const Board& b = game.board;
  reset_keeping(m, &DeadStones::dead, &DeadStones::alive, &DeadStones::source, &DeadStones::marked_alive);
  m.source.assign(b.padded_size(), StatusSource::kNone);
  if (!rules.remove_dead) return;
  const bool option_dead = request.dead.has_value();
  const StatusSource dead_from = option_dead ? StatusSource::kOption : StatusSource::kMarks;
  std::vector<Vertex> given;  // --dead's points (the record's marks are not copied: no heap)
  if (option_dead) given = points_of(b, *request.dead, "dead");
  for (Vertex v : option_dead ? given : game.marked_dead)
    b.for_each_in_chain(v, [&](Vertex s) { m.source[s] = dead_from; });
  std::vector<uint8_t>& alive = m.marked_alive;
  alive.assign(b.padded_size(), 0);
  for (Vertex v : points_of(b, request.alive, "alive")) {
    if (option_dead && m.source[v] == StatusSource::kOption)
      throw DeadStoneError("stone " + to_gtp(b, v) + " is given both as dead and as alive");
    b.for_each_in_chain(v, [&](Vertex s) {
      m.source[s] = StatusSource::kOption;
      alive[s] = 1;
    });
  }
  b.for_each_point([&](Vertex v) {
    if (m.source[v] == StatusSource::kNone || b.chain_root(v) != v) return;
    (alive[v] ? m.alive : m.dead).push_back(v);
  });
  const bool marked = option_dead || game.has_marks;
  m.estimate = request.estimate == EstimateMode::kOn || (request.estimate == EstimateMode::kAuto && !marked);
  m.from = {.marks = game.has_marks && !option_dead, .option = option_dead || !request.alive.empty(), .estimate = m.estimate};
}

// The marks below work on bytes, selected by masks, in flat loops over the
// padded board: without branches on a point's class (a board's classes
// follow no pattern) they vectorise. A wall point is no stone and never
// empty: it counts for no one.
constexpr auto kEmptyByte = static_cast<uint8_t>(Color::kEmpty), kWallByte = static_cast<uint8_t>(Color::kWall);

const uint8_t* color_bytes(const Tally& t) { return reinterpret_cast<const uint8_t*>(t.board.colors().data()); }

// Territory rules count an enclosed point for its owner and leave every
// other empty point out.
void mark_territory(Counted& s, const Tally& t, int n) {
  const uint8_t* color = color_bytes(t);
  const auto* cls = reinterpret_cast<const uint8_t*>(t.classes.cls.data());
  const auto* owner = reinterpret_cast<const uint8_t*>(t.classes.owner.data());
  auto* counts = reinterpret_cast<uint8_t*>(s.counts_for.data());
  uint8_t* non_scoring = s.non_scoring.data();
  const auto territory = static_cast<uint8_t>(PointClass::kTerritory);
  const uint8_t enclosed = s.rules.enclosed_territory;
  for (int v = 0; v < n; ++v) {
    const uint8_t empty = color[v] == kEmptyByte;
    const uint8_t counted = (cls[v] == territory) | (enclosed & (owner[v] != kEmptyByte));
    counts[v] = owner[v] & static_cast<uint8_t>(-(empty & counted));
    non_scoring[v] = empty & (counted ^ 1);
  }
}

// Area rules count every point for whom it belongs to (Ing: a neutral point
// half each, else no one's).
void mark_area(Counted& s, const Tally& t, int n) {
  const uint8_t* color = color_bytes(t);
  const auto* area_owner = reinterpret_cast<const uint8_t*>(t.owner.data());
  auto* counts = reinterpret_cast<uint8_t*>(s.counts_for.data());
  uint8_t* neutral = s.rules.neutral == NeutralPoints::kHalfEach ? s.half_each.data() : s.non_scoring.data();
  if (neutral != s.non_scoring.data()) std::fill_n(s.non_scoring.data(), n, 0);
  for (int v = 0; v < n; ++v) {
    const uint8_t c = color[v];
    const auto is_empty = static_cast<uint8_t>(-(c == kEmptyByte));
    const uint8_t on_board = c != kWallByte;
    const uint8_t owner = (area_owner[v] & is_empty) | (c & static_cast<uint8_t>(~is_empty) & static_cast<uint8_t>(-on_board));
    counts[v] = owner;
    neutral[v] = on_board & (owner == kEmptyByte);
  }
}

// Then, under area rules, a seki's shared liberties as the rules share them.
void mark_shared_liberties(Counted& s, const Tally& t, int n) {
  thread_local std::vector<SharedShare> share;  // kept: no heap once warm
  share.clear();
  fill_shared_liberties(t.classes, s.rules.seki_fill, &share);
  if (share.empty()) return;
  for (int v = 0; v < n; ++v) {
    if (t.board.at(v) != Color::kEmpty || share[v] == SharedShare::kNone) continue;
    s.counts_for[v] = share[v] == SharedShare::kBlack   ? Color::kBlack
                      : share[v] == SharedShare::kWhite ? Color::kWhite
                                                        : Color::kEmpty;
    (s.rules.neutral == NeutralPoints::kHalfEach ? s.half_each : s.non_scoring)[v] = 0;
    if (share[v] == SharedShare::kNonScoring) s.non_scoring[v] = 1;
    if (share[v] == SharedShare::kHalfEach) s.half_each[v] = 1;
  }
}

// Which points count for whom under the rules (see Counted::counts_for).
void mark_points(Counted& s, const Tally& t) {
  const int n = t.board.padded_size();
  s.counts_for.resize(n);  // every point written below
  s.non_scoring.resize(n);
  s.half_each.assign(n, 0);
  if (s.rules.seki == SekiPolicy::kNoTerritory) return mark_territory(s, t, n);
  mark_area(s, t, n);
  if (s.input.seki) mark_shared_liberties(s, t, n);
}

// The same position counted by the other family, with our komi and dead
// stones: the same tally, counted again, into `out` (its parts' storage kept).
void other_scoring(const Game& game, const Scored& s, const ScoreRequest& request, Scored::OtherScoring& out) {
  thread_local Counted o;  // the other family's count, kept: no heap once warm
  recount(game, s.tally, other_family_rules(s.rules, request), s.komi, request, {}, o);
  RuleVariant v{find_rules(s.rules.name)};
  if (v.preset && s.rules.compensation != v.preset->compensation) v.compensation = s.rules.compensation;
  if (v.preset && s.rules.seki_fill != v.preset->seki_fill) v.seki_fill = s.rules.seki_fill;
  if (v.preset && s.rules.enclosed_territory != v.preset->enclosed_territory) v.enclosed_territory = s.rules.enclosed_territory;
  out.rules = o.rules.name;
  out.theirs = {find_rules(o.rules.name)};
  out.ours = v;
  out.ours_title = s.rules.title;
  out.result = o.count.result();
  out.margin = o.count.margin;
  out.tie = o.count.tie;
  rule_differences(o, s.tally, s, s.tally, out.parts);
}

}  // namespace

Ownership point_ownership(const Scored& s) {
  Ownership o;
  point_ownership(s, o);
  return o;
}

bool ownership_estimated(const Scored& s) {
  return s.estimate && static_cast<int>(s.estimate->ownership.size()) == s.tally.board.area();
}

void point_ownership(const Scored& s, Ownership& into) {
  if (ownership_estimated(s)) {
    into.values.assign(s.estimate->ownership.begin(), s.estimate->ownership.end());
    into.estimated = true;
    into.judge = s.estimate->judge;
    return;
  }
  into.values.resize(s.tally.board.area());
  into.estimated = false;
  into.judge = Judge::kPlayouts;
  float* out = into.values.data();
  for_each_count_owner(s, [&](int i, int sign) { out[i] = static_cast<float>(sign); });
}

bool server_compensates_one_stone(const Game& game, const ScoreRequest& request, Source rules_source,
                                  const Rules& rules) {
  return game.ogs && game.handicap == 1 && rules_source == Source::kRecord && !request.compensation &&
         rules.compensation == HandicapCompensation::kN;
}

// OGS's earlier site, up to DT[2014-02-13], mostly left the seki points and
// teire out (40 records against 7, of those outside the test files that
// reproduce RE one way or the other); from DT[2014-02-20] on, OGS counts
// them (1,154 against 214).
constexpr std::string_view kOgsEnclosesFrom = "2014-02-16";

bool server_counts_enclosed(const Game& game, const ScoreRequest& request, Source rules_source, const Rules& rules) {
  // A record with no DT is taken for one of the present site's.
  const bool present_site = game.info.date.empty() || game.info.date >= kOgsEnclosesFrom;
  return game.ogs && present_site && rules_source == Source::kRecord &&
         !request.enclosed_territory && rules.scoring == Scoring::kTerritory && rules.remove_dead;
}

Rules other_family_rules(const Rules& rules, const ScoreRequest& request) {
  const Rules& preset = *find_rules(rules.scoring == Scoring::kArea ? "japanese" : "chinese");
  Rules r = effective_rules(preset, request);
  r.compensation = preset.compensation;
  return r;
}

void recount_margin(const Game& game, const Tally& tally, const Rules& rules, double komi, const ScoreRequest& request,
                    Counted& c) {
  c.rules = rules;
  c.komi = komi;
  c.handicap = game.handicap;
  c.input = count_input(tally, c.rules, komi, c.handicap, game.last_mover);
  c.input.tie_breaker = request.tie_breaker;
  c.input.adjust = request.adjust;
  c.input.setup_excess = game.setup_balance - (game.handicap_set_up ? game.handicap : 0);
  count_by_rules(c.input, c.count);
}

void recount(const Game& game, const Tally& tally, const Rules& rules, double komi, const ScoreRequest& request,
             const std::vector<const MethodInfo*>& methods, Counted& c) {
  recount_margin(game, tally, rules, komi, request, c);
  run_methods(methods, c.input, request.sides, c.methods);
  // The 1989 rules' dead stones inside a seki, no prisoners, where the count
  // removes dead stones at all (Tromp-Taylor leaves them standing).
  const bool seki_prisoners = rules.seki_dead_prisoners || !rules.remove_dead;
  algebra(tally, komi, c.handicap, game.last_mover, c.input.setup_excess, game.diagram, rules.enclosed_territory,
          seki_prisoners, c.algebra);
  mark_points(c, tally);
}

Counted recount(const Game& game, const Tally& tally, const Rules& rules, double komi, const ScoreRequest& request,
                const std::vector<const MethodInfo*>& methods) {
  Counted c;
  recount(game, tally, rules, komi, request, methods, c);
  return c;
}

namespace {

// A chain with no liberty stands in no game; a diagram or a position set up
// by hand may draw one captured and not taken off (a replay never leaves
// one). Marked dead, it is taken off as a dead chain; else it is refused.
void refuse_chains_without_liberty(const Board& b, std::span<const Vertex> dead) {
  for (Vertex v = b.chain_without_liberty(); v != kNoVertex; v = b.chain_without_liberty(v + 1)) {
    const Vertex root = b.chain_root(v);
    if (std::any_of(dead.begin(), dead.end(), [&](Vertex d) { return b.chain_root(d) == root; })) continue;
    throw std::invalid_argument(std::string("the ") + color_name(b.at(v)) + " chain at " + to_gtp(b, v) +
                                " has no liberty: no game reaches this position (take it off, or mark it dead)");
  }
}

// A diagram's `rules:` line is typed by hand: a name no rule set answers to
// is a typing mistake, not a record's spelling to read past (an unknown RU
// counts under the default rules, its name noted), so it is refused.
void refuse_unknown_diagram_rules(const Game& game, const Rules* forced) {
  if (!game.diagram || forced || game.rules.empty() || find_rules(game.rules)) return;
  const std::string line = game.rules_line ? "line " + std::to_string(game.rules_line) + ": " : "";
  throw std::invalid_argument(line + "rules '" + quote_input(game.rules) + "': no rule set of that name (known: " +
                              rule_names() + ")");
}

}  // namespace

void score_game(const Game& game, const ScoreRequest& request, Scored& s) {
  refuse_unknown_diagram_rules(game, request.rules);
  s.rules = effective_rules(rules_for(record_rules(game), request.rules, &s.rules_source), request);
  if (server_compensates_one_stone(game, request, s.rules_source, s.rules))
    s.rules.compensation = HandicapCompensation::kNFromOne;
  if (server_counts_enclosed(game, request, s.rules_source, s.rules))
    s.rules.enclosed_territory = s.rules.seki_dead_prisoners = true;
  if (request.komi) {
    s.komi = *request.komi;
    s.komi_source = Source::kOption;
  } else if (game.komi) {
    s.komi = *game.komi;
    s.komi_source = Source::kRecord;
  } else {
    s.komi = default_komi(s.rules, game.handicap);
    s.komi_source = Source::kDefault;
  }
  const std::vector<const MethodInfo*> ms = resolve_methods(request.methods, s.rules);

  // Kept per thread: no heap once warm. Read only up to the tally (the
  // record check below may score the game again, which refills it).
  thread_local DeadStones marks;
  dead_stone_marks(game, request, s.rules, marks);
  std::span<const Vertex> dead = marks.dead;
  refuse_chains_without_liberty(game.board, dead);
  if (marks.estimate) {
    s.estimate = request.judged ? *request.judged
                                : gocount::estimate(game.board, marks.dead, marks.alive, request.estimate_options);
    s.chains = s.estimate->chains;
    dead = s.estimate->dead;
  } else {
    s.estimate.reset();
    as_marked(game.board, marks.dead, marks.alive, s.chains);
  }
  for (ChainStatus& c : s.chains)
    if (c.source == StatusSource::kMarks) c.source = marks.source[c.root];
  if (s.estimate) s.estimate->chains = s.chains;
  s.dead_from = marks.from;
  thread_local Regions regions;  // the tally's region pass, kept: no heap once warm
  tally(game, dead, regions, s.tally);
  recount(game, s.tally, s.rules, s.komi, request, ms, s);
  // Without the estimator, the classification tells which living chains are in seki.
  if (!s.estimate)
    for (ChainStatus& c : s.chains)
      if (c.status == GroupStatus::kAlive && s.tally.classes.cls[c.root] == PointClass::kSekiStone)
        c.status = GroupStatus::kSeki;
  if (request.check_record) check_record(game, s, request, s.record);
  else s.record = {};
  if (request.other_scoring && s.rules.remove_dead) {
    // Assigned, not emplace()d: clang takes the nested struct for one with
    // no default constructor (its members' initialisers).
    if (!s.other_scoring) s.other_scoring = Scored::OtherScoring{};
    other_scoring(game, s, request, *s.other_scoring);
  } else {
    s.other_scoring.reset();
  }
}

Scored score_game(const Game& game, const ScoreRequest& request) {
  Scored s;
  score_game(game, request, s);
  return s;
}

}  // namespace gocount
