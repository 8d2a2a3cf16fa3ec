#include "game/source.h"

#include <stdexcept>

#include "sgf/charset.h"

namespace gocount {

GameSource::GameSource(std::string_view text, std::function<bool(std::string_view)> allow_suicide)
    : allow_suicide_(std::move(allow_suicide)), reader_(std::string_view()) {
  restart(text);
}

void GameSource::restart(std::string_view text) {
  sgf::ReadAs as;
  text_ = sgf::convert_for_reading(text, utf8_, as) ? std::string_view(utf8_) : text;
  encoding_ = as.encoding;
  charset_ = std::move(as.charset);
  diagram_ = looks_like_diagram(text_);
  done_ = false;
  index_ = 0;
  consumed_ = 0;
  reader_.restart(text_);
}

bool GameSource::next(SourceItem& item) {
  // The game read before is kept aside for its storage (a record read is
  // replayed into it, in this input or the next); all else is set afresh.
  if (item.game) spare_.swap(item.game);
  item = SourceItem{};
  if (done_) return false;
  item.index = index_;
  if (diagram_) {
    done_ = true;
    item.record_hash = record_hash(text_);
    item.end = text_.size();
    try {
      item.game = from_diagram(parse_diagram(text_));
      item.game->record_hash = item.record_hash;
      if (moves_ && *moves_ > 0) {
        item.game.reset();
        item.error = "a diagram has no moves to step through (move " + std::to_string(*moves_) + " asked for)";
      }
    } catch (const ParseError& e) {
      item.error = e.what();
    }
    ++index_;
    return true;
  }
  try {
    if (!reader_.next(tree_)) {
      done_ = true;
      if (index_ == 0) {
        item.error = "no SGF game found";
        ++index_;
        return true;
      }
      return false;
    }
  } catch (const sgf::Error& e) {
    item.error = e.what();
    ++index_;
    return true;
  }
  ++index_;
  consumed_ = tree_.offset();
  item.record_hash = record_hash(text_.substr(tree_.offset(), tree_.end() - tree_.offset()));
  item.end = tree_.end();
  try {
    if (!spare_) spare_ = Game{};
    item.game.swap(spare_);
    replay(tree_, {allow_suicide_(root_value(tree_, "RU")), moves_}, *item.game);
    item.game->record_hash = item.record_hash;
  } catch (const GameError& e) {
    spare_.swap(item.game);  // kept for its storage: the item has no game
    const auto [line, column] = reader_.line_column(e.offset);
    item.error = "line " + std::to_string(line) + ": " + e.what();
  }
  return true;
}

Game load_game(std::string_view text, int index, std::optional<int> moves,
               const std::function<bool(std::string_view rules)>& allow_suicide) {
  GameSource source(text, allow_suicide);
  source.stop_after(moves);
  SourceItem item;
  int games = 0;
  while (source.next(item)) {
    ++games;
    if (item.index != index) continue;
    if (!item.game) throw std::invalid_argument("game " + std::to_string(index) + ": " + item.error);
    return std::move(*item.game);
  }
  throw std::invalid_argument("game " + std::to_string(index) + " asked for, but the input has " +
                              std::to_string(games) + (games == 1 ? " game" : " games"));
}

}  // namespace gocount
