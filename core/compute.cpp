#include "core/compute.h"

#include <algorithm>
#include <cmath>

#include <Eigen/QR>
#include <Eigen/SVD>

namespace core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Reformer's rule: causal masks j > i; no_self then masks the diagonal unless
// it is the only entry of its row left (row 0 under causal keeps it).
bool is_masked(const Options& o, int i, int j, int n) {
  if (o.causal && j > i) return true;
  if (o.no_self && i == j) {
    const int unmasked_others = o.causal ? i : n - 1;
    return unmasked_others > 0;
  }
  return false;
}

// Stable row softmax: subtract the row's largest logit before exp, so no
// exp overflows; every row has at least one unmasked entry (is_masked's rule).
void softmax_rows(const Mat& logits, Mat& weights) {
  weights.resize(logits.rows(), logits.cols());
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    double row_max = -kInf;
    for (Eigen::Index j = 0; j < logits.cols(); ++j) row_max = std::max(row_max, logits(i, j));
    double sum = 0;
    for (Eigen::Index j = 0; j < logits.cols(); ++j) {
      const double e = logits(i, j) == -kInf ? 0.0 : std::exp(logits(i, j) - row_max);
      weights(i, j) = e;
      sum += e;
    }
    weights.row(i) /= sum;  // sum ≥ 1: the largest entry contributes exp(0)
  }
}

void make_symmetric(Mat& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = i + 1; j < m.cols(); ++j) m(j, i) = m(i, j);
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
void W_QK_singular_values(const Mat& W_Q, const Mat& W_K, const Mat& W_QK, Vec& out) {
  const Eigen::Index d_model = W_Q.rows(), d_k = W_Q.cols();
  out.setZero(d_model);
  if (d_k >= d_model) {
    const ColMat w = W_QK;  // column-major: JacobiSVD's preconditioners are written for it
    out = Eigen::JacobiSVD<ColMat>(w).singularValues();
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

void compute_head(const Scenario& s, int h, HeadResult& r) {
  const Options& o = s.options;
  const int n = s.n();

  if (s.mode == Mode::Projected) {
    const Mat& W_K = o.shared_qk ? s.W_Q[h] : s.W_K[h];
    r.Q.noalias() = s.X * s.W_Q[h];
    r.K.noalias() = s.X * W_K;
    r.V.noalias() = s.X * s.W_V[h];
    r.W_QK.noalias() = s.W_Q[h] * W_K.transpose();

    W_QK_singular_values(s.W_Q[h], W_K, r.W_QK, r.W_QK_singular_values);
    const double sigma_max = r.W_QK_singular_values.size() ? r.W_QK_singular_values(0) : 0.0;
    r.W_QK_rank_tolerance = rank_tolerance(sigma_max, s.d_model, s.d_model);
    r.W_QK_rank = 0;
    for (Eigen::Index i = 0; i < r.W_QK_singular_values.size(); ++i)
      if (r.W_QK_singular_values(i) > r.W_QK_rank_tolerance) ++r.W_QK_rank;
  } else {
    r.Q = s.Q[h];
    r.K = o.shared_qk ? s.Q[h] : s.K[h];
    r.V = s.V[h];
    r.W_QK.resize(0, 0);
    r.W_QK_singular_values.resize(0);
    r.W_QK_rank_tolerance = 0;
    r.W_QK_rank = 0;
  }

  if (o.normalize_keys)
    for (int j = 0; j < n; ++j) {
      // Scaled by the largest entry first: the plain sum of squares underflows
      // for a row like (1e-200, 0) and would leave it unnormalised.
      const double largest = r.K.row(j).cwiseAbs().maxCoeff();
      if (largest == 0) continue;  // a zero key stays zero
      r.K.row(j) /= largest;
      r.K.row(j) /= r.K.row(j).norm();
    }

  r.scores.noalias() = r.Q * r.K.transpose();
  r.QQt.noalias() = r.Q * r.Q.transpose();
  // Vectorized products may round (i, j) and (j, i) differently; QQᵀ, and S
  // under plain shared QK (K = Q), are symmetric by definition: mirror them.
  make_symmetric(r.QQt);
  if (o.shared_qk && !o.normalize_keys) make_symmetric(r.scores);
  r.scores_sym = (r.scores + r.scores.transpose()) / 2;
  r.scores_antisym = (r.scores - r.scores.transpose()) / 2;
  r.asymmetry = asymmetry(r.scores, r.scores_antisym);

  const double divisor =
      (o.scale == Scale::SqrtDk ? std::sqrt(static_cast<double>(s.d_k)) : 1.0) * o.temperature;
  r.logits.resize(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      r.logits(i, j) = is_masked(o, i, j, n) ? -kInf : r.scores(i, j) / divisor;

  softmax_rows(r.logits, r.weights);
  r.row_sums = r.weights.rowwise().sum();
  r.entropy.resize(n);
  for (int i = 0; i < n; ++i) {
    double e = 0;
    for (int j = 0; j < n; ++j) {
      const double a = r.weights(i, j);
      if (a > 0) e -= a * std::log(a);
    }
    r.entropy(i) = e;
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
  out.d_model = s.d_model;
  out.d_k = s.d_k;
  out.heads = s.heads;
  out.mode = s.mode;

  out.concat.resize(out.n, s.heads * s.d_k);
  for (int h = 0; h < s.heads; ++h) {
    compute_head(s, h, out.head[h]);
    out.concat.middleCols(h * s.d_k, s.d_k) = out.head[h].output;
  }
  out.output.noalias() = out.concat * s.W_O;

  if (s.mode == Mode::Projected) {
    out.params.separate = (s.options.shared_qk ? 1 : 2) * s.d_model * s.d_k * s.heads;
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
  const int n = s.n();
  const int r = std::min({n, s.d_k, s.mode == Mode::Projected ? s.d_model : s.d_k});
  return ScoreFreedom{r, 2 * n * r - r * r, n * r - r * (r - 1) / 2};
}

}  // namespace core
