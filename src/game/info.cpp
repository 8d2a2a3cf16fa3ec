#include "game/info.h"

#include <algorithm>
#include <optional>

#include "sgf/charset.h"

namespace gocount {

namespace {

// A root text property as UTF-8: unescaped, and converted from CA's charset
// when it is not UTF-8 already.
std::string root_text(const sgf::GameTree& tree, std::string_view id, const std::string& charset) {
  const std::optional<sgf::Property> p = tree.size() ? tree.find(0, id) : std::nullopt;
  if (!p || p->value_count == 0) return "";
  std::string v = sgf::unescape(tree.value(*p));
  std::replace_if(v.begin(), v.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  v.erase(0, v.find_first_not_of(' '));
  v.erase(v.find_last_not_of(' ') + 1);
  // Text that is UTF-8 already stays so, whatever CA says (servers write
  // CA[gb2312] over UTF-8 names); `charset` is iconv's (sgf::charset_named).
  std::string utf8 = valid_utf8(v);
  if (utf8 == v || charset.empty()) return utf8;
  if (auto converted = sgf::convert(v, charset, "UTF-8")) return valid_utf8(*converted);
  return utf8;
}

}  // namespace

GameInfo game_info(const sgf::GameTree& tree) {
  std::string charset;
  if (const std::optional<sgf::Property> p = tree.size() ? tree.find(0, "CA") : std::nullopt; p && p->value_count)
    charset = sgf::charset_named(tree.value(*p));
  auto text = [&](std::string_view id) { return root_text(tree, id, charset); };
  return {text("PB"), text("PW"), text("BR"), text("WR"), text("DT"), text("EV")};
}

}  // namespace gocount
