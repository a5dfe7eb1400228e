// The Result as JSON, with the keys of docs/command-line.md: what `attnlab --dump` prints.
#pragma once

#include "core/model/compute.h"
#include "core/model/gradient.h"
#include "core/text/json_text.h"

namespace core {

// Per head: Q, K, V, scores, logits (masked entries null), weights, row_sums,
// entropy, output, alt_output, QQt, scores_sym, scores_antisym, asymmetry (the
// last three null when S is n×m with n ≠ m); in
// projected mode also W_QK, W_QK_singular_values, W_QK_rank. Top level:
// tokens (and tokens_kv under cross-attention), heads, concat, output, and in
// projected mode params.
OrderedJson result_to_json(const Scenario& s, const Result& r);

// What `attnlab --grad` prints: {"loss": L, "grad": {...}}, with ∂L/∂entry for
// every matrix field the file of s holds (X, X_kv, W_Q, W_K or W, W_V, or Q, K, V;
// W_O; W_alt when given), in the file's nesting.
OrderedJson gradient_to_json(const Scenario& s, const Gradient& g, double loss);

}  // namespace core
