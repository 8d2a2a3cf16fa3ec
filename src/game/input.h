// Layer 3: one input read whole, a file or standard input ("-"), and refused
// in one line when it holds no games: a directory, a file that cannot be
// read, nothing at all, or binary data (all of which the readers would
// otherwise take for a text diagram or report as "no SGF game found").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gocount {

// The most read from an input that is not mapped (a pipe, a device,
// standard input from either): past it the input is refused, so that an
// endless stream (`yes |`, /dev/zero) ends. Far above any real archive.
inline constexpr size_t kMaxStreamBytes = size_t{1} << 30;

class Input;
// Reads `path` ("-": standard input) into `input`. Returns "" or the problem:
// "is a directory", "cannot read: <strerror>", "standard input is closed",
// "standard input is empty", "file is empty" (nothing but blank space),
// "binary data, not SGF or a text diagram", or, for a pipe or device that
// goes on past `max_stream_bytes`, "more than 1 GiB from a pipe or device:
// stopped reading". A stream is judged binary as soon as its first 4,096
// bytes are read (or a NUL after them), and read no further.
std::string read_input(const std::string& path, Input& input, size_t max_stream_bytes = kMaxStreamBytes);

// One input's text. A regular file (standard input too, when redirected from
// one) is mapped, not copied, and the pages of the games already read are
// handed back (release_before), so that memory stays flat however large the
// collection: a constant plus the game being read. A pipe is read whole (up
// to kMaxStreamBytes).
class Input {
 public:
  Input() = default;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  ~Input();

  std::string_view text() const { return text_; }
  // The text before `offset` will not be needed soon: its pages may go (they
  // are read again from the file if it is).
  void release_before(size_t offset);
  // The same for [from, to) (whole pages), whatever was read before.
  void release(size_t from, size_t to);

 private:
  friend std::string read_input(const std::string& path, Input& input, size_t max_stream_bytes);
  void clear();
  std::string owned_;  // a pipe's text
  void* map_ = nullptr;
  size_t map_size_ = 0, released_ = 0;
  std::string_view text_;
};

// A NUL byte anywhere, or control characters in more than 1 in 20 of the
// first 4,096 bytes: no SGF record or diagram looks like that. Bytes of 128
// and up are text (UTF-8, GB 2312, Shift JIS comments).
bool looks_binary(std::string_view text);

}  // namespace gocount
