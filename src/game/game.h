// Layer 3: a game replayed to its final position, with what counting needs:
// prisoners, passes, who passed last, handicap stones, stones marked dead.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "board/board.h"
#include "diagram/diagram.h"
#include "game/info.h"
#include "sgf/sgf.h"

namespace gocount {

// What was read as the record's server writes it, not as SGF says, as data
// (report words it: "Fox's KM[650] read as 6.5: Fox writes komi x100").
struct ReadNote {
  enum class Kind : uint8_t {
    kNoKomi,             // no KM: no komi, as servers such as OGS write a game without komi
    kFoxKomiScaled,      // Fox's KM[`written`] read as `value` (x100; in stones x100 under Chinese rules)
    kFoxKomiZero,        // Fox's KM[0] on an even game read as `value`, the komi Fox plays
    kFoxResultInStones,  // RE[`re`], in stones, read as `value` (> 0: Black) points
    kHandicapPlaced,     // HA[`n`] with no stones placed: gocount puts them on `points`
    kHandicapStones,     // HA[`n`] in a root whose setup places `stones` black stones (and no white): n counted
    kNngsRules,          // no RU in an NNGS record: Japanese rules, by which NNGS counted
    kTygemRules,         // no RU in a Tygem record: Korean rules, by which Tygem counts
  };
  Kind kind = Kind::kNoKomi;
  double written = 0, value = 0;
  bool chinese = false;         // Fox's komi and results under Chinese rules
  std::string re;               // kFoxResultInStones
  int n = 0;                    // kHandicapPlaced, kHandicapStones
  int stones = 0;               // kHandicapStones
  bool star_points = false;     // kHandicapPlaced: the star points no move plays on, not the standard points
  bool fox = false;             // kHandicapPlaced: Fox records leave them out
  std::vector<Vertex> points;   // kHandicapPlaced
};

// record_hash() of a record's text: 16 hex digits (FNV-1a, 64 bits) held in
// place, "" when not set (a std::string of 16 characters is one past
// libstdc++'s short-string buffer: a heap block a record).
class RecordHash {
 public:
  RecordHash() = default;
  explicit RecordHash(uint64_t h);
  std::string_view text() const { return {digits_.data(), size_}; }
  friend bool operator==(const RecordHash&, const RecordHash&) = default;

 private:
  std::array<char, 16> digits_{};
  uint8_t size_ = 0;
};
// Line ends read alike.
RecordHash record_hash(std::string_view record_text);

struct Game {
  Board board{1, 1};                // final position
  std::optional<double> komi;       // KM (0 when a record has none); a diagram may leave it unset
  std::optional<ReadNote> komi_note;  // where the komi came from when not plainly KM (Fox's x100, no KM)
  bool komi_assumed = false;        // the komi is the one the server plays, not the record's (Fox's KM[0], no KM)
  int handicap = 0;                 // HA, else the number of black setup stones in the root
  std::string rules;                // RU (or the diagram's rules header), as written
  size_t rules_line = 0;            // a diagram's: the line of its rules header, for a refusal
  std::optional<ReadNote> rules_note;  // no RU, and the rules are the server's (NNGS's, Tygem's): see record_rules
  std::string result;               // RE, as written
  GameInfo info;                    // who played, when and where (none for a diagram)
  std::array<int, 2> captures{};    // stones captured during play by Black [0] and White [1]
  std::array<int, 2> passes{};      // passes by Black [0] and White [1]
  Color last_pass = Color::kEmpty;  // who made the last pass (kEmpty: nobody passed)
  Color last_mover = Color::kEmpty; // who made the last move, pass or play (kEmpty: no moves)
  int moves = 0;                    // moves played, passes included
  bool diagram = false;             // read from a text diagram (no moves)
  bool fox = false;                 // written by the Fox server (AP[foxwq], or its KM written x100)
  bool ogs = false;                 // written by OGS (PC[OGS: https://online-go.com/game/...])
  double result_unit = 1;           // points per unit of RE: 2 where Fox writes it in stones (Chinese rules)
  std::vector<Vertex> marked_dead;  // stones the record marks dead (TB/TW, lower-case diagram stones)
  bool has_marks = false;           // the record marks the end position (TB/TW in the last node, lower-case stones)
  int final_passes = 0;             // passes in a row at the end of the main line
  int setup_balance = 0;            // black minus white stones put on (or taken off) by setup, not by moves
  bool handicap_set_up = false;     // the handicap stones are the root's black setup stones
  bool handicap_placed = false;     // HA's stones, left out by the record, put on the board by gocount (notes say where)
  std::vector<std::string> warnings;  // what was read leniently or looks odd; the game is still scored
  // What was read as the record's server writes it, not as SGF says
  // (handicap stones left out, Fox's results in stones).
  std::vector<ReadNote> notes;
  // Replayed to a move before the record's end (ReplayOptions::moves): its
  // marks and its result belong to the end, not to this position.
  bool before_end = false;
  // The record cannot be read on past move `moves` (a Fox record playing
  // onto a stone; a warning says why): its result is for an end not reached.
  bool end_unknown = false;
  // record_hash() of the record's own text (the game's bytes in its
  // collection, or the whole diagram): a changed record is a new record
  // (`--resume`). Set by GameSource; "" otherwise.
  RecordHash record_hash;
};

// A problem with a record's content (a bad property value or an illegal move):
// where it is (byte offset of the node, move number when there is one) and what.
class GameError : public std::runtime_error {
 public:
  GameError(const std::string& message, size_t offset, int move)
      : std::runtime_error(message), offset(offset), move(move) {}
  size_t offset;
  int move;  // 0 when the problem is not a move
};

struct ReplayOptions {
  bool allow_suicide = false;
  // Stop after this many moves (passes included) of the main line: the
  // position a player steps to. More moves than the record has is an error.
  std::optional<int> moves;
};

// The record's board size (SZ, default 19): the root's SZ, else one in a
// node of the main line before the game's first move or setup (an empty or
// FF/GM-only root; a warning says so). Throws GameError.
std::pair<int, int> board_size(const sgf::GameTree& tree);
// The node of the main line that holds the game's game-info properties (KM,
// HA, RU, RE, PB, PW, ...: FF[4]'s game-info type): the root where it has
// any, as nearly every record has them; else the first node of the main line
// that has one (FF[4] keeps a game's info where its line parts from the
// other games of a merged tree, ff4_ex.sgf); else the root.
uint32_t game_info_node(const sgf::GameTree& tree);
// The first value of a root property, or "": for a game-info property (FF[4]
// type, as KM, RE, RU, PB), of the game-info node (game_info_node).
std::string_view root_value(const sgf::GameTree& tree, std::string_view id);
// The rules a game was played under: its RU, else the rules its server
// counted by where the record names none (rules_note says so), else "".
std::string_view record_rules(const Game& g);
// "B+3.5" -> 3.5, "W+12" -> -12, "0", "Draw", "Jigo" -> 0, and the same
// in Japanese, Chinese and Korean words (黒1目半勝ち, 黑胜3/4子, 흑 1집반 승:
// result.cpp); nullopt when RE is not a count (resignation "W+R", 中押し勝ち,
// time "B+T", forfeit, "?", empty).
std::optional<double> parse_result(std::string_view re);
// How a result that is no count says the game was won: "W+R", "B+Resign",
// 中押し勝ち, 中盘胜, 불계승 a resignation; "B+T", 時間切れ a loss on time;
// "W+F" a forfeit.
enum class WonBy : uint8_t { kNotTold, kResignation, kTime, kForfeit };
WonBy won_by(std::string_view re);
// Replays the main line. Throws GameError.
Game replay(const sgf::GameTree& tree, const ReplayOptions& options = {});
// The same into `into`, every field set afresh but its storage kept (the
// board's block, the lists, the strings): a worker that replays record after
// record into one Game needs no heap once warm. Throws GameError (`into` is
// then left part-filled).
void replay(const sgf::GameTree& tree, const ReplayOptions& options, Game& into);
Game from_diagram(const Diagram& diagram);

// A game built move by move, as a GTP engine keeps it: the same counts
// (prisoners, passes, who moved and passed last, handicap) that replay keeps
// for a record of the same moves.
//
// An empty board, no moves, komi unset (the rules' default).
Game new_game(int width, int height);
// The standard points of `n` handicap stones (GTP's fixed placement: the
// 3rd line, the 4th from 12x12 up; corners, then sides, the centre for an odd
// number): up to 9 on odd square boards from 9x9, 4 on other square boards
// from 7x7. Empty when `n` cannot be placed so; `max` (when given) gets the most.
std::vector<Vertex> standard_handicap_points(const Board& b, int n, int* max = nullptr);
// Black handicap stones on the board before the first move, as a record's HA
// and root AB put them. The caller checks the board is empty and the points
// distinct.
void set_handicap(Game& g, std::span<const Vertex> stones);
// One more move by `c` at `v` (kPass: a pass). When it is legal it is played,
// counted, and the record's result and end marks are dropped (they describe
// another position); otherwise the game is left as it was and the reason
// returned (kOffBoard for a point not on this board).
MoveError play_move(Game& g, Color c, Vertex v, bool allow_suicide);

}  // namespace gocount
