// ∂L/∂entry from core::gradient against a hand calculation, central finite
// differences on random scenarios of every size, mode and option, and the
// softmax Jacobian worked on paper.
#include <cmath>
#include <functional>
#include <random>

#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "core/model/gradient.h"
#include "tests/support/test_helpers.h"

namespace test_gradient {

namespace {

using core::Mat;
using core::Scenario;

double loss_of(const Scenario& s) { return core::compute(s).loss; }

// Compares every entry of an analytic gradient with (L(x+h) − L(x−h)) / 2h.
// Relative to the largest of the two, with an absolute floor: central
// differences of a smooth function are good to ~h² plus rounding ~ε/h.
template <class M, class G>
void expect_matches_finite_differences(Scenario s, M& (*field)(Scenario&), const G& analytic,
                                       const std::string& name) {
  M& m = field(s);
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      const double x = m(r, c), h = 1e-5 * std::max(1.0, std::abs(x));
      m(r, c) = x + h;
      const double up = loss_of(s);
      m(r, c) = x - h;
      const double down = loss_of(s);
      m(r, c) = x;
      const double numeric = (up - down) / (2 * h), exact = analytic(r, c);
      ASSERT_NEAR(exact, numeric, 1e-6 * std::max({1.0, std::abs(exact), std::abs(numeric)}))
          << name << "[" << r << "][" << c << "]";
    }
}

// A target near the output, so that the loss is neither 0 nor huge.
void give_target(Scenario& s, std::mt19937& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const Mat Y = core::compute(s).output;
  s.target = Y;
  for (Eigen::Index r = 0; r < Y.rows(); ++r)
    for (Eigen::Index c = 0; c < Y.cols(); ++c) s.target(r, c) += normal(rng);
  s.has_target = true;
}

void check_every_field(const Scenario& s) {
  core::Gradient g;
  const double loss = core::gradient(s, g);
  EXPECT_DOUBLE_EQ(loss, loss_of(s));
  const auto head = [](const char* name, int h) { return std::string(name) + "[" + std::to_string(h) + "]"; };
  using Heads = std::array<Mat, core::kMaxHeads>;
  // Each field by a pointer to the member, so that one loop covers all of them.
  const auto check_heads = [&](Heads Scenario::*field, const Heads& grad, const char* name) {
    for (int h = 0; h < s.heads; ++h) {
      Scenario t = s;
      Mat& m = (t.*field)[h];
      for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
          const double x = m(r, c), step = 1e-5 * std::max(1.0, std::abs(x));
          m(r, c) = x + step;
          const double up = loss_of(t);
          m(r, c) = x - step;
          const double down = loss_of(t);
          m(r, c) = x;
          const double numeric = (up - down) / (2 * step), exact = grad[h](r, c);
          ASSERT_NEAR(exact, numeric, 1e-6 * std::max({1.0, std::abs(exact), std::abs(numeric)}))
              << head(name, h) << "[" << r << "][" << c << "]";
        }
    }
  };
  if (s.mode == core::Mode::Projected) {
    expect_matches_finite_differences<Mat>(s, [](Scenario& t) -> Mat& { return t.X; },
                                           [&](auto r, auto c) { return g.X(r, c); }, "X");
    check_heads(&Scenario::W_Q, g.W_Q, "W_Q");
    check_heads(&Scenario::W_K, g.W_K, "W_K");
    check_heads(&Scenario::W_V, g.W_V, "W_V");
    check_heads(&Scenario::W, g.W, "W");
  } else {
    check_heads(&Scenario::Q, g.Q, "Q");
    check_heads(&Scenario::K, g.K, "K");
    check_heads(&Scenario::V, g.V, "V");
  }
  // Without W_alt in the file, the identity stands in and is no entry to move.
  if (s.has_W_alt) check_heads(&Scenario::W_alt, g.W_alt, "W_alt");
  expect_matches_finite_differences<core::WideMat>(s, [](Scenario& t) -> core::WideMat& { return t.W_O; },
                                                   [&](auto r, auto c) { return g.W_O(r, c); }, "W_O");
}

}  // namespace

// Worked on paper: Q = 0 makes both rows of A uniform, (½, ½); V = I, W^O = I,
// target 0. Then Y = [[½, ½], [½, ½]], L = mean(Y²) = ¼, ∂L/∂Y = 2Y/4 = ¼, and
// ∂L/∂V_jt = Σ_i A_ij·¼ = ¼. ∂L/∂A = ∂L/∂Y·Vᵀ = ¼ everywhere, equal along each
// row: the softmax passes none of it back, so ∂L/∂Q = ∂L/∂K = 0.
TEST(Gradient, TwoByTwoByHand) {
  Mat Q = Mat::Zero(2, 2), K(2, 2), V = Mat::Identity(2, 2);
  K << 1, 2, 3, 4;
  Scenario s = testing_helpers::direct_scenario(Q, K, V);
  s.has_target = true;
  s.target = Mat::Zero(2, 2);
  core::Gradient g;
  EXPECT_DOUBLE_EQ(core::gradient(s, g), 0.25);
  EXPECT_TRUE(g.V[0].isApprox(Mat::Constant(2, 2, 0.25)));
  EXPECT_EQ(g.Q[0].cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(g.K[0].cwiseAbs().maxCoeff(), 0.0);
  // ∂L/∂W^O = concatᵀ·∂L/∂Y = [[½,½],[½,½]]ᵀ·¼ = ¼ everywhere.
  EXPECT_TRUE(g.W_O.isApprox(core::WideMat::Constant(2, 2, 0.25)));
}

// The softmax Jacobian diag(a) − aaᵀ: for a = (½, ½), [[¼, −¼], [−¼, ¼]]; its
// rows sum to 0 (the weights keep summing to 1), and a saturated row passes ~nothing.
TEST(Gradient, SoftmaxJacobianByHand) {
  Mat A(2, 2);
  A << 0.5, 0.5, 1 - 1e-9, 1e-9;
  const Mat J = core::softmax_jacobian(A, 0);
  Mat expected(2, 2);
  expected << 0.25, -0.25, -0.25, 0.25;
  EXPECT_TRUE(J.isApprox(expected));
  const Mat saturated = core::softmax_jacobian(A, 1);
  EXPECT_LT(saturated.cwiseAbs().maxCoeff(), 1.1e-9);
  EXPECT_NEAR(saturated.rowwise().sum().cwiseAbs().maxCoeff(), 0.0, 1e-16);
}

// Every size and mode, under each option, against central differences.
TEST(Gradient, MatchesFiniteDifferencesForEveryOption) {
  std::mt19937 rng(7);
  int checked = 0;
  testing_helpers::for_random_scenarios(11, [&](Scenario s) {
    // Entries of N(0, 1) give logits of a few units: the softmax is neither
    // flat nor saturated, where differences are least informative.
    for (int variant = 0; variant < 8; ++variant) {
      Scenario t = s;
      core::Options& o = t.options;
      o.shared_qk = variant == 1 || variant == 2;
      o.normalize_keys = variant == 2 || variant == 5;
      o.no_self = variant == 2 || variant == 6;
      o.causal = variant == 3 || variant == 6;
      o.scale = variant == 4 ? core::Scale::None : core::Scale::SqrtDk;
      o.temperature = variant == 4 ? 2.5 : variant == 7 ? 0.5 : 1.0;
      o.head_output = variant % 2 ? core::HeadOutput::Alt : core::HeadOutput::Attention;
      o.merged_qk = t.mode == core::Mode::Projected && (variant == 5 || variant == 7);
      if (t.mode == core::Mode::Projected)
        for (int h = 0; h < t.heads; ++h) t.W[h] = Mat::Random(t.d_model, t.d_model);
      t.has_W_alt = variant != 3;
      give_target(t, rng);
      ASSERT_TRUE(core::validate(t).empty()) << core::validate(t)[0];
      check_every_field(t);
      ++checked;
    }
  });
  EXPECT_EQ(checked, 2 * 7 * 3 * 4 * 8);
}

// Sigmoid attention: each weight σ(z + b) on its own, so ∂z = ∂a·a(1 − a); with masks, both
// scales, a temperature, its default bias −ln m and a bias of its own, in both modes.
TEST(Gradient, MatchesFiniteDifferencesUnderSigmoidAttention) {
  std::mt19937 rng(17);
  int checked = 0;
  testing_helpers::for_random_scenarios(13, [&](Scenario s) {
    for (int variant = 0; variant < 4; ++variant) {
      Scenario t = s;
      core::Options& o = t.options;
      o.weights = core::Weights::Sigmoid;
      o.causal = variant == 1;
      o.no_self = variant == 2;
      o.scale = variant == 3 ? core::Scale::None : core::Scale::SqrtDk;
      o.temperature = variant == 3 ? 2.5 : 1.0;
      if (variant % 2) o.sigmoid_bias = variant == 1 ? 1.5 : -3.0;
      give_target(t, rng);
      ASSERT_TRUE(core::validate(t).empty()) << core::validate(t)[0];
      check_every_field(t);
      ++checked;
    }
  });
  EXPECT_EQ(checked, 2 * 7 * 3 * 4 * 4);
}

// Fields that take no part get zeros: W_K under shared QK, W_Q and W_K under
// merged_qk, W_alt when head_output is "attention".
TEST(Gradient, FieldsThatTakeNoPartAreZero) {
  std::mt19937 rng(3);
  Scenario s = testing_helpers::random_scenario(rng, 4, 3, 2, 2, core::Mode::Projected);
  give_target(s, rng);
  core::Gradient g;
  s.options.shared_qk = true;
  core::gradient(s, g);
  EXPECT_EQ(g.W_K[0].cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(g.W_alt[1].cwiseAbs().maxCoeff(), 0.0);
  EXPECT_GT(g.W_Q[0].cwiseAbs().maxCoeff(), 0.0);
  s.options.shared_qk = false;
  s.options.merged_qk = true;
  s.W[0] = Mat::Identity(3, 3);
  s.W[1] = Mat::Identity(3, 3);
  core::gradient(s, g);
  EXPECT_EQ(g.W_Q[1].cwiseAbs().maxCoeff() + g.W_K[1].cwiseAbs().maxCoeff(), 0.0);
  EXPECT_GT(g.W[1].cwiseAbs().maxCoeff(), 0.0);
}

}  // namespace test_gradient
