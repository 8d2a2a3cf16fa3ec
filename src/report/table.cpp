#include "report/table.h"

#include <fmt/format.h>

#include "report/report.h"
#include "report/words.h"

namespace gocount {

const std::vector<std::string_view>& game_row_columns() {
  static const std::vector<std::string_view> columns{
      "file",         "game",         "record_hash",  "width",       "height",      "rules",
      "komi",         "handicap",     "black_player", "black_rank",  "white_player", "white_rank",
      "date",         "event",        "result",       "margin",      "black_score", "white_score",
      "recorded_result", "matches",   "dead_source",  "dead_stones", "difference_cause", "difference_text",
      "error"};
  return columns;
}

GameRow game_row(std::string_view file, int index, const Game& game, const Scored& s) {
  GameRow r;
  r.file = file;
  r.game = index;
  r.record_hash = game.record_hash.text();
  r.width = game.board.width();
  r.height = game.board.height();
  r.rules = s.rules.name;
  r.komi = s.komi;
  r.handicap = s.handicap;
  const GameInfo& info = game.info;
  r.black_player = info.black_player;
  r.white_player = info.white_player;
  r.black_rank = info.black_rank;
  r.white_rank = info.white_rank;
  r.date = info.date;
  r.event = info.event;
  r.result = s.count.result();
  r.margin = s.count.margin;
  const auto score = rules_score(s.input);
  r.black_score = score[0];
  r.white_score = score[1];
  r.recorded_result = valid_utf8(game.result);
  r.matches = s.record.matches;
  r.dead_source = dead_source_name(s.dead_from);
  const Board& b = s.tally.board;
  b.for_each_point([&](Vertex v) {
    if (s.tally.dead[v]) r.dead_stones += (r.dead_stones.empty() ? "" : " ") + to_gtp(b, v);
  });
  if (s.record.cause) {
    r.difference_cause = cause_kind_name(s.record.cause->kind);
    r.difference_text = record_cause_text(game.board, s.record);
  }
  return r;
}

GameRow error_row(std::string_view file, int index, std::string_view hash, std::string_view error) {
  GameRow r;
  r.file = file;
  r.game = index;
  r.record_hash = hash;
  r.error = error;
  return r;
}

std::vector<std::string> row_values(const GameRow& r) {
  auto number = [](const std::optional<double>& v) { return v ? points_text(*v) : std::string(); };
  return {r.file,
          std::to_string(r.game),
          r.record_hash,
          r.width ? std::to_string(r.width) : "",
          r.height ? std::to_string(r.height) : "",
          r.rules,
          number(r.komi),
          r.error.empty() ? std::to_string(r.handicap) : "",
          r.black_player,
          r.black_rank,
          r.white_player,
          r.white_rank,
          r.date,
          r.event,
          r.result,
          number(r.margin),
          number(r.black_score),
          number(r.white_score),
          r.recorded_result,
          r.matches ? (*r.matches ? "true" : "false") : "",
          r.dead_source,
          r.dead_stones,
          r.difference_cause,
          r.difference_text,
          r.error};
}

std::string csv_line(const std::vector<std::string>& values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    const std::string& v = values[i];
    if (v.find_first_of(",\"\r\n") == std::string::npos) {
      out += v;
      continue;
    }
    out += '"';
    for (char c : v) {
      if (c == '"') out += '"';
      out += c;
    }
    out += '"';
  }
  return out + "\r\n";
}

std::optional<std::vector<std::string>> parse_csv_line(std::string_view line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else if (c != '\r' && c != '\n') {
      out.back() += c;
    }
  }
  if (quoted) return std::nullopt;
  return out;
}

}  // namespace gocount
