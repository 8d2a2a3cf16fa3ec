#include "game/info.h"

#include <algorithm>
#include <optional>

#include "game/game.h"
#include "sgf/charset.h"

namespace gocount {

namespace {

// A text property of the game-info node (`node`: game_info_node) as UTF-8
// into `v`: unescaped, and converted from CA's charset when it is not UTF-8
// already.
void root_text(const sgf::GameTree& tree, uint32_t node, std::string_view id, const std::string& charset,
               std::string& v) {
  v.clear();
  const std::optional<sgf::Property> p = tree.size() ? tree.find(node, id) : std::nullopt;
  if (!p || p->value_count == 0) return;
  sgf::unescape(tree.value(*p), v);
  std::replace_if(v.begin(), v.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  v.erase(0, v.find_first_not_of(' '));
  v.erase(v.find_last_not_of(' ') + 1);
  // Text that is UTF-8 already stays so, whatever CA says (servers write
  // CA[gb2312] over UTF-8 names); `charset` is iconv's (sgf::charset_named).
  if (sgf::is_utf8(v)) return;
  if (!charset.empty())
    if (auto converted = sgf::convert(v, charset, "UTF-8")) {
      v = valid_utf8(*converted);
      return;
    }
  v = valid_utf8(v);
}

}  // namespace

void game_info(const sgf::GameTree& tree, GameInfo& info) {
  std::string charset;
  if (const std::optional<sgf::Property> p = tree.size() ? tree.find(0, "CA") : std::nullopt; p && p->value_count)
    charset = sgf::charset_named(tree.value(*p));
  // FF[4] keeps them in the game-info node: the root, or where a game of a
  // merged tree parts from the others.
  const uint32_t node = game_info_node(tree);
  root_text(tree, node, "PB", charset, info.black_player);
  root_text(tree, node, "PW", charset, info.white_player);
  root_text(tree, node, "BR", charset, info.black_rank);
  root_text(tree, node, "WR", charset, info.white_rank);
  root_text(tree, node, "DT", charset, info.date);
  root_text(tree, node, "EV", charset, info.event);
}

GameInfo game_info(const sgf::GameTree& tree) {
  GameInfo info;
  game_info(tree, info);
  return info;
}

}  // namespace gocount
