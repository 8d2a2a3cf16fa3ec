#include "game/info.h"

#include <iconv.h>

#include <algorithm>
#include <cctype>
#include <optional>

namespace gocount {

size_t utf8_sequence(std::string_view t, size_t i) {
  const auto c = static_cast<unsigned char>(t[i]);
  // The length a lead byte announces, and the range its second byte must
  // be in (no overlong forms, no surrogates, nothing past U+10FFFF).
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c < 0x80) n = 1;
  else if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  bool ok = n > 0 && i + n <= t.size();
  for (size_t k = 1; ok && k < n; ++k) {
    const auto b = static_cast<unsigned char>(t[i + k]);
    ok = k == 1 ? b >= lo && b <= hi : b >= 0x80 && b <= 0xBF;
  }
  return ok ? n : 0;
}

std::string valid_utf8(std::string_view t) {
  std::string out;
  out.reserve(t.size());
  for (size_t i = 0; i < t.size();) {
    if (const size_t n = utf8_sequence(t, i)) {
      out.append(t.substr(i, n));
      i += n;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
    }
  }
  return out;
}

namespace {

// `text` from the charset CA names into UTF-8; nullopt when iconv does not
// know it or the text is not in it.
std::optional<std::string> from_charset(std::string_view text, const std::string& charset) {
  iconv_t cd = iconv_open("UTF-8", charset.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string in(text), out(text.size() * 4 + 4, '\0');
  char *src = in.data(), *dst = out.data();
  size_t left = in.size(), room = out.size();
  const size_t rc = iconv(cd, &src, &left, &dst, &room);
  iconv_close(cd);
  if (rc == static_cast<size_t>(-1)) return std::nullopt;
  out.resize(out.size() - room);
  return out;
}

// A root text property as UTF-8: unescaped, and converted from CA's charset
// when it is not UTF-8 already.
std::string root_text(const sgf::GameTree& tree, std::string_view id, const std::string& charset) {
  const sgf::Property* p = tree.size() ? tree.find(0, id) : nullptr;
  if (!p || p->value_count == 0) return "";
  std::string v = sgf::unescape(tree.value(*p));
  std::replace_if(v.begin(), v.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  v.erase(0, v.find_first_not_of(' '));
  v.erase(v.find_last_not_of(' ') + 1);
  // Text that is UTF-8 already stays so, whatever CA says (servers write
  // CA[gb2312] over UTF-8 names); GB2312 is read as GB18030, which it is part of.
  std::string utf8 = valid_utf8(v);
  if (utf8 == v || charset.empty()) return utf8;
  const bool gb = charset == "GB2312" || charset == "GBK" || charset == "CP936";
  if (auto converted = from_charset(v, gb ? "GB18030" : charset)) return valid_utf8(*converted);
  return utf8;
}

}  // namespace

GameInfo game_info(const sgf::GameTree& tree) {
  std::string charset;
  if (const sgf::Property* p = tree.size() ? tree.find(0, "CA") : nullptr; p && p->value_count)
    for (char c : tree.value(*p))
      if (!std::isspace(static_cast<unsigned char>(c))) charset += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  auto text = [&](std::string_view id) { return root_text(tree, id, charset); };
  return {text("PB"), text("PW"), text("BR"), text("WR"), text("DT"), text("EV")};
}

}  // namespace gocount
