// Layer 7: the words. The layers below hand over ids, kinds and numbers; the
// English the user reads is made here, one function per thing said.
//
// A function whose first parameter is `std::string& out` appends its words
// to `out`: a buffer a worker holds keeps its capacity, so that once warm a
// record's text costs no heap (issue 23). Where one is also called for a
// string of its own (tests, the front ends), a form without `out` returns it.
#pragma once

#include <fmt/format.h>

#include <iterator>
#include <string>

#include "count/compare.h"
#include "count/count.h"
#include "count/record_check.h"

namespace gocount {

// fmt::format's text appended to `out`, with no string of its own. Made in
// a buffer on the stack and appended in one go: formatted straight into the
// string, fmt grows it (zero-filling) once or more per call. A text longer
// than the buffer (a long list of points) is formatted again, into `out`.
template <class... T>
void append(std::string& out, fmt::format_string<T...> format, T&&... args) {
  char text[1024];
  const auto made = fmt::vformat_to_n(text, sizeof text, fmt::string_view(format), fmt::make_format_args(args...));
  if (made.size <= sizeof text) out.append(text, made.size);
  else fmt::vformat_to(std::back_inserter(out), fmt::string_view(format), fmt::make_format_args(args...));
}

// The words `write(out, args...)` appends, as a string of their own.
template <class... A, class... B>
std::string words_of(void (*write)(std::string&, A...), B&&... args) {
  std::string out;
  write(out, std::forward<B>(args)...);
  return out;
}

// rules_text.cpp: rule sets named in sentences.
// "Chinese rules", "Chinese rules with compensation n-1, komi 7".
void rule_variant_phrase(std::string& out, const RuleVariant& v);
inline std::string rule_variant_phrase(const RuleVariant& v) { return words_of(rule_variant_phrase, v); }
// Several columns in one phrase: "Japanese and Korean rules", "Chinese rules
// with compensation n-1 and AGA rules".
std::string rule_variants_phrase(std::span<const RuleVariant> vs);
// `v`'s phrase, or "<title> rules" for rules no preset names.
void rules_phrase(std::string& out, const RuleVariant& v, std::string_view title);

// steps_text.cpp: a counting step's label in the seeds' terms ("Total
// points", "Komi (or tie-breaker) (6.5 / 2)", "Handicap (n - 1)").
void step_label(std::string& out, const Count& c, const Step& s);
inline std::string step_label(const Count& c, const Step& s) { return words_of(step_label, c, s); }
// The count's note ("" when none): an approximation, a disagreement.
void count_note_text(std::string& out, const CountNote& n);
inline std::string count_note_text(const CountNote& n) { return words_of(count_note_text, n); }
// "seki, Mays: 1 each, 1 non-scoring", "2 sekis, best practice: 1 each, 0
// non-scoring", "seki, half a point each: 1.5 each"
void seki_filling_text(std::string& out, const SekiFilling& f);
// A key-number table's game: "9 stones", "no komi" (1), "even" (0).
std::string key_number_game(int handicap);
// The algebra's terms (report.cpp): "S", "U", "R", the letter a term takes
// in the identity, and what it stands for, in words.
std::string_view term_letter(AlgebraTerm k);
void term_words(std::string& out, const Algebra::Term& t);
// A rule set's neutral points and seki, as `gocount rules` names them.
std::string_view neutral_name(NeutralPoints n);
std::string_view seki_name(const Rules& r);

// reasons_text.cpp: the estimator's evidence for a chain's status, in a few
// words: "captured in 95% of playouts", "marked dead", "seki: shares C3 and
// D4 with white's E5, no two eyes".
void reason_text(std::string& out, const Board& b, const ChainEstimate& ce);
inline std::string reason_text(const Board& b, const ChainEstimate& ce) { return words_of(reason_text, b, ce); }

// A record's text (a name, a date, RE) as a terminal shows it safely: UTF-8,
// the blanks around it left out, and the characters that would act on the
// terminal or the text around (control characters, ESC's sequences, the
// direction overrides U+202A-U+202E and U+2066-U+2069) written as escapes:
// "\x1b[31mEvil" is printed as \x1b[31mEvil, not in red.
std::string shown_text(std::string_view text);
// The record's RE as UTF-8, with SGF's form after a count written in words
// ("黒3目半勝ち (B+3.5)", or "黒3目半勝ち, B+3.5" inside parentheses), so
// that the margins compared can be seen.
std::string recorded_words(const RecordCheck& r, bool in_parentheses = false);
// causes_text.cpp: why two counts differ, naming the points.
// `points` sorted as a reader scans them, and the stones of the chain through
// `v` so sorted: each in a vector of the thread's, valid until the next call.
const std::vector<Vertex>& sorted_as_read(const Board& b, const std::vector<Vertex>& points);
const std::vector<Vertex>& chain_as_read(const Board& b, Vertex v);
// "A7", "A7 and E7", "A7, C3 and E7"; past `most` names, "... and 12 other points".
void point_list(std::string& out, const Board& b, const std::vector<Vertex>& points, size_t most = 12);
inline std::string point_list(const Board& b, const std::vector<Vertex>& points, size_t most = 12) {
  return words_of(point_list, b, points, most);
}
// A chain's stones, "B8 C4 C5", or "the 30-stone chain at B8" when long.
void chain_words(std::string& out, const Board& b, Vertex chain, int stones);
// "3 points of handicap compensation (n)", "no handicap compensation".
void compensation_words(std::string& out, HandicapCompensation c, int handicap);
// How much a difference favours whom: "+2 for Black under Japanese rules",
// "no change to the margin".
void favours_text(std::string& out, double amount, std::string_view under);
// A part of the difference between two rule sets (rule_differences), base's
// rules named first: "Komi is 7.5 under Chinese rules, 6.5 under Japanese
// rules (+1 for Black under Japanese rules)".
void rule_cause_text(std::string& out, const Board& b, const Cause& c, std::string_view base, std::string_view other);
inline std::string rule_cause_text(const Board& b, const Cause& c, std::string_view base, std::string_view other) {
  return words_of(rule_cause_text, b, c, base, other);
}
// A cause of the record check, as found: "the record counts the seki eyes A7
// and E7 as territory (server convention)".
void record_cause_words(std::string& out, const Board& b, const Cause& c);
inline std::string record_cause_words(const Board& b, const Cause& c) { return words_of(record_cause_words, b, c); }
// The record check's cause: as found when certain, else "likely <the cause>;
// it is also reproduced if <another>"; "" when there is no cause.
void record_cause_text(std::string& out, const Board& b, const RecordCheck& r);
inline std::string record_cause_text(const Board& b, const RecordCheck& r) { return words_of(record_cause_text, b, r); }
// One line for the reader: "Matches the recorded result B+1.5.", "Differs
// from the recorded W+4.5 by 6 points: <the cause>."; "" when the record has
// no result to compare.
void difference_text(std::string& out, const Board& b, const Scored& scored);
inline std::string difference_text(const Board& b, const Scored& scored) { return words_of(difference_text, b, scored); }
// A note on the record: "the game did not end with two passes: the position
// may not be finished".
void record_note_text(std::string& out, const Board& b, const RecordCheck& r, const RecordNote& n);
inline std::string record_note_text(const Board& b, const RecordCheck& r, const RecordNote& n) {
  return words_of(record_note_text, b, r, n);
}
// What the reader read as the record's server writes it: "Fox's KM[650] read
// as 6.5: Fox writes komi x100".
void read_note_text(std::string& out, const Board& b, const ReadNote& n);
inline std::string read_note_text(const Board& b, const ReadNote& n) { return words_of(read_note_text, b, n); }
// What the reader warns of (Game::warnings), and an RU no rule set answers
// to ("RU[Moon] names no rule set gocount knows: counted under Chinese
// rules, the default (give --rules)"): the text's Warning lines, the JSON's
// and the tables' warnings.
std::vector<std::string> game_warnings(const Game& game, const Scored& scored);

// With a handicap, when the columns give White different compensation:
// "White gets 3 points of handicap compensation under Chinese and Ing rules
// (n), 2 under AGA rules (n-1), none under Japanese ... rules."; else "".
std::string compensation_sentence(const Comparison& c);

}  // namespace gocount
