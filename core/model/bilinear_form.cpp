#include "core/model/bilinear_form.h"

#include <algorithm>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "core/model/compute.h"

namespace core {

namespace {

// Σ_ij A_ij·B_ji: tr(A·B) without the product.
double trace_of_product(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) { return A.cwiseProduct(B.transpose()).sum(); }

// R of a thin QR of W (d_model × d_k, d_k ≤ d_model): W = U·R with U's columns orthonormal.
Eigen::MatrixXd triangular_factor(const Eigen::MatrixXd& W) {
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(W);
  return qr.matrixQR().topRows(W.cols()).triangularView<Eigen::Upper>();
}

}  // namespace

BilinearForm bilinear_form(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K) {
  BilinearForm f;
  f.d_model = static_cast<int>(W_Q.rows());
  f.d_k = static_cast<int>(W_Q.cols());
  const Eigen::MatrixXd C = W_K.transpose() * W_Q;  // d_k × d_k
  const double norm2 = trace_of_product(W_Q.transpose() * W_Q, W_K.transpose() * W_K);
  const double with_transpose = trace_of_product(C, C);
  // ‖(W + Wᵀ)/2‖² = (‖W‖² + ⟨W, Wᵀ⟩)/2; clamped to [0, 1] against rounding.
  if (norm2 > 0) f.symmetric_fraction = std::clamp((norm2 + with_transpose) / (2 * norm2), 0.0, 1.0);

  Eigen::VectorXd sigma;
  if (f.d_k < f.d_model) {
    const Eigen::MatrixXd core = triangular_factor(W_Q) * triangular_factor(W_K).transpose();
    sigma = Eigen::BDCSVD<Eigen::MatrixXd>(core).singularValues();
  } else {
    const Eigen::MatrixXd W = W_Q * W_K.transpose();
    sigma = Eigen::BDCSVD<Eigen::MatrixXd>(W).singularValues();
  }
  f.singular_values.assign(sigma.data(), sigma.data() + sigma.size());
  f.rank_tolerance = rank_tolerance(sigma.size() ? sigma(0) : 0.0, f.d_model, f.d_model);
  for (double s : f.singular_values) f.rank += s > f.rank_tolerance;
  return f;
}

}  // namespace core
