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
      if (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
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

std::string apply_options(const ScoreOptions& o, ScoreRequest& r) {
  if (!o.rules.empty()) {
    r.rules = find_rules(o.rules);
    if (!r.rules) return "unknown rules '" + o.rules + "' (known: " + rule_names() + ")";
  }
  r.komi = o.komi;
  if (r.komi && !(*r.komi >= -1000 && *r.komi <= 1000)) return "komi must be a number from -1000 to 1000";
  if (o.dead) r.dead = split_list(*o.dead);
  r.alive = split_list(o.alive);
  if (!o.compensation.empty() && !(r.compensation = parse_compensation(o.compensation)))
    return "handicap-compensation: '" + o.compensation + "' is not n, n-1 or none";
  if (!o.tie.empty() && !(r.tie = parse_tie(o.tie))) return "tie: '" + o.tie + "' is not draw, white or black";
  if (!o.seki_fill.empty() && !(r.seki_fill = parse_seki_fill(o.seki_fill)))
    return "seki-fill: '" + o.seki_fill + "' is not mays, best-practice or half";
  r.seki_dead_prisoners = o.seki_dead_prisoners;
  if (o.estimate == "on") r.estimate = EstimateMode::kOn;
  else if (o.estimate == "off") r.estimate = EstimateMode::kOff;
  else if (o.estimate == "auto") r.estimate = EstimateMode::kAuto;
  else return "estimate: '" + o.estimate + "' is not auto, on or off";
  if (o.judge == "playouts") r.estimate_options.judge = Judge::kPlayouts;
  else if (o.judge == "model") r.estimate_options.judge = Judge::kModel;
  else if (o.judge == "cascade") r.estimate_options.judge = Judge::kCascade;
  else return "judge: '" + o.judge + "' is not playouts, model or cascade";
  r.methods = split_list(o.methods);
  for (const std::string& m : r.methods)
    if (m != "all" && !find_method(m)) return "unknown method '" + m + "' (known: " + method_names() + ", all)";
  if (o.side == "black") r.sides = {Color::kBlack};
  else if (o.side == "white") r.sides = {Color::kWhite};
  else if (o.side == "both") r.sides = {Color::kBlack, Color::kWhite};
  else return "side: '" + o.side + "' is not black, white or both";
  if (o.adjust != "black" && o.adjust != "white") return "adjust: '" + o.adjust + "' is not black or white";
  r.adjust = o.adjust == "white" ? Color::kWhite : Color::kBlack;
  r.tie_breaker = !o.no_tie_breaker;
  return "";
}

}  // namespace gocount
