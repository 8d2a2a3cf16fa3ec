// The malformed-input suite (tests/data/malformed, one small file per case,
// listed in the README): each file is refused with its one-line error, which
// names where (line, column or move) and quotes at most a short, escaped part
// of the input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "game/source.h"

namespace gocount {
namespace {

namespace fs = std::filesystem;

struct Case {
  const char* file;
  const char* error;  // as gocount prints it after "gocount: FILE: game 0: "
};

constexpr Case kCases[] = {
    {"setup_same_point.sgf", "line 3: AB and AW in one node both set up D6: the position cannot be told"},
    {"setup_no_liberty.sgf",
     "line 1: the set-up white chain at B8 has no liberty: the position cannot be played from"},
    {"handicap_too_large.sgf", "line 1: HA[1000]: handicap must be at most 80 on this board (its points less one)"},
    {"empty_record.sgf", "line 1: empty record: no board size, no moves, no stones"},
    {"repeated_move.sgf", "line 4: move 3 (B E5): point is occupied by black's move 1: the record plays onto a stone (a repeated or misplaced move)"},
    {"komi_out_of_range.sgf", "line 1: KM[9999]: komi must be a number from -1000 to 1000"},
    {"komi_long.sgf", "line 1: KM[555555555555555555555555555555555555555555555555555555555555... (500 bytes)]: komi "
                      "must be a number from -1000 to 1000"},
    {"control_bytes.sgf", "line 3: move 2: W[\\x1b[2J\\x1b[31m]: move is not a point of this board"},
    {"unclosed_value.sgf", "line 3, column 3: value of C is not closed (missing ']')"},
    {"stray_character.sgf", "line 3, column 8: unexpected '4' in game tree"},
    {"crlf_occupied.sgf", "line 3: move 2 (W E5): point is occupied by black's move 1: the record plays onto a stone (a repeated or misplaced move)"},
    {"cr_occupied.sgf", "line 3: move 2 (W E5): point is occupied by black's move 1: the record plays onto a stone (a repeated or misplaced move)"},
    {"two_moves_one_node.sgf", "line 2: node has both a black and a white move"},
    {"move_off_board.sgf", "line 3: move 2: W[jj]: move is not a point of this board"},
    {"two_black_moves.sgf", "line 2: node has two black moves"},
    {"onto_a_move.sgf", "line 4: move 4 (W E5): point is occupied by black's move 1: the record plays onto a stone "
                        "(a repeated or misplaced move)"},
};

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(Malformed, EachFileIsRefusedWithItsOneLineError) {
  const fs::path dir = fs::path(GOCOUNT_SOURCE_DIR) / "tests/data/malformed";
  std::set<std::string> listed;
  for (const Case& c : kCases) {
    listed.insert(c.file);
    const std::string text = read_file(dir / c.file);  // the source reads it in place
    GameSource source(text, [](std::string_view) { return false; });
    SourceItem item;
    ASSERT_TRUE(source.next(item)) << c.file;
    EXPECT_FALSE(item.game.has_value()) << c.file;
    EXPECT_EQ(item.error, c.error) << c.file;
    EXPECT_EQ(item.error.find('\n'), std::string::npos) << c.file;
    EXPECT_FALSE(source.next(item)) << c.file;
  }
  // Every file of the folder is in the table (and so in the README's).
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_TRUE(listed.count(entry.path().filename().string())) << entry.path() << " is not listed";
}

}  // namespace
}  // namespace gocount
