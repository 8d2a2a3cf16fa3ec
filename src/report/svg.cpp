#include "report/svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

namespace gocount {

namespace {

constexpr int kCell = 26;    // distance between lines
constexpr int kMargin = 30;  // room for coordinates
constexpr int kCaption = 26;

enum class Mark : uint8_t { kNone, kTriangle, kCross, kDiamond, kRing, kSquare };

struct Cell {
  Color stone = Color::kEmpty;
  bool ghost = false;           // a dead stone still shown
  Color shade = Color::kEmpty;  // territory counted for
  // Half a point to each side: the shade split corner to corner, dark over
  // light; a point filled half and half, a stone half black, half white.
  bool half_shade = false, half_stone = false;
  Mark mark = Mark::kNone;
};

struct Panel {
  std::string caption;
  std::vector<Cell> cells;  // per vertex
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

int panel_height(const Board& b) { return kCaption + 2 * kMargin + (b.height() - 1) * kCell; }
int panel_width(const Board& b) { return 2 * kMargin + (b.width() - 1) * kCell; }

std::string draw_panel(const Board& b, const Panel& p, int top) {
  constexpr char kLetters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const int ox = kMargin, oy = top + kCaption + kMargin;
  auto X = [&](int x) { return ox + x * kCell; };
  auto Y = [&](int y) { return oy + y * kCell; };
  std::string s = fmt::format("<g>\n<text x=\"{}\" y=\"{}\" class=\"caption\">{}</text>\n", kMargin / 2, top + 18,
                              escape_xml(p.caption));
  s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"wood\"/>\n", X(0) - kCell / 2,
                   Y(0) - kCell / 2, (b.width()) * kCell, (b.height()) * kCell);
  for (int x = 0; x < b.width(); ++x)
    s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" class=\"line\"/>\n", X(x), Y(0),
                     Y(b.height() - 1));
  for (int y = 0; y < b.height(); ++y)
    s += fmt::format("<line x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\" class=\"line\"/>\n", Y(y), X(0),
                     X(b.width() - 1));
  const bool gtp = b.width() <= 25;
  for (int x = 0; x < b.width(); ++x) {
    const char label = gtp ? kLetters[x] : static_cast<char>(x < 26 ? 'a' + x : 'A' + x - 26);
    s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"coord\">{}</text>\n", X(x), Y(0) - kCell / 2 - 6, label);
  }
  for (int y = 0; y < b.height(); ++y)
    s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"coord\">{}</text>\n", X(0) - kCell / 2 - 10, Y(y) + 4,
                     gtp ? b.height() - y : y + 1);
  b.for_each_point([&](Vertex v) {
    const Cell& c = p.cells[v];
    const int cx = X(b.x_of(v)), cy = Y(b.y_of(v));
    if (c.shade != Color::kEmpty)
      s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{}\"/>\n", cx - kCell / 2 + 2,
                       cy - kCell / 2 + 2, kCell - 4, kCell - 4, c.shade == Color::kBlack ? "tb" : "tw");
    if (c.half_shade) {
      const int l = cx - kCell / 2 + 2, t = cy - kCell / 2 + 2, r = cx + kCell / 2 - 2, b = cy + kCell / 2 - 2;
      s += fmt::format("<polygon points=\"{0},{1} {2},{1} {0},{3}\" class=\"tb\"/>\n", l, t, r, b);
      s += fmt::format("<polygon points=\"{2},{1} {2},{3} {0},{3}\" class=\"tw\"/>\n", l, t, r, b);
    }
    if (c.stone != Color::kEmpty)
      s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"{}{}\"/>\n", cx, cy, kCell / 2 - 1,
                       c.stone == Color::kBlack ? "sb" : "sw", c.ghost ? " ghost" : "");
    if (c.half_stone) {
      const int r = kCell / 2 - 1;
      s += fmt::format("<path d=\"M{0} {1}A{2} {2} 0 0 0 {0} {3}Z\" class=\"sb\"/>\n", cx, cy - r, r, cy + r);
      s += fmt::format("<path d=\"M{0} {1}A{2} {2} 0 0 1 {0} {3}Z\" class=\"sw\"/>\n", cx, cy - r, r, cy + r);
    }
    // Marks contrast with what is under them.
    const char* ink = c.stone == Color::kBlack ? "mw" : "mb";
    const int r = kCell / 4;
    switch (c.mark) {
      case Mark::kNone: break;
      case Mark::kTriangle:
        s += fmt::format("<polygon points=\"{},{} {},{} {},{}\" class=\"{}\"/>\n", cx, cy - r - 1, cx - r - 1,
                         cy + r, cx + r + 1, cy + r, ink);
        break;
      case Mark::kCross:
        s += fmt::format("<path d=\"M{} {}L{} {}M{} {}L{} {}\" class=\"{}\"/>\n", cx - r, cy - r, cx + r, cy + r,
                         cx - r, cy + r, cx + r, cy - r, ink);
        break;
      case Mark::kDiamond:
        s += fmt::format("<polygon points=\"{},{} {},{} {},{} {},{}\" class=\"{}\"/>\n", cx, cy - r - 1, cx + r + 1,
                         cy, cx, cy + r + 1, cx - r - 1, cy, ink);
        break;
      case Mark::kRing:
        s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"ring\"/>\n", cx, cy, r);
        break;
      case Mark::kSquare:
        s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{}\"/>\n", cx - r, cy - r, 2 * r,
                         2 * r, ink);
        break;
    }
  });
  return s + "</g>\n";
}

std::string document(const Board& b, const std::vector<Panel>& panels) {
  const char* lines[] = {
      "Triangle on a stone: dead. Triangle on a point: shared liberty (seki).",
      "Cross: seki eye. Diamond: false eye (in a seki, or one still to be filled).",
      "Dark / light shading: territory counted for Black / White.",
      "Blue ring: non-scoring point (counts for nobody).",
      "Half dark, half light: half a point to each side.",
  };
  const int legend = static_cast<int>(std::size(lines)) * 18 + 10;
  // Wide enough for the longest caption (bold 13px: about 8px a character).
  size_t caption = 0;
  for (const Panel& p : panels) caption = std::max(caption, p.caption.size());
  const int w = std::max({panel_width(b), 540, static_cast<int>(caption) * 8 + kMargin});
  const int h = static_cast<int>(panels.size()) * panel_height(b) + legend;
  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n"
      "<style>\n"
      ".wood{{fill:#dcb35c}} .line{{stroke:#333;stroke-width:1}} .coord{{font:11px sans-serif;fill:#333;"
      "text-anchor:middle}}\n"
      ".caption{{font:bold 13px sans-serif;fill:#111}} .legend{{font:12px sans-serif;fill:#111}}\n"
      ".sb{{fill:#111;stroke:#000}} .sw{{fill:#fafafa;stroke:#333}} .ghost{{opacity:0.45}}\n"
      ".tb{{fill:#222;opacity:0.55}} .tw{{fill:#fff;opacity:0.75}}\n"
      ".mb{{fill:none;stroke:#c00;stroke-width:2}} .mw{{fill:none;stroke:#f66;stroke-width:2}}\n"
      ".ring{{fill:none;stroke:#06c;stroke-width:2}}\n"
      "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
      w, h);
  int top = 0;
  for (const Panel& p : panels) {
    s += draw_panel(b, p, top);
    top += panel_height(b);
  }
  for (const char* line : lines) {
    s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"legend\">{}</text>\n", kMargin / 2, top + 16, line);
    top += 18;
  }
  return s + "</svg>\n";
}

Mark mark_of(PointClass c) {
  switch (c) {
    case PointClass::kSekiEye: return Mark::kCross;
    case PointClass::kFalseEye: return Mark::kDiamond;
    case PointClass::kSharedLiberty: return Mark::kTriangle;
    case PointClass::kTeire: return Mark::kDiamond;  // Mays marks these false eyes with diamonds too
    default: return Mark::kNone;
  }
}

// Does this empty point count as territory (not a filled shared liberty)?
bool counts_as_territory(const Scored& s, Vertex v) {
  return s.counts_for[v] != Color::kEmpty && s.tally.classes.cls[v] != PointClass::kSharedLiberty;
}

}  // namespace

std::string score_svg(const Game& game, const Scored& s, bool steps) {
  const Board& final_board = game.board;
  const Tally& t = s.tally;
  const Classification& k = t.classes;
  const int n = final_board.padded_size();
  auto stones_of = [&](const Board& b) {
    Panel p;
    p.cells.assign(n, Cell{});
    b.for_each_point([&](Vertex v) { p.cells[v].stone = b.at(v); });
    return p;
  };
  auto non_scoring = [&](Vertex v) { return s.non_scoring[v] != 0; };

  // The whole count in one picture.
  Panel all = stones_of(final_board);
  final_board.for_each_point([&](Vertex v) {
    Cell& c = all.cells[v];
    if (t.dead[v]) {
      c.ghost = true;
      c.mark = Mark::kTriangle;
    } else if (t.board.at(v) == Color::kEmpty) {
      c.mark = mark_of(k.cls[v]);
    }
    if (t.board.at(v) == Color::kEmpty && counts_as_territory(s, v)) c.shade = s.counts_for[v];
    c.half_shade = s.half_each[v] != 0;
    if (non_scoring(v)) c.mark = c.mark == Mark::kNone ? Mark::kRing : c.mark;
  });
  const auto score = rules_score(s.input);
  all.caption = fmt::format("{} rules: Black {}, White {} (komi {}): {}", s.rules.name, points_text(score[0]),
                            points_text(score[1]), points_text(s.komi), s.count.result());
  if (!steps) return document(final_board, {all});

  std::vector<Panel> panels;
  Panel p1 = stones_of(final_board);
  p1.caption = "The final position";
  panels.push_back(p1);
  Panel p2 = stones_of(final_board);
  final_board.for_each_point([&](Vertex v) {
    if (t.dead[v]) p2.cells[v].mark = Mark::kTriangle;
  });
  p2.caption = fmt::format("Dead stones marked: {} black, {} white", t.black().dead, t.white().dead);
  Panel p3 = stones_of(t.board);
  p3.caption = "Dead stones removed";
  // A step with nothing in it is left out.
  if (t.black().dead + t.white().dead > 0) {
    panels.push_back(p2);
    panels.push_back(p3);
  }
  Panel p4 = stones_of(t.board);
  const bool fill = s.rules.seki == SekiPolicy::kFillEyes;
  t.board.for_each_point([&](Vertex v) {
    if (t.board.at(v) != Color::kEmpty) return;
    Cell& c = p4.cells[v];
    c.mark = mark_of(k.cls[v]);
    if (!fill) return;
    if (k.cls[v] == PointClass::kTeire) c.stone = k.owner[v];  // Mays fills false eyes for their owner
    if (k.cls[v] == PointClass::kSekiEye || k.cls[v] == PointClass::kFalseEye) c.stone = k.owner[v];
    if (k.cls[v] == PointClass::kSharedLiberty && s.input.seki) {
      c.stone = s.counts_for[v];
      c.half_stone = s.half_each[v] != 0;
      if (s.non_scoring[v]) c.mark = Mark::kRing;
    }
  });
  // A teire is no false eye of a seki: it is named apart.
  const int teire = k.teire[0] + k.teire[1];
  p4.caption = fill ? fmt::format("Filled: {} seki eyes, {} false eyes{}{}", k.seki_eyes[0] + k.seki_eyes[1],
                                  k.false_eyes[0] + k.false_eyes[1],
                                  teire ? fmt::format(", {} point{} still to be filled (teire)", teire, teire == 1 ? "" : "s") : std::string(),
                                  s.input.seki ? "; shared liberties: " + seki_filling_text(*s.input.seki) : "")
                    : fmt::format("Points in seki: {} eyes and {} false eyes are nobody's territory",
                                  k.seki_eyes[0] + k.seki_eyes[1], k.false_eyes[0] + k.false_eyes[1]);
  if (k.seki_eyes[0] + k.seki_eyes[1] + k.false_eyes[0] + k.false_eyes[1] + teire + k.shared_liberties > 0)
    panels.push_back(p4);
  Panel p5 = stones_of(t.board);
  t.board.for_each_point([&](Vertex v) {
    Cell& c = p5.cells[v];
    if (t.board.at(v) != Color::kEmpty) return;
    if (counts_as_territory(s, v)) c.shade = s.counts_for[v];
    c.half_shade = s.half_each[v] != 0;
    if (non_scoring(v)) c.mark = Mark::kRing;
  });
  auto how_many = [](const std::vector<uint8_t>& marks) { return std::count(marks.begin(), marks.end(), 1); };
  const auto halves = how_many(s.half_each);
  p5.caption = fmt::format("Territories counted: Black {}, White {}; {} non-scoring{}", *s.input.black().territory,
                           *s.input.white().territory, how_many(s.non_scoring),
                           halves ? fmt::format(", {} counted half to each side", halves) : std::string());
  panels.push_back(p5);
  panels.push_back(all);
  for (size_t i = 0; i < panels.size(); ++i) panels[i].caption = fmt::format("{}. {}", i + 1, panels[i].caption);
  return document(final_board, panels);
}

}  // namespace gocount
