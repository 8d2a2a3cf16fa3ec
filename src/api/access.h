// The internals behind the public types (include/gocount/), for src/api only.
#pragma once

#include <gocount/position.h>
#include <gocount/rules.h>
#include <gocount/score.h>

#include "count/score.h"
#include "game/game.h"

GOCOUNT_BEGIN_NAMESPACE

struct Position::Impl {
  Game game;
};

struct Result::Impl {
  Game game;  // what the count's JSON and rows name (board, record, moves)
  Scored scored;
};

// The preset `name` names (nullptr for ""): the rules a record is read and
// counted under. Error for a name not known.
const Rules* forced_rules(std::string_view name);
// The request `options` make; Error names a value not known. The one place
// the public options by name become the internal request.
ScoreRequest request_for(const Options& options);
RuleSet rule_set_from(const Rules& r);
// What is wrong with a komi ("komi must be a number from -1000 to 1000"), or
// "": Options::komi's check, and Position::set_komi's.
std::string komi_problem(double komi);

struct Access {
  static const Game& game(const Position& p) { return p.self().game; }
  // A position's game to move out or in, where it has one (not moved from).
  static Game* game_of(Position& p) { return p.impl_ ? &p.impl_->game : nullptr; }
  static const Game& game(const Result& r) { return r.self().game; }
  static const Scored& scored(const Result& r) { return r.self().scored; }
  static Position make(Game game) {
    Position p;
    p.impl_->game = std::move(game);
    return p;
  }
  // `game` scored into `r`, whose storage is used again (score(..., Result&)).
  static void rescore(Result& r, const Game& game, const ScoreRequest& request) {
    if (!r.impl_) r.impl_ = std::make_unique<Result::Impl>();  // moved from
    r.impl_->game = game;
    score_game(game, request, r.impl_->scored);
  }
  static Result make(const Game& game, Scored scored) {
    Result r;
    r.impl_ = std::make_unique<Result::Impl>(Result::Impl{game, std::move(scored)});
    return r;
  }
};

GOCOUNT_END_NAMESPACE
