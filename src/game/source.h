// Layer 3: every game of an input text, one at a time: an SGF collection is
// streamed game by game; a text diagram is one game. A broken game is reported
// with where it is, and the games after it are still read.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "game/game.h"

namespace gocount {

struct SourceItem {
  int index = 0;             // 0-based game number in the input
  std::optional<Game> game;  // empty when the game could not be read
  std::string error;         // "line 12, column 4: ..." when it could not
  RecordHash record_hash;    // of the game's text (Game::record_hash), when it was found
  size_t end = 0;            // just past the game in the text read
};

class GameSource {
 public:
  // `allow_suicide` is asked with the record's RU before each replay.
  GameSource(std::string_view text, std::function<bool(std::string_view rules)> allow_suicide);
  // The games of `text` next, as if the source were made anew on it
  // (stop_after kept). What it holds, the tree, the reader's stack and the
  // last game's storage, is used again: a reader of many inputs needs no
  // heap once warm.
  void restart(std::string_view text);
  // Replay each record to this many moves (ReplayOptions::moves); a diagram,
  // which has no moves, takes only 0.
  void stop_after(std::optional<int> moves) { moves_ = moves; }
  bool is_diagram() const { return diagram_; }
  // The input's encoding as written (UTF-16 and other charsets are read as
  // UTF-8), and for kCharset the charset (iconv's name), for a writer.
  sgf::Encoding encoding() const { return encoding_; }
  const std::string& charset() const { return charset_; }
  // The next game into `item`, whose game keeps its storage (see replay):
  // a reader that holds one item needs no heap once warm. When no game is
  // left, or one cannot be read, the game item held is kept here for the
  // next read, of this input or the next (restart).
  bool next(SourceItem& item);
  // The text read (UTF-8: a UTF-16 input converted), which the trees view.
  std::string_view text() const { return text_; }
  // The record of the game last read (not for a diagram); take_tree() moves
  // it out, for a writer that outlives the next read.
  const sgf::GameTree& tree() const { return tree_; }
  sgf::GameTree take_tree() { return std::move(tree_); }
  // The input bytes before this offset are done with (everything before the
  // game last read); 0 when the text read is a converted copy (UTF-16, another charset).
  size_t consumed() const { return encoding_ == sgf::Encoding::kUtf8 && !diagram_ ? consumed_ : 0; }

 private:
  sgf::Encoding encoding_;
  std::string charset_;  // kCharset's
  std::string utf8_;  // the input converted, when it is UTF-16 or in another charset
  std::string_view text_;
  std::function<bool(std::string_view)> allow_suicide_;
  bool diagram_ = false;
  bool done_ = false;
  int index_ = 0;
  size_t consumed_ = 0;
  std::optional<int> moves_;
  sgf::Reader reader_;
  sgf::GameTree tree_;
  std::optional<Game> spare_;  // a game kept for its storage, between reads
};

// Game `index` (0-based) of an SGF collection or a diagram, replayed to
// `moves` when given. Throws std::invalid_argument with where the problem
// is: "game 3: line 12: ...", "game 5 asked for, but the input has 2 games".
Game load_game(std::string_view text, int index, std::optional<int> moves,
               const std::function<bool(std::string_view rules)>& allow_suicide);

}  // namespace gocount
