// Counts of positions verified by hand: tallies, area and territory scores,
// komi and handicap defaults, dead-stone handling.
#include <gtest/gtest.h>

#include "count/score.h"
#include "diagram/diagram.h"
#include "report/words.h"

namespace gocount {
namespace {

Game diagram_game(const std::string& text) { return from_diagram(parse_diagram(text)); }

Scored score_as(const Game& g, std::string_view rules, std::optional<double> komi = std::nullopt) {
  ScoreRequest r;
  r.rules = find_rules(rules);
  r.komi = komi;
  r.estimate = EstimateMode::kOff;  // the positions are counted as marked
  return score_game(g, r);
}

// Mays, Table 10: Black 32 territory + 21 stones = 53, White 10 + 18 = 28.
//   row 9  . . . . . . . . .   Black territory: rows 9-7 (27) + E6-J6 (5) = 32
//   row 8  . . . . . . . . .   Black stones: 4 + 9 + 8 = 21
//   row 7  . . . . . . . . .   White stones: 1 + 9 + 8 = 18
//   row 6  X X X X . . . . .   White territory: J2 + row 1 = 10
//   row 5  X X X X X X X X X
//   row 4  X X X X X X X X O
//   row 3  O O O O O O O O O
//   row 2  O O O O O O O O .
//   row 1  . . . . . . . . .
const char* kTable10 =
    "komi: 6.5\n"
    ".........\n.........\n.........\nXXXX.....\nXXXXXXXXX\nXXXXXXXXO\nOOOOOOOOO\nOOOOOOOO.\n.........\n";

// Mays, Table 12 (3 stones, komi 0.5): Black 20 + 19 = 39, White 20 + 22 = 42.
const char* kTable12 =
    "komi: 0.5\nhandicap: 3\n"
    ".........\n.........\nOOOOOOO..\nOOOOOOOOO\nXXXOOOOOO\nXXXXXXXXX\nXXXXXXX..\n.........\n.........\n";

TEST(FullCounting, MaysTable10EvenGame) {
  const Scored s = score_as(diagram_game(kTable10), "chinese");
  EXPECT_EQ(s.tally.black().territory, 32);
  EXPECT_EQ(s.tally.black().stones, 21);
  EXPECT_EQ(s.tally.white().territory, 10);
  EXPECT_EQ(s.tally.white().stones, 18);
  EXPECT_EQ(s.tally.neutral, 0);
  // Mays' Table 10: komi taken off Black's total points, 53 - 6.5 = 46.5
  // against 28; or, with --adjust white, 53 against 28 + 6.5.
  EXPECT_DOUBLE_EQ(*s.count.black, 46.5);
  EXPECT_DOUBLE_EQ(*s.count.white, 28);
  EXPECT_EQ(result_text(s.count.margin), "B+18.5");
  CountInput white = s.input;
  white.adjust = Color::kWhite;
  const Count w = full_counting(white);
  EXPECT_DOUBLE_EQ(*w.black, 53);
  EXPECT_DOUBLE_EQ(*w.white, 34.5);
  EXPECT_DOUBLE_EQ(w.margin, s.count.margin);
}

TEST(FullCounting, MaysTable12HandicapCompensationIsN) {
  const Scored s = score_as(diagram_game(kTable12), "chinese");
  EXPECT_EQ(s.handicap, 3);
  // Mays' Table 12: 39 - 0.5 - 3 = 35.5 against 42.
  EXPECT_DOUBLE_EQ(*s.count.black, 39 - 0.5 - 3);
  EXPECT_DOUBLE_EQ(*s.count.white, 42);
  EXPECT_EQ(result_text(s.count.margin), "W+6.5");
}

TEST(FullCounting, StepsNameTheSeedsTerms) {
  const Scored s = score_as(diagram_game(kTable10), "chinese");
  std::vector<std::string> labels;
  for (const Step& st : s.count.steps)
    if (labels.empty() || labels.back() != step_label(s.count, st)) labels.push_back(step_label(s.count, st));
  const std::vector<std::string> want = {"Vacant territory", "Stones", "Total points", "Komi (or tie-breaker)",
                                         "Handicap (n)", "Adjusted total points", "Non-scoring points",
                                         "Margin of victory"};
  EXPECT_EQ(labels, want);
  EXPECT_EQ(s.count.steps.back().side, Color::kBlack);
  EXPECT_DOUBLE_EQ(s.count.steps.back().value, 18.5);
}

TEST(FullCounting, OneStoneHandicapGetsNoCompensation) {
  std::string text = kTable12;
  text.replace(text.find("handicap: 3"), 11, "handicap: 1");
  const Scored s = score_as(diagram_game(text), "chinese");
  EXPECT_DOUBLE_EQ(*s.count.black, 39 - 0.5);  // the tie-breaker only
  EXPECT_DOUBLE_EQ(*s.count.white, 42);
}

// The example game of the README: Black's wall on the e file, White's on f,
// White captured at A9 during play, White B7 and Black H7 dead.
const char* kExample =
    "komi: 6.5\nblack-captures: 1\nblack-passes: 1\nwhite-passes: 1\nlast-pass: black\n"
    ". X . . X O . . .\nX . . . X O . . .\n. o . . X O . x .\n"
    ". . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n"
    ". . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n";

TEST(JapaneseCounting, TerritoryPlusPrisoners) {
  const Scored s = score_as(diagram_game(kExample), "japanese");
  // Black: a-d files (36) minus stones A8, B9 = 34; White: g-j files = 27.
  EXPECT_EQ(s.tally.black().territory, 34);
  EXPECT_EQ(s.tally.white().territory, 27);
  EXPECT_EQ(s.tally.black().dead, 1);
  EXPECT_EQ(s.tally.white().dead, 1);
  // The rules' score: territory + prisoners.
  const auto score = rules_score(s.input);
  EXPECT_DOUBLE_EQ(score[0], 34 + 1 + 1);
  EXPECT_DOUBLE_EQ(score[1], 27 + 0 + 1 + 6.5);
  // Sensei's fill-in: Black's 2 prisoners go into White's 27, White's 1 into
  // Black's 34; the margin is the same.
  EXPECT_DOUBLE_EQ(*s.count.black, 33);
  EXPECT_DOUBLE_EQ(*s.count.white, 25 + 6.5);
  EXPECT_EQ(result_text(s.count.margin), "B+1.5");
}

TEST(AreaCounting, SamePositionIsOnePointBetterForBlackWhenBlackPassedLast) {
  // Sc - Sj = P + H + (Wz - Bz) = 1 + 0 + 0 (Mathematics of Scoring).
  const Scored area = score_as(diagram_game(kExample), "chinese", 6.5);
  const Scored terr = score_as(diagram_game(kExample), "japanese", 6.5);
  EXPECT_DOUBLE_EQ(*area.count.black, 11 + 34 - 6.5);
  EXPECT_DOUBLE_EQ(*area.count.white, 9 + 27);
  EXPECT_DOUBLE_EQ(area.count.margin - terr.count.margin, 1);
}

TEST(Tally, DameBetweenWallsCountsForNobody) {
  // X . O   the middle file touches both colours: 3 neutral points.
  const Game g = diagram_game("X.O\nX.O\nX.O\n");
  const Scored s = score_as(g, "chinese", 0);
  EXPECT_EQ(s.tally.neutral, 3);
  EXPECT_EQ(s.tally.black().territory, 0);
  EXPECT_DOUBLE_EQ(s.count.margin, 0);
  EXPECT_EQ(result_text(s.count.margin), "Draw");
}

TEST(Tally, EmptyBoardIsAllNeutral) {
  const Scored s = score_as(diagram_game("...\n...\n"), "chinese", 0);
  EXPECT_EQ(s.tally.neutral, 6);
}

TEST(Tally, DeadStonesCountPerStoneNotPerChain) {
  // Three dead white stones in one chain and one more elsewhere: 4 dead.
  const Game g = diagram_game("X X X X X\nX o o o X\nX X X X X\nX o . . X\nX X X X X\n");
  const Scored s = score_as(g, "japanese", 0);
  EXPECT_EQ(s.tally.white().dead, 4);
  EXPECT_EQ(s.tally.black().territory, 3 + 3);
  EXPECT_DOUBLE_EQ(*s.count.black, 6 + 4);
}

TEST(DeadStones, OneStoneNamesItsWholeChainAndReplacesTheMarks) {
  Game g = diagram_game("X X X X X\nX O O O X\nX X X X X\nX o . . X\nX X X X X\n");
  ScoreRequest r;
  r.rules = find_rules("japanese");
  r.komi = 0;
  r.dead = std::vector<std::string>{"C4"};  // one of the three white stones on row 4
  const Scored s = score_game(g, r);
  EXPECT_EQ(s.tally.white().dead, 3);    // the chain, and not the marked B2
  EXPECT_EQ(s.tally.white().stones, 1);  // B2 stays on the board
  r.dead = std::vector<std::string>{"bd", "cb"};  // SGF form names the same stones
  const Scored t = score_game(g, r);
  EXPECT_EQ(t.tally.white().dead, 4);
}

TEST(DeadStones, EmptyOrOffBoardPointIsAnError) {
  Game g = diagram_game("X.O\nX.O\nX.O\n");
  ScoreRequest r;
  r.dead = std::vector<std::string>{"B2"};
  try {
    score_game(g, r);
    FAIL() << "an empty point was accepted as a dead stone";
  } catch (const DeadStoneError& e) {
    EXPECT_STREQ(e.what(), "dead stone B2 names an empty point");
  }
  r.dead = std::vector<std::string>{"Z9"};
  EXPECT_THROW(score_game(g, r), DeadStoneError);
  r.dead = std::vector<std::string>{"zz"};
  EXPECT_THROW(score_game(g, r), DeadStoneError);
}

// A chain surrounded on every side stands in no game: a diagram or a
// position set up by hand that has one, not marked dead, is refused and
// named, not counted; marked dead, it is taken off as a dead chain.
TEST(DeadStones, AChainWithNoLibertyIsRefusedUnlessMarkedDead) {
  try {
    score_game(diagram_game("X O . .\nO . . .\n. . . .\n. . . .\n"), ScoreRequest{});
    FAIL() << "a stone with no liberty was counted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "the black chain at A4 has no liberty: no game reaches this position (take it off, or "
                           "mark it dead)");
  }
  const Scored s = score_game(diagram_game("x O . .\nO . . .\n. . . .\n. . . .\n"), ScoreRequest{});
  EXPECT_EQ(s.tally.black().dead, 1);
  ScoreRequest r;
  r.dead = std::vector<std::string>{"A4"};
  EXPECT_EQ(score_game(diagram_game("X O . .\nO . . .\n. . . .\n. . . .\n"), r).tally.black().dead, 1);
}

// The diagram's warnings reach the game (and so the text and the JSON).
TEST(DeadStones, EveryStoneMarkedDeadWarns) {
  EXPECT_EQ(diagram_game("x x o .\n. x o .\n").warnings,
            std::vector<std::string>{"every stone on the board is marked dead: lower-case x and o mark dead stones; "
                                     "living stones are X and O"});
}

TEST(Rules, RecordSpellingsAndDefaults) {
  EXPECT_EQ(rules_for("Japanese", nullptr).name, "japanese");
  EXPECT_EQ(rules_for("jp", nullptr).name, "japanese");
  EXPECT_EQ(rules_for("Chinese", nullptr).name, "chinese");
  Source src;
  EXPECT_EQ(rules_for("Moon rules", nullptr, &src).name, "chinese");
  EXPECT_EQ(src, Source::kDefault);
  EXPECT_EQ(rules_for("Japanese", find_rules("chinese"), &src).name, "chinese");
  EXPECT_EQ(src, Source::kOption);
  // A name with a year, "rules" or words in brackets after it is the rule
  // set it names (they were counted under Chinese rules, the default).
  for (const auto& [ru, name] : std::vector<std::pair<const char*, const char*>>{
           {"Japanese 1989", "japanese"}, {"japanese rules", "japanese"}, {"Japanese (Nihon Ki-in)", "japanese"},
           {"Korean (Hanguk)", "korean"}, {"AGA 2004", "aga"}, {"Chinese 2002", "chinese"},
           {"New Zealand 2011", "nz"}, {"TT--", "tromp-taylor"}}) {
    EXPECT_EQ(rules_for(ru, nullptr, &src).name, name) << ru;
    EXPECT_EQ(src, Source::kRecord) << ru;
  }
  // Typed in an option, a name is taken as it is.
  EXPECT_EQ(find_rules("Japanese 1989"), nullptr);
  EXPECT_EQ(find_record_rules("rules"), nullptr);
  EXPECT_EQ(find_record_rules("(1989)"), nullptr);
}

TEST(Rules, KomiComesFromOptionThenInputThenRules) {
  std::string text = kTable10;
  text.erase(0, text.find('\n') + 1);  // no komi header
  const Game g = diagram_game(text);
  EXPECT_DOUBLE_EQ(score_as(g, "chinese").komi, 7.5);
  EXPECT_EQ(score_as(g, "chinese").komi_source, Source::kDefault);
  EXPECT_DOUBLE_EQ(score_as(g, "japanese").komi, 6.5);
  EXPECT_DOUBLE_EQ(score_as(g, "japanese", 3).komi, 3);
  EXPECT_DOUBLE_EQ(score_as(diagram_game("handicap: 4\n" + text), "chinese").komi, 0.5);
  EXPECT_DOUBLE_EQ(score_as(diagram_game(kTable10), "japanese").komi, 6.5);
  EXPECT_EQ(score_as(diagram_game(kTable10), "japanese").komi_source, Source::kRecord);
}

// Mays: "no-komi games (sometimes called 1-stone handicap games), in which
// only the value of the tie-breaker (0.5) is subtracted". A diagram with
// handicap 1 and no komi is that game: komi 0.5 under Chinese rules, no
// compensation (Table 10's board: 53 - 28 - 0.5 = B+24.5); Ing and New
// Zealand play it without komi (53 - 28 = B+25).
TEST(Rules, HandicapOneIsTheNoKomiGame) {
  std::string text = kTable10;
  text.erase(0, text.find('\n') + 1);  // no komi header
  const Game g = diagram_game("handicap: 1\n" + text);
  const Scored cn = score_as(g, "chinese");
  EXPECT_DOUBLE_EQ(cn.komi, 0.5);
  EXPECT_EQ(cn.komi_source, Source::kDefault);
  EXPECT_EQ(result_text(cn.count.margin), "B+24.5");
  EXPECT_DOUBLE_EQ(score_as(g, "aga").komi, 0.5);
  for (const char* rules : {"ing", "nz"}) {
    const Scored s = score_as(g, rules);
    EXPECT_DOUBLE_EQ(s.komi, 0) << rules;
    EXPECT_EQ(result_text(s.count.margin), "B+25") << rules;
  }
  // Its ties are a handicap game's: under Ing White wins them (Black wins
  // the even game's). 32 - 32 on 8x8 without komi is a tie.
  CountInput tie;
  tie.rules = *find_rules("ing");
  tie.board_points = 64;
  tie.handicap = 1;
  tie.side[0].total_points = tie.side[1].total_points = 32;
  EXPECT_EQ(full_counting(tie).result(), "W+0");
  tie.handicap = 0;
  EXPECT_EQ(full_counting(tie).result(), "B+0");
}

TEST(Results, SgfResultForm) {
  EXPECT_EQ(result_text(3.5), "B+3.5");
  EXPECT_EQ(result_text(-12), "W+12");
  EXPECT_EQ(result_text(0), "Draw");
  EXPECT_EQ(points_text(-0.0), "0");
  EXPECT_EQ(points_text(-3.25), "-3.25");
  EXPECT_EQ(points_text(-0.5), "-0.5");
  EXPECT_EQ(points_text(7.01), "7.01");
  EXPECT_EQ(points_text(2e6), "2000000");
}

// append() formats on the stack and, past its buffer, into the string: a
// long list of points loses no byte either way.
TEST(Words, AppendKeepsLongTextWhole) {
  std::string out = "before ";
  const std::string point_names(3000, 'x');
  append(out, "[{}] {} {}", point_names, 42, "end");
  EXPECT_EQ(out, "before [" + point_names + "] 42 end");
  for (size_t n : {1000, 1013, 1014, 1015, 1024, 1025}) {  // around the buffer's end
    std::string text;
    append(text, "{}{}", std::string(n, 'a'), 'b');
    EXPECT_EQ(text, std::string(n, 'a') + 'b') << n;
  }
}

// Whole numbers and halves take a shorter way than fmt's: the same text.
TEST(Results, HalvesWrittenAsFmtWritesThem) {
  for (int halves = -2000002; halves <= 2000002; ++halves) {
    const double v = halves / 2.0;
    ASSERT_EQ(points_text(v), fmt::format("{}", v == 0 ? 0.0 : v)) << halves;
  }
}

}  // namespace
TEST(RuleVariant, ParseAndWriteArePairs) {
  for (const char* spec : {"chinese", "chinese:compensation=n-1", "ing:tie=white:komi=7.5", "aga:seki-fill=half",
                           "nz:compensation=none:tie=black:seki-fill=best-practice:komi=-3",
                           "japanese:territory=enclosed", "korean:territory=rules"}) {
    std::string error;
    const auto v = parse_rule_variant(spec, &error);
    ASSERT_TRUE(v) << spec << ": " << error;
    EXPECT_EQ(rule_variant_name(*v), spec);
  }
  std::string error;
  // A setting the rule set leaves nothing to do is refused, as a typing mistake.
  EXPECT_FALSE(parse_rule_variant("chinese:territory=enclosed", &error));
  EXPECT_EQ(error, "territory=enclosed is for territory counting: Chinese rules count area, not territory "
                   "('chinese:territory=enclosed')");
  EXPECT_FALSE(parse_rule_variant("japanese:seki-fill=half", &error));
  EXPECT_EQ(error, "seki-fill is for rules that fill a seki's shared liberties (chinese, aga, nz): Japanese rules fill "
                   "none ('japanese:seki-fill=half')");
  EXPECT_FALSE(parse_rule_variant("moon", &error));
  EXPECT_EQ(error.rfind("unknown rules 'moon'", 0), 0u) << error;
  EXPECT_FALSE(parse_rule_variant("chinese:komi=nan", &error));
  EXPECT_EQ(error, "bad value 'nan' for komi in 'chinese:komi=nan'");
  EXPECT_FALSE(parse_rule_variant("japanese:territory=all", &error));
  EXPECT_EQ(error, "bad value 'all' for territory in 'japanese:territory=all'");
  EXPECT_FALSE(parse_rule_variant("chinese:tie", &error));
  EXPECT_FALSE(parse_rule_variant("chinese:", &error));
}

}  // namespace gocount
