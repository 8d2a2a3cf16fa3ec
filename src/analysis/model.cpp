#include "analysis/model.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <iterator>

// v16 (64 bytes) travels by value between the always-inline helpers below,
// in this file only; clang notes at each call that such an argument's ABI
// depends on AVX-512 (-Wpsabi), which no caller outside sees.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#endif

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
  std::vector<int32_t> unit_size;
};

// One block: the pooled terms (bias, board mean, unit mean), then its 3x3
// convolution added to them, then x += relu(.). Vectors of 16 floats (GCC's
// vector extension, lowered to whatever the clone below targets) run over
// the outputs: per input channel, one broadcast and C/16 multiply-adds. C a
// multiple of 16; other widths take the plain loops.
using v16 = float __attribute__((vector_size(64)));

[[gnu::always_inline]] inline v16 load16(const float* p) {
  v16 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
[[gnu::always_inline]] inline void store16(float* p, v16 v) { std::memcpy(p, &v, sizeof v); }

// acc + w * x, rounded once (a fused multiply-add) in every version: the
// AVX-512 and AVX2 versions below let the compiler fuse it (fp-contract),
// the baseline one calls fmaf, which rounds the same (slowly: processors
// before 2013 only). So the bits never depend on the processor.
template <bool Fused>
[[gnu::always_inline]] inline v16 madd(v16 acc, v16 w, float x) {
  if constexpr (Fused) return acc + w * x;
  v16 r;
  for (int l = 0; l < 16; ++l) r[l] = __builtin_fmaf(w[l], x, acc[l]);
  return r;
}
template <bool Fused>
[[gnu::always_inline]] inline float madd(float acc, float w, float x) {
  if constexpr (Fused) return acc + w * x;
  return __builtin_fmaf(w, x, acc);
}

// out[o] = base[o] + sum_i m[i][o] * in[i] * scale, for one vector of
// outputs: the board and unit terms.
template <int C, bool F>
[[gnu::always_inline]] inline void affine(const float* m, const float* in, float scale, const float* base, float* out) {
  if constexpr (C > 0) {
    v16 acc[C / 16];
    for (int k = 0; k < C / 16; ++k) acc[k] = load16(base + 16 * k);
    for (int i = 0; i < C; ++i)
      for (int k = 0; k < C / 16; ++k) acc[k] = madd<F>(acc[k], load16(m + i * C + 16 * k), in[i] * scale);
    for (int k = 0; k < C / 16; ++k) store16(out + 16 * k, acc[k]);
  }
}

// P points of a row from x0 on, each weight vector loaded once for all P;
// each point's sums run in the same order as one point alone.
template <int C, int P, bool F>
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
        for (int j = 0; j < P; ++j) acc[j][k] = madd<F>(acc[j][k], wv, in[j * C + i]);
      }
  }
  for (int j = 0; j < P; ++j) {
    float* out = x + static_cast<size_t>(y * w + x0 + j) * C;
    for (int k = 0; k < K; ++k) {
      const v16 r = acc[j][k] > 0 ? acc[j][k] : v16{};
      store16(out + 16 * k, load16(out + 16 * k) + r);
    }
  }
}

// The n < P points left at the end of a row, in one pass.
template <int C, int N, bool F>
[[gnu::always_inline]] inline void conv_tail(int n, int w, int y, int x0, const float* conv, const float* unit_term,
                                             const int32_t* unit, const float* padded, float* x) {
  if constexpr (N > 0) {
    if (n == N) return conv_points<C, N, F>(w, y, x0, conv, unit_term, unit, padded, x);
    conv_tail<C, N - 1, F>(n, w, y, x0, conv, unit_term, unit, padded, x);
  }
}

// The plain loops, for any width c: the same sums in the same order.
template <bool F>
[[gnu::always_inline]] inline void conv_any(int w, int h, const float* conv, const float* unit_term, const int32_t* unit, const float* padded,
              float* x, int c) {
  const int pw = w + 2;
  std::vector<float> acc(c);
  for (int y = 0; y < h; ++y)
    for (int xx = 0; xx < w; ++xx) {
      const int p = y * w + xx;
      std::copy_n(unit_term + static_cast<size_t>(unit[p]) * c, c, acc.begin());
      for (int t = 0; t < 9; ++t) {
        const float* in = padded + static_cast<size_t>((y + t / 3) * pw + xx + t % 3) * c;
        const float* wt = conv + static_cast<size_t>(t) * c * c;
        for (int i = 0; i < c; ++i)
          for (int o = 0; o < c; ++o) acc[o] = madd<F>(acc[o], wt[i * c + o], in[i]);
      }
      float* out = x + static_cast<size_t>(p) * c;
      for (int o = 0; o < c; ++o) out[o] += std::max(acc[o], 0.0f);
    }
}

template <bool F>
[[gnu::always_inline]] inline void affine_any(const float* m, const float* in, float scale, const float* base, float* out, int c) {
  for (int o = 0; o < c; ++o) out[o] = base[o];
  for (int i = 0; i < c; ++i)
    for (int o = 0; o < c; ++o) out[o] = madd<F>(out[o], m[i * c + o], in[i] * scale);
}

// affine for a width known when compiled, else affine_any. A function, not
// a lambda: a lambda is a function of its own that need not be inlined, and
// then it is compiled without the clone's target and fp-contract below: its
// multiply-adds were not fused where the optimizer left it out of line (at
// -O1), and the AVX versions' bits differed from the plain one's.
template <int C, bool F>
[[gnu::always_inline]] inline void apply_affine(const float* m, const float* in, float scale, const float* base,
                                                float* out, int c) {
  if constexpr (C > 0) affine<C, F>(m, in, scale, base, out);
  else affine_any<F>(m, in, scale, base, out, c);
}

// What a block reads besides x: the per-unit terms it adds before the relu.
struct BlockInput {
  int w, h, c, units;
  const float *conv, *unit_weights, *global_weights, *bias;
  const int32_t* unit;       // the unit of each point
  const int32_t* unit_size;  // points per unit
};

// Scratch a block writes: means and terms per unit, the padded copy of x.
struct BlockScratch {
  float *unit_mean, *global_mean, *global_term, *unit_term, *padded;
};

template <int C, bool F>
[[gnu::always_inline]] inline void run_block(const BlockInput& in, const BlockScratch& s, float* x) {
  const int c = C > 0 ? C : in.c, area = in.w * in.h;
  std::fill_n(s.unit_mean, static_cast<size_t>(in.units) * c, 0.0f);
  std::fill_n(s.global_mean, c, 0.0f);
  for (int p = 0; p < area; ++p) {
    const float* xp = x + static_cast<size_t>(p) * c;
    float* u = s.unit_mean + static_cast<size_t>(in.unit[p]) * c;
    if constexpr (C > 0) {
      for (int k = 0; k < C / 16; ++k) {
        const v16 v = load16(xp + 16 * k);
        store16(u + 16 * k, load16(u + 16 * k) + v);
        store16(s.global_mean + 16 * k, load16(s.global_mean + 16 * k) + v);
      }
    } else {
      for (int i = 0; i < c; ++i) {
        u[i] += xp[i];
        s.global_mean[i] += xp[i];
      }
    }
  }
  apply_affine<C, F>(in.global_weights, s.global_mean, 1.0f / static_cast<float>(area), in.bias, s.global_term, c);
  for (int u = 0; u < in.units; ++u)
    apply_affine<C, F>(in.unit_weights, s.unit_mean + static_cast<size_t>(u) * c,
                       1.0f / static_cast<float>(in.unit_size[u]), s.global_term, s.unit_term + static_cast<size_t>(u) * c, c);
  for (int y = 0; y < in.h; ++y)
    std::copy_n(x + static_cast<size_t>(y * in.w) * c, static_cast<size_t>(in.w) * c,
                s.padded + static_cast<size_t>((y + 1) * (in.w + 2) + 1) * c);
  if constexpr (C > 0) {
    for (int y = 0; y < in.h; ++y) {
      // Eight chains of multiply-adds in flight (P x C/16) keep the unit busy.
      constexpr int P = C >= 32 ? 4 : 8;
      int x0 = 0;
      for (; x0 + P <= in.w; x0 += P) conv_points<C, P, F>(in.w, y, x0, in.conv, s.unit_term, in.unit, s.padded, x);
      conv_tail<C, P - 1, F>(in.w - x0, in.w, y, x0, in.conv, s.unit_term, in.unit, s.padded, x);
    }
  } else {
    conv_any<F>(in.w, in.h, in.conv, s.unit_term, in.unit, s.padded, x, c);
  }
}

// The kernels, each compiled for AVX-512, for AVX2 and for plain x86-64,
// the best the processor has chosen at run time (best_kernel_level). The sums run in the same
// order in each and every multiply-add rounds once (madd), so all give the
// same bits: the answer does not depend on the machine. GCC fuses a
// multiply-add only with expensive-optimizations (-O2 and up: asked for here,
// so that -O1 fuses too), and not at all without optimization: an
// unoptimized build (-O0) has the plain version alone.
using Kernel = void (*)(const BlockInput&, const BlockScratch&, float*);
template <int C>
void block_plain(const BlockInput& in, const BlockScratch& s, float* x) { run_block<C, false>(in, s, x); }
#if defined(__x86_64__) && !defined(__clang__) && defined(__OPTIMIZE__)
#define GOCOUNT_FUSED_KERNELS 1
#define GOCOUNT_FUSED(arch, name)                                                                      \
  template <int C>                                                                                     \
  __attribute__((target("arch=" arch), optimize("fp-contract=fast", "expensive-optimizations"))) void \
  name(const BlockInput& in, const BlockScratch& s, float* x) {                                        \
    run_block<C, true>(in, s, x);                                                                      \
  }
GOCOUNT_FUSED("x86-64-v4", block_avx512)
GOCOUNT_FUSED("x86-64-v3", block_avx2)
#undef GOCOUNT_FUSED
#endif

template <int C>
Kernel kernel_for(KernelLevel level) {
#ifdef GOCOUNT_FUSED_KERNELS
  if (level == KernelLevel::kAvx512) return block_avx512<C>;
  if (level == KernelLevel::kAvx2) return block_avx2<C>;
#endif
  (void)level;
  return block_plain<C>;
}

KernelLevel& kernel_level() {
  static KernelLevel level = best_kernel_level();
  return level;
}


}  // namespace

KernelLevel best_kernel_level() {
#ifdef GOCOUNT_FUSED_KERNELS
  if (__builtin_cpu_supports("x86-64-v4")) return KernelLevel::kAvx512;
  if (__builtin_cpu_supports("x86-64-v3")) return KernelLevel::kAvx2;
#endif
  return KernelLevel::kPlain;
}

void set_model_kernel_level(KernelLevel level) { kernel_level() = std::min(level, best_kernel_level()); }

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
  s.unit_size.assign(f.units, 0);
  for (int p = 0; p < area; ++p) ++s.unit_size[f.unit[p]];
  s.unit_mean.resize(static_cast<size_t>(f.units) * C);
  s.unit_term.resize(static_cast<size_t>(f.units) * C);
  s.global_mean.resize(C);
  s.global_term.resize(C);
  const BlockScratch scratch{s.unit_mean.data(), s.global_mean.data(), s.global_term.data(), s.unit_term.data(),
                             s.padded.data()};
  const KernelLevel level = kernel_level();
  const Kernel kernel = C == 16 ? kernel_for<16>(level) : C == 32 ? kernel_for<32>(level) : kernel_for<0>(level);
  for (const Block& b : blocks_) {
    const BlockInput in{w, h, C, f.units, b.conv.data(), b.unit.data(), b.global.data(), b.bias.data(),
                        f.unit.data(), s.unit_size.data()};
    kernel(in, scratch, s.x.data());
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
