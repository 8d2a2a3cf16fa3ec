// Layer 2: the one error type of the readers (SGF and text diagrams): a message
// and where in the input it is; and the one way an error quotes the input.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace gocount {

class ParseError : public std::runtime_error {
 public:
  // column 0 means the whole line.
  ParseError(const std::string& message, size_t line, size_t column, size_t offset = 0)
      : std::runtime_error("line " + std::to_string(line) +
                           (column ? ", column " + std::to_string(column) : std::string()) + ": " + message),
        line(line), column(column), offset(offset) {}
  size_t line, column, offset;
};

// Input as an error line may show it: at most `max_chars` characters (then
// "..." and the whole length in bytes), control bytes and bytes that are not
// UTF-8 as \xNN, UTF-8 kept. Every error that quotes input goes through it, so
// that a record can neither flood an error line nor drive the terminal.
std::string quote_input(std::string_view text, size_t max_chars = 60);

// A JSON parser's error (nlohmann's what()) without its tag: "parse error at
// line 1, column 9: ..." from "[json.exception.parse_error.101] parse error
// ...". The words of every JSON error a user reads (serve's bodies, GTP's
// kata-set-rules) go through it; a text without the tag comes back as it is.
std::string_view without_json_tag(std::string_view what);

}  // namespace gocount
