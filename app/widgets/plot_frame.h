// The axis ticks of the app's plots: the Geometry panel's two axes and the loss
// curves' step axis choose their ticks and write their labels here, so that a
// tick reads the same wherever it is drawn.
#pragma once

#include <string>
#include <vector>

namespace app {

// How the step between ticks becomes 1, 2 or 5 × 10^k: the nearest one (about `count`
// ticks), or the next one up (at most `count` ticks, whose labels then do not touch).
enum class TickRounding { Nearest, Up };

// The multiples of that step within [lo, hi] (0 exactly where one is 0), rounded from span / count or
// from min_step where that is larger (1: whole numbers). None for an empty or infinite span.
std::vector<double> nice_ticks(double lo, double hi, int count, TickRounding rounding = TickRounding::Nearest,
                               double min_step = 0);

// A tick's label: the value as %g writes it (whole numbers up to 999999 in full), with a true minus sign.
std::string tick_text(double t);

}  // namespace app
