#include "count/score.h"

namespace gocount {

std::string_view source_name(Source s) {
  switch (s) {
    case Source::kRecord: return "record";
    case Source::kOption: return "option";
    case Source::kDefault: return "default";
  }
  return "?";
}

const Rules& rules_for(std::string_view record_rules, const Rules* forced, Source* source) {
  Source src = Source::kDefault;
  const Rules* r = &default_rules();
  if (forced) {
    r = forced;
    src = Source::kOption;
  } else if (const Rules* rec = find_rules(record_rules)) {
    r = rec;
    src = Source::kRecord;
  }
  if (source) *source = src;
  return *r;
}

Scored score_game(const Game& game, const ScoreRequest& request) {
  Scored s;
  s.rules = &rules_for(game.rules, request.rules, &s.rules_source);
  s.handicap = game.handicap;
  if (request.komi) {
    s.komi = *request.komi;
    s.komi_source = Source::kOption;
  } else if (game.komi) {
    s.komi = *game.komi;
    s.komi_source = Source::kRecord;
  } else {
    s.komi = default_komi(*s.rules, s.handicap);
  }

  std::vector<Vertex> dead;
  if (request.dead) {
    for (const std::string& text : *request.dead) {
      const Vertex v = parse_point(game.board, text);
      if (v == kNoVertex)
        throw DeadStoneError("dead stone '" + text + "' is not a point of this " + std::to_string(game.board.width()) +
                             "x" + std::to_string(game.board.height()) + " board");
      dead.push_back(v);
    }
  } else {
    dead = game.marked_dead;
  }
  s.tally = tally(game, dead);
  s.count = count_by_rules({s.tally, *s.rules, s.komi, s.handicap});
  return s;
}

}  // namespace gocount
