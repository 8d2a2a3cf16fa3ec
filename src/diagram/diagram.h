// Layer 2: text diagrams, the second input format, for positions without a record.
//
//   # a comment
//   komi: 6.5        # a comment may follow a value or a row, after a blank
//   black-captures: 2
//   X X O . .        one row per line, top row first (SGF row a);
//   x O O . .        X black, O white, . or + empty, x / o stones marked dead;
//   . X O . .        spaces between points are optional.
//
// The board of `score --format diagram` reads back as the same position,
// with its coordinates and the key below it: Z / P are dead stones too, & @
// stones in seki, and its marks of empty points (b w 1 2 f g t u s ^ ?) empty
// points. Other framed diagrams too: column letters above and/or below (GTP's,
// with I, or SGF's), rows numbered at the start (and end), '|' borders and
// "+-----+" frame lines, Sensei's Library's "$$" lines (',' a star point).
// A framed board must show every row down to 1, each numbered; text after
// it is a caption. Points keep gocount's names, not the labels': rows
// numbered from 1 at the top are refused up to 25 columns (GTP's A1 is the
// lower left). What would be misread is refused: a row commented out ('#'
// is IGS's black stone), Sensei's title or numbered moves read as points.
//
// Two engines' GTP showboard, pasted with its "=": GNU Go's, the captures
// beside its rows read ("WHITE (O) has captured 2 stones": white-captures
// 2); KataGo's, from its "MoveNum: 31 HASH: ..." line, the last moves'
// numbers after their points passed over ("X3"), its '@' an empty point,
// the captures below read ("W stones captured: 1": black-captures 1).
//
// Header keys, each at most once: komi, handicap, rules (a name --rules
// takes), black-captures (white stones Black took in play), white-captures,
// black-passes, white-passes, last-pass (black|white; that side's passes,
// when given, not 0). Captures an engine's board states count as given.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgf/parse_error.h"

namespace gocount {

struct Diagram {
  int width = 0, height = 0;
  std::vector<char> cells;  // row-major, top row first: 'X' 'O' '.' 'x' 'o'
  char at(int x, int y) const { return cells[static_cast<size_t>(y) * width + x]; }

  std::optional<double> komi;
  std::optional<int> handicap;
  std::string rules;
  size_t rules_line = 0;  // the line of `rules:` (an unknown name is refused there, where the rule sets are known)
  int black_captures = 0, white_captures = 0;
  int black_passes = 0, white_passes = 0;
  char last_pass = 0;  // 'B', 'W' or 0 when not given
  std::vector<std::string> warnings;  // what looks odd (every stone dead, a seki stone alone); still read
};

// True when the text looks like a diagram rather than an SGF record.
bool looks_like_diagram(std::string_view text);
// Throws ParseError naming the line.
Diagram parse_diagram(std::string_view text);

}  // namespace gocount
