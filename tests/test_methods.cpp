// Every counting method of the seeds against the seeds' own numbers (Mays,
// Tables 1-17; Sensei's Ing Counting; the Mathematics of Scoring), and games
// checked by hand under every rule set.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "count/compare.h"
#include "count/hand_count.h"
#include "count/score.h"
#include "diagram/diagram.h"
#include "game/source.h"
#include "report/report.h"
#include "report/words.h"

namespace gocount {
namespace {

// A hand count: total points per side (Mays' "How to Determine the Total
// Points" tables), optionally with stones and territory apart.
CountInput hand(std::string_view rules, int w, int h, int black, int white, double komi, int handicap = 0,
                int non_scoring = 0) {
  CountInput in;
  in.rules = *find_rules(rules);
  in.board_points = w * h;
  in.komi = komi;
  in.handicap = handicap;
  in.non_scoring = non_scoring;
  in.side[0].total_points = black;
  in.side[1].total_points = white;
  return in;
}

CountInput with_breakdown(CountInput in, int bt, int bs, int wt, int ws) {
  in.side[0].territory = bt;
  in.side[0].stones = bs;
  in.side[1].territory = wt;
  in.side[1].stones = ws;
  return in;
}

Count run(Count (*method)(const CountInput&), CountInput in, Color side = Color::kBlack) {
  in.counted = side;
  return method(in);
}

double step(const Count& c, std::string_view label_start, Color side = Color::kEmpty) {
  for (const Step& s : c.steps)
    if (step_label(c, s).rfind(label_start, 0) == 0 && (side == Color::kEmpty || s.side == side)) return s.value;
  ADD_FAILURE() << "no step '" << label_start << "' in " << c.method;
  return -999;
}

// Mays, Table 1: Simplified Half Counting, 190 total points on 19x19, komi 6.5.
TEST(MaysTables, Table1SimplifiedHalfCounting) {
  const Count c = run(simplified_half_counting, hand("chinese", 19, 19, 190, 171, 6.5));
  EXPECT_DOUBLE_EQ(step(c, "Komi"), -3.25);
  EXPECT_DOUBLE_EQ(step(c, "Adjusted total points"), 186.75);
  EXPECT_DOUBLE_EQ(step(c, "Half count"), -180.5);
  EXPECT_DOUBLE_EQ(step(c, "Difference"), 6.25);
  EXPECT_DOUBLE_EQ(c.margin, 12.5);
  // "If the ATP equals the HCPP (180 = 180, due to a non-scoring point), then
  // White wins the tie": ATP 180 needs total points 183.25, so test it with
  // the tie-breaker left out in a 2-stone game: 181 - 1 = 180 = (361 - 1) / 2.
  CountInput tie = hand("chinese", 19, 19, 181, 179, 0.5, 2, 1);
  tie.tie_breaker = false;
  const Count t = run(simplified_half_counting, tie);
  EXPECT_DOUBLE_EQ(t.margin, 0);
  EXPECT_EQ(t.result(), "W+0");
  EXPECT_NE(count_note_text(t.note).find("White wins a tie"), std::string::npos);
}

// Mays, Tables 2 and 3: key numbers in even games.
TEST(MaysTables, Tables2And3EvenGameKeyNumbers) {
  const Rules& cn = *find_rules("chinese");
  struct Row {
    int size;
    double komi, black_kn;
    int black_min;
    double white_kn;
    int white_min;
  };
  for (const Row& r : {Row{9, 6.5, 43.75, 44, 37.25, 38}, Row{9, 7.5, 44.25, 45, 36.75, 37},
                       Row{19, 6.5, 183.75, 184, 177.25, 178}, Row{19, 7.5, 184.25, 185, 176.75, 177}}) {
    const KeyNumber b = key_number(cn, r.komi, 0, r.size * r.size, 0, Color::kBlack);
    const KeyNumber w = key_number(cn, r.komi, 0, r.size * r.size, 0, Color::kWhite);
    EXPECT_DOUBLE_EQ(b.key_number, r.black_kn) << r.size << " " << r.komi;
    EXPECT_EQ(b.minimum_to_win, r.black_min);
    EXPECT_DOUBLE_EQ(w.key_number, r.white_kn);
    EXPECT_EQ(w.minimum_to_win, r.white_min);
  }
}

// Mays, Table 8: every handicap, both sides, 19x19 (komi 6.5, and 7.5 in
// parentheses).
TEST(MaysTables, Table8MinimumTotalPoints) {
  const KeyNumberTable t = key_number_table(*find_rules("chinese"), 361, 0, 6.5, 0.5);
  std::map<std::pair<std::string, Color>, std::pair<double, int>> want = {
      {{"9 stones", Color::kBlack}, {185.25, 186}}, {{"9 stones", Color::kWhite}, {175.75, 176}},
      {{"8 stones", Color::kBlack}, {184.75, 185}}, {{"8 stones", Color::kWhite}, {176.25, 177}},
      {{"7 stones", Color::kBlack}, {184.25, 185}}, {{"7 stones", Color::kWhite}, {176.75, 177}},
      {{"6 stones", Color::kBlack}, {183.75, 184}}, {{"6 stones", Color::kWhite}, {177.25, 178}},
      {{"5 stones", Color::kBlack}, {183.25, 184}}, {{"5 stones", Color::kWhite}, {177.75, 178}},
      {{"4 stones", Color::kBlack}, {182.75, 183}}, {{"4 stones", Color::kWhite}, {178.25, 179}},
      {{"3 stones", Color::kBlack}, {182.25, 183}}, {{"3 stones", Color::kWhite}, {178.75, 179}},
      {{"2 stones", Color::kBlack}, {181.75, 182}}, {{"2 stones", Color::kWhite}, {179.25, 180}},
      {{"no komi", Color::kBlack}, {180.75, 181}},  {{"no komi", Color::kWhite}, {180.25, 181}},
      {{"even", Color::kBlack}, {183.75, 184}},     {{"even", Color::kWhite}, {177.25, 178}},
  };
  ASSERT_EQ(t.rows.size(), want.size());
  for (const KeyNumberRow& r : t.rows) {
    const auto& [kn, min] = want.at({key_number_game(r.handicap), r.side});
    EXPECT_DOUBLE_EQ(r.k.key_number, kn) << key_number_game(r.handicap);
    EXPECT_EQ(r.k.minimum_to_win, min) << key_number_game(r.handicap);
    EXPECT_DOUBLE_EQ(r.k.half_count, 180.5);
    EXPECT_FALSE(r.k.draws_at);
  }
  EXPECT_DOUBLE_EQ(t.rows[0].handicap_or_komi, 4.5);
  EXPECT_DOUBLE_EQ(t.rows[0].tie_breaker, 0.25);
  const KeyNumberTable t75 = key_number_table(*find_rules("chinese"), 361, 0, 7.5, 0.5);
  EXPECT_DOUBLE_EQ(t75.rows[18].k.key_number, 184.25);  // even, Black
  EXPECT_EQ(t75.rows[18].k.minimum_to_win, 185);
  EXPECT_DOUBLE_EQ(t75.rows[19].k.key_number, 176.75);  // even, White
  EXPECT_EQ(t75.rows[19].k.minimum_to_win, 177);
}

// Mays' handicap rows, 9 stones to 2, where the stones leave a point to play
// on: a 3x3 board (9 points) has games of 8 stones down; the 8-stone game
// asks Black for every point.
TEST(MaysTables, Table8HasNoHandicapThatFillsTheBoard) {
  const KeyNumberTable t = key_number_table(*find_rules("chinese"), 9, 0, 0.5, 0.5);
  std::vector<int> handicaps;
  for (const KeyNumberRow& r : t.rows) handicaps.push_back(r.handicap);
  EXPECT_EQ(handicaps, (std::vector<int>{8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0}));
  EXPECT_EQ(t.rows[0].k.minimum_to_win, 9);  // 4.5 + 8 / 2 + 0.25 = 8.75
  std::vector<int> on_a_point;  // 1x1 and 2x2: the no-komi and even games only, then 3 and 2 stones
  for (const KeyNumberRow& r : key_number_table(*find_rules("chinese"), 1, 0, 0.5, 0.5).rows) on_a_point.push_back(r.handicap);
  EXPECT_EQ(on_a_point, (std::vector<int>{1, 1, 0, 0}));
  EXPECT_EQ(key_number_table(*find_rules("chinese"), 4, 0, 0.5, 0.5).rows.front().handicap, 3);
  EXPECT_EQ(key_number_table(*find_rules("chinese"), 361, 0, 6.5, 0.5).rows.front().handicap, 9);
}

TEST(MaysTables, Table8WithWholeKomiSaysWhichTotalDraws) {
  // New Zealand komi 7 on 9x9: Black's key number 40.5 + 3.5 = 44 is whole.
  const KeyNumberTable t = key_number_table(*find_rules("nz"), 81, 0, 7, 0);
  const KeyNumberRow& b = t.rows[18];
  ASSERT_EQ(key_number_game(b.handicap), "even");
  EXPECT_DOUBLE_EQ(b.k.key_number, 44);
  EXPECT_EQ(b.k.draws_at, 44);
  EXPECT_EQ(b.k.minimum_to_win, 45);
  EXPECT_EQ(t.rows[19].k.draws_at, 37);
}

// The no-komi row is the 1-stone handicap game: under Ing White wins its
// ties, as in the handicap rows. 8x8 without tie-breaker: key number 32 for
// both sides; Black needs 33, White 32 (in the even game Black wins ties).
TEST(MaysTables, Table8NoKomiRowTakesTheHandicapGamesTies) {
  const KeyNumberTable t = key_number_table(*find_rules("ing"), 64, 0, 8, 0);
  ASSERT_EQ(key_number_game(t.rows[16].handicap), "no komi");
  EXPECT_DOUBLE_EQ(t.rows[16].k.key_number, 32);
  EXPECT_DOUBLE_EQ(t.rows[16].k.minimum_to_win, 33);
  EXPECT_DOUBLE_EQ(t.rows[17].k.minimum_to_win, 32);
  EXPECT_FALSE(t.rows[16].k.draws_at);
}

// Mays, Tables 9/10 and 5: the even game, B 32 + 21 = 53, W 10 + 18 = 28.
TEST(MaysTables, Tables5And10EvenGame) {
  const CountInput in = with_breakdown(hand("chinese", 9, 9, 53, 28, 6.5), 32, 21, 10, 18);
  const Count full = run(full_counting, in);
  EXPECT_DOUBLE_EQ(*full.black, 46.5);  // Mays: 53 - 6.5 against 28
  EXPECT_DOUBLE_EQ(*full.white, 28);
  EXPECT_DOUBLE_EQ(step(full, "Komi (or tie-breaker)", Color::kBlack), -6.5);
  EXPECT_EQ(full.result(), "B+18.5");
  const Count half = run(half_counting, in);
  EXPECT_DOUBLE_EQ(step(half, "Adjusted total points"), 49.75);
  EXPECT_DOUBLE_EQ(step(half, "Difference"), 9.25);
  EXPECT_DOUBLE_EQ(step(half, "Margin of victory"), 18.5);
  const Count kb = run(key_numbers, in);
  EXPECT_DOUBLE_EQ(step(kb, "Key number"), 43.75);
  EXPECT_DOUBLE_EQ(step(kb, "Difference"), 9.25);
  const Count kw = run(key_numbers, in, Color::kWhite);  // Table 5, White's column
  EXPECT_DOUBLE_EQ(step(kw, "Key number"), 37.25);
  EXPECT_DOUBLE_EQ(step(kw, "Difference"), -9.25);
  EXPECT_DOUBLE_EQ(step(kw, "Margin of victory"), -18.5);
  const Count simple = run(simplified_half_counting, in);
  EXPECT_DOUBLE_EQ(step(simple, "Adjusted total points"), 49.75);
  for (const Count& c : {full, half, kb, kw, simple}) EXPECT_DOUBLE_EQ(c.margin, 18.5) << c.method;
}

// Mays, Tables 11/12 and 6: 3 stones, tie-breaker 0.5, B 20 + 19, W 20 + 22.
TEST(MaysTables, Tables6And12HandicapGame) {
  const CountInput in = with_breakdown(hand("chinese", 9, 9, 39, 42, 0.5, 3), 20, 19, 20, 22);
  const Count half = run(half_counting, in);
  EXPECT_DOUBLE_EQ(step(half, "Komi"), -0.25);
  EXPECT_DOUBLE_EQ(step(half, "Handicap (n)"), -1.5);
  EXPECT_DOUBLE_EQ(step(half, "Adjusted total points"), 37.25);
  EXPECT_DOUBLE_EQ(step(half, "Difference"), -3.25);
  const Count kb = run(key_numbers, in);
  EXPECT_DOUBLE_EQ(step(kb, "Key number"), 42.25);
  EXPECT_DOUBLE_EQ(step(kb, "Difference"), -3.25);
  EXPECT_DOUBLE_EQ(step(run(key_numbers, in, Color::kWhite), "Key number"), 38.75);
  for (const Count& c : {run(full_counting, in), half, kb, run(simplified_half_counting, in)}) {
    EXPECT_DOUBLE_EQ(c.margin, -6.5) << c.method;
    EXPECT_EQ(c.result(), "W+6.5");
  }
}

// Mays, Tables 13/14 and 7: the seki game, B 10 + 29, W 6 + 35, one
// non-scoring point.
TEST(MaysTables, Tables7And14SekiWithANonScoringPoint) {
  const CountInput in = with_breakdown(hand("chinese", 9, 9, 39, 41, 6.5, 0, 1), 10, 29, 6, 35);
  const Count full = run(full_counting, in);
  EXPECT_DOUBLE_EQ(*full.black + 6.5 + *full.white, 80);  // "39 + 41 = 80 not 81"
  const Count half = run(half_counting, in);
  EXPECT_DOUBLE_EQ(step(half, "Non-scoring point"), 0.5);
  EXPECT_DOUBLE_EQ(step(half, "Adjusted total points"), 36.25);
  EXPECT_DOUBLE_EQ(step(half, "Difference"), -4.25);
  const Count kb = run(key_numbers, in);
  EXPECT_DOUBLE_EQ(step(kb, "Half count"), 40.0);
  EXPECT_DOUBLE_EQ(step(kb, "Key number"), 43.25);
  const Count kw = run(key_numbers, in, Color::kWhite);
  EXPECT_DOUBLE_EQ(step(kw, "Key number"), 36.75);
  EXPECT_DOUBLE_EQ(step(kw, "Difference"), 4.25);
  const Count simple = run(simplified_half_counting, in);
  EXPECT_DOUBLE_EQ(step(simple, "Adjusted total points"), 35.75);
  EXPECT_DOUBLE_EQ(step(simple, "Half count"), -40.0);
  for (const Count& c : {full, half, kb, kw, simple}) EXPECT_DOUBLE_EQ(c.margin, -8.5) << c.method;
}

// Mays, Table 15: the 4 x 9 seki, eyes and six shared liberties filled
// evenly: 18 points each.
TEST(MaysTables, Table15FourByNineSeki) {
  const CountInput in = hand("chinese", 9, 4, 18, 18, 0);
  const Count c = run(full_counting, in);
  EXPECT_EQ(c.result(), "Draw");
  EXPECT_DOUBLE_EQ(step(run(half_counting, in), "Half count"), -18);
}

// Mays, Table 17 totals (Chinese side): B 6 + 18 = 24, W 5 + 20 = 25.
TEST(MaysTables, Table17FullCounting) {
  const Count c = run(full_counting, with_breakdown(hand("chinese", 7, 7, 24, 25, 0), 6, 18, 5, 20));
  EXPECT_EQ(c.result(), "W+1");
}

// Mays, Table 17, the AGA column: counted by territory, as the AGA rules let
// players count. Black passed three times (after White 2, 4 and 6) and White
// once, its last pass: Black holds 1 prisoner, White 3, "all passed stones";
// territory 6 and 5. Filled in: 6 - 3 = 3 against 5 - 1 = 4, White by 1, the
// margin of the Full Counting column (24 against 25).
HandCount table17_by_territory() {
  HandCount h;
  h.width = h.height = 7;
  h.territory[0] = 6;
  h.territory[1] = 5;
  h.prisoners[0] = 1;
  h.prisoners[1] = 3;
  return h;
}

ScoreRequest aga_request(std::optional<double> komi = 0, std::vector<std::string> methods = {}) {
  ScoreRequest r;
  r.rules = find_rules("aga");
  r.komi = komi;
  r.methods = std::move(methods);
  return r;
}

TEST(MaysTables, Table17AgaRulesByTerritory) {
  const HandResult hr = count_by_hand(table17_by_territory(), aga_request());
  ASSERT_EQ(hr.counts.size(), 1u);  // the other methods count stones
  const Count& c = hr.counts[0];
  EXPECT_EQ(c.method, "aga");
  EXPECT_EQ(c.result(), "W+1");
  const std::pair<std::string_view, std::array<double, 2>> rows[] = {
      {"Territory", {6, 5}}, {"Prisoners", {1, 3}}, {"Points", {3, 4}}, {"Adjusted total points", {3, 4}}};
  for (const auto& [label, want] : rows) {
    EXPECT_DOUBLE_EQ(step(c, label, Color::kBlack), want[0]) << label;
    EXPECT_DOUBLE_EQ(step(c, label, Color::kWhite), want[1]) << label;
  }
  EXPECT_DOUBLE_EQ(step(c, "Margin of victory", Color::kWhite), 1);
  // The same game by area: Table 17's Full Counting column, the same margin.
  HandCount area;
  area.width = area.height = 7;
  area.black = 24;
  area.white = 25;
  EXPECT_DOUBLE_EQ(count_by_hand(area, aga_request()).counts.front().margin, c.margin);
}

// Only the count by area compensates the handicap (n - 1, Mays: "in those
// cases where the two players have agreed to use the Chinese method of
// counting"): by territory the handicap stones are not counted, so nothing
// is given back (Saj = Sj + (Wz - Bz) = Sc - H). 4 stones, komi 0.5: (60 - 8)
// - (40 - 5) - 0.5.
TEST(AgaCounting, ByTerritoryTakesNoHandicapCompensation) {
  HandCount h;
  h.handicap = 4;
  h.territory[0] = 60;
  h.territory[1] = 40;
  h.prisoners[0] = 5;
  h.prisoners[1] = 8;
  const HandResult hr = count_by_hand(h, aga_request(std::nullopt));
  ASSERT_EQ(hr.counts.size(), 1u);
  EXPECT_DOUBLE_EQ(hr.counts[0].margin, 52 - 35 - 0.5);
  for (const Step& s : hr.counts[0].steps) EXPECT_NE(s.id, StepId::kHandicap);
}

Game load(const std::string& path) {
  std::ifstream in(std::string(GOCOUNT_SOURCE_DIR) + "/" + path);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  GameSource src(text, [](std::string_view) { return false; });
  SourceItem item;
  EXPECT_TRUE(src.next(item));
  EXPECT_TRUE(item.game) << path << ": " << item.error;
  return *item.game;
}

Scored score_with(const Game& g, std::string_view rules, std::vector<std::string> methods = {"all"}) {
  ScoreRequest r;
  r.rules = find_rules(rules);
  r.methods = std::move(methods);
  r.sides = {Color::kBlack, Color::kWhite};
  return score_game(g, r);
}

const Count& method(const Scored& s, std::string_view name) {
  for (const Count& c : s.methods)
    if (c.method == name) return c;
  throw std::runtime_error("no method " + std::string(name));
}

// Every method of a rule set gives the rules' own margin.
void expect_methods_agree(const Scored& s) {
  EXPECT_FALSE(s.methods.empty());
  for (const Count& c : s.methods) {
    EXPECT_DOUBLE_EQ(c.margin, s.count.margin) << s.rules.name << " " << c.method;
    EXPECT_EQ(count_note_text(c.note), "") << s.rules.name << " " << c.method;
  }
}

// Mays, Example 5 (Tables 16/17), rebuilt as a 7x7 position
// (tests/data/mays_example5.txt): Japanese B+1, Chinese W+1, AGA W+1.
TEST(MaysExample5, JapaneseBlackChineseAndAgaWhite) {
  const Game g = load("tests/data/mays_example5.txt");
  const Scored jp = score_with(g, "japanese");
  EXPECT_EQ(jp.count.result(), "B+1");
  EXPECT_EQ(jp.tally.black().territory, 6);
  EXPECT_EQ(jp.tally.white().territory, 5);
  const Scored cn = score_with(g, "chinese");
  EXPECT_EQ(cn.count.result(), "W+1");
  EXPECT_EQ(cn.tally.black().stones, 17);  // 18 and 20 once the two shared liberties are filled
  EXPECT_EQ(cn.tally.white().stones, 19);
  EXPECT_EQ(cn.tally.neutral, 2);
  const Scored aga = score_with(g, "aga");
  EXPECT_EQ(aga.count.result(), "W+1");
  const Count& agac = method(aga, "aga");
  EXPECT_DOUBLE_EQ(step(agac, "Territory count", Color::kBlack), 6 + 1);  // + White's pass stone
  EXPECT_DOUBLE_EQ(step(agac, "Territory count", Color::kWhite), 5 + 3);  // + Black's three
  for (const Scored* s : {&jp, &cn, &aga}) expect_methods_agree(*s);
  // Sc - Sj = -1 - 1 = -2 = P 0 + H 0 + (Wz 1 - Bz 3).
  EXPECT_TRUE(cn.algebra.holds);
  EXPECT_DOUBLE_EQ(cn.algebra.Sc - cn.algebra.Sj, -2);
}

// --seki-fill: the shared liberties of the sekis filled as Mays fills them
// (evenly per seki, an odd one left non-scoring), by his "best practice" (the
// odd ones of all sekis then taken in turn) and half a point each (the
// Chinese rules of 2002). Under Chinese and AGA rules each side's total
// points and the non-scoring points differ; the margin does not, and every
// method (full, half, simplified half, key numbers, Ing, Jasiek, AGA) agrees.
struct Filled {
  SekiFill fill;
  double black, white;  // total points
  int non_scoring;
};

void expect_seki_fill(const Game& g, const std::string& result, std::initializer_list<Filled> wants) {
  for (const Filled& want : wants)
    for (const char* rules : {"chinese", "aga"}) {
      ScoreRequest r;
      r.rules = find_rules(rules);
      r.methods = {"all"};
      r.sides = {Color::kBlack, Color::kWhite};
      r.seki_fill = want.fill;
      const Scored s = score_game(g, r);
      const std::string where = std::string(rules) + ", --seki-fill " + std::string(seki_fill_name(want.fill));
      EXPECT_DOUBLE_EQ(s.input.black().total_points, want.black) << where;
      EXPECT_DOUBLE_EQ(s.input.white().total_points, want.white) << where;
      EXPECT_EQ(s.input.non_scoring, want.non_scoring) << where;
      EXPECT_EQ(s.count.result(), result) << where;
      expect_methods_agree(s);
    }
}

// Komi 0; Black played the last stone, then White and Black passed.
Game black_moved_last(const std::string& rows) {
  return from_diagram(parse_diagram("komi: 0\nblack-passes: 1\nwhite-passes: 1\nlast-pass: black\n" + rows));
}

// (a) One seki, two shared liberties apart (goscorer's README board): D5 and
// E4 are both liberties of White's D4 and E5, so the four chains are one seki.
//
//     A B C D E
//   5 # 1 # s @      Black 10 stones + seki eyes B5, E2 = 12; White 9 stones
//   4 # # # @ s      + B2, A1 = 11. Two shared liberties in one seki: 1 each
//   3 O O O # #      (13, 12), no non-scoring point; half a point each gives
//   2 O . O # 1      the same. Komi 0: B+1. Black moved last (10 stones to 9
//   1 . O O # #      and a pass each), so Jasiek's fill-in agrees.
TEST(SekiFill, OneSekiTwoSharedLibertiesApart) {
  expect_seki_fill(black_moved_last("X.X.O\nXXXO.\nOOOXX\nO.OX.\n.OOXX\n"), "B+1",
                   {{SekiFill::kMays, 13, 12, 0}, {SekiFill::kBestPractice, 13, 12, 0}, {SekiFill::kHalf, 13, 12, 0}});
}

// (b) One seki, three shared liberties (D2-D4), one eye each (A4, G4), after
// Mays' Example 4:
//
//     A B C D E F G
//   4 . # # s @ @ .      Black 12 stones + A4 = 13; White 11 stones + G4 = 12.
//   3 # # # s @ @ @      Mays: 1 each, D2 (say) non-scoring: 14 + 13 + 1 =
//   2 # # # s @ @ @      28. Best practice: one odd seki, so the same. Half:
//   1 # # # # @ @ @      1.5 each, 14.5 + 13.5 = 28. Komi 0: B+1 in all three.
TEST(SekiFill, OneSekiThreeSharedLiberties) {
  expect_seki_fill(black_moved_last(".XX.OO.\nXXX.OOO\nXXX.OOO\nXXXXOOO\n"), "B+1",
                   {{SekiFill::kMays, 14, 13, 1},
                    {SekiFill::kBestPractice, 14, 13, 1},
                    {SekiFill::kHalf, 14.5, 13.5, 0}});
}

// (c) Two sekis with one shared liberty each (tests/data/two_sekis.txt: C9
// and C1; Black 55, White 24 before filling, komi 7.5). Mays: two
// non-scoring points, 55 - 24 - 7.5 = B+23.5. Best practice: Black takes
// one, White the other: 56 - 25 - 7.5. Half: 0.5 per liberty each, 1 each.
TEST(SekiFill, TwoSekisWithOneSharedLibertyEach) {
  const Game g = load("tests/data/two_sekis.txt");
  expect_seki_fill(g, "B+23.5",
                   {{SekiFill::kMays, 55, 24, 2}, {SekiFill::kBestPractice, 56, 25, 0}, {SekiFill::kHalf, 56, 25, 0}});
  // The points in the pictures and lists are the ones counted: C9 and C1
  // are Mays' non-scoring points; in his best practice the first (C9) is
  // Black's, the second White's; with half each, both count half.
  ScoreRequest r;
  r.rules = find_rules("chinese");
  const Board& b = g.board;
  const Vertex c9 = parse_gtp_point(b, "C9"), c1 = parse_gtp_point(b, "C1");
  Scored s = score_game(g, r);
  EXPECT_TRUE(s.non_scoring[c9] && s.non_scoring[c1]);
  r.seki_fill = SekiFill::kBestPractice;
  s = score_game(g, r);
  EXPECT_EQ(s.counts_for[c9], Color::kBlack);
  EXPECT_EQ(s.counts_for[c1], Color::kWhite);
  EXPECT_FALSE(s.non_scoring[c9] || s.non_scoring[c1]);
  r.seki_fill = SekiFill::kHalf;
  s = score_game(g, r);
  EXPECT_TRUE(s.half_each[c9] && s.half_each[c1]);
  EXPECT_EQ(s.counts_for[c9], Color::kEmpty);
  EXPECT_FALSE(s.non_scoring[c9] || s.non_scoring[c1]);
}

// (d) The 9x9 game of tests/data/seki_three_shared.txt: one seki, three
// shared liberties apart (G8, J9, J6); Black 35, White 43 before filling,
// komi 7.5. Mays (and best practice, one odd seki): 36 and 44, one
// non-scoring point, W+15.5. Half: 36.5 and 44.5.
TEST(SekiFill, ThreeSharedLibertiesApartInA9x9Game) {
  const Game g = load("tests/data/seki_three_shared.txt");
  expect_seki_fill(g, "W+15.5",
                   {{SekiFill::kMays, 36, 44, 1},
                    {SekiFill::kBestPractice, 36, 44, 1},
                    {SekiFill::kHalf, 36.5, 44.5, 0}});
  // With a half point in every total Black can have, the least that wins
  // is 44.5, not 44: key number 40.5 + 3.75 = 44.25. White's: 40.5 - 3.75 =
  // 36.75, so 37.5 (White 37.5 leaves Black 43.5: 43.5 < 37.5 + 7.5).
  ScoreRequest r;
  r.rules = find_rules("chinese");
  r.methods = {"key-numbers", "half"};
  r.sides = {Color::kBlack, Color::kWhite};
  r.seki_fill = SekiFill::kHalf;
  const Scored s = score_game(g, r);
  EXPECT_DOUBLE_EQ(step(s.methods[0], "Key number"), 44.25);
  EXPECT_DOUBLE_EQ(step(s.methods[0], "Minimum total points"), 44.5);
  EXPECT_DOUBLE_EQ(step(s.methods[1], "Minimum total points"), 37.5);
  // Half counting: 36.5 - 3.75 = 32.75; - 40.5 = -7.75; x 2 = -15.5.
  EXPECT_DOUBLE_EQ(step(s.methods[2], "Adjusted total points"), 32.75);
  EXPECT_DOUBLE_EQ(s.methods[2].margin, -15.5);
}

// The per-point assignment by itself: three sekis with 1, 3 and 1 shared
// liberties (vertices 1; 2, 3, 4; 5). Mays: 0 + 1 + 0 each, three left.
// Best practice: the three odd ones (1, 4, 5) taken in turn, Black 1, White
// 4, so 2 each and 5 left. Half: 2.5 each, none left.
TEST(SekiFill, EachConventionPointByPoint) {
  Classification k;
  k.cls.assign(8, PointClass::kSharedLiberty);
  k.sekis = {{1}, {2, 3, 4}, {5}};
  using S = SharedShare;
  struct Want {
    SekiFill fill;
    double each;
    int non_scoring;
    std::vector<S> share;  // vertices 1-5
  };
  const S ns = S::kNonScoring, b = S::kBlack, w = S::kWhite;
  for (const Want& want : {Want{SekiFill::kMays, 1, 3, {ns, b, w, ns, ns}},
                           Want{SekiFill::kBestPractice, 2, 1, {b, b, w, w, ns}},
                           Want{SekiFill::kHalf, 2.5, 0, std::vector<S>(5, S::kHalfEach)}}) {
    std::vector<S> share;
    const SekiFilling f = fill_shared_liberties(k, want.fill, &share);
    EXPECT_EQ(f.sekis, 3);
    EXPECT_EQ(f.shared, 5);
    EXPECT_DOUBLE_EQ(f.each, want.each) << seki_fill_name(want.fill);
    EXPECT_EQ(f.non_scoring, want.non_scoring) << seki_fill_name(want.fill);
    EXPECT_EQ(std::vector<S>(share.begin() + 1, share.begin() + 6), want.share) << seki_fill_name(want.fill);
    EXPECT_EQ(share[0], S::kNone);
  }
}

// tests/data/midgame_pass.sgf, by hand: Black's wall on the c file (5
// stones), White's on d (5); Black territory a-b (10), White's e (5). Black
// passed at move 5 and last (Bz 2, Wz 1, P 1), komi 0.5.
TEST(HandCheckedRecords, MidGamePassAndBlackPassingLast) {
  const Game g = load("tests/data/midgame_pass.sgf");
  EXPECT_EQ(g.passes[0], 2);
  EXPECT_EQ(g.passes[1], 1);
  EXPECT_EQ(g.last_mover, Color::kBlack);
  const Scored cn = score_with(g, "chinese");
  EXPECT_EQ(cn.count.result(), "B+4.5");  // 15 - 10 - 0.5
  const Scored jp = score_with(g, "japanese");
  EXPECT_EQ(jp.count.result(), "B+4.5");  // 10 - 5 - 0.5: P 1 and Wz - Bz -1 cancel
  const Scored aga = score_with(g, "aga");
  EXPECT_EQ(aga.count.result(), "B+4.5");
  // AGA territory: Black 10 + White's pass + White's extra last pass = 12;
  // White 5 + Black's two passes = 7, + 0.5.
  EXPECT_DOUBLE_EQ(step(method(aga, "aga"), "Territory count", Color::kBlack), 12);
  EXPECT_DOUBLE_EQ(step(method(aga, "aga"), "Territory count", Color::kWhite), 7.5);
  for (const Scored* s : {&cn, &jp, &aga}) expect_methods_agree(*s);
  EXPECT_TRUE(cn.algebra.holds);
  EXPECT_EQ(cn.algebra.P, 1);
}

// tests/data/handicap2.sgf, by hand: HA[2] set up on the d file, White first;
// Black's d file (7 stones) and White's e file (7); territory 21 and 14;
// Black passed twice, White once and last; komi 0.5.
TEST(HandCheckedRecords, HandicapStonesUnderEveryRuleSet) {
  const Game g = load("tests/data/handicap2.sgf");
  EXPECT_EQ(g.handicap, 2);
  const std::map<std::string, std::string> want = {
      {"chinese", "B+4.5"},  // 28 - 21 - 0.5 - 2 (n)
      {"japanese", "B+6.5"}, // 21 - 14 - 0.5
      {"korean", "B+6.5"},
      {"aga", "B+5.5"},      // 28 - 21 - 0.5 - 1 (n - 1)
      {"ing", "B+4.5"},      // n, as the AGA reads Ing's rules
      {"nz", "B+6.5"},       // no compensation
      {"tromp-taylor", "B+6.5"},
  };
  for (const auto& [rules, result] : want) {
    const Scored s = score_with(g, rules);
    EXPECT_EQ(s.count.result(), result) << rules;
    expect_methods_agree(s);
    EXPECT_TRUE(s.algebra.holds) << rules;  // Sc - Sj = 0 = P 0 + H 1 + (1 - 2)
    EXPECT_EQ(s.algebra.H, 1);
  }
}

// A part of a column's difference from the base, in words.
std::string words(const Comparison& c, const Difference& d, const Cause& p) {
  return rule_cause_text(c.results.front().scored.tally.board, p, rule_variant_phrase(c.results.front().variant), rule_variant_phrase(d.variant));
}

TEST(Compare, DifferencesAddUpAndAreNamed) {
  const Comparison c = compare_rules(load("tests/data/handicap2.sgf"), {});
  for (const Difference& d : c.differences) {
    double sum = 0;
    for (const auto& p : d.parts) {
      sum += p.amount;
      EXPECT_NE(p.kind, Cause::Kind::kUnexplained) << d.rules << ": " << words(c, d, p);
    }
    EXPECT_DOUBLE_EQ(sum, d.amount) << d.rules;
  }
  // Japanese vs Chinese: +2 = no compensation (+2) + territory counting
  // (Sj - Sc = 0).
  const Difference& jp = c.differences[0];
  EXPECT_EQ(jp.rules, "japanese");
  EXPECT_DOUBLE_EQ(jp.amount, 2);
}

const Difference& difference(const Comparison& c, const std::string& rules) {
  for (const Difference& d : c.differences)
    if (d.rules == rules) return d;
  throw std::runtime_error("no column " + rules);
}

const Cause* part_naming(const Comparison& c, const Difference& d, const std::string& text) {
  for (const Cause& p : d.parts)
    if (words(c, d, p).find(text) != std::string::npos) return &p;
  return nullptr;
}

// examples/example.sgf, checked by hand: under Tromp-Taylor the marked dead
// stones stand. White's B7 counts for White instead of Black (-2), Black's H7
// for Black (+2); Black's territory except the corner A9 (32 points) and
// White's except H7 (26) touch both colours then and count for no one:
// -2 + 2 - 32 + 26 = -6, B+2.5 to W+3.5.
TEST(Compare, TrompTaylorNamesTheDeadStonesLeftStanding) {
  const Comparison c = compare_rules(load("examples/example.sgf"), {});
  const Difference& tt = difference(c, "tromp-taylor");
  EXPECT_DOUBLE_EQ(tt.amount, -6);
  const Cause* b7 = part_naming(c, tt, "the dead white stone B7 counts for Black; under Tromp-Taylor rules, for White");
  const Cause* h7 = part_naming(c, tt, "the dead black stone H7 counts for White; under Tromp-Taylor rules, for Black");
  const Cause* black = part_naming(c, tt, "points of Black's territory");
  const Cause* white = part_naming(c, tt, "points of White's territory");
  ASSERT_TRUE(b7 && h7 && black && white);
  EXPECT_DOUBLE_EQ(b7->amount, -2);
  EXPECT_DOUBLE_EQ(h7->amount, 2);
  EXPECT_DOUBLE_EQ(black->amount, -32);
  EXPECT_EQ(black->points.size(), 32u);
  EXPECT_DOUBLE_EQ(white->amount, 26);
  EXPECT_NE(words(c, tt, *black).find("(+32 for White under Tromp-Taylor rules)"), std::string::npos) << words(c, tt, *black);
}

// tests/data/two_sekis.txt: the seki eyes A9, A1 (Black's) and E9, E1
// (White's) count under Chinese rules and for no one under Japanese rules,
// which leaves the margin as it is; the odd shared liberties C9 and C1 are
// non-scoring under Mays' convention, half a point each under Ing's.
TEST(Compare, SekiPointsAreNamedWithWhomTheyCountFor) {
  const Comparison c = compare_rules(load("tests/data/two_sekis.txt"), {});
  const Difference& jp = difference(c, "japanese");
  const Cause* eyes = part_naming(c, jp, "Under Chinese rules the seki eyes A1, A9, E1 and E9 count for Black (A1 and A9) "
                                      "and for White (E1 and E9); under Japanese rules, for no one (points in a seki "
                                      "are no one's) (no change to the margin)");
  ASSERT_TRUE(eyes);
  EXPECT_EQ(eyes->kind, Cause::Kind::kPointsCounted);
  const Cause* halves = part_naming(c, difference(c, "ing"), "shared liberties C1 and C9 count for no one; under Ing "
                                                          "rules, half to each side");
  EXPECT_TRUE(halves);
}

// tests/data/teire.txt: A1 is a teire, no one's under Japanese rules (W+2),
// Black's territory as OGS counts it (W+1).
TEST(Compare, AColumnCountsTerritoryAsOgsDoes) {
  std::string error;
  const std::vector<RuleVariant> columns{*parse_rule_variant("japanese", &error),
                                         *parse_rule_variant("japanese:territory=enclosed", &error)};
  const Comparison c = compare_rules(load("tests/data/teire.txt"), {}, columns);
  EXPECT_EQ(c.results[0].scored.count.result(), "W+2");
  EXPECT_EQ(c.results[1].scored.count.result(), "W+1");
  EXPECT_EQ(c.results[1].label, "japanese:territory=enclosed");
  const Difference& ogs = difference(c, "japanese:territory=enclosed");
  EXPECT_EQ(ogs.amount, 1);
  EXPECT_TRUE(part_naming(c, ogs, "Under Japanese rules the point still to be filled (teire) A1 counts for no one (they "
                                  "are filled before counting); under Japanese rules with territory as OGS counts it, "
                                  "for Black"));
}

// Dead stones left standing may also enclose a territory for their own
// side: the words say so, not that the points reach both colours, and on the
// side where the stones stand (tests/data/tt_enclosed_by_dead.txt).
TEST(Compare, TrompTaylorSaysWhereTheStandingStonesLeaveThePoints) {
  for (const bool tt_first : {false, true}) {
    std::vector<RuleVariant> columns = {*parse_rule_variant("chinese", nullptr),
                                        *parse_rule_variant("tromp-taylor", nullptr)};
    if (tt_first) std::swap(columns[0], columns[1]);
    const Comparison c = compare_rules(load("tests/data/tt_enclosed_by_dead.txt"), {}, columns);
    const Difference& d = c.differences[0];
    const Cause* e = part_naming(c, d, "territory E2, E3 and E4 count for");
    ASSERT_TRUE(e);
    const std::string w = words(c, d, *e);
    EXPECT_EQ(w.find("reach both colours"), std::string::npos) << w;
    const std::string tt = "for White, the dead stones left standing around them making them reach White only";
    EXPECT_NE(w.find(tt_first ? "count " + tt + "; under Chinese rules, for Black" : "under Tromp-Taylor rules, " + tt),
              std::string::npos)
        << w;
  }
}

// A diagram holds the position, not the moves: the stones placed are named, never a move order.
TEST(Compare, ADiagramIsNeverToldItsMoveOrder) {
  const Comparison c = compare_rules(load("examples/race.txt"), {});
  const Difference& jp = difference(c, "japanese");
  const Cause* stones = part_naming(c, jp, "the stones each side placed");
  ASSERT_TRUE(stones);
  EXPECT_EQ(stones->kind, Cause::Kind::kStonesPlaced);
  EXPECT_NE(words(c, jp, *stones).find("a diagram holds the position, not the moves played"), std::string::npos) << words(c, jp, *stones);
  for (const Difference& d : c.differences)
    for (const Cause& p : d.parts) {
      EXPECT_EQ(words(c, d, p).find("out of turn"), std::string::npos) << words(c, d, p);
      EXPECT_EQ(words(c, d, p).find("played the last move"), std::string::npos) << words(c, d, p);
    }
}

// A tie is told as each column's rules decide it: Ing's even game gives it
// to Black (B+0), where Chinese rules call it a draw (tests/data/ing_tie.txt,
// checked by hand). It once read "Ing rules: Draw", beside a table saying B+0.
TEST(Compare, ATieIsToldAsEachColumnsRulesDecideIt) {
  ScoreRequest r;
  r.estimate = EstimateMode::kOff;
  const Game g = load("tests/data/ing_tie.txt");
  std::string text = comparison_text(compare_rules(g, r), {"ing_tie.txt", 0});
  EXPECT_NE(text.find("Ing rules: B+0 (Black wins the tie), 0.5 points better for White:"), std::string::npos) << text;
  EXPECT_EQ(text.find("Draw"), std::string::npos) << text;

  r.komi = 8;  // Chinese and New Zealand rules draw; Ing's tie is Black's
  std::vector<RuleVariant> columns;
  for (const char* spec : {"chinese", "nz", "ing"}) columns.push_back(*parse_rule_variant(spec, nullptr));
  text = comparison_text(compare_rules(g, r, columns), {"ing_tie.txt", 0});
  EXPECT_NE(text.find("New Zealand rules: the same margin."), std::string::npos) << text;
  EXPECT_NE(text.find("Ing rules: B+0, the same margin, but Black wins the tie (under Chinese rules, the tie is a draw)"),
            std::string::npos)
      << text;
  // A column with its own tie rule is told apart from one that draws.
  // score's paragraph on the other family says the same.
  ScoreRequest ing = r;
  ing.rules = find_rules("ing");
  const Scored s = score_game(g, ing);
  EXPECT_NE(score_text(g, s, {"ing_tie.txt", 0})
                .find("the result would be Draw,\nthe same margin, but the tie is a draw (under Ing rules, Black wins the tie)."),
            std::string::npos)
      << score_text(g, s, {"ing_tie.txt", 0});
  columns.push_back(*parse_rule_variant("nz:tie=white", nullptr));
  text = comparison_text(compare_rules(g, r, columns), {"ing_tie.txt", 0});
  EXPECT_NE(text.find("New Zealand rules: the same margin."), std::string::npos) << text;
  EXPECT_NE(text.find("New Zealand rules with tie white: W+0, the same margin, but White wins the tie"),
            std::string::npos)
      << text;
}

// A dead stone inside a seki differs twice between the families: its
// point (no one's under the 1989 rules) and the stone (no prisoner there,
// which the stones placed take it for). Each part says which.
TEST(Compare, ADeadStoneInsideASekiIsItsPointAndItsStone) {
  const std::vector<RuleVariant> columns = {*parse_rule_variant("japanese", nullptr),
                                            *parse_rule_variant("chinese", nullptr)};
  const Comparison c = compare_rules(load("tests/data/seki_dead_stone.txt"), {}, columns);
  EXPECT_EQ(c.results[0].scored.count.result(), "B+7");
  EXPECT_EQ(c.results[1].scored.count.result(), "B+4");
  // The Mathematics of Scoring's Sj is that count (B+8 before: B7 taken as
  // a prisoner), with a term of its own for the stone.
  const Algebra& a = c.results[0].scored.algebra;
  EXPECT_DOUBLE_EQ(a.Sj, 7);
  EXPECT_DOUBLE_EQ(a.Sc, 4);
  const auto d = std::find_if(a.terms.begin(), a.terms.end(), [](const Algebra::Term& t) { return t.kind == AlgebraTerm::kSekiDead; });
  ASSERT_NE(d, a.terms.end());
  EXPECT_EQ(d->white, 1);
  EXPECT_DOUBLE_EQ(d->amount, 1);
  const Difference& cn = difference(c, "chinese");
  const Cause* stone = part_naming(c, cn, "the dead stone B7 inside a seki is no prisoner (Japanese Rules of 1989, "
                                          "article 9), where the stones placed count it as one");
  ASSERT_TRUE(stone);
  EXPECT_DOUBLE_EQ(stone->amount, 1);
  ASSERT_TRUE(part_naming(c, cn, "the dead white stone B7 counts for no one"));

  // Both by territory, the one counting as OGS does takes the stone (B+9).
  const std::vector<RuleVariant> ogs = {*parse_rule_variant("japanese", nullptr),
                                        *parse_rule_variant("japanese:territory=enclosed", nullptr)};
  const Comparison o = compare_rules(load("tests/data/seki_dead_stone.txt"), {}, ogs);
  EXPECT_EQ(o.results[1].scored.count.result(), "B+9");
  const Difference& enclosed = o.differences[0];
  for (const Cause& p : enclosed.parts) EXPECT_NE(p.kind, Cause::Kind::kUnexplained) << words(o, enclosed, p);
  const Cause* taken = part_naming(o, enclosed, "the dead stone B7 inside a seki is no prisoner (Japanese Rules of "
                                                "1989, article 9); under Japanese rules with territory as OGS counts "
                                                "it, a prisoner");
  ASSERT_TRUE(taken);
  EXPECT_DOUBLE_EQ(taken->amount, 1);
}

// With a handicap, one sentence says what each rule set gives White.
TEST(Compare, HandicapCompensationInOneSentence) {
  const Comparison c = compare_rules(load("tests/data/handicap2.sgf"), {});
  EXPECT_EQ(compensation_sentence(c),
            "White gets 2 points of handicap compensation (n) under Chinese and Ing rules, 1 under AGA rules (n-1) "
            "and none under Japanese, Korean, New Zealand and Tromp-Taylor rules, for Black's 2 handicap stones.");
}

// Sensei's Library, Ing Counting: Black 2 points unfilled, White 1 stone left
// over, komi 8 (4 stones): Black by 3. Totals: Black 186, White 175 of 361.
TEST(IngCounting, SenseisExample) {
  CountInput in = with_breakdown(hand("ing", 19, 19, 186, 175, 8), 36, 150, 30, 145);
  in.position = false;
  const Count c = ing_counting(in);
  EXPECT_DOUBLE_EQ(step(c, "Stones left in the container", Color::kBlack), 30);
  EXPECT_DOUBLE_EQ(step(c, "Komi stones placed", Color::kBlack), 4);
  EXPECT_DOUBLE_EQ(step(c, "Points left unfilled", Color::kBlack), 2);
  EXPECT_DOUBLE_EQ(step(c, "Stones left over", Color::kWhite), 1);
  EXPECT_EQ(c.result(), "B+3");
  // Komi 8, and Black wins a tie.
  const Count tie = ing_counting(with_breakdown(hand("ing", 19, 19, 184, 176, 8), 34, 150, 31, 145));
  EXPECT_EQ(tie.result(), "B+0");
  // Neutral points count half to each side: 183 + 1 - 8 against 176 + 1.
  const Count n = full_counting(hand("ing", 19, 19, 183, 176, 8, 0, 2));
  EXPECT_DOUBLE_EQ(*n.black, 176);
  EXPECT_DOUBLE_EQ(*n.white, 177);
}

TEST(SimplifiedHalf, WithoutTheTieBreakerTheMarginIsOffByHalf) {
  CountInput in = hand("chinese", 9, 9, 39, 42, 0.5, 3);
  in.tie_breaker = false;
  const Count c = simplified_half_counting(in);
  EXPECT_DOUBLE_EQ(c.margin, -6);  // -6.5 with the tie-breaker
  EXPECT_NE(count_note_text(c.note).find("off by 0.5"), std::string::npos);
  in.side[0].total_points = 42;  // ATP 42 - 1.5 = 40.5 = HCPP: a tie, White wins
  in.side[1].total_points = 39;
  EXPECT_EQ(simplified_half_counting(in).result(), "W+0");
  in.tie_breaker = true;
  EXPECT_EQ(simplified_half_counting(in).result(), "W+0.5");
}

// Only the 0.5 of a no-komi or handicap game is a tie-breaker to leave out:
// a komi of 2.5 is halved whole, and the label does not say otherwise.
TEST(SimplifiedHalf, AKomiThatIsNoTieBreakerIsNotSaidToBeLeftOut) {
  CountInput in = hand("chinese", 5, 5, 10, 15, 2.5);
  in.tie_breaker = false;
  const Count c = simplified_half_counting(in);
  EXPECT_DOUBLE_EQ(c.margin, -7.5);
  EXPECT_EQ(c.note.kind, CountNote::Kind::kNone);
  std::vector<std::string> labels;
  for (const Step& s : c.steps) labels.push_back(step_label(c, s));
  EXPECT_NE(std::find(labels.begin(), labels.end(), "Komi (or tie-breaker) (2.5 / 2)"), labels.end());
  in.komi = 0.5;
  const Count dropped = simplified_half_counting(in);
  labels.clear();
  for (const Step& s : dropped.steps) labels.push_back(step_label(dropped, s));
  EXPECT_NE(std::find(labels.begin(), labels.end(), "Komi (tie-breaker left out) (0 / 2)"), labels.end());
}

// A count by hand gives each side's prisoners as one number: its table says
// so, not that all of them were taken in play and no dead stone removed.
TEST(JapaneseCounting, PrisonersCountedByHandAreOneRow) {
  HandCount h;
  h.territory[0] = 20;
  h.territory[1] = 25;
  h.prisoners[0] = 10;
  h.prisoners[1] = 3;
  ScoreRequest r;
  r.rules = find_rules("japanese");
  const HandResult hr = count_by_hand(h, r);
  ASSERT_EQ(hr.counts.size(), 1u);
  const Count& c = hr.counts[0];
  EXPECT_DOUBLE_EQ(c.margin, 17 - 15 - 6.5);
  int prisoner_rows = 0;
  for (const Step& s : c.steps) {
    EXPECT_NE(s.id, StepId::kCaptures);
    EXPECT_NE(s.id, StepId::kDeadRemoved);
    if (s.id == StepId::kPrisoners) {
      EXPECT_EQ(step_label(c, s), "Prisoners (captured and dead)");
      EXPECT_DOUBLE_EQ(s.value, s.side == Color::kBlack ? 10 : 3);
      ++prisoner_rows;
    }
  }
  EXPECT_EQ(prisoner_rows, 2);
}

// A hand count's refusal is data, its words spelled as each front end names
// the numbers: the HTTP API and Python were told the command's flags
// (--black-territory), which neither takes.
TEST(HandCount, RefusalsNameTheNumbersAsEachFrontEndSpellsThem) {
  auto refusal = [](const HandCount& h, std::string_view rules) {
    ScoreRequest r;
    r.rules = find_rules(rules);
    try {
      count_by_hand(h, r);
    } catch (const HandRefusal& e) {
      return e;
    }
    ADD_FAILURE() << "not refused";
    return HandRefusal(HandRefusal::Kind::kNoTotal);
  };
  auto words = [](const HandRefusal& e) {
    return std::vector<std::string>{hand_refusal_text(e, FieldSpelling::kOption),
                                    hand_refusal_text(e, FieldSpelling::kField),
                                    hand_refusal_text(e, FieldSpelling::kKeyword)};
  };
  HandCount totals;
  totals.black = 40;
  const std::string given = "japanese rules count territory and prisoners: give ";
  EXPECT_EQ(words(refusal(totals, "japanese")),
            (std::vector<std::string>{
                given + "--black-territory and --white-territory (and --black-prisoners, --white-prisoners)",
                given + "'black-territory' and 'white-territory' (and 'black-prisoners', 'white-prisoners')",
                given + "black_territory and white_territory (and black_prisoners, white_prisoners)"}));
  HandCount past;
  past.width = past.height = 9;
  past.black = 90;
  const std::string more = ": 90 total points are more than the board's 81 scoring points";
  EXPECT_EQ(words(refusal(past, "chinese")),
            (std::vector<std::string>{"--black" + more, "field 'black'" + more, "black" + more}));
  EXPECT_EQ(words(refusal(HandCount{}, "chinese")),
            (std::vector<std::string>{"give --black N and/or --white N total points (stones + territory)",
                                      "give 'black' and/or 'white' total points (stones + territory)",
                                      "give black and/or white total points (stones + territory)"}));
  past.black = 40;
  past.handicap = 82;
  EXPECT_EQ(words(refusal(past, "chinese"))[2], "handicap: 82 is more than the board's 81 points");
}

// AGA rules take one count at a time: by area (total points, or territory
// and stones) or by territory (territory and prisoners, the pass stones
// among them); two at once, or a method that does not count what was given,
// are refused naming the numbers as each front end spells them.
TEST(HandCount, AgaRulesTakeOneCountAtATime) {
  auto refused = [](const HandCount& h, const ScoreRequest& r) -> std::array<std::string, 3> {
    try {
      count_by_hand(h, r);
    } catch (const HandRefusal& e) {
      return {hand_refusal_text(e, FieldSpelling::kOption), hand_refusal_text(e, FieldSpelling::kField),
              hand_refusal_text(e, FieldSpelling::kKeyword)};
    } catch (const std::exception& e) {
      ADD_FAILURE() << "refused in words only: " << e.what();
      return {};
    }
    ADD_FAILURE() << "not refused";
    return {};
  };
  HandCount both = table17_by_territory();
  both.black = 24;
  both.white = 25;
  const std::string either = "aga rules count by area or by territory, one count at a time: give total points ";
  EXPECT_EQ(refused(both, aga_request()),
            (std::array<std::string, 3>{
                either + "(--black, --white), or territory and stones (--black-territory, --white-territory, "
                         "--black-stones, --white-stones), or territory and prisoners, a stone for every pass among "
                         "them (--black-territory, --white-territory, --black-prisoners, --white-prisoners)",
                either + "('black', 'white'), or territory and stones ('black-territory', 'white-territory', "
                         "'black-stones', 'white-stones'), or territory and prisoners, a stone for every pass among "
                         "them ('black-territory', 'white-territory', 'black-prisoners', 'white-prisoners')",
                either + "(black, white), or territory and stones (black_territory, white_territory, black_stones, "
                         "white_stones), or territory and prisoners, a stone for every pass among them "
                         "(black_territory, white_territory, black_prisoners, white_prisoners)"}));
  HandCount stones_too = table17_by_territory();
  stones_too.stones[0] = 18;
  stones_too.stones[1] = 20;
  EXPECT_EQ(refused(stones_too, aga_request())[0], refused(both, aga_request())[0]);
  HandCount territory_alone = table17_by_territory();  // stones or prisoners?
  territory_alone.prisoners[0] = territory_alone.prisoners[1] = std::nullopt;
  EXPECT_EQ(refused(territory_alone, aga_request())[0], refused(both, aga_request())[0]);
  EXPECT_EQ(refused(table17_by_territory(), aga_request(0, {"full"}))[0],
            "Full Counting counts stones and territory, not prisoners: give total points (--black, --white), or "
            "territory and stones (--black-territory, --black-stones, ...); territory and prisoners are AGA "
            "Counting's");
  HandCount totals;
  totals.width = totals.height = 7;
  totals.black = 24;
  totals.white = 25;
  EXPECT_EQ(refused(totals, aga_request(0, {"aga"}))[2],
            "AGA Counting of a count by hand counts territory and prisoners, a stone for every pass among them: "
            "give black_territory, white_territory, black_prisoners and white_prisoners");
}

// Ing's neutral points score half each: the counts name them so, not as
// Mays' non-scoring points (the margins are the same). 9x9, 40 to 40 with one
// neutral point, komi 8: 40.5 to 48.5, W+8.
TEST(IngCounting, NeutralPointsAreNamedAsScoringHalfEach) {
  const CountInput in = hand("ing", 9, 9, 40, 40, 8, 0, 1);
  auto labels = [](const Count& c) {
    std::vector<std::string> out;
    for (const Step& s : c.steps) out.push_back(step_label(c, s));
    return out;
  };
  const Count full = full_counting(in);
  EXPECT_DOUBLE_EQ(full.margin, -8);
  const auto f = labels(full);
  EXPECT_NE(std::find(f.begin(), f.end(), "Neutral points (counted half each)"), f.end());
  EXPECT_EQ(std::find(f.begin(), f.end(), "Non-scoring points"), f.end());
  const Count half = half_counting(in);
  EXPECT_DOUBLE_EQ(half.margin, -8);
  const auto h = labels(half);
  EXPECT_NE(std::find(h.begin(), h.end(), "Neutral points, half each (1 / 2)"), h.end());
  // Under Chinese rules the same point is Mays' non-scoring point.
  const auto cn = labels(half_counting(hand("chinese", 9, 9, 40, 40, 7.5, 0, 1)));
  EXPECT_NE(std::find(cn.begin(), cn.end(), "Non-scoring point (1 / 2)"), cn.end());
}

TEST(Methods, UnknownOrUnsuitableMethodsAreRefused) {
  EXPECT_THROW(resolve_methods({"quarter"}, *find_rules("chinese")), std::invalid_argument);
  EXPECT_THROW(resolve_methods({"half"}, *find_rules("japanese")), std::invalid_argument);
  EXPECT_EQ(resolve_methods({"all"}, *find_rules("japanese")).size(), 1u);
  EXPECT_EQ(resolve_methods({"all"}, *find_rules("aga")).size(), 7u);
  EXPECT_THROW(japanese_counting(hand("japanese", 9, 9, 40, 41, 6.5)), std::invalid_argument);
}

TEST(Rules, RuSpellingsInTheWild) {
  const std::map<std::string, std::string> want = {
      {"Chinese", "chinese"}, {"Japanese", "japanese"}, {"Korean", "korean"},     {"AGA", "aga"},
      {"GOE", "ing"},         {"Ing", "ing"},           {"NZ", "nz"},             {"New Zealand", "nz"},
      {"Tromp-Taylor", "tromp-taylor"}, {"Tromp/Taylor", "tromp-taylor"}, {"jp", "japanese"}, {"CN", "chinese"}};
  for (const auto& [ru, preset] : want) {
    const Rules* r = find_rules(ru);
    ASSERT_TRUE(r) << ru;
    EXPECT_EQ(r->name, preset) << ru;
  }
  EXPECT_FALSE(find_rules("Moon"));
  EXPECT_EQ(compensation_points(*find_rules("aga"), 4), 3);
  EXPECT_EQ(compensation_points(*find_rules("chinese"), 4), 4);
  EXPECT_EQ(compensation_points(*find_rules("chinese"), 1), 0);
  EXPECT_EQ(compensation_points(*find_rules("nz"), 4), 0);
}

}  // namespace
}  // namespace gocount
