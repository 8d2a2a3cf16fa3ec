// The stages of `classify` (classify.h), each in its own file, sharing one
// Classifier: the groups and their eyes (classify.cpp), the filling of the
// neutral points (classify_fill.cpp), the sekis and every point's class
// (classify_seki.cpp). Private to the analysis layer.
#pragma once

#include <vector>

#include "analysis/classify.h"

namespace gocount::classifier {

constexpr Color kBlack = Color::kBlack, kWhite = Color::kWhite, kEmpty = Color::kEmpty;
// A neutral region this small is dame or the inside of a seki; a larger one
// may be an open area behind an unsealed border.
constexpr int kSmallRegion = 12;

// Whether the chain `root` has a liberty other than p and `found`; the
// first one it finds becomes `found` when that is still unset.
inline bool second_liberty(const Board& b, Vertex root, Vertex p, Vertex& found) {
  Vertex s = root;
  do {
    for (int d : b.directions()) {
      const Vertex n = s + d;
      if (b.at(n) != kEmpty || n == p || n == found) continue;
      if (found != kNoVertex) return true;
      found = n;
    }
    s = b.next_in_chain(s);
  } while (s != root);
  return false;
}

// An empty point p as the filling asks of it, its neighbours looked at
// once: the distinct chains beside it, its empty neighbours (`found` one of
// them), and, per side (bit side_index), whether a chain of that side beside
// p has one liberty, two, or more than one.
struct Around {
  Board::ChainsBeside chains;
  int empty = 0;
  Vertex found = kNoVertex;
  unsigned one = 0, two = 0, more = 0;
};
// Without a branch on a neighbour's colour, which follows no pattern: a
// point that is no stone adds no bit and lists no chain (its liberty count,
// read all the same, is masked out).
inline Around around(const Board& b, Vertex p) {
  Around a;
  for (int d : b.directions()) {
    const Vertex n = p + d;
    const Color c = b.at(n);
    const bool empty = c == kEmpty, stone = is_stone(c);
    a.empty += empty;
    a.found = select_by_mask(empty, n, a.found);
    const int libs = b.liberties(n);
    const unsigned bit = (1u << side_index(c)) & -static_cast<unsigned>(stone);
    a.one |= bit & -static_cast<unsigned>(libs == 1);
    a.two |= bit & -static_cast<unsigned>(libs == 2);
    a.more |= bit & -static_cast<unsigned>(libs > 1);
    const Vertex r = b.chain_root(n);
    bool dup = false;
    for (int i = 0; i < a.chains.count; ++i) dup |= a.chains.roots[i] == r;
    a.chains.roots[a.chains.count] = r;
    a.chains.count += stone & !dup;
  }
  return a;
}
inline unsigned side_bit(Color c) { return 1u << side_index(c); }

// Whether `c` may play at p (Board::check without suicide, from `a`).
inline bool legal(const Board& b, const Around& a, Color c, Vertex p) {
  if (b.check(c, p, true) != MoveError::kNone) return false;  // occupied or ko
  return a.empty > 0 || (a.one & side_bit(opponent(c))) || (a.more & side_bit(c));
}

// Whether `c` can play at p and keep at least two liberties (a capture
// counts as safe), given the move is legal. Stops at a second liberty: a
// big chain is rarely walked far, and two points found need no marks to be
// told apart.
inline bool safe_after(const Board& b, const Around& a, Color c, Vertex p) {
  if (a.empty >= 2 || (a.one & side_bit(opponent(c)))) return true;
  // At most: each chain of c beside p loses p (shared liberties count twice).
  int most = a.empty;
  for (Vertex r : a.chains)
    if (b.at(r) == c) most += b.liberties(r) - 1;
  if (most < 2) return false;  // no walk needed
  for (Vertex r : a.chains)
    if (b.at(r) == c && b.liberties(r) >= 3) return true;  // loses p, keeps two or more
  Vertex found = a.found;
  for (Vertex r : a.chains)
    if (b.at(r) == c && second_liberty(b, r, p, found)) return true;
  return false;
}

inline bool safe_fill(const Board& b, const Around& a, Color c, Vertex p) {
  return legal(b, a, c, p) && safe_after(b, a, c, p);
}

// Whether `c` can play at p and keep at least two liberties (a capture
// counts as safe).
inline bool safe_fill(const Board& b, Color c, Vertex p) { return safe_fill(b, around(b, p), c, p); }

// Filling p with `c` puts a chain of the other colour beside p in atari.
inline bool ataris(const Around& a, Color c) { return (a.two & side_bit(opponent(c))) != 0; }

// The stages of `classify`, each a member below, sharing the position (as
// given and as filled) and what the earlier stages found. One is kept per
// thread and reused: once warm, a classification into a Classification the
// caller keeps allocates nothing.
class Classifier {
 public:
  void run(const Board& board, const Regions& regions, const Board* as_it_stands, std::span<const Vertex> dead,
           Classification& out) {
    r_ = &out;
    start(board, regions, as_it_stands, dead);
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
  bool beside_stone(Vertex v) const {
    for (int d : board_->directions())
      if (is_stone(board_->at(v + d))) return true;
    return false;
  }

  void start(const Board& board, const Regions& regions, const Board* as_it_stands, std::span<const Vertex> dead);
  // A point where a dead stone stood (standing_ only).
  bool dead_point(Vertex v) const { return board_->at(v) == kEmpty && is_stone(standing_->at(v)); }
  bool safe(const Around& a, Color c, Vertex p);
  bool may_lack_liberty(const Around& a, Color c, Vertex p) const;
  int dead_points_beside(Vertex p) const;
  bool keeps_two_standing(Color c, Vertex p);
  bool safe_once_taken(Color c, Vertex p);
  uint32_t next_stamp();
  // A point of a small region of the position as given (a dame, the inside
  // of a seki), not of an open area, which the filling only sketches.
  bool in_small_region(Vertex p) const {
    const int id = regions_->of(p);
    return id != Regions::kNone && regions_->size(id) <= kSmallRegion;
  }
  void with_dead_standing(Board& b);
  void join_groups();
  void count_eyes();
  void fill_neutral();
  void find_outside_fillers();
  void fill(Color c, Vertex q);
  void reopen();
  bool defend_in_atari();
  Vertex liberty_in_atari(Vertex root);
  bool changed_near(Vertex p, uint32_t since) const;
  void capturable(Vertex root, Vertex eye);
  bool take_outside_liberty();
  bool fill_dame();
  Color dame_filler(Vertex p);
  void find_seki();
  void classify_stones();
  void classify_region(int id);
  void classify_owned(int id, bool beside_seki);
  void classify_neutral_point(Vertex v, bool seki_region, bool small_region);
  bool beside_both_seki(Vertex v) const;
  void gather_sekis();

  const Board* board_ = nullptr;
  const Regions* regions_ = nullptr;
  Board filled_{1, 1};  // the position as the neutral points get filled
  // Where classify was given them: the position with its dead stones still
  // on it, and their points (see safe()); else null.
  const Board* standing_ = nullptr;
  std::span<const Vertex> dead_;
  // Per chain root of filled_: at least as many as the dead stones' points
  // among its liberties (a merge adds its chains' counts).
  std::vector<int16_t> dead_liberties_;
  Board real_{1, 1};   // filled_ with the dead stones standing, made in safe() where needed
  Board taken_{1, 1};  // real_ once a filler has taken the dead stones
  std::vector<uint32_t> seen_;  // marks of safe()'s walks: a stamp where seen
  uint32_t stamp_ = 0;
  std::vector<Vertex> liberties_;  // of one dead chain, in safe()
  std::vector<Vertex> group_;  // per stone: union-find parent of its group
  std::vector<int> eyes_;      // per group root
  std::vector<Vertex> neutral_;
  std::vector<uint64_t> neutral_bits_;  // fill_neutral's, per point
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
  bool atari_unsorted_ = false;  // in_atari_ has roots added since it was last sorted
  std::vector<Vertex> liberty_of_;  // per root in atari: its liberty when last looked for
  // What each fill changed, so that a point passed over is not asked again
  // until something beside it changes (see changed_near). Stamps count the
  // fills: `touched_` per chain root and per point played or freed of a ko,
  // `passed_` per root in atari and per outside liberty when last passed
  // over; a capture (which frees points anywhere) passes nothing over.
  uint32_t fills_ = 1, since_capture_ = 1;
  std::vector<uint32_t> touched_, passed_atari_, passed_outside_;
  Color turn_ = kBlack;
  std::vector<uint8_t> seki_;        // per stone: its group is in seki
  std::vector<uint8_t> seki_group_;  // per group root
  std::vector<int> seki_of_;         // per union root, in gather_sekis: its seki
  // The point lists of sekis found before, for the next ones: no heap once warm.
  std::vector<std::vector<Vertex>> spare_sekis_;
  // The most shared liberties any position had: each seki's list gets room
  // for as many, so that once warm none grows.
  size_t most_shared_ = 0;
  Classification* r_ = nullptr;  // the caller's, filled in place
};

}  // namespace gocount::classifier
