#include "count/record_check.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <span>
#include <tuple>

#include "count/reuse.h"
#include "count/score.h"

namespace gocount {

namespace {

// Whether `t` took off exactly the chains of `board` through `dead`.
bool took_off(const Tally& t, const Board& board, const std::vector<Vertex>& dead) {
  thread_local std::vector<uint8_t> dead_root;  // per chain root; kept: no heap once warm
  dead_root.assign(board.padded_size(), 0);
  for (Vertex s : dead) dead_root[board.chain_root(s)] = 1;
  // Without a branch (the colours follow no pattern): an empty point is its
  // own chain root, never a dead one, so it needs no test of its colour.
  int same = 1;
  board.for_each_point([&](Vertex v) { same &= int{dead_root[board.chain_root(v)] == int{t.dead[v] != 0}}; });
  return same != 0;
}

// What a search counts in, kept per thread so that the searches of a
// worker's games need no heap once warm (a search never runs inside another:
// the game it may score again is not checked against the record).
struct SearchScratch {
  std::vector<Vertex> dead;  // a stone of each chain the count calls dead
  std::vector<Vertex> roots;  // whole_board's chains of one colour
  std::vector<const ChainStatus*> side, one_seki;  // seki_removed's chains
  std::vector<Vertex> flipped;  // removed_in_seki's dead stones
  Tally own_tally;           // their tally, when not the count's
  Tally other_tally;         // of other dead stones (found_with)
  Regions regions;
  Counted counted;           // every recount
};

class Search {
 public:
  // `alternatives` (empty) receives the other conventions that reproduce the record.
  Search(const Game& game, const Scored& scored, const ScoreRequest& request, double want,
         std::vector<Cause>& alternatives)
      : alternatives_(alternatives), game_(game), scored_(scored), request_(request), want_(want),
        seki_amount_(seki_amount(scored_, scored_.tally)) {
    dead_.clear();
    for (const ChainStatus& c : scored_.chains)
      if (c.status == GroupStatus::kDead) dead_.push_back(c.root);
    // The count's tally took off the judge's dead stones, which its chains'
    // statuses name but for rare cases (a bent four's living chain left in
    // Estimate::dead): checked, not assumed.
    own_tally_ = !took_off(scored_.tally, game_.board, dead_);
    if (own_tally_) tally(game_, dead_, scratch_.regions, scratch_.own_tally);
  }

  // Whether `s`, a count of `t`, reproduces the record, alone or with the
  // seki points counted as territory.
  bool fits(const Counted& s, const Tally& t) const {
    return same_points(s.count.margin, want_) || same_points(s.count.margin + seki_amount(s, t), want_);
  }
  // The same, setting the cause.
  bool found(const Counted& s, const Tally& t, Cause c) {
    if (same_points(s.count.margin, want_)) return set(std::move(c));
    if (!fits(s, t)) return drop(std::move(c));
    name_seki_points(s, t, c, true);  // named only now: a fit is rare
    return set(std::move(c));
  }

  // The tally of the chains the count calls dead.
  const Tally& dead_tally() const { return own_tally_ ? scratch_.own_tally : scored_.tally; }
  // Those dead stones counted under `rules` and `komi`: the tally counted
  // again (into the scratch count, valid until the next recount; its margin
  // only: full() counts the rest where a variant fits); found_as: whether
  // that reproduces the record.
  const Counted& recount_as(const Rules& rules, double komi) {
    recount_margin(game_, dead_tally(), rules, komi, request_, scratch_.counted);
    return scratch_.counted;
  }
  // The scratch count of `t` with its algebra and points, for the words of a fit.
  const Counted& full(const Tally& t) {
    Counted& c = scratch_.counted;
    const Rules rules = c.rules;  // (recount sets them again)
    recount(game_, t, rules, c.komi, request_, {}, c);
    return c;
  }
  bool found_as(const Rules& rules, double komi, Cause c) {
    return found(recount_as(rules, komi), dead_tally(), std::move(c));
  }
  // Whether other dead stones, under our rules and komi, reproduce the record:
  // a tally of their own, no judgement (its count left in the scratch);
  // found_with: the same, setting the cause.
  bool fits_with(const std::vector<Vertex>& dead) {
    tally(game_, dead, scratch_.regions, scratch_.other_tally);
    recount_margin(game_, scratch_.other_tally, scored_.rules, scored_.komi, request_, scratch_.counted);
    return fits(scratch_.counted, scratch_.other_tally);
  }
  bool found_with(const std::vector<Vertex>& dead, Cause c) {
    if (!fits_with(dead)) return drop(std::move(c));
    return found(scratch_.counted, scratch_.other_tally, std::move(c));
  }

  // Every convention in turn, the likeliest first: the first that reproduces
  // the record is the cause, the later ones its alternatives.
  void run() {
    seki_points_and_dead_stones();
    marks_completed();
    other_compensation();
    other_scoring();
    other_komi_or_dame();
    nothing_else();
    winner_swapped();
    unjudged_dead_stones();
  }

  // 1. The seki points counted as territory (OGS, and many servers). 2. Dead
  // stones: every stone of one side removed, the whole board the other's (a
  // removal the players accepted whatever the position; a margin this
  // extreme is no chance fit, and flipping the chains one by one would name
  // the same stones); else the players' view of the chains the estimate
  // decided.
  void seki_points_and_dead_stones() {
    const bool enclosed = scored_.rules.enclosed_territory;
    if (!enclosed) seki_points();
    const bool whole = scored_.rules.remove_dead && whole_board();
    // Counted as OGS counts, the seki points left out as the rules do: after
    // all the dead stones left on the board (a game the players played out),
    // before a chain or two flipped (dead_stones tries it between them).
    if (!whole && scored_.estimate) dead_stones();
    else if (enclosed) seki_points();
  }

  // Under --no-estimate the judge never runs, here neither: a record it
  // does not reproduce is told so (unjudged_dead_stones).
  bool may_judge() const { return request_.estimate != EstimateMode::kOff; }

  // The marks (or --dead) as given, completed by the estimate.
  void marks_completed() {
    if (scored_.estimate || !scored_.rules.remove_dead || !may_judge()) return;
    ScoreRequest r = request_;
    r.methods.clear();
    r.check_record = r.other_scoring = false;
    r.estimate = EstimateMode::kOn;
    const Scored o = score_game(game_, r);
    std::vector<Vertex> more;
    for (Vertex v : o.estimate->dead)
      if (scored_.tally.dead[v] == 0) more.push_back(v);
    if (!more.empty()) found(o, o.tally, cause(Cause::Kind::kDeadNotMarked, more));
  }

  // 3. Another handicap compensation.
  void other_compensation() {
    if (scored_.handicap >= 2) {
      for (HandicapCompensation c : {HandicapCompensation::kN, HandicapCompensation::kNMinusOne, HandicapCompensation::kNone}) {
        if (c == scored_.rules.compensation) continue;
        Rules rules = scored_.rules;
        rules.compensation = c;
        Cause why = cause(Cause::Kind::kHandicapCompensation);
        why.compensation = {scored_.rules.compensation, c};
        why.handicap = scored_.handicap;
        if (found_as(rules, scored_.komi, std::move(why))) break;
      }
    } else if (scored_.handicap == 1 && scored_.rules.scoring == Scoring::kArea) {
      // A one-stone handicap compensated like a larger one (n = 1), as OGS
      // counts it, or, where gocount counted so, not compensated. Mays: "the
      // subtraction of the value of the handicap begins when n >= 2"; below
      // that is the no-komi game.
      const bool given = scored_.rules.compensation == HandicapCompensation::kNFromOne;
      Rules rules = scored_.rules;
      rules.compensation = given ? HandicapCompensation::kN : HandicapCompensation::kNFromOne;
      Cause why = cause(Cause::Kind::kHandicapCompensation);
      why.one_stone = true;
      why.compensation = {scored_.rules.compensation, rules.compensation};
      why.handicap = 1;
      found_as(rules, scored_.komi, std::move(why));
    }
  }

  // 4. Counted by the other scoring family. Its parts are named only when it fits.
  void other_scoring() {
    if (!fits(recount_as(other_family_rules(scored_.rules, request_), scored_.komi), dead_tally())) return;
    const Counted& o = full(dead_tally());
    Cause why = cause(Cause::Kind::kOtherScoring);
    why.theirs_title = o.rules.title;
    why.base_territory = scored_.rules.scoring != Scoring::kArea;
    rule_differences(o, dead_tally(), scored_, scored_.tally, why.parts);
    // Only the last part can be the rest (kUnexplained): left out.
    if (!why.parts.empty() && why.parts.back().kind == Cause::Kind::kUnexplained) {
      give_back(std::move(why.parts.back()));
      why.parts.pop_back();
    }
    found(o, dead_tally(), std::move(why));
  }

  // 5, 6. Another komi; on Fox and OGS, a dame or two counted for a side
  // (Fox's judge gives a point to the side beside it, and OGS's scorer
  // takes territory from its estimate's ownership; no marks say what they
  // counted). A komi the record writes is likelier right than a dame
  // left uncounted; one it leaves out (Fox's KM[0]) less.
  void other_komi_or_dame() {
    const bool judged = (game_.fox || game_.ogs) && scored_.estimate && !game_.has_marks;
    const bool komi_written = scored_.komi_source == Source::kRecord && !game_.komi_assumed;
    if (judged && komi_written) dame_counted();
    other_komi();
    if (judged && !komi_written) dame_counted();
  }

  // 7. Nothing else reproduces it: one side of a seki counted dead (a
  // server's estimator that does not see the seki, and players who
  // accepted it); three of the judge's chains decided otherwise; or the
  // game was not played out (a ko left open among them), and the record
  // judges a position that a count cannot settle.
  // The seki and the loose fit are the likeliest of what is left, never so
  // likely that the others need not be said.
  // (Only where the dead stones were judged or marked: else the dead
  // stones standing look like sekis.)
  void nothing_else() {
    const bool decided = scored_.estimate || game_.has_marks;
    seki_counted_dead_ = !cause_ && scored_.rules.remove_dead && decided && seki_removed();
    const bool loose = !cause_ && scored_.estimate && dead_stones(true);
    vague_ |= loose;
    if ((cause_ && !loose && !seki_counted_dead_) || !scored_.estimate) return;
    std::vector<ChainStatus> kos = kos_left_open();
    // A ko moves the margin by 3 points at most (area counting: the taker's
    // stone on its point and the taken point, against the owner's stone).
    if (std::fabs(want_ - scored_.count.margin) > 3.0 * kos.size() + 1e-9) kos.clear();
    std::vector<Vertex> open;
    for (const ChainStatus& c : kos) open.push_back(c.reason.points.front());
    if (!scored_.estimate->finished)
      open.insert(open.end(), scored_.estimate->needs_move.begin(), scored_.estimate->needs_move.end());
    std::sort(open.begin(), open.end());
    open.erase(std::unique(open.begin(), open.end()), open.end());
    if (!open.empty()) not_finished(open, std::move(kos));
  }

  // The stones in the kos the estimate found left open (the judge counts
  // them as they stand; a server's judge may have taken them).
  std::vector<ChainStatus> kos_left_open() const {
    std::vector<ChainStatus> out;
    for (const ChainStatus& c : scored_.chains)
      if (c.source == StatusSource::kEstimate && c.reason.kind == Evidence::Kind::kOpenKo) out.push_back(c);
    return out;
  }

  // 8. The same margin the other way: the record names the wrong winner
  // (a slip in writing RE, B for W), or the colours were swapped.
  void winner_swapped() {
    if ((!cause_ || seki_counted_dead_) && want_ != 0 && same_points(-scored_.count.margin, want_)) {
      set(cause(Cause::Kind::kWinnerSwapped));
      vague_ = true;
    }
  }

  // Unjudged, unmarked dead stones may explain any difference: whatever
  // else fits is only likely, with them as the alternative (or the cause).
  void unjudged_dead_stones() {
    if (may_judge() || !scored_.rules.remove_dead || game_.has_marks) return;
    if (cause_) {
      cause_->or_unjudged = true;
    } else {
      Cause c = cause(Cause::Kind::kDeadNotMarked);
      c.unjudged = true;
      set(std::move(c));
    }
    vague_ = true;
  }

  bool seki_counted_dead_ = false;  // nothing_else found one side of a seki counted dead

  // The cause found, or nullopt; `alternatives` the others that also reproduce the record.
  std::optional<Cause> cause_;
  std::vector<Cause>& alternatives_;
  // The cause names several points of which the record counts some: it is
  // likely, never certain, even alone.
  bool vague_ = false;

 private:
  // The seki points counted the other way: as territory, or (where the
  // count took them so, as OGS does) left out.
  void seki_points() {
    if (seki_amount_ == 0 || !same_points(scored_.count.margin + seki_amount_, want_)) return;
    Cause c = cause(scored_.rules.enclosed_territory ? Cause::Kind::kSekiNotTerritory : Cause::Kind::kSekiAsTerritory);
    name_seki_points(scored_, scored_.tally, c, true);
    set(std::move(c));
  }

  // 5. Another komi: the margin moves by the komi's difference.
  void other_komi() {
    for (double seki : {0.0, seki_amount_}) {
      const double k = scored_.komi + scored_.count.margin + seki - want_;
      for (double plausible : {0.0, 0.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0})
        if (same_points(k, plausible) && !same_points(k, scored_.komi)) {
          Cause c = cause(Cause::Kind::kKomi);
          c.komi = {scored_.komi, k};
          c.komi_from = scored_.komi_source == Source::kOption   ? KomiFrom::kGiven
                        : scored_.komi_source != Source::kRecord ? KomiFrom::kDefault
                        : !game_.komi_assumed                    ? KomiFrom::kRecord
                        : game_.fox                              ? KomiFrom::kFoxZero
                                                                 : KomiFrom::kNoKm;
          if (seki != 0) name_seki_points(scored_, scored_.tally, c, false);
          set(std::move(c));
          return;
        }
    }
  }

  // The margin is off by one or two points and as many dame touch the side
  // they would favour: the record counts them for it.
  void dame_counted() {
    const double d = want_ - scored_.count.margin;
    const long n = std::lround(std::fabs(d));
    if (n < 1 || n > 2 || !same_points(std::fabs(d), static_cast<double>(n))) return;
    const Color side = d > 0 ? Color::kBlack : Color::kWhite;
    const Tally& t = scored_.tally;
    const Board& b = t.board;
    std::vector<Vertex> pts;
    b.for_each_point([&](Vertex v) {
      const PointClass c = t.classes.cls[v];
      if (b.at(v) != Color::kEmpty || (c != PointClass::kDame && c != PointClass::kOneSidedDame)) return;
      if (scored_.counts_for[v] != Color::kEmpty || scored_.half_each[v]) return;
      for (Vertex u : {v - 1, v + 1, v - b.stride(), v + b.stride()})
        if (b.at(u) == side) return pts.push_back(v);
    });
    if (std::ssize(pts) < n) return;
    const bool first = !cause_;
    const bool some = std::ssize(pts) > n;
    Cause c = cause(Cause::Kind::kDameCounted, pts);
    c.ogs = game_.ogs;
    c.dame = static_cast<int>(n);
    c.side = side;
    set(std::move(c));
    vague_ |= first && some;
  }

  // All the stones of one colour dead, those of the other alive. Only for a
  // margin of half the board or more (the whole board gives about all of
  // it): no tally is made for the others.
  bool whole_board() {
    const Board& b = game_.board;
    if (2 * std::fabs(want_) < b.area()) return false;
    for (const Color dead : {Color::kBlack, Color::kWhite}) {
      std::vector<Vertex>& roots = scratch_.roots;
      roots.clear();
      b.for_each_point([&](Vertex v) {
        if (b.at(v) == dead && b.chain_root(v) == v) roots.push_back(v);
      });
      if (roots.empty() || !fits_with(roots)) continue;
      // The stones are named only for a fit.
      Cause c = cause(Cause::Kind::kWholeBoard);
      b.for_each_point([&](Vertex v) {
        if (b.at(v) == dead) c.points.push_back(v);
      });
      c.side = opponent(dead);
      return found(scratch_.counted, scratch_.other_tally, std::move(c));
    }
    return false;
  }

  // The points that still need a move, named: the record's result is the
  // server's judgement of them, which no count of the position reproduces.
  // `kos`: the kos left open among them.
  void not_finished(const std::vector<Vertex>& open, std::vector<ChainStatus> kos) {
    Cause c = cause(Cause::Kind::kNotFinished, open);
    c.chains = std::move(kos);
    set(std::move(c));
    vague_ = true;
  }

  // A cause of `kind` naming `points`, with what every record check cause
  // says; taken from the causes given back (their lists' storage kept).
  Cause cause(Cause::Kind kind, std::span<const Vertex> points = {}) const {
    Cause c = take_cause(kind);
    c.points.assign(points.begin(), points.end());
    c.amount = want_ - scored_.count.margin;
    c.rules_title = scored_.rules.title;
    return c;
  }

  bool set(Cause c) {
    if (!cause_) cause_ = std::move(c);
    else if (alternatives_.size() < kMostAlternatives) alternatives_.push_back(std::move(c));
    else give_back(std::move(c));
    return true;
  }
  // A cause that does not fit, given back for the next.
  static bool drop(Cause&& c) {
    give_back(std::move(c));
    return false;
  }
  static constexpr size_t kMostAlternatives = 3;

  // The chains of one side in seki counted dead, one at a time, then those
  // of each seki together (a group of several chains):
  //
  //   . X O O .      the record counts White's O chains dead (the
  //   X X a O .      estimator saw no seki): the shared liberties a and b
  //   O O b X X      and the White stones become Black's.
  bool seki_removed() {
    std::vector<const ChainStatus*>& side = scratch_.side;
    std::vector<const ChainStatus*>& one_seki = scratch_.one_seki;
    for (const Color colour : {Color::kBlack, Color::kWhite}) {
      side.clear();
      for (const ChainStatus& c : scored_.chains)
        if (c.color == colour && c.status != GroupStatus::kDead &&
            scored_.tally.classes.cls[c.root] == PointClass::kSekiStone)
          side.push_back(&c);
      if (side.size() > kMostSekiChains) continue;  // no tournament of guesses
      for (const ChainStatus* c : side)
        if (removed_in_seki(std::span(&c, 1))) return true;
      for (const std::vector<Vertex>& shared : scored_.tally.classes.sekis) {
        one_seki.clear();
        for (const ChainStatus* c : side)
          if (touches(c->root, shared)) one_seki.push_back(c);
        if (one_seki.size() > 1 && removed_in_seki(one_seki)) return true;
      }
    }
    return false;
  }
  static constexpr size_t kMostSekiChains = 8;
  // Whether the chain through `root` is beside one of `points`.
  bool touches(Vertex root, std::span<const Vertex> points) const {
    const Board& b = game_.board;
    for (Vertex p : points)
      for (Vertex r : b.chains_beside(p))
        if (b.chain_root(r) == b.chain_root(root)) return true;
    return false;
  }
  bool removed_in_seki(std::span<const ChainStatus* const> chains) {
    std::vector<Vertex>& d = scratch_.flipped;
    d = dead_;
    for (const ChainStatus* f : chains) d.push_back(f->root);
    Cause c = flipped_cause(chains);
    for (ChainStatus& f : c.chains) f.status = GroupStatus::kSeki;  // as the count has it, whatever the judge said
    return found_with(d, std::move(c));
  }

  // The chains flipped, least sure first; the record counts the dead ones
  // alive (left on the board), the others dead.
  Cause flipped_cause(std::span<const ChainStatus* const> flipped) const {
    const bool left = std::any_of(flipped.begin(), flipped.end(),
                                  [](const ChainStatus* c) { return c->status == GroupStatus::kDead; });
    Cause c = cause(left ? Cause::Kind::kDeadLeftOnBoard : Cause::Kind::kRemovedAsDead);
    for (const ChainStatus* f : flipped) {
      c.chains.push_back(*f);
      game_.board.for_each_in_chain(f->root, [&](Vertex s) { c.points.push_back(s); });
    }
    return c;
  }

  // The chains the estimate decided, least sure first: all its dead chains
  // counted alive (the players left them), then one chain or two flipped.
  // `loose`: only three chains flipped, the judge's least sure (tried last,
  // when nothing else fits: a fit this loose is only likely).
  bool dead_stones(bool loose = false) {
    const std::vector<const ChainStatus*> chains = flippable_chains();
    if (loose) return three_flipped(chains);
    if (all_dead_left(chains)) {
      if (scored_.rules.enclosed_territory) seki_points();  // an alternative
      return true;
    }
    // Of an OGS record, its seki points left out are likelier than the
    // flips below: 214 of the 1,368 records where they matter left them out.
    if (scored_.rules.enclosed_territory) seki_points();
    return leaning_decided(chains) || one_or_two_flipped(chains);
  }

  // Chains alive beyond doubt (pass-alive, or in every playout) are not
  // tried: no record removes them, and a flip there fits only by chance.
  // Most likely first: dead stones the players left on the board, then the
  // chains counted as they stand (gocount unsure of them, or a stone in a ko
  // left open, which a record may have taken), then living chains the
  // players removed; each kind least sure first.
  std::vector<const ChainStatus*> flippable_chains() const {
    std::vector<const ChainStatus*> chains;
    auto open_ko = [](const ChainStatus& c) { return c.reason.kind == Evidence::Kind::kOpenKo; };
    for (const ChainStatus& c : scored_.chains)
      if (c.source == StatusSource::kEstimate && c.status != GroupStatus::kSeki &&
          (open_ko(c) || !(c.status == GroupStatus::kAlive && c.confidence >= 1)))
        chains.push_back(&c);
    auto rank = [&](const ChainStatus* c) {
      return c->status == GroupStatus::kDead ? 0 : c->unsure || open_ko(*c) ? 1 : 2;
    };
    std::stable_sort(chains.begin(), chains.end(), [&](const ChainStatus* x, const ChainStatus* y) {
      return rank(x) != rank(y) ? rank(x) < rank(y) : x->confidence < y->confidence;
    });
    return chains;
  }

  // Whether the record is reproduced with `flipped` decided the other way.
  bool flip(std::initializer_list<const ChainStatus*> flipped) {
    const Board& b = game_.board;
    const std::vector<const ChainStatus*> list(flipped);
    std::vector<Vertex> d;
    for (Vertex v : dead_) {
      bool keep = true;
      for (const ChainStatus* c : flipped) keep &= b.chain_root(v) != b.chain_root(c->root);
      if (keep) d.push_back(v);
    }
    for (const ChainStatus* c : flipped)
      if (c->status != GroupStatus::kDead) d.push_back(c->root);
    return found_with(d, flipped_cause(list));
  }

  bool three_flipped(const std::vector<const ChainStatus*>& chains) {
    const size_t n = std::min<size_t>(chains.size(), 8);
    bool hit = false;
    for (size_t i = 0; i < n && !hit; ++i)
      for (size_t j = i + 1; j < n && !hit; ++j)
        for (size_t k = j + 1; k < n && !hit; ++k) hit = flip({chains[i], chains[j], chains[k]});
    return hit;
  }

  // All the estimated dead chains left on the board.
  bool all_dead_left(const std::vector<const ChainStatus*>& chains) {
    const Board& b = game_.board;
    std::vector<const ChainStatus*> dead_chains;
    for (const ChainStatus* c : chains)
      if (c->status == GroupStatus::kDead) dead_chains.push_back(c);
    if (dead_chains.empty()) return false;
    std::vector<Vertex> d;
    for (Vertex v : dead_) {
      const bool estimated = std::any_of(dead_chains.begin(), dead_chains.end(),
                                         [&](const ChainStatus* c) { return b.chain_root(c->root) == b.chain_root(v); });
      if (!estimated) d.push_back(v);
    }
    return found_with(d, flipped_cause(dead_chains));
  }

  // The chains gocount is unsure of, decided as the playouts lean.
  bool leaning_decided(const std::vector<const ChainStatus*>& chains) {
    std::vector<const ChainStatus*> leaning;
    for (const ChainStatus* c : chains)
      if (c->unsure && c->survival < 0.5) leaning.push_back(c);
    if (leaning.empty()) return false;
    std::vector<Vertex> d = dead_;
    for (const ChainStatus* c : leaning) d.push_back(c->root);
    return found_with(d, flipped_cause(leaning));
  }

  // One chain flipped, then two: a tier that reproduces the record is
  // searched on for a second fit (the record then does not tell which),
  // never the next, less likely tier.
  bool one_or_two_flipped(const std::vector<const ChainStatus*>& chains) {
    int hits = 0;
    const size_t singles = std::min<size_t>(chains.size(), 40), pairs = std::min<size_t>(chains.size(), 12);
    for (size_t i = 0; i < singles && hits < 2; ++i) hits += flip({chains[i]});
    const bool single_fits = hits > 0;
    for (size_t i = 0; i < pairs && !single_fits && hits < 2; ++i)
      for (size_t j = i + 1; j < pairs && hits < 2; ++j) hits += flip({chains[i], chains[j]});
    return hits > 0;
  }

  const Game& game_;
  const Scored& scored_;
  const ScoreRequest& request_;
  double want_;
  double seki_amount_;  // of the count: what the seki points it leaves out are worth
  SearchScratch& scratch_ = scratch();
  std::vector<Vertex>& dead_ = scratch_.dead;  // a stone of each chain the count calls dead
  bool own_tally_ = false;  // dead_tally() is scratch_.own_tally, not the count's

  static SearchScratch& scratch() {
    thread_local SearchScratch s;
    return s;
  }
};

// Why the recorded margin `m` (in points) cannot be a count, or kNone: a win
// by nothing (Fox's W+0.0), a margin the record's komi cannot give (Fox's
// B+0.02 with komi 6.5; OGS's B+0.01 with komi 0.99 is a count), a draw under
// a komi of a half point.
RecordNote::Why not_a_count(const Game& game, double m) {
  const bool winner = game.result.size() > 1 && game.result[1] == '+';
  if (m == 0 && winner && game.fox) return RecordNote::Why::kWinByZero;
  if (!game.komi) return RecordNote::Why::kNone;
  const double board = 2 * (m + *game.komi);  // twice the points on the board: a whole number
  if (std::fabs(board - std::round(board)) > 1e-6) return RecordNote::Why::kKomiCannotGive;
  if (m == 0 && !winner && *game.komi != std::floor(*game.komi)) return RecordNote::Why::kCannotBeEven;
  return RecordNote::Why::kNone;
}

// How a result that is not a count was won, in SGF's codes (FF[4] RE: R
// resignation, T time, F forfeit); kNotTold when it does not say.
// How far `c` can be trusted (CauseFit); `alone`: no other convention
// reproduces the record, and `c` names only what the record counts. From
// the control's figures (benchmarks.md), the share of results moved by d
// points, which nobody counted, that each kind fits:
// - two or three chains taken the other way about a fifth (as often as
//   real misses), one chain 8% (OGS 9x9) to 18% (KGS 19x19);
// - within two points, many conventions fit: another komi 19-53% at
//   d = -1 and -2 (5.5 to 6.5 or 7.5, the common komis), the other scoring
//   family 10-21%, handicap compensation (n against n - 1: one point) and
//   a dame counted 2-8%;
// - further off, a side of a seki counted dead, the seki points, the whole
//   board and handicap compensation about never; another komi 0.1-0.2%
//   (3-4% at d = 3, the OGS records with KM[3.5]: likely up to three
//   points); the other family 1%.
CauseFit fit_of(const Cause& c, const Scored& s, bool alone) {
  const bool near = std::fabs(c.amount) <= 2;  // within two points of our count
  if (c.kind == Cause::Kind::kWinnerSwapped) return CauseFit::kPossible;
  // Both say the record's own terms (its komi, its rules) were not counted.
  if (near && (c.kind == Cause::Kind::kKomi || c.kind == Cause::Kind::kOtherScoring)) return CauseFit::kPossible;
  if (c.kind == Cause::Kind::kOtherScoring || (c.kind == Cause::Kind::kKomi && std::fabs(c.amount) <= 3))
    return CauseFit::kLikely;
  const bool flipped = c.kind == Cause::Kind::kDeadLeftOnBoard || c.kind == Cause::Kind::kRemovedAsDead;
  const bool in_seki = std::all_of(c.chains.begin(), c.chains.end(),
                                   [](const ChainStatus& f) { return f.status == GroupStatus::kSeki; });
  if (!flipped || in_seki) return alone && !near ? CauseFit::kCertain : CauseFit::kLikely;
  // Every chain the judge calls dead left standing: one reading, which
  // players who play the game out and remove nothing give.
  const auto judged_dead = std::count_if(s.chains.begin(), s.chains.end(), [](const ChainStatus& x) {
    return x.source == StatusSource::kEstimate && x.status == GroupStatus::kDead;
  });
  const bool all_left = c.kind == Cause::Kind::kDeadLeftOnBoard && std::ssize(c.chains) == judged_dead;
  return c.chains.size() == 1 || all_left ? CauseFit::kLikely : CauseFit::kPossible;
}

// No moves, and on the board only the handicap's black stones (or none).
bool holds_no_game(const Game& game) {
  return !game.diagram && game.moves == 0 && game.board.count(Color::kWhite) == 0 &&
         game.board.count(Color::kBlack) <= game.handicap;
}

}  // namespace

std::string_view cause_fit_name(CauseFit f) {
  switch (f) {
    case CauseFit::kCertain: return "certain";
    case CauseFit::kLikely: return "likely";
    case CauseFit::kPossible: return "possible";
  }
  return "";
}

namespace {

// What the reading and the server's conventions noted about the record.
void note_conventions(const Game& game, const Scored& scored, const ScoreRequest& request, RecordCheck& r) {
  for (const ReadNote& note : game.notes) r.notes.push_back({RecordNote::Kind::kRead, note});
  if (scored.rules.compensation == HandicapCompensation::kNFromOne && !request.compensation)
    r.notes.push_back({RecordNote::Kind::kOneStoneCompensated});  // OGS's convention (score_game)
  if (scored.rules.enclosed_territory && !request.enclosed_territory) {  // likewise
    const Classification& k = scored.tally.classes;
    const int n = k.seki_eyes[0] + k.seki_eyes[1] + k.false_eyes[0] + k.false_eyes[1] + k.teire[0] + k.teire[1];
    const Tally& t = scored.tally;
    if (n > 0)
      r.notes.push_back({.kind = RecordNote::Kind::kEnclosedTerritory,
                         .enclosed = n,
                         .seki_prisoners = t.black().dead_in_seki + t.white().dead_in_seki});
  }
}

// Whether the recorded result is a count of this position (r.recorded_margin
// set); else why not, noted.
bool comparable(const Game& game, const Scored& scored, RecordCheck& r) {
  r.recorded_margin = parse_result(game.result);
  if (r.recorded_margin) *r.recorded_margin *= game.result_unit;
  // A position before the record's end: its result is not compared.
  if (game.before_end || game.end_unknown) {
    RecordNote note{game.before_end ? RecordNote::Kind::kBeforeEnd : RecordNote::Kind::kEndUnknown};
    note.moves = game.moves;
    r.notes.push_back(std::move(note));
    r.recorded_margin.reset();
    return false;
  }
  // A count of a game the record does not hold (KGS2002.sgf game 550: HA[3],
  // its three stones and RE[W+12.50], no move): the board counted is not
  // the one the result was counted on. A position set up by hand is one.
  if (r.recorded_margin && holds_no_game(game)) {
    r.notes.push_back({RecordNote::Kind::kNoGame});
    r.recorded_margin.reset();
    return false;
  }
  if (!game.diagram && game.moves > 0 && game.final_passes < 2)
    r.notes.push_back({RecordNote::Kind::kNoTwoPasses});
  if (r.recorded_margin) {
    if (const RecordNote::Why why = not_a_count(game, *r.recorded_margin); why != RecordNote::Why::kNone) {
      const bool black = std::tolower(static_cast<unsigned char>(game.result[0])) == 'b';
      if (game.result.size() > 1 && game.result[1] == '+') r.winner_matches = black ? scored.count.margin > 0 : scored.count.margin < 0;
      RecordNote note{RecordNote::Kind::kNotACount};
      note.why = why;
      note.komi = game.komi.value_or(0);
      r.notes.push_back(std::move(note));
      r.recorded_margin.reset();
      return false;
    }
  }
  if (!r.recorded_margin) {
    if (!game.result.empty()) {
      RecordNote note{RecordNote::Kind::kNotACount};
      note.won = won_by(game.result);
      r.notes.push_back(std::move(note));
    }
    return false;
  }
  return true;
}

}  // namespace

void check_record(const Game& game, const Scored& scored, const ScoreRequest& request, RecordCheck& r) {
  // The last record's causes, given back: this one's take them, storage and all.
  if (r.cause) give_back(std::move(*r.cause));
  give_back(r.alternatives);
  reset_keeping(r, &RecordCheck::recorded, &RecordCheck::alternatives, &RecordCheck::notes);
  r.recorded = game.result;
  note_conventions(game, scored, request, r);
  if (!comparable(game, scored, r)) return;
  r.matches = same_points(scored.count.margin, *r.recorded_margin);
  if (*r.matches) return;
  Search search(game, scored, request, *r.recorded_margin, r.alternatives);
  search.run();
  r.cause = std::move(search.cause_);
  if (r.cause) r.cause_fit = fit_of(*r.cause, scored, r.alternatives.empty() && !search.vague_);
}

RecordCheck check_record(const Game& game, const Scored& scored, const ScoreRequest& request) {
  RecordCheck r;
  check_record(game, scored, request, r);
  return r;
}

}  // namespace gocount
