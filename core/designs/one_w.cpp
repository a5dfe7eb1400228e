#include "core/designs/one_w.h"

#include <nlohmann/json.hpp>

namespace core {

namespace {

// validate()'s and the file reader's words for a one W that does not fit.
constexpr const char* kOneWDirectProblem =
    "options.merged_qk: only in projected mode (one W_h between the rows of X), and mode is \"direct\"";
constexpr const char* kOneWSharedProblem =
    "options.merged_qk: cannot be combined with options.shared_qk (one W_h already replaces W_Q and W_K)";

}  // namespace

void one_w_backward(const Mat& Xq, const Mat& dQ, const Mat& dK0, const Mat& W, Mat& dW, Mat& dX, Mat& dXkv) {
  dW.noalias() += Xq.transpose() * dQ;
  dX.noalias() += dQ * W.transpose();
  dXkv += dK0;
}

void start_one_w(Scenario& s) {
  for (int h = 0; h < s.heads; ++h)
    s.W[h].noalias() = s.W_Q[h] * (s.options.shared_qk ? s.W_Q[h] : s.W_K[h]).transpose();
}

void one_w_problems(const Scenario& s, std::vector<std::string>& problems) {
  if (one_w(s.options) && s.mode != Mode::Projected)
    problems.push_back(kOneWDirectProblem);
  if (one_w(s.options) && s.options.shared_qk)
    problems.push_back(kOneWSharedProblem);
}

bool check_one_w_fields(const nlohmann::json& root, const Scenario& s, std::vector<std::string>& errors) {
  const bool mode_ok = s.mode == Mode::Projected;
  if (!mode_ok)
    errors.push_back(kOneWDirectProblem);
  for (const char* key : {"W_Q", "W_K"})
    if (root.contains(key))
      errors.push_back(std::string(key) + ": not with options.merged_qk, where one W per head replaces W_Q and W_K");
  if (s.options.shared_qk)
    errors.push_back(kOneWSharedProblem);
  return mode_ok;
}

void one_w_misfits(const Scenario& s, std::vector<std::string>& misfits) {
  if (s.mode == Mode::Projected && one_w(s.options))
    misfits.push_back("merged W_h (MultiheadAttention has separate W_Q and W_K, d_model\u00D7d_k per head)");
}

std::string one_w_tex(const std::string& queries, const std::string& keys, const std::string& keys_t) {
  return "Projected mode with merged QK: one $W_h$ ($d_{\\text{model}}\\times d_{\\text{model}}$) per head "
         "replaces $W^Q$ and $W^K$: $Q = " + queries + "W_h$, $K = " + keys + "$, $V = " + keys +
         "W^V$, so $S = " + queries + "W_h" + keys_t + "$ (still divided by $\\sqrt{d_k}$).";
}

std::string one_w_torch_matrices(const std::string& heads, const std::string& X_kv) {
  return "W = " + heads + "  # merged QK: per head one d_model x d_model W_h, Q = X W_h, K = " + X_kv + "\n";
}

std::string one_w_torch_projection(const std::string& X_kv) {
  return "    q, k, v = X @ W[h], " + X_kv + ", " + X_kv + " @ W_V[h]  # merged QK: S = X W_h " + X_kv + "^T\n";
}

}  // namespace core
