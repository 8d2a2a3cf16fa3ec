// Stage 2 of `classify` (classifier.h): the neutral points filled as
// players fill them at the end, and the teire those fills force.
#include <algorithm>
#include <bit>

#include "analysis/classifier.h"
#include "analysis/ko.h"

namespace gocount::classifier {

namespace {

Vertex only_liberty(const Board& b, Vertex chain) {
  Vertex lib = kNoVertex;
  b.for_each_in_chain(chain, [&](Vertex s) {
    for (int d : b.directions())
      if (b.at(s + d) == kEmpty) lib = s + d;
  });
  return lib;
}

}  // namespace

// Fills the neutral points as players do at the end, and the teire that
// those fills force.
void Classifier::fill_neutral() {
  // The points of small neutral regions (dame, the inside of a seki), and of
  // larger ones only the points beside a stone: the inside of an open area is
  // left alone. Marked in a bit set and read out in board order, as the
  // fills go: no sort.
  neutral_bits_.assign((static_cast<size_t>(board_->padded_size()) + 63) / 64, 0);
  for (int id = 0; id < regions_->count(); ++id) {
    if (regions_->owner(id) != kEmpty) continue;
    const bool small_region = regions_->size(id) <= kSmallRegion;
    for (Vertex v : regions_->points(id))
      if (small_region || beside_stone(v)) neutral_bits_[v >> 6] |= uint64_t{1} << (v & 63);
  }
  for (size_t w = 0; w < neutral_bits_.size(); ++w)
    for (uint64_t m = neutral_bits_[w]; m; m &= m - 1)
      neutral_.push_back(static_cast<Vertex>(w * 64) + std::countr_zero(m));
  // The roots of the chains that may be in atari, kept as a superset: only a
  // fill can put a chain in atari, and only its own chain or one beside it.
  // Every chain borders a region (its liberties), so the regions list them all.
  for (int id = 0; id < regions_->count(); ++id)
    for (Vertex r : regions_->chains(id))
      if (filled_.liberties(r) == 1) in_atari_.push_back(r);
  find_outside_fillers();
  reopen();
  while (defend_in_atari() || take_outside_liberty() || fill_dame()) {
  }
}

// The neutral points that one side fills first, as outside liberties, and
// that side: a side living on its own, beside a group of the other side
// that does not and that cannot live by connecting there. It depends on the
// groups alone, not on the fills.
void Classifier::find_outside_fillers() {
  outside_.clear();
  const std::array<int, 4>& dirs = board_->directions();
  const auto both_beside = [&](Vertex p) {  // only there can one side be weak and the other alive
    unsigned seen = 0;
    for (int d : dirs) seen |= 1u << static_cast<int>(board_->at(p + d));
    return (seen & 6u) == 6u;  // kBlack and kWhite bits
  };
  for (Vertex p : neutral_) {
    if (!both_beside(p)) continue;
    bool alive[2] = {false, false}, weak[2] = {false, false};
    Vertex first[2] = {kNoVertex, kNoVertex};
    bool joins[2] = {false, false};
    for (Vertex root : board_->chains_beside(p)) {
      const int s = side_index(board_->at(root));
      const Vertex g = find(root);
      (eyes_[g] >= 2 ? alive : weak)[s] = true;
      if (first[s] == kNoVertex) first[s] = g;
      else joins[s] |= g != first[s];
    }
    const int w = alive[0] ? 1 : 0;  // the side that may be weak
    if (alive[0] != alive[1] && weak[w] && !joins[w]) outside_.push_back({p, w == 0 ? kWhite : kBlack});
  }
}

// Only a fill puts a chain in atari, and only the filler's chain or one
// beside q: those are listed (unsorted) for defend_in_atari.
// Each fill marks what it changed for changed_near: q, a ko point it frees,
// and every chain beside q (its own chain, merged, among them).
void Classifier::fill(Color c, Vertex q) {
  const Vertex ko = filled_.ko();
  ++fills_;
  int dead_liberties = 0;  // of the chain q joins, at most
  if (standing_) {
    dead_liberties = dead_points_beside(q);
    for (Vertex r : filled_.chains_beside(q))
      if (filled_.at(r) == c) dead_liberties += dead_liberties_[r];
  }
  const int captured = filled_.play(c, q);
  if (standing_ && filled_.at(q) == c) dead_liberties_[filled_.chain_root(q)] = static_cast<int16_t>(dead_liberties);
  if (captured > 0) reopen();  // the captured stones' points are empty again
  if (captured > 0 || filled_.at(q) != c) since_capture_ = fills_;  // (a suicide frees points too)
  touched_[q] = fills_;
  if (ko != kNoVertex) touched_[ko] = fills_;
  const size_t listed = in_atari_.size();
  if (filled_.liberties(q) == 1) in_atari_.push_back(filled_.chain_root(q));
  for (Vertex r : filled_.chains_beside(q)) {
    touched_[r] = fills_;
    if (filled_.at(r) == opponent(c) && filled_.liberties(r) == 1) in_atari_.push_back(r);
  }
  atari_unsorted_ |= in_atari_.size() != listed;
}

// Whether what the filling decides at p may have changed since fill `since`
// (0: never decided). A decision at p reads the ko, p's neighbours and the
// liberties of their chains, and only a fill beside one of those chains, on
// p or beside it changes them (fill() marks those); a capture frees points
// anywhere, so none made before one stands.
bool Classifier::changed_near(Vertex p, uint32_t since) const {
  if (since < since_capture_) return true;
  uint32_t latest = touched_[p];
  for (int d : filled_.directions()) {
    const Vertex n = p + d;
    latest = std::max({latest, touched_[n], touched_[filled_.chain_root(n)]});
  }
  return latest > since;
}

void Classifier::reopen() {
  open_.clear();
  open_first_ = 0;
  for (Vertex p : neutral_)
    if (filled_.at(p) == kEmpty) open_.push_back(p);
  open_outside_.clear();
  for (const OutsideLiberty& o : outside_)
    if (filled_.at(o.point) == kEmpty) open_outside_.push_back(o);
}

// A chain left in atari defends first (the first in board order, as a scan
// of the board would find them): inside its own territory that is a teire;
// on a neutral point, if it can do so safely.
bool Classifier::defend_in_atari() {
  Board& b = filled_;
  std::erase_if(in_atari_, [&](Vertex r) { return !is_stone(b.at(r)) || b.chain_root(r) != r || b.liberties(r) != 1; });
  if (atari_unsorted_) {  // erasing keeps the order: sorted again only when a fill added roots
    std::sort(in_atari_.begin(), in_atari_.end());
    in_atari_.erase(std::unique(in_atari_.begin(), in_atari_.end()), in_atari_.end());
    atari_unsorted_ = false;
  }
  for (size_t i = 0; i < in_atari_.size(); ++i) {  // by index: fill() appends
    const Vertex v = in_atari_[i];
    const Color c = b.at(v);
    const Vertex q = liberty_in_atari(v);
    if (q == kNoVertex || !changed_near(q, passed_atari_[v])) continue;
    passed_atari_[v] = fills_;  // passed over, unless filled below
    const Color own = owner_at(q);
    if (own != c && own != kEmpty) continue;  // the opponent's area: not this chain's to fill
    const Around a = around(b, q);
    if (own == c && !safe(a, c, q)) {
      // Connecting would still leave the chain in atari: the point is a ko
      // the opponent may take (a double-ko seki), or one it cannot afford
      // to fill (a seki: its own eye may hold a dead stone still to be
      // taken), not a teire. Where the capture is no ko, the chain may be
      // simply dead: the judgement plays it out (classify.h's capturable).
      ko_blocked_[q] = any_ko_blocked_ = 1;
      if (!capture_is_ko(b, v, q)) capturable(v, q);
      continue;
    }
    if (own == kEmpty && !safe(a, c, q)) continue;
    fill(c, q);
    if (own == c) teire_[q] = c;
    return true;
  }
  return false;
}

// The chain `root`, in atari on the filled board, may be captured whatever
// it does: its chains as given are listed (once) for the judgement.
void Classifier::capturable(Vertex root, Vertex eye) {
  auto& list = r_->capturable;
  filled_.for_each_in_chain(root, [&](Vertex s) {
    if (board_->at(s) != filled_.at(s)) return;  // a stone the filling added
    const Vertex r = board_->chain_root(s);
    if (std::none_of(list.begin(), list.end(), [&](const auto& c) { return c.stone == r; })) list.push_back({r, eye});
  });
}

// The one liberty of the chain `root`, in atari on the filled board. A chain
// left in atari (a dead stone not taken off) is looked at after every fill:
// its liberty is remembered, and is still it while it is empty and beside
// the chain (a chain with one liberty has no other).
Vertex Classifier::liberty_in_atari(Vertex root) {
  const Board& b = filled_;
  Vertex& q = liberty_of_[root];
  if (q >= 0 && b.at(q) == kEmpty)
    for (int d : b.directions())
      if (is_stone(b.at(q + d)) && b.chain_root(q + d) == root) return q;
  return q = only_liberty(b, root);
}

// The dame that a side living on its own fills beside a group that does not
// (outside liberties of a seki or a semeai: the living side takes them,
// never the weak one). Not when the fill would put the weak side in atari:
// that side would rather fill the point itself (a teire is not forced on it).
bool Classifier::take_outside_liberty() {
  for (const auto& [p, c] : open_outside_) {
    if (filled_.at(p) != kEmpty || !changed_near(p, passed_outside_[p])) continue;
    passed_outside_[p] = fills_;  // passed over, unless filled below
    const Around a = around(filled_, p);
    if (!safe(a, c, p) || ataris(a, c)) continue;
    fill(c, p);
    return true;
  }
  return false;
}

bool Classifier::fill_dame() {
  while (open_first_ < open_.size() && filled_.at(open_[open_first_]) != kEmpty) ++open_first_;
  for (size_t i = open_first_; i < open_.size(); ++i) {
    const Vertex p = open_[i];
    if (filled_.at(p) != kEmpty) continue;
    const Color c = dame_filler(p);
    if (c == kEmpty) continue;
    fill(c, p);
    return true;
  }
  return false;
}

// Whether `c` may fill p and keep two liberties (safe_fill, classifier.h).
// The dead stones are off the board the filling plays on; where classify
// was given them, a fill beside one, or beside a chain beside one, must be
// safe with them still on the board too, or once c has taken them (every
// liberty they have filled, each a safe move in c's own area): a dead stone
// in an eye takes a move to remove, and until then fills the eye.
//
//       A B C D
//     9 a X X X     White's group has the eye B6, which holds Black's dead
//     8 O X O X     A6 (x), and shares A9 (a) with Black's chain, whose one
//     7 O O O O     eye is off the diagram. With A6 off, White's A9 would
//     6 x . O O     leave it A6 and B6; with A6 standing, B6 alone; once
//     5 O O O X     White takes A6 at B6, A6 alone. Nobody fills A9: a seki.
//
// (OGS aga-01.sgf game 235, which the filling called Black's seki alone.)
bool Classifier::safe(const Around& a, Color c, Vertex p) {
  if (!safe_fill(filled_, a, c, p)) return false;
  // (A dead stone's own point: c cannot fill it while the stone stands,
  // and the filling takes it as it finds it.)
  if (!standing_ || !in_small_region(p) || dead_point(p) || !may_lack_liberty(a, c, p) || keeps_two_standing(c, p))
    return true;
  with_dead_standing(real_);
  return safe_fill(real_, c, p) || safe_once_taken(c, p);
}

// Whether c may fill p once it has taken the dead stones on real_: each
// of their liberties filled by a move safe in turn (a taking that ataris
// the taker is no taking), again while one plays (a move unsafe at first
// may be safe once the dead chain has lost a liberty).
bool Classifier::safe_once_taken(Color c, Vertex p) {
  taken_ = real_;
  for (bool played = true; played;) {
    played = false;
    const uint32_t pass = next_stamp();
    for (Vertex d : dead_) {
      // Each dead chain once a pass, if not taken already (or c's own).
      if (taken_.at(d) != opponent(c) || seen_[taken_.chain_root(d)] == pass) continue;
      seen_[taken_.chain_root(d)] = pass;
      liberty_points(taken_, d, liberties_);  // listed first: the last one played takes the chain
      for (Vertex l : liberties_)
        if (l != p && taken_.at(l) == kEmpty && safe_fill(taken_, c, l)) {
          taken_.play(c, l);
          taken_.pass();  // no ko between the takings
          played = true;
        }
    }
  }
  return taken_.at(p) == kEmpty && safe_fill(taken_, c, p);
}

// Whether c's chain at p, once played, may keep fewer than two liberties
// with the dead stones standing: fewer than two more than the dead stones'
// points it may have among them, where it has one. A bound: most fills are
// beside no dead stone or beside a chain with liberties to spare, and need
// no position made (with_dead_standing).
bool Classifier::may_lack_liberty(const Around& a, Color c, Vertex p) const {
  int least = a.empty, dead = dead_points_beside(p);
  for (Vertex r : a.chains)
    if (filled_.at(r) == c) {
      least = std::max(least, filled_.liberties(r) - 1);
      dead += dead_liberties_[r];
    }
  return dead > 0 && least - dead < 2;
}

// Whether c's chain at p, once played, has two liberties with the dead
// stones standing, found by a walk (first two found) of the chains it
// joins on the position as filled, passing over the dead stones' points:
// most fills that may_lack_liberty asks about have them, and need no
// position made. False where it cannot tell (then the position decides).
bool Classifier::keeps_two_standing(Color c, Vertex p) {
  const uint32_t stamp = next_stamp();
  int found = 0;
  const auto liberty = [&](Vertex n) {
    if (filled_.at(n) != kEmpty || n == p || dead_point(n) || seen_[n] == stamp) return false;
    seen_[n] = stamp;
    return ++found >= 2;
  };
  for (int d : filled_.directions())
    if (liberty(p + d)) return true;
  for (Vertex r : filled_.chains_beside(p)) {
    if (filled_.at(r) != c) continue;
    Vertex s = r;
    do {
      for (int d : filled_.directions())
        if (liberty(s + d)) return true;
      s = filled_.next_in_chain(s);
    } while (s != r);
  }
  return false;
}

// A new mark for seen_.
uint32_t Classifier::next_stamp() {
  if (++stamp_ == 0) {  // wrapped: forget every mark
    std::fill(seen_.begin(), seen_.end(), 0);
    stamp_ = 1;
  }
  return stamp_;
}

int Classifier::dead_points_beside(Vertex p) const {
  int n = 0;
  for (int d : filled_.directions()) n += dead_point(p + d);
  return n;
}

// `b`: the position as filled so far, with the dead stones back on their
// points that no fill took (no ko: the fills are no game).
void Classifier::with_dead_standing(Board& b) {
  b = filled_;
  b.pass();
  for (Vertex d : dead_)
    if (filled_.at(d) == kEmpty) b.put(standing_->at(d), d);
}

// Who fills the empty point p (kEmpty: nobody can safely). A dame either
// side may fill: the side it protects fills it, else they take turns (Mays:
// evenly).
Color Classifier::dame_filler(Vertex p) {
  const Around a = around(filled_, p);
  const bool safe_b = safe(a, kBlack, p), safe_w = safe(a, kWhite, p);
  if (safe_b != safe_w) return safe_b ? kBlack : kWhite;
  if (!safe_b) return kEmpty;
  const bool threatens_black = ataris(a, kWhite), threatens_white = ataris(a, kBlack);
  if (threatens_black != threatens_white) return threatens_black ? kBlack : kWhite;
  const Color c = turn_;
  turn_ = opponent(turn_);
  return c;
}


}  // namespace gocount::classifier
