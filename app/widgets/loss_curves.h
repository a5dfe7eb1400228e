// The loss curves of the training lab, drawn with ImPlot: one widget for the Experiment panel
// and for the PNG of the curves alone (its "curves PNG" export), so that the picture is the
// panel's plot. Colours and axis come from core/export/export_curves.h, so the SVG export agrees
// with both; the dash patterns and the smoothing from core/training/curve_style.h. ImPlot's
// legend and ticks cannot raise or lower text: names are drawn as their plain text ("no √dₖ").
#pragma once

#include <span>
#include <string>
#include <vector>

#include <imgui.h>
#include <implot.h>

#include "app/app_state.h"
#include "core/export/export_curves.h"

namespace app {

// The name of the curves' rectangle in frame_layout().panels and .plots, and of the picture of
// the curves alone (DrawLossCurvesPicture, panel_loss_curves.cpp).
inline constexpr const char* kLossCurvesPicture = panel_name(Panel::LossCurves);

// Variant v's colour in the view's theme.
ImU32 curve_colour(const AppState& state, int v);

// Variant v's line as the table's design column shows it, colour and dash pattern, `width` long
// from `from` (its left end, at mid-height of a text line).
void CurveSample(const AppState& state, ImDrawList* dl, ImVec2 from, float width, int v);
// What the lab draws of variant v's loss: the curve itself, or smoothed (Lab::smoothing), the
// smoothed curves made again only when the curves or the factor changed.
const std::vector<std::vector<double>>& shown_loss(AppState& state);

// Inside an ImPlot plot: variant v's line through (xs, ys) as the item `label`, in its colour and
// dash pattern (ImPlot draws no dashes), broken where y is NaN; a dot at each point with `dots` or
// where a piece has one point; a cross on the plot's top edge where y is +∞ (diverged).
void PlotDashedLine(const AppState& state, const char* label, std::span<const double> xs, std::span<const double> ys, int v,
                    bool dots);
// In an ImPlot plot's setup: `axis` on a log scale, labelled "10⁻³" at each decade ("0" on
// `loss`'s zero floor, when given); over one decade [10^lo, 10^hi] (a language model's bits per
// character, 2.8 against 3.5), 2 to 9 times its foot labelled too, so that values can be read off.
void SetupLogAxis(ImAxis axis, int lo, int hi, const core::LossAxis* loss = nullptr);
// For an ImPlot plot's SetupAxesLimits: ImPlotCond_Always when `limits` differ from those this
// window's plot `id` was last given (the run moved them), else ImPlotCond_Once: a zoom stays put.
int limits_cond(const char* id, std::span<const double> limits);
// Inside an ImPlot plot, before EndPlot: its frame, ticks and legend entries as drawn, into
// frame_layout().plots[key] and the screen's text (tests, --layout-out).
void note_plot(const std::string& key);

// The curves of state.lab's run on a log axis, with a legend and the hovered step's losses, in `size` at the cursor.
void LossCurves(AppState& state, ImVec2 size);

}  // namespace app
