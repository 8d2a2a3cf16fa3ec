// libFuzzer target (the parsers alone are fuzz_parse's): arbitrary bytes
// through everything `gocount score` and
// `gocount compare` do with an input: GameSource (SGF reader or diagram
// reader, then replay), score_game with every counting method for both sides,
// compare_rules, and every report (text, JSON, diagram, SVG). Nothing may crash,
// hang, leak or trip ASan/UBSan; errors must come back as SourceItem::error or
// as the exceptions the API documents.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "count/compare.h"
#include "count/score.h"
#include "game/source.h"
#include "report/report.h"
#include "report/svg.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gocount;
  // A view of libFuzzer's own buffer (no copy, no terminating NUL), so that
  // ASan sees any read past the end of the input.
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  GameSource source(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
  ScoreRequest request;
  request.estimate = EstimateMode::kOff;  // the estimator runs below, on boards it can afford
  request.methods = {"all"};
  request.sides = {Color::kBlack, Color::kWhite};
  SourceItem item;
  while (source.next(item)) {
    if (!item.game) continue;
    try {
      const Scored scored = score_game(*item.game, request);
      const GameLabel label{"fuzz", item.index};
      // Use the results so that nothing is optimised away.
      volatile size_t n = score_text(*item.game, scored, label).size() +
                          score_json(*item.game, scored, label).size() +
                          classified_diagram(scored.tally).size() + score_svg(*item.game, scored).size() +
                          score_step_svgs(*item.game, scored).size();
      const Comparison c = compare_rules(*item.game, request);
      n = n + comparison_text(c, label).size();
      if (item.game->board.area() <= 361) {  // the estimator too, on boards up to 19x19
        ScoreRequest est;
        est.estimate = EstimateMode::kOn;
        const Scored e = score_game(*item.game, est);
        n = n + score_text(*item.game, e, label).size();
      }
      (void)n;
    } catch (const std::invalid_argument&) {
      // documented: a record's dead-stone mark that names no stone, or a
      // method that does not count what the record's rules count
    }
  }
  return 0;
}
