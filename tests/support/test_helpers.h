// Scenarios for the tests: small hand-made ones and seeded random ones.
#pragma once

#include <random>

#include "core/model/compute.h"
#include "core/model/scenario.h"

namespace testing_helpers {

// A direct-mode scenario whose Q, K, V are given; W^O = I, no scaling, T = 1,
// so the logits equal the scores and a hand calculation stays short.
inline core::Scenario direct_scenario(const core::Mat& Q, const core::Mat& K, const core::Mat& V) {
  const int n = static_cast<int>(Q.rows()), d_k = static_cast<int>(Q.cols());
  core::Scenario s = core::make_zero_scenario(n, std::max(2, d_k), d_k, 1);
  s.mode = core::Mode::Direct;
  s.Q[0] = Q;
  s.K[0] = K;
  s.V[0] = V;
  s.options.scale = core::Scale::None;
  return s;
}

// Every size and mode, entries drawn from N(0, 1), options as given.
inline core::Scenario random_scenario(std::mt19937& rng, int n, int d_model, int d_k, int heads,
                                      core::Mode mode) {
  std::normal_distribution<double> normal(0.0, 1.0);
  core::Scenario s = core::make_zero_scenario(n, d_model, d_k, heads);
  s.mode = mode;
  const auto fill = [&](auto& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r)
      for (Eigen::Index c = 0; c < m.cols(); ++c) m(r, c) = normal(rng);
  };
  fill(s.X);
  fill(s.W_O);
  for (int h = 0; h < heads; ++h) {
    for (core::Mat* m : {&s.W_Q[h], &s.W_K[h], &s.W_V[h], &s.Q[h], &s.K[h], &s.V[h], &s.W_alt[h]})
      fill(*m);
  }
  s.has_W_alt = true;
  return s;
}

// Calls f(scenario) for random scenarios of every size in both modes.
template <class F>
void for_random_scenarios(unsigned seed, F&& f) {
  std::mt19937 rng(seed);
  for (core::Mode mode : {core::Mode::Projected, core::Mode::Direct})
    for (int n = core::kMinTokens; n <= core::kMaxTokens; ++n)
      for (int d_model = core::kMinDModel; d_model <= core::kMaxDModel; ++d_model)
        for (int d_k = core::kMinDk; d_k <= core::kMaxDk; ++d_k)
          f(random_scenario(rng, n, d_model, d_k, 1 + (n + d_k) % core::kMaxHeads, mode));
}

}  // namespace testing_helpers
