// compute()'s inner part for one head, over fixed-size arrays (head_forward.cpp).
#pragma once

#include "core/model/compute.h"
#include "core/model/scenario.h"

namespace core::detail {

// From head h's r.Q, r.K (after normalize_keys and RoPE) and r.V: S, QQᵀ, S's
// symmetric split and asymmetry, the cosine logits' rows and cosines, the logits, A, its
// row sums, entropies and irreversibility, and the outputs A·V and AttentionAlt's.
void head_forward(const Scenario& s, int h, HeadResult& r);

}  // namespace core::detail
