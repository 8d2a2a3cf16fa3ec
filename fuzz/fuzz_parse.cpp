// libFuzzer target, the parsers alone (fast: millions of runs in minutes):
// arbitrary bytes through the SGF reader and the text diagram reader, and
// through the writer. A game read and written back with nothing asked is its
// own bytes; written back with edits (a replaced, an added and a removed
// property) and read again, it has the same nodes, and every property the
// edits did not name is as it was. A text in another charset (charset.h)
// converted to UTF-8 and back holds the same characters. Errors must come
// back as sgf::Error or ParseError, never a crash, a hang or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "diagram/diagram.h"
#include "sgf/charset.h"
#include "sgf/sgf.h"
#include "sgf/writer.h"

namespace {

using namespace gocount;

[[noreturn]] void fail() { __builtin_trap(); }

// The trees have the same nodes, and every property but the edited ones (KM,
// TB, C, in any node) has the same name and values.
void expect_same(const sgf::GameTree& a, const sgf::GameTree& b) {
  auto edited = [](std::string_view id) { return id == "KM" || id == "TB" || id == "C"; };
  if (a.size() != b.size()) fail();
  for (uint32_t i = 0; i < a.size(); ++i) {
    if (a.node(i).parent != b.node(i).parent) fail();
    uint32_t kb = 0;
    for (uint32_t ka = 0; ka < a.node(i).property_count; ++ka) {
      const sgf::Property& p = a.property(i, ka);
      if (edited(p.id)) continue;
      while (kb < b.node(i).property_count && edited(b.property(i, kb).id)) ++kb;
      if (kb >= b.node(i).property_count) fail();
      const sgf::Property& q = b.property(i, kb++);
      if (p.raw_id != q.raw_id || p.value_count != q.value_count) fail();
      for (uint32_t v = 0; v < p.value_count; ++v)
        if (a.value(p, v) != b.value(q, v)) fail();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)parse_diagram(text);
  } catch (const ParseError&) {
  }
  if (const std::string from = sgf::charset_to_convert(text); !from.empty()) {
    if (const auto utf8 = sgf::convert(text, from, "UTF-8")) {
      const auto back = sgf::convert(*utf8, "UTF-8", from);
      if (!back || sgf::convert(*back, from, "UTF-8") != utf8) fail();
    }
  }
  sgf::Reader reader(text);
  sgf::GameTree tree;
  for (int games = 0; games < 64; ++games) {
    try {
      if (!reader.next(tree)) break;
    } catch (const sgf::Error&) {
      continue;
    }
    if (sgf::write_game(text, tree) != text.substr(tree.offset(), tree.end() - tree.offset())) fail();
    // Edits: the root's KM replaced (or added), a TB added to the last node
    // of the main line, every C removed from the root.
    const uint32_t last = tree.main_line().back();
    const sgf::PropertyEdit edits[] = {
        {0, "KM", {"6.5"}}, {last, "TB", {"aa", "bb"}}, {0, "C", {}}};
    const std::string written = sgf::write_game(text, tree, edits);
    sgf::Reader again(written);
    sgf::GameTree back;
    try {
      if (!again.next(back)) fail();
    } catch (const sgf::Error&) {
      fail();  // what was read and edited must read again
    }
    expect_same(tree, back);
    const std::optional<sgf::Property> km = back.find(0, "KM");
    if (!km || back.value(*km) != "6.5") fail();
  }
  return 0;
}
