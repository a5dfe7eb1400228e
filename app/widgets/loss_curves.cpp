#include "app/widgets/loss_curves.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include <implot.h>
#include <implot_internal.h>

#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/lab.h"  // format_loss
#include "app/widgets/frame_context.h"
#include "core/export/export_curves.h"
#include "core/model/markup.h"
#include "core/training/curve_style.h"

namespace app {

ImU32 curve_colour(const AppState& state, int v) {
  const auto c = core::curve_colour(v, state.view.theme == Theme::Light);
  return IM_COL32(c[0], c[1], c[2], 255);
}

namespace {

// A polyline in variant v's dash pattern (core::curve_dash), the pattern running on across its
// points: ImDrawList draws no dashes, so each dash is a polyline of its own.
void DashedPolyline(ImDrawList* dl, const ImVec2* points, int count, ImU32 colour, float thickness, int v) {
  const std::span<const float> pattern = core::curve_dash(v);
  if (pattern.empty() || count < 2) {
    dl->AddPolyline(points, count, colour, thickness);
    return;
  }
  static std::vector<float> along;  // the distance to each point; the UI thread's alone
  along.assign(1, 0.0f);
  for (int i = 1; i < count; ++i) {
    const float dx = points[i].x - points[i - 1].x, dy = points[i].y - points[i - 1].y;
    along.push_back(along.back() + std::sqrt(dx * dx + dy * dy));
  }
  // A dash's pattern in units of the line's width at scale 1: thicker lines, longer dashes.
  const float unit = std::max(1.0f, fonts().scale);
  const auto at = [&](size_t k, float d) {  // the point at distance d on segment k → k + 1
    const float length = along[k + 1] - along[k];
    const float t = length > 0 ? (d - along[k]) / length : 0.0f;
    return ImVec2(points[k].x + (points[k + 1].x - points[k].x) * t, points[k].y + (points[k + 1].y - points[k].y) * t);
  };
  static std::vector<ImVec2> dash;
  size_t k = 0;
  for (const auto& [from, to] : core::dash_spans(pattern, along.back(), unit)) {
    while (k + 2 < along.size() && along[k + 1] <= from) ++k;
    dash.assign(1, at(k, from));
    while (k + 2 < along.size() && along[k + 1] < to) dash.push_back(points[++k]);
    dash.push_back(at(k, to));
    dl->AddPolyline(dash.data(), static_cast<int>(dash.size()), colour, thickness);
  }
}

// The tick label of a log axis: "10⁻³" at a decade ("0" on the zero floor of `data`, a
// core::LossAxis, when given), a plain number between (core::minor_tick_label).
int FormatLogTick(double value, char* buf, int size, void* data) {
  const double exponent = std::log10(value);
  const int k = static_cast<int>(std::lround(exponent));
  const core::LossAxis axis = data ? *static_cast<const core::LossAxis*>(data) : core::LossAxis{k, k + 1};
  const std::string label =
      std::abs(exponent - k) < 1e-6 ? core::markup_as_plain_text(axis.label(k, 1)) : core::minor_tick_label(value);
  return std::snprintf(buf, static_cast<size_t>(size), "%s", label.c_str());
}

}  // namespace

void CurveSample(const AppState& state, ImDrawList* dl, ImVec2 from, float width, int v) {
  const ImVec2 line[] = {from, ImVec2(from.x + width, from.y)};
  DashedPolyline(dl, line, 2, curve_colour(state, v), 3 * fonts().scale, v);
}

const std::vector<std::vector<double>>& shown_loss(AppState& state) {
  const core::Curves& c = state.lab.view.curves;
  const int choice = std::clamp(state.lab.smoothing, 0, static_cast<int>(std::size(core::kSmoothings)) - 1);
  const double alpha = core::kSmoothings[choice];
  if (alpha <= 0) return c.loss;
  SmoothedCurves& made = state.lab.smoothed;
  std::vector<size_t> sizes;
  std::vector<double> last;
  for (const std::vector<double>& curve : c.loss) {
    sizes.push_back(curve.size());
    last.push_back(curve.empty() ? 0.0 : curve.back());
  }
  // Bit for bit the same last values (NaN included) and lengths: the same curves, as far as a run goes.
  const bool same = made.alpha == alpha && made.sizes == sizes &&
                    std::equal(last.begin(), last.end(), made.last.begin(), made.last.end(),
                               [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; });
  if (!same) {
    made.alpha = alpha;
    made.sizes = std::move(sizes);
    made.last = std::move(last);
    made.loss.clear();
    // Of log₁₀ L, what the axis shows (curve_style.h says why), a 0 counted as on the axis's floor.
    const double floor = core::loss_axis(c).floor();
    for (const std::vector<double>& curve : c.loss) made.loss.push_back(core::log_moving_average(curve, alpha, floor));
  }
  return made.loss;
}

void PlotDashedLine(const AppState& state, const char* label, std::span<const double> xs, std::span<const double> ys, int v,
                    bool dots) {
  const ImU32 colour = curve_colour(state, v);
  if (!ImPlot::BeginItem(label, ImPlotSpec(ImPlotProp_LineWeight, 1.8f * fonts().scale), ImGui::ColorConvertU32ToFloat4(colour)))
    return;
  const float weight = ImPlot::GetItemData().Spec.LineWeight;  // thicker while its legend entry is hovered
  ImDrawList* dl = ImPlot::GetPlotDrawList();
  const float r = 4 * fonts().scale, top = ImPlot::GetPlotPos().y + r;  // the whole cross inside the plot's clip
  static std::vector<ImVec2> piece;  // the UI thread's alone
  const auto flush = [&] {
    if (piece.size() == 1 || dots)
      for (const ImVec2& p : piece) dl->AddCircleFilled(p, 2.5f * fonts().scale, colour);
    if (piece.size() > 1) DashedPolyline(dl, piece.data(), static_cast<int>(piece.size()), colour, weight, v);
    piece.clear();
  };
  for (size_t i = 0; i < std::min(xs.size(), ys.size()); ++i) {
    if (std::isnan(ys[i]) || std::isinf(ys[i])) flush();
    if (std::isinf(ys[i]) && ys[i] > 0) {  // diverged: a cross on the top edge
      const float x = ImPlot::PlotToPixels(xs[i], 1.0).x;
      dl->AddLine(ImVec2(x - r, top - r), ImVec2(x + r, top + r), colour, 2 * fonts().scale);
      dl->AddLine(ImVec2(x - r, top + r), ImVec2(x + r, top - r), colour, 2 * fonts().scale);
    }
    if (std::isnan(ys[i]) || std::isinf(ys[i])) continue;
    if (ImPlot::FitThisFrame()) ImPlot::FitPoint(ImPlotPoint(xs[i], ys[i]));
    piece.push_back(ImPlot::PlotToPixels(xs[i], ys[i]));
  }
  flush();
  ImPlot::EndItem();
}

void SetupLogAxis(ImAxis axis, int lo, int hi, const core::LossAxis* loss) {
  ImPlot::SetupAxisScale(axis, ImPlotScale_Log10);
  ImPlot::SetupAxisFormat(axis, FormatLogTick, const_cast<core::LossAxis*>(loss));
  if (hi - lo != 1) return;
  double minor[8];
  for (int m = 2; m <= 9; ++m) minor[m - 2] = m * std::pow(10.0, lo);
  ImPlot::SetupAxisTicks(axis, minor, 8, nullptr, true);
}

int limits_cond(const char* id, std::span<const double> limits) {
  const ImGuiID key = ImGui::GetID(id);
  const int now = static_cast<int>(ImHashData(limits.data(), limits.size_bytes()));
  const bool changed = ImGui::GetStateStorage()->GetInt(key) != now;
  ImGui::GetStateStorage()->SetInt(key, now);
  return changed ? ImPlotCond_Always : ImPlotCond_Once;
}

void note_plot(const std::string& key) {
  ImPlotPlot& plot = *ImPlot::GetCurrentPlot();
  const ImRect& r = plot.PlotRect;
  PlotLayout& out = frame_layout().plots[key] = PlotLayout{};  // this frame's alone
  out.plot = Rect{r.Min.x, r.Min.y, r.GetWidth(), r.GetHeight()};
  const float line = ImGui::GetTextLineHeight(), pad = 4 * fonts().scale;
  for (const ImAxis a : {ImAxis_X1, ImAxis_Y1}) {
    ImPlotTicker& ticker = plot.Axes[a].Ticker;
    for (int i = 0; i < ticker.TickCount(); ++i) {
      const ImPlotTick& t = ticker.Ticks[i];
      if (!t.ShowLabel) continue;
      const ImVec2 at = a == ImAxis_X1 ? ImVec2(t.PixelPos - t.LabelSize.x / 2, r.Max.y + pad)
                                       : ImVec2(r.Min.x - pad - t.LabelSize.x, t.PixelPos - line / 2);
      out.ticks.push_back(PlotLabel{ticker.GetText(i), Rect{at.x, at.y, t.LabelSize.x, line}});
      note_drawn_text(at, out.ticks.back().text);
    }
  }
  ImPlotItemGroup& items = *ImPlot::GetCurrentContext()->CurrentItems;
  const ImRect& legend = items.Legend.Rect;  // where the frame before put it: ImPlot places it in EndPlot
  out.legend = Rect{legend.Min.x, legend.Min.y, legend.GetWidth(), legend.GetHeight()};
  const bool across = items.Legend.Flags & ImPlotLegendFlags_Horizontal;
  const ImVec2 inner = ImPlot::GetStyle().LegendInnerPadding, spacing = ImPlot::GetStyle().LegendSpacing;
  ImVec2 at(legend.Min.x + inner.x + line, legend.Min.y + inner.y);
  for (int i = 0; i < items.GetLegendCount(); ++i) {
    const char* label = items.GetLegendLabel(i);
    const ImVec2 size = ImGui::CalcTextSize(label, nullptr, true);
    out.legend_entries.push_back(
        PlotLabel{std::string(label, ImGui::FindRenderedTextEnd(label)), Rect{at.x, at.y, size.x, size.y}});
    note_drawn_text(at, out.legend_entries.back().text);
    (across ? at.x : at.y) += across ? size.x + line + spacing.x : line + spacing.y;
  }
}

namespace {

// What the legend says after variant v's name: its last loss (the median over seeds), the test
// loss once finished, how many runs diverged.
std::string legend_value(const core::Curves& c, size_t v) {
  std::string value = c.loss[v].empty() ? "not started" : (c.seeds > 1 ? "median L = " : "L = ") + format_loss(c.loss[v].back());
  if (v < c.test_loss.size() && std::isfinite(c.test_loss[v])) value += ", test " + format_loss(c.test_loss[v]);
  if (c.seeds > 1 && v < c.diverged_runs.size() && c.diverged_runs[v])
    value += ", " + std::to_string(c.diverged_runs[v]) + " of " + std::to_string(c.seeds) + " diverged";
  else if (v < c.diverged.size() && c.diverged[v]) value += ", diverged at step " + std::to_string(c.diverged[v]);
  return value;
}

// The step under the mouse: every variant's loss there in a tooltip, and a line at it.
void HoverStep(const AppState& state, const core::Curves& c, int step) {
  ImPlot::PlotInfLines("##hovered", std::array{static_cast<double>(step)}.data(), 1,
                       ImPlotSpec(ImPlotProp_LineColor, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)));
  ImGui::BeginTooltip();
  ImGui::Text(step == 0 ? "before the first step" : "after %d step%s", step, step == 1 ? "" : "s");
  const size_t k = static_cast<size_t>(step);
  for (size_t v = 0; v < c.loss.size(); ++v) {
    if (k >= c.loss[v].size()) continue;
    ScriptText(c.names[v], readable(curve_colour(state, static_cast<int>(v))));
    ImGui::SameLine(160 * fonts().scale);
    if (v < c.band_lo.size() && k < c.band_lo[v].size())
      ImGui::Text("median L = %s  [%s, %s]", format_loss(c.loss[v][k]).c_str(), format_loss(c.band_lo[v][k]).c_str(),
                  format_loss(c.band_hi[v][k]).c_str());
    else ImGui::Text("L = %s", format_loss(c.loss[v][k]).c_str());
  }
  ImGui::EndTooltip();
}

// Variant v as the plot shows it, under its legend entry `label`: over seeds, the band from the
// smallest to the largest run; smoothed, the raw curve thin and faint under the smoothed one, so
// that the noise the average hides is still there to see; the curve in its colour and dash
// pattern. Every value at least the axis's floor, where the log axis draws a 0.
void PlotVariant(const AppState& state, const core::LossAxis& axis, const std::string& label, size_t v,
                 const std::vector<std::vector<double>>& shown) {
  const core::Curves& c = state.lab.view.curves;
  const auto on_axis = [&](const std::vector<double>& curve) {
    std::vector<double> y;
    for (const double l : curve) y.push_back(core::on_axis(axis, l));
    return y;
  };
  std::vector<double> xs(c.loss[v].size());
  for (size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<double>(i);
  const ImVec4 colour = ImGui::ColorConvertU32ToFloat4(curve_colour(state, static_cast<int>(v)));
  if (v < c.band_lo.size() && v < c.band_hi.size()) {
    const std::vector<double> lo = on_axis(c.band_lo[v]), hi = on_axis(c.band_hi[v]);
    ImPlot::PlotShaded(label.c_str(), xs.data(), lo.data(), hi.data(),
                       static_cast<int>(std::min({xs.size(), lo.size(), hi.size()})),
                       ImPlotSpec(ImPlotProp_FillColor, colour, ImPlotProp_FillAlpha, 0.18f));
  }
  if (&shown != &c.loss) {
    const std::vector<double> raw = on_axis(c.loss[v]);
    ImPlot::PlotLine(
        label.c_str(), raw.data(), static_cast<int>(raw.size()), 1.0, 0.0,
        ImPlotSpec(ImPlotProp_LineColor, ImVec4(colour.x, colour.y, colour.z, 0.3f), ImPlotProp_LineWeight, fonts().scale));
  }
  PlotDashedLine(state, label.c_str(), xs, on_axis(shown[v]), static_cast<int>(v), false);
}

}  // namespace

// The curves on a log axis with a legend: the panel's and the PNG's. The axis follows the run (its
// decades and steps) and is set again only when those change, so that a zoom or a pan stays put.
void LossCurves(AppState& state, ImVec2 size) {
  const core::Curves& c = state.lab.view.curves;
  const TrainingFrame& frame = frame_picture().training;  // a training run's frame keeps the whole run's axis
  const core::LossAxis axis = frame.panel ? frame.axis : core::loss_axis(c);
  const int x_max = std::max(1, c.steps > 0 ? c.steps : state.lab.experiment.steps);
  const std::vector<std::vector<double>>& shown = frame.panel ? c.loss : shown_loss(state);
  // The legend's entries: each variant's plain name and what it says after it, kept as one item when its loss
  // changes ("###v"); beside the plot, or below it when beside would leave the plot under 60% of the width.
  std::vector<std::string> labels;
  float widest = 0;
  for (size_t v = 0; v < c.names.size() && v < c.loss.size(); ++v) {
    labels.push_back(core::markup_as_plain_text(c.names[v]) + "  " + legend_value(c, v) + "###" + std::to_string(v));
    widest = std::max(widest, ImGui::CalcTextSize(labels.back().c_str(), nullptr, true).x + 3 * ImGui::GetTextLineHeight());
  }
  const bool below = size.x - widest < size.x * 0.6f;
  const float line = ImGui::GetTextLineHeight();
  // A plot that can be read above a legend of many rows, however short the room.
  size.y =
      std::max(size.y, below ? 100 * fonts().scale + static_cast<float>(labels.size() + 4) * line * 1.2f : 120 * fonts().scale);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  frame_layout().panels[kLossCurvesPicture] = Rect{origin.x, origin.y, size.x, size.y};
  const double limits[] = {double(axis.lo), double(axis.hi), double(axis.zero_floor), double(x_max)};
  // A picture takes no input; on a phone's page (stacked) the wheel and a finger scroll the page,
  // which a plot that zooms would take from them.
  const bool picture = frame_picture().active || state.panels.stacked;
  if (!ImPlot::BeginPlot("##curves", size, ImPlotFlags_NoMouseText | (picture ? ImPlotFlags_NoInputs : 0))) return;
  const char* x_title = state.lab.result ? "step  (the curves: bits per character L of each step's batch, on a log scale)"
                                         : "step  (the curves: mean squared error L of each step's batch, on a log scale)";
  ImPlot::SetupAxes(ImGui::CalcTextSize(x_title).x > size.x ? "step  (L of each step's batch, log scale)" : x_title, nullptr);
  SetupLogAxis(ImAxis_Y1, axis.lo, axis.hi, &axis);
  ImPlot::SetupAxesLimits(0, x_max, axis.floor(), std::pow(10.0, axis.hi), limits_cond("curves.axis", limits));
  ImPlot::SetupLegend(below ? ImPlotLocation_South : ImPlotLocation_NorthEast, ImPlotLegendFlags_Outside);
  for (size_t v = 0; v < labels.size() && v < shown.size(); ++v) PlotVariant(state, axis, labels[v], v, shown);
  if (frame.panel && frame.step < x_max)  // now, in a training run's frame
    ImPlot::PlotInfLines("##now", std::array{static_cast<double>(frame.step)}.data(), 1,
                         ImPlotSpec(ImPlotProp_LineColor, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)));
  if (!picture && ImPlot::IsPlotHovered()) {
    const long step = std::lround(ImPlot::GetPlotMousePos().x);
    if (step >= 0 && step <= x_max) HoverStep(state, c, static_cast<int>(step));
  }
  note_plot(kLossCurvesPicture);
  ImPlot::EndPlot();
}

}  // namespace app
