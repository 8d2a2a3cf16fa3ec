// libFuzzer target: arbitrary bytes through everything `gocount score` does
// with an input before reporting: GameSource (SGF reader or diagram reader,
// then replay) and score_game with the default request. Nothing may crash,
// hang, leak or trip ASan/UBSan; errors must come back as SourceItem::error or
// as the exceptions the API documents.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "count/score.h"
#include "game/source.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gocount;
  // A view of libFuzzer's own buffer (no copy, no terminating NUL), so that
  // ASan sees any read past the end of the input.
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  GameSource source(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
  const ScoreRequest request;
  SourceItem item;
  while (source.next(item)) {
    if (!item.game) continue;
    try {
      const Scored scored = score_game(*item.game, request);
      // Use the result so that nothing is optimised away.
      volatile int stones = scored.tally.side[0].stones;
      (void)stones;
    } catch (const DeadStoneError&) {
      // documented: a record's dead-stone mark that names no stone
    }
  }
  return 0;
}
