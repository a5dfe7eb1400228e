// The page's fma (core/math/fast_exp.h: WebAssembly has none) must give glibc's std::fma's bits,
// or the page's numbers would differ from the desktop's in the last digit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "core/math/fast_exp.h"

namespace test_fma_emulation {

namespace {

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// A random double with a random sign, significand and an exponent in [lo, hi].
double random_double(std::mt19937_64& rng, int lo, int hi) {
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(lo, hi);
  const double m = std::ldexp(mantissa(rng), exponent(rng));
  return rng() & 1 ? -m : m;
}

TEST(FmaEmulation, GivesTheBitsOfStdFmaOnRandomAndCancellingInputs) {
  std::mt19937_64 rng(20261124);
  long checked = 0;
  for (int i = 0; i < 2'000'000; ++i) {
    const double a = random_double(rng, -60, 60), b = random_double(rng, -60, 60);
    // c: of any size against the product, and (a third of the time) nearly its negative,
    // where a sum rounded twice would be wrong in the last bit.
    double c = random_double(rng, -130, 130);
    if (i % 3 == 0) c = -(a * b) * (1 + std::ldexp(static_cast<double>(static_cast<int>(rng() % 64) - 32), -52));
    if (i % 7 == 0) c = std::nextafter(-(a * b), rng() & 1 ? HUGE_VAL : -HUGE_VAL);
    const double want = std::fma(a, b, c), got = core::fma_by_rounding_to_odd(a, b, c);
    ASSERT_EQ(bits(got), bits(want)) << a << " * " << b << " + " << c;
    ++checked;
  }
  EXPECT_EQ(checked, 2'000'000);
}

TEST(FmaEmulation, GivesTheBitsOfStdFmaWhereExpUsesIt) {
  // exp_one's three uses: −k·ln2hi + x, −k·ln2lo + r, and Horner's p·r + 1/i! with |r| ≤ ln 2 / 2.
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> x(-745.0, 709.0), r(-0.35, 0.35), p(0.0, 2.0);
  for (int i = 0; i < 1'000'000; ++i) {
    const double xi = x(rng), k = std::nearbyint(xi * 1.4426950408889634);
    ASSERT_EQ(bits(core::fma_by_rounding_to_odd(-k, 6.93147180369123816490e-01, xi)),
              bits(std::fma(-k, 6.93147180369123816490e-01, xi)));
    const double hi = std::fma(-k, 6.93147180369123816490e-01, xi);
    ASSERT_EQ(bits(core::fma_by_rounding_to_odd(-k, 1.90821492927058770002e-10, hi)),
              bits(std::fma(-k, 1.90821492927058770002e-10, hi)));
    const double pi = p(rng), ri = r(rng), c = 1.0 / (1 + i % 13);
    ASSERT_EQ(bits(core::fma_by_rounding_to_odd(pi, ri, c)), bits(std::fma(pi, ri, c)));
  }
}

TEST(FmaEmulation, ZerosInfinitiesAndTheEdgesOfItsRange) {
  const double cases[] = {0.0, -0.0, 1.0, -1.0, 0x1p-451, 0x1p449, 0x1p-1074, 0x1p1023, HUGE_VAL, -HUGE_VAL, 3.0};
  for (double a : cases)
    for (double b : cases)
      for (double c : cases) {
        const double want = std::fma(a, b, c), got = core::fma_by_rounding_to_odd(a, b, c);
        if (std::isnan(want)) EXPECT_TRUE(std::isnan(got));
        else EXPECT_EQ(bits(got), bits(want)) << a << " * " << b << " + " << c;
      }
}

}  // namespace

}  // namespace test_fma_emulation
