// Every number the lessons on what attention outputs quote (as the app prints it) and
// every claim they make about their own matrices: AttentionAlt, the √d_k scale and the
// temperature, cross-attention, positions and RoPE.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "core/designs/sigmoid_attention.h"
#include "core/io/lesson_show.h"
#include "core/model/compute.h"
#include "core/model/gauge.h"
#include "core/designs/positions.h"
#include "tests/support/lesson_math.h"
#include "tests/support/lesson_quotes.h"
#include "tests/support/test_helpers.h"

namespace test_lessons_outputs {

namespace {

using namespace lesson_math;
using namespace lesson_quotes;

// Whether p lies in the triangle a, b, c (same side of all three edges).
bool in_triangle(Eigen::Vector2d p, Eigen::Vector2d a, Eigen::Vector2d b, Eigen::Vector2d c) {
  const auto side = [](Eigen::Vector2d u, Eigen::Vector2d v, Eigen::Vector2d w) {
    return (v - u).x() * (w - u).y() - (v - u).y() * (w - u).x();
  };
  const double d1 = side(a, b, p), d2 = side(b, c, p), d3 = side(c, a, p);
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

Eigen::Vector2d row2(const core::Mat& m, int i) { return {m(i, 0), m(i, 1)}; }

}  // namespace


// Why not (1/√d_k)·softmax(QKᵀ/√d_k)·V·W_altᵀ?
TEST(Lessons, AttentionAlt) {
  core::Scenario s = lesson("05_attention_alt.json");
  Quotes q(s);
  const int red = token(s, "red");
  const core::HeadResult h = head0(s);
  const Eigen::Vector2d a = row2(h.V, 0), b = row2(h.V, 1), c = row2(h.V, 2);

  // Step 1: A·V inside the triangle of V.
  q.value("3.34", h.output(red, 0));
  q.value("2.57", h.output(red, 1));
  for (int i = 0; i < s.n(); ++i) EXPECT_TRUE(in_triangle(row2(h.output, i), a, b, c)) << "A·V row " << i;

  // Step 2: the alternative, outside it.
  q.contains("1/\u221Ad_k = 1/\u221A2 outside");  // d_k = 2
  EXPECT_EQ(s.d_k, 2);
  q.value("2.36", h.alt_output(red, 0));
  q.value("1.82", h.alt_output(red, 1));
  for (int i = 0; i < s.n(); ++i) EXPECT_FALSE(in_triangle(row2(h.alt_output, i), a, b, c)) << "alt row " << i;

  // Step 3: inside the triangle of V′ = V·W_altᵀ/√d_k; it is attention on V′.
  const core::Mat V_alt = h.V * s.W_alt[0].transpose() / std::sqrt(2.0);
  for (int i = 0; i < s.n(); ++i)
    EXPECT_TRUE(in_triangle(row2(h.alt_output, i), row2(V_alt, 0), row2(V_alt, 1), row2(V_alt, 2))) << "alt row " << i;
  core::Scenario on_V_alt = s;
  on_V_alt.V[0] = V_alt;
  EXPECT_LT(max_abs_diff(head0(on_V_alt).output, h.alt_output), 1e-12);
  core::Scenario root2 = s;
  q.typed("1.4142");
  root2.W_alt[0] = core::Mat::Identity(2, 2) * 1.4142;
  const core::HeadResult back = head0(root2);
  for (int i = 0; i < s.n(); ++i)
    for (int t = 0; t < 2; ++t) EXPECT_EQ(shown(back.alt_output(i, t)), shown(h.output(i, t)));

  // Step 5: swapping Q and K changes the weights.
  q.value("0.30", h.weights(red, 0));
  q.value("0.52", h.weights(red, 1));
  q.value("0.18", h.weights(red, 2));
  core::Scenario swapped = s;
  std::swap(swapped.Q[0], swapped.K[0]);
  const core::HeadResult sw = head0(swapped);
  EXPECT_LT(max_abs_diff(sw.scores, h.scores.transpose()), 1e-12);
  q.value("0.31", sw.weights(red, 0));
  q.value("0.37", sw.weights(red, 1));
  q.value("0.31", sw.weights(red, 2));
  q.all_checked();
}

// Why √d_k, and why inside the softmax?
TEST(Lessons, Scaling) {
  core::Scenario s = lesson("06_scaling.json");
  Quotes q(s);
  const auto mean_entropy = [](const core::HeadResult& r) { return r.entropy.mean(); };
  const auto largest_weight = [](const core::HeadResult& r) { return r.weights.maxCoeff(); };
  const auto smallest_row_max = [](const core::HeadResult& r) { return r.weights.rowwise().maxCoeff().minCoeff(); };
  const auto with = [&](core::Scale scale, double T) {
    core::Scenario t = s;
    t.options.scale = scale;
    t.options.temperature = T;
    return head0(t);
  };
  const core::HeadResult h = head0(s);

  // The introduction: entries drawn with mean 0 and variance 1 (a sample of 40).
  Eigen::VectorXd entries(2 * s.n() * s.d_k);
  entries << Eigen::Map<const Eigen::VectorXd>(s.Q[0].data(), s.n() * s.d_k),
      Eigen::Map<const Eigen::VectorXd>(s.K[0].data(), s.n() * s.d_k);
  EXPECT_LT(std::abs(entries.mean()), 0.15);
  EXPECT_NEAR((entries.array() - entries.mean()).square().mean(), 1.0, 0.15);

  // Step 1: the range of the scores.
  q.count("√d_k = 2", static_cast<long>(std::sqrt(s.d_k)));
  q.value("−4.54", h.scores.minCoeff());
  q.value("3.02", h.scores.maxCoeff());

  // Step 2: with √d_k.
  q.value("0.67", largest_weight(h));
  q.value("1.20", mean_entropy(h));
  q.value("1.61", std::log(5.0));

  // Steps 3 and 4: without it; and as d_k = 64 would be.
  const core::HeadResult none = with(core::Scale::None, 1);
  q.value("0.58", mean_entropy(none));
  q.value("0.93", largest_weight(none));
  q.typed("0.25");
  const core::HeadResult d64 = with(core::Scale::None, 0.25);
  q.value("0.01", mean_entropy(d64));
  q.value("0.99", smallest_row_max(d64));
  q.count("d_k = 64, unscaled scores would spread 4", static_cast<long>(std::sqrt(64.0 / s.d_k)));

  // Step 5: √d_k folds into W^Q (here Q), or into T.
  q.contains("type T = 2:");
  EXPECT_LT(max_abs_diff(with(core::Scale::None, std::sqrt(s.d_k)).weights, h.weights), 1e-15);
  core::Scenario folded = s;
  folded.Q[0] /= std::sqrt(s.d_k);
  folded.options.scale = core::Scale::None;
  EXPECT_LT(max_abs_diff(head0(folded).weights, h.weights), 1e-15);

  // Step 7: the temperature.
  q.typed("0.1");
  const core::HeadResult cold = with(core::Scale::SqrtDk, 0.1);
  q.value("0.00", mean_entropy(cold));
  EXPECT_EQ(shown(smallest_row_max(cold)), "1.00");
  q.contains("T = 10");
  q.value("1.61", mean_entropy(with(core::Scale::SqrtDk, 10)));
  q.contains("ln 5 to two decimals: near uniform, not uniform");
  EXPECT_EQ(shown(std::log(5.0)), "1.61");
  EXPECT_LT(mean_entropy(with(core::Scale::SqrtDk, 10)), std::log(5.0) - 1e-4) << "not uniform";

  // Step 8: sigmoid attention at T = 1, b = −ln 5, its Show me the same; sums printed to three decimals.
  core::Scenario sigmoid = s;
  sigmoid.options.weights = core::Weights::Sigmoid;
  const core::LoadResult shown_8 = core::show_step(s, 8);
  ASSERT_TRUE(shown_8.ok()) << shown_8.message();
  EXPECT_EQ(shown_8.scenario->options, sigmoid.options);
  EXPECT_DOUBLE_EQ(core::sigmoid_bias(sigmoid), -std::log(5.0));
  q.contains("b = \u2212ln 5 for 5 keys");
  ASSERT_EQ(s.m(), 5);
  q.contains("Type T = 1 again");
  const core::HeadResult sig = head0(sigmoid);
  const char* sums[] = {"0.967", "0.810", "0.622", "0.560", "0.892"};
  for (int i = 0; i < 5; ++i) q.value(sums[i], sig.row_sums(i), 3);
  // Every sum s ≤ 1 and every weight ≥ 0: O_i = Σ_j a_ij v_j + (1 − s_i)·0, a convex combination of V's rows and 0.
  q.contains("Each row of A\u00B7V is a convex combination of V's rows and 0");
  EXPECT_GE(sig.weights.minCoeff(), 0.0);
  EXPECT_LE(sig.row_sums.maxCoeff(), 1.0);
  // V's 5 rows in 4 dimensions are affinely independent, so each output has one set of affine
  // coordinates c (Σ c_j = 1, Σ c_j v_j = o): inside the hull exactly when every c_j ≥ 0.
  q.contains("rows 'three' and 'four' leave the hull of V's rows");
  Eigen::MatrixXd M(5, 5);
  M.topRows(4) = sig.V.transpose();
  M.row(4).setOnes();
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(M);
  ASSERT_TRUE(lu.isInvertible());
  for (int i = 0; i < 5; ++i) {
    Eigen::VectorXd rhs(5);
    rhs << sig.output.row(i).transpose(), 1.0;
    const double least = lu.solve(rhs).minCoeff();
    if (s.tokens[static_cast<size_t>(i)] == "three" || s.tokens[static_cast<size_t>(i)] == "four") EXPECT_LT(least, -0.05) << i;
    else EXPECT_GE(least, 0.0) << i;
  }
  q.all_checked();
}

// Cross-attention: the decoder's queries over the encoder's keys and values.
TEST(Lessons, CrossAttention) {
  core::Scenario s = lesson("07_cross_attention.json");
  Quotes q(s);
  ASSERT_TRUE(s.cross());
  const auto key = [&](const char* name) {
    const auto it = std::find(s.tokens_kv.begin(), s.tokens_kv.end(), name);
    EXPECT_NE(it, s.tokens_kv.end()) << name;
    return static_cast<int>(it - s.tokens_kv.begin());
  };
  const int le = token(s, "le"), chat = token(s, "chat"), noir = token(s, "noir");
  const int the = key("the"), black = key("black"), cat = key("cat"), sleeps = key("sleeps");
  const core::HeadResult h = head0(s);
  q.contains("n = 3 tokens");
  q.contains("m = 4 tokens");

  // Step 1: the shapes, and W^Q = W^K = 2I, W^V = I.
  EXPECT_EQ(s.X.rows(), 3);
  EXPECT_EQ(s.X_kv.rows(), 4);
  EXPECT_EQ(s.W_Q[0], 2 * core::Mat::Identity(3, 3));
  EXPECT_EQ(s.W_K[0], 2 * core::Mat::Identity(3, 3));
  EXPECT_EQ(s.W_V[0], core::Mat::Identity(3, 3));
  EXPECT_EQ(h.Q.rows(), 3);
  EXPECT_EQ(h.K.rows(), 4);
  EXPECT_EQ(h.V.rows(), 4);

  // Step 2: S is 3 × 4; noir–black and chat–cat at 4.00, off the diagonal.
  EXPECT_EQ(h.scores.rows(), 3);
  EXPECT_EQ(h.scores.cols(), 4);
  q.value("4.00", h.scores(noir, black));
  EXPECT_EQ(h.scores(chat, cat), 4.0);
  EXPECT_EQ(h.Q.row(noir), (core::Mat(1, 3) << 0, 0, 2).finished());
  EXPECT_EQ(h.K.row(black), (core::Mat(1, 3) << 0, 0, 2).finished());
  EXPECT_NE(black, noir);
  EXPECT_NE(cat, chat);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(h.scores.row(i).maxCoeff(), i == le ? h.scores(le, the) : i == chat ? h.scores(chat, cat) : h.scores(noir, black));

  // Step 3: each row sums to 1 over the four keys.
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(h.row_sums(i), 1.0, 1e-15);
  q.value("0.77", h.weights(noir, black));
  q.value("0.77", h.weights(le, the));
  q.value("0.66", h.weights(chat, cat));
  q.value("0.21", h.weights(chat, sleeps));
  q.value("2.00", h.scores(chat, sleeps));
  EXPECT_FALSE(s.options.causal);
  q.contains("No causal mask");
  EXPECT_EQ(s.X_kv(sleeps, 1), 0.5 * s.X_kv(cat, 1));

  // Step 4: QQᵀ is 3 × 3 with 4.00 on its diagonal; no symmetric split for a 3 × 4 S.
  EXPECT_EQ(h.QQt, 4 * core::Mat::Identity(3, 3));
  EXPECT_FALSE(h.square());
  EXPECT_TRUE(std::isnan(h.asymmetry));

  // Step 5: the output of 'noir', mostly 'black'.
  q.value("0.08", h.output(noir, 0));
  q.value("0.11", h.output(noir, 1));
  EXPECT_EQ(shown(h.output(noir, 2)), "0.77");
  EXPECT_GT(h.output(noir, 2), 0.5);

  // Step 6: m = 3, 'sleeps' gone; 'chat' gives 'cat' 0.83. An X_kv row moves one column.
  core::Scenario three = s;
  core::resize_keys(three, 3);
  ASSERT_EQ(three.tokens_kv.back(), "cat");
  const core::HeadResult t = head0(three);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(t.row_sums(i), 1.0, 1e-15);
  q.value("0.83", t.weights(chat, cat));
  core::Scenario dragged = s;
  dragged.X_kv(black, 0) += 0.4;
  const core::HeadResult d = head0(dragged);
  for (int j = 0; j < 4; ++j) EXPECT_EQ(d.scores.col(j) != h.scores.col(j), j == black) << j;
  q.all_checked();
}

// Permutation equivariance: two copies of 'smell' part only with positions.
TEST(Lessons, Positions) {
  core::Scenario s = lesson("08_positions.json");
  Quotes q(s);
  const int smell1 = 2, smell2 = 4;
  ASSERT_EQ(s.tokens[smell1], "smell");
  ASSERT_EQ(s.tokens[smell2], "smell");
  EXPECT_EQ(s.X.row(smell1), s.X.row(smell2));
  EXPECT_EQ(s.options.positions, core::Positions::None);
  const core::HeadResult h = head0(s);

  // Step 1: equal outputs, whatever the weights.
  EXPECT_EQ(h.output.row(smell1), h.output.row(smell2));
  q.value("0.32", h.output(smell1, 0));
  q.value("0.65", h.output(smell1, 1));
  std::mt19937 rng(12);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 20; ++trial) {
    core::Scenario random = s;
    for (core::Mat* w : {&random.W_Q[0], &random.W_K[0], &random.W_V[0]})
      for (Eigen::Index i = 0; i < w->size(); ++i) w->data()[i] = normal(rng);
    const core::HeadResult r = head0(random);
    EXPECT_EQ(r.output.row(smell1), r.output.row(smell2));
  }
  // The intro's claim: shuffle the tokens and the outputs shuffle with them.
  core::Scenario shuffled = s;
  const std::vector<int> order = {6, 0, 4, 1, 5, 2, 3};
  for (int i = 0; i < 7; ++i) shuffled.X.row(i) = s.X.row(order[static_cast<size_t>(i)]);
  const core::HeadResult sh = head0(shuffled);
  for (int i = 0; i < 7; ++i) EXPECT_LT((sh.output.row(i) - h.output.row(order[static_cast<size_t>(i)])).norm(), 1e-12);

  // Step 2: equal rows of weights, 0.24 to both copies.
  EXPECT_EQ(h.weights.row(smell1), h.weights.row(smell2));
  q.value("0.24", h.weights(smell1, smell1));
  EXPECT_EQ(h.weights(smell1, smell1), h.weights(smell1, smell2));

  // Step 3: sinusoidal.
  core::Scenario sin = s;
  sin.options.positions = core::Positions::Sinusoidal;
  const core::HeadResult si = head0(sin);
  q.value("0.76", si.output(smell1, 0));
  q.value("1.54", si.output(smell1, 1));
  q.value("0.30", si.output(smell2, 0));
  q.value("1.45", si.output(smell2, 1));

  // Step 4: their weights.
  q.value("0.21", si.weights(smell1, smell1));
  q.value("0.03", si.weights(smell1, smell2));
  q.value("0.13", si.weights(smell2, smell1));
  q.value("0.15", si.weights(smell2, smell2));

  // Step 5: RoPE.
  core::Scenario rope = s;
  rope.options.positions = core::Positions::Rope;
  const core::HeadResult ro = head0(rope);
  q.value("0.25", ro.output(smell1, 0));
  q.value("0.62", ro.output(smell1, 1));
  q.value("0.36", ro.output(smell2, 0));
  q.value("0.60", ro.output(smell2, 1));
  q.contains("only through the signed offset p \u2212 p\u2032 of its two tokens");
  // A token's score with itself does not turn: the diagonal of S is the same with and without RoPE.
  for (int i = 0; i < s.n(); ++i) EXPECT_NEAR(ro.scores(i, i), h.scores(i, i), 1e-12);
  EXPECT_GT((ro.scores - h.scores).cwiseAbs().maxCoeff(), 0.1);
  q.all_checked();
}

// RoPE: scores that depend on i − j only, and a previous-token head.
TEST(Lessons, Rope) {
  core::Scenario s = lesson("09_rope.json");
  Quotes q(s);
  ASSERT_EQ(s.options.positions, core::Positions::Rope);
  ASSERT_TRUE(s.options.causal);
  for (int i = 1; i < s.n(); ++i) EXPECT_EQ(s.X.row(i), s.X.row(0));
  const core::HeadResult h = head0(s);

  // Intro: without positions every score is 4.86 and row i is flat over i + 1 tokens.
  core::Scenario none = s;
  none.options.positions = core::Positions::None;
  const core::HeadResult n = head0(none);
  q.value("4.86", n.scores(0, 0));
  EXPECT_LT(n.scores.maxCoeff() - n.scores.minCoeff(), 1e-12);
  for (int i = 0; i < s.n(); ++i) EXPECT_NEAR(n.weights(i, 0), 1.0 / (i + 1), 1e-12);

  // Step 1: θ_0 = 1 whatever the base; k = q turned by one radian.
  EXPECT_EQ(core::rope_frequency(0, 2, s.options.position_base), 1.0);
  EXPECT_EQ(core::rope_frequency(0, 2, 7.0), 1.0);
  q.value("1.62", s.W_K[0](0, 0));
  q.value("2.52", s.W_K[0](0, 1));
  q.value("3.00", s.W_Q[0](0, 0));
  q.value("0.00", s.W_Q[0](0, 1));
  EXPECT_NEAR(s.W_K[0](0, 0), 3 * std::cos(1.0), 1e-15);
  EXPECT_NEAR(s.W_K[0](0, 1), 3 * std::sin(1.0), 1e-15);

  // Step 2: q of position 4 turned by 4 radians.
  q.value("−1.96", h.Q(4, 0));
  q.value("−2.27", h.Q(4, 1));
  EXPECT_EQ(h.Q_before_rope.row(4), h.Q_before_rope.row(0));
  for (int p = 1; p < s.n(); ++p) EXPECT_LT((h.K.row(p - 1) - h.Q.row(p)).norm(), 1e-12) << "k_{p−1} = q_p at p = " << p;

  // Step 3: S_ij = 9 cos(j − i + 1), constant along every diagonal.
  for (int i = 0; i < s.n(); ++i)
    for (int j = 0; j < s.n(); ++j) {
      EXPECT_NEAR(h.scores(i, j), 9 * std::cos(j - i + 1.0), 1e-12);
      if (i && j) EXPECT_NEAR(h.scores(i, j), h.scores(i - 1, j - 1), 1e-12);
    }
  q.value("9.00", h.scores(3, 2));
  EXPECT_EQ(shown(h.scores(3, 3)), "4.86");
  EXPECT_EQ(shown(h.scores(3, 1)), "4.86");
  q.contains("9 cos(j − i + 1)");

  // Step 4: a previous-token head.
  for (int i = 2; i < s.n(); ++i) {
    q.value("0.90", h.weights(i, i - 1));
    q.value("0.05", h.weights(i, i));
    EXPECT_EQ(shown(h.weights(i, i - 2)), "0.05");
  }
  q.value("0.95", h.weights(1, 0));
  q.value("0.25", n.weights(3, 0));
  EXPECT_EQ(h.weights(0, 0), 1.0);  // "each row after the first"
  for (int i = 0; i < s.n(); ++i) {
    q.value("1.00", h.output(i, 0));
    EXPECT_EQ(shown(h.output(i, 1)), "0.00");
  }

  // Step 5: the first 'ha' scores the last at 9 cos 6, and without the causal mask gives it 0.92.
  q.value("8.64", h.scores(0, 5));
  EXPECT_NEAR(h.scores(0, 5), 9 * std::cos(6.0), 1e-12);
  core::Scenario open = s;
  open.options.causal = false;
  q.value("0.92", head0(open).weights(0, 5));
  q.all_checked();
}

}  // namespace test_lessons_outputs
