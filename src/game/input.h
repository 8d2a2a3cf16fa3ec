// Layer 3: one input read whole, a file or standard input ("-"), and refused
// in one line when it holds no games: a directory, a file that cannot be
// read, nothing at all, or binary data (all of which the readers would
// otherwise take for a text diagram or report as "no SGF game found").
#pragma once

#include <string>
#include <string_view>

namespace gocount {

// Reads `path` ("-": standard input) into `text`. Returns "" or the problem:
// "is a directory", "cannot read: <strerror>", "standard input is closed",
// "standard input is empty", "file is empty" (nothing but blank space), or
// "binary data, not SGF or a text diagram".
std::string read_input(const std::string& path, std::string& text);

// A NUL byte anywhere, or control characters in more than 1 in 20 of the
// first 4,096 bytes: no SGF record or diagram looks like that. Bytes of 128
// and up are text (UTF-8, GB 2312, Shift JIS comments).
bool looks_binary(std::string_view text);

}  // namespace gocount
