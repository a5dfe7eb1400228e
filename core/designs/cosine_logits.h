// QK-norm's logits, one design in one place (docs/architecture.md, "Adding a design").
//
// Henry et al. 2020, "Query-Key Normalization for Transformers": every row of Q and of K divided
// by its length (a zero row stays zero), and the logits
//
//   ℓ_ij = g_h·q̂_i·k̂_j / T = g_h·cos(q_i, k_j) / T,
//
// the cosines of queries and keys times a gain g_h of the head, which is learned, in place of
// dividing by √d_k (options.scale is then "none": the gain is the scale). Their gain is one
// scalar per layer started from log₂(L² − L) for a training length L; a gain per head from √d_k
// is attnlab's, as unit rows scored with g = √d_k give the logits of √d_k-long rows over √d_k.
// Normalising after RoPE is normalising before it, as a turn keeps a length.
//
// The places that compute, train, store or export a scenario ask cosine_logits(o) and call the
// numbers below; they name no design. The option itself is data of the scenario (Options::qk_norm,
// and the gains Scenario::qk_gain, in core/model/scenario.h); everything else of the design is
// here: its forward and backward passes, its file fields, the problems validate() reports, and its
// text for the views, the TeX, the PyTorch exporters and the lab.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/designs/designs.h"
#include "core/math/matrix.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether the logits are the gain times the cosines.
bool cosine_logits(const Options& o);
// Turns them on or off; on, the keys are no longer normalised on their own (they are already).
void set_cosine_logits(Options& o, bool on);

// The forward pass: Q̂ and K̂, the rows of Q and K over their lengths (a zero row stays zero),
// and their products q̂_i·k̂_j, the cosines (n × m). The logits are then g_h·cosines / T.
void cosine_forward(const Mat& Q, const Mat& K, Mat& Q_hat, Mat& K_hat, Mat& cosines);

// The backward pass, from dscaled = ∂L/∂(g·C), the logits' gradient over the divisor T, the forward's
// Q, K, Q̂, K̂ and cosines C and the gain g: ∂Q and ∂K (back through each row's normalisation), and
// the gain's ∂g = Σ ∂(gC)∘C, returned.
double cosine_backward(const Mat& dscaled, double gain, const Mat& Q, const Mat& K, const Mat& Q_hat, const Mat& K_hat,
                       const Mat& cosines, Mat& dQ, Mat& dK);

// The training kernel's flat form of the gain's part of the backward pass: with Q and K holding Q̂
// and K̂ (row-major, n × qc and m × qc) and dS the n × m ∂L/∂(g·C) over T, returns ∂g and leaves
// g·dS in dS, what ∂Q̂ and ∂K̂ are made of. T is double, or core/math/lanes.h's Lanes: several
// sequences at once, each lane with the same operations.
template <class T>
[[gnu::always_inline]] inline T cosine_gain_backward(const T* Q, const T* K, int n, int m, int qc, double gain, T* dS) {
  T d_gain{};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      T cosine{};
      for (int c = 0; c < qc; ++c) cosine += Q[i * qc + c] * K[j * qc + c];
      d_gain += dS[i * m + j] * cosine;
      dS[i * m + j] *= gain;
    }
  return d_gain;
}

// What validate() says of the design's fields (appended to problems): the scale must be "none",
// not with normalize_keys, each gain finite with |g| ≤ 1e6.
void cosine_logits_problems(const Scenario& s, std::vector<std::string>& problems);

// The file: "options.qk_norm" (a boolean, version 3) and "qk_gain" (one number a head, only with
// it; √d_k each when absent). read_…_option reads the option among the others; check_…_version says
// what a file of an older version may not hold, check_…_fields what a file without the option may
// not; read_qk_gains reads the gains once the heads are known. A problem is appended to errors,
// naming the field.
void read_cosine_logits_option(const nlohmann::json& options, Options& o, std::vector<std::string>& errors);
void check_cosine_logits_version(const Options& o, int version, std::vector<std::string>& errors);
void check_cosine_logits_fields(const nlohmann::json& root, const Options& o, std::vector<std::string>& errors);
void read_qk_gains(const nlohmann::json& root, Scenario& s, std::vector<std::string>& errors);
void write_cosine_logits_option(nlohmann::ordered_json& options, const Options& o, int version);
void write_qk_gains(nlohmann::ordered_json& root, const Scenario& s);

// How the logits are made, as the views write them: "g·cos(q_i, k_j)", or "g·cos(q_i, k_j) / T"
// with the temperature; in ASCII for a script's printed titles, "g q^ k^T" and "g q^ k^T / T".
std::string cosine_logits_words(bool ascii, bool with_temperature);

// TeX: the sentence on how the scores are made, for the export's description of the layer.
const char* cosine_logits_tex_note();

// PyTorch: the replay's line of gains, and the sentence of the misfits with MultiheadAttention.
std::string cosine_logits_torch_gains(const Scenario& s);
// The replay's lines from q and k to the logits of head h, divided as divide says (" / math.sqrt(d_k)").
std::string cosine_logits_torch_logits(const std::string& divide);
const char* cosine_logits_misfit();

// Its key in a file's "options" (the Python text below spells it out too).
inline constexpr const char* kCosineLogitsKey = "qk_norm";
// The design's option in a generated Python script: its default as a dict's item, and the
// condition that it is on for a dict of options named o.
inline constexpr const char* kCosineLogitsDefaults = "\"qk_norm\": False";
inline constexpr const char* kCosineLogitsPython = "o.get(\"qk_norm\")";

// Its row in the lab's registry (designs.h), and its words in a variant's one-line summary.
inline constexpr Design kCosineLogitsDesign{
    "QK-norm", "each q and each k divided by its length; their dot product (a cosine) times a learned gain g per head "
    "(\u221Ad_k at the start), in place of dividing by \u221Ad_k",
    {.scale = Scale::None, .qk_norm = true}};
inline constexpr const char* kCosineLogitsSummary = core::tr_noop("QK-norm");

// The settings row: the scale's third choice (its label, its control's id, its tooltip), what
// "normalize keys" says while it is on, and the tooltip of the gain's slider.
inline constexpr const char* kCosineLogitsLabel = core::tr_noop("QK-norm");
inline constexpr const char* kCosineLogitsControl = "scale.qk_norm";
inline constexpr const char* kCosineLogitsAbout =
    core::tr_noop("QK-norm, after Henry et al. 2020: every row of Q and of K over its length, logits g\u00B7cos(q_i, k_j) / T\n"
    "with a gain g per head (\u221Ad_k by default, learned in training; Henry et al. learn one scalar\n"
    "per attention layer, started from log\u2082(L\u00B2 \u2212 L) for a long training sequence length L). The logits lie in "
    "[\u2212|g|, |g|]/T whatever the weights;\n"
    "S above stays Q\u00B7K\u1D40 of the raw rows.");
inline constexpr const char* kCosineLogitsKeysAbout = core::tr_noop("QK-norm normalises the keys already, and the queries too.");
inline constexpr const char* kCosineLogitsGainAbout = core::tr_noop("QK-norm's gain g of the head shown; Ctrl+click to type a value (|g| \u2264 1e6).");

}  // namespace core
