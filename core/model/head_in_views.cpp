#include "core/model/head_in_views.h"

#include <algorithm>
#include <cmath>

#include <Eigen/QR>
#include <Eigen/SVD>

namespace core {

namespace {

// W_Q = U·R with U's d_k columns orthonormal (a thin QR).
void thin_qr(const Eigen::MatrixXd& W, Eigen::MatrixXd& U, Eigen::MatrixXd& R) {
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(W);
  U = qr.householderQ() * Eigen::MatrixXd::Identity(W.rows(), W.cols());
  R = qr.matrixQR().topRows(W.cols()).triangularView<Eigen::Upper>();
}

}  // namespace

HeadInViews head_in_views(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K, int dims) {
  const int d_model = static_cast<int>(W_Q.rows()), d_k = static_cast<int>(W_Q.cols());
  dims = std::clamp(dims, 2, std::min(4, std::max(2, d_model)));
  // W's singular vectors without forming W: W = U_Q·(R_Q·R_Kᵀ)·U_Kᵀ, and R_Q·R_Kᵀ = A·Σ·Bᵀ.
  Eigen::MatrixXd U_Q, R_Q, U_K, R_K;
  thin_qr(W_Q, U_Q, R_Q);
  thin_qr(W_K, U_K, R_K);
  const Eigen::JacobiSVD<Eigen::MatrixXd> core_svd(R_Q * R_K.transpose(), Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Eigen::MatrixXd U = U_Q * core_svd.matrixU(), V = U_K * core_svd.matrixV();
  // The candidates in order, u_1, v_1, u_2, v_2, …, then the axes; each kept when it adds a direction.
  std::vector<std::pair<Eigen::VectorXd, std::string>> candidates;
  for (int i = 0; i < d_k; ++i) {
    candidates.emplace_back(U.col(i), "u" + std::to_string(i + 1));
    candidates.emplace_back(V.col(i), "v" + std::to_string(i + 1));
  }
  for (int i = 0; i < d_model; ++i) candidates.emplace_back(Eigen::VectorXd::Unit(d_model, i), "e" + std::to_string(i + 1));
  HeadInViews out;
  out.basis.resize(d_model, dims);
  int found = 0;
  for (const auto& [candidate, name] : candidates) {
    if (found == dims) break;
    Eigen::VectorXd v = candidate;
    for (int pass = 0; pass < 2; ++pass)  // Gram–Schmidt twice: orthogonal to rounding
      for (int j = 0; j < found; ++j) v -= out.basis.col(j).dot(v) * out.basis.col(j);
    if (v.norm() < 1e-6 * std::max(1.0, candidate.norm())) continue;  // in the span of those before
    v.normalize();
    // A singular vector's sign is the solver's choice: each direction points where its largest entry is
    // positive, so that the same head gives the same scenario on every machine (the lesson holds one).
    Eigen::Index largest = 0;
    v.cwiseAbs().maxCoeff(&largest);
    if (v(largest) < 0) v = -v;
    out.basis.col(found++) = v;
    out.names.push_back(name);
  }
  // W' = Pᵀ·W·P = (Pᵀ·W_Q)·(Pᵀ·W_K)ᵀ, factored again with d_k = dims.
  out.form = (out.basis.transpose() * W_Q) * (out.basis.transpose() * W_K).transpose();
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(out.form, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Eigen::VectorXd root = svd.singularValues().cwiseSqrt();
  const double c = std::pow(static_cast<double>(dims) / d_k, 0.25);
  Eigen::MatrixXd Q = c * svd.matrixU() * root.asDiagonal(), K = c * svd.matrixV() * root.asDiagonal();
  // Likewise each factor's column: its largest entry of W^Q positive (W^K's column turned with it, W' unchanged).
  for (int j = 0; j < dims; ++j) {
    Eigen::Index largest = 0;
    Q.col(j).cwiseAbs().maxCoeff(&largest);
    if (Q(largest, j) < 0) {
      Q.col(j) = -Q.col(j);
      K.col(j) = -K.col(j);
    }
  }
  Scenario& s = out.scenario;
  s = make_zero_scenario(dims, dims, dims, 1);
  s.tokens = out.names;
  for (int i = 0; i < dims; ++i)
    for (int j = 0; j < dims; ++j) {
      s.X(i, j) = i == j ? 1.0 : 0.0;
      s.W_Q[0](i, j) = Q(i, j);
      s.W_K[0](i, j) = K(i, j);
      s.W_V[0](i, j) = i == j ? 1.0 : 0.0;
    }
  return out;
}

HeadInViews text_in_views(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K, int dims, const Eigen::MatrixXd& X_chosen,
                          std::vector<std::string> tokens) {
  HeadInViews out = head_in_views(W_Q, W_K, dims);
  const int n = static_cast<int>(X_chosen.rows());
  Scenario& s = out.scenario;
  const Scenario directions = s;
  s = make_zero_scenario(n, dims, dims, 1);
  s.W_Q = directions.W_Q;
  s.W_K = directions.W_K;
  s.W_V = directions.W_V;
  s.W_O = directions.W_O;
  s.X = X_chosen * out.basis;
  s.tokens = std::move(tokens);
  return out;
}

}  // namespace core
