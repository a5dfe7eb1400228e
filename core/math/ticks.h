// The ticks of every axis attnlab draws: the Geometry panel's, the loss curves' steps in the
// window and in the SVG export. One rule, so that an axis reads the same wherever it is drawn.
#pragma once

#include <vector>

namespace core {

// How the step between ticks becomes 1, 2 or 5 × 10^k: the nearest one (about `count`
// ticks), or the next one up (at most `count` ticks, whose labels then do not touch).
enum class TickRounding { Nearest, Up };

// 1, 2, 5 or 10 × the power of ten at or below raw (raw > 0), by the rounding.
double nice_step(double raw, TickRounding rounding);

// The multiples of that step within [lo, hi] (0 exactly where one is 0), rounded from span / count or
// from min_step where that is larger (1: whole numbers). None for an empty or infinite span.
std::vector<double> nice_ticks(double lo, double hi, int count, TickRounding rounding = TickRounding::Nearest,
                               double min_step = 0);

}  // namespace core
