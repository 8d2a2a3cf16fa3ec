// Layer 4: the learned ownership model: who ends up with each point of a
// final position, from the planes of features.h.
//
// A small residual network, trained by train/train.py (which writes the
// weights file this reads):
//
//   stem     x = relu(Ws f + bs)                      1x1, planes -> C channels
//   block    x += relu(conv3x3(x) + U mean_unit(x)     N times; mean_unit: the
//                      + G mean_board(x) + b)          mean over the point's
//                                                      chain or empty region
//   head     ownership = tanh(wh . x + bh)            +1 Black, -1 White
//
// The unit pooling lets a chain or a region of any size see itself whole in
// one step; the board mean gives every point the whole position.
//
// Weights file, little-endian: "GOCNTOWN", then u32 format version (1),
// feature version, planes, channels C, blocks N; then f32: Ws[C][planes],
// bs[C]; per block conv[C][C][3][3] (PyTorch's order), U[C][C], G[C][C],
// b[C]; wh[C], bh; then u32 FNV-1a of every byte before it. Anything else is
// refused with one line (ModelError).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/features.h"

namespace gocount {

// The forward pass's machine code: AVX-512, AVX2 (with FMA) or plain x86-64
// (any other processor: plain). All give the same bits; the best the
// processor has is used. Tests set a lower one to check that.
enum class KernelLevel { kPlain, kAvx2, kAvx512 };
KernelLevel best_kernel_level();
void set_model_kernel_level(KernelLevel level);  // at most the best; not thread-safe

class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OwnershipModel {
 public:
  // Throws ModelError naming what is wrong ("where" names the source).
  static OwnershipModel from_bytes(std::span<const uint8_t> bytes, const std::string& where);
  static OwnershipModel from_file(const std::string& path);
  // The weights built into gocount (models/ownership.bin).
  static const OwnershipModel& builtin();

  int channels() const { return channels_; }
  int blocks() const { return static_cast<int>(blocks_.size()); }

  // Ownership per point (row-major, f's board), in [-1, 1].
  void evaluate(const Features& f, std::vector<float>& ownership) const;

 private:
  struct Block {
    std::vector<float> conv;  // [tap][in][out]: the inner loop runs over outputs
    std::vector<float> unit, global;  // [in][out]
    std::vector<float> bias;
  };
  int channels_ = 0;
  std::vector<float> stem_;  // [plane][out]
  std::vector<float> stem_bias_;
  std::vector<Block> blocks_;
  std::vector<float> head_;
  float head_bias_ = 0;
};

}  // namespace gocount
