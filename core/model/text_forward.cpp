// The trained model's forward pass on a text (text_forward.h), as the script's LanguageModel.forward runs it.
#include "core/model/text_forward.h"

#include <cmath>
#include <algorithm>
#include <limits>
#include <numeric>

#include "core/model/attention_math.h"  // is_masked: the scenario's masks, the script's too

namespace core {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// torch.nn.LayerNorm's default ε.
constexpr double kLayerNormEpsilon = 1e-5;

// Each row less its mean, over its standard deviation (the biased one, as torch's), times weight plus bias.
MatrixXd layer_norm(const MatrixXd& X, const VectorXd& weight, const VectorXd& bias) {
  MatrixXd out(X.rows(), X.cols());
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    const Eigen::RowVectorXd centred = X.row(r).array() - X.row(r).mean();
    const double variance = centred.squaredNorm() / static_cast<double>(X.cols());
    out.row(r) = (centred / std::sqrt(variance + kLayerNormEpsilon)).cwiseProduct(weight.transpose()) + bias.transpose();
  }
  return out;
}

// The script's sinusoidal(): PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle).
MatrixXd sinusoidal(int count, int d_model, double base) {
  MatrixXd pe(count, d_model);
  for (int p = 0; p < count; ++p)
    for (int i = 0; i < d_model / 2; ++i) {
      const double angle = p / std::pow(base, 2.0 * i / d_model);
      pe(p, 2 * i) = std::sin(angle);
      pe(p, 2 * i + 1) = std::cos(angle);
    }
  return pe;
}

// RoPE's cos and sin of p·base^(−2i/d) for each position p and pair i of a d-wide row (the script's rotate_pairs()):
// made once a text, for every head of every layer.
struct RopeAngles {
  MatrixXd cos, sin;  // n × d/2
};

RopeAngles rope_angles(int n, int d, double base) {
  RopeAngles angles{MatrixXd(n, d / 2), MatrixXd(n, d / 2)};
  for (int p = 0; p < n; ++p)
    for (int i = 0; i < d / 2; ++i) {
      const double angle = static_cast<double>(p) * std::pow(base, -2.0 * i / d);
      angles.cos(p, i) = std::cos(angle);
      angles.sin(p, i) = std::sin(angle);
    }
  return angles;
}

// In row p, each pair (2i, 2i+1) turned by its angle.
MatrixXd rotate_pairs(const MatrixXd& M, const RopeAngles& angles) {
  MatrixXd out = M;
  for (Eigen::Index p = 0; p < M.rows(); ++p)
    for (Eigen::Index i = 0; i < M.cols() / 2; ++i) {
      const double c = angles.cos(p, i), s = angles.sin(p, i), x = M(p, 2 * i), y = M(p, 2 * i + 1);
      out(p, 2 * i) = c * x - s * y;
      out(p, 2 * i + 1) = s * x + c * y;
    }
  return out;
}

// Each row over its length; a zero row stays zero.
MatrixXd unit_rows(const MatrixXd& M) {
  MatrixXd out = M;
  for (Eigen::Index r = 0; r < M.rows(); ++r)
    if (const double length = M.row(r).norm(); length > 0) out.row(r) /= length;
  return out;
}

// A from the logits, row by row: the softmax, or sigmoid attention's σ(ℓ + b) with b = −ln n unless the variant gives it.
MatrixXd attention_weights(const Options& o, const MatrixXd& logits) {
  const Eigen::Index n = logits.rows();
  if (o.weights == Weights::Sigmoid) {
    const double b = o.sigmoid_bias ? *o.sigmoid_bias : -std::log(static_cast<double>(n));
    return logits.unaryExpr([b](double z) { return 1.0 / (1.0 + std::exp(-(z + b))); });
  }
  return softmax_rows(logits);
}

// One head's scores, logits and weights from its queries and keys as projected (before normalize_keys and RoPE).
// The scale is √ of the query-key width, one W's √d_k, as the script's.
void score_head(const TrainedModel& m, const TrainedLayer& layer, int h, const MatrixXd& q0, const MatrixXd& k0,
                const RopeAngles& angles, TextHead& out) {
  const Options& o = m.options;
  MatrixXd q = q0, k = o.normalize_keys ? unit_rows(k0) : k0;
  if (o.positions == Positions::Rope) {
    q = rotate_pairs(q, angles);
    k = rotate_pairs(k, angles);
  }
  out.scores = q * k.transpose();
  const MatrixXd raw = o.qk_norm ? MatrixXd(layer.qk_gain(h) * (unit_rows(q) * unit_rows(k).transpose())) : out.scores;
  const int width = o.merged_qk ? m.d_k : m.d_qk;
  const double divisor = (o.scale == Scale::SqrtDk ? std::sqrt(static_cast<double>(width)) : 1.0) * o.temperature;
  const int n = static_cast<int>(q.rows());
  out.logits = raw / divisor;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (detail::is_masked(o, i, j, n)) out.logits(i, j) = -std::numeric_limits<double>::infinity();
  out.weights = attention_weights(o, out.logits);
}

// Head h's queries (before RoPE) and keys (before normalize_keys and RoPE): x·W^Q and x·W^K (W^Q under shared QK),
// or one W's x·W_h and x.
void project_queries_and_keys(const TrainedModel& m, const TrainedLayer& layer, int h, const MatrixXd& X, MatrixXd& q0, MatrixXd& k0) {
  if (m.options.merged_qk) {
    q0 = X * layer.W[static_cast<size_t>(h)];
    k0 = X;
    return;
  }
  q0 = X * layer.W_Q.middleCols(h * m.d_qk, m.d_qk);
  k0 = m.options.shared_qk ? q0 : MatrixXd(X * layer.W_K.middleCols(h * m.d_qk, m.d_qk));
}

// The attention sublayer on the normalised stream X: every head's numbers into heads, its output returned.
MatrixXd attention(const TrainedModel& m, const TrainedLayer& layer, const MatrixXd& X, const RopeAngles& angles,
                   std::vector<TextHead>& heads) {
  MatrixXd concat(X.rows(), m.heads * m.d_k);
  heads.assign(static_cast<size_t>(m.heads), {});
  for (int h = 0; h < m.heads; ++h) {
    TextHead& head = heads[static_cast<size_t>(h)];
    MatrixXd q0, k0;
    project_queries_and_keys(m, layer, h, X, q0, k0);
    TextHead with_qq;
    score_head(m, layer, h, q0, q0, angles, with_qq);  // W^Q on both sides: the keys are the queries as projected
    score_head(m, layer, h, q0, k0, angles, head);
    head.weights_qq = std::move(with_qq.weights);
    split_scores(head);
    MatrixXd output = head.weights * (X * layer.W_V.middleCols(h * m.d_k, m.d_k));
    if (m.options.head_output == HeadOutput::Alt)  // AttentionAlt: (1/√d_k)·A·V·W_altᵀ
      output = output * layer.W_alt[static_cast<size_t>(h)].transpose() / std::sqrt(static_cast<double>(m.d_k));
    concat.middleCols(h * m.d_k, m.d_k) = output;
  }
  return concat * layer.W_O;
}

// GELU, exact (torch's default): x·Φ(x) = x/2·(1 + erf(x/√2)).
MatrixXd gelu(const MatrixXd& X) {
  return X.unaryExpr([](double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); });
}

}  // namespace

MatrixXd softmax_rows(const MatrixXd& logits) {
  MatrixXd A(logits.rows(), logits.cols());
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    A.row(i) = (logits.row(i).array() - logits.row(i).maxCoeff()).exp();  // less the row's largest: no overflow
    A.row(i) /= A.row(i).sum();
  }
  return A;
}

void split_scores(TextHead& head) {
  const MatrixXd& S = head.scores;
  head.scores_sym = (S + S.transpose()) / 2;
  head.scores_antisym = (S - S.transpose()) / 2;
  const double size = S.norm();
  head.asymmetry = size > 0 ? head.scores_antisym.norm() / size : 0.0;
}

TextHead recorded_head(const MatrixXd& Q, const MatrixXd& K, const MatrixXd& mask, double scale) {
  TextHead head;
  head.scores = Q * K.transpose();
  head.logits = scale * head.scores + mask;
  head.weights = softmax_rows(head.logits);
  head.weights_qq = softmax_rows(scale * (Q * Q.transpose()) + mask);
  split_scores(head);
  return head;
}

TextForward text_forward(const TrainedModel& m, std::string_view text) {
  const int n = static_cast<int>(text.size());
  MatrixXd X(n, m.d_model);
  for (int p = 0; p < n; ++p) X.row(p) = m.embed.row(static_cast<unsigned char>(text[static_cast<size_t>(p)]));
  if (m.options.positions == Positions::Sinusoidal) X += sinusoidal(n, m.d_model, m.options.position_base);
  const RopeAngles angles = m.options.positions == Positions::Rope ? rope_angles(n, m.d_qk, m.options.position_base) : RopeAngles{};
  TextForward out;
  out.layers.resize(m.layers.size());
  for (size_t l = 0; l < m.layers.size(); ++l) {
    const TrainedLayer& layer = m.layers[l];
    out.inputs.push_back(layer_norm(X, layer.norm1_weight, layer.norm1_bias));
    X += attention(m, layer, out.inputs.back(), angles, out.layers[l]);
    const MatrixXd hidden = gelu((layer_norm(X, layer.norm2_weight, layer.norm2_bias) * layer.mlp_in).rowwise() +
                                 layer.mlp_in_bias.transpose());
    X += (hidden * layer.mlp_out).rowwise() + layer.mlp_out_bias.transpose();
  }
  const MatrixXd last = layer_norm(X.bottomRows(1), m.norm_weight, m.norm_bias);
  out.next_logits = (last * m.unembed).transpose() + m.unembed_bias;
  return out;
}

std::vector<NextByte> likeliest_next(const VectorXd& logits, int count) {
  const Eigen::ArrayXd e = (logits.array() - logits.maxCoeff()).exp();
  const Eigen::ArrayXd p = e / e.sum();
  std::vector<int> bytes(static_cast<size_t>(logits.size()));
  std::iota(bytes.begin(), bytes.end(), 0);
  std::stable_sort(bytes.begin(), bytes.end(), [&](int a, int b) { return p(a) > p(b); });
  std::vector<NextByte> top;
  for (int k = 0; k < std::min(count, static_cast<int>(bytes.size())); ++k) top.push_back({bytes[static_cast<size_t>(k)], p(bytes[static_cast<size_t>(k)])});
  return top;
}

}  // namespace core
