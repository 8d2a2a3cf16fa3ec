// Layer 7: what gocount found, written into the record as SGF properties.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "count/score.h"
#include "sgf/writer.h"

namespace gocount {

// For the last node of the main line: the territory each side counts and the
// dead stones under it, as TB/TW marks (the CGoban/KGS convention the reader
// reads back: a stone under the opponent's mark is dead).
std::vector<sgf::PropertyEdit> territory_marks(const sgf::GameTree& tree, const Scored& scored);

struct MarkOptions {
  bool replace_marks = false;  // a record that marks its end keeps its marks unless this is set
  bool set_result = false;     // RE is written when the record has none, replaced only with this
  bool comment = true;         // the count in a short comment, after the last node's own (an earlier run's replaced)
};

// Why the count is not written as the record's RE, where it would be (the
// record has none, or set_result): "" where it is. RE is the game's own
// result, so it is written only for a finished position counted under the
// record's own rules and komi (the count read back from the file is the
// same), and set_result replaces a count, never a resignation, a loss on
// time or a forfeit. The comment holds the count either way.
std::string result_withheld(const sgf::GameTree& tree, const Game& game, const Scored& scored,
                            const MarkOptions& options);

// The record (`text`, which `tree` was read from) with what gocount found,
// every other byte as it was: TB/TW marks (the record's own kept where the
// count used them alone, unless replace_marks), RE (unless result_withheld
// says why not), and a comment with the count. A repeated C in the last node
// (C[x]C[y]) is kept whole, its values joined.
std::string marked_record(std::string_view text, const sgf::GameTree& tree, const Game& game, const Scored& scored,
                          const MarkOptions& options = {});
// "gocount: B+1.5 under Japanese rules, komi 6.5; dead stones: black H7, white B7 (marks)".
std::string count_comment(const Scored& scored);

}  // namespace gocount
