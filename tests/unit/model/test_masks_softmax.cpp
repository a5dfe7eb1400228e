// Masks, the row softmax and the entropy: what every weights matrix must satisfy.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "tests/support/test_helpers.h"

namespace test_masks_softmax {

using testing_helpers::for_random_scenarios;

namespace {

// 4 tokens, every score 0, so the unmasked entries of a row share 1 equally.
core::Result uniform(bool causal, bool no_self) {
  core::Scenario s = core::make_zero_scenario(4, 2, 2, 1);
  s.options.causal = causal;
  s.options.no_self = no_self;
  return core::compute(s);
}

}  // namespace

TEST(Masks, CausalMasksTheFuture) {
  const core::HeadResult h = uniform(true, false).head[0];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      EXPECT_EQ(h.masked(i, j), j > i);
      // Row i keeps tokens 0..i, each with weight 1/(i+1).
      EXPECT_DOUBLE_EQ(h.weights(i, j), j > i ? 0.0 : 1.0 / (i + 1));
    }
}

TEST(Masks, NoSelfMasksTheDiagonal) {
  const core::HeadResult h = uniform(false, true).head[0];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      EXPECT_EQ(h.masked(i, j), i == j);
      EXPECT_DOUBLE_EQ(h.weights(i, j), i == j ? 0.0 : 1.0 / 3);
    }
}

// Reformer's rule: with causal, row 0 has only its diagonal left, so no_self keeps it.
TEST(Masks, CausalWithNoSelfKeepsRowZerosDiagonal) {
  const core::HeadResult h = uniform(true, true).head[0];
  EXPECT_FALSE(h.masked(0, 0));
  EXPECT_EQ(h.weights(0, 0), 1.0);
  EXPECT_EQ(h.entropy(0), 0.0);  // a one-hot row
  for (int i = 1; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      EXPECT_EQ(h.masked(i, j), j >= i) << i << "," << j;
      EXPECT_DOUBLE_EQ(h.weights(i, j), j >= i ? 0.0 : 1.0 / i);
    }
}

TEST(Masks, MaskedLogitsAreMinusInfinityAndWeightsExactlyZero) {
  const core::HeadResult h = uniform(true, false).head[0];
  EXPECT_EQ(h.logits(0, 3), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(h.weights(0, 3), 0.0);
}

TEST(Softmax, EveryRowSumsToOne) {
  for_random_scenarios(7, [](core::Scenario s) {
    for (int options = 0; options < 8; ++options) {
      s.options.causal = options & 1;
      s.options.no_self = options & 2;
      s.options.temperature = options & 4 ? 0.01 : 3.0;
      const core::Result r = core::compute(s);
      for (int h = 0; h < s.heads; ++h)
        for (int i = 0; i < s.n(); ++i) {
          EXPECT_NEAR(r.head[h].row_sums(i), 1.0, 1e-12);
          EXPECT_NEAR(r.head[h].weights.row(i).sum(), 1.0, 1e-12);
          EXPECT_GE(r.head[h].weights.row(i).minCoeff(), 0.0);
        }
    }
  });
}

// Entries of 1e6 and T = 0.01 make logits near 1e27: a naive exp overflows to inf/inf = NaN.
TEST(Softmax, HugeLogitsStayFiniteAndOneHot) {
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
  s.X << 1e6, 0, 0, 1e6, -1e6, 1e6;
  s.W_Q[0] << 1e6, 0, 0, 1e6;
  s.W_K[0] = s.W_Q[0];
  s.W_V[0] << 1, 0, 0, 1;
  s.options.temperature = 0.01;
  const core::HeadResult h = core::compute(s).head[0];
  EXPECT_TRUE(h.weights.allFinite());
  EXPECT_TRUE(h.entropy.allFinite());
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(h.weights.row(i).sum(), 1.0, 1e-15);
  // Row 0 is token (1e6, 0): its own score 1e24 beats the others by far.
  EXPECT_EQ(h.weights(0, 0), 1.0);
  EXPECT_EQ(h.entropy(0), 0.0);
}

TEST(Softmax, EntropyOfUniformRowIsLogN) {
  const core::HeadResult h = uniform(false, false).head[0];
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(h.entropy(i), std::log(4.0), 1e-15);
}

}  // namespace test_masks_softmax
