// Layer 3: who played, when and where, as a record's root says it.
#pragma once

#include <string>
#include <string_view>

#include "sgf/sgf.h"

namespace gocount {

// The root's PB, PW, BR, WR, DT and EV as UTF-8 ("" where the record has
// none; a diagram has none).
struct GameInfo {
  std::string black_player, white_player, black_rank, white_rank, date, event;
};
// Read from a record's root: a CA other than UTF-8 (GB2312, Shift_JIS, ...)
// converted, any byte that is still not UTF-8 replaced by U+FFFD.
GameInfo game_info(const sgf::GameTree& tree);
// `text` as valid UTF-8: each byte of a broken sequence replaced by U+FFFD.
std::string valid_utf8(std::string_view text);
// The length of the UTF-8 sequence that starts at text[i] (1 to 4), or 0 when
// the bytes there are no valid UTF-8 (overlong, a surrogate, past U+10FFFF,
// cut short).
size_t utf8_sequence(std::string_view text, size_t i);

}  // namespace gocount
