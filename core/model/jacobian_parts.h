// What the counts of freedom.cpp and effective_parameters.cpp share: one fixed generic point, a
// normalisation's tangent, and a Jacobian's numerical rank. Internal to core/model.
#pragma once

#include <cstdint>

#include <Eigen/SVD>

#include "core/math/matrix.h"

namespace core::jacobian {

// splitmix64, uniform in [−1, 1): one fixed generic point, the same bits on every
// machine (std::uniform_real_distribution is not).
class GenericEntries {
 public:
  explicit GenericEntries(std::uint64_t seed = 20261125) : state_(seed) {}
  double next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-52 - 1.0;
  }
  Mat matrix(int rows, int cols) {
    Mat out(rows, cols);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) out(i, j) = next();
    return out;
  }

 private:
  std::uint64_t state_;
};

// Each row of K over its length, and dK its tangent: k̂ = k/|k| moves by (dk − k̂(k̂·dk))/|k|, the
// part of dk across k, shortened.
inline void normalize_with_tangent(Mat& K, Mat& dK) {
  for (Eigen::Index j = 0; j < K.rows(); ++j) {
    const double length = K.row(j).norm();
    K.row(j) /= length;
    dK.row(j) = (dK.row(j) - K.row(j) * K.row(j).dot(dK.row(j))) / length;
  }
}

// A singular value counts above 10⁻⁹·σ_max: at generic entries the others are rounding, about
// 10⁻¹⁵·σ_max.
inline int numerical_rank(const Eigen::MatrixXd& J) {
  if (J.size() == 0) return 0;
  const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(J).singularValues();
  if (sigma.size() == 0 || sigma(0) == 0) return 0;
  return static_cast<int>((sigma.array() > 1e-9 * sigma(0)).count());
}

}  // namespace core::jacobian
