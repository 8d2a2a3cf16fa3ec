// Writes each counted record of one board size to a file of its own, named
// as make_dataset's index.csv names it (FILE-GAME.sgf), for an outside
// teacher that reads one game per file (train/teacher.py, KataGo's loadsgf).
//
//   split_records SIZE OUT_DIR FILE.sgf...
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "records.h"

namespace fs = std::filesystem;
using namespace gocount;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: split_records SIZE OUT_DIR FILE.sgf...\n");
    return 2;
  }
  const int size = std::stoi(argv[1]);
  const fs::path out = argv[2];
  fs::create_directories(out);
  int written = 0;
  for (int a = 3; a < argc; ++a) {
    const fs::path file = argv[a];
    for_each_record(file, [&](const SourceItem& item, std::string_view game_text) {
      if (!item.game || item.game->board.width() != size || item.game->board.height() != size ||
          !parse_result(item.game->result))
        return;
      const std::string_view trimmed = game_text.substr(std::min(game_text.find('('), game_text.size()));
      std::ofstream(out / (file.filename().string() + "-" + std::to_string(item.index) + ".sgf")) << trimmed;
      ++written;
    });
  }
  std::fprintf(stderr, "%d records written\n", written);
  return 0;
}
