#include "sgf/writer.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <utility>

#include "sgf/charset.h"

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
  // A root read without its ';' (Nihon Ki-in writes "(PB[..]..;B[pd]") is
  // written with one: an edited record is a new file, and strict readers
  // refuse the old form. Unedited, the game stays as it was.
  const size_t root = tree.size() ? tree.node(0).offset : to;
  if (!edits.empty() && root < to && text[root] != ';') splices.push_back({root, root, ";", 0});
  for (const PropertyEdit& e : edits) {
    if (e.node >= tree.size()) throw std::invalid_argument("write_game: no node " + std::to_string(e.node));
    const Node& n = tree.node(e.node);
    bool replaced = false;
    size_t insert_at = n.offset + 1;  // after the ';' (or the first property's first letter)
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

std::string encode_as(std::string_view utf8, Encoding to, const std::string& charset) {
  if (to == Encoding::kCharset) {
    // What was read from `charset` goes back to it unchanged; what gocount
    // adds is ASCII, which every charset a record is read from holds.
    std::optional<std::string> back = convert(utf8, "UTF-8", charset);
    return back ? std::move(*back) : std::string(utf8);
  }
  if (to == Encoding::kUtf8) return std::string(utf8);
  const bool big = to == Encoding::kUtf16BE;
  std::string out;
  out.reserve(2 * utf8.size() + 2);
  auto unit = [&](uint32_t u) {
    out += static_cast<char>(big ? u >> 8 : u & 0xFF);
    out += static_cast<char>(big ? u & 0xFF : u >> 8);
  };
  unit(0xFEFF);
  for (size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    const int extra = b < 0x80 ? 0 : b >> 5 == 6 ? 1 : b >> 4 == 14 ? 2 : b >> 3 == 30 ? 3 : -1;
    uint32_t c = extra == 0 ? b : extra == 1 ? b & 0x1F : extra == 2 ? b & 0x0F : b & 0x07;
    bool ok = extra >= 0 && i + static_cast<size_t>(extra) < utf8.size();
    for (int k = 1; ok && k <= extra; ++k) {
      const auto t = static_cast<unsigned char>(utf8[i + k]);
      ok = t >> 6 == 2;
      c = c << 6 | (t & 0x3F);
    }
    i += ok ? static_cast<size_t>(extra) + 1 : 1;
    if (!ok || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) c = 0xFFFD;  // not UTF-8: the replacement character
    if (c >= 0x10000) {
      unit(0xD800 + ((c - 0x10000) >> 10));
      unit(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      unit(c);
    }
  }
  return out;
}

}  // namespace gocount::sgf
