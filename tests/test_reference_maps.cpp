// Others' reference maps of finished positions (../shared/data; skipped when
// absent), against gocount's classification.
//
// - goscorer (lightvector, MIT): Japanese-style territory maps for 91 boards
//   with the players' dead stones marked. Where we disagree, the test checks
//   that the disagreement is of the kind written down here, so that a new kind
//   shows.
// - OGS goban autoscore (Apache-2.0): the expected owner of every point of 31
//   real end positions after the dead stones are taken off.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "analysis/estimate.h"
#include "count/score.h"
#include "diagram/diagram.h"

namespace gocount {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> section(const std::string& text, const std::string& name) {
  std::vector<std::string> rows;
  size_t p = text.find(name + ":\n");
  if (p == std::string::npos) return rows;
  std::istringstream in(text.substr(p + name.size() + 2));
  std::string line;
  while (std::getline(in, line) && !line.empty() && line.find(':') == std::string::npos) rows.push_back(line);
  return rows;
}

Scored score_rows(const std::vector<std::string>& rows, const char* rules) {
  std::string diagram;
  for (const std::string& r : rows) {
    for (char c : r) diagram += c == 'x' ? 'X' : c == 'o' ? 'O' : c == 'b' ? 'x' : c == 'w' ? 'o' : '.';
    diagram += '\n';
  }
  ScoreRequest req;
  req.rules = find_rules(rules);
  req.estimate = EstimateMode::kOff;  // the reference's own dead stones, nothing more
  return score_game(from_diagram(parse_diagram(diagram)), req);
}

// goscorer leaves out territory in the cases below, and gocount counts it:
// goscorer judges each group's life by the shape of its eye space and treats a
// group it finds unable to make two eyes as if in seki (no territory around
// it), and it leaves out false eyes that it expects will need filling. gocount
// takes every stone not marked dead as alive and a region enclosed by one
// colour as that colour's, unless filling the dame shows a seki or forces a
// teire. In every one of these boards gocount counts more, never less.
const std::set<std::string> kGoscorerCountsLess = {
    "test_7pteyes.txt", "test_7pteyes_2.txt", "test_8pteyes.txt", 
    "test_basic_sekis_marked_dead.txt", "test_belly_eye2.txt",
    "test_cross_nopoke.txt", "test_cross_poke.txt", "test_cross_poke_deeper.txt",
    "test_double_ko.txt", "test_double_ko2.txt",
    "test_false_eye_multicycles1.txt", "test_false_eye_multicycles2.txt",
    "test_false_eyes_2.txt",
    "test_false_eyes_chain.txt", "test_false_eyes_chain_bamboo.txt", "test_false_eyes_chain_big_false_eye.txt",
    "test_false_eyes_chain_big_false_eye_aliveend.txt", "test_false_eyes_chain_loose_eye_2.txt",
    "test_hanezeki2.txt", "test_lgroups_and_rectanglelikes.txt", "test_lgroups_and_rectanglelikes2.txt",
    "test_lgroups_and_rectanglelikes3.txt", "test_lgroups_and_rectanglelikes4.txt",
    "test_lgroups_and_rectanglelikes5.txt", "test_lgroups_and_rectanglelikes6.txt",
    "test_live_in_a_row_with_hane.txt", "test_live_in_a_row_with_hane_throwin.txt",
    "test_live_in_a_row_with_hane_throwin_poke.txt", "test_more_fancy_sekis.txt",
    "test_narrow_board5.txt", "test_narrow_board9.txt", "test_side_bamboo_cut.txt",
    "test_three_point_false_eye.txt", "test_three_point_false_eye_cycle.txt", "test_three_way_pokes.txt",
    "test_throwin_false_eye_chains.txt", "test_two_point_eye_falsity.txt", "test_various_eyefillings.txt",
    "test_various_eyefillings2.txt", "test_various_eyefillings2b.txt", "test_various_eyefillings2c.txt",
    "test_various_eyefillings3.txt", "test_various_eyefillings4.txt", "test_various_eyefillings5.txt",
};

// Where gocount counts less than goscorer: its filling finds points nobody can
// fill and calls the groups around them a seki, while goscorer sees a group
// that can still make a second eye.
const std::map<std::string, std::string> kGocountCountsLess = {
    {"test_cross_noseal.txt",
     "the black cross has one eye (E7) and its other liberties face White; with the centre unsealed goscorer "
     "counts E7 as territory, gocount finds a seki"},
    {"test_no_bamboo_interleave_seki_broken.txt",
     "the broken bamboo leaves White's two inner points beside a group gocount finds in seki; goscorer finds it "
     "living and counts them"},
};

TEST(ReferenceMaps, GoscorerTerritory) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "goscorer-tests" / "expected_test_output";
  if (!fs::exists(dir)) GTEST_SKIP() << dir << " is absent";
  int agree = 0, total = 0;
  std::set<std::string> seen_more, seen_less;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const std::string text = slurp(entry.path());
    const auto board = section(text, "BOARD"), want = section(text, "TERRITORY");
    ASSERT_FALSE(board.empty()) << name;
    const Scored s = score_rows(board, "japanese");
    const Board& b = s.tally.board;
    int more = 0, less = 0;
    for (int y = 0; y < b.height(); ++y)
      for (int x = 0; x < b.width(); ++x) {
        const Vertex v = b.vertex(x, y);
        const bool ours = s.tally.classes.cls[v] == PointClass::kTerritory;
        const char w = want[y][x];
        const bool theirs = w == 'z' || w == 'a';
        if (ours && theirs) {
          const char mine = s.tally.classes.owner[v] == Color::kBlack ? 'z' : 'a';
          EXPECT_EQ(mine, w) << name << " at " << to_gtp(b, v) << ": territory of the other colour";
        }
        more += ours && !theirs;
        less += theirs && !ours;
      }
    ++total;
    if (!more && !less) {
      ++agree;
      EXPECT_FALSE(kGoscorerCountsLess.count(name) || kGocountCountsLess.count(name))
          << name << " now agrees: take it off the list";
      continue;
    }
    if (less) {
      EXPECT_TRUE(kGocountCountsLess.count(name)) << name << ": gocount leaves out " << less << " points goscorer counts";
      seen_less.insert(name);
    } else {
      EXPECT_TRUE(kGoscorerCountsLess.count(name)) << name << ": gocount counts " << more << " points goscorer does not";
      seen_more.insert(name);
    }
  }
  EXPECT_EQ(total, 91);
  EXPECT_GE(agree, 44);
  std::cout << "goscorer boards: " << agree << " of " << total << " territory maps identical, " << seen_more.size()
            << " where goscorer leaves out more, " << seen_less.size() << " where gocount does\n";
}

TEST(ReferenceMaps, OgsAutoscoreOwnership) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "ogs-goban-autoscore" / "autoscore_test_files";
  if (!fs::exists(dir)) GTEST_SKIP() << dir << " is absent";
  int files = 0, points = 0, agree = 0, identical = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto j = nlohmann::json::parse(slurp(entry.path()));
    std::vector<std::string> board, owner;
    for (const auto& r : j.at("board")) board.push_back(r.get<std::string>());
    for (const auto& r : j.at("correct_ownership")) owner.push_back(r.get<std::string>());
    // Dead stones: stones whose expected owner is not their own colour.
    std::vector<std::string> rows;
    for (size_t y = 0; y < board.size(); ++y) {
      std::string row;
      for (size_t x = 0; x < board[y].size(); ++x) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(board[y][x])));
        const char o = owner[y][x];
        if (c == 'b') row += o == 'B' || o == '*' ? 'x' : 'b';
        else if (c == 'w') row += o == 'W' || o == '*' ? 'o' : 'w';
        else row += '.';
      }
      rows.push_back(row);
    }
    const std::string rules = j.contains("rules") ? j.at("rules").get<std::string>() : "chinese";
    const Scored s = score_rows(rows, find_rules(rules) ? rules.c_str() : "chinese");
    const Board& b = s.tally.board;
    bool same = true;
    for (int y = 0; y < b.height(); ++y)
      for (int x = 0; x < b.width(); ++x) {
        const char o = owner[y][x];
        if (o == '*') continue;
        const Vertex v = b.vertex(x, y);
        const Color ours = s.tally.owner[v] != Color::kEmpty || b.at(v) == Color::kEmpty ? s.tally.owner[v] : b.at(v);
        const char mine = ours == Color::kBlack ? 'B' : ours == Color::kWhite ? 'W' : ' ';
        const char theirs = o == 's' ? ' ' : o;  // a dame still to be sealed counts for nobody
        ++points;
        if (mine == theirs) ++agree;
        else same = false;
      }
    identical += same;
    ++files;
  }
  EXPECT_EQ(files, 31);
  // Pinned; raise, never lower. The one position that differs is
  // game_seki_64848549 (Japanese rules): OGS's map leaves to nobody the
  // corner areas next to its big seki (L19-N19 with the dead white stones in
  // them, T19, S4-T4 for Black; S12-T12 and A9 for White), as if the groups
  // around them were part of the seki; gocount's filling finds those groups
  // with a second eye or an area of their own and gives them the points.
  EXPECT_GE(identical, 30);
  EXPECT_GE(agree, 6541);
  std::cout << "OGS autoscore positions: " << identical << " of " << files << " identical, " << agree << " of "
            << points << " points agree\n";
}

// OGS's dead-stone remover fixtures (MIT): 54 positions with the stones the
// players removed. gocount --estimate must agree point for point on at least
// as many as it did when this was written (OGS's own estimator: 48).
TEST(ReferenceMaps, OgsScoreEstimatorDeadStones) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "ogs-score-estimator" / "test_games";
  if (!fs::exists(dir)) GTEST_SKIP() << dir << " is absent";
  int agree = 0, total = 0;
  for (const auto& sub : fs::directory_iterator(dir)) {
    for (const auto& entry : fs::directory_iterator(sub.path())) {
      std::istringstream in(slurp(entry.path()));
      std::string line;
      int w = 0, h = 0;
      std::vector<std::vector<int>> stones, removed;
      bool second = false;
      while (std::getline(in, line)) {
        if (line.rfind("height", 0) == 0) h = std::stoi(line.substr(7));
        else if (line.rfind("width", 0) == 0) w = std::stoi(line.substr(6));
        else if (line.empty()) second = !stones.empty();
        else if (line[0] != '#' && line.rfind("player", 0) != 0) {
          std::istringstream row(line);
          std::vector<int> cells;
          int v;
          while (row >> v) cells.push_back(v);
          (second ? removed : stones).push_back(cells);
        }
      }
      ASSERT_EQ(static_cast<int>(stones.size()), h) << entry.path();
      Board b(w, h);
      std::vector<Vertex> black, white;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          if (stones[y][x] == 1) black.push_back(b.vertex(x, y));
          if (stones[y][x] == -1) white.push_back(b.vertex(x, y));
        }
      b.set_many(black.begin(), black.end(), Color::kBlack);
      b.set_many(white.begin(), white.end(), Color::kWhite);
      const Estimate e = estimate(b, {});
      std::vector<uint8_t> dead(b.padded_size(), 0);
      for (Vertex v : e.dead) dead[v] = 1;
      bool same = true;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          if (stones[y][x] != 0 && (removed[y][x] == 1) != (dead[b.vertex(x, y)] == 1)) same = false;
      agree += same;
      ++total;
    }
  }
  EXPECT_EQ(total, 54);
  EXPECT_GE(agree, 53);
  std::cout << "OGS estimator positions: " << agree << " of " << total << " agree point for point\n";
}

}  // namespace
}  // namespace gocount
