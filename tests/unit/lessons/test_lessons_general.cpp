// The general claims the lessons make, checked on random scenarios of every
// size: what a lesson says in general must hold in general, not only for its numbers.
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "core/model/freedom.h"
#include "core/model/gauge.h"
#include "tests/support/lesson_math.h"
#include "tests/support/test_helpers.h"

namespace test_lessons_general {

using namespace lesson_math;

// ---------------------------------------------------------------------------
// The general claims, on random scenarios of every size (n 2..8, d_model 2..4,
// d_k 1..4, both modes; a fixed seed), wherever a lesson states them in general.

using testing_helpers::for_random_scenarios;

// Lessons 1 and 3: QQᵀ is symmetric, |s_ij| ≤ |q_i||q_j|, its largest |entry| on the diagonal.
TEST(LessonsInGeneral, QQtIsSymmetricWithItsLargestEntryOnTheDiagonal) {
  for_random_scenarios(101, [](const core::Scenario& s) {
    const core::HeadResult r = head0(s);
    const core::Mat& G = r.QQt;
    EXPECT_EQ(G, G.transpose());
    EXPECT_LE(G.cwiseAbs().maxCoeff(), G.diagonal().maxCoeff() * (1 + 1e-12));
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j)
        EXPECT_LE(std::abs(G(i, j)), r.Q.row(i).norm() * r.Q.row(j).norm() * (1 + 1e-12) + 1e-15);
  });
}

// Lessons 1 and 3: two tokens never both prefer each other over themselves under QQᵀ
// (shared QK); with separate keys they can (lesson 1 shows a pair).
TEST(LessonsInGeneral, NoMutualPreferenceUnderSharedQK) {
  for_random_scenarios(102, [](core::Scenario s) {
    s.options.shared_qk = true;
    const core::Mat S = head0(s).scores;
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j)
        if (i != j) EXPECT_FALSE(S(i, j) > S(i, i) && S(j, i) > S(j, j)) << i << ", " << j;
  });
  int mutual = 0;
  for_random_scenarios(103, [&](const core::Scenario& s) {
    const core::Mat S = head0(s).scores;
    for (int i = 0; i < s.n(); ++i)
      for (int j = i + 1; j < s.n(); ++j) mutual += S(i, j) > S(i, i) && S(j, i) > S(j, j);
  });
  EXPECT_GT(mutual, 0);
}

// Lesson 1: S and QQᵀ have rank ≤ r; in direct mode their degrees of freedom are 2nr − r²
// and nr − r(r−1)/2 (the Jacobian's rank at a random point), as the Scores panel says
// (every mode: test_freedom.cpp).
TEST(LessonsInGeneral, RankAndDegreesOfFreedomOfTheScores) {
  for_random_scenarios(104, [](const core::Scenario& s) {
    const core::HeadResult r = head0(s);
    const core::ScoreFreedom f = core::score_freedom(s);
    const int bound = std::min({s.n(), s.d_k, s.mode == core::Mode::Projected ? s.d_model : s.d_k});
    EXPECT_EQ(f.rank_bound, bound);
    EXPECT_LE(numeric_rank(dense(r.scores)), bound);
    EXPECT_LE(numeric_rank(dense(r.QQt)), bound);
    if (s.mode == core::Mode::Direct) {
      EXPECT_EQ(product_jacobian_rank(dense(r.Q), dense(r.K)), f.scores);
      EXPECT_EQ(gram_jacobian_rank(dense(r.Q)), f.qqt);
    }
  });
}

// Lesson 2: W^Q W^Kᵀ has rank ≤ d_k; every invertible M leaves S as it is (under
// shared QK, orthogonal ones); 2·d_model·d_k − d_k² numbers are effective
// (d_model·d_k − d_k(d_k−1)/2 under shared QK).
TEST(LessonsInGeneral, OnlyTheProductWQWKtCounts) {
  unsigned seed = 1;
  for_random_scenarios(105, [&](core::Scenario s) {
    if (s.mode != core::Mode::Projected) return;
    for (bool shared : {false, true}) {
      s.options.shared_qk = shared;
      const core::Result r = core::compute(s);
      core::Scenario g = s;
      const Eigen::MatrixXd M = core::random_gauge(g, seed++);
      ASSERT_EQ(core::apply_gauge(g, M), "");
      const core::Result rg = core::compute(g);
      for (int h = 0; h < s.heads; ++h) {
        EXPECT_LE(r.head[h].W_QK_rank, s.d_k);
        const double size = 1 + r.head[h].scores.cwiseAbs().maxCoeff();
        EXPECT_LT(max_abs_diff(rg.head[h].scores, r.head[h].scores), 1e-11 * size);
      }
      if (shared) {
        EXPECT_LT((M * M.transpose() - Eigen::MatrixXd::Identity(s.d_k, s.d_k)).cwiseAbs().maxCoeff(), 1e-12);
        core::Scenario refused = s;
        EXPECT_NE(core::apply_gauge(refused, 2 * Eigen::MatrixXd::Identity(s.d_k, s.d_k)), "");
      }
      if (s.d_k <= s.d_model) {
        const int d = s.d_model, k = s.d_k;
        if (shared)
          EXPECT_EQ(gram_jacobian_rank(dense(s.W_Q[0])), d * k - k * (k - 1) / 2);
        else
          EXPECT_EQ(product_jacobian_rank(dense(s.W_Q[0]), dense(s.W_K[0])), 2 * d * k - k * k);
      }
    }
  });
}

// Lesson 3: shared QK makes S symmetric (asymmetry 0) unless keys are normalized;
// with normalized keys the diagonal, s_ii = |q_i|, is each row's largest.
TEST(LessonsInGeneral, SharedQKAndNormalizedKeys) {
  for_random_scenarios(106, [](core::Scenario s) {
    s.options.shared_qk = true;
    const core::HeadResult plain = head0(s);
    EXPECT_EQ(plain.asymmetry, 0.0);
    EXPECT_EQ(plain.scores, plain.scores.transpose());
    s.options.normalize_keys = true;
    const core::HeadResult r = head0(s);
    for (int i = 0; i < s.n(); ++i) {
      EXPECT_NEAR(r.scores(i, i), r.Q.row(i).norm(), 1e-12 * (1 + r.Q.row(i).norm()));
      for (int j = 0; j < s.n(); ++j) EXPECT_GE(r.scores(i, i), r.scores(i, j) - 1e-12 * (1 + r.Q.row(i).norm()));
    }
  });
}

// Lesson 3: with causal and no-self masks, the first token keeps weight 1 on itself.
TEST(LessonsInGeneral, CausalAndNoSelfLeaveTheFirstTokenOnItself) {
  for_random_scenarios(107, [](core::Scenario s) {
    s.options.causal = s.options.no_self = true;
    EXPECT_EQ(head0(s).weights(0, 0), 1.0);
  });
}

// Lesson 4: editing one token's row of X changes only its row and its column of S.
TEST(LessonsInGeneral, OneTokensRowOfXMovesOnlyItsRowAndColumn) {
  std::mt19937 rng(108);
  for_random_scenarios(108, [&](core::Scenario s) {
    if (s.mode != core::Mode::Projected) return;
    s.options.normalize_keys = rng() % 2;
    s.options.shared_qk = rng() % 2;
    const int t = static_cast<int>(rng() % s.n());
    const core::Mat before = head0(s).scores;
    s.X(t, static_cast<int>(rng() % s.d_model)) += 0.5;
    const core::Mat after = head0(s).scores;
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j)
        if (i != t && j != t) EXPECT_EQ(after(i, j), before(i, j));
  });
}

// Lessons 4 and 5: swapping the query and key matrices transposes S, and (S not
// symmetric) the attention differs: the softmax runs over keys, not queries.
TEST(LessonsInGeneral, SwappingQueriesAndKeysTransposesSAndChangesTheAttention) {
  int compared = 0;
  for_random_scenarios(109, [&](const core::Scenario& s) {
    core::Scenario swapped = s;
    for (int h = 0; h < s.heads; ++h) {
      std::swap(swapped.W_Q[h], swapped.W_K[h]);
      std::swap(swapped.Q[h], swapped.K[h]);
    }
    const core::Result a = core::compute(s), b = core::compute(swapped);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_LT(max_abs_diff(b.head[h].scores, a.head[h].scores.transpose()), 1e-12 * (1 + a.head[h].scores.cwiseAbs().maxCoeff()));
      if (a.head[h].asymmetry > 0.1) {
        EXPECT_GT(max_abs_diff(b.head[h].weights, a.head[h].weights), 1e-6);
        ++compared;
      }
    }
  });
  EXPECT_GT(compared, 100);
}

// Lesson 4: under shared QK, A_ij / A_ji = Z_j / Z_i, Z_i = Σ_k exp(ℓ_ik).
TEST(LessonsInGeneral, SharedQKWeightsDifferByTheRowSums) {
  for_random_scenarios(110, [](core::Scenario s) {
    s.options.shared_qk = true;
    const core::HeadResult r = head0(s);
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j)
        EXPECT_NEAR(r.weights(i, j) / r.weights(j, i), row_normaliser(r, j) / row_normaliser(r, i),
                    1e-9 * r.weights(i, j) / r.weights(j, i));
  });
}

// Lesson 4: without positions (and without a causal mask), identical tokens get
// identical scores, weights and outputs, whatever the matrices.
TEST(LessonsInGeneral, IdenticalTokensGetIdenticalOutputs) {
  std::mt19937 rng(111);
  for_random_scenarios(111, [&](core::Scenario s) {
    s.options.shared_qk = rng() % 2;
    s.options.normalize_keys = rng() % 2;
    s.options.no_self = rng() % 2;
    const int a = 0, b = 1 + static_cast<int>(rng() % (s.n() - 1));
    s.X.row(b) = s.X.row(a);
    for (int h = 0; h < s.heads; ++h)
      for (core::Mat* m : {&s.Q[h], &s.K[h], &s.V[h]}) m->row(b) = m->row(a);
    const core::Result r = core::compute(s);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_LT((r.head[h].output.row(a) - r.head[h].output.row(b)).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_LT((r.head[h].scores.col(a) - r.head[h].scores.col(b)).cwiseAbs().maxCoeff(), 1e-12);
    }
    EXPECT_LT((r.output.row(a) - r.output.row(b)).cwiseAbs().maxCoeff(), 1e-10 * (1 + r.output.cwiseAbs().maxCoeff()));
  });
}

// Lesson 5: A·V is a convex combination of the rows of V (inside their bounding box,
// at least); AttentionAlt is ordinary attention on V' = V·W_altᵀ/√d_k, i.e. with
// W^V' = W^V·W_altᵀ/√d_k in projected mode: the 4th matrix folds into W^V.
TEST(LessonsInGeneral, AttentionAltIsAttentionOnOtherValues) {
  for_random_scenarios(112, [](const core::Scenario& s) {
    const core::Result r = core::compute(s);
    core::Scenario folded = s;
    for (int h = 0; h < s.heads; ++h) {
      const double c = 1 / std::sqrt(static_cast<double>(s.d_k));
      folded.W_V[h] = s.W_V[h] * s.W_alt[h].transpose() * c;
      folded.V[h] = s.V[h] * s.W_alt[h].transpose() * c;
      const core::HeadResult& o = r.head[h];
      for (int t = 0; t < s.d_k; ++t)
        for (int i = 0; i < s.n(); ++i) {
          EXPECT_GE(o.output(i, t), o.V.col(t).minCoeff() - 1e-12);
          EXPECT_LE(o.output(i, t), o.V.col(t).maxCoeff() + 1e-12);
        }
    }
    const core::Result f = core::compute(folded);
    for (int h = 0; h < s.heads; ++h)
      EXPECT_LT(max_abs_diff(f.head[h].output, r.head[h].alt_output), 1e-12 * (1 + r.head[h].alt_output.cwiseAbs().maxCoeff()));
  });
}

// Lesson 6: 1/√d_k folds into W^Q (or Q) with no scaling, or into the temperature.
TEST(LessonsInGeneral, TheScaleFoldsIntoWQ) {
  for_random_scenarios(113, [](core::Scenario s) {
    s.options.shared_qk = false;
    const core::Result r = core::compute(s);
    core::Scenario folded = s, warmer = s;
    const double root = std::sqrt(static_cast<double>(s.d_k));
    for (int h = 0; h < s.heads; ++h) {
      folded.W_Q[h] /= root;
      folded.Q[h] /= root;
    }
    folded.options.scale = warmer.options.scale = core::Scale::None;
    warmer.options.temperature = s.options.temperature * root;
    const core::Result f = core::compute(folded), w = core::compute(warmer);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_LT(max_abs_diff(f.head[h].weights, r.head[h].weights), 1e-12);
      EXPECT_LT(max_abs_diff(w.head[h].weights, r.head[h].weights), 1e-12);
    }
  });
}

// Lesson 6: a dot product of d_k independent zero-mean unit-variance entries has
// mean 0 and standard deviation √d_k.
TEST(LessonsInGeneral, ADotProductOfUnitEntriesHasStandardDeviationSqrtDk) {
  std::mt19937 rng(114);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int d_k = core::kMinDk; d_k <= core::kMaxDk; ++d_k) {
    const int samples = 200000;
    double sum = 0, sum_sq = 0;
    for (int i = 0; i < samples; ++i) {
      double dot = 0;
      for (int t = 0; t < d_k; ++t) dot += normal(rng) * normal(rng);
      sum += dot;
      sum_sq += dot * dot;
    }
    const double mean = sum / samples, sd = std::sqrt(sum_sq / samples - mean * mean);
    EXPECT_NEAR(mean, 0.0, 0.02 * std::sqrt(d_k));
    EXPECT_NEAR(sd, std::sqrt(d_k), 0.01 * std::sqrt(d_k));
  }
}

}  // namespace test_lessons_general
