#include "core/model/bilinear_form.h"

#include <algorithm>
#include <cmath>
#include <string>

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

// About 10^k, k from the logarithms: what a singular value would be, where the double cannot say it.
std::string power_of_ten(double scaled, double scale_Q, double scale_K) {
  return "about 1e" + std::to_string(static_cast<long>(std::floor(std::log10(scaled) + std::log10(scale_Q) + std::log10(scale_K))));
}

std::string unrepresentable(const BilinearForm& f, const Eigen::VectorXd& scaled, double scale_Q, double scale_K) {
  if (!f.singular_values.empty() && !std::isfinite(f.singular_values.front()))
    return "W = W_Q\u00B7W_K\u1D40 has a singular value past the largest double (1.8e308): " + power_of_ten(scaled(0), scale_Q, scale_K);
  for (int i = 0; i < f.rank; ++i)
    if (f.singular_values[static_cast<size_t>(i)] == 0)
      return "W = W_Q\u00B7W_K\u1D40 has a singular value under the smallest double (4.9e-324): " +
             power_of_ten(scaled(i), scale_Q, scale_K);
  return {};
}

}  // namespace

BilinearForm bilinear_form(const Eigen::MatrixXd& W_Q_given, const Eigen::MatrixXd& W_K_given) {
  BilinearForm f;
  f.d_model = static_cast<int>(W_Q_given.rows());
  f.d_k = static_cast<int>(W_Q_given.cols());
  // Each over its largest entry: ‖W‖² of entries near 1e160 would overflow and of entries near 1e-160 underflow to 0,
  // while the fraction and the rank do not change with the scale (the singular values are scaled back at the end).
  const double scale_Q = W_Q_given.cwiseAbs().maxCoeff(), scale_K = W_K_given.cwiseAbs().maxCoeff();
  if (scale_Q == 0 || scale_K == 0) {  // W = 0: symmetric, of rank 0
    f.singular_values.assign(static_cast<size_t>(f.d_k), 0.0);
    return f;
  }
  const Eigen::MatrixXd W_Q = W_Q_given / scale_Q, W_K = W_K_given / scale_K;
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
  const double tolerance = rank_tolerance(sigma.size() ? sigma(0) : 0.0, f.d_model, f.d_model);
  for (Eigen::Index i = 0; i < sigma.size(); ++i) f.rank += sigma(i) > tolerance;
  // Scaled back left to right, as Python's Heads.numbers() does, so that both leave the doubles alike.
  for (Eigen::Index i = 0; i < sigma.size(); ++i) f.singular_values.push_back(sigma(i) * scale_Q * scale_K);
  f.rank_tolerance = tolerance * scale_Q * scale_K;
  f.unrepresentable = unrepresentable(f, sigma, scale_Q, scale_K);
  return f;
}

namespace {

// The means of W's rows over blocks of `block` rows: ⌈rows / block⌉ × cols.
Eigen::MatrixXd block_means(const Eigen::MatrixXd& W, int block) {
  const Eigen::Index rows = W.rows(), side = (rows + block - 1) / block;
  Eigen::MatrixXd out(side, W.cols());
  for (Eigen::Index i = 0; i < side; ++i) {
    const Eigen::Index first = i * block, count = std::min<Eigen::Index>(block, rows - first);
    out.row(i) = W.middleRows(first, count).colwise().mean();
  }
  return out;
}

}  // namespace

FormPicture form_picture(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K, int max_side) {
  FormPicture p;
  p.d_model = static_cast<int>(W_Q.rows());
  p.block = std::max(1, (p.d_model + max_side - 1) / std::max(1, max_side));
  p.W = p.block == 1 ? Eigen::MatrixXd(W_Q * W_K.transpose())
                     : Eigen::MatrixXd(block_means(W_Q, p.block) * block_means(W_K, p.block).transpose());
  p.symmetric = (p.W + p.W.transpose()) / 2;
  p.antisymmetric = (p.W - p.W.transpose()) / 2;
  if (p.W.size())
    p.max_abs = std::max({p.W.cwiseAbs().maxCoeff(), p.symmetric.cwiseAbs().maxCoeff(), p.antisymmetric.cwiseAbs().maxCoeff()});
  return p;
}

}  // namespace core
