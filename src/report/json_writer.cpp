#include "report/json_writer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "game/info.h"

namespace gocount {

std::optional<long long> whole_number(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) return static_cast<long long>(v);
  return std::nullopt;
}

// At least doubled: a record's JSON grows its string a few times, then
// never (the string is kept from record to record).
void JsonWriter::grow(size_t n) { out_.resize(std::max({out_.capacity(), out_.size() * 2, len_ + n, size_t{256}})); }

void JsonWriter::separate() {
  if (comma_) put(',');
}

JsonWriter& JsonWriter::open(char c) {
  separate();
  put(c);
  comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::close(char c) {
  put(c);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view text) {
  separate();
  put(text);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::key(JsonKey key) {
  // The separator, the quoted key and the colon in one append.
  const std::string_view k = key.text();
  const size_t comma = comma_ ? 1 : 0;
  char* p = room(comma + k.size() + 3);
  if (comma) *p++ = ',';
  *p++ = '"';
  p = std::copy(k.begin(), k.end(), p);
  *p++ = '"';
  *p = ':';
  comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::label_key(std::string_view k) {
  separate();
  string(k);
  put(':');
  comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  string(s);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(const std::vector<std::string>& strings) {
  begin_array();
  for (const std::string& s : strings) value(s);
  return end_array();
}

namespace {

// The text of k / 100.0 for k from -100 to 100 (entry k + 100), as the
// general way below writes it.
const std::array<std::string, 201>& hundredths() {
  static const std::array<std::string, 201> texts = [] {
    std::array<std::string, 201> t;
    for (int k = -100; k <= 100; ++k) {
      char buf[64];
      t[k + 100].assign(buf, nlohmann::detail::to_chars(buf, buf + sizeof buf, static_cast<double>(k) / 100));
    }
    return t;
  }();
  return texts;
}

}  // namespace

// nlohmann's own digits (Grisu2, which is not always the shortest form that
// reads back, so no other shortest-digits printer matches it everywhere), and
// its notation: 1.0, 0.0001, 1e-05, 1e+16.
JsonWriter& JsonWriter::value(double d) {
  if (!std::isfinite(d)) return raw("null");
  // A hundredth from -1 to 1 (every chain's confidence): its text made once.
  if (std::fabs(d) <= 1) {
    const long long k = std::llround(d * 100);
    if (static_cast<double>(k) / 100 == d && std::signbit(d) == (k < 0)) return raw(hundredths()[k + 100]);  // not -0.0
  }
  char buf[64];  // as nlohmann's serializer's number buffer
  return raw({buf, nlohmann::detail::to_chars(buf, buf + sizeof buf, d)});
}

JsonWriter& JsonWriter::number(double d) {
  if (const std::optional<long long> n = whole_number(d)) return value(*n);
  return value(d);
}

namespace {

// The escape nlohmann writes for an ASCII byte, or "" for none.
std::string_view escape(unsigned char c, char (&buf)[7]) {
  switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\b': return "\\b";
    case '\f': return "\\f";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    default: break;
  }
  if (c >= 0x20) return "";
  constexpr char kHex[] = "0123456789abcdef";
  buf[0] = '\\', buf[1] = 'u', buf[2] = '0', buf[3] = '0', buf[4] = kHex[c >> 4], buf[5] = kHex[c & 15];
  return {buf, 6};
}

}  // namespace

// Escaped in runs; a string that is not UTF-8 is rare (a record's broken
// text), and nlohmann's replacement of it has its own rules of where a
// broken sequence ends: that one string is nlohmann's dump.
namespace {

// Whether s is ASCII with nothing to escape. Every byte looked at, with no
// early exit: the loop vectorises.
bool plain(std::string_view s) {
  unsigned escape = 0;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    escape |= unsigned{c < 0x20} | unsigned{c >= 0x80} | unsigned{c == '"'} | unsigned{c == '\\'};
  }
  return escape == 0;
}

}  // namespace

void JsonWriter::string(std::string_view s) {
  // Most strings (every key, names, points) need no escape: copied whole.
  if (plain(s)) {
    char* p = room(s.size() + 2);
    *p++ = '"';
    p = std::copy(s.begin(), s.end(), p);
    *p = '"';
    return;
  }
  const size_t start = len_;
  put('"');
  size_t run = 0;  // the first byte not yet written
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const size_t n = utf8_sequence(s, i);
      if (!n) {
        len_ = start;
        put(nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        return;
      }
      i += n;
      continue;
    }
    char buf[7];
    const std::string_view e = escape(c, buf);
    ++i;
    if (e.empty()) continue;
    put(s.substr(run, i - 1 - run));
    put(e);
    run = i;
  }
  put(s.substr(run));
  put('"');
}

}  // namespace gocount
