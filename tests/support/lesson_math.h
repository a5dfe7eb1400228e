// Helpers of the lesson tests: how many numbers a product really has (the rank
// of its Jacobian), a token's index, a head's Result, and the softmax's row sums.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "core/model/compute.h"

namespace lesson_math {

inline int token(const core::Scenario& s, const char* name) {
  const auto it = std::find(s.tokens.begin(), s.tokens.end(), name);
  EXPECT_NE(it, s.tokens.end()) << name;
  return static_cast<int>(it - s.tokens.begin());
}

inline core::HeadResult head0(const core::Scenario& s) { return core::compute(s).head[0]; }

// numpy's matrix_rank of a dense matrix.
inline int numeric_rank(const Eigen::MatrixXd& m) {
  if (m.size() == 0) return 0;
  const Eigen::VectorXd sv = Eigen::JacobiSVD<Eigen::MatrixXd>(m).singularValues();
  const double tol = sv(0) * std::max(m.rows(), m.cols()) * std::numeric_limits<double>::epsilon();
  return static_cast<int>((sv.array() > std::max(tol, 1e-300)).count());
}

// The rank of the Jacobian of (A, B) ↦ A·Bᵀ (A: m×d, B: p×d): how many numbers the product really has.
inline int product_jacobian_rank(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) {
  const Eigen::Index m = A.rows(), p = B.rows(), d = A.cols();
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(m * p, (m + p) * d);
  for (Eigen::Index i = 0; i < m; ++i)
    for (Eigen::Index j = 0; j < p; ++j)
      for (Eigen::Index t = 0; t < d; ++t) {
        J(i * p + j, i * d + t) += B(j, t);          // ∂(ABᵀ)_ij / ∂A_it
        J(i * p + j, m * d + j * d + t) += A(i, t);  // ∂(ABᵀ)_ij / ∂B_jt
      }
  return numeric_rank(J);
}

// The rank of the Jacobian of A ↦ A·Aᵀ.
inline int gram_jacobian_rank(const Eigen::MatrixXd& A) {
  const Eigen::Index m = A.rows(), d = A.cols();
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(m * m, m * d);
  for (Eigen::Index i = 0; i < m; ++i)
    for (Eigen::Index j = 0; j < m; ++j)
      for (Eigen::Index t = 0; t < d; ++t) {
        J(i * m + j, i * d + t) += A(j, t);
        J(i * m + j, j * d + t) += A(i, t);
      }
  return numeric_rank(J);
}

inline Eigen::MatrixXd dense(const core::Mat& m) { return m; }

inline double max_abs_diff(const core::Mat& a, const core::Mat& b) { return (a - b).cwiseAbs().maxCoeff(); }

// Z_i = Σ_k exp(ℓ_ik): the sum that divides row i of the softmax.
inline double row_normaliser(const core::HeadResult& r, int i) {
  double z = 0;
  for (Eigen::Index k = 0; k < r.logits.cols(); ++k)
    if (!r.masked(i, static_cast<int>(k))) z += std::exp(r.logits(i, k));
  return z;
}

}  // namespace lesson_math
