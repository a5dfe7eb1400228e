// The steps of one head's forward pass that compute() and gradient() share.
//
// compute() adds what the views show (QQᵀ, the symmetric split, the SVD of
// W_QK, entropies); gradient() needs only these, and runs them once per
// sequence of every training step, so they stay lean and allocation-free.
#pragma once

#include <limits>

#include "core/matrix.h"
#include "core/scenario.h"

namespace core::detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Reformer's rule: causal masks j > i; no_self then masks the diagonal unless
// it is the only entry of its row left (row 0 under causal keeps it).
inline bool is_masked(const Options& o, int i, int j, int n) {
  if (o.causal && j > i) return true;
  if (o.no_self && i == j) {
    const int unmasked_others = o.causal ? i : n - 1;
    return unmasked_others > 0;
  }
  return false;
}

// What divides the scores: √d_k·T, or T with scale "none".
double logit_divisor(const Scenario& s);

// What the projections read (projected mode): Xq = X and Xkv = X_kv (X without
// cross-attention), each plus PE of its own length under sinusoidal positions.
void projection_inputs(const Scenario& s, Mat& Xq, Mat& Xkv);

// Head h's queries, keys before normalize_keys and RoPE (K0) and values:
// Q = Xq·W^Q, K0 = Xkv·W^K (Xkv·W^Q under shared QK, Xkv itself under merged_qk
// with Q = Xq·W_h), V = Xkv·W^V; in direct mode the file's Q, K (or Q), V.
void project_head(const Scenario& s, const Mat& Xq, const Mat& Xkv, int h, Mat& Q, Mat& K0, Mat& V);

// RoPE when options.positions says so: row p of Q and of K turned by p·θ_i
// (queries and keys each counted from 0 in their own sequence).
void rope_queries_and_keys(const Scenario& s, Mat& Q, Mat& K, int direction = +1);

// Reformer's key normalisation: each row divided by its length, a zero row kept.
void normalize_rows(const Mat& K0, Mat& K);

// logits = S / divisor with masked entries −∞, and A = their row softmax
// (computed stably, masked weights exactly 0). S is n×m.
void masked_softmax(const Options& o, const Mat& S, double divisor, Mat& logits, Mat& A);

}  // namespace core::detail
