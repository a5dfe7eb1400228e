#include "core/training/curve_style.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numeric>

namespace core {

std::vector<double> exponential_moving_average(const std::vector<double>& x, double alpha) {
  std::vector<double> y(x.size());
  bool started = false;
  double before = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i])) {
      y[i] = x[i];
      started = false;
      continue;
    }
    before = started ? alpha * before + (1 - alpha) * x[i] : x[i];
    started = true;
    y[i] = before;
  }
  return y;
}

std::vector<double> log_moving_average(const std::vector<double>& x, double alpha, double floor) {
  std::vector<double> logs(x.size());
  for (size_t i = 0; i < x.size(); ++i) logs[i] = std::isfinite(x[i]) ? std::log10(std::max(x[i], floor)) : x[i];
  std::vector<double> y = exponential_moving_average(logs, alpha);
  for (size_t i = 0; i < y.size(); ++i) y[i] = std::isfinite(x[i]) ? std::pow(10.0, y[i]) : x[i];
  return y;
}

namespace {

// Solid, dashes, dots, dash-dot, long dashes, dash-dot-dot, sparse dots, long-short: told apart at
// a glance over a legend's 30 pixels, where the first few (the commonest experiments have 2 to 4
// designs) differ most.
const float kDash[] = {7, 4};
const float kDot[] = {2, 3};
const float kDashDot[] = {8, 3, 2, 3};
const float kLongDash[] = {14, 5};
const float kDashDotDot[] = {8, 3, 2, 3, 2, 3};
const float kSparseDot[] = {2, 7};
const float kLongShort[] = {12, 3, 4, 3};
// Solid is the empty pattern ((pointer, 0) is ambiguous for emscripten's libc++: a size or a pointer).
const std::span<const float> kPatterns[] = {
    std::span<const float>(), kDash, kDot, kDashDot, kLongDash, kDashDotDot, kSparseDot, kLongShort};

}  // namespace

std::span<const float> curve_dash(int i) {
  const int count = static_cast<int>(std::size(kPatterns));
  // Past the palette's 8 colours the patterns shift by one a round: design 8 has design 0's colour and design 1's dashes.
  const int k = ((i % count) + count) % count, round = i >= 0 ? i / count : 0;
  return kPatterns[(k + round) % count];
}

std::vector<std::pair<float, float>> dash_spans(std::span<const float> pattern, float length, float unit) {
  const float period = std::accumulate(pattern.begin(), pattern.end(), 0.0f) * unit;
  if (pattern.empty() || !(period > 0) || !(length > 0)) return {{0.0f, std::max(0.0f, length)}};
  std::vector<std::pair<float, float>> spans;
  float at = 0;
  for (size_t k = 0; at < length; k = (k + 1) % pattern.size()) {
    const float next = at + pattern[k] * unit;
    if (k % 2 == 0) spans.emplace_back(at, std::min(next, length));
    at = next;
  }
  return spans;
}

}  // namespace core
