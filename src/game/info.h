// Layer 3: who played, when and where, as a record's root says it.
#pragma once

#include <string>
#include <string_view>

#include "sgf/charset.h"
#include "sgf/sgf.h"

namespace gocount {

// The game-info node's PB, PW, BR, WR, DT and EV as UTF-8 (the root's in
// nearly every record: game_info_node) ("" where the record has none; a
// diagram has none).
struct GameInfo {
  std::string black_player, white_player, black_rank, white_rank, date, event;
};
// Read from a record's game-info node: a CA other than UTF-8 (GB2312, Shift_JIS, ...)
// converted, any byte that is still not UTF-8 replaced by U+FFFD.
GameInfo game_info(const sgf::GameTree& tree);
// The same into `info`, whose strings keep their storage (a replay held
// across records reads the root with no heap once warm).
void game_info(const sgf::GameTree& tree, GameInfo& info);
// Valid UTF-8 and its sequences (sgf/charset.h), for the layers below the report.
using sgf::utf8_sequence;
using sgf::valid_utf8;

}  // namespace gocount
