// compute(): hand-worked cases and identities that must hold for any scenario.
#include <cmath>
#include <random>
#include <string>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/SVD>
#include <gtest/gtest.h>

#include "core/io/scenario_io.h"
#include "core/model/compute.h"
#include "core/model/gauge.h"
#include "tests/support/test_helpers.h"

namespace test_compute {

using core::Mat;
using testing_helpers::direct_scenario;
using testing_helpers::for_random_scenarios;

namespace {

Mat mat(std::initializer_list<std::initializer_list<double>> rows) {
  Mat m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.begin()->size()));
  Eigen::Index r = 0;
  for (const auto& row : rows) {
    Eigen::Index c = 0;
    for (double x : row) m(r, c++) = x;
    ++r;
  }
  return m;
}

double max_abs_diff(const Mat& a, const Mat& b) { return (a - b).cwiseAbs().maxCoeff(); }

}  // namespace

// Worked on paper, with Q = I, scale "none", T = 1, so logits = scores:
//   Q = [1 0; 0 1], K = [0 ln3; 0 0], V = [4 0; 0 8]
//   S = Q·Kᵀ: S_ij = q_i·k_j → S = [0 0; ln3 0]
//   row 0: softmax(0, 0)    = (1/2, 1/2)  → output (2, 4), entropy ln 2
//   row 1: softmax(ln3, 0)  = (3/4, 1/4)  → output (3, 2), entropy ln 4 − (3/4) ln 3
//   (S − Sᵀ)/2 = [0 −ln3/2; ln3/2 0], ‖·‖_F = ln3/√2, ‖S‖_F = ln3 → asymmetry 1/√2
//   QQᵀ = I; alt_output = output/√2 (no W_alt); W^O = I → final output = output.
TEST(ComputeByHand, TwoTokensTwoDims) {
  const double ln3 = std::log(3.0);
  const core::Result r =
      core::compute(direct_scenario(mat({{1, 0}, {0, 1}}), mat({{0, ln3}, {0, 0}}), mat({{4, 0}, {0, 8}})));
  const core::HeadResult& h = r.head[0];
  EXPECT_LT(max_abs_diff(h.scores, mat({{0, 0}, {ln3, 0}})), 1e-15);
  EXPECT_LT(max_abs_diff(h.logits, h.scores), 1e-15);
  EXPECT_LT(max_abs_diff(h.weights, mat({{0.5, 0.5}, {0.75, 0.25}})), 1e-15);
  EXPECT_LT(max_abs_diff(h.output, mat({{2, 4}, {3, 2}})), 1e-14);
  EXPECT_LT(max_abs_diff(h.alt_output, mat({{2, 4}, {3, 2}}) / std::sqrt(2.0)), 1e-14);
  EXPECT_LT(max_abs_diff(h.QQt, mat({{1, 0}, {0, 1}})), 1e-15);
  EXPECT_NEAR(h.entropy(0), std::log(2.0), 1e-15);
  EXPECT_NEAR(h.entropy(1), std::log(4.0) - 0.75 * ln3, 1e-15);
  EXPECT_NEAR(h.asymmetry, 1 / std::sqrt(2.0), 1e-15);
  EXPECT_LT(max_abs_diff(h.scores_antisym, mat({{0, -ln3 / 2}, {ln3 / 2, 0}})), 1e-15);
  EXPECT_LT(max_abs_diff(r.output, mat({{2, 4}, {3, 2}})), 1e-14);
}

// logits = S / (√d_k · T): with d_k = 2 and T = 0.5 that is S·√2.
TEST(ComputeByHand, ScaleAndTemperatureDivideTheScores) {
  core::Scenario s = direct_scenario(mat({{1, 2}, {3, 4}}), mat({{1, 0}, {0, 1}}), mat({{1, 0}, {0, 1}}));
  s.options.scale = core::Scale::SqrtDk;
  s.options.temperature = 0.5;
  const core::HeadResult h = core::compute(s).head[0];
  EXPECT_LT(max_abs_diff(h.logits, mat({{1, 2}, {3, 4}}) * std::sqrt(2.0)), 1e-14);
  // Row 0: logits √2·(1, 2) → weights (1, e^√2)/(1 + e^√2).
  const double e = std::exp(std::sqrt(2.0));
  EXPECT_NEAR(h.weights(0, 0), 1 / (1 + e), 1e-15);
  EXPECT_NEAR(h.weights(0, 1), e / (1 + e), 1e-15);
}

// X = I, so Q = W^Q and K = W^K:  W^Q = [1; 2], W^K = [3; 1] (d_k = 1)
//   W_QK = W^Q·W^Kᵀ = [3 1; 6 2], rank 1, σ_1 = |W^Q|·|W^K| = √5·√10 = √50, σ_2 = 0.
//   params: separate 2·2·1 = 4, merged 2² = 4.
TEST(ComputeByHand, RankOneWQK) {
  core::Scenario s = core::make_zero_scenario(2, 2, 1, 1);
  s.X = mat({{1, 0}, {0, 1}});
  s.W_Q[0] = mat({{1}, {2}});
  s.W_K[0] = mat({{3}, {1}});
  s.W_V[0] = mat({{1}, {1}});
  const core::Result r = core::compute(s);
  EXPECT_LT(max_abs_diff(r.head[0].W_QK, mat({{3, 1}, {6, 2}})), 1e-15);
  EXPECT_EQ(r.head[0].W_QK_rank, 1);
  EXPECT_NEAR(r.head[0].W_QK_singular_values(0), std::sqrt(50.0), 1e-14);
  EXPECT_LT(r.head[0].W_QK_singular_values(1), r.head[0].W_QK_rank_tolerance);
  EXPECT_EQ(r.params.separate, 4);
  EXPECT_EQ(r.params.merged, 4);
}

TEST(ComputeIdentities, QQtIsSymmetricPositiveSemiDefinite) {
  for_random_scenarios(1, [](const core::Scenario& s) {
    const core::Result r = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      const Mat& G = r.head[h].QQt;
      EXPECT_EQ(G, G.transpose());
      const Eigen::MatrixXd g = G;
      const double smallest = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(g).eigenvalues().minCoeff();
      EXPECT_GE(smallest, -1e-12 * std::max(1.0, G.cwiseAbs().maxCoeff()));
      // |S_ij| ≤ √(S_ii·S_jj): the largest entry of QQᵀ is on its diagonal.
      EXPECT_DOUBLE_EQ(G.cwiseAbs().maxCoeff(), G.diagonal().maxCoeff());
    }
  });
}

// Exactly: S = QQᵀ is the same sum for (i, j) and (j, i), so its antisymmetric part is
// +0 everywhere (never −0, which an export would print as "-0.0") and its asymmetry 0.
TEST(ComputeIdentities, SharedQKGivesSymmetricScores) {
  for_random_scenarios(2, [](core::Scenario s) {
    s.options.shared_qk = true;
    s.options.normalize_keys = false;
    const core::Result r = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      const core::HeadResult& head = r.head[h];
      EXPECT_EQ(head.scores, head.scores.transpose());
      EXPECT_EQ(head.QQt, head.scores);
      EXPECT_EQ(head.asymmetry, 0.0);
      for (Eigen::Index k = 0; k < head.scores_antisym.size(); ++k) {
        EXPECT_EQ(head.scores_antisym.data()[k], 0.0);
        EXPECT_FALSE(std::signbit(head.scores_antisym.data()[k]));
      }
    }
  });
}

TEST(ComputeIdentities, WithoutSharedQKScoresAreUsuallyAsymmetric) {
  // The counterpart of the test above, so that it cannot pass by accident.
  int asymmetric = 0;
  for_random_scenarios(2, [&](const core::Scenario& s) {
    asymmetric += core::compute(s).head[0].asymmetry > 1e-3;
  });
  EXPECT_GT(asymmetric, 100);
}

TEST(ComputeIdentities, NormalizedSharedKeysMakeEachTokensOwnScoreTheLargest) {
  for_random_scenarios(3, [](core::Scenario s) {
    s.options.shared_qk = true;
    s.options.normalize_keys = true;
    const core::Result r = core::compute(s);
    for (int h = 0; h < s.heads; ++h)
      for (int i = 0; i < s.n(); ++i)
        for (int j = 0; j < s.n(); ++j)
          EXPECT_GE(r.head[h].scores(i, i), r.head[h].scores(i, j) - 1e-12) << "row " << i;
  });
}

TEST(ComputeIdentities, NormalizedKeysHaveUnitLengthAndZeroKeysStayZero) {
  core::Scenario s = direct_scenario(mat({{1, 0}, {0, 1}}), mat({{3, 4}, {0, 0}}), mat({{1, 0}, {0, 1}}));
  s.options.normalize_keys = true;
  const core::HeadResult h = core::compute(s).head[0];
  EXPECT_LT(max_abs_diff(h.K, mat({{0.6, 0.8}, {0, 0}})), 1e-15);
}

TEST(ComputeIdentities, RankOfWQKIsAtMostDk) {
  for_random_scenarios(4, [](const core::Scenario& s) {
    if (s.mode != core::Mode::Projected) return;
    const core::Result r = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_LE(r.head[h].W_QK_rank, std::min(s.d_model, s.d_k));
      // Random Gaussian factors have full rank almost surely.
      EXPECT_EQ(r.head[h].W_QK_rank, std::min(s.d_model, s.d_k));
      for (Eigen::Index i = 1; i < r.head[h].W_QK_singular_values.size(); ++i)
        EXPECT_GE(r.head[h].W_QK_singular_values(i - 1), r.head[h].W_QK_singular_values(i));
    }
  });
}

TEST(ComputeIdentities, ZeroWQKHasRankZero) {
  core::Scenario s = core::make_zero_scenario(3, 3, 2, 1);
  EXPECT_EQ(core::compute(s).head[0].W_QK_rank, 0);
}

// docs/questions.md, One W: only W^Q·W^Kᵀ matters. W^Q·M and W^K·M⁻ᵀ give the same W_QK and scores.
TEST(ComputeIdentities, GaugeInvarianceLeavesScoresUnchanged) {
  for_random_scenarios(5, [&](core::Scenario s) {
    if (s.mode != core::Mode::Projected) return;
    const core::Result before = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      Eigen::MatrixXd M = Eigen::MatrixXd::Random(s.d_k, s.d_k) + 2 * Eigen::MatrixXd::Identity(s.d_k, s.d_k);
      s.W_Q[h] = s.W_Q[h] * M;
      s.W_K[h] = s.W_K[h] * M.inverse().transpose();
    }
    const core::Result after = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      const double scale = std::max(1.0, before.head[h].scores.cwiseAbs().maxCoeff());
      EXPECT_LT(max_abs_diff(before.head[h].scores, after.head[h].scores), 1e-11 * scale);
      EXPECT_GT(max_abs_diff(before.head[h].Q, after.head[h].Q), 1e-6);  // Q itself did change
    }
  });
}

TEST(ComputeIdentities, AsymmetryOfZeroScoresIsZero) {
  core::Scenario s = core::make_zero_scenario(4, 2, 2, 1);
  const core::HeadResult h = core::compute(s).head[0];
  EXPECT_EQ(h.scores.cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(h.asymmetry, 0.0);
}

// Found in review: with Q = I and K = [0 −m; m 0], S is
// antisymmetric whatever m, but the squares of entries below ~1e-154 underflow
// and the asymmetry came out 0 for m = 1e-170.
TEST(ComputeIdentities, AsymmetryOfAnAntisymmetricSIsOneAtEveryScale) {
  for (double m : {1e-300, 1e-170, 1e-160, 1.0, 1e6}) {
    const core::Scenario s = direct_scenario(mat({{1, 0}, {0, 1}}), mat({{0, -m}, {m, 0}}), mat({{1, 0}, {0, 1}}));
    EXPECT_NEAR(core::compute(s).head[0].asymmetry, 1.0, 1e-12) << "m = " << m;
  }
}

// Entries from 1e-200 to 1e-160 in one S (Q = I, so S = Kᵀ): against the same
// formula in long double, whose exponent range holds every square here.
TEST(ComputeIdentities, AsymmetryOfMixedScalesMatchesLongDouble) {
  const Mat K = mat({{2e-170, -7e-165, 3e-200}, {1e-160, 0, -4e-172}, {5e-168, 1e-175, 9e-163}});
  const core::Scenario s = direct_scenario(Mat::Identity(3, 3), K, Mat::Identity(3, 3));
  long double all = 0, antisymmetric = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const long double sij = K(j, i), sji = K(i, j), a = (sij - sji) / 2;
      all += sij * sij;
      antisymmetric += a * a;
    }
  const double expected = static_cast<double>(std::sqrt(antisymmetric) / std::sqrt(all));
  EXPECT_GT(expected, 0.5);  // the case means something: S is far from symmetric
  EXPECT_NEAR(core::compute(s).head[0].asymmetry, expected, 1e-12 * expected);
}

TEST(ComputeIdentities, OutputIsConcatTimesWO) {
  for_random_scenarios(6, [](const core::Scenario& s) {
    const core::Result r = core::compute(s);
    for (int h = 0; h < s.heads; ++h)
      EXPECT_EQ(Mat(r.concat.middleCols(h * s.d_k, s.d_k)), r.head[h].output);
    const Eigen::MatrixXd expected = Eigen::MatrixXd(r.concat) * Eigen::MatrixXd(s.W_O);
    EXPECT_LT((Eigen::MatrixXd(r.output) - expected).cwiseAbs().maxCoeff(), 1e-12 * std::max(1.0, expected.cwiseAbs().maxCoeff()));
  });
}

TEST(ComputeIdentities, ParameterCounts) {
  core::Scenario s = core::make_zero_scenario(3, 4, 2, 3);
  core::Result r = core::compute(s);
  EXPECT_EQ(r.params.separate, 2 * 4 * 2 * 3);
  EXPECT_EQ(r.params.merged, 4 * 4 * 3);
  s.options.shared_qk = true;
  r = core::compute(s);
  EXPECT_EQ(r.params.separate, 4 * 2 * 3);
}

// docs/questions.md, AttentionAlt: A·V is a convex combination of the rows of V; (1/√d_k)·A·V·W_altᵀ
// with W_alt = I is that point pulled towards the origin, so when the origin
// lies outside hull(V) the alt output leaves it. Here V's rows are (4, 0) and
// (0, 4): the hull is the segment x + y = 4, and alt_output has x + y = 4/√2.
TEST(ComputeIdentities, AltOutputLeavesTheHullOfV) {
  const core::Scenario s = direct_scenario(mat({{1, 0}, {0, 1}}), mat({{1, 0}, {0, 1}}), mat({{4, 0}, {0, 4}}));
  const core::HeadResult h = core::compute(s).head[0];
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(h.output.row(i).sum(), 4.0, 1e-14);
    EXPECT_NEAR(h.alt_output.row(i).sum(), 4.0 / std::sqrt(2.0), 1e-14);
  }
}

// The gauge demo (docs/questions.md, One W): W_Q·M, W_K·M⁻ᵀ leave the scores; under shared QK
// only an orthogonal M does, and anything else is refused with the reason.
TEST(Gauge, RandomMLeavesScoresAndChangesQK) {
  for_random_scenarios(41, [](core::Scenario s) {
    for (bool shared : {false, true}) {
      s.options.shared_qk = shared;
      const core::Result before = core::compute(s);
      core::Scenario after_s = s;
      ASSERT_EQ(core::apply_gauge(after_s, core::random_gauge(s, 7)), "");
      const core::Result after = core::compute(after_s);
      for (int h = 0; h < s.heads; ++h) {
        const double scale = std::max(1.0, before.head[h].scores.cwiseAbs().maxCoeff());
        EXPECT_LT(max_abs_diff(before.head[h].scores, after.head[h].scores), 1e-10 * scale);
        if (s.d_k > 1) EXPECT_GT(max_abs_diff(before.head[h].Q, after.head[h].Q), 1e-6);
      }
    }
  });
}

TEST(Gauge, RefusesWhatWouldChangeTheScores) {
  core::Scenario s = core::make_zero_scenario(3, 2, 2, 1);
  Eigen::MatrixXd singular(2, 2);
  singular << 1, 2, 2, 4;
  EXPECT_NE(core::apply_gauge(s, singular).find("not invertible"), std::string::npos);
  s.options.shared_qk = true;
  Eigen::MatrixXd stretch(2, 2);
  stretch << 2, 0, 0, 1;
  EXPECT_NE(core::apply_gauge(s, stretch).find("only an orthogonal M"), std::string::npos);
  EXPECT_NE(core::apply_gauge(s, Eigen::MatrixXd::Identity(3, 3)).find("must be 2×2"), std::string::npos);
}

// docs/mathematics.md, the gauge: under shared QK, W_Q ← W_Q·M (W_K = W_Q with it) keeps
// S = X·W_Q·W_Qᵀ·Xᵀ exactly when Q·M·Mᵀ·Qᵀ = Q·Qᵀ, Q = X·W_Q. With Q of full column rank (d_k ≤ min(n, d_model)) that forces
// M·Mᵀ = I; with a null space (d_k > d_model, or n < d_k), M = I + t·vvᵀ, Q·v = 0, keeps S and is not orthogonal.
TEST(Gauge, UnderSharedQkOnlyOrthogonalMKeepTheScoresWhenWQHasFullColumnRank) {
  std::mt19937 rng(43);
  std::normal_distribution<double> normal(0.0, 1.0);
  const auto scores = [](const Eigen::MatrixXd& X, const Eigen::MatrixXd& W) { return Eigen::MatrixXd(X * W * W.transpose() * X.transpose()); };
  for (int trial = 0; trial < 200; ++trial) {
    const int d_model = 2 + trial % 3, n = 8;
    Eigen::MatrixXd X(n, d_model);
    for (Eigen::Index i = 0; i < X.size(); ++i) X(i) = normal(rng);
    // d_k ≤ d_model: a random non-orthogonal M changes S.
    const int d_k = 1 + trial % d_model;
    Eigen::MatrixXd W(d_model, d_k), M(d_k, d_k);
    for (Eigen::Index i = 0; i < W.size(); ++i) W(i) = normal(rng);
    for (Eigen::Index i = 0; i < M.size(); ++i) M(i) = normal(rng);
    const double off = (M * M.transpose() - Eigen::MatrixXd::Identity(d_k, d_k)).norm();
    EXPECT_GT(max_abs_diff(scores(X, W * M), scores(X, W)), 1e-6 * off) << trial;
    // d_k > d_model: W has a null vector v, and M = I + 2vvᵀ keeps S.
    const int wide = d_model + 1 + trial % 2;
    if (wide > core::kMaxDk) continue;
    Eigen::MatrixXd V(d_model, wide);
    for (Eigen::Index i = 0; i < V.size(); ++i) V(i) = normal(rng);
    const Eigen::VectorXd v = Eigen::JacobiSVD<Eigen::MatrixXd>(V, Eigen::ComputeFullV).matrixV().col(wide - 1);
    const Eigen::MatrixXd stretch = Eigen::MatrixXd::Identity(wide, wide) + 2 * v * v.transpose();
    EXPECT_GT((stretch * stretch.transpose() - Eigen::MatrixXd::Identity(wide, wide)).cwiseAbs().maxCoeff(), 1);
    EXPECT_LT(max_abs_diff(scores(X, V * stretch), scores(X, V)), 1e-12 * std::max(1.0, scores(X, V).cwiseAbs().maxCoeff()));
  }
  // What counts is Q = X·W_Q, not W_Q: n = 2 < d_k = 3 = d_model, W_Q of full column rank, and still
  // Q·v = 0 for some v, and M = I + t·vvᵀ keeps S for t = 0.7 (not orthogonal; t = −1 would be singular).
  Eigen::MatrixXd X(2, 3), W(3, 3);
  for (Eigen::Index i = 0; i < X.size(); ++i) X(i) = normal(rng);
  for (Eigen::Index i = 0; i < W.size(); ++i) W(i) = normal(rng);
  ASSERT_EQ(Eigen::FullPivLU<Eigen::MatrixXd>(W).rank(), 3);
  const Eigen::VectorXd v = Eigen::JacobiSVD<Eigen::MatrixXd>(X * W, Eigen::ComputeFullV).matrixV().col(2);
  const Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3) + 0.7 * v * v.transpose();
  EXPECT_GT((M * M.transpose() - Eigen::MatrixXd::Identity(3, 3)).norm(), 1);
  EXPECT_LT(max_abs_diff(scores(X, W * M), scores(X, W)), 1e-12 * std::max(1.0, scores(X, W).cwiseAbs().maxCoeff()));
  // Lesson 03's Q = X·W^Q has full column rank: its gauge demo's "no other M does" holds there.
  const core::LoadResult lesson = core::load_scenario_file(std::string(ATTNLAB_LESSONS) + "/03_shared_qk.json");
  ASSERT_TRUE(lesson.ok());
  EXPECT_EQ(Eigen::FullPivLU<Eigen::MatrixXd>(lesson.scenario->X * lesson.scenario->W_Q[0]).rank(), lesson.scenario->d_k);
  EXPECT_NE(lesson.scenario->notes.find("as Q = X·W^Q has full column rank here (rank 2) no other M does"), std::string::npos);
}

// d_k = 2 takes a closed form for the singular values of W^Q W^Kᵀ: a diagonal
// case by hand, and parallel columns (rank 1) that it must not count as 2.
TEST(Compute, SingularValuesOfTwoColumnFactorsByHand) {
  core::Scenario s = core::make_zero_scenario(3, 4, 2, 1);
  s.W_Q[0] << 1, 0, 0, 1, 0, 0, 0, 0;
  s.W_K[0] << 2, 0, 0, -3, 0, 0, 0, 0;  // W_QK = diag(2, −3, 0, 0): σ = 3, 2, 0, 0
  core::Result r = core::compute(s);
  EXPECT_NEAR(r.head[0].W_QK_singular_values(0), 3.0, 1e-15);
  EXPECT_NEAR(r.head[0].W_QK_singular_values(1), 2.0, 1e-15);
  EXPECT_EQ(r.head[0].W_QK_rank, 2);
  s.W_Q[0] << 1, 2, 1, 2, 0.3, 0.6, -1, -2;  // second column twice the first
  s.W_K[0] << 0.5, 1, -1, 2, 0, 1, 3, 0;
  r = core::compute(s);
  EXPECT_EQ(r.head[0].W_QK_rank, 1);
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(Eigen::MatrixXd(r.head[0].W_QK));
  EXPECT_NEAR(r.head[0].W_QK_singular_values(0), svd.singularValues()(0), 1e-14 * svd.singularValues()(0));
}

// With normalised keys, W^Q scaled by c > 0 multiplies every logit by c, as the queries grow with W^Q and
// the unit keys do not (under shared QK too, where the keys are made of W^Q): so "Reformer, logits ×c" of
// experiments 04 and 10 (temperature 1/c) is Reformer's recipe started from c·W^Q, the same functions.
TEST(ComputeIdentities, NormalisedKeysLogitsTimesCAreTheQueryWeightsTimesC) {
  int compared = 0;
  for_random_scenarios(5, [&](core::Scenario s) {
    if (s.mode != core::Mode::Projected) return;
    s.options.normalize_keys = true;
    s.options.no_self = true;
    for (const bool shared : {false, true})
      for (const double c : {0.5, 3.0, 16.0}) {
        s.options.shared_qk = shared;
        core::Scenario gain = s, larger = s;
        gain.options.temperature = 1 / c;
        for (int h = 0; h < s.heads; ++h) larger.W_Q[static_cast<size_t>(h)] *= c;
        const core::Result a = core::compute(gain), b = core::compute(larger), one = core::compute(s);
        for (int h = 0; h < s.heads; ++h)
          for (int i = 0; i < s.n(); ++i)
            for (int j = 0; j < s.n(); ++j) {
              const double x = a.head[h].logits(i, j);
              if (std::isinf(x)) {  // the no-self mask, the same entries
                EXPECT_EQ(x, b.head[h].logits(i, j));
                continue;
              }
              EXPECT_NEAR(x, b.head[h].logits(i, j), 1e-12 * (1 + std::abs(x)));
              EXPECT_NEAR(x, c * one.head[h].logits(i, j), 1e-12 * (1 + std::abs(x)));
              EXPECT_NEAR(a.head[h].weights(i, j), b.head[h].weights(i, j), 1e-12);
              ++compared;
            }
      }
  });
  EXPECT_GT(compared, 10000);
}

}  // namespace test_compute
