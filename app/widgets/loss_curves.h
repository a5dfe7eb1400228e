// The loss curves of the training lab: one widget for the Experiment panel
// and for the PNG of the curves alone (its "curves PNG" export), so that the
// picture is the panel's plot. Colours and axis come from core/export/export_curves.h,
// so the SVG export agrees with both; the dash patterns and the smoothing from
// core/training/curve_style.h. Names are markup, drawn as the panels draw it ("no √d_k").
#pragma once

#include <string>
#include <vector>

#include <imgui.h>

#include "app/app_state.h"

namespace app {

// The name of the curves' rectangle in frame_layout().panels, and of the picture of the
// curves alone (DrawLossCurvesPicture, panel_loss_curves.cpp).
inline constexpr const char* kLossCurvesPicture = panel_name(Panel::LossCurves);

// Variant v's colour in the view's theme.
ImU32 curve_colour(const AppState& state, int v);

// The font of the losses under the names in the legend: the small one in the lab, the text's own
// in a picture (a training run's frame, the curves' PNG), where the small one, 9 pixels high at
// 720p, is too small for a slide. The legend is as wide as its longest line in that font.
ImFont* legend_value_font();

// A polyline in variant v's dash pattern (core::curve_dash), the pattern running on across its
// points: ImDrawList draws no dashes, so each dash is a polyline of its own.
void DashedPolyline(ImDrawList* dl, const ImVec2* points, int count, ImU32 colour, float thickness, int v);
// Variant v's line as the legend shows it, colour and dash pattern, `width` long from `from` (its
// left end, at mid-height of a text line); the table's design column shows the same.
void CurveSample(const AppState& state, ImDrawList* dl, ImVec2 from, float width, int v);
// What the lab draws of variant v's loss: the curve itself, or smoothed (Lab::smoothing), the
// smoothed curves made again only when the curves or the factor changed.
const std::vector<std::vector<double>>& shown_loss(AppState& state);

// The curves of state.lab's run on a log axis, with a legend and the hovered step's losses, in `size` at the cursor.
void LossCurves(AppState& state, ImVec2 size);

}  // namespace app
