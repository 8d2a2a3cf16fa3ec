// RE, the recorded result, as a margin: SGF's own "B+3.5", and the words
// Japanese, Chinese and Korean records write it in (read as UTF-8, see
// sgf/charset.h):
//
//   黒1目半勝ち  白半目勝ち  黒番中押し勝ち  持碁     (Japanese: 目 a point, 半 a half)
//   黑胜3又1/4子  白胜7.5目  黑中盘胜  和棋        (Chinese: 子 a stone, two points)
//   흑 1집반 승  백 반집승  흑 불계승  무승부       (Korean: 집 a point, 반 a half)
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>

#include "game/game.h"

namespace gocount {

namespace {

bool has(std::string_view s, std::string_view word) { return s.find(word) != std::string_view::npos; }

// RE without the white space around it: FF[4]'s SimpleText turns line breaks
// and tabs into spaces, so RE[W+3.5<line break>] is W+3.5 as RE[ W+3.5 ] is.
std::string_view trimmed(std::string_view re) {
  constexpr std::string_view kSpace = " \t\r\n\v\f";
  const size_t first = re.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return re.substr(first, re.find_last_not_of(kSpace) - first + 1);
}

// A number at the front of `s` (removed from it): ASCII or full-width
// digits with an optional fraction, or kanji numerals up to 99 (十二).
std::optional<double> leading_number(std::string_view& s) {
  std::string ascii;
  while (!s.empty()) {
    const unsigned char c = static_cast<unsigned char>(s[0]);
    if (std::isdigit(c) || c == '.') {
      ascii += s[0];
      s.remove_prefix(1);
    } else if (const unsigned char d = s.size() >= 3 && s.starts_with("\xEF\xBC") ? s[2] : 0; d >= 0x90 && d <= 0x99) {
      ascii += static_cast<char>('0' + (d - 0x90));  // full-width ０-９
      s.remove_prefix(3);
    } else {
      break;
    }
  }
  if (!ascii.empty()) {
    double v = 0;
    const auto [p, ec] = std::from_chars(ascii.data(), ascii.data() + ascii.size(), v);
    if (ec != std::errc() || p != ascii.data() + ascii.size()) return std::nullopt;
    return v;
  }
  static constexpr std::string_view kKanji[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  int value = 0, digit = 0;
  bool any = false;
  for (bool more = true; more && !s.empty();) {
    more = false;
    for (int d = 0; d < 9; ++d)
      if (s.starts_with(kKanji[d])) digit = d + 1, s.remove_prefix(kKanji[d].size()), more = any = true;
    if (s.starts_with("十")) value += (digit ? digit : 1) * 10, digit = 0, s.remove_prefix(3), more = any = true;
  }
  if (!any) return std::nullopt;
  return value + digit;
}

// A fraction "1/4" at the front of `s`, removed.
std::optional<double> leading_fraction(std::string_view& s) {
  std::string_view t = s;
  const std::optional<double> num = leading_number(t);
  if (!num || !t.starts_with("/")) return std::nullopt;
  t.remove_prefix(1);
  const std::optional<double> den = leading_number(t);
  if (!den || *den == 0) return std::nullopt;
  s = t;
  return *num / *den;
}

// The margin after the winner's word: points (目, 집, 点, with 半 or 반 for
// a half, or a half alone) or Chinese stones (子: "3又1/4子" is 6.5 points).
std::optional<double> margin_words(std::string_view s) {
  while (!s.empty() && (s[0] == ' ' || s.starts_with("番") || s.starts_with("胜") || s.starts_with("勝")))
    s.remove_prefix(s[0] == ' ' ? 1 : 3);
  if (s.starts_with("半目") || s.starts_with("반집")) return 0.5;
  std::optional<double> n = leading_fraction(s);
  if (!n) n = leading_number(s);
  if (!n) return std::nullopt;
  if (s.starts_with("又")) {  // 3又1/4
    s.remove_prefix(3);
    const std::optional<double> f = leading_fraction(s);
    if (!f) return std::nullopt;
    *n += *f;
  }
  if (s.starts_with("子")) return 2 * *n;
  for (std::string_view unit : {"目", "집", "点"}) {
    if (!s.starts_with(unit)) continue;
    s.remove_prefix(unit.size());
    return *n + (s.starts_with("半") || s.starts_with("반") ? 0.5 : 0.0);
  }
  return std::nullopt;
}

// Whether RE says someone won (勝, 胜, 승), by a count or not.
bool says_won(std::string_view re) { return has(re, "勝") || has(re, "胜") || has(re, "승"); }

constexpr std::string_view kResigned[] = {"中押", "中盘", "中盤", "불계"}, kOnTime[] = {"時間", "时间", "시간"};

// The East Asian forms above; nullopt for a resignation, a time loss or
// anything else that is no count.
std::optional<double> east_asian_result(std::string_view re) {
  for (std::string_view draw : {"持碁", "ジゴ", "和棋", "和局", "무승부"})
    if (has(re, draw)) return 0.0;
  if (!says_won(re) || won_by(re) != WonBy::kNotTold) return std::nullopt;
  // The winner: the first side named (a record may say the move count first:
  // "257手完, 黒1目半勝ち").
  size_t at = std::string_view::npos;
  bool black = false;
  for (const auto& [word, is_black] : {std::pair{"黒", true}, {"黑", true}, {"흑", true}, {"白", false}, {"백", false}}) {
    const size_t p = re.find(word);
    if (p < at) at = p, black = is_black;
  }
  if (at == std::string_view::npos) return std::nullopt;
  const std::optional<double> m = margin_words(re.substr(at + 3));
  if (!m || !std::isfinite(*m)) return std::nullopt;
  return black ? *m : -*m;
}

}  // namespace

WonBy won_by(std::string_view re) {
  re = trimmed(re);
  if (re.size() >= 3 && re[1] == '+') {
    std::string how(re.substr(2));
    for (char& c : how) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& [code, word, won] : {std::tuple{"r", "resign", WonBy::kResignation}, {"t", "time", WonBy::kTime},
                                          {"f", "forfeit", WonBy::kForfeit}})
      if (how == code || how == word) return won;
  }
  if (!says_won(re)) return WonBy::kNotTold;
  for (std::string_view word : kResigned)
    if (has(re, word)) return WonBy::kResignation;
  for (std::string_view word : kOnTime)
    if (has(re, word)) return WonBy::kTime;
  return WonBy::kNotTold;
}

std::optional<double> parse_result(std::string_view re) {
  re = trimmed(re);
  std::string lower(re);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "0" || lower == "draw" || lower == "jigo" || lower == "b+0" || lower == "w+0") return 0.0;
  if (std::any_of(re.begin(), re.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    return east_asian_result(re);
  if (re.size() < 3 || (lower[0] != 'b' && lower[0] != 'w') || re[1] != '+') return std::nullopt;
  double v = 0;
  const char* begin = re.data() + 2;
  const char* end = re.data() + re.size();
  auto [p, ec] = std::from_chars(begin, end, v);
  if (ec != std::errc() || p != end || !std::isfinite(v) || v < 0) return std::nullopt;
  return lower[0] == 'b' ? v : -v;
}

}  // namespace gocount
