// A learning-rate sweep as the lab draws it (docs/experiments.md, "Learning-rate sweeps"): beside
// each other, each design's test loss after training against the rate, and the largest attention
// logit its runs reached over training against the rate, both on log axes; per design the median
// over the seeds as a line in its colour and dash pattern, the smallest to largest run as a band.
// A rate where half the runs or more diverged is drawn as a cross on the plot's top edge.
#pragma once

#include <imgui.h>

#include "app/app_state.h"

namespace app {

// The two plots of state.lab's sweep (view.curves.sweep not empty), with the designs' legend under
// them, in `size` at the cursor; hovering a rate gives every design's numbers there.
void SweepPlots(AppState& state, ImVec2 size);

}  // namespace app
