// Text diagrams: headers, rows, comments, dead stones, and errors with lines.

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "analysis/tally.h"
#include "diagram/diagram.h"
#include "game/game.h"
#include "report/report.h"
#include "rules/rules.h"

namespace gocount {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::string rows_of(const Diagram& d) {
  std::string s;
  for (int y = 0; y < d.height; ++y) {
    for (int x = 0; x < d.width; ++x) s += d.at(x, y);
    s += '\n';
  }
  return s;
}

// Parses text that must fail; returns the error.
ParseError error_of(const std::string& text) {
  try {
    parse_diagram(text);
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return ParseError("no error", 0, 0);
}

// Text (or a header line) that must fail, and the words of its error.
struct Case {
  const char* text;
  const char* words;
};

bool mentions(const ParseError& e, const std::string& words) {
  return std::string(e.what()).find(words) != std::string::npos;
}

// ---------------------------------------------------------------- reading

TEST(Diagram, RowsAndCells) {
  const Diagram d = parse_diagram(
      "X X O . .\n"
      "x O O . .\n"
      ". X O + o\n");
  EXPECT_EQ(d.width, 5);
  EXPECT_EQ(d.height, 3);
  ASSERT_EQ(d.cells.size(), 15u);
  EXPECT_EQ(rows_of(d), "XXO..\nxOO..\n.XO.o\n");  // '+' is read as '.'
  EXPECT_EQ(d.at(0, 1), 'x');  // dead stones stay lower case
  EXPECT_EQ(d.at(4, 2), 'o');
  EXPECT_EQ(d.at(2, 0), 'O');
  EXPECT_EQ(d.at(3, 2), '.');
  // Nothing given: defaults.
  EXPECT_FALSE(d.komi.has_value());
  EXPECT_FALSE(d.handicap.has_value());
  EXPECT_EQ(d.rules, "");
  EXPECT_EQ(d.black_captures, 0);
  EXPECT_EQ(d.white_captures, 0);
  EXPECT_EQ(d.black_passes, 0);
  EXPECT_EQ(d.white_passes, 0);
  EXPECT_EQ(d.last_pass, 0);
}

// The symbols of `score --format diagram` read back: Z / P dead stones, & @
// stones in seki (living), the marks of empty points empty; a row may start
// with '&' (only '#' starts a comment).
TEST(Diagram, SymbolsOfThePrintedDiagram) {
  const Diagram d = parse_diagram(
      "& @ s 1 2 f g\n"
      "X O Z P b w .\n"
      "t u ^ ? X O .\n");
  EXPECT_EQ(rows_of(d), "XO.....\nXOxo...\n....XO.\n");
}

TEST(Diagram, AllHeaders) {
  const Diagram d = parse_diagram(
      "komi: 6.5\n"
      "handicap: 2\n"
      "rules: japanese\n"
      "black-captures: 3\n"
      "white-captures: 14\n"
      "black-passes: 1\n"
      "white-passes: 2\n"
      "last-pass: white\n"
      "X O\n"
      "O X\n");
  ASSERT_TRUE(d.komi.has_value());
  EXPECT_DOUBLE_EQ(*d.komi, 6.5);
  ASSERT_TRUE(d.handicap.has_value());
  EXPECT_EQ(*d.handicap, 2);
  EXPECT_EQ(d.rules, "japanese");
  EXPECT_EQ(d.black_captures, 3);
  EXPECT_EQ(d.white_captures, 14);
  EXPECT_EQ(d.black_passes, 1);
  EXPECT_EQ(d.white_passes, 2);
  EXPECT_EQ(d.last_pass, 'W');
  EXPECT_EQ(d.width, 2);
  EXPECT_EQ(d.height, 2);
}

TEST(Diagram, HeaderValuesAndSpacing) {
  const Diagram d = parse_diagram(
      "  komi :   -3.5  \n"
      "last-pass:black\r\n"
      "black-passes:1\n"
      "handicap: 0\n"
      "rules:   New Zealand  \n"
      "X\n");
  EXPECT_DOUBLE_EQ(d.komi.value(), -3.5);
  EXPECT_EQ(d.last_pass, 'B');
  EXPECT_EQ(d.handicap.value(), 0);
  EXPECT_EQ(d.rules, "New Zealand");  // as written; the rules resolve it as --rules does
  EXPECT_EQ(d.width, 1);
  EXPECT_EQ(d.height, 1);
  EXPECT_DOUBLE_EQ(parse_diagram("komi: 0\nX\n").komi.value(), 0.0);
  EXPECT_DOUBLE_EQ(parse_diagram("komi: 7\nX\n").komi.value(), 7.0);
  EXPECT_DOUBLE_EQ(parse_diagram("komi: +6.5\nX\n").komi.value(), 6.5);  // as people write it
  EXPECT_DOUBLE_EQ(parse_diagram("komi: -3\nX\n").komi.value(), -3.0);
}

TEST(Diagram, SpacesBetweenPointsAreOptional) {
  const Diagram a = parse_diagram("XXO..\nxOO..\n");
  const Diagram b = parse_diagram("X X O . .\nx\tO  O . .\n");
  const Diagram c = parse_diagram("   XX O..  \r\n\txO O. .\r\n");
  EXPECT_EQ(a.width, 5);
  EXPECT_EQ(b.width, 5);
  EXPECT_EQ(c.width, 5);
  EXPECT_EQ(a.cells, b.cells);
  EXPECT_EQ(a.cells, c.cells);
}

TEST(Diagram, CommentsAndBlankLines) {
  const Diagram d = parse_diagram(
      "# game of the week\n"
      "\n"
      "komi: 7.5\n"
      "   # indented comment\n"
      "X O .\n"
      "\n"
      "# between rows\n"
      ". O X\n"
      "# after the rows\n"
      "\n");
  EXPECT_EQ(d.height, 2);
  EXPECT_EQ(rows_of(d), "XO.\n.OX\n");
  EXPECT_DOUBLE_EQ(d.komi.value(), 7.5);
}

// A comment may end a header line or a row, after a blank; a whole-line
// comment inside a framed board does not end it.
TEST(Diagram, TrailingComments) {
  const Diagram d = parse_diagram(
      "komi: 6.5\t# even game: no handicap\n"
      "last-pass: white #\n"
      "white-passes: 1\n"
      "X O .   # a: b\n"
      ". O X\t#\n");
  EXPECT_DOUBLE_EQ(d.komi.value(), 6.5);
  EXPECT_EQ(d.last_pass, 'W');
  EXPECT_EQ(rows_of(d), "XO.\n.OX\n");
  EXPECT_EQ(rows_of(parse_diagram("  A B # letters\n2 X O 2  # row 2\n# between\n1 . X\n")), "XO\n.X\n");
  // No blank before it: no comment, a stray character.
  EXPECT_EQ(error_of("X O.#\n").column, 5u);
  EXPECT_TRUE(mentions(error_of("komi: 6.5# c\nX\n"), "komi must be a number"));
}

// The example of docs/guide/counting-a-game.md, "Text diagrams", as it stands there.
TEST(Diagram, TheGuidesExample) {
  std::ifstream in(GOCOUNT_SOURCE_DIR "/docs/guide/counting-a-game.md");
  const std::string guide{std::istreambuf_iterator<char>(in), {}};
  const size_t section = guide.find("### Text diagrams");
  ASSERT_NE(section, std::string::npos);
  const size_t from = guide.find("```\n", section) + 4;
  const std::string text = guide.substr(from, guide.find("```\n", from) - from);
  ASSERT_NE(text.find("black-captures: 1        # white stones Black captured"), std::string::npos) << text;
  const Diagram d = parse_diagram(text);
  EXPECT_EQ(rows_of(d), ".X..XO...\nX...XO...\n.o..XO.x.\n");
  EXPECT_DOUBLE_EQ(d.komi.value(), 6.5);
  EXPECT_EQ(d.rules, "japanese");
  EXPECT_FALSE(d.handicap.has_value());
  EXPECT_EQ(d.black_captures, 1);
  EXPECT_EQ(d.white_captures, 0);
  EXPECT_EQ(d.black_passes, 1);
  EXPECT_EQ(d.white_passes, 1);
  EXPECT_EQ(d.last_pass, 'B');
}

TEST(Diagram, NoFinalNewlineAndUtf8Bom) {
  EXPECT_EQ(rows_of(parse_diagram("X.\n.O")), "X.\n.O\n");
  const Diagram d = parse_diagram("\xEF\xBB\xBFkomi: 5\nX.\n");
  EXPECT_DOUBLE_EQ(d.komi.value(), 5.0);
  EXPECT_EQ(d.width, 2);
}

// Lines may end in LF, CR LF or a lone CR (old Mac files): each is one line,
// for the rows, the headers and the line numbers of errors alike.
TEST(Diagram, AnyLineEnding) {
  const std::string lf = "# c\nkomi: 6.5\nblack-captures: 2\nX X O\nx O .\n";
  const Diagram a = parse_diagram(lf);
  for (const std::string_view end : {"\r", "\r\n"}) {
    std::string text;
    for (char c : lf) text += c == '\n' ? end : std::string(1, c);
    const Diagram b = parse_diagram(text);
    EXPECT_EQ(b.width, 3);
    EXPECT_EQ(b.height, 2);
    EXPECT_EQ(b.cells, a.cells);
    EXPECT_DOUBLE_EQ(b.komi.value(), 6.5);
    EXPECT_EQ(b.black_captures, 2);
    EXPECT_TRUE(looks_like_diagram(text));
  }
  EXPECT_EQ(rows_of(parse_diagram("X.\r.O\r\nOX\n\r")), "X.\n.O\nOX\n");  // mixed, a blank line last
  EXPECT_EQ(error_of("X O\r\rX\r").line, 3u);
  EXPECT_TRUE(mentions(error_of("X O\r\rX\r"), "row has 1 points, the first row (line 1) has 2"));
}

TEST(Diagram, LargestBoard) {
  std::string text;
  for (int y = 0; y < 52; ++y) text += std::string(52, y % 2 ? 'X' : '.') + "\n";
  const Diagram d = parse_diagram(text);
  EXPECT_EQ(d.width, 52);
  EXPECT_EQ(d.height, 52);
  EXPECT_EQ(d.at(51, 51), 'X');
  EXPECT_EQ(d.at(51, 50), '.');
}

// ---------------------------------------------------------------- errors

TEST(DiagramErrors, UnknownHeader) {
  const ParseError e = error_of("komi: 6.5\nsize: 9\nX .\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 0u);
  EXPECT_TRUE(mentions(e, "unknown header 'size'")) << e.what();
  EXPECT_EQ(std::string(e.what()).rfind("line 2: ", 0), 0u) << e.what();
  // Keys are case-sensitive and spelled with hyphens.
  EXPECT_TRUE(mentions(error_of("Komi: 6.5\nX\n"), "unknown header 'Komi'"));
  EXPECT_TRUE(mentions(error_of("black captures: 2\nX\n"), "unknown header 'black captures'"));
}

TEST(DiagramErrors, HeaderGivenTwice) {
  EXPECT_EQ(std::string(error_of("komi: 6.5\nkomi: 7.5\nX . O\n").what()), "line 2: komi given twice, on lines 1 and 2");
  EXPECT_EQ(std::string(error_of("rules: aga\n# c\nkomi: 0\n rules : aga\nX\n").what()),
            "line 4: rules given twice, on lines 1 and 4");
}

TEST(DiagramErrors, BadNumbers) {
  for (const Case& c : {Case{"\nhandicap: two\nX\n", "handicap must be a whole number"},
                        Case{"\nhandicap: -1\nX\n", "handicap must be a whole number"},
                        Case{"\nblack-captures: 3.5\nX\n", "black-captures must be a whole number"},
                        Case{"\nwhite-captures: 1e2\nX\n", "white-captures must be a whole number"},
                        Case{"\nblack-passes:\nX\n", "black-passes must be a whole number"},
                        Case{"\nwhite-passes: 2 3\nX\n", "white-passes must be a whole number"},
                        Case{"\nkomi: abc\nX\n", "komi must be a number"},
                        Case{"\nkomi: 6.5pts\nX\n", "komi must be a number"},
                        Case{"\nkomi: inf\nX\n", "komi must be a number"},
                        Case{"\nkomi: 5000\nX\n", "komi must be a number"},
                        Case{"\nkomi: +\nX\n", "komi must be a number"},
                        Case{"\nkomi: ++6\nX\n", "komi must be a number from -1000 to 1000, not '++6'"},
                        Case{"\nkomi:\nX\n", "komi must be a number"},
                        Case{"\nlast-pass: nobody\nX\n", "last-pass must be 'black' or 'white'"}}) {
    const ParseError e = error_of(c.text);
    EXPECT_EQ(e.line, 2u) << c.text;
    EXPECT_TRUE(mentions(e, c.words)) << c.text << " -> " << e.what();
  }
}

// Captures and passes at most 4 per point of the board, a handicap at most
// one stone per point: more would overflow the count (2147483647 captures
// gave W+2147483647.5). The error names the header's line, read before the
// board's size is known.
TEST(DiagramErrors, CountsPastTheBoard) {
  for (const Case& c : {Case{"black-captures: 2147483647", "black-captures 2147483647 is more than a 3x2 board allows (at most 24)"},
                        Case{"white-captures: 25", "white-captures 25 is more than a 3x2 board allows (at most 24)"},
                        Case{"black-passes: 1000", "black-passes 1000 is more than a 3x2 board allows (at most 24)"},
                        Case{"white-passes: 25", "white-passes 25 is more than a 3x2 board allows (at most 24)"},
                        Case{"handicap: 7", "handicap 7 is more than a 3x2 board allows (at most 6)"}}) {
    const ParseError e = error_of(std::string("# c\nkomi: 0\n") + c.text + "\nX X O\n. O .\n");
    EXPECT_EQ(e.line, 3u) << c.text;
    EXPECT_EQ(std::string(e.what()), std::string("line 3: ") + c.words);
  }
  const Diagram d = parse_diagram("black-captures: 24\nwhite-passes: 24\nhandicap: 6\nX X O\n. O .\n");
  EXPECT_EQ(d.black_captures, 24);
  EXPECT_EQ(d.white_passes, 24);
  EXPECT_EQ(d.handicap.value(), 6);
  // Past int: refused while read.
  EXPECT_TRUE(mentions(error_of("black-captures: 2147483648\nX\n"), "black-captures must be a whole number"));
}

// A komi that is not a finite number from -1000 to 1000, with its line.
TEST(DiagramErrors, KomiNotFiniteOrOutOfRange) {
  for (const char* komi : {"nan", "NaN", "inf", "-inf", "infinity", "1e400", "1001", "-1000.5", "6.5x"}) {
    const ParseError e = error_of(std::string("# c\nkomi: ") + komi + "\nX\n");
    EXPECT_EQ(std::string(e.what()), std::string("line 2: komi must be a number from -1000 to 1000, not '") + komi + "'");
  }
  EXPECT_DOUBLE_EQ(parse_diagram("komi: -1000\nX\n").komi.value(), -1000.0);
}

// "rules:" with nothing after it counted under the default rules, as if
// the line were not there.
TEST(DiagramErrors, RulesEmpty) {
  for (const char* text : {"komi: 6.5\nrules:\nX\n", "komi: 6.5\nrules:     # japanese?\nX\n"}) {
    const ParseError e = error_of(text);
    EXPECT_EQ(e.line, 2u) << text;
    EXPECT_EQ(std::string(e.what()), "line 2: rules: is empty; give a rule set: " + rule_names() +
                                         " (or leave the line out for the default)");
  }
}

// Who passed last has passed: "last-pass: black" with "black-passes: 0" was
// taken, "Passes: Black 0, White 0, Black passed last" printed.
TEST(DiagramErrors, LastPassByASideThatNeverPassed) {
  EXPECT_EQ(std::string(error_of("last-pass: black\nblack-passes: 0\nX\n").what()),
            "line 2: last-pass: black and black-passes: 0, on lines 1 and 2: the side that passed last passed at "
            "least once");
  const ParseError e = error_of("white-passes: 0\n# c\nblack-passes: 2\nlast-pass: white\nX\n");
  EXPECT_EQ(e.line, 4u);
  EXPECT_TRUE(mentions(e, "last-pass: white and white-passes: 0, on lines 1 and 4")) << e.what();
  // The side's passes not given: asked for (it printed "Black 0 ... Black passed last").
  EXPECT_EQ(std::string(error_of("komi: 6.5\nlast-pass: black\nX\n").what()),
            "line 2: last-pass: black without black-passes: give how many times Black passed (1 or more)");
  // The other side's passes contradict nothing.
  EXPECT_EQ(parse_diagram("last-pass: black\nwhite-passes: 0\nblack-passes: 1\nX\n").black_passes, 1);
}

// A second board pasted below the first was read as its caption: only the
// first was counted, without a word.
TEST(DiagramErrors, ASecondBoardBelowTheFirst) {
  const ParseError e = error_of(
      "   A B C\n 3 . X O\n 2 X X O\n 1 . X O\n   A B C\nAfter the game\n\n   A B C\n 3 . X .\n 2 X X O\n 1 . X O\n");
  EXPECT_EQ(e.line, 8u);
  EXPECT_EQ(std::string(e.what()), "line 8: a second board begins here, after the board of lines 2-4: give one board a file");
  // A caption, and gocount's own key below its board, are no board.
  EXPECT_EQ(parse_diagram("   A B\n 2 X O\n 1 X O\n   A B\nAfter the game: B+3\n").height, 2);
}

TEST(DiagramErrors, RowsOfDifferentWidths) {
  const ParseError e = error_of(
      "komi: 6.5\n"
      "X X .\n"
      "X X . O\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 0u);
  EXPECT_TRUE(mentions(e, "row has 4 points, the first row (line 2) has 3")) << e.what();
  const ParseError shorter = error_of("X X .\n\n# c\nX X\n");
  EXPECT_EQ(shorter.line, 4u);
  EXPECT_TRUE(mentions(shorter, "row has 2 points")) << shorter.what();
}

TEST(DiagramErrors, BadCharacterWithColumn) {
  {
    const ParseError e = error_of("X O .\nX % .\n");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 3u);
    EXPECT_TRUE(mentions(e, "unexpected '%'")) << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("line 2, column 3: ", 0), 0u) << e.what();
  }
  {
    // Leading spaces count in the column.
    const ParseError e = error_of("XO.\n   XO$\n");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 6u);
  }
  {
    // Upper/lower case matters: 'B' is no mark of territory.
    const ParseError e = error_of("# comment\nX O B\n");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 5u);
    EXPECT_TRUE(mentions(e, "unexpected 'B'")) << e.what();
  }
  {
    // A bad character in the first row.
    const ParseError e = error_of("=\n");
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, 1u);
  }
}

TEST(DiagramErrors, HeaderAfterRows) {
  const ParseError e = error_of("X O\nO X\nkomi: 6.5\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_TRUE(mentions(e, "header line after the board rows")) << e.what();
}

TEST(DiagramErrors, NoRows) {
  {
    const ParseError e = error_of("komi: 6.5\n# only a comment\n");
    EXPECT_EQ(e.line, 2u);
    EXPECT_TRUE(mentions(e, "no board rows found")) << e.what();
  }
  {
    const ParseError e = error_of("");
    EXPECT_EQ(e.line, 1u);
    EXPECT_TRUE(mentions(e, "no board rows found")) << e.what();
  }
  EXPECT_TRUE(mentions(error_of("\n\n   \n"), "no board rows found"));
}

TEST(DiagramErrors, BiggerThan52) {
  {
    const ParseError e = error_of("# wide\n" + std::string(53, '.') + "\n");
    EXPECT_EQ(e.line, 2u);
    EXPECT_TRUE(mentions(e, "larger than 52x52")) << e.what();
  }
  {
    std::string text = "komi: 0\n";
    for (int y = 0; y < 53; ++y) text += "X.\n";
    const ParseError e = error_of(text);
    EXPECT_EQ(e.line, 54u);  // the 53rd row, after the header line
    EXPECT_TRUE(mentions(e, "larger than 52x52")) << e.what();
  }
}

// ---------------------------------------------------------------- coordinates

// The board `score --format diagram` prints (column letters, numbered rows,
// the key below) of a position, read back.
std::string printed_board_of(const std::string& diagram) {
  const Game g = from_diagram(parse_diagram(diagram));
  return classified_diagram(tally(g, g.marked_dead));
}

TEST(DiagramCoordinates, ItsOwnPrintedBoardReadsBack) {
  const std::string position =
      "X X O . .\n"
      ". X O . o\n"
      "X X O . .\n"
      ". X O O O\n"
      "X X X O x\n";
  const std::string printed = printed_board_of(position);
  ASSERT_NE(printed.find("    A B C D E\n  5 "), std::string::npos) << printed;  // framed, as the CLI prints it
  EXPECT_EQ(rows_of(parse_diagram(printed)), rows_of(parse_diagram(position))) << printed;
  // With header lines above it, as a player keeps it.
  const Diagram d = parse_diagram("komi: 6.5\nwhite-captures: 1\n" + printed);
  EXPECT_EQ(d.komi, 6.5);
  EXPECT_EQ(d.white_captures, 1);
  EXPECT_EQ(d.height, 5);
}

TEST(DiagramCoordinates, PrintedNineteenAndWideBoardsReadBack) {
  std::string nineteen, wide;
  for (int y = 0; y < 19; ++y) {
    for (int x = 0; x < 19; ++x) nineteen += x == 3 ? 'X' : x == 15 ? 'O' : (x + y) % 17 == 0 && x > 16 ? 'o' : '.';
    nineteen += '\n';
  }
  for (int y = 0; y < 3; ++y) wide += std::string(13, 'X') + std::string(1, '.') + std::string(14, 'O') + "\n";
  for (const std::string& position : {nineteen, wide}) {
    const std::string printed = printed_board_of(position);
    EXPECT_EQ(rows_of(parse_diagram(printed)), rows_of(parse_diagram(position))) << printed;
  }
  // 28 columns: letters a..z A B, rows numbered from 1 at the top.
  EXPECT_NE(printed_board_of(wide).find("z A B\n  1 "), std::string::npos) << printed_board_of(wide);
}

TEST(DiagramCoordinates, CommonFramedDiagrams) {
  const std::string want = "XO.\n.XO\nx..\n";
  // Letters above and below, numbers on both sides.
  EXPECT_EQ(rows_of(parse_diagram("   A B C\n3  X O .  3\n2  . X O  2\n1  x . .  1\n   A B C\n")), want);
  // No spaces between the letters; '|' borders and frame lines.
  EXPECT_EQ(rows_of(parse_diagram("   ABC\n  +-----+\n3 |X O .|\n2 |. X O|\n1 |x . .|\n  +-----+\n")), want);
  // Numbers only (no letters), and the column I some diagrams use.
  EXPECT_EQ(rows_of(parse_diagram("3 X O .\n2 . X O\n1 x . .\n")), want);
  const Diagram nine = parse_diagram("  A B C D E F G H I\n" + [] {
    std::string rows;
    for (int r = 9; r >= 1; --r) rows += std::to_string(r) + " . . . X O . . . .\n";
    return rows;
  }());
  EXPECT_EQ(nine.width, 9);
  EXPECT_EQ(nine.height, 9);
  EXPECT_EQ(nine.at(3, 8), 'X');
  // A caption below the board is no part of it.
  EXPECT_EQ(rows_of(parse_diagram("  A B C\n3 X O .\n2 . X O\n1 x . .\nDiagram 1: White to play.\n")), want);
}

TEST(DiagramCoordinates, FramesWithoutCoordinatesAndSenseisLibrary) {
  const std::string want = "XO.\n.XO\n...\n";
  EXPECT_EQ(rows_of(parse_diagram("+-------+\n| X O . |\n| . X O |\n| . . . |\n+-------+\n")), want);
  EXPECT_EQ(rows_of(parse_diagram("$$B White to live\n$$ +-------+\n$$ | X O . |\n$$ | . X O |\n$$ | . , . |\n"
                                  "$$ +-------+\n")),
            want);
}

TEST(DiagramCoordinatesErrors, OneLineNamingTheProblemAndWhere) {
  const Case cases[] = {
      {"  A B C\n3 X O .\n1 . X O\n", "row 1 follows row 3"},
      {"  A B C\n19 X O .\n18 . X O\n17 . . .\n", "rows 19 to 17 only: a count needs the whole board"},
      {"  A B C D\n3 X O .\n2 . X O\n1 . . .\n", "4 column letters for rows of 3 points"},
      {"  A B D\n3 X O .\n2 . X O\n1 . . .\n", "column letters 'A B D' are not in order"},
      {"  A B C\n3 X O .\n2 . Y O\n1 . . .\n", "unexpected 'Y'"},
      {"  A B C\n3 X O .\n2 . X O O\n1 . . .\n", "row has 4 points, the first row (line 2) has 3"},
      {"  A B C\n3 X O .\n2 . X O\n1 . . .\nkomi: 6.5\n", "header line after the board rows"},
  };
  const size_t lines[] = {3, 4, 1, 1, 3, 3, 5};
  for (size_t i = 0; i < std::size(cases); ++i) {
    const ParseError e = error_of(cases[i].text);
    EXPECT_TRUE(mentions(e, cases[i].words)) << e.what();
    EXPECT_EQ(e.line, lines[i]) << e.what();
  }
  // The whole text report pasted: its first line is named.
  const ParseError e = error_of("game.sgf (game 0)\nBoard 3x3\n  A B C\n3 X O .\n2 . X O\n1 . . .\n");
  EXPECT_EQ(e.line, 1u);
  EXPECT_TRUE(mentions(e, "'game.sgf (game 0)' is neither a header line (komi: 6.5) nor a numbered row")) << e.what();
  // Column of a bad point counts from the start of the line, number included.
  EXPECT_EQ(error_of("  A B C\n3 X O .\n2 . % O\n1 . . .\n").column, 5u);
}

// ---------------------------------------------------------------- misreads

// IGS draws black stones '#', the comment character: a row commented out
// among the rows, or next to them as wide, is refused (it was dropped, the
// board read a row short); a '#' that cuts a row is named where it stands.
TEST(DiagramMisreads, RowsCommentedOutOrCutByHash) {
  const ParseError inside = error_of("# O . .\n. O . .\n# O . .\n. O . .\n");
  EXPECT_EQ(std::string(inside.what()), "line 3: a comment inside the board ('#' begins a comment; black stones are X)");
  EXPECT_EQ(error_of(". O . .\n# O . .\n").line, 2u);  // below the last row, as wide
  EXPECT_TRUE(mentions(error_of("# O . .\n. O . .\n"), "a comment right next to the board reads as one of its rows"));
  const ParseError sensei = error_of("$$B\n$$ +-----------+\n$$ | . # . O . |\n$$ | X X . O O |\n$$ +-----------+\n");
  EXPECT_EQ(sensei.line, 3u) << sensei.what();
  EXPECT_EQ(sensei.column, 8u) << sensei.what();
  EXPECT_TRUE(mentions(sensei, "'#' inside a board row: '#' begins a comment, and black stones are X")) << sensei.what();
  const ParseError row = error_of("X . . O\nX . # O\n");
  EXPECT_EQ(row.line, 2u);
  EXPECT_EQ(row.column, 5u);
  // Comments that read as no row stay comments.
  EXPECT_EQ(rows_of(parse_diagram("# O . . is White's wall\nX O .\n# see ...: a\n. O X  # b: c\n# O\n")),
            "XO.\n.OX\n");
}

// Sensei's Library's first "$$" line is the title: one that reads as a row
// lost that row (5x4 read from 5 rows).
TEST(DiagramMisreads, SenseisTitleThatReadsAsARow) {
  const std::string rows = "$$ X X . O O\n$$ . X . O .\n$$ X X . O O\n$$ . X . O .\n";
  const ParseError e = error_of("$$ . X . O .\n" + rows);
  EXPECT_EQ(e.line, 1u);
  EXPECT_TRUE(mentions(e, "Sensei's Library reads the first '$$' line as the diagram's title, and this one reads as "
                          "a row of the board: begin the diagram with a line '$$' alone")) << e.what();
  EXPECT_EQ(parse_diagram("$$\n$$ . X . O .\n" + rows).height, 5);
  EXPECT_EQ(parse_diagram("$$W White to play\n" + rows).height, 4);
}

// Sensei's numbers are moves (stones), not gocount's seki eyes 1 and 2:
// every digit of a "$$" row is refused alike.
TEST(DiagramMisreads, SenseisNumberedMoves) {
  for (const char* digit : {"1", "2", "3", "9"}) {
    const ParseError e = error_of(std::string("$$B\n$$ | . X . |\n$$ | X ") + digit + " O |\n");
    EXPECT_EQ(std::string(e.what()), std::string("line 3, column 8: '") + digit +
                                         "' in a Sensei's Library diagram: its numbers are moves, stones played in "
                                         "order; give the position after them, the stones as X and O");
  }
  EXPECT_EQ(rows_of(parse_diagram("X 1 O\nX 2 O\n")), "X.O\nX.O\n");  // gocount's own seki eyes
}

// With row numbers the board is read to its last numbered row: a blank or
// unnumbered line before more numbered rows cut it short (5x3 from 5 rows).
TEST(DiagramMisreads, ABreakInsideTheNumberedRows) {
  const std::string top = "   A B C D E\n 5 . X . O .\n 4 X X . O O\n";
  const ParseError blank = error_of(top + "\n 3 . X . O .\n 2 X X . O O\n 1 . X . O .\n");
  EXPECT_EQ(std::string(blank.what()), "line 4: a blank line inside the board, between rows 4 and 3: the rows of a "
                                       "board with row numbers follow one another");
  const ParseError unnumbered = error_of(top + "   . X . O .\n 2 X X . O O\n 1 . X . O .\n");
  EXPECT_EQ(unnumbered.line, 4u);
  EXPECT_TRUE(mentions(unnumbered, "a line without a row number inside the board, between rows 4 and 2")) << unnumbered.what();
  // A caption below the board, even one that starts with a letter A.
  EXPECT_EQ(parse_diagram(top + " 3 . X . O .\n 2 X X . O O\n 1 . X . O .\nAfter the game\n").height, 5);
  EXPECT_EQ(parse_diagram(top + " 3 . X . O .\n 2 X X . O O\n 1 . X . O .\n\n2 points to Black\n").height, 5);
}

// gocount names points as GTP does, row 1 at the bottom, and reads no
// label: rows numbered from 1 at the top on a board GTP names would make
// --dead A1 another point than the diagram's A1. Wider boards, which
// gocount names in SGF form and prints numbered from the top, read.
TEST(DiagramMisreads, RowsNumberedFromTheTop) {
  const ParseError e = error_of("   A B C\n 1 . X O\n 2 X X O\n 3 . X O\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_TRUE(mentions(e, "the rows are numbered from 1 at the top, but gocount names points as GTP does, row 1 at "
                          "the bottom")) << e.what();
  std::string wide;
  for (int r = 1; r <= 3; ++r) wide += std::to_string(r) + " " + std::string(26, r == 2 ? 'X' : '.') + "\n";
  EXPECT_EQ(parse_diagram(wide).width, 26);
}

// gocount's own diagram writes a seki eye as 1 or 2: at the end of row 1 or
// 2 it is a point, as the column letters count, not the row's number again
// (it read as a row one point short: the printed diagram did not read back).
TEST(DiagramMisreads, ASekiEyeAtARowsEndIsAPoint) {
  const Diagram d = parse_diagram("    A B C D E F G\n  2 @ @ @ s & & &\n  1 2 @ @ & & & 1\n");
  EXPECT_EQ(d.width, 7);
  EXPECT_EQ(d.height, 2);
  EXPECT_EQ(d.at(6, 1), '.');  // G1, Black's eye
  EXPECT_EQ(parse_diagram("   A B C\n 2 . X O 2\n 1 X X O 1\n").width, 3);  // numbered on both sides
}

TEST(DiagramMisreads, ErrorsNameTheCharacterAndLetters) {
  const ParseError e = error_of("X O .\n. \xE2\x97\x8F O\n");
  EXPECT_EQ(std::string(e.what()), "line 2, column 3: unexpected '\xE2\x97\x8F' (U+25CF) in a board row (X O . + x o expected)");
  EXPECT_TRUE(mentions(error_of("X \xC3\xA9\n"), "unexpected '\xC3\xA9' (U+00E9)"));
  EXPECT_TRUE(mentions(error_of("X \xE2\x97\n"), "unexpected '\\xe2'"));  // cut short: not UTF-8
  // Leela Zero's lower-case GTP letters (no i).
  std::string lz = "   a b c d e f g h j\n";
  for (char r = '9'; r >= '1'; --r) lz += std::string(" ") + r + " . . . . X O . . .  " + r + "\n";
  const Diagram d = parse_diagram(lz + "   a b c d e f g h j\n");
  EXPECT_EQ(d.width, 9);
  EXPECT_EQ(d.height, 9);
}

// Every stone marked dead: most likely living stones typed in lower case.
TEST(DiagramMisreads, EveryStoneMarkedDeadWarns) {
  const Diagram d = parse_diagram("x x o .\n. x o .\n");
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0], "every stone on the board is marked dead: lower-case x and o mark dead stones; living "
                           "stones are X and O");
  EXPECT_TRUE(parse_diagram("X x o .\n. X o .\n").warnings.empty());
  EXPECT_TRUE(parse_diagram(". .\n. .\n").warnings.empty());
}

// '@' is White's stone in seki, '&' Black's: a board of '@' and no black
// stone (Black's stones typed '@', as some ASCII diagrams draw them) read as
// all White's, silently.
TEST(DiagramMisreads, ASekiStoneWithNoStoneOfTheOtherColourWarns) {
  const Diagram d = parse_diagram(". @ O .\n@ @ O .\n. @ O O\n");
  EXPECT_EQ(rows_of(d), ".OO.\nOOO.\n.OOO\n");  // still read: a warning, not a refusal
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0], "'@' is a white stone in seki, but the board has no black stone to share a seki with: if "
                           "'@' stands for Black's stones, as in some ASCII diagrams, write them X");
  const Diagram amp = parse_diagram("& & .\n. & .\n");
  ASSERT_EQ(amp.warnings.size(), 1u);
  EXPECT_TRUE(amp.warnings[0].starts_with("'&' is a black stone in seki, but the board has no white stone"));
  // gocount's own boards with seki stones: no warning.
  EXPECT_TRUE(parse_diagram("& @ s 1 2 f g\nX O Z P b w .\n").warnings.empty());
  EXPECT_TRUE(parse_diagram("@ @ O .\nX @ O .\n").warnings.empty());  // White's seki beside Black's living stones
  EXPECT_TRUE(parse_diagram(slurp(GOCOUNT_SOURCE_DIR "/tests/data/seki_three_shared.txt")).warnings.empty());
  EXPECT_TRUE(parse_diagram(printed_board_of("O O O O .\nX X X O O\n. X . X O\nX X X O O\n")).warnings.empty());
}

// ---------------------------------------------------------------- engines' boards

// GNU Go's showboard (GTP), as GNU Go 3.8 answers it: the captures beside
// rows 2 and 1 ("WHITE (O) has captured 2 stones": the black stones White
// took), read as white-captures and black-captures; '+' the star points.
TEST(DiagramEngines, GnuGoShowboard) {
  const Diagram d = parse_diagram(slurp(GOCOUNT_SOURCE_DIR "/tests/data/gnugo_showboard9.txt"));
  EXPECT_EQ(rows_of(d),
            ".......O.\n.......O.\n........O\n.........\n...XX....\n.........\n..O.O....\nX........\n.X.......\n");
  EXPECT_EQ(d.white_captures, 2);
  EXPECT_EQ(d.black_captures, 1);
  // 19x19: beside rows 11 and 10.
  const Diagram big = parse_diagram(slurp(GOCOUNT_SOURCE_DIR "/tests/data/gnugo_showboard19.txt"));
  EXPECT_EQ(big.width, 19);
  EXPECT_EQ(big.height, 19);
  EXPECT_EQ(big.at(9, 9), 'X');  // K10, beside which the captures are written
  EXPECT_EQ(big.white_captures, 2);
  EXPECT_EQ(big.black_captures, 1);
  // Older versions without "(O)" / "(X)"; the empty answers to the commands
  // before, pasted too; header lines above.
  const Diagram old = parse_diagram(
      "komi: 6.5\n= \n\n=5\n   A B C\n 3 . X O 3\n 2 X X O 2     WHITE has captured 0 stones\n"
      " 1 . X O 1     BLACK has captured 12 stones\n   A B C\n\n");
  EXPECT_EQ(rows_of(old), ".XO\nXXO\n.XO\n");
  EXPECT_EQ(old.black_captures, 12);
  EXPECT_EQ(old.white_captures, 0);
  EXPECT_EQ(old.komi, 6.5);
}

TEST(DiagramEngines, GnuGoShowboardErrors) {
  const std::string top = "   A B C\n 3 . X O 3\n";
  // Read only beside a row that ends in its number, as GNU Go writes it.
  const ParseError bare = error_of(top + " 2 X X O     WHITE (O) has captured 0 stones\n 1 . X O 1\n");
  EXPECT_EQ(bare.line, 3u);
  EXPECT_TRUE(mentions(bare, "unexpected 'W'")) << bare.what();
  // Given twice: a header line and GNU Go's words.
  const ParseError twice =
      error_of("black-captures: 3\n" + top + " 2 X X O 2\n 1 . X O 1     BLACK (X) has captured 1 stones\n");
  EXPECT_EQ(std::string(twice.what()), "line 5: black-captures given twice, on line 1 and here ('BLACK (X) has "
                                       "captured 1 stones')");
  EXPECT_TRUE(mentions(error_of(top + " 2 X X O 2     WHITE (O) has captured 99999999999 stones\n 1 . X O 1\n"),
                       "white-captures must be a whole number"));
  EXPECT_TRUE(mentions(error_of(top + " 2 X X O 2     WHITE (O) has captured 37 stones\n 1 . X O 1\n"),
                       "white-captures 37 is more than a 3x3 board allows"));
  // The board of GNU Go's ASCII mode marks the last move "(X)": refused.
  const ParseError ascii = error_of("    A B C\n  3 . X O 3\n  2 X(X)O 2\n  1 . X O 1\n    A B C\n");
  EXPECT_EQ(ascii.line, 3u);
  EXPECT_EQ(ascii.column, 6u);
  // "=" before a board without column letters is no GTP answer to read past.
  EXPECT_TRUE(mentions(error_of("=\nX O\n"), "unexpected '='"));
}

// KataGo's showboard (GTP): "MoveNum: 31 HASH: ..." above the board, the last
// three moves numbered 1 2 3 right after their points ("X3", ".2" where the
// stone was taken since), the rules, next player and captures below ("W
// stones captured: 1": the white stones Black took).
TEST(DiagramEngines, KataGoShowboard) {
  const Diagram d = parse_diagram(slurp(GOCOUNT_SOURCE_DIR "/tests/data/katago_showboard.txt"));
  EXPECT_EQ(rows_of(d),
            ".........\n...O.....\n..XO.X...\n..XOOX...\n.X.XOX...\n..XXOOX..\n...XO.X..\n...XOX...\n....X.X..\n");
  EXPECT_EQ(d.black_captures, 1);
  EXPECT_EQ(d.white_captures, 0);
  EXPECT_FALSE(d.komi.has_value());  // the rules line is not read
  // Without GTP's "= " or the move number, headers above, a move numbered
  // in the last column, a blank line under the board (as KataGo logs it).
  const Diagram b = parse_diagram(
      "komi: 6.5\nHASH: 0123456789ABCDEF0123456789ABCDEF\n   A B C\n 3 . X O3\n 2 X X1O\n 1 .2X O\n\n"
      "Next player: Black\nB stones captured: 3\nW stones captured: 0\n");
  EXPECT_EQ(rows_of(b), ".XO\nXXO\n.XO\n");
  EXPECT_EQ(b.komi, 6.5);
  EXPECT_EQ(b.white_captures, 3);
  EXPECT_EQ(b.black_captures, 0);
  // KataGo's log marks the move it chose '@', an empty point, before it is
  // played: no white stone in seki.
  const Diagram chosen =
      parse_diagram("HASH: 0123456789ABCDEF0123456789ABCDEF\n   A B C\n 3 . X O\n 2 X X O3\n 1 @ X O\n");
  EXPECT_EQ(rows_of(chosen), ".XO\nXXO\n.XO\n");
  EXPECT_TRUE(chosen.warnings.empty());
}

TEST(DiagramEngines, KataGoShowboardErrors) {
  const std::string head = "= MoveNum: 3 HASH: 0123456789ABCDEF0123456789ABCDEF\n   A B C\n";
  // Only 1 2 3 right after a point are move numbers; no digit is a point.
  for (const char* row : {" 2 X X4O\n", " 2 X X 1\n", " 2 X X O 1\n"}) {
    const ParseError e = error_of(head + " 3 . X O\n" + row + " 1 . X O\n");
    EXPECT_EQ(e.line, 4u) << row;
    EXPECT_TRUE(mentions(e, "in KataGo's board: its digits number the last three moves, 1 2 3 right after their "
                            "points (X3)")) << e.what();
  }
  const ParseError twice = error_of("white-captures: 1\n" + head +
                                    " 3 . X O\n 2 X X O\n 1 . X O\nB stones captured: 0\n");
  EXPECT_EQ(std::string(twice.what()),
            "line 7: white-captures given twice, on line 1 and here ('B stones captured: 0')");
  EXPECT_TRUE(mentions(error_of(head + " 3 . X O\n 2 X X O\n 1 . X O\nW stones captured:\n"),
                       "black-captures must be a whole number"));
  // Without KataGo's first line, the digits are gocount's own (a seki eye).
  EXPECT_TRUE(mentions(error_of("   A B C\n 3 . X O\n 2 X X1O\n 1 . X O\n"), "row has 4 points"));
}

// ---------------------------------------------------------------- detection

TEST(DiagramDetect, DiagramVersusSgf) {
  EXPECT_TRUE(looks_like_diagram("X O .\n. . .\n"));
  EXPECT_TRUE(looks_like_diagram("komi: 6.5\nX\n"));
  EXPECT_TRUE(looks_like_diagram("# comment\nX\n"));
  EXPECT_TRUE(looks_like_diagram("\n\n  . X\n"));
  EXPECT_FALSE(looks_like_diagram("(;FF[4]GM[1];B[aa])"));
  EXPECT_FALSE(looks_like_diagram("\n \t\r\n(;FF[4])"));
  EXPECT_FALSE(looks_like_diagram(""));
  EXPECT_FALSE(looks_like_diagram(" \n\t "));
}

TEST(DiagramDetect, SgfWithTextBeforeTheFirstGame) {
  // FF[4] allows any text before the first game tree ("(;"), and the SGF
  // reader skips it: such a file is still SGF, not a diagram.
  EXPECT_FALSE(looks_like_diagram("Downloaded from a server\n\n(;FF[4]GM[1];B[aa])"));
  EXPECT_FALSE(looks_like_diagram("Game 1\n( ;FF[4])"));
  EXPECT_FALSE(looks_like_diagram("\xEF\xBB\xBF" "Exported games:\n(;GM[1])"));
  // Round brackets without a node do not make a diagram SGF.
  EXPECT_TRUE(looks_like_diagram("rules: japanese (1989)\nX O\n"));
  EXPECT_TRUE(looks_like_diagram("# see (game 2)\nX O\n"));
}

TEST(DiagramDetect, Utf8Bom) {
  EXPECT_FALSE(looks_like_diagram("\xEF\xBB\xBF(;FF[4]GM[1])"));
  EXPECT_FALSE(looks_like_diagram("\xEF\xBB\xBF\r\n(;FF[4]GM[1])"));
  EXPECT_TRUE(looks_like_diagram("\xEF\xBB\xBFX O\n"));
  EXPECT_FALSE(looks_like_diagram("\xEF\xBB\xBF"));
}

}  // namespace
}  // namespace gocount
