// Layer 6: a count checked against the result written in the record.
//
// When they differ, the conventions gocount knows are tried, most likely
// first, and the first that reproduces the record is named as the cause, a
// kind with its points (report words it): the server counted seki points as
// territory, the players left dead stones on the board (or removed a chain the
// estimate calls alive), another handicap compensation, a game counted by the
// other scoring family, another komi. Every convention is tried: the cause is
// certain only when no other one reproduces the record too. The causes are
// kept here, in one place, for every front end and for the explanations.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/board.h"
#include "count/causes.h"
#include "game/game.h"

namespace gocount {

struct Game;
struct Scored;
struct ScoreRequest;

// What else the user should know about the record, as data (report words it).
struct RecordNote {
  enum class Kind : uint8_t {
    kRead,         // the reader's own note on the record (Game::notes), `read`
    kBeforeEnd,    // the position after move `moves`, before the record's end: its result and marks not used
    kEndUnknown,   // the record cannot be read past move `moves`: its result not compared
    kNoTwoPasses,  // the game did not end with two passes
    kNotACount,    // the recorded result is no count: `why` (the winner compared), or how it was `won`
    kOneStoneCompensated,  // counted as OGS counts: 1 point of handicap compensation for one stone
    kEnclosedTerritory,    // counted as OGS counts: `enclosed` seki eyes, false eyes and teire as territory
    kNoGame,       // no moves and no stones but the handicap: its counted result not compared
  };
  // Why a margin written as a count cannot be one.
  enum class Why : uint8_t { kNone, kWinByZero, kKomiCannotGive, kCannotBeEven };
  using Won = WonBy;  // game.h: how RE says a game was won without a count
  Kind kind;
  ReadNote read{};        // kRead
  int moves = 0;          // kBeforeEnd, kEndUnknown
  Why why = Why::kNone;   // kNotACount
  double komi = 0;        // kNotACount: the record's komi, for kKomiCannotGive and kCannotBeEven
  Won won = Won::kNotTold;
  int enclosed = 0;       // kEnclosedTerritory
  int seki_prisoners = 0; // kEnclosedTerritory: the dead stones inside a seki taken as prisoners with them
};

// How far a cause found for the record can be trusted. bench_defaults'
// control measures it (GOCOUNT_BENCH_FALSE_RESULT): how often each kind
// fits a result moved by a few points, which nobody counted, against how
// often it fits the real ones (docs/contributing/benchmarks.md).
enum class CauseFit : uint8_t {
  kCertain,   // the only convention that reproduces the record, more than two points from our
              // count, of a kind that made-up results seldom fit
  kLikely,    // others reproduce it too, it names several points of which the record counts some,
              // it is within two points of our count, it takes one chain (or all the judge's dead
              // chains) the other way, another scoring family further off, or another komi
              // three points off
  kPossible,  // two chains or more taken the other way, the winner swapped, or another komi or
              // scoring family within two points: made-up results fit so about as often as
              // real ones; a reading for a person to check
};
std::string_view cause_fit_name(CauseFit f);  // "certain", "likely", "possible"

struct RecordCheck {
  std::string recorded;                    // RE as written ("" when none)
  std::optional<double> recorded_margin;   // when RE is a count (> 0: Black), in points
  std::optional<bool> matches;             // nullopt: no counted result to check against
  // RE names a winner but is not a count (Fox's W+0.0): whether the count's
  // winner is the same; nullopt otherwise.
  std::optional<bool> winner_matches;
  std::optional<Cause> cause;              // when it differs and a convention explains it
  // How far `cause` can be trusted; `alternatives` the other conventions
  // that also reproduce the record, `cause` being the likeliest.
  CauseFit cause_fit = CauseFit::kLikely;
  std::vector<Cause> alternatives;
  std::vector<RecordNote> notes;           // what else the user should know about the record
};

// The check of `scored` (scored from `game` with `request`) against the record.
RecordCheck check_record(const Game& game, const Scored& scored, const ScoreRequest& request);
// The same into `out`, its lists' storage kept (none needed when the record
// matches the count, or gives no count).
void check_record(const Game& game, const Scored& scored, const ScoreRequest& request, RecordCheck& out);

}  // namespace gocount
