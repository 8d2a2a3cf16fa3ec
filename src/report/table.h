// Layer 7: one flat row per game, for tables an archive is analysed in: the
// CSV of `score --format csv` and the `games` table of `--sqlite`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "count/score.h"
#include "report/report.h"

namespace gocount {

struct GameRow {
  std::string file;
  int game = 0;
  std::string record_hash;  // of the game's own text: a changed record is scored again (--resume)
  int width = 0, height = 0;
  std::string rules;
  std::optional<double> komi;
  int handicap = 0;
  std::string black_player, white_player, black_rank, white_rank, date, event;  // GameInfo
  std::string result;
  std::optional<double> margin;
  std::optional<double> black_score, white_score;  // each side's score as the rules add it up
  std::string recorded_result;
  std::optional<bool> matches;  // the record's counted result reproduced; none without one
  std::string dead_source, dead_stones;
  std::string difference_cause, difference_text;  // the cause's kind and words
  std::string warnings;  // game_warnings, joined by " | " (a line break would split the CSV's line)
  std::string error;     // the game could not be read or counted
};

// The columns, in order, as the CSV header and the table name them.
const std::vector<std::string_view>& game_row_columns();

GameRow game_row(std::string_view file, int index, const Game& game, const Scored& scored);
// The same into `into`, a row held across games: its strings keep their
// capacity, so that once warm a row costs no heap.
void game_row(GameRow& into, std::string_view file, int index, const Game& game, const Scored& scored);
GameRow error_row(std::string_view file, int index, std::string_view record_hash, std::string_view error);

// The row's values as text, in column order ("" for none), and as CSV
// (RFC 4180: a value with a comma, quote or line break quoted).
std::vector<std::string> row_values(const GameRow& row);
std::string csv_line(const std::vector<std::string>& values);
// The row as one CSV line, appended to `out`.
void csv_line(std::string& out, const GameRow& row);
// One CSV line back into values (for --resume); nullopt when it is cut short.
std::optional<std::vector<std::string>> parse_csv_line(std::string_view line);

}  // namespace gocount
