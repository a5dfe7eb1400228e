#include "core/model/compute.h"

#include "core/designs/attention_alt.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sqrt_dk_scale.h"
#include "core/math/fixed_sizes.h"
#include "core/math/ordered_sums.h"
#include "core/model/attention_math.h"
#include "core/model/head_forward.h"

#include <algorithm>
#include <cmath>

#include <Eigen/SVD>

namespace core {

namespace detail {

double logit_divisor(const Scenario& s) {
  return score_scale(s) * s.options.temperature;
}

void projection_inputs(const Scenario& s, Mat& Xq, Mat& Xkv) {
  Xq = s.X;
  Xkv = s.cross() ? s.X_kv : s.X;
  if (!sinusoidal_positions(s.options)) return;
  // Each sequence counts its positions from 0: the encoder's and the decoder's.
  Mat pe;
  sinusoidal_encoding(s.n(), s.d_model, s.options.position_base, pe);
  Xq += pe;
  sinusoidal_encoding(static_cast<int>(Xkv.rows()), s.d_model, s.options.position_base, pe);
  Xkv += pe;
}

void project_head(const Scenario& s, const Mat& Xq, const Mat& Xkv, int h, Mat& Q, Mat& K0, Mat& V) {
  const Options& o = s.options;
  if (s.mode != Mode::Projected) {
    Q = s.Q[h];
    K0 = direct_keys(s, h);
    V = s.V[h];
    return;
  }
  const int n = static_cast<int>(Xq.rows()), m = static_cast<int>(Xkv.rows());
  with_sizes(s.d_model, query_key_width(s), s.d_k, [&](auto DM, auto QC, auto DK) {
    if (one_w(o)) {
      one_w_forward<DM, QC>(Xq, Xkv, s.W[h], Q, K0);
    } else {
      Q.resize(n, QC);
      multiply<DM, QC>(Xq.data(), s.W_Q[h].data(), Q.data(), n);
      K0.resize(m, QC);
      multiply<DM, QC>(Xkv.data(), key_weights(s, h).data(), K0.data(), m);
    }
    V.resize(m, DK);
    multiply<DM, DK>(Xkv.data(), s.W_V[h].data(), V.data(), m);
  });
}

void rope_queries_and_keys(const Scenario& s, Mat& Q, Mat& K, int direction) {
  if (!rope_positions(s.options)) return;
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
    K.row(j) /= ordered_norm(K.row(j));  // not Eigen's norm(): its order is the SIMD's (ordered_sums.h)
  }
}

}  // namespace detail

namespace {


using ColMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, kMaxDModel, kMaxDModel>;

// The singular values of W_QK = W_Q·W_Kᵀ, descending. When d_k < d_model the
// product has rank ≤ d_k: with thin QR factors W_Q = U·R_Q and W_K = V·R_K
// (U, V with orthonormal columns), W_QK = U·(R_Q·R_Kᵀ)·Vᵀ has the singular
// values of the d_k × d_k core R_Q·R_Kᵀ and d_model − d_k zeros. A 2×2 SVD
// instead of a 4×4 one: most of compute()'s time otherwise.
// R of a thin QR of a d_model × d_k matrix by modified Gram–Schmidt, which is
// backward stable for R (Björck): r_jj = ‖a_j‖, q_j = a_j/r_jj, then r_jl = q_j·a_l
// and a_l −= r_jl·q_j for the columns l after j. A zero column leaves its row of R
// zero (W = Q·R still, with any unit q_j), which leaves singular values alone.
// Every sum in a fixed order, where Eigen's QR takes the SIMD's (ordered_sums.h).
template <int DM, int DK>
void thin_r(const Mat& W, double (&R)[DK][DK]) {
  double a[DK][DM];  // W's columns, becoming the q_j
  for (int i = 0; i < DM; ++i)
    for (int j = 0; j < DK; ++j) a[j][i] = W(i, j);
  for (int j = 0; j < DK; ++j) {
    for (int l = 0; l < DK; ++l) R[j][l] = 0;
    double squares = 0;
    for (int i = 0; i < DM; ++i) squares += a[j][i] * a[j][i];
    const double r = std::sqrt(squares);
    if (r == 0) continue;
    R[j][j] = r;
    for (int i = 0; i < DM; ++i) a[j][i] /= r;  // each entry divided once
    for (int l = j + 1; l < DK; ++l) {
      double r_jl = 0;
      for (int i = 0; i < DM; ++i) r_jl += a[j][i] * a[l][i];
      R[j][l] = r_jl;
      for (int i = 0; i < DM; ++i) a[l][i] -= r_jl * a[j][i];
    }
  }
}

// The d_k × d_k core R_Q·R_Kᵀ, each entry summed over k = 0, 1, ….
template <int DM, int DK>
void qr_core(const Mat& W_Q, const Mat& W_K, double (&core)[DK][DK]) {
  double R_Q[DK][DK], R_K[DK][DK];
  thin_r<DM, DK>(W_Q, R_Q);
  thin_r<DM, DK>(W_K, R_K);
  for (int i = 0; i < DK; ++i)
    for (int j = 0; j < DK; ++j) {
      double sum = 0;
      for (int k = 0; k < DK; ++k) sum += R_Q[i][k] * R_K[j][k];
      core[i][j] = sum;
    }
}

// The two singular values of R_Q·R_Kᵀ (2 × 2) in closed form: with
// p = ‖(a + d, c − b)‖ and m = ‖(a − d, b + c)‖, σ₁ = (p + m)/2, σ₂ = |p − m|/2
// (each within a few ε·σ₁, as numpy's SVD: enough for the rank's tolerance).
template <int DM>
Eigen::Vector2d two_column_core_singular_values(const Mat& W_Q, const Mat& W_K) {
  double core[2][2];
  qr_core<DM, 2>(W_Q, W_K, core);
  const double a = core[0][0], b = core[0][1], c = core[1][0], d = core[1][1];
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
    out(0) = ordered_norm(W_Q.col(0)) * ordered_norm(W_K.col(0));
    return;
  }
  if (d_k == 2) {  // the commonest case, in closed form: twice as fast as the general path below
    out.head(2) = d_model == 3 ? two_column_core_singular_values<3>(W_Q, W_K) : two_column_core_singular_values<4>(W_Q, W_K);
    return;
  }
  double core[3][3];  // d_k = 3 < d_model = 4: the only size left
  qr_core<4, 3>(W_Q, W_K, core);
  ColMat c(3, 3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) c(i, j) = core[i][j];
  out.head(d_k) = Eigen::JacobiSVD<ColMat>(c).singularValues();
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
  detail::project_head(s, Xq, Xkv, h, r.Q, K0, r.V);
  if (s.mode == Mode::Projected && one_w(o)) {
    r.W_QK = s.W[h];  // the one matrix of docs/questions.md, One W: S = X·W_h·Xᵀ
    const ColMat w = s.W[h];
    r.W_QK_singular_values = Eigen::JacobiSVD<ColMat>(w).singularValues();
    rank_of(s, r);
  } else if (s.mode == Mode::Projected) {
    const Mat& W_K = key_weights(s, h);
    ordered_product(s.W_Q[h], W_K.transpose(), r.W_QK);
    W_QK_singular_values(s.W_Q[h], W_K, r.W_QK, r.W_QK_singular_values);
    rank_of(s, r);
  } else {
    r.W_QK.resize(0, 0);
    r.W_QK_singular_values.resize(0);
    r.W_QK_rank_tolerance = 0;
    r.W_QK_rank = 0;
  }
  normalized_keys_forward(o, K0, r.K);
  // RoPE turns q and k after everything else (a turn keeps a key's length).
  r.Q_before_rope = r.Q;
  r.K_before_rope = r.K;
  detail::rope_queries_and_keys(s, r.Q, r.K);

  detail::head_forward(s, h, r);
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
  const bool alt = attention_alt(s.options);
  Mat K0, Xq, Xkv;
  if (s.mode == Mode::Projected) detail::projection_inputs(s, Xq, Xkv);
  for (int h = 0; h < s.heads; ++h) {
    compute_head(s, Xq, Xkv, h, out.head[h], K0);
    out.concat.middleCols(h * s.d_k, s.d_k) = alt ? out.head[h].alt_output : out.head[h].output;
  }
  // Ordered sums, not Eigen's product and squaredNorm, whose order is the SIMD's: the page's bits (ordered_sums.h).
  ordered_product(out.concat, s.W_O, out.output);
  out.has_loss = s.has_target;
  out.loss = s.has_target ? ordered_squared_norm(out.output - s.target) / static_cast<double>(out.output.size()) : 0.0;

  if (s.mode == Mode::Projected) {
    const int qk_per_head = one_w(s.options) ? one_w_parameters(s) : (shared_qk(s.options) ? 1 : 2) * s.d_model * s.d_k;
    out.params.separate = qk_per_head * s.heads;
    out.params.merged = one_w_parameters(s) * s.heads;
  } else {
    out.params = {};
  }
}

Result compute(const Scenario& s) {
  Result r;
  compute(s, r);
  return r;
}

}  // namespace core
