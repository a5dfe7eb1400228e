// The training kernel's passes for any number of lanes L (core/math/lanes.h): the forward and
// backward passes of TrainKernel, and what they need. Included by train_kernel.cpp, which
// computes two lanes, and by train_kernel_avx2.cpp, which compiles them again for four, with AVX2
// (ATTNLAB_KERNEL_AVX2_PASS): nothing else includes it.
//
// Everything defined here is a template over L, or has internal linkage. That is what keeps the
// AVX2 code apart: a function the linker could take from either file (an inline function, a
// template of another type) must not be compiled for AVX2, or a processor without it would run
// it. What this file uses from elsewhere is included first, outside the AVX2 region: whatever of
// it is compiled as a function of its own is compiled for the baseline processor, in both files
// (what is forced inline, as lanes.h's helpers, becomes part of the AVX2 code that calls it).
// tests/checks/check_kernel_avx2.py checks the AVX2 object for anything it may share.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"
#include "core/math/fast_exp.h"
#include "core/math/fixed_sizes.h"
#include "core/math/lanes.h"
#include "core/model/attention_math.h"
#include "core/training/train_kernel.h"

// Whether this build has the AVX2 pass: x86-64 with GCC (its #pragma GCC target). The page
// (WebAssembly) and other compilers compute two lanes.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ATTNLAB_KERNEL_AVX2 1
#else
#define ATTNLAB_KERNEL_AVX2 0
#endif

#if ATTNLAB_KERNEL_AVX2 && defined(ATTNLAB_KERNEL_AVX2_PASS)
#pragma GCC push_options
#pragma GCC target("avx2")
#endif

namespace core {

namespace {

using detail::multiply;
using detail::with_sizes;

// out (INNER × COLS) = aᵀ · b, a rows × INNER, b rows × COLS: ∂W of a product X·W.
// Each entry's sum runs over the rows in order, as a loop per entry would; with the
// rows outside, the INNER × COLS sums build side by side in registers.
template <int INNER, int COLS, class Lanes>
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
template <class Lanes>
void normalize_rows_flat(Lanes* M, int rows, int cols, Lanes* length) {
  for (int j = 0; j < rows; ++j) {
    Lanes* k = M + j * cols;
    Lanes largest{};
    for (int c = 0; c < cols; ++c) largest = lane_max(largest, lane_abs(k[c]));
    const auto zero = largest == 0;
    const Lanes by_largest = lane_select(zero, splat<Lanes>(1), largest);
    Lanes squares{};
    for (int c = 0; c < cols; ++c) {
      k[c] /= by_largest;
      squares += k[c] * k[c];
    }
    const Lanes norm = lane_sqrt(squares);
    const Lanes by_norm = lane_select(zero, splat<Lanes>(1), norm);
    for (int c = 0; c < cols; ++c) k[c] /= by_norm;
    length[j] = lane_select(zero, Lanes{}, largest * norm);
  }
}

// Back through it: ∂k0 = (∂k − k (k·∂k)) / ‖k0‖, in place on ∂k (rows × cols), with k
// the normalised rows. A zero row has no direction to move in: it passes nothing (+0).
template <class Lanes>
void normalize_rows_backward_flat(const Lanes* K, const Lanes* length, Lanes* dK, int rows, int cols) {
  for (int j = 0; j < rows; ++j) {
    Lanes* dk = dK + j * cols;
    const Lanes* k = K + j * cols;
    const auto zero = length[j] == 0;
    const Lanes by_length = lane_select(zero, splat<Lanes>(1), length[j]);
    Lanes along{};
    for (int c = 0; c < cols; ++c) along += k[c] * dk[c];
    for (int c = 0; c < cols; ++c) dk[c] = lane_select(zero, Lanes{}, (dk[c] - along * k[c]) / by_length);
  }
}

// The sequences' entries side by side: out[i] holds entry i of each, lane b from sequence b, and
// the lanes past count repeat the last sequence (computed, never read).
template <class Lanes>
void gather(const double* const from[], int count, int entries, Lanes* out) {
  for (int i = 0; i < entries; ++i)
    for (int b = 0; b < kLanesOf<Lanes>; ++b) out[i][b] = from[b < count ? b : count - 1][i];
}

// count sequences' inputs (1 to L) side by side, as forward() and backward() read them: X (rows ×
// d_model each), X_kv (keys × d_model; none where keys is 0, without cross-attention) and the
// targets (none where target is nullptr).
template <int L>
struct LaneInputs {
  LanesOf<L> X[kMaxTokens * kMaxDModel], X_kv[kMaxTokens * kMaxDModel], target[kMaxTokens * kMaxDModel];
  LaneInputs(int count, const double* const x[], const double* const x_kv[], const double* const y[], int rows, int keys,
             int dm) {
    gather(x, count, rows * dm, X);
    if (keys > 0) gather(x_kv, count, keys * dm, X_kv);
    if (y) gather(y, count, rows * dm, target);
  }
};

}  // namespace

template <int L>
struct TrainKernel::Work {
  using Lanes = LanesOf<L>;
  Lanes Xq[kMaxTokens * kMaxDModel];            // X + PE, under sinusoidal positions
  Lanes Xkv[kMaxTokens * kMaxDModel];           // X_kv + PE, under sinusoidal positions and cross-attention
  const Lanes* xq;                              // what the queries read: X, or Xq
  const Lanes* xkv;                             // what the keys and values read: X, X_kv, Xq or Xkv
  Lanes Q[kMaxHeads][kMaxTokens * kMaxDModel];  // after RoPE
  Lanes K[kMaxHeads][kMaxTokens * kMaxDModel];  // after normalize_keys and RoPE
  Lanes length[kMaxHeads][kMaxTokens];          // normalize_keys, cosine logits: each key's length before (0: a zero key)
  Lanes q_length[kMaxHeads][kMaxTokens];        // cosine logits: each query's
  Lanes V[kMaxHeads][kMaxTokens * kMaxDk];
  Lanes A[kMaxHeads][kMaxTokens * kMaxTokens];  // n × m
  Lanes O[kMaxHeads][kMaxTokens * kMaxDk];
  Lanes concat[kMaxTokens * kMaxConcat];
  Lanes residual[kMaxTokens * kMaxDModel];  // Y − target (Y itself without a target)
  Lanes loss;                               // mean (Y − target)², with a target
};

// Each entry written once by backward(), as KernelGradient's layout; what the options leave out
// is neither written nor read.
template <int L>
struct TrainKernel::Contribution {
  using Lanes = LanesOf<L>;
  Lanes W_Q[kMaxHeads][kMaxDModel * kMaxDModel];
  Lanes W_QK[kMaxHeads][kMaxDModel * kMaxDk];  // shared QK: the keys' part of ∂W^Q, added after the queries'
  Lanes W_K[kMaxHeads][kMaxDModel * kMaxDk];
  Lanes W_V[kMaxHeads][kMaxDModel * kMaxDk];
  Lanes W_alt[kMaxHeads][kMaxDk * kMaxDk];
  Lanes W_O[kMaxConcat * kMaxDModel];
  Lanes qk_gain[kMaxHeads];
};

// Row p of M turned by p·θ_i in each pair (2i, 2i+1); back: by −p·θ_i, which is
// also the backward pass of the rotation (its transpose). Position 0 does not turn.
template <int L>
void TrainKernel::rotate(LanesOf<L>* M, int rows, bool back) const {
  using Lanes = LanesOf<L>;
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

template <int L, int DM, int QC, int DK>
void TrainKernel::forward(const LanesOf<L>* X, const LanesOf<L>* X_kv, const LanesOf<L>* target, Work<L>& w) const {
  using Lanes = LanesOf<L>;
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
    if (normalized_keys(o_)) normalize_rows_flat(K, m, qc, w.length[h]);
    if (rope_) {  // after normalize_keys, as compute() (never with one W: Q and K have d_k columns)
      rotate<L>(Q, n, false);
      rotate<L>(K, m, false);
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
      Lanes row_max = splat<Lanes>(-kInf);
      for (int j = 0; j < m; ++j) {
        Lanes s{};
        for (int c = 0; c < qc; ++c) s += Q[i * qc + c] * K[j * qc + c];
        const Lanes z = masked_[i][j] ? splat<Lanes>(-kInf) : (cosine_ ? gain * s : s) * inverse_divisor_;
        A[i * m + j] = z;
        row_max = lane_max(row_max, z);
      }
      if (!sigmoid_)
        for (int j = 0; j < m; ++j) A[i * m + j] -= row_max;
    }
    if (sigmoid_) {  // each weight σ(z + b) on its own (core/designs/sigmoid_attention.h)
      sigmoid_in_place(reinterpret_cast<double*>(A), n * m * L, sigmoid_bias_);
    } else {  // entry by entry: the lanes' doubles are as many entries
      exp_in_place(reinterpret_cast<double*>(A), n * m * L);
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
        w.concat[i * wide + h * dk + c] = alt_ ? attention_alt_entry(O + i * dk, W_alt_[h], dk, c, alt_scale_) : O[i * dk + c];
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

template <int L, int DM, int QC, int DK>
void TrainKernel::backward(const LanesOf<L>* X, const LanesOf<L>* X_kv, const LanesOf<L>* target, double weight, Work<L>& w,
                           Contribution<L>& d) const {
  using Lanes = LanesOf<L>;
  forward<L, DM, QC, DK>(X, X_kv, target, w);
  constexpr int dm = DM, dk = DK, qc = QC;
  const int n = n_, m = m_, wide = heads_ * DK;
  const Lanes* xq = w.xq;  // PE is a constant: ∂X' = ∂X, and ∂W^Q = X'ᵀ·∂Q
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
        dO[i * dk + e] = alt_ ? attention_alt_input_gradient(dH, W_alt_[h], dk, e, alt_scale_) : dH[e];
      }
    if (alt_)  // H = c·O·W_altᵀ: ∂O = c·∂H·W_alt above, ∂W_alt = c·∂Hᵀ·O
      for (int c = 0; c < dk; ++c)
        for (int e = 0; e < dk; ++e)
          d.W_alt[h][c * dk + e] = attention_alt_weight_gradient(dconcat + h * dk, wide, O, n, dk, c, e, alt_scale_);
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
    if (normalized_keys(o_)) normalize_rows_backward_flat(K, w.length[h], dK, m, qc);
    if (cosine_) {  // and the cosine logits' rows, queries and keys, after RoPE (so before turning back)
      normalize_rows_backward_flat(Q, w.q_length[h], dQ, n, qc);
      normalize_rows_backward_flat(K, w.length[h], dK, m, qc);
    }
    if (rope_) {  // RoPE is a rotation: its backward pass turns the gradients back by −p·θ_i
      rotate<L>(dQ, n, true);
      rotate<L>(dK, m, true);
    }
    transposed_product<DM, QC>(xq, dQ, d.W_Q[h], n);  // one W: Q = X·W_h, K = X, so only W_h is trained
    if (!merged_) transposed_product<DM, QC>(xkv, dK, shared_qk(o_) ? d.W_QK[h] : d.W_K[h], m);  // shared: K = X·W^Q too
    transposed_product<DM, DK>(xkv, dV, d.W_V[h], m);
  }
}

template <int L>
void TrainKernel::add_contribution(const Contribution<L>& d, int count, KernelGradient& g) const {
  const int wide = heads_ * dk_;
  for (int b = 0; b < count; ++b) {
    for (int h = 0; h < heads_; ++h) {
      for (int e = 0; e < dm_ * qk_cols_; ++e) g.W_Q[h][e] += d.W_Q[h][e][b];
      if (!merged_)
        for (int e = 0; e < dm_ * qk_cols_; ++e) {
          if (shared_qk(o_)) g.W_Q[h][e] += d.W_QK[h][e][b];
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

template <int L>
void TrainKernel::pass(int count, const double* const X[], const double* const X_kv[], const double* const target[],
                       double weight, KernelGradient* g, double* const Y[], double losses[]) const {
  const LaneInputs<L> in(count, X, X_kv, target, n_, cross_ ? m_ : 0, dm_);
  const LanesOf<L>* targets = target ? in.target : nullptr;
  Work<L> w;
  if (g) {
    Contribution<L> d;
    with_sizes(dm_, qk_cols_, dk_,
               [&](auto DM, auto QC, auto DK) { backward<L, DM(), QC(), DK()>(in.X, in.X_kv, targets, weight, w, d); });
    add_contribution(d, count, *g);
  } else {
    with_sizes(dm_, qk_cols_, dk_, [&](auto DM, auto QC, auto DK) { forward<L, DM(), QC(), DK()>(in.X, in.X_kv, targets, w); });
  }
  for (int b = 0; Y && b < count; ++b)
    for (int i = 0; i < n_ * dm_; ++i) Y[b][i] = w.residual[i][b];
  for (int b = 0; losses && b < count; ++b) losses[b] = w.loss[b];
}

}  // namespace core

#if ATTNLAB_KERNEL_AVX2 && defined(ATTNLAB_KERNEL_AVX2_PASS)
#pragma GCC pop_options
#endif
