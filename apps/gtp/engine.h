// `gocount gtp`: a GTP version 2 scoring engine. A front end, thin over the
// library: it keeps the state a controller builds through the connection
// (board size, the positions played, komi, rules, the players' marks) and
// asks the library to count. It plays no move (no genmove).
//
// Over the public API only (<gocount/gocount.h>): the position is a
// gocount::Position played on, given handicap stones or read from a record,
// so that final_score equals `gocount score` on a record of the same moves
// with the same rules and komi.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gocount/gocount.h>

namespace gocount::gtp {

// The one version, project()'s (CMake writes it into <gocount/version.h>).
inline constexpr std::string_view kVersion = GOCOUNT_VERSION;
// A command line longer than this is answered with an error, not kept.
inline constexpr size_t kMaxLine = 1 << 20;

// One command's answer before the framing: success ('=') or failure ('?').
struct Reply {
  bool ok = true;
  std::string text;
};

class Engine {
 public:
  // `defaults`: the counting options the connection starts with (the
  // command line's --rules and the like). Throws gocount::Error (a
  // std::invalid_argument) when they do not apply.
  explicit Engine(Options defaults = {});

  // One line as received (without its LF): the framed response ("=12 B+3.5"
  // then an empty line), or "" for a line that is empty once preprocessed.
  std::string handle_line(std::string_view line);
  // The answer to a line cut at kMaxLine: an error, with the line's id.
  std::string too_long(std::string_view start);
  // A command by name with its arguments, the framing aside.
  Reply execute(const std::string& name, const std::vector<std::string>& args);

  bool quit() const { return quit_; }
  const Position& game() const { return history_.back(); }
  // What list_commands names, in its order.
  static std::vector<std::string> command_names();

 private:
  using Args = std::vector<std::string>;
  struct Command {
    std::string_view name;
    Reply (Engine::*run)(const Args&);
    bool no_arguments = false;  // refused with any (undo x undid a move); quit quits whatever follows
  };
  static const std::vector<Command>& table();

  // The commands.
  Reply protocol_version(const Args&);
  Reply name(const Args&);
  Reply version(const Args&);
  Reply known_command(const Args&);
  Reply list_commands(const Args&);
  Reply quit_command(const Args&);
  Reply boardsize(const Args&);
  Reply clear_board(const Args&);
  Reply komi(const Args&);
  Reply get_komi(const Args&);
  Reply play(const Args&);
  Reply undo(const Args&);
  Reply fixed_handicap(const Args&);
  Reply set_free_handicap(const Args&);
  Reply loadsgf(const Args&);
  Reply showboard(const Args&);
  Reply final_score(const Args&);
  Reply final_status_list(const Args&);
  Reply get_rules(const Args&);
  Reply set_rules(const Args&);
  Reply mark_dead(const Args&);
  Reply mark_alive(const Args&);
  Reply unmark(const Args&);
  Reply count(const Args&);
  Reply compare(const Args&);
  Reply score_json(const Args&);
  Reply analyze_commands(const Args&);
  Reply gfx(const Args&);
  Reply sboard(const Args&);
  Reply ownership(const Args&);
  Reply ownership_board(const Args&);

  using Chains = std::vector<std::vector<std::string>>;

  RuleSet rules() const;                // the rules counted under (and whether suicide is legal)
  bool board_empty() const;
  void reset(Position p);               // a new start: p is the only position
  void position_changed();              // the marks and the count no longer hold
  Options counting(Options o) const;    // options + the players' marks
  const Result& scored();               // the count of the position (quick), kept until something changes
  Result scored_in_full() const;        // with the record check and the other scoring, as gocount score
  Reply mark(const Args& a, bool dead);
  template <class Stones>
  Reply with_handicap(const Stones& stones);
  std::string not_a_point(std::string_view s) const;

  Options options_;                  // rules (kata-set-rules) and the other counting options
  std::optional<double> komi_;       // the komi command's, else the record's; unset: the rules'
  int width_ = 19, height_ = 19;     // for clear_board
  std::vector<Position> history_;    // the positions, oldest first; undo goes back one
  Chains dead_, alive_;              // the players' marks: each chain's stones
  std::optional<Result> scored_;
  bool quit_ = false;
};

// GTP's preprocessing of one line: control characters other than HT dropped
// (CR among them), the comment from '#' on cut off, HT turned into a space,
// blank space at both ends trimmed.
std::string preprocess(std::string_view line);

// Reads commands from `in` until `quit` or the end of input, answering each on
// `out` (flushed after each). Returns when `out` fails too.
void serve(Engine& engine, std::istream& in, std::ostream& out);

}  // namespace gocount::gtp
