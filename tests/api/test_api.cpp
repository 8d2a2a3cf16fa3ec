// The public C++ API (include/gocount/) as a program sees it: linked with
// libgocount.a and given only the public headers (src/ is not on the path).
#include <gocount/gocount.h>
#include <gtest/gtest.h>

#include <string>

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

TEST(Api, VersionMatchesTheHeaders) { EXPECT_STREQ(gocount::version(), GOCOUNT_VERSION); }

}  // namespace
