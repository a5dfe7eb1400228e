// Every number the lessons on the scores quote (as the app prints it) and every claim
// they make about their own matrices: QKᵀ against QQᵀ, one W or two, shared QK, the
// asymmetric 'box office bomb', and reversible attention (rock, paper, scissors).
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "core/model/freedom.h"
#include "core/model/gauge.h"
#include "core/designs/positions.h"
#include "tests/support/lesson_math.h"
#include "tests/support/lesson_quotes.h"
#include "tests/support/test_helpers.h"

namespace test_lessons_scores {

namespace {

using namespace lesson_math;
using namespace lesson_quotes;

}  // namespace

// Why not QQᵀ? Direct mode, four tokens.
TEST(Lessons, QKtAgainstQQt) {
  core::Scenario s = lesson("01_qkt_vs_qqt.json");
  Quotes q(s);
  const int The = token(s, "The"), movie = token(s, "movie"), bomb = token(s, "bomb");
  const core::HeadResult r = head0(s);
  const core::Mat& S = r.scores;
  const core::Mat& G = r.QQt;

  // Step 1: S is not symmetric, QQᵀ is.
  q.value("1.55", S(bomb, movie));
  q.value("−0.58", S(movie, bomb));
  q.value("0.76", r.asymmetry);
  EXPECT_EQ(G, G.transpose());

  // Step 2: the counts, as the Scores panel prints them.
  const int n = s.n();
  q.count("n(n+1)/2 = 10", n * (n + 1) / 2);
  q.count("n² = 16", n * n);
  q.count("r = min(n, d_k) = 2", std::min(n, s.d_k));
  const core::ScoreFreedom f = core::score_freedom(s);
  q.count("2nr − r² = 12", f.scores);
  q.count("nr − r(r−1)/2 = 7", f.qqt);
  EXPECT_EQ(f.rank_bound, 2);
  EXPECT_LE(numeric_rank(dense(S)), 2);
  EXPECT_LE(numeric_rank(dense(G)), 2);
  EXPECT_EQ(product_jacobian_rank(dense(r.Q), dense(r.K)), 12);
  EXPECT_EQ(gram_jacobian_rank(dense(r.Q)), 7);

  // Step 3: the matrix's largest |entry| is on the diagonal; row 'The''s is not.
  q.value("1.45", G(movie, movie));
  EXPECT_EQ(G.cwiseAbs().maxCoeff(), G(movie, movie));
  q.value("0.65", G(The, movie));
  q.value("0.50", G(The, The));
  EXPECT_GT(G(The, movie), G(The, The));

  // Step 4: no mutual preference in QQᵀ; 'The' and 'movie' prefer each other in S.
  EXPECT_LT(G(movie, The), G(movie, movie));
  q.value("0.50", S(The, movie));
  q.value("0.30", S(The, The));
  q.value("0.94", S(movie, The));
  q.value("−0.45", S(movie, movie));
  EXPECT_GT(S(The, movie), S(The, The));
  EXPECT_GT(S(movie, The), S(movie, movie));

  // Step 5: shared QK gives QQᵀ back.
  s.options.shared_qk = true;
  const core::HeadResult shared = head0(s);
  q.value("0.00", shared.asymmetry);
  EXPECT_EQ(shared.scores, G);
  q.all_checked();
}

// Why W^Q and W^K, and not one W? d_model = 4, two heads of d_k = d_model/h = 2.
TEST(Lessons, OneWOrTwo) {
  core::Scenario s = lesson("02_one_w_or_two.json");
  Quotes q(s);
  EXPECT_EQ(s.d_k * s.heads, s.d_model);  // the paper's d_k = d_model/h
  q.contains("d_{model} = 4");
  q.contains("d_k = d_{model}/h = 2 with h = 2 heads");
  const core::Result r = core::compute(s);

  // Step 1: rank ≤ d_k.
  const core::HeadResult& h1 = r.head[0];
  q.value("2.000", h1.W_QK_singular_values(0), 3);
  q.value("1.000", h1.W_QK_singular_values(1), 3);
  EXPECT_LE(h1.W_QK_singular_values(2), h1.W_QK_rank_tolerance);
  EXPECT_LE(h1.W_QK_singular_values(3), h1.W_QK_rank_tolerance);
  for (int h = 0; h < s.heads; ++h) EXPECT_EQ(r.head[h].W_QK_rank, 2);

  // Step 2: 2·d_model²/h against d_model² per head.
  q.contains("reads 32 against 32");
  EXPECT_EQ(r.params.separate, 32);
  EXPECT_EQ(r.params.merged, 32);
  EXPECT_EQ(r.params.separate, 2 * s.d_model * s.d_model / s.heads * s.heads);
  q.count("65 536", 2 * 512 * (512 / 8));
  q.count("65 536 against 262 144", 512 * 512);

  // Step 3: the gauge changes Q and K, not S.
  {
    core::Scenario g = s;
    ASSERT_EQ(core::apply_gauge(g, core::random_gauge(g, 7)), "");
    const core::Result rg = core::compute(g);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_LT(max_abs_diff(rg.head[h].scores, r.head[h].scores), 1e-12);
      EXPECT_GT(max_abs_diff(rg.head[h].Q, r.head[h].Q), 1e-3);
    }
  }

  // Step 4: 2·d_model·d_k − d_k² = 12 effective numbers per head.
  q.count("2·d_{model}·d_k = 16", 2 * s.d_model * s.d_k);
  q.count("d_k² = 4", s.d_k * s.d_k);
  q.count("2·d_{model}·d_k − d_k² = 12", 2 * s.d_model * s.d_k - s.d_k * s.d_k);
  for (int h = 0; h < s.heads; ++h) EXPECT_EQ(product_jacobian_rank(dense(s.W_Q[h]), dense(s.W_K[h])), 12);
  q.contains("against 16 for a free W");
  // Step 5: one W reaches every 4 × 4 matrix (a random W has rank 4), the pair rank ≤ d_k = 2 only.
  q.contains("one W is strictly more expressive when d_k < d_{model}");
  ASSERT_LT(s.d_k, s.d_model);
  EXPECT_EQ(numeric_rank(Eigen::MatrixXd::Random(s.d_model, s.d_model)), s.d_model);
  q.contains("(x_i\u00b7W)\u00b7x_j with x_i row i of X");
  EXPECT_EQ(s.d_model * s.d_model, 16);

  // Step 6: four heads of d_k = 1.
  core::resize(s, s.n(), s.d_model, 1, 4);
  const core::Result four = core::compute(s);
  q.contains("the parameter lines read 32 against 64");
  EXPECT_EQ(four.params.separate, 32);
  EXPECT_EQ(four.params.merged, 64);
  EXPECT_EQ(four.head[0].W_QK_rank, 1);
  q.contains("has rank 1 (σ_1 = 2.000)");
  EXPECT_EQ(shown(four.head[0].W_QK_singular_values(0), 3), "2.000");
  q.all_checked();
}

// What if W^K = W^Q? Reformer's shared QK, normalized keys and the no-self mask.
TEST(Lessons, SharedQK) {
  core::Scenario s = lesson("03_shared_qk.json");
  Quotes q(s);
  ASSERT_TRUE(s.options.shared_qk);
  const int the = token(s, "the"), mat = token(s, "mat");
  core::HeadResult h = head0(s);

  // Step 1: symmetric.
  q.value("0.00", h.asymmetry);
  EXPECT_EQ(h.scores, h.QQt);

  // Step 2: 'the' prefers 'mat'; 'mat' prefers itself.
  q.value("0.58", h.scores(the, mat));
  q.value("0.26", h.scores(the, the));
  q.value("1.64", h.scores(mat, mat));
  EXPECT_GT(h.scores(the, mat), h.scores(the, the));
  EXPECT_GT(h.scores(mat, mat), h.scores(mat, the));

  // Step 3: normalized keys: the diagonal wins every row, visibly at two decimals; S is not symmetric.
  s.options.normalize_keys = true;
  h = head0(s);
  q.value("0.51", h.scores(the, the));
  q.value("0.45", h.scores(the, mat));
  for (int i = 0; i < s.n(); ++i) {
    EXPECT_NEAR(h.scores(i, i), h.Q.row(i).norm(), 1e-12);  // s_ii = |q_i|
    for (int j = 0; j < s.n(); ++j)
      if (j != i) EXPECT_GT(h.scores(i, i), h.scores(i, j) + 0.01) << "row " << i << " looks like a tie";
  }
  q.value("0.20", h.asymmetry);

  // Step 4: normalising rescales each key: column j of S divided by |q_j|; query and key of a
  // token point the same way (one LSH bucket).
  {
    core::Scenario plain = s;
    plain.options.normalize_keys = false;
    const core::HeadResult p = head0(plain);
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j) EXPECT_NEAR(h.scores(i, j), p.scores(i, j) / p.Q.row(j).norm(), 1e-12);
    for (int j = 0; j < s.n(); ++j) EXPECT_NEAR(h.K.row(j).dot(h.Q.row(j)), h.Q.row(j).norm(), 1e-12);
    q.contains("column j of S is divided by |q_j|");
  }

  // Steps 5 and 6: no-self masks the diagonal; with causal the first token keeps its own entry.
  s.options.no_self = true;
  h = head0(s);
  for (int i = 0; i < s.n(); ++i) EXPECT_EQ(h.weights(i, i), 0.0);
  s.options.causal = true;
  h = head0(s);
  EXPECT_EQ(the, 0);
  EXPECT_EQ(h.weights(0, 0), 1.0);
  q.value("1.00", h.weights(0, 0));

  // Step 7: 6 numbers instead of 12; an orthogonal gauge; 5 effective.
  s = lesson("03_shared_qk.json");
  q.count("d_{model}·d_k = 6", core::compute(s).params.separate);
  core::Scenario separate = s;
  separate.options.shared_qk = false;
  q.count("instead of 12", core::compute(separate).params.separate);
  const Eigen::MatrixXd M = core::random_gauge(s, 3);
  EXPECT_LT((M * M.transpose() - Eigen::MatrixXd::Identity(s.d_k, s.d_k)).cwiseAbs().maxCoeff(), 1e-12);
  core::Scenario g = s;
  ASSERT_EQ(core::apply_gauge(g, M), "");
  EXPECT_LT(max_abs_diff(head0(g).scores, head0(s).scores), 1e-12);
  q.count("d_k(d_k−1)/2 = 1", s.d_k * (s.d_k - 1) / 2);
  q.contains("5 of the 6 are effective");
  EXPECT_EQ(gram_jacobian_rank(dense(s.W_Q[0])), 5);
  q.all_checked();
}

// Then why separate W^Q and W^K? "The movie was a box office bomb".
TEST(Lessons, Asymmetry) {
  core::Scenario s = lesson("04_asymmetry.json");
  Quotes q(s);
  const int The = token(s, "The"), movie = token(s, "movie"), a = token(s, "a"),
            bomb = token(s, "bomb");
  const core::HeadResult h = head0(s);

  // Step 1: two directions, two numbers.
  q.value("2.25", h.scores(bomb, movie));
  q.value("−1.65", h.scores(movie, bomb));

  // Step 2: 'bomb' looks at 'movie', 'movie' at itself, not at 'bomb'.
  q.value("0.46", h.weights(bomb, movie));
  EXPECT_EQ(h.weights.row(bomb).maxCoeff(), h.weights(bomb, movie));
  q.value("0.03", h.weights(movie, bomb));
  q.value("0.46", h.weights(movie, movie));
  EXPECT_EQ(h.weights.row(movie).maxCoeff(), h.weights(movie, movie));
  q.contains("The other rows are nearly flat: their queries are short.");
  for (int i = 0; i < s.n(); ++i) {
    if (i == movie || i == bomb) continue;
    EXPECT_LT(h.weights.row(i).maxCoeff() - h.weights.row(i).minCoeff(), 0.15) << "nearly flat, row " << i;
    EXPECT_LT(h.Q.row(i).norm(), 0.5 * h.Q.row(movie).norm()) << "a short query, row " << i;
    EXPECT_LT(h.Q.row(i).norm(), 0.5 * h.Q.row(bomb).norm()) << "a short query, row " << i;
  }
  EXPECT_GT(h.weights.row(movie).maxCoeff() - h.weights.row(movie).minCoeff(), 0.3) << "the 'movie' row is not flat";

  // Step 3: one token's row of X moves its row and its column of S, nothing else.
  for (int t = 0; t < s.n(); ++t) {
    core::Scenario moved = s;
    moved.X(t, 0) += 0.3;
    const core::HeadResult m = head0(moved);
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j)
        if (i != t && j != t) EXPECT_EQ(m.scores(i, j), h.scores(i, j));
    EXPECT_GT((m.scores.row(t) - h.scores.row(t)).cwiseAbs().maxCoeff(), 0.0);
  }

  // Step 4: swapping W^Q and W^K transposes S and turns the story around.
  core::Scenario swapped = s;
  std::swap(swapped.W_Q[0], swapped.W_K[0]);
  const core::HeadResult sw = head0(swapped);
  EXPECT_LT(max_abs_diff(sw.scores, h.scores.transpose()), 1e-12);
  q.value("0.07", sw.weights(bomb, movie));
  q.value("0.30", sw.weights(movie, bomb));

  // Steps 5 to 7: shared QK: equal scores, unequal weights, in the ratio of the row sums.
  core::Scenario shared = s;
  shared.options.shared_qk = true;
  const core::HeadResult sh = head0(shared);
  EXPECT_EQ(sh.scores(bomb, movie), sh.scores(movie, bomb));
  q.value("2.25", sh.scores(bomb, movie));
  q.value("0.22", sh.weights(movie, bomb));
  q.value("0.30", sh.weights(bomb, movie));
  EXPECT_NEAR(sh.weights(movie, bomb) / sh.weights(bomb, movie),
              row_normaliser(sh, bomb) / row_normaliser(sh, movie), 1e-12);
  // ... and one matrix can still make attention one-sided: W^Q's first row (4, 0), its last (0.8, 0).
  q.typed("0.8");
  core::Scenario one_sided = shared;
  ASSERT_EQ(one_sided.W_Q[0](1, 0), 0.0);
  ASSERT_EQ(one_sided.W_Q[0](1, 1), 0.0);
  one_sided.W_Q[0].row(0) << 4, 0;
  one_sided.W_Q[0].row(2) << 0.8, 0;
  const core::HeadResult os = head0(one_sided);
  EXPECT_EQ(os.scores(bomb, movie), os.scores(movie, bomb));
  q.value("3.20", os.scores(bomb, movie));
  q.value("0.00", os.asymmetry);
  EXPECT_EQ(os.asymmetry, 0.0);
  q.value("0.54", os.weights(bomb, movie));
  q.value("0.00", os.weights(movie, bomb));  // as the cell shows it, and then its size: 1.2·10⁻⁴
  q.value("1.2", os.weights(movie, bomb) * 1e4, 1);
  q.contains("(1.2\u00b710\u207b\u2074)");
  EXPECT_GT(os.weights(bomb, movie) / os.weights(movie, bomb), 1000) << "one-sided";

  // Step 7: 'movie' has the longest query and scores itself highest; its row sum is the largest.
  q.value("16.00", os.scores(movie, movie));
  for (int i = 0; i < s.n(); ++i) {
    if (i == movie) continue;
    EXPECT_LT(os.Q.row(i).norm(), os.Q.row(movie).norm());
    EXPECT_LT(row_normaliser(os, i), row_normaliser(os, movie) / 100);
  }
  // What one matrix forbids: unequal scores, and (PSD) S_ij ≤ √(S_ii S_jj) for every pair.
  EXPECT_EQ(os.scores, os.scores.transpose());
  for (int i = 0; i < s.n(); ++i)
    for (int j = 0; j < s.n(); ++j)
      EXPECT_LE(os.scores(i, j), std::sqrt(os.scores(i, i) * os.scores(j, j)) * (1 + 1e-12));
  EXPECT_EQ(os.irreversibility, 0.0);
  q.contains("'Rock, paper, scissors'");

  // Step 8: 'The' and 'a' share a row of X, hence an output.
  EXPECT_EQ(s.X.row(The), s.X.row(a));
  q.value("0.33", h.output(The, 0));
  q.value("0.36", h.output(The, 1));
  EXPECT_EQ(h.output.row(The), h.output.row(a));
  q.all_checked();
}


// Rock, paper, scissors: a symmetric S is exactly reversible attention.
TEST(Lessons, Reversible) {
  core::Scenario s = lesson("10_reversible.json");
  Quotes q(s);
  const int rock = token(s, "rock"), paper = token(s, "paper"), scissors = token(s, "scissors");
  ASSERT_EQ(s.n(), 3);
  const core::HeadResult h = head0(s);
  const core::Mat& A = h.weights;

  // Step 1: each row is the first turned round; one cycle, 69.59 times its way back.
  q.value("0.58", A(rock, paper));
  q.value("0.28", A(rock, rock));
  q.value("0.14", A(rock, scissors));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_NEAR(A((i + 1) % 3, (j + 1) % 3), A(i, j), 1e-15);
  const double ratio = A(rock, paper) * A(paper, scissors) * A(scissors, rock) /
                       (A(rock, scissors) * A(scissors, paper) * A(paper, rock));
  q.value("69.59", ratio);
  q.value("69.59", std::exp(h.irreversibility));
  core::Scenario swapped = s;  // the cycle the other way round: the panel shows the larger way
  std::swap(swapped.W_Q[0], swapped.W_K[0]);
  EXPECT_NEAR(std::exp(head0(swapped).irreversibility), ratio, 1e-9);

  // Step 2: the scores, and exp(6/√2).
  q.value("1.00", h.scores(rock, paper));
  EXPECT_EQ(h.scores(paper, scissors), 1.0);
  EXPECT_EQ(h.scores(scissors, rock), 1.0);
  q.value("\u22121.00", h.scores(paper, rock));
  EXPECT_EQ(h.scores(scissors, paper), -1.0);
  EXPECT_EQ(h.scores(rock, scissors), -1.0);
  EXPECT_NEAR(h.irreversibility, 6 / std::sqrt(2.0), 1e-12);
  // A larger T brings the ratio toward 1: ln ratio = 6/(√2·T).
  for (double T : {2.0, 10.0, 100.0}) {
    core::Scenario hot = s;
    hot.options.temperature = T;
    EXPECT_NEAR(head0(hot).irreversibility, 6 / (std::sqrt(2.0) * T), 1e-12);
  }

  // Step 3: shared QK, exactly reversible, whatever entry of X or W^Q is dragged.
  core::Scenario shared = s;
  shared.options.shared_qk = true;
  const core::HeadResult sh = head0(shared);
  EXPECT_EQ(sh.irreversibility, 0.0);
  q.value("1.00", std::exp(sh.irreversibility));
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 2; ++c) {
      core::Scenario dragged = shared;
      dragged.X(r, c) += 0.7;
      EXPECT_EQ(head0(dragged).irreversibility, 0.0);
      if (r < 2) {
        dragged = shared;
        dragged.W_Q[0](r, c) -= 1.3;
        EXPECT_EQ(head0(dragged).irreversibility, 0.0);
      }
    }

  // ... and one W (a free W, starting at W^Q W^Kᵀ once shared QK is off) keeps the cycle: 69.59.
  core::Scenario one_w = s;
  one_w.options.merged_qk = true;
  one_w.W[0] = s.W_Q[0] * s.W_K[0].transpose();
  EXPECT_NEAR(std::exp(head0(one_w).irreversibility), ratio, 1e-9);
  q.contains("'one W'");

  // Step 4: detailed balance, Z_i A_ij = Z_j A_ji.
  q.value("3.521", row_normaliser(sh, rock), 3);
  q.value("5.099", row_normaliser(sh, scissors), 3);
  q.value("0.10", sh.weights(scissors, rock));
  q.value("0.14", sh.weights(rock, scissors));
  EXPECT_NEAR(sh.weights(scissors, rock) / sh.weights(rock, scissors),
              row_normaliser(sh, rock) / row_normaliser(sh, scissors), 1e-12);

  // Step 5: the converse (tested on random matrices in test_reversibility.cpp): the logits
  // ln(π_i A_ij) give A back; here with π ∝ Z. A constant added to a row of S changes no weight,
  // so a non-symmetric S can give a reversible A too.
  {
    // Q_i = (e_i, c_i), K_j = (sym_j, 1): S_ij = sym_ij + c_i, not symmetric, same weights.
    const core::Mat sym = sh.logits;
    core::Mat Q(3, 4), K(3, 4);
    Q << 1, 0, 0, 0.5, 0, 1, 0, -2.0, 0, 0, 1, 3.0;
    K << sym.row(0), 1, sym.row(1), 1, sym.row(2), 1;
    const core::HeadResult shifted = core::compute(testing_helpers::direct_scenario(Q, K, core::Mat::Zero(3, 4))).head[0];
    EXPECT_GT(shifted.asymmetry, 0.3);
    EXPECT_LT(shifted.irreversibility, 1e-12);
    EXPECT_LT(max_abs_diff(shifted.weights, sh.weights), 1e-12);
  }

  const core::Vec Z = sh.logits.array().exp().rowwise().sum();
  const core::Vec pi = Z / Z.sum();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_NEAR(std::log(pi(i) * sh.weights(i, j)) - std::log(pi(j) * sh.weights(j, i)), 0.0, 1e-12);

  // Step 6: under a causal mask there is no cycle to test.
  core::Scenario causal = shared;
  causal.options.causal = true;
  EXPECT_TRUE(std::isnan(head0(causal).irreversibility));
  q.contains("'shared QK'");
  q.contains("'causal mask'");
  q.all_checked();
}

}  // namespace test_lessons_scores
