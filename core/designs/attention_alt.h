// AttentionAlt, one design in one place (docs/architecture.md, "Adding a design"; docs/questions.md,
// AttentionAlt).
//
// Each head's output is
//
//   O^alt_h = (1/√d_k)·A·V·W_altᵀ   in place of   O_h = A·V,
//
// with W_alt a d_k × d_k matrix of the head, a parameter the lab trains when head_output is "alt" (the identity
// where the file gives none, so that then O^alt = (1/√d_k)·A·V). As
// A·(V·W_altᵀ) = (A·V)·W_altᵀ, it merges with W^V (or W^O): it changes the parameter count and the training, not what
// the layer can compute. Every scenario shows O^alt beside A·V (the Output panel); the option
// head_output "alt" makes it the one that enters the concatenation.
//
// The option and the matrices are data of the scenario (Options::head_output, Scenario::has_W_alt and W_alt in
// core/model/scenario.h); everything else of the design is here: its forward and backward passes, the training
// kernel's form of them, its file fields, and its text for the views, the TeX, the PyTorch exporters and the lab.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/designs/designs.h"
#include "core/math/fixed_sizes.h"
#include "core/math/matrix.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether O^alt, not A·V, enters the concatenation.
inline bool attention_alt(const Options& o) { return o.head_output == HeadOutput::Alt; }

// The outer scale c = 1/√d_k.
inline double attention_alt_scale(int d_k) { return 1.0 / std::sqrt(static_cast<double>(d_k)); }

// The forward pass of one head: alt = c·O·W_altᵀ (n × DK, row-major), W_alt the identity when null.
template <int DK>
[[gnu::always_inline]] inline void attention_alt_forward(const double* O, const double* W_alt, int n, double* alt) {
  const double c = attention_alt_scale(DK);
  if (W_alt) {
    for (int i = 0; i < n; ++i)
      for (int e = 0; e < DK; ++e) alt[i * DK + e] = c * detail::dot<DK>(O + i * DK, W_alt + e * DK);
  } else {
    for (int i = 0; i < n * DK; ++i) alt[i] = c * O[i];
  }
}

// The backward pass of one head, from dH = ∂L/∂O^alt (a block of the concatenation's gradient):
// ∂O = c·∂H·W_alt, and ∂W_alt += c·∂Hᵀ·O (W_alt the identity when the scenario has none).
template <class Block>
void attention_alt_backward(const Scenario& s, int h, const Block& dH, const Mat& O, Mat& dO, Mat& dW_alt) {
  const double c = attention_alt_scale(s.d_k);
  if (s.has_W_alt) dO.noalias() = c * dH * s.W_alt[h];
  else dO = c * dH;
  dW_alt.noalias() += c * dH.transpose() * O;
}

// The training kernel's flat forms, over T = double or core/math/lanes.h's Lanes (several sequences at once), each
// sum from 0 in the order of its index: entry e of a row of O^alt from that row o of O, c·Σ_d o_d·W_alt[e][d];
// entry e of a row of ∂O from that row dh of ∂H, c·Σ_f dh_f·W_alt[f][e]; and ∂W_alt[f][e] = c·Σ_i ∂H[i][f]·O[i][e]
// over the n rows, ∂H's rows stride apart in dH and O's dk apart.
template <class T, class W>
[[gnu::always_inline]] inline T attention_alt_entry(const T* o, const W* W_alt, int dk, int e, double c) {
  T s{};
  for (int d = 0; d < dk; ++d) s += o[d] * W_alt[e * dk + d];
  return c * s;
}
template <class T, class W>
[[gnu::always_inline]] inline T attention_alt_input_gradient(const T* dh, const W* W_alt, int dk, int e, double c) {
  T s{};
  for (int f = 0; f < dk; ++f) s += dh[f] * W_alt[f * dk + e];
  return c * s;
}
template <class T>
[[gnu::always_inline]] inline T attention_alt_weight_gradient(const T* dH, int stride, const T* O, int n, int dk, int f,
                                                              int e, double c) {
  T s{};
  for (int i = 0; i < n; ++i) s += dH[i * stride + f] * O[i * dk + e];
  return c * s;
}

// The file: "head_output" in "options", "attention" or "alt" (version 2), written as to_string(HeadOutput)
// (scenario.h) writes it; "W_alt", one d_k × d_k matrix per head, is read with the heads' matrices. A problem
// is appended to errors, naming the field.
inline constexpr const char* kAttentionAltKey = "head_output";
void read_attention_alt_option(const nlohmann::json& options, Options& o, std::vector<std::string>& errors);

// Why torch.nn.MultiheadAttention cannot replay it, where it cannot (appended to misfits).
void attention_alt_misfits(const Options& o, std::vector<std::string>& misfits);

// The views: O^alt as they write it, in markup and in plain text; the settings' checkbox and tooltips; the lab's
// words in a variant's one-line summary.
inline constexpr const char* kAttentionAltMarkup = "(1/\u221Ad_k)\u00B7AVW_{alt}^\u1D40";
inline constexpr const char* kAttentionAltText = "(1/\u221Ad_k) A V W_alt\u1D40";
inline constexpr const char* kAttentionAltLabel = core::tr_noop("AttentionAlt's output enters concat (all heads)");
inline constexpr const char* kAttentionAltAbout =
    core::tr_noop("On: each head gives (1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40 instead of A\u00B7V, so W_{alt} is a\n"
    "parameter of the model (AttentionAlt). Off: A\u00B7V, and W_{alt} only shows in Output.");
inline constexpr const char* kAttentionAltSummary = core::tr_noop("AttentionAlt");

// The TeX: its sentence in the account of the options ("" when off), and the head's O^alt in symbols.
std::string attention_alt_tex_note(const Options& o);
std::string attention_alt_tex(int head, const std::string& A, const std::string& V, const std::string& W_alt);

// PyTorch. The exported forward pass's line for a head's O^alt (q, k, v and A computed), and, for the trainer's
// and the language model's scripts, the slot {{attention_alt}}: a function attention_alt(O, W_alt, d_k, options)
// that gives the head's output, O^alt when the dict of options asks for it and O itself otherwise.
extern const char* const kAttentionAltTorch;
extern const char* const kAttentionAltPython;

// Its row in the lab's registry (designs.h).
inline constexpr Design kAttentionAltDesign{"AttentionAlt", "a fourth matrix W_{alt} on each head's output",
                                            {.head_output = HeadOutput::Alt}};

}  // namespace core
