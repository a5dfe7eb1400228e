// QK-norm, after Henry et al. 2020: every row of Q and of K over its length, logits g_h·q̂_i·k̂_j / T,
// S = Q·Kᵀ of the raw rows. A file that uses it says "attnlab": 3; scale must be "none".
#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "core/designs/cosine_logits.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"
#include "core/model/gradient.h"
#include "tests/support/test_helpers.h"

namespace test_qk_norm {

namespace {

using nlohmann::json;

// Direct mode, by hand: q_1 = (3, 4), q_2 = (0, 2), k_1 = (1, 0), k_2 = (0, 5); g = 2, T = 1.
json hand_case() {
  return json::parse(R"({"attnlab": 3, "tokens": ["a", "b"], "d_model": 2, "d_k": 2, "heads": 1, "mode": "direct",
    "Q": [[[3, 4], [0, 2]]], "K": [[[1, 0], [0, 5]]], "V": [[[1, 0], [0, 1]]], "W_O": [[1, 0], [0, 1]],
    "qk_gain": [2], "options": {"qk_norm": true, "scale": "none"}})");
}

std::string refusal(const json& j) {
  const core::LoadResult r = core::parse_scenario(j.dump());
  return r.ok() ? "accepted" : r.errors.front();
}

}  // namespace

TEST(QkNorm, TwoTokensByHand) {
  const core::LoadResult r = core::parse_scenario(hand_case().dump());
  ASSERT_TRUE(r.ok()) << r.errors.front();
  const core::Result result = core::compute(*r.scenario);
  const core::HeadResult& h = result.head[0];
  // q̂_1 = (0.6, 0.8), q̂_2 = (0, 1); k̂_1 = (1, 0), k̂_2 = (0, 1): cosines [[0.6, 0.8], [0, 1]].
  EXPECT_DOUBLE_EQ(h.qk_cosines(0, 0), 0.6);
  EXPECT_DOUBLE_EQ(h.qk_cosines(0, 1), 0.8);
  EXPECT_DOUBLE_EQ(h.qk_cosines(1, 0), 0.0);
  EXPECT_DOUBLE_EQ(h.qk_cosines(1, 1), 1.0);
  // S stays the raw Q·Kᵀ; the logits are 2·cosines.
  EXPECT_EQ(h.scores(0, 1), 20.0);
  EXPECT_EQ(h.scores(1, 1), 10.0);
  EXPECT_DOUBLE_EQ(h.logits(0, 0), 1.2);
  EXPECT_DOUBLE_EQ(h.logits(0, 1), 1.6);
  EXPECT_DOUBLE_EQ(h.logits(1, 1), 2.0);
  // softmax(1.2, 1.6): 1 / (1 + e^0.4) and e^0.4 / (1 + e^0.4).
  EXPECT_NEAR(h.weights(0, 0), 1.0 / (1.0 + std::exp(0.4)), 1e-15);
  EXPECT_NEAR(h.weights(1, 1), 1.0 / (1.0 + std::exp(-2.0)), 1e-15);
}

// The logits lie in [−|g|, |g|]/T however large the weights: Q times 1000 changes nothing after S.
TEST(QkNorm, TheLogitsDoNotGrowWithTheWeights) {
  json big = hand_case();
  for (auto& row : big["Q"][0])
    for (auto& x : row) x = x.get<double>() * 1000;
  const core::HeadResult a = core::compute(*core::parse_scenario(hand_case().dump()).scenario).head[0];
  const core::HeadResult b = core::compute(*core::parse_scenario(big.dump()).scenario).head[0];
  EXPECT_EQ(b.scores(0, 1), 20000.0);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      EXPECT_NEAR(a.weights(i, j), b.weights(i, j), 1e-15);
      EXPECT_LE(std::abs(b.logits(i, j)), 2.0 + 1e-15);
    }
}

TEST(QkNorm, TheGainDefaultsToSqrtDkAndRoundTrips) {
  json j = hand_case();
  j.erase("qk_gain");
  j["d_k"] = 2;
  const core::LoadResult r = core::parse_scenario(j.dump());
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r.scenario->qk_gain[0], std::sqrt(2.0));
  const core::LoadResult again = core::parse_scenario(core::scenario_to_text(*core::parse_scenario(hand_case().dump()).scenario));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.scenario->qk_gain[0], 2.0);
  EXPECT_TRUE(again.scenario->options.qk_norm);
  EXPECT_EQ(again.scenario->format_version(), 3);
}

TEST(QkNorm, WhatDoesNotFitIsNamed) {
  json j = hand_case();
  j["attnlab"] = 2;
  EXPECT_EQ(refusal(j), "options.qk_norm: a version-3 option; the file must say \"attnlab\": 3");
  j = hand_case();
  j["options"]["scale"] = "sqrt_dk";
  EXPECT_NE(refusal(j).find("options.scale: must be \"none\" with options.qk_norm"), std::string::npos) << refusal(j);
  j = hand_case();
  j["options"]["normalize_keys"] = true;
  EXPECT_NE(refusal(j).find("options.normalize_keys: not with options.qk_norm"), std::string::npos) << refusal(j);
  j = hand_case();
  j["qk_gain"] = json::array({1, 2});
  EXPECT_EQ(refusal(j), "qk_gain: expected 1 number (one gain per head), got 2 entries");
  j["qk_gain"] = json::array({2e6});
  EXPECT_EQ(refusal(j), "qk_gain[0]: 2000000.0 is out of range; expected |x| ≤ 1e6");  // as every entry of a matrix
  j["qk_gain"] = json::array({"2"});
  EXPECT_EQ(refusal(j), "qk_gain[0]: expected a number, got a string");
  j = hand_case();
  j["options"]["qk_norm"] = false;
  EXPECT_NE(refusal(j).find("qk_gain: only with options.qk_norm true"), std::string::npos) << refusal(j);
}

// ∂L/∂g against a central difference (the torch comparison is tests/cli/test_grad.py).
TEST(QkNorm, TheGainsGradientIsTheSlopeOfTheLoss) {
  json j = hand_case();
  j["target"] = json::parse("[[0.3, -0.2], [0.5, 0.9]]");
  core::Scenario s = *core::parse_scenario(j.dump()).scenario;
  core::Gradient g;
  core::gradient(s, g);
  const double h = 1e-6;
  s.qk_gain[0] = 2 + h;
  const double up = core::compute(s).loss;
  s.qk_gain[0] = 2 - h;
  const double down = core::compute(s).loss;
  EXPECT_NEAR(g.qk_gain[0], (up - down) / (2 * h), 1e-8);
  EXPECT_NE(g.qk_gain[0], 0.0);
}

// docs/mathematics.md, QK-norm: the weights ignore the scale of the input where q and k scale with
// it: X times any c ≠ 0 in self-attention, X times c and X_kv times c′ with c·c′ > 0 under
// cross-attention, without positions or with RoPE. Not with sinusoidal positions (c·X + PE), and
// not under cross-attention when c·c′ < 0 (the cosines change sign).
TEST(QkNorm, TheWeightsIgnoreTheScaleOfTheInputOnlyWhereQAndKScaleWithIt) {
  std::mt19937 rng(11);
  int changed_sinusoidal = 0, changed_opposite = 0, cases = 0;
  for (int trial = 0; trial < 60; ++trial) {
    for (core::Positions positions : {core::Positions::None, core::Positions::Rope, core::Positions::Sinusoidal}) {
      for (bool cross : {false, true}) {
        core::Scenario s = testing_helpers::random_scenario(rng, 2 + trial % 7, 2 + trial % 3, 2 + 2 * (trial % 2), 1 + trial % 2,
                                                            core::Mode::Projected);
        s.options.qk_norm = true;
        s.options.scale = core::Scale::None;
        s.options.shared_qk = trial % 3 == 0;
        s.options.causal = trial % 4 == 0;
        s.options.positions = positions;
        s.qk_gain.fill(1.5 + trial % 3);
        if (cross) {
          core::set_cross_attention(s, true);
          std::normal_distribution<double> normal(0.0, 1.0);
          for (Eigen::Index i = 0; i < s.X_kv.size(); ++i) s.X_kv(i) = normal(rng);
        }
        const double c = trial % 3 == 1 ? -2.0 : 3.0, c_kv = trial % 5 == 0 ? -0.5 : 0.25;
        core::Scenario scaled = s;
        scaled.X *= c;
        if (cross) scaled.X_kv *= c_kv;
        ASSERT_TRUE(core::validate(scaled).empty());
        const core::Result a = core::compute(s), b = core::compute(scaled);
        double change = 0;
        for (int h = 0; h < s.heads; ++h) change = std::max(change, (a.head[h].weights - b.head[h].weights).cwiseAbs().maxCoeff());
        const bool same_sign = !cross || c * c_kv > 0;
        if (positions != core::Positions::Sinusoidal && same_sign) {
          EXPECT_LT(change, 1e-12) << trial;
          ++cases;
        } else if (positions == core::Positions::Sinusoidal) {
          changed_sinusoidal += change > 1e-6;
        } else {
          changed_opposite += change > 1e-6;
        }
      }
    }
  }
  EXPECT_GT(cases, 150);
  EXPECT_GT(changed_sinusoidal, 100);  // of 120
  EXPECT_GT(changed_opposite, 30);     // of the cross-attention cases with c·c′ < 0
}

}  // namespace test_qk_norm

namespace test_qk_norm {

// QK-norm is one unit (core/designs/cosine_logits.h): the registry's row turns it on, and what the
// reader, the summary, the misfits, the language model and the scripts say of it comes from there.
TEST(QkNorm, IsOneUnitOfTheRegistry) {
  const core::Design* row = nullptr;
  for (const core::Design& d : core::designs())
    if (std::string(d.name) == "QK-norm") row = &d;
  ASSERT_NE(row, nullptr);
  EXPECT_TRUE(core::cosine_logits(row->options));
  EXPECT_EQ(row->options.scale, core::Scale::None);
  EXPECT_EQ(core::design_summary(row->options), std::vector<std::string>{"QK-norm"});
  const auto& keys = core::design_option_keys();
  EXPECT_NE(std::find(keys.begin(), keys.end(), "qk_norm"), keys.end());

  core::Options o;
  core::set_cosine_logits(o, true);
  EXPECT_TRUE(core::cosine_logits(o));
  o.normalize_keys = true;
  core::set_cosine_logits(o, true);
  EXPECT_FALSE(o.normalize_keys) << "QK-norm normalises the keys already";
  core::set_cosine_logits(o, false);
  EXPECT_FALSE(core::cosine_logits(o));

  EXPECT_FALSE(core::design_needs_q_and_k(o));
  core::set_cosine_logits(o, true);
  EXPECT_TRUE(core::design_needs_q_and_k(o)) << "the language model's one W has none";
  EXPECT_EQ(std::string(core::design_keys_needing_q_and_k()), "qk_norm");

  EXPECT_EQ(core::fill_design_slots("if {{cosine_logits}}: {{design_keys}}"),
            "if o.get(\"qk_norm\"): \"qk_norm\", \"weights\", \"sigmoid_bias\"");
  EXPECT_THROW(core::fill_design_slots("if {{cosine_logit}}:"), std::logic_error) << "a misspelt slot is never written out";
  // After an f-string's escaped braces too; those alone are Python's, not slots.
  EXPECT_THROW(core::fill_design_slots("f\"{{}}\"\nif {{cosine_logit}}:"), std::logic_error);
  EXPECT_THROW(core::fill_design_slots("f\"{{'a': 1}}\"\nif {{cosine_logit}}:"), std::logic_error);
  EXPECT_EQ(core::fill_design_slots("f\"{{}} {{'a': 1}}\""), "f\"{{}} {{'a': 1}}\"");
}

// The forward pass's cosines and the backward pass's ∂g, by hand on the two-token case: with
// ∂ℓ = [[1, 0], [0, 0]] (T = 1) only ℓ_11 = g·cos(q_1, k_1) moves, so ∂g = cos = 0.6, and
// ∂q_1 = g·(k̂_1 − q̂_1 (q̂_1·k̂_1)) / ‖q_1‖ = 2·((1, 0) − 0.6·(0.6, 0.8)) / 5 = (0.256, −0.192).
TEST(QkNorm, BackwardByHand) {
  core::Mat Q(2, 2), K(2, 2);
  Q << 3, 4, 0, 2;
  K << 1, 0, 0, 5;
  core::Mat Q_hat, K_hat, C, dQ, dK;
  core::cosine_forward(Q, K, Q_hat, K_hat, C);
  EXPECT_DOUBLE_EQ(C(0, 1), 0.8);
  EXPECT_DOUBLE_EQ(C(1, 1), 1.0);
  core::Mat dl = core::Mat::Zero(2, 2);
  dl(0, 0) = 1;
  EXPECT_DOUBLE_EQ(core::cosine_backward(dl, 2.0, Q, K, Q_hat, K_hat, C, dQ, dK), 0.6);
  EXPECT_NEAR(dQ(0, 0), 0.256, 1e-15);
  EXPECT_NEAR(dQ(0, 1), -0.192, 1e-15);
  EXPECT_EQ(dQ.row(1).norm(), 0.0);
  // ∂k_1 = g·(q̂_1 − k̂_1 (k̂_1·q̂_1)) / ‖k_1‖ = 2·((0.6, 0.8) − 0.6·(1, 0)) / 1 = (0, 1.6); k_2 scores nothing that moved.
  EXPECT_NEAR(dK(0, 0), 0.0, 1e-15);
  EXPECT_NEAR(dK(0, 1), 1.6, 1e-15);
  EXPECT_EQ(dK.row(1).norm(), 0.0);
}

}  // namespace test_qk_norm
