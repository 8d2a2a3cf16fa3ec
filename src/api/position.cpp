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

// The points of "D4 E5,F6" on this board; Error for one that is not on it.
std::vector<Vertex> points_on(const Board& b, std::string_view points) {
  std::vector<Vertex> out;
  for (const std::string& p : split_list({std::string(points)})) {
    const Vertex v = parse_point(b, p);
    if (v == kNoVertex)
      throw Error(fmt::format("'{}' is not a point of a {}x{} board", p, b.width(), b.height()));
    out.push_back(v);
  }
  return out;
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
Position::Position(const Position& o) : impl_(std::make_unique<Impl>(*o.impl_)) {}
Position::Position(Position&&) noexcept = default;
Position& Position::operator=(const Position& o) {
  if (this != &o) impl_ = std::make_unique<Impl>(*o.impl_);
  return *this;
}
Position& Position::operator=(Position&&) noexcept = default;
Position::~Position() = default;

int Position::width() const { return impl_->game.board.width(); }
int Position::height() const { return impl_->game.board.height(); }
Stone Position::at(int x, int y) const {
  const Board& b = impl_->game.board;
  if (x < 0 || y < 0 || x >= b.width() || y >= b.height())
    throw Error(fmt::format("({}, {}) is not a point of a {}x{} board", x, y, b.width(), b.height()));
  return stone_of(b.at(b.vertex(x, y)));
}
Stone Position::at(std::string_view point) const {
  return stone_of(impl_->game.board.at(points_on(impl_->game.board, point).at(0)));
}
std::vector<Stone> Position::board() const {
  std::vector<Stone> out;
  impl_->game.board.for_each_point([&](Vertex v) { out.push_back(stone_of(impl_->game.board.at(v))); });
  return out;
}

void Position::place(Stone stone, std::string_view points) {
  Game& g = impl_->game;
  const std::vector<Vertex> vs = points_on(g.board, points);
  for (Vertex v : vs) g.setup_balance -= (g.board.at(v) == Color::kBlack) - (g.board.at(v) == Color::kWhite);
  g.board.set_many(vs.begin(), vs.end(), color_of(stone));
  g.setup_balance += static_cast<int>(vs.size()) * ((stone == Stone::black) - (stone == Stone::white));
}
void Position::mark_dead(std::string_view points) {
  Game& g = impl_->game;
  for (Vertex v : points_on(g.board, points)) {
    if (g.board.at(v) == Color::kEmpty) throw Error(fmt::format("{}: no stone to mark dead", to_gtp(g.board, v)));
    g.marked_dead.push_back(v);
  }
  g.has_marks = true;
}
void Position::set_komi(std::optional<double> komi) { impl_->game.komi = komi; }
void Position::set_rules(std::string_view rules) { impl_->game.rules = rules; }
void Position::set_handicap(int stones) { impl_->game.handicap = stones; }
void Position::set_captures(int by_black, int by_white) { impl_->game.captures = {by_black, by_white}; }

Illegal Position::play(Stone stone, std::string_view point, bool suicide_legal) {
  Game& g = impl_->game;
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
  const Vertex v = parse_gtp_point(impl_->game.board, vertex);
  return v == kNoVertex ? "" : to_gtp(impl_->game.board, v);
}
std::vector<std::string> Position::chain(std::string_view point) const {
  const Board& b = impl_->game.board;
  const Vertex v = points_on(b, point).at(0);
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
  const Board& b = impl_->game.board;
  const std::vector<Vertex> points = standard_handicap_points(b, stones);
  if (points.empty())
    throw Error(fmt::format("fixed placement puts 2 to {} stones on {}x{}, not {}", max_fixed_handicap(), b.width(),
                            b.height(), stones));
  return put_handicap(impl_->game, points);
}
std::vector<std::string> Position::place_handicap(const std::vector<std::string>& points) {
  std::vector<Vertex> stones;
  for (const std::string& p : points) {
    const Vertex v = points_on(impl_->game.board, p).at(0);
    if (std::find(stones.begin(), stones.end(), v) != stones.end())
      throw Error(fmt::format("{}: a handicap point given twice", to_gtp(impl_->game.board, v)));
    stones.push_back(v);
  }
  return put_handicap(impl_->game, stones);
}
int Position::max_fixed_handicap() const {
  int max = 0;
  standard_handicap_points(impl_->game.board, 2, &max);
  return max;
}

std::optional<double> Position::komi() const { return impl_->game.komi; }
std::string Position::rules() const { return impl_->game.rules; }
std::string Position::result() const { return impl_->game.result; }
int Position::handicap() const { return impl_->game.handicap; }
int Position::moves() const { return impl_->game.moves; }
int Position::captures(Stone by) const { return by == Stone::empty ? 0 : impl_->game.captures[by == Stone::white]; }

struct Collection::Impl {
  std::string name;   // as messages name the input: the path, "<stdin>", "" for text
  std::string owned;  // the text of from_text
  Input input;
  std::optional<GameSource> source;

  void open(std::string_view text, const ReadOptions& options) {
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
bool Collection::next(Entry& entry) {
  GameSource& source = *impl_->source;
  SourceItem item;
  Game* held = entry.position ? Access::game_of(*entry.position) : nullptr;
  if (held) item.game = std::move(*held);  // the source keeps it to replay into
  if (!source.next(item)) {
    entry.position.reset();  // its game was lent: nothing is left in it
    return false;
  }
  impl_->input.release_before(source.consumed());
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
bool Collection::is_diagram() const { return impl_->source->is_diagram(); }
std::string_view Collection::text() const { return impl_->source->text(); }
std::string Collection::encode(std::string_view utf8) const {
  return sgf::encode_as(utf8, impl_->source->encoding(), impl_->source->charset());
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
