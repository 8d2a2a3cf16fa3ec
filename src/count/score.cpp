#include "count/score.h"

#include <stdexcept>

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

Rules effective_rules(const Rules& preset, const ScoreRequest& request) {
  Rules r = preset;
  if (request.compensation) r.compensation = *request.compensation;
  if (request.tie) r.tie_even = r.tie_handicap = *request.tie;
  return r;
}

std::vector<const MethodInfo*> resolve_methods(const std::vector<std::string>& names, const Rules& rules) {
  std::vector<const MethodInfo*> out;
  for (const std::string& name : names) {
    if (name == "all") {
      for (const MethodInfo& m : methods())
        if (m.applies(rules)) out.push_back(&m);
      continue;
    }
    const MethodInfo* m = find_method(name);
    if (!m) throw std::invalid_argument("unknown method '" + name + "' (known: " + method_names() + ", all)");
    if (!m->applies(rules))
      throw std::invalid_argument(std::string(m->title) + " does not count what " + std::string(rules.name) +
                                  " rules count (" + std::string(scoring_name(rules.scoring)) + ")");
    out.push_back(m);
  }
  return out;
}

std::vector<Count> run_methods(const std::vector<const MethodInfo*>& ms, const CountInput& in,
                               const std::vector<Color>& sides) {
  std::vector<Count> out;
  for (const MethodInfo* m : ms) {
    if (m->needs_position && !in.position)
      throw std::invalid_argument(std::string(m->title) + " needs a position (territory, prisoners, passes), "
                                                          "not only total points");
    if (!m->one_side) {
      out.push_back(m->run(in));
      continue;
    }
    for (Color side : sides) {
      CountInput one = in;
      one.counted = side;
      out.push_back(m->run(one));
    }
  }
  return out;
}

Scored score_game(const Game& game, const ScoreRequest& request) {
  Scored s;
  s.rules = effective_rules(rules_for(game.rules, request.rules, &s.rules_source), request);
  s.handicap = game.handicap;
  if (request.komi) {
    s.komi = *request.komi;
    s.komi_source = Source::kOption;
  } else if (game.komi) {
    s.komi = *game.komi;
    s.komi_source = Source::kRecord;
  } else {
    s.komi = default_komi(s.rules, s.handicap);
  }
  const std::vector<const MethodInfo*> ms = resolve_methods(request.methods, s.rules);

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
  if (!s.rules.remove_dead) dead.clear();  // Tromp-Taylor: the board as it stands
  s.tally = tally(game, dead);
  s.input = count_input(s.tally, s.rules, s.komi, s.handicap, game.last_mover);
  s.input.tie_breaker = request.tie_breaker;
  s.input.setup_excess = game.setup_balance - (game.handicap_set_up ? game.handicap : 0);
  s.count = count_by_rules(s.input);
  s.methods = run_methods(ms, s.input, request.sides);
  s.algebra = algebra(s.tally, s.komi, s.handicap, game.last_mover, s.input.setup_excess);
  return s;
}

}  // namespace gocount
