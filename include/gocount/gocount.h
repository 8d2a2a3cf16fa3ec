// gocount as a library: count a finished game of Go under every rule set.
//
//   #include <gocount/gocount.h>
//
//   gocount::Result r = gocount::score(gocount::read_file("game.sgf"), {.rules = "japanese"});
//   std::cout << r.result() << "\n";  // "W+6.5"
//
// position.h: reading records, collections and diagrams, positions by hand;
// score.h: counting, the dead stones, rule sets compared, hand counts;
// error.h: gocount::Error; version.h: GOCOUNT_VERSION.
//
// Threads: the library holds no shared mutable state (its scratch space is
// per thread, the built-in model and librsvg are loaded once, thread-safely),
// so threads may each read, count and print their own Positions, Results
// and Collections at once, and may count one const Position together
// (score, judge, compare only read it). One object changed by a thread
// (place, play, score into a Result, Collection::next) while another uses
// it needs a lock of the caller's.
#pragma once

#include "gocount/error.h"     // IWYU pragma: export
#include "gocount/position.h"  // IWYU pragma: export
#include "gocount/rules.h"     // IWYU pragma: export
#include "gocount/score.h"     // IWYU pragma: export
#include "gocount/version.h"   // IWYU pragma: export
