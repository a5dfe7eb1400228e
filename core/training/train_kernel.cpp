#include "core/training/train_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

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

// out (INNER × COLS) = aᵀ · b, a rows × INNER, b rows × COLS: ∂W of a product X·W.
// Each entry's sum runs over the rows in order, as a loop per entry would; with the
// rows outside, the INNER × COLS sums build side by side in registers.
template <int INNER, int COLS>
inline void transposed_product(const Lanes* a, const Lanes* b, Lanes* out, int rows) {
  Lanes sum[INNER][COLS] = {};
  for (int i = 0; i < rows; ++i)
    for (int k = 0; k < INNER; ++k)
      for (int c = 0; c < COLS; ++c) sum[k][c] += a[i * INNER + k] * b[i * COLS + c];
  for (int k = 0; k < INNER; ++k)
    for (int c = 0; c < COLS; ++c) out[k * COLS + c] = sum[k][c];
}

// Each row of M (rows × cols) over its length, as detail::normalize_rows: by its
// largest entry first (the plain sum of squares underflows for a row like
// (1e-200, 0)), a zero row kept, its length 0. A lane's zero row is divided by 1,
// which keeps it bit for bit, where the one-sequence code skipped it.
void normalize_rows_flat(Lanes* M, int rows, int cols, Lanes* length) {
  for (int j = 0; j < rows; ++j) {
    Lanes* k = M + j * cols;
    Lanes largest{};
    for (int c = 0; c < cols; ++c) largest = lane_max(largest, lane_abs(k[c]));
    const auto zero = largest == 0;
    const Lanes by_largest = lane_select(zero, splat(1), largest);
    Lanes squares{};
    for (int c = 0; c < cols; ++c) {
      k[c] /= by_largest;
      squares += k[c] * k[c];
    }
    const Lanes norm = lane_sqrt(squares);
    const Lanes by_norm = lane_select(zero, splat(1), norm);
    for (int c = 0; c < cols; ++c) k[c] /= by_norm;
    length[j] = lane_select(zero, Lanes{}, largest * norm);
  }
}

// Back through it: ∂k0 = (∂k − k (k·∂k)) / ‖k0‖, in place on ∂k (rows × cols), with k
// the normalised rows. A zero row has no direction to move in: it passes nothing (+0).
void normalize_rows_backward_flat(const Lanes* K, const Lanes* length, Lanes* dK, int rows, int cols) {
  for (int j = 0; j < rows; ++j) {
    Lanes* dk = dK + j * cols;
    const Lanes* k = K + j * cols;
    const auto zero = length[j] == 0;
    const Lanes by_length = lane_select(zero, splat(1), length[j]);
    Lanes along{};
    for (int c = 0; c < cols; ++c) along += k[c] * dk[c];
    for (int c = 0; c < cols; ++c) dk[c] = lane_select(zero, Lanes{}, (dk[c] - along * k[c]) / by_length);
  }
}

// The sequences' entries side by side: out[i] holds entry i of each, lane b from sequence b, and
// the lanes past count repeat the last sequence (computed, never read).
void gather(const double* const from[], int count, int entries, Lanes* out) {
  for (int i = 0; i < entries; ++i)
    for (int b = 0; b < kLanes; ++b) out[i][b] = from[std::min(b, count - 1)][i];
}

// count sequences' inputs side by side, as forward() and backward() read them: X (rows × d_model
// each), X_kv (keys × d_model; none where keys is 0, without cross-attention) and the targets
// (none where target is nullptr).
struct LaneInputs {
  Lanes X[kMaxTokens * kMaxDModel], X_kv[kMaxTokens * kMaxDModel], target[kMaxTokens * kMaxDModel];
  LaneInputs(int count, const double* const x[], const double* const x_kv[], const double* const y[], int rows,
             int keys, int dm) {
    if (count < 1 || count > kLanes)  // past kLanes the lanes read would not exist
      throw std::invalid_argument("TrainKernel: " + std::to_string(count) + " sequences at once, not 1 to " +
                                  std::to_string(kLanes));
    gather(x, count, rows * dm, X);
    if (keys > 0) gather(x_kv, count, keys * dm, X_kv);
    if (y) gather(y, count, rows * dm, target);
  }
};

}  // namespace

void KernelGradient::zero() { std::memset(this, 0, sizeof *this); }

struct TrainKernel::Work {
  Lanes Xq[kMaxTokens * kMaxDModel];   // X + PE, under sinusoidal positions
  Lanes Xkv[kMaxTokens * kMaxDModel];  // X_kv + PE, under sinusoidal positions and cross-attention
  const Lanes* xq;                      // what the queries read: X, or Xq
  const Lanes* xkv;                     // what the keys and values read: X, X_kv, Xq or Xkv
  Lanes Q[kMaxHeads][kMaxTokens * kMaxDModel];  // after RoPE
  Lanes K[kMaxHeads][kMaxTokens * kMaxDModel];  // after normalize_keys and RoPE
  Lanes length[kMaxHeads][kMaxTokens];           // normalize_keys, cosine logits: each key's length before (0: a zero key)
  Lanes q_length[kMaxHeads][kMaxTokens];         // cosine logits: each query's
  Lanes V[kMaxHeads][kMaxTokens * kMaxDk];
  Lanes A[kMaxHeads][kMaxTokens * kMaxTokens];   // n × m
  Lanes O[kMaxHeads][kMaxTokens * kMaxDk];
  Lanes concat[kMaxTokens * kMaxConcat];
  Lanes residual[kMaxTokens * kMaxDModel];       // Y − target (Y itself without a target)
  Lanes loss;                                     // mean (Y − target)², with a target
};

// Each entry written once by backward(), as KernelGradient's layout; what the options leave out
// is neither written nor read.
struct TrainKernel::Contribution {
  Lanes W_Q[kMaxHeads][kMaxDModel * kMaxDModel];
  Lanes W_QK[kMaxHeads][kMaxDModel * kMaxDk];  // shared QK: the keys' part of ∂W^Q, added after the queries'
  Lanes W_K[kMaxHeads][kMaxDModel * kMaxDk];
  Lanes W_V[kMaxHeads][kMaxDModel * kMaxDk];
  Lanes W_alt[kMaxHeads][kMaxDk * kMaxDk];
  Lanes W_O[kMaxConcat * kMaxDModel];
  Lanes qk_gain[kMaxHeads];
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
void TrainKernel::rotate(Lanes* M, int rows, bool back) const {
  const int dk = dk_;
  for (int p = 1; p < rows; ++p)
    for (int pair = 0; 2 * pair + 1 < dk; ++pair) {
      const double c = rope_cos_[p][pair], s = back ? -rope_sin_[p][pair] : rope_sin_[p][pair];
      Lanes* v = M + p * dk + 2 * pair;
      const Lanes x = v[0], y = v[1];
      v[0] = c * x - s * y;
      v[1] = s * x + c * y;
    }
}

template <int DM, int QC, int DK>
void TrainKernel::forward(const Lanes* X, const Lanes* X_kv, const Lanes* target, Work& w) const {
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
  const Lanes* xq = w.xq;
  const Lanes* xkv = w.xkv;
  for (int h = 0; h < heads_; ++h) {
    Lanes* Q = w.Q[h];
    Lanes* K = w.K[h];
    multiply<DM, QC>(xq, W_Q_[h], Q, n);
    if (merged_) std::memcpy(K, xkv, sizeof(Lanes) * static_cast<size_t>(m * dm));  // K = X (X_kv)
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
    Lanes* A = w.A[h];
    for (int i = 0; i < n; ++i) {
      Lanes row_max = splat(-kInf);
      for (int j = 0; j < m; ++j) {
        Lanes s{};
        for (int c = 0; c < qc; ++c) s += Q[i * qc + c] * K[j * qc + c];
        const Lanes z = masked_[i][j] ? splat(-kInf) : (cosine_ ? gain * s : s) * inverse_divisor_;
        A[i * m + j] = z;
        row_max = lane_max(row_max, z);
      }
      if (!sigmoid_)
        for (int j = 0; j < m; ++j) A[i * m + j] -= row_max;
    }
    if (sigmoid_) {  // each weight σ(z + b) on its own (core/designs/sigmoid_attention.h)
      sigmoid_in_place(reinterpret_cast<double*>(A), n * m * kLanes, sigmoid_bias_);
    } else {  // entry by entry: the lanes' doubles are as many entries
      exp_in_place(reinterpret_cast<double*>(A), n * m * kLanes);
      for (int i = 0; i < n; ++i) {
        Lanes sum{};
        for (int j = 0; j < m; ++j) sum += A[i * m + j];
        const Lanes inverse = 1.0 / sum;
        for (int j = 0; j < m; ++j) A[i * m + j] *= inverse;
      }
    }
    // O = A·V, each O_ic summed over j in order (so below: the sums over a
    // runtime length with the fixed-size loop inside, side by side).
    Lanes* O = w.O[h];
    for (int i = 0; i < n; ++i) {
      Lanes s[DK] = {};
      for (int j = 0; j < m; ++j)
        for (int c = 0; c < dk; ++c) s[c] += A[i * m + j] * w.V[h][j * dk + c];
      for (int c = 0; c < dk; ++c) O[i * dk + c] = s[c];
    }
    for (int i = 0; i < n; ++i)
      for (int c = 0; c < dk; ++c) {
        Lanes v = O[i * dk + c];
        if (alt_) {  // (1/√d_k)·O·W_altᵀ
          Lanes s{};
          for (int d = 0; d < dk; ++d) s += O[i * dk + d] * W_alt_[h][c * dk + d];
          v = alt_scale_ * s;
        }
        w.concat[i * wide + h * dk + c] = v;
      }
  }
  for (int i = 0; i < n; ++i) {
    Lanes s[DM] = {};
    for (int j = 0; j < wide; ++j)
      for (int c = 0; c < dm; ++c) s[c] += w.concat[i * wide + j] * W_O_[j * dm + c];
    for (int c = 0; c < dm; ++c) w.residual[i * dm + c] = s[c];
  }
  if (!target) return;
  Lanes squares{};
  for (int i = 0; i < n * dm; ++i) {
    w.residual[i] -= target[i];
    squares += w.residual[i] * w.residual[i];
  }
  w.loss = squares / static_cast<double>(n * dm);
}

template <int DM, int QC, int DK>
void TrainKernel::backward(const Lanes* X, const Lanes* X_kv, const Lanes* target, double weight, Work& w,
                           Contribution& d) const {
  forward<DM, QC, DK>(X, X_kv, target, w);
  constexpr int dm = DM, dk = DK, qc = QC;
  const int n = n_, m = m_, wide = heads_ * DK;
  const Lanes* xq = w.xq;    // PE is a constant: ∂X' = ∂X, and ∂W^Q = X'ᵀ·∂Q
  const Lanes* xkv = w.xkv;
  // ∂L/∂Y = 2(Y − target)/(n·d_model), times the caller's weight.
  Lanes dY[kMaxTokens * kMaxDModel];
  const double factor = 2.0 * weight / static_cast<double>(n * dm);
  for (int i = 0; i < n * dm; ++i) dY[i] = factor * w.residual[i];
  {
    Lanes s[kMaxConcat][DM] = {};
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < wide; ++j)
        for (int c = 0; c < dm; ++c) s[j][c] += w.concat[i * wide + j] * dY[i * dm + c];
    for (int j = 0; j < wide; ++j)
      for (int c = 0; c < dm; ++c) d.W_O[j * dm + c] = s[j][c];
  }
  Lanes dconcat[kMaxTokens * kMaxConcat];  // dY · W_Oᵀ
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < wide; ++j) {
      Lanes s{};
      for (int c = 0; c < dm; ++c) s += dY[i * dm + c] * W_O_[j * dm + c];
      dconcat[i * wide + j] = s;
    }
  for (int h = 0; h < heads_; ++h) {
    const Lanes* A = w.A[h];
    const Lanes* V = w.V[h];
    const Lanes* O = w.O[h];
    const Lanes* Q = w.Q[h];
    const Lanes* K = w.K[h];
    Lanes dO[kMaxTokens * kMaxDk];
    for (int i = 0; i < n; ++i)
      for (int e = 0; e < dk; ++e) {
        const Lanes* dH = dconcat + i * wide + h * dk;
        if (alt_) {  // H = c·O·W_altᵀ: ∂O = c·∂H·W_alt, ∂W_alt += c·∂Hᵀ·O
          Lanes s{};
          for (int c = 0; c < dk; ++c) s += dH[c] * W_alt_[h][c * dk + e];
          dO[i * dk + e] = alt_scale_ * s;
        } else {
          dO[i * dk + e] = dH[e];
        }
      }
    if (alt_)
      for (int c = 0; c < dk; ++c)
        for (int e = 0; e < dk; ++e) {
          Lanes s{};
          for (int i = 0; i < n; ++i) s += dconcat[i * wide + h * dk + c] * O[i * dk + e];
          d.W_alt[h][c * dk + e] = alt_scale_ * s;
        }
    // ∂A = ∂O·Vᵀ, ∂V = Aᵀ·∂O; then the softmax: ∂S_ij = A_ij (∂A_ij − Σ_k A_ik ∂A_ik) / divisor
    // (sigmoid attention: ∂S_ij = ∂A_ij·A_ij(1 − A_ij) / divisor).
    Lanes dS[kMaxTokens * kMaxTokens], dV[kMaxTokens * kMaxDk];
    for (int i = 0; i < n; ++i) {
      Lanes along{};
      for (int j = 0; j < m; ++j) {
        Lanes s{};
        for (int c = 0; c < dk; ++c) s += dO[i * dk + c] * V[j * dk + c];
        dS[i * m + j] = s;
        along += A[i * m + j] * s;
      }
      if (sigmoid_)  // ∂z = ∂a·a(1 − a), each on its own
        for (int j = 0; j < m; ++j) dS[i * m + j] = sigmoid_backward(A[i * m + j], dS[i * m + j]) * inverse_divisor_;
      else
        for (int j = 0; j < m; ++j) dS[i * m + j] = A[i * m + j] * (dS[i * m + j] - along) * inverse_divisor_;
    }
    std::fill_n(dV, m * dk, Lanes{});
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        for (int c = 0; c < dk; ++c) dV[j * dk + c] += A[i * m + j] * dO[i * dk + c];
    // Cosine logits: g·C/T with C = Q̂·K̂ᵀ (Q and K hold Q̂, K̂): ∂g, and g·∂S for ∂Q̂ and ∂K̂ below.
    if (cosine_) d.qk_gain[h] = cosine_gain_backward(Q, K, n, m, qc, gain_[h], dS);
    // ∂Q = ∂S·K, ∂K = ∂Sᵀ·Q (Q and K as scored: after RoPE, the cosine logits' Q̂ and K̂).
    Lanes dQ[kMaxTokens * kMaxDModel], dK[kMaxTokens * kMaxDModel];
    std::fill_n(dK, m * qc, Lanes{});
    for (int i = 0; i < n; ++i) {
      Lanes s[QC] = {};
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
    transposed_product<DM, QC>(xq, dQ, d.W_Q[h], n);  // one W: Q = X·W_h, K = X, so only W_h is trained
    if (!merged_) transposed_product<DM, QC>(xkv, dK, o_.shared_qk ? d.W_QK[h] : d.W_K[h], m);  // shared: K = X·W^Q too
    transposed_product<DM, DK>(xkv, dV, d.W_V[h], m);
  }
}

void TrainKernel::add_contribution(const Contribution& d, int count, KernelGradient& g) const {
  const int wide = heads_ * dk_;
  for (int b = 0; b < count; ++b) {
    for (int h = 0; h < heads_; ++h) {
      for (int e = 0; e < dm_ * qk_cols_; ++e) g.W_Q[h][e] += d.W_Q[h][e][b];
      if (!merged_)
        for (int e = 0; e < dm_ * qk_cols_; ++e) {
          if (o_.shared_qk) g.W_Q[h][e] += d.W_QK[h][e][b];
          else g.W_K[h][e] += d.W_K[h][e][b];
        }
      for (int e = 0; e < dm_ * dk_; ++e) g.W_V[h][e] += d.W_V[h][e][b];
      if (alt_)
        for (int e = 0; e < dk_ * dk_; ++e) g.W_alt[h][e] += d.W_alt[h][e][b];
      if (cosine_) g.qk_gain[h] += d.qk_gain[h][b];
    }
    for (int e = 0; e < wide * dm_; ++e) g.W_O[e] += d.W_O[e][b];
  }
}

void TrainKernel::output(int count, const double* const X[], const double* const X_kv[], double* const Y[]) const {
  const LaneInputs in(count, X, X_kv, nullptr, n_, cross_ ? m_ : 0, dm_);
  Work w;
  with_sizes(dm_, qk_cols_, dk_,
             [&](auto DM, auto QC, auto DK) { forward<DM(), QC(), DK()>(in.X, in.X_kv, nullptr, w); });
  for (int b = 0; b < count; ++b)
    for (int i = 0; i < n_ * dm_; ++i) Y[b][i] = w.residual[i][b];
}

void TrainKernel::loss(int count, const double* const X[], const double* const X_kv[], const double* const target[],
                       double losses[]) const {
  const LaneInputs in(count, X, X_kv, target, n_, cross_ ? m_ : 0, dm_);
  Work w;
  with_sizes(dm_, qk_cols_, dk_,
             [&](auto DM, auto QC, auto DK) { forward<DM(), QC(), DK()>(in.X, in.X_kv, in.target, w); });
  for (int b = 0; b < count; ++b) losses[b] = w.loss[b];
}

void TrainKernel::add_gradient(int count, const double* const X[], const double* const X_kv[],
                               const double* const target[], double weight, KernelGradient& g, double losses[]) const {
  const LaneInputs in(count, X, X_kv, target, n_, cross_ ? m_ : 0, dm_);
  Work w;
  Contribution d;
  with_sizes(dm_, qk_cols_, dk_, [&](auto DM, auto QC, auto DK) {
    backward<DM(), QC(), DK()>(in.X, in.X_kv, in.target, weight, w, d);
  });
  add_contribution(d, count, g);
  for (int b = 0; b < count; ++b) losses[b] = w.loss[b];
}

void TrainKernel::output(const double* X, const double* X_kv, double* Y) const { output(1, &X, &X_kv, &Y); }

double TrainKernel::loss(const double* X, const double* X_kv, const double* target) const {
  double loss_of_one;
  loss(1, &X, &X_kv, &target, &loss_of_one);
  return loss_of_one;
}

double TrainKernel::add_gradient(const double* X, const double* X_kv, const double* target, double weight,
                                 KernelGradient& g) const {
  double loss_of_one;
  add_gradient(1, &X, &X_kv, &target, weight, g, &loss_of_one);
  return loss_of_one;
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
