// The hand-checked end positions of tests/data/judgement/ (bench/POSITIONS.md),
// read for test_judgement and bench_positions: the diagram, and its comment
// lines "# kind: race", "# dead: C3 D4" (one stone per dead chain, or
// "none"), "# seki: E5".
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "game/game.h"

namespace gocount::judgement {

struct Position {
  std::string name, kind;
  Game game;
  std::vector<std::string> dead, seki;  // one stone per chain, as written
  bool has_seki = false;
};

// The words after "# key:" on a comment line ("none" is no words).
inline bool comment_list(const std::string& line, const std::string& key, std::vector<std::string>& out) {
  const std::string head = "# " + key + ":";
  if (line.rfind(head, 0) != 0) return false;
  std::istringstream in(line.substr(head.size()));
  for (std::string w; in >> w;)
    if (w != "none") out.push_back(w);
  return true;
}

// Every position of `dir`, by name.
inline std::vector<Position> load_positions(const std::filesystem::path& dir) {
  std::vector<Position> out;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    std::ifstream file(entry.path(), std::ios::binary);
    std::stringstream in;
    in << file.rdbuf();
    Position p;
    p.name = entry.path().stem().string();
    p.game = from_diagram(parse_diagram(in.str()));
    std::vector<std::string> kind;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      comment_list(line, "kind", kind);
      comment_list(line, "dead", p.dead);
      p.has_seki |= comment_list(line, "seki", p.seki);
    }
    p.kind = kind.empty() ? "" : kind.front();
    out.push_back(std::move(p));
  }
  std::sort(out.begin(), out.end(), [](const Position& a, const Position& b) { return a.name < b.name; });
  return out;
}

}  // namespace gocount::judgement
