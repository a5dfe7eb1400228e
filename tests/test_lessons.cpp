// The shipped lessons load, and each number its notes promise holds.
#include <cstdio>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "core/compute.h"
#include "core/scenario_io.h"

namespace {

const std::filesystem::path kLessons = ATTNLAB_LESSONS;

core::Scenario lesson(const char* name) {
  const core::LoadResult r = core::load_scenario_file((kLessons / name).string());
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r.scenario : core::Scenario{};
}

// As the app prints a number in a cell: two decimals.
std::string format_two(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

}  // namespace

TEST(Lessons, EveryLessonLoadsWithTitleAndNotes) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kLessons)) {
    const core::LoadResult r = core::load_scenario_file(entry.path().string());
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_FALSE(r.scenario->title.empty()) << entry.path();
    EXPECT_FALSE(r.scenario->notes.empty()) << entry.path();
    ++count;
  }
  EXPECT_GE(count, 6);
}

// Its notes: 'movie' scores 'bomb' at 2.16, 'bomb' scores 'movie' at −0.29 (−0.295),
// asymmetry 0.80 for QKᵀ, 0 for QQᵀ; with shared QK the asymmetry is 0.
TEST(Lessons, QKtAgainstQQt) {
  core::Scenario s = lesson("01_qkt_vs_qqt.json");
  const core::HeadResult r = core::compute(s).head[0];
  EXPECT_NEAR(r.scores(1, 3), 2.16, 0.005);
  EXPECT_NEAR(r.scores(3, 1), -0.295, 1e-12);
  EXPECT_NEAR(r.asymmetry, 0.80, 0.005);
  EXPECT_EQ(s.n() * (s.n() + 1) / 2, 10);
  const core::Mat& G = r.QQt;
  EXPECT_EQ(G, G.transpose());
  EXPECT_EQ(G.cwiseAbs().maxCoeff(), G.diagonal().maxCoeff());
  s.options.shared_qk = true;
  EXPECT_LT(core::compute(s).head[0].asymmetry, 1e-15);
}

namespace {

double mean_entropy(const core::HeadResult& h) { return h.entropy.mean(); }

// Whether p lies in the triangle a, b, c (same side of all three edges).
bool in_triangle(Eigen::Vector2d p, Eigen::Vector2d a, Eigen::Vector2d b, Eigen::Vector2d c) {
  const auto side = [](Eigen::Vector2d u, Eigen::Vector2d v, Eigen::Vector2d w) {
    return (v - u).x() * (w - u).y() - (v - u).y() * (w - u).x();
  };
  const double d1 = side(a, b, p), d2 = side(b, c, p), d3 = side(c, a, p);
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

}  // namespace

// Its notes: rank at most d_k = 1 (σ₁ = 1.50, the rest 0), 16 numbers against 32;
// with d_k = 4, 64 against 32.
TEST(Lessons, OneWOrTwo) {
  core::Scenario s = lesson("02_one_w_or_two.json");
  const core::Result r = core::compute(s);
  for (int h = 0; h < s.heads; ++h) {
    EXPECT_EQ(r.head[h].W_QK_rank, 1);
    EXPECT_NEAR(r.head[h].W_QK_singular_values(0), 1.5, 1e-12);
  }
  EXPECT_EQ(r.params.separate, 16);
  EXPECT_EQ(r.params.merged, 32);
  core::resize(s, s.n(), s.d_model, 4, s.heads);
  EXPECT_EQ(core::compute(s).params.separate, 64);
}

// Its notes: asymmetry 0.00 under shared QK; 'the' scores 'mat' 0.31 above its own
// 0.05; with normalized keys each row's largest score is its own; causal + no-self
// leaves the first token weight 1.00 on itself.
TEST(Lessons, SharedQK) {
  core::Scenario s = lesson("03_shared_qk.json");
  core::HeadResult h = core::compute(s).head[0];
  EXPECT_EQ(h.asymmetry, 0.0);
  EXPECT_EQ(format_two(h.scores(0, 4)), "0.31");
  EXPECT_EQ(format_two(h.scores(0, 0)), "0.05");
  s.options.normalize_keys = true;
  h = core::compute(s).head[0];
  for (int i = 0; i < s.n(); ++i)
    for (int j = 0; j < s.n(); ++j) EXPECT_GE(h.scores(i, i), h.scores(i, j));
  s.options.no_self = s.options.causal = true;
  EXPECT_EQ(core::compute(s).head[0].weights(0, 0), 1.0);
}

// Its notes: S[bomb][movie] 1.94 against S[movie][bomb] 0.06, weights 0.37 and 0.14;
// under shared QK both scores 0.08 but weights 0.10 and 0.15.
TEST(Lessons, Asymmetry) {
  core::Scenario s = lesson("04_asymmetry.json");
  const int bomb = 6, movie = 1;
  ASSERT_EQ(s.tokens[bomb], "bomb");
  core::HeadResult h = core::compute(s).head[0];
  EXPECT_EQ(format_two(h.scores(bomb, movie)), "1.94");
  EXPECT_EQ(format_two(h.scores(movie, bomb)), "0.06");
  EXPECT_EQ(format_two(h.weights(bomb, movie)), "0.37");
  EXPECT_EQ(format_two(h.weights(movie, bomb)), "0.14");
  s.options.shared_qk = true;
  h = core::compute(s).head[0];
  EXPECT_EQ(h.scores(bomb, movie), h.scores(movie, bomb));
  EXPECT_EQ(format_two(h.scores(bomb, movie)), "0.08");
  EXPECT_EQ(format_two(h.weights(bomb, movie)), "0.10");
  EXPECT_EQ(format_two(h.weights(movie, bomb)), "0.15");
}

// Its notes: every A·V inside the triangle of V's rows; the alternative output of
// 'red' at (2.06, 1.74), outside it (and so are the others).
TEST(Lessons, AttentionAltLeavesTheHull) {
  const core::Scenario s = lesson("05_attention_alt.json");
  const core::HeadResult h = core::compute(s).head[0];
  const Eigen::Vector2d a = h.V.row(0).transpose(), b = h.V.row(1).transpose(), c = h.V.row(2).transpose();
  for (int i = 0; i < s.n(); ++i) {
    EXPECT_TRUE(in_triangle(h.output.row(i).transpose(), a, b, c)) << "A·V row " << i;
    EXPECT_FALSE(in_triangle(h.alt_output.row(i).transpose(), a, b, c)) << "alt row " << i;
  }
  EXPECT_EQ(format_two(h.alt_output(0, 0)) + ", " + format_two(h.alt_output(0, 1)), "2.06, 1.74");
}

// Its notes: scores up to 14.31; mean entropy 0.74 with √d_k, 0.31 without;
// at T = 0.1 every row one-hot to two decimals, at T = 10 a mean of 1.59.
TEST(Lessons, Scaling) {
  core::Scenario s = lesson("06_scaling.json");
  core::HeadResult h = core::compute(s).head[0];
  EXPECT_EQ(format_two(h.scores.cwiseAbs().maxCoeff()), "14.31");
  EXPECT_EQ(format_two(mean_entropy(h)), "0.74");
  s.options.scale = core::Scale::None;
  EXPECT_EQ(format_two(mean_entropy(core::compute(s).head[0])), "0.31");
  s.options.scale = core::Scale::SqrtDk;
  s.options.temperature = 0.1;
  h = core::compute(s).head[0];
  for (int i = 0; i < s.n(); ++i) EXPECT_GE(h.weights.row(i).maxCoeff(), 0.995);
  s.options.temperature = 10;
  EXPECT_EQ(format_two(mean_entropy(core::compute(s).head[0])), "1.59");
}
