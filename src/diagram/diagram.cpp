#include "diagram/diagram.h"

#include <charconv>
#include <cmath>

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
    case 't': case 'u': case 's': case '^': case '?': return '.';
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

Diagram parse_diagram(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  Diagram d;
  size_t line_no = 0, first_row_line = 0;
  bool rows_started = false;
  std::vector<HeaderCount> counts;
  // Reads a count header into `field`, to be checked against the board.
  const auto count = [&](std::string_view key, std::string_view value, int per_point) {
    counts.push_back({std::string(key), parse_count(key, value, line_no), line_no, per_point});
    return counts.back().value;
  };
  while (!text.empty()) {
    const std::string_view raw = next_line(text);
    ++line_no;
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;

    const size_t colon = line.find(':');
    if (colon != std::string_view::npos) {
      if (rows_started) throw ParseError("header line after the board rows", line_no, 0);
      const std::string_view key = trim(line.substr(0, colon));
      const std::string_view value = trim(line.substr(colon + 1));
      if (key == "komi") d.komi = parse_komi(value, line_no);
      else if (key == "handicap") d.handicap = count(key, value, 1);  // a stone on a point
      else if (key == "rules") d.rules = std::string(value);
      else if (key == "black-captures") d.black_captures = count(key, value, kMaxPerPoint);
      else if (key == "white-captures") d.white_captures = count(key, value, kMaxPerPoint);
      else if (key == "black-passes") d.black_passes = count(key, value, kMaxPerPoint);
      else if (key == "white-passes") d.white_passes = count(key, value, kMaxPerPoint);
      else if (key == "last-pass") {
        if (value == "black") d.last_pass = 'B';
        else if (value == "white") d.last_pass = 'W';
        else throw ParseError("last-pass must be 'black' or 'white', not '" + quote_input(value) + "'", line_no, 0);
      } else {
        throw ParseError("unknown header '" + quote_input(key) +
                             "' (komi, handicap, rules, black-captures, white-captures, black-passes, "
                             "white-passes, last-pass)",
                         line_no, 0);
      }
      continue;
    }

    int width = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (c == ' ' || c == '\t') continue;
      const char cell = point_cell(c);
      if (!cell)
        throw ParseError("unexpected '" + quote_input(line.substr(i, 1)) + "' in a board row (X O . + x o expected)", line_no,
                         static_cast<size_t>(raw.find(line) + i + 1));
      d.cells.push_back(cell);
      ++width;
    }
    if (!rows_started) {
      rows_started = true;
      first_row_line = line_no;
      d.width = width;
    } else if (width != d.width) {
      throw ParseError("row has " + std::to_string(width) + " points, the first row (line " +
                           std::to_string(first_row_line) + ") has " + std::to_string(d.width),
                       line_no, 0);
    }
    ++d.height;
    if (d.width > kMaxSide || d.height > kMaxSide)
      throw ParseError("board is larger than 52x52", line_no, 0);
  }
  if (!rows_started) throw ParseError("no board rows found", line_no ? line_no : 1, 0);
  for (const HeaderCount& c : counts) check_on_board(c, d);
  return d;
}

}  // namespace gocount
