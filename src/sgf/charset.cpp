#include "sgf/charset.h"

#include <iconv.h>

#include <cerrno>
#include <cctype>
#include <utility>

namespace gocount::sgf {

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

bool is_utf8(std::string_view t) {
  for (size_t i = 0; i < t.size();) {
    const size_t n = utf8_sequence(t, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::optional<std::string> convert(std::string_view text, const std::string& from, const std::string& to) {
  iconv_t cd = iconv_open(to.c_str(), from.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string in(text), out(text.size() * 2 + 16, '\0');
  char* src = in.data();
  size_t left = in.size(), done = 0;
  bool ok = true, flushing = false;
  for (;;) {
    char* dst = out.data() + done;
    size_t room = out.size() - done;
    // The last call, with no input, ends a stateful charset's shift sequence.
    const size_t rc = flushing ? iconv(cd, nullptr, nullptr, &dst, &room) : iconv(cd, &src, &left, &dst, &room);
    done = out.size() - room;
    if (rc != static_cast<size_t>(-1)) {
      if (flushing) break;
      flushing = true;
    } else if (errno == E2BIG) {
      out.resize(out.size() * 2);
    } else {  // a byte not in `from`, or a character cut short
      ok = false;
      break;
    }
  }
  iconv_close(cd);
  if (!ok) return std::nullopt;
  out.resize(done);
  return out;
}

namespace {

// Whether `text` is UTF-8, or UTF-8 but for a few broken bytes: at least
// half of its bytes above 0x7F are in valid sequences. Shift-JIS, GBK and
// EUC pairs are almost never valid UTF-8.
bool mostly_utf8(std::string_view text) {
  size_t high = 0, good = 0;
  for (size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const size_t n = utf8_sequence(text, i);
    high += n ? n : 1;
    good += n;
    i += n ? n : 1;
  }
  return 2 * good >= high;
}

// CA's value in the first game's root, as written; "" where there is none.
std::string_view declared_charset(std::string_view text) {
  for (size_t p = text.find("CA["); p != std::string_view::npos; p = text.find("CA[", p + 1)) {
    if (p > 0 && std::isalpha(static_cast<unsigned char>(text[p - 1]))) continue;  // e.g. an FF[3] name
    const size_t end = text.find(']', p + 3);
    return end == std::string_view::npos ? std::string_view() : text.substr(p + 3, end - p - 3);
  }
  return {};
}

}  // namespace

std::string charset_named(std::string_view ca_value) {
  std::string ca;
  for (char c : ca_value)
    if (!std::isspace(static_cast<unsigned char>(c))) ca += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static const std::pair<const char*, const char*> kAliases[] = {
      {"UTF-8", ""},          {"UTF8", ""},           {"ASCII", ""},          {"US-ASCII", ""},
      {"SHIFT_JIS", "CP932"}, {"SHIFT-JIS", "CP932"}, {"SJIS", "CP932"},      {"MS_KANJI", "CP932"},
      {"CSSHIFTJIS", "CP932"}, {"WINDOWS-31J", "CP932"}, {"X-SJIS", "CP932"}, {"MS932", "CP932"},
      {"GB2312", "GB18030"},  {"GBK", "GB18030"},     {"CP936", "GB18030"},   {"EUC-CN", "GB18030"},
      {"X-GBK", "GB18030"},   {"CSGB2312", "GB18030"}, {"EUC-KR", "CP949"},   {"KS_C_5601-1987", "CP949"},
      {"UHC", "CP949"},       {"BIG5", "CP950"},      {"BIG-5", "CP950"},     {"X-BIG5", "CP950"}};
  for (const auto& [alias, name] : kAliases)
    if (ca == alias) return name;
  return ca;
}

namespace {

// Characters of UTF-8 text in [lo, hi] (both below U+10000).
size_t count_in(std::string_view utf8, char32_t lo, char32_t hi) {
  size_t n = 0;
  for (size_t i = 0; i + 2 < utf8.size(); ++i) {
    const auto a = static_cast<unsigned char>(utf8[i]);
    if (a >> 4 != 0xE) continue;
    const char32_t c = (a & 0x0F) << 12 | (utf8[i + 1] & 0x3F) << 6 | (utf8[i + 2] & 0x3F);
    n += c >= lo && c <= hi;
    i += 2;
  }
  return n;
}

}  // namespace

std::string charset_to_convert(std::string_view text) {
  // Judged on the start (a few games of an archive), so that a large archive
  // is not read through before its first game: up to an ASCII byte, where
  // no character is cut.
  text = text.substr(0, 65536);
  while (!text.empty() && static_cast<unsigned char>(text.back()) >= 0x80) text.remove_suffix(1);
  if (mostly_utf8(text)) return "";
  if (const std::string_view ca = declared_charset(text); !ca.empty()) return charset_named(ca);
  // No CA. Read as Shift-JIS, Japanese has kana (hiragana, katakana); GBK
  // or EUC text read so has none of these but half-width katakana instead
  // (their bytes 0xA1-0xDF are those in Shift-JIS).
  const std::optional<std::string> sjis = convert(text, "CP932", "UTF-8");
  if (sjis && count_in(*sjis, U'\u3041', U'\u30FF') > count_in(*sjis, U'\uFF61', U'\uFF9F')) return "CP932";
  // No kana, but a byte from 0x81 up right before "\]": in Big5 and GBK
  // that byte is a character's first and the '\' its second
  // (Big5 許 is 0xB3 0x5C), and read as it is the '\' would escape the ']'
  // and the value swallow what follows (a name the next property, a comment
  // the next move). Read as the double-byte charset it converts from, Big5
  // first (許功蓋 and many common characters end in 0x5C there; in GBK few).
  for (size_t p = text.find("\\]"); p != std::string_view::npos; p = text.find("\\]", p + 1)) {
    if (p == 0 || static_cast<unsigned char>(text[p - 1]) < 0x81 || static_cast<unsigned char>(text[p - 1]) == 0xFF)
      continue;
    for (const char* charset : {"CP950", "GB18030"})
      if (convert(text, charset, "UTF-8")) return charset;
    break;
  }
  return "";
}

bool convert_for_reading(std::string_view text, std::string& utf8, ReadAs& as) {
  as = ReadAs{encoding_of(text), ""};
  utf8.clear();
  if (as.encoding != Encoding::kUtf8) {
    utf8 = utf16_to_utf8(text, as.encoding);
    return true;
  }
  // A text that is not all in its charset is read as it is, its names
  // mended one by one (game/info.cpp).
  std::string from = charset_to_convert(text);
  std::optional<std::string> converted = from.empty() ? std::nullopt : convert(text, from, "UTF-8");
  if (!converted) return false;
  utf8 = std::move(*converted);
  as = ReadAs{Encoding::kCharset, std::move(from)};
  return true;
}

}  // namespace gocount::sgf
