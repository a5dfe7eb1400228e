// Sliders whose number the grab never covers. Dear ImGui draws a slider's value centred, over its
// grab: "2" under a blue block for d_k, the "1" of "T = 1.00" under the grab. These draw the value
// in the half of the frame the grab is not in; dragging, clicking and Ctrl+click to type are
// Dear ImGui's own.
#pragma once

#include <imgui.h>

namespace app {

bool ReadableSliderInt(const char* label, int* v, int lo, int hi, const char* format = "%d");
bool ReadableSliderDouble(const char* label, double* v, const double* lo, const double* hi, const char* format,
                          ImGuiSliderFlags flags = 0);

// Where the grab stands along a slider of [lo, hi], 0 at the left, 1 at the right (on a
// logarithmic slider, as log v stands between log lo and log hi).
float slider_fraction(double v, double lo, double hi, bool logarithmic);

}  // namespace app
