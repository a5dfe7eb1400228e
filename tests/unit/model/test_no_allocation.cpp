// compute() allocates nothing: Eigen's own guard (EIGEN_RUNTIME_NO_MALLOC, this
// binary compiles core with it) and a count of operator new, both around compute().
#include <atomic>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "core/model/gradient.h"
#include "core/training/train_kernel.h"
#include "tests/support/test_helpers.h"

namespace {
std::atomic<long> g_news{0};
}

void* operator new(std::size_t size) {
  ++g_news;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

// Runs compute() with Eigen's heap forbidden; returns the operator-new calls made.
long allocations_in_compute(const core::Scenario& s, core::Result& r) {
  Eigen::internal::set_is_malloc_allowed(false);
  const long before = g_news.load();
  core::compute(s, r);
  const long made = g_news.load() - before;
  Eigen::internal::set_is_malloc_allowed(true);
  return made;
}

// The same for add_gradient() into g, which set_zero(s) shapes first (that may allocate).
long allocations_in_gradient(const core::Scenario& s, core::Gradient& g) {
  g.set_zero(s);
  Eigen::internal::set_is_malloc_allowed(false);
  const long before = g_news.load();
  core::add_gradient(s, 0.5, g);
  const long made = g_news.load() - before;
  Eigen::internal::set_is_malloc_allowed(true);
  return made;
}

}  // namespace

TEST(NoAllocation, ComputeOnEverySizeModeAndOption) {
  core::Result r;  // reused, as the app does
  int scenarios = 0;
  testing_helpers::for_random_scenarios(31, [&](core::Scenario s) {
    for (int options = 0; options < 4; ++options) {
      s.options.shared_qk = options & 1;
      s.options.normalize_keys = options & 2;
      s.options.causal = options & 1;
      s.options.no_self = options & 2;
      EXPECT_EQ(allocations_in_compute(s, r), 0);
      ++scenarios;
    }
  });
  EXPECT_EQ(scenarios, 2 * 7 * 3 * 4 * 4);  // modes × n × d_model × d_k × options
}

// Cross-attention (m ≠ n) and positions take no heap either, in compute() and gradient().
TEST(NoAllocation, CrossAttentionAndPositions) {
  core::Result r;
  core::Gradient g;
  int scenarios = 0;
  testing_helpers::for_random_scenarios(41, [&](core::Scenario s) {
    core::set_cross_attention(s, true);
    core::resize_keys(s, 10 - s.n());
    s.has_target = true;
    s.target = s.X;
    s.options.shared_qk = false;
    for (core::Positions p : {core::Positions::Sinusoidal, core::Positions::Rope}) {
      s.options.positions = s.mode == core::Mode::Direct ? core::Positions::Rope : p;
      EXPECT_EQ(allocations_in_compute(s, r), 0);
      EXPECT_EQ(allocations_in_gradient(s, g), 0);
      ++scenarios;
    }
  });
  EXPECT_EQ(scenarios, 2 * 7 * 3 * 4 * 2);
}

// Nor does a training step's backward pass, under every option it goes through.
TEST(NoAllocation, GradientOnEverySizeModeAndOption) {
  core::Gradient g;
  int scenarios = 0;
  testing_helpers::for_random_scenarios(37, [&](core::Scenario s) {
    s.has_target = true;
    s.target = s.X;
    for (int options = 0; options < 4; ++options) {
      s.options.shared_qk = options == 1;
      s.options.merged_qk = options == 2 && s.mode == core::Mode::Projected;
      s.options.normalize_keys = options & 2;
      s.options.causal = options & 1;
      s.options.no_self = options & 2;
      s.options.head_output = options == 3 ? core::HeadOutput::Alt : core::HeadOutput::Attention;
      for (int h = 0; h < s.heads; ++h) s.W[h] = core::Mat::Identity(s.d_model, s.d_model);
      EXPECT_EQ(allocations_in_gradient(s, g), 0);
      ++scenarios;
    }
  });
  EXPECT_EQ(scenarios, 2 * 7 * 3 * 4 * 4);
}

// Nor does the training kernel, which runs it thousands of times a second.
TEST(NoAllocation, TrainKernelStep) {
  std::mt19937 rng(4);
  core::Scenario s = testing_helpers::random_scenario(rng, 8, 4, 2, 2, core::Mode::Projected);
  s.has_target = true;
  s.target = s.X;
  s.options.normalize_keys = s.options.causal = true;
  core::Mat X_kv = s.X.topRows(6);  // under cross-attention: 6 keys for 8 queries
  // Positions none, sinusoidal and RoPE, each with and without cross-attention: PE and RoPE's
  // cos and sin are tables that load() fills; the step itself allocates nothing.
  for (core::Positions positions : {core::Positions::None, core::Positions::Sinusoidal, core::Positions::Rope})
    for (bool cross : {false, true}) {
      s.options.positions = positions;
      s.tokens_kv.assign(cross ? 6 : 0, "k");
      s.X_kv = cross ? X_kv : core::Mat();
      ASSERT_TRUE(core::validate(s).empty());
      core::TrainKernel kernel;
      kernel.load(s);
      core::KernelGradient g;
      g.zero();
      const long before = g_news.load();
      Eigen::internal::set_is_malloc_allowed(false);
      double total = 0;
      for (int i = 0; i < 16; ++i) total += kernel.add_gradient(s.X.data(), cross ? s.X_kv.data() : nullptr, s.target.data(), 1.0 / 16, g);
      Eigen::internal::set_is_malloc_allowed(true);
      EXPECT_EQ(g_news.load() - before, 0) << core::to_string(positions) << (cross ? ", cross" : "");
      EXPECT_GT(total, 0.0);
    }
}

// The guard itself works: a dynamic Eigen matrix under it aborts the process.
TEST(NoAllocationDeathTest, EigenGuardCatchesAHeapMatrix) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Eigen::internal::set_is_malloc_allowed(false);
        Eigen::MatrixXd m(10, 10);
        m.setZero();
      },
      "heap allocation is forbidden");
}

// And so does the counter.
TEST(NoAllocation, CounterSeesOperatorNew) {
  const long before = g_news.load();
  void* p = ::operator new(16);  // a direct call: the compiler may not elide it
  ::operator delete(p);
  EXPECT_EQ(g_news.load() - before, 1);
}
