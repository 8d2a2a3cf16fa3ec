#include "game/game.h"

#include <cctype>
#include <charconv>
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <fmt/ranges.h>

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
    // A point ("dd"), as nearly every value of a mark or a setup is, has no ':' to look for.
    const size_t colon = v.size() == 2 ? std::string_view::npos : v.find(':');
    if (colon == std::string_view::npos) {
      const Vertex pt = parse_sgf_move_point(board, v);
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

// FF[4]'s game-info properties (sgf4.html; HA and KM are Go's): stored in
// the game-info node (game_info_node), the root in nearly every record.
bool is_game_info(std::string_view id) {
  if (id.size() != 2) return false;
  constexpr auto two = [](const char (&s)[3]) { return s[0] * 256 + s[1]; };
  switch (id[0] * 256 + id[1]) {
    case two("AN"): case two("BR"): case two("BT"): case two("CP"): case two("DT"): case two("EV"):
    case two("GC"): case two("GN"): case two("HA"): case two("KM"): case two("ON"): case two("OT"):
    case two("PB"): case two("PC"): case two("PW"): case two("RE"): case two("RO"): case two("RU"):
    case two("SO"): case two("TM"): case two("US"): case two("WR"): case two("WT"):
      return true;
    default:
      return false;
  }
}

// The first value of the property `id` of `node`, or "".
std::string_view node_value(const sgf::GameTree& tree, uint32_t node, std::string_view id) {
  if (tree.size() == 0) return {};
  const std::optional<sgf::Property> p = tree.find(node, id);
  return p && p->value_count ? tree.value(*p) : std::string_view();
}

// Whether a property `id` of `node` (the root, or the game-info node for a
// game-info property) has a value containing `needle` (any case). Fox writes
// AP twice (AP[GNU Go:3.8]AP[foxwq]), so every one is looked at.
bool mentions(const sgf::GameTree& tree, uint32_t node, std::string_view id, std::string_view needle) {
  if (tree.size() == 0) return false;
  const sgf::Node& n = tree.node(node);
  for (uint32_t k = 0; k < n.property_count; ++k) {
    const sgf::Property& p = tree.property(node, k);
    if (p.id != id) continue;
    for (uint32_t i = 0; i < p.value_count; ++i) {
      std::string v(tree.value(p, i));
      for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (v.find(needle) != std::string::npos) return true;
    }
  }
  return false;
}

// Whether the Fox server wrote the record: its application (AP[foxwq]; Fox
// writes AP twice), its header, or its quirk of komi times 100 (KM[750])
// where the recorded count cannot be had with the komi as written.
bool written_by_fox(const sgf::GameTree& tree, uint32_t info, const Game& g, int area) {
  if (mentions(tree, 0, "AP", "foxwq")) return true;
  // Fox's older records name GNU Go as AP and give the byo-yomi in the
  // root's TC and TT, which no other server writes (a converter keeps them:
  // AP[YuanYu]); Tygem's records converted alike say PC[Tygem].
  if (tree.find(0, "TC") && tree.find(0, "TT") && !mentions(tree, info, "PC", "tygem") &&
      (mentions(tree, 0, "AP", "gnu go") || mentions(tree, 0, "AP", "yuanyu")))
    return true;
  const double km = g.komi.value_or(0);
  if (std::fabs(km) < 50 || std::fabs(km) > 1000 || std::fmod(km, 25) != 0) return false;
  const std::optional<double> re = parse_result(node_value(tree, info, "RE"));
  return re && std::fabs(-*re - km) > area;
}

// OGS names itself and the game's page in PC.
// The rules of a record that names none, where its server is known to have
// counted by territory (PC): NNGS (the No Name Go Server, 1990s-2000s),
// Japanese style: of its 250 counted records in ../shared/data
// (gnugo-regression), 231 are reproduced under Japanese rules, 85 under
// Chinese, and only one under Chinese alone. Tygem, under Korean rules: its
// 7 records there (AlphaGo Master's games) are all reproduced so, 2 under
// Chinese rules.
std::optional<ReadNote> server_rules(const sgf::GameTree& tree, uint32_t info) {
  const std::string_view pc = node_value(tree, info, "PC");
  if (pc.starts_with("NNGS") || pc.starts_with("cg_nngs")) return ReadNote{.kind = ReadNote::Kind::kNngsRules};
  if (pc.find("Tygem") != std::string_view::npos || pc.find("tygem") != std::string_view::npos)
    return ReadNote{.kind = ReadNote::Kind::kTygemRules};
  return std::nullopt;
}

bool written_by_ogs(const sgf::GameTree& tree, uint32_t info) {
  const std::string_view pc = node_value(tree, info, "PC");
  return pc.starts_with("OGS") || pc.find("online-go.com") != std::string_view::npos;
}

// Fox writes komi times 100 (KM[650] is 6.5 points), in stones under
// RU[Chinese] (KM[375]: 3.75 stones, 7.5 points), and KM[0] on even games
// it plays with komi: 6.5 under Japanese rules, 7.5 under Chinese (its
// results there are all half points; its handicap games, whole points,
// are played without komi). Each reading is noted where the komi is shown.
void read_fox_komi(const sgf::GameTree& tree, uint32_t info, std::optional<int> handicap, Game& g) {
  if (!g.fox || !g.komi) return;
  const bool stones = mentions(tree, info, "RU", "chinese");
  const double written = *g.komi;
  if (std::fabs(written) >= 50) {
    g.komi = written / (stones ? 50 : 100);
    g.komi_note = ReadNote{ReadNote::Kind::kFoxKomiScaled, written, *g.komi, stones};
  } else if (written == 0 && handicap.value_or(0) == 0 && tree.find(info, "KM")) {
    g.komi = stones ? 7.5 : 6.5;
    g.komi_assumed = true;
    g.komi_note = ReadNote{ReadNote::Kind::kFoxKomiZero, 0, *g.komi, stones};
  }
}

// Fox writes the result in stones under RU[Chinese] (RE[W+1.25]: 2.5 points).
void read_fox_result(const sgf::GameTree& tree, uint32_t info, Game& g) {
  if (!g.fox || !mentions(tree, info, "RU", "chinese")) return;
  g.result_unit = 2;
  if (const std::optional<double> m = parse_result(g.result); m && *m != 0)
    g.notes.push_back({ReadNote::Kind::kFoxResultInStones, 0, *m * 2, true, g.result});
}

}  // namespace

uint32_t game_info_node(const sgf::GameTree& tree) {
  for (uint32_t node = tree.size() ? 0 : sgf::kNone; node != sgf::kNone; node = tree.node(node).first_child) {
    const sgf::Node& n = tree.node(node);
    if (n.move) continue;  // a move and nothing else
    for (uint32_t k = 0; k < n.property_count; ++k)
      if (is_game_info(tree.property(node, k).id)) return node;
  }
  return 0;
}

std::string_view root_value(const sgf::GameTree& tree, std::string_view id) {
  return node_value(tree, is_game_info(id) && tree.size() ? game_info_node(tree) : 0, id);
}

std::string_view record_rules(const Game& g) {
  if (!g.rules.empty() || !g.rules_note) return g.rules;
  return g.rules_note->kind == ReadNote::Kind::kTygemRules ? "korean" : "japanese";
}

namespace {

// The node whose SZ gives the board size: the root; where the root has none,
// a node of the main line before the game's first move or setup that has one
// (a record whose root is empty or holds only FF and GM: read so, with a
// warning, rather than as 19x19); kNone where no SZ is given there.
uint32_t size_node(const sgf::GameTree& tree) {
  if (tree.size() == 0) return sgf::kNone;
  if (tree.find(0, "SZ")) return 0;
  for (uint32_t node = tree.node(0).first_child; node != sgf::kNone; node = tree.node(node).first_child) {
    if (tree.plain_move(node)) return sgf::kNone;  // a move and nothing else: the game began
    if (tree.find(node, "SZ")) return node;
    for (std::string_view id : {"B", "W", "AB", "AW", "AE"})
      if (tree.find(node, id)) return sgf::kNone;
  }
  return sgf::kNone;
}

}  // namespace

std::pair<int, int> board_size(const sgf::GameTree& tree) {
  // GM[1] is Go; a record of another game (GM[2], Othello) read as Go
  // would count a position no Go game reached.
  if (const std::optional<sgf::Property> gm = tree.size() ? tree.find(0, "GM") : std::nullopt; gm && gm->value_count) {
    int game = 0;
    const std::string_view v = tree.value(*gm);
    if (!v.empty() && (!parse_int(v, game) || game != 1)) bad_value(tree, 0, *gm, v, "the record is not of Go (GM[1])");
  }
  const uint32_t node = size_node(tree);
  const std::optional<sgf::Property> p = node != sgf::kNone ? tree.find(node, "SZ") : std::nullopt;
  if (!p || p->value_count == 0) return {19, 19};
  const std::string_view v = tree.value(*p);
  const size_t colon = v.find(':');
  int w = 0, h = 0;
  const bool ok = colon == std::string_view::npos
                      ? parse_int(v, w) && (h = w, true)
                      : parse_int(v.substr(0, colon), w) && parse_int(v.substr(colon + 1), h);
  if (!ok) bad_value(tree, node, *p, v, "board size must be N or W:H");
  if (w < 1 || h < 1 || w > Board::kMaxSide || h > Board::kMaxSide)
    bad_value(tree, node, *p, v, "board size must be from 1 to 52");
  return {w, h};
}

namespace {

constexpr std::string_view kSetupIds[3] = {"AE", "AB", "AW"};

// The setup of one node with every AE, AB and AW merged: a list property
// written twice (AB[aa]AB[bb], as GNU Go writes it) is one list, as sgfmill,
// KataGo and Sabaki read it.
struct NodeSetup {
  std::array<std::vector<Vertex>, 3> points;  // AE, AB, AW
  bool any = false;
};

// The points of one setup list (AB, AW or AE: `id`) already listed in it
// dropped, and said in a warning: AB[ee][ee] is one stone, and counted twice
// it would make a handicap of two out of one stone.
void drop_repeated_points(std::vector<Vertex>& list, uint8_t id, std::vector<uint8_t>& seen, const Board& board,
                          std::string_view where, std::vector<std::string>& warnings) {
  std::vector<std::string> repeated;  // the first few, by name
  size_t kept = 0;
  for (Vertex v : list) {
    if (seen[v] != id) {
      seen[v] = id;
      list[kept++] = v;
    } else if (std::string name = to_gtp(board, v);
               repeated.size() < 6 && std::find(repeated.begin(), repeated.end(), name) == repeated.end()) {
      repeated.push_back(std::move(name));
    }
  }
  if (kept == list.size()) return;
  const size_t more = list.size() - kept;
  list.resize(kept);
  if (repeated.size() > 5) repeated.back() = "...";
  warnings.push_back(fmt::format("{} {} lists a point more than once ({}, {} repeat{} in all): each point is set up once",
                                 kSetupIds[id - 1], where, fmt::join(repeated, " "), more, more == 1 ? "" : "s"));
}

// FF[4] changes a point at most once a node: a point set up twice (black and
// white stones on one point) cannot say what the position is. A point
// repeated in one list is one (drop_repeated_points).
void check_setup_conflicts(const sgf::GameTree& tree, uint32_t node, NodeSetup& s, const Board& board,
                           std::vector<uint8_t>& seen, int moves, std::vector<std::string>& warnings) {
  seen.assign(board.padded_size(), 0);
  for (int i = 0; i < 3; ++i) {
    for (Vertex v : s.points[i]) {
      if (seen[v] && seen[v] != i + 1)
        throw GameError(fmt::format("{} and {} in one node both set up {}: the position cannot be told",
                                    kSetupIds[seen[v] - 1], kSetupIds[i], to_gtp(board, v)),
                        tree.node(node).offset, 0);
      seen[v] = static_cast<uint8_t>(i + 1);
    }
  }
  const std::string where = node == 0 ? std::string("of the root") : fmt::format("after move {}", moves);
  seen.assign(board.padded_size(), 0);
  for (int i = 0; i < 3; ++i)
    drop_repeated_points(s.points[i], static_cast<uint8_t>(i + 1), seen, board, where, warnings);
}

// A set-up chain without a liberty could not stand on a board.
void check_setup_liberties(const sgf::GameTree& tree, uint32_t node, const Board& board) {
  if (const Vertex v = board.chain_without_liberty(); v != kNoVertex)
    throw GameError(fmt::format("the set-up {} chain at {} has no liberty: the position cannot be played from",
                                color_name(board.at(v)), to_gtp(board, v)),
                    tree.node(node).offset, 0);
}

// A single-value root property written more than once in its node (`node`:
// the root, or the game-info node for KM and HA) (KM[6.5]KM[7.5], or
// KM[6.5][7.5]): the first value counts, as tolerant readers take it.
void warn_repeated(const sgf::GameTree& tree, uint32_t node, std::string_view id, Game& g) {
  const sgf::Node& n = tree.node(node);
  auto for_each_value = [&](auto&& f) {
    for (uint32_t k = 0; k < n.property_count; ++k) {
      const sgf::Property& p = tree.property(node, k);
      for (uint32_t i = 0; p.id == id && i < p.value_count; ++i) f(tree.value(p, i));
    }
  };
  int count = 0;
  for_each_value([&](std::string_view) { ++count; });
  if (count < 2) return;  // the usual case: no words made
  std::vector<std::string> values;
  for_each_value([&](std::string_view v) { values.push_back(std::string(id) + "[" + quote_input(v) + "]"); });
  g.warnings.push_back(fmt::format("{} is given {} times ({}): the first is used", id, values.size(),
                                   fmt::join(values, " ")));
}

// KM (of the game-info node `info`) as written; KM[6,5] is read with a
// decimal comma. Past +-1000 a komi is refused unless the recorded result
// counts with it (OGS wrote KM[9999] with RE[W+9970]): then it is read as
// written, with a warning.
void read_komi(const sgf::GameTree& tree, uint32_t info, int area, Game& g) {
  g.komi = 0.0;
  const std::optional<sgf::Property> km = tree.find(info, "KM");
  if (!km || !km->value_count || tree.value(*km).empty()) {
    g.komi_note = ReadNote{ReadNote::Kind::kNoKomi};
    g.komi_assumed = true;
    return;
  }
  const std::string_view v = tree.value(*km);
  std::string dotted(v);
  if (std::count(dotted.begin(), dotted.end(), ',') == 1 && dotted.find('.') == std::string::npos)
    dotted[dotted.find(',')] = '.';
  if (!parse_real(dotted, *g.komi)) bad_value(tree, info, *km, v, "komi must be a number from -1000 to 1000");
  if (std::fabs(*g.komi) <= 1000) return;
  // The result with the komi taken off is what the board gave: at most its
  // points twice (territory and prisoners; OGS KM[9999.5] RE[W+9916.5] on 9x9: 83).
  const std::optional<double> re = parse_result(node_value(tree, info, "RE"));
  if (!re || std::fabs(-*re - *g.komi) > 2 * area)
    bad_value(tree, info, *km, v, "komi must be a number from -1000 to 1000");
  g.warnings.push_back(fmt::format("komi {} is odd (beyond 1000 points), read as written: the recorded result {} "
                                   "counts with it",
                                   *g.komi, quote_input(node_value(tree, info, "RE"))));
}

// HA as written (HA[2.0] is 2), at most the board's points less one; nullopt
// when absent or empty (HA[] says nothing, like KM[]).
std::optional<int> read_handicap(const sgf::GameTree& tree, uint32_t info, int area) {
  const std::optional<sgf::Property> ha = tree.find(info, "HA");
  if (!ha || !ha->value_count || tree.value(*ha).empty()) return std::nullopt;
  const std::string_view v = tree.value(*ha);
  int n = 0;
  double real = 0;
  if (!parse_int(v, n) && (!parse_real(v, real) || real != std::floor(real) || std::fabs(real) > area))
    bad_value(tree, info, *ha, v, "handicap must be a whole number");
  if (real != 0) n = static_cast<int>(real);
  if (n < 0) bad_value(tree, info, *ha, v, "handicap must be a whole number");
  if (n > area - 1)
    bad_value(tree, info, *ha, v, fmt::format("handicap must be at most {} on this board (its points less one)", area - 1));
  return n;
}

bool is_pass(std::string_view v, bool tt_is_pass) { return v.empty() || (tt_is_pass && v == "tt"); }

// The counts of one move already known to be legal: a pass, or a stone
// played with its captures (a suicide's stones go to the opponent).
void count_move(Game& g, Color c, Vertex v) {
  ++g.moves;
  g.last_mover = c;
  if (v == kPass) {
    g.board.pass();
    ++g.passes[side_index(c)];
    ++g.final_passes;
    g.last_pass = c;
    return;
  }
  g.final_passes = 0;
  g.captures[side_index(c)] += g.board.play(c, v);
  g.captures[side_index(opponent(c))] += g.board.last_suicide();
}

// A handicap stone put where the record left it out (kGuessed in `placed`)
// that a move plays on: the stones were elsewhere.
constexpr int kGuessed = -1;
struct GuessedStoneHit {
  Vertex point;
};

// A move of a record that may not be played as it stands (`e`, or kOffBoard
// for a value that is no point): throws GameError, or GuessedStoneHit; or
// false (the record is read to the move before) for a Fox record playing onto
// a stone (Fox can keep a move taken back). Apart from replay_move, so that
// the words, made only here, cost a legal move nothing.
[[gnu::noinline, gnu::cold]] bool refused_move(const sgf::GameTree& tree, uint32_t node, const sgf::Property& mv,
                                               std::string_view v, Color c, Vertex pt, MoveError e, Game& g,
                                               const std::vector<int>& placed) {
  const Board& board = g.board;
  const int number = g.moves + 1;
  if (pt == kNoVertex) bad_value(tree, node, mv, v, "move is not a point of this board", number);
  if (e == MoveError::kOccupied && placed[pt] == kGuessed) throw GuessedStoneHit{pt};
  if (e == MoveError::kOccupied && placed[pt] > 0 && g.fox) {
    g.warnings.push_back(fmt::format("move {} ({} {}) plays onto {}'s move {}: the record is read to move {}, its end "
                                     "is not known (Fox records can keep a move that was taken back)",
                                     number, c == Color::kBlack ? "B" : "W", to_gtp(board, pt),
                                     color_name(board.at(pt)), placed[pt], g.moves));
    return false;
  }
  std::string why = move_error_text(e);
  if (e == MoveError::kOccupied)
    why += placed[pt] ? fmt::format(" by {}'s move {}: the record plays onto a stone (a repeated or misplaced move)",
                                    color_name(board.at(pt)), placed[pt])
                      : fmt::format(" by a {} stone set up without a move (AB/AW)", color_name(board.at(pt)));
  throw GameError("move " + std::to_string(number) + " (" + (c == Color::kBlack ? "B " : "W ") + to_gtp(board, pt) +
                      "): " + why,
                  tree.node(node).offset, number);
}

// One move of a record. Throws GameError, or GuessedStoneHit. `placed`
// holds, per point, the number of the move that put its stone there (0: a
// setup stone), so that a move onto a stone can name it. False when the
// record cannot be read on (refused_move).
bool replay_move(const sgf::GameTree& tree, uint32_t node, const sgf::Property& mv, Color c, bool tt_is_pass,
                 const ReplayOptions& options, Game& g, std::vector<int>& placed) {
  const std::string_view v = mv.value_count ? tree.value(mv) : std::string_view();
  if (is_pass(v, tt_is_pass)) return count_move(g, c, kPass), true;
  const Vertex pt = parse_sgf_move_point(g.board, v);
  // The suicide test is left to the move itself (Board::play takes the
  // chain off and says so): a record that breaks the rules ends the replay
  // anyway, and the test before the move cost every legal move its loads.
  const MoveError e = pt == kNoVertex ? MoveError::kOffBoard : g.board.check(c, pt, true);
  if (e != MoveError::kNone) [[unlikely]]
    return refused_move(tree, node, mv, v, c, pt, e, g, placed);
  placed[pt] = g.moves + 1;
  count_move(g, c, pt);
  if (g.board.last_suicide() > 0 && !options.allow_suicide) [[unlikely]] {
    --g.moves;  // the move refused is named by its number
    return refused_move(tree, node, mv, v, c, pt, MoveError::kSuicide, g, placed);
  }
  return true;
}

// HA[n] with no stones placed and White to move first: the n stones on the
// standard points, noted; refused only where there are none for n.
// Where a move plays on one of them (`excluded`), the next standard point
// not excluded takes its place: Fox puts 6 stones on the corners, K4 and K16.
void place_left_out_handicap(const sgf::GameTree& tree, int n, const std::vector<Vertex>& excluded, Game& g,
                             std::vector<int>& placed) {
  int max = 0;
  std::vector<Vertex> stones;
  standard_handicap_points(g.board, n, &max);
  const std::vector<Vertex> standard = standard_handicap_points(g.board, n), all = standard_handicap_points(g.board, max);
  for (const std::vector<Vertex>* from : {&standard, &all})
    for (Vertex v : *from)
      if (std::ssize(stones) < n && std::find(excluded.begin(), excluded.end(), v) == excluded.end() &&
          std::find(stones.begin(), stones.end(), v) == stones.end())
        stones.push_back(v);
  if (standard.empty() || std::ssize(stones) < n)
    throw GameError(fmt::format("HA[{}] but the record places no handicap stones, and this board has standard points "
                                "for at most {}: the game cannot be replayed to its end position",
                                n, max),
                    tree.node(0).offset, 0);
  g.board.set_many(stones.begin(), stones.end(), Color::kBlack);
  for (Vertex v : stones) placed[v] = kGuessed;
  g.handicap_placed = true;
  g.setup_balance += n;
  ReadNote note{ReadNote::Kind::kHandicapPlaced};
  note.n = n;
  note.star_points = !excluded.empty();
  note.fox = g.fox;
  note.points = std::move(stones);
  g.notes.push_back(std::move(note));
}

}  // namespace

std::vector<Vertex> standard_handicap_points(const Board& b, int n, int* max) {
  const int size = b.width();
  const int most = b.height() != size ? 0 : size % 2 == 1 && size >= 9 ? 9 : size >= 7 ? 4 : 0;
  if (max) *max = most;
  if (n < 2 || n > most) return {};
  const int lo = size > 11 ? 3 : 2, hi = size - 1 - lo, mid = size / 2;
  // (column, row from the bottom), 0-based: corners, sides, centre
  std::vector<std::pair<int, int>> at = {{lo, lo}, {hi, hi}, {lo, hi}, {hi, lo}};
  at.resize(std::min(n, 4));
  if (n >= 6) at.insert(at.end(), {{lo, mid}, {hi, mid}});
  if (n >= 8) at.insert(at.end(), {{mid, lo}, {mid, hi}});
  if (n >= 5 && n % 2 == 1) at.push_back({mid, mid});
  std::vector<Vertex> out;
  for (const auto& [x, r] : at) out.push_back(b.vertex(x, size - 1 - r));
  return out;
}

namespace {

// What one replay works in, kept per thread: no heap once warm.
struct ReplayScratch {
  std::vector<int> placed;  // see replay_move
  NodeSetup setup;
  std::vector<uint8_t> seen;
  std::vector<Vertex> points;    // of one TB or TW
  std::vector<Vertex> excluded;  // see replay
};

// `g` as a fresh Game, its storage kept: copy-assigning a blank one keeps
// the capacity of every string and list (and the board's block), and sets
// every field, those added later too.
void renew(Game& g, int width, int height) {
  static const Game blank;
  g = blank;
  g.board.reset(width, height);
}

// One replay into `g`, the handicap stones the record leaves out kept off
// `excluded`, in stages: the root's properties, each node of the main line
// (its setup, then its move), the marks of the final node.
class Replay {
 public:
  Replay(const sgf::GameTree& tree, const ReplayOptions& options, const std::vector<Vertex>& excluded,
         ReplayScratch& scratch, Game& g)
      : tree_(tree), options_(options), excluded_(excluded), scratch_(scratch), g_(g) {}

  void run() {
    const auto [width, height] = board_size(tree_);
    size_node_ = size_node(tree_);
    renew(g_, width, height);
    tt_is_pass_ = width <= 19 && height <= 19;
    scratch_.placed.assign(g_.board.padded_size(), 0);
    if (tree_.size() == 0) return;
    read_root();
    NodeSetup& setup = scratch_.setup;
    for (auto& list : setup.points) list.clear();
    setup.any = false;
    for (uint32_t node = 0; node != sgf::kNone; node = tree_.node(node).first_child) {
      last_ = node;
      const uint32_t move = tree_.plain_move(node);
      if (move && g_.moves > 0 && !options_.moves) {  // most nodes: a move alone, no setup before it
        if (!replay_plain_move(node, move)) break;
      } else if (!replay_node(node)) {
        break;
      }
    }
    check_moves_asked();
    // Without HA the handicap is the root's black setup stones.
    g_.handicap = ha_ ? *ha_ : root_white_ ? 0 : root_black_;
    // HA[1] with its one stone set up is a handicap too: the stone is Black's
    // first move, neither a setup stone nor a move out of turn.
    g_.handicap_set_up = (g_.handicap >= 2 || ha_ == 1) && !root_white_ && root_black_ == g_.handicap;
    note_handicap_stones();
    if (!g_.before_end) read_marks();
  }

 private:
  // What the root says of the game: players, komi, rules, result, handicap,
  // and which server wrote it.
  void read_root() {
    const Board& board = g_.board;
    info_ = game_info_node(tree_);
    game_info(tree_, g_.info);  // into the held game's strings: no heap once warm
    g_.warnings = tree_.notes();
    if (size_node_ != sgf::kNone && size_node_ != 0)
      g_.warnings.push_back(fmt::format("SZ[{}] is not in the root node, where FF[4] gives the board size, but in a "
                                        "node before the first move: read as the board size",
                                        quote_input(node_value(tree_, size_node_, "SZ"))));
    if (size_node_ != sgf::kNone) warn_repeated(tree_, size_node_, "SZ", g_);
    for (std::string_view id : {"KM", "HA"}) warn_repeated(tree_, info_, id, g_);
    read_komi(tree_, info_, board.area(), g_);
    g_.rules = node_value(tree_, info_, "RU");
    if (g_.rules.empty()) g_.rules_note = server_rules(tree_, info_);
    g_.result = node_value(tree_, info_, "RE");
    ha_ = read_handicap(tree_, info_, board.area());
    g_.fox = written_by_fox(tree_, info_, g_, board.area());
    g_.ogs = written_by_ogs(tree_, info_);
    read_fox_komi(tree_, info_, ha_, g_);
    read_fox_result(tree_, info_, g_);
  }

  // HA[3] over a root that places 2 black stones: HA is counted (the
  // compensation of n), and the note says so, as the count went on without
  // a word; so does HA[3] where no stone is set up anywhere and Black moves
  // once before White (Black's first moves in a row are the stones where a
  // server records them as moves). A root with white stones too is a
  // position set up, not a handicap; HA[0] or HA[1] without stones, and
  // stones without HA, agree.
  void note_handicap_stones() {
    if (!ha_ || root_white_ || root_black_ == *ha_) return;
    if (root_black_ == 0 && (*ha_ < 2 || any_setup_ || black_moves_before_white() > 1)) return;
    ReadNote note{ReadNote::Kind::kHandicapStones};
    note.n = *ha_;
    note.stones = root_black_;
    g_.notes.push_back(std::move(note));
  }

  // Black's moves on the main line before White's first (a pass counts).
  int black_moves_before_white() const {
    int n = 0;
    for (uint32_t node = 0; node != sgf::kNone; node = tree_.node(node).first_child) {
      if (tree_.find(node, "W")) break;
      if (tree_.find(node, "B")) ++n;
    }
    return n;
  }

  // One node of the main line: its setup, then its move. False where the
  // replay stops at it (a move after the one asked for, or a record that
  // cannot be read on).
  bool replay_node(uint32_t node) {
    std::optional<sgf::Property> mb, mw;
    read_node(node, mb, mw);
    if (scratch_.setup.any) set_up(node);
    if (!mb && !mw) return true;
    // White moving first into a board with no black stone, in a handicap
    // game: the handicap stones were left out (Fox leaves them out); they
    // are put on the standard points, else every later move is off.
    if (g_.moves == 0 && ha_ >= 2 && !mb && g_.board.count(Color::kBlack) == 0) {
      place_left_out_handicap(tree_, *ha_, excluded_, g_, scratch_.placed);
      root_black_ = *ha_;
      any_setup_ = true;
    }
    if (options_.moves && g_.moves >= *options_.moves) {  // a later move: stop before it
      g_.before_end = true;
      return false;
    }
    if (mb && mw) {
      two_passes(node, *mb, *mw);
      return true;
    }
    if (!replay_move(tree_, node, mb ? *mb : *mw, mb ? Color::kBlack : Color::kWhite, tt_is_pass_, options_, g_,
                     scratch_.placed))
      return read_no_further();
    return true;
  }

  // The record cannot be read on from the node last_ (replay_move): the
  // marks of the final node (gocount's own, written back) are for this
  // position, the last one the record gives. False, as replay_node says it.
  bool read_no_further() {
    g_.end_unknown = true;
    while (tree_.node(last_).first_child != sgf::kNone) last_ = tree_.node(last_).first_child;
    return false;
  }

  // replay_node for a node that is a move and nothing else (plain_move,
  // packed as `move`) after the first move, without the --move limit: a
  // legal move on a point of the board is played here, the rest (a pass, an
  // upper-case point, a move refused) the general way. The same result.
  bool replay_plain_move(uint32_t node, uint32_t move) {
    NodeSetup& setup = scratch_.setup;
    if (setup.any) {  // the node before set up stones: none here
      for (auto& list : setup.points) list.clear();
      setup.any = false;
    }
    Board& board = g_.board;
    const unsigned x = ((move >> 8) & 0xFF) - 'a', y = ((move >> 16) & 0xFF) - 'a';
    const Color c = (move & 0xFF) == 'B' ? Color::kBlack : Color::kWhite;
    const bool tt = x == 19 && y == 19 && tt_is_pass_;
    if (tt || x >= static_cast<unsigned>(board.width()) || y >= static_cast<unsigned>(board.height()))
      return replay_node(node);
    const Vertex pt = board.vertex(x, y);
    if (board.check(c, pt, true) != MoveError::kNone) return replay_node(node);
    scratch_.placed[pt] = g_.moves + 1;
    count_move(g_, c, pt);
    if (board.last_suicide() > 0 && !options_.allow_suicide) [[unlikely]] {
      --g_.moves;  // the move refused is named by its number
      const sgf::Property& mv = tree_.property(node, 0);
      refused_move(tree_, node, mv, tree_.value(mv), c, pt, MoveError::kSuicide, g_, scratch_.placed);
      return read_no_further();
    }
    return true;
  }

  // One pass over the node: every AE, AB and AW (into the scratch's
  // setup), the first B and W.
  void read_node(uint32_t node, std::optional<sgf::Property>& mb, std::optional<sgf::Property>& mw) {
    const sgf::Node& n = tree_.node(node);
    NodeSetup& setup = scratch_.setup;
    if (setup.any)  // most nodes have no setup: nothing to clear
      for (auto& list : setup.points) list.clear();
    setup.any = false;
    for (uint32_t k = 0; k < n.property_count; ++k) {
      const sgf::Property p = tree_.property(node, k);
      if (p.id.size() == 1 && (p.id[0] == 'B' || p.id[0] == 'W')) {
        // One move per colour and node: a second one is no record of a game.
        std::optional<sgf::Property>& slot = p.id[0] == 'B' ? mb : mw;
        if (slot || p.value_count > 1)
          throw GameError(fmt::format("node has two {} moves", p.id[0] == 'B' ? "black" : "white"), n.offset,
                          g_.moves + 1);
        slot = p;
      } else if (p.id.size() == 2 && p.id[0] == 'A') {
        const int i = p.id[1] == 'E' ? 0 : p.id[1] == 'B' ? 1 : p.id[1] == 'W' ? 2 : -1;
        if (i < 0) continue;
        add_points(tree_, node, p, g_.board, setup.points[i]);
        setup.any = true;
      } else if (p.id == "SZ" && node != size_node_) {
        check_other_size(node, p);
      }
    }
  }

  // An SZ outside the node that gave the board size (the root's, FF[4]'s
  // only place for it): the same size says nothing new; another one would
  // change the board under the game, which no record can mean.
  void check_other_size(uint32_t node, const sgf::Property& p) const {
    const std::string_view v = p.value_count ? tree_.value(p) : std::string_view();
    const size_t colon = v.find(':');
    int w = 0, h = 0;
    const bool ok = colon == std::string_view::npos ? parse_int(v, w) && (h = w, true)
                                                    : parse_int(v.substr(0, colon), w) && parse_int(v.substr(colon + 1), h);
    if (ok && w == g_.board.width() && h == g_.board.height()) return;
    const std::string board = fmt::format("{}x{}", g_.board.width(), g_.board.height());
    bad_value(tree_, node, p, v,
              size_node_ == sgf::kNone
                  ? "a board size after the game began on the " + board +
                        " board (no SZ before it): FF[4] gives the size in the root only"
                  : "a second board size, after the SZ that made the board " + board + ": a game's board cannot change");
  }

  // Setup first (AE, AB, AW), then the move: FF[4] keeps them in separate
  // nodes, but some editors write both in one.
  void set_up(uint32_t node) {
    Board& board = g_.board;
    NodeSetup& setup = scratch_.setup;
    any_setup_ = true;
    check_setup_conflicts(tree_, node, setup, board, scratch_.seen, g_.moves, g_.warnings);
    // Stones put on or taken off without a move, for the algebra of scoring.
    const int before = board.count(Color::kBlack) - board.count(Color::kWhite);
    for (int i = 0; i < 3; ++i) {
      const Color c = i == 0 ? Color::kEmpty : i == 1 ? Color::kBlack : Color::kWhite;
      // An empty list changes nothing, and each set_many rebuilds the chains.
      if (!setup.points[i].empty()) board.set_many(setup.points[i].begin(), setup.points[i].end(), c);
      for (Vertex v : setup.points[i]) scratch_.placed[v] = 0;
    }
    check_setup_liberties(tree_, node, board);
    g_.setup_balance += board.count(Color::kBlack) - board.count(Color::kWhite) - before;
    if (node == 0) {
      root_black_ = static_cast<int>(setup.points[1].size());
      root_white_ = !setup.points[2].empty();
    }
  }

  // B[tt]W[tt] in one node: two passes, played in the order written.
  void two_passes(uint32_t node, const sgf::Property& mb, const sgf::Property& mw) {
    if (!is_pass(mb.value_count ? tree_.value(mb) : "", tt_is_pass_) ||
        !is_pass(mw.value_count ? tree_.value(mw) : "", tt_is_pass_))
      throw GameError("node has both a black and a white move", tree_.node(node).offset, g_.moves + 1);
    const bool black_first = mb.raw_id.data() < mw.raw_id.data();  // as written in the text
    const sgf::Property& first = black_first ? mb : mw;
    const sgf::Property& second = black_first ? mw : mb;
    replay_move(tree_, node, first, black_first ? Color::kBlack : Color::kWhite, tt_is_pass_, options_, g_,
                scratch_.placed);
    replay_move(tree_, node, second, black_first ? Color::kWhite : Color::kBlack, tt_is_pass_, options_, g_,
                scratch_.placed);
  }

  // A record with nothing in it, or fewer moves than --move asks for.
  void check_moves_asked() const {
    // A record stopped before its first move (--move 0, GTP's loadsgf) has moves all the same.
    if (g_.moves == 0 && !g_.before_end && !any_setup_ && size_node_ == sgf::kNone)
      throw GameError("empty record: no board size, no moves, no stones", tree_.node(0).offset, 0);
    if (options_.moves && *options_.moves > g_.moves)
      throw GameError(fmt::format("move {} asked for, but the record has {} move{}", *options_.moves, g_.moves,
                                  g_.moves == 1 ? "" : "s"),
                      tree_.node(0).offset, 0);
  }

  // Dead stones as KGS/CGoban mark them: a stone under the opponent's
  // territory mark in the final node (every TB and TW, merged); not in a
  // position before the end.
  void read_marks() {
    std::vector<Vertex>& points = scratch_.points;
    const sgf::Node& end = tree_.node(last_);
    for (uint32_t k = 0; k < end.property_count; ++k) {
      const sgf::Property& p = tree_.property(last_, k);
      if (p.id != "TB" && p.id != "TW") continue;
      g_.has_marks = true;
      points.clear();
      add_points(tree_, last_, p, g_.board, points);
      const Color owner = p.id[1] == 'B' ? Color::kBlack : Color::kWhite;
      for (Vertex v : points)
        if (g_.board.at(v) == opponent(owner)) g_.marked_dead.push_back(v);
    }
  }

  const sgf::GameTree& tree_;
  const ReplayOptions& options_;
  const std::vector<Vertex>& excluded_;
  ReplayScratch& scratch_;
  Game& g_;
  bool tt_is_pass_ = true;
  std::optional<int> ha_;
  uint32_t info_ = 0;               // the game-info node (game_info_node)
  uint32_t size_node_ = sgf::kNone;  // the node whose SZ gave the board size (size_node)
  int root_black_ = 0;
  bool root_white_ = false, any_setup_ = false;
  uint32_t last_ = 0;  // the final node of the main line
};

}  // namespace

void replay(const sgf::GameTree& tree, const ReplayOptions& options, Game& into) {
  thread_local ReplayScratch scratch;
  // Each handicap point a move plays on is not where the left-out stones
  // were: the replay starts again without it (at most the star points).
  std::vector<Vertex>& excluded = scratch.excluded;
  excluded.clear();
  for (;;) {
    try {
      return Replay(tree, options, excluded, scratch, into).run();
    } catch (const GuessedStoneHit& hit) {
      excluded.push_back(hit.point);
    }
  }
}

Game replay(const sgf::GameTree& tree, const ReplayOptions& options) {
  Game g;
  replay(tree, options, g);
  return g;
}

RecordHash::RecordHash(uint64_t h) : size_(16) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 15; i >= 0; --i, h >>= 4) digits_[i] = kHex[h & 15];
}

RecordHash record_hash(std::string_view record) {
  // Line ends read alike (CRLF, CR, LF) hash alike: the same record saved
  // on another system is the same record.
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < record.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(record[i]);
    if (c == '\r') {
      if (i + 1 < record.size() && record[i + 1] == '\n') continue;
      c = '\n';
    }
    h ^= c;
    h *= 1099511628211ull;
  }
  return RecordHash(h);
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
  g.rules_line = d.rules_line;
  g.captures = {d.black_captures, d.white_captures};
  g.passes = {d.black_passes, d.white_passes};
  g.last_pass = d.last_pass == 'B' ? Color::kBlack : d.last_pass == 'W' ? Color::kWhite : Color::kEmpty;
  g.last_mover = g.last_pass;  // a finished game ends with a pass
  g.warnings = d.warnings;
  return g;
}

Game new_game(int width, int height) {
  Game g;
  g.board = Board(width, height);
  return g;
}

void set_handicap(Game& g, std::span<const Vertex> stones) {
  g.board.set_many(stones.begin(), stones.end(), Color::kBlack);
  const int n = static_cast<int>(stones.size());
  g.handicap = n;
  g.handicap_set_up = n >= 2;
  g.setup_balance += n;
}

MoveError play_move(Game& g, Color c, Vertex v, bool allow_suicide) {
  if (v != kPass) {
    if (!g.board.on_board(v)) return MoveError::kOffBoard;
    if (const MoveError e = g.board.check(c, v, allow_suicide); e != MoveError::kNone) return e;
  }
  count_move(g, c, v);
  g.result.clear();
  g.marked_dead.clear();
  g.has_marks = false;
  return MoveError::kNone;
}

}  // namespace gocount
