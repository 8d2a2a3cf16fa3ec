#include "report/table.h"

#include <algorithm>

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
      "warnings",     "error"};
  return columns;
}

GameRow game_row(std::string_view file, int index, const Game& game, const Scored& s) {
  GameRow r;
  game_row(r, file, index, game, s);
  return r;
}

void game_row(GameRow& r, std::string_view file, int index, const Game& game, const Scored& s) {
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
  r.dead_stones.clear();
  b.for_each_point([&](Vertex v) {
    if (!s.tally.dead[v]) return;
    if (!r.dead_stones.empty()) r.dead_stones += ' ';
    r.dead_stones += to_gtp(b, v);
  });
  r.difference_cause.clear();
  r.difference_text.clear();
  if (s.record.cause) {
    r.difference_cause = cause_kind_name(s.record.cause->kind);
    record_cause_text(r.difference_text, game.board, s.record);
  }
  r.warnings.clear();
  if (!game.warnings.empty() || s.rules_source == Source::kDefault)  // the usual game: no words made
    for (const std::string& w : game_warnings(game, s)) r.warnings += (r.warnings.empty() ? "" : " | ") + w;
  r.error.clear();
}

GameRow error_row(std::string_view file, int index, std::string_view hash, std::string_view error) {
  GameRow r;
  r.file = file;
  r.game = index;
  r.record_hash = hash;
  r.error = error;
  return r;
}

namespace {

// Calls `f` with each of the row's values as text, in column order ("" for
// none). A number's text is short: it needs no heap.
template <class F>
void for_each_value(const GameRow& r, F&& f) {
  auto number = [](const std::optional<double>& v) { return v ? points_text(*v) : std::string(); };
  auto whole = [](int n, bool shown) { return shown ? std::to_string(n) : std::string(); };
  f(r.file);
  f(std::to_string(r.game));
  f(r.record_hash);
  f(whole(r.width, r.width != 0));
  f(whole(r.height, r.height != 0));
  f(r.rules);
  f(number(r.komi));
  f(whole(r.handicap, r.error.empty()));
  for (const std::string* v : {&r.black_player, &r.black_rank, &r.white_player, &r.white_rank, &r.date, &r.event,
                               &r.result})
    f(*v);
  f(number(r.margin));
  f(number(r.black_score));
  f(number(r.white_score));
  f(r.recorded_result);
  f(std::string_view(r.matches ? (*r.matches ? "true" : "false") : ""));
  for (const std::string* v :
       {&r.dead_source, &r.dead_stones, &r.difference_cause, &r.difference_text, &r.warnings, &r.error})
    f(*v);
}

// One value of a CSV line, after a comma unless it is the first: quoted
// (RFC 4180) when it holds a comma, quote or line break.
void csv_value(std::string& out, std::string_view v, bool first) {
  if (!first) out += ',';
  // Asked byte by byte: find_first_of asks memchr of the set for each byte.
  if (std::none_of(v.begin(), v.end(), [](char c) { return c == ',' || c == '"' || c == '\r' || c == '\n'; })) {
    out += v;
    return;
  }
  out += '"';
  for (char c : v) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

}  // namespace

std::vector<std::string> row_values(const GameRow& r) {
  std::vector<std::string> out;
  for_each_value(r, [&](std::string_view v) { out.emplace_back(v); });
  return out;
}

std::string csv_line(const std::vector<std::string>& values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i) csv_value(out, values[i], i == 0);
  return out + "\r\n";
}

void csv_line(std::string& out, const GameRow& row) {
  bool first = true;
  for_each_value(row, [&](std::string_view v) {
    csv_value(out, v, first);
    first = false;
  });
  out += "\r\n";
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
