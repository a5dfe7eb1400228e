#include "core/model/positions.h"

#include <cmath>

#include "core/math/portable_math.h"

namespace core {

// portable:: sin, cos and pow, not libm's, which round otherwise in the page (portable_math.h).
void sinusoidal_encoding(int count, int d_model, double base, Mat& out) {
  out.resize(count, d_model);
  double divisor[(kMaxDModel + 1) / 2];  // columns 2i and 2i+1 share the frequency of pair i
  for (int pair = 0; 2 * pair < d_model; ++pair) divisor[pair] = portable::pow(base, 2.0 * pair / d_model);
  for (int p = 0; p < count; ++p)
    for (int c = 0; c < d_model; ++c) {
      const double angle = p / divisor[c / 2];
      out(p, c) = c % 2 == 0 ? portable::sin(angle) : portable::cos(angle);
    }
}

Mat sinusoidal_encoding(int count, int d_model, double base) {
  Mat out;
  sinusoidal_encoding(count, d_model, base, out);
  return out;
}

double rope_frequency(int pair, int d_k, double base) { return portable::pow(base, -2.0 * pair / d_k); }

void rope_rotate(Mat& M, double base, int direction) {
  const int cols = static_cast<int>(M.cols());
  for (int pair = 0; 2 * pair + 1 < cols; ++pair) {
    const double theta = rope_frequency(pair, cols, base);
    for (Eigen::Index p = 1; p < M.rows(); ++p) {  // position 0 does not turn
      const double angle = direction * static_cast<double>(p) * theta;
      const double c = portable::cos(angle), s = portable::sin(angle);
      const double x = M(p, 2 * pair), y = M(p, 2 * pair + 1);
      M(p, 2 * pair) = c * x - s * y;
      M(p, 2 * pair + 1) = s * x + c * y;
    }
  }
}

}  // namespace core
