// Layer 4: Benson's unconditional life (pass-alive chains): chains the
// opponent cannot capture even if their owner passes for ever.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.h"

namespace gocount {

// Per vertex, 1 where the stone belongs to a pass-alive chain.
std::vector<uint8_t> pass_alive(const Board& board);
// The same into `alive`, whose storage is kept (no heap once warm).
void pass_alive(const Board& board, std::vector<uint8_t>& alive);

}  // namespace gocount
