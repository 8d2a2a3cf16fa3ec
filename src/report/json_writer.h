// Layer 7: JSON written straight into a caller's string, as a stream of
// objects, arrays, keys and values: no tree, and no allocation beyond the
// string's own growth (score's object per game: issue 23, where the tree
// cost 1,450 allocations a record). The bytes are those nlohmann's
// dump(-1, ' ', false, error_handler_t::replace) makes of the same values
// (tests/test_json_writer.cpp), so an output moved to it prints as before.
#pragma once

#include <algorithm>
#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gocount {

// `v` as an integer when it is whole and small enough to be one exactly
// (53 rather than 53.0); none otherwise.
std::optional<long long> whole_number(double v);

// A key of the program's own, a string literal checked when compiled:
// nothing in it to escape, so it is written as it stands.
class JsonKey {
 public:
  template <size_t N>
  consteval JsonKey(const char (&k)[N]) : text_(k, N - 1) {
    for (char c : text_)
      if (c < 0x20 || c == '"' || c == '\\') throw "a JSON key with a byte to escape";  // (non-ASCII: c < 0)
  }
  std::string_view text() const { return text_; }

 private:
  std::string_view text_;
};

class JsonWriter {
 public:
  // Writes from the string's end. While it writes, the string holds spare
  // bytes beyond what is written (room(): each write a copy, with no size
  // kept up to date and nothing zero-filled, once the string has grown; 5%
  // of score's JSON), cut off by finish() or the destructor. Read the
  // string only after either: a function that returns it calls finish().
  explicit JsonWriter(std::string& out) : out_(out), len_(out.size()) {}
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;
  ~JsonWriter() { finish(); }
  // The string as written so far, its spare bytes cut off.
  JsonWriter& finish() {
    out_.resize(len_);
    return *this;
  }

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(JsonKey k);
  // A key made of words the user gave (a column's label): escaped as a value is.
  JsonWriter& label_key(std::string_view k);

  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) { return raw(b ? "true" : "false"); }
  JsonWriter& value(std::nullptr_t) { return raw("null"); }
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  JsonWriter& value(T n) {
    char buf[24];
    return raw({buf, std::to_chars(buf, buf + sizeof buf, n).ptr});
  }
  JsonWriter& value(double d);  // always a double: 53.0; NaN and infinities null
  JsonWriter& value(const std::vector<std::string>& strings);  // an array of them
  // A number that prints 53 rather than 53.0 when the value is whole.
  JsonWriter& number(double d);
  // A value already written as JSON (a quoted point name kept in a table).
  JsonWriter& literal(std::string_view json) { return raw(json); }
  // An array of n values already written as JSON, element(i) the i-th, copied
  // in one go (a board's ownership or point names: hundreds a record). Each
  // element must be readable for kPadding bytes from its start (the tables
  // that give them pad their text): a short one is copied as one word, not
  // by a call to memmove each (which took most of the time of the copy).
  static constexpr size_t kPadding = 8;
  template <class F>
  JsonWriter& literal_array(size_t n, F&& element) {
    begin_array();
    size_t total = 0;
    for (size_t i = 0; i < n; ++i) total += element(i).size() + 1;
    char* const start = room(total + kPadding);
    char* p = start;
    for (size_t i = 0; i < n; ++i) {
      if (i) *p++ = ',';
      const std::string_view e = element(i);
      if (e.size() <= kPadding) std::memcpy(p, e.data(), kPadding);
      else std::memcpy(p, e.data(), e.size());
      p += e.size();
    }
    len_ -= static_cast<size_t>(start + total + kPadding - p);  // the padding and the last comma's place unused
    return end_array();
  }

  // key(k) then value(v).
  template <class T>
  JsonWriter& field(JsonKey k, const T& v) {
    return key(k).value(v);
  }
  // key(k) then number(d).
  JsonWriter& number(JsonKey k, double d) { return key(k).number(d); }

 private:
  JsonWriter& open(char c);
  JsonWriter& close(char c);
  JsonWriter& raw(std::string_view text);
  void separate();
  void string(std::string_view s);

  // n bytes at the end of what is written, theirs to fill.
  char* room(size_t n) {
    if (out_.size() - len_ < n) grow(n);
    char* p = out_.data() + len_;
    len_ += n;
    return p;
  }
  void grow(size_t n);
  void put(char c) { *room(1) = c; }
  void put(std::string_view s) { std::memcpy(room(s.size()), s.data(), s.size()); }

  std::string& out_;
  size_t len_;  // bytes of out_ written; the rest is spare
  bool comma_ = false;  // a value stands before: the next key or element needs ','
};

}  // namespace gocount
