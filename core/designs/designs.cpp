#include "core/designs/designs.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/one_w.h"
#include "core/designs/sigmoid_attention.h"
#include "core/designs/sqrt_dk_scale.h"

namespace core {

namespace {

// The designs of docs/questions.md, each the options of a variant.
const Design kDesigns[] = {
    {"QK\u1D40", "W^Q and W^K: the standard design", {}},
    {"shared QK", "W^K = W^Q: S = QQ\u1D40 is symmetric", {.shared_qk = true}},
    {"shared QK, Reformer", "W^K = W^Q, keys normalised, no token attends to itself",
     {.shared_qk = true, .normalize_keys = true, .no_self = true}},
    kOneWDesign,
    kAttentionAltDesign,
    kNoScaleDesign,
    {"sinusoidal", "QK\u1D40 with X + PE: each position's sines and cosines added to X",
     {.positions = Positions::Sinusoidal}},
    {"RoPE", "QK\u1D40 with q_p and k_p turned by p\u00B7\u03B8: scores depend on i \u2212 j", {.positions = Positions::Rope}},
    kCosineLogitsDesign,
    kSigmoidAttentionDesign,
};

void fill_slot(std::string& text, std::string_view slot, const std::string& with) {
  for (size_t at = text.find(slot); at != std::string::npos; at = text.find(slot, at + with.size()))
    text.replace(at, slot.size(), with);
}

}  // namespace

std::span<const Design> designs() { return kDesigns; }

void design_problems(const Scenario& s, std::vector<std::string>& problems) {
  cosine_logits_problems(s, problems);
  sigmoid_problems(s, problems);
}

const std::vector<std::string>& design_option_keys() {
  static const std::vector<std::string> keys{kCosineLogitsKey, kSigmoidWeightsKey, kSigmoidBiasKey};
  return keys;
}

void read_design_options(const nlohmann::json& options, Options& o, std::vector<std::string>& errors) {
  read_cosine_logits_option(options, o, errors);
  read_sigmoid_options(options, o, errors);
}

void check_design_fields(const nlohmann::json& root, const Options& o, int version, std::vector<std::string>& errors) {
  // Every version first, then what an option leaves out, in python/attnlab/_reader.py's order.
  check_cosine_logits_version(o, version, errors);
  check_sigmoid_fields(o, version, errors);
  check_cosine_logits_fields(root, o, errors);
}

void read_design_fields(const nlohmann::json& root, Scenario& s, std::vector<std::string>& errors) {
  read_qk_gains(root, s, errors);
}

void write_design_fields(nlohmann::ordered_json& root, const Scenario& s) { write_qk_gains(root, s); }

void write_design_options(nlohmann::ordered_json& options, const Options& o, int version) {
  write_cosine_logits_option(options, o, version);
  if (version >= 5) write_sigmoid_options(options, o);
}

const char* format_versions_words() {
  return "1, 2 for a file with version-2 fields, 3 with options.qk_norm, 4 with show, 5 with options.weights";
}

void design_misfits(const Scenario& s, std::vector<std::string>& misfits) {
  if (cosine_logits(s.options)) misfits.push_back(cosine_logits_misfit());
  if (sigmoid_weights(s.options)) misfits.push_back(kSigmoidMisfit);
}

std::vector<std::string> design_summary(const Options& o) {
  std::vector<std::string> words;
  if (cosine_logits(o)) words.push_back(kCosineLogitsSummary);
  if (sigmoid_weights(o)) words.push_back(sigmoid_summary(o));
  return words;
}

bool design_needs_q_and_k(const Options& o) { return cosine_logits(o); }
const char* design_keys_needing_q_and_k() { return kCosineLogitsKey; }

std::string fill_design_slots(std::string_view script) {
  std::string text(script);
  std::string keys;
  for (const std::string& key : design_option_keys()) keys += (keys.empty() ? "\"" : ", \"") + key + "\"";
  fill_slot(text, "{{design_keys}}", keys);
  fill_slot(text, "{{design_defaults}}", std::string(kCosineLogitsDefaults) + ",\n           " + kSigmoidDefaults);
  fill_slot(text, "{{cosine_logits}}", kCosineLogitsPython);
  fill_slot(text, "{{no_self_mask}}", kNoSelfMaskPython);
  fill_slot(text, "{{score_scale}}", kScoreScalePython);
  fill_slot(text, "{{attention_alt}}", kAttentionAltPython);
  // A slot no design fills is a misspelling here or in a script: never written out for Python to choke on.
  // Every "{{": a Python f-string's escaped brace ("{{}}", "{{'a': 1}}") may come before it.
  for (size_t left = text.find("{{"); left != std::string::npos; left = text.find("{{", left + 2)) {
    const size_t right = text.find("}}", left + 2);
    if (right == std::string::npos) break;
    if (right > left + 2 && text.find_first_not_of("abcdefghijklmnopqrstuvwxyz_", left + 2) == right)
      throw std::logic_error("fill_design_slots: no design fills " + text.substr(left, right + 2 - left));
  }
  return text;
}

}  // namespace core
