// What every public call throws for bad input: one line naming the problem
// and where, the same line the command prints after "gocount: ".
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "gocount/version.h"

GOCOUNT_BEGIN_NAMESPACE

// A record that cannot be read, an option that is not known, a dead stone
// that is not on the board:
//
//   try {
//     gocount::Result r = gocount::score(gocount::read_file("game.sgf"));
//   } catch (const gocount::Error& e) {
//     std::cerr << "gocount: " << e.what() << "\n";  // "game.sgf: game 0: line 3, column 7: ..."
//   }
class GOCOUNT_API Error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Input as a message quotes it (without the quote marks): cut after 60
// characters, control bytes and bytes that are not UTF-8 written as \xNN.
//
//   "unknown command '" + gocount::quote(line) + "'"
GOCOUNT_API std::string quote(std::string_view text);

// A file's name as a message shows it: whole, control bytes and bytes that
// are not UTF-8 written as \xNN (a name may hold a line feed, or a
// terminal's escape sequence).
//
//   std::cerr << "gocount: " << gocount::quote_name(path) << ": cannot read\n";
GOCOUNT_API std::string quote_name(std::string_view name);

// A JSON parser's error message (nlohmann::json's what()) as a message
// shows it: without the parser's tag ("[json.exception.parse_error.101] "),
// as the library's own JSON errors are shown; other text as it is.
//
//   catch (const nlohmann::json::exception& e) { reply("not valid JSON: " + gocount::json_error_words(e.what())); }
GOCOUNT_API std::string json_error_words(std::string_view what);

// The library's own version (GOCOUNT_VERSION of the build that made it), to
// check against the headers a program was compiled with.
//
//   if (std::string_view(gocount::version()) != GOCOUNT_VERSION) std::cerr << "gocount: headers and library differ\n";
GOCOUNT_API const char* version();

GOCOUNT_END_NAMESPACE
