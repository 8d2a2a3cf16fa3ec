// The public Position and Collection over the game layer (game/source.h,
// game/input.h): the same reader as the command's, so a game reads the same.
#include <algorithm>
#include <fmt/format.h>

#include "api/access.h"
#include "count/options.h"
#include "count/score.h"
#include "game/input.h"
#include "game/source.h"
#include "sgf/parse_error.h"
#include "sgf/writer.h"
#include "rules/rules.h"

GOCOUNT_BEGIN_NAMESPACE

namespace {

Color color_of(Stone s) { return s == Stone::black ? Color::kBlack : s == Stone::white ? Color::kWhite : Color::kEmpty; }
Stone stone_of(Color c) { return c == Color::kBlack ? Stone::black : c == Color::kWhite ? Stone::white : Stone::empty; }

// "'A1' is not a point of a 52x52 board", and why where a GTP point names
// no column: GTP's letters (A to Z less I) name 25.
std::string not_a_point(const Board& b, std::string_view p) {
  std::string line = fmt::format("'{}' is not a point of a {}x{} board", quote_input(p), b.width(), b.height());
  const bool gtp_form = p.size() >= 2 && std::isalpha(static_cast<unsigned char>(p[0])) &&
                        std::all_of(p.begin() + 1, p.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (gtp_form && b.width() > 25) line += ": GTP letters name 25 columns; on a wider board give SGF form (\"aa\")";
  return line;
}

// The points of "D4 E5,F6" on this board; Error for one that is not on it.
std::vector<Vertex> points_on(const Board& b, std::string_view points) {
  std::vector<Vertex> out;
  for (const std::string& p : split_list({std::string(points)})) {
    const Vertex v = parse_point(b, p);
    if (v == kNoVertex) throw Error(not_a_point(b, p));
    out.push_back(v);
  }
  return out;
}

// Each side's captures at most: a stone captured is a move played, and no
// record plays a million (set_captures' bound, in position.h).
constexpr int kMaxCaptures = 1000000;

// The one point `text` names ("" and "D4 E5" name none and two: refused).
Vertex one_point(const Board& b, std::string_view text) {
  const std::vector<Vertex> vs = points_on(b, text);
  if (vs.size() == 1) return vs[0];
  if (vs.empty()) throw Error(not_a_point(b, text));
  throw Error(fmt::format("'{}' names {} points, not one", quote_input(text), vs.size()));
}

}  // namespace

Position::Position() : impl_(std::make_unique<Impl>()) {}
Position::Position(int width, int height) : Position() {
  if (width < 1 || height < 1 || width > Board::kMaxSide || height > Board::kMaxSide)
    throw Error(fmt::format("a board is 1 to {} points a side, not {}x{}", Board::kMaxSide, width, height));
  impl_->game = ::gocount::new_game(width, height);
  impl_->game.diagram = true;  // set up, not played: no moves to replay
}
Position Position::new_game(int width, int height) {
  Position p(width, height);
  p.impl_->game.diagram = false;  // played: the count tells its moves
  return p;
}
// A moved-from position copies as one (every call on it an Error).
Position::Position(const Position& o) : impl_(o.impl_ ? std::make_unique<Impl>(*o.impl_) : nullptr) {}
Position::Position(Position&&) noexcept = default;
Position& Position::operator=(const Position& o) {
  if (this != &o) impl_ = o.impl_ ? std::make_unique<Impl>(*o.impl_) : nullptr;
  return *this;
}
Position& Position::operator=(Position&&) noexcept = default;
Position::~Position() = default;

// Moved from, a position holds nothing: an Error, not a null dereference.
Position::Impl& Position::self() const {
  if (!impl_) throw Error("a moved-from Position holds no game (assign it one first)");
  return *impl_;
}

int Position::width() const { return self().game.board.width(); }
int Position::height() const { return self().game.board.height(); }
Stone Position::at(int x, int y) const {
  const Board& b = self().game.board;
  if (x < 0 || y < 0 || x >= b.width() || y >= b.height())
    throw Error(fmt::format("({}, {}) is not a point of a {}x{} board", x, y, b.width(), b.height()));
  return stone_of(b.at(b.vertex(x, y)));
}
Stone Position::at(std::string_view point) const {
  const Board& b = self().game.board;
  return stone_of(b.at(one_point(b, point)));
}
std::vector<Stone> Position::board() const {
  const Board& b = self().game.board;
  std::vector<Stone> out;
  b.for_each_point([&](Vertex v) { out.push_back(stone_of(b.at(v))); });
  return out;
}

void Position::place(Stone stone, std::string_view points) {
  Game& g = self().game;
  const std::vector<Vertex> vs = points_on(g.board, points);
  for (Vertex v : vs) g.setup_balance -= (g.board.at(v) == Color::kBlack) - (g.board.at(v) == Color::kWhite);
  g.board.set_many(vs.begin(), vs.end(), color_of(stone));
  g.setup_balance += static_cast<int>(vs.size()) * ((stone == Stone::black) - (stone == Stone::white));
}
// Every point checked before any is marked: a refusal leaves the marks as they were.
void Position::mark_dead(std::string_view points) {
  Game& g = self().game;
  const std::vector<Vertex> vs = points_on(g.board, points);
  for (Vertex v : vs)
    if (g.board.at(v) == Color::kEmpty) throw Error(fmt::format("{}: no stone to mark dead", to_gtp(g.board, v)));
  g.marked_dead.insert(g.marked_dead.end(), vs.begin(), vs.end());
  g.has_marks = true;
}
void Position::set_komi(std::optional<double> komi) {
  if (komi)
    if (std::string e = komi_problem(*komi); !e.empty()) throw Error(e);
  self().game.komi = komi;
}
// A name no rule set answers to is refused here: given by a program, it is
// a mistake, where a record's RU is read past (Chinese, with a warning).
void Position::set_rules(std::string_view rules) {
  Game& g = self().game;
  const Rules* r = rules.empty() ? nullptr : find_record_rules(rules);
  if (!rules.empty() && !r)
    throw Error("rules '" + quote_input(rules) + "': no rule set of that name (known: " + rule_names() + ")");
  // A position set up by hand counts as a diagram, whose rules a name must give.
  g.rules = g.diagram && r && !find_rules(rules) ? std::string(r->name) : std::string(rules);
}
void Position::set_handicap(int stones) {
  Game& g = self().game;
  const int most = g.board.width() * g.board.height() - 1;
  if (stones < 0 || stones > most)
    throw Error(fmt::format("handicap {}: a whole number from 0 to {} on this board (its points less one)", stones, most));
  g.handicap = stones;
}
void Position::set_captures(int by_black, int by_white) {
  for (const int n : {by_black, by_white})
    if (n < 0 || n > kMaxCaptures)
      throw Error(fmt::format("captures {} and {}: each a whole number from 0 to {}", by_black, by_white, kMaxCaptures));
  self().game.captures = {by_black, by_white};
}

Illegal Position::play(Stone stone, std::string_view point, bool suicide_legal) {
  Game& g = self().game;
  const bool pass = point.size() == 4 && (point[0] | 0x20) == 'p' && (point[1] | 0x20) == 'a' &&
                    (point[2] | 0x20) == 's' && (point[3] | 0x20) == 's';
  const Vertex v = pass ? kPass : parse_gtp_point(g.board, point);
  if (v == kNoVertex || stone == Stone::empty) return Illegal::off_board;
  switch (play_move(g, color_of(stone), v, suicide_legal)) {
    case MoveError::kNone: break;
    case MoveError::kOccupied: return Illegal::occupied;
    case MoveError::kSuicide: return Illegal::suicide;
    case MoveError::kKo: return Illegal::ko;
    case MoveError::kOffBoard: return Illegal::off_board;
  }
  g.diagram = false;
  return Illegal::none;
}
std::string Position::gtp_point(std::string_view vertex) const {
  const Board& b = self().game.board;
  const Vertex v = parse_gtp_point(b, vertex);
  return v == kNoVertex ? "" : to_gtp(b, v);
}
std::vector<std::string> Position::chain(std::string_view point) const {
  const Board& b = self().game.board;
  const Vertex v = one_point(b, point);
  return b.at(v) == Color::kEmpty ? std::vector<std::string>{} : chain_to_gtp(b, v);
}

namespace {

std::vector<std::string> put_handicap(Game& g, const std::vector<Vertex>& stones) {
  if (g.moves > 0 || g.board.count(Color::kBlack) > 0 || g.board.count(Color::kWhite) > 0)
    throw Error("handicap stones go on an empty board");
  set_handicap(g, stones);
  std::vector<std::string> out;  // in the order placed
  for (Vertex v : stones) out.push_back(to_gtp(g.board, v));
  return out;
}

}  // namespace

std::vector<std::string> Position::place_handicap(int stones) {
  const Board& b = self().game.board;
  const std::vector<Vertex> points = standard_handicap_points(b, stones);
  if (points.empty()) {
    const int most = max_fixed_handicap();
    if (most < 2)
      throw Error(fmt::format("fixed placement has no handicap points on {}x{} (square boards from 7x7): give the points",
                              b.width(), b.height()));
    throw Error(fmt::format("fixed placement puts 2 to {} stones on {}x{}, not {}", most, b.width(), b.height(), stones));
  }
  return put_handicap(self().game, points);
}
std::vector<std::string> Position::place_handicap(const std::vector<std::string>& points) {
  Game& g = self().game;
  std::vector<Vertex> stones;
  for (const std::string& p : points) {
    const Vertex v = one_point(g.board, p);
    if (std::find(stones.begin(), stones.end(), v) != stones.end())
      throw Error(fmt::format("{}: a handicap point given twice", to_gtp(g.board, v)));
    stones.push_back(v);
  }
  return put_handicap(g, stones);
}
int Position::max_fixed_handicap() const {
  int max = 0;
  standard_handicap_points(self().game.board, 2, &max);
  return max;
}

std::optional<double> Position::komi() const { return self().game.komi; }
std::string Position::rules() const { return self().game.rules; }
std::string Position::result() const { return self().game.result; }
int Position::handicap() const { return self().game.handicap; }
int Position::moves() const { return self().game.moves; }
int Position::captures(Stone by) const {
  const Game& g = self().game;
  return by == Stone::empty ? 0 : g.captures[by == Stone::white];
}

struct Collection::Impl {
  std::string name;   // as messages name the input: the path, "<stdin>", "" for text
  std::string owned;  // the text of from_text
  Input input;
  std::optional<GameSource> source;

  void open(std::string_view text, const ReadOptions& options) {
    // -1 stopped nowhere: the start position, without a word.
    if (options.move && *options.move < 0)
      throw Error(fmt::format("move {}: moves are counted from 0 (the start position)", *options.move));
    const Rules* forced = forced_rules(options.rules);
    source.emplace(text, [forced](std::string_view ru) { return rules_for(ru, forced).suicide; });
    source->stop_after(options.move);
  }
};

Collection::Collection() : impl_(std::make_unique<Impl>()) {}
Collection::Collection(const std::string& path, const ReadOptions& options) : Collection() {
  impl_->name = path == "-" ? "<stdin>" : path;
  if (std::string e = read_input(path, impl_->input); !e.empty()) throw Error(impl_->name + ": " + e);
  impl_->open(impl_->input.text(), options);
}
Collection Collection::from_text(std::string text, const ReadOptions& options) {
  Collection c;
  c.impl_->owned = std::move(text);
  c.impl_->open(c.impl_->owned, options);
  return c;
}
Collection::Collection(Collection&&) noexcept = default;
Collection& Collection::operator=(Collection&&) noexcept = default;
Collection::~Collection() = default;

// The game in `entry` before, which the caller is done with, lends its
// storage (boards, lists) to the next one read, and that one goes into the
// same Position: a loop over an archive allocates nothing for it once warm.
Collection::Impl& Collection::self() const {
  if (!impl_) throw Error("a moved-from Collection holds no games");
  return *impl_;
}

bool Collection::next(Entry& entry) {
  Impl& impl = self();
  GameSource& source = *impl.source;
  SourceItem item;
  Game* held = entry.position ? Access::game_of(*entry.position) : nullptr;
  if (held) item.game = std::move(*held);  // the source keeps it to replay into
  if (!source.next(item)) {
    entry.position.reset();  // its game was lent: nothing is left in it
    return false;
  }
  impl.input.release_before(source.consumed());
  entry.index = item.index;
  entry.error = std::move(item.error);
  entry.record_hash = item.record_hash.text();
  entry.end = item.end;
  entry.begin = item.end == 0 || source.is_diagram() ? 0 : source.tree().offset();
  if (!item.game) entry.position.reset();
  else if (held) *held = std::move(*item.game);
  else entry.position = Access::make(std::move(*item.game));
  return true;
}
bool Collection::is_diagram() const { return self().source->is_diagram(); }
std::string_view Collection::text() const { return self().source->text(); }
std::string Collection::encode(std::string_view utf8) const {
  const GameSource& source = *self().source;
  return sgf::encode_as(utf8, source.encoding(), source.charset());
}

namespace {

// Game `options.game` of `c`; Error naming it and `where` when it cannot be read.
Position pick(Collection& c, const ReadOptions& options, const std::string& where) {
  const std::string prefix = where.empty() ? "" : where + ": ";
  Entry e;
  int games = 0;
  while (c.next(e)) {
    ++games;
    if (e.index != options.game) continue;
    if (!e.position) throw Error(fmt::format("{}game {}: {}", prefix, e.index, e.error));
    return std::move(*e.position);
  }
  throw Error(fmt::format("{}game {} asked for, but the input has {} game{}", prefix, options.game, games,
                          games == 1 ? "" : "s"));
}

}  // namespace

Position read_record(std::string_view text, const ReadOptions& options) {
  Collection c = Collection::from_text(std::string(text), options);
  return pick(c, options, "");
}
Position read_file(const std::string& path, const ReadOptions& options) {
  Collection c(path, options);
  return pick(c, options, path == "-" ? "<stdin>" : path);
}

const char* version() { return GOCOUNT_VERSION; }
std::string quote(std::string_view text) { return quote_input(text); }
std::string quote_name(std::string_view name) { return quote_input(name, name.size()); }
std::string json_error_words(std::string_view what) { return std::string(without_json_tag(what)); }

GOCOUNT_END_NAMESPACE

// games_json: the collection's games and, beside them, the SGF reader for
// the root's players and dates, which a Position does not keep.
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "sgf/charset.h"
#include "sgf/sgf.h"

GOCOUNT_BEGIN_NAMESPACE

std::string games_json(std::string_view text, int limit) {
  nlohmann::ordered_json games = nlohmann::ordered_json::array();
  Collection c = Collection::from_text(std::string(text));
  sgf::Reader reader(c.text());  // as the collection reads it: UTF-16 or Shift-JIS converted (sgf/charset.h)
  sgf::GameTree tree;
  Entry e;
  for (int i = 0; c.next(e); ++i) {
    if (i == limit) throw Error(fmt::format("more than {} games: too many to list (gocount score counts an archive)", limit));
    nlohmann::ordered_json g = {{"game", e.index}};
    if (!c.is_diagram()) {
      try {
        if (reader.next(tree))
          for (const char* id : {"PB", "PW", "RE", "DT", "RU"}) g[id] = sgf::valid_utf8(sgf::unescape(root_value(tree, id)));
      } catch (const sgf::Error&) {
      }
    }
    if (e.position) {
      g["width"] = e.position->width();
      g["height"] = e.position->height();
      g["moves"] = e.position->moves();
    } else {
      g["error"] = e.error;
    }
    games.push_back(std::move(g));
  }
  return json_text(games);
}

GOCOUNT_END_NAMESPACE
