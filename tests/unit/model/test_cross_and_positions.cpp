// Cross-attention and positions (docs/scenario-format.md, version 2), on cases a person can
// check by hand: a 2×3 S, a turn of one radian, the PE of position 1.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/io/scenario_io.h"
#include "core/model/compute.h"
#include "core/model/gradient.h"
#include "core/designs/positions.h"
#include "core/model/scenario.h"
#include "tests/support/test_helpers.h"

namespace test_cross_and_positions {

namespace {

using core::Mat;

Mat rows(std::initializer_list<std::initializer_list<double>> r) {
  Mat m(static_cast<Eigen::Index>(r.size()), static_cast<Eigen::Index>(r.begin()->size()));
  int i = 0;
  for (const auto& row : r) {
    int j = 0;
    for (double x : row) m(i, j++) = x;
    ++i;
  }
  return m;
}

// Direct mode, two queries over three keys, no scale: S = Q·Kᵀ by hand.
core::Scenario two_queries_three_keys() {
  core::Scenario s = testing_helpers::direct_scenario(rows({{1, 0}, {0, 1}}), rows({{1, 0}, {0, 1}}),
                                                      rows({{1, 0}, {0, 1}}));
  s.tokens_kv = {"le", "chat", "noir"};
  s.K[0] = rows({{2, 0}, {0, 1}, {1, 1}});
  s.V[0] = rows({{1, 0}, {0, 1}, {1, 1}});
  return s;
}

}  // namespace

TEST(CrossAttention, ScoresAreNByMWorkedByHand) {
  const core::Scenario s = two_queries_three_keys();
  ASSERT_TRUE(core::validate(s).empty()) << core::validate(s).front();
  const core::Result r = core::compute(s);
  EXPECT_EQ(r.n, 2);
  EXPECT_EQ(r.m, 3);
  EXPECT_TRUE(r.cross);
  const core::HeadResult& h = r.head[0];
  // q_0 = (1, 0): S_0 = (2, 0, 1); q_1 = (0, 1): S_1 = (0, 1, 1).
  EXPECT_EQ(h.scores, rows({{2, 0, 1}, {0, 1, 1}}));
  // Row 0: e² : 1 : e over their sum; every row sums to one over m = 3 keys.
  const double e = std::exp(1.0), sum0 = e * e + 1 + e;
  EXPECT_NEAR(h.weights(0, 0), e * e / sum0, 1e-15);
  EXPECT_NEAR(h.weights(0, 1), 1 / sum0, 1e-15);
  EXPECT_NEAR(h.row_sums(1), 1.0, 1e-15);
  // The output is a convex combination of the 3 rows of V, n = 2 rows of it.
  EXPECT_EQ(h.output.rows(), 2);
  EXPECT_NEAR(h.output(0, 0), (e * e + e) / sum0, 1e-15);
  // QQᵀ compares the queries with each other: 2×2, the decoder with itself.
  EXPECT_EQ(h.QQt, rows({{1, 0}, {0, 1}}));
  // No Sᵀ of S's shape: no symmetric part, no asymmetry.
  EXPECT_FALSE(h.square());
  EXPECT_EQ(h.scores_sym.size(), 0);
  EXPECT_TRUE(std::isnan(h.asymmetry));
}

TEST(CrossAttention, CausalMasksJAfterIAsTorchsTriu) {
  core::Scenario s = two_queries_three_keys();
  s.options.causal = true;
  const core::HeadResult h = core::compute(s).head[0];
  EXPECT_FALSE(h.masked(0, 0));
  EXPECT_TRUE(h.masked(0, 1));
  EXPECT_TRUE(h.masked(0, 2));
  EXPECT_FALSE(h.masked(1, 1));
  EXPECT_TRUE(h.masked(1, 2));
  EXPECT_EQ(h.weights(0, 0), 1.0);
}

TEST(CrossAttention, EveryInvalidCombinationNamesItsField) {
  core::Scenario s = two_queries_three_keys();
  s.options.no_self = true;
  ASSERT_FALSE(core::validate(s).empty());
  EXPECT_NE(core::validate(s).front().find("options.mask.no_self"), std::string::npos);
  s = two_queries_three_keys();
  s.options.shared_qk = true;
  EXPECT_NE(core::validate(s).front().find("options.shared_qk"), std::string::npos);
  s = two_queries_three_keys();
  s.K[0] = rows({{1, 0}, {0, 1}});
  EXPECT_EQ(core::validate(s).front(), "K[0]: expected 3×2, got 2×2");
}

// Projected: queries from the decoder's X, keys and values from the encoder's X_kv.
TEST(CrossAttention, ProjectedReadsQueriesFromXAndKeysFromXkv) {
  std::mt19937 rng(5);
  core::Scenario s = testing_helpers::random_scenario(rng, 3, 2, 2, 1, core::Mode::Projected);
  core::set_cross_attention(s, true);
  EXPECT_EQ(s.tokens_kv, s.tokens);
  EXPECT_EQ(s.X_kv, s.X);
  const core::Result same = core::compute(s);
  s.tokens_kv = {};  // the self-attention it was copied from
  EXPECT_EQ(core::compute(s).head[0].scores, same.head[0].scores);
  core::set_cross_attention(s, true);
  core::resize_keys(s, 5);
  EXPECT_EQ(s.tokens_kv.back(), "s5");
  s.X_kv(4, 0) = 1.5;
  s.X_kv(4, 1) = -2;
  const core::Result r = core::compute(s);
  ASSERT_EQ(r.head[0].scores.cols(), 5);
  Mat K;
  K.noalias() = s.X_kv * s.W_K[0];
  for (int j = 0; j < 5; ++j) EXPECT_NEAR(r.head[0].scores(1, j), (s.X * s.W_Q[0]).row(1).dot(K.row(j)), 1e-12);
  EXPECT_NEAR((r.head[0].V - s.X_kv * s.W_V[0]).norm(), 0, 1e-12);
  // Shared QK between two sequences: K = X_kv·W_Q.
  s.options.shared_qk = true;
  EXPECT_NEAR((core::compute(s).head[0].K - s.X_kv * s.W_Q[0]).norm(), 0, 1e-12);
  // Off again: the keys are X's rows.
  core::set_cross_attention(s, false);
  EXPECT_FALSE(s.cross());
  EXPECT_EQ(s.X_kv.size(), 0);
  EXPECT_TRUE(core::validate(s).empty());
}

TEST(CrossAttention, ResizingOneSequenceKeepsTheOther) {
  core::Scenario s = two_queries_three_keys();
  core::resize(s, 4, s.d_model, s.d_k, s.heads);  // queries 2 → 4
  EXPECT_EQ(s.n(), 4);
  EXPECT_EQ(s.m(), 3);
  EXPECT_EQ(s.K[0].rows(), 3);
  EXPECT_EQ(s.Q[0].rows(), 4);
  core::resize_keys(s, 2);  // keys 3 → 2, the first two kept
  EXPECT_EQ(s.K[0], rows({{2, 0}, {0, 1}}));
  EXPECT_TRUE(core::validate(s).empty()) << core::validate(s).front();
}

TEST(CrossAttention, ConvertingToDirectKeepsTheScores) {
  std::mt19937 rng(6);
  core::Scenario s = testing_helpers::random_scenario(rng, 4, 3, 2, 2, core::Mode::Projected);
  core::set_cross_attention(s, true);
  core::resize_keys(s, 6);
  s.X_kv.setRandom();
  s.options.positions = core::Positions::Sinusoidal;
  s.options.shared_qk = true;
  const core::Result before = core::compute(s);
  core::convert_to_direct(s);
  ASSERT_TRUE(core::validate(s).empty()) << core::validate(s).front();
  const core::Result after = core::compute(s);
  for (int h = 0; h < 2; ++h) EXPECT_NEAR((before.head[h].scores - after.head[h].scores).norm(), 0, 1e-12);
  EXPECT_NEAR((before.output - after.output).norm(), 0, 1e-12);
}

TEST(CrossAttention, FilesRoundTripAsVersion2AndSwapIsRefused) {
  core::Scenario s = two_queries_three_keys();
  EXPECT_EQ(s.format_version(), 2);
  const std::string text = core::scenario_to_text(s);
  const auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["tokens_kv"], (std::vector<std::string>{"le", "chat", "noir"}));
  EXPECT_EQ(j["K"][0].size(), 3u);
  const core::LoadResult back = core::parse_scenario(text);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_TRUE(*back.scenario == s);
  EXPECT_EQ(core::scenario_to_text(*back.scenario), text);
  // W^Q ↔ W^K would not transpose S between two sequences: nothing happens.
  core::Scenario swapped = s;
  core::swap_queries_and_keys(swapped);
  EXPECT_TRUE(swapped == s);
}

TEST(Positions, SinusoidalEncodingByHand) {
  // Position 0: sin 0 = 0, cos 0 = 1 in every pair. Position 1, d_model 4, base 10000:
  // pair 0 turns by 1 radian, pair 1 by 1/10000^(2/4) = 0.01.
  const Mat pe = core::sinusoidal_encoding(2, 4, 10000);
  EXPECT_EQ(pe.row(0), rows({{0, 1, 0, 1}}));
  EXPECT_DOUBLE_EQ(pe(1, 0), std::sin(1.0));
  EXPECT_DOUBLE_EQ(pe(1, 1), std::cos(1.0));
  EXPECT_DOUBLE_EQ(pe(1, 2), std::sin(0.01));
  EXPECT_DOUBLE_EQ(pe(1, 3), std::cos(0.01));
  // d_model 3: the last column is a sin with no cos partner.
  EXPECT_DOUBLE_EQ(core::sinusoidal_encoding(3, 3, 100)(2, 2), std::sin(2.0 / std::pow(100.0, 2.0 / 3)));
}

TEST(Positions, RopeTurnsPositionOneByOneRadian) {
  // q = k = (1, 0) at both positions; pair 0 turns by p·1 whatever the base.
  core::Scenario s = testing_helpers::direct_scenario(rows({{1, 0}, {1, 0}}), rows({{1, 0}, {1, 0}}),
                                                      rows({{1, 0}, {0, 1}}));
  s.options.positions = core::Positions::Rope;
  const core::HeadResult h = core::compute(s).head[0];
  EXPECT_NEAR(h.Q(1, 0), std::cos(1.0), 1e-15);
  EXPECT_NEAR(h.Q(1, 1), std::sin(1.0), 1e-15);
  EXPECT_EQ(h.Q_before_rope, rows({{1, 0}, {1, 0}}));
  // S_ij = cos(i − j): 1 on the diagonal, cos 1 off it, both ways.
  EXPECT_NEAR(h.scores(0, 0), 1, 1e-15);
  EXPECT_NEAR(h.scores(0, 1), std::cos(1.0), 1e-15);
  EXPECT_NEAR(h.scores(1, 0), std::cos(1.0), 1e-15);
  EXPECT_NEAR(h.scores(1, 1), 1, 1e-15);
}

// One token repeated at every position: with RoPE, S_ij depends on i − j only
// (each diagonal of S is constant); without positions every entry is the same.
TEST(Positions, RopeScoresDependOnTheRelativePositionOnly) {
  std::mt19937 rng(7);
  core::Scenario s = testing_helpers::random_scenario(rng, 7, 4, 4, 1, core::Mode::Projected);
  for (int i = 1; i < 7; ++i) s.X.row(i) = s.X.row(0);
  s.options.position_base = 10;
  const Mat plain = core::compute(s).head[0].scores;
  EXPECT_NEAR(plain.maxCoeff() - plain.minCoeff(), 0, 1e-12);
  s.options.positions = core::Positions::Rope;
  const Mat S = core::compute(s).head[0].scores;
  for (int i = 1; i < 7; ++i)
    for (int j = 1; j < 7; ++j) EXPECT_NEAR(S(i, j), S(i - 1, j - 1), 1e-12) << i << "," << j;
  EXPECT_GT(std::abs(S(0, 1) - S(0, 2)), 1e-3);  // and it does depend on i − j
}

TEST(Positions, SharedQkUnderRopeStaysSymmetric) {
  std::mt19937 rng(8);
  core::Scenario s = testing_helpers::random_scenario(rng, 6, 3, 3, 1, core::Mode::Projected);
  s.options.shared_qk = true;
  s.options.positions = core::Positions::Rope;
  EXPECT_NEAR(core::compute(s).head[0].asymmetry, 0, 1e-15);
}

// Without positions attention is permutation-equivariant: two identical tokens
// get identical output rows. Positions part them.
TEST(Positions, IdenticalTokensPartOnlyWithPositions) {
  std::mt19937 rng(9);
  core::Scenario s = testing_helpers::random_scenario(rng, 5, 4, 2, 2, core::Mode::Projected);
  s.X.row(3) = s.X.row(1);  // "smell" twice
  EXPECT_NEAR((core::compute(s).output.row(3) - core::compute(s).output.row(1)).norm(), 0, 1e-15);
  for (core::Positions p : {core::Positions::Sinusoidal, core::Positions::Rope}) {
    s.options.positions = p;
    const core::Result r = core::compute(s);
    EXPECT_GT((r.output.row(3) - r.output.row(1)).norm(), 1e-3) << core::to_string(p);
  }
}

TEST(Positions, InvalidCombinationsNameTheField) {
  core::Scenario s = testing_helpers::direct_scenario(rows({{1, 0}, {0, 1}}), rows({{1, 0}, {0, 1}}),
                                                      rows({{1, 0}, {0, 1}}));
  s.options.positions = core::Positions::Sinusoidal;
  EXPECT_NE(core::validate(s).front().find("options.positions: \"sinusoidal\""), std::string::npos);
  s = core::make_zero_scenario(3, 2, 2, 1);
  s.options.merged_qk = true;
  s.W[0] = Mat::Identity(2, 2);
  s.options.positions = core::Positions::Rope;
  EXPECT_NE(core::validate(s).front().find("options.positions: \"rope\" cannot be combined"), std::string::npos);
  s.options.positions = core::Positions::None;
  s.options.position_base = 0.5;
  EXPECT_NE(core::validate(s).front().find("options.position_base"), std::string::npos);
}

TEST(Positions, AVersion1ScenarioWithoutThemIsWrittenAsBefore) {
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
  EXPECT_EQ(s.format_version(), 1);
  s.options.position_base = 100;  // a base alone is a version-2 field too
  EXPECT_EQ(s.format_version(), 2);
  const auto j = nlohmann::json::parse(core::scenario_to_text(s));
  EXPECT_EQ(j["options"]["position_base"], 100.0);
  EXPECT_FALSE(j["options"].contains("positions"));
}

// ∂L/∂X_kv by a central difference on one entry: the analytic value is what
// tests/cli/test_grad.py checks against torch everywhere; this one is by hand.
TEST(Positions, GradientReachesXkvThroughRope) {
  std::mt19937 rng(10);
  core::Scenario s = testing_helpers::random_scenario(rng, 3, 2, 2, 1, core::Mode::Projected);
  core::set_cross_attention(s, true);
  core::resize_keys(s, 4);
  s.X_kv.setConstant(0.3);
  s.X_kv(2, 1) = -0.7;
  s.options.positions = core::Positions::Rope;
  s.has_target = true;
  s.target = Mat::Zero(3, 2);
  core::Gradient g;
  core::gradient(s, g);
  ASSERT_EQ(g.X_kv.rows(), 4);
  const double h = 1e-6;
  core::Scenario plus = s, minus = s;
  plus.X_kv(2, 1) += h;
  minus.X_kv(2, 1) -= h;
  EXPECT_NEAR(g.X_kv(2, 1), (core::compute(plus).loss - core::compute(minus).loss) / (2 * h), 1e-7);
}

}  // namespace test_cross_and_positions
