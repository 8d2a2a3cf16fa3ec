#include "board/board.h"

#include <cctype>
#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace gocount {

const char* color_name(Color c) {
  switch (c) {
    case Color::kBlack: return "black";
    case Color::kWhite: return "white";
    default: return "empty";
  }
}

const char* move_error_text(MoveError e) {
  switch (e) {
    case MoveError::kNone: return "legal";
    case MoveError::kOccupied: return "point is occupied";
    case MoveError::kSuicide: return "suicide is not allowed";
    case MoveError::kKo: return "retakes a ko immediately";
    case MoveError::kOffBoard: return "point is off the board";
  }
  return "?";
}

Board::Board(int width, int height) { make_empty(width, height); }

// A copy of an empty board of the size last asked for, kept per thread: one
// block copied, where making it anew writes every point of five arrays row
// by row (a replay resets a board for every record).
void Board::reset(int width, int height) {
  thread_local Board empty(1, 1);
  if (empty.width_ != width || empty.height_ != height) empty.make_empty(width, height);
  copy_points(empty);
}

void Board::make_empty(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw std::invalid_argument("board size must be from 1x1 to 52x52");
  width_ = width;
  height_ = height;
  stride_ = width + 2;
  dirs_ = {-stride_, -1, 1, stride_};
  ko_ = kNoVertex;
  ko_color_ = Color::kEmpty;
  last_suicide_ = 0;
  may_lack_liberty_ = false;
  const int n = stride_ * (height + 2);
  allocate(n);
  std::fill_n(parent_, 4 * n, 0);  // parent, next, libs, stones
  std::fill_n(color_, n, Color::kWall);
  for (int y = 0; y < height_; ++y) std::fill_n(color_ + vertex(0, y), width_, Color::kEmpty);
  unlink_points();
}

// Every point its own chain of one (its own parent and successor), row by
// row: a replay builds a board per record and rebuilds its chains per setup.
void Board::unlink_points() {
  for (int y = 0; y < height_; ++y) {
    const Vertex row = vertex(0, y);
    std::iota(parent_ + row, parent_ + row + width_, row);
    std::iota(next_ + row, next_ + row + width_, row);
  }
}

// Adds `delta` to the liberties of each distinct chain beside v and returns
// how many of v's neighbours are empty: what a stone put on v takes away,
// and a stone taken off v gives back. Without branches on the colours
// around v, which follow no pattern: an empty or wall neighbour adds 0 to
// its own entry (an empty point is its own parent and a wall point's is 0),
// and a chain met before is counted once (its root equals an earlier one).
// The one loop serves both counts: apart, they cost Board::play a sixth
// more instructions (callgrind).
[[gnu::always_inline]] inline int Board::touch_chains_beside(Vertex v, int delta) {
  const std::array<int, 4> dirs = dirs_;  // a local: the int stores below cannot change it
  int empty = 0;
  Vertex seen[4];
  for (int i = 0; i < 4; ++i) {
    const Vertex n = v + dirs[i];
    const Color nc = color_[n];
    const Vertex r = parent_[n];
    int dup = 0;
    for (int j = 0; j < i; ++j) dup |= int{seen[j] == r};
    seen[i] = r;
    empty += int{nc == Color::kEmpty};
    libs_[r] += delta * (int{is_stone(nc)} & (dup ^ 1));
  }
  return empty;
}

// Puts a lone stone on v, taking v away from the liberties of every chain
// around it (once per chain, however many sides it touches).
void Board::place(Color c, Vertex v) {
  color_[v] = c;
  parent_[v] = next_[v] = v;
  stones_[v] = 1;
  libs_[v] = touch_chains_beside(v, -1);
}

// Branch-free (this runs for every liberty a merge looks at). Only a stone
// of the chain has `root` as its parent: an empty point is its own parent
// and a wall point's is 0, never a stone, so the colours need no look.
bool Board::adjacent_to_chain(Vertex empty, Vertex root) const {
  const Link* p = parent_ + empty;
  const int s = stride_;
  return (int{p[-s] == root} | int{p[-1] == root} | int{p[1] == root} | int{p[s] == root}) != 0;
}

// Joins two chains. The smaller one is walked; each of its stones is re-rooted
// as it is visited, so a liberty shared by two of its stones is found through
// the first one and counted once.
void Board::merge(Vertex a, Vertex b) {
  if (stones_[a] < stones_[b]) std::swap(a, b);
  const std::array<int, 4> dirs = dirs_;
  Vertex s = b;
  int added = 0;
  do {
    for (int d : dirs) {
      const Vertex n = s + d;
      // Without a branch on the colour; but n may be a wall point, and the
      // points beside a wall may lie off the array: a point that is not
      // empty asks about s instead (a stone, so on the board), and the
      // answer is masked out.
      const bool empty = color_[n] == Color::kEmpty;
      added += int{empty} & int{!adjacent_to_chain(empty ? n : s, a)};
    }
    parent_[s] = a;
    s = next_[s];
  } while (s != b);
  libs_[a] += added;
  std::swap(next_[a], next_[b]);
  stones_[a] += stones_[b];
}

// The lone stone just placed on v joins the chain through `chain` beside
// it (a third of a record's moves join one chain): merge(v, chain) without
// its loop and branches. One lone stone is walked, its liberties not yet
// the root's added to the root's: v into a longer chain, or a lone stone
// beside v into v, as merge picks them (the playouts' random moves follow
// the chains' roots, so the roots stay merge's).
inline void Board::join_lone(Vertex v, Vertex chain) {
  const bool lone = stones_[chain] == 1;
  const Vertex walked = select_by_mask(lone, chain, v), root = select_by_mask(lone, v, chain);
  int added = 0;
  for (int d : dirs_) {
    const Vertex n = walked + d;
    const bool empty = color_[n] == Color::kEmpty;
    added += int{empty} & int{!adjacent_to_chain(empty ? n : walked, root)};
  }
  parent_[walked] = static_cast<Link>(root);
  libs_[root] += added;
  std::swap(next_[root], next_[walked]);
  ++stones_[root];
}

int Board::capture(Vertex v) {
  int size = 0;
  for_each_in_chain(v, [&](Vertex s) {
    color_[s] = Color::kEmpty;
    ++size;
  });
  // Every removed point is a new liberty of each chain beside it.
  Vertex s = v;
  do {
    const Vertex nxt = next_[s];
    touch_chains_beside(s, 1);
    parent_[s] = next_[s] = s;
    s = nxt;
  } while (s != v);
  return size;
}

void Board::put(Color c, Vertex v) {
  place(c, v);
  bool joined = false;
  for (int d : dirs_) {
    const Vertex n = v + d;
    if (color_[n] != c || parent_[n] == parent_[v]) continue;
    if (!joined) join_lone(v, parent_[n]);
    else merge(parent_[v], parent_[n]);
    joined = true;
  }
  for (int d : dirs_) may_lack_liberty_ |= is_stone(color_[v + d]) && libs_[parent_[v + d]] == 0;
  may_lack_liberty_ |= libs_[parent_[v]] == 0;
}

// Which sides capture and which join a chain of c are found first, without
// a branch per side: the colours around a move follow no pattern, and a
// mispredicted branch costs more than the loads (most moves capture nothing).
int Board::play(Color c, Vertex v) {
  const std::array<int, 4> dirs = dirs_;
  last_suicide_ = 0;
  place(c, v);
  const Color opp = opponent(c);
  unsigned takes = 0, joins = 0;
  for (int i = 0; i < 4; ++i) {
    const Vertex n = v + dirs[i];
    const Color nc = color_[n];
    takes |= static_cast<unsigned>(int{nc == opp} & int{libs_[parent_[n]] == 0}) << i;
    joins |= unsigned{nc == c} << i;
  }
  int captured = 0;
  Vertex captured_point = kNoVertex;
  if (takes) [[unlikely]] {
    for (int i = 0; i < 4; ++i) {
      const Vertex n = v + dirs[i];
      // A chain beside v on two sides is taken through the first.
      if (!(takes >> i & 1) || color_[n] != opp) continue;
      captured_point = n;
      captured += capture(n);
    }
  }
  if (joins) join_lone(v, parent_[v + dirs[std::countr_zero(joins)]]);
  for (unsigned m = joins & (joins - 1); m; m &= m - 1) {
    const Vertex n = v + dirs[std::countr_zero(m)];
    if (parent_[n] != parent_[v]) merge(parent_[v], parent_[n]);
  }
  const Vertex root = parent_[v];
  // Simple ko: a lone stone that took one stone and now has one liberty (the
  // point it took) may not be retaken at once.
  const bool ko = captured == 1 && stones_[root] == 1 && libs_[root] == 1;
  ko_ = ko ? captured_point : kNoVertex;
  ko_color_ = ko ? opp : ko_color_;
  if (libs_[root] == 0) last_suicide_ = capture(v);
  return captured;
}

// The liberties of the chain a stone of c at v would make, where the move
// captures nothing: v's empty neighbours and the other liberties of the
// chains of c beside v. Where at most one of those chains has a liberty
// besides v, they are counted without a walk of the chain (else -1): its
// liberties but v, and v's empty neighbours not beside it.
//
//   -------      the top edge
//   O X X O      Black at v: the chain X X X has two liberties, v and x;
//   e v X O      e is not beside it, so the chain after v has two, e and x.
//   O O x O
int Board::liberties_without_walk(Color c, Vertex v) const {
  // The chains of c beside v with a liberty besides v: the last one met,
  // and how many (one met again after another counts again: past one, the
  // count only says "more than one").
  Vertex chain = kNoVertex;
  int chains = 0;
  for (int d : dirs_) {
    const Vertex n = v + d;
    if (color_[n] != c || libs_[parent_[n]] < 2 || parent_[n] == chain) continue;
    chain = parent_[n];
    ++chains;
  }
  if (chains > 1) return -1;
  int libs = chain == kNoVertex ? 0 : libs_[chain] - 1;
  for (int d : dirs_) {
    // A point that is not empty (a wall point among them, whose own
    // neighbours may lie off the array) asks about v instead, masked out.
    const Vertex e = v + d;
    const bool empty = color_[e] == Color::kEmpty;
    libs += int{empty} & int{chain == kNoVertex || !adjacent_to_chain(empty ? e : v, chain)};
  }
  return libs;
}

int Board::liberties_after(Color c, Vertex v, int cap) const {
  const Color opp = opponent(c);
  // The chains the move captures: their stones are liberties after it.
  // Without branches on the colours around v (see place()).
  Vertex taken[4];
  int ntaken = 0;
  for (int d : dirs_) {
    taken[ntaken] = parent_[v + d];
    ntaken += int{color_[v + d] == opp} & int{libs_[parent_[v + d]] == 1};
  }
  auto free_point = [&](Vertex w) {
    bool free = color_[w] == Color::kEmpty;
    for (int i = 0; i < ntaken && !free; ++i) free = color_[w] == opp && parent_[w] == taken[i];
    return free;
  };
  // Most moves have enough free points beside them: counted without the
  // markers (the four points are distinct), as the playouts ask this of
  // nearly every move they try.
  int beside = 0;
  for (int d : dirs_) beside += free_point(v + d);
  if (beside >= cap) return cap;
  // A chain of c beside v with more than `cap` liberties keeps `cap` after
  // losing v: no need to count.
  int roomy = 0;
  for (int d : dirs_) roomy |= int{color_[v + d] == c} & int{libs_[parent_[v + d]] > cap};
  if (roomy) return cap;
  // Capturing nothing, beside at most one chain of c with more than v: counted.
  if (ntaken == 0)
    if (const int libs = liberties_without_walk(c, v); libs >= 0) return std::min(libs, cap);
  // A marker per point, kept between calls (one per thread).
  thread_local std::vector<uint32_t> mark;
  thread_local uint32_t gen = 0;
  if (static_cast<int>(mark.size()) < n_) mark.assign(n_, 0);
  if (++gen == 0) {
    std::fill(mark.begin(), mark.end(), 0);
    gen = 1;
  }
  mark[v] = gen;
  int libs = 0;
  auto add = [&](Vertex w) {
    if (mark[w] == gen || !free_point(w)) return;
    mark[w] = gen;
    ++libs;
  };
  for (int d : dirs_) add(v + d);
  for (Vertex r : chains_beside(v)) {
    if (color_[r] != c) continue;
    Vertex s = r;
    do {
      for (int e : dirs_) add(s + e);
      if (libs >= cap) return cap;
      s = next_[s];
    } while (s != r);
  }
  return libs;
}


// The block: four arrays of n Links, then n colours.
size_t Board::block_bytes(int n) { return 4 * sizeof(Link) * static_cast<size_t>(n) + sizeof(Color) * n; }

// A block that holds `n` points already is kept (a board refilled for the
// next record, or copied into, allocates only when it grows).
void Board::allocate(int n) {
  if (!block_ || n > capacity_) {
    block_ = std::make_unique_for_overwrite<std::byte[]>(block_bytes(n));
    capacity_ = n;
  }
  n_ = n;
  parent_ = reinterpret_cast<Link*>(block_.get());
  next_ = parent_ + n;
  libs_ = next_ + n;
  stones_ = libs_ + n;
  color_ = reinterpret_cast<Color*>(stones_ + n);
}

void Board::copy_scalars(const Board& other) {
  width_ = other.width_;
  height_ = other.height_;
  stride_ = other.stride_;
  dirs_ = other.dirs_;
  ko_ = other.ko_;
  ko_color_ = other.ko_color_;
  last_suicide_ = other.last_suicide_;
  may_lack_liberty_ = other.may_lack_liberty_;
}

void Board::copy_points(const Board& other) {
  allocate(other.n_);
  if (n_ > 0) std::memcpy(block_.get(), other.block_.get(), block_bytes(n_));
  copy_scalars(other);
}

Board::Board(const Board& other) { copy_points(other); }

Board& Board::operator=(const Board& other) {
  if (this != &other) copy_points(other);
  return *this;
}

Board::Board(Board&& other) noexcept { *this = std::move(other); }

Board& Board::operator=(Board&& other) noexcept {
  if (this == &other) return *this;
  copy_scalars(other);
  n_ = std::exchange(other.n_, 0);
  capacity_ = std::exchange(other.capacity_, 0);
  block_ = std::move(other.block_);
  parent_ = std::exchange(other.parent_, nullptr);
  next_ = std::exchange(other.next_, nullptr);
  libs_ = std::exchange(other.libs_, nullptr);
  stones_ = std::exchange(other.stones_, nullptr);
  color_ = std::exchange(other.color_, nullptr);
  return *this;
}

void Board::set(Vertex v, Color c) {
  color_[v] = c;
  rebuild_chains();
}

int Board::remove_chain(Vertex v) {
  if (color_[v] != Color::kBlack && color_[v] != Color::kWhite) return 0;
  return capture(v);
}

int Board::count(Color c) const {
  // The whole padded array: the wall ring is never a stone. As bytes, so
  // that the loop vectorises (std::count over the enum did not: a setup
  // node and every tally count the stones).
  const auto* p = reinterpret_cast<const uint8_t*>(color_);
  const auto x = static_cast<uint8_t>(c);
  int n = 0;
  for (int i = 0; i < n_; ++i) n += p[i] == x;
  return n;
}

Vertex Board::chain_without_liberty(Vertex from) const {
  if (!may_lack_liberty_) return kNoVertex;  // no setup left one: play never does
  for (Vertex v = from; v < n_; ++v)
    if ((color_[v] == Color::kBlack || color_[v] == Color::kWhite) && libs_[parent_[v]] == 0) return v;
  return kNoVertex;
}

void Board::rebuild_chains() {
  ko_ = kNoVertex;
  may_lack_liberty_ = false;
  // Scratch kept per thread: no heap once warm, and no clearing per call
  // (setup stones rebuild often): a point is marked when its entry equals
  // the current generation.
  thread_local std::vector<uint32_t> seen;      // stones reached, this call
  thread_local std::vector<uint32_t> lib_mark;  // liberties counted, this chain
  thread_local std::vector<Vertex> stack;
  thread_local uint32_t generation = 0;
  if (std::ssize(seen) < n_ || generation > UINT32_MAX - static_cast<uint32_t>(n_) - 2) {
    seen.assign(std::max<size_t>(seen.size(), n_), 0);
    lib_mark.assign(seen.size(), 0);
    generation = 0;
  }
  const uint32_t call = ++generation;
  unlink_points();
  for_each_point([&](Vertex start) {
    const Color c = color_[start];
    if ((c != Color::kBlack && c != Color::kWhite) || seen[start] == call) return;
    const uint32_t mark = ++generation;
    int stones = 0, libs = 0;
    Vertex last = start;
    stack.assign(1, start);
    seen[start] = call;
    while (!stack.empty()) {
      const Vertex s = stack.back();
      stack.pop_back();
      parent_[s] = start;
      if (s != start) {  // link s into the circular list after `last`
        next_[s] = next_[last];
        next_[last] = s;
        last = s;
      }
      ++stones;
      for (int d : dirs_) {
        const Vertex n = s + d;
        if (color_[n] == Color::kEmpty && lib_mark[n] != mark) {
          lib_mark[n] = mark;
          ++libs;
        } else if (color_[n] == c && seen[n] != call) {
          seen[n] = call;
          stack.push_back(n);
        }
      }
    }
    stones_[start] = stones;
    libs_[start] = libs;
    may_lack_liberty_ |= libs == 0;
  });
}

namespace {
constexpr char kGtpLetters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

int sgf_coord(char ch) {
  if (ch >= 'a' && ch <= 'z') return ch - 'a';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 26;
  return -1;
}
char sgf_char(int i) { return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26); }
}  // namespace

std::string to_sgf(const Board& b, Vertex v) {
  if (v == kPass) return "";
  return {sgf_char(b.x_of(v)), sgf_char(b.y_of(v))};
}

std::string to_gtp(const Board& b, Vertex v) {
  if (v == kPass) return "pass";
  if (b.width() > 25) return to_sgf(b, v);
  return kGtpLetters[b.x_of(v)] + std::to_string(b.height() - b.y_of(v));
}

// Each point keyed once (column, then the row from the bottom, above the
// point itself: a padded board has fewer than 2^16 points) and the keys
// sorted as numbers: a comparison of columns and rows divides by the stride.
void sort_as_read(const Board& b, std::vector<Vertex>& points) {
  thread_local std::vector<uint32_t> keyed;  // kept: no heap once warm
  keyed.resize(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    const Vertex v = points[i];
    const auto key = static_cast<uint32_t>(b.x_of(v) * (Board::kMaxSide + 1) + (Board::kMaxSide - b.y_of(v)));
    keyed[i] = key << 16 | static_cast<uint32_t>(v);
  }
  std::sort(keyed.begin(), keyed.end());
  for (size_t i = 0; i < points.size(); ++i) points[i] = static_cast<Vertex>(keyed[i] & 0xFFFF);
}

void ChainsAsRead::read(const Board& b) {
  stones_.resize(b.area());
  start_.resize(b.padded_size());
  filled_.assign(b.padded_size(), 0);
  int next = 0;
  b.for_each_point_as_read([&](Vertex v) {
    if (!is_stone(b.at(v))) return;
    const Vertex r = b.chain_root(v);
    int& k = filled_[r];
    if (k == 0) {  // the chain's first stone as read: its room comes next
      start_[r] = next;
      next += b.chain_size(r);
    }
    stones_[start_[r] + k++] = v;
  });
}

std::vector<std::string> to_gtp(const Board& b, std::vector<Vertex> points) {
  sort_as_read(b, points);
  std::vector<std::string> out;
  for (Vertex v : points) out.push_back(to_gtp(b, v));
  return out;
}

std::vector<std::string> chain_to_gtp(const Board& b, Vertex v) {
  std::vector<Vertex> stones;
  b.for_each_in_chain(v, [&](Vertex s) { stones.push_back(s); });
  return to_gtp(b, std::move(stones));
}

Vertex parse_sgf_point(const Board& b, std::string_view s) {
  if (s.size() != 2) return kNoVertex;
  const int x = sgf_coord(s[0]), y = sgf_coord(s[1]);
  if (x < 0 || y < 0 || x >= b.width() || y >= b.height()) return kNoVertex;
  return b.vertex(x, y);
}

Vertex parse_gtp_point(const Board& b, std::string_view s) {
  if (s.size() < 2 || s.size() > 3) return kNoVertex;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  int x = -1;
  for (int i = 0; i < 25; ++i)
    if (kGtpLetters[i] == letter) x = i;
  int row = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return kNoVertex;
    row = row * 10 + (s[i] - '0');
  }
  if (x < 0 || x >= b.width() || b.width() > 25 || row < 1 || row > b.height()) return kNoVertex;
  return b.vertex(x, b.height() - row);
}

Vertex parse_point(const Board& b, std::string_view s) {
  if (s.size() >= 2 && std::isdigit(static_cast<unsigned char>(s[1]))) return parse_gtp_point(b, s);
  return parse_sgf_point(b, s);
}

void liberty_points(const Board& b, Vertex v, std::vector<Vertex>& out) {
  out.clear();
  b.for_each_in_chain(v, [&](Vertex s) {
    for (int d : b.directions())
      if (b.at(s + d) == Color::kEmpty) out.push_back(s + d);
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace gocount
