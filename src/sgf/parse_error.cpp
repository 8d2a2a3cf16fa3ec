#include "sgf/parse_error.h"

namespace gocount {

namespace {

// Length of the well-formed UTF-8 sequence at the start of `s`, or 0.
size_t utf8_length(std::string_view s) {
  const auto b = static_cast<unsigned char>(s[0]);
  const size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xe ? 3 : (b >> 3) == 0x1e ? 4 : 0;
  if (n == 0 || n > s.size() || (n == 2 && b < 0xc2)) return 0;
  for (size_t i = 1; i < n; ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80) return 0;
  return n;
}

}  // namespace

std::string quote_input(std::string_view text, size_t max_chars) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  size_t chars = 0, i = 0;
  for (; i < text.size() && chars < max_chars; ++chars) {
    const auto b = static_cast<unsigned char>(text[i]);
    const size_t n = utf8_length(text.substr(i));
    const bool c1 = n == 2 && b == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0;  // U+0080-U+009F
    if (n == 0 || b < 0x20 || b == 0x7f || c1) {  // a control character, or not UTF-8
      for (size_t k = 0; k < (c1 ? 2 : 1); ++k) {
        const auto x = static_cast<unsigned char>(text[i++]);
        out += "\\x";
        out += hex[x >> 4];
        out += hex[x & 15];
      }
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
  if (i < text.size()) {
    out += "... (";
    out += std::to_string(text.size());
    out += " bytes)";
  }
  return out;
}

std::string_view without_json_tag(std::string_view what) {
  const size_t tag = what.starts_with("[json.exception.") ? what.find("] ") : std::string_view::npos;
  return tag == std::string_view::npos ? what : what.substr(tag + 2);
}

}  // namespace gocount
