#include "core/designs/sqrt_dk_scale.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/designs/cosine_logits.h"
#include "core/text/json_text.h"
#include "core/text/translate.h"

namespace core {

double score_scale(const Scenario& s) { return sqrt_dk_scale(s.options) ? std::sqrt(static_cast<double>(s.d_k)) : 1.0; }

void read_scale(const nlohmann::json& options, Options& o, std::vector<std::string>& errors) {
  if (!options.contains(kScaleKey)) return;
  const nlohmann::json& s = options[kScaleKey];
  if (s == "sqrt_dk") o.scale = Scale::SqrtDk;
  else if (s == "none") o.scale = Scale::None;
  else errors.push_back("options.scale: expected \"sqrt_dk\" or \"none\", got " + (s.is_string() ? s.dump() : type_name(s)));
}

std::string scaled_scores_words(const Options& o, bool only_other_T) {
  if (!only_other_T || o.temperature != 1.0) return sqrt_dk_scale(o) ? kSqrtDkLabel : kNoScaleLabel;
  return sqrt_dk_scale(o) ? "S / \u221Ad_k" : "S";
}

std::string scaled_scores_torch(const Options& o) {
  const bool tempered = o.temperature != 1.0;
  return sqrt_dk_scale(o) ? (tempered ? " / (math.sqrt(d_k) * T)" : " / math.sqrt(d_k)") : (tempered ? " / T" : "");
}

std::string scaled_scores_ascii(const Options& o) {
  const bool tempered = o.temperature != 1.0;
  return sqrt_dk_scale(o) ? (tempered ? " / (sqrt(d_k) * T)" : " / sqrt(d_k)") : (tempered ? " / T" : "");
}

ScaleTex scale_tex(const Scenario& s) {
  if (!sqrt_dk_scale(s.options)) return {};
  return {"\\sqrt{d_k}", "\\sqrt{" + std::to_string(s.d_k) + "}"};
}

std::string scale_tex_note(const Options& o) {
  return sqrt_dk_scale(o) || cosine_logits(o) ? "" : " No $\\sqrt{d_k}$ scaling.";
}

void scale_misfits(const Options& o, std::vector<std::string>& misfits) {
  if (!sqrt_dk_scale(o)) misfits.push_back("scale none (MultiheadAttention divides by \u221Ad_k)");
}

std::string scale_summary(const Options& o) {
  return sqrt_dk_scale(o) || cosine_logits(o) ? "" : tr("no \u221Ad_k");  // the cosine logits' gain is their scale
}

const char* const kScoreScalePython = R"(def score_scale(d_k, options):
    """What divides the scores besides the temperature: sqrt(d_k), or 1 with the scale "none"."""
    return math.sqrt(d_k) if options["scale"] == "sqrt_dk" else 1.0)";

}  // namespace core
