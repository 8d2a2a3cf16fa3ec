// The public Position and Collection over the game layer (game/source.h,
// game/input.h): the same reader as the command's, so a game reads the same.
#include <fmt/format.h>

#include "api/access.h"
#include "count/options.h"
#include "game/input.h"
#include "game/source.h"
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

// The rules a record is read for (nullptr: its own); Error for a name not known.
const Rules* forced_rules(const std::string& name) {
  if (name.empty()) return nullptr;
  ScoreRequest r;
  ScoreOptions o;
  o.rules = name;
  if (std::string e = apply_options(o, r); !e.empty()) throw Error(e);
  return r.rules;
}

}  // namespace

Position::Position() : impl_(std::make_unique<Impl>()) {}
Position::Position(int width, int height) : Position() {
  if (width < 1 || height < 1 || width > Board::kMaxSide || height > Board::kMaxSide)
    throw Error(fmt::format("a board is 1 to {} points a side, not {}x{}", Board::kMaxSide, width, height));
  impl_->game = new_game(width, height);
  impl_->game.diagram = true;  // set up, not played: no moves to replay
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
void Position::set_komi(double komi) { impl_->game.komi = komi; }
void Position::set_rules(std::string_view rules) { impl_->game.rules = rules; }
void Position::set_handicap(int stones) { impl_->game.handicap = stones; }
void Position::set_captures(int by_black, int by_white) { impl_->game.captures = {by_black, by_white}; }

std::optional<double> Position::komi() const { return impl_->game.komi; }
std::string Position::rules() const { return impl_->game.rules; }
std::string Position::result() const { return impl_->game.result; }
int Position::handicap() const { return impl_->game.handicap; }
int Position::moves() const { return impl_->game.moves; }

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

bool Collection::next(Entry& entry) {
  GameSource& source = *impl_->source;
  SourceItem item;
  if (!source.next(item)) return false;
  impl_->input.release_before(source.consumed());
  entry.index = item.index;
  entry.error = std::move(item.error);
  entry.record_hash = std::move(item.record_hash);
  entry.position.reset();
  if (item.game) entry.position = Access::make(std::move(*item.game));
  return true;
}
bool Collection::is_diagram() const { return impl_->source->is_diagram(); }

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
  throw Error(fmt::format("{}game {}: the input has {} game{}", prefix, options.game, games, games == 1 ? "" : "s"));
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

GOCOUNT_END_NAMESPACE
