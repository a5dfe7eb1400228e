// ∂L/∂entry for every matrix of a scenario with a target (docs/command-line.md, "--grad FILE").
//
// L = mean over the n·d_model entries of (Y − target)². The backward pass is
// analytic and in double, through every step of the forward pass that compute()
// takes: positions (PE is a constant; RoPE a rotation), projections (shared QK,
// merged W, cross-attention's X_kv), normalize_keys, the cosine logits and their gain, scale and
// temperature, masks, the row softmax or sigmoid attention's σ, AttentionAlt's W_alt, concat and W^O.
// Like compute(), it allocates nothing: training calls it once per sequence.
#pragma once

#include <array>

#include "core/math/matrix.h"
#include "core/model/scenario.h"

namespace core {

// The same shapes as the scenario's matrices. Fields of the other mode, and
// those that take no part (W_K under shared QK, W_Q and W_K under merged_qk,
// W_alt when head_output is "attention"), hold zeros of their shape. Without
// W_alt in the file, W_alt holds the gradient at the identity that stands in.
struct Gradient {
  Mat X;                                           // projected mode
  Mat X_kv;                                        // projected mode, cross-attention (m×d_model)
  std::array<Mat, kMaxHeads> W_Q, W_K, W_V, W;      // projected mode (W under merged_qk)
  std::array<Mat, kMaxHeads> Q, K, V;               // direct mode
  std::array<Mat, kMaxHeads> W_alt;                 // d_k×d_k, both modes
  WideMat W_O;
  std::array<double, kMaxHeads> qk_gain{};          // cosine logits: ∂L/∂g_h (0 without)

  // Every field the shape it has for s, all zero.
  void set_zero(const Scenario& s);
};

// Adds weight·∂L/∂entry to g (which set_zero(s) shaped) and returns L. A
// training step calls it for each sequence of its batch with weight 1/batch.
// Requires validate(s) to be empty and s.has_target.
double add_gradient(const Scenario& s, double weight, Gradient& g);

// ∂L/∂entry into g (shaped and zeroed first); returns L.
double gradient(const Scenario& s, Gradient& g);

// The softmax's Jacobian at one row of weights a: ∂a_i/∂z_j = a_i(δ_ij − a_j),
// that is diag(a) − aaᵀ. Its entries are at most 1/4; a saturated row (one a_i
// near 1) has all of them near 0, so almost no gradient passes back to the logits.
Mat softmax_jacobian(const Mat& weights, int row);

}  // namespace core
