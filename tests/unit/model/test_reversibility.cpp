// Reversible attention: row-softmax of a symmetric S is a reversible Markov matrix
// (π_i A_ij = π_j A_ji with π_i ∝ Z_i), every positive reversible A is row-softmax of
// a symmetric S, and Kolmogorov's criterion (every cycle's ratio A_ij A_jk A_ki /
// (A_ik A_kj A_ji) is 1) tells them apart. HeadResult::irreversibility is the largest
// |ln| of that ratio over the cycles of three tokens.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "tests/support/test_helpers.h"

namespace test_reversibility {

namespace {

using testing_helpers::direct_scenario;
using testing_helpers::for_random_scenarios;

// The largest |ln| cycle ratio, from the weights, as a reader would compute it by hand.
double cycle_ratio_from_weights(const core::Mat& A) {
  const int n = static_cast<int>(A.rows());
  double largest = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k)
        largest = std::max(largest, std::abs(std::log(A(i, j) * A(j, k) * A(k, i) / (A(i, k) * A(k, j) * A(j, i)))));
  return largest;
}

// Worked on paper: three tokens, logits = S (no scale, T = 1).
//   S = [[0, 1, 0], [0, 0, 2], [0, 0, 0]]: the cycle 1→2→3→1 has
//   ℓ_12 + ℓ_23 + ℓ_31 − ℓ_13 − ℓ_32 − ℓ_21 = 1 + 2 + 0 − 0 − 0 − 0 = 3, a ratio e³.
TEST(Reversibility, ThreeTokensByHand) {
  core::Mat Q(3, 3), K(3, 3), V(3, 3);  // V is n × d_k (d_v = d_k)
  Q.setIdentity();
  K << 0, 0, 0, 1, 0, 0, 0, 2, 0;  // S = Q·Kᵀ = Kᵀ
  V.setZero();
  const core::HeadResult h = core::compute(direct_scenario(Q, K, V)).head[0];
  ASSERT_EQ(h.logits(0, 1), 1.0);
  ASSERT_EQ(h.logits(1, 2), 2.0);
  EXPECT_EQ(h.irreversibility, 3.0);
  const core::Mat& A = h.weights;
  EXPECT_NEAR(A(0, 1) * A(1, 2) * A(2, 0) / (A(0, 2) * A(2, 1) * A(1, 0)), std::exp(3.0), 1e-12);
}

// The general case agrees with the ratio of the weights (which the row sums leave alone).
TEST(Reversibility, EqualsTheCycleRatioOfTheWeights) {
  int checked = 0;
  for_random_scenarios(7, [&](const core::Scenario& s) {
    if (s.n() < 3) return;
    const core::Result r = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_NEAR(r.head[h].irreversibility, cycle_ratio_from_weights(r.head[h].weights), 1e-9);
      ++checked;
    }
  });
  EXPECT_GT(checked, 100);
}

// A symmetric S makes every cycle's ratio exactly 1, with or without the no-self mask,
// and π_i ∝ Z_i balances the flow: π_i A_ij = π_j A_ji.
TEST(Reversibility, SharedQkIsExactlyReversible) {
  int checked = 0;
  for_random_scenarios(11, [&](core::Scenario s) {
    if (s.n() < 3 || s.mode != core::Mode::Projected) return;
    s.options.shared_qk = true;
    for (bool no_self : {false, true}) {
      s.options.no_self = no_self;
      const core::HeadResult h = core::compute(s).head[0];
      EXPECT_EQ(h.irreversibility, 0.0);
      core::Vec Z = h.logits.array().exp().rowwise().sum();  // exp(−∞) = 0 where masked
      for (int i = 0; i < s.n(); ++i)
        for (int j = 0; j < s.n(); ++j)
          EXPECT_NEAR(Z(i) * h.weights(i, j), Z(j) * h.weights(j, i), 1e-12 * (Z(i) + Z(j)));
      ++checked;
    }
  });
  EXPECT_GT(checked, 100);
}

// The converse: a positive reversible A (π_i A_ij = B_ij for a symmetric positive B)
// is row-softmax of the symmetric S_ij = ln(π_i A_ij) = ln B_ij. Four tokens, Q = I, K = S.
TEST(Reversibility, EveryReversibleMatrixIsSoftmaxOfASymmetricS) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> positive(0.05, 2.0);
  for (int trial = 0; trial < 200; ++trial) {
    core::Mat B(4, 4);
    for (int i = 0; i < 4; ++i)
      for (int j = i; j < 4; ++j) B(i, j) = B(j, i) = positive(rng);
    const core::Vec pi = B.rowwise().sum() / B.sum();  // the stationary law of A = B / rowsums
    core::Mat A(4, 4), S(4, 4);
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) A(i, j) = B(i, j) / B.row(i).sum();
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) S(i, j) = std::log(pi(i) * A(i, j));
    ASSERT_LT((S - S.transpose()).cwiseAbs().maxCoeff(), 1e-12);
    core::Mat Q = core::Mat::Identity(4, 4), V = core::Mat::Zero(4, 4);  // V is n × d_k
    const core::HeadResult h = core::compute(direct_scenario(Q, S, V)).head[0];
    EXPECT_LT((h.weights - A).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT(h.irreversibility, 1e-12);
  }
}

// A causal mask leaves no cycle of three with six finite logits (ℓ_ij, i < j, is masked):
// there is nothing to test, and a symmetric S constrains nothing above the diagonal.
TEST(Reversibility, UndefinedUnderACausalMaskForTwoTokensAndAcross) {
  std::mt19937 rng(5);
  core::Scenario s = testing_helpers::random_scenario(rng, 5, 3, 2, 1, core::Mode::Projected);
  EXPECT_FALSE(std::isnan(core::compute(s).head[0].irreversibility));
  s.options.causal = true;
  EXPECT_TRUE(std::isnan(core::compute(s).head[0].irreversibility));
  core::Scenario two = testing_helpers::random_scenario(rng, 2, 3, 2, 1, core::Mode::Projected);
  EXPECT_TRUE(std::isnan(core::compute(two).head[0].irreversibility));
}

// Non-symmetric S: a general QKᵀ is not reversible, and swapping W^Q and W^K (S → Sᵀ)
// turns every cycle around, which keeps its |ln|.
TEST(Reversibility, SeparateProjectionsAreNotReversibleAndSwapKeepsTheValue) {
  int positive = 0, checked = 0;
  for_random_scenarios(13, [&](core::Scenario s) {
    if (s.n() < 3 || s.mode != core::Mode::Projected) return;
    const double before = core::compute(s).head[0].irreversibility;
    std::swap(s.W_Q[0], s.W_K[0]);
    EXPECT_NEAR(core::compute(s).head[0].irreversibility, before, 1e-9 * (1 + before));
    positive += before > 1e-6;
    ++checked;
  });
  EXPECT_EQ(positive, checked);
}

}  // namespace

}  // namespace test_reversibility
