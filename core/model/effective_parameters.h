// How many of a head's numbers in W^Q and W^K (or its one W) reach its logits: the Rank panel's
// "effective" count and --dump's effective_parameters (docs/mathematics.md, "The gauge").
//
// It is the rank of the Jacobian of (W^Q, W^K) ↦ the head's logits before the mask, as functions
// of X: over many X, at generic entries. X itself, the scale, T, the masks and the weights'
// function (softmax or sigmoid) take no part; QK-norm's gain g_h is not counted (it adds one more).
// Every pair the gauge group (core/model/gauge.h) ties together costs one number of the
// 2·d_model·d_k, and what is left reaches the logits:
//
//   W^Q, W^K                  2·d_model·d_k − d_k²                 (M invertible: GL(d_k))
//   shared QK                 d_model·d_k − d_k(d_k−1)/2           (O orthogonal: O(d_k))
//   normalised keys           2·d_model·d_k − d_k(d_k−1)/2 − 1     (W^Q·O, c·W^K·O)
//   QK-norm                   2·d_model·d_k − d_k(d_k−1)/2 − 2     (a·W^Q·O, b·W^K·O)
//
// with d_k read as min(d_k, d_model) where d_k ≥ d_model, except under QK-norm without shared QK,
// where q̂ and k̂ see W^Q and W^K apart (their rows' Gram matrix, 2·d_model wide, is what counts).
// At d_k = 1 a unit row is ±1: a normalised key gives only its sign (d_model, W^Q's alone), and a
// cosine ±1 (0). Under RoPE the turns between W^Q and W^Kᵀ tie less, by how many offsets the
// sequence has: no closed form here, the Jacobian's rank is computed.
#pragma once

#include <string>

#include "core/model/scenario.h"

namespace core {

struct EffectiveParameters {
  int count = -1;       // −1 in direct mode: there is no W^Q, W^K
  bool computed = false;  // RoPE: the Jacobian's rank, no closed form
  std::string formula;  // the views' markup: "2·d_{model}·d_k − d_k²"
  std::string reason;   // the views' markup: what changes nothing, and so does not count
};

// The same for every head (the heads share the sizes and options). Computed counts are kept for
// the last sizes and options asked (the Rank panel asks every frame).
EffectiveParameters effective_parameters(const Scenario& s);

// The rank of that Jacobian, at entries drawn from a fixed generator (the same on every machine),
// over 24 X of the scenario's n tokens (and X_kv of its m): what the closed forms count, found
// numerically. A singular value counts above 10⁻⁹ of the largest, or of the logits' size where
// every one is rounding (a cosine of 1-wide rows is ±1: its Jacobian is 0).
int effective_by_jacobian(const Scenario& s);

}  // namespace core
