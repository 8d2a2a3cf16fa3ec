// GoGui's analyze views of a count (Result::gogui), for GTP engines: the
// formats of GoGui's gfx, sboard and dboard, over the count's own values and
// the report's symbols, so that they agree with `gocount score`.
#include <algorithm>
#include <fmt/format.h>

#include "api/access.h"
#include "report/report.h"

GOCOUNT_BEGIN_NAMESPACE

namespace {

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

// gfx: territory as BLACK / WHITE (every point that counts for a side and is
// not its stone: empty points, dead stones), MARK the dead stones, TRIANGLE
// the stones in seki, CIRCLE the points that still need a move, TEXT the
// result on the status bar.
std::string gfx(const Board& b, const Scored& s) {
  std::vector<Vertex> black, white, dead, seki, open;
  b.for_each_point([&](Vertex v) {
    const Color on = b.at(v), counts = s.counts_for[v];
    if (counts == Color::kBlack && on != Color::kBlack) black.push_back(v);
    if (counts == Color::kWhite && on != Color::kWhite) white.push_back(v);
    if (s.tally.dead[v]) dead.push_back(v);
    const PointClass c = s.tally.classes.cls[v];
    if (c == PointClass::kSekiStone) seki.push_back(v);
    if (c == PointClass::kTeire || c == PointClass::kUnsealed) open.push_back(v);
  });
  if (s.estimate)
    for (Vertex v : s.estimate->needs_move)
      if (std::find(open.begin(), open.end(), v) == open.end()) open.push_back(v);
  std::string out;
  auto line = [&](std::string_view what, const std::vector<Vertex>& points) {
    if (!points.empty()) out += fmt::format("{} {}\n", what, joined(to_gtp(b, points)));
  };
  line("BLACK", black);
  line("WHITE", white);
  line("MARK", dead);
  line("TRIANGLE", seki);
  line("CIRCLE", open);
  return out + fmt::format("TEXT {} ({} rules, komi {}; dead stones: {})", s.count.result(), s.rules.name,
                           points_text(s.komi), dead_source_name(s.dead_from));
}

// sboard: the diagram's class of every point (score --format diagram), rows
// from the top; "" on a living stone, which GoGui draws itself.
std::string sboard(const Board& b, const Scored& s) {
  std::string out;
  for (int y = 0; y < b.height(); ++y) {
    out += "\n";
    for (int x = 0; x < b.width(); ++x) {
      const char c = point_symbol(s.tally, b.vertex(x, y));
      out += x ? " " : "";
      out += c == 'X' || c == 'O' ? std::string("\"\"") : std::string(1, c);
    }
  }
  return out;
}

// gfx INFLUENCE: every point shaded by who ends up with it (in [-1, 1],
// Black positive), the numbers of score's JSON; the source on the status bar.
std::string influence(const Board& b, const Scored& s) {
  const Ownership own = point_ownership(s);
  std::string out = "INFLUENCE";
  size_t i = 0;
  b.for_each_point([&](Vertex v) { out += fmt::format(" {} {}", to_gtp(b, v), ownership_value(own.values[i++])); });
  return out + "\nTEXT " + ownership_caption(own);
}

// dboard: the same numbers as a board, rows from the top.
std::string ownership_board(const Board& b, const Scored& s) {
  const std::vector<float> own = point_ownership(s).values;
  std::string out;
  for (int y = 0; y < b.height(); ++y) {
    out += "\n";
    for (int x = 0; x < b.width(); ++x) out += fmt::format("{}{}", x ? " " : "", ownership_value(own[y * b.width() + x]));
  }
  return out;
}

}  // namespace

std::string Result::gogui(GoGui view) const {
  const Impl& r = self();
  const Board& b = r.game.board;
  switch (view) {
    case GoGui::gfx: return gfx(b, r.scored);
    case GoGui::sboard: return sboard(b, r.scored);
    case GoGui::ownership: return influence(b, r.scored);
    case GoGui::ownership_board: return ownership_board(b, r.scored);
  }
  return "";
}

GOCOUNT_END_NAMESPACE
