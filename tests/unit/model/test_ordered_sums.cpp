// compute()'s sums that reach --dump and the exports are taken in index order
// (core/math/ordered_sums.h): Eigen's products and squaredNorm add in SIMD pairs natively and
// one at a time in the page, and the loss came out an ulp apart. The page's side is
// checked in tests/web/page.test.mjs; this one keeps the desktop's order from drifting back.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>

#include "core/model/compute.h"
#include "tests/support/test_helpers.h"

namespace test_ordered_sums {

namespace {

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

TEST(OrderedSums, TheOutputLossAndW_QKAreSumsInIndexOrder) {
  std::mt19937 rng(37);
  std::normal_distribution<double> normal(0.0, 1.0);
  int scenarios = 0;
  testing_helpers::for_random_scenarios(37, [&](core::Scenario s) {
    s.target.resize(s.n(), s.d_model);
    for (Eigen::Index i = 0; i < s.target.rows(); ++i)
      for (Eigen::Index j = 0; j < s.target.cols(); ++j) s.target(i, j) = normal(rng);
    s.has_target = true;
    const core::Result r = core::compute(s);
    double squares = 0;
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.d_model; ++j) {
        double y = 0;
        for (int k = 0; k < s.heads * s.d_k; ++k) y += r.concat(i, k) * s.W_O(k, j);
        ASSERT_EQ(bits(r.output(i, j)), bits(y)) << "output(" << i << ", " << j << ")";
        const double d = y - s.target(i, j);
        squares += d * d;
      }
    ASSERT_EQ(bits(r.loss), bits(squares / (s.n() * s.d_model)));
    if (s.mode == core::Mode::Projected)
      for (int h = 0; h < s.heads; ++h)
        for (int i = 0; i < s.d_model; ++i)
          for (int j = 0; j < s.d_model; ++j) {
            double w = 0;
            for (int k = 0; k < s.d_k; ++k) w += s.W_Q[h](i, k) * s.W_K[h](j, k);
            ASSERT_EQ(bits(r.head[h].W_QK(i, j)), bits(w)) << "W_QK[" << h << "](" << i << ", " << j << ")";
          }
    ++scenarios;
  });
  EXPECT_EQ(scenarios, 168);  // every size, both modes
}

// Direct mode's Q, K and V are taken in compute()'s order, so that "the scores do not move"
// holds exactly (docs/scenario-format.md), on the desktop as in the page.
TEST(OrderedSums, ConvertingToDirectKeepsTheScoresExactly) {
  int scenarios = 0;
  testing_helpers::for_random_scenarios(38, [&](core::Scenario s) {
    if (scenarios % 2 == 0) s.options.positions = core::Positions::Sinusoidal;
    s.options.normalize_keys = scenarios % 3 == 0;
    ++scenarios;
    if (s.mode != core::Mode::Projected) return;
    const core::Result before = core::compute(s);
    core::convert_to_direct(s);
    const core::Result after = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      ASSERT_TRUE(before.head[h].scores == after.head[h].scores) << "head " << h;
      ASSERT_TRUE(before.head[h].weights == after.head[h].weights) << "head " << h;
    }
    ASSERT_TRUE(before.output == after.output);
  });
}

}  // namespace

}  // namespace test_ordered_sums
