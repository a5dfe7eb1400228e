// Shared QK, one design in one place (docs/architecture.md, "Adding a design"; docs/questions.md, Shared QK).
//
// Kitaev, Kaiser & Levskaya 2020 (Reformer), §2, "Where do Q, K, V come from?": W^K = W^Q, so that in projected
// mode K = X_kv·W^Q (X·W^Q without cross-attention), and in direct mode K = Q. In self-attention without
// normalised keys the scores S = Q·Qᵀ are then symmetric and positive semidefinite of rank ≤ d_k. In projected
// mode without RoPE, S = X′·W^Q·W^Qᵀ·X′ᵀ (X′ = X + PE under sinusoidal positions), a positive semidefinite
// bilinear form. RoPE turns row p's q and k alike, so S = Q̃·Q̃ᵀ of the turned rows stays symmetric, but the
// form between x_i and x_j is W^Q R_{j−i} W^Qᵀ. Between two sequences K = X_kv·W^Q, and S need not be
// symmetric; direct mode has no such form (K := Q would make the keys the queries' sequence), so it is
// refused there.
//
// The option is data of the scenario (Options::shared_qk; W_K and K stay in the file, unused, for when it is
// off); everything else of the design is here: which matrix the keys are made of and where their gradient
// goes, its problems, what turning cross-attention on does to it, and its text for the views, the TeX, the
// PyTorch replay and the lab. The training kernel keeps W^Q in W^K's place (flatten) and adds the keys'
// part of its gradient to W^Q's (train_kernel_passes.h, add_contribution).
#pragma once

#include <string>
#include <vector>

#include "core/designs/designs.h"
#include "core/designs/normalized_keys.h"
#include "core/math/matrix.h"
#include "core/model/gradient.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether W^K is W^Q (K is Q in direct mode).
inline bool shared_qk(const Options& o) { return o.shared_qk; }

// The matrices the keys are made of, head h: W^K in use (W^Q under shared QK) in projected mode, and
// the given K in use (Q under shared QK) in direct mode.
inline const Mat& key_weights(const Scenario& s, int h) { return shared_qk(s.options) ? s.W_Q[h] : s.W_K[h]; }
inline const Mat& direct_keys(const Scenario& s, int h) { return shared_qk(s.options) ? s.Q[h] : s.K[h]; }
// Where the keys' part of the gradient goes: to W^Q (to Q) under shared QK, as the keys are made of it too.
inline Mat& key_weights_gradient(const Scenario& s, Gradient& g, int h) {
  return shared_qk(s.options) ? g.W_Q[h] : g.W_K[h];
}
inline Mat& direct_keys_gradient(const Scenario& s, Gradient& g, int h) { return shared_qk(s.options) ? g.Q[h] : g.K[h]; }

// Whether S = Q·Qᵀ exactly (Q as scored, after RoPE's turns), so that it is symmetric: shared QK in
// self-attention, the keys not normalised.
inline bool scores_are_gram(const Scenario& s) { return shared_qk(s.options) && !normalized_keys(s.options) && !s.cross(); }

// What validate() says of it (appended to problems): not between two sequences in direct mode.
void shared_qk_problems(const Scenario& s, std::vector<std::string>& problems);
// Cross-attention turned on: in direct mode the keys become Q's copy, and the option goes off.
void shared_qk_for_cross_attention(Scenario& s);

// The views: the settings' checkbox and its tooltips, and the lab's words in a variant's one-line summary.
inline constexpr const char* kSharedQkKey = "shared_qk";
inline constexpr const char* kSharedQkLabel = core::tr_noop("shared QK");
inline constexpr const char* kSharedQkAbout =
    core::tr_noop("Reformer: W^K := W^Q (K := Q), so the scores are symmetric unless the keys are normalised.");
inline constexpr const char* kSharedQkCrossAbout = core::tr_noop("W^K := W^Q: K = X_{kv}W^Q. Between two sequences S is not symmetric.");
inline constexpr const char* kSharedQkDirectCrossAbout = core::tr_noop("Direct mode: K := Q has no meaning between two sequences.");
inline constexpr const char* kSharedQkSummary = core::tr_noop("shared QK");

// The TeX: its sentence in the account of the options ("" when off).
std::string shared_qk_tex(const Scenario& s);

// PyTorch, the exported forward pass: what W_K (projected) or K (direct) is, given the file's own as Python.
std::string shared_qk_torch_keys(const Scenario& s, const std::string& own);

}  // namespace core
