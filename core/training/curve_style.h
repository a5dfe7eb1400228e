// How the lab tells its loss curves apart and reads them through noise (docs/experiments.md):
// each variant's dash pattern beside its colour, so that curves lying on one another still
// show which is which, in grey print too; and a curve smoothed by an exponential moving
// average, for the eye only: the curves kept, and every export of them, stay raw.
#pragma once

#include <span>
#include <utility>
#include <vector>

namespace core {

// The smoothing factors the lab offers: off, then heavier and heavier.
inline constexpr double kSmoothings[] = {0.0, 0.6, 0.9, 0.99};

// The exponential moving average with factor alpha in [0, 1): y₀ = x₀, yᵢ = α·yᵢ₋₁ + (1 − α)·xᵢ.
// (1, 0 with α = 0.5: 1, 0.5.) A value that is not finite is kept as it is, and the average
// starts again after it, so a diverged step stays visible and does not poison what follows.
std::vector<double> exponential_moving_average(const std::vector<double>& x, double alpha);
// The same average taken of log₁₀ x, for a curve on a log axis (the lab's losses): what the axis
// shows is averaged, so a loss falling by decades is followed where it falls. Averaged as it is, a
// curve could not fall faster than the average's own decay, α per step (at α = 0.99, a decade in
// 229 steps), and would show a loss reaching 1e-16 thousands of steps after it did. Values below
// `floor` (0 included) count as `floor`, where the axis draws them. (100, 1 with α = 0.5: 100, 10.)
std::vector<double> log_moving_average(const std::vector<double>& x, double alpha, double floor);

// Variant i's dash pattern: lengths along the curve, drawn and skipped in turn, in units of the
// line's width at scale 1 (pixels); empty: a solid line. Eight distinct patterns; from design 8 on, shifted
// by one a round, so that colour (8 of them) and pattern together tell 64 designs apart.
std::span<const float> curve_dash(int i);

// The parts of a polyline a dash pattern draws: [from, to] pairs of distances along it, the
// pattern counted from its start (so that it runs on across the polyline's corners and its
// pixel-column points). `length` is the polyline's length; `unit` scales the pattern.
std::vector<std::pair<float, float>> dash_spans(std::span<const float> pattern, float length, float unit);

}  // namespace core
