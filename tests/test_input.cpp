// Reading an input whole, and telling binary data from the text of games.

#include <gtest/gtest.h>

#include <string>

#include "game/input.h"

namespace gocount {
namespace {

TEST(Input, TextOfGamesIsNotBinary) {
  EXPECT_FALSE(looks_binary("(;FF[4]SZ[9];B[ee];W[])"));
  EXPECT_FALSE(looks_binary("komi: 6.5\r\nX O .\r\n"));
  EXPECT_FALSE(looks_binary("X O\r. X\r"));                           // old Mac line ends
  EXPECT_FALSE(looks_binary("(;FF[4]C[\xE5\x9B\xB4\xE6\xA3\x8B])"));  // UTF-8 comment
  EXPECT_FALSE(looks_binary("(;FF[4]CA[GB2312]C[\xCE\xA7\xC6\xE5])"));
  EXPECT_FALSE(looks_binary("(;FF[4]SZ[9];B[ee];W[])\x1a"));  // DOS end-of-file mark
  // A stray control character in a long record is not enough.
  EXPECT_FALSE(looks_binary("(;FF[4]SZ[9]C[a bell \x07 in a comment, as some old files have];B[ee];W[])"));
  EXPECT_FALSE(looks_binary(""));
}

TEST(Input, NulOrControlCharactersAreBinary) {
  EXPECT_TRUE(looks_binary(std::string(10, '\0')));
  EXPECT_TRUE(looks_binary(std::string("X O\n. X\n\0", 9)));
  // A NUL far past the first 4,096 bytes still counts.
  EXPECT_TRUE(looks_binary(std::string(100000, ' ') + std::string(1, '\0')));
  EXPECT_TRUE(looks_binary("\x01\x02\x03X O\x04"));
  // UTF-16 text has NULs: it is no SGF this reader can read.
  EXPECT_TRUE(looks_binary(std::string("(\0;\0F\0F\0", 8)));
}

TEST(Input, StandardInputAndFilesAreNamedWhenEmptyOrUnreadable) {
  Input text;
  EXPECT_EQ(read_input("tests", text), "is a directory");
  EXPECT_EQ(read_input("no/such/file.sgf", text), "cannot read: No such file or directory");
  EXPECT_EQ(read_input("/dev/null", text), "file is empty");
  EXPECT_EQ(read_input("examples/example.sgf", text), "");
  EXPECT_EQ(text.text().substr(0, 2), "(;");
}

// A file is mapped, not copied; pages handed back are read again from the
// file when touched, so the text stays whole.
TEST(Input, ReleasedPagesReadAgainTheSame) {
  Input text;
  ASSERT_EQ(read_input("README.md", text), "");
  const std::string copy(text.text());
  text.release_before(copy.size());
  EXPECT_EQ(std::string(text.text()), copy);
}

}  // namespace
}  // namespace gocount
