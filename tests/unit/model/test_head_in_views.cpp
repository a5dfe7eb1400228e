// "Open in views" (core/model/head_in_views.h): a trained head restricted to its top singular directions.
// Checked by what must hold whatever the head: the directions are orthonormal and named in order; the
// views' scores of the directions are the trained head's (its W between them, over √d_k as it was); with
// four directions two singular pairs are kept whole; a symmetric head stays symmetric and needs fewer
// candidates; a 2 × 2 case by hand.
#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <Eigen/SVD>

#include "core/model/bilinear_form.h"
#include "core/model/compute.h"
#include "core/model/head_in_views.h"

namespace test_head_in_views {

namespace {

Eigen::MatrixXd random(int rows, int cols, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i) m(i) = normal(rng);
  return m;
}

// The views' logits of token i against token j: (x_i W^Q)·(x_j W^K) / √d_k, from the scenario as compute() sees it.
double view_logit(const core::Scenario& s, int i, int j) {
  const core::Result r = core::compute(s);
  return r.head[0].logits(i, j);
}

}  // namespace

TEST(HeadInViews, TheDirectionsAreOrthonormalAndTheScoresAreTheHeads) {
  std::mt19937_64 rng(3);
  const Eigen::MatrixXd W_Q = random(64, 16, rng), W_K = random(64, 16, rng);
  const Eigen::MatrixXd W = W_Q * W_K.transpose();
  for (int dims : {2, 3, 4}) {
    const core::HeadInViews in = core::head_in_views(W_Q, W_K, dims);
    ASSERT_EQ(in.basis.cols(), dims);
    EXPECT_LT((in.basis.transpose() * in.basis - Eigen::MatrixXd::Identity(dims, dims)).norm(), 1e-12);
    const std::vector<std::string> names = {"u1", "v1", "u2", "v2"};
    EXPECT_EQ(in.names, std::vector<std::string>(names.begin(), names.begin() + dims));
    EXPECT_LT((in.form - in.basis.transpose() * W * in.basis).norm(), 1e-9 * W.norm());
    // The scenario: n = d_model = d_k = dims, X = I, its logits the trained head's: p_i·W·p_jᵀ / √16.
    const core::Scenario& s = in.scenario;
    ASSERT_EQ(s.n(), dims);
    ASSERT_EQ(s.d_model, dims);
    ASSERT_EQ(s.d_k, dims);
    for (int i = 0; i < dims; ++i)
      for (int j = 0; j < dims; ++j)
        EXPECT_NEAR(view_logit(s, i, j), in.basis.col(i).dot(W * in.basis.col(j)) / 4.0, 1e-9 * W.norm()) << dims << ": " << i << ", " << j;
  }
  // Four directions hold the two largest singular pairs whole: W' has σ₁ and σ₂ of W.
  const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(W).singularValues();
  const Eigen::VectorXd kept = Eigen::JacobiSVD<Eigen::MatrixXd>(core::head_in_views(W_Q, W_K, 4).form).singularValues();
  EXPECT_NEAR(kept(0), sigma(0), 1e-9 * sigma(0));
  EXPECT_NEAR(kept(1), sigma(1), 1e-9 * sigma(0));
}

// A symmetric head (W_K = W_Q): v_i = ±u_i, so the directions are u1, u2, u3, u4, and W' stays symmetric.
TEST(HeadInViews, ASymmetricHeadStaysSymmetric) {
  std::mt19937_64 rng(5);
  const Eigen::MatrixXd W_Q = random(32, 8, rng);
  const core::HeadInViews in = core::head_in_views(W_Q, W_Q, 4);
  EXPECT_EQ(in.names, (std::vector<std::string>{"u1", "u2", "u3", "u4"}));
  EXPECT_LT((in.form - in.form.transpose()).norm(), 1e-9 * in.form.norm());
  EXPECT_NEAR(core::bilinear_form(in.scenario.W_Q[0], in.scenario.W_K[0]).symmetric_fraction, 1.0, 1e-12);
}

// By hand: d_model = 2, d_k = 1, W_Q = (1, 0)ᵀ, W_K = (0, 2)ᵀ: W = [[0, 2], [0, 0]], σ₁ = 2 with u1 = e1 and
// v1 = e2. The directions are u1, v1 (the whole plane); W' = W; the logits over √1: s(u1, v1) = 2, the rest 0.
// The views' d_k is 2, so W^Q and W^K are scaled by (2/1)^¼ each: their logit is W'·√2 / √2.
TEST(HeadInViews, AOneWayHeadByHand) {
  Eigen::MatrixXd W_Q(2, 1), W_K(2, 1);
  W_Q << 1, 0;
  W_K << 0, 2;
  const core::HeadInViews in = core::head_in_views(W_Q, W_K, 2);
  EXPECT_EQ(in.names, (std::vector<std::string>{"u1", "v1"}));
  EXPECT_NEAR(std::abs(in.basis(0, 0)), 1.0, 1e-12);
  EXPECT_NEAR(std::abs(in.basis(1, 1)), 1.0, 1e-12);
  EXPECT_NEAR(view_logit(in.scenario, 0, 1), 2.0, 1e-12);
  EXPECT_NEAR(view_logit(in.scenario, 1, 0), 0.0, 1e-12);
  EXPECT_NEAR(view_logit(in.scenario, 0, 0), 0.0, 1e-12);
  EXPECT_NEAR(in.scenario.W_Q[0].cwiseAbs().maxCoeff(), std::pow(2.0, 0.25) * std::sqrt(2.0), 1e-12);
}

// Characters of a text in the views (text_in_views): on 20 random heads of d_model = 24, d_k = 6 and 2 to 8 inputs,
// the views' logits are the head's on each input's projection, x_i·P·Pᵀ·W·P·Pᵀ·x_jᵀ / √d_k; and inputs that lie in the
// directions (x = r·Pᵀ) get exactly the head's own logits, x_i·W·x_jᵀ / √d_k.
TEST(HeadInViews, ATextsCharactersKeepTheHeadsLogitsOnTheirProjections) {
  std::mt19937_64 rng(65);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::MatrixXd W_Q = random(24, 6, rng), W_K = random(24, 6, rng), W = W_Q * W_K.transpose();
    const int n = 2 + trial % 7, dims = 2 + trial % 3;
    const Eigen::MatrixXd X = random(n, 24, rng);
    std::vector<std::string> tokens;
    for (int i = 0; i < n; ++i) tokens.push_back("c" + std::to_string(i));
    const core::HeadInViews in = core::text_in_views(W_Q, W_K, dims, X, tokens);
    ASSERT_EQ(in.scenario.n(), n);
    ASSERT_EQ(in.scenario.tokens, tokens);
    const Eigen::MatrixXd P = in.basis, onto = P * P.transpose();
    const core::Result r = core::compute(in.scenario);
    const Eigen::MatrixXd expected = (X * onto) * W * (X * onto).transpose() / std::sqrt(6.0);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) EXPECT_NEAR(r.head[0].logits(i, j), expected(i, j), 1e-10 * (1 + std::abs(expected(i, j))));
    // In the directions: the head's own.
    const Eigen::MatrixXd inside = random(n, dims, rng) * P.transpose();
    const core::HeadInViews in_plane = core::text_in_views(W_Q, W_K, dims, inside, tokens);
    const core::Result r2 = core::compute(in_plane.scenario);
    const Eigen::MatrixXd own = inside * W * inside.transpose() / std::sqrt(6.0);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) EXPECT_NEAR(r2.head[0].logits(i, j), own(i, j), 1e-10 * (1 + std::abs(own(i, j))));
  }
}

}  // namespace test_head_in_views
