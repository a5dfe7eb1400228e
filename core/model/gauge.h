// The gauge freedom behind docs/questions.md, One W: only W = W_Q W_Kᵀ reaches the scores, so
// W_Q·M and W_K·M⁻ᵀ, for any invertible d_k × d_k matrix M, give the same
// scores with different Q and K. Under shared QK (W_K = W_Q) M keeps the scores when
// Q·M·Mᵀ·Qᵀ = Q·Qᵀ (Q = X·W_Q): without RoPE an orthogonal M (M·Mᵀ = I) does for every X and W_Q,
// and when Q has full column rank (rank d_k) no other M does; apply_gauge takes only those.
#pragma once

#include <cstdint>
#include <string>

#include <Eigen/Core>

#include "core/model/scenario.h"

namespace core {

// A random M for the scenario: orthogonal under shared QK, else a random
// well-conditioned invertible matrix. d_k × d_k, from the seed.
Eigen::MatrixXd random_gauge(const Scenario& s, std::uint32_t seed);

// W_Q ← W_Q·M and W_K ← W_K·M⁻ᵀ in projected mode, Q ← Q·M and K ← K·M⁻ᵀ in
// direct mode, for every head. Returns an empty string, or why M is refused
// (wrong size, not invertible, not orthogonal under shared QK, entries past 1e6);
// s is unchanged then.
std::string apply_gauge(Scenario& s, const Eigen::MatrixXd& M);

}  // namespace core
