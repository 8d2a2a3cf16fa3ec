// Layer 2: the one error type of the readers (SGF and text diagrams): a message
// and where in the input it is.
#pragma once

#include <stdexcept>
#include <string>

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

}  // namespace gocount
