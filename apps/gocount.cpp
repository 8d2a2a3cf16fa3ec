// gocount: count a finished game of Go under each rule set, showing the work.
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

#include "count/compare.h"
#include "count/options.h"
#include "count/score.h"
#include "game/input.h"
#include "game/source.h"
#include "gtp/engine.h"
#include "report/report.h"
#include "report/svg.h"
#include "rules/rules.h"

namespace {

using namespace gocount;

std::string dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

int usage_error(const std::string& message) {
  std::cerr << "gocount: " << message << "\n";
  return 2;
}

// Number options are read strictly (parse_number): CLI11's own conversion
// takes "nan", "0x9" and " 9", and Range lets nan through.
bool strict_number(std::string_view s, double min, double max, bool whole) {
  return parse_number(s, min, max, whole).has_value();
}

// "--komi: 'nan' is not a number from -1000 to 1000".
CLI::Validator number_in(double min, double max, bool whole = false) {
  const std::string what = fmt::format("{} from {} to {}", whole ? "a whole number" : "a number", min, max);
  return CLI::Validator(
      [=](std::string& s) { return strict_number(s, min, max, whole) ? std::string() : "'" + s + "' is not " + what; },
      what);
}

void add_format_option(CLI::App* app, std::string& format, std::vector<std::string> formats) {
  app->add_option("--format", format, "Output format")->check(CLI::IsMember(formats));
}

constexpr double kMaxKomi = 1000;
constexpr int kMaxSide = 52;

// The options of the subcommands that count, each defined once: a subcommand
// adds the groups it uses and no other, so an option it would ignore is
// refused and its --help lists only its own.
struct CountArgs {
  ScoreOptions o;  // the options by name, turned into a request by the library
  bool estimate = false, no_estimate = false;
  std::string format = "text";

  void add_rules(CLI::App* app) { app->add_option("--rules", o.rules, "Rule set: " + rule_names()); }
  // compare: the columns, each a rule set with overrides of its own.
  std::vector<std::string> columns;
  void add_columns(CLI::App* app) {
    app->add_option("--rules", columns,
                    "Columns, comma-separated (default: every rule set): each a rule set (" + rule_names() +
                        ") with its own overrides as :key=value (compensation, tie, seki-fill, komi), e.g. "
                        "chinese,chinese:compensation=n-1,aga; repeatable")
        ->allow_extra_args(false);
  }
  void add_komi(CLI::App* app, const std::string& help) {
    app->add_option("--komi", o.komi, help)->check(number_in(-kMaxKomi, kMaxKomi));
  }
  // --handicap-compensation and --tie: where the sources disagree.
  void add_overrides(CLI::App* app) {
    app->add_option("--handicap-compensation", o.compensation,
                    "Points White gets for n handicap stones, overriding the rules: n, n-1 or none")
        ->check(CLI::IsMember({"n", "n-1", "none"}));
    app->add_option("--tie", o.tie, "Who wins a tie, overriding the rules: draw, white or black")
        ->check(CLI::IsMember({"draw", "white", "black"}));
  }
  void add_seki_dead_prisoners(CLI::App* app) {
    app->add_flag("--seki-dead-prisoners", o.seki_dead_prisoners,
                  "Territory rules: dead stones inside a seki count as prisoners (the servers' convention) instead "
                  "of being left out (Japanese rules of 1989)");
  }
  void add_seki_fill(CLI::App* app) {
    app->add_option("--seki-fill", o.seki_fill,
                    "Area rules that fill shared liberties: mays (evenly per seki, an odd one left non-scoring; "
                    "default), best-practice (the odd ones of all sekis then taken in turn) or half (half a point "
                    "each per shared liberty)")
        ->check(CLI::IsMember({"mays", "best-practice", "half"}));
  }
  void add_estimate(CLI::App* app) {
    auto* on = app->add_flag("--estimate", estimate,
                             "Also propose the dead stones and seki that the record's marks or --dead leave open "
                             "(without marks the estimator runs anyway)");
    auto* off = app->add_flag("--no-estimate", no_estimate,
                              "Never estimate: only the record's marks, --dead and --alive say which stones are dead");
    on->excludes(off);
  }
  void add_methods(CLI::App* app) {
    app->add_option("--method", o.methods, "Counting methods to show: " + method_names() + " or all; repeatable")
        ->allow_extra_args(false);
    app->add_option("--side", o.side, "Side a one-side method counts: black, white or both")
        ->check(CLI::IsMember({"black", "white", "both"}));
    app->add_option("--adjust", o.adjust,
                    "Full counting: komi and handicap taken off Black's total points, as Mays prints them (black, "
                    "default), or added to White's (white)")
        ->check(CLI::IsMember({"black", "white"}));
    app->add_flag("--no-tie-breaker", o.no_tie_breaker,
                  "Simplified half counting without the 0.5 tie-breaker (White wins ties; the margin may be off by "
                  "0.5)");
  }
  void add_format(CLI::App* app, std::vector<std::string> formats = {"text", "json"}) {
    add_format_option(app, format, std::move(formats));
  }

  // The options by name, --estimate and --no-estimate folded in.
  ScoreOptions options() const {
    ScoreOptions with = o;
    with.estimate = estimate ? "on" : no_estimate ? "off" : "auto";
    return with;
  }
  // Fills `r` from these options; returns an error message or "".
  std::string apply(ScoreRequest& r) const { return apply_options(options(), r); }
};

struct InputArgs {
  std::vector<std::string> files;
  std::vector<std::string> dead, alive;
  std::optional<int> game, move;
  void add(CLI::App* app) {
    app->add_option("files", files, "SGF files (collections allowed) or text diagrams; - or none for stdin");
    app->add_option("--dead", dead,
                    "Dead stones: points in GTP (D4) or SGF (dd) form, separated by spaces or commas; one stone "
                    "names its whole chain; replaces the record's TB/TW marks; repeatable")
        ->allow_extra_args(false);
    app->add_option("--alive", alive,
                    "Chains that live whatever the record's marks or the estimate say: points as for --dead; "
                    "repeatable")
        ->allow_extra_args(false);
    app->add_option("--game", game, "Only game N of each file (0 is the first, as the output numbers them)")
        ->check(number_in(0, 1e9, true));
    app->add_option("--move", move,
                    "Score the position after move N of the main line (passes count as moves; 0: before the first "
                    "move); the record's marks and result belong to its end and are not used")
        ->check(number_in(0, 1e6, true));
  }
};

// Runs `each` on every game of every file; reports the games that cannot be
// read or counted. Returns the exit status.
template <class F>
int for_each_game(const InputArgs& input, const ScoreRequest& request, bool json, F each) {
  std::vector<std::string> files = input.files;
  if (files.empty()) files.push_back("-");
  int failures = 0;
  for (const std::string& file : files) {
    const std::string name = file == "-" ? "<stdin>" : file;
    Input text;
    if (const std::string error = read_input(file, text); !error.empty()) {
      std::cerr << "gocount: " << name << ": " << error << "\n";
      if (json) std::cout << dump({{"file", name}, {"error", error}}) << "\n";
      ++failures;
      continue;
    }
    GameSource source(text.text(), [&](std::string_view ru) { return rules_for(ru, request.rules).suicide; });
    source.stop_after(input.move);
    SourceItem item;
    int games = 0;
    for (; source.next(item); text.release_before(source.consumed())) {
      ++games;
      if (input.game && item.index != *input.game) continue;
      const GameLabel label{name, item.index};
      std::string message = item.error;
      bool counted = false;
      if (item.game) {
        try {
          each(*item.game, label);
          counted = true;
        } catch (const std::invalid_argument& e) {
          message = e.what();
        }
      }
      if (!counted) {
        std::cerr << "gocount: " << name << ": game " << item.index << ": " << message << "\n";
        if (json) std::cout << dump(error_json(label, message)) << "\n";
        ++failures;
      }
      if (input.game) break;  // the one asked for
    }
    if (input.game && *input.game >= games) {
      const std::string error =
          fmt::format("--game {}: the file has {} game{}", *input.game, games, games == 1 ? "" : "s");
      std::cerr << "gocount: " << name << ": " << error << "\n";
      if (json) std::cout << dump({{"file", name}, {"error", error}}) << "\n";
      ++failures;
    }
    std::cout.flush();
  }
  return failures ? 1 : 0;
}

// score and compare: every game through `make`, printed as JSON lines or text.
template <class Make, class Json, class Text>
int run_games(const InputArgs& input, const CountArgs& args, Make make, Json to_json, Text to_text) {
  ScoreRequest request;
  CountArgs with = args;
  if (!input.dead.empty()) with.o.dead = input.dead;
  with.o.alive = input.alive;
  if (std::string e = with.apply(request); !e.empty()) return usage_error(e);
  const bool json = args.format == "json";
  bool first = true;
  return for_each_game(input, request, json, [&](const Game& game, const GameLabel& label) {
    const auto result = make(game, request);
    if (json) {
      std::cout << dump(to_json(game, result, label)) << "\n";
    } else {
      std::cout << (first ? "" : "\n") << to_text(game, result, label);
      first = false;
    }
  });
}

// --color auto: colour only on a terminal, unless NO_COLOR is set (not empty)
// or TERM is unset or "dumb".
bool use_color(const std::string& when) {
  if (when != "auto") return when == "always";
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) && !(no_color && *no_color) && term && std::string_view(term) != "dumb";
}

int run_score(const InputArgs& input, const CountArgs& args, bool steps, const std::string& color) {
  if (args.format == "svg") {
    CountArgs text = args;
    text.format = "text";
    return run_games(input, text, score_game, score_json, [steps](const Game& g, const Scored& s, const GameLabel&) {
      return score_svg(g, s, steps);
    });
  }
  if (args.format == "diagram") {
    CountArgs text = args;
    text.format = "text";
    const bool colored = use_color(color);
    return run_games(input, text, score_game, score_json, [colored](const Game& g, const Scored& s, const GameLabel& l) {
      return score_text(g, s, l) + "\n" + classified_diagram(s.tally, colored);
    });
  }
  return run_games(input, args, score_game, score_json, score_text);
}

int run_compare(const InputArgs& input, const CountArgs& args) {
  std::vector<RuleVariant> columns;
  for (const std::string& spec : split_list(args.columns)) {
    std::string error;
    const std::optional<RuleVariant> v = parse_rule_variant(spec, &error);
    if (!v) return usage_error("--rules: " + error);
    columns.push_back(*v);
  }
  return run_games(
      input, args,
      [&](const Game& game, const ScoreRequest& request) { return compare_rules(game, request, columns); },
      [](const Game&, const Comparison& c, const GameLabel& l) { return comparison_json(c, l); },
      [](const Game&, const Comparison& c, const GameLabel& l) { return comparison_text(c, l); });
}

// The board of tally and keynumbers, given by size.
struct BoardArgs {
  int size = 0, width = 0, height = 0, non_scoring = 0;
  int w = 0, h = 0;  // set by check()

  void add(CLI::App* app) {
    app->add_option("--size", size, "Board size (square)")->check(number_in(1, kMaxSide, true));
    app->add_option("--width", width, "Board width")->check(number_in(1, kMaxSide, true));
    app->add_option("--height", height, "Board height")->check(number_in(1, kMaxSide, true));
    app->add_option("--non-scoring", non_scoring, "Non-scoring points (unfilled dame, odd seki liberty)")
        ->check(number_in(0, kMaxSide * kMaxSide, true));
  }
  int points() const { return w * h; }
  // "--handicap: 82 is more than the board's 81 points", or "".
  std::string on_board(const char* option, int value) const {
    return value > points() ? fmt::format("{}: {} is more than the board's {} points", option, value, points()) : "";
  }
  // Sets w and h (`fallback` for a size not given, 0: none); returns an error
  // message or "".
  std::string check(int fallback = 0) {
    w = width ? width : size ? size : fallback;
    h = height ? height : size ? size : fallback;
    if (!w || !h) return "give the board size: --size N, or --width W --height H";
    return on_board("--non-scoring", non_scoring);
  }
};

struct TallyArgs {
  BoardArgs board;
  std::optional<double> black, white;  // a half point with shared liberties counted half each
  int handicap = 0;
  // Counted apart: vacant territory and stones (area), territory and prisoners (territory rules).
  std::optional<int> territory[2], stones[2], prisoners[2];

  void add(CLI::App* app) {
    board.add(app);
    const CLI::Validator count = number_in(0, kMaxSide * kMaxSide, true);
    for (int s = 0; s < 2; ++s) {
      const std::string side = s ? "white" : "black", who = s ? "White" : "Black";
      app->add_option("--" + side + "-territory", territory[s], who + "'s vacant territory (with --" + side +
                                                                   "-stones under area rules, or --" + side +
                                                                   "-prisoners under territory rules)")
          ->check(count);
      app->add_option("--" + side + "-stones", stones[s], who + "'s stones on the board (area rules)")->check(count);
      app->add_option("--" + side + "-prisoners", prisoners[s],
                      who + "'s prisoners: stones taken in play and dead stones removed (territory rules)")
          ->check(count);
    }
    const CLI::Validator total = number_in(0, kMaxSide * kMaxSide);
    app->add_option("--black", black,
                    "Black's total points (stones + vacant territory + shared liberties filled; may end in .5 when "
                    "shared liberties count half each)")
        ->check(total);
    app->add_option("--white", white, "White's total points (as --black)")->check(total);
    app->add_option("--handicap", handicap, "Handicap stones")->check(number_in(0, kMaxSide * kMaxSide, true));
  }
};

int run_tally(const TallyArgs& t, const CountArgs& args) {
  ScoreRequest request;
  if (std::string e = args.apply(request); !e.empty()) return usage_error(e);
  BoardArgs b = t.board;
  if (std::string e = b.check(19); !e.empty()) return usage_error(e);
  if (std::string e = b.on_board("--handicap", t.handicap); !e.empty()) return usage_error(e);
  const int w = b.w, h = b.h;
  const Rules rules = effective_rules(request.rules ? *request.rules : default_rules(), request);
  const bool territory_rules = rules.scoring == Scoring::kTerritory;
  const bool apart = t.territory[0] || t.territory[1] || t.stones[0] || t.stones[1];
  CountInput in;
  in.rules = rules;
  in.handicap = t.handicap;
  in.komi = request.komi ? *request.komi : default_komi(rules, t.handicap);
  in.board_points = b.points();
  in.non_scoring = b.non_scoring;
  in.tie_breaker = request.tie_breaker;
  in.adjust = request.adjust;
  const int scoring = in.board_points - in.non_scoring;
  double black = 0, white = 0;
  if (territory_rules) {
    // Territory and prisoners, as Japanese counting takes them.
    if (!t.territory[0] || !t.territory[1] || t.black || t.white || t.stones[0] || t.stones[1])
      return usage_error(std::string(rules.name) +
                         " rules count territory and prisoners: give --black-territory and --white-territory (and "
                         "--black-prisoners, --white-prisoners)");
    if (*t.territory[0] + *t.territory[1] > in.board_points)
      return usage_error(fmt::format("territories {} + {} are more than the board's {} points", *t.territory[0],
                                     *t.territory[1], in.board_points));
    for (int s = 0; s < 2; ++s) {
      in.side[s].territory = *t.territory[s];
      in.side[s].captures = t.prisoners[s].value_or(0);
    }
    in.position = true;  // territory and prisoners are known
    black = *t.territory[0];
    white = *t.territory[1];
  } else {
    if (t.prisoners[0] || t.prisoners[1])
      return usage_error(std::string(rules.name) + " rules count area: prisoners do not count (give total points, or "
                                                   "territory and stones)");
    if (apart) {
      // Vacant territory and stones apart, as Mays' total-points tables count them.
      if (!t.territory[0] || !t.territory[1] || !t.stones[0] || !t.stones[1] || t.black || t.white)
        return usage_error("give the territory and the stones of both sides (--black-territory, --black-stones, "
                           "--white-territory, --white-stones), or total points (--black, --white)");
      for (int s = 0; s < 2; ++s) {
        in.side[s].territory = *t.territory[s];
        in.side[s].stones = *t.stones[s];
      }
      black = *t.territory[0] + *t.stones[0];
      white = *t.territory[1] + *t.stones[1];
    } else {
      if (!t.black && !t.white) return usage_error("give --black N and/or --white N total points (stones + territory)");
      for (const std::optional<double>& v : {t.black, t.white})
        if (v && *v * 2 != std::floor(*v * 2))
          return usage_error("total points are whole, or end in .5 (shared liberties counted half each)");
      black = t.black ? *t.black : scoring - *t.white;
      white = t.white ? *t.white : scoring - *t.black;
    }
    if (black < 0 || white < 0 || black + white != scoring)
      return usage_error(fmt::format("total points {} + {} + {} non-scoring do not make the board's {} points",
                                     points_text(black), points_text(white), b.non_scoring, in.board_points));
    in.side[0].total_points = black;
    in.side[1].total_points = white;
  }
  const std::vector<std::string> names = request.methods.empty() ? std::vector<std::string>{"all"} : request.methods;
  const bool all = names.size() == 1 && names[0] == "all";
  std::vector<Count> counts;
  try {
    std::vector<const MethodInfo*> ms;
    for (const MethodInfo* m : resolve_methods(names, rules)) {
      const bool lacks = (m->needs_position && !in.position) || (m->needs_breakdown && !in.side[0].territory);
      if (lacks) {
        if (all) continue;  // a hand count has what was given only
        return usage_error(std::string(m->title) + (m->needs_position
                                                        ? " needs a counted position, not only total points"
                                                        : " needs territory and stones apart (--black-territory, "
                                                          "--black-stones, ...)"));
      }
      ms.push_back(m);
    }
    counts = run_methods(ms, in, request.sides);
  } catch (const std::invalid_argument& e) {
    return usage_error(e.what());
  }
  if (args.format == "json") {
    nlohmann::ordered_json j = {{"rules", rules.name},        {"width", w}, {"height", h},
                                {"komi", json_number(in.komi)}, {"handicap", t.handicap},
                                {"non_scoring", b.non_scoring}};
    if (territory_rules) {
      j["territory"] = {{"black", *in.side[0].territory}, {"white", *in.side[1].territory}};
      j["prisoners"] = {{"black", in.side[0].captures}, {"white", in.side[1].captures}};
    } else {
      j["total_points"] = {{"black", json_number(black)}, {"white", json_number(white)}};
    }
    nlohmann::ordered_json ms = nlohmann::ordered_json::array();
    for (const Count& c : counts) ms.push_back(count_json(c));
    j["methods"] = std::move(ms);
    j["result"] = counts.empty() ? "" : counts.front().result();
    std::cout << dump(j) << "\n";
  } else {
    std::cout << fmt::format("Board {}x{} ({} points); {} rules; komi {}; handicap {}; non-scoring points {}\n", w, h,
                             in.board_points, rules.name, points_text(in.komi), t.handicap, b.non_scoring);
    for (const Count& c : counts) std::cout << "\n" << count_table(c);
  }
  return 0;
}

struct KeyArgs {
  BoardArgs board;
  std::optional<double> tie_breaker;

  void add(CLI::App* app) {
    board.add(app);
    app->add_option("--tie-breaker", tie_breaker, "Komi of no-komi and handicap games (default: the rules')")
        ->check(number_in(-kMaxKomi, kMaxKomi));
  }
};

int run_keynumbers(const KeyArgs& k, const CountArgs& args) {
  ScoreRequest request;
  if (std::string e = args.apply(request); !e.empty()) return usage_error(e);
  BoardArgs b = k.board;
  if (std::string e = b.check(); !e.empty()) return usage_error(e);
  const Rules rules = effective_rules(request.rules ? *request.rules : default_rules(), request);
  const KeyNumberTable table =
      key_number_table(rules, b.points(), b.non_scoring, request.komi ? *request.komi : rules.komi_even,
                       k.tie_breaker ? *k.tie_breaker : rules.komi_handicap);
  if (args.format == "json") std::cout << dump(key_number_json(table)) << "\n";
  else std::cout << key_number_text(table, b.w, b.h);
  return 0;
}

// gocount gtp: GTP on standard input and output until quit or the end of input.
int run_gtp(const CountArgs& args) {
  std::optional<gtp::Engine> engine;
  try {
    engine.emplace(args.options());
  } catch (const std::invalid_argument& e) {
    return usage_error(e.what());
  }
  std::signal(SIGPIPE, SIG_IGN);  // a controller gone: the write fails and the engine ends
  std::ios::sync_with_stdio(false);
  gtp::serve(*engine, std::cin, std::cout);
  return 0;
}

// Where a parse error sends the user: the help of the subcommand it is in.
std::string help_command(CLI::App& app) {
  const std::vector<CLI::App*> parsed = app.get_subcommands();
  return parsed.empty() ? "gocount --help" : "gocount " + parsed.front()->get_name() + " --help";
}

// Edits from a to b, a swap of two neighbours counting as one ("scroe").
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// "unknown command 'scroe' (commands: ...); did you mean score?", or "" for a
// command gocount has. CLI11 alone says only that a subcommand is required.
// The suggestion is a command within two edits, or one the text begins.
std::string unknown_command(CLI::App& app, std::string_view typed) {
  std::string names, nearest;
  size_t best = 3;  // suggest within two edits
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name() == typed) return "";
    names += (names.empty() ? "" : ", ") + sub->get_name();
    const bool prefix = typed.size() >= 2 && sub->get_name().starts_with(typed);
    if (const size_t d = prefix ? 1 : edit_distance(typed, sub->get_name()); d < best) {
      best = d;
      nearest = sub->get_name();
    }
  }
  return fmt::format("unknown command '{}' (commands: {}){}", typed, names,
                     nearest.empty() ? "" : "; did you mean " + nearest + "?");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"gocount: count a finished game of Go under each rule set, step by step"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gocount " + std::string(gtp::kVersion));

  InputArgs score_in;
  CountArgs score_args;
  CLI::App* sc = app.add_subcommand("score", "Score finished games (SGF records or text diagrams)");
  score_in.add(sc);
  score_args.add_rules(sc);
  score_args.add_komi(sc, "Komi (default: the record's KM, else the rules')");
  score_args.add_overrides(sc);
  score_args.add_seki_dead_prisoners(sc);
  score_args.add_seki_fill(sc);
  score_args.add_estimate(sc);
  score_args.add_methods(sc);
  score_args.add_format(sc, {"text", "json", "diagram", "svg"});
  bool svg_steps = false;
  sc->add_flag("--steps", svg_steps, "With --format svg: one picture per counting step");
  std::string color = "auto";
  sc->add_option("--color", color,
                 "With --format diagram: colour the board and its legend: auto (on a terminal, unless NO_COLOR is "
                 "set or TERM is dumb; the default), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));

  InputArgs cmp_in;
  CountArgs cmp_args;
  CLI::App* cmp = app.add_subcommand("compare", "One game under every rule set side by side, differences explained");
  cmp_in.add(cmp);
  cmp_args.add_columns(cmp);
  cmp_args.add_komi(cmp, "Komi (default: the record's KM, else each rule set's default)");
  cmp_args.add_overrides(cmp);
  cmp_args.add_seki_fill(cmp);
  cmp_args.add_estimate(cmp);
  cmp_args.add_format(cmp);

  TallyArgs tally;
  CountArgs tally_args;
  CLI::App* tl = app.add_subcommand("tally", "Count from total points counted by hand (Mays' tables)");
  tally.add(tl);
  tally_args.add_rules(tl);
  tally_args.add_komi(tl, "Komi (default: the rules', the tie-breaker with --handicap 1 or more)");
  tally_args.add_overrides(tl);
  tally_args.add_methods(tl);
  tally_args.add_format(tl);

  KeyArgs keys;
  CountArgs key_args;
  CLI::App* kn = app.add_subcommand("keynumbers", "Mays' Table 8: key numbers for every handicap, both sides");
  keys.add(kn);
  key_args.add_rules(kn);
  key_args.add_komi(kn, "Komi of the even game (default: the rules')");
  key_args.add_overrides(kn);
  key_args.add_format(kn);

  CountArgs gtp_args;
  CLI::App* gt = app.add_subcommand(
      "gtp", "A GTP scoring engine on standard input and output, for Sabaki, GoGui and referees (no genmove)");
  gtp_args.add_rules(gt);
  gtp_args.add_komi(gt, "Komi until the controller sends one (default: the record's after loadsgf, else the rules')");
  gtp_args.add_overrides(gt);
  gtp_args.add_seki_dead_prisoners(gt);
  gtp_args.add_seki_fill(gt);
  gtp_args.add_estimate(gt);

  std::string rules_format = "text";
  CLI::App* rl = app.add_subcommand("rules", "The rule sets and what each one says");
  add_format_option(rl, rules_format, {"text", "json"});

  if (argc > 1 && argv[1][0] != '-')
    if (std::string e = unknown_command(app, argv[1]); !e.empty()) return usage_error(e);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "gocount: " << e.what() << " (see " << help_command(app) << ")\n";
    return 2;
  }
  if (sc->parsed()) return run_score(score_in, score_args, svg_steps, color);
  if (cmp->parsed()) return run_compare(cmp_in, cmp_args);
  if (tl->parsed()) return run_tally(tally, tally_args);
  if (kn->parsed()) return run_keynumbers(keys, key_args);
  if (gt->parsed()) return run_gtp(gtp_args);
  if (rl->parsed()) {
    std::cout << (rules_format == "json" ? dump(rules_json()) + "\n" : rules_text());
    return 0;
  }
  return 2;
}
