#include "report/svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>

namespace gocount {

namespace {

constexpr int kCell = 26;      // distance between lines
constexpr int kMargin = 30;    // room for coordinates around the grid
constexpr int kPad = 12;       // left and right of the text
constexpr int kMinWidth = 470; // room for captions and legend
constexpr int kStone = kCell / 2 - 1;

enum class Mark : uint8_t { kNone, kSekiEye, kFalseEye, kSharedLiberty, kTeire, kDame, kUnsealed, kKo };

struct Cell {
  Color stone = Color::kEmpty;
  bool dead = false;       // a dead stone still shown
  bool filled_in = false;  // a prisoner placed into territory
  bool seki = false;       // a stone of a group in seki: outlined
  Color shade = Color::kEmpty;  // territory counted for
  // Half a point to each side: the shade split corner to corner, dark over
  // light; a point filled half and half, a stone half black, half white.
  bool half_shade = false, half_stone = false;
  Mark mark = Mark::kNone;
  bool ko = false;    // a ko left open: a K, beside the point's own mark if it has one
  bool ring = false;  // counts for nobody (a dame's dot, an unsealed point's ? say so instead)
};

// The points left in one region after the fill-in, written on the region.
struct RegionCount {
  Vertex at;
  int points;
  Color side;
};

// Stones held beside the board: prisoners, pass stones (marked P).
struct TrayRow {
  std::string label;
  Color stone;
  int plain = 0, pass = 0;
};

struct Panel {
  std::string name, title;
  std::vector<std::string> details;
  std::vector<Cell> cells;  // per vertex
  std::vector<RegionCount> counts;
  std::vector<TrayRow> tray;
};

// What a legend can list, in the order it lists them.
enum Feature : uint8_t {
  kDeadBlack, kDeadWhite, kSekiGroup, kSekiEyeMark, kFalseEyeMark, kSharedMark, kTeireMark, kKoMark, kDameMark,
  kDameHalfMark, kUnsealedMark, kUnsealedHalfMark, kRing,
  kShadeBlack, kShadeWhite, kHalf, kFilledIn, kRegion, kPassStone, kFeatures
};

std::string escape_xml(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

std::string plural(int n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// Words to lines of at most `width` characters.
std::vector<std::string> wrap(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    const std::string word = text.substr(i, j - i);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    i = j + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// One mark centred at (cx, cy), `r` its half width, `ry` its half height;
// `ink` contrasts it with a stone under it.
std::string draw_mark(Mark m, int cx, int cy, int r, int ry, const std::string& ink) {
  switch (m) {
    case Mark::kNone: return {};
    case Mark::kSekiEye:
      return fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"m {}\"/>\n", cx - r, cy - ry,
                         2 * r, 2 * ry, "eye" + ink);
    case Mark::kFalseEye:
      return fmt::format("<polygon points=\"{},{} {},{} {},{} {},{}\" class=\"m {}\"/>\n", cx, cy - ry - 1, cx + r + 1,
                         cy, cx, cy + ry + 1, cx - r - 1, cy, "false" + ink);
    case Mark::kSharedLiberty:
      return fmt::format("<polygon points=\"{},{} {},{} {},{}\" class=\"m {}\"/>\n", cx, cy - ry - 1, cx - r - 1,
                         cy + ry, cx + r + 1, cy + ry, "shared" + ink);
    case Mark::kTeire:
      return fmt::format("<path d=\"M{} {}L{} {}M{} {}L{} {}\" class=\"m {}\"/>\n", cx - r, cy - ry, cx + r, cy - ry,
                         cx, cy - ry, cx, cy + ry, "teire" + ink);
    case Mark::kDame: return fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"3\" class=\"dame\"/>\n", cx, cy);
    case Mark::kUnsealed:  // a ?, as the text diagram draws it
      return fmt::format("<text x=\"{}\" y=\"{}\" class=\"unsealed\">?</text>\n", cx, cy + 5);
    case Mark::kKo:  // a K, in the teire's ink
      return fmt::format("<path d=\"M{} {}L{} {}M{} {}L{} {}L{} {}\" class=\"m {}\"/>\n", cx - r, cy - ry, cx - r,
                         cy + ry, cx + r, cy - ry, cx - r, cy, cx + r, cy + ry, "teire" + ink);
  }
  return {};
}

// One point's shading, stone and mark, centred at (cx, cy).
std::string draw_cell(const Cell& c, int cx, int cy) {
  std::string s;
  const int h = kCell / 2 - 2;
  if (c.shade != Color::kEmpty)
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{}\"/>\n", cx - h, cy - h, 2 * h,
                     2 * h, c.shade == Color::kBlack ? "tb" : "tw");
  if (c.half_shade) {
    s += fmt::format("<polygon points=\"{0},{1} {2},{1} {0},{3}\" class=\"tb\"/>\n", cx - h, cy - h, cx + h, cy + h);
    s += fmt::format("<polygon points=\"{2},{1} {2},{3} {0},{3}\" class=\"tw\"/>\n", cx - h, cy - h, cx + h, cy + h);
  }
  if (c.stone != Color::kEmpty) {
    const char* cls = c.stone == Color::kBlack ? "sb" : "sw";
    if (c.filled_in) s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"{} filled\"/>\n", cx, cy, 7, cls);
    else s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"{}{}\"/>\n", cx, cy, kStone, cls, c.dead ? " dead" : "");
  }
  if (c.half_stone) {
    s += fmt::format("<path d=\"M{0} {1}A{2} {2} 0 0 0 {0} {3}Z\" class=\"sb\"/>\n", cx, cy - kStone, kStone, cy + kStone);
    s += fmt::format("<path d=\"M{0} {1}A{2} {2} 0 0 1 {0} {3}Z\" class=\"sw\"/>\n", cx, cy - kStone, kStone, cy + kStone);
  }
  if (c.dead) {
    // Crossed in the colour of the side that takes it.
    const int r = 6;
    s += fmt::format("<path d=\"M{} {}L{} {}M{} {}L{} {}\" class=\"{}\"/>\n", cx - r, cy - r, cx + r, cy + r, cx - r,
                     cy + r, cx + r, cy - r, c.stone == Color::kBlack ? "taken-w" : "taken-b");
  }
  // A mark on a stone (a seki point filled) contrasts with it; on an empty
  // point, and on a stone half black, half white (where either ink would
  // vanish on one half), it has its own colour.
  const bool on_stone = c.stone != Color::kEmpty;
  const std::string ink = on_stone ? (c.stone == Color::kBlack ? " mw" : " mb") : "";
  // A ko on a point with a mark of its own (a teire): both, side by side,
  // as the count needs the one and the stone beside it the other.
  if (c.ko && c.mark != Mark::kNone)
    s += draw_mark(c.mark, cx - 4, cy, 3, 4, ink + " pair") + draw_mark(Mark::kKo, cx + 4, cy, 3, 4, ink + " pair");
  else s += draw_mark(c.ko ? Mark::kKo : c.mark, cx, cy, kCell / 4, kCell / 4, ink);
  if (c.ring) s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"ring\"/>\n", cx, cy, kCell / 2 - 3);
  return s;
}

std::string draw_count(const RegionCount& c, int cx, int cy) {
  const std::string n = std::to_string(c.points);
  const int w = 8 + 7 * static_cast<int>(n.size());
  const bool b = c.side == Color::kBlack;
  return fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" rx=\"3\" class=\"{}\"/>\n"
                     "<text x=\"{}\" y=\"{}\" class=\"{}\">{}</text>\n",
                     cx - w / 2, cy - 8, w, b ? "count-b" : "count-w", cx, cy + 4, b ? "num-b" : "num-w", n);
}

std::string draw_pass_stone(Color c, int cx, int cy, int r) {
  return fmt::format("<circle cx=\"{0}\" cy=\"{1}\" r=\"{2}\" class=\"{3}\"/>\n"
                     "<text x=\"{0}\" y=\"{4}\" class=\"pass {5}\">P</text>\n",
                     cx, cy, r, c == Color::kBlack ? "sb" : "sw", cy + 3, c == Color::kBlack ? "pw" : "pb");
}

// The frame of one point of a group in seki, centred at (cx, cy): a band
// along each side whose neighbour is not of the group, and a corner where
// both sides are but the diagonal is not. Over the stones and inside the
// group's own points: it never strays onto another point, and two groups
// side by side each keep their line. `in(dx, dy)`: that neighbour is of it.
template <typename In>
std::string seki_frame(int cx, int cy, In in) {
  constexpr int h = kCell / 2, d = 2;
  std::string s;
  auto band = [&](int x, int y, int w, int ht) {
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"seki\"/>\n", x, y, w, ht);
  };
  for (const auto& [dx, dy] : {std::pair{0, -1}, {0, 1}, {-1, 0}, {1, 0}})
    if (!in(dx, dy))
      band(dx > 0 ? cx + h - d : cx - h, dy > 0 ? cy + h - d : cy - h, dx ? d : 2 * h, dy ? d : 2 * h);
  for (const auto& [dx, dy] : {std::pair{-1, -1}, {1, -1}, {-1, 1}, {1, 1}})
    if (in(dx, 0) && in(0, dy) && !in(dx, dy))
      band(dx > 0 ? cx + h - d : cx - h, dy > 0 ? cy + h - d : cy - h, d, d);
  return s;
}

// The frames of the groups in seki (a group: its stones of one colour side
// by side).
std::string draw_seki_frames(const Board& b, const Panel& p, int ox, int oy) {
  std::string s;
  b.for_each_point([&](Vertex v) {
    if (!p.cells[v].seki) return;
    s += seki_frame(ox + b.x_of(v) * kCell, oy + b.y_of(v) * kCell, [&](int dx, int dy) {
      const Vertex w = v + dx + dy * b.stride();
      return b.on_board(w) && p.cells[w].seki && p.cells[w].stone == p.cells[v].stone;
    });
  });
  return s;
}

std::array<bool, kFeatures> features_of(const Panel& p) {
  std::array<bool, kFeatures> f{};
  for (const Cell& c : p.cells) {
    if (c.dead) f[c.stone == Color::kBlack ? kDeadBlack : kDeadWhite] = true;
    if (c.seki) f[kSekiGroup] = true;
    if (c.filled_in) f[kFilledIn] = true;
    if (c.ring) f[kRing] = true;
    if (c.ko) f[kKoMark] = true;
    if (c.half_shade || c.half_stone) f[kHalf] = true;
    if (c.shade != Color::kEmpty) f[c.shade == Color::kBlack ? kShadeBlack : kShadeWhite] = true;
    switch (c.mark) {
      case Mark::kNone: break;
      case Mark::kSekiEye: f[kSekiEyeMark] = true; break;
      case Mark::kFalseEye: f[kFalseEyeMark] = true; break;
      case Mark::kSharedLiberty: f[kSharedMark] = true; break;
      case Mark::kTeire: f[kTeireMark] = true; break;
      // Under Ing a neutral point is worth half to each side: said so, not "nobody".
      case Mark::kDame: f[c.half_shade ? kDameHalfMark : kDameMark] = true; break;
      case Mark::kUnsealed: f[c.half_shade ? kUnsealedHalfMark : kUnsealedMark] = true; break;
      case Mark::kKo: f[kKoMark] = true; break;
    }
  }
  if (!p.counts.empty()) f[kRegion] = true;
  for (const TrayRow& r : p.tray)
    if (r.pass) f[kPassStone] = true;
  return f;
}

// One legend entry: its sample, drawn as on the board, and its words.
std::string legend_entry(Feature f, int x, int y) {
  Cell c;
  std::string sample, words;
  switch (f) {
    case kDeadBlack:
      c.stone = Color::kBlack, c.dead = true;
      words = "dead black stone, crossed in white: White takes it";
      break;
    case kDeadWhite:
      c.stone = Color::kWhite, c.dead = true;
      words = "dead white stone, crossed in black: Black takes it";
      break;
    case kSekiGroup: words = "outlined: stones of a group in seki"; break;
    case kSekiEyeMark: c.mark = Mark::kSekiEye, words = "square: seki eye (a stone on it: filled by its owner)"; break;
    case kFalseEyeMark: c.mark = Mark::kFalseEye, words = "diamond: false eye of a seki"; break;
    case kSharedMark: c.mark = Mark::kSharedLiberty, words = "triangle: shared liberty of a seki"; break;
    case kTeireMark: c.mark = Mark::kTeire, words = "T: teire, a point still to be filled"; break;
    case kKoMark: c.ko = true, words = "K: a ko left open; the stone in atari beside it counts as it stands"; break;
    case kDameMark: c.mark = Mark::kDame, words = "dot: dame, counts for nobody"; break;
    case kDameHalfMark: c.mark = Mark::kDame, c.half_shade = true, words = "dot: dame, half a point to each side"; break;
    case kUnsealedMark:
      c.mark = Mark::kUnsealed, words = "?: behind an unsealed border: still open, no one's territory";
      break;
    case kUnsealedHalfMark:
      c.mark = Mark::kUnsealed, c.half_shade = true;
      words = "?: behind an unsealed border: still open, half a point to each side";
      break;
    case kRing: c.ring = true, words = "blue ring: counts for nobody (non-scoring)"; break;
    case kShadeBlack: c.shade = Color::kBlack, words = "dark: Black's territory"; break;
    case kShadeWhite: c.shade = Color::kWhite, words = "light: White's territory"; break;
    case kHalf: c.half_shade = true, words = "half dark, half light: half a point to each side"; break;
    case kFilledIn:
      c.stone = Color::kBlack, c.filled_in = true;
      words = "small stone: a prisoner placed into territory of its colour";
      break;
    case kRegion:
      sample = draw_count({0, 5, Color::kBlack}, x + 11, y);
      words = "number: the points left in that region";
      break;
    case kPassStone:
      sample = draw_pass_stone(Color::kWhite, x + 11, y, 7);
      words = "P: a pass stone (a prisoner for a pass)";
      break;
    case kFeatures: break;
  }
  std::string s = fmt::format("<rect x=\"{}\" y=\"{}\" width=\"22\" height=\"22\" class=\"wood\"/>\n", x, y - 11);
  if (f == kSekiGroup) {
    s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"7\" class=\"sb\"/>\n", x + 11, y);
    s += fmt::format("<g transform=\"translate({} {}) scale(0.8)\">\n{}</g>\n", x + 11, y,
                     seki_frame(0, 0, [](int, int) { return false; }));
  } else if (!sample.empty()) {
    s += sample;
  } else {
    // Samples a little smaller than on the board: scale the cell down.
    s += fmt::format("<g transform=\"translate({} {}) scale(0.8)\">\n{}</g>\n", x + 11, y, draw_cell(c, 0, 0));
  }
  return s + fmt::format("<text x=\"{}\" y=\"{}\" class=\"legend\">{}</text>\n", x + 30, y + 4, escape_xml(words));
}

// One panel's SVG, drawn from the top down: the title and details, the
// board, the tray of prisoners, the legend; `y_` the height drawn so far.
class Document {
 public:
  Document(const Board& b, const Panel& p)
      : b_(b), p_(p), board_w_(2 * kMargin + (b.width() - 1) * kCell), board_h_(2 * kMargin + (b.height() - 1) * kCell),
        w_(std::max(board_w_, kMinWidth)), text_chars_(static_cast<size_t>((w_ - 2 * kPad) / 6.5)) {}

  std::string draw(int number) {
    title(number);
    board();
    tray();
    legend();
    return frame(w_, y_ + 8) + body_ + "</svg>\n";
  }

 private:
  // 12px sans (DejaVu): about 6 pixels a character on average, 6.5 to be
  // safe (text_chars_); bold 14px: about 8.5.
  void title(int number) {
    const size_t title_chars = static_cast<size_t>((w_ - 2 * kPad) / 8.5);
    for (const std::string& l : wrap(number ? fmt::format("{}. {}", number, p_.title) : p_.title, title_chars))
      line(18, "title", l);
    for (const std::string& d : p_.details)
      for (const std::string& l : wrap(d, text_chars_)) line(16, "text", l);
    y_ += 8;
  }

  void line(int step, std::string_view cls, std::string_view words) {
    y_ += step;
    body_ += fmt::format("<text x=\"{}\" y=\"{}\" class=\"{}\">{}</text>\n", kPad, y_, cls, escape_xml(words));
  }

  // The wood, the lines, the coordinates, then every point and the counts.
  void board() {
    constexpr char kLetters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    const int ox = (w_ - board_w_) / 2 + kMargin, oy = y_ + kMargin;
    auto X = [&](int x) { return ox + x * kCell; };
    auto Y = [&](int yy) { return oy + yy * kCell; };
    const int width = b_.width(), height = b_.height();
    body_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"wood\"/>\n", X(0) - kCell / 2,
                         Y(0) - kCell / 2, width * kCell, height * kCell);
    for (int x = 0; x < width; ++x)
      body_ += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" class=\"line\"/>\n", X(x), Y(0),
                           Y(height - 1));
    for (int yy = 0; yy < height; ++yy)
      body_ += fmt::format("<line x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\" class=\"line\"/>\n", Y(yy), X(0),
                           X(width - 1));
    const bool gtp = width <= 25;
    for (int x = 0; x < width; ++x) {
      const char label = gtp ? kLetters[x] : static_cast<char>(x < 26 ? 'a' + x : 'A' + x - 26);
      body_ += fmt::format("<text x=\"{}\" y=\"{}\" class=\"coord\">{}</text>\n", X(x), Y(0) - kCell / 2 - 5, label);
    }
    for (int yy = 0; yy < height; ++yy)
      body_ += fmt::format("<text x=\"{}\" y=\"{}\" class=\"coord\">{}</text>\n", X(0) - kCell / 2 - 9, Y(yy) + 4,
                           gtp ? height - yy : yy + 1);
    b_.for_each_point([&](Vertex v) { body_ += draw_cell(p_.cells[v], X(b_.x_of(v)), Y(b_.y_of(v))); });
    body_ += draw_seki_frames(b_, p_, ox, oy);
    for (const RegionCount& c : p_.counts) body_ += draw_count(c, X(b_.x_of(c.at)), Y(b_.y_of(c.at)));
    y_ += board_h_;
  }

  // Tray rows: a label line, then the stones, as many lines as they need.
  void tray() {
    constexpr int kTrayStep = 16;
    const int per_line = (w_ - 2 * kPad) / kTrayStep;
    for (const TrayRow& r : p_.tray) {
      for (const std::string& l : wrap(r.label, text_chars_)) line(16, "text", l);
      y_ += 2;
      for (int i = 0; i < r.plain + r.pass; ++i) {
        const int cx = kPad + 7 + (i % per_line) * kTrayStep, cy = y_ + 9 + (i / per_line) * kTrayStep;
        if (i < r.plain)
          body_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"7\" class=\"{}\"/>\n", cx, cy,
                               r.stone == Color::kBlack ? "sb" : "sw");
        else
          body_ += draw_pass_stone(r.stone, cx, cy, 7);
      }
      y_ += ((r.plain + r.pass + per_line - 1) / per_line) * kTrayStep;
    }
  }

  // What the marks on this panel mean, one row each.
  void legend() {
    const std::array<bool, kFeatures> features = features_of(p_);
    if (std::count(features.begin(), features.end(), true) == 0) return;
    y_ += 10;
    body_ += "<g id=\"legend\">\n";
    for (int f = 0; f < kFeatures; ++f) {
      if (!features[f]) continue;
      body_ += legend_entry(static_cast<Feature>(f), kPad, y_ + 12);
      y_ += 24;
    }
    body_ += "</g>\n";
  }

  // The opening tag and the style sheet, for a picture w x h.
  static std::string frame(int w, int h) {
    return fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n"
        "<style>\n"
        ".wood{{fill:#dcb35c}} .line{{stroke:#333;stroke-width:1}} .coord{{font:11px sans-serif;fill:#333;"
        "text-anchor:middle}}\n"
        ".title{{font:bold 14px sans-serif;fill:#111}} .text{{font:12px sans-serif;fill:#111}} "
        ".legend{{font:12px sans-serif;fill:#111}}\n"
        ".sb{{fill:#111;stroke:#000}} .sw{{fill:#fafafa;stroke:#333}} .dead{{opacity:0.4}}\n"
        ".taken-w{{fill:none;stroke:#fff;stroke-width:3;stroke-linecap:round}} "
        ".taken-b{{fill:none;stroke:#000;stroke-width:3;stroke-linecap:round}}\n"
        ".seki{{fill:#0e8c78}}\n"
        ".tb{{fill:#222;opacity:0.55}} .tw{{fill:#fff;opacity:0.75}}\n"
        ".m{{fill:none;stroke-width:2}} .eye{{stroke:#0b6e5f}} .false{{stroke:#7d3c98}} .shared{{stroke:#c0392b}} "
        ".teire{{stroke:#a04000;stroke-width:2.5}} .mb{{stroke:#000}} .mw{{stroke:#fff}} .pair{{stroke-width:1.6}}\n"
        ".dame{{fill:#444}} .ring{{fill:none;stroke:#06c;stroke-width:2}}\n"
        ".unsealed{{font:bold 14px sans-serif;fill:#444;text-anchor:middle;stroke:#dcb35c;stroke-width:3;"
        "paint-order:stroke}}\n"
        ".count-b{{fill:#111;stroke:#fff}} .count-w{{fill:#fff;stroke:#111}} "
        ".num-b{{font:bold 11px sans-serif;fill:#fff;text-anchor:middle}} "
        ".num-w{{font:bold 11px sans-serif;fill:#111;text-anchor:middle}}\n"
        ".pass{{font:bold 9px sans-serif;text-anchor:middle}} .pw{{fill:#fff}} .pb{{fill:#111}}\n"
        "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
        w, h);
  }

  const Board& b_;
  const Panel& p_;
  const int board_w_, board_h_, w_;
  const size_t text_chars_;
  int y_ = 6;
  std::string body_;
};

std::string document(const Board& b, const Panel& p, int number) { return Document(b, p).draw(number); }

Mark mark_of(PointClass c) {
  switch (c) {
    case PointClass::kSekiEye: return Mark::kSekiEye;
    case PointClass::kFalseEye: return Mark::kFalseEye;
    case PointClass::kSharedLiberty: return Mark::kSharedLiberty;
    case PointClass::kTeire: return Mark::kTeire;
    case PointClass::kDame:
    case PointClass::kOneSidedDame: return Mark::kDame;
    case PointClass::kUnsealed: return Mark::kUnsealed;
    default: return Mark::kNone;
  }
}

// Marks whose meaning includes "counts for nobody": no ring beside them.
bool says_nobody(Mark m) { return m == Mark::kDame || m == Mark::kUnsealed; }

bool in_seki(PointClass c) { return c == PointClass::kSekiEye || c == PointClass::kFalseEye; }

// The pictures of one game.
class Steps {
 public:
  Steps(const Game& game, const Scored& s) : game_(game), s_(s), t_(s.tally), k_(s.tally.classes) {}

  Panel stones_of(const Board& b) const {
    Panel p;
    p.cells.assign(b.padded_size(), Cell{});
    b.for_each_point([&](Vertex v) { p.cells[v].stone = b.at(v); });
    return p;
  }

  // The final position, the dead stones marked.
  Panel dead() const {
    Panel p = stones_of(game_.board);
    game_.board.for_each_point([&](Vertex v) { p.cells[v].dead = t_.dead[v] != 0; });
    const int b = t_.black().dead, w = t_.white().dead;
    p.name = b + w ? "dead" : "final";
    p.title = b + w ? "The final position, the dead stones marked" : "The final position";
    if (b + w)
      p.details.push_back(fmt::format("Dead: {} (White takes {}), {} (Black takes {}); found from: {}.",
                                      plural(b, "black stone", "black stones"), b == 1 ? "it" : "them",
                                      plural(w, "white stone", "white stones"), w == 1 ? "it" : "them",
                                      dead_source_name(s_.dead_from)));
    return p;
  }

  // Under territory rules (and for a fill-in) the dead stones join the prisoners.
  Panel removed(bool prisoners) const {
    Panel p = stones_of(t_.board);
    p.name = "removed";
    p.title = "The dead stones removed";
    const SideCount& b = s_.input.black();
    const SideCount& w = s_.input.white();
    if (prisoners) {
      p.details.push_back(fmt::format(
          "They join the prisoners: Black now holds {} white ({} taken in play, {} dead), White {} black ({} taken "
          "in play, {} dead).",
          b.prisoners(), b.captures, b.dead_prisoners, w.prisoners(), w.captures, w.dead_prisoners));
      const int in_seki = t_.black().dead + t_.white().dead - b.dead_prisoners - w.dead_prisoners;
      if (in_seki)
        p.details.push_back(fmt::format("{} inside a seki {} no prisoner (Japanese rules of 1989).",
                                        plural(in_seki, "dead stone", "dead stones"), in_seki == 1 ? "is" : "are"));
    } else {
      p.details.push_back("They go back to their bowls: area counting counts only the stones on the board and "
                          "the territory.");
    }
    return p;
  }

  // The seki eyes, false eyes, shared liberties and teire; filled where the rules fill them.
  // The points in seki and the teire, as the panel counts them.
  struct SekiPoints {
    int eyes[2] = {}, false_eyes[2] = {}, shared_to[2] = {}, vacant = 0, halves = 0, loose = 0;
    int shared() const { return shared_to[0] + shared_to[1] + vacant + halves + loose; }
  };

  Panel seki() const {
    Panel p = stones_of(t_.board);
    p.name = "seki";
    const SekiPoints n = mark_seki(p);
    const int groups = seki_groups(p);
    const int teire = k_.teire[0] + k_.teire[1];
    const bool fill = s_.rules.seki == SekiPolicy::kFillEyes;
    p.title = groups ? (fill ? "The seki filled" : "The points in seki") : "Points still to be filled (teire)";
    if (groups) seki_details(p, n, groups);
    if (teire)
      p.details.push_back(fmt::format("{} still to be filled (teire): {}.", plural(teire, "point", "points"),
                                      fill                           ? "territory all the same (area counting)"
                                      : s_.rules.enclosed_territory ? "territory all the same (as OGS counts)"
                                                                    : "no territory"));
    if (!groups && !teire) p.name.clear();  // nothing in it
    return p;
  }

  // Marks the seki stones, eyes, shared liberties and teire on the panel's
  // cells, filled as the rules fill them; counts them.
  SekiPoints mark_seki(Panel& p) const {
    const bool fill = s_.rules.seki == SekiPolicy::kFillEyes;
    const bool fill_shared = fills_shared_liberties(s_.rules);
    SekiPoints n;
    t_.board.for_each_point([&](Vertex v) {
      Cell& c = p.cells[v];
      if (k_.cls[v] == PointClass::kSekiStone) c.seki = true;
      if (t_.board.at(v) != Color::kEmpty) return;
      const PointClass cls = k_.cls[v];
      if (!in_seki(cls) && cls != PointClass::kSharedLiberty && cls != PointClass::kTeire) return;
      c.mark = mark_of(cls);
      if (in_seki(cls)) ++(cls == PointClass::kSekiEye ? n.eyes : n.false_eyes)[side_index(k_.owner[v])];
      if (fill && in_seki(cls) && s_.counts_for[v] == k_.owner[v]) c.stone = k_.owner[v];
      if (cls == PointClass::kSharedLiberty) {
        if (s_.counts_for[v] != Color::kEmpty) {
          c.stone = s_.counts_for[v];
          ++n.shared_to[side_index(c.stone)];
        } else if (s_.half_each[v]) {
          ++n.halves;
          if (fill_shared) c.half_stone = true;
          else c.half_shade = true;
        } else if (s_.non_scoring[v]) {
          ++n.vacant;
        } else {
          ++n.loose;
        }
      }
      if (s_.non_scoring[v]) c.ring = true;
    });
    return n;
  }

  // What the sekis hold, and how the rules count them.
  void seki_details(Panel& p, const SekiPoints& n, int groups) const {
    const bool fill = s_.rules.seki == SekiPolicy::kFillEyes;
    const int eyes = n.eyes[0] + n.eyes[1], false_eyes = n.false_eyes[0] + n.false_eyes[1], shared = n.shared();
    std::string d = plural(groups, "group", "groups") + " in seki";
    std::vector<std::string> parts;
    if (eyes) parts.push_back(plural(eyes, "seki eye", "seki eyes"));
    if (false_eyes) parts.push_back(plural(false_eyes, "false eye", "false eyes"));
    if (shared) parts.push_back(plural(shared, "shared liberty", "shared liberties"));
    for (size_t i = 0; i < parts.size(); ++i)
      d += (i == 0 ? " with " : i + 1 == parts.size() ? " and " : ", ") + parts[i];
    p.details.push_back(d + ".");
    if (fill) {
      if (eyes + false_eyes)
        p.details.push_back(fmt::format("The eyes and false eyes are filled by their owners: Black {}, White {}.",
                                        n.eyes[0] + n.false_eyes[0], n.eyes[1] + n.false_eyes[1]));
      if (shared && s_.input.seki) {
        const SekiFill how = s_.input.seki->convention;
        std::string f = fmt::format("The shared liberties, {}:",
                                    how == SekiFill::kMays           ? "filled evenly per seki (Mays)"
                                    : how == SekiFill::kBestPractice ? "filled evenly, the odd ones in turn (Mays' best practice)"
                                                                     : "half a point to each side (Chinese rules of 2002)");
        if (n.halves) f += fmt::format(" {} half and half", n.halves);
        else f += fmt::format(" Black {}, White {}", n.shared_to[0], n.shared_to[1]);
        if (n.vacant) f += fmt::format(", {} left vacant (non-scoring)", n.vacant);
        p.details.push_back(f + ".");
      } else if (shared) {
        p.details.push_back(fmt::format("The shared liberties are not filled: {} {}.", shared,
                                        n.halves ? "count half a point to each side" : "count as they stand"));
      }
    } else if (s_.rules.enclosed_territory) {
      p.details.push_back(fmt::format("Counted as OGS counts: the seki eyes and false eyes are their owner's "
                                      "territory ({} rules give them to nobody).",
                                      s_.rules.title));
    } else if (s_.rules.seki == SekiPolicy::kNoTerritory) {
      p.details.push_back(fmt::format("{} rules: a group in seki has no territory: these points count for nobody.",
                                      s_.rules.title));
    } else {
      p.details.push_back(
          fmt::format("{} rules: the board counts as it stands: nothing is filled.", s_.rules.title));
    }
  }

  // An empty point that counts for nobody: a dame its dot, a point behind
  // an unsealed border its ?, any other a ring.
  void mark_nobody(Cell& c, Vertex v) const {
    c.mark = says_nobody(mark_of(k_.cls[v])) ? mark_of(k_.cls[v]) : Mark::kNone;
    c.ring = !says_nobody(c.mark);
  }

  // The groups in seki, each once.
  int seki_groups(const Panel& p) const {
    std::set<Vertex> roots;
    t_.board.for_each_point([&](Vertex v) {
      if (p.cells[v].seki) roots.insert(t_.board.chain_root(v));
    });
    return static_cast<int>(roots.size());
  }

  // Vacant territory shaded (after the seki filled: those points are stones).
  Panel territory(const Panel& seki) const {
    Panel p = seki;
    p.name = "territory";
    p.details.clear();
    const bool area = s_.rules.scoring == Scoring::kArea;
    p.title = area ? "Vacant territory and stones counted" : "Territory counted";
    int vacant[2] = {}, nobody = 0, half_shaded = 0;
    double stones[2] = {};
    t_.board.for_each_point([&](Vertex v) {
      Cell& c = p.cells[v];
      c.seki = false;
      if (c.stone == Color::kEmpty && !c.half_stone) {
        c.mark = Mark::kNone;
        c.ring = false;
        c.half_shade = s_.half_each[v] != 0;
        half_shaded += c.half_shade;
        if (s_.counts_for[v] != Color::kEmpty) {
          c.shade = s_.counts_for[v];
          ++vacant[side_index(c.shade)];
        } else if (!c.half_shade) {
          ++nobody;
          mark_nobody(c, v);
        }
      } else {
        c.mark = Mark::kNone;
        if (c.half_stone) stones[0] += 0.5, stones[1] += 0.5;
        else stones[side_index(c.stone)] += 1;
      }
    });
    const bool filled = stones[0] + stones[1] > t_.black().stones + t_.white().stones;
    std::string nobody_text = nobody ? fmt::format("; {} for nobody", plural(nobody, "point counts", "points count"))
                                     : std::string();
    if (area) {
      p.details.push_back(fmt::format("Vacant territory: Black {}, White {}.", vacant[0], vacant[1]));
      p.details.push_back(fmt::format("Stones{}: Black {}, White {}.",
                                      filled ? " (with the points filled in the seki)" : "",
                                      points_text(stones[0]), points_text(stones[1])));
      std::string total =
          fmt::format("Total points: Black {}, White {}{}", points_text(vacant[0] + stones[0]),
                      points_text(vacant[1] + stones[1]), nobody_text);
      if (half_shaded)
        total += fmt::format("; and {} half a point to each side (+{} each)",
                             plural(half_shaded, "point counts", "points count"), points_text(half_shaded * 0.5));
      p.details.push_back(total + ".");
    } else {
      p.details.push_back(fmt::format("Territory: Black {}, White {}{}.", vacant[0], vacant[1], nobody_text));
    }
    return p;
  }

  // The territory a fill-in fills: what Japanese counting (and Jasiek's) count as territory.
  bool fill_in_territory(Vertex v, Color side) const {
    if (t_.board.at(v) != Color::kEmpty) return false;
    if (s_.rules.seki == SekiPolicy::kNoTerritory && !s_.rules.enclosed_territory)
      return k_.cls[v] == PointClass::kTerritory && k_.owner[v] == side;
    return t_.owner[v] == side;
  }

  // The regions of `side`'s territory among `points`, in board order.
  std::vector<std::vector<Vertex>> regions(const std::vector<uint8_t>& points) const {
    const Board& b = t_.board;
    std::vector<uint8_t> seen(points.size(), 0);
    std::vector<std::vector<Vertex>> out;
    b.for_each_point([&](Vertex v) {
      if (!points[v] || seen[v]) return;
      std::vector<Vertex> r{v};
      seen[v] = 1;
      for (size_t i = 0; i < r.size(); ++i)
        for (int d : b.directions()) {
          const Vertex w = r[i] + d;
          if (b.on_board(w) && points[w] && !seen[w]) {
            seen[w] = 1;
            r.push_back(w);
          }
        }
      out.push_back(std::move(r));
    });
    return out;
  }

  // The prisoners placed into the opponent's territory (Sensei's Library,
  // Japanese Counting, step 1), then with `counted` the points left counted
  // per region (step 3). Returns the panel; `count` receives the count.
  Panel fill_in(bool pass_stones, bool counted) const {
    Panel p = stones_of(t_.board);
    const CountInput& in = s_.input;
    const std::array<int, 2> prisoners = fill_in_prisoners(in, pass_stones);
    const FillIn f = gocount::fill_in({*in.black().territory, *in.white().territory}, prisoners);
    for (Color side : {Color::kBlack, Color::kWhite}) fill_side(p, side, prisoners, f, counted);
    const std::string how = pass_stones ? "Japanese fill-in with pass stones (Jasiek)" : "Japanese fill-in";
    if (!counted) {
      p.name = "fill-in";
      p.title = how + ": the prisoners placed into the opponent's territory";
      p.details.push_back(fmt::format(
          "White's {} into Black's territory, Black's {} into White's.",
          plural(prisoners[1], "prisoner (a black stone) goes", "prisoners (black stones) go"),
          plural(prisoners[0], "prisoner (a white stone)", "prisoners (white stones)")));
      p.details.push_back(fmt::format("Territory left: Black {}, White {}.", f.territory_left[0], f.territory_left[1]));
      return p;
    }
    p.name = "count";
    p.title = how + ": the points left counted per region";
    count_words(p, f, pass_stones ? jasiek_counting(in) : japanese_counting(in));
    return p;
  }

  // The opponent's prisoners of `side`'s colour placed into its territory,
  // the smallest regions first, each filled from its first point on, so
  // that what is left stays in few regions; the territory left shaded (and
  // counted per region), the prisoners left over in the tray.
  void fill_side(Panel& p, Color side, const std::array<int, 2>& prisoners, const FillIn& f, bool counted) const {
    const int i = side_index(side);
    std::vector<uint8_t> terr(t_.board.padded_size(), 0);
    t_.board.for_each_point([&](Vertex v) { terr[v] = fill_in_territory(v, side); });
    std::vector<std::vector<Vertex>> rs = regions(terr);
    std::stable_sort(rs.begin(), rs.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
    int left = prisoners[1 - i];  // the opponent holds stones of this colour
    for (const std::vector<Vertex>& r : rs)
      for (Vertex v : r) {
        if (left == 0) break;
        p.cells[v].stone = side;
        p.cells[v].filled_in = true;
        terr[v] = 0;
        --left;
      }
    for (const std::vector<Vertex>& r : regions(terr)) {
      for (Vertex v : r) p.cells[v].shade = side;
      if (counted) p.counts.push_back({centre(r), static_cast<int>(r.size()), side});
    }
    t_.board.for_each_point([&](Vertex v) {
      const Cell& c = p.cells[v];
      if (side == Color::kWhite && c.stone == Color::kEmpty && c.shade == Color::kEmpty) mark_nobody(p.cells[v], v);
    });
    if (f.prisoners_left[i])
      p.tray.push_back({fmt::format("{}'s prisoners left over (points for {}): {}", i ? "White" : "Black",
                                    i ? "White" : "Black", f.prisoners_left[i]),
                        opponent(side), f.prisoners_left[i], 0});
  }

  // Each side's regions added up, with its prisoners left over; then komi,
  // compensation and the result.
  void count_words(Panel& p, const FillIn& f, const Count& c) const {
    const CountInput& in = s_.input;
    for (int i = 0; i < 2; ++i) {
      std::string sum;
      int terms = 0;
      for (const RegionCount& r : p.counts)
        if (side_index(r.side) == i) sum += (terms++ ? " + " : "") + std::to_string(r.points);
      if (f.prisoners_left[i])
        sum += (terms++ ? " + " : "") + plural(f.prisoners_left[i], "prisoner left over", "prisoners left over");
      p.details.push_back(terms > 1 ? fmt::format("{}: {} = {} points.", i ? "White" : "Black", sum, f.points[i])
                                    : plural(f.points[i], "point", "points").insert(0, i ? "White: " : "Black: ") + ".");
    }
    std::string adjust = fmt::format("Komi {} to White", points_text(in.komi));
    if (!same_points(*c.white, f.points[1] + in.komi))
      adjust += fmt::format(", handicap compensation {}", points_text(*c.white - f.points[1] - in.komi));
    p.details.push_back(fmt::format("{}: Black {}, White {}. {}.", adjust, points_text(*c.black),
                                    points_text(*c.white), c.result()));
  }

  // The point of a region nearest its middle, where its count is written.
  Vertex centre(const std::vector<Vertex>& r) const {
    const Board& b = t_.board;
    double mx = 0, my = 0;
    for (Vertex v : r) mx += b.x_of(v), my += b.y_of(v);
    mx /= r.size(), my /= r.size();
    Vertex best = r.front();
    double d = 1e9;
    for (Vertex v : r) {
      const double e = (b.x_of(v) - mx) * (b.x_of(v) - mx) + (b.y_of(v) - my) * (b.y_of(v) - my);
      if (e < d) d = e, best = v;
    }
    return best;
  }

  // Jasiek: every pass hands the opponent a stone, and White passes last.
  Panel pass_stones() const {
    Panel p = stones_of(t_.board);
    p.name = "pass-stones";
    p.title = "Pass stones: each pass hands the opponent a prisoner, and White passes last";
    const CountInput& in = s_.input;
    const SideCount& b = in.black();
    const SideCount& w = in.white();
    const int extra = whites_extra_pass(in);
    auto times = [](int n) { return n == 1 ? std::string("once") : n == 2 ? std::string("twice") : plural(n, "", "times"); };
    std::string d = fmt::format("Black passed {}, White {}.", times(b.passes), times(w.passes));
    if (extra) d += " Black passed last, so White passes once more: a stone more for Black.";
    p.details.push_back(d);
    const std::array<int, 2> held = fill_in_prisoners(in, true);
    p.tray.push_back({fmt::format("Black holds {}: {} taken in play, {} dead, {} for White's passes{}",
                                  plural(held[0], "white stone", "white stones"),
                                  b.captures, b.dead_prisoners, w.passes + extra, extra ? " (1 the extra pass)" : ""),
                      Color::kWhite, b.prisoners(), w.passes + extra});
    p.tray.push_back({fmt::format("White holds {}: {} taken in play, {} dead, {} for Black's passes",
                                  plural(held[1], "black stone", "black stones"),
                                  w.captures, w.dead_prisoners, b.passes),
                      Color::kBlack, w.prisoners(), b.passes});
    // AGA's territory count takes the same prisoners, without the fill-in.
    const Count aga = aga_counting(in);
    double count[2] = {};
    for (const Step& st : aga.steps)
      if (st.id == StepId::kTerritoryCount) count[side_index(st.side)] = st.value;
    p.details.push_back(fmt::format("AGA's territory count, territory and these prisoners: Black {} + {} = {}, White "
                                    "{} + {} + komi {} = {}.",
                                    *b.territory, held[0], points_text(count[0]), *w.territory, held[1],
                                    points_text(in.komi), points_text(count[1])));
    if (b.passes + w.passes + extra == 0) p.name.clear();
    return p;
  }

  // The whole count: dead stones, seki, territory, what counts for nobody.
  // `after_fill_in`: the last of steps that showed Japanese counting's
  // fill-in, whose points its caption gives, as the text's table does; alone
  // (the page's picture), the score the answer and the JSON give
  // (territory plus prisoners under territory rules).
  Panel result(bool after_fill_in) const {
    Panel p = stones_of(game_.board);
    p.name = "result";
    game_.board.for_each_point([&](Vertex v) {
      Cell& c = p.cells[v];
      c.dead = t_.dead[v] != 0;
      if (k_.cls[v] == PointClass::kSekiStone) c.seki = true;
      if (t_.board.at(v) != Color::kEmpty) return;
      c.shade = s_.counts_for[v];  // a shared liberty filled for one side too (Mays)
      c.half_shade = s_.half_each[v] != 0;
      // A dead stone is drawn crossed where it stood: a mark of its point on
      // top of it (a dame's dot, a seki eye's square) would be unreadable;
      // its shade, or none, says whose the point is.
      if (c.dead) return;
      c.mark = mark_of(k_.cls[v]);
      c.ring = s_.non_scoring[v] && !says_nobody(c.mark);
    });
    for (const ChainStatus& ch : s_.chains)  // the kos left open (analysis/ko.h)
      if (ch.reason.kind == Evidence::Kind::kOpenKo) p.cells[ch.reason.points.front()].ko = true;
    std::array<double, 2> score = rules_score(s_.input);
    if (after_fill_in && s_.count.method == "japanese" && s_.count.black && s_.count.white)
      score = {*s_.count.black, *s_.count.white};
    p.title = fmt::format("{} rules: {}", s_.rules.title, s_.count.result());
    p.details.push_back(fmt::format("Black {}, White {} (komi {}{}).", points_text(score[0]), points_text(score[1]),
                                    points_text(s_.komi),
                                    s_.handicap ? fmt::format(", handicap {}", s_.handicap) : std::string()));
    return p;
  }

  std::vector<Picture> all() const {
    std::vector<Panel> panels;
    const bool pass = s_.rules.pass_stones || uses("jasiek") || uses("aga");
    const bool japanese = !pass && (s_.rules.scoring == Scoring::kTerritory || uses("japanese"));
    panels.push_back(dead());
    if (t_.black().dead + t_.white().dead > 0)
      panels.push_back(removed(pass || japanese || s_.rules.scoring == Scoring::kTerritory));
    const Panel sk = seki();
    if (!sk.name.empty()) panels.push_back(sk);
    panels.push_back(territory(sk));
    if (pass) {
      const Panel ps = pass_stones();
      if (!ps.name.empty()) panels.push_back(ps);
    }
    if (pass || japanese) {
      const std::array<int, 2> held = fill_in_prisoners(s_.input, pass);
      if (held[0] + held[1]) panels.push_back(fill_in(pass, false));
      panels.push_back(fill_in(pass, true));
    }
    panels.push_back(result(japanese));
    std::vector<Picture> out;
    for (size_t i = 0; i < panels.size(); ++i)
      out.push_back({panels[i].name, document(game_.board, panels[i], static_cast<int>(i + 1))});
    return out;
  }

  bool uses(std::string_view method) const {
    return std::any_of(s_.methods.begin(), s_.methods.end(), [&](const Count& c) { return c.method == method; });
  }

 private:
  const Game& game_;
  const Scored& s_;
  const Tally& t_;
  const Classification& k_;
};

}  // namespace

std::string score_svg(const Game& game, const Scored& s) {
  return document(game.board, Steps(game, s).result(false), 0);
}

std::vector<Picture> score_step_svgs(const Game& game, const Scored& s) { return Steps(game, s).all(); }

}  // namespace gocount
