#include "core/train_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "core/attention_math.h"
#include "core/fast_exp.h"

namespace core {

namespace {

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

// out (rows × COLS) = a (rows × INNER) · b (INNER × COLS), all row-major.
template <int INNER, int COLS>
inline void multiply(const double* a, const double* b, double* out, int rows) {
  for (int i = 0; i < rows; ++i)
    for (int c = 0; c < COLS; ++c) {
      double s = 0;
      for (int k = 0; k < INNER; ++k) s += a[i * INNER + k] * b[k * COLS + c];
      out[i * COLS + c] = s;
    }
}

// g (INNER × COLS) += aᵀ · b, a rows × INNER, b rows × COLS: ∂W of a product X·W.
template <int INNER, int COLS>
inline void add_transposed_product(const double* a, const double* b, double* g, int rows) {
  for (int k = 0; k < INNER; ++k)
    for (int c = 0; c < COLS; ++c) {
      double s = 0;
      for (int i = 0; i < rows; ++i) s += a[i * INNER + k] * b[i * COLS + c];
      g[k * COLS + c] += s;
    }
}

}  // namespace

void KernelGradient::zero() { std::memset(this, 0, sizeof *this); }

struct TrainKernel::Work {
  double Q[kMaxHeads][kMaxTokens * kMaxDModel];
  double K[kMaxHeads][kMaxTokens * kMaxDModel];  // after normalize_keys
  double length[kMaxHeads][kMaxTokens];           // normalize_keys: each key's length before (0: a zero key)
  double V[kMaxHeads][kMaxTokens * kMaxDk];
  double A[kMaxHeads][kMaxTokens * kMaxTokens];
  double O[kMaxHeads][kMaxTokens * kMaxDk];
  double concat[kMaxTokens * kMaxConcat];
  double residual[kMaxTokens * kMaxDModel];       // Y − target (Y itself without a target)
};

void TrainKernel::load(const Scenario& s) {
  n_ = s.n();
  dm_ = s.d_model;
  dk_ = s.d_k;
  heads_ = s.heads;
  o_ = s.options;
  merged_ = o_.merged_qk;
  alt_ = o_.head_output == HeadOutput::Alt;
  qk_cols_ = merged_ ? dm_ : dk_;
  inverse_divisor_ = 1.0 / detail::logit_divisor(s);
  alt_scale_ = 1.0 / std::sqrt(static_cast<double>(dk_));
  for (int i = 0; i < n_; ++i)
    for (int j = 0; j < n_; ++j) masked_[i][j] = detail::is_masked(o_, i, j, n_);
  for (int h = 0; h < heads_; ++h) {
    if (merged_) {
      flatten(s.W[h], W_Q_[h]);
    } else {
      flatten(s.W_Q[h], W_Q_[h]);
      flatten(o_.shared_qk ? s.W_Q[h] : s.W_K[h], W_K_[h]);
    }
    flatten(s.W_V[h], W_V_[h]);
    if (alt_ && s.has_W_alt) {
      flatten(s.W_alt[h], W_alt_[h]);
    } else {
      for (int r = 0; r < dk_; ++r)
        for (int c = 0; c < dk_; ++c) W_alt_[h][r * dk_ + c] = r == c ? 1.0 : 0.0;
    }
  }
  flatten(s.W_O, W_O_);
}

template <int DM, int QC, int DK>
double TrainKernel::forward(const double* X, const double* target, Work& w) const {
  constexpr int dm = DM, dk = DK, qc = QC;
  const int n = n_, wide = heads_ * DK;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (int h = 0; h < heads_; ++h) {
    double* Q = w.Q[h];
    double* K = w.K[h];
    multiply<DM, QC>(X, W_Q_[h], Q, n);
    if (merged_) std::memcpy(K, X, sizeof(double) * static_cast<size_t>(n * dm));  // K = X
    else multiply<DM, QC>(X, W_K_[h], K, n);
    multiply<DM, DK>(X, W_V_[h], w.V[h], n);
    if (o_.normalize_keys) {  // as detail::normalize_rows: by the largest entry first, a zero key kept
      for (int j = 0; j < n; ++j) {
        double* k = K + j * qc;
        double largest = 0;
        for (int c = 0; c < qc; ++c) largest = std::max(largest, std::fabs(k[c]));
        w.length[h][j] = 0;
        if (largest == 0) continue;
        double squares = 0;
        for (int c = 0; c < qc; ++c) {
          k[c] /= largest;
          squares += k[c] * k[c];
        }
        const double norm = std::sqrt(squares);
        for (int c = 0; c < qc; ++c) k[c] /= norm;
        w.length[h][j] = largest * norm;
      }
    }
    // Logits, masked entries −∞; each row less its largest, exp'd together, normalised.
    double* A = w.A[h];
    for (int i = 0; i < n; ++i) {
      double row_max = -kInf;
      for (int j = 0; j < n; ++j) {
        double s = 0;
        for (int c = 0; c < qc; ++c) s += Q[i * qc + c] * K[j * qc + c];
        const double z = masked_[i][j] ? -kInf : s * inverse_divisor_;
        A[i * n + j] = z;
        row_max = std::max(row_max, z);
      }
      for (int j = 0; j < n; ++j) A[i * n + j] -= row_max;
    }
    exp_in_place(A, n * n);
    for (int i = 0; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += A[i * n + j];
      const double inverse = 1.0 / sum;
      for (int j = 0; j < n; ++j) A[i * n + j] *= inverse;
    }
    double* O = w.O[h];
    for (int i = 0; i < n; ++i)
      for (int c = 0; c < dk; ++c) {
        double s = 0;
        for (int j = 0; j < n; ++j) s += A[i * n + j] * w.V[h][j * dk + c];
        O[i * dk + c] = s;
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
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < dm; ++c) {
      double s = 0;
      for (int j = 0; j < wide; ++j) s += w.concat[i * wide + j] * W_O_[j * dm + c];
      w.residual[i * dm + c] = s;
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
double TrainKernel::backward(const double* X, const double* target, double weight, KernelGradient& g) const {
  Work w;
  const double loss = forward<DM, QC, DK>(X, target, w);
  constexpr int dm = DM, dk = DK, qc = QC;
  const int n = n_, wide = heads_ * DK;
  // ∂L/∂Y = 2(Y − target)/(n·d_model), times the caller's weight.
  double dY[kMaxTokens * kMaxDModel];
  const double factor = 2.0 * weight / static_cast<double>(n * dm);
  for (int i = 0; i < n * dm; ++i) dY[i] = factor * w.residual[i];
  for (int j = 0; j < wide; ++j)
    for (int c = 0; c < dm; ++c) {
      double s = 0;
      for (int i = 0; i < n; ++i) s += w.concat[i * wide + j] * dY[i * dm + c];
      g.W_O[j * dm + c] += s;
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
    // ∂A = ∂O·Vᵀ, ∂V = Aᵀ·∂O; then the softmax: ∂S_ij = A_ij (∂A_ij − Σ_k A_ik ∂A_ik) / divisor.
    double dS[kMaxTokens * kMaxTokens], dV[kMaxTokens * kMaxDk];
    for (int i = 0; i < n; ++i) {
      double along = 0;
      for (int j = 0; j < n; ++j) {
        double s = 0;
        for (int c = 0; c < dk; ++c) s += dO[i * dk + c] * V[j * dk + c];
        dS[i * n + j] = s;
        along += A[i * n + j] * s;
      }
      for (int j = 0; j < n; ++j) dS[i * n + j] = A[i * n + j] * (dS[i * n + j] - along) * inverse_divisor_;
    }
    for (int j = 0; j < n; ++j)
      for (int c = 0; c < dk; ++c) {
        double s = 0;
        for (int i = 0; i < n; ++i) s += A[i * n + j] * dO[i * dk + c];
        dV[j * dk + c] = s;
      }
    // ∂Q = ∂S·K, ∂K = ∂Sᵀ·Q; back through normalize_keys: ∂k0 = (∂k − k (k·∂k)) / ‖k0‖.
    double dQ[kMaxTokens * kMaxDModel], dK[kMaxTokens * kMaxDModel];
    for (int i = 0; i < n; ++i)
      for (int c = 0; c < qc; ++c) {
        double sq = 0, sk = 0;
        for (int j = 0; j < n; ++j) {
          sq += dS[i * n + j] * K[j * qc + c];
          sk += dS[j * n + i] * Q[j * qc + c];
        }
        dQ[i * qc + c] = sq;
        dK[i * qc + c] = sk;
      }
    if (o_.normalize_keys)
      for (int j = 0; j < n; ++j) {
        double* dk0 = dK + j * qc;
        const double* k = K + j * qc;
        const double length = w.length[h][j];
        if (length == 0) {  // a zero key has no direction to move in
          for (int c = 0; c < qc; ++c) dk0[c] = 0;
          continue;
        }
        double along = 0;
        for (int c = 0; c < qc; ++c) along += k[c] * dk0[c];
        for (int c = 0; c < qc; ++c) dk0[c] = (dk0[c] - along * k[c]) / length;
      }
    if (merged_) {  // Q = X·W_h, K = X: only W_h is trained
      add_transposed_product<DM, QC>(X, dQ, g.W_Q[h], n);
    } else {
      add_transposed_product<DM, QC>(X, dQ, g.W_Q[h], n);
      add_transposed_product<DM, QC>(X, dK, o_.shared_qk ? g.W_Q[h] : g.W_K[h], n);  // shared: K = X·W^Q too
    }
    add_transposed_product<DM, DK>(X, dV, g.W_V[h], n);
  }
  return loss;
}


// The sizes as constants: the loops over d_model, d_k (and d_model under one W) unroll.
template <class F>
auto with_sizes(int dm, int qc, int dk, F&& f) {
  const auto by_dk = [&](auto DM, auto QC) {
    switch (dk) {
      case 1: return f(DM, QC, std::integral_constant<int, 1>{});
      case 2: return f(DM, QC, std::integral_constant<int, 2>{});
      case 3: return f(DM, QC, std::integral_constant<int, 3>{});
      default: return f(DM, QC, std::integral_constant<int, 4>{});
    }
  };
  const auto by_qc = [&](auto DM) {
    switch (qc) {
      case 1: return by_dk(DM, std::integral_constant<int, 1>{});
      case 2: return by_dk(DM, std::integral_constant<int, 2>{});
      case 3: return by_dk(DM, std::integral_constant<int, 3>{});
      default: return by_dk(DM, std::integral_constant<int, 4>{});
    }
  };
  switch (dm) {
    case 2: return by_qc(std::integral_constant<int, 2>{});
    case 3: return by_qc(std::integral_constant<int, 3>{});
    default: return by_qc(std::integral_constant<int, 4>{});
  }
}

void TrainKernel::output(const double* X, double* Y) const {
  Work w;
  with_sizes(dm_, qk_cols_, dk_, [&](auto DM, auto QC, auto DK) { return forward<DM(), QC(), DK()>(X, nullptr, w); });
  std::memcpy(Y, w.residual, sizeof(double) * static_cast<size_t>(n_ * dm_));
}

double TrainKernel::loss(const double* X, const double* target) const {
  Work w;
  return with_sizes(dm_, qk_cols_, dk_, [&](auto DM, auto QC, auto DK) { return forward<DM(), QC(), DK()>(X, target, w); });
}

double TrainKernel::add_gradient(const double* X, const double* target, double weight, KernelGradient& g) const {
  return with_sizes(dm_, qk_cols_, dk_,
                    [&](auto DM, auto QC, auto DK) { return backward<DM(), QC(), DK()>(X, target, weight, g); });
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
  }
  unflatten(g.W_O, out.W_O);
}

}  // namespace core
