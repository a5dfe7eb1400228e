// Sigmoid attention, one design in one place (docs/architecture.md, "Adding a design").
//
// Ramapuram et al. 2024, "Theory, Analysis, and Best Practices for Sigmoid Self-Attention"
// (arXiv 2409.04431): each weight on its own,
//
//   A_ij = σ(z_ij + b),   σ(x) = 1 / (1 + e^(−x)),
//
// where z are the logits as the softmax would read them (S/(√d_k·T), S/T or cosine_logits.h's; a
// masked entry's −∞ gives a weight of exactly 0) and b is a bias, −ln m by default for m keys.
// Nothing makes a row sum to one: that is the contrast with the softmax. With b = −ln m a row of
// m unmasked logits 0 sums to m·σ(−ln m) = m/(m + 1), just under 1: the paper's bias keeps the
// attention's norm near the softmax's at the start of training, where the logits are small.
//
// The option itself is data of the scenario (Options::weights, Options::sigmoid_bias in
// core/model/scenario.h); everything else of the design is here: its numbers for the forward
// pass and the two backward passes, its file fields, the problems validate() reports, and its
// text for the views, the TeX and the PyTorch exporters.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/designs/designs.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether the weights are the sigmoid's.
bool sigmoid_weights(const Options& o);

// b: options.sigmoid_bias, or −ln m.
double sigmoid_bias(const Scenario& s);

// x[i] = σ(x[i] + b) for i < count, in place; −∞ gives exactly 0 and +∞ exactly 1.
void sigmoid_in_place(double* x, int count, double b);

// The backward pass of one weight: ∂z = ∂a·a·(1 − a) (σ' = σ(1 − σ)); a masked entry, with
// a = 0, passes nothing, as its −∞ logit should. T is double, or core/math/lanes.h's Lanes.
template <class T>
[[gnu::always_inline]] inline T sigmoid_backward(T a, T da) {
  return da * a * (1.0 - a);
}

// What validate() says of the design's fields (appended to problems).
void sigmoid_problems(const Scenario& s, std::vector<std::string>& problems);

// The file: "options.weights" ("softmax" or "sigmoid") and "options.sigmoid_bias" (a number,
// only with "sigmoid"), both version 5. A problem is appended to errors, naming the field.
void read_sigmoid_options(const nlohmann::json& options, Options& o, std::vector<std::string>& errors);
void write_sigmoid_options(nlohmann::ordered_json& options, const Options& o);
// What a file of a version before 5 may not hold (appended to errors).
void check_sigmoid_fields(const Options& o, int version, std::vector<std::string>& errors);

// Its keys in a file's "options" (the Python text below spells them out too).
inline constexpr const char* kSigmoidWeightsKey = "weights";
inline constexpr const char* kSigmoidBiasKey = "sigmoid_bias";
// Its options' defaults in a generated Python script, as a dict's items.
inline constexpr const char* kSigmoidDefaults = "\"weights\": \"softmax\", \"sigmoid_bias\": None";
// Why torch.nn.MultiheadAttention cannot replay it.
inline constexpr const char* kSigmoidMisfit = "sigmoid attention (MultiheadAttention's weights are a softmax)";

// The weights' formula as the views write it, e.g. "A = σ(S/√d_k + b)", "A = softmax(S/√d_k)":
// made_as is how the logits are made ("S/√d_k", "g·cos(q_i, k_j) / T"). In ASCII for a script's
// printed titles: "A = sigmoid(S / sqrt(d_k) + b)".
std::string weights_formula(const Options& o, const std::string& made_as, bool ascii = false);
// What a row of the weights sums to, in words, for the views and the TeX.
const char* row_sum_words(const Options& o);

// What a row of A·V is, in words: "a convex combination of the rows of V" under the softmax;
// under sigmoid attention a combination whose weights need not sum to 1: its row's sum times a
// point of the hull of V's rows.
const char* output_combination_words(const Options& o);

// TeX: the weights' display, A = σ(logits + b·1) or A = softmax(logits); logits is its TeX.
std::string weights_tex(const Scenario& s, const std::string& logits);

// PyTorch: the weights from masked logits (a tensor expression), e.g. "torch.sigmoid(z + b)" or
// "torch.softmax(z, dim=-1)"; bias is the Python expression of b.
std::string weights_torch(const Options& o, const std::string& logits, const std::string& bias);

// Its row in the lab's registry (designs.h), and its words in a variant's one-line summary
// ("sigmoid", "sigmoid, b = −1").
inline constexpr Design kSigmoidAttentionDesign{
    "sigmoid", "A_{ij} = \u03C3(z_{ij} + b) with b = \u2212ln m: each weight on its own, so a row need not sum to 1 "
    "(Ramapuram et al. 2024)",
    {.weights = Weights::Sigmoid}};
std::string sigmoid_summary(const Options& o);

// The settings row: the radio's words and what its tooltip says of each choice.
inline constexpr const char* kSigmoidLabel = core::tr_noop("sigmoid");
inline constexpr const char* kSigmoidAbout =
    core::tr_noop("Sigmoid attention (Ramapuram et al. 2024): A_ij = \u03C3(z_ij + b), each weight on its own, b = \u2212ln m by "
    "default. A row need not sum to 1, so O is no longer a convex combination of the rows of V.");
inline constexpr const char* kSoftmaxAbout =
    core::tr_noop("The paper's softmax: each row of A is exp(z_ij) over its sum, so it sums to 1 and O is a convex combination of "
    "the rows of V.");

}  // namespace core
