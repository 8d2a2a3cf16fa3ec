#include "sgf/writer.h"

#include <algorithm>
#include <stdexcept>

namespace gocount::sgf {

namespace {

// A run of the source replaced by new bytes (an insertion when begin == end).
struct Splice {
  size_t begin, end;
  std::string bytes;
  size_t order;  // edits at one place keep their order
};

std::string property_text(std::string_view id, const std::vector<std::string>& values) {
  std::string out(id);
  for (const std::string& v : values) out += "[" + v + "]";
  return out;
}

}  // namespace

std::string write_game(std::string_view text, const GameTree& tree, std::span<const PropertyEdit> edits) {
  const size_t from = tree.offset(), to = tree.end();
  if (to <= from || to > text.size()) throw std::invalid_argument("write_game: the tree was not read from this text");
  // Where a view into the source starts and ends, as offsets.
  auto at = [&](std::string_view v) { return static_cast<size_t>(v.data() - text.data()); };
  std::vector<Splice> splices;
  for (const PropertyEdit& e : edits) {
    if (e.node >= tree.size()) throw std::invalid_argument("write_game: no node " + std::to_string(e.node));
    const Node& n = tree.node(e.node);
    bool replaced = false;
    size_t insert_at = n.offset + 1;  // after the ';'
    for (uint32_t k = 0; k < n.property_count; ++k) {
      const Property& p = tree.property(e.node, k);
      // The property runs from its name to the ']' of its last value.
      const std::string_view last = tree.value(p, p.value_count - 1);
      const size_t begin = at(p.raw_id), end = at(last) + last.size() + 1;
      insert_at = std::max(insert_at, end);
      if (p.id != e.id) continue;
      const bool first = !replaced;
      replaced = true;
      splices.push_back({begin, end, first && !e.values.empty() ? property_text(p.raw_id, e.values) : "",
                         splices.size()});
    }
    if (!replaced && !e.values.empty()) splices.push_back({insert_at, insert_at, property_text(e.id, e.values), splices.size()});
  }
  std::sort(splices.begin(), splices.end(), [](const Splice& a, const Splice& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.order < b.order;
  });
  std::string out;
  out.reserve(to - from + 64);
  size_t pos = from;
  for (const Splice& s : splices) {
    if (s.begin < pos) continue;  // the same property named twice: the first edit wins
    out.append(text.substr(pos, s.begin - pos));
    out += s.bytes;
    pos = s.end;
  }
  out.append(text.substr(pos, to - pos));
  return out;
}

}  // namespace gocount::sgf
