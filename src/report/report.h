// Layer 7: what the user reads: text tables in the spirit of Mays' tables
// (report.cpp), and JSON, one object per game per line (report_json.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "count/compare.h"
#include "count/hand_count.h"
#include "count/score.h"
#include "report/json_writer.h"
#include "sgf/sgf.h"

namespace gocount {

// The version of score's JSON object: bumped when a field changes meaning.
inline constexpr int kScoreSchema = 1;

struct GameLabel {
  std::string_view file;
  int index = 0;
  bool named = false;  // one of several games: the answer line names its file and game
};

// How much score's text says: the answer line alone (--brief); the answer,
// the players, the dead stones and the tables (the default); and with them
// the judge's reasons for every chain and the algebra (--explain).
enum class Detail : uint8_t { kBrief, kDefault, kExplain };

// The functions with a first parameter `std::string& out` append to it (see
// words.h): a worker's buffer, once grown, takes every record's text and
// JSON with no heap.

// One method's steps as a table (two columns, or one for a one-side method),
// its result and note.
void count_table(std::string& out, const Count& c);
std::string algebra_text(const Algebra& a);
void count_json(JsonWriter& w, const Count& c);
void algebra_json(JsonWriter& w, const Algebra& a);

// The final position with every point's class, one character a point, with
// GTP coordinates and a legend (score --format diagram). With `color`, ANSI
// colours for a terminal; the characters are the same.
std::string classified_diagram(const Tally& t, bool color = false);
// The diagram's character for one point (X O & @ Z P b w 1 2 f g t u s . ^ ?).
char point_symbol(const Tally& t, Vertex v);

// Points per class, GTP form (score --format json, "points").
void points_json(JsonWriter& w, const Game& game, const Scored& scored);

// The estimator's verdicts: every chain's status, confidence and reason.
std::string_view status_name(GroupStatus s);  // "alive", "seki", "dead"
void estimate_json(JsonWriter& w, const Board& b, const Estimate& e);
std::string estimate_text(const Board& b, const Estimate& e);

// Who each point ends up with (count/score.h): the source as JSON names it
// ("estimate", "count"), a caption in words, and a value as every front end
// gives it (rounded to 3 decimals, never -0).
std::string_view ownership_source_name(const Ownership& o);
std::string ownership_caption(const Ownership& o);
double ownership_value(float v);

// Mays' "How to Determine the Total Points" (Tables 9, 11, 13, 15, 16) for a
// position under area rules: dead stones removed, seki eyes and shared
// liberties filled, vacant territory and stones, each side's total points.
void total_points_text(std::string& out, const Game& game, const Scored& scored);
inline std::string total_points_text(const Game& game, const Scored& scored) {
  std::string out;
  total_points_text(out, game, scored);
  return out;
}
// The answer at a glance: "White wins by 58.5 points (Japanese rules, komi
// 6.5): agrees with the record (W+58.5)", with its file and game first when
// the label is named. No line end.
void answer_line(std::string& out, const Game& game, const Scored& scored, const GameLabel& label);
void score_text(std::string& out, const Game& game, const Scored& scored, const GameLabel& label,
                Detail detail = Detail::kDefault);
inline std::string score_text(const Game& game, const Scored& scored, const GameLabel& label,
                              Detail detail = Detail::kDefault) {
  std::string out;
  score_text(out, game, scored, label, detail);
  return out;
}
// Score's, compare's and tally's JSON objects, one line each (no line end),
// written with JsonWriter.
void score_json(std::string& out, const Game& game, const Scored& scored, const GameLabel& label);
inline std::string score_json(const Game& game, const Scored& scored, const GameLabel& label) {
  std::string out;
  out.reserve(16384);  // a 19x19 game's object fits: one allocation
  score_json(out, game, scored, label);
  return out;
}
std::string comparison_text(const Comparison& c, const GameLabel& label);
std::string comparison_json(const Comparison& c, const GameLabel& label);
// `gocount tally`: the hand count and its methods.
std::string hand_count_text(const HandCount& hand, const HandResult& r);
std::string hand_count_json(const HandCount& hand, const HandResult& r);
// How a refusal names a hand count's numbers: as the command's options
// (--black-territory), the HTTP API's fields ('black-territory') or Python's
// keywords (black_territory).
enum class FieldSpelling : unsigned char { kOption, kField, kKeyword };
// "japanese rules count territory and prisoners: give --black-territory and ...".
std::string hand_refusal_text(const HandRefusal& r, FieldSpelling spelling);
std::string key_number_text(const KeyNumberTable& t, int width, int height);
nlohmann::ordered_json key_number_json(const KeyNumberTable& t);

// The rule presets as a table (gocount rules).
std::string rules_text();
nlohmann::ordered_json rules_json();

nlohmann::ordered_json error_json(const GameLabel& label, std::string_view message);

// One line of JSON as every front end prints it (invalid UTF-8 in a record's
// text replaced, never thrown on).
std::string json_text(const nlohmann::ordered_json& j);

// A JSON number that prints 53 rather than 53.0 when the value is whole.
nlohmann::ordered_json json_number(double v);

}  // namespace gocount
