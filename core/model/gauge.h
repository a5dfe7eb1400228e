// The gauge behind docs/questions.md, One W (docs/mathematics.md, "The gauge"): only W^Q W^Kᵀ
// reaches S = QKᵀ, so W^Q·M and W^K·M⁻ᵀ, for any invertible d_k × d_k matrix M, give the same
// scores with other Q and K. What else the logits read shrinks the group of M that keep them:
//
//   shared QK (W^K = W^Q gets M too)   S = Q·M·Mᵀ·Qᵀ: M orthogonal (M·Mᵀ = I)
//   normalised keys                     every key's length must stay: M orthogonal
//   QK-norm                             every cosine must stay: M = c·O (M·Mᵀ = c²·I, c > 0)
//   RoPE                                q_i·M·R_{(j−i)θ}·M⁻¹·k_jᵀ: M commutes with every turn
//
// each for every X, W^Q and W^K; with them combined, M must be all that they ask. One W has no
// W^Q, W^K: the demo does not apply. apply_gauge takes only an M of the group, so that what the
// Gauge demo says is what it shows.
#pragma once

#include <cstdint>
#include <string>

#include <Eigen/Core>

#include "core/model/scenario.h"

namespace core {

struct GaugeGroup {
  enum class Kind { Invertible, Orthogonal, Conformal };
  bool applies = true;               // false under one W
  Kind kind = Kind::Invertible;      // GL(d_k), O(d_k), or the positive multiples of O(d_k)
  bool commutes_with_turns = false;  // RoPE: M·R_δ = R_δ·M for every offset δ of the sequence
  bool keeps_qkt = true;             // QKᵀ stays too (shared QK with QK-norm: c·O scales it by c²)
  std::string keeps;                 // the views' markup: which M keep the logits, and why
};

GaugeGroup gauge_group(const Scenario& s);

// A random M of the scenario's group, d_k × d_k, from the seed: near the identity where any
// invertible M will do (Q and K change visibly but not wildly), a random orthogonal one (times
// c in [0.5, 2] under QK-norm), and under RoPE a turn (and a scaling) within each pair of columns.
Eigen::MatrixXd random_gauge(const Scenario& s, std::uint32_t seed);

// W_Q ← W_Q·M and W_K ← W_K·M⁻ᵀ in projected mode, Q ← Q·M and K ← K·M⁻ᵀ in direct mode, for
// every head (under shared QK the keys follow the queries). Returns an empty string, or why M is
// refused (one W, wrong size, not finite, not invertible, not of the group, entries past 1e6);
// s is unchanged then.
std::string apply_gauge(Scenario& s, const Eigen::MatrixXd& M);

}  // namespace core
