// SGF reader: collections, game trees, raw property values, escapes,
// syntax errors with their line and column, recovery, and robustness.

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "sgf/charset.h"
#include "sgf/sgf.h"

namespace gocount::sgf {
namespace {

// The values of the first property `id` of a node.
std::vector<std::string> values(const GameTree& t, uint32_t node, std::string_view id) {
  std::vector<std::string> out;
  const std::optional<Property> p = t.find(node, id);
  if (!p) return out;
  for (uint32_t k = 0; k < p->value_count; ++k) out.emplace_back(t.value(*p, k));
  return out;
}

std::string value1(const GameTree& t, uint32_t node, std::string_view id) {
  const std::optional<Property> p = t.find(node, id);
  return p && p->value_count ? std::string(t.value(*p)) : std::string("<none>");
}

// Reads the first game, which must fail; returns the error.
Error first_error(std::string_view text) {
  Reader r(text);
  GameTree t;
  try {
    r.next(t);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << text;
  return Error("no error", 0, 0);
}

// ---------------------------------------------------------------- collections

TEST(SgfReader, CollectionOfSeveralGames) {
  const std::string text =
      "(;FF[4]GM[1]SZ[9];B[aa];W[bb])\n"
      "(;FF[4]SZ[13]PB[Alice];B[cc])\n"
      "(;GM[1];W[dd];B[ee];W[ff])";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.offset(), 0u);
  EXPECT_EQ(value1(t, 0, "SZ"), "9");
  EXPECT_EQ(value1(t, 2, "W"), "bb");

  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), 2u);  // nothing left over from the first game
  EXPECT_EQ(t.offset(), text.find("(;FF[4]SZ[13]"));
  EXPECT_EQ(value1(t, 0, "PB"), "Alice");
  EXPECT_EQ(value1(t, 1, "B"), "cc");

  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), 4u);
  EXPECT_EQ(value1(t, 3, "W"), "ff");
  EXPECT_FALSE(t.find(0, "SZ").has_value());

  EXPECT_FALSE(r.next(t));
  EXPECT_FALSE(r.next(t));  // stays at the end
  EXPECT_EQ(t.size(), 0u);
}

TEST(SgfReader, EmptyAndGameLessInputs) {
  for (const char* text : {"", "   \n\t", "no games here", "(not a game)", "(", ")", "[;]"}) {
    Reader r(text);
    GameTree t;
    EXPECT_FALSE(r.next(t)) << "'" << text << "'";
  }
}

TEST(SgfReader, TextBeforeTheFirstGameAndBetweenGamesIsIgnored) {
  const std::string text =
      "From: someone (a mail header); Subject: games [two]\n"
      "\n"
      "(;FF[4]C[first])\n"
      "-- some words between (games) --\n"
      "(;FF[4]C[second])\n"
      "trailing text";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(value1(t, 0, "C"), "first");
  EXPECT_EQ(t.offset(), text.find("(;FF[4]C[first]"));
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(value1(t, 0, "C"), "second");
  EXPECT_FALSE(r.next(t));
}

TEST(SgfReader, WhitespaceBetweenEverything) {
  const std::string text =
      "  \r\n ( \n ; FF [4] \t GM[1] \n AB [aa] \n [bb]\t[cc] \r\n"
      "  ( ; B [dd] ; W[ee] ) \n ( \t ;W[ff] ) \n ) \n";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(value1(t, 0, "FF"), "4");
  EXPECT_EQ(value1(t, 0, "GM"), "1");
  EXPECT_EQ(values(t, 0, "AB"), (std::vector<std::string>{"aa", "bb", "cc"}));
  EXPECT_EQ(value1(t, 1, "B"), "dd");
  EXPECT_EQ(value1(t, 2, "W"), "ee");
  EXPECT_EQ(value1(t, 3, "W"), "ff");
  EXPECT_EQ(t.node(0).property_count, 3u);
  EXPECT_FALSE(r.next(t));
}

// ---------------------------------------------------------------- trees

TEST(SgfTree, VariationsAreKeptAndMainLineFollowsTheFirst) {
  // Node numbers in reading order:
  //   0 root - 1 B[aa] -+- 2 W[bb] - 3 B[cc]
  //                     +- 4 W[dd] -+- 5 B[ee]
  //                                 +- 6 B[ff]
  const std::string text = "(;FF[4];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 7u);
  EXPECT_EQ(t.main_line(), (std::vector<uint32_t>{0, 1, 2, 3}));

  EXPECT_EQ(t.node(0).parent, kNone);
  EXPECT_EQ(t.node(0).first_child, 1u);
  EXPECT_EQ(t.node(0).next_sibling, kNone);
  EXPECT_EQ(t.node(1).parent, 0u);
  EXPECT_EQ(t.node(1).first_child, 2u);
  EXPECT_EQ(t.node(1).last_child, 4u);
  EXPECT_EQ(t.node(2).parent, 1u);
  EXPECT_EQ(t.node(2).next_sibling, 4u);
  EXPECT_EQ(t.node(3).parent, 2u);
  EXPECT_EQ(t.node(3).first_child, kNone);
  EXPECT_EQ(t.node(4).parent, 1u);
  EXPECT_EQ(t.node(4).next_sibling, kNone);
  EXPECT_EQ(t.node(4).first_child, 5u);
  EXPECT_EQ(t.node(5).next_sibling, 6u);
  EXPECT_EQ(t.node(6).parent, 4u);
  EXPECT_EQ(value1(t, 4, "W"), "dd");
  EXPECT_EQ(value1(t, 6, "B"), "ff");

  // Node offsets point at their ';'.
  for (uint32_t i = 0; i < t.size(); ++i) EXPECT_EQ(text[t.node(i).offset], ';') << i;
  EXPECT_EQ(t.node(4).offset, text.find(";W[dd]"));
}

TEST(SgfTree, VariationsRightAfterTheRoot) {
  const std::string text = "(;GM[1](;B[aa];W[bb])(;B[cc]))";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t.main_line(), (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(t.node(3).parent, 0u);
  EXPECT_EQ(t.node(1).next_sibling, 3u);
}

TEST(SgfTree, SequenceWithoutVariations) {
  Reader r("(;FF[4];B[aa];W[bb];B[];W[])");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.main_line(), (std::vector<uint32_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(value1(t, 3, "B"), "");
  EXPECT_EQ(t.find(3, "B")->value_count, 1u);
}

// A node that is one move is read on a short path (Reader::read_plain_move):
// whatever follows the move in its node, or a second value, is read as before.
TEST(SgfTree, AMoveAndWhatFollowsItInItsNode) {
  Reader r("(;FF[4];B[aa]\n;W[bb]C[x];B[cc] [dd];W[d\\]];B[ee]W[ff]\n;W[tt])");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 7u);
  EXPECT_EQ(values(t, 1, "B"), (std::vector<std::string>{"aa"}));
  EXPECT_EQ(t.node(2).property_count, 2u);
  EXPECT_EQ(value1(t, 2, "W"), "bb");
  EXPECT_EQ(value1(t, 2, "C"), "x");
  EXPECT_EQ(values(t, 3, "B"), (std::vector<std::string>{"cc", "dd"}));
  EXPECT_EQ(value1(t, 4, "W"), "d\\]");
  EXPECT_EQ(t.node(5).property_count, 2u);
  EXPECT_EQ(value1(t, 5, "W"), "ff");
  EXPECT_EQ(value1(t, 6, "W"), "tt");
  EXPECT_EQ(t.node(6).offset, std::string_view("(;FF[4];B[aa]\n;W[bb]C[x];B[cc] [dd];W[d\\]];B[ee]W[ff]\n").size());
}

// Runs of such nodes are read in one loop (Reader::read_plain_moves): each
// node, its offset, parent and children as the general path makes them,
// through spaces and line ends, up to a variation, a node with more in it,
// and a pass.
TEST(SgfTree, RunsOfPlainMovesKeepTheirTree) {
  const std::string text = "(;SZ[9];B[aa];W[bb]\r\n;B[cc] ;W[dd](;B[ee];W[ff])(;B[gg]C[x];W[hh];B[])\n)";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 10u);
  const std::vector<std::pair<std::string_view, std::string_view>> moves = {
      {"", ""}, {"B", "aa"}, {"W", "bb"}, {"B", "cc"}, {"W", "dd"}, {"B", "ee"}, {"W", "ff"},
      {"B", "gg"}, {"W", "hh"}, {"B", ""}};
  for (uint32_t i = 1; i < t.size(); ++i) {
    EXPECT_EQ(t.property(i, 0).id, moves[i].first) << i;
    EXPECT_EQ(value1(t, i, moves[i].first), moves[i].second) << i;
    EXPECT_EQ(text[t.node(i).offset], ';') << i;
  }
  EXPECT_EQ(t.node(3).offset, text.find(";B[cc]"));
  EXPECT_EQ(t.node(8).offset, text.find(";W[hh]"));
  EXPECT_EQ(t.main_line(), (std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(t.node(4).first_child, 5u);
  EXPECT_EQ(t.node(4).last_child, 7u);
  EXPECT_EQ(t.node(5).next_sibling, 7u);
  EXPECT_EQ(t.node(7).property_count, 2u);
  EXPECT_EQ(t.node(8).parent, 7u);
  EXPECT_EQ(t.node(9).parent, 8u);
  EXPECT_EQ(t.node(9).first_child, kNone);
  EXPECT_EQ(t.end(), text.size());
  // Such a node keeps no property of its own: the one it has is the text's,
  // found by its colour only.
  EXPECT_NE(t.plain_move(3), 0u);
  EXPECT_EQ(t.node(3).first_property, kNone);
  EXPECT_EQ(t.value(t.property(3, 0)).data(), text.data() + text.find(";B[cc]") + 3);
  EXPECT_EQ(t.property(3, 0).raw_id.data(), text.data() + text.find(";B[cc]") + 1);
  EXPECT_FALSE(t.find(3, "W").has_value());
  EXPECT_FALSE(t.find(3, "C").has_value());
  EXPECT_FALSE(t.find(3, "BB").has_value());
}

// Plain moves are written into the tree in runs of 64: a line longer than
// a run, broken by other nodes at and around a run's end, links every node
// to the one before, and the last to nothing.
TEST(SgfTree, LongRunsOfPlainMovesAcrossOtherNodes) {
  std::string text = "(;SZ[19]";
  for (int i = 1; i <= 200; ++i) text += i == 64 || i == 65 || i == 129 ? ";B[aa]C[x]" : (i % 2 ? ";B[pd]" : "\n;W[dd]");
  text += ")";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 201u);
  for (uint32_t i = 1; i <= 200; ++i) {
    EXPECT_EQ(t.node(i).parent, i - 1) << i;
    EXPECT_EQ(t.node(i - 1).first_child, i) << i;
    EXPECT_EQ(t.node(i - 1).last_child, i) << i;
    EXPECT_EQ(t.node(i).property_count, i == 64 || i == 65 || i == 129 ? 2u : 1u) << i;
    EXPECT_EQ(text[t.node(i).offset], ';') << i;
  }
  EXPECT_EQ(t.node(200).first_child, kNone);
  EXPECT_EQ(value1(t, 199, "B"), "pd");
  // The plain moves packed (a replay reads them so); 0 for the root and the
  // nodes with more.
  const uint32_t black_pd = 'B' | 'p' << 8 | 'd' << 16, white_dd = 'W' | 'd' << 8 | 'd' << 16;
  EXPECT_EQ(t.plain_move(0), 0u);
  EXPECT_EQ(t.plain_move(1), black_pd);
  EXPECT_EQ(t.plain_move(2), white_dd);
  EXPECT_EQ(t.plain_move(3), black_pd);
  EXPECT_EQ(t.plain_move(64), 0u);
  EXPECT_EQ(t.plain_move(65), 0u);
  EXPECT_EQ(t.plain_move(66), white_dd);
  EXPECT_EQ(t.plain_move(199), black_pd);
  EXPECT_EQ(t.plain_move(200), white_dd);
  EXPECT_EQ(value1(t, 65, "C"), "x");
}

// The reader takes two moves at a time where a record writes them with a
// line feed between (";B[pd]\n;W[dp]\n", KGS's earlier records) or with
// nothing (";B[pd];W[dp]", its later ones), and one at a time otherwise
// (a tab): the same tree each way, node for node, each node's offset its
// ';'. Among them nodes with more in them, passes, upper-case points, a
// colour that is no move, an odd move before a run's end, and the text's
// last bytes.
TEST(SgfTree, MovesReadTwoAtATimeMakeTheSameTree) {
  auto record = [](std::string_view gap) {
    std::string text = "(;SZ[19]";
    for (int i = 1; i <= 150; ++i) {
      text += i == 5 || i == 63 || i == 100 ? ";B[aa]C[x]" : i == 20 ? ";W[]" : i == 21 ? ";B[pD]" : i == 41 ? ";X[ab]"
              : i % 2 ? ";B[pd]" : ";W[dp]";
      text += gap;
    }
    return text + ";W[cc]" + std::string(gap) + ")";
  };
  // No value here holds a ';': the nodes start at the ';'s, in order.
  auto semicolons = [](const std::string& text) {
    std::vector<uint32_t> at;
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == ';') at.push_back(static_cast<uint32_t>(i));
    return at;
  };
  const std::string lf = record("\n");
  GameTree a;
  Reader ra(lf);
  ASSERT_TRUE(ra.next(a));
  ASSERT_EQ(a.size(), 152u);
  EXPECT_EQ(semicolons(lf)[150], a.node(150).offset);
  for (const std::string& other : {record("\t"), record(""), lf}) {
    GameTree b;
    Reader rb(other);
    ASSERT_TRUE(rb.next(b));
    ASSERT_EQ(b.size(), a.size());
    const std::vector<uint32_t> starts = semicolons(other);
    for (uint32_t i = 0; i < a.size(); ++i) {
      const Node &x = a.node(i), &y = b.node(i);
      EXPECT_EQ(std::tie(x.parent, x.first_child, x.last_child, x.next_sibling, x.move, x.property_count),
                std::tie(y.parent, y.first_child, y.last_child, y.next_sibling, y.move, y.property_count))
          << i;
      EXPECT_EQ(y.offset, starts[i]) << i;
      EXPECT_EQ(a.property(i, 0).id, b.property(i, 0).id) << i;
      EXPECT_EQ(a.value(a.property(i, 0)), b.value(b.property(i, 0))) << i;
    }
  }
  EXPECT_EQ(a.plain_move(150), static_cast<uint32_t>('W' | 'd' << 8 | 'p' << 16));
  EXPECT_EQ(a.plain_move(21), static_cast<uint32_t>('B' | 'p' << 8 | 'D' << 16));
  EXPECT_EQ(a.plain_move(41), 0u);
  EXPECT_EQ(value1(a, 151, "W"), "cc");
  EXPECT_EQ(a.node(151).first_child, kNone);
}

// OGS writes every move in a variation of its own ("(;W[df]\n(;B[gf]"): the
// same tree as the moves in one sequence, each move kept packed as a
// sequence keeps it (GameTree::plain_move), and a real branch's moves too.
TEST(SgfTree, AMoveAloneInAVariationIsKeptAsInASequence) {
  GameTree nested, flat;
  Reader rn("(;SZ[9];B[cc](;W[dd]\n(;B[ee]C[x]\n(;W[ff]\n(;B[]\n(;W[gg])))))");
  Reader rf("(;SZ[9];B[cc];W[dd]\n;B[ee]C[x]\n;W[ff]\n;B[]\n;W[gg])");
  ASSERT_TRUE(rn.next(nested));
  ASSERT_TRUE(rf.next(flat));
  ASSERT_EQ(nested.size(), 7u);
  ASSERT_EQ(flat.size(), nested.size());
  for (uint32_t i = 0; i < flat.size(); ++i) {
    const Node &x = flat.node(i), &y = nested.node(i);
    EXPECT_EQ(std::tie(x.parent, x.first_child, x.last_child, x.next_sibling, x.move, x.property_count),
              std::tie(y.parent, y.first_child, y.last_child, y.next_sibling, y.move, y.property_count))
        << i;
    for (uint32_t k = 0; k < x.property_count; ++k) {
      EXPECT_EQ(flat.property(i, k).id, nested.property(i, k).id) << i;
      EXPECT_EQ(flat.value(flat.property(i, k)), nested.value(nested.property(i, k))) << i;
    }
  }
  EXPECT_EQ(nested.plain_move(2), static_cast<uint32_t>('W' | 'd' << 8 | 'd' << 16));
  EXPECT_EQ(nested.plain_move(3), 0u);  // a comment too: the general way
  EXPECT_EQ(nested.plain_move(5), 0u);  // a pass
  EXPECT_EQ(value1(nested, 6, "W"), "gg");

  GameTree branch;
  Reader rb("(;SZ[9];B[cc](;W[dd])(;W[ee];B[ff]))");
  ASSERT_TRUE(rb.next(branch));
  ASSERT_EQ(branch.size(), 5u);
  EXPECT_EQ(branch.node(1).first_child, 2u);
  EXPECT_EQ(branch.node(1).last_child, 3u);
  EXPECT_EQ(branch.node(2).next_sibling, 3u);
  EXPECT_EQ(branch.node(2).first_child, kNone);
  EXPECT_EQ(branch.node(3).first_child, 4u);
  EXPECT_EQ(branch.node(4).parent, 3u);
  EXPECT_EQ(value1(branch, 2, "W"), "dd");
  EXPECT_EQ(value1(branch, 3, "W"), "ee");
  EXPECT_EQ(value1(branch, 4, "B"), "ff");
}

TEST(SgfTree, EmptyNodesAndFindReturnsTheFirstProperty) {
  Reader r("(;;C[a]C[b];)");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t.node(0).property_count, 0u);
  EXPECT_EQ(t.node(2).property_count, 0u);
  EXPECT_EQ(t.node(1).property_count, 2u);
  EXPECT_EQ(value1(t, 1, "C"), "a");
  EXPECT_EQ(t.value(t.property(1, 1)), "b");
  EXPECT_FALSE(t.find(1, "B").has_value());
}

// ---------------------------------------------------------------- values

TEST(SgfValues, RawWithEscapesKept) {
  const std::string text = "(;C[a \\] b \\\\ c\\\nd]GN[x\\:y]AB[aa][bb])";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(value1(t, 0, "C"), "a \\] b \\\\ c\\\nd");
  EXPECT_EQ(unescape(value1(t, 0, "C")), "a ] b \\ cd");
  EXPECT_EQ(value1(t, 0, "GN"), "x\\:y");
  EXPECT_EQ(unescape(value1(t, 0, "GN")), "x:y");
  EXPECT_EQ(values(t, 0, "AB"), (std::vector<std::string>{"aa", "bb"}));
}

// A value's end is looked for a word (8 bytes) at a time: escapes and the
// closing ']' at every place in a word, and close to the text's end.
TEST(SgfValues, EscapesAndEndsAtEveryPlaceInAWord) {
  for (int before = 0; before < 20; ++before) {
    for (int after = 0; after < 10; ++after) {
      const std::string comment = std::string(before, 'a') + "\\]" + std::string(after, 'b') + "\\\\";
      const std::string text = "(;C[" + comment + "]GN[" + std::string(after, 'c') + "])";
      Reader r(text);
      GameTree t;
      ASSERT_TRUE(r.next(t)) << text;
      EXPECT_EQ(value1(t, 0, "C"), comment) << text;
      EXPECT_EQ(value1(t, 0, "GN"), std::string(after, 'c')) << text;
      EXPECT_EQ(t.end(), text.size()) << text;
    }
  }
}

TEST(SgfValues, UnicodeAndBracketsInsideValues) {
  const std::string text = "(;PB[\xE5\xBC\xA0\xE4\xB8\x89]C[a (;B inside\nkeeps [this\\] too]W[bb])";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.size(), 1u);  // the "(;B" is text, not a variation
  EXPECT_EQ(value1(t, 0, "PB"), "\xE5\xBC\xA0\xE4\xB8\x89");
  EXPECT_EQ(value1(t, 0, "C"), "a (;B inside\nkeeps [this\\] too");
  EXPECT_EQ(value1(t, 0, "W"), "bb");
}

TEST(SgfValues, Unescape) {
  EXPECT_EQ(unescape("plain"), "plain");
  EXPECT_EQ(unescape("a\\]b"), "a]b");
  EXPECT_EQ(unescape("a\\\\b"), "a\\b");
  EXPECT_EQ(unescape("a\\:b"), "a:b");
  EXPECT_EQ(unescape("\\x"), "x");
  EXPECT_EQ(unescape("line one\nline two"), "line one\nline two");  // hard break kept
  EXPECT_EQ(unescape("soft\\\nbreak"), "softbreak");
  EXPECT_EQ(unescape("soft\\\r\nbreak"), "softbreak");
  EXPECT_EQ(unescape("soft\\\n\rbreak"), "softbreak");
  EXPECT_EQ(unescape("soft\\\rbreak"), "softbreak");
  EXPECT_EQ(unescape("two\\\n\nlines"), "two\nlines");  // only one break is soft
  EXPECT_EQ(unescape("end\\"), "end\\");
  EXPECT_EQ(unescape("\\\\\\]"), "\\]");
  EXPECT_EQ(unescape(""), "");
  // Into a held string: what it held is replaced.
  std::string held = "a longer text than the string keeps inline";
  unescape("a\\]b", held);
  EXPECT_EQ(held, "a]b");
  unescape("", held);
  EXPECT_EQ(held, "");
}

TEST(SgfValues, Escape) {
  EXPECT_EQ(escape("plain"), "plain");
  EXPECT_EQ(escape("a]b"), "a\\]b");
  EXPECT_EQ(escape("a\\b"), "a\\\\b");
  EXPECT_EQ(escape("a:b"), "a:b");
  EXPECT_EQ(escape("a:b", true), "a\\:b");
  EXPECT_EQ(escape("[x]"), "[x\\]");
  for (const std::string s : {"", "a]b\\c:d", "\\", "]]", "new\nline", "\\\n"}) {
    EXPECT_EQ(unescape(escape(s)), s);
    EXPECT_EQ(unescape(escape(s, true)), s);
  }
  // An escaped text read back through the reader gives the same text.
  const std::string text = "x]\\y\\\nz";
  const std::string sgf = "(;C[" + escape(text) + "])";
  Reader r(sgf);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(unescape(value1(t, 0, "C")), text);
}

TEST(SgfValues, LowerCaseLettersInIdsAreDropped) {
  Reader r("(;CoPyright[x]GaMe[1]\nFF[3]\n;Black[aa];W[bb])");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  const std::optional<Property> cp = t.find(0, "CP");
  ASSERT_TRUE(cp.has_value());
  EXPECT_EQ(cp->id, "CP");
  EXPECT_EQ(cp->raw_id, "CoPyright");
  EXPECT_EQ(t.value(*cp), "x");
  EXPECT_EQ(value1(t, 0, "GM"), "1");
  EXPECT_FALSE(t.find(0, "CoPyright").has_value());
  EXPECT_EQ(value1(t, 1, "B"), "aa");
  EXPECT_EQ(t.property(1, 0).raw_id, "Black");

  // The normalised ids survive moving the tree.
  GameTree moved = std::move(t);
  ASSERT_TRUE(moved.find(0, "CP").has_value());
  EXPECT_EQ(moved.find(0, "CP")->id, "CP");
  EXPECT_EQ(moved.find(1, "B")->id, "B");
}

// ---------------------------------------------------------------- errors

TEST(SgfErrors, UnterminatedValue) {
  // The error points at the '[' that is never closed.
  const std::string text = "(;FF[4]\n;C[this comment never\nends";
  const Error e = first_error(text);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 3u);
  EXPECT_EQ(e.offset, text.find("[this"));
  EXPECT_NE(std::string(e.what()).find("not closed"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("C"), std::string::npos) << e.what();
  EXPECT_EQ(std::string(e.what()).rfind("line 2, column 3: ", 0), 0u) << e.what();
}

TEST(SgfTolerant, MissingCloseParen) {
  // A cut file: what was read stands, and the tree says it was read so.
  Reader r("(;FF[4]\n;B[aa]\n;W[bb]\n");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(value1(t, 2, "W"), "bb");
  EXPECT_EQ(t.notes(), (std::vector<std::string>{
                           "the record ends without its closing ')' (1 missing): read as far as it goes"}));
  EXPECT_FALSE(r.next(t));
  EXPECT_TRUE(t.notes().empty());
}

TEST(SgfTolerant, MissingCloseParenOfAVariation) {
  Reader r("(;FF[4]\n(;B[aa])\n  (;W[bb]\n");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.main_line(), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(t.notes(), (std::vector<std::string>{
                           "the record ends without its closing ')' (2 missing): read as far as it goes"}));
  // An unclosed value is still an error: nothing says where it ends.
  EXPECT_NE(std::string(first_error("(;FF[4];C[cut").what()).find("not closed"), std::string::npos);
}

// A game never closed runs into the next game of its collection: a '('
// whose first node holds GM, FF or SZ (root properties alone) starts that
// game, not a variation.
TEST(SgfTolerant, AnUnclosedGameEndsWhereTheNextGameStarts) {
  const std::string text =
      "(;GM[1]SZ[9];B[ee](;W[cc]\n"
      "(;FF[4]SZ[9]KM[0.5];B[dd];W[];B[])\n"
      "(\r\nSZ[9]PB[Shin];B[aa])";  // a Nihon Ki-in root, no ';'
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.main_line(), (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(value1(t, 2, "W"), "cc");
  EXPECT_EQ(t.end(), text.find("(;FF[4]"));
  EXPECT_EQ(t.notes(), (std::vector<std::string>{"the record ends without its closing ')' (2 missing) where a new "
                                                 "game starts (line 2, column 1): read as far as it goes"}));
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.offset(), text.find("(;FF[4]"));
  EXPECT_EQ(t.size(), 4u);
  EXPECT_EQ(value1(t, 0, "KM"), "0.5");
  EXPECT_EQ(value1(t, 3, "B"), "");
  EXPECT_TRUE(t.notes().empty());
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.offset(), text.find("(\r\nSZ"));
  EXPECT_EQ(value1(t, 0, "PB"), "Shin");
  EXPECT_EQ(value1(t, 1, "B"), "aa");
  EXPECT_FALSE(r.next(t));

  // A variation of other properties is a variation, a root property's name
  // inside a value or after a comment's stray ']' included.
  const std::string variations =
      "(;GM[1]SZ[9];B[ee](;W[cc]C[x\\]SZ[9]N[x];B[dd])(;AB[aa]LB[bb:GM]C[a] SZ 19])(;W[dd]))";
  Reader v(variations);
  ASSERT_TRUE(v.next(t));
  EXPECT_EQ(t.size(), 6u);
  EXPECT_EQ(t.node(1).first_child, 2u);
  EXPECT_EQ(t.node(1).last_child, 5u);
  EXPECT_EQ(value1(t, 2, "C"), "x\\]SZ[9");
  EXPECT_EQ(value1(t, 4, "C"), "a] SZ 19");
  EXPECT_EQ(t.notes().size(), 1u);  // the stray ']', nothing else
  EXPECT_FALSE(v.next(t));
}

TEST(SgfTolerant, UnescapedBracketInATextValue) {
  // OGS writes PW[[\]=[]] for the name "[]=[]": the ']' after "=[" cannot
  // end the value (a ']' follows), so it is text; the tree keeps it as written.
  Reader r("(;FF[4]PB[KrKaRi]\nPW[[\\]=[]]\nBR[23k]C[a]b] c]RE[W+10.5];B[aa])");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(value1(t, 0, "PW"), "[\\]=[]");
  EXPECT_EQ(unescape(value1(t, 0, "PW")), "[]=[]");
  EXPECT_EQ(value1(t, 0, "BR"), "23k");
  EXPECT_EQ(value1(t, 0, "C"), "a]b] c");
  EXPECT_EQ(value1(t, 0, "RE"), "W+10.5");
  EXPECT_EQ(value1(t, 1, "B"), "aa");
  EXPECT_EQ(t.notes(), (std::vector<std::string>{"PW[[\\]=[]]: an unescaped ']' read as part of the text",
                                                 "C[a]b] c]: an unescaped ']' read as part of the text"}));
  // Not in a point, not across lines, not where no later ']' closes it.
  EXPECT_NE(std::string(first_error("(;FF[4];B[aa]]\n)").what()).find("unexpected ']'"), std::string::npos);
  EXPECT_EQ(first_error("(;PB[a]b\n]GN[x])").column, 8u);  // 'b' read as a property name
  EXPECT_EQ(first_error("(;PB[a]b)").column, 8u);
}

TEST(SgfErrors, OpenParenWithoutANode) {
  const Error e = first_error("(;FF[4]\n  (B[aa]))");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 3u);
  EXPECT_NE(std::string(e.what()).find("no node"), std::string::npos) << e.what();
}

TEST(SgfErrors, EmptyVariation) {
  const Error e = first_error("(;FF[4];B[aa]\n (;W[bb])( )\n)");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 10u);
  EXPECT_NE(std::string(e.what()).find("empty game tree '()'"), std::string::npos) << e.what();
}

TEST(SgfErrors, NodeAfterAVariation) {
  const Error e = first_error("(;FF[4](;B[aa])\n;W[bb])");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 1u);
  EXPECT_NE(std::string(e.what()).find("node after a variation"), std::string::npos) << e.what();
}

TEST(SgfErrors, StrayCharacters) {
  {
    const Error e = first_error("(;FF[4]\n;B[aa] 42)");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 8u);
    EXPECT_NE(std::string(e.what()).find("unexpected '4'"), std::string::npos) << e.what();
  }
  {
    const Error e = first_error("(;FF[4];B[aa]]\n)");
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, 14u);
    EXPECT_NE(std::string(e.what()).find("unexpected ']'"), std::string::npos) << e.what();
  }
  {
    const Error e = first_error(std::string("(;FF[4]\n\n;B[aa]\x01)"));
    EXPECT_EQ(e.line, 3u);
    EXPECT_EQ(e.column, 7u);
    EXPECT_NE(std::string(e.what()).find("byte 0x01"), std::string::npos) << e.what();
  }
}

TEST(SgfErrors, PropertyWithoutAValue) {
  {
    const Error e = first_error("(;FF[4]\n;B W[aa])");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 4u);  // where '[' was expected
    EXPECT_NE(std::string(e.what()).find("property B has no value"), std::string::npos) << e.what();
  }
  {
    const Error e = first_error("(;FF[4]\n;B)");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 3u);
    EXPECT_NE(std::string(e.what()).find("property B has no value"), std::string::npos) << e.what();
  }
  {
    const Error e = first_error("(;FF[4]GM");
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, 8u);  // at the end of the text: the id itself
    EXPECT_NE(std::string(e.what()).find("property GM has no value"), std::string::npos) << e.what();
  }
}

TEST(SgfErrors, IdWithoutUpperCaseLetter) {
  const Error e = first_error("(;FF[4]\n;add[aa])");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 2u);
  EXPECT_NE(std::string(e.what()).find("'add'"), std::string::npos) << e.what();
}

TEST(SgfErrors, LineAndColumnWithWindowsLineEnds) {
  const Error e = first_error("(;FF[4]\r\n;B[aa]\r\n;W[bb] ?)\r\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 8u);
}

TEST(SgfErrors, LineAndColumnWithOldMacLineEnds) {
  // CR alone ends a line too; CRLF is one line end, LF CR two.
  EXPECT_EQ(first_error("(;FF[4]\r;B[aa]\r;W[bb] ?)\r").line, 3u);
  const Error e = first_error("(;FF[4]\r\n;B[aa]\n\r;W[bb]\r?)");
  EXPECT_EQ(e.line, 5u);
  EXPECT_EQ(e.column, 1u);
}

TEST(SgfErrors, LinesCountedFromThePreviousAnswerInAnyOrder) {
  const std::string text = "(;FF[4]\n;B[aa]\r\n;W[bb]\r;B[cc]\n)";
  Reader r(text);
  using LC = std::pair<size_t, size_t>;
  EXPECT_EQ(r.line_column(text.find(";W")), LC(3, 1));
  EXPECT_EQ(r.line_column(text.find("bb")), LC(3, 4));  // on the same line, after
  EXPECT_EQ(r.line_column(text.find(";W")), LC(3, 1));  // the same again
  EXPECT_EQ(r.line_column(text.find(";B[aa]")), LC(2, 1));  // behind: counted afresh
  EXPECT_EQ(r.line_column(text.find(";B[cc]")), LC(4, 1));
  EXPECT_EQ(r.line_column(text.size()), LC(5, 2));
  EXPECT_EQ(r.line_column(text.find('\n', text.find("aa"))), LC(2, 8));  // the LF of a CRLF: still line 2
}

TEST(SgfErrors, ReaderResumesAtTheNextGame) {
  const std::string text =
      "(;FF[4]GM[1];B[aa])\n"
      "(;FF[4]GM[1];B[bb] % ;W[cc])\n"
      "(;FF[4]GM[1];W[dd])\n";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(value1(t, 1, "B"), "aa");
  try {
    r.next(t);
    FAIL() << "the second game is broken";
  } catch (const Error& e) {
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, 20u);
    EXPECT_NE(std::string(e.what()).find("unexpected '%'"), std::string::npos) << e.what();
  }
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(value1(t, 1, "W"), "dd");
  EXPECT_EQ(t.offset(), text.find("(;FF[4]GM[1];W[dd]"));
  EXPECT_FALSE(r.next(t));
}

TEST(SgfErrors, ResumeSkipsTheVariationsOfTheBrokenGame) {
  // After the error in game 2 its variations "(;W[cc])" and "(;W[dd])" must
  // not be taken for new games; game 3 has root properties (SZ).
  const std::string text =
      "(;FF[4];B[aa])\n"
      "(;FF[4];B[bb] * (;W[cc])(;W[dd]))\n"
      "(;SZ[9];B[ee])\n";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_THROW(r.next(t), Error);
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(value1(t, 0, "SZ"), "9");
  EXPECT_EQ(value1(t, 1, "B"), "ee");
  EXPECT_FALSE(r.next(t));
}

TEST(SgfErrors, ErrorInTheLastGameThenEnd) {
  Reader r("(;FF[4];B[aa])(;FF[4];B[bb] ?");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_THROW(r.next(t), Error);
  EXPECT_FALSE(r.next(t));
}

// ---------------------------------------------------------------- quoting

TEST(QuoteInput, ShortTextAsItIs) {
  EXPECT_EQ(quote_input("6.5"), "6.5");
  EXPECT_EQ(quote_input(""), "");
  EXPECT_EQ(quote_input("\xE5\xBC\xA0\xE4\xB8\x89 caf\xC3\xA9"), "\xE5\xBC\xA0\xE4\xB8\x89 caf\xC3\xA9");  // UTF-8 kept
}

TEST(QuoteInput, ControlBytesAndNonUtf8Escaped) {
  EXPECT_EQ(quote_input("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(quote_input("line\nnext\r\t"), "line\\x0anext\\x0d\\x09");
  EXPECT_EQ(quote_input(std::string("nul\0", 4)), "nul\\x00");
  EXPECT_EQ(quote_input("\x7f"), "\\x7f");
  EXPECT_EQ(quote_input("\xC2\x9B"), "\\xc2\\x9b");    // C1 CSI, as UTF-8
  EXPECT_EQ(quote_input("\xff\xC3"), "\\xff\\xc3");    // not UTF-8, a cut sequence
  EXPECT_EQ(quote_input("\xC0\xAF"), "\\xc0\\xaf");    // overlong
}

TEST(QuoteInput, LongTextCutWithItsLength) {
  const std::string big(10'000'000, '9');
  const std::string q = quote_input(big);
  EXPECT_EQ(q, std::string(60, '9') + "... (10000000 bytes)");
  EXPECT_EQ(quote_input(std::string(60, 'x')), std::string(60, 'x'));  // exactly 60: whole
  // Cut at 60 characters, not bytes, never inside a character.
  std::string accents;
  for (int i = 0; i < 100; ++i) accents += "\xC3\xA9";
  EXPECT_EQ(quote_input(accents), accents.substr(0, 120) + "... (200 bytes)");
}

// ---------------------------------------------------------------- robustness

TEST(SgfRobust, DeeplyNestedVariations) {
  constexpr int kDepth = 100000;
  std::string text = "(;FF[4]";
  text.reserve(kDepth * 9 + 16);
  for (int i = 0; i < kDepth; ++i) text += i % 2 ? "(;W[bb]" : "(;B[aa]";
  text.append(kDepth + 1, ')');
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), static_cast<size_t>(kDepth + 1));
  const std::vector<uint32_t> line = t.main_line();
  ASSERT_EQ(line.size(), static_cast<size_t>(kDepth + 1));
  EXPECT_EQ(t.node(line.back()).parent, line[line.size() - 2]);
  EXPECT_EQ(value1(t, line.back(), "W"), "bb");
  EXPECT_FALSE(r.next(t));
}

TEST(SgfRobust, DeeplyNestedAndUnclosed) {
  constexpr int kDepth = 100000;
  std::string text = "(;FF[4]";
  for (int i = 0; i < kDepth; ++i) text += "(;B[aa]";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.size(), static_cast<size_t>(kDepth + 1));
  EXPECT_EQ(t.notes(), (std::vector<std::string>{
                           "the record ends without its closing ')' (100001 missing): read as far as it goes"}));
  EXPECT_FALSE(r.next(t));
}

TEST(SgfEncoding, Utf16WithAByteOrderMark) {
  // "(;PB[" U+5F20 U+1D11E (a surrogate pair) "])" in both byte orders.
  const std::u16string text = u"(;PB[\u5F20\U0001D11E])";
  std::string le = "\xFF\xFE", be = "\xFE\xFF";
  for (char16_t c : text) {
    le += static_cast<char>(c & 0xFF), le += static_cast<char>(c >> 8);
    be += static_cast<char>(c >> 8), be += static_cast<char>(c & 0xFF);
  }
  EXPECT_EQ(encoding_of(le), Encoding::kUtf16LE);
  EXPECT_EQ(encoding_of(be), Encoding::kUtf16BE);
  EXPECT_EQ(encoding_of("(;FF[4])"), Encoding::kUtf8);
  const std::string want = "(;PB[\xE5\xBC\xA0\xF0\x9D\x84\x9E])";
  EXPECT_EQ(utf16_to_utf8(le, Encoding::kUtf16LE), want);
  EXPECT_EQ(utf16_to_utf8(be, Encoding::kUtf16BE), want);
  // A lone surrogate and an odd last byte: U+FFFD each.
  EXPECT_EQ(utf16_to_utf8(std::string("\xFF\xFE\x00\xD8(\x00)", 7), Encoding::kUtf16LE), "\xEF\xBF\xBD(\xEF\xBF\xBD");
}

// Nihon Ki-in writes a record's root with no ';' before its properties.
TEST(SgfReader, ARootWithoutItsSemicolon) {
  Reader r("(\r\nTE[Cup]PB[Shin]\r\nRE[B+R]\r\n;B[pd];W[dp])(;SZ[9];B[ee])");
  GameTree t;
  ASSERT_TRUE(r.next(t));
  ASSERT_EQ(t.main_line().size(), 3u);
  ASSERT_TRUE(t.find(0, "PB").has_value());
  EXPECT_EQ(t.value(*t.find(0, "PB")), "Shin");
  EXPECT_EQ(t.value(*t.find(0, "RE")), "B+R");
  EXPECT_EQ(t.value(*t.find(2, "W")), "dp");
  EXPECT_EQ(t.notes(), (std::vector<std::string>{
                           "the root node has no ';' before its properties (as Nihon Ki-in writes it): read as if it had"}));
  ASSERT_TRUE(r.next(t));  // the next game, as before
  EXPECT_TRUE(t.notes().empty());
  EXPECT_FALSE(r.next(t));
  // Only the root: a later node needs its ';', and text that is no property stays outside.
  Reader later("(;B[aa]W[bb](C[x]))");
  EXPECT_THROW(later.next(t), Error);
  Reader prose("(see the diagram) (;SZ[9])");
  ASSERT_TRUE(prose.next(t));
  EXPECT_EQ(t.value(*t.find(0, "SZ")), "9");
}

// Shift-JIS for the tests below: 表 (0x95 0x5C) and ソ (0x83 0x5C) end in
// '\', 九段, 党毅飛, and the kana し.
const std::string kHyoSo = "\x95\x5C\x83\x5C", kKudan = "\x8B\xE3\x92\x69", kTo = "\x93\x7D\x8B\x42\x94\xF2",
                  kShi = "\x82\xB5";

TEST(SgfCharset, WhichTextsAreConvertedBeforeTheyAreRead) {
  EXPECT_EQ(charset_to_convert("(;PB[Lee])"), "");
  EXPECT_EQ(charset_to_convert("(;PB[\xE6\x9D\x8E])"), "");  // UTF-8
  // UTF-8 with a byte of a sequence lost to '?', as some archives have it.
  EXPECT_EQ(charset_to_convert("(;PB[\xE5\xA8\x84\xE6\xB4\x9B\xE5\xAE?]PW[\xE7\x89\x9B])"), "");
  EXPECT_EQ(charset_to_convert("(;CA[Shift_JIS]PB[" + kHyoSo + "])"), "CP932");
  EXPECT_EQ(charset_to_convert("(;CA[ ms_kanji ]PB[" + kHyoSo + "])"), "CP932");
  EXPECT_EQ(charset_to_convert("(;CA[gb2312]PB[\xC0\xEE])"), "GB18030");
  EXPECT_EQ(charset_to_convert("(;CA[EUC-KR]PB[\xC0\xCC])"), "CP949");
  EXPECT_EQ(charset_to_convert("(;CA[UTF-8]PB[\xC0\xEE])"), "");  // said UTF-8: read so, bytes mended later
  // No CA: Shift-JIS with kana is Shift-JIS; GB2312 (read as Shift-JIS:
  // half-width katakana) and Latin-1 are read as they are.
  EXPECT_EQ(charset_to_convert("(PB[" + kHyoSo + "]RE[" + kShi + "];B[aa])"), "CP932");
  EXPECT_EQ(charset_to_convert("(;PB[\xC0\xEE\xB2\xFD])"), "");
  EXPECT_EQ(charset_to_convert("(;PW[Jan Hrab\xE1nek])"), "");
  // No CA, and a character whose second byte, 0x5C, stands before a ']':
  // Big5 許功蓋 (0xB3 0x5C, 0xA5 0x5C, 0xBB 0x5C) ends a name; read as it is,
  // the '\' would escape the ']'. Big5 where it is all Big5, else GBK (乗 is
  // 0x81 0x5C there, not Big5); a Latin-1 letter before an escaped ']' is
  // read as it is where no double-byte charset reads the text.
  EXPECT_EQ(charset_to_convert("(;PB[\xB3\x5C\xA5\x5C\xBB\x5C]PW[x];B[aa])"), "CP950");
  EXPECT_EQ(charset_to_convert("(;PB[\x81\x5C\x81\x5C]PW[x];B[aa])"), "GB18030");
  EXPECT_EQ(charset_to_convert("(;C[caf\xE9\x5C]]PW[\xFF\xFF];B[aa])"), "");
}

TEST(SgfCharset, ConvertedBackItIsTheSameBytes) {
  const std::string sjis = "(;CA[Shift_JIS]PB[" + kHyoSo + "]BR[" + kKudan + "]PW[" + kTo + "])";
  const std::optional<std::string> utf8 = convert(sjis, "CP932", "UTF-8");
  ASSERT_TRUE(utf8);
  EXPECT_EQ(*utf8, "(;CA[Shift_JIS]PB[\xE8\xA1\xA8\xE3\x82\xBD]BR[\xE4\xB9\x9D\xE6\xAE\xB5]PW[\xE5\x85\x9A\xE6\xAF\x85\xE9\xA3\x9B])");
  EXPECT_EQ(convert(*utf8, "UTF-8", "CP932"), sjis);
  EXPECT_FALSE(convert("\x95", "CP932", "UTF-8"));  // cut short
  EXPECT_FALSE(convert("x", "NO-SUCH-CHARSET", "UTF-8"));
}

TEST(SgfRobust, LongMainLine) {
  constexpr int kMoves = 100000;
  std::string text = "(;FF[4]";
  for (int i = 0; i < kMoves; ++i) text += ";B[aa]";
  text += ")";
  Reader r(text);
  GameTree t;
  ASSERT_TRUE(r.next(t));
  EXPECT_EQ(t.main_line().size(), static_cast<size_t>(kMoves + 1));
}

TEST(SgfRobust, RandomInputAlwaysTerminates) {
  // Random texts over the SGF punctuation: every Reader must come to the end
  // (next() returns false) after a bounded number of calls, throwing only
  // sgf::Error on the way.
  std::mt19937 rng(4242u);
  const std::string alphabet = "(;)[]\\ABWab: \n\x01";
  int games = 0, errors = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const int len = static_cast<int>(rng() % 80);
    for (int i = 0; i < len; ++i) text += alphabet[rng() % alphabet.size()];
    if (round % 3 == 0) text = "(;FF[4]" + text;
    Reader r(text);
    GameTree t;
    bool ended = false;
    for (int call = 0; call <= len + 2 && !ended; ++call) {
      try {
        if (r.next(t)) {
          ++games;
          for (uint32_t i = 0; i < t.size(); ++i) {
            ASSERT_LT(t.node(i).offset, text.size());
            // A node starts at its ';', or a root without one at its first property.
            if (text[t.node(i).offset] != ';') {
              ASSERT_EQ(i, 0u);
              ASSERT_FALSE(t.notes().empty());
              ASSERT_EQ(t.notes()[0].rfind("the root node has no ';'", 0), 0u);
            }
          }
        } else {
          ended = true;
        }
      } catch (const Error& e) {
        ++errors;
        ASSERT_GE(e.line, 1u);
        ASSERT_LE(e.offset, text.size());
      }
    }
    ASSERT_TRUE(ended) << "reader did not finish on: " << text;
  }
  EXPECT_GT(games, 0);
  EXPECT_GT(errors, 0);
}

}  // namespace
}  // namespace gocount::sgf
