// Real game records from ../shared/data (written by others, not part of this
// repository): their recorded results must be reproduced. The tests skip when
// the data folder is absent.
//
// - OGS 9x9 games played out to the end (index.csv, matches_under_own_rules=1)
//   under the rules they were played with (Chinese, Japanese, Korean, AGA, New
//   Zealand, GOE/Ing): every game is reproduced exactly, except the records
//   listed in kOgsExceptions with the reason.
// - KGS 19x19 games whose last node marks territory with TB/TW (dead stones are
//   the stones under the opponent's marks): every game is reproduced exactly,
//   or differs only by the empty points where KGS's marks and our
//   classification disagree; their number is pinned so that a regression
//   shows.
// - Fuego's static scores (fuego-regression, tst/scoring_static.tst): the
//   positions where area and territory counting part, move by move.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "analysis/benson.h"
#include "count/compare.h"
#include "count/score.h"
#include "game/source.h"
#include "report/report.h"
#include "report/words.h"

namespace gocount {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// index.csv rows as column-name -> value maps (no quoted fields in these files).
std::vector<std::map<std::string, std::string>> read_csv(const fs::path& p) {
  std::istringstream in(read_file(p));
  std::string line;
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
  auto split = [](std::string s) {
    if (!s.empty() && s.back() == '\r') s.pop_back();
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string cell;
    while (std::getline(ss, cell, ',')) out.push_back(cell);
    if (!s.empty() && s.back() == ',') out.emplace_back();
    return out;
  };
  std::getline(in, line);
  header = split(line);
  while (std::getline(in, line)) {
    const auto cells = split(line);
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

// "B+3.5" -> 3.5, "W+12" -> -12, "0" / "Draw" / "B+0" -> 0 (Black's margin).
double recorded_margin(const std::string& re) { return parse_result(re).value(); }

using Key = std::pair<std::string, int>;  // file, game index in the file

struct Outcome {
  const Game* game;
  const Scored* scored;
  const sgf::GameTree* tree;
};

// Scores every listed game of the collections in `dir`; calls `check` for each.
template <class F>
int score_listed(const fs::path& dir, const std::map<Key, std::string>& wanted, const ScoreRequest& request, F check) {
  std::set<std::string> files;
  for (const auto& [key, re] : wanted) files.insert(key.first);
  int seen = 0;
  for (const std::string& file : files) {
    const std::string text = read_file(dir / file);
    GameSource source(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
    // A second reader over the same text gives the trees (for TB/TW marks).
    sgf::Reader reader(text);
    sgf::GameTree tree;
    SourceItem item;
    while (source.next(item)) {
      bool have_tree = false;
      try {
        have_tree = reader.next(tree);
      } catch (const sgf::Error&) {
      }
      const auto it = wanted.find({file, item.index});
      if (it == wanted.end()) continue;
      ++seen;
      if (!item.game) {
        check(it->first, it->second, std::optional<Outcome>(), item.error);
        continue;
      }
      const Scored scored = score_game(*item.game, request);
      check(it->first, it->second, std::optional<Outcome>(Outcome{&*item.game, &scored, have_tree ? &tree : nullptr}),
            std::string());
    }
  }
  return seen;
}

struct OgsException {
  const char* file;
  int index;
  int implied_compensation;  // points the recorded result gives White for the handicap; -1: not a count issue
  const char* why;
};

// Records whose recorded result is not the Chinese or Japanese count of the
// final position. Checked: each one differs by exactly what `why` says.
constexpr OgsException kOgsExceptions[] = {
    // OGS usually gives White n points for n handicap stones under Chinese
    // rules (576 of the 587 played-out Chinese handicap games here); these
    // records were counted with n-1 or no compensation, which Chinese rules
    // (Mays: n is subtracted for n >= 2) do not give.
    {"chinese-01.sgf", 490, 0, "4 stones, result counted with no compensation"},
    {"chinese-01.sgf", 2225, 0, "2 stones, result counted with no compensation"},
    {"chinese-01.sgf", 3070, 0, "2 stones, result counted with no compensation"},
    {"chinese-01.sgf", 3706, 0, "5 stones, result counted with no compensation"},
    {"chinese-01.sgf", 4340, 1, "2 stones, result counted with n-1"},
    {"chinese-01.sgf", 5129, 1, "2 stones, result counted with n-1"},
    {"chinese-01.sgf", 5162, 0, "2 stones, result counted with no compensation"},
    {"chinese-02.sgf", 2274, 0, "2 stones, result counted with no compensation"},
    {"chinese-03.sgf", 1959, 0, "29 stones, result counted with no compensation"},
    {"chinese-03.sgf", 1966, 2, "3 stones, result counted with n-1"},
    {"chinese-03.sgf", 4261, 1, "2 stones, result counted with n-1"},
    // OGS gives White 1 point for a one-stone handicap too (gocount counts
    // its records so: score.h, server_compensates_one_stone; 421 of the 430
    // one-stone Chinese records outside the test files whose plain count
    // reproduces RE with one compensation or the other); these were counted
    // without it.
    {"chinese-01.sgf", 1932, 0, "1 stone, result counted with no compensation"},
    {"chinese-01.sgf", 3566, 0, "1 stone, result counted with no compensation"},
    {"chinese-02.sgf", 4543, 0, "1 stone, result counted with no compensation"},
    {"chinese-03.sgf", 33, 0, "1 stone, result counted with no compensation"},
    {"chinese-03.sgf", 36, 0, "1 stone, result counted with no compensation"},
    {"chinese-03.sgf", 3510, 0, "1 stone, result counted with no compensation"},
    {"chinese-03.sgf", 3580, 0, "1 stone, result counted with no compensation"},
    {"chinese-03.sgf", 3596, 0, "1 stone, result counted with no compensation"},
    {"chinese-03.sgf", 4019, 0, "1 stone, result counted with no compensation"},
    {"chinese-04.sgf", 3826, 0, "1 stone, result counted with no compensation"},
    {"chinese-04.sgf", 3949, 0, "1 stone, result counted with no compensation"},
    // New Zealand rules give no handicap compensation (the other NZ handicap
    // game here, from 2019, was counted so); this 2014 record gave White n.
    {"nz-01.sgf", 0, 4, "4 stones, result counted with n"},
};

TEST(RealRecords, OgsPlayedOutGamesUnderTheirOwnRules) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "ogs-9x9-teeny-go";
  if (!fs::exists(dir / "index.csv")) GTEST_SKIP() << dir << " is absent";
  std::map<Key, std::string> wanted;
  for (const auto& row : read_csv(dir / "index.csv")) {
    if (row.at("matches_under_own_rules") != "1") continue;
    wanted[{row.at("file"), std::stoi(row.at("index_in_file"))}] = row.at("RE");
  }
  std::map<Key, const OgsException*> exceptions;
  for (const OgsException& e : kOgsExceptions) exceptions[{e.file, e.index}] = &e;

  // Every method of the game's rule set, for both sides; the records' RE is
  // the plain count of the board (the players left no dead stone they did
  // not capture), so no estimate.
  ScoreRequest request;
  request.estimate = EstimateMode::kOff;
  request.methods = {"all"};
  request.sides = {Color::kBlack, Color::kWhite};
  int exact = 0, irregular = 0, seki_counted = 0;
  std::set<Key> excepted_seen;
  const int seen = score_listed(dir, wanted, request, [&](const Key& key, const std::string& re, std::optional<Outcome> o,
                                                 const std::string& error) {
    const auto ex = exceptions.find(key);
    const std::string where = key.first + " game " + std::to_string(key.second);
    if (!o) {
      EXPECT_TRUE(ex != exceptions.end() && ex->second->implied_compensation < 0) << where << ": " << error;
      excepted_seen.insert(key);
      return;
    }
    const double ours = o->scored->count.margin, want = recorded_margin(re);
    // All methods of one rule set agree; the fill-in methods may differ only
    // where the record breaks the alternation the algebra assumes, and say so.
    irregular += !o->scored->algebra.holds;
    for (const Count& c : o->scored->methods) {
      if (c.note.kind == CountNote::Kind::kNone) EXPECT_NEAR(c.margin, ours, 1e-9) << where << ": " << c.method;
      else EXPECT_FALSE(o->scored->algebra.holds) << where << ": " << c.method << ": " << static_cast<int>(c.note.kind);
    }
    if (ours == want) {
      EXPECT_TRUE(ex == exceptions.end()) << where << " is listed as an exception but is reproduced";
      ++exact;
      return;
    }
    if (ex == exceptions.end() && o->scored->rules.scoring == Scoring::kTerritory) {
      // A record of OGS's earlier site (counted by the rules: seki eyes,
      // false eyes and teire left out) that counted every region bordered by
      // one colour as territory, as OGS does since February 2014. The whole
      // difference must be those points.
      EXPECT_FALSE(o->scored->rules.enclosed_territory) << where;
      const Tally& t = o->scored->tally;
      const int seki = (t.black().territory - t.classes.territory[0]) - (t.white().territory - t.classes.territory[1]);
      EXPECT_NE(seki, 0) << where << ": recorded " << re << ", counted " << result_text(ours);
      EXPECT_DOUBLE_EQ(want, ours + seki) << where << ": recorded " << re << ", counted " << result_text(ours);
      ++seki_counted;
      return;
    }
    ASSERT_TRUE(ex != exceptions.end()) << where << ": recorded " << re << ", counted "
                                        << result_text(ours);
    excepted_seen.insert(key);
    // The whole difference is the handicap compensation.
    const int comp = compensation_points(o->scored->rules, o->scored->handicap);
    EXPECT_DOUBLE_EQ(want, ours + comp - ex->second->implied_compensation) << where << ": " << ex->second->why;
  });
  EXPECT_EQ(excepted_seen.size(), std::size(kOgsExceptions));
  EXPECT_EQ(seen, static_cast<int>(wanted.size()));
  EXPECT_GT(exact, 22600);
  EXPECT_LT(seki_counted, 10);  // 499 before OGS's count was gocount's default for its records
  RecordProperty("reproduced", exact);
  std::cout << "OGS played-out games: " << exact << " of " << seen << " reproduced exactly, "
            << excepted_seen.size() << " listed exceptions, " << seki_counted
            << " territory games of OGS's earlier site where OGS counted points in seki or teire as territory; the "
               "algebra holds on all "
               "but "
            << irregular << "\n";
}

// How much Black's margin moves if the record's TB/TW marks, instead of our
// classification, say which empty points (dead stones removed) are whose
// territory; and how many points the two disagree on.
std::pair<int, int> marks_instead_of_ours(const Outcome& o) {
  if (!o.tree) return {0, 0};
  const sgf::GameTree& t = *o.tree;
  const uint32_t last = t.main_line().back();
  const Tally& tally = o.scored->tally;
  const Board& board = tally.board;
  std::vector<Color> mark(board.padded_size(), Color::kEmpty);
  for (const char* id : {"TB", "TW"}) {
    const std::optional<sgf::Property> p = t.find(last, id);
    for (uint32_t k = 0; p && k < p->value_count; ++k) {
      const Vertex v = parse_sgf_point(board, t.value(*p, k));
      if (v != kNoVertex) mark[v] = id[1] == 'B' ? Color::kBlack : Color::kWhite;
    }
  }
  const bool territory_rules = o.scored->rules.seki == SekiPolicy::kNoTerritory;
  int shift = 0, points = 0;
  board.for_each_point([&](Vertex v) {
    if (board.at(v) != Color::kEmpty) return;
    const Color ours = !territory_rules                                  ? tally.owner[v]
                       : tally.classes.cls[v] == PointClass::kTerritory ? tally.classes.owner[v]
                                                                         : Color::kEmpty;
    if (ours == mark[v]) return;
    ++points;
    auto value = [](Color c) { return c == Color::kBlack ? 1 : c == Color::kWhite ? -1 : 0; };
    shift += value(mark[v]) - value(ours);
  });
  return {shift, points};
}

// gocount with no options on the same played-out Chinese and Japanese games:
// nothing is marked, so the estimator runs. Where it removes stones that the
// players left on the board (OGS counted them alive, as the plain count does),
// the record is no longer reproduced, and the check against the record must
// say so and name those stones. Nothing else may change.
TEST(RealRecords, OgsPlayedOutGamesWithTheDefaults) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "ogs-9x9-teeny-go";
  if (!fs::exists(dir / "index.csv")) GTEST_SKIP() << dir << " is absent";
  std::map<Key, std::string> wanted;
  for (const auto& row : read_csv(dir / "index.csv")) {
    const std::string& file = row.at("file");
    if (row.at("matches_under_own_rules") == "1" && (file.starts_with("chinese") || file.starts_with("japanese")))
      wanted[{file, std::stoi(row.at("index_in_file"))}] = row.at("RE");
  }
  ScoreRequest plain;
  plain.estimate = EstimateMode::kOff;
  plain.check_record = false;
  int reproduced = 0, plain_reproduced = 0, left_on_board = 0, with_cause = 0, without_cause = 0;
  score_listed(dir, wanted, {}, [&](const Key& key, const std::string& re, std::optional<Outcome> o,
                                    const std::string&) {
    if (!o) return;  // the malformed records above
    const std::string where = key.first + " game " + std::to_string(key.second);
    const Scored& s = *o->scored;
    ASSERT_EQ(dead_source_name(s.dead_from), "estimate") << where;
    ASSERT_TRUE(s.record.matches) << where;
    const bool now = *s.record.matches;
    const bool before = same_points(score_game(*o->game, plain).count.margin, recorded_margin(re));
    reproduced += now;
    plain_reproduced += before;
    if (now) return;
    (s.record.cause ? with_cause : without_cause) += 1;
    if (!before) return;
    // No longer reproduced: only the estimated dead stones can make it so.
    ++left_on_board;
    ASSERT_TRUE(s.record.cause) << where;
    EXPECT_EQ(s.record.cause->kind, Cause::Kind::kDeadLeftOnBoard) << where << ": " << record_cause_words(o->game->board, *s.record.cause);
    ASSERT_FALSE(s.record.cause->points.empty()) << where;
    EXPECT_NE(record_cause_words(o->game->board, *s.record.cause).find("left on the board"), std::string::npos) << where;
    for (Vertex v : s.record.cause->points)  // stones the estimate removed
      EXPECT_EQ(s.tally.dead[v], static_cast<uint8_t>(o->game->board.at(v))) << where << ": " << to_gtp(s.tally.board, v);
  });
  std::cout << "OGS played-out Chinese and Japanese games, no options: " << reproduced << " of " << wanted.size()
            << " reproduced (" << plain_reproduced << " with --no-estimate); " << left_on_board
            << " no longer reproduced, each naming the dead stones left on the board; of all not reproduced, "
            << with_cause << " with a cause, " << without_cause << " without\n";
  EXPECT_GE(left_on_board, 100);  // the estimate does remove stones the players left
  EXPECT_GE(reproduced, plain_reproduced - left_on_board);
  EXPECT_LE(without_cause, 2);
}

TEST(RealRecords, KgsGamesWithTerritoryMarks) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "kgs-6d-godmoves";
  if (!fs::exists(dir / "index.csv")) GTEST_SKIP() << dir << " is absent";
  std::map<Key, std::string> wanted;
  for (const auto& row : read_csv(dir / "index.csv"))
    if (row.at("has_TB_TW_markup") == "1") wanted[{row.at("file"), std::stoi(row.at("index_in_file"))}] = row.at("RE");

  // The record's result disagrees with its own marks: counting the TB/TW
  // points, the prisoners and the marked dead stones gives B+0.5 under
  // territory and area counting alike, not the recorded B+3.5.
  const Key wrong_record{"kgs-19-2017-02-new.sgf", 59};
  int exact = 0, left_out = 0;
  const int seen = score_listed(dir, wanted, {}, [&](const Key& key, const std::string& re, std::optional<Outcome> o,
                                                     const std::string& error) {
    const std::string where = key.first + " game " + std::to_string(key.second);
    ASSERT_TRUE(o) << where << ": " << error;
    // The defaults take the record's marks as they are: no estimate.
    EXPECT_EQ(dead_source_name(o->scored->dead_from), "marks") << where;
    const double ours = o->scored->count.margin, want = recorded_margin(re);
    if (key == wrong_record) {
      EXPECT_EQ(result_text(ours), "B+0.5") << where;
      return;
    }
    if (ours == want) {
      ++exact;
      return;
    }
    // Not reproduced: the difference must be exactly the points where KGS's
    // marks and our classification disagree (positions KGS scores as seki
    // that our filling finds unsettled, see the README).
    const auto [shift, points] = marks_instead_of_ours(*o);
    EXPECT_GT(points, 0) << where << ": recorded " << re << ", counted " << result_text(ours);
    EXPECT_DOUBLE_EQ(want, ours + shift) << where << ": recorded " << re << ", counted " << result_text(ours);
    ++left_out;
    std::cout << "  " << where << ": recorded " << re << ", counted " << result_text(ours) << "\n";
  });
  EXPECT_EQ(seen, static_cast<int>(wanted.size()));
  EXPECT_EQ(seen, 896);
  // Pinned: raise these (never lower) when seki and teire are told apart.
  EXPECT_GE(exact, 891);
  EXPECT_LE(left_out, 4);
  std::cout << "KGS games with TB/TW marks: " << exact << " of " << seen << " reproduced exactly, " << left_out
            << " differ only by points where the marks and our classification disagree\n";
}

// `compare` takes every difference between rule sets apart into named parts
// that add up, on real positions (sekis, teire, handicaps, passes and moves
// of every kind): nothing is left unexplained, and the paragraph `score`
// prints on the other scoring family adds up too.
// Fuego's regression tests of area against territory scoring (GNU LGPL data,
// no code): one game stepped through its last moves (playing a dame, a move
// inside one's own territory, a pass), each position's static score, no dead
// stones, under Tromp-Taylor and under Japanese rules, as Fuego's developers
// wrote it; a trailing '*' marks those Fuego itself gets wrong. gocount
// gives every one, Fuego's failures included.
TEST(RealRecords, FuegoStaticScoresUnderAreaAndTerritoryRules) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "fuego-regression";
  if (!fs::exists(dir / "tst/scoring_static.tst")) GTEST_SKIP() << dir << " is absent";
  std::istringstream tst(read_file(dir / "tst/scoring_static.tst"));
  const std::regex load(R"(^loadsgf (\S+) (\d+))"), ask(R"(^\d+ static_score (\w+))"), answer(R"(^#\? \[(.*)\]\*?)");
  std::string line, sgf, rules;
  int move = 0, checked = 0;
  std::smatch m;
  while (std::getline(tst, line)) {
    if (std::regex_search(line, m, load)) {
      sgf = m[1], move = std::stoi(m[2]);
    } else if (std::regex_search(line, m, ask)) {
      rules = m[1] == "japanese_score" ? "japanese" : "tromp-taylor";
    } else if (std::regex_search(line, m, answer)) {
      ASSERT_FALSE(rules.empty()) << line;
      const std::string text = read_file(dir / sgf);  // the tree views it
      sgf::Reader reader(text);
      sgf::GameTree tree;
      ASSERT_TRUE(reader.next(tree)) << sgf;
      ReplayOptions at;
      at.moves = move - 1;  // GTP's loadsgf FILE N: the position before move N
      ScoreRequest request;
      request.rules = find_rules(rules);
      request.estimate = EstimateMode::kOff;
      const Scored s = score_game(replay(tree, at), request);
      EXPECT_TRUE(std::regex_match(s.count.result(), std::regex(m[1].str())))
          << sgf << " before move " << move << ", " << rules << ": Fuego's " << m[1] << ", gocount's "
          << s.count.result();
      ++checked;
      rules.clear();
    }
  }
  EXPECT_EQ(checked, 30);  // the file's tests, none missed by this reader
}

// GNU Go's regression tests of unconditional status (GNU GPL data, no code):
// 673 points of 12 positions. On Jean-Pierre Vesinet's four Benson test
// positions (benson_*.sgf) a stone is pass-alive by Benson's algorithm
// exactly where GNU Go calls it alive. On the other eight GNU Go calls more
// stones alive than Benson does: it first captures the opponent's chains
// that can be captured whatever happens (column B of unconditional1.sgf),
// which a pass-alive chain may not count on; but no stone pass-alive here is
// one GNU Go calls dead or undecided.
TEST(RealRecords, GnugoUnconditionalStatusOfStones) {
  const fs::path dir = fs::path(GOCOUNT_SHARED_DATA) / "gnugo-regression";
  if (!fs::exists(dir / "tst/unconditional.tst")) GTEST_SKIP() << dir << " is absent";
  std::istringstream tst(read_file(dir / "tst/unconditional.tst"));
  const std::regex load(R"(^loadsgf (\S+))"), ask(R"(^\d+ unconditional_status (\S+))"), answer(R"(^#\? \[(\w+))");
  std::string line, text, point, file;
  Game game;
  std::vector<uint8_t> alive;
  int stones = 0, benson_alive = 0, gnugo_alive_more = 0;
  std::smatch m;
  while (std::getline(tst, line)) {
    if (std::regex_search(line, m, load)) {
      file = m[1];
      text = read_file(dir / file);
      sgf::Reader reader(text);
      sgf::GameTree tree;
      ASSERT_TRUE(reader.next(tree)) << file;
      game = replay(tree);
      alive = pass_alive(game.board);
    } else if (std::regex_search(line, m, ask)) {
      point = m[1];
    } else if (std::regex_search(line, m, answer) && !point.empty()) {
      const Vertex v = parse_gtp_point(game.board, point);
      ASSERT_NE(v, kNoVertex) << point;
      if (game.board.at(v) == Color::kBlack || game.board.at(v) == Color::kWhite) {
        const bool gnugo_alive = m[1] == "alive";
        ++stones;
        if (file.find("/benson_") != std::string::npos) {
          EXPECT_EQ(alive[v] != 0, gnugo_alive) << file << " " << point << ": GNU Go says " << m[1];
          benson_alive += gnugo_alive;
        } else {
          EXPECT_TRUE(gnugo_alive || !alive[v]) << file << " " << point << ": pass-alive, GNU Go says " << m[1];
          gnugo_alive_more += gnugo_alive && !alive[v];
        }
      }
      point.clear();
    }
  }
  EXPECT_EQ(stones, 321);  // the stones asked about: none missed by this reader
  EXPECT_EQ(benson_alive, 57);
  EXPECT_EQ(gnugo_alive_more, 39);  // alive once the opponent's dead chains are captured
}

TEST(RealRecords, EveryDifferenceBetweenRuleSetsIsNamed) {
  const fs::path kgs = fs::path(GOCOUNT_SHARED_DATA) / "kgs-6d-godmoves", ogs = fs::path(GOCOUNT_SHARED_DATA) / "ogs-9x9-teeny-go";
  if (!fs::exists(kgs / "index.csv") || !fs::exists(ogs / "index.csv")) GTEST_SKIP() << "shared data is absent";
  // KGS games with marks; OGS 9x9 games played out (many sekis, every rule set).
  std::map<Key, std::string> kgs_games, ogs_games;
  for (const auto& row : read_csv(kgs / "index.csv"))
    if (row.at("has_TB_TW_markup") == "1") kgs_games[{row.at("file"), std::stoi(row.at("index_in_file"))}] = row.at("RE");
  for (const auto& row : read_csv(ogs / "index.csv"))
    if (row.at("matches_under_own_rules") == "1") ogs_games[{row.at("file"), std::stoi(row.at("index_in_file"))}] = row.at("RE");
  ScoreRequest request;
  request.estimate = EstimateMode::kOff;  // the marks, or the board as played out
  int games = 0, with_seki_points = 0;
  std::map<Cause::Kind, int> kinds;
  auto check = [&](const Key& key, const std::string&, std::optional<Outcome> o, const std::string&) {
    if (!o) return;
    const std::string where = key.first + " game " + std::to_string(key.second);
    ++games;
    const Comparison c = compare_rules(*o->game, request);
    for (const Difference& d : c.differences) {
      double sum = 0;
      for (const Cause& p : d.parts) {
        sum += p.amount;
        ++kinds[p.kind];
        EXPECT_NE(p.kind, Cause::Kind::kUnexplained) << where << ", " << d.rules << ": " << static_cast<int>(p.kind);
      }
      EXPECT_NEAR(sum, d.amount, 1e-9) << where << ", " << d.rules;
    }
    const auto& other = o->scored->other_scoring;
    ASSERT_TRUE(other) << where;
    double sum = 0;
    for (const Cause& p : other->parts) {
      sum += p.amount;
      with_seki_points += p.kind == Cause::Kind::kPointsCounted && !same_points(p.amount, 0);
      EXPECT_NE(p.kind, Cause::Kind::kUnexplained) << where << ": " << static_cast<int>(p.kind);
    }
    EXPECT_NEAR(sum, other->margin - o->scored->count.margin, 1e-9) << where;
  };
  score_listed(kgs, kgs_games, request, check);
  score_listed(ogs, ogs_games, request, check);
  EXPECT_EQ(games, static_cast<int>(kgs_games.size() + ogs_games.size()));
  EXPECT_GT(kinds[Cause::Kind::kStonesPlaced], 0);
  EXPECT_GT(kinds[Cause::Kind::kHandicapCompensation], 0);
  EXPECT_GT(with_seki_points, 0);  // sekis and teire change the margin in some
  std::cout << "Compared under every rule set: " << games << " games; parts: " << kinds[Cause::Kind::kStonesPlaced]
            << " stones placed, " << kinds[Cause::Kind::kPointsCounted] << " points counted, "
            << kinds[Cause::Kind::kHandicapCompensation] << " compensation, " << kinds[Cause::Kind::kKomi]
            << " komi, " << kinds[Cause::Kind::kSekiPrisoners] << " seki prisoners; " << with_seki_points
            << " games where seki points or teire change the other family's margin\n";
}

}  // namespace
}  // namespace gocount

namespace gocount {
namespace {

// A worker holds one Scored and scores game after game into it (score_game's
// filling form): every game's output is the same as from a fresh Scored, so
// nothing of one game leaks into the next. Real records in turn (KGS 19x19
// with and without marks, OGS 9x9 sekis under every rule set), with and
// without the estimator, every method.
TEST(RealRecords, AHeldScoredCountsEachGameAsAFreshOne) {
  const fs::path data = fs::path(GOCOUNT_SHARED_DATA);
  const fs::path files[] = {data / "kgs-6d-godmoves" / "KGS2002.sgf", data / "ogs-9x9-teeny-go" / "japanese-01.sgf",
                            data / "ogs-9x9-teeny-go" / "chinese-01.sgf", data / "ogs-9x9-teeny-go" / "aga-01.sgf"};
  if (!fs::exists(files[0]) || !fs::exists(files[1])) GTEST_SKIP() << "shared data is absent";
  ScoreRequest off, all, defaults;
  off.estimate = all.estimate = EstimateMode::kOff;
  all.methods = {"all"};
  Scored held;
  int games = 0;
  for (const fs::path& file : files) {
    const std::string text = read_file(file), name = file.filename().string();
    GameSource source(text, [](std::string_view ru) { return rules_for(ru, nullptr).suicide; });
    SourceItem item;
    for (int n = 0; n < 150 && source.next(item); ++n) {
      if (!item.game) continue;
      // The estimator is slow: every tenth game.
      for (const ScoreRequest* r : {&off, &all, n % 10 ? &off : &defaults}) {
        const GameLabel label{name, item.index};
        std::string fresh;
        try {
          fresh = score_json(*item.game, score_game(*item.game, *r), label);
        } catch (const std::invalid_argument&) {
          continue;
        }
        score_game(*item.game, *r, held);
        ASSERT_EQ(score_json(*item.game, held, label), fresh) << file << " game " << item.index;
        ++games;
      }
    }
  }
  EXPECT_GT(games, 1000);
}

// One SourceItem held across records and files, as a worker holds it, reads
// each game as a fresh one: no field left from the game before (warnings,
// notes, marks, the Fox readings, the handicap placed).
TEST(RealRecords, AHeldSourceItemReadsEachGameAsAFreshOne) {
  const fs::path data = fs::path(GOCOUNT_SHARED_DATA);
  std::vector<fs::path> files = {data / "kgs-6d-godmoves" / "KGS2002.sgf", data / "ogs-9x9-teeny-go" / "japanese-01.sgf"};
  if (!fs::exists(files[0]) || !fs::exists(data / "fox-pro-featurecat")) GTEST_SKIP() << "shared data is absent";
  std::vector<fs::path> fox;
  for (const auto& e : fs::recursive_directory_iterator(data / "fox-pro-featurecat"))
    if (e.path().extension() == ".sgf") fox.push_back(e.path());
  std::sort(fox.begin(), fox.end());
  for (size_t i = 0; i < fox.size(); i += 4) files.push_back(fox[i]);  // every fourth: about 300
  const auto suicide = [](std::string_view ru) { return rules_for(ru, nullptr).suicide; };
  ScoreRequest off;
  off.estimate = EstimateMode::kOff;
  SourceItem held;
  int games = 0, noted = 0;
  for (const fs::path& file : files) {
    const std::string text = read_file(file), name = file.filename().string();
    GameSource source(text, suicide), again(text, suicide);
    SourceItem fresh;
    for (int n = 0; n < 200 && source.next(held); ++n) {
      ASSERT_TRUE(again.next(fresh));
      ASSERT_EQ(held.game.has_value(), fresh.game.has_value()) << file << " game " << held.index;
      EXPECT_EQ(held.error, fresh.error);
      EXPECT_EQ(held.record_hash, fresh.record_hash);
      if (!held.game) continue;
      const Game &h = *held.game, &f = *fresh.game;
      EXPECT_EQ(h.warnings, f.warnings) << file << " game " << held.index;
      EXPECT_EQ(h.notes.size(), f.notes.size()) << file << " game " << held.index;
      EXPECT_EQ(h.komi_note.has_value(), f.komi_note.has_value()) << file << " game " << held.index;
      EXPECT_EQ(h.marked_dead, f.marked_dead) << file << " game " << held.index;
      const GameLabel label{name, held.index};
      try {
        ASSERT_EQ(score_json(h, score_game(h, off), label), score_json(f, score_game(f, off), label))
            << file << " game " << held.index;
      } catch (const std::invalid_argument&) {  // DeadStoneError, alike for both
      }
      noted += !h.notes.empty();
      ++games;
    }
  }
  EXPECT_GT(games, 500);
  EXPECT_GT(noted, 0);  // Fox's readings were among them
}

}  // namespace
}  // namespace gocount
