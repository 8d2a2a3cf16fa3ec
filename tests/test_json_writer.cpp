// JsonWriter against nlohmann's dump(-1, ' ', false, replace), the bytes every
// JSON output had before the writer: numbers of every kind, strings with
// escapes, UTF-8 and broken UTF-8, and nesting.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "report/json_writer.h"
#include "report/report.h"

namespace gocount {
namespace {

using J = nlohmann::ordered_json;

std::string dumped(const J& j) { return j.dump(-1, ' ', false, J::error_handler_t::replace); }

// What the writer makes of one value.
template <class T>
std::string written(const T& v) {
  std::string out;
  JsonWriter(out).value(v);
  return out;
}

std::string written_number(double v) {
  std::string out;
  JsonWriter(out).number(v);
  return out;
}

std::vector<double> special_doubles() {
  const double inf = std::numeric_limits<double>::infinity();
  return {0.0,      -0.0,     0.1,     -0.1,    0.5,     1.0,      -1.0,      6.5,     -6.5,     2.0 / 3,
          1e-7,     1e-5,     1e-4,    0.0001,  0.00012, 0.001,    1e21,      1e22,    -1e21,    1e15,
          1e16,     1e17,     123456789012345.0,   1234567890123456.0, 12345678901234567.0, 999999999999999.9,
          1e15 - 1, -1e15 + 1, 1e300,  -1e300,  1e-300,  DBL_MAX,  -DBL_MAX,  DBL_MIN, 5e-324,   DBL_EPSILON,
          9007199254740993.0, 0.30000000000000004, 100.0, 58.5,  0.95,     0.333,     -0.001,  std::nan(""),
          inf,      -inf,     1.7976931348623157e308, 4.35,   2.675,   1e23,     5e-5,      123e-20};
}

TEST(JsonWriter, DoublesAsNlohmannPrintsThem) {
  for (double d : special_doubles()) EXPECT_EQ(written(d), dumped(J(d))) << d;
}

// The hundredths from -1 to 1 (every confidence) are written from a table:
// each, and the doubles next to each, as nlohmann prints them.
TEST(JsonWriter, HundredthsAsNlohmannPrintsThem) {
  for (int k = -100; k <= 100; ++k) {
    const double d = k / 100.0;
    for (double x : {d, std::nextafter(d, 2.0), std::nextafter(d, -2.0), std::round(d * 100 * 1.0) / 100})
      EXPECT_EQ(written(x), dumped(J(x))) << x;
  }
}

TEST(JsonWriter, RandomDoublesAsNlohmannPrintsThem) {
  std::mt19937_64 rng(23);
  for (int i = 0; i < 200000; ++i) {
    const uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    ASSERT_EQ(written(d), dumped(J(d))) << bits;
  }
  // Short decimals, as counts and ownership make them.
  std::uniform_int_distribution<int> n(-2000000, 2000000);
  for (int i = 0; i < 100000; ++i) {
    const double d = n(rng) / (i % 2 ? 1000.0 : 100.0);
    ASSERT_EQ(written(d), dumped(J(d))) << d;
  }
}

TEST(JsonWriter, NumberIsJsonNumber) {
  for (double d : special_doubles()) EXPECT_EQ(written_number(d), dumped(json_number(d))) << d;
  for (double d : {53.0, -53.0, 999999999999999.0, -999999999999999.0, 1e15, 0.5, 1e-20})
    EXPECT_EQ(written_number(d), dumped(json_number(d))) << d;
  EXPECT_EQ(written_number(53.0), "53");
  EXPECT_EQ(written_number(-0.0), "0");
  EXPECT_EQ(written_number(1e15), "1e+15");
}

TEST(JsonWriter, Integers) {
  EXPECT_EQ(written(0), dumped(J(0)));
  EXPECT_EQ(written(-1), dumped(J(-1)));
  EXPECT_EQ(written(std::numeric_limits<int>::min()), dumped(J(std::numeric_limits<int>::min())));
  EXPECT_EQ(written(std::numeric_limits<long long>::min()), dumped(J(std::numeric_limits<long long>::min())));
  EXPECT_EQ(written(std::numeric_limits<long long>::max()), dumped(J(std::numeric_limits<long long>::max())));
  EXPECT_EQ(written(std::numeric_limits<uint64_t>::max()), dumped(J(std::numeric_limits<uint64_t>::max())));
  EXPECT_EQ(written(size_t{361}), "361");
  EXPECT_EQ(written(true), "true");
  EXPECT_EQ(written(false), "false");
  EXPECT_EQ(written(nullptr), "null");
}

std::vector<std::string> special_strings() {
  std::vector<std::string> out = {"",
                                  "plain",
                                  "quote \" and backslash \\ and slash /",
                                  "\b\f\n\r\t",
                                  std::string("nul \0 inside", 12),
                                  "\x01\x02\x1b\x1f\x7f",
                                  "Honinbō Shūsaku 本因坊秀策 한국 😀",
                                  "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80",
                                  // Broken UTF-8: a lone continuation, overlong forms, a surrogate,
                                  // past U+10FFFF, cut short (at the end and before ASCII), a bad
                                  // second byte, Latin-1 and GB2312 bytes as records have them.
                                  "\x80",
                                  "a\xBF" "b",
                                  "\xC0\x80",
                                  "\xC1\xBF",
                                  "\xE0\x80\x80",
                                  "\xE0\x9F\xBF",
                                  "\xED\xA0\x80",
                                  "\xF0\x80\x80\x80",
                                  "\xF4\x90\x80\x80",
                                  "\xF5\x80\x80\x80",
                                  "\xFF\xFE",
                                  "end \xE2\x82",
                                  "\xE2\x82" "a\"b",
                                  "\xF0\x9F\x98" "\n",
                                  "\xC3" "\xC3\xA9",
                                  "caf\xE9 \"ok\"\t",
                                  "\xC7\xD8\xBB\xB3 \xCE\xE2",
                                  "valid \xC3\xA9 then \x80 then \\"};
  std::string all_bytes;
  for (int c = 0; c < 256; ++c) all_bytes += static_cast<char>(c);
  out.push_back(all_bytes);
  std::string ascii;
  for (int c = 0; c < 128; ++c) ascii += static_cast<char>(c);
  out.push_back(ascii);
  return out;
}

TEST(JsonWriter, KeysOfOurOwnAsNlohmannWritesThem) {
  std::string out;
  JsonWriter(out).begin_object().field("a", 1).key("black_territory").begin_array().end_array().end_object();
  J j = J::object();
  j["a"] = 1;
  j["black_territory"] = J::array();
  EXPECT_EQ(out, dumped(j));
}

TEST(JsonWriter, StringsAsNlohmannEscapesAndReplacesThem) {
  for (const std::string& s : special_strings()) {
    EXPECT_EQ(written(s), dumped(J(s))) << s;
    std::string out;  // as a key too (a label the user gave)
    JsonWriter(out).begin_object().label_key(s).value(s).end_object();
    J j = J::object();
    j[s] = s;
    EXPECT_EQ(out, dumped(j)) << s;
  }
}

TEST(JsonWriter, RandomBytesAsNlohmannReplacesThem) {
  // Bytes drawn mostly from those that start, continue or break sequences.
  const std::string alphabet = std::string("a\"\\\n\x01\x7f", 6) + "\x80\xBF\xC2\xC3\xDF\xE0\xE2\xED\xEF\xF0\xF4\xF5\xFF";
  std::mt19937 rng(23);
  std::uniform_int_distribution<size_t> pick(0, alphabet.size() - 1), length(0, 12);
  for (int i = 0; i < 50000; ++i) {
    std::string s;
    for (size_t n = length(rng); n; --n) s += alphabet[pick(rng)];
    ASSERT_EQ(written(s), dumped(J(s))) << testing::PrintToString(s);
  }
}

TEST(JsonWriter, NestingAsNlohmannDumpsIt) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().field("a", 1).key("empty").begin_object().end_object();
  w.key("list").begin_array().value(1.5).begin_array().end_array().begin_object().field("x", nullptr).end_object();
  w.value(std::vector<std::string>{"p", "q"}).end_array();
  w.field("strings", std::vector<std::string>{}).number("n", 2.0).field("s", "t").end_object();
  w.finish();  // the string holds spare bytes until then
  const J j = {{"a", 1},
               {"empty", J::object()},
               {"list", {1.5, J::array(), {{"x", nullptr}}, {"p", "q"}}},
               {"strings", J::array()},
               {"n", 2},
               {"s", "t"}};
  EXPECT_EQ(out, dumped(j));
  EXPECT_EQ(out, R"({"a":1,"empty":{},"list":[1.5,[],{"x":null},["p","q"]],"strings":[],"n":2,"s":"t"})");
}

// The values copied in one go sit in the array as value() writes them, with
// the commas around them that the writer's other calls expect.
TEST(JsonWriter, LiteralArrayAsTheValuesWrittenOneByOne) {
  const std::vector<std::string> names = {"A19", "T1", "", "D4"};
  std::vector<std::string> quoted;
  for (const std::string& n : names) quoted.push_back(written(n));
  std::string out;
  JsonWriter w(out);
  w.begin_array().value(1);
  w.literal_array(quoted.size(), [&](size_t i) { return std::string_view(quoted[i]); });
  w.literal_array(0, [&](size_t i) { return std::string_view(quoted[i]); }).value("x").end_array();
  w.finish();
  EXPECT_EQ(out, dumped(J{1, names, J::array(), "x"}));
  EXPECT_EQ(out, R"([1,["A19","T1","","D4"],[],"x"])");
}

TEST(JsonWriter, AppendsToWhatTheStringHolds) {
  std::string out = "line: ";
  JsonWriter(out).begin_array().value(1).value(2).end_array();
  EXPECT_EQ(out, "line: [1,2]");
}

}  // namespace
}  // namespace gocount
