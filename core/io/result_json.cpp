#include "core/io/result_json.h"

#include <cmath>

#include "core/designs/cosine_logits.h"
#include "core/designs/one_w.h"
#include "core/model/effective_parameters.h"
#include "core/model/freedom.h"

namespace core {

namespace {

OrderedJson vector_json(const Vec& v) {
  OrderedJson out = OrderedJson::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v(i));
  return out;
}

}  // namespace

OrderedJson result_to_json(const Scenario& s, const Result& r) {
  const bool projected = r.mode == Mode::Projected;
  const ScoreFreedom freedom = score_freedom(s);  // every head's: they share X and the sizes
  const int effective = effective_parameters(s).count;  // likewise; projected mode only
  OrderedJson heads = OrderedJson::array();
  for (int h = 0; h < r.heads; ++h) {
    const HeadResult& hr = r.head[h];
    OrderedJson j;
    j["Q"] = matrix_to_json(hr.Q);
    j["K"] = matrix_to_json(hr.K);
    j["V"] = matrix_to_json(hr.V);
    j["scores"] = matrix_to_json(hr.scores);
    j["logits"] = matrix_to_json(hr.logits);
    j["weights"] = matrix_to_json(hr.weights);
    j["row_sums"] = vector_json(hr.row_sums);
    j["entropy"] = vector_json(hr.entropy);
    j["output"] = matrix_to_json(hr.output);
    j["alt_output"] = matrix_to_json(hr.alt_output);
    j["QQt"] = matrix_to_json(hr.QQt);
    if (hr.square()) {
      j["scores_sym"] = matrix_to_json(hr.scores_sym);
      j["scores_antisym"] = matrix_to_json(hr.scores_antisym);
      j["asymmetry"] = hr.asymmetry;
    } else {  // S is n×m with n ≠ m: Sᵀ has another shape, and no symmetric part exists
      j["scores_sym"] = nullptr;
      j["scores_antisym"] = nullptr;
      j["asymmetry"] = nullptr;
    }
    if (std::isnan(hr.irreversibility)) j["irreversibility"] = nullptr;
    else j["irreversibility"] = hr.irreversibility;
    j["degrees_of_freedom"] = {{"scores", freedom.scores}, {"QQt", freedom.qqt}};
    if (projected) {
      j["W_QK"] = matrix_to_json(hr.W_QK);
      j["W_QK_singular_values"] = vector_json(hr.W_QK_singular_values);
      j["W_QK_rank"] = hr.W_QK_rank;
      j["effective_parameters"] = effective;
    }
    heads.push_back(std::move(j));
  }
  OrderedJson out;
  out["tokens"] = s.tokens;
  if (s.cross()) out["tokens_kv"] = s.tokens_kv;
  out["heads"] = std::move(heads);
  out["concat"] = matrix_to_json(r.concat);
  out["output"] = matrix_to_json(r.output);
  if (projected) out["params"] = {{"separate", r.params.separate}, {"merged", r.params.merged}};
  if (r.has_loss) out["loss"] = r.loss;
  return out;
}

OrderedJson gradient_to_json(const Scenario& s, const Gradient& g, double loss) {
  const auto per_head = [&](const std::array<Mat, kMaxHeads>& ms) {
    OrderedJson out = OrderedJson::array();
    for (int h = 0; h < s.heads; ++h) out.push_back(matrix_to_json(ms[h]));
    return out;
  };
  OrderedJson grad;
  if (s.mode == Mode::Projected) {
    grad["X"] = matrix_to_json(g.X);
    if (s.cross()) grad["X_kv"] = matrix_to_json(g.X_kv);
    if (one_w(s.options)) {
      grad["W"] = per_head(g.W);
    } else {
      grad["W_Q"] = per_head(g.W_Q);
      grad["W_K"] = per_head(g.W_K);
    }
    grad["W_V"] = per_head(g.W_V);
  } else {
    grad["Q"] = per_head(g.Q);
    grad["K"] = per_head(g.K);
    grad["V"] = per_head(g.V);
  }
  grad["W_O"] = matrix_to_json(g.W_O);
  if (s.has_W_alt) grad["W_alt"] = per_head(g.W_alt);
  if (cosine_logits(s.options)) {
    OrderedJson gains = OrderedJson::array();
    for (int h = 0; h < s.heads; ++h) gains.push_back(g.qk_gain[static_cast<size_t>(h)]);
    grad["qk_gain"] = std::move(gains);
  }
  OrderedJson out;
  out["loss"] = loss;
  out["grad"] = std::move(grad);
  return out;
}

}  // namespace core
