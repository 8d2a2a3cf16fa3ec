// Reading an input whole, and telling binary data from the text of games.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <utility>

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

// What read_input answers for a pipe ("/dev/fd/N") into which a writer
// writes `head`, then `chunk` again and again, up to `most` bytes in all or
// until the reader has closed the pipe; and how much the writer wrote.
std::pair<std::string, size_t> read_pipe(const std::string& head, const std::string& chunk, size_t most,
                                         size_t limit = kMaxStreamBytes, Input* input = nullptr) {
  int fds[2];
  if (::pipe(fds) != 0) return {"no pipe", 0};
  ::signal(SIGPIPE, SIG_IGN);  // a write after the reader is gone fails instead
  size_t written = 0;
  std::thread writer([&] {
    std::string block;
    while (!chunk.empty() && block.size() < (1 << 16)) block += chunk;
    for (std::string_view left = head; written < most && !(left.empty() && block.empty());) {
      if (left.empty()) left = block;
      const ssize_t n = ::write(fds[1], left.data(), std::min(left.size(), most - written));
      if (n <= 0) break;
      written += static_cast<size_t>(n);
      left.remove_prefix(static_cast<size_t>(n));
    }
    ::close(fds[1]);
  });
  Input own;
  std::string answer = read_input("/dev/fd/" + std::to_string(fds[0]), input ? *input : own, limit);
  ::close(fds[0]);  // the last reader: a writer still writing stops
  writer.join();
  return {answer, written};
}

constexpr size_t kMiB = 1 << 20;

// An endless stream of binary data is refused from its first bytes, not read
// to its end: the writer gets no further than what the pipe and one read hold.
TEST(Input, BinaryStreamIsRefusedAsSoonAsItStarts) {
  const std::string binary = "binary data, not SGF or a text diagram";
  for (const std::string& chunk : {std::string(100, '\0'), std::string("\x01\x02\x03\x04\xFF\x80")}) {
    const auto [answer, written] = read_pipe("", chunk, 64 * kMiB);
    EXPECT_EQ(answer, binary);
    EXPECT_LT(written, kMiB);
  }
  // Text, then a NUL past the first 4,096 bytes: the read stops there too.
  const auto [answer, written] = read_pipe(std::string(100000, ' ') + "(;SZ[9])" + std::string(1, '\0'), "x", 64 * kMiB);
  EXPECT_EQ(answer, binary);
  EXPECT_LT(written, 2 * kMiB);
  // Short binary data, ended before 4,096 bytes, is judged at its end.
  EXPECT_EQ(read_pipe(std::string("X O\n\0", 5), "", 5).first, binary);
}

// An endless stream of text (`yes | gocount score`) stops at the limit.
TEST(Input, EndlessTextStreamStopsAtTheLimit) {
  const auto [answer, written] = read_pipe("", "y\n", 64 * kMiB, kMiB);
  EXPECT_EQ(answer, "more than 1 MiB from a pipe or device: stopped reading");
  EXPECT_LT(written, 4 * kMiB);
  EXPECT_EQ(read_pipe("", "y\n", kMiB + 1, kMiB).first, "more than 1 MiB from a pipe or device: stopped reading");
}

// Up to the limit a pipe is read whole, as before: text, UTF-16 (NULs and
// all: the reader converts it), nothing.
TEST(Input, StreamsUpToTheLimitAreReadWhole) {
  Input text;
  const std::string game = "(;FF[4]SZ[9];B[ee];W[])\n";
  auto [answer, written] = read_pipe(game, game, kMiB, kMiB, &text);
  EXPECT_EQ(answer, "");
  EXPECT_EQ(written, kMiB);
  EXPECT_EQ(text.text().size(), kMiB);
  EXPECT_EQ(text.text().substr(0, game.size()), game);
  const std::string utf16_game("(\0;\0S\0Z\0[\0\x39\0]\0)\0\n\0", 18);
  std::tie(answer, written) = read_pipe("\xFF\xFE" + utf16_game, utf16_game, 100000, kMiB, &text);
  EXPECT_EQ(answer, "");
  EXPECT_EQ(text.text().size(), 100000u);
  EXPECT_EQ(read_pipe("", "", 0).first, "file is empty");
  EXPECT_EQ(read_pipe(" \n", "\n", 10000).first, "file is empty");
}

}  // namespace
}  // namespace gocount
