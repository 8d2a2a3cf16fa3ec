#include "sgf/sgf.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <fmt/format.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gocount::sgf {

namespace {
// Every byte's classes, one lookup each: the reader tests every byte it
// reads (std::string_view::find on "[;()" was a memchr call per value).
enum : uint8_t { kSpace = 1, kUpper = 2, kLower = 4, kStructural = 8 };  // kStructural: [ ; ( )
constexpr std::array<uint8_t, 256> kClass = [] {
  std::array<uint8_t, 256> t{};
  for (unsigned char c : {' ', '\n', '\r', '\t', '\v', '\f'}) t[c] = kSpace;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = kUpper;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = kLower;
  for (unsigned char c : {'[', ';', '(', ')'}) t[c] = kStructural;
  return t;
}();
uint8_t class_of(char c) { return kClass[static_cast<unsigned char>(c)]; }
bool is_space(char c) { return class_of(c) & kSpace; }
bool is_upper(char c) { return class_of(c) & kUpper; }
bool is_lower(char c) { return class_of(c) & kLower; }
bool is_letter(char c) { return class_of(c) & (kUpper | kLower); }

// FF[4] properties of type Text or SimpleText: where a stray ']' is read as
// text (OGS writes PW[[\]=[]]), never in a point or a number.
bool is_text_property(std::string_view id) {
  // Asked of every property: the ids as numbers, one switch.
  if (id.size() == 1) return id[0] == 'C' || id[0] == 'N';
  if (id.size() != 2) return false;
  constexpr auto two = [](const char (&s)[3]) { return s[0] * 256 + s[1]; };
  switch (id[0] * 256 + id[1]) {
    case two("AN"): case two("AP"): case two("BR"): case two("BT"): case two("CA"): case two("CP"):
    case two("DT"): case two("EV"): case two("GC"): case two("GN"): case two("ON"): case two("OT"):
    case two("PB"): case two("PC"): case two("PW"): case two("RE"): case two("RO"): case two("RU"):
    case two("SO"): case two("US"): case two("WR"): case two("WT"):
      return true;
    default:
      return false;
  }
}

// Where a move property with one value of two letters ("B[pd]", at `at`)
// ends, the spaces after it skipped; 0 if the text at `at` is no such move.
// Inline: it is asked of nearly every node.
[[gnu::always_inline]] inline size_t plain_move_end(std::string_view text, size_t at) {
  if (text.size() - at < 5) return 0;
  const char* p = text.data() + at;
  if ((p[0] != 'B' && p[0] != 'W') || p[1] != '[' || p[4] != ']') return 0;
  if (p[2] == ']' || p[2] == '\\' || p[3] == ']' || p[3] == '\\') return 0;
  size_t next = at + 5;
  while (next < text.size() && is_space(text[next])) ++next;
  if (next < text.size() && text[next] == '[') return 0;  // a second value
  return next;
}

// The bytes a common move is made of: its colour, and a point's letters.
enum : uint8_t { kColourByte = 1, kPointByte = 2 };
constexpr std::array<uint8_t, 256> kMoveByte = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = kPointByte;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = kPointByte;
  t['B'] |= kColourByte;
  t['W'] |= kColourByte;
  return t;
}();

// plain_move_end for the commonest nodes, read a word at a time: a move at
// q[0] (";B[pd]", the point two letters) followed by the next node's ';', at
// once or after one space (the "\n;" of most records). The distance to that
// ';', or 0 where plain_move_end must decide. `w`: the 8 bytes at q. The
// length is found by branches, not from the bytes: the next move's address
// is then known before this one's bytes are read.
[[gnu::always_inline]] inline size_t common_move_end(uint64_t w) {
  if constexpr (std::endian::native != std::endian::little) return 0;
  auto byte = [w](int i) { return static_cast<uint8_t>(w >> (8 * i)); };
  // ';' '[' ']' at 0, 2 and 5; B or W at 1; letters at 3 and 4.
  const bool move = (w & 0x0000FF0000FF00FFull) == 0x00005D00005B003Bull;
  const unsigned bytes = kMoveByte[byte(1)] & (kMoveByte[byte(3)] >> 1) & (kMoveByte[byte(4)] >> 1);
  if (!move || !(bytes & kColourByte)) [[unlikely]]
    return 0;
  if (byte(7) == ';' && is_space(static_cast<char>(byte(6)))) return 7;
  if (byte(6) == ';') return 6;
  return 0;
}

// A common move's Node::move from the 8 bytes at its ';': bytes 1, 3, 4.
inline uint32_t move_code(uint64_t w) {
  return static_cast<uint32_t>((w >> 8) & 0xFF) | static_cast<uint32_t>((w >> 16) & 0xFFFF00);
}

// The node of a plain move at `offset` (Node::move `code`), number `index`
// in a run: the child of `parent`, its own child the next.
inline Node plain_node(uint32_t parent, uint32_t index, size_t offset, uint32_t code) {
  return Node{kNone, 1, parent, index + 1, index + 1, kNone, static_cast<uint32_t>(offset), code};
}

// Two common moves at q, each followed by the next node's ';', at once
// (`kStride` 6: ";B[pd];W[dp];", as KGS writes its later records, a line
// of moves) or after a line feed (7: ";B[pd]\n;W[dp]\n;", its earlier
// ones), told from the 16 bytes at q at once: common_move_end's tests for
// both, in a few vector operations instead of about twenty scalar ones
// each. False where either move is not of that form; the move-at-a-time
// loop then decides.
template <int kStride>
[[gnu::always_inline]] inline bool two_common_moves([[maybe_unused]] const char* q) {
  static_assert(kStride == 6 || kStride == 7);
#if defined(__SSE2__)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
  const __m128i fixed = kStride == 7 ? _mm_setr_epi8(';', 0, '[', 0, 0, ']', '\n', ';', 0, '[', 0, 0, ']', '\n', ';', 0)
                                     : _mm_setr_epi8(';', 0, '[', 0, 0, ']', ';', 0, '[', 0, 0, ']', ';', 0, 0, 0);
  const __m128i colour = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('B')), _mm_cmpeq_epi8(v, _mm_set1_epi8('W')));
  // A letter, either case: (byte | 0x20) - 'a' is at most 25 (unsigned).
  const __m128i from_a = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
  const __m128i letter = _mm_cmpeq_epi8(_mm_min_epu8(from_a, _mm_set1_epi8(25)), from_a);
  // The bytes of each kind: the fixed ones (';' '[' ']' and the line
  // feeds), the colours at 0 and kStride, the letters at 3, 4 and after kStride.
  constexpr unsigned kFixed = kStride == 7 ? 0x72E5 : 0x1965;
  constexpr unsigned kColour = 1u << 1 | 1u << (kStride + 1);
  constexpr unsigned kLetter = 3u << 3 | 3u << (kStride + 3);
  constexpr unsigned kAll = (1u << (2 * kStride + 1)) - 1;
  static_assert((kFixed | kColour | kLetter) == kAll && !(kFixed & kColour) && !(kFixed & kLetter));
  const auto bits = [](__m128i m) { return static_cast<unsigned>(_mm_movemask_epi8(m)); };
  return ((bits(_mm_cmpeq_epi8(v, fixed)) & kFixed) | (bits(colour) & kColour) | (bits(letter) & kLetter)) == kAll;
#else
  return false;
#endif
}

// The first ']' or '\\' at or after `p` (the text's size if none), read a
// word at a time where 8 bytes are left: a value is scanned for its end, and
// a long one (a comment, a place) byte by byte took a fifth of the reading.
size_t next_bracket_or_escape(std::string_view text, size_t p) {
  if constexpr (std::endian::native == std::endian::little) {
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    for (; p + 8 <= text.size(); p += 8) {
      uint64_t w;
      std::memcpy(&w, text.data() + p, 8);
      // ']' is 0x5D and '\\' 0x5C: with bit 0 set, both are 0x5D, and only they.
      const uint64_t y = (w | kOnes) ^ (kOnes * 0x5D);
      // The lowest zero byte of y sets its high bit here (higher ones may be false).
      const uint64_t zero = (y - kOnes) & ~y & kHigh;
      if (zero) return p + std::countr_zero(zero) / 8;
    }
  }
  while (p < text.size() && text[p] != ']' && text[p] != '\\') ++p;
  return p;
}

std::string describe(char c) {
  if (c >= 0x21 && c < 0x7f) return std::string("'") + c + "'";
  static const char* hex = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}
}  // namespace

std::optional<Property> GameTree::find(uint32_t node, std::string_view id) const {
  const Node& n = nodes_[node];
  if (n.move) {  // a plain move: the one property, its colour
    if (id.size() == 1 && id[0] == static_cast<char>(n.move & 0xFF)) return plain_property(n);
    return std::nullopt;
  }
  // Ids are a few letters: compared letter by letter here, not through a
  // call to memcmp for each property (a replay asks the root for about
  // twenty ids).
  for (uint32_t k = 0; k < n.property_count; ++k) {
    const Property& p = properties_[n.first_property + k];
    if (p.id.size() != id.size()) continue;
    size_t i = 0;
    while (i < id.size() && p.id[i] == id[i]) ++i;
    if (i == id.size()) return p;
  }
  return std::nullopt;
}

std::vector<uint32_t> GameTree::main_line() const {
  std::vector<uint32_t> line;
  for (uint32_t i = nodes_.empty() ? kNone : 0; i != kNone; i = nodes_[i].first_child) line.push_back(i);
  return line;
}

void GameTree::clear() {
  notes_.clear();
  nodes_.clear();
  properties_.clear();
  values_.clear();
  ids_.clear();
}

std::pair<size_t, size_t> Reader::line_column(size_t offset) const {
  offset = std::min(offset, text_.size());
  if (offset < line_start_) {  // behind the previous answer: count afresh
    counted_ = line_start_ = 0;
    line_ = 1;
  }
  for (; counted_ < offset; ++counted_) {
    const char c = text_[counted_];
    // CR ends a line unless an LF follows (then the LF does).
    if (c == '\n' || (c == '\r' && (counted_ + 1 == text_.size() || text_[counted_ + 1] != '\n'))) {
      ++line_;
      line_start_ = counted_ + 1;
    }
  }
  return {line_, offset - line_start_ + 1};
}

void Reader::fail(const std::string& message, size_t offset) {
  auto [line, column] = line_column(offset);
  resync_ = true;
  pos_ = std::max(pos_, offset + 1);
  throw Error(message, line, column, offset);
}

void Reader::skip_space() {
  while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
}

// Text outside game trees is ignored (FF[4]). After a syntax error the reader
// looks for a tree whose first node looks like a game root (FF, GM, SZ, CA or
// AP before the next node), so that it does not mistake a variation of the
// broken game for a new game.
bool Reader::find_game_start(bool after_error) {
  while (pos_ < text_.size()) {
    const size_t open = text_.find('(', pos_);
    if (open == std::string_view::npos) break;
    size_t p = open + 1;
    while (p < text_.size() && is_space(text_[p])) ++p;
    if (p < text_.size() && (text_[p] == ';' || starts_property(p))) {
      if (!after_error) {
        pos_ = open;
        return true;
      }
      const size_t end = std::min(text_.find_first_of(";()", p + 1), text_.size());
      const std::string_view first = text_.substr(p, end - p);
      for (std::string_view key : {"FF[", "GM[", "SZ[", "CA[", "AP["}) {
        if (first.find(key) != std::string_view::npos) {
          pos_ = open;
          return true;
        }
      }
    }
    pos_ = open + 1;
  }
  pos_ = text_.size();
  return false;
}

// Whether a property (a name and its '[') starts at `p`: how a Nihon Ki-in
// record starts its root, with no ';' before it ("(TE[...]RD["). A name as
// read_node reads it: letters, an upper-case one among them (FF[3] wrote
// "liSZ"), so that a root whose first property is taken away still reads.
bool Reader::starts_property(size_t p) const {
  bool upper = false;
  for (; p < text_.size() && is_letter(text_[p]); ++p) upper |= is_upper(text_[p]);
  if (!upper) return false;
  while (p < text_.size() && is_space(text_[p])) ++p;
  return p < text_.size() && text_[p] == '[';
}

void Reader::read_node(GameTree& tree, uint32_t parent, bool semicolon) {
  const auto index = static_cast<uint32_t>(tree.nodes_.size());
  Node node = start_node(tree, pos_, parent);
  // A move and nothing else below the root, where read_plain_moves does not
  // go: the first node of a variation (OGS writes every move in one of its
  // own, "(;W[df]\n(;B[gf]\n(;W[fe]"). Kept packed as that keeps it, so
  // that the replay takes it the same quick way.
  uint32_t code = 0;
  if (const size_t end = semicolon && parent != kNone ? other_plain_move_end(pos_, code) : 0) {
    node.first_property = kNone;
    node.property_count = 1;
    node.move = code;
    pos_ = end;
  } else {
    pos_ += semicolon;
    read_properties(tree, node);
  }
  tree.nodes_.push_back(node);
  if (parent != kNone) {
    Node& p = tree.nodes_[parent];
    if (p.first_child == kNone) p.first_child = index;
    else tree.nodes_[p.last_child].next_sibling = index;
    p.last_child = index;
  }
}

// The properties of `node` from pos_, its move first where it is one
// ("B[pd]", read without the general scan).
void Reader::read_properties(GameTree& tree, Node& node) {
  if (read_plain_move(tree)) ++node.property_count;
  for (;;) {
    skip_space();
    if (pos_ >= text_.size()) break;
    const char c = text_[pos_];
    if (!is_letter(c)) break;
    const size_t id_start = pos_;
    bool has_lower = false;
    while (pos_ < text_.size() && is_letter(text_[pos_])) {
      has_lower |= is_lower(text_[pos_]);
      ++pos_;
    }
    Property prop;
    prop.raw_id = text_.substr(id_start, pos_ - id_start);
    prop.id = prop.raw_id;
    if (has_lower) {
      std::string upper;
      for (char ch : prop.raw_id)
        if (is_upper(ch)) upper += ch;
      if (upper.empty()) fail("property name '" + quote_input(prop.raw_id) + "' has no upper-case letter", id_start);
      tree.ids_.push_back(std::move(upper));
      prop.id = tree.ids_.back();
    }
    prop.first_value = static_cast<uint32_t>(tree.values_.size());
    prop.value_count = 0;
    const bool text = is_text_property(prop.id);
    skip_space();
    if (pos_ >= text_.size() || text_[pos_] != '[')
      fail("property " + quote_input(prop.raw_id) + " has no value ('[' expected)", pos_ < text_.size() ? pos_ : id_start);
    while (pos_ < text_.size() && text_[pos_] == '[') {
      const size_t open = pos_++;
      const size_t start = pos_;
      pos_ = value_end(prop.id, text, start, tree);
      if (pos_ >= text_.size()) fail("value of " + quote_input(prop.raw_id) + " is not closed (missing ']')", open);
      tree.values_.push_back(text_.substr(start, pos_ - start));
      ++prop.value_count;
      ++pos_;
      skip_space();
    }
    tree.properties_.push_back(prop);
    ++node.property_count;
  }
}

// Most nodes are a move and nothing else (";B[pd]"): read without the
// general scan, to the same property. B and W are no text properties, so
// the first ']' closes the value; a move with a second value goes the
// general way.
bool Reader::read_plain_move(GameTree& tree) {
  const size_t next = plain_move_end(text_, pos_);
  if (next == 0) return false;
  add_move(tree, text_.data() + pos_);
  pos_ = next;  // the spaces after it skipped, as after any value
  return true;
}

// Where the plain move at `p` (";B[pd]") ends, as read_plain_moves reads
// it, where common_move_end cannot tell (another space, the text's last
// bytes), and its packed `code` (Node::move); 0 where no such move is there.
// Apart: its registers are the common loop's.
[[gnu::noinline]] size_t Reader::other_plain_move_end(size_t p, uint32_t& code) const {
  if (p >= text_.size() || text_[p] != ';') return 0;
  const size_t next = plain_move_end(text_, p + 1);
  if (next == 0 || (next < text_.size() && is_letter(text_[next]))) return 0;  // more to the node
  auto byte = [&](size_t i) { return static_cast<uint32_t>(static_cast<uint8_t>(text_[i])); };
  code = byte(p + 1) | byte(p + 3) << 8 | byte(p + 4) << 16;
  return next;
}

// The nodes that follow `last` in its sequence while each is a move and
// nothing else (";B[pd]"), as read_node reads them: most of a record, read
// here in one loop without its general scan, written in runs straight into
// room the tree gives, each node the child of the one before. Stops before
// any other node.
void Reader::read_plain_moves(GameTree& tree, uint32_t& last) {
  constexpr uint32_t kRun = 64;
  const char* const text = text_.data();  // locals: the stores into the tree cannot change them
  const size_t size = text_.size();
  size_t p = pos_;
  for (bool more = true; more;) {
    const auto first = static_cast<uint32_t>(tree.nodes_.size());
    Node* node = tree.nodes_.room(kRun);
    uint32_t k = 0, parent = last;
    while (k < kRun) {
      // The text 2 KB on asked for ahead: the loop reads faster than the
      // hardware's own prefetch brings it (BM_Parse 0.78M -> 0.95M records/s
      // here; a prefetch never faults, and an address as an integer may
      // point past the text).
      __builtin_prefetch(reinterpret_cast<const void*>(reinterpret_cast<uintptr_t>(text + p) + 2048));
      // Two moves at once, as the record writes them (the byte after the
      // first move tells which form to try: one branch, the same all along
      // a record).
      if (k + 2 <= kRun && size - p >= 16) {
        const size_t stride = text[p + 6] == ';' ? 6 : 7;
        if (stride == 6 ? two_common_moves<6>(text + p) : two_common_moves<7>(text + p)) {
          uint64_t w0, w1;
          std::memcpy(&w0, text + p, 8);
          std::memcpy(&w1, text + p + stride, 8);
          const uint32_t index = first + k;
          node[k] = plain_node(parent, index, p, move_code(w0));
          node[k + 1] = plain_node(index, index + 1, p + stride, move_code(w1));
          parent = index + 1;
          k += 2;
          p += 2 * stride;
          continue;
        }
      }
      uint64_t w = 0;
      if (size - p >= 8) std::memcpy(&w, text + p, 8);
      size_t next = common_move_end(w);
      uint32_t code = move_code(w);
      if (next) [[likely]] {
        next += p;
      } else {
        next = other_plain_move_end(p, code);
        if (next == 0) break;
      }
      // The node alone: its property is the text's (Node::move).
      const uint32_t index = first + k;
      node[k] = plain_node(parent, index, p, code);
      parent = index;
      ++k;
      p = next;
    }
    more = k == kRun;
    if (k == 0) break;
    tree.nodes_.add(k);
    Node& head = tree.nodes_[last];  // a node of this sequence: no child yet
    head.first_child = head.last_child = first;
    last = first + k - 1;
    tree.nodes_[last].first_child = tree.nodes_[last].last_child = kNone;
  }
  pos_ = p;
}

// The closing ']' of a value that starts at `start`, or the text's end. In a
// text value an unescaped ']' after which the SGF cannot go on is taken as
// text, as tolerant readers take it, when a later ']' on the same line can
// close the value (on the same line: a broken game costs no more than a good one).
size_t Reader::value_end(std::string_view id, bool text, size_t start, GameTree& tree) {
  auto next_bracket = [&](size_t p) {
    for (;;) {
      p = next_bracket_or_escape(text_, p);
      if (p >= text_.size() || text_[p] == ']') return std::min(p, text_.size());
      p += 2;  // an escaped byte
    }
  };
  const size_t first = next_bracket(start);
  if (first >= text_.size() || !text || can_go_on(first + 1)) return first;
  const size_t line_end = std::min(text_.find_first_of("\r\n", first), text_.size());
  size_t close = first;
  do {
    close = next_bracket(close + 1);
    if (close >= line_end) return first;  // nothing closes it better: the error comes after
  } while (!can_go_on(close + 1));
  tree.notes_.push_back(std::string(id) + "[" + quote_input(text_.substr(start, close - start)) +
                        "]: an unescaped ']' read as part of the text");
  return close;
}

// Whether SGF can go on at `p`, just after a value: another value, a
// property, a node, a tree's start or end, or the end of the text.
bool Reader::can_go_on(size_t p) const {
  while (p < text_.size() && is_space(text_[p])) ++p;
  if (p >= text_.size() || (class_of(text_[p]) & kStructural)) return true;
  if (!is_letter(text_[p])) return false;
  while (p < text_.size() && is_letter(text_[p])) ++p;
  while (p < text_.size() && is_space(text_[p])) ++p;
  return p < text_.size() && text_[p] == '[';
}

// Whether the node at `p` (at its ';', or at its first property) holds GM,
// FF or SZ, which FF[4] allows in a game's root alone: asked of the first
// node of a variation, where a game that is never closed runs into the next
// game of its collection. Scanned as read_properties reads it, nothing kept;
// text that is no property ends the scan (then the node is read as before).
bool Reader::starts_new_game(size_t p) const {
  const size_t size = text_.size();
  if (p < size && text_[p] == ';') ++p;
  for (;;) {
    while (p < size && is_space(text_[p])) ++p;
    if (p >= size || !is_letter(text_[p])) return false;
    // The id's upper-case letters (lower-case ones dropped, as FF[3] wrote
    // them), as a number: the last two, and how many.
    unsigned id = 0, letters = 0;
    for (; p < size && is_letter(text_[p]); ++p) {
      if (!is_upper(text_[p])) continue;
      id = (id << 8 | static_cast<unsigned char>(text_[p])) & 0xFFFF;
      ++letters;
    }
    while (p < size && is_space(text_[p])) ++p;
    if (p >= size || text_[p] != '[') return false;
    constexpr auto two = [](const char (&s)[3]) { return static_cast<unsigned>(s[0] * 256 + s[1]); };
    if (letters == 2 && (id == two("GM") || id == two("FF") || id == two("SZ"))) return true;
    while (p < size && text_[p] == '[') {  // its values, to each one's ']' past escaped bytes
      p = next_bracket_or_escape(text_, p + 1);
      while (p < size && text_[p] == '\\') p = next_bracket_or_escape(text_, p + 2);
      if (p >= size) return false;
      ++p;
      while (p < size && is_space(text_[p])) ++p;
    }
  }
}

void Reader::restart(std::string_view text) {
  text_ = text;
  pos_ = 0;
  resync_ = false;
  stack_.clear();
  counted_ = 0;
  line_ = 1;
  line_start_ = 0;
}

bool Reader::next(GameTree& tree) {
  tree.clear();
  tree.text_ = text_.data();
  const bool after_error = resync_;
  resync_ = false;
  if (!find_game_start(after_error)) return false;
  tree.offset_ = pos_;

  std::vector<Frame>& stack = stack_;
  stack.clear();
  stack.push_back({pos_, kNone});
  ++pos_;
  for (;;) {
    skip_space();
    if (pos_ >= text_.size()) {  // a missing final ')', as a cut file has it: what was read stands
      tree.notes_.push_back(fmt::format("the record ends without its closing ')' ({} missing): read as far as it goes",
                                        stack.size()));
      tree.end_ = pos_;
      return true;
    }
    Frame& f = stack.back();
    const char c = text_[pos_];
    if (c == ';') {
      if (f.has_variation) fail("node after a variation (';' where '(' or ')' was expected)", pos_);
      const uint32_t parent = f.last != kNone ? f.last : f.branch_from;
      const auto index = static_cast<uint32_t>(tree.nodes_.size());
      read_node(tree, parent);
      f.last = index;
      read_plain_moves(tree, f.last);
    } else if (c == '(') {
      if (f.last == kNone) fail("game tree starts with '(' instead of a node (';')", pos_);
      const size_t open = pos_;
      ++pos_;
      skip_space();
      const bool node = pos_ < text_.size() && text_[pos_] == ';';
      // A variation whose first node is a game's root is the next game of
      // the collection, this one never closed (a Nihon Ki-in root has no ';').
      if ((node || starts_property(pos_)) && starts_new_game(pos_)) [[unlikely]] {
        const auto [line, column] = line_column(open);
        tree.notes_.push_back(fmt::format("the record ends without its closing ')' ({} missing) where a new game "
                                          "starts (line {}, column {}): read as far as it goes",
                                          stack.size(), line, column));
        tree.end_ = pos_ = open;
        return true;
      }
      f.has_variation = true;
      stack.push_back({open, f.last});
      if (pos_ < text_.size() && text_[pos_] == ')') fail("empty game tree '()'", open);
      if (!node) fail("game tree has no node (';' expected after '(')", open);
    } else if (tree.nodes_.empty() && starts_property(pos_)) {
      tree.notes_.push_back("the root node has no ';' before its properties (as Nihon Ki-in writes it): read as if it had");
      read_node(tree, kNone, false);
      f.last = 0;
    } else if (c == ')') {
      if (f.last == kNone) fail("empty game tree '()'", f.open);
      ++pos_;
      stack.pop_back();
      if (stack.empty()) {
        tree.end_ = pos_;
        return true;
      }
    } else {
      fail("unexpected " + describe(c) + " in game tree", pos_);
    }
  }
}

Encoding encoding_of(std::string_view text) {
  if (text.starts_with("\xFF\xFE")) return Encoding::kUtf16LE;
  if (text.starts_with("\xFE\xFF")) return Encoding::kUtf16BE;
  return Encoding::kUtf8;
}

std::string utf16_to_utf8(std::string_view text, Encoding from) {
  const bool big = from == Encoding::kUtf16BE;
  auto unit = [&](size_t i) -> uint32_t {
    const auto a = static_cast<unsigned char>(text[i]), b = static_cast<unsigned char>(text[i + 1]);
    return big ? (a << 8 | b) : (b << 8 | a);
  };
  std::string out;
  out.reserve(text.size() / 2);
  for (size_t i = 2; i < text.size(); i += 2) {  // after the byte-order mark
    uint32_t c = i + 1 < text.size() ? unit(i) : 0xFFFD;
    if (c >= 0xD800 && c < 0xDC00 && i + 3 < text.size() && unit(i + 2) >= 0xDC00 && unit(i + 2) < 0xE000) {
      c = 0x10000 + ((c - 0xD800) << 10) + (unit(i + 2) - 0xDC00);
      i += 2;
    } else if (c >= 0xD800 && c < 0xE000) {
      c = 0xFFFD;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | c >> 6);
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | c >> 12);
      out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | c >> 18);
      out += static_cast<char>(0x80 | (c >> 12 & 0x3F));
      out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

void unescape(std::string_view raw, std::string& out) {
  out.clear();
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '\\' && i + 1 < raw.size()) {
      c = raw[++i];
      if (c == '\n' || c == '\r') {  // soft line break: removed with its pair
        if (i + 1 < raw.size() && (raw[i + 1] == '\n' || raw[i + 1] == '\r') && raw[i + 1] != c) ++i;
        continue;
      }
    }
    out += c;
  }
}

std::string unescape(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  unescape(raw, out);
  return out;
}

std::string escape(std::string_view text, bool compose) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == ']' || c == '\\' || (compose && c == ':')) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace gocount::sgf
