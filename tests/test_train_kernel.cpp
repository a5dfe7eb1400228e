// The training kernel computes what add_gradient computes (the loss and ∂L/∂
// every trained weight), under every option a variant can have; and its exp
// is exp, the same bits from the AVX2 loop and the plain one.
#include <cmath>
#include <limits>
#include <random>
#include <vector>
#include <cstring>
#include <algorithm>

#include <gtest/gtest.h>

#include "core/fast_exp.h"
#include "core/gradient.h"
#include "core/train_kernel.h"
#include "test_helpers.h"

namespace {

// |a − b| within 1e-10 of the larger magnitude (or of 1 near 0), entry by entry.
template <class A, class B>
double worst(const A& a, const B& b) {
  double w = 0;
  for (Eigen::Index r = 0; r < a.rows(); ++r)
    for (Eigen::Index c = 0; c < a.cols(); ++c)
      w = std::max(w, std::fabs(a(r, c) - b(r, c)) / std::max({1.0, std::fabs(a(r, c)), std::fabs(b(r, c))}));
  return w;
}

}  // namespace

TEST(TrainKernel, AgreesWithAddGradientUnderEveryOption) {
  int checked = 0;
  std::mt19937 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  testing_helpers::for_random_scenarios(7, [&](core::Scenario s) {
    if (s.mode != core::Mode::Projected) return;
    s.has_target = true;
    s.target = s.X;
    for (Eigen::Index i = 0; i < s.target.size(); ++i) s.target.data()[i] = normal(rng);
    for (int h = 0; h < s.heads; ++h) {
      s.W[h].resize(s.d_model, s.d_model);
      for (Eigen::Index i = 0; i < s.W[h].size(); ++i) s.W[h].data()[i] = normal(rng);
    }
    for (int options = 0; options < 64; ++options) {
      core::Scenario v = s;
      core::Options& o = v.options;
      o.merged_qk = options & 1;
      o.shared_qk = (options & 2) && !o.merged_qk;
      o.normalize_keys = options & 4;
      o.causal = options & 8;
      o.no_self = options & 16;
      o.head_output = options & 32 ? core::HeadOutput::Alt : core::HeadOutput::Attention;
      o.scale = options % 3 == 0 ? core::Scale::None : core::Scale::SqrtDk;
      o.temperature = options % 5 == 0 ? 0.5 : 1.0;
      ASSERT_TRUE(core::validate(v).empty()) << core::validate(v).front();
      core::Gradient expected;
      expected.set_zero(v);
      const double expected_loss = core::add_gradient(v, 0.25, expected);

      core::TrainKernel kernel;
      kernel.load(v);
      core::KernelGradient kg;
      kg.zero();
      const double loss = kernel.add_gradient(v.X.data(), v.target.data(), 0.25, kg);
      core::Gradient got;
      got.set_zero(v);
      kernel.add_to(kg, got);
      SCOPED_TRACE("n " + std::to_string(v.n()) + ", d_model " + std::to_string(v.d_model) + ", d_k " +
                   std::to_string(v.d_k) + ", options " + std::to_string(options));
      EXPECT_NEAR(loss, expected_loss, 1e-12 * std::max(1.0, expected_loss));
      EXPECT_EQ(kernel.loss(v.X.data(), v.target.data()), loss);  // the same forward pass
      for (int h = 0; h < v.heads; ++h) {
        if (o.merged_qk) EXPECT_LT(worst(got.W[h], expected.W[h]), 1e-10);
        else EXPECT_LT(worst(got.W_Q[h], expected.W_Q[h]), 1e-10);
        if (!o.merged_qk && !o.shared_qk) EXPECT_LT(worst(got.W_K[h], expected.W_K[h]), 1e-10);
        EXPECT_LT(worst(got.W_V[h], expected.W_V[h]), 1e-10);
        if (o.head_output == core::HeadOutput::Alt) EXPECT_LT(worst(got.W_alt[h], expected.W_alt[h]), 1e-10);
      }
      EXPECT_LT(worst(got.W_O, expected.W_O), 1e-10);
      // The layer's output is compute()'s.
      core::Mat Y(v.n(), v.d_model);
      kernel.output(v.X.data(), Y.data());
      EXPECT_LT(worst(Y, core::compute(v).output), 1e-12);
      ++checked;
    }
  });
  EXPECT_EQ(checked, 7 * 3 * 4 * 64);  // n × d_model × d_k × options
}

// A gradient that is wrong somewhere is caught: a weight moved by 1e-6 changes the loss by ≈ the gradient's prediction.
TEST(TrainKernel, GradientPredictsTheLossChange) {
  std::mt19937 rng(3);
  core::Scenario s = testing_helpers::random_scenario(rng, 5, 3, 2, 2, core::Mode::Projected);
  s.has_target = true;
  s.target = core::Mat::Zero(5, 3);
  s.options.causal = true;
  core::TrainKernel kernel;
  kernel.load(s);
  core::KernelGradient kg;
  kg.zero();
  const double loss = kernel.add_gradient(s.X.data(), s.target.data(), 1.0, kg);
  const double step = 1e-6;
  s.W_K[1](2, 0) += step;
  kernel.load(s);
  const double moved = kernel.loss(s.X.data(), s.target.data());
  EXPECT_NEAR((moved - loss) / step, kg.W_K[1][2 * 2 + 0], 1e-5);
  EXPECT_NE(kg.W_K[1][2 * 2 + 0], 0.0);
}

// exp within 2 ulp of libm's over the whole range, subnormal results too; the special values exactly.
TEST(FastExp, IsExp) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> any(-746.0, 710.0), near_zero(-1.0, 1.0);
  std::vector<double> x;
  for (int i = 0; i < 200000; ++i) x.push_back(i % 2 ? any(rng) : near_zero(rng));
  for (double special : {0.0, -0.0, 1.0, -1.0, -708.0, -740.0, -745.2, 709.7, 709.78})
    x.push_back(special);
  std::vector<double> y = x;
  core::exp_in_place(y.data(), static_cast<int>(y.size()));
  double worst_ulps = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double want = std::exp(x[i]);
    if (want < std::numeric_limits<double>::min()) {  // subnormal: absolute, in units of the smallest subnormal
      EXPECT_LE(std::fabs(y[i] - want), 2 * std::numeric_limits<double>::denorm_min()) << x[i];
      continue;
    }
    worst_ulps = std::max(worst_ulps, std::fabs(y[i] - want) / (std::nextafter(want, HUGE_VAL) - want));
  }
  EXPECT_LE(worst_ulps, 2.0);
  double special[] = {-std::numeric_limits<double>::infinity(), -800.0, 800.0, std::numeric_limits<double>::quiet_NaN()};
  core::exp_in_place(special, 4);
  EXPECT_EQ(special[0], 0.0);
  EXPECT_EQ(special[1], 0.0);
  EXPECT_EQ(special[2], HUGE_VAL);
  EXPECT_TRUE(std::isnan(special[3]));
}

// Same bits from every path: the four-at-a-time loop (where the CPU has AVX2) and the plain one.
TEST(FastExp, EveryPathGivesTheSameBits) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> any(-750.0, 712.0);
  std::vector<double> x(4096);
  for (double& v : x) v = any(rng);
  x[5] = -std::numeric_limits<double>::infinity();
  std::vector<double> y = x;
  core::exp_in_place(y.data(), static_cast<int>(y.size()));
  for (size_t i = 0; i < x.size(); ++i) {
    const double plain = core::exp_scalar_for_tests(x[i]);
    EXPECT_EQ(std::memcmp(&plain, &y[i], sizeof plain), 0) << x[i];
  }
}
