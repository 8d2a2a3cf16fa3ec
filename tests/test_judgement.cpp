// The hand-checked positions of tests/data/judgement (bench/POSITIONS.md):
// only what follows from exact rules gocount implements, whatever the
// learned model says (the model's verdicts are measured by bench_positions,
// not tested): pass-alive chains live, marks are kept, the bent four in the
// corner kills the chain around it, the seki classification finds the seki
// once the dead stones are off; and the same position is judged the same,
// bit for bit, twice or in two threads at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "analysis/benson.h"
#include "analysis/estimate.h"
#include "game/game.h"
#include "judgement_positions.h"
#include "report/words.h"

namespace gocount {
namespace {

namespace fs = std::filesystem;

using judgement::Position;

const std::vector<Position>& positions() {
  static const std::vector<Position> all =
      judgement::load_positions(fs::path(GOCOUNT_SOURCE_DIR) / "tests/data/judgement");
  return all;
}

const Position& position(const std::string& name) {
  for (const Position& p : positions())
    if (p.name == name) return p;
  throw std::runtime_error("no position " + name);
}

std::vector<Vertex> points(const Board& b, const std::vector<std::string>& names) {
  std::vector<Vertex> out;
  for (const std::string& n : names) out.push_back(parse_gtp_point(b, n));
  return out;
}

std::set<Vertex> chains_with(const Board& b, const Estimate& e, GroupStatus status) {
  std::set<Vertex> out;
  for (const ChainEstimate& c : e.chains)
    if (c.status == status) out.insert(b.chain_root(c.root));
  return out;
}

std::set<Vertex> roots(const Board& b, const std::vector<std::string>& names) {
  std::set<Vertex> out;
  for (Vertex v : points(b, names)) out.insert(b.chain_root(v));
  return out;
}

// Every stone of the board that is not in the chains named.
std::vector<Vertex> all_but(const Board& b, const std::set<Vertex>& chains) {
  std::vector<Vertex> out;
  b.for_each_point([&](Vertex v) {
    if (b.at(v) != Color::kEmpty && !chains.count(b.chain_root(v))) out.push_back(v);
  });
  return out;
}

EstimateOptions judge(Judge j) {
  EstimateOptions o;
  o.judge = j;
  return o;
}
const Judge kJudges[] = {Judge::kModel, Judge::kPlayouts};

// The data itself: legal boards, a kind, verdicts naming stones, no chain both
// dead and in seki, and no pass-alive chain expected dead.
TEST(Judgement, PositionsAreWellFormed) {
  ASSERT_GE(positions().size(), 30u);
  for (const Position& p : positions()) {
    SCOPED_TRACE(p.name);
    EXPECT_FALSE(p.kind.empty());
    const Board& b = p.game.board;
    b.for_each_point([&](Vertex v) {
      if (b.at(v) != Color::kEmpty) {
        EXPECT_GT(b.liberties(v), 0) << to_gtp(b, v);
      }
    });
    for (const std::string& n : p.dead) {
      const Vertex v = parse_gtp_point(b, n);
      ASSERT_NE(v, kNoVertex) << n;
      EXPECT_NE(b.at(v), Color::kEmpty) << n;
    }
    for (const std::string& n : p.seki) {
      const Vertex v = parse_gtp_point(b, n);
      ASSERT_NE(v, kNoVertex) << n;
      EXPECT_NE(b.at(v), Color::kEmpty) << n;
      EXPECT_FALSE(roots(b, p.dead).count(b.chain_root(v))) << n;
    }
    const std::vector<uint8_t> alive = pass_alive(b);
    for (Vertex v : points(b, p.dead)) EXPECT_FALSE(alive[v]) << to_gtp(b, v);
  }
}

// Benson's pass-alive chains are never judged dead, by either judge.
TEST(Judgement, PassAliveChainsStayAlive) {
  for (const Position& p : positions())
    for (Judge j : kJudges) {
      SCOPED_TRACE(p.name);
      const std::vector<uint8_t> alive = pass_alive(p.game.board);
      const Estimate e = estimate(p.game.board, {}, {}, judge(j));
      for (const ChainEstimate& c : e.chains)
        if (alive[c.root]) {
          EXPECT_NE(c.status, GroupStatus::kDead) << to_gtp(p.game.board, c.root);
        }
    }
}

// With every chain marked as the verdict says, the estimate keeps the marks;
// marked alive, the expected dead chains stay alive.
TEST(Judgement, MarkedChainsStayAsMarked) {
  for (const Position& p : positions())
    for (Judge j : kJudges) {
      SCOPED_TRACE(p.name);
      const Board& b = p.game.board;
      const std::set<Vertex> dead = roots(b, p.dead);
      const std::vector<Vertex> marked_dead = points(b, p.dead), rest = all_but(b, dead);
      EXPECT_EQ(chains_with(b, estimate(b, marked_dead, rest, judge(j)), GroupStatus::kDead), dead);
      const std::set<Vertex> kept = chains_with(b, estimate(b, {}, marked_dead, judge(j)), GroupStatus::kDead);
      for (Vertex r : dead) EXPECT_FALSE(kept.count(r)) << to_gtp(b, r);
    }
}

// Every chain of `name` but the one at `point` marked alive (so that no
// judge's verdict elsewhere changes the shape): for every judge, that chain
// alone is dead, and nothing is in seki.
void expect_only_dead_for_every_judge(const char* name, const char* point) {
  const Board& b = position(name).game.board;
  const Vertex chain = b.chain_root(parse_gtp_point(b, point));
  for (Judge j : kJudges) {
    const Estimate e = estimate(b, {}, all_but(b, {chain}), judge(j));
    EXPECT_EQ(chains_with(b, e, GroupStatus::kDead), std::set<Vertex>{chain}) << name;
    EXPECT_TRUE(chains_with(b, e, GroupStatus::kSeki).empty()) << name;
  }
}

// The bent four in the corner: White's B8 chain around it is dead.
TEST(Judgement, BentFourInTheCornerKillsTheChainAround) {
  expect_only_dead_for_every_judge("bent_four_corner", "B8");
}

// The square four (eye_shapes.h): White's C1 chain is dead, by the shape
// where the judge keeps it.
TEST(Judgement, ASquareFourIsOneEye) { expect_only_dead_for_every_judge("nakade_square_four", "C1"); }

// Big eye against small eye (eye_shapes.h): White's E3 chain is dead, not in seki.
TEST(Judgement, ASmallEyeLosesToABigEye) { expect_only_dead_for_every_judge("big_eye_vs_small_eye", "E3"); }

// Whether the dead chain `root` is enclosed by dead chains only: a flood
// from it over empty points and its own colour meets opponent stones, and
// every one of them is dead.
bool enclosed_by_dead(const Board& b, Vertex root, const std::set<Vertex>& dead) {
  const Color own = b.at(root);
  std::vector<uint8_t> seen(b.padded_size(), 0);
  std::vector<Vertex> stack{root};
  seen[root] = 1;
  bool met = false;
  while (!stack.empty()) {
    const Vertex p = stack.back();
    stack.pop_back();
    for (int d : b.directions()) {
      const Vertex q = p + d;
      if (seen[q] || b.at(q) == Color::kWall) continue;
      seen[q] = 1;
      if (b.at(q) == Color::kEmpty || b.at(q) == own) stack.push_back(q);
      else if (!dead.count(b.chain_root(q))) return false;
      else met = true;
    }
  }
  return met;
}

// No judge leaves a dead chain that only dead chains enclose: nothing
// living would be left to take it.
TEST(Judgement, NoDeadChainInsideOnlyDeadChains) {
  for (const Position& p : positions())
    for (Judge j : kJudges) {
      SCOPED_TRACE(p.name);
      const Board& b = p.game.board;
      const std::set<Vertex> dead = chains_with(b, estimate(b, {}, {}, judge(j)), GroupStatus::kDead);
      for (Vertex r : dead) EXPECT_FALSE(enclosed_by_dead(b, r, dead)) << to_gtp(b, r);
    }
}

// A race inside a dying group (handtalk1, top right): the playouts split
// on it, and used to call both White's corner group and Black's S19-T19
// inside it dead. White's group is dead; S19-T19 live, and where the judge
// called them dead too, say why.
TEST(Judgement, AChainInsideADyingGroupLives) {
  const Board& b = position("race_inside_dying_corner").game.board;
  const Vertex inside = b.chain_root(parse_gtp_point(b, "S19")), around = b.chain_root(parse_gtp_point(b, "Q18"));
  for (Judge j : {Judge::kPlayouts, Judge::kCascade}) {
    const Estimate e = estimate(b, {}, {}, judge(j));
    EXPECT_TRUE(chains_with(b, e, GroupStatus::kDead).count(around));
    const auto c = std::find_if(e.chains.begin(), e.chains.end(), [&](const ChainEstimate& c) { return c.root == inside; });
    ASSERT_NE(c, e.chains.end());
    EXPECT_EQ(c->status, GroupStatus::kAlive);
    if (c->reason.kind == Evidence::Kind::kJudge) continue;  // the judge keeps them alive itself
    EXPECT_EQ(c->reason.kind, Evidence::Kind::kEnclosedByDead);
    EXPECT_EQ(c->reason.points, std::vector<Vertex>{around});
  }
}

// A stone that lives only with its group (dies_with_its_group, bottom
// right): the playouts split on the group's race and see S1 die with it;
// the ownership model, which decides what the playouts leave unsettled,
// kills the group and kept S1, a lone stone then inside Black's area. The
// playouts judge (the default on 19x19) kills both, and says why, as
// unsure as the playouts were.
TEST(Judgement, AStoneAloneAmongItsDeadGroupDies) {
  const Board& b = position("dies_with_its_group").game.board;
  const Vertex stone = b.chain_root(parse_gtp_point(b, "S1")), group = b.chain_root(parse_gtp_point(b, "S6"));
  const Estimate e = estimate(b, {}, {}, judge(Judge::kPlayouts));
  const std::set<Vertex> dead = chains_with(b, e, GroupStatus::kDead);
  EXPECT_TRUE(dead.count(group));
  EXPECT_TRUE(dead.count(stone));
  const auto c = std::find_if(e.chains.begin(), e.chains.end(), [&](const ChainEstimate& c) { return c.root == stone; });
  ASSERT_NE(c, e.chains.end());
  if (c->reason.kind == Evidence::Kind::kJudge) return;  // the judge kills it itself
  EXPECT_EQ(c->reason.kind, Evidence::Kind::kAloneAmongDead);
  EXPECT_TRUE(std::count(c->reason.points.begin(), c->reason.points.end(), group));
  EXPECT_LT(c->confidence, 0.9);
  EXPECT_EQ(reason_text(b, *c).rfind("dies with its group: the white chains beside it (S6 and T10) are dead", 0), 0u)
      << reason_text(b, *c);
}

// Where a position names its sekis: with the dead stones marked dead and the
// rest alive, the classification finds exactly those sekis.
TEST(Judgement, SekiFoundOnceTheDeadStonesAreOff) {
  int sekis = 0;
  for (const Position& p : positions()) {
    if (!p.has_seki) continue;
    SCOPED_TRACE(p.name);
    const Board& b = p.game.board;
    const std::vector<Vertex> marked_dead = points(b, p.dead), rest = all_but(b, roots(b, p.dead));
    const Estimate e = estimate(b, marked_dead, rest);
    EXPECT_EQ(chains_with(b, e, GroupStatus::kSeki), roots(b, p.seki));
    sekis += !p.seki.empty();
  }
  EXPECT_GE(sekis, 5);
}

bool same(const Estimate& a, const Estimate& b) {
  if (a.dead != b.dead || a.ownership.size() != b.ownership.size() || a.chains.size() != b.chains.size()) return false;
  for (size_t i = 0; i < a.chains.size(); ++i)
    if (a.chains[i].status != b.chains[i].status || a.chains[i].confidence != b.chains[i].confidence) return false;
  return std::memcmp(a.ownership.data(), b.ownership.data(), a.ownership.size() * sizeof(float)) == 0;
}

std::vector<Estimate> judge_all(Judge j) {
  std::vector<Estimate> out;
  for (const Position& p : positions()) out.push_back(estimate(p.game.board, {}, {}, judge(j)));
  return out;
}

// Judged twice, and in two threads at once: the same dead stones and the same
// ownership, bit for bit.
TEST(Judgement, SameAnswerTwiceAndInTwoThreads) {
  for (Judge j : kJudges) {
    const std::vector<Estimate> first = judge_all(j), second = judge_all(j);
    std::vector<Estimate> t1, t2;
    std::thread a([&] { t1 = judge_all(j); }), b([&] { t2 = judge_all(j); });
    a.join();
    b.join();
    for (size_t i = 0; i < positions().size(); ++i) {
      SCOPED_TRACE(positions()[i].name);
      EXPECT_FALSE(first[i].ownership.empty());
      EXPECT_TRUE(same(first[i], second[i]));
      EXPECT_TRUE(same(first[i], t1[i]));
      EXPECT_TRUE(same(first[i], t2[i]));
    }
  }
}

}  // namespace
}  // namespace gocount
