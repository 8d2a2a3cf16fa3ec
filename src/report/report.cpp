#include "report/report.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace gocount {

namespace {

std::string_view method_title(std::string_view method) {
  if (method == "full") return "Full Counting";
  if (method == "japanese") return "Japanese Counting";
  return method;
}

std::string signed_text(double v) { return fmt::format("{}{}", v < 0 ? "" : "+", points_text(v)); }

// Two columns, Black and White, one row per label in order of first use.
std::string steps_table(const Count& c) {
  std::string out = fmt::format("{:<28}{:>9}{:>9}\n", method_title(c.method), "Black", "White");
  std::vector<std::string_view> labels;
  for (const Step& s : c.steps)
    if (std::find(labels.begin(), labels.end(), s.label) == labels.end()) labels.push_back(s.label);
  for (std::string_view label : labels) {
    std::string cols[2], whole;
    for (const Step& s : c.steps) {
      if (s.label != label) continue;
      const std::string v = s.term ? signed_text(s.value) : points_text(s.value);
      if (s.side == Color::kEmpty) whole = v;
      else cols[side_index(s.side)] = v;
    }
    std::string row = whole.empty() ? fmt::format("  {:<26}{:>9}{:>9}", label, cols[0], cols[1])
                                    : fmt::format("  {}: {}", label, whole);
    row.erase(row.find_last_not_of(' ') + 1);
    out += row + "\n";
  }
  return out;
}

std::string_view last_pass_text(Color c) {
  return c == Color::kBlack ? "Black passed last" : c == Color::kWhite ? "White passed last" : "no passes";
}

nlohmann::ordered_json side_json(const SideTally& s) {
  return {{"stones", s.stones}, {"territory", s.territory}, {"captures", s.captures},
          {"dead", s.dead},     {"passes", s.passes}};
}

}  // namespace

nlohmann::ordered_json json_number(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) return static_cast<long long>(v);
  return v;
}

std::string score_text(const Game& game, const Scored& s, const GameLabel& label) {
  const Tally& t = s.tally;
  std::string out = fmt::format("{} (game {})\n", label.file, label.index);
  out += fmt::format("Board {}x{}; {} rules ({} scoring, {}); komi {} ({}); handicap {}\n", game.board.width(),
                     game.board.height(), s.rules->name, scoring_name(s.rules->scoring),
                     s.rules_source == Source::kRecord ? "from the record"
                     : s.rules_source == Source::kOption ? "from --rules"
                                                         : "default",
                     points_text(s.komi), source_name(s.komi_source), s.handicap);
  if (!game.diagram) out += fmt::format("Moves: {}. ", game.moves);
  out += fmt::format("Passes: Black {}, White {}, {}.\n", t.black().passes, t.white().passes,
                     last_pass_text(game.last_pass));
  out += fmt::format("Prisoners taken in play: Black {}, White {}. Dead stones removed: {} black, {} white.\n\n",
                     t.black().captures, t.white().captures, t.black().dead, t.white().dead);
  out += steps_table(s.count);
  out += fmt::format("Result: {}", result_text(s.count.margin()));
  if (!game.result.empty()) out += fmt::format("   (recorded: {})", game.result);
  out += "\n";
  return out;
}

nlohmann::ordered_json score_json(const Game& game, const Scored& s, const GameLabel& label) {
  const Tally& t = s.tally;
  nlohmann::ordered_json j;
  j["rules"] = s.rules->name;
  j["width"] = game.board.width();
  j["height"] = game.board.height();
  j["komi"] = json_number(s.komi);
  j["handicap"] = s.handicap;
  j["black"] = side_json(t.black());
  j["white"] = side_json(t.white());
  j["neutral"] = t.neutral;
  j["score"] = {{"black", json_number(s.count.black)}, {"white", json_number(s.count.white)}};
  j["result"] = result_text(s.count.margin());
  j["file"] = label.file;
  j["game"] = label.index;
  j["moves"] = game.moves;
  j["last_pass"] = game.last_pass == Color::kEmpty ? nullptr : nlohmann::ordered_json(color_name(game.last_pass));
  j["recorded_result"] = game.result;
  return j;
}

nlohmann::ordered_json error_json(const GameLabel& label, std::string_view message) {
  return {{"file", label.file}, {"game", label.index}, {"error", message}};
}

}  // namespace gocount
