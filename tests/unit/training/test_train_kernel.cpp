// The training kernel computes what add_gradient computes (the loss and ∂L/∂
// every trained weight), under every option a variant can have; and its exp
// is exp, the same bits from the AVX2 loop and the plain one.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>
#include <cstring>
#include <algorithm>
#include <stdexcept>

#include <gtest/gtest.h>

#include "core/designs/sigmoid_attention.h"

#include "core/math/fast_exp.h"
#include "core/model/gradient.h"
#include "core/designs/positions.h"
#include "core/training/train_kernel.h"
#include "tests/support/test_helpers.h"

namespace test_train_kernel {

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

// Every option a variant can have (QK-norm with random gains too), with positions (none, sinusoidal,
// RoPE, at the default base and another) and with or without cross-attention (m keys from a second
// sequence X_kv, m ≠ n mostly), on a random projected scenario of each size with a random target,
// n tokens for each n that `tokens` accepts: f(v, positions, cross, options).
template <class Tokens, class F>
void for_every_variant(Tokens&& tokens, F&& f) {
  std::mt19937 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  testing_helpers::for_random_scenarios(7, [&](core::Scenario s) {
    if (s.mode != core::Mode::Projected || !tokens(s.n())) return;
    s.has_target = true;
    s.target = s.X;
    for (Eigen::Index i = 0; i < s.target.size(); ++i) s.target.data()[i] = normal(rng);
    for (int h = 0; h < s.heads; ++h) {
      s.W[h].resize(s.d_model, s.d_model);
      for (Eigen::Index i = 0; i < s.W[h].size(); ++i) s.W[h].data()[i] = normal(rng);
    }
    const int m = 2 + (s.n() + s.d_model) % 7;  // the keys' sequence under cross-attention
    core::Mat X_kv(m, s.d_model);
    for (Eigen::Index i = 0; i < X_kv.size(); ++i) X_kv.data()[i] = normal(rng);
    for (core::Positions positions : {core::Positions::None, core::Positions::Sinusoidal, core::Positions::Rope})
      for (bool cross : {false, true})
        for (int options = 0; options < 128; ++options) {
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
          o.positions = positions;
          o.position_base = options % 7 < 3 ? 3.5 : core::kDefaultPositionBase;  // a base that turns fast, and the usual
          o.qk_norm = options & 64;
          // Sigmoid attention on a third of them, with its default bias −ln m or one of its own.
          o.weights = (options / 3) % 3 == 1 ? core::Weights::Sigmoid : core::Weights::Softmax;
          if (core::sigmoid_weights(o) && options % 2) o.sigmoid_bias = -2.5;
          if (o.qk_norm) {  // scale "none", and gains of both signs, small and large
            o.scale = core::Scale::None;
            for (int h = 0; h < v.heads; ++h) v.qk_gain[static_cast<size_t>(h)] = 3.0 * normal(rng);
          }
          if ((positions == core::Positions::Rope && o.merged_qk) || (cross && o.no_self) || (o.qk_norm && o.normalize_keys))
            continue;  // invalid: validate() refuses
          if (cross) {
            v.tokens_kv.assign(static_cast<size_t>(m), "k");
            v.X_kv = X_kv;
          }
          ASSERT_TRUE(core::validate(v).empty()) << core::validate(v).front();
          SCOPED_TRACE("n " + std::to_string(v.n()) + ", m " + std::to_string(v.m()) + ", d_model " +
                       std::to_string(v.d_model) + ", d_k " + std::to_string(v.d_k) + ", options " +
                       std::to_string(options) + ", positions " + core::to_string(positions));
          f(v, positions, cross, options);
        }
  });
}

// v with a zero key and a zero query made of inputs that are not zero: row 0 of every W^Q, W^K
// and W is 0, and token 0 of X (and of X_kv) is 1.5·e_0 less its position's encoding, so that
// the projections read 1.5·e_0 there. normalize_keys and the cosine logits then meet a zero row
// (one W: a zero query only) whose ∂W would not vanish if the row passed a gradient back.
core::Scenario with_zero_rows(core::Scenario v) {
  core::Mat pe;
  core::sinusoidal_encoding(1, v.d_model, v.options.position_base, pe);
  const bool sinusoidal = v.options.positions == core::Positions::Sinusoidal;
  for (int h = 0; h < v.heads; ++h) {
    v.W_Q[h].row(0).setZero();
    v.W_K[h].row(0).setZero();
    v.W[h].row(0).setZero();
  }
  for (core::Mat* M : {&v.X, &v.X_kv})
    if (M->rows() > 0)
      for (int c = 0; c < v.d_model; ++c) (*M)(0, c) = (c == 0 ? 1.5 : 0.0) - (sinusoidal ? pe(0, c) : 0.0);
  return v;
}

// Under every option, the kernel's loss, ∂L/∂ every trained weight and output are add_gradient's
// and compute()'s to rounding; with 3 and 8 tokens, also with_zero_rows.
TEST(TrainKernel, AgreesWithAddGradientUnderEveryOption) {
  int checked = 0, with_positions = 0, with_cross = 0, with_qk_norm = 0, with_sigmoid = 0, with_zero_row = 0;
  const auto agrees = [](const core::Scenario& v, bool cross) {
    const core::Options& o = v.options;
    core::Gradient expected;
    expected.set_zero(v);
    const double expected_loss = core::add_gradient(v, 0.25, expected);

    core::TrainKernel kernel;
    kernel.load(v);
    core::KernelGradient kg;
    kg.zero();
    const double* kv = cross ? v.X_kv.data() : nullptr;
    const double loss = kernel.add_gradient(v.X.data(), kv, v.target.data(), 0.25, kg);
    core::Gradient got;
    got.set_zero(v);
    kernel.add_to(kg, got);
    EXPECT_NEAR(loss, expected_loss, 1e-12 * std::max(1.0, expected_loss));
    EXPECT_EQ(kernel.loss(v.X.data(), kv, v.target.data()), loss);  // the same forward pass
    for (int h = 0; h < v.heads; ++h) {
      if (o.merged_qk) EXPECT_LT(worst(got.W[h], expected.W[h]), 1e-10);
      else EXPECT_LT(worst(got.W_Q[h], expected.W_Q[h]), 1e-10);
      if (!o.merged_qk && !o.shared_qk) EXPECT_LT(worst(got.W_K[h], expected.W_K[h]), 1e-10);
      EXPECT_LT(worst(got.W_V[h], expected.W_V[h]), 1e-10);
      if (o.head_output == core::HeadOutput::Alt) EXPECT_LT(worst(got.W_alt[h], expected.W_alt[h]), 1e-10);
      const size_t g = static_cast<size_t>(h);
      if (o.qk_norm)
        EXPECT_LE(std::fabs(got.qk_gain[g] - expected.qk_gain[g]), 1e-10 * std::max(1.0, std::fabs(expected.qk_gain[g])));
      else
        EXPECT_EQ(got.qk_gain[g], 0.0);
    }
    EXPECT_LT(worst(got.W_O, expected.W_O), 1e-10);
    // The layer's output is compute()'s.
    core::Mat Y(v.n(), v.d_model);
    kernel.output(v.X.data(), kv, Y.data());
    EXPECT_LT(worst(Y, core::compute(v).output), 1e-12);
  };
  for_every_variant([](int) { return true; }, [&](const core::Scenario& v, core::Positions positions, bool cross, int) {
    const core::Options& o = v.options;
    agrees(v, cross);
    if (v.n() == 3 || v.n() == 8) {
      SCOPED_TRACE("with a zero key and query");
      agrees(with_zero_rows(v), cross);
      ++with_zero_row;
    }
    ++checked;
    with_positions += positions != core::Positions::None;
    with_cross += cross;
    with_qk_norm += o.qk_norm;
    with_sigmoid += core::sigmoid_weights(o);
  });
  // n × d_model × d_k scenarios; per scenario, without QK-norm: none and sinusoidal 64 options
  // alone, 32 (no no_self) with X_kv; RoPE without one W: 32 alone, 16 with X_kv. With
  // QK-norm half of each (no normalize_keys).
  EXPECT_EQ(checked, 7 * 3 * 4 * (2 * (64 + 32) + (32 + 16)) * 3 / 2);
  EXPECT_EQ(with_positions, 7 * 3 * 4 * (64 + 32 + 32 + 16) * 3 / 2);
  EXPECT_EQ(with_cross, 7 * 3 * 4 * (32 + 32 + 16) * 3 / 2);
  EXPECT_EQ(with_qk_norm, 7 * 3 * 4 * (2 * (64 + 32) + (32 + 16)) / 2);
  EXPECT_GT(with_sigmoid, checked / 4);
  EXPECT_EQ(with_zero_row, checked * 2 / 7);
}

// The lane counts this machine computes, each tried below: 2, and 4 where the processor has AVX2
// (TrainKernel::widest_lanes).
static std::vector<int> lane_counts() {
  std::vector<int> counts{2};
  if (core::TrainKernel::widest_lanes() == 4) counts.push_back(4);
  return counts;
}

// The kernel takes four lanes wherever the processor has AVX2 (a build for x86-64 with GCC), and
// two anywhere else; two on request; no other count.
TEST(TrainKernel, TakesFourLanesWhereTheProcessorHasAvx2) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  EXPECT_EQ(core::TrainKernel::widest_lanes(), __builtin_cpu_supports("avx2") ? 4 : 2);
#else
  EXPECT_EQ(core::TrainKernel::widest_lanes(), 2);
#endif
  core::TrainKernel kernel;
  EXPECT_EQ(kernel.lanes(), core::TrainKernel::widest_lanes());
  kernel.set_lanes(2);
  EXPECT_EQ(kernel.lanes(), 2);
  EXPECT_THROW(kernel.set_lanes(3), std::invalid_argument);
  EXPECT_THROW(kernel.set_lanes(8), std::invalid_argument);
  EXPECT_EQ(kernel.lanes(), 2);
}

// The kernel computes several sequences at once, one in each SIMD lane: up to core::kMaxLanes a
// call, lanes() at a time. A sequence's numbers must not depend on its lane, its neighbours or the
// lane count. Under every option, with 3 and 8 tokens, and with each lane count, kMaxLanes + 1
// sequences (one with a zero query and key, which normalize_keys and QK-norm treat apart:
// with_zero_rows) added to a gradient that is not zero, kMaxLanes at a time, then the last alone,
// leave the gradient, the losses and the outputs bit for bit as one at a time.
TEST(TrainKernel, ASequenceGivesTheSameBitsInAnyLane) {
  constexpr int kSequences = core::kMaxLanes + 1;
  static_assert(core::kMaxLanes > 2, "a group of several passes of two, and a part of one");
  int checked = 0;
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  const auto three_or_eight = [](int n) { return n == 3 || n == 8; };  // the fewest tokens that are odd, and the most
  for_every_variant(three_or_eight, [&](const core::Scenario& v, core::Positions, bool cross, int) {
    const int n = v.n(), m = v.m(), dm = v.d_model;
    std::vector<std::vector<double>> X(kSequences), X_kv(kSequences), target(kSequences);
    for (int b = 0; b < kSequences; ++b) {
      for (int i = 0; i < n * dm; ++i) {
        X[b].push_back(normal(rng));
        target[b].push_back(normal(rng));
      }
      for (int i = 0; i < m * dm; ++i) X_kv[b].push_back(normal(rng));
    }
    // Token 0 of sequence 2 makes a zero key and query (with_zero_rows).
    const core::Scenario zero_rows = with_zero_rows(v);
    std::copy_n(zero_rows.X.data(), dm, X[2].begin());  // row-major: token 0's entries first
    if (cross) std::copy_n(zero_rows.X_kv.data(), dm, X_kv[2].begin());
    int order[kSequences];  // 1, 2, …, 0: sequence 2 in lane 1, beside sequence 1
    for (int k = 0; k < kSequences; ++k) order[k] = (k + 1) % kSequences;
    for (const int lanes : lane_counts()) {
      core::TrainKernel kernel;
      kernel.set_lanes(lanes);
      kernel.load(zero_rows);
      const auto kv = [&](int b) { return cross ? X_kv[b].data() : nullptr; };
      // A gradient that is not zero, so that the order of the sums shows in every field.
      std::vector<double> start(sizeof(core::KernelGradient) / sizeof(double));
      for (double& entry : start) entry = normal(rng);
      core::KernelGradient alone, together;
      std::memcpy(&alone, start.data(), sizeof alone);
      std::memcpy(&together, start.data(), sizeof together);
      double losses_alone[kSequences], losses_together[kSequences], test_losses[kSequences];
      std::vector<double> Y_alone(kSequences * n * dm), Y_together(kSequences * n * dm);
      for (int k = 0; k < kSequences; ++k) {
        const int b = order[k];
        losses_alone[k] = kernel.add_gradient(X[b].data(), kv(b), target[b].data(), 0.125, alone);
        kernel.output(X[b].data(), kv(b), &Y_alone[k * n * dm]);
      }
      for (int first = 0; first < kSequences; first += core::kMaxLanes) {
        const int count = std::min(core::kMaxLanes, kSequences - first);
        const double *x[core::kMaxLanes], *x_kv[core::kMaxLanes], *y[core::kMaxLanes];
        double* out[core::kMaxLanes];
        for (int l = 0; l < count; ++l) {
          const int b = order[first + l];
          x[l] = X[b].data();
          x_kv[l] = kv(b);
          y[l] = target[b].data();
          out[l] = &Y_together[(first + l) * n * dm];
        }
        kernel.add_gradient(count, x, x_kv, y, 0.125, together, losses_together + first);
        kernel.loss(count, x, x_kv, y, test_losses + first);
        kernel.output(count, x, x_kv, out);
      }
      EXPECT_EQ(std::memcmp(&alone, &together, sizeof alone), 0);
      EXPECT_EQ(std::memcmp(losses_alone, losses_together, sizeof losses_alone), 0);
      EXPECT_EQ(std::memcmp(losses_alone, test_losses, sizeof losses_alone), 0);
      EXPECT_EQ(std::memcmp(Y_alone.data(), Y_together.data(), Y_alone.size() * sizeof(double)), 0);
      // And the gradient is not all zeros: the comparison above compared something.
      double largest = 0;
      for (int e = 0; e < dm * dm; ++e) largest = std::max(largest, std::fabs(alone.W_O[e]));
      EXPECT_GT(largest, 0.0);
      ++checked;
    }
  });
  EXPECT_EQ(checked, 2 * 3 * 4 * (2 * (64 + 32) + (32 + 16)) * 3 / 2 * static_cast<int>(lane_counts().size()));
}

// The kernel's bits do not change unnoticed: every result of the lab, the command line and the
// page is made of them. Under every option, with 3 and 8 tokens, the loss, ∂L/∂ every trained
// weight (one sequence's, added twice) and the output of one sequence (v, then with_zero_rows(v)),
// hashed (FNV-1a over their bytes), are what the kernel gave when it computed one sequence at a time (e42df27), before it
// computed them in SIMD lanes; with each lane count. A change that moves a bit must say so and record the new hash.
TEST(TrainKernel, GivesTheBitsItGaveOneSequenceAtATime) {
  for (const int lanes : lane_counts()) {
    std::uint64_t hash = 14695981039346656037ull;
    const auto mix = [&](const void* bytes, size_t count) {
      const unsigned char* c = static_cast<const unsigned char*>(bytes);
      for (size_t i = 0; i < count; ++i) hash = (hash ^ c[i]) * 1099511628211ull;
    };
    const auto three_or_eight = [](int n) { return n == 3 || n == 8; };
    for_every_variant(three_or_eight, [&](const core::Scenario& variant, core::Positions, bool cross, int) {
      for (const core::Scenario& v : {variant, with_zero_rows(variant)}) {
        core::TrainKernel kernel;
        kernel.set_lanes(lanes);
        kernel.load(v);
        const double* kv = cross ? v.X_kv.data() : nullptr;
        core::KernelGradient g;
        g.zero();
        // Twice, so that the second adds to a gradient that is not zero: the order of a sum of three shows.
        kernel.add_gradient(v.X.data(), kv, v.target.data(), 0.25, g);
        const double loss = kernel.add_gradient(v.X.data(), kv, v.target.data(), 0.25, g);
        core::Mat Y(v.n(), v.d_model);
        kernel.output(v.X.data(), kv, Y.data());
        mix(&g, sizeof g);
        mix(&loss, sizeof loss);
        mix(Y.data(), sizeof(double) * static_cast<size_t>(Y.size()));
      }
    });
    EXPECT_EQ(hash, 0x4e23507f499a80c9ull) << lanes << " lanes";
  }
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
  const double loss = kernel.add_gradient(s.X.data(), nullptr, s.target.data(), 1.0, kg);
  const double step = 1e-6;
  s.W_K[1](2, 0) += step;
  kernel.load(s);
  const double moved = kernel.loss(s.X.data(), nullptr, s.target.data());
  EXPECT_NEAR((moved - loss) / step, kg.W_K[1][2 * 2 + 0], 1e-5);
  EXPECT_NE(kg.W_K[1][2 * 2 + 0], 0.0);
}

// The same by finite differences, without add_gradient, for positions and cross-attention: every entry of
// W^Q, W^K and W^V of each head (central differences, step 1e-6, so the error is ~1e-10 of the curvature).
TEST(TrainKernel, GradientPredictsTheLossChangeWithPositionsAndCrossAttention) {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (core::Positions positions : {core::Positions::Sinusoidal, core::Positions::Rope}) {
    core::Scenario s = testing_helpers::random_scenario(rng, 4, 4, 4, 2, core::Mode::Projected);
    s.has_target = true;
    s.target = core::Mat::Zero(4, 4);
    s.options.positions = positions;
    s.options.position_base = 5;
    s.options.normalize_keys = true;
    s.tokens_kv = {"a", "b", "c", "d", "e", "f"};
    s.X_kv.resize(6, 4);
    for (Eigen::Index i = 0; i < s.X_kv.size(); ++i) s.X_kv.data()[i] = normal(rng);
    ASSERT_TRUE(core::validate(s).empty());
    core::TrainKernel kernel;
    kernel.load(s);
    core::KernelGradient kg;
    kg.zero();
    kernel.add_gradient(s.X.data(), s.X_kv.data(), s.target.data(), 1.0, kg);
    const double step = 1e-6;
    int nonzero = 0;
    for (int h = 0; h < 2; ++h)
      for (auto [W, g] : {std::pair{&s.W_Q[h], kg.W_Q[h]}, std::pair{&s.W_K[h], kg.W_K[h]}, std::pair{&s.W_V[h], kg.W_V[h]}})
        for (int r = 0; r < 4; ++r)
          for (int c = 0; c < 4; ++c) {
            const double kept = (*W)(r, c);
            (*W)(r, c) = kept + step;
            kernel.load(s);
            const double up = kernel.loss(s.X.data(), s.X_kv.data(), s.target.data());
            (*W)(r, c) = kept - step;
            kernel.load(s);
            const double down = kernel.loss(s.X.data(), s.X_kv.data(), s.target.data());
            (*W)(r, c) = kept;
            EXPECT_NEAR((up - down) / (2 * step), g[r * 4 + c], 1e-7) << core::to_string(positions) << " head " << h;
            nonzero += g[r * 4 + c] != 0;
          }
    EXPECT_EQ(nonzero, 2 * 3 * 16);
  }
}

// Positions by hand, n = 2, d_model = d_k = 2, every W the identity, √2 dividing the scores.
// RoPE: X = [[1, 0], [0, 1]]; q_0 = k_0 = (1, 0) does not turn, q_1 = k_1 = (0, 1) turned by 1 rad
// (θ_0 = 1 at any base) is (−sin 1, cos 1). S_00 = 1, S_01 = −sin 1, so A_00 = 1/(1 + e^(−(1 + sin 1)/√2));
// V is not turned: Y_0 = A_00·(1, 0) + A_01·(0, 1).
// Sinusoidal: X = 0, so X' = PE = [[sin 0, cos 0], [sin 1, cos 1]] and q = k = v = the rows of PE;
// S_00 = 1, S_01 = cos 1: A_00 = 1/(1 + e^((cos 1 − 1)/√2)), Y_0 = A_00·(0, 1) + A_01·(sin 1, cos 1).
TEST(TrainKernel, PositionsByHand) {
  core::Scenario s = core::make_zero_scenario(2, 2, 2, 1);
  s.W_Q[0] = s.W_K[0] = s.W_V[0] = core::Mat::Identity(2, 2);
  s.W_O = core::WideMat::Identity(2, 2);
  s.X = core::Mat::Identity(2, 2);
  s.options.positions = core::Positions::Rope;
  core::TrainKernel kernel;
  kernel.load(s);
  core::Mat Y(2, 2);
  kernel.output(s.X.data(), nullptr, Y.data());
  double a = 1 / (1 + std::exp(-(1 + std::sin(1.0)) / std::sqrt(2.0)));
  EXPECT_NEAR(Y(0, 0), a, 1e-15);
  EXPECT_NEAR(Y(0, 1), 1 - a, 1e-15);
  EXPECT_NEAR(a, 0.7862, 1e-4);  // what a calculator says

  s.options.positions = core::Positions::Sinusoidal;
  s.X.setZero();
  kernel.load(s);
  kernel.output(s.X.data(), nullptr, Y.data());
  a = 1 / (1 + std::exp((std::cos(1.0) - 1) / std::sqrt(2.0)));
  EXPECT_NEAR(Y(0, 0), (1 - a) * std::sin(1.0), 1e-15);
  EXPECT_NEAR(Y(0, 1), a + (1 - a) * std::cos(1.0), 1e-15);
  EXPECT_NEAR(a, 0.5806, 1e-4);
}

// Cross-attention by hand: two queries over three keys, W's the identity, X_kv = [[1, 0], [0, 1], [0, 0]],
// X = [[2, 0], [0, 0]], no scaling. Query 0 scores (2, 0, 0): A_0 = (e², 1, 1)/(e² + 2), and Y_0 = A_0·X_kv =
// (e², 1)/(e² + 2); query 1 scores all 0: Y_1 = (1, 1)/3. With a causal mask (j > i masked), query 0
// sees key 0 alone (Y_0 = (1, 0)) and query 1 keys 0 and 1 (Y_1 = (1/2, 1/2)).
TEST(TrainKernel, CrossAttentionByHand) {
  core::Scenario s = core::make_zero_scenario(2, 2, 2, 1);
  s.W_Q[0] = s.W_K[0] = s.W_V[0] = core::Mat::Identity(2, 2);
  s.W_O = core::WideMat::Identity(2, 2);
  s.X << 2, 0, 0, 0;
  s.tokens_kv = {"a", "b", "c"};
  s.X_kv.resize(3, 2);
  s.X_kv << 1, 0, 0, 1, 0, 0;
  s.options.scale = core::Scale::None;
  ASSERT_TRUE(core::validate(s).empty());
  core::TrainKernel kernel;
  kernel.load(s);
  core::Mat Y(2, 2);
  kernel.output(s.X.data(), s.X_kv.data(), Y.data());
  const double e2 = std::exp(2.0);
  EXPECT_NEAR(Y(0, 0), e2 / (e2 + 2), 1e-15);
  EXPECT_NEAR(Y(0, 1), 1 / (e2 + 2), 1e-15);
  EXPECT_NEAR(Y(1, 0), 1.0 / 3, 1e-15);
  EXPECT_NEAR(Y(1, 1), 1.0 / 3, 1e-15);
  s.options.causal = true;
  kernel.load(s);
  kernel.output(s.X.data(), s.X_kv.data(), Y.data());
  EXPECT_EQ(Y(0, 0), 1.0);
  EXPECT_EQ(Y(0, 1), 0.0);
  EXPECT_NEAR(Y(1, 0), 0.5, 1e-15);
  EXPECT_NEAR(Y(1, 1), 0.5, 1e-15);
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
  // e⁰ = 1 exactly, on both paths: a softmax row's largest term, which compute()'s
  // entropy (log1p of the others) and the row sum ≥ 1 rely on.
  double zeros[] = {0.0, -0.0, 0.0, -0.0, 0.0};
  core::exp_in_place(zeros, 5);
  for (double one : zeros) EXPECT_EQ(one, 1.0);
}

// Same bits from every path: the four-at-a-time loop (where the CPU has AVX2) and the plain one.
TEST(FastExp, EveryPathGivesTheSameBits) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> any(-750.0, 712.0);
  std::vector<double> x(4096);
  for (double& v : x) v = any(rng);
  // The special values and the range's ends, each in every lane (5 apart: 0, 1, 2, 3 mod 4).
  const double inf = std::numeric_limits<double>::infinity();
  const double special[] = {-inf, inf, std::numeric_limits<double>::quiet_NaN(), 0.0, -0.0, 709.79, 709.78, 709.8,
                            -746.0, -745.99, -746.01, -708.5, -740.0};
  size_t at = 8;
  for (const double s : special)
    for (int lane = 0; lane < 4; ++lane, at += 5) x[at] = s;
  std::vector<double> y = x;
  core::exp_in_place(y.data(), static_cast<int>(y.size()));
  for (size_t i = 0; i < x.size(); ++i) {
    const double plain = core::exp_scalar_for_tests(x[i]);
    EXPECT_EQ(std::memcmp(&plain, &y[i], sizeof plain), 0) << x[i];
  }
}

}  // namespace test_train_kernel
