#include "diagram/diagram.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <utility>

namespace gocount {

namespace {

constexpr int kMaxSide = 52;
// Captures and passes are at most 4 per point of the board (324 on 9x9,
// 1,444 on 19x19), far past any game: more is a typing mistake, and would
// overflow the count.
constexpr int kMaxPerPoint = 4;

// A header count, checked against the board once the rows are read.
struct HeaderCount {
  std::string key;
  int value;
  size_t line;
  int per_point;  // at most this many per point of the board
};

void check_on_board(const HeaderCount& c, const Diagram& d) {
  const int most = d.width * d.height * c.per_point;
  if (c.value > most)
    throw ParseError(c.key + " " + std::to_string(c.value) + " is more than a " + std::to_string(d.width) + "x" +
                         std::to_string(d.height) + " board allows (at most " + std::to_string(most) + ")",
                     c.line, 0);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Cuts the first line off `text`: lines end in LF, CR LF, or a lone CR (old
// Mac files), each one line.
std::string_view next_line(std::string_view& text) {
  const size_t end = text.find_first_of("\r\n");
  const std::string_view line = text.substr(0, end);
  if (end == std::string_view::npos) text = {};
  else text.remove_prefix(text.compare(end, 2, "\r\n") == 0 ? end + 2 : end + 1);
  return line;
}

// A point as the cells store it ('X' 'O' '.' 'x' 'o'), or 0 for no point.
// Besides X O . + x o, the symbols `score --format diagram` prints, so that
// its board reads back: & @ stones in seki (living), Z P dead stones, and the
// marks of empty points (territory, seki eyes, false eyes, teire, shared
// liberties, dame) read as empty.
char point_cell(char c) {
  switch (c) {
    case 'X': case 'O': case '.': case 'x': case 'o': return c;
    case '&': return 'X';
    case '@': return 'O';
    case 'Z': return 'x';
    case 'P': return 'o';
    case '+': case 'b': case 'w': case '1': case '2': case 'f': case 'g':
    case 't': case 'u': case 's': case '^': case '?':
    case ',': return '.';  // ',' a star point in Sensei's Library diagrams
    default: return 0;
  }
}

int parse_count(std::string_view key, std::string_view v, size_t line) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 0)
    throw ParseError(std::string(key) + " must be a whole number >= 0, not '" + quote_input(v) + "'", line, 0);
  return n;
}

double parse_komi(std::string_view v, size_t line) {
  double k = 0;
  const std::string_view written = v;
  if (v.size() > 1 && v[0] == '+') v.remove_prefix(1);  // "komi: +6.5", as people write it
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
  if (ec != std::errc() || p != v.data() + v.size() || !std::isfinite(k) || std::fabs(k) > 1000)
    throw ParseError("komi must be a number from -1000 to 1000, not '" + quote_input(written) + "'", line, 0);
  return k;
}

// "rules:" with nothing after it would count under the default rules, as if
// the line were not there: a name left out by mistake. The names are
// rule_names()'s (src/rules, which this layer may not call; a test keeps
// them equal).
std::string rules_named(std::string_view v, size_t line) {
  if (v.empty())
    throw ParseError("rules: is empty; give a rule set: chinese, japanese, korean, aga, ing, nz, tromp-taylor (or "
                     "leave the line out for the default)",
                     line, 0);
  return std::string(v);
}

// A key given twice is a typing mistake, and which line was meant cannot be told.
void check_once(std::string_view key, size_t no, std::vector<std::pair<std::string_view, size_t>>& seen) {
  for (const auto& [k, first] : seen)
    if (k == key)
      throw ParseError(std::string(key) + " given twice, on lines " + std::to_string(first) + " and " + std::to_string(no),
                       no, 0);
  seen.emplace_back(key, no);
}

constexpr std::string_view kHeaderKeys[] = {"komi",          "handicap",     "rules",       "black-captures",
                                            "white-captures", "black-passes", "white-passes", "last-pass"};

bool header_key_known(std::string_view line) {
  const std::string_view key = trim(line.substr(0, line.find(':')));
  return std::find(std::begin(kHeaderKeys), std::end(kHeaderKeys), key) != std::end(kHeaderKeys);
}

// The header lines read so far: counts to be checked against the board once
// it is read, and each key's line.
struct Headers {
  std::vector<HeaderCount> counts;
  std::vector<std::pair<std::string_view, size_t>> seen;
};

// One header line ("komi: 6.5").
void read_header(Diagram& d, std::string_view line, size_t no, Headers& headers) {
  const size_t colon = line.find(':');
  const std::string_view key = trim(line.substr(0, colon));
  const std::string_view value = trim(line.substr(colon + 1));
  check_once(key, no, headers.seen);
  const auto count = [&](int per_point) {
    headers.counts.push_back({std::string(key), parse_count(key, value, no), no, per_point});
    return headers.counts.back().value;
  };
  if (key == "komi") d.komi = parse_komi(value, no);
  else if (key == "handicap") d.handicap = count(1);  // a stone on a point
  else if (key == "rules") d.rules = rules_named(value, no), d.rules_line = no;  // the count refuses a name it does not know
  else if (key == "black-captures") d.black_captures = count(kMaxPerPoint);
  else if (key == "white-captures") d.white_captures = count(kMaxPerPoint);
  else if (key == "black-passes") d.black_passes = count(kMaxPerPoint);
  else if (key == "white-passes") d.white_passes = count(kMaxPerPoint);
  else if (key == "last-pass") {
    if (value == "black") d.last_pass = 'B';
    else if (value == "white") d.last_pass = 'W';
    else throw ParseError("last-pass must be 'black' or 'white', not '" + quote_input(value) + "'", no, 0);
  } else {
    throw ParseError("unknown header '" + quote_input(key) +
                         "' (komi, handicap, rules, black-captures, white-captures, black-passes, "
                         "white-passes, last-pass)",
                     no, 0);
  }
}

// "last-pass: black" with "black-passes: 0", or none: who passed last has passed.
void check_last_pass(const Diagram& d, const Headers& headers) {
  if (!d.last_pass) return;
  const bool black = d.last_pass == 'B';
  const std::string_view passes = black ? "black-passes" : "white-passes";
  size_t last = 0, counted = 0;
  for (const auto& [k, no] : headers.seen) {
    if (k == "last-pass") last = no;
    if (k == passes) counted = no;
  }
  // Without the count the side that passed last would have passed 0 times
  // (AGA's pass stones and the parity of the stones placed read it): asked.
  if (!counted)
    throw ParseError(std::string("last-pass: ") + (black ? "black" : "white") + " without " + std::string(passes) +
                         ": give how many times " + (black ? "Black" : "White") + " passed (1 or more)",
                     last, 0);
  if ((black ? d.black_passes : d.white_passes) > 0) return;
  throw ParseError(std::string("last-pass: ") + (black ? "black" : "white") + " and " + std::string(passes) +
                       ": 0, on lines " + std::to_string(std::min(last, counted)) + " and " +
                       std::to_string(std::max(last, counted)) + ": the side that passed last passed at least once",
                   std::max(last, counted), 0);
}

// A count the board's own text states, read as the header key it means:
// GNU Go's "BLACK (X) has captured 3 stones" beside a row, KataGo's "W
// stones captured: 3" below its board.
struct StatedCount {
  std::string_view key;    // black-captures or white-captures
  std::string_view value;  // the number as written
  std::string_view words;  // the whole statement, for errors
  size_t line;
};

// As its header line would be read; with a header line for the same key it
// is given twice.
void read_stated(Diagram& d, const StatedCount& s, Headers& headers) {
  for (const auto& [k, first] : headers.seen)
    if (k == s.key)
      throw ParseError(std::string(s.key) + " given twice, on line " + std::to_string(first) + " and here ('" +
                           quote_input(s.words) + "')",
                       s.line, 0);
  headers.seen.emplace_back(s.key, s.line);
  const int n = parse_count(s.key, s.value, s.line);
  headers.counts.push_back({std::string(s.key), n, s.line, kMaxPerPoint});
  (s.key == "black-captures" ? d.black_captures : d.white_captures) = n;
}

}  // namespace

bool looks_like_diagram(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  // SGF allows any text before its first game tree, so a "(;" anywhere makes
  // the text SGF; diagrams have no use for it.
  for (size_t open = text.find('('); open != std::string_view::npos; open = text.find('(', open + 1)) {
    size_t p = open + 1;
    while (p < text.size() && is_space(text[p])) ++p;
    if (p < text.size() && text[p] == ';') return false;
  }
  for (char c : text) {
    if (is_space(c)) continue;
    return c != '(';
  }
  return false;
}

namespace {

// One line of the text: its number, the whole line (for columns) and what is
// read of it: trimmed, without the "$$" of Sensei's Library diagrams, and
// without a trailing comment (kept in `comment`, from its '#').
struct Line {
  size_t no;
  std::string_view raw, text, comment;
  bool sensei = false;  // a "$$" line of Sensei's Library
  bool title = false;   // Sensei's first "$$" line, the diagram's title (no text)
};

size_t column_of(const Line& l, std::string_view part) { return static_cast<size_t>(part.data() - l.raw.data()) + 1; }
size_t column_of(const Line& l, size_t i) { return column_of(l, l.text.substr(i)); }

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// A frame line: "+-----+", "|-----|", "-----" (a row of '+' points has no '-').
bool is_frame(std::string_view s) {
  return s.find('-') != std::string_view::npos && s.find_first_not_of("+-| \t") == std::string_view::npos;
}

// The column letters a diagram may be framed with: GTP's (no I), with I,
// SGF's, `score --format diagram`'s beyond 25 columns (a-z then A-Z), and
// GTP's in lower case (Leela Zero's).
constexpr std::string_view kAlphabets[] = {"ABCDEFGHJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                           "abcdefghjklmnopqrstuvwxyz"};

// The letters of a line of column letters ("A B C ... T", spaces optional,
// from A or a), else "".
std::string letters_of(std::string_view s) {
  std::string letters;
  for (char c : s) {
    if (is_blank(c)) continue;
    if (!std::isalpha(static_cast<unsigned char>(c))) return "";
    letters += c;
  }
  return !letters.empty() && (letters[0] == 'A' || letters[0] == 'a') ? letters : "";
}

bool in_order(const std::string& letters) {
  return std::any_of(std::begin(kAlphabets), std::end(kAlphabets),
                     [&](std::string_view a) { return a.substr(0, letters.size()) == letters; });
}

void refuse_letters_out_of_order(const Line& l) {
  throw ParseError("the column letters '" + quote_input(l.text) + "' are not in order (A B C ... as on the board)", l.no, 0);
}

// The row number a framed row starts with ("19 . . X", "19| . .").
std::optional<int> leading_number(std::string_view s) {
  int n = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || n < 1 || (p != s.data() + s.size() && !is_blank(*p) && *p != '|')) return std::nullopt;
  return n;
}

// The row number a framed row may end with ("... X . 19"), as where it starts.
size_t trailing_number_start(std::string_view s) {
  const size_t digits = s.find_last_not_of("0123456789");
  if (digits == std::string_view::npos || digits + 1 == s.size() || (!is_blank(s[digits]) && s[digits] != '|'))
    return std::string_view::npos;
  return digits + 1;
}

// How many points `s` reads as ('#' counted, IGS's black stone), or 0 when
// it holds anything else: a comment that may be a row commented out.
int points_in(std::string_view s) {
  int n = 0;
  for (char c : s) {
    if (is_blank(c) || c == '|') continue;
    if (std::string_view("XOxo.+,#").find(c) == std::string_view::npos) return 0;
    ++n;
  }
  return n;
}

// The character starting `s` as an error names it: a UTF-8 one whole, with
// its code point ("'●' (U+25CF)"); a byte that is not UTF-8 as \xNN.
std::string character_at(std::string_view s) {
  const auto b = static_cast<unsigned char>(s[0]);
  const size_t n = b < 0xc2 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : b < 0xf5 ? 4 : 1;
  const std::string byte = "'" + quote_input(s.substr(0, 1)) + "'";
  if (n == 1 || n > s.size()) return byte;
  unsigned code = b & (0x7fu >> n);
  for (size_t k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(s[k]);
    if ((c & 0xc0) != 0x80) return byte;
    code = code << 6 | (c & 0x3fu);
  }
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", code);
  return "'" + quote_input(s.substr(0, n)) + "' (" + hex + ")";
}

// A '#' that cut a row short: a black stone as IGS draws it, or Sensei's
// Library's marked one, would else be read as the start of a comment.
void refuse_hash_in_row(const Line& l) {
  if (l.comment.empty() || !(l.sensei || points_in(l.comment.substr(1)) > 0)) return;
  throw ParseError(std::string("'#' inside a board row: '#' begins a comment, and black stones are X") +
                       (l.sensei ? " (in Sensei's Library '#' is a marked black stone)" : ""),
                   l.no, column_of(l, l.comment));
}

[[noreturn]] void refuse_point(const Line& l, std::string_view s, size_t i) {
  if (l.sensei && std::isdigit(static_cast<unsigned char>(s[i])))
    throw ParseError("'" + std::string(1, s[i]) +
                         "' in a Sensei's Library diagram: its numbers are moves, stones played in order; give "
                         "the position after them, the stones as X and O",
                     l.no, column_of(l, i));
  throw ParseError("unexpected " + character_at(s.substr(i)) + " in a board row (X O . + x o expected)", l.no,
                   column_of(l, i));
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// KataGo's showboard numbers the last three moves 1 2 3 right after their
// points, in place of the blank ("X3", ".2" where a stone was since taken),
// and prints no other digit: any other is refused, none read as a point.
bool katago_move_number(const Line& l, std::string_view s, size_t from, size_t i) {
  if (s[i] >= '1' && s[i] <= '3' && i > from && point_cell(s[i - 1]) && !is_digit(s[i - 1])) return true;
  throw ParseError("'" + std::string(1, s[i]) +
                       "' in KataGo's board: its digits number the last three moves, 1 2 3 right after their "
                       "points (X3)",
                   l.no, column_of(l, i));
}

// The cell a character of a row is, or 0. Sensei's 1 2 are moves, not the
// seki eyes of gocount's own diagram; KataGo's '@' is the empty point its
// logs mark as the move chosen, not a seki stone.
char cell_of(const Line& l, char c, bool katago) {
  if (l.sensei && is_digit(c)) return 0;
  if (katago && c == '@') return '.';
  return point_cell(c);
}

// Reads the points of one row (l.text from `from` to `to`) onto the board;
// `rows` the lines of the rows read, this one added. `katago`: a row of
// KataGo's board, its move numbers passed over.
void read_row(Diagram& d, const Line& l, size_t from, size_t to, std::vector<size_t>& rows, bool katago = false) {
  refuse_hash_in_row(l);
  std::string_view s = l.text.substr(0, to);
  while (from < s.size() && (is_blank(s[from]) || s[from] == '|')) ++from;
  while (s.size() > from && (is_blank(s.back()) || s.back() == '|')) s.remove_suffix(1);
  int width = 0;
  for (size_t i = from; i < s.size(); ++i) {
    if (is_blank(s[i])) continue;
    if (katago && is_digit(s[i]) && katago_move_number(l, s, from, i)) continue;
    const char cell = cell_of(l, s[i], katago);
    if (!cell) refuse_point(l, s, i);
    d.cells.push_back(cell);
    ++width;
  }
  rows.push_back(l.no);
  if (d.height == 0) d.width = width;
  else if (width != d.width)
    throw ParseError("row has " + std::to_string(width) + " points, the first row (line " +
                         std::to_string(rows.front()) + ") has " + std::to_string(d.width),
                     l.no, 0);
  ++d.height;
  if (d.width > kMaxSide || d.height > kMaxSide) throw ParseError("board is larger than 52x52", l.no, 0);
}

bool is_header(std::string_view s) { return s.find(':') != std::string_view::npos; }

// GNU Go's showboard writes the captures beside two rows, after the row's
// number repeated: "2 . X O . 2     WHITE (O) has captured 3 stones", the
// black stones White took (older versions without "(O)"). The statement
// (its line's text from WHITE or BLACK to the end), or none.
std::optional<StatedCount> gnugo_captures(const Line& l) {
  constexpr std::pair<std::string_view, std::string_view> kSides[] = {
      {"WHITE (O)", "white-captures"}, {"BLACK (X)", "black-captures"}, {"WHITE", "white-captures"},
      {"BLACK", "black-captures"}};
  constexpr std::string_view has = " has captured ", stones = " stones";
  for (const auto& [who, key] : kSides) {
    const size_t at = l.text.find(who);
    if (at == std::string_view::npos || at == 0 || !is_blank(l.text[at - 1])) continue;
    const std::string_view rest = l.text.substr(at + who.size());
    if (rest.size() <= has.size() + stones.size() || !rest.starts_with(has) || !rest.ends_with(stones)) continue;
    const std::string_view n = rest.substr(has.size(), rest.size() - has.size() - stones.size());
    if (n.find_first_not_of("0123456789") == std::string_view::npos)
      return StatedCount{key, n, l.text.substr(at), l.no};
  }
  return std::nullopt;
}

// A board framed with coordinates: column letters above and/or below, each
// row numbered at its start (and maybe its end), frame lines. The board ends
// at the letters below it, or at the first line that is no numbered row:
// what follows is a caption (the key `score --format diagram` prints).
class FramedBoard {
 public:
  // `katago`: KataGo's showboard, its rows with the last moves numbered.
  FramedBoard(Diagram& d, std::span<const Line> lines, std::vector<size_t>& rows, bool katago)
      : d_(d), lines_(lines), rows_(rows), katago_(katago) {}

  // The counts GNU Go's board states beside its rows.
  const std::vector<StatedCount>& stated() const { return stated_; }

  void read() {
    size_t i = 0;
    while (i < lines_.size() && !ended_ && take(lines_[i])) ++i;
    if (d_.height == 0) throw ParseError("no board rows found under the column letters", lines_.back().no, 0);
    if (stop_) refuse_rows_after(*stop_);
    check_numbers();
    for (; i < lines_.size(); ++i) {
      if (is_header(lines_[i].text) && header_key_known(lines_[i].text))
        throw ParseError("header line after the board rows", lines_[i].no, 0);
      refuse_a_second_board(i);
    }
  }

 private:
  // Reads a line of the board; false when the line is past its end.
  bool take(const Line& l) {
    if (l.text.empty() || l.text.front() == '#' || is_frame(l.text)) {
      ended_ = l.text.empty() && d_.height > 0;
      if (ended_) stop_ = index_of(l);
      return true;
    }
    if (const std::string letters = letters_of(l.text); !letters.empty()) {
      if (in_order(letters)) {
        letters_.push_back({letters, l.no});
        ended_ = d_.height > 0;
        return true;
      }
      if (d_.height == 0) refuse_letters_out_of_order(l);
      stop_ = index_of(l);  // a caption below the board ("After the game")
      return false;
    }
    const std::optional<int> number = leading_number(l.text);
    if (!number) {
      if (d_.height == 0)
        throw ParseError("'" + quote_input(l.text) +
                             "' is neither a header line (komi: 6.5) nor a numbered row of the board framed with "
                             "coordinates below",
                         l.no, 0);
      stop_ = index_of(l);
      return false;
    }
    std::string_view row = l.text;
    // GNU Go's captures beside the row: only after the row's number repeated,
    // as GNU Go writes them; else they are refused as no points.
    if (const std::optional<StatedCount> c = katago_ ? std::nullopt : gnugo_captures(l)) {
      const std::string_view before = trim(l.text.substr(0, static_cast<size_t>(c->words.data() - l.text.data())));
      if (points_end(before, *number) < before.size()) {
        row = before;
        stated_.push_back(*c);
      }
    }
    read_row(d_, l, digits_end(row), points_end(row, *number), rows_, katago_);
    numbers_.push_back({*number, l.no});
    return true;
  }

  // Column letters again below the board, a numbered row under them: a
  // second board pasted after the first, which a caption would have hidden
  // (only the first was counted).
  void refuse_a_second_board(size_t i) const {
    const std::string letters = letters_of(lines_[i].text);
    if (letters.empty() || !in_order(letters) || i + 1 >= lines_.size() || !leading_number(lines_[i + 1].text)) return;
    throw ParseError("a second board begins here, after the board of lines " + std::to_string(rows_.front()) + "-" +
                         std::to_string(rows_.back()) + ": give one board a file",
                     lines_[i].no, 0);
  }

  static size_t digits_end(std::string_view row) { return std::min(row.find_first_not_of("0123456789"), row.size()); }

  // Where the points of a row numbered `number` end: before the number
  // repeated at its end, if there is one.
  size_t points_end(std::string_view row, int number) const {
    const size_t end = trailing_number_start(row);
    if (end != std::string_view::npos && end > 0 && leading_number(row.substr(end)) == number &&
        !a_point_by_the_letters(row.substr(digits_end(row))))
      return end;
    return row.size();
  }

  size_t index_of(const Line& l) const { return static_cast<size_t>(&l - lines_.data()); }

  // Whether the row's last character, a digit like its number, is a point:
  // the column letters above count one for it. gocount's own diagram writes
  // 1 and 2 for seki eyes ("  1 2 @ @ & & & 1": the last 1 Black's eye on G1).
  bool a_point_by_the_letters(std::string_view row) const {
    if (letters_.empty()) return false;
    const auto points = std::count_if(row.begin(), row.end(), [](char c) { return !is_blank(c) && c != '|'; });
    return static_cast<size_t>(points) == letters_.front().first.size();
  }

  // The board ended at a blank line or a line without a row number, and the
  // next line goes on numbering the rows: the board would be read short.
  void refuse_rows_after(size_t stop) const {
    size_t next = stop + 1;
    while (next < lines_.size() && (lines_[next].text.empty() || lines_[next].text.front() == '#')) ++next;
    if (next == lines_.size()) return;
    const std::optional<int> n = leading_number(lines_[next].text);
    const int last = numbers_.back().first;
    const int step = numbers_.size() > 1 ? numbers_[1].first - numbers_[0].first : 0;
    if (!n || *n == last || std::abs(*n - last) > static_cast<int>(next - stop) + 1 || (step && (*n - last) * step < 0))
      return;
    const Line& l = lines_[stop];
    const std::string between = "between rows " + std::to_string(last) + " and " + std::to_string(*n);
    if (l.text.empty())
      throw ParseError("a blank line inside the board, " + between +
                           ": the rows of a board with row numbers follow one another",
                       l.no, 0);
    throw ParseError("a line without a row number inside the board, " + between +
                         ": with row numbers, every row of the board is numbered",
                     l.no, 0);
  }

  // Rows numbered one by one, down to 1 (as GTP numbers them) or up from 1
  // (as `score --format diagram` numbers boards wider than 25); the letters
  // as many as the points of a row.
  void check_numbers() const {
    const int step = numbers_.size() > 1 && numbers_[1].first > numbers_[0].first ? 1 : -1;
    for (size_t r = 1; r < numbers_.size(); ++r)
      if (numbers_[r].first != static_cast<long long>(numbers_[r - 1].first) + step)
        throw ParseError("row " + std::to_string(numbers_[r].first) + " follows row " +
                             std::to_string(numbers_[r - 1].first) + ": the rows must be numbered in order",
                         numbers_[r].second, 0);
    const int lowest = step < 0 ? numbers_.back().first : numbers_.front().first;
    if (lowest != 1)
      throw ParseError("the diagram shows rows " + std::to_string(numbers_.front().first) + " to " +
                           std::to_string(numbers_.back().first) + " only: a count needs the whole board, down to row 1",
                       (step < 0 ? numbers_.back() : numbers_.front()).second, 0);
    // The numbers are not read, gocount's names are: on a board GTP names
    // (up to 25 columns), row 1 at the top would contradict them (--dead A1).
    if (step > 0 && d_.width <= 25)
      throw ParseError("the rows are numbered from 1 at the top, but gocount names points as GTP does, row 1 at "
                       "the bottom (A1 the lower left corner): number the rows down to 1, or leave the numbers off",
                       numbers_.front().second, 0);
    for (const auto& [letters, no] : letters_)
      if (static_cast<int>(letters.size()) != d_.width)
        throw ParseError(std::to_string(letters.size()) + " column letters for rows of " + std::to_string(d_.width) +
                             " points",
                         no, 0);
  }

  Diagram& d_;
  std::span<const Line> lines_;
  std::vector<size_t>& rows_;
  bool katago_;
  std::vector<StatedCount> stated_;
  bool ended_ = false;
  std::optional<size_t> stop_;  // the blank or unnumbered line the board ended at
  std::vector<std::pair<int, size_t>> numbers_;  // row number, line
  std::vector<std::pair<std::string, size_t>> letters_;
};

// Framed when a line of column letters frames it, or when its first two rows
// start with numbers one apart (a row of points never does).
bool is_framed(std::span<const Line> lines) {
  for (const Line& l : lines)
    if (!letters_of(l.text).empty()) return true;
  std::vector<int> firsts;
  for (const Line& l : lines) {
    if (l.text.empty() || l.text.front() == '#' || is_frame(l.text)) continue;
    const std::optional<int> n = leading_number(l.text);
    if (!n) return false;
    firsts.push_back(*n);
    if (firsts.size() == 2) return firsts[1] - firsts[0] == 1 || firsts[0] - firsts[1] == 1;
  }
  return false;
}

// The board without coordinates: every line a row ('|' borders and frame
// lines allowed); a header line among them is an error.
void read_plain_board(Diagram& d, std::span<const Line> lines, std::vector<size_t>& rows) {
  for (const Line& l : lines) {
    if (l.text.empty() || l.text.front() == '#' || is_frame(l.text)) continue;
    if (is_header(l.text)) throw ParseError("header line after the board rows", l.no, 0);
    read_row(d, l, 0, l.text.size(), rows);
  }
  if (d.height == 0) throw ParseError("no board rows found", lines.back().no, 0);
}

// Where the trailing comment of a line starts ("komi: 6.5   # even game"):
// a '#' after a blank, as the guide writes them. A whole-line comment stays
// one: a blank line would end a framed board.
size_t comment_start(std::string_view t) {
  for (size_t i = 1; i < t.size(); ++i)
    if (t[i] == '#' && is_blank(t[i - 1])) return i;
  return std::string_view::npos;
}

// The lines of the text. A Sensei's Library diagram ("$$ | . X O |") is read
// without its "$$", and its first line ("$$Bc title") is its title.
std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> lines;
  bool sensei = false, started = false;
  for (size_t no = 1; !text.empty(); ++no) {
    Line l{no, next_line(text), {}, {}};
    std::string_view t = trim(l.raw);
    if (!started && !t.empty()) {
      started = true;
      sensei = t.substr(0, 2) == "$$";
      const std::string_view first = sensei ? trim(t.substr(2)) : t;
      l.title = sensei && !is_frame(first) && (first.empty() || first[0] != '|');
    }
    l.sensei = sensei && t.substr(0, 2) == "$$";
    if (l.sensei) t = trim(t.substr(2));
    const size_t comment = l.title ? std::string_view::npos : comment_start(t);
    if (comment != std::string_view::npos) l.comment = t.substr(comment);
    if (!l.title) l.text = trim(t.substr(0, comment));
    lines.push_back(l);
  }
  return lines;
}

// The whole line as read, its comment too.
std::string_view content(const Line& l) {
  const std::string_view t = trim(l.raw);
  return l.sensei ? trim(t.substr(2)) : t;
}

// A whole-line comment that reads as a row (IGS draws black stones '#')
// among the rows, or right next to them as wide as they are: the board
// would be read a row short.
void refuse_rows_commented_out(std::span<const Line> lines, const std::vector<size_t>& rows, int width) {
  const auto points = [](const Line& l) { return l.text.starts_with('#') ? points_in(content(l)) : 0; };
  for (const Line& l : lines)
    if (points(l) > 0 && l.no > rows.front() && l.no < rows.back())
      throw ParseError("a comment inside the board ('#' begins a comment; black stones are X)", l.no, 0);
  for (const Line& l : lines)
    if (points(l) == width && (l.no + 1 == rows.front() || l.no == rows.back() + 1))
      throw ParseError("a comment right next to the board reads as one of its rows ('#' begins a comment; black "
                       "stones are X)",
                       l.no, 0);
}

// Sensei's Library reads its first "$$" line as the title: one that reads as
// a row of the board (as many points) would lose that row.
void refuse_title_row(std::span<const Line> lines, int width) {
  for (const Line& l : lines)
    if (l.title && points_in(content(l)) == width)
      throw ParseError("Sensei's Library reads the first '$$' line as the diagram's title, and this one reads as a "
                       "row of the board: begin the diagram with a line '$$' alone (or '$$B' or '$$W' and a title)",
                       l.no, 0);
}

// Every stone marked dead: most likely stones typed in lower case.
void warn_all_dead(Diagram& d) {
  const auto living = std::count_if(d.cells.begin(), d.cells.end(), [](char c) { return c == 'X' || c == 'O'; });
  const auto dead = std::count_if(d.cells.begin(), d.cells.end(), [](char c) { return c == 'x' || c == 'o'; });
  if (dead > 0 && living == 0)
    d.warnings.push_back("every stone on the board is marked dead: lower-case x and o mark dead stones; living "
                         "stones are X and O");
}

// A seki stone (& Black's, @ White's, as `score --format diagram` prints
// them) on a board with no living stone of the other colour: no seki is so.
// Most likely @ typed for Black's stones, as some ASCII diagrams draw them.
void warn_seki_alone(Diagram& d, std::span<const Line> lines, const std::vector<size_t>& rows, bool katago) {
  if (katago) return;  // its '@' an empty point
  const auto typed = [&](char c) {
    return std::any_of(rows.begin(), rows.end(),
                       [&](size_t no) { return lines[no - 1].text.find(c) != std::string_view::npos; });
  };
  const auto living = [&](char c) { return std::find(d.cells.begin(), d.cells.end(), c) != d.cells.end(); };
  if (typed('@') && !living('X'))
    d.warnings.push_back("'@' is a white stone in seki, but the board has no black stone to share a seki with: if '@' "
                         "stands for Black's stones, as in some ASCII diagrams, write them X");
  if (typed('&') && !living('O'))
    d.warnings.push_back("'&' is a black stone in seki, but the board has no white stone to share a seki with: if '&' "
                         "stands for White's stones, write them O");
}

// GTP's mark of an answer: "=", maybe with the command's id ("=12"), then
// the answer's text, if any, after a blank. The text, or none.
std::optional<std::string_view> gtp_answer(std::string_view s) {
  if (s.empty() || s[0] != '=') return std::nullopt;
  size_t i = 1;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i < s.size() && !is_blank(s[i])) return std::nullopt;
  return trim(s.substr(i));
}

// The first line of KataGo's showboard: "MoveNum: 24 HASH: " and the
// position's hash, 32 hex digits; after GTP's "= " when pasted whole.
bool is_katago_header(std::string_view s) {
  s = gtp_answer(s).value_or(s);
  if (s.starts_with("MoveNum: ")) {
    s.remove_prefix(9);
    const size_t digits = std::min(s.find_first_not_of("0123456789"), s.size());
    if (digits == 0 || s.substr(digits, 1) != " ") return false;
    s.remove_prefix(digits + 1);
  }
  return s.size() == 6 + 32 && s.starts_with("HASH: ") &&
         s.find_first_not_of("0123456789ABCDEF", 6) == std::string_view::npos;
}

// Where the board starts, past a GTP engine's answer to showboard pasted
// whole: "=" alone (GNU Go's, and the empty answers to commands before it),
// followed by the column letters; or KataGo's first line (`katago` set).
// Else `at`, where the board would start without them.
size_t board_start(std::span<const Line> lines, size_t at, bool& katago) {
  size_t i = at;
  while (i < lines.size() && (lines[i].text.empty() || lines[i].text.front() == '#' || gtp_answer(lines[i].text) == ""))
    ++i;
  if (i < lines.size() && is_katago_header(lines[i].text)) {
    katago = true;
    return i + 1;
  }
  return i > at && i < lines.size() && !letters_of(lines[i].text).empty() ? i : at;
}

// KataGo's showboard states the captures below its board: "B stones
// captured: 2", the black stones taken (White's captures).
void read_katago_captures(std::span<const Line> after, std::vector<StatedCount>& stated) {
  constexpr std::pair<std::string_view, std::string_view> kSides[] = {{"B stones captured:", "white-captures"},
                                                                      {"W stones captured:", "black-captures"}};
  for (const Line& l : after)
    for (const auto& [words, key] : kSides)
      if (l.text.starts_with(words)) stated.push_back({key, trim(l.text.substr(words.size())), l.text, l.no});
}

}  // namespace

Diagram parse_diagram(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  Diagram d;
  const std::vector<Line> lines = lines_of(text);
  Headers headers;
  size_t board = 0;  // the first line of the board
  for (; board < lines.size(); ++board) {
    const Line& l = lines[board];
    if (l.text.empty() || l.text.front() == '#') continue;
    if (!is_header(l.text) || is_katago_header(l.text)) break;
    read_header(d, l.text, l.no, headers);
  }
  check_last_pass(d, headers);
  bool katago = false;
  board = board_start(lines, board, katago);
  const std::span<const Line> rest = std::span(lines).subspan(board);
  if (rest.empty()) throw ParseError("no board rows found", lines.empty() ? 1 : lines.back().no, 0);
  std::vector<size_t> rows;  // the line of each row
  std::vector<StatedCount> stated;
  if (katago || is_framed(rest)) {
    FramedBoard framed(d, rest, rows, katago);
    framed.read();
    stated = framed.stated();
  } else {
    read_plain_board(d, rest, rows);
  }
  if (katago) read_katago_captures(std::span(lines).subspan(rows.back()), stated);
  for (const StatedCount& s : stated) read_stated(d, s, headers);
  refuse_rows_commented_out(lines, rows, d.width);
  refuse_title_row(lines, d.width);
  for (const HeaderCount& c : headers.counts) check_on_board(c, d);
  warn_all_dead(d);
  warn_seki_alone(d, lines, rows, katago);
  return d;
}

}  // namespace gocount
