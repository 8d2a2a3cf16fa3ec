// Layer 1: stones, chains, liberties, captures and simple ko. No rules knowledge.
//
// The board is a flat array padded with a ring of wall points (Leela Zero's
// FastBoard layout), so neighbour lookups never need bounds checks. Chains are
// kept incrementally: every stone points at its chain's root, stones of a chain
// form a circular list, and the root holds the exact liberty and stone counts.
// A capture test is therefore O(1) and a merge walks only the smaller chain.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gocount {

enum class Color : uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3 };

constexpr Color opponent(Color c) {
  return c == Color::kBlack ? Color::kWhite : c == Color::kWhite ? Color::kBlack : c;
}
// A stone of either colour (not empty, not the wall).
constexpr bool is_stone(Color c) { return c == Color::kBlack || c == Color::kWhite; }
// 0 for Black, 1 for White: index into per-colour arrays.
constexpr int side_index(Color c) { return c == Color::kWhite ? 1 : 0; }
const char* color_name(Color c);  // "black", "white", "empty"

// `yes` if c, else `no`, by masks: GCC turns a ?: on a condition into a
// branch where it guesses the branch cheaper, and on the board's colours a
// branch follows no pattern.
constexpr int select_by_mask(bool c, int yes, int no) {
  const int mask = -static_cast<int>(c);
  return (yes & mask) | (no & ~mask);
}

// Index into the padded array. kPass stands for a pass wherever a move is meant.
using Vertex = int;
constexpr Vertex kPass = -1;
constexpr Vertex kNoVertex = -2;

enum class MoveError : uint8_t { kNone, kOccupied, kSuicide, kKo, kOffBoard };
const char* move_error_text(MoveError e);

class Board {
 public:
  static constexpr int kMaxSide = 52;  // SGF's coordinate limit (a-z, A-Z)

  Board(int width, int height);
  Board(const Board& other);
  Board(Board&& other) noexcept;
  Board& operator=(const Board& other);
  Board& operator=(Board&& other) noexcept;
  ~Board() = default;
  // An empty board of this size, as Board(width, height) makes it, in the
  // storage this one holds: a replay refills one board record after record.
  void reset(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  int area() const { return width_ * height_; }
  // x: column from the left, y: row from the top (SGF order), both 0-based.
  Vertex vertex(int x, int y) const { return (y + 1) * stride_ + x + 1; }
  int x_of(Vertex v) const { return v % stride_ - 1; }
  int y_of(Vertex v) const { return v / stride_ - 1; }
  int stride() const { return stride_; }
  int padded_size() const { return n_; }
  const std::array<int, 4>& directions() const { return dirs_; }

  Color at(Vertex v) const { return color_[v]; }
  // Every point's colour, walls included, indexed by Vertex: for flat loops
  // that vectorise (a loop through at() reloads the board after each store).
  std::span<const Color> colors() const { return {color_, static_cast<size_t>(n_)}; }
  bool on_board(Vertex v) const {
    return v >= 0 && v < padded_size() && color_[v] != Color::kWall;
  }

  // Why `c` may not play at `v` (kNone if it may). Simple ko only. Inline:
  // the replay asks it of every move before playing it.
  MoveError check(Color c, Vertex v, bool allow_suicide) const;
  // Plays a move already known to be legal (see check). Returns the number of
  // opponent stones captured. A suicide removes the mover's own chain; its size
  // is reported by last_suicide().
  int play(Color c, Vertex v);
  int last_suicide() const { return last_suicide_; }
  // The liberties the chain of a stone `c` played at `v` would have, counted
  // up to `cap`; the points of the chains it captures count as liberties.
  // The move must be legal.
  int liberties_after(Color c, Vertex v, int cap) const;
  // Whether `c` at `v` captures (an opponent chain beside it has one liberty).
  bool captures(Color c, Vertex v) const;
  // A pass clears the ko point.
  void pass() { ko_ = kNoVertex; }
  Vertex ko() const { return ko_; }
  Color ko_color() const { return ko_color_; }  // the side that may not take back at ko()
  // A ko as a copy of a position carries it (symmetry.h's images): `c` may
  // not play at v at once.
  void set_ko(Vertex v, Color c) {
    ko_ = v;
    ko_color_ = c;
  }

  // A stone of `c` put on the empty point v as a setup puts it: joined to
  // the chains beside it, capturing nothing (a chain may be left with no
  // liberty), the chains kept incrementally: for a few stones on a board
  // otherwise as it was, where set_many would rebuild every chain.
  void put(Color c, Vertex v);
  // Setup (SGF AB/AW/AE): places or clears stones without capturing anything,
  // then rebuilds the chains. Use set_many for a batch.
  void set(Vertex v, Color c);
  template <class It>
  void set_many(It first, It last, Color c) {
    for (; first != last; ++first) color_[*first] = c;
    rebuild_chains();
  }

  // Removes the whole chain through v; returns its size.
  int remove_chain(Vertex v);

  Vertex chain_root(Vertex v) const { return parent_[v]; }
  int liberties(Vertex v) const { return libs_[parent_[v]]; }
  int chain_size(Vertex v) const { return stones_[parent_[v]]; }
  Vertex next_in_chain(Vertex v) const { return next_[v]; }
  // The distinct chains beside v (their roots, in direction order): a
  // chain that touches v on two sides is listed once. No heap.
  struct ChainsBeside {
    std::array<Vertex, 4> roots;
    int count = 0;
    const Vertex* begin() const { return roots.data(); }
    const Vertex* end() const { return roots.data() + count; }
  };
  ChainsBeside chains_beside(Vertex v) const {
    ChainsBeside out;
    for (int d : dirs_) {
      const Color c = color_[v + d];
      if (c != Color::kBlack && c != Color::kWhite) continue;
      const Vertex r = parent_[v + d];
      bool dup = false;
      for (int i = 0; i < out.count; ++i) dup |= out.roots[i] == r;
      if (!dup) out.roots[out.count++] = r;
    }
    return out;
  }
  template <class F>
  void for_each_in_chain(Vertex v, F&& f) const {
    Vertex s = v;
    do {
      f(s);
      s = next_[s];
    } while (s != v);
  }
  template <class F>
  void for_each_point(F&& f) const {
    // Locals: `f` may store ints, which the compiler cannot tell apart from
    // the members, so it would reload them and multiply every point.
    const int w = width_, h = height_, s = stride_;
    for (int y = 0; y < h; ++y)
      for (Vertex v = (y + 1) * s + 1, end = v + w; v < end; ++v) f(v);
  }
  // The same points in the order a reader lists them (sort_as_read): by
  // column, then the row upwards.
  template <class F>
  void for_each_point_as_read(F&& f) const {
    const int w = width_, h = height_, s = stride_;
    for (int x = 0; x < w; ++x)
      for (Vertex v = h * s + x + 1; v > x + 1; v -= s) f(v);
  }
  int count(Color c) const;
  // The first stone at or after `from` (board order) whose chain has no
  // liberty, else kNoVertex. No game reaches such a position: a set-up
  // board or a diagram may.
  Vertex chain_without_liberty(Vertex from = 0) const;

 private:
  void make_empty(int width, int height);  // reset without the copy
  void rebuild_chains();
  void unlink_points();
  int touch_chains_beside(Vertex v, int delta);
  void place(Color c, Vertex v);
  void merge(Vertex a, Vertex b);
  void join_lone(Vertex v, Vertex chain);
  int capture(Vertex v);
  bool adjacent_to_chain(Vertex empty, Vertex root) const;
  int liberties_without_walk(Color c, Vertex v) const;

  static size_t block_bytes(int n);
  void allocate(int n);
  void copy_points(const Board& other);
  void copy_scalars(const Board& other);

  int width_, height_, stride_;
  std::array<int, 4> dirs_;
  // Every per-point array lives in one block: one allocation a board, and
  // none to copy a board into one of the same size (the classification and
  // the playouts copy boards per position).
  int n_ = 0;
  int capacity_ = 0;  // points the block holds (n_ or more)
  std::unique_ptr<std::byte[]> block_;  // bytes: Links and colours live in it alike (C++20 implicit objects)
  // Per point, 16 bits each: a padded 52x52 board has 2,916 points, and
  // half the bytes of ints halve what a copy moves (the classification and
  // every playout copy a board) and what the board holds in the cache.
  using Link = int16_t;
  static_assert((kMaxSide + 2) * (kMaxSide + 2) <= INT16_MAX, "a point's index fits in a Link");
  Link* parent_ = nullptr;
  Link* next_ = nullptr;
  Link* libs_ = nullptr;    // valid at chain roots only
  Link* stones_ = nullptr;  // valid at chain roots only
  Color* color_ = nullptr;
  Vertex ko_ = kNoVertex;
  Color ko_color_ = Color::kEmpty;  // the side that may not retake at ko_
  int last_suicide_ = 0;
  // A setup (rebuild_chains) left a chain with no liberty, which a move
  // never does (it captures such chains, its own included): until a setup
  // leaves one, chain_without_liberty need not look.
  bool may_lack_liberty_ = false;
};

inline bool Board::captures(Color c, Vertex v) const {
  const Color opp = opponent(c);
  for (int d : dirs_)
    if (color_[v + d] == opp && libs_[parent_[v + d]] == 1) return true;
  return false;
}

inline MoveError Board::check(Color c, Vertex v, bool allow_suicide) const {
  if (!on_board(v)) return MoveError::kOffBoard;
  if (color_[v] != Color::kEmpty) return MoveError::kOccupied;
  if (v == ko_ && c == ko_color_) return MoveError::kKo;
  if (allow_suicide) return MoveError::kNone;
  // Legal when a neighbour is empty, or an opponent chain there is captured,
  // or a chain of c there keeps a liberty. Without branches: which of these
  // holds follows no pattern, and a mispredicted branch per neighbour cost
  // the replay more than the loads (an empty point is its own parent and a
  // wall point's is 0: both in bounds).
  const Color opp = opponent(c);
  int legal = 0;
  for (int d : dirs_) {
    const Vertex n = v + d;
    const Color nc = color_[n];
    const int libs = libs_[parent_[n]];
    legal |= int{nc == Color::kEmpty} | (int{nc == opp} & int{libs == 1}) | (int{nc == c} & int{libs > 1});
  }
  return legal ? MoveError::kNone : MoveError::kSuicide;
}

// The liberties of the chain through `v`, each once, in board order, into
// `out` (its storage reused).
void liberty_points(const Board& b, Vertex v, std::vector<Vertex>& out);

// Coordinates. SGF: "dd" (a-z then A-Z). GTP: "D16", letters skip I, row 1 at
// the bottom; GTP has letters for 25 columns only, so wider boards use SGF form.
std::string to_sgf(const Board& b, Vertex v);
std::string to_gtp(const Board& b, Vertex v);
// Points sorted as a reader scans them: by column, then row upwards
// ("C4 C5 C6 D4").
void sort_as_read(const Board& b, std::vector<Vertex>& points);
// Every chain's stones in the order a reader lists them (sort_as_read),
// from one walk of the board, not a sort per chain: the report lists the
// stones of every chain of a position. The storage is reused.
class ChainsAsRead {
 public:
  void read(const Board& b);
  // The stones of the chain through v, on the board last read.
  std::span<const Vertex> stones(const Board& b, Vertex v) const {
    const Vertex r = b.chain_root(v);
    return {stones_.data() + start_[r], static_cast<size_t>(b.chain_size(r))};
  }

 private:
  std::vector<Vertex> stones_;  // chain after chain
  std::vector<int> start_, filled_;  // per chain root
};

// Points in GTP form, so sorted.
std::vector<std::string> to_gtp(const Board& b, std::vector<Vertex> points);
// The stones of the chain through v, so sorted.
std::vector<std::string> chain_to_gtp(const Board& b, Vertex v);
// kNoVertex if the text is not a point of this board (SGF "tt" is not a pass here).
Vertex parse_sgf_point(const Board& b, std::string_view s);
// The same, inline for a move's two lower-case letters (every move of a
// record up to 26x26, parsed on the replay's path); the rest as above.
inline Vertex parse_sgf_move_point(const Board& b, std::string_view s) {
  if (s.size() == 2) {
    const unsigned x = static_cast<unsigned char>(s[0]) - 'a', y = static_cast<unsigned char>(s[1]) - 'a';
    if (x < 26 && y < 26)
      return x < static_cast<unsigned>(b.width()) && y < static_cast<unsigned>(b.height()) ? b.vertex(x, y) : kNoVertex;
  }
  return parse_sgf_point(b, s);
}
Vertex parse_gtp_point(const Board& b, std::string_view s);
// Either form: a letter then digits is GTP ("D4"), two letters are SGF ("dd").
Vertex parse_point(const Board& b, std::string_view s);

}  // namespace gocount
