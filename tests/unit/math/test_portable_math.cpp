// core::portable's sin, cos, log1p, pow and erf (core/math/portable_math.h): within an ulp of the
// exact value, and the same bits wherever they are compiled. The page's copy is checked against
// this one through dump() and the CSV export (tests/web/page.test.mjs, random scenarios).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "core/math/portable_math.h"

namespace test_portable_math {

namespace {

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// |got − exact| in units of the last place of the double nearest exact.
double ulps(double got, long double exact) {
  int e;
  std::frexp(static_cast<double>(exact), &e);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / std::ldexp(1.0L, e - 53));
}

TEST(PortableMath, IsWithinAnUlpOfLongDoubles) {
  if (std::numeric_limits<long double>::digits < 64) GTEST_SKIP() << "no long double wider than a double here";
  std::mt19937_64 rng(37);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double worst_sin = 0, worst_cos = 0, worst_log1p = 0, worst_pow = 0, worst_far_pow = 0;
  for (int i = 0; i < 200'000; ++i) {
    // Angles as positions make them (|p·θ| ≤ 7) and beyond; log1p's arguments as the entropy's
    // (0 to 7) and anywhere above −1; powers as the positions' frequencies, others, and far out.
    const double angle = (unit(rng) * 2 - 1) * (i % 4 == 0 ? 4e5 : 8.0);
    worst_sin = std::max(worst_sin, ulps(core::portable::sin(angle), sinl(angle)));
    worst_cos = std::max(worst_cos, ulps(core::portable::cos(angle), cosl(angle)));
    const double t = i % 3 == 0 ? unit(rng) * 7 : (i % 3 == 1 ? -unit(rng) : std::exp(unit(rng) * 80 - 40));
    worst_log1p = std::max(worst_log1p, ulps(core::portable::log1p(t), log1pl(t)));
    const double base = 1 + unit(rng) * 1e6;
    const double y = i % 2 == 0 ? -2.0 * (i % 3) / (1 + i % 4) : (unit(rng) * 2 - 1) * 2;
    worst_pow = std::max(worst_pow, ulps(core::portable::pow(base, y), powl(base, static_cast<long double>(y))));
    // Far out, as portable_math.h says: about 0.02 ulp more for each unit of |y·ln x| past 30.
    const double far = (unit(rng) * 2 - 1) * 700 / std::log(base);
    worst_far_pow = std::max(worst_far_pow, ulps(core::portable::pow(base, far), powl(base, static_cast<long double>(far))));
  }
  EXPECT_LT(worst_sin, 0.9);
  EXPECT_LT(worst_cos, 0.9);
  EXPECT_LT(worst_log1p, 0.9);
  EXPECT_LT(worst_pow, 0.9);
  EXPECT_LT(worst_far_pow, 16);
}

// erf against long double's erfl on 200 000 points of [−7, 7], the unit intervals' ends and their neighbours among
// them (where one polynomial hands over to the next): within 3 ulp, as portable_math.h says; odd; ±1 from 6 on.
TEST(PortableMath, ErfIsWithinThreeUlpsAndOdd) {
  if (std::numeric_limits<long double>::digits < 64) GTEST_SKIP() << "no long double wider than a double here";
  std::mt19937_64 rng(66);
  std::uniform_real_distribution<double> wide(-7.0, 7.0);
  std::vector<double> points;
  for (int i = 0; i < 200'000; ++i) points.push_back(wide(rng));
  for (int k = 1; k <= 6; ++k)  // (past 0: the subnormals' ulp is no measure of a relative error)
    for (double x : {static_cast<double>(k), std::nextafter(static_cast<double>(k), 0.0), std::nextafter(static_cast<double>(k), 7.0)})
      points.push_back(x);
  for (double x : {1e-300, 1e-20, 1e-8, 0.001, 0.25}) points.push_back(x);
  double worst = 0;
  for (double x : points) {
    worst = std::max(worst, ulps(core::portable::erf(x), erfl(static_cast<long double>(x))));
    EXPECT_EQ(bits(core::portable::erf(-x)), bits(-core::portable::erf(x))) << x;
  }
  EXPECT_LE(worst, 3.0);
  EXPECT_EQ(core::portable::erf(6.0), 1.0);
  EXPECT_EQ(core::portable::erf(-1e300), -1.0);
  EXPECT_EQ(bits(core::portable::erf(-0.0)), bits(-0.0));
  EXPECT_TRUE(std::isnan(core::portable::erf(std::nan(""))));
}

TEST(PortableMath, KeepsTheSpecialValues) {
  EXPECT_EQ(bits(core::portable::sin(0.0)), bits(0.0));
  EXPECT_EQ(bits(core::portable::sin(-0.0)), bits(-0.0));
  EXPECT_EQ(core::portable::cos(0.0), 1.0);
  EXPECT_EQ(core::portable::sin(1e-300), 1e-300);
  EXPECT_EQ(bits(core::portable::log1p(-0.0)), bits(-0.0));
  EXPECT_EQ(core::portable::log1p(-1.0), -HUGE_VAL);
  EXPECT_TRUE(std::isnan(core::portable::log1p(-2.0)));
  EXPECT_EQ(core::portable::log1p(HUGE_VAL), HUGE_VAL);
  EXPECT_EQ(core::portable::log1p(1e-30), 1e-30);
  EXPECT_NEAR(core::portable::log1p(std::numeric_limits<double>::max()), 709.782712893384, 1e-12);
  EXPECT_EQ(core::portable::pow(7.0, 0.0), 1.0);
  EXPECT_EQ(core::portable::pow(7.0, -0.0), 1.0);  // θ_0 = base^(−0)
  EXPECT_EQ(core::portable::pow(1.0, -0.5), 1.0);
  EXPECT_EQ(core::portable::pow(4.0, 0.5), 2.0);
  EXPECT_EQ(core::portable::pow(10000.0, -0.5), 0.01);
  EXPECT_EQ(core::portable::pow(2.0, 10.0), 1024.0);
  EXPECT_TRUE(std::isnan(core::portable::sin(HUGE_VAL)));
  EXPECT_TRUE(std::isnan(core::portable::cos(std::nan(""))));
}

// The bits of 1.4 million values: fixed here, so that a compiler that fuses a multiply-add or
// reorders a sum (and would break the exact products and sums, or the page's equality) fails this
// test. The page's build (em++ -msimd128) gave the same hash; after a deliberate change to the
// functions, check the page again (tests/web) and write the new hash here.
TEST(PortableMath, GivesTheSameBitsAsWhenTheyWereCheckedAgainstThePage) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the results' bits
  const auto mix = [&](double v) { h = (h ^ bits(v)) * 1099511628211ULL; };
  std::uint64_t state = 88172645463325252ULL;  // xorshift64: the same numbers on every machine
  const auto unit = [&] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return static_cast<double>(state >> 11) * 0x1p-53;
  };
  for (int i = 0; i < 200'000; ++i) {
    const double a = (unit() * 2 - 1) * 8, t = unit() * 8, b = 1 + unit() * 1e6, y = (unit() * 2 - 1) * 2;
    mix(core::portable::sin(a));
    mix(core::portable::cos(a));
    mix(core::portable::log1p(t));
    mix(core::portable::log1p(-unit()));
    mix(core::portable::pow(b, y));
    mix(core::portable::sin(a * 6e4));
    mix(core::portable::log1p(b * 1e200));
  }
  EXPECT_EQ(h, 0xfa19cfab493b075aULL);
}

}  // namespace

}  // namespace test_portable_math
