// The 1/√d_k scale, one design in one place (docs/architecture.md, "Adding a design"; docs/questions.md,
// AttentionAlt, on the scale inside the softmax).
//
// Vaswani et al. 2017, "Attention Is All You Need", §3.2.1 and its footnote 4: S = QKᵀ is divided by √d_k before the
// softmax. If all entries of q and k are independent, mean 0, variance 1, then q·k = Σ q_i k_i has mean 0 and
// variance d_k; divided by √d_k its variance is 1 whatever d_k, so the softmax is not pushed toward one-hot rows
// (where its gradients vanish) as d_k grows.
// The design beside it, scale "none", divides by nothing (the temperature T still divides: logits = S/(√d_k·T) or
// S/T). The cosine logits (cosine_logits.h) ask for "none": their learned gain is their scale.
//
// The option is data of the scenario (Options::scale, "scale" in the file's "options"); everything else of the
// design is here: the number that divides, the reader of its file field (read_scale), its text for the views, the TeX, the PyTorch
// exporters, the lab's summary and the settings row, and why MultiheadAttention cannot replay "none".
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/designs/designs.h"
#include "core/text/translate.h"  // tr_noop: the texts the catalogues translate

namespace core {

// Whether the scores are divided by √d_k.
inline bool sqrt_dk_scale(const Options& o) { return o.scale == Scale::SqrtDk; }

// What divides the scores besides the temperature: √d_k, or 1.
double score_scale(const Scenario& s);

// The file: "scale" in "options", "sqrt_dk" or "none" (version 1), written as to_string(Scale)
// (scenario.h) writes it. A problem is appended to errors, naming the field.
inline constexpr const char* kScaleKey = "scale";
void read_scale(const nlohmann::json& options, Options& o, std::vector<std::string>& errors);

// The logits as the views write them: "S / (√d_k·T)" or "S / T", T written even where it is 1; with
// only_other_T, T only where it is not: "S / √d_k", "S" and the like.
std::string scaled_scores_words(const Options& o, bool only_other_T = false);
// A generated script's division of the scores, T only where it is not 1: its code (" / math.sqrt(d_k)",
// " / (math.sqrt(d_k) * T)", " / T", "") and the same in its printed titles (" / sqrt(d_k)", ...).
std::string scaled_scores_torch(const Options& o);
std::string scaled_scores_ascii(const Options& o);

// The TeX: the scale in symbols and in numbers ("\sqrt{d_k}" and "\sqrt{2}"; both empty under
// "none"), which the TeX writer joins to T; and its sentence in the account of the options, "" unless
// "none" with the usual logits.
struct ScaleTex {
  std::string symbolic;
  std::string value;
};
ScaleTex scale_tex(const Scenario& s);
std::string scale_tex_note(const Options& o);

// Why torch.nn.MultiheadAttention cannot replay it, where it cannot (appended to misfits).
void scale_misfits(const Options& o, std::vector<std::string>& misfits);

// Its words in a variant's one-line summary, "" where there are none ("no √d_k", unless the
// cosine logits' gain is the scale).
std::string scale_summary(const Options& o);

// The settings row: each radio's id and label.
inline constexpr const char* kSqrtDkControl = "scale.sqrt_dk";
inline constexpr const char* kSqrtDkLabel = core::tr_noop("S / (\u221Ad_k\u00B7T)");
inline constexpr const char* kNoScaleControl = "scale.none";
inline constexpr const char* kNoScaleLabel = core::tr_noop("S / T");

// For the trainer's and the language model's scripts, the slot {{score_scale}}: a function score_scale(d_k,
// options) that gives what divides the scores besides the temperature.
extern const char* const kScoreScalePython;

// Its row in the lab's registry (designs.h).
inline constexpr Design kNoScaleDesign{"no \u221Ad_k", "the scores not divided by \u221Ad_k", {.scale = Scale::None}};

}  // namespace core
