// Layer 7: the words. The layers below hand over ids, kinds and numbers; the
// English the user reads is made here, one function per thing said.
#pragma once

#include <string>

#include "count/compare.h"
#include "count/count.h"
#include "count/record_check.h"

namespace gocount {

// rules_text.cpp: rule sets named in sentences.
// "Chinese rules", "Chinese rules with compensation n-1, komi 7".
std::string rule_variant_phrase(const RuleVariant& v);
// Several columns in one phrase: "Japanese and Korean rules", "Chinese rules
// with compensation n-1 and AGA rules".
std::string rule_variants_phrase(std::span<const RuleVariant> vs);
// `v`'s phrase, or "<title> rules" for rules no preset names.
std::string rules_phrase(const RuleVariant& v, std::string_view title);

// steps_text.cpp: a counting step's label in the seeds' terms ("Total
// points", "Komi (or tie-breaker) (6.5 / 2)", "Handicap (n - 1)").
std::string step_label(const Count& c, const Step& s);
// The count's note ("" when none): an approximation, a disagreement.
std::string count_note_text(const CountNote& n);
// "seki, Mays: 1 each, 1 non-scoring", "2 sekis, best practice: 1 each, 0
// non-scoring", "seki, half a point each: 1.5 each"
std::string seki_filling_text(const SekiFilling& f);
// A key-number table's game: "9 stones", "no komi" (1), "even" (0).
std::string key_number_game(int handicap);

// reasons_text.cpp: the estimator's evidence for a chain's status, in a few
// words: "captured in 95% of playouts", "marked dead", "seki: shares C3 and
// D4 with white's E5, no two eyes".
std::string reason_text(const Board& b, const ChainEstimate& ce);

// causes_text.cpp: why two counts differ, naming the points.
// "A7", "A7 and E7", "A7, C3 and E7"; past `most` names, "... and 12 other points".
std::string point_list(const Board& b, const std::vector<Vertex>& points, size_t most = 12);
// "black B8 C4 C5", or "black: the 30-stone chain at B8" when long.
std::string chain_words(const Board& b, Vertex chain, int stones);
// "3 points of handicap compensation (n)", "no handicap compensation".
std::string compensation_words(HandicapCompensation c, int handicap);
// How much a difference favours whom: "+2 for Black under Japanese rules",
// "no change to the margin".
std::string favours_text(double amount, std::string_view under);
// A part of the difference between two rule sets (rule_differences), base's
// rules named first: "Komi is 7.5 under Chinese rules, 6.5 under Japanese
// rules (+1 for Black under Japanese rules)".
std::string rule_cause_text(const Board& b, const Cause& c, std::string_view base, std::string_view other);
// A cause of the record check, as found: "the record counts the seki eyes A7
// and E7 as territory (server convention)".
std::string record_cause_words(const Board& b, const Cause& c);
// The record check's cause: as found when certain, else "likely <the cause>;
// it is also reproduced if <another>"; "" when there is no cause.
std::string record_cause_text(const Board& b, const RecordCheck& r);
// One line for the reader: "Matches the recorded result B+1.5.", "Differs
// from the recorded W+4.5 by 6 points: <the cause>."; "" when the record has
// no result to compare.
std::string difference_text(const Board& b, const Scored& scored);
// A note on the record: "the game did not end with two passes: the position
// may not be finished".
std::string record_note_text(const Board& b, const RecordCheck& r, const RecordNote& n);
// What the reader read as the record's server writes it: "Fox's KM[650] read
// as 6.5: Fox writes komi x100".
std::string read_note_text(const Board& b, const ReadNote& n);
// With a handicap, when the columns give White different compensation:
// "White gets 3 points of handicap compensation under Chinese and Ing rules
// (n), 2 under AGA rules (n-1), none under Japanese ... rules."; else "".
std::string compensation_sentence(const Comparison& c);

}  // namespace gocount
