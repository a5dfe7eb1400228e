#include "core/training/train_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/designs/cosine_logits.h"
#include "core/designs/sigmoid_attention.h"
#include "core/math/fast_exp.h"
#include "core/math/fixed_sizes.h"
#include "core/model/attention_math.h"
#include "core/model/positions.h"

namespace core {

namespace {

using detail::multiply;
using detail::with_sizes;

// Copies a matrix into a flat row-major array of its own width.
template <class M>
void flatten(const M& m, double* out) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) out[r * m.cols() + c] = m(r, c);
}

template <class M>
void unflatten(const double* in, M& m) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) m(r, c) += in[r * m.cols() + c];
}

// g (INNER × COLS) += aᵀ · b, a rows × INNER, b rows × COLS: ∂W of a product X·W.
// Each entry's sum runs over the rows in order, as a loop per entry would; with the
// rows outside, the INNER × COLS sums build side by side in registers.
template <int INNER, int COLS>
inline void add_transposed_product(const double* a, const double* b, double* g, int rows) {
  double sum[INNER][COLS] = {};
  for (int i = 0; i < rows; ++i)
    for (int k = 0; k < INNER; ++k)
      for (int c = 0; c < COLS; ++c) sum[k][c] += a[i * INNER + k] * b[i * COLS + c];
  for (int k = 0; k < INNER; ++k)
    for (int c = 0; c < COLS; ++c) g[k * COLS + c] += sum[k][c];
}

// Each row of M (rows × cols) over its length, as detail::normalize_rows: by its
// largest entry first (the plain sum of squares underflows for a row like
// (1e-200, 0)), a zero row kept, its length 0.
void normalize_rows_flat(double* M, int rows, int cols, double* length) {
  for (int j = 0; j < rows; ++j) {
    double* k = M + j * cols;
    double largest = 0;
    for (int c = 0; c < cols; ++c) largest = std::max(largest, std::fabs(k[c]));
    length[j] = 0;
    if (largest == 0) continue;
    double squares = 0;
    for (int c = 0; c < cols; ++c) {
      k[c] /= largest;
      squares += k[c] * k[c];
    }
    const double norm = std::sqrt(squares);
    for (int c = 0; c < cols; ++c) k[c] /= norm;
    length[j] = largest * norm;
  }
}

// Back through it: ∂k0 = (∂k − k (k·∂k)) / ‖k0‖, in place on ∂k (rows × cols), with k
// the normalised rows. A zero row has no direction to move in: it passes nothing.
void normalize_rows_backward_flat(const double* K, const double* length, double* dK, int rows, int cols) {
  for (int j = 0; j < rows; ++j) {
    double* dk = dK + j * cols;
    const double* k = K + j * cols;
    if (length[j] == 0) {
      for (int c = 0; c < cols; ++c) dk[c] = 0;
      continue;
    }
    double along = 0;
    for (int c = 0; c < cols; ++c) along += k[c] * dk[c];
    for (int c = 0; c < cols; ++c) dk[c] = (dk[c] - along * k[c]) / length[j];
  }
}

}  // namespace

void KernelGradient::zero() { std::memset(this, 0, sizeof *this); }

struct TrainKernel::Work {
  double Xq[kMaxTokens * kMaxDModel];   // X + PE, under sinusoidal positions
  double Xkv[kMaxTokens * kMaxDModel];  // X_kv + PE, under sinusoidal positions and cross-attention
  const double* xq;                      // what the queries read: X, or Xq
  const double* xkv;                     // what the keys and values read: X, X_kv, Xq or Xkv
  double Q[kMaxHeads][kMaxTokens * kMaxDModel];  // after RoPE
  double K[kMaxHeads][kMaxTokens * kMaxDModel];  // after normalize_keys and RoPE
  double length[kMaxHeads][kMaxTokens];           // normalize_keys, cosine logits: each key's length before (0: a zero key)
  double q_length[kMaxHeads][kMaxTokens];         // cosine logits: each query's
  double V[kMaxHeads][kMaxTokens * kMaxDk];
  double A[kMaxHeads][kMaxTokens * kMaxTokens];   // n × m
  double O[kMaxHeads][kMaxTokens * kMaxDk];
  double concat[kMaxTokens * kMaxConcat];
  double residual[kMaxTokens * kMaxDModel];       // Y − target (Y itself without a target)
};

void TrainKernel::load(const Scenario& s) {
  n_ = s.n();
  m_ = s.m();
  cross_ = s.cross();
  dm_ = s.d_model;
  dk_ = s.d_k;
  heads_ = s.heads;
  o_ = s.options;
  merged_ = o_.merged_qk;
  alt_ = o_.head_output == HeadOutput::Alt;
  sinusoidal_ = o_.positions == Positions::Sinusoidal;
  rope_ = o_.positions == Positions::Rope;
  cosine_ = cosine_logits(o_);
  sigmoid_ = sigmoid_weights(o_);
  sigmoid_bias_ = sigmoid_bias(s);
  qk_cols_ = merged_ ? dm_ : dk_;
  inverse_divisor_ = 1.0 / detail::logit_divisor(s);
  alt_scale_ = 1.0 / std::sqrt(static_cast<double>(dk_));
  for (int i = 0; i < n_; ++i)
    for (int j = 0; j < m_; ++j) masked_[i][j] = detail::is_masked(o_, i, j, n_);
  if (sinusoidal_) {  // as detail::projection_inputs: each sequence counts its positions from 0
    Mat pe;
    sinusoidal_encoding(n_, dm_, o_.position_base, pe);
    flatten(pe, pe_q_);
    sinusoidal_encoding(m_, dm_, o_.position_base, pe);
    flatten(pe, pe_kv_);
  }
  if (rope_)  // as rope_rotate: the angle p·θ_i, θ_i = base^(−2i/d_k)
    for (int p = 0; p < std::max(n_, m_); ++p)
      for (int pair = 0; 2 * pair + 1 < dk_; ++pair) {
        const double angle = static_cast<double>(p) * rope_frequency(pair, dk_, o_.position_base);
        rope_cos_[p][pair] = std::cos(angle);
        rope_sin_[p][pair] = std::sin(angle);
      }
  for (int h = 0; h < heads_; ++h) {
    if (merged_) {
      flatten(s.W[h], W_Q_[h]);
    } else {
      flatten(s.W_Q[h], W_Q_[h]);
      flatten(o_.shared_qk ? s.W_Q[h] : s.W_K[h], W_K_[h]);
    }
    flatten(s.W_V[h], W_V_[h]);
    gain_[h] = s.qk_gain[static_cast<size_t>(h)];
    if (alt_ && s.has_W_alt) {
      flatten(s.W_alt[h], W_alt_[h]);
    } else {
      for (int r = 0; r < dk_; ++r)
        for (int c = 0; c < dk_; ++c) W_alt_[h][r * dk_ + c] = r == c ? 1.0 : 0.0;
    }
  }
  flatten(s.W_O, W_O_);
}

// Row p of M turned by p·θ_i in each pair (2i, 2i+1); back: by −p·θ_i, which is
// also the backward pass of the rotation (its transpose). Position 0 does not turn.
void TrainKernel::rotate(double* M, int rows, bool back) const {
  const int dk = dk_;
  for (int p = 1; p < rows; ++p)
    for (int pair = 0; 2 * pair + 1 < dk; ++pair) {
      const double c = rope_cos_[p][pair], s = back ? -rope_sin_[p][pair] : rope_sin_[p][pair];
      double* v = M + p * dk + 2 * pair;
      const double x = v[0], y = v[1];
      v[0] = c * x - s * y;
      v[1] = s * x + c * y;
    }
}

template <int DM, int QC, int DK>
double TrainKernel::forward(const double* X, const double* X_kv, const double* target, Work& w) const {
  constexpr int dm = DM, dk = DK, qc = QC;
  const int n = n_, m = m_, wide = heads_ * DK;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  // What the projections read: the queries X, the keys and values X_kv under
  // cross-attention (else X); under sinusoidal positions each plus its PE.
  w.xq = X;
  w.xkv = cross_ ? X_kv : X;
  if (sinusoidal_) {
    for (int i = 0; i < n * dm; ++i) w.Xq[i] = X[i] + pe_q_[i];
    w.xq = w.Xq;
    if (cross_) {
      for (int i = 0; i < m * dm; ++i) w.Xkv[i] = X_kv[i] + pe_kv_[i];
      w.xkv = w.Xkv;
    } else {
      w.xkv = w.Xq;
    }
  }
  const double* xq = w.xq;
  const double* xkv = w.xkv;
  for (int h = 0; h < heads_; ++h) {
    double* Q = w.Q[h];
    double* K = w.K[h];
    multiply<DM, QC>(xq, W_Q_[h], Q, n);
    if (merged_) std::memcpy(K, xkv, sizeof(double) * static_cast<size_t>(m * dm));  // K = X (X_kv)
    else multiply<DM, QC>(xkv, W_K_[h], K, m);
    multiply<DM, DK>(xkv, W_V_[h], w.V[h], m);
    if (o_.normalize_keys) normalize_rows_flat(K, m, qc, w.length[h]);
    if (rope_) {  // after normalize_keys, as compute() (never with one W: Q and K have d_k columns)
      rotate(Q, n, false);
      rotate(K, m, false);
    }
    // Cosine logits (cosine_logits.h): q and k over their lengths after RoPE (as compute(): a
    // turn keeps a length), so that the scores below are the cosines, times the gain g_h.
    if (cosine_) {
      normalize_rows_flat(Q, n, qc, w.q_length[h]);
      normalize_rows_flat(K, m, qc, w.length[h]);
    }
    const double gain = gain_[h];
    // Logits, masked entries −∞; each row less its largest, exp'd together, normalised.
    double* A = w.A[h];
    for (int i = 0; i < n; ++i) {
      double row_max = -kInf;
      for (int j = 0; j < m; ++j) {
        double s = 0;
        for (int c = 0; c < qc; ++c) s += Q[i * qc + c] * K[j * qc + c];
        const double z = masked_[i][j] ? -kInf : (cosine_ ? gain * s : s) * inverse_divisor_;
        A[i * m + j] = z;
        row_max = std::max(row_max, z);
      }
      if (!sigmoid_)
        for (int j = 0; j < m; ++j) A[i * m + j] -= row_max;
    }
    if (sigmoid_) {  // each weight σ(z + b) on its own (core/designs/sigmoid_attention.h)
      sigmoid_in_place(A, n * m, sigmoid_bias_);
    } else {
      exp_in_place(A, n * m);
      for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int j = 0; j < m; ++j) sum += A[i * m + j];
        const double inverse = 1.0 / sum;
        for (int j = 0; j < m; ++j) A[i * m + j] *= inverse;
      }
    }
    // O = A·V, each O_ic summed over j in order (so below: the sums over a
    // runtime length with the fixed-size loop inside, side by side).
    double* O = w.O[h];
    for (int i = 0; i < n; ++i) {
      double s[DK] = {};
      for (int j = 0; j < m; ++j)
        for (int c = 0; c < dk; ++c) s[c] += A[i * m + j] * w.V[h][j * dk + c];
      for (int c = 0; c < dk; ++c) O[i * dk + c] = s[c];
    }
    for (int i = 0; i < n; ++i)
      for (int c = 0; c < dk; ++c) {
        double v = O[i * dk + c];
        if (alt_) {  // (1/√d_k)·O·W_altᵀ
          double s = 0;
          for (int d = 0; d < dk; ++d) s += O[i * dk + d] * W_alt_[h][c * dk + d];
          v = alt_scale_ * s;
        }
        w.concat[i * wide + h * dk + c] = v;
      }
  }
  for (int i = 0; i < n; ++i) {
    double s[DM] = {};
    for (int j = 0; j < wide; ++j)
      for (int c = 0; c < dm; ++c) s[c] += w.concat[i * wide + j] * W_O_[j * dm + c];
    for (int c = 0; c < dm; ++c) w.residual[i * dm + c] = s[c];
  }
  if (!target) return 0;
  double squares = 0;
  for (int i = 0; i < n * dm; ++i) {
    w.residual[i] -= target[i];
    squares += w.residual[i] * w.residual[i];
  }
  return squares / static_cast<double>(n * dm);
}

template <int DM, int QC, int DK>
double TrainKernel::backward(const double* X, const double* X_kv, const double* target, double weight,
                             KernelGradient& g) const {
  Work w;
  const double loss = forward<DM, QC, DK>(X, X_kv, target, w);
  constexpr int dm = DM, dk = DK, qc = QC;
  const int n = n_, m = m_, wide = heads_ * DK;
  const double* xq = w.xq;    // PE is a constant: ∂X' = ∂X, and ∂W^Q = X'ᵀ·∂Q
  const double* xkv = w.xkv;
  // ∂L/∂Y = 2(Y − target)/(n·d_model), times the caller's weight.
  double dY[kMaxTokens * kMaxDModel];
  const double factor = 2.0 * weight / static_cast<double>(n * dm);
  for (int i = 0; i < n * dm; ++i) dY[i] = factor * w.residual[i];
  {
    double s[kMaxConcat][DM] = {};
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < wide; ++j)
        for (int c = 0; c < dm; ++c) s[j][c] += w.concat[i * wide + j] * dY[i * dm + c];
    for (int j = 0; j < wide; ++j)
      for (int c = 0; c < dm; ++c) g.W_O[j * dm + c] += s[j][c];
  }
  double dconcat[kMaxTokens * kMaxConcat];  // dY · W_Oᵀ
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < wide; ++j) {
      double s = 0;
      for (int c = 0; c < dm; ++c) s += dY[i * dm + c] * W_O_[j * dm + c];
      dconcat[i * wide + j] = s;
    }
  for (int h = 0; h < heads_; ++h) {
    const double* A = w.A[h];
    const double* V = w.V[h];
    const double* O = w.O[h];
    const double* Q = w.Q[h];
    const double* K = w.K[h];
    double dO[kMaxTokens * kMaxDk];
    for (int i = 0; i < n; ++i)
      for (int d = 0; d < dk; ++d) {
        const double* dH = dconcat + i * wide + h * dk;
        if (alt_) {  // H = c·O·W_altᵀ: ∂O = c·∂H·W_alt, ∂W_alt += c·∂Hᵀ·O
          double s = 0;
          for (int c = 0; c < dk; ++c) s += dH[c] * W_alt_[h][c * dk + d];
          dO[i * dk + d] = alt_scale_ * s;
        } else {
          dO[i * dk + d] = dH[d];
        }
      }
    if (alt_)
      for (int c = 0; c < dk; ++c)
        for (int d = 0; d < dk; ++d) {
          double s = 0;
          for (int i = 0; i < n; ++i) s += dconcat[i * wide + h * dk + c] * O[i * dk + d];
          g.W_alt[h][c * dk + d] += alt_scale_ * s;
        }
    // ∂A = ∂O·Vᵀ, ∂V = Aᵀ·∂O; then the softmax: ∂S_ij = A_ij (∂A_ij − Σ_k A_ik ∂A_ik) / divisor
    // (sigmoid attention: ∂S_ij = ∂A_ij·A_ij(1 − A_ij) / divisor).
    double dS[kMaxTokens * kMaxTokens], dV[kMaxTokens * kMaxDk];
    for (int i = 0; i < n; ++i) {
      double along = 0;
      for (int j = 0; j < m; ++j) {
        double s = 0;
        for (int c = 0; c < dk; ++c) s += dO[i * dk + c] * V[j * dk + c];
        dS[i * m + j] = s;
        along += A[i * m + j] * s;
      }
      if (sigmoid_)  // ∂z = ∂a·a(1 − a), each on its own
        for (int j = 0; j < m; ++j) dS[i * m + j] = sigmoid_backward(A[i * m + j], dS[i * m + j]) * inverse_divisor_;
      else
        for (int j = 0; j < m; ++j) dS[i * m + j] = A[i * m + j] * (dS[i * m + j] - along) * inverse_divisor_;
    }
    std::fill_n(dV, m * dk, 0.0);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        for (int c = 0; c < dk; ++c) dV[j * dk + c] += A[i * m + j] * dO[i * dk + c];
    // Cosine logits: g·C/T with C = Q̂·K̂ᵀ (Q and K hold Q̂, K̂): ∂g, and g·∂S for ∂Q̂ and ∂K̂ below.
    if (cosine_) g.qk_gain[h] += cosine_gain_backward(Q, K, n, m, qc, gain_[h], dS);
    // ∂Q = ∂S·K, ∂K = ∂Sᵀ·Q (Q and K as scored: after RoPE, the cosine logits' Q̂ and K̂).
    double dQ[kMaxTokens * kMaxDModel], dK[kMaxTokens * kMaxDModel];
    std::fill_n(dK, m * qc, 0.0);
    for (int i = 0; i < n; ++i) {
      double s[QC] = {};
      for (int j = 0; j < m; ++j)
        for (int c = 0; c < qc; ++c) {
          s[c] += dS[i * m + j] * K[j * qc + c];
          dK[j * qc + c] += dS[i * m + j] * Q[i * qc + c];
        }
      for (int c = 0; c < qc; ++c) dQ[i * qc + c] = s[c];
    }
    // Back through normalize_keys: ∂k0 = (∂k − k (k·∂k)) / ‖k0‖. Under RoPE this is
    // done before turning back, with the turned k: a rotation keeps k·∂k and commutes
    // with the projection, so it gives the same ∂k0 turned, which the next step undoes.
    if (o_.normalize_keys) normalize_rows_backward_flat(K, w.length[h], dK, m, qc);
    if (cosine_) {  // and the cosine logits' rows, queries and keys, after RoPE (so before turning back)
      normalize_rows_backward_flat(Q, w.q_length[h], dQ, n, qc);
      normalize_rows_backward_flat(K, w.length[h], dK, m, qc);
    }
    if (rope_) {  // RoPE is a rotation: its backward pass turns the gradients back by −p·θ_i
      rotate(dQ, n, true);
      rotate(dK, m, true);
    }
    if (merged_) {  // Q = X·W_h, K = X: only W_h is trained
      add_transposed_product<DM, QC>(xq, dQ, g.W_Q[h], n);
    } else {
      add_transposed_product<DM, QC>(xq, dQ, g.W_Q[h], n);
      add_transposed_product<DM, QC>(xkv, dK, o_.shared_qk ? g.W_Q[h] : g.W_K[h], m);  // shared: K = X·W^Q too
    }
    add_transposed_product<DM, DK>(xkv, dV, g.W_V[h], m);
  }
  return loss;
}


void TrainKernel::output(const double* X, const double* X_kv, double* Y) const {
  Work w;
  with_sizes(dm_, qk_cols_, dk_, [&](auto DM, auto QC, auto DK) { return forward<DM(), QC(), DK()>(X, X_kv, nullptr, w); });
  std::memcpy(Y, w.residual, sizeof(double) * static_cast<size_t>(n_ * dm_));
}

double TrainKernel::loss(const double* X, const double* X_kv, const double* target) const {
  Work w;
  return with_sizes(dm_, qk_cols_, dk_, [&](auto DM, auto QC, auto DK) { return forward<DM(), QC(), DK()>(X, X_kv, target, w); });
}

double TrainKernel::add_gradient(const double* X, const double* X_kv, const double* target, double weight,
                                 KernelGradient& g) const {
  return with_sizes(dm_, qk_cols_, dk_,
                    [&](auto DM, auto QC, auto DK) { return backward<DM(), QC(), DK()>(X, X_kv, target, weight, g); });
}

void TrainKernel::add_to(const KernelGradient& g, Gradient& out) const {
  for (int h = 0; h < heads_; ++h) {
    if (merged_) {
      unflatten(g.W_Q[h], out.W[h]);
    } else {
      unflatten(g.W_Q[h], out.W_Q[h]);
      if (!o_.shared_qk) unflatten(g.W_K[h], out.W_K[h]);
    }
    unflatten(g.W_V[h], out.W_V[h]);
    if (alt_) unflatten(g.W_alt[h], out.W_alt[h]);
    if (cosine_) out.qk_gain[static_cast<size_t>(h)] += g.qk_gain[h];
  }
  unflatten(g.W_O, out.W_O);
}

}  // namespace core
