// Layer 4: the playouts' random numbers, the same on every machine and
// library (std::uniform_int_distribution is not), so that a judgement is the
// same everywhere.
#pragma once

#include <array>
#include <cstdint>

namespace gocount {

// r % n for n >= 1, by two multiplications instead of a division (which the
// playouts waited on at every random move): Lemire, Kaser and Kurz, "Faster
// remainder by direct computation" (2019), exact for every 32-bit value and
// divisor. Divisors from kRemainderTabled on divide.
constexpr uint32_t kRemainderTabled = 1024;
inline uint32_t remainder(uint32_t r, uint32_t n) {
  // 2^64 / n rounded up, for the divisors a 19x19 playout draws by.
  static constexpr std::array<uint64_t, kRemainderTabled> kInverse = [] {
    std::array<uint64_t, kRemainderTabled> m{};
    for (uint32_t d = 1; d < kRemainderTabled; ++d) m[d] = ~uint64_t{0} / d + 1;
    return m;
  }();
  if (n >= kRemainderTabled) [[unlikely]] return r % n;
  const uint64_t low = kInverse[n] * r;
  return static_cast<uint32_t>((static_cast<unsigned __int128>(low) * n) >> 64);
}

// A small deterministic generator (xorshift64*).
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint32_t next() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return static_cast<uint32_t>((s_ * 0x2545F4914F6CDD1Dull) >> 32);
  }
  // next() % n, the same number.
  uint32_t below(uint32_t n) { return remainder(next(), n); }

 private:
  uint64_t s_;
};

}  // namespace gocount
