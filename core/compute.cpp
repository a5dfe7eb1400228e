#include "core/compute.h"

#include "core/attention_math.h"
#include "core/fast_exp.h"
#include "core/positions.h"

#include <algorithm>
#include <cmath>

#include <Eigen/QR>
#include <Eigen/SVD>

namespace core {

namespace detail {

double logit_divisor(const Scenario& s) {
  return (s.options.scale == Scale::SqrtDk ? std::sqrt(static_cast<double>(s.d_k)) : 1.0) *
         s.options.temperature;
}

void projection_inputs(const Scenario& s, Mat& Xq, Mat& Xkv) {
  Xq = s.X;
  Xkv = s.cross() ? s.X_kv : s.X;
  if (s.options.positions != Positions::Sinusoidal) return;
  // Each sequence counts its positions from 0: the encoder's and the decoder's.
  Mat pe;
  sinusoidal_encoding(s.n(), s.d_model, s.options.position_base, pe);
  Xq += pe;
  sinusoidal_encoding(static_cast<int>(Xkv.rows()), s.d_model, s.options.position_base, pe);
  Xkv += pe;
}

void project_head(const Scenario& s, const Mat& Xq, const Mat& Xkv, int h, Mat& Q, Mat& K0, Mat& V) {
  const Options& o = s.options;
  if (s.mode == Mode::Projected) {
    if (o.merged_qk) {
      Q.noalias() = Xq * s.W[h];
      K0 = Xkv;
    } else {
      Q.noalias() = Xq * s.W_Q[h];
      K0.noalias() = Xkv * (o.shared_qk ? s.W_Q[h] : s.W_K[h]);
    }
    V.noalias() = Xkv * s.W_V[h];
  } else {
    Q = s.Q[h];
    K0 = o.shared_qk ? s.Q[h] : s.K[h];
    V = s.V[h];
  }
}

void rope_queries_and_keys(const Scenario& s, Mat& Q, Mat& K, int direction) {
  if (s.options.positions != Positions::Rope) return;
  rope_rotate(Q, s.options.position_base, direction);
  rope_rotate(K, s.options.position_base, direction);
}

void normalize_rows(const Mat& K0, Mat& K) {
  K = K0;
  for (Eigen::Index j = 0; j < K.rows(); ++j) {
    // Scaled by the largest entry first: the plain sum of squares underflows
    // for a row like (1e-200, 0) and would leave it unnormalised.
    const double largest = K.row(j).cwiseAbs().maxCoeff();
    if (largest == 0) continue;  // a zero key stays zero
    K.row(j) /= largest;
    K.row(j) /= K.row(j).norm();
  }
}

void masked_softmax(const Options& o, const Mat& S, double divisor, Mat& logits, Mat& A) {
  const int n = static_cast<int>(S.rows());
  logits.resize(n, S.cols());
  A.resize(n, S.cols());
  for (int i = 0; i < n; ++i) {
    double row_max = -kInf;
    for (int j = 0; j < S.cols(); ++j) {
      const double z = is_masked(o, i, j, n) ? -kInf : S(i, j) / divisor;
      logits(i, j) = z;
      row_max = std::max(row_max, z);
    }
    // Subtract the row's largest logit before exp, so no exp overflows
    // (a masked −∞ stays −∞, and its exp is exactly 0).
    for (int j = 0; j < S.cols(); ++j) A(i, j) = logits(i, j) - row_max;
  }
  // Every exp of the matrix at once, four at a time where the CPU can (fast_exp.h).
  exp_in_place(A.data(), static_cast<int>(A.size()));
  // Every row has at least one unmasked entry (is_masked's rule): its sum is ≥ 1.
  for (int i = 0; i < n; ++i) A.row(i) /= A.row(i).sum();
}

}  // namespace detail

namespace {

using detail::kInf;

void make_symmetric(Mat& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = i + 1; j < m.cols(); ++j) m(j, i) = m(i, j);
}

// From the logits, never from logs of the weights: a weight that underflows to 0
// still has its logit. Each pair is subtracted first, (ℓ_ij − ℓ_ji) + …, so a
// symmetric S (whose logits are then equal doubles) gives exactly 0. A masked
// logit is −∞, and any infinite term leaves the sum ±∞ or NaN: a finite sum is
// exactly a triple whose six logits are finite.
double irreversibility(const Mat& logits) {
  const int n = static_cast<int>(logits.rows());
  if (n < 3 || logits.cols() != n) return std::numeric_limits<double>::quiet_NaN();
  double largest = -1;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k) {
        const double d = (logits(i, j) - logits(j, i)) + (logits(j, k) - logits(k, j)) + (logits(k, i) - logits(i, k));
        if (std::isfinite(d)) largest = std::max(largest, std::abs(d));
      }
  return largest < 0 ? std::numeric_limits<double>::quiet_NaN() : largest;
}

// ‖A‖_F / ‖S‖_F for S and its antisymmetric part A. The plain sums of squares
// are exact to rounding while ‖S‖² lies well inside the doubles (entries lost
// to underflow then weigh below 1e-120 of it). Outside, squares of entries
// below ~1e-154 vanish, and an antisymmetric S of tiny entries came out
// symmetric: there each norm is taken over its own largest entry first. The
// range test keeps the usual case as fast as it was.
double asymmetry(const Mat& S, const Mat& A) {
  const double s_squares = S.squaredNorm();
  if (s_squares > 1e-200 && s_squares < 1e200) return std::sqrt(A.squaredNorm()) / std::sqrt(s_squares);
  const double s_max = S.cwiseAbs().maxCoeff(), a_max = A.cwiseAbs().maxCoeff();
  if (a_max == 0) return 0.0;  // S symmetric, or zero
  return a_max / s_max * ((A / a_max).norm() / (S / s_max).norm());
}

using ColMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, kMaxDModel, kMaxDModel>;

// The singular values of W_QK = W_Q·W_Kᵀ, descending. When d_k < d_model the
// product has rank ≤ d_k: with thin QR factors W_Q = U·R_Q and W_K = V·R_K
// (U, V with orthonormal columns), W_QK = U·(R_Q·R_Kᵀ)·Vᵀ has the singular
// values of the d_k × d_k core R_Q·R_Kᵀ and d_model − d_k zeros. A 2×2 SVD
// instead of a 4×4 one: most of compute()'s time otherwise.
// R of a thin QR of a d_model × 2 matrix [a b] (modified Gram–Schmidt, which
// is backward stable for R): r11 = ‖a‖, r12 = q·b, r22 = ‖b − r12·q‖, q = a/‖a‖.
Eigen::Matrix2d two_column_r(const Mat& W) {
  Eigen::Matrix2d R = Eigen::Matrix2d::Zero();
  const auto a = W.col(0), b = W.col(1);
  const double r11 = a.norm();
  if (r11 == 0) {  // a = 0: W = [0 b], R = [[0, ‖b‖], [0, 0]] up to a rotation, which leaves singular values alone
    R(0, 1) = b.norm();
    return R;
  }
  double r12 = 0;
  for (Eigen::Index i = 0; i < a.size(); ++i) r12 += a(i) / r11 * b(i);
  double rest = 0;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const double e = b(i) - r12 * (a(i) / r11);
    rest += e * e;
  }
  R(0, 0) = r11;
  R(0, 1) = r12;
  R(1, 1) = std::sqrt(rest);
  return R;
}

// The two singular values of R_Q·R_Kᵀ (2 × 2) in closed form: with
// p = ‖(a + d, c − b)‖ and m = ‖(a − d, b + c)‖, σ₁ = (p + m)/2, σ₂ = |p − m|/2
// (each within a few ε·σ₁, as numpy's SVD: enough for the rank's tolerance).
Eigen::Vector2d two_column_core_singular_values(const Mat& W_Q, const Mat& W_K) {
  const Eigen::Matrix2d core = two_column_r(W_Q) * two_column_r(W_K).transpose();
  const double a = core(0, 0), b = core(0, 1), c = core(1, 0), d = core(1, 1);
  // Entries are at most ~1e13 (|x| ≤ 1e6 in a file): their squares cannot overflow, no hypot needed.
  const double p = std::sqrt((a + d) * (a + d) + (c - b) * (c - b)), m = std::sqrt((a - d) * (a - d) + (b + c) * (b + c));
  return Eigen::Vector2d((p + m) / 2, std::fabs(p - m) / 2);
}

void W_QK_singular_values(const Mat& W_Q, const Mat& W_K, const Mat& W_QK, Vec& out) {
  const Eigen::Index d_model = W_Q.rows(), d_k = W_Q.cols();
  out.setZero(d_model);
  if (d_k >= d_model) {
    const ColMat w = W_QK;  // column-major: JacobiSVD's preconditioners are written for it
    out = Eigen::JacobiSVD<ColMat>(w).singularValues();
    return;
  }
  if (d_k == 1) {  // W_QK = w_q w_kᵀ: one singular value, ‖w_q‖·‖w_k‖
    out(0) = W_Q.col(0).norm() * W_K.col(0).norm();
    return;
  }
  if (d_k == 2) {  // the commonest case, in closed form: twice as fast as the general path below
    out.head(2) = two_column_core_singular_values(W_Q, W_K);
    return;
  }
  const ColMat q = W_Q, k = W_K;
  const Eigen::HouseholderQR<ColMat> qr_q(q), qr_k(k);
  const ColMat R_Q = qr_q.matrixQR().topRows(d_k).template triangularView<Eigen::Upper>();
  const ColMat R_K = qr_k.matrixQR().topRows(d_k).template triangularView<Eigen::Upper>();
  ColMat core;
  core.noalias() = R_Q * R_K.transpose();
  out.head(d_k) = Eigen::JacobiSVD<ColMat>(core).singularValues();
}

void rank_of(const Scenario& s, HeadResult& r) {
  const double sigma_max = r.W_QK_singular_values.size() ? r.W_QK_singular_values(0) : 0.0;
  r.W_QK_rank_tolerance = rank_tolerance(sigma_max, s.d_model, s.d_model);
  r.W_QK_rank = 0;
  for (Eigen::Index i = 0; i < r.W_QK_singular_values.size(); ++i)
    if (r.W_QK_singular_values(i) > r.W_QK_rank_tolerance) ++r.W_QK_rank;
}

void compute_head(const Scenario& s, const Mat& Xq, const Mat& Xkv, int h, HeadResult& r, Mat& K0) {
  const Options& o = s.options;
  const int n = s.n(), m = s.m();

  detail::project_head(s, Xq, Xkv, h, r.Q, K0, r.V);
  if (s.mode == Mode::Projected && o.merged_qk) {
    r.W_QK = s.W[h];  // the one matrix of seed 001: S = X·W_h·Xᵀ
    const ColMat w = s.W[h];
    r.W_QK_singular_values = Eigen::JacobiSVD<ColMat>(w).singularValues();
    rank_of(s, r);
  } else if (s.mode == Mode::Projected) {
    const Mat& W_K = o.shared_qk ? s.W_Q[h] : s.W_K[h];
    r.W_QK.noalias() = s.W_Q[h] * W_K.transpose();
    W_QK_singular_values(s.W_Q[h], W_K, r.W_QK, r.W_QK_singular_values);
    rank_of(s, r);
  } else {
    r.W_QK.resize(0, 0);
    r.W_QK_singular_values.resize(0);
    r.W_QK_rank_tolerance = 0;
    r.W_QK_rank = 0;
  }
  if (o.normalize_keys) detail::normalize_rows(K0, r.K);
  else r.K = K0;
  // RoPE turns q and k after everything else (a turn keeps a key's length).
  r.Q_before_rope = r.Q;
  r.K_before_rope = r.K;
  detail::rope_queries_and_keys(s, r.Q, r.K);

  r.scores.noalias() = r.Q * r.K.transpose();
  r.QQt.noalias() = r.Q * r.Q.transpose();
  // Vectorized products may round (i, j) and (j, i) differently; QQᵀ, and S
  // under plain shared QK (K = Q), are symmetric by definition: mirror them.
  make_symmetric(r.QQt);
  if (o.shared_qk && !o.normalize_keys && !s.cross()) make_symmetric(r.scores);
  if (n == m) {
    r.scores_sym = (r.scores + r.scores.transpose()) / 2;
    r.scores_antisym = (r.scores - r.scores.transpose()) / 2;
    r.asymmetry = asymmetry(r.scores, r.scores_antisym);
  } else {  // an n×m S has no transpose of its own shape: no symmetric part, no asymmetry
    r.scores_sym.resize(0, 0);
    r.scores_antisym.resize(0, 0);
    r.asymmetry = std::numeric_limits<double>::quiet_NaN();
  }

  if (o.qk_norm) {
    // QK-norm: S above stays Q·Kᵀ of the raw rows; the logits are g_h·q̂_i·k̂_j / T (scale is
    // "none"). A turn keeps a length, so normalising after RoPE is normalising before it.
    detail::normalize_rows(r.Q, r.Q_hat);
    detail::normalize_rows(r.K, r.K_hat);
    r.qk_cosines.noalias() = r.Q_hat * r.K_hat.transpose();
    r.logits = s.qk_gain[static_cast<size_t>(h)] * r.qk_cosines;
    detail::masked_softmax(o, r.logits, detail::logit_divisor(s), r.logits, r.weights);
  } else {
    r.Q_hat.resize(0, 0);
    r.K_hat.resize(0, 0);
    r.qk_cosines.resize(0, 0);
    detail::masked_softmax(o, r.scores, detail::logit_divisor(s), r.logits, r.weights);
  }
  r.row_sums = r.weights.rowwise().sum();
  r.irreversibility = irreversibility(r.logits);
  // −Σ_j a_ij ln a_ij with one logarithm a row, not m: a_ij = e^(z_ij − z)/s
  // (z the row's largest logit, at j = t; s the sum), so ln a_ij = (z_ij − z) − ln s
  // and the entropy is ln s − Σ_j a_ij (z_ij − z). ln s = −ln a_it, taken as
  // log1p(Σ_{j≠t} a_ij / a_it) to keep its digits when the row is saturated.
  r.entropy.resize(n);
  for (int i = 0; i < n; ++i) {
    int top = 0;
    for (int j = 1; j < m; ++j)
      if (r.logits(i, j) > r.logits(i, top)) top = j;
    const double largest = r.logits(i, top);
    double others = 0, spread = 0;
    for (int j = 0; j < m; ++j) {
      const double a = r.weights(i, j);
      if (j == top || !(a > 0)) continue;
      others += a;
      spread += a * (largest - r.logits(i, j));
    }
    r.entropy(i) = std::log1p(others / r.weights(i, top)) + spread;
  }

  r.output.noalias() = r.weights * r.V;
  const double alt_scale = 1.0 / std::sqrt(static_cast<double>(s.d_k));
  if (s.has_W_alt)
    r.alt_output.noalias() = alt_scale * r.output * s.W_alt[h].transpose();
  else
    r.alt_output = alt_scale * r.output;
}

}  // namespace

double rank_tolerance(double sigma_max, int rows, int cols) {
  return sigma_max * std::max(rows, cols) * std::numeric_limits<double>::epsilon();
}

void compute(const Scenario& s, Result& out) {
  // No validate() here: it builds strings, and compute() must not allocate.
  out.n = s.n();
  out.m = s.m();
  out.cross = s.cross();
  out.d_model = s.d_model;
  out.d_k = s.d_k;
  out.heads = s.heads;
  out.mode = s.mode;

  out.concat.resize(out.n, s.heads * s.d_k);
  const bool alt = s.options.head_output == HeadOutput::Alt;
  Mat K0, Xq, Xkv;
  if (s.mode == Mode::Projected) detail::projection_inputs(s, Xq, Xkv);
  for (int h = 0; h < s.heads; ++h) {
    compute_head(s, Xq, Xkv, h, out.head[h], K0);
    out.concat.middleCols(h * s.d_k, s.d_k) = alt ? out.head[h].alt_output : out.head[h].output;
  }
  out.output.noalias() = out.concat * s.W_O;
  out.has_loss = s.has_target;
  out.loss = s.has_target ? (out.output - s.target).squaredNorm() / static_cast<double>(out.output.size()) : 0.0;

  if (s.mode == Mode::Projected) {
    const int qk_per_head = s.options.merged_qk ? s.d_model * s.d_model
                                                : (s.options.shared_qk ? 1 : 2) * s.d_model * s.d_k;
    out.params.separate = qk_per_head * s.heads;
    out.params.merged = s.d_model * s.d_model * s.heads;
  } else {
    out.params = {};
  }
}

Result compute(const Scenario& s) {
  Result r;
  compute(s, r);
  return r;
}

ScoreFreedom score_freedom(const Scenario& s) {
  const int n = s.n(), m = s.m();
  const int width = s.mode == Mode::Projected ? s.d_model : s.d_k;
  // S is n×m of rank ≤ r: (n + m)·r − r² numbers; QQᵀ is n×n, of Q's rank ≤ r_q.
  const int r = std::min({n, m, s.d_k, width}), r_q = std::min({n, s.d_k, width});
  return ScoreFreedom{r, r_q, (n + m) * r - r * r, n * r_q - r_q * (r_q - 1) / 2};
}

}  // namespace core
