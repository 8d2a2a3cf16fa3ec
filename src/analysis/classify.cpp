#include "analysis/classify.h"

#include <algorithm>

namespace gocount {

namespace {

constexpr Color kBlack = Color::kBlack, kWhite = Color::kWhite, kEmpty = Color::kEmpty;
// A neutral region this small is dame or the inside of a seki; a larger one
// may be an open area behind an unsealed border.
constexpr int kSmallRegion = 12;

bool is_stone(Color c) { return c == kBlack || c == kWhite; }

// Whether `c` can play at p and keep at least two liberties (a capture
// counts as safe). Stops counting at two: a big chain is rarely walked far.
class SafetyTest {
 public:
  // Ready for boards of `padded_size` points; the marks are kept between
  // positions (a new generation each test).
  void reset(int padded_size) {
    if (static_cast<int>(mark_.size()) < padded_size) mark_.assign(padded_size, 0);
  }

  bool safe(const Board& b, Color c, Vertex p) {
    if (b.check(c, p, false) != MoveError::kNone) return false;
    const Board::ChainsBeside beside = b.chains_beside(p);
    for (Vertex r : beside)
      if (b.at(r) == opponent(c) && b.liberties(r) == 1) return true;
    if (++gen_ == 0) {  // wrapped: old marks would read as new
      std::fill(mark_.begin(), mark_.end(), 0);
      gen_ = 1;
    }
    mark_[p] = gen_;
    libs_ = 0;
    for (int d : b.directions()) add(b, p + d);
    if (libs_ >= 2) return true;
    if (most_liberties(b, c, beside) < 2) return false;  // no walk needed
    for (Vertex r : beside)
      if (b.at(r) == c && keeps_two(b, r)) return true;
    return false;
  }

 private:
  void add(const Board& b, Vertex v) {
    if (b.at(v) == kEmpty && mark_[v] != gen_) {
      mark_[v] = gen_;
      ++libs_;
    }
  }
  // At most how many liberties the stone has joined to its chains beside
  // (each loses p; the liberties they share are counted twice).
  int most_liberties(const Board& b, Color c, const Board::ChainsBeside& beside) const {
    int most = libs_;
    for (Vertex r : beside)
      if (b.at(r) == c) most += b.liberties(r) - 1;
    return most;
  }
  // Joined to the chain `root`, the stone has two liberties or more.
  bool keeps_two(const Board& b, Vertex root) {
    if (b.liberties(root) >= 3) return true;  // loses p, keeps two or more
    Vertex s = root;
    do {
      for (int e : b.directions()) add(b, s + e);
      if (libs_ >= 2) return true;
      s = b.next_in_chain(s);
    } while (s != root);
    return false;
  }

  std::vector<uint32_t> mark_;
  uint32_t gen_ = 0;
  int libs_ = 0;
};

// Filling p with `c` puts a chain of the other colour beside p in atari.
bool ataris(const Board& b, Color c, Vertex p) {
  for (Vertex r : b.chains_beside(p))
    if (b.at(r) == opponent(c) && b.liberties(r) == 2) return true;
  return false;
}

Vertex only_liberty(const Board& b, Vertex chain) {
  Vertex lib = kNoVertex;
  b.for_each_in_chain(chain, [&](Vertex s) {
    for (int d : b.directions())
      if (b.at(s + d) == kEmpty) lib = s + d;
  });
  return lib;
}

// The stages of `classify`, each a member below, sharing the position (as
// given and as filled) and what the earlier stages found. One is kept per
// thread and reused: once warm, a classification into a Classification the
// caller keeps allocates nothing.
class Classifier {
 public:
  void run(const Board& board, const Regions& regions, Classification& out) {
    r_ = &out;
    start(board, regions);
    join_groups();
    count_eyes();
    fill_neutral();
    find_seki();
    classify_stones();
    for (int id = 0; id < regions_->count(); ++id) classify_region(id);
    gather_sekis();
  }

 private:
  // Union-find over stones (and, in gather_sekis, shared liberties).
  Vertex find(Vertex v) {
    while (group_[v] != v) v = group_[v] = group_[group_[v]];
    return v;
  }
  void join(Vertex a, Vertex b) {
    a = find(a), b = find(b);
    if (a != b) group_[b] = a;
  }
  // Whose territory a point was in the position as given (a point a capture
  // emptied during the filling was a stone then: nobody's).
  Color owner_at(Vertex v) const {
    const int id = regions_->of(v);
    return id == Regions::kNone ? kEmpty : regions_->owner(id);
  }
  bool small(Vertex v) const { return regions_->size(regions_->of(v)) <= kSmallRegion; }
  bool beside_stone(Vertex v) const {
    for (int d : board_->directions())
      if (is_stone(board_->at(v + d))) return true;
    return false;
  }

  void start(const Board& board, const Regions& regions);
  void join_groups();
  void count_eyes();
  void fill_neutral();
  void find_outside_fillers();
  void fill(Color c, Vertex q);
  void reopen();
  bool defend_in_atari();
  Vertex liberty_in_atari(Vertex root);
  bool take_outside_liberty();
  bool fill_dame();
  Color dame_filler(Vertex p);
  void find_seki();
  void classify_stones();
  void classify_region(int id);
  void classify_owned(int id, bool beside_seki);
  void classify_neutral_point(Vertex v, bool seki_region);
  bool beside_both_seki(Vertex v) const;
  void gather_sekis();

  const Board* board_ = nullptr;
  const Regions* regions_ = nullptr;
  Board filled_{1, 1};  // the position as the neutral points get filled
  SafetyTest counter_;
  std::vector<Vertex> group_;  // per stone: union-find parent of its group
  std::vector<int> eyes_;      // per group root
  std::vector<Vertex> neutral_;
  struct OutsideLiberty {
    Vertex point;
    Color filler;
  };
  std::vector<OutsideLiberty> outside_;  // in neutral_ order
  // Those of neutral_ and outside_ that were empty at the start or at the
  // last capture, in the same order: the filling rescans them after every
  // fill, passing over the points filled since (open_first_: the first of
  // open_ that may still be empty).
  std::vector<Vertex> open_;
  std::vector<OutsideLiberty> open_outside_;
  size_t open_first_ = 0;
  std::vector<Color> teire_;
  std::vector<uint8_t> ko_blocked_;
  uint8_t any_ko_blocked_ = 0, any_seki_ = 0;  // whether any point / group is marked: most positions have none
  std::vector<Vertex> in_atari_;
  std::vector<Vertex> liberty_of_;  // per root in atari: its liberty when last looked for
  Color turn_ = kBlack;
  std::vector<uint8_t> seki_;        // per stone: its group is in seki
  std::vector<uint8_t> seki_group_;  // per group root
  std::vector<int> seki_of_;         // per union root, in gather_sekis: its seki
  // The point lists of sekis found before, for the next ones: no heap once warm.
  std::vector<std::vector<Vertex>> spare_sekis_;
  Classification* r_ = nullptr;  // the caller's, filled in place
};

// assign() and clear() keep the capacity: no heap once warm.
void Classifier::start(const Board& board, const Regions& regions) {
  const int n = board.padded_size();
  board_ = &board;
  regions_ = &regions;
  filled_ = board;
  counter_.reset(n);
  group_.assign(n, kNoVertex);
  eyes_.assign(n, 0);
  neutral_.clear();
  teire_.assign(n, kEmpty);
  ko_blocked_.assign(n, 0);
  any_ko_blocked_ = any_seki_ = 0;
  in_atari_.clear();
  liberty_of_.assign(n, kNoVertex);
  turn_ = kBlack;
  seki_.assign(n, 0);
  // Cleared field by field: the vectors keep their storage.
  Classification& r = *r_;
  r.cls.assign(n, PointClass::kDame);
  r.owner.assign(n, kEmpty);
  for (std::vector<Vertex>& seki : r.sekis) spare_sekis_.push_back(std::move(seki));
  r.sekis.clear();
  r.territory = r.seki_eyes = r.false_eyes = r.teire = r.seki_stones = {};
  r.shared_liberties = r.dame = r.one_sided_dame = r.unsealed = 0;
}

// Groups: chains joined through the regions they enclose together.
void Classifier::join_groups() {
  board_->for_each_point([&](Vertex v) {
    if (is_stone(board_->at(v))) group_[v] = board_->chain_root(v);
  });
  for (int id = 0; id < regions_->count(); ++id) {
    if (regions_->owner(id) == kEmpty) continue;
    const auto chains = regions_->chains(id);
    for (size_t i = 1; i < chains.size(); ++i) join(chains[0], chains[i]);
  }
}

// A group with two eyes lives on its own: a region of seven points or more
// makes two; a one-point region between two chains is no eye.
void Classifier::count_eyes() {
  for (int id = 0; id < regions_->count(); ++id) {
    const auto chains = regions_->chains(id);
    if (regions_->owner(id) == kEmpty || chains.empty()) continue;
    const int size = regions_->size(id);
    const int value = size >= 7 ? 2 : size >= 2 || chains.size() == 1 ? 1 : 0;
    eyes_[find(chains[0])] += value;
  }
}

// Fills the neutral points as players do at the end, and the teire that
// those fills force.
void Classifier::fill_neutral() {
  // The points of small neutral regions (dame, the inside of a seki), and of
  // larger ones only the points beside a stone: the inside of an open area is
  // left alone.
  for (int id = 0; id < regions_->count(); ++id) {
    if (regions_->owner(id) != kEmpty) continue;
    const bool small_region = regions_->size(id) <= kSmallRegion;
    for (Vertex v : regions_->points(id))
      if (small_region || beside_stone(v)) neutral_.push_back(v);
  }
  std::sort(neutral_.begin(), neutral_.end());  // board order, as the fills go
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
  for (Vertex p : neutral_) {
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

void Classifier::fill(Color c, Vertex q) {
  if (filled_.play(c, q) > 0) reopen();  // the captured stones' points are empty again
  in_atari_.push_back(filled_.chain_root(q));
  for (Vertex r : filled_.chains_beside(q))
    if (filled_.at(r) == opponent(c)) in_atari_.push_back(r);
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
  std::sort(in_atari_.begin(), in_atari_.end());
  in_atari_.erase(std::unique(in_atari_.begin(), in_atari_.end()), in_atari_.end());
  for (size_t i = 0; i < in_atari_.size(); ++i) {  // by index: fill() appends
    const Vertex v = in_atari_[i];
    const Color c = b.at(v);
    const Vertex q = liberty_in_atari(v);
    if (q == kNoVertex) continue;
    const Color own = owner_at(q);
    if (own == c && !counter_.safe(b, c, q)) {
      // Connecting would still leave the chain in atari: the point is a ko
      // the opponent may take (a double-ko seki), not a teire.
      ko_blocked_[q] = any_ko_blocked_ = 1;
      continue;
    }
    if (own == kEmpty && !counter_.safe(b, c, q)) continue;
    if (own != c && own != kEmpty) continue;
    fill(c, q);
    if (own == c) teire_[q] = c;
    return true;
  }
  return false;
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
    if (filled_.at(p) != kEmpty || !counter_.safe(filled_, c, p) || ataris(filled_, c, p)) continue;
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

// Who fills the empty point p (kEmpty: nobody can safely). A dame either
// side may fill: the side it protects fills it, else they take turns (Mays:
// evenly).
Color Classifier::dame_filler(Vertex p) {
  const bool safe_b = counter_.safe(filled_, kBlack, p), safe_w = counter_.safe(filled_, kWhite, p);
  if (safe_b != safe_w) return safe_b ? kBlack : kWhite;
  if (!safe_b) return kEmpty;
  const bool threatens_black = ataris(filled_, kWhite, p), threatens_white = ataris(filled_, kBlack, p);
  if (threatens_black != threatens_white) return threatens_black ? kBlack : kWhite;
  const Color c = turn_;
  turn_ = opponent(turn_);
  return c;
}

// Points nobody can fill, beside both colours: the groups beside them that
// do not live on their own are in seki. So are those around a ko that
// connecting cannot resolve (they live together, as in a double-ko seki).
void Classifier::find_seki() {
  seki_group_.assign(board_->padded_size(), 0);
  for (Vertex p : neutral_) {
    if (filled_.at(p) != kEmpty) continue;
    unsigned beside = 0;
    for (Vertex r : filled_.chains_beside(p)) beside |= 1u << side_index(filled_.at(r));
    if (beside != 3) continue;
    for (Vertex r : filled_.chains_beside(p))
      filled_.for_each_in_chain(r, [&](Vertex s) {
        if (board_->at(s) != filled_.at(s)) return;  // a stone the filling added
        const Vertex g = find(board_->chain_root(s));
        if (eyes_[g] < 2) seki_group_[g] = any_seki_ = 1;
      });
  }
  if (any_ko_blocked_)
    board_->for_each_point([&](Vertex q) {
      if (!ko_blocked_[q]) return;
      for (Vertex r : board_->chains_beside(q)) {
        const Vertex g = find(r);
        if (eyes_[g] < 2) seki_group_[g] = any_seki_ = 1;
      }
    });
  if (!any_seki_) return;  // most positions: no stone is in seki
  board_->for_each_point([&](Vertex v) {
    if (is_stone(board_->at(v)) && seki_group_[find(board_->chain_root(v))]) seki_[v] = 1;
  });
}

// Without branches on the colour (a board's stones follow no pattern): an
// empty point's class and owner, written here too, are set by its region
// below, and only stones are in seki.
void Classifier::classify_stones() {
  board_->for_each_point([&](Vertex v) {
    const Color c = board_->at(v);
    r_->cls[v] = seki_[v] ? PointClass::kSekiStone : PointClass::kStone;
    r_->owner[v] = c;
    r_->seki_stones[side_index(c)] += seki_[v];
  });
}

// A region's points. Shared liberties: a small neutral region beside a seki
// in which a point was left that nobody could fill is all shared liberties:
// in the passage # a b @ between two seki chains neither point touches both
// colours, yet neither side can fill both.
void Classifier::classify_region(int id) {
  const auto chains = regions_->chains(id);
  const bool beside_seki = std::any_of(chains.begin(), chains.end(), [&](Vertex r) { return seki_[r] != 0; });
  if (regions_->owner(id) != kEmpty) return classify_owned(id, beside_seki);
  const auto pts = regions_->points(id);
  const bool stuck = std::any_of(pts.begin(), pts.end(), [&](Vertex v) { return filled_.at(v) == kEmpty; });
  const bool seki_region = beside_seki && regions_->borders_both(id) && stuck;
  if (seki_region && regions_->size(id) <= kSmallRegion) {
    for (Vertex v : pts) r_->cls[v] = PointClass::kSharedLiberty;
    r_->shared_liberties += regions_->size(id);
    return;
  }
  for (Vertex v : pts) classify_neutral_point(v, seki_region);
}

// Territory, teire, or (beside a seki) seki eyes; a one-point seki eye
// between two chains is a false eye.
void Classifier::classify_owned(int id, bool beside_seki) {
  const Color own = regions_->owner(id);
  const int s = side_index(own);
  const bool false_eye = regions_->size(id) == 1 && regions_->chains(id).size() >= 2;
  for (Vertex v : regions_->points(id)) {
    r_->owner[v] = own;
    if (beside_seki) {
      r_->cls[v] = false_eye ? PointClass::kFalseEye : PointClass::kSekiEye;
      ++(false_eye ? r_->false_eyes : r_->seki_eyes)[s];
    } else if (teire_[v] == own) {
      r_->cls[v] = PointClass::kTeire;
      ++r_->teire[s];
    } else {
      r_->cls[v] = PointClass::kTerritory;
      ++r_->territory[s];
    }
  }
}

// Else a shared liberty: in a large region, a point left unfillable; and
// anywhere, a liberty of seki stones of both colours, even one that a side
// could fill. Here either side may fill a (then both seki chains keep G8 and
// J6), yet a is a liberty of both: the seki has three shared liberties
// (Mays: 1 each, 1 non-scoring), not two and a dame.
//
//       E F G H J
//     9 @ @ @ @ a
//     8 X @ s # #      @ # seki chains, X living stones
//     7 @ @ @ @ #
//     6 X X @ @ s
void Classifier::classify_neutral_point(Vertex v, bool seki_region) {
  PointClass& cls = r_->cls[v];
  if ((seki_region && filled_.at(v) == kEmpty && beside_stone(v)) || beside_both_seki(v)) {
    cls = PointClass::kSharedLiberty;
    ++r_->shared_liberties;
  } else if (!small(v) && !beside_stone(v)) {
    cls = PointClass::kUnsealed;
    ++r_->unsealed;
  } else if (counter_.safe(*board_, kBlack, v) != counter_.safe(*board_, kWhite, v)) {
    cls = PointClass::kOneSidedDame;
    ++r_->one_sided_dame;
  } else {
    cls = PointClass::kDame;
    ++r_->dame;
  }
}

bool Classifier::beside_both_seki(Vertex v) const {
  unsigned beside = 0;
  for (Vertex r : board_->chains_beside(v))
    if (seki_[r]) beside |= 1u << side_index(board_->at(r));
  return beside == 3;
}

// The sekis: shared liberties joined through each other and through the seki
// groups beside them. The three shared liberties above, apart from each
// other, are one seki.
void Classifier::gather_sekis() {
  if (r_->shared_liberties == 0) return;  // no seki: most positions
  auto shared = [&](Vertex v) { return r_->cls[v] == PointClass::kSharedLiberty; };
  board_->for_each_point([&](Vertex v) {
    if (shared(v)) group_[v] = v;
  });
  board_->for_each_point([&](Vertex v) {
    if (!shared(v)) return;
    for (int d : board_->directions()) {
      const Vertex w = v + d;
      if (shared(w) || (is_stone(board_->at(w)) && seki_[w])) join(v, w);
    }
  });
  seki_of_.assign(board_->padded_size(), -1);
  board_->for_each_point([&](Vertex v) {
    if (!shared(v)) return;
    int& i = seki_of_[find(v)];
    if (i < 0) {
      i = static_cast<int>(r_->sekis.size());
      r_->sekis.emplace_back();
      if (!spare_sekis_.empty()) {
        r_->sekis.back().swap(spare_sekis_.back());
        spare_sekis_.pop_back();
        r_->sekis.back().clear();
      }
    }
    r_->sekis[i].push_back(v);
  });
}

}  // namespace

void classify(const Board& board, const Regions& regions, Classification& out) {
  thread_local Classifier classifier;
  classifier.run(board, regions, out);
}

Classification classify(const Board& board, const Regions& regions) {
  Classification c;
  classify(board, regions, c);
  return c;
}

Classification classify(const Board& board) {
  thread_local Regions regions;  // reused: no heap once warm
  regions.flood(board);
  return classify(board, regions);
}

}  // namespace gocount
