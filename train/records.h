// The records of one collection file, each with its own text: what the
// training tools (make_dataset, split_records) walk.
#pragma once
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "game/source.h"
#include "count/score.h"

namespace gocount {

// Calls f(item, game_text) for every record of `file`, read or not.
template <class F>
void for_each_record(const std::filesystem::path& file, F&& f) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  GameSource source(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
  SourceItem item;
  size_t start = 0;
  while (source.next(item)) {
    const std::string_view game_text = source.text().substr(start, item.end - start);
    start = item.end;
    f(item, game_text);
  }
}

}  // namespace gocount
