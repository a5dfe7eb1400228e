// Everything the views show, computed from a Scenario in one pure call.
//
// The conventions are docs/mathematics.md's (the paper's row-vector form). Result holds
// fixed-capacity matrices, so compute() allocates nothing: an edit recomputes
// the whole Result every frame in microseconds.
#pragma once

#include <array>
#include <limits>

#include "core/math/matrix.h"
#include "core/model/scenario.h"

namespace core {

struct HeadResult {
  Mat Q, K, V;            // Q n×d_k, K and V m×d_k (Q, K d_model wide under merged_qk);
                          // K is the key matrix used for scoring (after shared QK,
                          // normalize_keys), Q and K are after RoPE
  Mat Q_before_rope, K_before_rope;  // the same before RoPE turns them (equal without it)
  Mat scores;             // S = Q·Kᵀ, n×m (m = n without cross-attention)
  Mat logits;             // S / (√d_k·T) or S / T (cosine logits: g_h·q̂_i·k̂_j / T); masked entries are −∞.
                          // Computed as times the divisor's inverse, as the training kernel does
  // Cosine logits only (core/designs/cosine_logits.h; 0×0 without): the rows of Q and K over their lengths (a zero row stays zero),
  // and their products q̂_i·k̂_j, the cosines of the angles between queries and keys.
  Mat Q_hat, K_hat, qk_cosines;
  Mat weights;            // A = row-softmax(logits); masked entries exactly 0. Under sigmoid
                          // attention σ(logits + b), each on its own (core/designs/sigmoid_attention.h)
  Vec row_sums;           // Σ_j A_ij, 1 up to rounding (under sigmoid attention in (0, m_i) for m_i
                          // unmasked keys, rounding aside)
  Vec entropy;            // −Σ_j p_ij ln p_ij in nats, 0·ln 0 = 0, p the row over its sum (A's row itself
                          // under the softmax; under sigmoid attention softmax(ln A_i), which is its limit
                          // too when every weight of the row rounds to 0)
  Mat output;             // A·V, n×d_k: each row a convex combination of the rows of V (under sigmoid
                          // attention a combination with weights in (0, 1) that need not sum to 1)
                          // (what enters concat unless options.head_output is "alt")
  Mat alt_output;         // (1/√d_k)·A·V·W_altᵀ (docs/questions.md, AttentionAlt)
  Mat QQt;                // Q·Qᵀ: symmetric positive semi-definite, for comparison with S
  // Only for a square S (n = m): 0×0 and NaN otherwise, as Sᵀ has another shape.
  Mat scores_sym;         // (S + Sᵀ)/2
  Mat scores_antisym;     // (S − Sᵀ)/2
  double asymmetry = 0;   // ‖(S − Sᵀ)/2‖_F / ‖S‖_F, 0 when S = 0
  // Kolmogorov's criterion: the largest |ℓ_ij + ℓ_jk + ℓ_ki − ℓ_ik − ℓ_kj − ℓ_ji| over
  // i < j < k with six finite logits, the |ln| of the cycle ratio A_ij A_jk A_ki /
  // (A_ik A_kj A_ji) (the row sums cancel); under sigmoid attention with ℓ = ln A, whose row
  // factors P = diag(1/s)·A is a Markov matrix with the same ratios. 0 exactly when A, without masked entries,
  // is a reversible Markov matrix, as row-softmax of a symmetric S always is. NaN when
  // n < 3, n ≠ m, or no triple qualifies (a causal mask leaves none).
  double irreversibility = 0;
  // Projected mode only.
  Mat W_QK;               // W^Q·W^Kᵀ, d_model×d_model (W_h itself under merged_qk)
  Vec W_QK_singular_values;  // descending
  double W_QK_rank_tolerance = 0;  // numpy's: σ_max · max(M, N) · ε
  int W_QK_rank = 0;

  bool square() const { return scores.rows() == scores.cols(); }
  bool masked(int i, int j) const { return logits(i, j) == -std::numeric_limits<double>::infinity(); }
};

struct ParameterCounts {
  int separate = 0;  // (1 if shared QK else 2)·d_model·d_k·H: W^Q and W^K (d_model²·H: W_h under merged_qk)
  int merged = 0;    // d_model²·H: one W = W^Q W^Kᵀ per head
};

struct Result {
  int n = 0, d_model = 0, d_k = 0, heads = 0;
  int m = 0;           // keys and values: m = n unless cross-attention
  bool cross = false;  // X_kv (or direct K, V) from a second sequence
  Mode mode = Mode::Projected;
  std::array<HeadResult, kMaxHeads> head;  // the first `heads` are meaningful
  WideMat concat;                          // [O_1 … O_H], n × H·d_k
  Mat output;                              // concat·W^O, n×d_model
  ParameterCounts params;                  // projected mode only
  // With a target: L = mean over the n·d_model entries of (Y − target)².
  bool has_loss = false;
  double loss = 0;
};

// Requires validate(s) to be empty: the loader and the GUI guarantee it.
Result compute(const Scenario& s);
// The same, writing into an existing Result (what the app and benchmarks call).
void compute(const Scenario& s, Result& out);

// numpy.linalg.matrix_rank's tolerance for an rows×cols matrix with largest singular value σ_max.
double rank_tolerance(double sigma_max, int rows, int cols);

}  // namespace core
