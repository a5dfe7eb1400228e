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

// Head h's queries, keys before normalize_keys (K0) and values: Q = X·W^Q,
// K0 = X·W^K (X·W^Q under shared QK, X itself under merged_qk with Q = X·W_h),
// V = X·W^V; in direct mode the file's Q, K (or Q), V.
void project_head(const Scenario& s, int h, Mat& Q, Mat& K0, Mat& V);

// Reformer's key normalisation: each row divided by its length, a zero row kept.
void normalize_rows(const Mat& K0, Mat& K);

// logits = S / divisor with masked entries −∞, and A = their row softmax
// (computed stably, masked weights exactly 0).
void masked_softmax(const Options& o, const Mat& S, double divisor, Mat& logits, Mat& A);

}  // namespace core::detail
