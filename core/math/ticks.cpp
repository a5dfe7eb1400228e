#include "core/math/ticks.h"

#include <algorithm>
#include <cmath>

namespace core {

// Up compares m · power with raw, not raw / power with m: at a raw step of exactly m · 10^k
// the two can disagree in the last bit.
double nice_step(double raw, TickRounding rounding) {
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  if (rounding == TickRounding::Nearest)
    return raw / power < 1.5 ? power : raw / power < 3.5 ? 2 * power : raw / power < 7.5 ? 5 * power : 10 * power;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

std::vector<double> nice_ticks(double lo, double hi, int count, TickRounding rounding, double min_step) {
  std::vector<double> ticks;
  const double span = hi - lo;
  if (!(span > 0) || !std::isfinite(span)) return ticks;
  const double step = nice_step(std::max(min_step, span / std::max(1, count)), rounding);
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step)
    ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
  return ticks;
}

}  // namespace core
