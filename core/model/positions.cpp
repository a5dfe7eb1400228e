#include "core/model/positions.h"

#include <cmath>

namespace core {

void sinusoidal_encoding(int count, int d_model, double base, Mat& out) {
  out.resize(count, d_model);
  for (int p = 0; p < count; ++p)
    for (int c = 0; c < d_model; ++c) {
      const int pair = c / 2;  // columns 2i and 2i+1 share the frequency of pair i
      const double angle = p / std::pow(base, 2.0 * pair / d_model);
      out(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
    }
}

Mat sinusoidal_encoding(int count, int d_model, double base) {
  Mat out;
  sinusoidal_encoding(count, d_model, base, out);
  return out;
}

double rope_frequency(int pair, int d_k, double base) { return std::pow(base, -2.0 * pair / d_k); }

void rope_rotate(Mat& M, double base, int direction) {
  const int cols = static_cast<int>(M.cols());
  for (int pair = 0; 2 * pair + 1 < cols; ++pair) {
    const double theta = rope_frequency(pair, cols, base);
    for (Eigen::Index p = 1; p < M.rows(); ++p) {  // position 0 does not turn
      const double angle = direction * static_cast<double>(p) * theta;
      const double c = std::cos(angle), s = std::sin(angle);
      const double x = M(p, 2 * pair), y = M(p, 2 * pair + 1);
      M(p, 2 * pair) = c * x - s * y;
      M(p, 2 * pair + 1) = s * x + c * y;
    }
  }
}

}  // namespace core
