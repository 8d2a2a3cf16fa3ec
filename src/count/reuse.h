// Layer 6: refilling a result in place. A worker that counts game after game
// holds one Scored (and its parts) and fills it again: the vectors keep their
// storage, so once warm a count needs no heap.
#pragma once

#include <utility>

namespace gocount {

// Sets `x` to a fresh T, except that the members named keep their storage
// (they are cleared, not freed): a refill then allocates only where a list
// outgrows what an earlier game needed.
template <class T, class... M>
void reset_keeping(T& x, M T::*... kept) {
  T fresh{};
  ((fresh.*kept = std::move(x.*kept), (fresh.*kept).clear()), ...);
  x = std::move(fresh);
}

}  // namespace gocount
