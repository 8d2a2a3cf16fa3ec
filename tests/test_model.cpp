// The ownership model: its weights file checked on load, its forward pass
// equal to PyTorch's (train/train.py --tiny-test wrote tests/data/model/:
// a tiny random network, inputs, and PyTorch's outputs), and the planes it
// reads from a position.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "analysis/benson.h"
#include "analysis/estimate.h"
#include "analysis/features.h"
#include "analysis/model.h"
#include "board/symmetry.h"
#include "game/game.h"

namespace gocount {
namespace {

const std::string kDir = std::string(GOCOUNT_SOURCE_DIR) + "/tests/data/model/";

std::vector<uint8_t> bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string refusal(const std::vector<uint8_t>& bytes) {
  try {
    OwnershipModel::from_bytes(bytes, "m.bin");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

TEST(Model, ForwardPassEqualsPyTorchOnFixedInputs) {
  const OwnershipModel m = OwnershipModel::from_file(kDir + "tiny.bin");
  EXPECT_EQ(m.channels(), 16);  // the vectorised kernel
  EXPECT_EQ(m.blocks(), 2);
  const std::vector<uint8_t> cases = bytes_of(kDir + "cases.bin");
  ASSERT_GE(cases.size(), 4u) << "no " << kDir << "cases.bin";
  size_t pos = 0;
  auto u32 = [&]() {
    uint32_t v;
    std::memcpy(&v, &cases[pos], 4);
    pos += 4;
    return v;
  };
  const uint32_t count = u32();
  ASSERT_GE(count, 4u);
  for (uint32_t c = 0; c < count; ++c) {
    Features f;
    f.width = static_cast<int>(u32());
    f.height = static_cast<int>(u32());
    f.units = static_cast<int>(u32());
    const size_t area = static_cast<size_t>(f.width) * f.height;
    f.planes.assign(cases.begin() + pos, cases.begin() + pos + kFeaturePlanes * area);
    pos += kFeaturePlanes * area;
    f.unit.resize(area);
    std::memcpy(f.unit.data(), &cases[pos], 4 * area);
    pos += 4 * area;
    std::vector<float> want(area);
    std::memcpy(want.data(), &cases[pos], 4 * area);
    pos += 4 * area;
    std::vector<float> got;
    m.evaluate(f, got);
    ASSERT_EQ(got.size(), area);
    int differ = 0;
    for (size_t i = 0; i < area; ++i) differ += std::fabs(got[i] - want[i]) > 1e-4f;
    EXPECT_EQ(differ, 0) << "case " << c << " (" << f.width << "x" << f.height << ")";
  }
  EXPECT_EQ(pos, cases.size());
}

TEST(Model, WrongOrCorruptWeightsAreRefusedWithOneLine) {
  const std::vector<uint8_t> good = bytes_of(kDir + "tiny.bin");
  EXPECT_EQ(refusal(good), "");

  EXPECT_EQ(refusal({'h', 'e', 'l', 'l', 'o'}), "m.bin: not a gocount ownership model (no GOCNTOWN header)");
  std::vector<uint8_t> truncated(good.begin(), good.end() - 100);
  EXPECT_NE(refusal(truncated).find("truncated"), std::string::npos) << refusal(truncated);
  std::vector<uint8_t> flipped = good;
  flipped[flipped.size() / 2] ^= 0x40;
  EXPECT_EQ(refusal(flipped), "m.bin: checksum mismatch: the file is corrupt");
  std::vector<uint8_t> other_features = good;
  other_features[12] = 99;  // the feature version
  EXPECT_EQ(refusal(other_features), "m.bin: weights for feature version 99, this gocount computes version 1");
  for (const std::string& e : {refusal(truncated), refusal(flipped), refusal(other_features)})
    EXPECT_EQ(e.find('\n'), std::string::npos);

  try {
    OwnershipModel::from_file(kDir + "no-such-file.bin");
    FAIL();
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open the model file"), std::string::npos);
  }
}

// The judgement hands the model its pass-alive chains (found already):
// the features are those found from the position alone. Here a black group
// with two eyes (A1, C1) is pass-alive, which the planes show.
TEST(Model, FeaturesWithTheJudgementsPassAliveChains) {
  Board b(9, 9);
  for (const char* p : {"A2", "B2", "C2", "D2", "D1", "B1"}) b.play(Color::kBlack, parse_gtp_point(b, p));
  b.play(Color::kWhite, parse_gtp_point(b, "E5"));
  Features alone, given, none;
  compute_features(b, alone);
  compute_features(b, pass_alive(b), given);
  EXPECT_EQ(given.planes, alone.planes);
  EXPECT_EQ(given.unit, alone.unit);
  compute_features(b, std::vector<uint8_t>(b.padded_size(), 0), none);
  EXPECT_NE(none.planes, alone.planes);  // the chains' life is in the planes
}

// The AVX-512, AVX2 and plain versions of the forward pass give the same
// bits (so the answer does not depend on the processor): each version this
// processor can run, on a 19x19 position with chains, regions and eyes.
TEST(Model, EveryProcessorVersionGivesTheSameBits) {
  Board b(19, 19);
  const int moves[][2] = {{3, 3}, {15, 15}, {15, 3}, {3, 15}, {2, 5}, {16, 13}, {9, 9}, {10, 9}, {9, 10}, {10, 10},
                          {0, 1}, {1, 0}, {1, 1}, {2, 0}, {18, 17}, {17, 18}, {17, 17}, {4, 3}, {3, 4}, {4, 4}};
  Color c = Color::kBlack;
  for (const auto& m : moves) {
    b.play(c, b.vertex(m[0], m[1]));
    c = opponent(c);
  }
  Features f;
  compute_features(b, f);
  const KernelLevel best = best_kernel_level();
  std::vector<float> want;
  OwnershipModel::builtin().evaluate(f, want);
  for (KernelLevel level : {KernelLevel::kPlain, KernelLevel::kAvx2, KernelLevel::kAvx512}) {
    if (level > best) continue;
    set_model_kernel_level(level);
    std::vector<float> got;
    OwnershipModel::builtin().evaluate(f, got);
    ASSERT_EQ(got.size(), want.size());
    EXPECT_EQ(std::memcmp(got.data(), want.data(), 4 * want.size()), 0) << "level " << static_cast<int>(level);
  }
  set_model_kernel_level(best);
}

TEST(Model, BuiltinWeightsLoad) {
  const OwnershipModel& m = OwnershipModel::builtin();
  EXPECT_GT(m.channels(), 0);
  EXPECT_GT(m.blocks(), 0);
}

// The small position of Features.PlanesOfAHandPosition (drawn there).
Board corner_position() {
  return from_diagram(parse_diagram(
                          ". X O . .\n"
                          "X X O . .\n"
                          "O O O . .\n"
                          ". . . . .\n"
                          ". . . . .\n"))
      .board;
}

// EstimateOptions::model judges with the weights given, not the built-in
// ones: the model judge's ownership (no second opinion) is that network's,
// on the position's canonical image (board/symmetry.h).
TEST(Model, TheJudgeUsesTheWeightsItIsGiven) {
  const OwnershipModel tiny = OwnershipModel::from_file(kDir + "tiny.bin");
  const Board b = corner_position();
  const BoardImage image(b, canonical_symmetry(b));
  Features f;
  compute_features(image.board(), f);
  std::vector<float> want, builtin;
  tiny.evaluate(f, want);
  OwnershipModel::builtin().evaluate(f, builtin);
  want = image.row_major_from_image(want);
  builtin = image.row_major_from_image(builtin);
  EstimateOptions o;
  o.judge = Judge::kModel;
  o.second_opinion = 0;
  o.model = &tiny;
  // A point the exact rules decide (a chain that only dead chains enclose
  // lives for certain) is owned outright, +1 or -1; every other is the network's.
  auto expect_network = [](const std::vector<float>& got, const std::vector<float>& network) {
    ASSERT_EQ(got.size(), network.size());
    int compared = 0;
    for (size_t i = 0; i < got.size(); ++i) {
      if (std::abs(got[i]) == 1.0f) continue;
      EXPECT_EQ(got[i], network[i]) << i;
      ++compared;
    }
    EXPECT_GT(compared, static_cast<int>(got.size()) / 3);
  };
  expect_network(estimate(b, {}, {}, o).ownership, want);
  o.model = nullptr;
  expect_network(estimate(b, {}, {}, o).ownership, builtin);
  EXPECT_NE(want, builtin);
}

// The planes of a small position, checked by hand.
//
//     a b c d e
//   5 . X O . .
//   4 X X O . .      Black's corner chain B5 A4 B4 has one liberty, A5,
//   3 O O O . .      its one eye point, inside White's enclosure of four
//   2 . . . . .      points (A5 B5 A4 B4). White's chain has six.
//   1 . . . . .
TEST(Features, PlanesOfAHandPosition) {
  const Board b = corner_position();
  Features f;
  compute_features(b, f);
  ASSERT_EQ(f.planes.size(), static_cast<size_t>(kFeaturePlanes) * 25);
  auto plane = [&](int p, int x, int y) { return f.planes[p * 25 + y * 5 + x]; };
  const int black = kNeutralPlanes, white = kNeutralPlanes + kColourPlanes;
  EXPECT_EQ(plane(0, 4, 4), 1);          // on the board
  EXPECT_EQ(plane(1, 0, 0), 1);          // A5 empty
  EXPECT_EQ(plane(2, 0, 0), 1);          // first line
  EXPECT_EQ(plane(3, 1, 1), 1);          // B4 on the second line
  EXPECT_EQ(plane(4, 0, 0), 1);          // A5: an empty region of one point
  EXPECT_EQ(plane(black + 0, 1, 0), 1);  // B5 black
  EXPECT_EQ(plane(black + 1, 1, 0), 1);  // ... in atari (A5 its one liberty)
  EXPECT_EQ(plane(black + 5, 1, 0), 0);  // ... a chain of three, not one
  EXPECT_EQ(plane(black + 9, 0, 0), 1);  // A5: a region bordered by Black alone
  EXPECT_EQ(plane(black + 10, 0, 0), 1); // ... an eye point of Black's
  EXPECT_EQ(plane(white + 12, 0, 0), 1); // ... inside White's enclosure of 4 points
  EXPECT_EQ(plane(black + 15, 0, 1), 1); // A4's chain is beside one eye space
  EXPECT_EQ(plane(black + 16, 0, 1), 0); // ... not two
  EXPECT_EQ(plane(white + 0, 2, 0), 1);  // C5 white
  EXPECT_EQ(plane(white + 4, 2, 0), 1);  // ... with 4 liberties or more
  EXPECT_EQ(plane(white + 6, 2, 0), 1);  // ... a chain of 4 stones or more
  // The units: one per chain and per empty region.
  EXPECT_EQ(f.units, 4);  // A5, Black's chain, White's chain, the other empty points
}

}  // namespace
}  // namespace gocount
