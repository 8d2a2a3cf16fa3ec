// The public C++ API (include/gocount/) as a program sees it: linked with
// libgocount.a and given only the public headers (src/ is not on the path).
#include <gocount/gocount.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace {

// 5x5: Black's wall on the c file, White's on the d file, a white stone dead
// at A3 in Black's area. By hand: Chinese, Black 15 points, White 10 + 0.5;
// Japanese, Black 10 territory + 1 prisoner, White 5 + 0.5.
gocount::Position walls() {
  gocount::Position p(5, 5);
  p.place(gocount::Stone::black, "C1 C2 C3 C4 C5");
  p.place(gocount::Stone::white, "D1,D2,D3,D4,D5 A3");
  p.mark_dead("A3");
  p.set_komi(0.5);
  return p;
}

TEST(Api, PositionByHandCountsUnderEachRuleSet) {
  const gocount::Position p = walls();
  EXPECT_EQ(p.at("C3"), gocount::Stone::black);
  EXPECT_EQ(p.at(0, 2), gocount::Stone::white);  // A3: x 0, row 2 from the top
  EXPECT_EQ(p.at("B2"), gocount::Stone::empty);
  const gocount::Result chinese = gocount::score(p, {.rules = "chinese"});
  EXPECT_EQ(chinese.result(), "B+4.5");
  EXPECT_EQ(chinese.black_score(), 15);
  EXPECT_EQ(chinese.white_score(), 10.5);  // komi added
  const gocount::Result japanese = gocount::score(p, {.rules = "japanese"});
  EXPECT_EQ(japanese.result(), "B+5.5");
  EXPECT_EQ(japanese.dead_stones(), std::vector<std::string>{"A3"});
}

TEST(Api, AResultHeldAcrossGamesIsScoredAgainAsNew) {
  gocount::Position stones_only(5, 5);
  stones_only.place(gocount::Stone::black, "C1 C2 C3 C4 C5");
  gocount::Result held = gocount::score(walls(), {.rules = "japanese"});
  // Another position under other rules, then the first again: each as a fresh score writes it.
  // (The request the options make is kept for the next call with the same
  // options: each change, the komi alone too, makes it again.)
  for (const gocount::Options& o : {gocount::Options{.rules = "chinese"}, gocount::Options{.rules = "chinese", .komi = 0.5},
                                    gocount::Options{.rules = "japanese"}}) {
    for (const gocount::Position& p : {stones_only, walls()}) {
      gocount::score(p, o, held);
      EXPECT_EQ(held.json("a.sgf", 1), gocount::score(p, o).json("a.sgf", 1));
      EXPECT_EQ(held.text(), gocount::score(p, o).text());
    }
  }
  EXPECT_THROW(gocount::score(walls(), {.rules = "moon"}, held), gocount::Error);
  gocount::score(walls(), {}, held);  // the options refused leave nothing behind
  EXPECT_EQ(held.json("a.sgf", 1), gocount::score(walls()).json("a.sgf", 1));
}

TEST(Api, JudgeSaysWhoDecided) {
  int dead = 0;
  for (const gocount::Chain& c : gocount::judge(walls()))
    if (c.status == gocount::Status::dead) {
      ++dead;
      EXPECT_EQ(c.stones, std::vector<std::string>{"A3"});
      EXPECT_EQ(c.decided_by, gocount::Decider::marks);
    }
  EXPECT_EQ(dead, 1);
  // --dead replaces the marks: nothing dead, White's A3 stands.
  const gocount::Result r = gocount::score(walls(), {.rules = "chinese", .dead = std::vector<std::string>{}});
  EXPECT_TRUE(r.dead_stones().empty());
}

TEST(Api, TerritoryAndOwnershipAreRowMajor) {
  const gocount::Result r = gocount::score(walls(), {.rules = "chinese"});
  const std::vector<gocount::Stone> t = r.territory();
  ASSERT_EQ(t.size(), 25u);
  EXPECT_EQ(t[2 * 5 + 0], gocount::Stone::black);  // A3, the dead white stone's point
  EXPECT_EQ(t[0 * 5 + 4], gocount::Stone::white);  // E5
  EXPECT_GT(r.ownership()[2 * 5 + 0], 0.5f);
}

TEST(Api, JsonAndCsvNameTheGame) {
  const gocount::Result r = gocount::score(walls(), {.rules = "chinese"});
  const std::string j = r.json("walls.txt", 3);
  EXPECT_NE(j.find("\"file\":\"walls.txt\",\"game\":3"), std::string::npos) << j;
  EXPECT_NE(j.find("\"result\":\"B+4.5\""), std::string::npos);
  EXPECT_EQ(r.csv("walls.txt", 3).rfind("walls.txt,3,", 0), 0u);
  EXPECT_EQ(gocount::csv_header().rfind("file,game,", 0), 0u);
}

// Who played, when and where: the record's PB, PW, DT in the JSON, as
// gocount score gives them; a position set up by hand names nobody.
TEST(Api, JsonNamesTheRecordsPlayers) {
  const gocount::Position p = gocount::read_record("(;SZ[9]KM[7]PB[Honinbo Shusaku]BR[4d]PW[Gennan Inseki]"
                                                   "DT[1846-09-11]EV[Castle game]AB[cc]AW[gg])");
  const std::string j = gocount::score(p, {.rules = "japanese"}).json("ear.sgf");
  for (const char* field : {"\"black_player\":\"Honinbo Shusaku\"", "\"black_rank\":\"4d\"",
                            "\"white_player\":\"Gennan Inseki\"", "\"white_rank\":\"\"",
                            "\"date\":\"1846-09-11\"", "\"event\":\"Castle game\""})
    EXPECT_NE(j.find(field), std::string::npos) << field << " in " << j;
  EXPECT_NE(gocount::score(walls()).json().find("\"black_player\":\"\""), std::string::npos);
}

TEST(Api, ReadsRecordsAndCollectionsLazily) {
  const gocount::Position p = gocount::read_record("(;SZ[9]KM[7]RU[Japanese]AB[cc]AW[gg])");
  EXPECT_EQ(p.width(), 9);
  EXPECT_EQ(p.komi(), 7);
  EXPECT_EQ(p.rules(), "Japanese");
  EXPECT_EQ(p.at("C7"), gocount::Stone::black);
  // Three games, the second broken: it is an entry with its error, the third is still read.
  gocount::Collection c = gocount::Collection::from_text("(;SZ[9]AB[aa])(;SZ[9];B[zz])(;SZ[5]AW[bb])");
  std::vector<int> sizes;
  std::string error;
  for (const gocount::Entry& e : c) {
    if (e.position) sizes.push_back(e.position->width());
    else error = e.error;
  }
  EXPECT_EQ(sizes, (std::vector<int>{9, 5}));
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(gocount::read_record("(;SZ[9])(;SZ[7])", {.game = 1}).width(), 7);
}

// One Entry through a collection: each game read into the storage of the
// one before keeps nothing of it (size, stones, players, result), a broken
// game between them leaves no position, and after the last none is left.
TEST(Api, AnEntryHeldAcrossGamesKeepsNothingOfTheGameBefore) {
  gocount::Collection c = gocount::Collection::from_text(
      "(;SZ[19]PB[Shusaku]RE[B+R]AB[aa][bb][cc];W[dd])(;SZ[9];B[zz])(;SZ[5]AW[bb])(;SZ[19]KM[6.5];B[pd])");
  gocount::Entry e;
  ASSERT_TRUE(c.next(e) && e.position);
  EXPECT_EQ(e.position->width(), 19);
  EXPECT_EQ(e.position->at("A19"), gocount::Stone::black);
  const std::string first_json = gocount::score(*e.position).json();
  EXPECT_NE(first_json.find("Shusaku"), std::string::npos);
  ASSERT_TRUE(c.next(e));
  EXPECT_FALSE(e.position);
  EXPECT_FALSE(e.error.empty());
  ASSERT_TRUE(c.next(e) && e.position);
  EXPECT_EQ(e.position->width(), 5);
  EXPECT_EQ(e.position->at("B4"), gocount::Stone::white);
  ASSERT_TRUE(c.next(e) && e.position);  // into the 5x5 game's storage
  EXPECT_EQ(e.position->width(), 19);
  EXPECT_EQ(e.position->at("A19"), gocount::Stone::empty);
  EXPECT_EQ(e.position->at("Q16"), gocount::Stone::black);
  EXPECT_EQ(e.position->komi(), 6.5);
  const std::string last_json = gocount::score(*e.position).json();
  EXPECT_EQ(last_json.find("Shusaku"), std::string::npos);
  EXPECT_EQ(last_json.find("B+R"), std::string::npos);
  EXPECT_FALSE(c.next(e));
  EXPECT_FALSE(e.position);
}

TEST(Api, BadInputIsOneLineNamingIt) {
  EXPECT_THROW(gocount::check({.rules = "moon"}), gocount::Error);
  try {
    gocount::score(walls(), {.rules = "moon"});
    FAIL();
  } catch (const gocount::Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("unknown rules 'moon'", 0), 0u) << e.what();
  }
  try {
    gocount::read_file("no/such.sgf");
    FAIL();
  } catch (const std::invalid_argument& e) {  // gocount::Error is one
    EXPECT_EQ(std::string(e.what()).rfind("no/such.sgf: cannot read:", 0), 0u) << e.what();
  }
  EXPECT_THROW(gocount::Position(0, 9), gocount::Error);
  gocount::Position p(9, 9);
  EXPECT_THROW(p.place(gocount::Stone::black, "K10"), gocount::Error);
  EXPECT_THROW(p.mark_dead("E5"), gocount::Error);  // no stone there
  EXPECT_THROW(gocount::read_record("(;SZ[9])", {.game = 2}), gocount::Error);
}

TEST(Api, ComparesRuleSetsAndTalliesHandCounts) {
  const gocount::RuleComparison c = gocount::compare(walls(), {}, {"chinese", "japanese"});
  ASSERT_EQ(c.columns.size(), 2u);
  EXPECT_EQ(c.columns[0].result, "B+4.5");
  EXPECT_EQ(c.columns[1].result, "B+5.5");
  // 9x9 by hand: Black 44, White 37, komi 7: B+0.
  const gocount::HandScore h = gocount::tally({.width = 9, .height = 9, .black = 44, .white = 37},
                                              {.rules = "chinese", .komi = 7});
  EXPECT_EQ(h.margin, 0);
  EXPECT_THROW(gocount::tally({.width = 9, .height = 9, .black = 44, .white = 40}, {.rules = "chinese"}),
               gocount::Error);
}

// Mays, Table 17 by AGA rules: counted by territory, the prisoners all
// passed stones, 6 - 3 against 5 - 1 after the fill-in: White by 1, as by
// area (24 against 25). Both counts at once are refused.
TEST(Api, TalliesAgaRulesByTerritory) {
  const gocount::Hand table17{.width = 7, .height = 7, .black_territory = 6, .white_territory = 5,
                              .black_prisoners = 1, .white_prisoners = 3};
  const gocount::HandScore h = gocount::tally(table17, {.rules = "aga", .komi = 0});
  EXPECT_EQ(h.result, "W+1");
  EXPECT_EQ(h.margin, -1);
  EXPECT_NE(h.json.find(R"("territory":{"black":6,"white":5},"prisoners":{"black":1,"white":3})"), std::string::npos)
      << h.json;
  EXPECT_NE(h.text.find("Territory left after the fill-in          3        4"), std::string::npos) << h.text;
  gocount::Hand both = table17;
  both.black = 24;
  both.white = 25;
  try {
    gocount::tally(both, {.rules = "aga", .komi = 0}, gocount::Names::keywords);
    ADD_FAILURE() << "both counts taken";
  } catch (const gocount::Error& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("aga rules count by area or by territory, one count at a time"))
        << e.what();
  }
}

TEST(Api, AGameIsPlayedAndRefusesIllegalMoves) {
  gocount::Position g = gocount::Position::new_game(9, 9);
  EXPECT_EQ(g.play(gocount::Stone::black, "A2"), gocount::Illegal::none);
  EXPECT_EQ(g.play(gocount::Stone::black, "B1"), gocount::Illegal::none);
  EXPECT_EQ(g.play(gocount::Stone::white, "a2"), gocount::Illegal::occupied);
  EXPECT_EQ(g.play(gocount::Stone::white, "A1"), gocount::Illegal::suicide);
  EXPECT_EQ(g.play(gocount::Stone::white, "A1", true), gocount::Illegal::none);  // suicide legal: one stone gone
  EXPECT_EQ(g.at("A1"), gocount::Stone::empty);
  EXPECT_EQ(g.captures(gocount::Stone::black), 1);
  EXPECT_EQ(g.play(gocount::Stone::white, "J10"), gocount::Illegal::off_board);
  EXPECT_EQ(g.play(gocount::Stone::white, "dd"), gocount::Illegal::off_board);  // GTP form only
  EXPECT_EQ(g.play(gocount::Stone::white, "pass"), gocount::Illegal::none);
  EXPECT_EQ(g.moves(), 4);
  EXPECT_EQ(g.gtp_point("e5"), "E5");
  EXPECT_EQ(g.gtp_point("I5"), "");
  EXPECT_EQ(g.chain("A2"), (std::vector<std::string>{"A2"}));
  EXPECT_TRUE(g.chain("E5").empty());
  EXPECT_THROW(g.chain("Z9"), gocount::Error);
  // The ko: retaken at once, refused.
  gocount::Position k = gocount::Position::new_game(9, 9);
  for (const char* m : {"D5", "E5", "C4", "F4", "D3", "E3", "E4"})
    k.play(k.moves() % 2 ? gocount::Stone::white : gocount::Stone::black, m);
  EXPECT_EQ(k.play(gocount::Stone::white, "D4"), gocount::Illegal::none);
  EXPECT_EQ(k.play(gocount::Stone::black, "E4"), gocount::Illegal::ko);
  // A game counts its moves; a position set up by hand does not.
  EXPECT_NE(gocount::score(g).text().find("Moves: 4."), std::string::npos);
  EXPECT_EQ(gocount::score(walls()).text().find("Moves:"), std::string::npos);
}

TEST(Api, HandicapStonesGoOnAnEmptyBoard) {
  gocount::Position g = gocount::Position::new_game(19, 19);
  EXPECT_EQ(g.max_fixed_handicap(), 9);
  EXPECT_EQ(g.place_handicap(4), (std::vector<std::string>{"D4", "Q16", "D16", "Q4"}));
  EXPECT_EQ(g.handicap(), 4);
  EXPECT_THROW(g.place_handicap(2), gocount::Error);  // not empty now
  gocount::Position small = gocount::Position::new_game(8, 8);
  EXPECT_EQ(small.max_fixed_handicap(), 4);
  EXPECT_THROW(small.place_handicap(5), gocount::Error);
  EXPECT_THROW(small.place_handicap(std::vector<std::string>{"C3", "c3"}), gocount::Error);
  EXPECT_EQ(small.place_handicap(std::vector<std::string>{"c3", "ff"}), (std::vector<std::string>{"C3", "F3"}));
}

TEST(Api, RulesAreDataLookedUpByName) {
  const std::optional<gocount::RuleSet> nz = gocount::find_rule_set("New Zealand");
  ASSERT_TRUE(nz);
  EXPECT_EQ(nz->name, "nz");
  EXPECT_TRUE(nz->suicide);
  EXPECT_FALSE(gocount::find_rule_set("moon"));
  EXPECT_NE(gocount::rule_set_names().find("tromp-taylor"), std::string::npos);
  EXPECT_EQ(gocount::rule_set_for({}).name, "chinese");
  EXPECT_THROW(gocount::rule_set_for({.rules = "moon"}), gocount::Error);
  gocount::Position p = walls();
  p.set_rules("Japanese");
  EXPECT_EQ(gocount::rule_set_of(p).name, "japanese");
  EXPECT_EQ(gocount::rule_set_of(p, "aga").name, "aga");  // forced over the record's
  EXPECT_NE(gocount::rule_sets_json().find("\"tromp-taylor\""), std::string::npos);
}

// The rules' JSON lists the options of score each rule set leaves nothing
// to do, with the line score refuses them by (the page greys them from it):
// each one listed is refused with that line, each other one is counted.
TEST(Api, RulesListTheOptionsScoreRefusesUnderThem) {
  const std::vector<std::pair<std::string, gocount::Options>> options = {
      {"handicap-compensation", {.compensation = "n"}},
      {"seki-fill", {.seki_fill = "half"}},
      {"territory", {.territory = "enclosed"}},
      {"seki-dead-prisoners", {.seki_dead_prisoners = true}}};
  const nlohmann::json all = nlohmann::json::parse(gocount::rule_sets_json());
  int refused = 0;
  for (const nlohmann::json& rules : all.at("rules")) {
    const nlohmann::json& unused = rules.at("unused_options");
    for (const auto& [name, option] : options) {
      gocount::Options o = option;
      o.rules = rules.at("name");
      try {
        gocount::score(walls(), o);
        EXPECT_FALSE(unused.contains(name)) << rules["name"] << " " << name;
      } catch (const gocount::Error& e) {
        ASSERT_TRUE(unused.contains(name)) << rules["name"] << " " << name << ": " << e.what();
        EXPECT_EQ(e.what(), unused[name].get<std::string>());
        ++refused;
      }
    }
  }
  // Five area rule sets: territory and seki-dead-prisoners; Japanese and
  // Korean: compensation and seki-fill; Ing and Tromp-Taylor: seki-fill.
  EXPECT_EQ(refused, 16);
}

TEST(Api, KataGoRulesJsonBothWays) {
  const gocount::KataRules j = gocount::read_kata_rules(R"({"scoring":"TERRITORY","ko":"SIMPLE","suicide":false,"komi":6.5})");
  EXPECT_EQ(j.rules.name, "japanese");
  EXPECT_EQ(j.komi, 6.5);
  EXPECT_EQ(gocount::read_kata_rules("tromp-taylor").rules.name, "tromp-taylor");
  // Written as KataGo writes it, and read back to the same rules.
  for (const char* name : {"chinese", "japanese", "aga", "nz", "tromp-taylor"}) {
    const gocount::RuleSet r = *gocount::find_rule_set(name);
    EXPECT_EQ(gocount::read_kata_rules(r.kata_json).rules.name, name) << r.kata_json;
  }
  EXPECT_EQ(gocount::find_rule_set("ing")->kata_json, "");
  try {
    gocount::read_kata_rules("stone-scoring");  // KataGo's, not gocount's
    FAIL();
  } catch (const gocount::Error& e) {
    EXPECT_EQ(std::string(e.what()).substr(0, 30), "unknown rules 'stone-scoring' ");
  }
  EXPECT_THROW(gocount::read_kata_rules(R"({"scoring":"AREA","tax":"ALL"})"), gocount::Error);
  EXPECT_THROW(gocount::read_kata_rules(R"({"komi":"x"})"), gocount::Error);
}

// The record's RE and the cause of a difference, as the CSV's
// recorded_result and difference_cause give them. By hand: Black's wall on
// D-E, White's on F-G, all the stones inside the other's side dead (the
// estimate); Black 27 territory + 3 prisoners, White 18 + 1 (Japanese rules):
// B+11 with komi 0, B+4.5 with komi 6.5.
TEST(Api, TheRecordsResultAndTheCauseOfADifference) {
  const std::string other_komi =
      "(;FF[4]GM[1]SZ[9]KM[0]RU[Japanese]RE[B+4.5]AB[da:ei][hc]AW[fa:gi][bc][bg][cg];B[];W[])";
  const gocount::Result r = gocount::score(gocount::read_record(other_komi));
  EXPECT_EQ(r.result(), "B+11");
  EXPECT_EQ(r.recorded_result(), "B+4.5");
  EXPECT_EQ(r.matches_record(), false);
  EXPECT_EQ(r.difference_cause(), "komi");
  const std::vector<std::string> row = r.row();
  const std::vector<std::string> names = gocount::row_columns();
  auto column = [&](std::string_view name) { return row[std::find(names.begin(), names.end(), name) - names.begin()]; };
  EXPECT_EQ(column("recorded_result"), r.recorded_result());
  EXPECT_EQ(column("difference_cause"), r.difference_cause());
  // The count agrees with RE: no cause; no RE: none either.
  const gocount::Result same = gocount::score(gocount::read_record(other_komi), {.komi = 6.5});
  EXPECT_EQ(same.matches_record(), true);
  EXPECT_EQ(same.difference_cause(), "");
  const gocount::Result none = gocount::score(walls());
  EXPECT_EQ(none.recorded_result(), "");
  EXPECT_EQ(none.matches_record(), std::nullopt);
  EXPECT_EQ(none.difference_cause(), "");
}

// The JSON parser's words without its tag, for serve's bodies and GTP's
// kata-set-rules alike (one function: it was written in each).
TEST(Api, JsonErrorWordsLeaveOutTheParsersTag) {
  EXPECT_EQ(gocount::json_error_words("[json.exception.parse_error.101] parse error at line 1, column 2: syntax error"),
            "parse error at line 1, column 2: syntax error");
  EXPECT_EQ(gocount::json_error_words("[json.exception.type_error.302] type must be string, but is number"),
            "type must be string, but is number");
  for (const char* as_it_is : {"not an object", "[json.exception.no end", "", "x [json.exception.a] b"})
    EXPECT_EQ(gocount::json_error_words(as_it_is), as_it_is);
}

TEST(Api, PicturesMarksAndViewsOfACount) {
  const std::string sgf = "(;GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[];W[])";
  const gocount::Result r = gocount::score(gocount::read_record(sgf));
  EXPECT_TRUE(r.svg().starts_with("<svg") || r.svg().starts_with("<?xml"));
  const std::vector<gocount::StepPicture> steps = r.steps();
  ASSERT_FALSE(steps.empty());
  EXPECT_FALSE(steps.front().name.empty());
  const std::string png = gocount::png(r.svg());
  EXPECT_EQ(png.substr(1, 3), "PNG");
  EXPECT_THROW(gocount::png("not a picture"), gocount::Error);
  // RE is written for a finished game; for one not finished, only the
  // marks and the comment, and why not.
  const std::string walls5 =
      "(;GM[1]SZ[5]KM[7]RU[Chinese];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[])";
  std::string withheld = "?";
  const std::string marked =
      gocount::mark_record(walls5, 0, gocount::score(gocount::read_record(walls5)), false, true, &withheld);
  EXPECT_NE(marked.find("RE[W+7]"), std::string::npos) << marked;
  EXPECT_EQ(withheld, "");
  const std::string open = gocount::mark_record(sgf, 0, r, false, true, &withheld);
  EXPECT_EQ(open.find("RE["), std::string::npos) << open;
  EXPECT_NE(open.find("C[gocount: W+7 under Chinese rules"), std::string::npos) << open;
  EXPECT_EQ(withheld, "the position is not finished (points still need a move)");
  EXPECT_THROW(gocount::mark_record("X.\n.O\n", 0, gocount::score(gocount::read_record("X.\n.O\n"))), gocount::Error);
  const std::string gfx = gocount::score(walls()).gogui(gocount::GoGui::gfx);
  EXPECT_TRUE(gfx.starts_with("BLACK A1 A2 A3 A4 A5 B1")) << gfx;
  EXPECT_NE(gfx.find("\nMARK A3\n"), std::string::npos) << gfx;
  const std::string sboard = r.gogui(gocount::GoGui::sboard);  // a row a line, from the top
  EXPECT_EQ(std::count(sboard.begin(), sboard.end(), '\n'), 9) << sboard;
  EXPECT_NE(gocount::score(gocount::read_record(sgf), {.methods = {"half"}}).method_tables().find("Half"),
            std::string::npos);
}

TEST(Api, MethodsKeyNumbersAndGames) {
  bool half_applies = false, japanese_applies = true;
  for (const gocount::Method& m : gocount::counting_methods({.rules = "chinese"})) {
    if (m.name == "half") half_applies = m.applies;
    if (m.name == "japanese") {
      japanese_applies = m.applies;
      EXPECT_FALSE(m.why.empty());
    }
  }
  EXPECT_TRUE(half_applies);
  EXPECT_FALSE(japanese_applies);
  EXPECT_NE(gocount::key_numbers(19, 19).json.find("\"key_number\""), std::string::npos);
  EXPECT_NE(gocount::key_numbers(9, 9, {.rules = "aga"}).text.find("9x9"), std::string::npos);
  const std::string games = gocount::games_json("(;PB[Ann]SZ[9];B[ee])(;SZ[9];B[zz)");
  EXPECT_NE(games.find("\"PB\":\"Ann\""), std::string::npos) << games;
  EXPECT_NE(games.find("\"game\":1"), std::string::npos) << games;
  // More games than the limit: refused, not cut short without a word.
  EXPECT_NO_THROW(gocount::games_json("(;SZ[9])(;SZ[9])", 2));
  try {
    gocount::games_json("(;SZ[9])(;SZ[9])(;SZ[9])", 2);
    ADD_FAILURE() << "three games listed with a limit of two";
  } catch (const gocount::Error& e) {
    EXPECT_STREQ(e.what(), "more than 2 games: too many to list (gocount score counts an archive)");
  }
  // The listing reads the names as the games are read: a Shift-JIS PB ending
  // in 0x5C (表ソ) no longer swallows KM; UTF-16 is converted too.
  const std::string sjis = gocount::games_json("(;CA[SJIS]SZ[9]PB[\x95\x5C\x83\x5C]KM[0.5];B[ee])");
  EXPECT_NE(sjis.find("\"PB\":\"表ソ\""), std::string::npos) << sjis;
  std::string wide = "\xFF\xFE";
  for (char c : std::string("(;SZ[9]PB[Ann];B[ee])")) wide += std::string{c, '\0'};
  EXPECT_NE(gocount::games_json(wide).find("\"PB\":\"Ann\""), std::string::npos);
  // Marked, a Shift-JIS record stays Shift-JIS, its names as they were.
  const std::string record = "(;CA[SJIS]SZ[9]KM[0.5]PB[\x95\x5C\x83\x5C]AB[da][db][dc][dd][de][df][dg][dh][di]"
                             "AW[ea][eb][ec][ed][ee][ef][eg][eh][ei];B[];W[])";
  const std::string marked = gocount::mark_record(record, 0, gocount::score(gocount::read_record(record)), false, true);
  EXPECT_NE(marked.find("PB[\x95\x5C\x83\x5C]AB[da]"), std::string::npos) << marked;
  EXPECT_NE(marked.find("RE[W+9.5]"), std::string::npos) << marked;
  // And a UTF-16 one UTF-16 (read as raw bytes it had no game to mark).
  std::string wide_record = "\xFF\xFE";
  for (char c : record.substr(0, record.find("PB[")) + record.substr(record.find("AB[")))
    wide_record += std::string{c, '\0'};
  const std::string wide_marked = gocount::mark_record(wide_record, 0, gocount::score(gocount::read_record(wide_record)), false, true);
  EXPECT_TRUE(wide_marked.starts_with("\xFF\xFE(\0;\0"));
  EXPECT_NE(wide_marked.find(std::string("R\0E\0[\0W\0+\0" "9\0.\0" "5\0]\0", 18)), std::string::npos);
  EXPECT_EQ(gocount::format_points(-0.0), "0");
  EXPECT_EQ(gocount::format_points(6.5), "6.5");
  EXPECT_EQ(gocount::read_number("+6.5", -1000, 1000), 6.5);
  EXPECT_FALSE(gocount::read_number("6.5", 0, 10, true));
  EXPECT_EQ(gocount::quote("a\x01" "b"), "a\\x01b");
}

// The text as --brief, --explain and --format diagram write it: the brief
// line is the default text's first; named prefixes the game; the diagram
// and the reasons only add.
TEST(Api, TextTakesTheCommandsDetail) {
  const gocount::Result r = gocount::score(walls(), {.rules = "chinese"});
  const std::string normal = r.text("walls.txt", 3);
  EXPECT_EQ(r.text_as("walls.txt", 3, {}), normal);  // the default: the same text
  const std::string brief = r.text_as("walls.txt", 3, {.brief = true, .explain = true});
  EXPECT_EQ(std::count(brief.begin(), brief.end(), '\n'), 1) << brief;
  EXPECT_EQ(normal.substr(0, brief.size()), brief);
  EXPECT_EQ(r.text_as("walls.txt", 3, {.brief = true, .named = true}), "walls.txt (game 3): " + brief);
  const std::string explain = r.text_as("walls.txt", 3, {.explain = true});
  EXPECT_GT(explain.size(), normal.size());
  std::string held = "kept before ";  // appended to, as a worker holds one string
  r.append_text_as(held, "walls.txt", 3, {.brief = true, .named = true});
  EXPECT_EQ(held, "kept before walls.txt (game 3): " + brief);
  const std::string diagram = r.text_as("walls.txt", 3, {.diagram = true});
  ASSERT_TRUE(diagram.starts_with(normal + "\n")) << diagram;
  EXPECT_EQ(diagram.find('\x1b'), std::string::npos);
  EXPECT_NE(r.text_as("walls.txt", 3, {.diagram = true, .color = true}).find('\x1b'), std::string::npos);
}

// The row's values are the CSV's, column for column, and read back.
TEST(Api, RowValuesAreTheCsvsColumns) {
  const gocount::Result r = gocount::score(walls(), {.rules = "japanese"});
  const std::vector<std::string> names = gocount::row_columns(), row = r.row("walls.txt", 3);
  ASSERT_EQ(row.size(), names.size());
  EXPECT_EQ(gocount::to_csv(row), r.csv("walls.txt", 3));
  EXPECT_EQ(gocount::to_csv(names), gocount::csv_header());
  auto at = [&](const std::vector<std::string>& values, std::string_view name) {
    return values[std::find(names.begin(), names.end(), name) - names.begin()];
  };
  EXPECT_EQ(at(row, "result"), "B+5.5");
  EXPECT_EQ(at(row, "margin"), "5.5");
  EXPECT_EQ(at(row, "dead_stones"), "A3");
  const std::vector<std::string> error = gocount::error_values("a, \"b\".sgf", 2, "h", "line 1,\ncolumn 2: x");
  EXPECT_EQ(at(error, "error"), "line 1,\ncolumn 2: x");
  EXPECT_EQ(at(error, "result"), "");
  EXPECT_EQ(gocount::to_csv(error), gocount::csv_error("a, \"b\".sgf", 2, "h", "line 1,\ncolumn 2: x"));
  std::string line = gocount::to_csv(error);
  line.pop_back();  // the line end
  EXPECT_EQ(gocount::from_csv(line), error);
  EXPECT_EQ(gocount::from_csv("a,\"cut short"), std::nullopt);
}

TEST(Api, ErrorsAndRecordedResultsAsTheCommandWritesThem) {
  EXPECT_EQ(gocount::json_error("a.sgf", 3, "line 2: x"), R"({"file":"a.sgf","game":3,"error":"line 2: x"})");
  EXPECT_EQ(gocount::json_error("a.sgf", std::nullopt, "file is empty"), R"({"file":"a.sgf","error":"file is empty"})");
  EXPECT_EQ(gocount::read_result("B+3.5"), 3.5);
  EXPECT_EQ(gocount::read_result("W+12"), -12);
  EXPECT_EQ(gocount::read_result("Draw"), 0);
  EXPECT_EQ(gocount::read_result("W+R"), std::nullopt);
  EXPECT_EQ(gocount::read_result(""), std::nullopt);
  const std::string rules = gocount::rule_sets_text();
  for (const char* title : {"Chinese", "Japanese", "AGA", "New Zealand", "Tromp-Taylor"})
    EXPECT_NE(rules.find(title), std::string::npos) << title;
}

// A collection written back with each game marked, every byte between the
// games as it was, as the header shows; marking one game's record alone is
// marking it in the whole collection.
TEST(Api, CollectionWrittenBackMarked) {
  const std::string sgf = "junk (;SZ[5]KM[0.5];B[cc];W[];B[])\n\n(;SZ[5];B[zz]) (;SZ[5]KM[0.5];B[bb];W[];B[]) tail";
  gocount::Collection c = gocount::Collection::from_text(sgf);
  EXPECT_EQ(c.text(), sgf);
  std::string out;
  size_t copied = 0;
  int marked = 0;
  for (gocount::Entry e; c.next(e);) {
    if (!e.position) continue;
    const std::string_view record = c.text().substr(e.begin, e.end - e.begin);
    EXPECT_TRUE(record.starts_with("(;") && record.ends_with(")")) << record;
    const gocount::Result r = gocount::score(*e.position);
    const std::string game = gocount::mark_record(record, 0, r);
    EXPECT_TRUE(gocount::mark_record(sgf, e.index, r).ends_with(game));
    out += std::string(c.text().substr(copied, e.begin - copied)) + game;
    copied = e.end;
    ++marked;
  }
  out = c.encode(out + std::string(c.text().substr(copied)));
  EXPECT_EQ(marked, 2);
  EXPECT_TRUE(out.starts_with("junk (;SZ[5]KM[0.5]RE[B+")) << out;
  EXPECT_NE(out.find(")])\n\n(;SZ[5];B[zz]) (;SZ[5]KM[0.5]RE[B+"), std::string::npos) << out;
  EXPECT_TRUE(out.ends_with(")]) tail")) << out;
  std::vector<std::string> results;  // read back: the marked games carry their count
  for (const gocount::Entry& e : gocount::Collection::from_text(out)) results.push_back(e.position ? e.position->result() : "-");
  EXPECT_EQ(results, (std::vector<std::string>{"B+24.5", "-", "B+24.5"}));
}

// The line a call's gocount::Error gives ("" when it throws none): another
// exception, or a crash, fails the test.
std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const gocount::Error& e) {
    const std::string line = e.what();
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
    EXPECT_LE(line.size(), 300u) << line;
    return line;
  }
  return "";
}

TEST(Api, MarkRecordRefusesANegativeGameAndAnotherBoardsCount) {
  const std::string sgf = "(;SZ[9]AB[cc])";
  const gocount::Result r = gocount::score(gocount::read_record(sgf));
  EXPECT_EQ(error_of([&] { gocount::mark_record(sgf, -1, r); }), "game -1 not found: games are counted from 0");
  EXPECT_NE(error_of([&] { gocount::mark_record(sgf, INT_MIN, r); }), "");
  EXPECT_EQ(error_of([&] { gocount::mark_record("(;SZ[19]AB[cc])", 0, r); }),
            "the count is of a 9x9 board, and game 0 of the record is 19x19: mark a record with its own game's count");
  EXPECT_NE(error_of([&] { gocount::mark_record("(;AB[cc])", 0, r); }).find("record is 19x19"), std::string::npos);  // no SZ
  EXPECT_EQ(error_of([&] { gocount::mark_record(sgf, 0, r); }), "");
}

TEST(Api, SettersRefuseWhatNoRecordHolds) {
  gocount::Position p(9, 9);
  for (const double komi : {double(NAN), double(INFINITY), 1e300, -1e9, 1e-7})
    EXPECT_NE(error_of([&] { p.set_komi(komi); }), "") << komi;
  EXPECT_EQ(error_of([&] { p.set_komi(NAN); }), "komi must be a number from -1000 to 1000");
  EXPECT_EQ(p.komi(), std::nullopt);  // left as it was
  p.set_komi(6.5);
  EXPECT_EQ(error_of([&] { p.set_handicap(-1); }),
            "handicap -1: a whole number from 0 to 80 on this board (its points less one)");
  for (const int stones : {81, INT_MAX, INT_MIN}) EXPECT_NE(error_of([&] { p.set_handicap(stones); }), "");
  p.set_handicap(80);
  EXPECT_EQ(p.handicap(), 80);
  EXPECT_EQ(error_of([&] { p.set_captures(-5, 3); }), "captures -5 and 3: each a whole number from 0 to 1000000");
  EXPECT_NE(error_of([&] { p.set_captures(INT_MAX, INT_MIN); }), "");
  EXPECT_NE(error_of([&] { p.set_captures(0, 1000001); }), "");
  EXPECT_EQ(p.captures(gocount::Stone::black), 0);
  p.set_captures(1000000, 3);
  EXPECT_EQ(p.captures(gocount::Stone::black), 1000000);
}

TEST(Api, APointIsOnePointAndQuotedInErrors) {
  gocount::Position p(9, 9);
  EXPECT_EQ(error_of([&] { p.at(""); }), "'' is not a point of a 9x9 board");
  EXPECT_EQ(error_of([&] { p.at("D4 E5"); }), "'D4 E5' names 2 points, not one");
  EXPECT_NE(error_of([&] { p.chain(""); }), "");
  EXPECT_NE(error_of([&] { p.chain("D4,E5"); }), "");
  EXPECT_NE(error_of([&] { gocount::Position::new_game(9, 9).place_handicap(std::vector<std::string>{"C3 G7"}); }), "");
  // A megabyte of text, and a NUL, are quoted as every message quotes input.
  const std::string huge = error_of([&] { p.place(gocount::Stone::black, std::string(1 << 20, 'x')); });
  EXPECT_EQ(huge.rfind("'xxxx", 0), 0u) << huge;
  const std::string nul = error_of([&] { p.place(gocount::Stone::black, std::string_view("D4\0E5", 5)); });
  EXPECT_EQ(nul, "'D4\\x00E5' is not a point of a 9x9 board");
  EXPECT_EQ(p.at("D4"), gocount::Stone::empty);  // nothing placed
  // GTP's letters name 25 columns: the message says so on a wider board.
  gocount::Position wide(52, 52);
  EXPECT_EQ(error_of([&] { wide.place(gocount::Stone::black, "A1"); }),
            "'A1' is not a point of a 52x52 board: GTP letters name 25 columns; on a wider board give SGF form (\"aa\")");
  wide.place(gocount::Stone::black, "aa ZZ");
  EXPECT_EQ(wide.at(51, 51), gocount::Stone::black);
  EXPECT_EQ(error_of([&] { gocount::Position(19, 19).at("Z1"); }), "'Z1' is not a point of a 19x19 board");
}

TEST(Api, MarkDeadIsAllOrNothing) {
  gocount::Position p(9, 9);
  p.place(gocount::Stone::black, "C3");
  p.place(gocount::Stone::white, "G7");
  const std::string before = gocount::score(p, {.estimate = "off"}).json();
  EXPECT_EQ(error_of([&] { p.mark_dead("C3 E5"); }), "E5: no stone to mark dead");
  EXPECT_EQ(gocount::score(p, {.estimate = "off"}).json(), before);  // C3 not marked
  p.mark_dead("C3");
  EXPECT_EQ(gocount::score(p).dead_stones(), std::vector<std::string>{"C3"});
}

TEST(Api, SetRulesRefusesANameNoRuleSetAnswersTo) {
  gocount::Position p = walls();
  EXPECT_EQ(error_of([&] { p.set_rules("moon"); }).rfind("rules 'moon': no rule set of that name (known: chinese, ", 0), 0u);
  EXPECT_EQ(p.rules(), "");
  EXPECT_EQ(gocount::score(p).rules(), "chinese");
  p.set_rules("Japanese (1989)");  // a record's spelling: on a position by hand, kept as the rule set's name
  EXPECT_EQ(p.rules(), "japanese");
  EXPECT_EQ(gocount::score(p).rules(), "japanese");
  gocount::Position read = gocount::read_record("(;SZ[5]AB[cc])");
  read.set_rules("Japanese (1989)");  // a record's: as written
  EXPECT_EQ(read.rules(), "Japanese (1989)");
  EXPECT_EQ(gocount::score(read).rules(), "japanese");
}

TEST(Api, KeyNumbersAndTallyRefuseWhatTheCommandRefuses) {
  EXPECT_EQ(error_of([] { gocount::key_numbers(53, 53); }), "width: 53 is not a whole number from 1 to 52");
  EXPECT_EQ(error_of([] { gocount::key_numbers(0, 0); }), "width: 0 is not a whole number from 1 to 52");
  EXPECT_EQ(error_of([] { gocount::key_numbers(9, -1); }), "height: -1 is not a whole number from 1 to 52");
  EXPECT_EQ(error_of([] { gocount::key_numbers(9, 9, {}, -5); }), "non_scoring: -5 is not a whole number from 0 to 2704");
  EXPECT_EQ(error_of([] { gocount::key_numbers(9, 9, {}, 82); }), "non_scoring: 82 is more than the board's 81 points");
  EXPECT_EQ(error_of([] { gocount::key_numbers(9, 9, {}, 0, NAN); }), "tie_breaker: nan is not a number from -1000 to 1000");
  EXPECT_EQ(error_of([] { gocount::key_numbers(52, 52); }), "");
  EXPECT_EQ(error_of([] { gocount::tally({.width = 0, .height = 0, .black = 0, .white = 0}); }),
            "--width: 0 is not a whole number from 1 to 52");
  EXPECT_EQ(error_of([] { gocount::tally({.width = 9, .height = 9, .black = NAN, .white = 37}, {}, gocount::Names::fields); }),
            "field 'black': nan is not a number from 0 to 2704");
  EXPECT_EQ(error_of([] { gocount::tally({.width = 9, .height = 9, .black = -4, .white = 85}); }),
            "--black: -4 is not a number from 0 to 2704");
  EXPECT_EQ(error_of([] {
              gocount::tally({.width = 9, .height = 9, .black_territory = 10, .white_territory = 5, .black_prisoners = -1},
                             {.rules = "japanese"}, gocount::Names::keywords);
            }),
            "black_prisoners: -1 is not a whole number from 0 to 2704");
  EXPECT_EQ(error_of([] { gocount::tally({.width = 9, .height = 9, .non_scoring = -1, .black = 40}); }),
            "--non-scoring: -1 is not a whole number from 0 to 2704");
  EXPECT_EQ(gocount::tally({.width = 9, .height = 9, .black = 44.5, .white = 36.5}).result, "B+0.5");
}

// The board and the numbers of tally and keynumbers are checked here, once,
// each refusal spelled as its front end names the numbers: the command, the
// server and Python each had their own checks and words.
TEST(Api, TheBoardAndTheHandsNumbersAreRefusedInEachFrontEndsSpelling) {
  using gocount::Names;
  auto board = [](std::optional<int> size, std::optional<int> width, std::optional<int> height, Names names,
                  std::optional<int> fallback = 19) {
    return error_of([&] { gocount::board_given(size, width, height, names, fallback); });
  };
  EXPECT_EQ(board(9, 13, {}, Names::options), "give the board as --size N or as --width W --height H, not both");
  EXPECT_EQ(board(9, {}, 9, Names::fields), "give the board as 'size' or as 'width' and 'height', not both");
  EXPECT_EQ(board(9, 13, {}, Names::keywords), "give the board as size or as width and height, not both");
  EXPECT_EQ(board({}, 13, {}, Names::options), "--width needs --height (or give the board as --size N)");
  EXPECT_EQ(board({}, {}, 13, Names::fields), "field 'height' needs 'width' (or give the board as 'size')");
  EXPECT_EQ(board({}, 13, {}, Names::keywords), "width needs height (or give the board as size)");
  EXPECT_EQ(board(53, {}, {}, Names::fields), "field 'size': 53 is not a whole number from 1 to 52");
  EXPECT_EQ(board({}, {}, {}, Names::options, std::nullopt), "give the board size: --size N, or --width W --height H");
  EXPECT_EQ(gocount::board_given({}, {}, {}), (std::pair{19, 19}));
  EXPECT_EQ(gocount::board_given(9, {}, {}), (std::pair{9, 9}));
  EXPECT_EQ(gocount::board_given({}, 13, 9, Names::fields, std::nullopt), (std::pair{13, 9}));

  // A count past the board names the number (it was "total points 100 + 0 +
  // 0 non-scoring do not make the board's 81 points"); prisoners may pass it.
  const gocount::Hand past{.width = 9, .height = 9, .black_territory = 100, .white_territory = 0, .black_stones = 0,
                           .white_stones = 0};
  EXPECT_EQ(error_of([&] { gocount::check_hand(past, Names::fields); }),
            "field 'black-territory': 100 is more than the board's 81 points");
  EXPECT_EQ(error_of([&] { gocount::tally(past, {}, Names::keywords); }),
            "black_territory: 100 is more than the board's 81 points");
  EXPECT_EQ(error_of([] { gocount::check_hand({.width = 9, .height = 9, .handicap = 82}); }),
            "--handicap: 82 is more than the board's 81 points");
  EXPECT_EQ(error_of([] { gocount::check_hand({.width = 9, .height = 9, .black_prisoners = 100}); }), "");
  // check_hand is tally's first check: a count that does not add up is not its.
  EXPECT_EQ(error_of([] { gocount::check_hand({.width = 9, .height = 9, .black = 44, .white = 40}); }), "");
  EXPECT_EQ(error_of([] { gocount::key_numbers(9, 9, {}, 82, {}, Names::options); }),
            "--non-scoring: 82 is more than the board's 81 points");
  EXPECT_EQ(error_of([] { gocount::key_numbers(9, 9, {}, 0, 1001, Names::fields); }),
            "field 'tie-breaker': 1001 is not a number from -1000 to 1000");
}

TEST(Api, ANegativeMoveIsRefused) {
  const std::string sgf = "(;SZ[9];B[cc])";
  EXPECT_EQ(error_of([&] { gocount::read_record(sgf, {.move = -1}); }), "move -1: moves are counted from 0 (the start position)");
  EXPECT_NE(error_of([&] { gocount::read_record(sgf, {.move = INT_MIN}); }), "");
  EXPECT_NE(error_of([&] { gocount::Collection::from_text(sgf, {.move = -1}); }), "");
  EXPECT_EQ(gocount::read_record(sgf, {.move = 0}).moves(), 0);
}

TEST(Api, MovedFromObjectsThrowInsteadOfCrashing) {
  gocount::Position a(9, 9);
  gocount::Position b(std::move(a));
  const std::string moved = "a moved-from Position holds no game (assign it one first)";
  EXPECT_EQ(error_of([&] { (void)a.width(); }), moved);
  EXPECT_EQ(error_of([&] { a.place(gocount::Stone::black, "C3"); }), moved);
  EXPECT_EQ(error_of([&] { gocount::score(a); }), moved);
  EXPECT_EQ(error_of([&] { gocount::Position c = a; (void)c.moves(); }), moved);  // copied, still moved from
  a = b;  // assigned, it holds a game again
  EXPECT_EQ(a.width(), 9);
  gocount::Result r = gocount::score(b);
  gocount::Result r2(std::move(r));
  EXPECT_NE(error_of([&] { (void)r.result(); }), "");
  EXPECT_NE(error_of([&] { gocount::mark_record("(;SZ[9])", 0, r); }), "");
  gocount::score(b, {}, r);  // scored into, it holds a count again
  EXPECT_EQ(r.result(), r2.result());
  gocount::Collection c = gocount::Collection::from_text("(;SZ[9])");
  gocount::Collection c2(std::move(c));
  gocount::Entry e;
  EXPECT_NE(error_of([&] { c.next(e); }), "");
  EXPECT_TRUE(c2.next(e));
}

TEST(Api, FromCsvReadsOneRow) {
  EXPECT_EQ(error_of([] { gocount::from_csv("a,b\nc,d"); }),
            "a line break outside quotes ends a CSV row: from_csv reads one row (split the text at its line ends)");
  EXPECT_EQ(gocount::from_csv("a,b\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(gocount::from_csv("a,b\r\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(gocount::from_csv("\"x\ny\",\"\"\"\",z"), (std::vector<std::string>{"x\ny", "\"", "z"}));
}

TEST(Api, FixedHandicapOnABoardWithoutPointsSaysSo) {
  EXPECT_EQ(error_of([] { gocount::Position::new_game(5, 5).place_handicap(2); }),
            "fixed placement has no handicap points on 5x5 (square boards from 7x7): give the points");
  EXPECT_EQ(error_of([] { gocount::Position::new_game(9, 9).place_handicap(10); }),
            "fixed placement puts 2 to 9 stones on 9x9, not 10");
}

TEST(Api, VersionMatchesTheHeaders) { EXPECT_STREQ(gocount::version(), GOCOUNT_VERSION); }

}  // namespace
