#include "game/game.h"

#include <cctype>
#include <charconv>
#include <fmt/format.h>
#include <cmath>

namespace gocount {

namespace {

bool parse_int(std::string_view s, int& out) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

bool parse_real(std::string_view s, double& out) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '+')) s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && std::isfinite(out);
}

[[noreturn]] void bad_value(const sgf::GameTree& tree, uint32_t node, const sgf::Property& p,
                            std::string_view value, const std::string& why, int move = 0) {
  const std::string where = move ? "move " + std::to_string(move) + ": " : std::string();
  throw GameError(where + std::string(p.id) + "[" + quote_input(value) + "]: " + why, tree.node(node).offset, move);
}

// Appends the points of a point-list value ("dd" or the rectangle "aa:cc").
void add_points(const sgf::GameTree& tree, uint32_t node, const sgf::Property& p, const Board& board,
                std::vector<Vertex>& out) {
  for (uint32_t k = 0; k < p.value_count; ++k) {
    const std::string_view v = tree.value(p, k);
    if (v.empty()) continue;  // AB[] and the like: an empty list, as some editors write it
    const size_t colon = v.find(':');
    if (colon == std::string_view::npos) {
      const Vertex pt = parse_sgf_point(board, v);
      if (pt == kNoVertex) bad_value(tree, node, p, v, "not a point of this board");
      out.push_back(pt);
      continue;
    }
    const Vertex a = parse_sgf_point(board, v.substr(0, colon));
    const Vertex b = parse_sgf_point(board, v.substr(colon + 1));
    if (a == kNoVertex || b == kNoVertex) bad_value(tree, node, p, v, "not a rectangle of this board");
    const int x0 = std::min(board.x_of(a), board.x_of(b)), x1 = std::max(board.x_of(a), board.x_of(b));
    const int y0 = std::min(board.y_of(a), board.y_of(b)), y1 = std::max(board.y_of(a), board.y_of(b));
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) out.push_back(board.vertex(x, y));
  }
}

// Whether a root property `id` has a value containing `needle` (any case).
// Fox writes AP twice (AP[GNU Go:3.8]AP[foxwq]), so every one is looked at.
bool root_mentions(const sgf::GameTree& tree, std::string_view id, std::string_view needle) {
  if (tree.size() == 0) return false;
  const sgf::Node& root = tree.node(0);
  for (uint32_t k = 0; k < root.property_count; ++k) {
    const sgf::Property& p = tree.property(0, k);
    if (p.id != id) continue;
    for (uint32_t i = 0; i < p.value_count; ++i) {
      std::string v(tree.value(p, i));
      for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (v.find(needle) != std::string::npos) return true;
    }
  }
  return false;
}

// The Fox server (AP[foxwq]) writes komi times 100: KM[650] is 6.5 points;
// under RU[Chinese] it counts in stones, KM[375] being 3.75 stones, 7.5
// points. A value of 50 or more cannot be a real komi there, so only those
// are read so; the reading is noted where the komi is shown.
void read_fox_komi(const sgf::GameTree& tree, Game& g) {
  if (!g.komi || std::fabs(*g.komi) < 50 || !g.fox) return;
  const bool stones = root_mentions(tree, "RU", "chinese");
  const double komi = *g.komi / (stones ? 50 : 100);
  g.komi_note = fmt::format("Fox KM[{}] read as {}{}", *g.komi, komi, stones ? " (stones x100, Chinese rules)" : "");
  g.komi = komi;
}

}  // namespace

std::string_view root_value(const sgf::GameTree& tree, std::string_view id) {
  if (tree.size() == 0) return {};
  const sgf::Property* p = tree.find(0, id);
  return p && p->value_count ? tree.value(*p) : std::string_view();
}

std::pair<int, int> board_size(const sgf::GameTree& tree) {
  const sgf::Property* p = tree.size() ? tree.find(0, "SZ") : nullptr;
  if (!p || p->value_count == 0) return {19, 19};
  const std::string_view v = tree.value(*p);
  const size_t colon = v.find(':');
  int w = 0, h = 0;
  const bool ok = colon == std::string_view::npos
                      ? parse_int(v, w) && (h = w, true)
                      : parse_int(v.substr(0, colon), w) && parse_int(v.substr(colon + 1), h);
  if (!ok) bad_value(tree, 0, *p, v, "board size must be N or W:H");
  if (w < 1 || h < 1 || w > Board::kMaxSide || h > Board::kMaxSide)
    bad_value(tree, 0, *p, v, "board size must be from 1 to 52");
  return {w, h};
}

Game replay(const sgf::GameTree& tree, const ReplayOptions& options) {
  const auto [width, height] = board_size(tree);
  Game g;
  g.board = Board(width, height);
  Board& board = g.board;
  const bool tt_is_pass = width <= 19 && height <= 19;

  // A record without KM (or with KM[]) was played without komi: that is how
  // servers such as OGS write no-komi games.
  g.komi = 0.0;
  if (const sgf::Property* km = tree.find(0, "KM"); km && km->value_count) {
    const std::string_view v = tree.value(*km);
    if (!v.empty() && (!parse_real(v, *g.komi) || std::fabs(*g.komi) > 1000))
      bad_value(tree, 0, *km, v, "komi must be a number from -1000 to 1000");
  }
  g.rules = std::string(root_value(tree, "RU"));
  g.fox = root_mentions(tree, "AP", "foxwq");
  read_fox_komi(tree, g);
  g.result = std::string(root_value(tree, "RE"));
  int root_black = 0;
  bool root_white = false;

  std::vector<Vertex> points;
  uint32_t last = 0;  // the final node of the main line
  for (uint32_t node = tree.size() ? 0 : sgf::kNone; node != sgf::kNone; node = tree.node(node).first_child) {
    last = node;
    const sgf::Node& n = tree.node(node);
    // One pass over the node finds the first AE, AB, AW, B and W property (what
    // tree.find would return for each, without five scans per node).
    const sgf::Property* setup[3] = {};  // AE, AB, AW
    const sgf::Property *mb = nullptr, *mw = nullptr;
    for (uint32_t k = 0; k < n.property_count; ++k) {
      const sgf::Property& p = tree.property(node, k);
      if (p.id.size() == 1) {
        if (p.id[0] == 'B' && !mb) mb = &p;
        if (p.id[0] == 'W' && !mw) mw = &p;
      } else if (p.id.size() == 2 && p.id[0] == 'A') {
        const int i = p.id[1] == 'E' ? 0 : p.id[1] == 'B' ? 1 : p.id[1] == 'W' ? 2 : -1;
        if (i >= 0 && !setup[i]) setup[i] = &p;
      }
    }
    // Setup first (AE, AB, AW), then the move: FF[4] keeps them in separate
    // nodes, but some editors write both in one.
    // Stones put on or taken off without a move, for the algebra of scoring.
    const bool has_setup = setup[0] || setup[1] || setup[2];
    const int before = has_setup ? board.count(Color::kBlack) - board.count(Color::kWhite) : 0;
    for (int i = 0; i < 3; ++i) {
      const sgf::Property* p = setup[i];
      if (!p) continue;
      points.clear();
      add_points(tree, node, *p, board, points);
      const Color c = i == 0 ? Color::kEmpty : i == 1 ? Color::kBlack : Color::kWhite;
      board.set_many(points.begin(), points.end(), c);
      if (node == 0 && c == Color::kBlack) root_black += static_cast<int>(points.size());
      if (node == 0 && c == Color::kWhite) root_white = !points.empty();
    }
    if (has_setup) g.setup_balance += board.count(Color::kBlack) - board.count(Color::kWhite) - before;
    if (mb && mw) throw GameError("node has both a black and a white move", n.offset, g.moves + 1);
    const sgf::Property* mv = mb ? mb : mw;
    if (mv) {
      const Color c = mb ? Color::kBlack : Color::kWhite;
      const int number = ++g.moves;
      g.last_mover = c;
      const std::string_view v = mv->value_count ? tree.value(*mv) : std::string_view();
      if (v.empty() || (tt_is_pass && v == "tt")) {
        board.pass();
        ++g.passes[side_index(c)];
        ++g.final_passes;
        g.last_pass = c;
      } else {
        g.final_passes = 0;
        const Vertex pt = parse_sgf_point(board, v);
        if (pt == kNoVertex) bad_value(tree, node, *mv, v, "move is not a point of this board", number);
        const MoveError e = board.check(c, pt, options.allow_suicide);
        if (e != MoveError::kNone)
          throw GameError("move " + std::to_string(number) + " (" + (mb ? "B " : "W ") + to_gtp(board, pt) +
                              "): " + move_error_text(e),
                          n.offset, number);
        g.captures[side_index(c)] += board.play(c, pt);
        g.captures[side_index(opponent(c))] += board.last_suicide();
      }
    }
  }

  // HA[] says nothing, like KM[]: the handicap is then the root's black
  // setup stones.
  const sgf::Property* ha = tree.size() ? tree.find(0, "HA") : nullptr;
  if (ha && ha->value_count && !tree.value(*ha).empty()) {
    const std::string_view v = tree.value(*ha);
    if (!parse_int(v, g.handicap) || g.handicap < 0) bad_value(tree, 0, *ha, v, "handicap must be a whole number");
  } else if (!root_white) {
    g.handicap = root_black;
  }
  g.handicap_set_up = g.handicap >= 2 && !root_white && root_black == g.handicap;

  // Dead stones as KGS/CGoban mark them: a stone under the opponent's
  // territory mark in the final node.
  for (const char* id : {"TB", "TW"}) {
    if (tree.size() == 0) break;
    const sgf::Property* p = tree.find(last, id);
    if (!p) continue;
    g.has_marks = true;
    points.clear();
    add_points(tree, last, *p, board, points);
    const Color owner = id[1] == 'B' ? Color::kBlack : Color::kWhite;
    for (Vertex v : points)
      if (board.at(v) == opponent(owner)) g.marked_dead.push_back(v);
  }
  return g;
}

Game from_diagram(const Diagram& d) {
  Game g;
  g.diagram = true;
  g.board = Board(d.width, d.height);
  std::vector<Vertex> black, white;
  for (int y = 0; y < d.height; ++y) {
    for (int x = 0; x < d.width; ++x) {
      const char c = d.at(x, y);
      const Vertex v = g.board.vertex(x, y);
      if (c == 'X' || c == 'x') black.push_back(v);
      if (c == 'O' || c == 'o') white.push_back(v);
      if (c == 'x' || c == 'o') {
        g.marked_dead.push_back(v);
        g.has_marks = true;
      }
    }
  }
  g.board.set_many(black.begin(), black.end(), Color::kBlack);
  g.board.set_many(white.begin(), white.end(), Color::kWhite);
  g.komi = d.komi;
  g.handicap = d.handicap.value_or(0);
  g.rules = d.rules;
  g.captures = {d.black_captures, d.white_captures};
  g.passes = {d.black_passes, d.white_passes};
  g.last_pass = d.last_pass == 'B' ? Color::kBlack : d.last_pass == 'W' ? Color::kWhite : Color::kEmpty;
  g.last_mover = g.last_pass;  // a finished game ends with a pass
  return g;
}

}  // namespace gocount
