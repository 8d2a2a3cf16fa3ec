// The end position understood: seki, eyes, false eyes, dame, one-sided dame,
// teire, each checked by hand on a position drawn in the comment (GTP
// coordinates: A is the left column, row 1 the bottom row).
#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <set>
#include <span>
#include <sstream>
#include <utility>

#include "analysis/regions.h"
#include "count/score.h"
#include "report/report.h"
#include "report/svg.h"
#include "diagram/diagram.h"

namespace gocount {
namespace {

struct Position {
  Game game;
  Scored scored;
  PointClass at(const char* gtp) const {
    const Vertex v = parse_gtp_point(scored.tally.board, gtp);
    EXPECT_NE(v, kNoVertex) << gtp;
    return scored.tally.classes.cls[v];
  }
  std::set<std::string> with(PointClass c) const {
    std::set<std::string> out;
    const Board& b = scored.tally.board;
    b.for_each_point([&](Vertex v) {
      if (scored.tally.classes.cls[v] == c) out.insert(to_gtp(b, v));
    });
    return out;
  }
  std::string result() const { return scored.count.result(); }
};

Position score_text(const std::string& text, const char* rules) {
  Position p{from_diagram(parse_diagram(text)), {}};
  ScoreRequest r;
  r.rules = find_rules(rules);
  r.estimate = EstimateMode::kOff;  // the classification of the position as marked
  p.scored = score_game(p.game, r);
  return p;
}

Position score(const std::string& rows, const char* rules) { return score_text("komi: 0\n" + rows, rules); }

// A diagram in tests/data.
Position score_file(const std::string& name, const char* rules) {
  std::ifstream in(std::string(GOCOUNT_SOURCE_DIR) + "/tests/data/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return score_text(text.str(), rules);
}

// goscorer's README example, 5x5. Top: Black's group has one eye (B5), the
// white stones D4 and E5 have none; D5 and E4 are liberties of both: a seki,
// and so is Black's lower right group (one eye, E2, and the liberty E4).
// White's left group has two eyes (B2, A1) and lives.
//
//     A B C D E
//   5 X . X . O
//   4 X X X O .
//   3 O O O X X
//   2 O . O X .
//   1 . O O X X
const char* kReadme5x5 = "X.X.O\nXXXO.\nOOOXX\nO.OX.\n.OOXX\n";

TEST(Classify, GoscorerReadmeSeki) {
  const Position jp = score(kReadme5x5, "japanese");
  EXPECT_EQ(jp.with(PointClass::kSharedLiberty), (std::set<std::string>{"D5", "E4"}));
  EXPECT_EQ(jp.with(PointClass::kSekiEye), (std::set<std::string>{"B5", "E2"}));
  EXPECT_EQ(jp.with(PointClass::kTerritory), (std::set<std::string>{"B2", "A1"}));
  EXPECT_EQ(jp.at("D4"), PointClass::kSekiStone);
  EXPECT_EQ(jp.at("A5"), PointClass::kSekiStone);
  EXPECT_EQ(jp.at("C3"), PointClass::kStone);
  // Japanese: no territory in seki: Black 0, White 2.
  EXPECT_EQ(jp.result(), "W+2");
  // Chinese: the seki eyes count (Black 10 stones + 2 eyes = 12, White 9 + 2
  // territory = 11). D5 and E4 lie apart, but both are liberties of White's
  // D4 and E5, so the four chains are one seki with two shared liberties:
  // filled evenly, one each (Mays), 13 + 12 = 25, no non-scoring point.
  const Position cn = score(kReadme5x5, "chinese");
  EXPECT_EQ(cn.scored.tally.classes.sekis.size(), 1u);
  EXPECT_DOUBLE_EQ(cn.scored.input.black().total_points, 13);
  EXPECT_DOUBLE_EQ(cn.scored.input.white().total_points, 12);
  EXPECT_EQ(cn.scored.input.non_scoring, 0);
  EXPECT_EQ(cn.result(), "B+1");
}

// Mays, Example 3 (Tables 13/14), rebuilt from its description in two parts
// (the diagram did not survive): "Both White and Black have one eye each ...
// White has valid points in the five false eyes ... one shared liberty,
// a non-scoring point". First the seki: Black's A7-B6 group has the eye A7,
// White's C6-F6 group the eye E7, and C7 is their one shared liberty.
//
//     A B C D E F G
//   7 . X . O . O X
//   6 X X O O O O X
//   5 O O X X X X X
//   4 O O X . . . .
//   3 . O X . . . .
//   2 O O X . . . .
//   1 . O X . . . .
//
// Chinese: Black 14 stones + the eye A7 + 16 territory = 31; White 14 stones
// + the eye E7 + A3, A1 = 17; C7 is a non-scoring point: 31 + 17 + 1 = 49.
TEST(Classify, MaysExample3SekiWithOneEyeEachAndOneSharedLiberty) {
  const std::string rows = ".X.O.OX\nXXOOOOX\nOOXXXXX\nOOX....\n.OX....\nOOX....\n.OX....\n";
  const Position cn = score(rows, "chinese");
  EXPECT_EQ(cn.with(PointClass::kSharedLiberty), (std::set<std::string>{"C7"}));
  EXPECT_EQ(cn.with(PointClass::kSekiEye), (std::set<std::string>{"A7", "E7"}));
  EXPECT_EQ(cn.scored.input.black().total_points, 31);
  EXPECT_EQ(cn.scored.input.white().total_points, 17);
  EXPECT_EQ(cn.scored.input.non_scoring, 1);
  EXPECT_EQ(cn.result(), "B+14");
  // Japanese: the seki eyes are no territory: 16 - 2.
  EXPECT_EQ(score(rows, "japanese").result(), "B+14");
  EXPECT_EQ(score(rows, "japanese").scored.input.black().territory, 16);
}

// Mays' Table 13 as gocount writes it: the eyes filled become stones, the
// odd shared liberty stays vacant: 16 + 15 = 31 and 2 + 15 = 17.
TEST(Classify, MaysExample3TotalPointsInHisSteps) {
  const Position cn = score(".X.O.OX\nXXOOOOX\nOOXXXXX\nOOX....\n.OX....\nOOX....\n.OX....\n", "chinese");
  EXPECT_EQ(total_points_text(cn.game, cn.scored),
            "How to Determine the Total Points (Mays)\n"
            "  1. No dead stones to remove.\n"
            "  2. The seki eyes and false eyes are filled with black stones: A7.\n"
            "  3. The seki eyes and false eyes are filled with white stones: E7.\n"
            "  4. The shared liberties are filled evenly: left vacant, non-scoring: C7.\n"
            "  5. Vacant territory: Black 16, White 2.\n"
            "  6. Stones: Black 15, White 15, with the points filled in the seki.\n"
            "Black's total points: 31; White's total points: 17 (1 non-scoring).\n");
}

// Tromp-Taylor fills nothing: the eyes count where they reach one colour
// only, the shared liberty for no one, each point where it lies. And under
// Ing the shared liberty's half points are Ing's, not the Chinese 2002
// rules' (the steps once said both of these otherwise).
TEST(Classify, MaysExample3StepsUnderTrompTaylorAndIng) {
  const std::string rows = ".X.O.OX\nXXOOOOX\nOOXXXXX\nOOX....\n.OX....\nOOX....\n.OX....\n";
  const Position tt = score(rows, "tromp-taylor");
  EXPECT_EQ(total_points_text(tt.game, tt.scored),
            "How to Determine the Total Points (Mays)\n"
            "  1. The board counts as it stands: no stone is removed.\n"
            "  2. The seki eyes and false eyes reach black stones only and count for black: A7.\n"
            "  3. The seki eyes and false eyes reach white stones only and count for white: E7.\n"
            "  4. The shared liberties reach both colours: left vacant, non-scoring: C7.\n"
            "  5. Vacant territory: Black 17, White 3.\n"
            "  6. Stones: Black 14, White 14.\n"
            "Black's total points: 31; White's total points: 17 (1 non-scoring).\n");
  const Position ing = score(rows, "ing");
  EXPECT_NE(total_points_text(ing.game, ing.scored)
                .find("  4. The shared liberties count half a point to each side (Ing's neutral points): C7.\n"),
            std::string::npos)
      << total_points_text(ing.game, ing.scored);
}

// ... and White's five false eyes (D10, D8, D6, D4, D2): each is the last
// liberty of a white stone on the E file, so White must fill it. Under
// Chinese counting they are White's points (Mays fills them with White's
// stones); under Japanese counting they are not territory.
//
//     A B C D E F G H J
//  11 . . O O X X . . .
//  10 . . O . O X . . .       and so on down to row 1:
//   9 . . O O X X . . .       D on even rows a false eye, E a white stone
TEST(Classify, MaysExample3FiveFalseEyes) {
  std::string rows;
  for (int y = 0; y < 11; ++y) rows += y % 2 ? "..O.OX...\n" : "..OOXX...\n";
  const Position cn = score(rows, "chinese");
  EXPECT_EQ(cn.with(PointClass::kTeire), (std::set<std::string>{"D10", "D8", "D6", "D4", "D2"}));
  EXPECT_EQ(cn.scored.input.white().territory, 22 + 5);
  EXPECT_EQ(cn.result(), "B+1");  // 33 + 17 stones against 27 + 22 stones
  const Position jp = score(rows, "japanese");
  EXPECT_EQ(jp.scored.input.white().territory, 22);
  EXPECT_EQ(jp.result(), "B+11");
}

// A dead white stone in Black's seki eye (B5 of the README board): under the
// Japanese rules of 1989 it is not a prisoner (the seki owns nothing); the
// servers' convention (--seki-dead-prisoners) counts it.
TEST(Classify, DeadStoneInsideASeki) {
  const std::string rows = "XoX.O\nXXXO.\nOOOXX\nO.OX.\n.OOXX\n";
  const Position p = score(rows, "japanese");
  EXPECT_EQ(p.at("B5"), PointClass::kSekiEye);
  EXPECT_EQ(p.scored.tally.white().dead_in_seki, 1);
  EXPECT_EQ(p.scored.input.black().dead_prisoners, 0);
  EXPECT_EQ(p.result(), "W+2");
  ScoreRequest r;
  r.rules = find_rules("japanese");
  r.estimate = EstimateMode::kOff;
  r.seki_dead_prisoners = true;
  const Scored s = score_game(p.game, r);
  EXPECT_EQ(s.input.black().dead_prisoners, 1);
  EXPECT_EQ(s.count.result(), "W+1");
}

// A dead stone in an eye takes a move to remove. The end of OGS game 235 of
// ogs-9x9-teeny-go/aga-01.sgf (OGS public records), its dead stones marked:
// White's group A8-D7 has the eye B6, which holds Black's dead A6, and
// shares A9 with Black's chain B9-G6, whose one eye is F8. With A6 off the
// board, White's A9 would leave it A6 and B6; with A6 standing, B6 alone;
// once White takes A6 at B6, A6 alone. Black's A9 would leave it F8. Nobody
// fills A9: both groups are in seki (the filling once let White fill it).
//
//     A B C D E F G H J
//   9 . X X X X X X X O
//   8 O X O X X . X O O
//   7 O O O O X X X O .
//   6 x . O O X X O O .
//   5 O O O X O O O . .
const char* kDeadStoneInAnEye =
    ".XXXXXXXO\nOXOXX.XOO\nOOOOXXXO.\nx.OOXXOO.\nOOOXOOO..\nXXXXXOxxO\n....XXOO.\n.....XO.O\n.....XXO.\n";

// Each point named is of its class.
void expect_classes(const Position& p, std::initializer_list<std::pair<const char*, PointClass>> want) {
  for (const auto& [point, cls] : want) EXPECT_EQ(p.at(point), cls) << point;
}

TEST(Classify, ADeadStoneInAnEyeLeavesOneEye) {
  const Position p = score(kDeadStoneInAnEye, "japanese");
  // A6: the dead stone's point; H6: White's other group, which lives.
  expect_classes(p, {{"A9", PointClass::kSharedLiberty}, {"C7", PointClass::kSekiStone}, {"E8", PointClass::kSekiStone},
                     {"B6", PointClass::kSekiEye}, {"A6", PointClass::kSekiEye}, {"F8", PointClass::kSekiEye},
                     {"H6", PointClass::kStone}});
  EXPECT_EQ(p.scored.tally.black().dead_in_seki, 1);  // A6: no prisoner (1989, article 9)
}

// Taking the dead stone first, where that is safe, is no loss: the end of
// OGS game 825 of japanese-01.sgf. White's J1 would leave H2-J2 only H3
// while Black's dead J3 stands, but White takes it at H3 (joining G3) and
// then fills J1; Black's H1 is then in atari and must connect at G1 (teire).
//
//     F G H J
//   3 X O . x
//   2 X X O O
//   1 . . X .
const char* kDeadStoneTakenFirst =
    "...XO....\n...XO....\n...XOOOO.\n.XXXOxxx.\n.XoXXOOx.\n.ooXoXOOO\n..oX.XO.x\noXoX.XXOO\n.Xo....X.\n";

TEST(Classify, ADeadStoneTakenFirstLeavesTheFillSafe) {
  const Position p = score(kDeadStoneTakenFirst, "japanese");
  expect_classes(p, {{"G1", PointClass::kTeire}, {"J1", PointClass::kOneSidedDame}});
  EXPECT_TRUE(p.with(PointClass::kSekiStone).empty());
}

// A taking that puts the taker in atari is none: the top of OGS game 1462
// of chinese-02.sgf. White's C8-E8 shares C9 and E9 with Black's chain
// around it; Black's D9 is marked dead. White's C9 would leave it E9 alone,
// and taking D9 at E9 first leaves it C9 alone: still a seki.
//
//     A B C D E F
//   9 O X . x . X
//   8 O X O O O X
//   7 O X X X X X
const char* kTakingIntoAtari =
    "OX.x.XXO.\nOXOOOXO.O\nOXXXXXOOO\nOOOXXXXO.\nOOOOXOOO.\nXOXOOOxOx\nXXXXXOxxx\n..X.XOOx.\n....XXO..\n";

TEST(Classify, ATakingIntoAtariIsNoTaking) {
  const Position p = score(kTakingIntoAtari, "japanese");
  expect_classes(p, {{"C9", PointClass::kSharedLiberty}, {"E9", PointClass::kSharedLiberty},
                     {"D8", PointClass::kSekiStone}, {"B7", PointClass::kSekiStone}});
}

// Mays, Example 4 (Table 15), rebuilt on 4 x 9: each group has one eye (A4,
// J4) and six liberties it shares with the other (D-F, rows 3-4). The text
// says "two eyes each": with two eyes apiece the groups would simply live and
// the six points be dame; as a seki, one eye each. Filled evenly, 3 each:
// 14 stones + 1 eye + 3 = 18 points each, as Mays counts.
//
//     A B C D E F G H J
//   4 . X X . . . O O .
//   3 X X X . . . O O O
//   2 X X X X O O O O O
//   1 X X X X X O O O O
const char* kMays4x9 = ".XX...OO.\nXXX...OOO\nXXXXOOOOO\nXXXXXOOOO\n";

TEST(Classify, MaysExample4SekiWithSixSharedLiberties) {
  const Position cn = score(kMays4x9, "chinese");
  EXPECT_EQ(cn.with(PointClass::kSharedLiberty).size(), 6u);
  EXPECT_EQ(cn.with(PointClass::kSekiEye), (std::set<std::string>{"A4", "J4"}));
  EXPECT_EQ(cn.scored.input.black().shared_filled, 3);
  EXPECT_EQ(cn.scored.input.black().total_points, 18);
  EXPECT_EQ(cn.scored.input.white().total_points, 18);
  EXPECT_EQ(cn.scored.input.non_scoring, 0);
  EXPECT_EQ(cn.result(), "Draw");
  // Japanese: a seki owns nothing.
  const Position jp = score(kMays4x9, "japanese");
  EXPECT_EQ(jp.scored.input.black().territory, 0);
  EXPECT_EQ(jp.scored.input.white().territory, 0);
}

// The same seki with a column of dame (J) between White's seki group and a
// black group that lives on its own (eyes M4, M2). Black takes those outside
// liberties; they stay dame, and the seki keeps its six shared liberties.
//
//     A B C D E F G H J K L M
//   4 . X X . . . O . O . X .
//   3 X X X . . . O O O . X X
//   2 X X X X O O O O O . X .
//   1 X X X X X O O O O . X X
const char* kSekiBesideDame = ".XX...O.O.X.\nXXX...OOO.XX\nXXXXOOOOO.X.\nXXXXXOOOO.XX\n";

TEST(Classify, SekiNextToAnOpenDame) {
  const Position p = score(kSekiBesideDame, "japanese");
  EXPECT_EQ(p.with(PointClass::kSharedLiberty).size(), 6u);
  EXPECT_EQ(p.with(PointClass::kDame), (std::set<std::string>{"K4", "K3", "K2", "K1"}));
  EXPECT_EQ(p.at("L4"), PointClass::kStone);       // the living black group
  EXPECT_EQ(p.at("J4"), PointClass::kSekiStone);   // White's seki group
  EXPECT_EQ(p.with(PointClass::kTerritory), (std::set<std::string>{"M4", "M2"}));
}

// Two living groups with a line of dame between them: no seki.
//
//     A B C D E
//   3 . X . O .
//   2 X X . O O
//   1 . X . O .
TEST(Classify, LivingGroupsBesideDameAreNotSeki) {
  const Position p = score(".X.O.\nXX.OO\n.X.O.\n", "japanese");
  EXPECT_TRUE(p.with(PointClass::kSekiStone).empty());
  EXPECT_EQ(p.with(PointClass::kDame), (std::set<std::string>{"C3", "C2", "C1"}));
  EXPECT_EQ(p.with(PointClass::kTerritory), (std::set<std::string>{"A3", "A1", "E3", "E1"}));
  EXPECT_EQ(p.scored.input.non_scoring, 3);  // the dame, under territory rules too
  EXPECT_EQ(p.result(), "Draw");
}

// A teire: White may fill the dame F4 (Black may not: E4 would be left in
// atari), and then Black must connect at D4. Under territory rules D4 is not
// Black's territory.
//
//     A B C D E F G H J
//   4 . . . . X . O . O
//   3 . . . X O O O O O
//   2 X X X X O . O . O
//   1 . . . X O O O O O
const char* kTeire = "....X.O.O\n...XOOOOO\nXXXXO.O.O\n...XOOOOO\n";

TEST(Classify, UnfilledTeireIsNotTerritory) {
  const Position jp = score(kTeire, "japanese");
  EXPECT_EQ(jp.with(PointClass::kTeire), (std::set<std::string>{"D4"}));
  EXPECT_EQ(jp.with(PointClass::kOneSidedDame), (std::set<std::string>{"F4"}));
  EXPECT_EQ(jp.scored.input.black().territory, 6 + 3);
  EXPECT_EQ(jp.scored.input.white().territory, 3);
  EXPECT_EQ(jp.result(), "B+6");
  // Area counting: the teire stone would stand there and count anyway.
  const Position cn = score(kTeire, "chinese");
  EXPECT_EQ(cn.scored.input.black().territory, 10);
  // The step picture names it a point still to be filled, not a false eye;
  // with no dead stones, their two steps are left out.
  const std::vector<Picture> steps = score_step_svgs(cn.game, cn.scored);
  ASSERT_EQ(steps.size(), 4u);
  EXPECT_EQ(steps[0].name, "final");
  EXPECT_EQ(steps[1].name, "seki");
  const std::string& svg = steps[1].svg;
  EXPECT_NE(svg.find("2. Points still to be filled (teire)"), std::string::npos) << svg.substr(0, 800);
  EXPECT_NE(svg.find("1 point still to be filled (teire)"), std::string::npos) << svg.substr(0, 800);
  EXPECT_EQ(svg.find("false eye"), std::string::npos);
  for (const Picture& p : steps) EXPECT_EQ(p.svg.find("dead stones"), std::string::npos);
  EXPECT_NE(steps[3].svg.find("4. Chinese rules: "), std::string::npos);
}

// A double-ko seki (goscorer's test_double_ko, left part): A3 and C2 are kos
// that neither side can resolve by connecting; both groups live in seki, and
// their eyes are no territory under Japanese rules.
//
//     A B C D E F G
//   5 . X O O O X .
//   4 X X X X O X X
//   3 . X O X O O X
//   2 X O . O . O X
//   1 O O O O O O X
TEST(Classify, DoubleKoSeki) {
  const Position p = score(".XOOOX.....XOOOX.\nXXXXOXX...XXOXXXX\n.XOXOOX...XOOX.X.\n"
                           "XO.O.OX...XO.OXOX\nOOOOOOX...XO.OOOO\n",
                           "japanese");
  EXPECT_EQ(p.at("A5"), PointClass::kSekiEye);
  EXPECT_EQ(p.at("A3"), PointClass::kFalseEye);
  EXPECT_EQ(p.at("C2"), PointClass::kFalseEye);
  EXPECT_EQ(p.at("E2"), PointClass::kSekiEye);
  EXPECT_EQ(p.at("B4"), PointClass::kSekiStone);
  EXPECT_EQ(p.at("C5"), PointClass::kSekiStone);
  EXPECT_TRUE(p.scored.tally.classes.capturable.empty()) << "a ko, not a capture";
}

// A bent four in the corner (White's stone A5 inside Black's corner, B5 and A4
// empty). Japanese rules call the black group dead by special ruling, and
// under the others the attacker removes the ko threats and wins the ko
// (Mays): dead too. The classification does not read that from the shape:
// unmarked it is a seki, marked dead (as the judgement marks it: test_judgement)
// it is White's corner.
//
//     A B C D E F G
//   5 O . X O . . .
//   4 . X X O . . .
//   3 X X O O . . .
//   2 O O O . . . .
//   1 . . . . . . .
TEST(Classify, BentFourInTheCorner) {
  const std::string rows = "O.XO...\n.XXO...\nXXOO...\nOOO....\n.......\n";
  const Position unmarked = score(rows, "japanese");
  EXPECT_EQ(unmarked.with(PointClass::kSharedLiberty), (std::set<std::string>{"B5", "A4"}));
  EXPECT_EQ(unmarked.at("C5"), PointClass::kSekiStone);
  const Position marked = score("O.xO...\n.xxO...\nxxOO...\nOOO....\n.......\n", "japanese");
  EXPECT_EQ(marked.scored.tally.black().dead, 5);
  EXPECT_EQ(marked.at("B5"), PointClass::kTerritory);
  EXPECT_EQ(marked.at("A4"), PointClass::kTerritory);
  EXPECT_TRUE(marked.with(PointClass::kSekiStone).empty());
}

// Mays, Example 5 (tests/data/mays_example5.txt): the seki's two shared
// liberties are filled one each, so the totals are Mays' 24 and 25.
TEST(Classify, MaysExample5TotalsWithTheSharedLibertiesFilled) {
  const Position cn = score("X.XOOO.\n..XXOO.\n...XOOO\nXXXXOOO\nXOOOXO.\nXO..XO.\nXOXXXO.\n", "chinese");
  EXPECT_EQ(cn.with(PointClass::kSharedLiberty), (std::set<std::string>{"C2", "D2"}));
  EXPECT_EQ(cn.scored.input.black().total_points, 24);
  EXPECT_EQ(cn.scored.input.white().total_points, 25);
}

// tests/data/seki_three_shared.txt, a 9x9 game checked by hand: one seki in
// the top right corner, White's chain E9-J5 against Black's H8-J7, no eyes,
// three shared liberties apart from each other (s).
//
//     E F G H J
//   9 @ @ @ @ s      Either side may fill J9 and keep two liberties, yet J9
//   8 X @ s # #      is a liberty of both seki chains: a shared liberty like
//   7 @ @ @ @ #      G8 and J6, not a dame. One seki, three shared
//   6 X X @ @ s      liberties: 1 each, 1 non-scoring (Mays).
//   5 . X X @ @
//
// Black 22 stones + 13 territory (A6-C9, E5) + 1 = 36; White 24 stones + 19
// territory (A3, rows 1-2) + 1 = 44; 36 + 44 + 1 = 81. Komi 7.5: W+15.5.
TEST(Classify, ThreeSharedLibertiesApartAreOneSeki) {
  const Position p = score_file("seki_three_shared.txt", "chinese");
  EXPECT_EQ(p.with(PointClass::kSharedLiberty), (std::set<std::string>{"G8", "J9", "J6"}));
  EXPECT_TRUE(p.with(PointClass::kDame).empty());
  EXPECT_EQ(p.at("H8"), PointClass::kSekiStone);
  EXPECT_EQ(p.at("J5"), PointClass::kSekiStone);
  EXPECT_EQ(p.at("E8"), PointClass::kStone);
  ASSERT_EQ(p.scored.tally.classes.sekis.size(), 1u);
  EXPECT_EQ(p.scored.tally.classes.sekis[0].size(), 3u);
  EXPECT_EQ(p.scored.input.black().territory, 13);
  EXPECT_EQ(p.scored.input.white().territory, 19);
  EXPECT_EQ(p.scored.input.black().total_points, 36);
  EXPECT_EQ(p.scored.input.white().total_points, 44);
  EXPECT_EQ(p.scored.input.non_scoring, 1);
  EXPECT_EQ(p.result(), "W+15.5");
}

// tests/data/two_sekis.txt: two sekis, top left and bottom left, each of
// Mays' Example 3 shape (one eye each, one shared liberty). Two sekis with
// one shared liberty each are two non-scoring points (Mays), not one each.
//
//     A B C D E F G H J
//   9 . # s @ . @ X . .
//   8 # # @ @ @ @ X . .
//   7 O O X X X X X . .
//   6 . O X . . . X . .
//   5 O O X . . . X . .
//   4 . O X . . . X . .
//   3 O O X X X X X . .
//   2 # # @ @ @ @ X . .
//   1 . # s @ . @ X . .
//
// Black 26 stones + 29 territory (seki eyes A9, A1; D4-F6; H1-J9) = 55;
// White 20 stones + 4 territory (seki eyes E9, E1; A6, A4) = 24; C9 and C1
// non-scoring: 55 + 24 + 2 = 81.
TEST(Classify, TwoSekisWithOneSharedLibertyEach) {
  const Position cn = score_file("two_sekis.txt", "chinese");
  EXPECT_EQ(cn.with(PointClass::kSharedLiberty), (std::set<std::string>{"C9", "C1"}));
  EXPECT_EQ(cn.with(PointClass::kSekiEye), (std::set<std::string>{"A9", "E9", "A1", "E1"}));
  EXPECT_EQ(cn.scored.tally.classes.sekis.size(), 2u);
  EXPECT_EQ(cn.scored.input.black().total_points, 55);
  EXPECT_EQ(cn.scored.input.white().total_points, 24);
  EXPECT_EQ(cn.scored.input.non_scoring, 2);
}

// A passage between two seki chains: C2 touches only Black, D2 only White,
// yet the region is the seki's two shared liberties (Black may fill C2, and
// then neither side D2). One seki: 1 each, Black 4 stones + A2 + 1 = 6,
// White 4 + F2 + 1 = 6 of 12.
//
//     A B C D E F
//   2 . # s s @ .
//   1 # # # @ @ @
TEST(Classify, PassageBetweenSekiChainsIsSharedLiberties) {
  const Position cn = score(".X..O.\nXXXOOO\n", "chinese");
  EXPECT_EQ(cn.with(PointClass::kSharedLiberty), (std::set<std::string>{"C2", "D2"}));
  EXPECT_EQ(cn.scored.tally.classes.sekis.size(), 1u);
  EXPECT_EQ(cn.scored.input.black().total_points, 6);
  EXPECT_EQ(cn.scored.input.white().total_points, 6);
  EXPECT_EQ(cn.result(), "Draw");
}

// An open border: the middle of a large neutral area is "unsealed", not dame.
TEST(Classify, UnsealedArea) {
  const Position p = score("X......O\nX......O\nX......O\nX......O\n", "japanese");
  EXPECT_EQ(p.at("D2"), PointClass::kUnsealed);
  EXPECT_EQ(p.at("B2"), PointClass::kDame);
}

// ------------------------------------------------------------ the region pass

Board diagram_board(const std::string& rows) { return from_diagram(parse_diagram("komi: 0\n" + rows)).board; }

std::set<std::string> gtp_set(const Board& b, std::span<const Vertex> points) {
  std::set<std::string> out;
  for (Vertex v : points) out.insert(to_gtp(b, v));
  return out;
}

// The goscorer position again: six empty regions, numbered in board order
// of their first point (B5, D5, E4, B2, E2, A1).
//
//     A B C D E
//   5 X . X . O
//   4 X X X O .
//   3 O O O X X
//   2 O . O X .
//   1 . O O X X
TEST(Regions, EachRegionItsPointsColoursAndChains) {
  const Board b = diagram_board(kReadme5x5);
  Regions r;
  r.flood(b);
  ASSERT_EQ(r.count(), 6);
  auto id = [&](const char* gtp) { return r.of(parse_gtp_point(b, gtp)); };
  EXPECT_EQ(id("B5"), 0);
  EXPECT_EQ(id("D5"), 1);
  EXPECT_EQ(id("E4"), 2);
  EXPECT_EQ(id("B2"), 3);
  EXPECT_EQ(id("E2"), 4);
  EXPECT_EQ(id("A1"), 5);
  EXPECT_EQ(id("A5"), Regions::kNone);  // a stone
  // B5: Black's A5-C4 chain and C5 are one chain; only Black touches it.
  EXPECT_EQ(r.owner(0), Color::kBlack);
  EXPECT_EQ(r.chains(0).size(), 1u);
  // D5 touches Black's C5 chain and White's D4 and E5: neutral, three chains.
  EXPECT_EQ(r.owner(1), Color::kEmpty);
  EXPECT_TRUE(r.borders_both(1));
  EXPECT_EQ(r.chains(1).size(), 3u);
  // E2 (inside Black's D3-E1 group, one chain) and B2 (White's).
  EXPECT_EQ(r.owner(4), Color::kBlack);
  EXPECT_EQ(r.owner(3), Color::kWhite);
  EXPECT_TRUE(r.borders(3, Color::kWhite));
  EXPECT_FALSE(r.borders(3, Color::kBlack));
  for (int i = 0; i < r.count(); ++i) EXPECT_EQ(r.size(i), 1) << i;
}

// A region's points and the chains beside it, each once however many sides
// touch it: the 2x2 hole inside the ring.
//
//     A B C D E
//   5 . . . . .
//   4 . O O O O
//   3 . O . . O
//   2 . O . . O
//   1 . O O O O
TEST(Regions, ALargerRegionListsEachPointAndChainOnce) {
  const Board b = diagram_board(".....\n.OOOO\n.O..O\n.O..O\n.OOOO\n");
  Regions r;
  r.flood(b);
  ASSERT_EQ(r.count(), 2);
  EXPECT_EQ(r.size(0), 9);  // the L outside: A1-A5, B5-E5
  EXPECT_EQ(gtp_set(b, r.points(1)), (std::set<std::string>{"C2", "C3", "D2", "D3"}));
  EXPECT_EQ(r.points(1).size(), 4u);
  ASSERT_EQ(r.chains(1).size(), 1u);
  EXPECT_EQ(r.chains(1)[0], b.chain_root(parse_gtp_point(b, "B3")));
  EXPECT_EQ(r.owner(1), Color::kWhite);
}

// One Regions flooded again for another position (another size too) keeps
// nothing of the one before.
TEST(Regions, FloodedAgainForgetsThePositionBefore) {
  Regions r;
  const Board first = diagram_board(".....\n.OOOO\n.O..O\n.O..O\n.OOOO\n");
  r.flood(first);
  const Board second = diagram_board(kReadme5x5);
  r.flood(second);
  EXPECT_EQ(r.count(), 6);
  const Board empty(3, 2);
  r.flood(empty);
  ASSERT_EQ(r.count(), 1);
  EXPECT_EQ(r.size(0), 6);
  EXPECT_EQ(r.owner(0), Color::kEmpty);  // touched by nobody
  EXPECT_FALSE(r.borders(0, Color::kBlack));
  EXPECT_TRUE(r.chains(0).empty());
  r.flood(second);
  EXPECT_EQ(r.count(), 6);
  EXPECT_EQ(r.chains(1).size(), 3u);
}

// classify reads the pass it is given: the same classification as flooding
// its own, on a position with a seki.
TEST(Regions, ClassifyFromAHeldPassAgreesWithItsOwn) {
  const Board b = diagram_board(kReadme5x5);
  Regions r;
  r.flood(diagram_board(".....\n.OOOO\n.O..O\n.O..O\n.OOOO\n"));  // warm, another position
  r.flood(b);
  const Classification held = classify(b, r), own = classify(b);
  EXPECT_EQ(held.cls, own.cls);
  EXPECT_EQ(held.owner, own.owner);
  EXPECT_EQ(held.sekis, own.sekis);
  EXPECT_EQ(held.cls[parse_gtp_point(b, "D5")], PointClass::kSharedLiberty);
}

}  // namespace
}  // namespace gocount
