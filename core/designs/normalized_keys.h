// Normalised keys, one design in one place (docs/architecture.md, "Adding a design"; docs/questions.md,
// Shared QK).
//
// Kitaev, Kaiser & Levskaya 2020 (Reformer), §2, "LSH attention": each key divided by its length,
// k̂_j = k_j/‖k_j‖ (a zero key stays zero), before the scores; the queries are not. The Reformer needs it for its
// hashing; with shared QK in self-attention each token's own score ‖q_i‖ is then a largest of its row
// (q_i·k̂_j ≤ ‖q_i‖, Cauchy–Schwarz; ties where q̂_j = q̂_i or q_i = 0), RoPE or not (no_self_mask.h), and
// S = QQᵀ is no longer symmetric. RoPE turns the keys after it (a turn keeps a length).
//
// The option is data of the scenario (Options::normalize_keys); everything else of the design is here: its
// forward and backward passes (the rows over their lengths, core/model/attention_math.h's normalize_rows,
// which the cosine logits share; the training kernel's flat forms are in train_kernel_passes.h), and its text for
// the views, the TeX, the PyTorch replay and the lab.
#pragma once

#include <string>
#include <vector>

#include "core/designs/designs.h"
#include "core/math/matrix.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether each key is divided by its length before the scores.
inline bool normalized_keys(const Options& o) { return o.normalize_keys; }

// The forward pass: K from K0, the keys as projected (each row over its length when normalised, K0 itself
// otherwise); and the backward pass: ∂K0 from ∂K, ∂k0 = (∂k − k̂ (k̂·∂k)) / ‖k0‖ row by row.
void normalized_keys_forward(const Options& o, const Mat& K0, Mat& K);
void normalized_keys_backward(const Options& o, const Mat& K0, const Mat& K, const Mat& dK, Mat& dK0);

// The TeX: its sentence in the account of the options ("" when off), and the keys as the TeX writes them,
// \operatorname{normalize}(keys) when normalised, keys itself otherwise.
std::string normalized_keys_tex(const Options& o);
std::string normalized_keys_tex(const Options& o, const std::string& keys);

// PyTorch, the exported forward pass: its lines on a head's k ("" when off); why MultiheadAttention cannot
// replay it (appended to misfits).
std::string normalized_keys_torch(const Options& o);
void normalized_keys_misfits(const Options& o, std::vector<std::string>& misfits);

// The views: the settings' checkbox and its tooltip, the Matrices panel's name for K, and the lab's words in a
// variant's one-line summary.
inline constexpr const char* kNormalizedKeysKey = "normalize_keys";
inline constexpr const char* kNormalizedKeysLabel = core::tr_noop("normalize keys");
inline constexpr const char* kNormalizedKeysAbout = core::tr_noop("Each row of K divided by its length before scoring.");
inline constexpr const char* kNormalizedKeysName = "K, rows normalized";
inline constexpr const char* kNormalizedKeysSummary = core::tr_noop("keys normalised");

}  // namespace core
