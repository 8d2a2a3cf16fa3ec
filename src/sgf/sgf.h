// Layer 2: reading SGF (FF[4]) game records.
//
// A collection is read one game tree at a time (Reader::next), so an archive of
// any size streams through a fixed amount of memory. A GameTree keeps every
// node and property of the game, variations included, as views into the source
// text with escapes untouched: what was read can be written back unchanged.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/parse_error.h"
#include "sgf/pod_array.h"

namespace gocount::sgf {

constexpr uint32_t kNone = UINT32_MAX;

struct Property {
  std::string_view id;   // upper-case letters only (FF[3] lower-case letters dropped)
  std::string_view raw_id;
  uint32_t first_value, value_count;  // first_value: kInText for a plain move's
};
// A plain move's value is not kept apart: it is the text after its id.
constexpr uint32_t kInText = kNone;

struct Node {
  uint32_t first_property, property_count;
  uint32_t parent = kNone, first_child = kNone, last_child = kNone, next_sibling = kNone;
  uint32_t offset;  // of the ';' in the source (the first property of a root without one), for error messages
  // A node that is a move and nothing else, written as most records write
  // it (";B[pd]", in a run of such nodes): the move packed, its colour letter
  // | the point's first letter << 8 | its second << 16; 0 for any other node
  // (GameTree::plain_move). Such a node keeps no property of its own
  // (first_property is kNone): GameTree::property makes it from the text,
  // and the reader writes a third of what it wrote for a move.
  uint32_t move = 0;
};

class GameTree {
 public:
  GameTree() = default;
  GameTree(const GameTree&) = delete;  // properties view the ids it owns
  GameTree& operator=(const GameTree&) = delete;
  GameTree(GameTree&&) = default;
  GameTree& operator=(GameTree&&) = default;

  size_t size() const { return nodes_.size(); }
  const Node& node(uint32_t i) const { return nodes_[i]; }
  // A node's k-th property, by value: a plain move (Node::move) is kept as
  // the node alone, and its property is made from the text it was read from.
  Property property(uint32_t node, uint32_t k) const {
    const Node& n = nodes_[node];
    return n.move ? plain_property(n) : properties_[n.first_property + k];
  }
  std::string_view value(const Property& p, uint32_t k = 0) const {
    if (p.first_value == kInText) return {p.raw_id.data() + 2, 2};  // B[pd]: two letters after the id's
    return values_[p.first_value + k];
  }
  // Node::move: a replay reads most of a record through it, without the
  // node's property and the text behind it.
  uint32_t plain_move(uint32_t node) const { return nodes_[node].move; }
  // The first property `id` of the node, if it has one.
  std::optional<Property> find(uint32_t node, std::string_view id) const;
  // Node indices from the root along the first variation at every branch.
  std::vector<uint32_t> main_line() const;
  size_t offset() const { return offset_; }  // of the opening '('
  size_t end() const { return end_; }        // just past the game's last byte (its closing ')')
  // What the reader read leniently, one sentence each (a missing final ')',
  // an unescaped ']' kept in a text value); the tree is as written.
  const std::vector<std::string>& notes() const { return notes_; }

  void clear();

 private:
  friend class Reader;
  Property plain_property(const Node& n) const {
    const std::string_view id(text_ + n.offset + 1, 1);
    return {id, id, kInText, 1};
  }
  PodArray<Node> nodes_;
  PodArray<Property> properties_;
  PodArray<std::string_view> values_;
  const char* text_ = nullptr;  // what it was read from: a plain move's id and value are read there
  std::deque<std::string> ids_;  // normalised ids that differ from the raw text
  std::vector<std::string> notes_;
  size_t offset_ = 0, end_ = 0;
};

using Error = ParseError;  // a syntax error: message, line and column

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}
  // Reads `text` from its start next, as a new Reader would; what it holds
  // keeps its storage (a reader of many inputs needs no heap once warm).
  void restart(std::string_view text);
  // Reads the next game of the collection into `tree`. Returns false when no
  // game is left. Throws Error on a syntax error; the next call then resumes at
  // the next game that starts after the error.
  bool next(GameTree& tree);
  // 1-based line and column of a byte offset; lines end in LF, CRLF or CR.
  // Counted on from the previous answer, so that reporting the errors of a
  // collection in order costs one pass over the text, not one per error.
  std::pair<size_t, size_t> line_column(size_t offset) const;

 private:
  [[noreturn]] void fail(const std::string& message, size_t offset);
  bool find_game_start(bool after_error);
  // A node from pos_, at its ';' (`semicolon`) or at its first property.
  void read_node(GameTree& tree, uint32_t parent, bool semicolon = true);
  void read_properties(GameTree& tree, Node& node);
  bool starts_property(size_t p) const;
  bool starts_new_game(size_t p) const;
  bool read_plain_move(GameTree& tree);
  void read_plain_moves(GameTree& tree, uint32_t& last);
  size_t other_plain_move_end(size_t p, uint32_t& code) const;
  // A node at `offset` under `parent`, its properties to come.
  static Node start_node(const GameTree& tree, size_t offset, uint32_t parent) {
    Node node;
    node.offset = static_cast<uint32_t>(offset);
    node.parent = parent;
    node.first_property = static_cast<uint32_t>(tree.properties_.size());
    node.property_count = 0;
    return node;
  }
  // A move ("B[pd]", `id` at its letter) as the node's next property
  // (inline: most of a record is read through it).
  static void add_move(GameTree& tree, const char* id) {
    Property prop;
    prop.id = prop.raw_id = std::string_view(id, 1);
    prop.first_value = static_cast<uint32_t>(tree.values_.size());
    prop.value_count = 1;
    tree.values_.push_back(std::string_view(id + 2, 2));
    tree.properties_.push_back(prop);
  }
  size_t value_end(std::string_view id, bool text, size_t start, GameTree& tree);  // `text`: id is a text property
  bool can_go_on(size_t p) const;
  void skip_space();

  // One open game tree or variation, while a game is read.
  struct Frame {
    size_t open;           // offset of '('
    uint32_t branch_from;  // node this variation hangs from (kNone at the root)
    uint32_t last = kNone; // last node of this sequence
    bool has_variation = false;
  };

  std::string_view text_;
  size_t pos_ = 0;
  bool resync_ = false;
  std::vector<Frame> stack_;  // kept across games: no heap once warm
  // Lines counted so far: up to `counted`, which is on line `line` starting at
  // `line_start` (no line end between the two).
  mutable size_t counted_ = 0, line_ = 1, line_start_ = 0;
};

// The encoding a text was written in, told by its byte-order mark (SGF's CA
// is not trusted for UTF-16: the reader needs it before it can read CA).
// kCharset: another charset, which charset_to_convert (charset.h) names.
enum class Encoding { kUtf8, kUtf16LE, kUtf16BE, kCharset };
Encoding encoding_of(std::string_view text);  // kUtf8 or UTF-16
// A UTF-16 text (its byte-order mark dropped) as UTF-8; a lone surrogate or
// an odd last byte becomes U+FFFD.
std::string utf16_to_utf8(std::string_view text, Encoding from);

// Text value decoding: escapes removed, soft line breaks ("\" + newline) joined.
std::string unescape(std::string_view raw);
// The same into `out` (replacing what it held), which keeps its storage.
void unescape(std::string_view raw, std::string& out);
// Text value encoding: ']' and '\' escaped (and ':' when `compose` is set).
std::string escape(std::string_view text, bool compose = false);

}  // namespace gocount::sgf
