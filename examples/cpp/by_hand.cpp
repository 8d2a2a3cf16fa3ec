// A position set up by hand: a 5x5 board, Black's wall on the c file and
// White's on the d file, one white stone dead in Black's area; counted under
// Chinese and Japanese rules, then compared.
#include <gocount/gocount.h>

#include <iostream>

int main() {
  gocount::Position p(5, 5);
  p.place(gocount::Stone::black, "C1 C2 C3 C4 C5");
  p.place(gocount::Stone::white, "D1 D2 D3 D4 D5 A3");
  p.mark_dead("A3");
  p.set_komi(0.5);
  for (const char* rules : {"chinese", "japanese"}) {
    const gocount::Result r = gocount::score(p, {.rules = rules});
    std::cout << rules << ": " << r.result() << " (Black " << r.black_score() << ", White " << r.white_score()
              << ")\n";
  }
  for (const gocount::Chain& c : gocount::judge(p))
    if (c.status == gocount::Status::dead) std::cout << "dead: " << c.stones.front() << "\n";
  const gocount::RuleComparison c = gocount::compare(p, {}, {"chinese", "japanese", "aga"});
  for (const gocount::Column& col : c.columns) std::cout << col.rules << " " << col.result << "\n";
  try {
    p.place(gocount::Stone::black, "Z9");
  } catch (const gocount::Error& e) {
    std::cout << "refused: " << e.what() << "\n";
  }
}
