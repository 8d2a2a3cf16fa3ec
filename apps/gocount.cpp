// gocount: count a finished game of Go under each rule set, showing the work.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <pthread.h>
#include <set>
#include <thread>

#include <gocount/gocount.h>

#include "bulk.h"
#include "gtp/engine.h"
#include "serve.h"

namespace {

using namespace gocount;

int usage_error(const std::string& message) {
  std::cerr << "gocount: " << message << "\n";
  return 2;
}

// What is wrong with `o` (gocount::check's line), or "".
std::string problem_with(const Options& o) {
  try {
    check(o);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// "full, half, ...": the counting methods --method takes.
std::string method_names() {
  std::string names;
  for (const Method& m : counting_methods()) names += (names.empty() ? "" : ", ") + m.name;
  return names;
}

// Number options are read strictly (read_number): CLI11's own conversion
// takes "nan", "0x9" and " 9", and Range lets nan through.
bool strict_number(std::string_view s, double min, double max, bool whole) {
  return read_number(s, min, max, whole).has_value();
}

// "a whole number from 1 to 52", as the help and a refusal say it.
std::string number_text(double min, double max, bool whole) {
  return fmt::format("{} from {} to {}", whole ? "a whole number" : "a number", min, max);
}

// "--komi: 'nan' is not a number from -1000 to 1000".
CLI::Validator number_in(double min, double max, bool whole = false) {
  const std::string what = number_text(min, max, whole);
  return CLI::Validator(
      [=](std::string& s) { return strict_number(s, min, max, whole) ? std::string() : "'" + s + "' is not " + what; },
      what);
}

// A number of tally or keynumbers, whose range the library checks (the same
// line from the command, the server and Python: "--size: 53 is not a whole
// number from 1 to 52"): only read here, as number_in reads one (a whole one
// within an int); the help still says the range.
CLI::Validator number_read(double min, double max, bool whole = false) {
  const std::string what = number_text(min, max, whole);
  const double any = whole ? std::numeric_limits<int>::max() : std::numeric_limits<double>::max();
  return CLI::Validator(
      [=](std::string& s) { return strict_number(s, -any, any, whole) ? std::string() : "'" + s + "' is not " + what; },
      what);
}

// A path given as "" names no file: it was taken as none given (--sqlite ""
// wrote no table, -o "" printed), without a word.
CLI::Validator a_path() {
  return CLI::Validator([](std::string& s) { return s.empty() ? std::string("an empty path names no file") : ""; }, "");
}

// "-" for a directory or a database: no such file is meant (it made a
// directory named "-").
CLI::Validator a_file_not_stdout(const char* holds) {
  return CLI::Validator(
      [=](std::string& s) { return s == "-" ? std::string("'-' (standard output) holds no ") + holds + ": give a path" : ""; },
      "");
}

void add_format_option(CLI::App* app, std::string& format, std::vector<std::string> formats) {
  app->add_option("--format", format, "Output format")->check(CLI::IsMember(formats));
}

constexpr double kMaxKomi = 1000;
constexpr int kMaxSide = 52;

// The options of the subcommands that count, each defined once: a subcommand
// adds the groups it uses and no other, so an option it would ignore is
// refused and its --help lists only its own.
struct CountArgs {
  Options o;  // the options by name, as the library takes them
  bool estimate = false, no_estimate = false;
  std::string format = "text";
  std::string output;  // -o: where whatever --format produces goes

  void add_rules(CLI::App* app) {
    // "" would be taken as none given: the record's rules, without a word.
    app->add_option("--rules", o.rules, "Rule set: " + rule_set_names())
        ->check(CLI::Validator([](std::string& s) { return s.empty() ? std::string("an empty name names no rule set") : ""; },
                               ""));
  }
  // compare: the columns, each a rule set with overrides of its own.
  std::vector<std::string> columns;
  void add_columns(CLI::App* app) {
    app->add_option("--rules", columns,
                    "Columns, comma-separated (default: every rule set): each a rule set (" + rule_set_names() +
                        ") with its own overrides as :key=value (compensation, tie, seki-fill, komi, territory), e.g. "
                        "chinese,chinese:compensation=n-1,aga; repeatable")
        ->allow_extra_args(false);
  }
  void add_komi(CLI::App* app, const std::string& help) {
    app->add_option("--komi", o.komi, help)->check(number_in(-kMaxKomi, kMaxKomi));
  }
  // --handicap-compensation and --tie: where the sources disagree.
  void add_overrides(CLI::App* app) {
    app->add_option("--handicap-compensation", o.compensation,
                    "Points White gets for n handicap stones, overriding the rules: n, n-1, none, or n-from-1 (n, "
                    "a one-stone handicap too, as OGS counts)")
        ->check(CLI::IsMember({"n", "n-1", "none", "n-from-1"}));
    app->add_option("--tie", o.tie, "Who wins a tie, overriding the rules: draw, white or black")
        ->check(CLI::IsMember({"draw", "white", "black"}));
  }
  void add_seki_dead_prisoners(CLI::App* app) {
    app->add_flag("--seki-dead-prisoners", o.seki_dead_prisoners,
                  "Territory rules: dead stones inside a seki count as prisoners (the servers' convention) instead "
                  "of being left out (Japanese rules of 1989)");
  }
  void add_territory(CLI::App* app) {
    app->add_option("--territory", o.territory,
                    "Territory rules: what counts as territory: rules (what the filling leaves: no seki eyes, no "
                    "teire; Japanese rules of 1989) or enclosed (every point one colour encloses, a dead stone "
                    "inside a seki taken as a prisoner with its point, as OGS counts). "
                    "Default: enclosed for OGS's records (from February 2014) under their own rules, else rules")
        ->check(CLI::IsMember({"rules", "enclosed"}));
  }
  void add_seki_fill(CLI::App* app) {
    app->add_option("--seki-fill", o.seki_fill,
                    "Area rules that fill shared liberties: mays (evenly per seki, an odd one left non-scoring; "
                    "default), best-practice (the odd ones of all sekis then taken in turn) or half (half a point "
                    "each per shared liberty)")
        ->check(CLI::IsMember({"mays", "best-practice", "half"}));
  }
  void add_estimate(CLI::App* app) {
    auto* on = app->add_flag("--estimate", estimate,
                             "Also propose the dead stones and seki that the record's marks or --dead leave open "
                             "(without marks the estimator runs anyway)");
    auto* off = app->add_flag("--no-estimate", no_estimate,
                              "Never estimate: only the record's marks, --dead and --alive say which stones are dead");
    on->excludes(off);
    app->add_option("--judge", o.judge,
                    "Who judges the chains nothing marks: playouts, model (the learned ownership model checked by "
                    "four playouts) or cascade (the model where it is sure, the playouts where it doubts a chain: "
                    "fastest); by default the cascade on 9x9 and the playouts on other sizes, the judge measured "
                    "best on each (model and cascade are not yet as accurate on 19x19, see train/README.md)")
        ->check(CLI::IsMember({"playouts", "model", "cascade"}));
  }
  void add_methods(CLI::App* app) {
    app->add_option("--method", o.methods, "Counting methods to show: " + method_names() + " or all; repeatable")
        ->allow_extra_args(false);
    app->add_option("--side", o.side, "Side a one-side method counts: black, white or both")
        ->check(CLI::IsMember({"black", "white", "both"}));
    app->add_option("--adjust", o.adjust,
                    "Full counting: komi and handicap taken off Black's total points, as Mays prints them (black, "
                    "default), or added to White's (white)")
        ->check(CLI::IsMember({"black", "white"}));
    app->add_flag("--no-tie-breaker", o.no_tie_breaker,
                  "Simplified half counting without the 0.5 tie-breaker (White wins ties; the margin may be off by "
                  "0.5)");
  }
  void add_format(CLI::App* app, std::vector<std::string> formats = {"text", "json"}) {
    add_format_option(app, format, std::move(formats));
  }
  void add_output(CLI::App* app, const std::string& help) {
    // -o - is standard output, as the default.
    app->add_option("-o,--output", output, help)->transform(CLI::Validator(
        [](std::string& s) {
          if (s.empty()) return std::string("an empty path names no file");
          if (s == "-") s.clear();
          return std::string();
        },
        ""));
  }

  // The options by name, --estimate and --no-estimate folded in.
  Options options() const {
    Options with = o;
    with.estimate = estimate ? "on" : no_estimate ? "off" : "auto";
    return with;
  }
  // What is wrong with these options, or "".
  std::string check() const { return problem_with(options()); }
};

struct InputArgs {
  std::vector<std::string> files;
  std::vector<std::string> dead, alive;
  std::optional<int> game, move;
  std::string files_from;
  // The inputs: the files named, then those of --files-from; "-" (standard
  // input) when there are none.
  std::vector<std::string> paths(std::string* error) const {
    std::vector<std::string> out = files;
    if (!files_from.empty()) {
      const std::string named = "--files-from " + shown_path(files_from) + ": ";
      std::error_code ec;
      if (std::filesystem::is_directory(files_from, ec)) {
        *error = named + "is a directory, not a list of files";
        return {};
      }
      std::ifstream list(files_from);
      if (!list) {
        *error = named + "cannot read: " + std::strerror(errno);
        return {};
      }
      for (std::string line; std::getline(list, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        // A record given for the list: each of its lines was "cannot read".
        if (out.size() == files.size() && line.find_first_not_of(" \t") != std::string::npos &&
            line[line.find_first_not_of(" \t")] == '(') {
          *error = named + "holds an SGF record, not a list of files (one path a line): give the record as a file";
          return {};
        }
        if (!line.empty()) out.push_back(line);
      }
      // Standard input is read where no file is named; a list that names
      // none is not that.
      if (out.empty()) {
        *error = named + "names no file (one path a line)";
        return {};
      }
    }
    if (out.empty()) out.push_back("-");
    // Standard input is read once: a second "-" would find it empty.
    if (std::count(out.begin(), out.end(), "-") > 1) {
      *error = "standard input (-) is named more than once: it can be read once";
      return {};
    }
    return out;
  }
  void add(CLI::App* app) {
    app->add_option("files", files, "SGF files (collections allowed) or text diagrams; - or none for stdin");
    app->add_option("--dead", dead,
                    "Dead stones: points in GTP (D4) or SGF (dd) form, separated by spaces or commas; one stone "
                    "names its whole chain; replaces the record's TB/TW marks (none: no stone is dead); repeatable")
        ->allow_extra_args(false);
    app->add_option("--alive", alive,
                    "Chains that live whatever the record's marks or the estimate say: points as for --dead; "
                    "repeatable")
        ->allow_extra_args(false);
    app->add_option("--files-from", files_from,
                    "Also read the inputs named in this file, one path a line (for more files than a command line "
                    "holds)")
        ->check(a_path());
    app->add_option("--game", game, "Only game N of each file (0 is the first, as the output numbers them)")
        ->check(number_in(0, 1e9, true));
    app->add_option("--move", move,
                    "Score the position after move N of the main line (passes count as moves; 0: before the first "
                    "move); the record's marks and result belong to its end and are not used")
        ->check(number_in(0, 1e6, true));
  }
};

// The inputs (InputArgs::paths) into `files`, and an -o FILE that is none
// of them: "" or the line saying why not.
std::string inputs_of(const InputArgs& input, const std::string& output, std::vector<std::string>& files) {
  std::string error;
  files = input.paths(&error);
  if (!error.empty()) return error;
  std::vector<std::string> inputs = files;
  if (!input.files_from.empty()) inputs.push_back(input.files_from);
  return output_is_input({{"-o", output}}, inputs);
}

// Runs `each` on every game of every file (InputArgs::paths); reports the
// games that cannot be read or counted. Returns the exit status.
template <class F>
int for_each_game(const std::vector<std::string>& files, const InputArgs& input, const Options& options, bool json,
                  std::ostream& out, F each) {
  int failures = 0;
  auto fail = [&](const std::string& name, std::optional<int> game, const std::string& message) {
    std::cerr << "gocount: " << (name == "<stdin>" ? name : shown_path(name)) << ": "
              << (game ? fmt::format("game {}: ", *game) : "") << message << "\n";
    if (json) out << json_error(name, game, message) << "\n";
    ++failures;
  };
  for (const std::string& file : files) {
    const std::string name = file == "-" ? "<stdin>" : file;
    std::optional<Collection> games;
    try {
      games.emplace(file, ReadOptions{options.rules, 0, input.move});
    } catch (const Error& e) {
      fail(name, std::nullopt, input_error(e, name));
      continue;
    }
    const std::string missing = each_game(*games, input.game, [&](const Entry& e) {
      std::string message = e.error;
      bool counted = false;
      if (e.position) {
        try {
          each(*e.position, name, e.index);
          counted = true;
        } catch (const std::invalid_argument& x) {
          message = x.what();
        }
      }
      if (!counted) fail(name, e.index, message);
    });
    if (!missing.empty()) fail(name, std::nullopt, missing);
    out.flush();
  }
  return failures ? 1 : 0;
}

namespace fs = std::filesystem;

// A refusal found while the games are read: one line, nothing written.
struct Refusal {
  std::string message;
};

// The options of score and compare: the count's and the input's marks
// (--dead none, an empty list, sets the record's marks aside: the library
// reads it).
Options with_marks(const InputArgs& input, const CountArgs& args) {
  Options o = args.options();
  if (!input.dead.empty()) o.dead = input.dead;
  o.alive = input.alive;
  return o;
}

// The pictures of score --format svg|png: one a game, or with --steps one a
// step. Standard output (or -o FILE) takes one picture; several need -o DIR,
// where each is a file named after its input: NAME.svg, NAME-1-dead.svg, and
// for a collection NAME-g2.svg, NAME-g2-1-dead.svg (the game's number as the
// text names it), as for the game --game names: another --game into the same
// folder writes beside it, not over it.
class PictureWriter {
 public:
  PictureWriter(const CountArgs& args, bool steps, bool game_named)
      : args_(args), png_(args.format == "png"), steps_(steps), game_named_(game_named) {}

  // Checks what can be checked before a game is read; returns an error or "".
  std::string prepare() {
    const std::string& o = args_.output;
    if (png_ && o.empty() && ::isatty(STDOUT_FILENO))
      return "--format png is binary and standard output is a terminal: add -o FILE (or redirect it)";
    if (steps_ && o.empty()) return "--steps draws one picture per step: add -o DIR to write them as files";
    std::error_code ec;
    to_dir_ = !o.empty() && (steps_ || o.back() == '/' || fs::is_directory(o, ec));
    if (to_dir_) {
      if (fs::exists(o, ec) && !fs::is_directory(o, ec)) return "-o " + shown_path(o) + ": is a file, not a directory";
      fs::create_directories(o, ec);
      if (ec) return "-o " + shown_path(o) + ": cannot make the directory: " + ec.message();
    }
    return "";
  }

  // One game's pictures. Throws Refusal when they cannot all be written.
  void add(const std::string& file, int index, std::vector<StepPicture> pictures) {
    for (StepPicture& p : pictures)
      if (png_) {
        try {
          p.svg = png(p.svg);
        } catch (const Error& e) {
          throw std::invalid_argument(std::string("cannot make the PNG: ") + e.what());
        }
      }
    if (!to_dir_) {
      if (held_ || pictures.size() != 1)
        throw Refusal{args_.output.empty()
                          ? "several games make several pictures, and standard output takes one: add -o DIR to "
                            "write one file each"
                          : "-o " + shown_path(args_.output) +
                                ": several games make several pictures: give a directory (-o DIR/)"};
      held_ = std::move(pictures.front().svg);
      return;
    }
    // A file's first game is named without its number until a second shows
    // that the file is a collection.
    if (file != file_) {
      flush_pending();
      file_ = file;
      collection_ = game_named_;
    } else if (pending_) {
      collection_ = true;
      write_game(pending_->first, pending_->second);
      pending_.reset();
    }
    if (collection_) write_game(index, pictures);
    else pending_.emplace(index, std::move(pictures));
  }

  // Writes what is held back. Returns an error message or "".
  std::string finish() {
    flush_pending();
    if (!held_) return "";
    if (args_.output.empty()) {
      std::cout << *held_;
      std::cout.flush();
      return std::cout ? "" : std::string("cannot write standard output");
    }
    return write(args_.output, *held_);
  }

  int failures() const { return failures_; }

 private:
  void flush_pending() {
    if (pending_) write_game(-1, pending_->second);
    pending_.reset();
  }

  void write_game(int index, const std::vector<StepPicture>& pictures) {
    std::string stem = file_ == "<stdin>" ? "stdin" : fs::path(file_).stem().string();
    if (index >= 0) stem += "-g" + std::to_string(index);
    const char* ext = png_ ? ".png" : ".svg";
    for (size_t i = 0; i < pictures.size(); ++i) {
      const std::string name = steps_ ? fmt::format("{}-{}-{}{}", stem, i + 1, pictures[i].name, ext) : stem + ext;
      const std::string path = (fs::path(args_.output) / name).string();
      if (!written_.insert(path).second) {
        std::cerr << "gocount: " << shown_path(file_) << ": " << shown_path(path)
                  << " was written for another input already: not written\n";
        ++failures_;
        continue;
      }
      if (std::string e = write(path, pictures[i].svg); !e.empty()) {
        std::cerr << "gocount: " << e << "\n";
        ++failures_;
      }
    }
  }

  static std::string write(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (f) f << bytes;
    if (!f.flush()) return shown_path(path) + ": cannot write: " + std::strerror(errno);
    return "";
  }

  const CountArgs& args_;
  bool png_, steps_, game_named_, to_dir_ = false;
  std::optional<std::string> held_;  // the one picture for standard output or -o FILE
  std::string file_;                 // the input whose games come now
  bool collection_ = false;
  std::optional<std::pair<int, std::vector<StepPicture>>> pending_;
  std::set<std::string> written_;
  int failures_ = 0;
};

int run_pictures(const InputArgs& input, const CountArgs& args, bool steps) {
  const Options options = with_marks(input, args);
  if (std::string e = problem_with(options); !e.empty()) return usage_error(e);
  std::vector<std::string> files;
  if (std::string e = inputs_of(input, args.output, files); !e.empty()) return usage_error(e);
  PictureWriter writer(args, steps, input.game.has_value());
  if (std::string e = writer.prepare(); !e.empty()) return usage_error(e);
  int status = 0;
  try {
    status = for_each_game(files, input, options, false, std::cout, [&](const Position& p, const std::string& file, int index) {
      const Result r = score(p, options);
      writer.add(file, index, steps ? r.steps() : std::vector<StepPicture>{{"", r.svg()}});
    });
  } catch (const Refusal& r) {
    return usage_error(r.message);
  }
  if (std::string e = writer.finish(); !e.empty()) {
    std::cerr << "gocount: " << e << "\n";
    return 1;
  }
  return status || writer.failures() ? 1 : 0;
}

// --color auto: colour only on a terminal, unless NO_COLOR is set (not empty)
// or TERM is unset or "dumb".
bool use_color(const std::string& when) {
  if (when != "auto") return when == "always";
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) && !(no_color && *no_color) && term && std::string_view(term) != "dumb";
}

// score's options for whole archives.
struct BulkArgs {
  std::optional<size_t> jobs;
  bool quiet = false, in_place = false, set_result = false, resume = false, progress = false, keep_going = false;
  bool format_given = false;  // --format given: with --sqlite alone, still printed
  std::string write_sgf, sqlite, summary;
  void add(CLI::App* app) {
    app->add_option("--jobs", jobs, "Games scored at once (default: the number of cores); results in input order")
        ->check(number_in(1, 1024, true));
    app->add_flag("--quiet", quiet, "No progress line and no summary on standard error");
    app->add_flag("--progress", progress,
                  "Progress on standard error even where it is no terminal (a line every 5 s, and one at the end)");
    app->add_flag("--keep-going", keep_going,
                  "Records and files that cannot be read are rows with their error (CSV, SQLite; JSON as ever) and "
                  "the run exits 0; only a failure to write fails it");
    app->add_option("--write-sgf", write_sgf,
                    "Write each record into DIR with what was found: TB/TW marks of the dead stones and territory "
                    "(kept where the record has its own), RE where it has none, the count in a comment")
        ->check(a_path())
        ->check(a_file_not_stdout("folder of records"));
    app->add_flag("--in-place", in_place, "Write the records back over the inputs (through a temporary file)");
    app->add_flag("--set-result", set_result, "With --write-sgf or --in-place: replace RE even where the record has one (a count; never a resignation, time or forfeit)");
    app->add_option("--sqlite", sqlite, "Add a row per game to the `games` table of this SQLite file (made if needed)")
        ->check(a_path())
        ->check(a_file_not_stdout("database"));
    app->add_flag("--resume", resume,
                  "Skip the games already in --sqlite FILE or -o FILE (a record changed since is scored again)");
    app->add_option("--summary", summary, "Write the summary (games, errors, against the recorded results) as JSON here")
        ->check(a_path())
        ->check(a_file_not_stdout("summary apart from the games"));
  }
};

int run_score(const InputArgs& input, const CountArgs& args, const BulkArgs& bulk, bool steps,
              const std::string& color, TextOptions text, const std::string& command) {
  if (args.format == "svg" || args.format == "png") return run_pictures(input, args, steps);
  if (steps) return usage_error("--steps draws pictures: use it with --format svg or png");
  BulkOptions o;
  o.options = with_marks(input, args);
  if (std::string e = problem_with(o.options); !e.empty()) return usage_error(e);
  std::string error;
  o.files = input.paths(&error);
  if (!error.empty()) return usage_error(error);
  o.files_from = input.files_from;
  o.game = input.game;
  o.move = input.move;
  o.format = args.format;
  if (text.brief && args.format != "text")
    return usage_error("--brief prints one line of text per game: leave out --format " + args.format);
  // Options that would do nothing here, refused as a typing mistake would be.
  if (bulk.set_result && bulk.write_sgf.empty() && !bulk.in_place)
    return usage_error("--set-result replaces RE in the records written: add --write-sgf DIR or --in-place");
  if (color != "auto" && args.format != "diagram")
    return usage_error("--color colours the board of --format diagram: add it, or leave out --color");
  text.diagram = args.format == "diagram";
  text.color = text.diagram && use_color(color);
  o.text = text;
  o.output = args.output;
  o.jobs = bulk.jobs ? *bulk.jobs : std::max(1u, std::thread::hardware_concurrency());
  o.quiet = bulk.quiet;
  o.progress = bulk.progress || (!bulk.quiet && ::isatty(STDERR_FILENO));
  o.progress_lines = !::isatty(STDERR_FILENO);
  o.keep_going = bulk.keep_going;
  // --sqlite alone: the games go to the table, the terminal gets progress and errors.
  o.report = bulk.sqlite.empty() || !args.output.empty() || bulk.format_given;
  o.write_sgf = bulk.write_sgf;
  o.in_place = bulk.in_place;
  o.set_result = bulk.set_result;
  o.sqlite = bulk.sqlite;
  o.resume = bulk.resume;
  o.summary = bulk.summary;
  o.command = command;
  return run_bulk(o);
}

int run_compare(const InputArgs& input, const CountArgs& args) {
  try {
    check_columns(args.columns);
  } catch (const Error& e) {
    return usage_error(std::string("--rules: ") + e.what());
  }
  const Options options = with_marks(input, args);
  if (std::string e = problem_with(options); !e.empty()) return usage_error(e);
  std::vector<std::string> files;
  if (std::string e = inputs_of(input, args.output, files); !e.empty()) return usage_error(e);
  std::ofstream file;
  if (std::string e = open_output(args.output, file); !e.empty()) return usage_error(e);
  std::ostream& out = args.output.empty() ? std::cout : file;
  const bool json = args.format == "json";
  bool first = true;
  const int status = for_each_game(files, input, options, json, out, [&](const Position& p, const std::string& name, int index) {
    const RuleComparison c = compare(p, options, args.columns, name, index);
    if (json) {
      out << c.json << "\n";
    } else {
      out << (first ? "" : "\n") << c.text;
      first = false;
    }
  });
  if (!out.flush()) {
    std::cerr << "gocount: " << (args.output.empty() ? "standard output" : shown_path(args.output))
              << ": cannot write: " << std::strerror(errno) << "\n";
    return 1;
  }
  return status;
}

// The board of tally and keynumbers, given by size or by width and height.
struct BoardArgs {
  std::optional<int> size, width, height;
  int non_scoring = 0;

  void add(CLI::App* app) {
    app->add_option("--size", size, "Board size (square)")->check(number_read(1, kMaxSide, true));
    app->add_option("--width", width, "Board width")->check(number_read(1, kMaxSide, true));
    app->add_option("--height", height, "Board height")->check(number_read(1, kMaxSide, true));
    app->add_option("--non-scoring", non_scoring, "Non-scoring points (unfilled dame, odd seki liberty)")
        ->check(number_read(0, kMaxSide * kMaxSide, true));
  }
  // The board (`fallback` a side for none given; none: one must be), or
  // the library's refusal.
  std::pair<int, int> board(std::optional<int> fallback) const {
    return board_given(size, width, height, Names::options, fallback);
  }
};

struct TallyArgs {
  BoardArgs board;
  std::optional<double> black, white;  // a half point with shared liberties counted half each
  int handicap = 0;
  // Counted apart: vacant territory and stones (area), territory and
  // prisoners (territory rules, and AGA rules counted by territory).
  std::optional<int> territory[2], stones[2], prisoners[2];

  void add(CLI::App* app) {
    board.add(app);
    const CLI::Validator count = number_read(0, kMaxSide * kMaxSide, true);
    for (int s = 0; s < 2; ++s) {
      const std::string side = s ? "white" : "black", who = s ? "White" : "Black";
      app->add_option("--" + side + "-territory", territory[s], who + "'s vacant territory (with --" + side +
                                                                   "-stones under area rules, or --" + side +
                                                                   "-prisoners under territory and AGA rules)")
          ->check(count);
      app->add_option("--" + side + "-stones", stones[s], who + "'s stones on the board (area rules)")->check(count);
      // AGA rules count by territory too: a pass hands the opponent a stone (Mays, Table 17).
      const std::string other = s ? "Black" : "White";
      app->add_option("--" + side + "-prisoners", prisoners[s],
                      who + "'s prisoners: stones taken in play and dead stones removed (territory rules); under AGA "
                            "rules also a stone for every pass of " + other + "'s, White passing last")
          ->check(count);
    }
    const CLI::Validator total = number_read(0, kMaxSide * kMaxSide);
    app->add_option("--black", black,
                    "Black's total points (stones + vacant territory + shared liberties filled; may end in .5 when "
                    "shared liberties count half each)")
        ->check(total);
    app->add_option("--white", white, "White's total points (as --black)")->check(total);
    app->add_option("--handicap", handicap, "Handicap stones")->check(number_read(0, kMaxSide * kMaxSide, true));
  }
};

// What one write to standard output left: 0, or 1 and the line saying it
// could not be written (a full disk, a closed pipe), as score says it.
int print(const std::string& text) {
  std::cout << text;
  if (std::cout.flush()) return 0;
  std::cerr << "gocount: standard output: cannot write: " << std::strerror(errno) << "\n";
  return 1;
}

int run_tally(const TallyArgs& t, const CountArgs& args) {
  const Options options = args.options();
  if (std::string e = problem_with(options); !e.empty()) return usage_error(e);
  try {
    const auto [width, height] = t.board.board(19);
    const Hand hand{.width = width,
                    .height = height,
                    .non_scoring = t.board.non_scoring,
                    .handicap = t.handicap,
                    .black = t.black,
                    .white = t.white,
                    .black_territory = t.territory[0],
                    .white_territory = t.territory[1],
                    .black_stones = t.stones[0],
                    .white_stones = t.stones[1],
                    .black_prisoners = t.prisoners[0],
                    .white_prisoners = t.prisoners[1]};
    const HandScore r = tally(hand, options);
    return print(args.format == "json" ? r.json + "\n" : r.text);
  } catch (const Error& e) {  // a board, a number out of range, a count that does not add up
    return usage_error(e.what());
  }
}

#ifdef GOCOUNT_SERVE_BUILT_IN
// Serves until SIGINT or SIGTERM.
int run_serve(const ServeOptions& options, bool open_page) {
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);  // every thread after this one too
  Server server(options);
  std::string error;
  const int port = server.bind(&error);
  if (port < 0) {
    std::cerr << "gocount: " << error << "\n";
    return 1;
  }
  const std::string host = options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  const std::string url = fmt::format("http://{}:{}/", host == "0.0.0.0" ? "127.0.0.1" : host, port);
  std::cout << "gocount serve: open " << url << " (Ctrl-C to stop)" << std::endl;
  if (open_page && std::system(("xdg-open '" + url + "' >/dev/null 2>&1 &").c_str()) != 0)
    std::cerr << "gocount: could not open a browser; open " << url << " yourself\n";
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    server.stop();
  });
  server.run();
  pthread_kill(waiter.native_handle(), SIGTERM);  // stopped otherwise: release the waiter
  waiter.join();
  return 0;
}
#else
// gocount-serve, the command with the web server in (serve.h): beside this
// program (the build tree), else where it is installed.
std::vector<fs::path> serve_programs() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  const fs::path dir = ec ? fs::path(".") : self.parent_path();
  return {dir / "gocount-serve", (dir / GOCOUNT_SERVE_FROM_BIN).lexically_normal()};
}

// The options are checked: gocount-serve runs with the same arguments, in
// this process's place (its signals, its exit status).
int run_serve(char** argv) {
  const std::vector<fs::path> programs = serve_programs();
  for (const fs::path& p : programs)
    if (access(p.c_str(), X_OK) == 0) {
      execv(p.c_str(), argv);
      std::cerr << "gocount: cannot run " << p.string() << ": " << std::strerror(errno) << "\n";
      return 1;
    }
  std::cerr << "gocount: serve runs gocount-serve, installed with gocount, and it is neither "
            << programs[0].string() << " nor " << programs[1].string() << "\n";
  return 1;
}
#endif

struct KeyArgs {
  BoardArgs board;
  std::optional<double> tie_breaker;

  void add(CLI::App* app) {
    board.add(app);
    app->add_option("--tie-breaker", tie_breaker, "Komi of no-komi and handicap games (default: the rules')")
        ->check(number_read(-kMaxKomi, kMaxKomi));
  }
};

int run_keynumbers(const KeyArgs& k, const CountArgs& args) {
  const Options options = args.options();
  if (std::string e = problem_with(options); !e.empty()) return usage_error(e);
  try {
    const auto [width, height] = k.board.board(std::nullopt);  // the command asks for a board (the server: 19x19)
    const KeyNumbers table = key_numbers(width, height, options, k.board.non_scoring, k.tie_breaker, Names::options);
    return print(args.format == "json" ? table.json + "\n" : table.text);
  } catch (const Error& e) {  // a board, a number out of range, a komi no game on the board can overcome
    return usage_error(e.what());
  }
}

// gocount gtp: GTP on standard input and output until quit or the end of input.
int run_gtp(const CountArgs& args) {
  std::optional<gtp::Engine> engine;
  try {
    engine.emplace(args.options());
  } catch (const Error& e) {
    return usage_error(e.what());
  }
  std::signal(SIGPIPE, SIG_IGN);  // a controller gone: the write fails and the engine ends
  std::ios::sync_with_stdio(false);
  gtp::serve(*engine, std::cin, std::cout);
  return 0;
}

// Where a parse error sends the user: the help of the subcommand it is in.
std::string help_command(CLI::App& app) {
  const std::vector<CLI::App*> parsed = app.get_subcommands();
  return parsed.empty() ? "gocount --help" : "gocount " + parsed.front()->get_name() + " --help";
}

// Edits from a to b, a swap of two neighbours counting as one ("scroe").
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// "unknown command 'scroe' (commands: ...); did you mean score?", or "" for a
// command gocount has. CLI11 alone says only that a subcommand is required.
// The suggestion is a command within two edits, or one the text begins.
// "score, compare, ...": every command, in the order of the help.
std::string command_names(CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

std::string unknown_command(CLI::App& app, std::string_view typed) {
  std::string nearest;
  size_t best = 3;  // suggest within two edits
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name() == typed) return "";
    const bool prefix = typed.size() >= 2 && sub->get_name().starts_with(typed);
    if (const size_t d = prefix ? 1 : edit_distance(typed, sub->get_name()); d < best) {
      best = d;
      nearest = sub->get_name();
    }
  }
  return fmt::format("unknown command '{}' (commands: {}){}", typed, command_names(app),
                     nearest.empty() ? "" : "; did you mean " + nearest + "?");
}

// A name no command has but a file may: a folder, a dot or a backslash in it
// ("games/x.sgf").
bool looks_like_path(std::string_view arg) { return arg.find_first_of("/.\\") != std::string_view::npos; }

// "games/x.sgf: no such file or folder, nor a command (commands: ...)": a
// path mistyped is named as the path it was meant to be.
std::string missing_path(CLI::App& app, std::string_view typed) {
  return fmt::format("{}: no such file or folder, nor a command (commands: {})", shown_path(typed), command_names(app));
}

// An argument that CLI11 refused as an option but that names a file: it
// begins with '-', and has a dot or a slash or exists ("A subcommand is
// required" said nothing of it). The line saying how to name it, or "".
std::string dash_file(CLI::App& app, int argc, char** argv) {
  const std::vector<CLI::App*> parsed = app.get_subcommands();
  CLI::App* in = parsed.empty() ? &app : parsed.front();
  const std::string command = parsed.empty() ? "score" : in->get_name();
  const std::string refused_by = parsed.empty() ? "gocount" : "gocount " + command;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--") break;
    std::error_code ec;
    if (a.size() < 2 || a[0] != '-' || a[1] == '-' || read_number(a, -1e300, 1e300, false) ||
        in->get_option_no_throw(a.substr(0, 2)) || !(looks_like_path(a) || fs::exists(a, ec)))
      continue;
    return fmt::format("{}: read as an option, and {} has none by that name; to name a file that begins with '-', "
                       "write ./{} or gocount {} -- {}",
                       shown_path(a), refused_by, a, command, a);
  }
  return "";
}

// A file or folder by that name exists (not an option), or "-" (standard input).
bool is_path(const std::string& arg) {
  std::error_code ec;
  return arg == "-" || (!arg.empty() && arg[0] != '-' && fs::exists(arg, ec));
}

// Every subcommand: its options, bound to the fields below, in the order
// their help lists them; run() runs the one parsed.
class Commands {
 public:
  explicit Commands(CLI::App& app) {
    add_score(app);
    add_compare(app);
    add_tally(app);
    add_keynumbers(app);
    add_serve(app);
    add_gtp(app);
    rules_ = app.add_subcommand("rules", "The rule sets and what each one says");
    add_format_option(rules_, rules_format_, {"text", "json"});
  }

  int run(int argc, char** argv) {
    if (score_->parsed()) {
      std::string command = "gocount";
      for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
      bulk_.format_given = score_->get_option("--format")->count() > 0;
      return run_score(score_in_, score_args_, bulk_, svg_steps_, color_, {.brief = brief_, .explain = explain_},
                       command);
    }
    if (compare_->parsed()) return run_compare(compare_in_, compare_args_);
    if (tally_->parsed()) return run_tally(tally_in_, tally_args_);
    if (keynumbers_->parsed()) return run_keynumbers(keys_, key_args_);
#ifdef GOCOUNT_SERVE_BUILT_IN
    if (serve_->parsed()) return run_serve(serve_options_, open_page_);
#else
    if (serve_->parsed()) return run_serve(argv);
#endif
    if (gtp_->parsed()) return run_gtp(gtp_args_);
    if (rules_->parsed()) return print(rules_format_ == "json" ? rule_sets_json() + "\n" : rule_sets_text());
    return 2;
  }

 private:
  void add_score(CLI::App& app) {
    CLI::App* sc = score_ = app.add_subcommand("score", "Score finished games (SGF records or text diagrams)");
    score_in_.add(sc);
    score_args_.add_rules(sc);
    score_args_.add_komi(sc, "Komi (default: the record's KM, else the rules')");
    score_args_.add_overrides(sc);
    score_args_.add_seki_dead_prisoners(sc);
    score_args_.add_territory(sc);
    score_args_.add_seki_fill(sc);
    score_args_.add_estimate(sc);
    score_args_.add_methods(sc);
    score_args_.add_format(sc, {"text", "json", "csv", "diagram", "svg", "png"});
    sc->add_flag("--steps", svg_steps_,
                 "With --format svg or png: one picture per counting step, each a file in the directory -o names");
    score_args_.add_output(sc,
                           "Write what --format produces here instead of standard output: a file; for pictures (svg, "
                           "png) of several games or with --steps, a directory (made if needed), one file each: "
                           "NAME.svg, NAME-1-dead.svg, NAME-g2-1-dead.svg for game 2 of a collection");
    sc->add_option("--color", color_,
                   "With --format diagram: colour the board and its legend: auto (on a terminal, unless NO_COLOR is "
                   "set or TERM is dumb; the default), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    auto* brief_flag = sc->add_flag("--brief", brief_, "One line per game: who wins by how much, under which rules and "
                                                       "komi, and whether it agrees with the record");
    sc->add_flag("--explain", explain_,
                 "Also the judge's reason for each chain, and the algebra of Mathematics of Scoring (area and territory "
                 "scores tied by an identity, each of its terms named)")
        ->excludes(brief_flag);
    bulk_.add(sc);
  }

  void add_compare(CLI::App& app) {
    CLI::App* cmp = compare_ =
        app.add_subcommand("compare", "One game under every rule set side by side, differences explained");
    compare_in_.add(cmp);
    compare_args_.add_columns(cmp);
    compare_args_.add_komi(cmp, "Komi (default: the record's KM, else each rule set's default)");
    compare_args_.add_overrides(cmp);
    compare_args_.add_seki_fill(cmp);
    compare_args_.add_estimate(cmp);
    compare_args_.add_format(cmp);
    compare_args_.add_output(cmp, "Write what --format produces to this file instead of standard output");
  }

  void add_tally(CLI::App& app) {
    CLI::App* tl = tally_ = app.add_subcommand("tally", "Count from total points counted by hand (Mays' tables)");
    tally_in_.add(tl);
    tally_args_.add_rules(tl);
    tally_args_.add_komi(tl, "Komi (default: the rules', the tie-breaker with --handicap 1 or more)");
    tally_args_.add_overrides(tl);
    tally_args_.add_methods(tl);
    tally_args_.add_format(tl);
  }

  void add_keynumbers(CLI::App& app) {
    CLI::App* kn = keynumbers_ =
        app.add_subcommand("keynumbers", "Mays' Table 8: key numbers for every handicap, both sides");
    keys_.add(kn);
    key_args_.add_rules(kn);
    key_args_.add_komi(kn, "Komi of the even game (default: the rules')");
    key_args_.add_overrides(kn);
    key_args_.add_format(kn);
  }

  void add_serve(CLI::App& app) {
    CLI::App* sv = serve_ =
        app.add_subcommand("serve", "The web page where a player counts a game by clicking, and the JSON API");
    sv->add_option("--port", serve_options_.port, "Port (0: any free port)")->check(number_in(0, 65535, true));
    sv->add_option("--host", serve_options_.host, "Address to listen on (default: this machine only)");
    sv->add_flag("--open", open_page_, "Open the page in the default browser");
    sv->add_option("--cors", serve_options_.cors,
                   "Let pages from this origin (scheme://host[:port], or '*' for any) call the API from a browser; "
                   "repeatable (default: none, and no CORS headers)")
        ->allow_extra_args(false)
        ->check([](const std::string& origin) { return cors_origin_error(origin); });
  }

  void add_gtp(CLI::App& app) {
    CLI::App* gt = gtp_ = app.add_subcommand(
        "gtp", "A GTP scoring engine on standard input and output, for Sabaki, GoGui and referees (no genmove)");
    gtp_args_.add_rules(gt);
    gtp_args_.add_komi(gt, "Komi until the controller sends one (default: the record's after loadsgf, else the rules')");
    gtp_args_.add_overrides(gt);
    gtp_args_.add_seki_dead_prisoners(gt);
    gtp_args_.add_territory(gt);
    gtp_args_.add_seki_fill(gt);
    gtp_args_.add_estimate(gt);
  }

  CLI::App *score_ = nullptr, *compare_ = nullptr, *tally_ = nullptr, *keynumbers_ = nullptr, *serve_ = nullptr,
           *gtp_ = nullptr, *rules_ = nullptr;
  InputArgs score_in_, compare_in_;
  CountArgs score_args_, compare_args_, tally_args_, key_args_, gtp_args_;
  BulkArgs bulk_;
  bool svg_steps_ = false, brief_ = false, explain_ = false;
  std::string color_ = "auto";
  TallyArgs tally_in_;
  KeyArgs keys_;
  ServeOptions serve_options_;
  bool open_page_ = false;
  std::string rules_format_ = "text";
};

// The arguments as CLI11 takes them: `gocount game.sgf ...` (files or
// folders and no command) is `gocount score game.sgf ...`. Empty, with an
// exit status in `status`, where there is nothing to parse.
std::optional<std::vector<std::string>> arguments(CLI::App& app, int argc, char** argv, int& status) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    app.name(argv[0]);
    std::cout << app.help();
    status = 0;
    return std::nullopt;
  }
  if (args[0][0] != '-' && args[0] != "-")
    if (std::string e = unknown_command(app, args[0]); !e.empty()) {
      if (!is_path(args[0])) {
        status = usage_error(looks_like_path(args[0]) ? missing_path(app, args[0]) : e);
        return std::nullopt;
      }
      args.insert(args.begin(), "score");
    }
  if (std::none_of(args.begin(), args.end(), [&](const std::string& a) { return unknown_command(app, a).empty(); }) &&
      std::any_of(args.begin(), args.end(), is_path))
    args.insert(args.begin(), "score");
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  return args;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"gocount: count a finished game of Go under each rule set, step by step"};
  app.require_subcommand(1);
  app.footer("gocount FILE... with no command scores the files, as gocount score FILE... does.");
  app.set_version_flag("--version", "gocount " + std::string(gtp::kVersion));
  Commands commands(app);
  int status = 0;
  std::optional<std::vector<std::string>> args = arguments(app, argc, argv, status);
  if (!args) return status;
  app.name(argv[0]);  // as parse(argc, argv) would: the help's usage line names it
  try {
    app.parse(*args);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (const std::string file = dash_file(app, argc, argv); !file.empty()) return usage_error(file);
    std::cerr << "gocount: " << e.what() << " (see " << help_command(app) << ")\n";
    return 2;
  }
  return commands.run(argc, argv);
}
