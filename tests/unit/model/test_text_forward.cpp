// A trained model's forward pass on a text (core/model/text_forward.h): cases a person can check on paper (two
// characters, one head), and what holds for any weights: rows of A sum to 1, the causal and no-self masks hold,
// W^Q on both sides is shared QK itself, RoPE leaves each token's score with itself alone.
#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "core/model/text_forward.h"

namespace test_text_forward {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// A model of the script's shapes with N(0, 1) weights (LayerNorm's weights 1 + N(0, 0.1)): nothing special.
core::TrainedModel random_model(std::mt19937& rng, const core::Options& o, int layers = 2, int d_model = 4, int heads = 2, int d_k = 2) {
  std::normal_distribution<double> normal(0.0, 1.0);
  const auto random = [&](int rows, int cols) { return MatrixXd(MatrixXd::NullaryExpr(rows, cols, [&] { return normal(rng); })); };
  const auto near_one = [&](int size) { return VectorXd(VectorXd::Ones(size) + 0.1 * random(size, 1)); };
  core::TrainedModel m;
  m.options = o;
  m.context = 64;
  m.d_model = d_model;
  m.heads = heads;
  m.d_k = d_k;
  m.d_qk = o.merged_qk ? d_model : d_k;
  m.d_ff = 8;
  m.embed = random(256, d_model);
  for (int l = 0; l < layers; ++l) {
    core::TrainedLayer layer;
    layer.norm1_weight = near_one(d_model);
    layer.norm1_bias = random(d_model, 1);
    layer.norm2_weight = near_one(d_model);
    layer.norm2_bias = random(d_model, 1);
    layer.W_Q = random(d_model, heads * d_k);
    layer.W_K = random(d_model, heads * d_k);
    for (int h = 0; h < heads; ++h) layer.W.push_back(random(d_model, d_model));
    for (int h = 0; h < heads; ++h) layer.W_alt.push_back(random(d_k, d_k));
    layer.qk_gain = random(heads, 1);
    layer.W_V = random(d_model, heads * d_k);
    layer.W_O = random(heads * d_k, d_model);
    layer.mlp_in = random(d_model, m.d_ff);
    layer.mlp_in_bias = random(m.d_ff, 1);
    layer.mlp_out = random(m.d_ff, d_model);
    layer.mlp_out_bias = random(d_model, 1);
    m.layers.push_back(layer);
  }
  m.norm_weight = near_one(d_model);
  m.norm_bias = random(d_model, 1);
  m.unembed = random(d_model, 256);
  m.unembed_bias = random(256, 1);
  return m;
}

core::Options causal() {
  core::Options o;
  o.causal = true;
  return o;
}

}  // namespace

// d_model 2, one head of d_k 2 with W^Q = W^K = I, no bias: the embeddings of 'a' (1, 0) and 'b' (0, 1) leave
// LayerNorm as c·(1, −1) and c·(−1, 1), c = √(0.25 / (0.25 + 1e-5)) (ε = 1e-5, the variance 0.25). So S = 2c²·[[1, −1],
// [−1, 1]], the logits S/√2, and under the causal mask row 0 is (1, 0) and row 1 softmax(−√2c², √2c²).
TEST(TextForward, TwoCharactersByHand) {
  std::mt19937 rng(1);
  core::TrainedModel m = random_model(rng, causal(), 1, 2, 1, 2);
  m.embed.setZero();
  m.embed.row('a') << 1, 0;
  m.embed.row('b') << 0, 1;
  m.layers[0].norm1_weight.setOnes();
  m.layers[0].norm1_bias.setZero();
  m.layers[0].W_Q.setIdentity();
  m.layers[0].W_K.setIdentity();
  const core::TextHead head = core::text_forward(m, "ab").layers[0][0];
  const double c2 = 0.25 / (0.25 + 1e-5), z = std::sqrt(2.0) * c2;
  EXPECT_NEAR(head.scores(0, 0), 2 * c2, 1e-15);
  EXPECT_NEAR(head.scores(0, 1), -2 * c2, 1e-15);
  EXPECT_NEAR(head.logits(1, 1), z, 1e-15);
  EXPECT_EQ(head.logits(0, 1), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(head.weights(0, 0), 1.0);
  EXPECT_EQ(head.weights(0, 1), 0.0);
  EXPECT_NEAR(head.weights(1, 0), 1 / (1 + std::exp(2 * z)), 1e-15);
  EXPECT_NEAR(head.weights(1, 1), 1 / (1 + std::exp(-2 * z)), 1e-15);
  EXPECT_EQ(head.asymmetry, 0.0);  // W^Q = W^K: S is symmetric
}

// W^Q = 0: every score is 0, so under the causal mask row i spreads 1/(i + 1) over the characters up to it.
TEST(TextForward, ZeroScoresSpreadEvenlyOverThePast) {
  std::mt19937 rng(2);
  core::TrainedModel m = random_model(rng, causal());
  for (core::TrainedLayer& layer : m.layers) layer.W_Q.setZero();
  const core::TextForward f = core::text_forward(m, "abcd");
  for (const auto& layer : f.layers)
    for (const core::TextHead& head : layer)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_NEAR(head.weights(i, j), j <= i ? 1.0 / (i + 1) : 0.0, 1e-15);
}

// With the final norm's weight and bias 0 every position's output is the unembedding's bias: the next byte's
// logits are that bias, whatever the text.
TEST(TextForward, NextLogitsAreTheUnembeddingAfterTheFinalNorm) {
  std::mt19937 rng(3);
  core::TrainedModel m = random_model(rng, causal());
  m.norm_weight.setZero();
  m.norm_bias.setZero();
  const VectorXd next = core::text_forward(m, "the").next_logits;
  ASSERT_EQ(next.size(), 256);
  EXPECT_EQ(next, m.unembed_bias);
}

// Any weights: each row of A sums to 1, nothing after i is attended (weight exactly 0, logit −∞), and so for QQᵀ.
TEST(TextForward, RowsSumToOneAndTheCausalMaskHolds) {
  std::mt19937 rng(4);
  for (const bool rope : {false, true}) {
    core::Options o = causal();
    if (rope) o.positions = core::Positions::Rope;
    const core::TextForward f = core::text_forward(random_model(rng, o), "attention, é");
    const int n = 13;
    for (const auto& layer : f.layers)
      for (const core::TextHead& head : layer) {
        ASSERT_EQ(head.weights.rows(), n);
        for (int i = 0; i < n; ++i) {
          EXPECT_NEAR(head.weights.row(i).sum(), 1.0, 1e-14);
          EXPECT_NEAR(head.weights_qq.row(i).sum(), 1.0, 1e-14);
          for (int j = i + 1; j < n; ++j) {
            EXPECT_EQ(head.weights(i, j), 0.0);
            EXPECT_EQ(head.weights_qq(i, j), 0.0);
            EXPECT_EQ(head.logits(i, j), -std::numeric_limits<double>::infinity());
          }
        }
      }
  }
}

// The no-self mask takes the diagonal, but for the first character, which has nothing else to attend to.
TEST(TextForward, TheNoSelfMaskLeavesTheFirstCharacterItself) {
  std::mt19937 rng(5);
  core::Options o = causal();
  o.shared_qk = true;
  o.no_self = true;
  const core::TextHead head = core::text_forward(random_model(rng, o), "abcab").layers[1][0];
  EXPECT_EQ(head.weights(0, 0), 1.0);
  for (int i = 1; i < 5; ++i) {
    EXPECT_EQ(head.weights(i, i), 0.0);
    EXPECT_NEAR(head.weights.row(i).sum(), 1.0, 1e-14);
  }
}

// Under shared QK the head is already scored with W^Q on both sides: A_qq is A, S is symmetric. Without it they differ.
TEST(TextForward, SharedQkIsItsOwnQqHead) {
  std::mt19937 rng(6);
  core::Options o = causal();
  o.shared_qk = true;
  const core::TextHead shared = core::text_forward(random_model(rng, o), "shared").layers[0][1];
  EXPECT_EQ(shared.weights_qq, shared.weights);
  EXPECT_EQ(shared.asymmetry, 0.0);
  EXPECT_EQ(shared.scores_antisym, MatrixXd::Zero(6, 6));
  const core::TextHead separate = core::text_forward(random_model(rng, causal()), "shared").layers[0][1];
  EXPECT_GT((separate.weights_qq - separate.weights).cwiseAbs().maxCoeff(), 1e-3);
  EXPECT_GT(separate.asymmetry, 0.01);
  EXPECT_NEAR((separate.scores_sym + separate.scores_antisym - separate.scores).cwiseAbs().maxCoeff(), 0.0, 1e-14);
}

// RoPE turns q_p and k_p by the same angles at position p: q_p·k_p, a token's score with itself, is the unturned one.
// Position 0 is not turned at all.
TEST(TextForward, RopeLeavesEachTokensScoreWithItself) {
  std::mt19937 rng(7);
  core::TrainedModel plain = random_model(rng, causal(), 1);
  core::TrainedModel turned = plain;
  turned.options.positions = core::Positions::Rope;
  const core::TextHead a = core::text_forward(plain, "rotary").layers[0][0], b = core::text_forward(turned, "rotary").layers[0][0];
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(a.scores(i, i), b.scores(i, i), 1e-13);
  EXPECT_NEAR(a.scores(0, 0), b.scores(0, 0), 1e-15);
  EXPECT_GT(std::abs(a.scores(3, 1) - b.scores(3, 1)), 1e-6);
}

// Sigmoid attention: each weight σ(logit − ln n) on its own (n = 4 characters), 0 where masked.
TEST(TextForward, SigmoidAttentionWeighsEachLogitAlone) {
  std::mt19937 rng(8);
  core::Options o = causal();
  o.weights = core::Weights::Sigmoid;
  const core::TextHead head = core::text_forward(random_model(rng, o), "abcd").layers[0][0];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_NEAR(head.weights(i, j), j <= i ? 1 / (1 + std::exp(-(head.logits(i, j) - std::log(4.0)))) : 0.0, 1e-15);
}

// One W: q = x·W_h, k = x, so S = X̃·W_h·X̃ᵀ of the normalised stream; scored with W_h on both sides QQᵀ = X̃W_h(X̃W_h)ᵀ,
// symmetric. Every row still sums to 1.
TEST(TextForward, OneWScoresAndItsQqHead) {
  std::mt19937 rng(9);
  core::Options o = causal();
  o.merged_qk = true;
  const core::TextForward f = core::text_forward(random_model(rng, o), "one W");
  for (const auto& layer : f.layers)
    for (const core::TextHead& head : layer)
      for (int i = 0; i < 5; ++i) {
        EXPECT_NEAR(head.weights.row(i).sum(), 1.0, 1e-14);
        EXPECT_NEAR(head.weights_qq.row(i).sum(), 1.0, 1e-14);
      }
}

}  // namespace test_text_forward
