// The loss curves of the training lab: one widget for the Experiment panel
// and for the PNG of the curves alone (its "curves PNG" export), so that the
// picture is the panel's plot. Colours and axis come from core/export/export_curves.h,
// so the SVG export agrees with both.
#pragma once

#include <string>

#include <imgui.h>

#include "app/app_state.h"

namespace app {

// The name of the curves' rectangle in state.layout.panels, and of the picture of the
// curves alone (DrawLossCurvesPicture, panel_loss_curves.cpp).
inline constexpr const char* kLossCurvesPicture = panel_name(Panel::LossCurves);

// Variant v's colour in the view's theme.
ImU32 curve_colour(const AppState& state, int v);

// The font of the losses under the names in the legend: the small one in the lab, the text's own
// in a picture (a training run's frame, the curves' PNG), where the small one, 9 pixels high at
// 720p, is too small for a slide. The legend is as wide as its longest line in that font.
ImFont* legend_value_font(const AppState& state);

// The curves of state.lab's run on a log axis, with a legend and the hovered step's losses, in `size` at the cursor.
void LossCurves(AppState& state, ImVec2 size);

}  // namespace app
