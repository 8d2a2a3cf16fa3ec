// `gocount score` over whole archives: the games of every input read in
// order, scored on N workers, written in input order through a bounded
// window (memory stays flat however many games), with a progress line on a
// terminal, the records written back marked (--write-sgf), a CSV or SQLite
// table, and a summary against the recorded results. The scoring itself is
// the library's (gocount::Collection, gocount::score); this file only moves
// games and answers.
#pragma once

#include <fmt/format.h>

#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gocount/gocount.h>

namespace gocount {

struct BulkOptions {
  std::vector<std::string> files;  // "-": standard input; a folder: its records, read recursively
  std::string files_from;          // --files-from LIST: an input too, never written over
  std::optional<int> game, move;   // --game, --move
  Options options;               // checked (gocount::check) before
  std::string format = "text";  // text, json, diagram, csv
  TextOptions text;              // how a game is printed in the text formats (named is set per game)
  std::string output;            // -o FILE ("": standard output)
  size_t jobs = 1;               // workers; 1 scores on the reading thread
  bool progress = false;         // progress on standard error (a terminal and not --quiet, or --progress)
  bool progress_lines = false;   // ... as lines, every few seconds (standard error is no terminal)
  bool quiet = false;            // no summary on standard error
  bool report = true;            // each game written to -o or standard output (not with --sqlite alone)
  bool keep_going = false;       // --keep-going: what cannot be read is a row with its error; exit 0
  std::string write_sgf;         // --write-sgf DIR
  bool in_place = false;         // --in-place: the inputs rewritten (through a temporary file)
  bool set_result = false;       // --set-result: RE replaced, not only written where missing
  std::string sqlite;            // --sqlite FILE
  bool resume = false;           // --resume: games already in the table (or -o FILE) skipped
  std::string summary;           // --summary FILE (JSON)
  std::string command;           // the command line, for the run table
};

// -o FILE opened for a stream format (text, JSON, CSV): appended to with
// `append`. Returns "" or the line saying why not ("-o out: is a directory;
// this format writes one stream: give a file"). An empty path opens nothing.
std::string open_output(const std::string& path, std::ofstream& file, bool append = false);

// Why an output may not be written: it is one of the inputs, which writing
// it would destroy (-o is emptied before the first game is read, a picture
// or a summary written over it after). `outputs`: each option with its path
// ("-o", "out.json"); "" when none is an input.
// Why the outputs may not be written: two options name one file, and the
// later would be written over the earlier ("--summary out.db: is also the
// --sqlite file: ..."); "" when each has its own.
std::string outputs_clash(const std::vector<std::pair<std::string, std::string>>& outputs);

std::string output_is_input(const std::vector<std::pair<std::string, std::string>>& outputs,
                            const std::vector<std::string>& inputs);

// Returns the exit status: 0, 1 when a game or a file could not be read or
// counted (0 with keep_going) or something could not be written, 2 for
// options that do not go together.
int run_bulk(const BulkOptions& options);

// Each game of `games` that --game (`only`) asks for, all without it, to
// `each` (an Entry&). Returns the line for a file without that game
// ("--game 5: the file has 3 games"), or "".
template <class Each>
std::string each_game(Collection& games, std::optional<int> only, Each each) {
  Entry e;
  int count = 0;
  while (games.next(e)) {
    ++count;
    if (only && e.index != *only) continue;
    each(e);
    if (only) return "";
  }
  return only ? fmt::format("--game {}: the file has {} game{}", *only, count, count == 1 ? "" : "s") : "";
}

// A path as an error line names it: as quote_name shows it, but in quotes
// where spaces at its ends or a character a terminal shows as nothing (a
// BOM) would hide why it names no file: ' a.sgf', '\ufeffa.sgf'.
std::string shown_path(std::string_view path);

// Why an input could not be opened as a Collection: its Error without the
// name the message starts with ("cannot read: No such file or directory").
std::string input_error(const Error& e, const std::string& name);

}  // namespace gocount
