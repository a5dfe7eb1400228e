// The steps of a head's forward pass that more than one place takes.
//
// compute() runs them all (then head_forward.cpp for everything after Q, K, V);
// the training kernel shares is_masked and logit_divisor; gradient() reads
// compute()'s forward, and takes projection_inputs and project_head again (for
// the keys before normalize_keys) and RoPE (to turn gradients back).
#pragma once

#include <limits>

#include "core/designs/no_self_mask.h"
#include "core/math/matrix.h"
#include "core/model/scenario.h"

namespace core::detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// The causal mask takes j > i; the no-self mask (core/designs/no_self_mask.h) then takes the
// diagonal, unless it is the only entry of its row left (row 0 under causal keeps it).
inline bool is_masked(const Options& o, int i, int j, int n) {
  if (o.causal && j > i) return true;
  return no_self_masks(o, i, j, o.causal ? i : n - 1);
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
// Back through it: ∂k0 = (∂k − k·(k·∂k)) / ‖k0‖, row by row; a zero row passes nothing.
void normalize_rows_backward(const Mat& K0, const Mat& K, const Mat& dK, Mat& dK0);

}  // namespace core::detail
