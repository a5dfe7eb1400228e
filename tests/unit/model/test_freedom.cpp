// The degrees of freedom of S and QQᵀ that the Scores panel and --dump give
// (core/model/freedom.h): worked on paper, and against the rank of the Jacobian of
// S found by finite differences through compute() itself, the path the views take,
// over random sizes, modes, options and heads.
#include <random>
#include <vector>

#include <Eigen/SVD>
#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "core/model/freedom.h"
#include "tests/support/test_helpers.h"

namespace test_freedom {

namespace {

core::Scenario sized(int n, int d_model, int d_k, core::Mode mode) {
  core::Scenario s = core::make_zero_scenario(n, d_model, d_k, 1);
  s.mode = mode;
  return s;
}

// Cross-attention with m keys.
core::Scenario crossed(core::Scenario s, int m) {
  core::set_cross_attention(s, true);
  core::resize_keys(s, m);
  return s;
}

core::Scenario merged(core::Scenario s) {
  s.options.merged_qk = true;
  for (int h = 0; h < s.heads; ++h) s.W[h] = core::Mat::Zero(s.d_model, s.d_model);
  return s;
}

// The length of the shortest key before normalising, over the heads: the derivatives of k/|k|
// grow as 1/|k|^j, and a key near 0 would need steps finer than rounding allows.
double shortest_key(core::Scenario s) {
  s.options.normalize_keys = false;
  s.options.positions = s.options.positions == core::Positions::Rope ? core::Positions::None : s.options.positions;
  const core::Result r = core::compute(s);
  double shortest = 1e300;
  for (int head = 0; head < s.heads; ++head)
    for (Eigen::Index j = 0; j < r.head[head].K.rows(); ++j) shortest = std::min(shortest, r.head[head].K.row(j).norm());
  return shortest;
}

// A random valid scenario: any sizes, either mode, a second sequence or not, and
// the options that change what S is made of (shared QK, normalised keys, one W,
// sinusoidal or rotary positions, QK-norm), entries N(0, 1).
core::Scenario random_case(std::mt19937& rng) {
  std::uniform_int_distribution<int> tokens(core::kMinTokens, core::kMaxTokens), d_model(core::kMinDModel, core::kMaxDModel),
      d_k(core::kMinDk, core::kMaxDk), heads(core::kMinHeads, core::kMaxHeads), coin(0, 1), three(0, 2);
  std::normal_distribution<double> normal;
  for (;;) {
    const core::Mode mode = coin(rng) ? core::Mode::Projected : core::Mode::Direct;
    core::Scenario s = testing_helpers::random_scenario(rng, tokens(rng), d_model(rng), d_k(rng), heads(rng), mode);
    if (coin(rng)) {
      s = crossed(s, tokens(rng));
      for (int h = 0; h < s.heads; ++h)
        for (core::Mat* m : {&s.K[h], &s.V[h]})
          for (Eigen::Index i = 0; i < m->size(); ++i) m->data()[i] = normal(rng);
      for (Eigen::Index i = 0; i < s.X_kv.size(); ++i) s.X_kv.data()[i] = normal(rng);
    }
    core::Options& o = s.options;
    o.shared_qk = three(rng) == 0;
    o.normalize_keys = three(rng) == 0;
    if (mode == core::Mode::Projected && !o.shared_qk && three(rng) == 0) {
      s = merged(s);
      for (int h = 0; h < s.heads; ++h)
        for (Eigen::Index i = 0; i < s.W[h].size(); ++i) s.W[h].data()[i] = normal(rng);
    }
    o.positions = static_cast<core::Positions>(three(rng));
    if (three(rng) == 0) o.position_base = 100;
    if (!o.normalize_keys && three(rng) == 0) {
      o.qk_norm = true;
      o.scale = core::Scale::None;
    }
    if (core::validate(s).empty() && (!o.normalize_keys || shortest_key(s) > 0.3)) return s;
  }
}

// Every entry a person edits in this mode, all heads' (projected: X, X_kv, W^Q, W^K, W;
// direct: Q, K), whether S of a given head depends on it or not.
std::vector<double*> editable_entries(core::Scenario& s) {
  std::vector<double*> out;
  const auto add = [&](core::Mat& m) {
    for (Eigen::Index i = 0; i < m.size(); ++i) out.push_back(m.data() + i);
  };
  if (s.mode == core::Mode::Projected) {
    add(s.X);
    if (s.cross()) add(s.X_kv);
    for (int h = 0; h < s.heads; ++h) {
      if (s.options.merged_qk) add(s.W[h]);
      else add(s.W_Q[h]), add(s.W_K[h]);
    }
  } else {
    for (int h = 0; h < s.heads; ++h) add(s.Q[h]), add(s.K[h]);
  }
  return out;
}

int rank_above(const Eigen::MatrixXd& J, double relative) {
  const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(J).singularValues();
  return sigma.size() && sigma(0) > 0 ? static_cast<int>((sigma.array() > relative * sigma(0)).count()) : 0;
}

// The derivative of compute()'s S (and QQᵀ) along one entry: differences four points wide,
// D(h) = (8(f(x + h) − f(x − h)) − (f(x + 2h) − f(x − 2h)))/12h, exact for the quadratics S is
// without normalised keys, and with them extrapolated, (16·D(h/2) − D(h))/15, which leaves an
// error of order h⁶.
struct Slopes {
  std::vector<core::Mat> scores, qqt;  // per head
};
Slopes slopes_along(core::Scenario& s, double& x) {
  const double x0 = x, h = 1e-3 * std::max(1.0, std::abs(x0));
  const auto wide = [&](double step) {
    core::Result at[4];  // at x0 − 2·step, x0 − step, x0 + step, x0 + 2·step
    for (int k = 0; k < 4; ++k) {
      x = x0 + step * (k < 2 ? k - 2 : k - 1);
      at[k] = core::compute(s);
    }
    x = x0;
    Slopes out;
    for (int head = 0; head < s.heads; ++head) {
      const auto slope = [&](auto part) {
        return core::Mat((8 * (part(at[2]) - part(at[1])) - (part(at[3]) - part(at[0]))) / (12 * step));
      };
      out.scores.push_back(slope([&](const core::Result& r) { return r.head[head].scores; }));
      out.qqt.push_back(slope([&](const core::Result& r) { return r.head[head].QQt; }));
    }
    return out;
  };
  Slopes coarse = wide(h);
  if (!s.options.normalize_keys) return coarse;
  const Slopes fine = wide(h / 2);
  for (int head = 0; head < s.heads; ++head) {
    coarse.scores[head] = (16 * fine.scores[head] - coarse.scores[head]) / 15;
    coarse.qqt[head] = (16 * fine.qqt[head] - coarse.qqt[head]) / 15;
  }
  return coarse;
}

// The ranks of ∂S_h/∂(every editable entry) and ∂QQᵀ_h/∂(…), head by head: rounding and the
// differences' error leave the zero singular values below 10⁻¹² of the largest, and a
// singular value counts above 10⁻⁹ of it.
std::vector<core::JacobianRanks> jacobian_ranks_by_differences(core::Scenario s) {
  std::vector<double*> entries = editable_entries(s);
  const int n = s.n(), m = s.m(), columns = static_cast<int>(entries.size());
  std::vector<Eigen::MatrixXd> JS(s.heads, Eigen::MatrixXd(n * m, columns)), JQ(s.heads, Eigen::MatrixXd(n * n, columns));
  for (int c = 0; c < columns; ++c) {
    const Slopes d = slopes_along(s, *entries[c]);
    for (int head = 0; head < s.heads; ++head) {
      JS[head].col(c) = Eigen::Map<const Eigen::VectorXd>(d.scores[head].data(), d.scores[head].size());
      JQ[head].col(c) = Eigen::Map<const Eigen::VectorXd>(d.qqt[head].data(), d.qqt[head].size());
    }
  }
  std::vector<core::JacobianRanks> out;
  for (int head = 0; head < s.heads; ++head) out.push_back({rank_above(JS[head], 1e-9), rank_above(JQ[head], 1e-9)});
  return out;
}

std::string described(const core::Scenario& s) {
  const core::Options& o = s.options;
  return std::string(core::to_string(s.mode)) + " n " + std::to_string(s.n()) + " m " + std::to_string(s.m()) + " d_model " +
         std::to_string(s.d_model) + " d_k " + std::to_string(s.d_k) + " heads " + std::to_string(s.heads) +
         (o.shared_qk ? " shared" : "") + (o.normalize_keys ? " normalised keys" : "") + (o.merged_qk ? " one W" : "") +
         " positions " + core::to_string(o.positions) + (o.qk_norm ? " qk_norm" : "");
}

}  // namespace

// Worked on paper. Direct, lesson 1's sizes (n = 4, d_k = 2): r = 2, 2·4·2 − 4 = 12;
// QQᵀ 4·2 − 1 = 7. d_k ≥ n: every entry of S is free, QQᵀ has n(n+1)/2.
TEST(ScoreFreedom, DirectModeWorkedByHand) {
  core::ScoreFreedom f = core::score_freedom(sized(4, 3, 2, core::Mode::Direct));
  EXPECT_EQ(f.rank_bound, 2);
  EXPECT_EQ(f.scores, 12);
  EXPECT_EQ(f.qqt, 7);
  f = core::score_freedom(sized(3, 4, 4, core::Mode::Direct));
  EXPECT_EQ(f.rank_bound, 3);
  EXPECT_EQ(f.scores, 9);
  EXPECT_EQ(f.qqt, 6);
}

// Projected self-attention, S = X·M·Xᵀ with M = W^Q W^Kᵀ of rank ≤ k = min(d_k, d_model):
// its row and column spaces (each of dimension r = min(n, k)) lie in the span of X's
// columns (D = min(n, d_model)), so they meet in ≥ 2r − D dimensions, each costing n − D:
//   n 5, d_model 3, d_k 2: r 2, D 3: 2·5·2 − 4 − (5 − 3)(4 − 3) = 16 − 2 = 14 (not 16)
//   n 7, d_model 3, d_k 2: r 2, D 3: 28 − 4 − 4·1 = 20 (not 24)
//   n 3, d_model 2, d_k 2: r 2, D 2: 12 − 4 − 1·2 = 6 (not 8)
//   n 8, d_model 4, d_k 4: r 4, D 4: 64 − 16 − 4·4 = 32 (not 48): 4 × 4 numbers of X·M
//     in a 4-dimensional subspace of ℝ⁸, 4·(8 − 4) + 16 = 32.
//   n 4, d_model 3, d_k 1: r 1, D 3 ≥ 2r: no constraint, 2·4·1 − 1 = 7.
//   n 2, d_model 4, d_k 2: D = n, no constraint: all 4 entries.
TEST(ScoreFreedom, ProjectedSelfAttentionSharesOneSpaceForRowsAndColumns) {
  struct Case { int n, d_model, d_k, scores, qqt; };
  for (const Case c : {Case{5, 3, 2, 14, 9}, Case{7, 3, 2, 20, 13}, Case{3, 2, 2, 6, 5}, Case{8, 4, 4, 32, 26},
                       Case{4, 3, 1, 7, 4}, Case{2, 4, 2, 4, 3}}) {
    const core::ScoreFreedom f = core::score_freedom(sized(c.n, c.d_model, c.d_k, core::Mode::Projected));
    EXPECT_EQ(f.form, core::FreedomForm::SharedSpan);
    EXPECT_EQ(f.scores, c.scores) << c.n << ", " << c.d_model << ", " << c.d_k;
    EXPECT_EQ(f.qqt, c.qqt) << c.n << ", " << c.d_model << ", " << c.d_k;
  }
  // One W: S = X·W·Xᵀ with W d_model × d_model free: r = D = min(n, d_model), n·D numbers.
  EXPECT_EQ(core::score_freedom(merged(sized(8, 2, 1, core::Mode::Projected))).scores, 16);
  EXPECT_EQ(core::score_freedom(merged(sized(3, 4, 1, core::Mode::Projected))).scores, 9);
}

// Shared QK: S = QQᵀ, n = 4, d_model 3, d_k 2: 4·2 − 1 = 7; normalised keys divide column j
// by √(QQᵀ)_jj, which S gives back (S_jj = |q_j|), so the count stays 7.
// Cross-attention (lesson 7's sizes, n 3, m 4, d_k 3): r 3, (3 + 4)·3 − 9 = 12 = nm.
TEST(ScoreFreedom, SharedQKAndCrossAttentionWorkedByHand) {
  core::Scenario s = sized(4, 3, 2, core::Mode::Projected);
  s.options.shared_qk = true;
  EXPECT_EQ(core::score_freedom(s).form, core::FreedomForm::Gram);
  EXPECT_EQ(core::score_freedom(s).scores, 7);
  s.options.normalize_keys = true;
  EXPECT_EQ(core::score_freedom(s).scores, 7);
  core::ScoreFreedom f = core::score_freedom(crossed(sized(3, 3, 3, core::Mode::Direct), 4));
  EXPECT_EQ(f.rank_bound, 3);
  EXPECT_EQ(f.scores, 12);
  EXPECT_EQ(f.qqt, 6);  // QQᵀ is the decoder's own, 3 × 3
  f = core::score_freedom(crossed(sized(3, 3, 3, core::Mode::Direct), 2));  // m = 2 < d_k: rank ≤ 2
  EXPECT_EQ(f.rank_bound, 2);
  EXPECT_EQ(f.qqt_rank_bound, 3);
  EXPECT_EQ(f.scores, (3 + 2) * 2 - 4);
  // Projected, the two sequences' spans are separate: no shared-span constraint, (5 + 7)·2 − 4 = 20.
  EXPECT_EQ(core::score_freedom(crossed(sized(5, 3, 2, core::Mode::Projected), 7)).scores, 20);
}

// Every closed form the panel writes, against the rank the core computes at generic
// entries, for every size of each mode it covers.
TEST(ScoreFreedom, ClosedFormsAgreeWithTheJacobianForEverySize) {
  for (int n = core::kMinTokens; n <= core::kMaxTokens; ++n)
    for (int d_model = core::kMinDModel; d_model <= core::kMaxDModel; ++d_model)
      for (int d_k = core::kMinDk; d_k <= core::kMaxDk; ++d_k)
        for (int variant = 0; variant < 6; ++variant) {
          core::Scenario s = sized(n, d_model, d_k, variant < 3 ? core::Mode::Projected : core::Mode::Direct);
          if (variant == 1 || variant == 4) s.options.shared_qk = true;
          if (variant == 2) s = merged(s);
          if (variant == 5) s = crossed(s, core::kMinTokens + (n + d_k) % 7);
          const core::ScoreFreedom f = core::score_freedom(s);
          ASSERT_NE(f.form, core::FreedomForm::Computed) << described(s);
          const core::JacobianRanks j = core::freedom_by_jacobian(s);
          EXPECT_EQ(f.scores, j.scores) << described(s);
          EXPECT_EQ(f.qqt, j.qqt) << described(s);
        }
}

// The count the panel and --dump give, against the Jacobian of what compute() itself makes,
// head by head (a head's S does not depend on another head's weights), over random cases.
TEST(ScoreFreedom, AgreesWithTheJacobianOfComputeInEveryMode) {
  std::mt19937 rng(37);
  int computed = 0, cases = 0;
  for (; cases < 160; ++cases) {
    const core::Scenario s = random_case(rng);
    const core::ScoreFreedom f = core::score_freedom(s);
    computed += f.form == core::FreedomForm::Computed;
    const std::vector<core::JacobianRanks> ranks = jacobian_ranks_by_differences(s);
    // And S and QQᵀ themselves have the rank the panel bounds them by (r, r_Q), at this random point.
    const core::Result at = core::compute(s);
    EXPECT_EQ(rank_above(at.head[0].scores, 1e-9), f.rank_bound) << described(s);
    EXPECT_EQ(rank_above(at.head[0].QQt, 1e-9), f.qqt_rank_bound) << described(s);
    for (int h = 0; h < s.heads; ++h) {
      EXPECT_EQ(ranks[h].scores, f.scores) << described(s) << ", head " << h;
      EXPECT_EQ(ranks[h].qqt, f.qqt) << described(s) << ", head " << h;
    }
  }
  EXPECT_GT(computed, 20) << "the computed counts are tested too";
}

// The panel's text, its no-break spaces read as spaces.
std::string described_freedom(const core::Scenario& s) {
  std::string text = core::describe_freedom(s, core::score_freedom(s));
  for (size_t at = text.find("\u00A0"); at != std::string::npos; at = text.find("\u00A0", at)) text.replace(at, 2, " ");
  return text;
}

TEST(ScoreFreedom, TheTextSaysWhatItCounts) {
  const core::Scenario s = sized(5, 3, 2, core::Mode::Projected);
  const std::string text = described_freedom(s);
  EXPECT_NE(text.find("Degrees of freedom of S, from X, W^Q, W^K"), std::string::npos) << text;
  EXPECT_NE(text.find("D = min(n, d_{model}) = 3"), std::string::npos) << text;
  EXPECT_NE(text.find("2nr \u2212 r\u00B2 \u2212 (n \u2212 D)(2r \u2212 D) = 14 of n\u00B2 = 25"), std::string::npos) << text;
  const core::Scenario d = sized(4, 3, 2, core::Mode::Direct);
  const std::string direct = described_freedom(d);
  EXPECT_NE(core::describe_freedom(d, core::score_freedom(d)).find("2nr\u00A0\u2212\u00A0r\u00B2\u00A0=\u00A012"), std::string::npos)
      << "a formula is not broken across lines";
  EXPECT_NE(direct.find("r = min(n, d_k) = 2"), std::string::npos) << direct;
  EXPECT_NE(direct.find("2nr \u2212 r\u00B2 = 12 of n\u00B2 = 16"), std::string::npos) << direct;
  EXPECT_NE(direct.find("nr \u2212 r(r\u22121)/2 = 7"), std::string::npos) << direct;
}

}  // namespace test_freedom
