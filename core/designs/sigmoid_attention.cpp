// Sigmoid attention: its numbers, its file fields and its text (sigmoid_attention.h says what it is).
#include "core/designs/sigmoid_attention.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/math/fast_exp.h"
#include "core/model/scenario.h"
#include "core/text/json_text.h"

namespace core {

bool sigmoid_weights(const Options& o) { return o.weights == Weights::Sigmoid; }

double sigmoid_bias(const Scenario& s) {
  return s.options.sigmoid_bias ? *s.options.sigmoid_bias : -std::log(static_cast<double>(s.m()));
}

void sigmoid_in_place(double* x, int count, double b) {
  // σ(y) = 1/(1 + e^(−y)): e^(−y) overflows to ∞ for a very negative y, and 1/∞ is the 0 it
  // should be; a masked −∞ gives e^∞ = ∞, so 0 exactly. The same vectorised exp as the softmax.
  for (int i = 0; i < count; ++i) x[i] = -(x[i] + b);
  exp_in_place(x, count);
  for (int i = 0; i < count; ++i) x[i] = 1.0 / (1.0 + x[i]);
}

bool show_turns_on_sigmoid(const std::map<int, std::string>& show) {
  for (const auto& [step, patch] : show) {
    const nlohmann::json p = nlohmann::json::parse(patch, nullptr, false);  // the reader checked it: never discarded
    if (p.is_object() && p.contains("options") && p["options"].is_object() && p["options"].value(kSigmoidWeightsKey, "") == "sigmoid")
      return true;
  }
  return false;
}

void sigmoid_problems(const Scenario& s, std::vector<std::string>& problems) {
  const Options& o = s.options;
  if (!o.sigmoid_bias) return;
  if (!sigmoid_weights(o))
    problems.push_back("options.sigmoid_bias: only with options.weights \"sigmoid\" (the softmax has no bias)");
  else if (!(std::abs(*o.sigmoid_bias) <= kMaxAbsEntry))
    problems.push_back("options.sigmoid_bias: expected a finite number with |b| \u2264 1e6, got " +
                       plain_number(*o.sigmoid_bias));
}

void read_sigmoid_options(const nlohmann::json& j, Options& o, std::vector<std::string>& errors) {
  if (j.contains(kSigmoidWeightsKey)) {
    const nlohmann::json& w = j[kSigmoidWeightsKey];
    if (w == "softmax") o.weights = Weights::Softmax;
    else if (w == "sigmoid") o.weights = Weights::Sigmoid;
    else errors.push_back("options.weights: expected \"softmax\" or \"sigmoid\", got " + (w.is_string() ? w.dump() : type_name(w)));
  }
  if (j.contains(kSigmoidBiasKey)) {
    const nlohmann::json& b = j[kSigmoidBiasKey];
    if (!b.is_number() || !std::isfinite(b.get<double>()))
      errors.push_back("options.sigmoid_bias: expected a number (the bias b of \u03C3(z + b)), got " +
                       (b.is_number() ? b.dump() : type_name(b)));
    else
      o.sigmoid_bias = b.get<double>();
  }
}

void write_sigmoid_options(nlohmann::ordered_json& options, const Options& o) {
  options[kSigmoidWeightsKey] = to_string(o.weights);
  if (o.sigmoid_bias) options[kSigmoidBiasKey] = *o.sigmoid_bias;
}

void check_sigmoid_fields(const Options& o, int version, std::vector<std::string>& errors) {
  if (version < 5 && (o.weights != Weights::Softmax || o.sigmoid_bias))
    errors.push_back("options.weights: a version-5 option, as is options.sigmoid_bias; the file must say \"attnlab\": 5");
}

std::string sigmoid_summary(const Options& o) {
  return o.sigmoid_bias ? "sigmoid, b = " + plain_number(*o.sigmoid_bias) : "sigmoid";
}

std::string weights_formula(const Options& o, const std::string& made_as, bool ascii) {
  if (!sigmoid_weights(o)) return "A = softmax(" + made_as + ")";
  return (ascii ? "A = sigmoid(" : "A = \u03C3(") + made_as + " + b)";
}

const char* row_sum_words(const Options& o) {
  return sigmoid_weights(o) ? "each weight on its own, so a row need not sum to 1" : "each row sums to 1";
}

const char* output_combination_words(const Options& o) {
  // A·V = s·Σ_j (a_j/s) v_j with s = Σ_j a_j: a point of the hull scaled by s; for s ≤ 1 that is
  // Σ_j a_j v_j + (1 − s)·0, a convex combination of V's rows and the origin.
  return sigmoid_weights(o) ? "a combination of the rows of V with weights in (0, 1) that need not sum to 1: its row's sum "
                              "times a point of their convex hull (inside the hull of V's rows and 0 when the sum is at most 1)"
                            : "a convex combination of the rows of V";
}

std::string weights_tex(const Scenario& s, const std::string& logits) {
  if (!sigmoid_weights(s.options)) return "\\operatorname{softmax}\\!\\left(" + logits + "\\right)";
  return "\\sigma\\!\\left(" + logits + " + b\\right)";
}

std::string weights_torch(const Options& o, const std::string& logits, const std::string& bias) {
  if (!sigmoid_weights(o)) return "torch.softmax(" + logits + ", dim=-1)";
  return "torch.sigmoid(" + logits + " + " + bias + ")";
}

}  // namespace core
