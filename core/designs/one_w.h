// One W, one design in one place (docs/architecture.md, "Adding a design"; docs/questions.md, One W).
//
// Each head has one d_model × d_model matrix W_h in place of W^Q and W^K: Q = X·W_h (d_model columns) and
// K = X (X_kv under cross-attention), so S = X·W_h·Xᵀ. The bilinear form W^Q W^Kᵀ, of rank at most d_k,
// becomes any d_model × d_model matrix, at d_model² parameters a head in place of 2·d_model·d_k. Projected
// mode only (direct mode's Q has d_k columns); not with shared QK, which it replaces, nor with RoPE,
// which turns q and k of d_k coordinates.
//
// The option and the matrices are data of the scenario (Options::merged_qk, Scenario::W in
// core/model/scenario.h); everything else of the design is here: its forward and backward passes, where it
// starts, its problems and file fields, and its text for the views, the TeX and the PyTorch replay. The
// training kernel keeps W_h in W^Q's place and skips K's projection (merged_ in train_kernel.h).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/designs/designs.h"
#include "core/math/fixed_sizes.h"
#include "core/math/matrix.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether each head has one W_h in place of W^Q and W^K.
inline bool one_w(const Options& o) { return o.merged_qk; }
// The width of Q and K: d_model under one W, d_k otherwise.
inline int query_key_width(const Scenario& s) { return one_w(s.options) ? s.d_model : s.d_k; }
// Its parameters a head, in place of W^Q's and W^K's.
inline int one_w_parameters(const Scenario& s) { return s.d_model * s.d_model; }

// The forward pass of one head: Q = Xq·W_h (n × QC, QC = d_model) and K0 = Xkv.
template <int DM, int QC>
void one_w_forward(const Mat& Xq, const Mat& Xkv, const Mat& W, Mat& Q, Mat& K0) {
  const int n = static_cast<int>(Xq.rows());
  Q.resize(n, QC);
  detail::multiply<DM, QC>(Xq.data(), W.data(), Q.data(), n);
  K0 = Xkv;
}

// The backward pass of one head, from ∂Q and ∂K0: ∂W_h += Xqᵀ·∂Q, ∂X += ∂Q·W_hᵀ (the queries read X), and
// ∂Xkv += ∂K0 (X_kv's, or X's again without cross-attention).
void one_w_backward(const Mat& Xq, const Mat& dQ, const Mat& dK0, const Mat& W, Mat& dW, Mat& dX, Mat& dXkv);

// Turning it on: W_h = W^Q_h W^K_hᵀ (W^Q_h W^Q_hᵀ under shared QK), so S does not move (unless the keys are
// normalised; under cosine logits, cosine_logits.h, the cosines move).
void start_one_w(Scenario& s);

// What validate() says of it (appended to problems): projected mode only, not with shared QK.
void one_w_problems(const Scenario& s, std::vector<std::string>& problems);

// The file: "merged_qk" in "options" (version 2), and "W", one d_model × d_model matrix per head, in place of
// "W_Q" and "W_K". check_one_w_fields, for a file with the option on, appends what it may not say and returns
// false where its mode is wrong; a file without it may not hold "W".
inline constexpr const char* kOneWKey = "merged_qk";
inline constexpr const char* kOneWMatrixWithout = "W: only with options.merged_qk true (one W per head instead of W_Q and W_K)";
bool check_one_w_fields(const nlohmann::json& root, const Scenario& s, std::vector<std::string>& errors);

// Why torch.nn.MultiheadAttention cannot replay it, where it cannot (appended to misfits).
void one_w_misfits(const Scenario& s, std::vector<std::string>& misfits);

// The views: the settings' checkbox and its tooltips, the lab's words in a variant's one-line summary.
inline constexpr const char* kOneWLabel = core::tr_noop("one W");
inline constexpr const char* kOneWAbout =
    core::tr_noop("One W: one d_{model}\u00D7d_{model} matrix W_h per head instead of W^Q and W^K; S = XW_hX^\u1D40.\n"
    "It starts at W^Q W^{K\u1D40}: the same scores, unless the keys are normalised or the logits are cosines;\n"
    "the W^Q and W^K are kept for when it is off.");
inline constexpr const char* kOneWDirectAbout = core::tr_noop("Projected mode only: Q = XW has d_{model} columns, direct Q has d_k.");
inline constexpr const char* kOneWRopeAbout = core::tr_noop("Not with RoPE, which turns q and k of d_k coordinates.");
inline constexpr const char* kOneWSummary = core::tr_noop("one W");

// The TeX: its sentence in the account of the options, with queries and keys the TeX of the matrices they
// are read from ("X", "X_{kv}"), and keys_t the keys' transposed.
std::string one_w_tex(const std::string& queries, const std::string& keys, const std::string& keys_t);

// PyTorch, the exported forward pass: the matrices' line, W_h's given as Python (heads), and a head's
// projections, reading keys and values from X_kv ("X" or "X_kv").
std::string one_w_torch_matrices(const std::string& heads, const std::string& X_kv);
std::string one_w_torch_projection(const std::string& X_kv);

// Its row in the lab's registry (designs.h).
inline constexpr Design kOneWDesign{"one W", "one d_{model} \u00D7 d_{model} matrix W in place of W^Q W^K\u1D40",
                                    {.merged_qk = true}};

}  // namespace core
