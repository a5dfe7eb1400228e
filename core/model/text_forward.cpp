// The trained model's forward pass on a text (text_forward.h), as the script's LanguageModel.forward runs it.
#include "core/model/text_forward.h"

#include <cmath>
#include <algorithm>
#include <limits>
#include <numeric>

#include "core/math/fast_exp.h"
#include "core/math/portable_math.h"
#include "core/model/attention_math.h"  // is_masked: the scenario's masks, the script's too

namespace core {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// torch.nn.LayerNorm's default ε.
constexpr double kLayerNormEpsilon = 1e-5;

// The page shows the desktop's numbers bit for bit (tests/web/text_view.test.mjs), so every sum here is taken in one
// order: Eigen's products and reductions block and vectorise by the machine (SSE2 or AVX lanes on the desktop, the
// page's own in wasm), which adds the same terms in other orders. Products, sums and norms are therefore the loops
// below, k = 0, 1, … for every entry, from 0, and nothing fuses (core/CMakeLists.txt compiles this file with
// -ffp-contract=off); what is elementwise (a scale, a bias, a sqrt) is Eigen's, which rounds each entry alone.

// C = A·M, M(k, j) = m[k·step_k + j·step_j] (B or Bᵀ, read in place): each C(i, j) = Σ_k A(i, k)·M(k, j) summed for
// k = 0, 1, … in order. Blocks of Rows rows × 2 columns at a time, in registers: the loop over a block's rows
// vectorises (SSE2's two lanes, AVX's four, the page's two), each entry still on its own, in order.
struct Operands {
  const double* a;  // A, column-major
  Eigen::Index rows, inner, stride;
  const double* m;
  Eigen::Index step_k, step_j, cols;
  double* c;  // C, column-major, rows × cols
};

template <Eigen::Index Rows>
[[gnu::always_inline]] inline void product_blocks(const Operands& o) {
  const auto entry = [&o](Eigen::Index i, Eigen::Index j) {
    double sum = 0;
    for (Eigen::Index k = 0; k < o.inner; ++k) sum += o.a[i + k * o.stride] * o.m[k * o.step_k + j * o.step_j];
    return sum;
  };
  Eigen::Index j = 0;
  for (; j + 2 <= o.cols; j += 2) {
    Eigen::Index i0 = 0;
    for (; i0 + Rows <= o.rows; i0 += Rows) {
      double left[Rows] = {}, right[Rows] = {};
      const double* a = o.a + i0;
      const double* b = o.m + j * o.step_j;
      for (Eigen::Index k = 0; k < o.inner; ++k, a += o.stride, b += o.step_k) {
        const double b0 = b[0], b1 = b[o.step_j];
        for (Eigen::Index t = 0; t < Rows; ++t) {
          left[t] += a[t] * b0;
          right[t] += a[t] * b1;
        }
      }
      for (Eigen::Index t = 0; t < Rows; ++t) {
        o.c[i0 + t + j * o.rows] = left[t];
        o.c[i0 + t + (j + 1) * o.rows] = right[t];
      }
    }
    for (Eigen::Index i = i0; i < o.rows; ++i) o.c[i + j * o.rows] = entry(i, j), o.c[i + (j + 1) * o.rows] = entry(i, j + 1);
  }
  for (; j < o.cols; ++j)
    for (Eigen::Index i = 0; i < o.rows; ++i) o.c[i + j * o.rows] = entry(i, j);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
// AVX's four lanes, where the CPU has them (no FMA: each product and sum still rounds alone).
__attribute__((target("avx2"))) void product_blocks_avx2(const Operands& o) { product_blocks<16>(o); }
bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

MatrixXd ordered_product(const Eigen::Ref<const MatrixXd>& A, const double* m, Eigen::Index step_k, Eigen::Index step_j,
                         Eigen::Index cols) {
  MatrixXd C(A.rows(), cols);
  const Operands o{A.data(), A.rows(), A.cols(), A.outerStride(), m, step_k, step_j, cols, C.data()};
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  if (has_avx2()) {
    product_blocks_avx2(o);
    return C;
  }
#endif
  product_blocks<8>(o);
  return C;
}

MatrixXd product(const Eigen::Ref<const MatrixXd>& A, const Eigen::Ref<const MatrixXd>& B) {
  return ordered_product(A, B.data(), 1, B.outerStride(), B.cols());
}
// A·Bᵀ.
MatrixXd product_transposed(const Eigen::Ref<const MatrixXd>& A, const Eigen::Ref<const MatrixXd>& B) {
  return ordered_product(A, B.data(), B.outerStride(), 1, B.rows());
}

// The sum of x's entries (x_k², with squares) in order of k: of a row, or of a whole matrix column by column.
template <class Entries>
double sum_in_order(const Entries& x, bool squares = false) {
  double total = 0;
  for (Eigen::Index k = 0; k < x.size(); ++k) total += squares ? x(k) * x(k) : x(k);
  return total;
}
double frobenius(const MatrixXd& M) { return std::sqrt(sum_in_order(M.reshaped(), true)); }

// Each row less its mean, over its standard deviation (the biased one, as torch's), times weight plus bias.
MatrixXd layer_norm(const MatrixXd& X, const VectorXd& weight, const VectorXd& bias) {
  MatrixXd out(X.rows(), X.cols());
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    const Eigen::RowVectorXd centred = X.row(r).array() - sum_in_order(X.row(r)) / static_cast<double>(X.cols());
    const double variance = sum_in_order(centred, true) / static_cast<double>(X.cols());
    out.row(r) = (centred / std::sqrt(variance + kLayerNormEpsilon)).cwiseProduct(weight.transpose()) + bias.transpose();
  }
  return out;
}

// The script's sinusoidal(): PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle). Here and in
// RoPE, portable:: sin, cos and pow (core/math/portable_math.h), as the scenario's positions take: the page's
// libm rounds otherwise, and the page shows the desktop's numbers bit for bit (tests/web/text_view.test.mjs).
MatrixXd sinusoidal(int count, int d_model, double base) {
  MatrixXd pe(count, d_model);
  for (int p = 0; p < count; ++p)
    for (int i = 0; i < d_model / 2; ++i) {
      const double angle = p / portable::pow(base, 2.0 * i / d_model);
      pe(p, 2 * i) = portable::sin(angle);
      pe(p, 2 * i + 1) = portable::cos(angle);
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
      const double angle = static_cast<double>(p) * portable::pow(base, -2.0 * i / d);
      angles.cos(p, i) = portable::cos(angle);
      angles.sin(p, i) = portable::sin(angle);
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
    if (const double length = std::sqrt(sum_in_order(M.row(r), true)); length > 0) out.row(r) /= length;
  return out;
}

// A from the logits, row by row: the softmax, or sigmoid attention's σ(ℓ + b) with b = −ln n unless the variant gives it.
MatrixXd attention_weights(const Options& o, const MatrixXd& logits) {
  const Eigen::Index n = logits.rows();
  if (o.weights == Weights::Sigmoid) {
    const double b = o.sigmoid_bias ? *o.sigmoid_bias : -std::log(static_cast<double>(n));
    MatrixXd e = -(logits.array() + b);  // exp(−(z + b)), then σ = 1/(1 + that); −∞ (masked) gives σ = 0
    exp_in_place(e.data(), static_cast<int>(e.size()));
    return (1.0 + e.array()).inverse().matrix();
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
  out.scores = product_transposed(q, k);
  const MatrixXd raw = o.qk_norm ? MatrixXd(layer.qk_gain(h) * product_transposed(unit_rows(q), unit_rows(k))) : out.scores;
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
    q0 = product(X, layer.W[static_cast<size_t>(h)]);
    k0 = X;
    return;
  }
  q0 = product(X, layer.W_Q.middleCols(h * m.d_qk, m.d_qk));
  k0 = m.options.shared_qk ? q0 : product(X, layer.W_K.middleCols(h * m.d_qk, m.d_qk));
}

// The attention sublayer on the normalised stream X: every head's numbers into heads, and its output for the last
// `rows` positions (the last layer's is needed for the last alone: a row's output is the same alone as among all).
MatrixXd attention(const TrainedModel& m, const TrainedLayer& layer, const MatrixXd& X, const RopeAngles& angles,
                   std::vector<TextHead>& heads, Eigen::Index rows) {
  MatrixXd concat(rows, m.heads * m.d_k);
  heads.assign(static_cast<size_t>(m.heads), {});
  for (int h = 0; h < m.heads; ++h) {
    TextHead& head = heads[static_cast<size_t>(h)];
    MatrixXd q0, k0;
    project_queries_and_keys(m, layer, h, X, q0, k0);
    score_head(m, layer, h, q0, k0, angles, head);
    if (m.options.shared_qk && !m.options.merged_qk) {
      head.weights_qq = head.weights;  // W^K is W^Q already: the same numbers
    } else {
      TextHead with_qq;
      score_head(m, layer, h, q0, q0, angles, with_qq);  // W^Q on both sides: the keys are the queries as projected
      head.weights_qq = std::move(with_qq.weights);
    }
    split_scores(head);
    MatrixXd output = product(head.weights.bottomRows(rows), product(X, layer.W_V.middleCols(h * m.d_k, m.d_k)));
    if (m.options.head_output == HeadOutput::Alt)  // AttentionAlt: (1/√d_k)·A·V·W_altᵀ
      output = product_transposed(output, layer.W_alt[static_cast<size_t>(h)]) / std::sqrt(static_cast<double>(m.d_k));
    concat.middleCols(h * m.d_k, m.d_k) = output;
  }
  return product(concat, layer.W_O);
}

// GELU, exact (torch's default): x·Φ(x) = x/2·(1 + erf(x/√2)).
MatrixXd gelu(const MatrixXd& X) {
  return X.unaryExpr([](double x) { return 0.5 * x * (1.0 + portable::erf(x / std::sqrt(2.0))); });
}

}  // namespace

MatrixXd softmax_rows(const MatrixXd& logits) {
  MatrixXd A = MatrixXd::Zero(logits.rows(), logits.cols());
  std::vector<double> kept(static_cast<size_t>(logits.cols()));
  std::vector<Eigen::Index> where(kept.size());
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    // The row's entries above −∞ (a masked one's weight is 0, and adding 0 changes no sum), less the row's largest.
    const double largest = logits.row(i).maxCoeff();
    int count = 0;
    for (Eigen::Index j = 0; j < logits.cols(); ++j)
      if (logits(i, j) != -std::numeric_limits<double>::infinity()) {
        kept[static_cast<size_t>(count)] = logits(i, j) - largest;
        where[static_cast<size_t>(count++)] = j;
      }
    exp_in_place(kept.data(), count);  // the same bits on every machine (fast_exp.h)
    double sum = 0;
    for (int k = 0; k < count; ++k) sum += kept[static_cast<size_t>(k)];
    for (int k = 0; k < count; ++k) A(i, where[static_cast<size_t>(k)]) = kept[static_cast<size_t>(k)] / sum;
  }
  return A;
}

void split_scores(TextHead& head) {
  const MatrixXd& S = head.scores;
  head.scores_sym = (S + S.transpose()) / 2;
  head.scores_antisym = (S - S.transpose()) / 2;
  const double size = frobenius(S);
  head.asymmetry = size > 0 ? frobenius(head.scores_antisym) / size : 0.0;
}

TextHead recorded_head(const MatrixXd& Q, const MatrixXd& K, const MatrixXd& mask, double scale) {
  TextHead head;
  head.scores = product_transposed(Q, K);
  head.logits = scale * head.scores + mask;
  head.weights = softmax_rows(head.logits);
  head.weights_qq = softmax_rows(scale * product_transposed(Q, Q) + mask);
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
    // After the last layer only the last position's row is read (the next byte's logits): the rest of its stream is
    // not computed. Every row's numbers are its own, so the last one's are the same bits either way.
    const Eigen::Index rows = l + 1 == m.layers.size() ? 1 : n;
    X.bottomRows(rows) += attention(m, layer, out.inputs.back(), angles, out.layers[l], rows);
    const MatrixXd hidden = gelu(product(layer_norm(X.bottomRows(rows), layer.norm2_weight, layer.norm2_bias), layer.mlp_in).rowwise() +
                                 layer.mlp_in_bias.transpose());
    X.bottomRows(rows) += product(hidden, layer.mlp_out).rowwise() + layer.mlp_out_bias.transpose();
  }
  const MatrixXd last = layer_norm(X.bottomRows(1), m.norm_weight, m.norm_bias);
  out.next_logits = product(last, m.unembed).transpose() + m.unembed_bias;
  return out;
}

std::vector<NextByte> likeliest_next(const VectorXd& logits, int count) {
  Eigen::ArrayXd e = logits.array() - logits.maxCoeff();
  exp_in_place(e.data(), static_cast<int>(e.size()));
  const Eigen::ArrayXd p = e / sum_in_order(e);
  std::vector<int> bytes(static_cast<size_t>(logits.size()));
  std::iota(bytes.begin(), bytes.end(), 0);
  std::stable_sort(bytes.begin(), bytes.end(), [&](int a, int b) { return p(a) > p(b); });
  std::vector<NextByte> top;
  for (int k = 0; k < std::min(count, static_cast<int>(bytes.size())); ++k) top.push_back({bytes[static_cast<size_t>(k)], p(bytes[static_cast<size_t>(k)])});
  return top;
}

}  // namespace core
