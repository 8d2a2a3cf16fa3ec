// Scores every game of a record under a rule set and prints the result, the
// dead stones and the command's JSON of the first game.
//   score_record FILE [RULES]
#include <gocount/gocount.h>

#include <iostream>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: score_record FILE [RULES]\n";
    return 2;
  }
  gocount::Options options;
  if (argc > 2) options.rules = argv[2];
  try {
    for (const gocount::Entry& game : gocount::Collection(argv[1], {.rules = options.rules})) {
      if (!game.position) {
        std::cerr << argv[1] << ": game " << game.index << ": " << game.error << "\n";
        continue;
      }
      const gocount::Result r = gocount::score(*game.position, options);
      std::cout << "game " << game.index << ": " << r.rules() << " " << r.result() << " (komi " << r.komi()
                << "), dead:";
      for (const std::string& p : r.dead_stones()) std::cout << " " << p;
      std::cout << "\n";
      if (game.index == 0) std::cout << r.json(argv[1]) << "\n";
    }
  } catch (const gocount::Error& e) {
    std::cerr << "score_record: " << e.what() << "\n";
    return 1;
  }
  std::cout << "gocount " << gocount::version() << " (headers " << GOCOUNT_VERSION << ")\n";
}
