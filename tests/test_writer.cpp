// SGF written back without loss: the bytes an edit does not name are kept,
// by hand on small records and on every record in ../shared/data (skipped
// when the folder is absent); a record marked with the dead stones gocount
// found reads back to the same count.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "count/score.h"
#include "game/game.h"
#include "report/sgf_marks.h"
#include "sgf/writer.h"

namespace gocount {
namespace {

namespace fs = std::filesystem;

std::string rewrite(const std::string& text, std::vector<sgf::PropertyEdit> edits = {}) {
  sgf::Reader reader(text);
  sgf::GameTree tree;
  EXPECT_TRUE(reader.next(tree));
  return sgf::write_game(text, tree, edits);
}

// Spacing, line breaks, escapes, a soft line break, an unknown property, an
// FF[3] name, a compressed point list and a variation.
const std::string kRecord =
    "(;FF[4]GM[1]SZ[9]\r\n  KM[6.5]PW[Lee \\] Sedol]XX[private]\n"
    "C[a comment\\\nthat goes on]AddBlack[aa:bb]\n"
    ";B[cc] ;W[dd]\n  (;B[ee];W[]C[end])\n  (;B[ff]))";

TEST(Writer, NothingAskedGivesTheSameBytes) { EXPECT_EQ(rewrite(kRecord), kRecord); }

TEST(Writer, AReplacedPropertyStaysWhereItWas) {
  EXPECT_EQ(rewrite(kRecord, {{0, "KM", {"7.5"}}}),
            "(;FF[4]GM[1]SZ[9]\r\n  KM[7.5]PW[Lee \\] Sedol]XX[private]\n"
            "C[a comment\\\nthat goes on]AddBlack[aa:bb]\n"
            ";B[cc] ;W[dd]\n  (;B[ee];W[]C[end])\n  (;B[ff]))");
}

TEST(Writer, ANewPropertyComesAfterTheNodesLast) {
  const std::string out = rewrite(kRecord, {{0, "RE", {"B+3.5"}}, {4, "TB", {"aa", "ab"}}});
  EXPECT_EQ(out,
            "(;FF[4]GM[1]SZ[9]\r\n  KM[6.5]PW[Lee \\] Sedol]XX[private]\n"
            "C[a comment\\\nthat goes on]AddBlack[aa:bb]RE[B+3.5]\n"
            ";B[cc] ;W[dd]\n  (;B[ee];W[]C[end]TB[aa][ab])\n  (;B[ff]))");
}

TEST(Writer, AnFF3NameIsKeptAndRepeatsAreMerged) {
  EXPECT_EQ(rewrite("(;SZ[9]AddBlack[aa]AB[bb]C[x];B[cc])", {{0, "AB", {"aa", "bb", "dd"}}}),
            "(;SZ[9]AddBlack[aa][bb][dd]C[x];B[cc])");
  EXPECT_EQ(rewrite("(;SZ[9]C[x]GN[y];B[cc])", {{0, "C", {}}}), "(;SZ[9]GN[y];B[cc])");  // removed
  EXPECT_EQ(rewrite("(;;B[cc])", {{0, "KM", {"0"}}}), "(;KM[0];B[cc])");                // an empty node
}

// Nihon Ki-in writes a root with no ';'. The reader takes it as if it had
// one; an edited record gets it, so that strict readers read what we write.
TEST(Writer, ARootWithoutItsSemicolonGetsOneWhenEdited) {
  const std::string nihon_kiin = "(\r\nPB[a]PW[b]\r\n;B[pd])";
  EXPECT_EQ(rewrite(nihon_kiin), nihon_kiin);  // nothing asked: the same bytes
  EXPECT_EQ(rewrite(nihon_kiin, {{0, "RE", {"B+R"}}}), "(\r\n;PB[a]PW[b]RE[B+R]\r\n;B[pd])");
  EXPECT_EQ(rewrite(nihon_kiin, {{0, "PB", {"c"}}}), "(\r\n;PB[c]PW[b]\r\n;B[pd])");  // the first property replaced
  EXPECT_EQ(rewrite(nihon_kiin, {{0, "PB", {}}}), "(\r\n;PW[b]\r\n;B[pd])");          // or removed
  EXPECT_EQ(rewrite(nihon_kiin, {{1, "C", {"x"}}}), "(\r\n;PB[a]PW[b]\r\n;B[pd]C[x])");
  // What is written reads back with no note about the root.
  const std::string out = rewrite(nihon_kiin, {{0, "RE", {"B+R"}}});
  sgf::Reader reader(out);
  sgf::GameTree tree;
  ASSERT_TRUE(reader.next(tree));
  EXPECT_TRUE(tree.notes().empty());
  EXPECT_EQ(tree.size(), 2u);
}

TEST(Writer, TextValuesAreEscapedByTheCaller) {
  EXPECT_EQ(rewrite("(;C[old])", {{0, "C", {sgf::escape("old\n\ngocount: B+3.5 [checked]")}}}),
            "(;C[old\n\ngocount: B+3.5 [checked\\]])");
}

// A UTF-16 file (little- and big-endian, a character outside the BMP) read as
// UTF-8 and written back in its own encoding is the same bytes, and an edit
// lands in it as UTF-16.
TEST(Writer, AUtf16FileStaysUtf16) {
  const std::string utf8 = "(;FF[4]CA[UTF-16]C[\xE9\xBB\x92 \xF0\x9F\x98\x80]SZ[9];B[ee];W[])\n";
  for (sgf::Encoding e : {sgf::Encoding::kUtf16LE, sgf::Encoding::kUtf16BE}) {
    const std::string file = sgf::encode_as(utf8, e);
    ASSERT_EQ(sgf::encoding_of(file), e);
    const std::string read = sgf::utf16_to_utf8(file, e);
    ASSERT_EQ(read, utf8);
    sgf::Reader reader(read);
    sgf::GameTree tree;
    ASSERT_TRUE(reader.next(tree));
    EXPECT_EQ(sgf::encode_as(sgf::write_game(read, tree) + read.substr(tree.end()), e), file);
    const std::vector<sgf::PropertyEdit> edits{{0, "RE", {"B+2"}}};
    const std::string edited = sgf::encode_as(sgf::write_game(read, tree, edits), e);
    EXPECT_EQ(sgf::utf16_to_utf8(edited, e), "(;FF[4]CA[UTF-16]C[\xE9\xBB\x92 \xF0\x9F\x98\x80]SZ[9]RE[B+2];B[ee];W[])");
  }
  // The bundled UTF-16 record, byte for byte.
  std::ifstream in(std::string(GOCOUNT_SOURCE_DIR) + "/tests/data/utf16.sgf", std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string file = ss.str();
  const sgf::Encoding e = sgf::encoding_of(file);
  ASSERT_NE(e, sgf::Encoding::kUtf8);
  const std::string read = sgf::utf16_to_utf8(file, e);
  sgf::Reader reader(read);
  sgf::GameTree tree;
  ASSERT_TRUE(reader.next(tree));
  EXPECT_EQ(sgf::encode_as(read.substr(0, tree.offset()) + sgf::write_game(read, tree) + read.substr(tree.end()), e),
            file);
}

// Every record of every file in ../shared/data: each game, written back with
// nothing asked, is its own bytes, and the file is its games and what lies
// between them.
TEST(Writer, EverySharedRecordWrittenBackIsTheSameBytes) {
  const fs::path data = GOCOUNT_SHARED_DATA;
  if (!fs::exists(data)) GTEST_SKIP() << data << " is absent";
  int files = 0, games = 0, unreadable = 0, utf16 = 0;
  for (const auto& e : fs::recursive_directory_iterator(data)) {
    if (e.path().extension() != ".sgf") continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string bytes = ss.str();
    // A UTF-16 file is read as UTF-8 and written back in UTF-16.
    const sgf::Encoding encoding = sgf::encoding_of(bytes);
    const std::string text = encoding == sgf::Encoding::kUtf8 ? bytes : sgf::utf16_to_utf8(bytes, encoding);
    sgf::Reader reader(text);
    sgf::GameTree tree;
    std::string rebuilt;
    size_t pos = 0;
    for (;;) {
      try {
        if (!reader.next(tree)) break;
      } catch (const sgf::Error&) {
        ++unreadable;  // reported by the reader; the file is not rebuilt whole
        rebuilt.clear();
        pos = std::string::npos;
        continue;
      }
      ++games;
      const std::string game = sgf::write_game(text, tree);
      ASSERT_EQ(game, text.substr(tree.offset(), tree.end() - tree.offset())) << e.path();
      if (pos != std::string::npos) {
        rebuilt += text.substr(pos, tree.offset() - pos) + game;
        pos = tree.end();
      }
    }
    if (pos != std::string::npos) {
      EXPECT_EQ(sgf::encode_as(rebuilt + text.substr(pos), encoding), bytes) << e.path();
      utf16 += encoding != sgf::Encoding::kUtf8;
    }
    ++files;
  }
  std::cout << files << " files (" << utf16 << " in UTF-16), " << games << " games written back unchanged; "
            << unreadable << " games the reader refuses\n";
  EXPECT_GE(utf16, 1);
  EXPECT_GE(files, 3000);
  EXPECT_GE(games, 90000);
}

// Marked with the dead stones gocount found (TB/TW in the last node), a
// record reads back to the same count without the estimate, and every other
// property stays as it was.
TEST(Writer, AMarkedRecordReadsBackToTheSameCount) {
  const fs::path data = GOCOUNT_SHARED_DATA;
  if (!fs::exists(data)) GTEST_SKIP() << data << " is absent";
  int checked = 0, with_dead = 0;
  for (const char* file : {"kgs-6d-godmoves/kgs-19-2006.sgf", "ogs-9x9-teeny-go/japanese-01.sgf",
                           "ogs-9x9-teeny-go/chinese-01.sgf"}) {
    std::ifstream in(data / file, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    sgf::Reader reader(text);
    sgf::GameTree tree;
    for (int n = 0; n < 300 && reader.next(tree); ++n) {
      Game game;
      try {
        game = replay(tree, {rules_for(root_value(tree, "RU"), nullptr).suicide});
      } catch (const GameError&) {
        continue;
      }
      if (game.has_marks) continue;
      const Scored s = score_game(game, {});
      const std::string marked = sgf::write_game(text, tree, territory_marks(tree, s));
      sgf::Reader again(marked);
      sgf::GameTree back;
      ASSERT_TRUE(again.next(back)) << file << " game " << n;
      const Game g2 = replay(back, {rules_for(root_value(back, "RU"), nullptr).suicide});
      ScoreRequest marks_only;
      marks_only.estimate = EstimateMode::kOff;
      const Scored s2 = score_game(g2, marks_only);
      EXPECT_EQ(s2.count.margin, s.count.margin) << file << " game " << n;
      EXPECT_EQ(dead_source_name(s2.dead_from), "marks");
      EXPECT_EQ(s2.tally.black().dead + s2.tally.white().dead, s.tally.black().dead + s.tally.white().dead);
      with_dead += s.tally.black().dead + s.tally.white().dead > 0;
      // Everything but the last node's marks is as it was.
      ASSERT_EQ(back.size(), tree.size());
      const uint32_t last = tree.main_line().back();
      for (uint32_t i = 0; i < tree.size(); ++i) {
        if (i == last) continue;
        ASSERT_EQ(back.node(i).property_count, tree.node(i).property_count) << file << " game " << n;
        for (uint32_t k = 0; k < tree.node(i).property_count; ++k) {
          const sgf::Property& p = tree.property(i, k);
          const sgf::Property& q = back.property(i, k);
          ASSERT_EQ(p.raw_id, q.raw_id);
          for (uint32_t v = 0; v < p.value_count; ++v) ASSERT_EQ(tree.value(p, v), back.value(q, v));
        }
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 800);
  EXPECT_GE(with_dead, 100);
}

}  // namespace
}  // namespace gocount
