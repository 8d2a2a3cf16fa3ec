// gocount: count a finished game of Go under each rule set, showing the work.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "count/score.h"
#include "game/source.h"
#include "report/report.h"
#include "rules/rules.h"

namespace {

using namespace gocount;

// Reads a whole file ("-" is standard input). Returns false with a message.
bool read_input(const std::string& path, std::string& out, std::string& error) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    out = ss.str();
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open file";
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) {
    error = "cannot read file";
    return false;
  }
  out = ss.str();
  return true;
}

std::vector<std::string> split_points(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& a : args) {
    std::string cur;
    for (char c : a) {
      if (c == ',' || c == ' ' || c == '\t' || c == '\n') {
        if (!cur.empty()) out.push_back(std::move(cur));
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
  }
  return out;
}

std::string rule_names() {
  std::string s;
  for (const Rules& r : rule_presets()) s += (s.empty() ? "" : ", ") + std::string(r.name);
  return s;
}

std::string dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

struct ScoreArgs {
  std::vector<std::string> files;
  std::string rules;
  std::optional<double> komi;
  std::vector<std::string> dead;
  std::string format = "text";
};

int run_score(const ScoreArgs& args) {
  ScoreRequest request;
  if (!args.rules.empty()) {
    request.rules = find_rules(args.rules);
    if (!request.rules) {
      std::cerr << "gocount: unknown rules '" << args.rules << "' (known: " << rule_names() << ")\n";
      return 2;
    }
  }
  request.komi = args.komi;
  if (!args.dead.empty()) request.dead = split_points(args.dead);
  const bool json = args.format == "json";

  std::vector<std::string> files = args.files;
  if (files.empty()) files.push_back("-");
  int failures = 0;
  bool first_text = true;
  for (const std::string& file : files) {
    const std::string name = file == "-" ? "<stdin>" : file;
    std::string text, error;
    if (!read_input(file, text, error)) {
      std::cerr << "gocount: " << name << ": " << error << "\n";
      if (json) std::cout << dump({{"file", name}, {"error", error}}) << "\n";
      ++failures;
      continue;
    }
    GameSource source(text, [&](std::string_view ru) { return rules_for(ru, request.rules).suicide; });
    SourceItem item;
    while (source.next(item)) {
      const GameLabel label{name, item.index};
      std::string message = item.error;
      if (item.game) {
        try {
          const Scored scored = score_game(*item.game, request);
          if (json) {
            std::cout << dump(score_json(*item.game, scored, label)) << "\n";
          } else {
            std::cout << (first_text ? "" : "\n") << score_text(*item.game, scored, label);
            first_text = false;
          }
          continue;
        } catch (const DeadStoneError& e) {
          message = e.what();
        }
      }
      std::cerr << "gocount: " << name << ": game " << item.index << ": " << message << "\n";
      if (json) std::cout << dump(error_json(label, message)) << "\n";
      ++failures;
    }
    std::cout.flush();
  }
  return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"gocount: count a finished game of Go under each rule set, step by step"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("gocount 0.1"));

  ScoreArgs score;
  CLI::App* sc = app.add_subcommand("score", "Score finished games (SGF records or text diagrams)");
  sc->add_option("files", score.files, "SGF files (collections allowed) or text diagrams; - or none for stdin");
  sc->add_option("--rules", score.rules, "Rule set: " + rule_names() + " (default: the record's RU, else chinese)");
  sc->add_option("--komi", score.komi, "Komi (default: the record's KM, else the rules' default)");
  sc->add_option("--dead", score.dead,
                 "Dead stones: points in GTP (D4) or SGF (dd) form, separated by spaces or commas; one stone "
                 "names its whole chain; replaces the record's TB/TW marks; repeatable")
      ->allow_extra_args(false);
  sc->add_option("--format", score.format, "Output: text or json (one object per game per line)")
      ->check(CLI::IsMember({"text", "json"}));

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "gocount: " << e.what() << " (see gocount --help)\n";
    return 2;
  }
  if (sc->parsed()) return run_score(score);
  return 2;
}
