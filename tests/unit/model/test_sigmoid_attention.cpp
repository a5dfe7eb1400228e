// Sigmoid attention (core/designs/sigmoid_attention.h): A_ij = σ(z_ij + b), b = −ln m by default.
// A file that uses it says "attnlab": 5.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/designs/designs.h"
#include "core/designs/sigmoid_attention.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"

namespace test_sigmoid_attention {

namespace {

using nlohmann::json;

double sigma(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Direct mode, by hand: q_1 = (2, 0), q_2 = (0, 0); K = V = W^O = I; scale none, so the logits are
// S = Q·Kᵀ = [[2, 0], [0, 0]], and b = −ln 2.
json hand_case() {
  return json::parse(R"({"attnlab": 5, "tokens": ["a", "b"], "d_model": 2, "d_k": 2, "heads": 1, "mode": "direct",
    "Q": [[[2, 0], [0, 0]]], "K": [[[1, 0], [0, 1]]], "V": [[[1, 0], [0, 1]]], "W_O": [[1, 0], [0, 1]],
    "options": {"weights": "sigmoid", "scale": "none"}})");
}

std::string refusal(const json& j) {
  const core::LoadResult r = core::parse_scenario(j.dump());
  return r.ok() ? "accepted" : r.errors.front();
}

core::HeadResult head_of(const json& j) {
  const core::LoadResult r = core::parse_scenario(j.dump());
  EXPECT_TRUE(r.ok()) << r.message();
  return core::compute(*r.scenario).head[0];
}

}  // namespace

TEST(SigmoidAttention, TwoTokensByHand) {
  const core::HeadResult h = head_of(hand_case());
  // σ(2 − ln 2) = 1/(1 + 2e^−2); σ(0 − ln 2) = 1/(1 + 2) = 1/3.
  EXPECT_NEAR(h.weights(0, 0), 1.0 / (1.0 + 2.0 * std::exp(-2.0)), 1e-15);
  EXPECT_NEAR(h.weights(0, 1), 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(h.weights(1, 0), 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(h.weights(1, 1), 1.0 / 3.0, 1e-15);
  // The rows do not sum to 1: about 1.1203 and 2/3.
  EXPECT_NEAR(h.row_sums(0), 1.0 / (1.0 + 2.0 * std::exp(-2.0)) + 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(h.row_sums(1), 2.0 / 3.0, 1e-15);
  // The entropy is the row's over its sum: row 2 is (½, ½), ln 2.
  EXPECT_NEAR(h.entropy(1), std::log(2.0), 1e-15);
  const double p = h.weights(0, 0) / h.row_sums(0);
  EXPECT_NEAR(h.entropy(0), -(p * std::log(p) + (1 - p) * std::log(1 - p)), 1e-14);
  // V = I: the output is A itself, not a convex combination of V's rows (row 1 sums past 1).
  EXPECT_NEAR(h.output(0, 0), h.weights(0, 0), 1e-15);
  EXPECT_NEAR(h.output(1, 1), 1.0 / 3.0, 1e-15);
  // Two tokens: no cycle of three.
  EXPECT_TRUE(std::isnan(h.irreversibility));
}

// The cycle ratio A_ij A_jk A_ki / (A_ik A_kj A_ji) of the sigmoid's weights themselves: 1 for a
// symmetric S (shared QK), and otherwise e to the irreversibility, its largest |ln| over the triples.
TEST(SigmoidAttention, TheCycleRatioIsTheWeightsOwn) {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (bool shared : {true, false}) {
    core::Scenario s = core::make_zero_scenario(5, 3, 2, 1);
    for (Eigen::Index i = 0; i < s.X.size(); ++i) s.X.data()[i] = normal(rng);
    for (core::Mat* w : {&s.W_Q[0], &s.W_K[0], &s.W_V[0]})
      for (Eigen::Index i = 0; i < w->size(); ++i) w->data()[i] = normal(rng);
    s.options.shared_qk = shared;
    s.options.weights = core::Weights::Sigmoid;
    s.options.sigmoid_bias = 0.3;
    const core::HeadResult h = core::compute(s).head[0];
    double largest = 0;
    for (int i = 0; i < 5; ++i)
      for (int j = i + 1; j < 5; ++j)
        for (int k = j + 1; k < 5; ++k) {
          const double ratio = h.weights(i, j) * h.weights(j, k) * h.weights(k, i) / (h.weights(i, k) * h.weights(k, j) * h.weights(j, i));
          largest = std::max(largest, std::abs(std::log(ratio)));
        }
    if (shared) EXPECT_EQ(h.irreversibility, 0.0);
    else EXPECT_GT(h.irreversibility, 0.01);
    EXPECT_NEAR(h.irreversibility, largest, 1e-12);
  }
}

// Equal logits 0 give every weight σ(−ln m) = 1/(m + 1), so a row of m keys sums to m/(m + 1),
// the paper's reason for the bias; under the causal mask row i sums to (i + 1)/(m + 1), and a
// masked weight is exactly 0.
TEST(SigmoidAttention, EqualLogitsSumToMOverMPlusOne) {
  for (int n = core::kMinTokens; n <= core::kMaxTokens; ++n)
    for (bool causal : {false, true}) {
      core::Scenario s = core::make_zero_scenario(n, 2, 2, 1);
      s.options.weights = core::Weights::Sigmoid;
      s.options.causal = causal;
      ASSERT_TRUE(core::validate(s).empty());
      EXPECT_DOUBLE_EQ(core::sigmoid_bias(s), -std::log(static_cast<double>(n)));
      const core::HeadResult h = core::compute(s).head[0];
      for (int i = 0; i < n; ++i) {
        const int seen = causal ? i + 1 : n;
        EXPECT_NEAR(h.row_sums(i), seen / (n + 1.0), 1e-14) << "n " << n << ", row " << i;
        for (int j = 0; j < n; ++j)
          if (causal && j > i) EXPECT_EQ(h.weights(i, j), 0.0);
          else EXPECT_NEAR(h.weights(i, j), 1.0 / (n + 1.0), 1e-15);
      }
    }
}

// Saturated logits give weights of exactly 0 and 1 and finite entropies, never NaN; a bias of
// its own moves every weight as σ says.
TEST(SigmoidAttention, SaturatesWithoutNaNAndTakesItsBias) {
  json big = hand_case();
  big["Q"] = json::parse("[[[1e6, 0], [0, -1e6]]]");
  const core::HeadResult h = head_of(big);
  EXPECT_EQ(h.weights(0, 0), 1.0);
  EXPECT_EQ(h.weights(1, 1), 0.0);
  for (int i = 0; i < 2; ++i) EXPECT_TRUE(std::isfinite(h.entropy(i))) << i;
  json biased = hand_case();
  biased["options"]["sigmoid_bias"] = 1.25;
  const core::HeadResult b = head_of(biased);
  EXPECT_NEAR(b.weights(0, 0), sigma(2 + 1.25), 1e-15);
  EXPECT_NEAR(b.weights(1, 0), sigma(1.25), 1e-15);
}

TEST(SigmoidAttention, FileFieldsRoundTripAtVersion5) {
  const core::LoadResult r = core::parse_scenario(hand_case().dump());
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r.scenario->format_version(), 5);
  EXPECT_FALSE(r.scenario->options.sigmoid_bias);  // −ln m, said by leaving it out
  const json written = json::parse(core::scenario_to_text(*r.scenario));
  EXPECT_EQ(written["attnlab"], 5);
  EXPECT_EQ(written["options"]["weights"], "sigmoid");
  EXPECT_FALSE(written["options"].contains("sigmoid_bias"));
  json biased = hand_case();
  biased["options"]["sigmoid_bias"] = -0.5;
  const core::LoadResult again = core::parse_scenario(core::scenario_to_text(*core::parse_scenario(biased.dump()).scenario));
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again.scenario->options.sigmoid_bias, -0.5);
  EXPECT_EQ(again.scenario->options.weights, core::Weights::Sigmoid);
  // A softmax scenario is written as before: no "weights" key, its own version.
  json plain = hand_case();
  plain["attnlab"] = 1;
  plain["options"] = json::parse(R"({"scale": "none"})");
  const json back = json::parse(core::scenario_to_text(*core::parse_scenario(plain.dump()).scenario));
  EXPECT_EQ(back["attnlab"], 1);
  EXPECT_FALSE(back["options"].contains("weights"));
}

TEST(SigmoidAttention, RefusesWhatItDoesNotMean) {
  json old = hand_case();
  old["attnlab"] = 4;
  EXPECT_EQ(refusal(old), "options.weights: a version-5 option, as is options.sigmoid_bias; the file must say \"attnlab\": 5");
  json bias_alone = hand_case();
  bias_alone["options"] = json::parse(R"({"sigmoid_bias": 1, "scale": "none"})");
  EXPECT_EQ(refusal(bias_alone), "options.sigmoid_bias: only with options.weights \"sigmoid\" (the softmax has no bias)");
  json unknown = hand_case();
  unknown["options"]["weights"] = "relu";
  EXPECT_EQ(refusal(unknown), "options.weights: expected \"softmax\" or \"sigmoid\", got \"relu\"");
  json text_bias = hand_case();
  text_bias["options"]["sigmoid_bias"] = "-ln 2";
  EXPECT_EQ(refusal(text_bias), "options.sigmoid_bias: expected a number (the bias b of \u03C3(z + b)), got a string");
  json huge = hand_case();
  huge["options"]["sigmoid_bias"] = 2e6;
  EXPECT_EQ(refusal(huge), "options.sigmoid_bias: expected a finite number with |b| \u2264 1e6, got 2000000");
}

// The lab races it: its row in the registry makes a valid variant.
TEST(SigmoidAttention, IsADesignOfTheRegistry) {
  int found = 0;
  for (const core::Design& d : core::designs())
    if (core::sigmoid_weights(d.options)) {
      ++found;
      EXPECT_STREQ(d.name, "sigmoid");
      core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
      s.options = d.options;
      EXPECT_TRUE(core::validate(s).empty());
    }
  EXPECT_EQ(found, 1);
}

}  // namespace test_sigmoid_attention
