#include "core/model/gauge.h"

#include <cmath>
#include <random>

#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include "core/designs/shared_qk.h"

namespace core {

Eigen::MatrixXd random_gauge(const Scenario& s, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::MatrixXd A(s.d_k, s.d_k);
  for (Eigen::Index i = 0; i < A.size(); ++i) A(i) = normal(rng);
  if (shared_qk(s.options)) {
    // The Q of a QR decomposition of a Gaussian matrix: a random orthogonal matrix.
    Eigen::MatrixXd Q = Eigen::HouseholderQR<Eigen::MatrixXd>(A).householderQ();
    return Q;
  }
  // Near the identity, so that Q and K change visibly but not wildly, and well conditioned.
  return Eigen::MatrixXd::Identity(s.d_k, s.d_k) + 0.6 * A;
}

std::string apply_gauge(Scenario& s, const Eigen::MatrixXd& M) {
  const Eigen::Index d = s.d_k;
  if (M.rows() != d || M.cols() != d)
    return "M must be " + std::to_string(d) + "×" + std::to_string(d) + " (d_k × d_k)";
  if (!M.allFinite()) return "M has an entry that is not a finite number";
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(M);
  const Eigen::VectorXd sv = svd.singularValues();
  if (sv(d - 1) < 1e-9 * std::max(1.0, sv(0))) return "M is not invertible (its smallest singular value is 0)";
  if (shared_qk(s.options) && (M * M.transpose() - Eigen::MatrixXd::Identity(d, d)).cwiseAbs().maxCoeff() > 1e-9)
    return "under shared QK, W_K = W_Q: only an orthogonal M (M·Mᵀ = I) keeps the scores whatever W_Q is "
           "(when Q = X·W_Q has full column rank, no other M does)";
  const Eigen::MatrixXd M_inv_t = M.inverse().transpose();

  Scenario changed = s;
  for (int h = 0; h < s.heads; ++h) {
    if (s.mode == Mode::Projected) {
      changed.W_Q[h] = Eigen::MatrixXd(s.W_Q[h]) * M;
      changed.W_K[h] = Eigen::MatrixXd(key_weights(s, h)) * (shared_qk(s.options) ? M : M_inv_t);
    } else {
      changed.Q[h] = Eigen::MatrixXd(s.Q[h]) * M;
      changed.K[h] = Eigen::MatrixXd(direct_keys(s, h)) * (shared_qk(s.options) ? M : M_inv_t);
    }
  }
  if (!validate(changed).empty()) return "M makes an entry larger than 1e6";
  s = std::move(changed);
  return {};
}

}  // namespace core
