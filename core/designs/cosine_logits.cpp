// QK-norm's logits: its numbers, its file fields and its text (cosine_logits.h says what it is).
#include "core/designs/cosine_logits.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/model/attention_math.h"
#include "core/model/scenario.h"
#include "core/text/json_text.h"

namespace core {

bool cosine_logits(const Options& o) { return o.qk_norm; }

void set_cosine_logits(Options& o, bool on) {
  o.qk_norm = on;
  if (on) o.normalize_keys = false;
}

void cosine_forward(const Mat& Q, const Mat& K, Mat& Q_hat, Mat& K_hat, Mat& cosines) {
  detail::normalize_rows(Q, Q_hat);
  detail::normalize_rows(K, K_hat);
  const Eigen::Index n = Q.rows(), m = K.rows(), width = Q.cols();
  cosines.resize(n, m);
  // Each product in the order of its coordinates, as the training kernel sums it.
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < m; ++j) {
      double sum = 0;
      for (Eigen::Index c = 0; c < width; ++c) sum += Q_hat(i, c) * K_hat(j, c);
      cosines(i, j) = sum;
    }
}

double cosine_backward(const Mat& dscaled, double gain, const Mat& Q, const Mat& K, const Mat& Q_hat, const Mat& K_hat,
                       const Mat& cosines, Mat& dQ, Mat& dK) {
  // ℓ·T = g·C, C = Q̂·K̂ᵀ: ∂g = Σ ∂(gC)∘C, ∂C = g·∂(gC), ∂Q̂ = ∂C·K̂, ∂K̂ = ∂Cᵀ·Q̂, then back through
  // each row's normalisation (a zero row passes nothing).
  Mat dQ_hat, dK_hat;
  dQ_hat.noalias() = gain * dscaled * K_hat;
  dK_hat.noalias() = gain * dscaled.transpose() * Q_hat;
  detail::normalize_rows_backward(Q, Q_hat, dQ_hat, dQ);
  detail::normalize_rows_backward(K, K_hat, dK_hat, dK);
  return dscaled.cwiseProduct(cosines).sum();
}

void cosine_logits_problems(const Scenario& s, std::vector<std::string>& problems) {
  const Options& o = s.options;
  if (!cosine_logits(o)) return;
  if (o.scale != Scale::None)
    problems.push_back(std::string("options.scale: must be \"none\" with options.qk_norm (the gain qk_gain sets the scale of the "
                       "logits, and is learned), got \"") + to_string(o.scale) + "\"");
  if (o.normalize_keys)
    problems.push_back("options.normalize_keys: not with options.qk_norm, which normalises the keys and the queries");
  for (int h = 0; h < s.heads && h < kMaxHeads; ++h)
    if (!(std::abs(s.qk_gain[h]) <= kMaxAbsEntry))
      problems.push_back("qk_gain[" + std::to_string(h) + "]: expected a finite number with |x| \u2264 1e6, got " +
                         plain_number(s.qk_gain[h]));
}

void read_cosine_logits_option(const nlohmann::json& options, Options& o, std::vector<std::string>& errors) {
  if (!options.contains(kCosineLogitsKey)) return;
  const nlohmann::json& j = options[kCosineLogitsKey];
  if (!j.is_boolean()) errors.push_back("options.qk_norm: expected true or false, got " + type_name(j));
  else o.qk_norm = j.get<bool>();
}

void check_cosine_logits_version(const Options& o, int version, std::vector<std::string>& errors) {
  if (version < 3 && o.qk_norm) errors.push_back("options.qk_norm: a version-3 option; the file must say \"attnlab\": 3");
}

void check_cosine_logits_fields(const nlohmann::json& root, const Options& o, std::vector<std::string>& errors) {
  if (root.contains("qk_gain") && !o.qk_norm)
    errors.push_back("qk_gain: only with options.qk_norm true (the gain of the normalised queries' and keys' products)");
}

void read_qk_gains(const nlohmann::json& root, Scenario& s, std::vector<std::string>& errors) {
  if (!cosine_logits(s.options)) return;
  // The default √d_k: unit queries and keys scored as √d_k-long ones over √d_k.
  s.qk_gain.fill(std::sqrt(static_cast<double>(s.d_k)));
  if (!root.contains("qk_gain")) return;
  const nlohmann::json& g = root["qk_gain"];
  if (!g.is_array() || g.size() != static_cast<size_t>(s.heads)) {
    errors.push_back("qk_gain: expected " + std::to_string(s.heads) + " number" + (s.heads == 1 ? "" : "s") +
                     " (one gain per head), got " + (g.is_array() ? std::to_string(g.size()) + " entries" : type_name(g)));
    return;
  }
  for (int h = 0; h < s.heads; ++h) {
    const nlohmann::json& x = g[static_cast<size_t>(h)];
    const std::string name = "qk_gain[" + std::to_string(h) + "]";
    if (!x.is_number()) errors.push_back(name + ": expected a number, got " + type_name(x));
    else if (!std::isfinite(x.get<double>())) errors.push_back(name + ": expected a finite number, got " + x.dump());
    else if (std::abs(x.get<double>()) > kMaxAbsEntry) errors.push_back(name + ": " + x.dump() + " is out of range; expected |x| \u2264 1e6");
    else s.qk_gain[static_cast<size_t>(h)] = x.get<double>();
  }
}

void write_cosine_logits_option(nlohmann::ordered_json& options, const Options& o, int version) {
  if (version >= 3) options[kCosineLogitsKey] = o.qk_norm;
}

void write_qk_gains(nlohmann::ordered_json& root, const Scenario& s) {
  if (!cosine_logits(s.options)) return;
  nlohmann::ordered_json gains = nlohmann::ordered_json::array();
  for (int h = 0; h < s.heads; ++h) gains.push_back(s.qk_gain[static_cast<size_t>(h)]);
  root["qk_gain"] = std::move(gains);
}

std::string cosine_logits_words(bool ascii, bool with_temperature) {
  const std::string cosines = ascii ? "g q^ k^T" : "g\u00B7cos(q_i, k_j)";
  return with_temperature ? cosines + " / T" : cosines;
}

const char* cosine_logits_tex_note() {
  return " QK-norm: every row of $Q$ and of $K$ divided by its length (a zero row stays zero), and the scores of these "
         "unit rows multiplied by a gain $g_h$ per head in place of $1/\\sqrt{d_k}$.";
}

std::string cosine_logits_torch_gains(const Scenario& s) {
  std::string line = "qk_gain = [";
  for (int h = 0; h < s.heads; ++h) line += (h ? ", " : "") + shortest_number(s.qk_gain[static_cast<size_t>(h)]);
  return line + "]  # QK-norm: the gain g of each head\n";
}

std::string cosine_logits_torch_logits(const std::string& divide) {
  return "    q_hat, k_hat = q / q.norm(dim=1, keepdim=True).clamp_min(1e-300), k / k.norm(dim=1, keepdim=True).clamp_min(1e-300)\n"
         "    logits = qk_gain[h] * (q_hat @ k_hat.T)" + divide + "  # QK-norm: g times the cosines (a zero row stays zero)\n";
}

const char* cosine_logits_misfit() { return "QK-norm (MultiheadAttention scores the raw q and k over \u221Ad_k)"; }

}  // namespace core
