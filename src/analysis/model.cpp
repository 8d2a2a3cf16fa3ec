#include "analysis/model.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <iterator>

namespace gocount {

// The weights built into the library (generated from models/ownership.bin).
std::span<const uint8_t> builtin_model_bytes();

namespace {

constexpr char kMagic[8] = {'G', 'O', 'C', 'N', 'T', 'O', 'W', 'N'};
constexpr uint32_t kFormatVersion = 1;

uint32_t fnv1a(std::span<const uint8_t> bytes) {
  uint32_t h = 2166136261u;
  for (uint8_t b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

// Reads the file's numbers in order; the caller has checked the size.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> b) : b_(b) {}
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(b_[pos_++]) << (8 * i);
    return v;
  }
  float f32() {
    const uint32_t u = u32();
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  std::vector<float> floats(size_t n) {
    std::vector<float> v(n);
    for (float& f : v) f = f32();
    return v;
  }
  size_t pos() const { return pos_; }
  void skip(size_t n) { pos_ += n; }

 private:
  std::span<const uint8_t> b_;
  size_t pos_ = 0;
};

// [out][in] as stored -> [in][out], the order the inner loops run in.
std::vector<float> transpose(const std::vector<float>& m, int outs, int ins) {
  std::vector<float> t(m.size());
  for (int o = 0; o < outs; ++o)
    for (int i = 0; i < ins; ++i) t[static_cast<size_t>(i) * outs + o] = m[static_cast<size_t>(o) * ins + i];
  return t;
}

struct Scratch {
  std::vector<float> x, padded, unit_mean, unit_term, global_mean, global_term;
  std::vector<int> unit_count;
};

// One block's 3x3 convolution added to the pooled terms, then x += relu(.).
// Vectors of 16 floats (GCC's vector extension, lowered to whatever the
// clone below targets) run over the outputs: per input channel, one
// broadcast and C/16 multiply-adds. C a multiple of 16; other widths take
// the plain loop.
using v16 = float __attribute__((vector_size(64)));

[[gnu::always_inline]] inline v16 load16(const float* p) {
  v16 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// P points of a row from x0 on, each weight vector loaded once for all P
// (the loads, not the arithmetic, bound this loop); each point's sums run
// in the same order as one point alone.
template <int C, int P>
[[gnu::always_inline]] inline void conv_points(int w, int y, int x0, const float* conv, const float* unit_term,
                                               const int32_t* unit, const float* padded, float* x) {
  constexpr int K = C / 16;
  const int pw = w + 2;
  v16 acc[P][K];
  for (int j = 0; j < P; ++j)
    for (int k = 0; k < K; ++k) acc[j][k] = load16(unit_term + static_cast<size_t>(unit[y * w + x0 + j]) * C + 16 * k);
  for (int t = 0; t < 9; ++t) {
    const float* in = padded + static_cast<size_t>((y + t / 3) * pw + x0 + t % 3) * C;
    const float* wt = conv + static_cast<size_t>(t) * C * C;
    for (int i = 0; i < C; ++i)
      for (int k = 0; k < K; ++k) {
        const v16 wv = load16(wt + i * C + 16 * k);
        for (int j = 0; j < P; ++j) acc[j][k] += wv * in[j * C + i];
      }
  }
  for (int j = 0; j < P; ++j) {
    float* out = x + static_cast<size_t>(y * w + x0 + j) * C;
    for (int k = 0; k < K; ++k) {
      const v16 r = acc[j][k] > 0 ? acc[j][k] : v16{};
      const v16 o = load16(out + 16 * k) + r;
      std::memcpy(out + 16 * k, &o, sizeof o);
    }
  }
}

template <int C>
[[gnu::always_inline]] inline void conv_block(int w, int h, const float* conv, const float* unit_term,
                                              const int32_t* unit, const float* padded, float* x, int runtime_c) {
  const int pw = w + 2;
  if constexpr (C % 16 == 0 && C > 0) {
    for (int y = 0; y < h; ++y) {
      int x0 = 0;
      for (; x0 + 4 <= w; x0 += 4) conv_points<C, 4>(w, y, x0, conv, unit_term, unit, padded, x);
      for (; x0 < w; ++x0) conv_points<C, 1>(w, y, x0, conv, unit_term, unit, padded, x);
    }
  } else {
    const int c = runtime_c;
    std::vector<float> acc(c);
    for (int y = 0; y < h; ++y)
      for (int xx = 0; xx < w; ++xx) {
        const int p = y * w + xx;
        std::copy_n(unit_term + static_cast<size_t>(unit[p]) * c, c, acc.begin());
        for (int t = 0; t < 9; ++t) {
          const float* in = padded + static_cast<size_t>((y + t / 3) * pw + xx + t % 3) * c;
          const float* wt = conv + static_cast<size_t>(t) * c * c;
          for (int i = 0; i < c; ++i)
            for (int o = 0; o < c; ++o) acc[o] += wt[i * c + o] * in[i];
        }
        float* out = x + static_cast<size_t>(p) * c;
        for (int o = 0; o < c; ++o) out[o] += std::max(acc[o], 0.0f);
      }
  }
}

// The kernels, each compiled for AVX-512, AVX2 and plain x86-64 and chosen
// at load time by the processor. The sums run in the same order in every
// clone and nothing is fused (ISO C++ contracts no a*b+c), so every clone
// gives the same bits: the answer does not depend on the machine.
#if defined(__x86_64__) && !defined(__clang__)
#define GOCOUNT_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GOCOUNT_CLONES
#endif
#define GOCOUNT_KERNEL(C)                                                                                     \
  GOCOUNT_CLONES void conv_block_##C(int w, int h, const float* conv, const float* unit_term, const int32_t* unit, \
                                     const float* padded, float* x, int c) {                                  \
    conv_block<C>(w, h, conv, unit_term, unit, padded, x, c);                                                \
  }
GOCOUNT_KERNEL(16)
GOCOUNT_KERNEL(32)
GOCOUNT_KERNEL(0)
#undef GOCOUNT_KERNEL

}  // namespace

OwnershipModel OwnershipModel::from_bytes(std::span<const uint8_t> bytes, const std::string& where) {
  auto fail = [&](const std::string& why) { return ModelError(fmt::format("{}: {}", where, why)); };
  if (bytes.size() < 32 || std::memcmp(bytes.data(), kMagic, 8) != 0)
    throw fail("not a gocount ownership model (no GOCNTOWN header)");
  Reader r(bytes);
  r.skip(8);
  const uint32_t format = r.u32(), features = r.u32(), planes = r.u32(), c = r.u32(), n = r.u32();
  if (format != kFormatVersion) throw fail(fmt::format("model format {}, this gocount reads format {}", format, kFormatVersion));
  if (features != static_cast<uint32_t>(kFeatureVersion))
    throw fail(fmt::format("weights for feature version {}, this gocount computes version {}", features, kFeatureVersion));
  if (planes != static_cast<uint32_t>(kFeaturePlanes))
    throw fail(fmt::format("weights for {} input planes, this gocount computes {}", planes, kFeaturePlanes));
  if (c < 1 || c > 256 || n > 64) throw fail(fmt::format("implausible shape: {} channels, {} blocks", c, n));
  const size_t floats = size_t{c} * planes + c + size_t{n} * (9 * c * c + 2 * c * c + c) + c + 1;
  const size_t expected = r.pos() + 4 * floats + 4;
  if (bytes.size() != expected)
    throw fail(fmt::format("{} bytes, expected {} for {} channels and {} blocks (truncated or not this format)",
                           bytes.size(), expected, c, n));
  Reader tail(bytes.subspan(expected - 4));
  if (tail.u32() != fnv1a(bytes.first(expected - 4))) throw fail("checksum mismatch: the file is corrupt");

  OwnershipModel m;
  const int C = static_cast<int>(c);
  m.channels_ = C;
  m.stem_ = transpose(r.floats(size_t{c} * planes), C, static_cast<int>(planes));
  m.stem_bias_ = r.floats(c);
  for (uint32_t i = 0; i < n; ++i) {
    Block b;
    const std::vector<float> conv = r.floats(size_t{9} * c * c);  // [out][in][ky][kx]
    b.conv.resize(conv.size());
    for (int o = 0; o < C; ++o)
      for (int in = 0; in < C; ++in)
        for (int t = 0; t < 9; ++t) b.conv[(static_cast<size_t>(t) * C + in) * C + o] = conv[(static_cast<size_t>(o) * C + in) * 9 + t];
    b.unit = transpose(r.floats(size_t{c} * c), C, C);
    b.global = transpose(r.floats(size_t{c} * c), C, C);
    b.bias = r.floats(c);
    m.blocks_.push_back(std::move(b));
  }
  m.head_ = r.floats(c);
  m.head_bias_ = r.f32();
  auto finite = [](const std::vector<float>& v) { return std::all_of(v.begin(), v.end(), [](float f) { return std::isfinite(f); }); };
  bool ok = finite(m.stem_) && finite(m.stem_bias_) && finite(m.head_) && std::isfinite(m.head_bias_);
  for (const Block& b : m.blocks_) ok = ok && finite(b.conv) && finite(b.unit) && finite(b.global) && finite(b.bias);
  if (!ok) throw fail("weights that are not finite numbers");
  return m;
}

OwnershipModel OwnershipModel::from_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelError(fmt::format("{}: cannot open the model file", path));
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return from_bytes(bytes, path);
}

const OwnershipModel& OwnershipModel::builtin() {
  static const OwnershipModel m = from_bytes(builtin_model_bytes(), "the built-in ownership model");
  return m;
}

void OwnershipModel::evaluate(const Features& f, std::vector<float>& ownership) const {
  thread_local Scratch s;
  const int w = f.width, h = f.height, area = w * h, C = channels_;
  s.x.assign(static_cast<size_t>(area) * C, 0.0f);
  // Stem: the planes are 0 or 1, so each set plane adds its column.
  for (int p = 0; p < area; ++p) {
    float* x = &s.x[static_cast<size_t>(p) * C];
    std::copy(stem_bias_.begin(), stem_bias_.end(), x);
    for (int pl = 0; pl < kFeaturePlanes; ++pl)
      if (f.planes[static_cast<size_t>(pl) * area + p])
        for (int o = 0; o < C; ++o) x[o] += stem_[static_cast<size_t>(pl) * C + o];
    for (int o = 0; o < C; ++o) x[o] = std::max(x[o], 0.0f);
  }
  s.padded.assign(static_cast<size_t>((w + 2) * (h + 2)) * C, 0.0f);
  s.unit_count.assign(f.units, 0);
  for (int p = 0; p < area; ++p) ++s.unit_count[f.unit[p]];
  for (const Block& b : blocks_) {
    // Pooled means, and their terms (with the bias) per unit.
    s.unit_mean.assign(static_cast<size_t>(f.units) * C, 0.0f);
    s.global_mean.assign(C, 0.0f);
    for (int p = 0; p < area; ++p) {
      const float* x = &s.x[static_cast<size_t>(p) * C];
      float* u = &s.unit_mean[static_cast<size_t>(f.unit[p]) * C];
      for (int i = 0; i < C; ++i) {
        u[i] += x[i];
        s.global_mean[i] += x[i];
      }
    }
    for (int i = 0; i < C; ++i) s.global_mean[i] /= static_cast<float>(area);
    s.global_term = b.bias;
    for (int i = 0; i < C; ++i)
      for (int o = 0; o < C; ++o) s.global_term[o] += b.global[static_cast<size_t>(i) * C + o] * s.global_mean[i];
    s.unit_term.assign(static_cast<size_t>(f.units) * C, 0.0f);
    for (int u = 0; u < f.units; ++u) {
      float* mean = &s.unit_mean[static_cast<size_t>(u) * C];
      float* term = &s.unit_term[static_cast<size_t>(u) * C];
      std::copy(s.global_term.begin(), s.global_term.end(), term);
      for (int i = 0; i < C; ++i) {
        const float v = mean[i] / static_cast<float>(s.unit_count[u]);
        for (int o = 0; o < C; ++o) term[o] += b.unit[static_cast<size_t>(i) * C + o] * v;
      }
    }
    for (int y = 0; y < h; ++y)
      std::copy_n(&s.x[static_cast<size_t>(y * w) * C], static_cast<size_t>(w) * C,
                  &s.padded[static_cast<size_t>((y + 1) * (w + 2) + 1) * C]);
    auto* kernel = C == 16 ? conv_block_16 : C == 32 ? conv_block_32 : conv_block_0;
    kernel(w, h, b.conv.data(), s.unit_term.data(), f.unit.data(), s.padded.data(), s.x.data(), C);
  }
  ownership.resize(area);
  for (int p = 0; p < area; ++p) {
    const float* x = &s.x[static_cast<size_t>(p) * C];
    float v = head_bias_;
    for (int i = 0; i < C; ++i) v += head_[i] * x[i];
    ownership[p] = std::tanh(v);
  }
}

}  // namespace gocount
