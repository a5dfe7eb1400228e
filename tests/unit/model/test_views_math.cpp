// What the views state about the mathematics, checked by hand and by a
// computation independent of the formula: the degrees of freedom of S and QQᵀ,
// and how a lesson's notes split into steps.
#include <random>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "core/model/lesson.h"
#include "tests/support/lesson_math.h"

namespace {

core::Scenario sized(int n, int d_model, int d_k, core::Mode mode) {
  core::Scenario s = core::make_zero_scenario(n, d_model, d_k, 1);
  s.mode = mode;
  return s;
}

// The rank of the Jacobian of (Q, K) ↦ QKᵀ (or Q ↦ QQᵀ) at a random point:
// the dimension of the set of matrices it reaches, found numerically.
int jacobian_rank(int n, int d, bool shared, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal;
  Eigen::MatrixXd Q(n, d), K(n, d);
  for (int i = 0; i < n; ++i)
    for (int t = 0; t < d; ++t) Q(i, t) = normal(rng), K(i, t) = normal(rng);
  return shared ? lesson_math::gram_jacobian_rank(Q) : lesson_math::product_jacobian_rank(Q, K);
}

}  // namespace

// Worked on paper: n = 4, d_k = 2 (lesson 1's sizes): r = 2, 2·4·2 − 4 = 12, 4·2 − 1 = 7.
TEST(ScoreFreedom, HandWorkedCases) {
  core::ScoreFreedom f = core::score_freedom(sized(4, 3, 2, core::Mode::Projected));
  EXPECT_EQ(f.rank_bound, 2);
  EXPECT_EQ(f.scores, 12);
  EXPECT_EQ(f.qqt, 7);
  // d_k ≥ n: every entry of S is free, QQᵀ has n(n+1)/2.
  f = core::score_freedom(sized(3, 4, 4, core::Mode::Direct));
  EXPECT_EQ(f.rank_bound, 3);
  EXPECT_EQ(f.scores, 9);
  EXPECT_EQ(f.qqt, 6);
  // Projected mode: Q = X·W^Q has rank ≤ d_model too.
  f = core::score_freedom(sized(8, 2, 4, core::Mode::Projected));
  EXPECT_EQ(f.rank_bound, 2);
  EXPECT_EQ(f.scores, 28);
  EXPECT_EQ(f.qqt, 15);
}

// The formula against the numerical rank of the map (Q, K) ↦ QKᵀ, for every n and d_k.
TEST(ScoreFreedom, AgreesWithTheRankOfTheJacobian) {
  for (int n = core::kMinTokens; n <= core::kMaxTokens; ++n)
    for (int d = core::kMinDk; d <= core::kMaxDk; ++d) {
      const core::ScoreFreedom f = core::score_freedom(sized(n, core::kMaxDModel, d, core::Mode::Direct));
      EXPECT_EQ(jacobian_rank(n, d, false, static_cast<unsigned>(n * 10 + d)), f.scores) << "n " << n << " d_k " << d;
      EXPECT_EQ(jacobian_rank(n, d, true, static_cast<unsigned>(n * 10 + d)), f.qqt) << "n " << n << " d_k " << d;
    }
}

// Cross-attention: S = QKᵀ with Q n × d_k and K m × d_k; worked on paper for
// lesson 7's sizes (n = 3, m = 4, d_k = 3): r = 3, (3 + 4)·3 − 9 = 12 = nm, all free;
// then against the rank of the map (Q, K) ↦ QKᵀ for every n, m and d_k.
TEST(ScoreFreedom, CrossAttentionCountsBothSequences) {
  core::Scenario s = sized(3, 3, 3, core::Mode::Direct);
  core::set_cross_attention(s, true);
  core::resize_keys(s, 4);
  core::ScoreFreedom f = core::score_freedom(s);
  EXPECT_EQ(f.rank_bound, 3);
  EXPECT_EQ(f.scores, 12);
  EXPECT_EQ(f.qqt, 6);  // QQᵀ is the decoder's own, 3 × 3
  core::resize_keys(s, 2);  // m = 2 < d_k: S has rank ≤ 2, QQᵀ still up to 3
  f = core::score_freedom(s);
  EXPECT_EQ(f.rank_bound, 2);
  EXPECT_EQ(f.qqt_rank_bound, 3);
  EXPECT_EQ(f.scores, 6);
  std::mt19937 rng(3);
  std::normal_distribution<double> normal;
  for (int n = core::kMinTokens; n <= core::kMaxTokens; n += 3)
    for (int m = core::kMinTokens; m <= core::kMaxTokens; ++m)
      for (int d = core::kMinDk; d <= core::kMaxDk; ++d) {
        core::Scenario c = sized(n, core::kMaxDModel, d, core::Mode::Direct);
        core::set_cross_attention(c, true);
        core::resize_keys(c, m);
        Eigen::MatrixXd Q(n, d), K(m, d);
        for (Eigen::Index i = 0; i < Q.size(); ++i) Q.data()[i] = normal(rng);
        for (Eigen::Index i = 0; i < K.size(); ++i) K.data()[i] = normal(rng);
        EXPECT_EQ(lesson_math::product_jacobian_rank(Q, K), core::score_freedom(c).scores) << n << "×" << m << ", d_k " << d;
      }
}

TEST(LessonNotes, IntroductionThenTaggedSteps) {
  const core::LessonNotes l = core::parse_lesson_notes(
      "Why a separate K?\n\nSecond intro line.\n\n[Scores] Look at S.\nStill step one.\n\n\n[Softmax]  Rows sum to 1.\n\nA closing "
      "step.\n\n[Nowhere] not a panel");
  EXPECT_EQ(l.intro, "Why a separate K?\n\nSecond intro line.");
  ASSERT_EQ(l.steps.size(), 4u);
  EXPECT_EQ(l.steps[0].panel, core::Panel::Scores);
  EXPECT_EQ(l.steps[0].text, "Look at S.\nStill step one.");
  EXPECT_EQ(l.steps[1].panel, core::Panel::Softmax);
  EXPECT_EQ(l.steps[1].text, "Rows sum to 1.");
  EXPECT_EQ(l.steps[2].panel, std::nullopt);
  EXPECT_EQ(l.steps[3].panel, std::nullopt);  // an unknown name is text, not a tag
  EXPECT_EQ(l.steps[3].text, "[Nowhere] not a panel");
}

TEST(LessonNotes, PlainNotesAreAllIntroduction) {
  const core::LessonNotes l = core::parse_lesson_notes("Just a note.\r\n  \r\nAnother paragraph.");
  EXPECT_EQ(l.intro, "Just a note.\n\nAnother paragraph.");
  EXPECT_TRUE(l.steps.empty());
  EXPECT_TRUE(core::parse_lesson_notes("").intro.empty());
  EXPECT_EQ(core::find_panel("Geometry"), core::Panel::Geometry);
  EXPECT_EQ(core::find_panel("geometry"), std::nullopt);
  EXPECT_EQ(core::find_panel("Experiment"), std::nullopt) << "the lab's panel is not a view a lesson step can name";
  for (core::Panel p : core::kPanels) {
    EXPECT_EQ(core::find_panel(core::panel_name(p)), p);
    EXPECT_TRUE(core::is_view(p));
  }
  EXPECT_FALSE(core::is_view(core::Panel::Experiment));
  EXPECT_FALSE(core::is_view(core::Panel::LossCurves));
}
