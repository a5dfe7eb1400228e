#include "core/math/matrix_fill.h"

#include <cmath>
#include <random>

namespace core {

Eigen::MatrixXd random_entries(int rows, int cols, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Eigen::MatrixXd m(rows, cols);
  // 2³² mod 201 = 100: the first 100 of the 201 values come 1 time in 2³² more often than the rest.
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) m(r, c) = static_cast<double>(static_cast<int>(rng() % 201) - 100) / 100.0;
  return m;
}

Eigen::MatrixXd rounded(const Eigen::MatrixXd& m, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return m.unaryExpr([scale](double x) {
    const double r = std::round(x * scale) / scale;  // k/100 is the double nearest to k/100, as "0.25" reads
    return r == 0 ? 0.0 : r;
  });
}

}  // namespace core
