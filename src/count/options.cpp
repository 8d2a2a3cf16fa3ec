#include "count/options.h"

#include <charconv>
#include <cmath>

namespace gocount {

std::optional<double> parse_number(std::string_view s, double min, double max, bool whole) {
  if (s.size() > 1 && s[0] == '+') s.remove_prefix(1);
  double v = 0;
  const char* end = s.data() + s.size();
  if (whole) {
    long long n = 0;
    const auto [p, ec] = std::from_chars(s.data(), end, n);
    if (ec != std::errc() || p != end) return std::nullopt;
    v = static_cast<double>(n);
  } else {
    const auto [p, ec] = std::from_chars(s.data(), end, v);
    if (ec != std::errc() || p != end || !std::isfinite(v)) return std::nullopt;
  }
  if (v < min || v > max) return std::nullopt;
  return v;
}

std::vector<std::string> split_list(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& a : values) {
    std::string cur;
    for (char c : a) {
      if (kListSeparators.find(c) != std::string_view::npos) {
        if (!cur.empty()) out.push_back(std::move(cur));
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
  }
  return out;
}

}  // namespace gocount
