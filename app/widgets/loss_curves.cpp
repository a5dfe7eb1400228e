#include "app/widgets/loss_curves.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "app/widgets/frame_context.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/lab.h"  // format_loss
#include "app/widgets/plot_frame.h"
#include "core/export/export_curves.h"
#include "core/training/curve_style.h"

namespace app {

ImU32 curve_colour(const AppState& state, int v) {
  const auto c = core::curve_colour(v, state.view.theme == Theme::Light);
  return IM_COL32(c[0], c[1], c[2], 255);
}

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

namespace {

// The legend's sample of a curve, long enough for a period of every dash pattern (22 units the longest), and its name after it.
constexpr float kLegendSample = 24.0f, kLegendTextAt = 30.0f;

// Where the plot and its legend lie, and how a step and a loss find their pixels.
struct CurvesPlot {
  const core::Curves& c;
  ImVec2 origin;
  float left = 0, bottom = 0;  // room for the loss labels at the left, the step labels and title below
  float line = 0, entry_h = 0, legend_w = 0;
  // The legend on the right, or below the plot in as many columns as fit.
  bool legend_below = false;
  int legend_columns = 1;
  float height = 0;  // the plot's and its legend's, at least the height asked for
  ImVec2 p0, p1;  // the plot's corners
  float pw = 0, ph = 0;
  core::LossAxis axis;
  int x_max = 1;
  float scale = 1;
  ImDrawList* dl = nullptr;
  ImU32 ink = 0, faint = 0;
  bool bits = false;  // a language model's RESULT: the curves are bits per character, not a mean squared error

  float x_of(double step) const { return p0.x + pw * static_cast<float>(step / x_max); }
  float y_of(double loss) const {
    return p0.y + ph * static_cast<float>((axis.hi - std::log10(core::on_axis(axis, loss))) / (axis.hi - axis.lo));
  }
};

// What the legend says under variant v's name: its last loss (the median over seeds), the test
// loss once finished, how many runs diverged.
std::string legend_value(const core::Curves& c, size_t v) {
  std::string value = c.loss[v].empty() ? "not started" : (c.seeds > 1 ? "median L = " : "L = ") + format_loss(c.loss[v].back());
  if (v < c.test_loss.size() && std::isfinite(c.test_loss[v])) value += ", test " + format_loss(c.test_loss[v]);
  if (c.seeds > 1 && v < c.diverged_runs.size() && c.diverged_runs[v])
    value += ", " + std::to_string(c.diverged_runs[v]) + " of " + std::to_string(c.seeds) + " diverged";
  else if (v < c.diverged.size() && c.diverged[v]) value += ", diverged at step " + std::to_string(c.diverged[v]);
  return value;
}

// The legend's width (its longest name or loss), then the plot in what is left of `size`. The legend goes below
// the plot when beside it would leave the plot under 60% of the width (a training run's frame at a small
// size, a narrow window).
CurvesPlot layout_curves(const AppState& state, ImVec2 size) {
  const Lab& lab = state.lab;
  const core::Curves& c = lab.view.curves;
  const float scale = fonts().scale;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  float legend_w = 0;
  for (const std::string& name : c.names) legend_w = std::max(legend_w, script_text_size(name).x);
  ImFont* value_font = legend_value_font();
  const auto value_w = [&](const std::string& text) { return value_font->CalcTextSizeA(font_px(value_font), FLT_MAX, 0, text.c_str()).x; };
  legend_w = std::max(legend_w, value_w(c.seeds > 1 ? "median L = 0.0000, test 0.0000" : "L = 0.0000, test 0.0000"));
  for (size_t v = 0; v < c.names.size() && v < c.loss.size(); ++v) legend_w = std::max(legend_w, value_w(legend_value(c, v)));
  legend_w += kLegendTextAt * scale + 4 * scale;  // as wide as before its samples showed dashes: the plot keeps its room
  const float left = ImGui::CalcTextSize("10-16").x + 14 * scale, bottom = ImGui::GetTextLineHeight() * 2 + 8 * scale;
  const float top = 6 * scale;
  const float line = ImGui::GetTextLineHeight(), entry_h = line * 2 + 6 * scale;
  // Beside the plot, as many columns as its entries need to stay within its height (a RESULT of ten designs
  // in a short window); below it when those would leave the plot under 60% of the width.
  const int count = static_cast<int>(c.names.size());
  const int rows_fit = std::max(1, static_cast<int>((size.y - top) / entry_h));
  const int beside_columns = std::max(1, (count + rows_fit - 1) / rows_fit);
  const bool legend_below = size.x - legend_w * static_cast<float>(beside_columns) < size.x * 0.6f;
  const int legend_columns = legend_below ? std::max(1, static_cast<int>(size.x / legend_w)) : beside_columns;
  const int legend_rows = (count + legend_columns - 1) / legend_columns;
  const float legend_h = legend_below ? static_cast<float>(legend_rows) * entry_h + 4 * scale : 0.0f;
  const float beside_w = legend_w * static_cast<float>(legend_columns);
  const ImVec2 p0(origin.x + left, origin.y + top);
  // A plot that can be read above a legend of many rows, however short the room: the widget is
  // then taller than asked (CurvesPlot::height), and what follows it goes below it, not under it.
  const float min_plot_h = (legend_below ? 100 : 40) * scale;
  const ImVec2 p1(origin.x + std::max(left + 40 * scale, legend_below ? size.x - 10 * scale : size.x - beside_w - 10 * scale),
                  origin.y + std::max(top + min_plot_h, size.y - bottom - legend_h));
  // A training run's frame keeps the whole run's axis: the curves grow, the axis stays put.
  const TrainingFrame& frame = frame_picture().training;
  const bool animating = frame.panel.has_value();
  return CurvesPlot{.c = c,
                    .origin = origin,
                    .left = left,
                    .bottom = bottom,
                    .line = line,
                    .entry_h = entry_h,
                    .legend_w = legend_w,
                    .legend_below = legend_below,
                    .legend_columns = legend_columns,
                    .height = std::max(size.y, p1.y - origin.y + bottom + legend_h),
                    .p0 = p0,
                    .p1 = p1,
                    .pw = p1.x - p0.x,
                    .ph = p1.y - p0.y,
                    .axis = animating ? frame.axis : core::loss_axis(c),
                    .x_max = std::max(1, c.steps > 0 ? c.steps : lab.experiment.steps),
                    .scale = scale,
                    .dl = dl,
                    .ink = ink,
                    .faint = faint,
                    .bits = lab.result != nullptr};
}

// Decades, with 10^k as the label: a label every 1, 2, 5, 10 … decades, so that they do not touch,
// and 0 on a floor of zeros (core::LossAxis); with few decades, lines at 2·10^k … 9·10^k too.
void draw_loss_axis(const CurvesPlot& p) {
  const core::LossAxis& axis = p.axis;
  const ImVec2 p0 = p.p0, p1 = p.p1;
  const float ph = p.ph, scale = p.scale;
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Separator, 0.5f);
  const int decades = axis.hi - axis.lo;
  const int every = axis.label_every(ph, ImGui::GetTextLineHeight() * 1.4f);
  for (int k = axis.lo; k <= axis.hi; ++k) {
    const float y = p0.y + ph * static_cast<float>(axis.hi - k) / static_cast<float>(decades);
    p.dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), grid);
    if (decades <= 3 && k < axis.hi)
      for (int m = 2; m <= 9; ++m) {
        const float ym = y - ph * static_cast<float>(std::log10(m)) / static_cast<float>(decades);
        p.dl->AddLine(ImVec2(p0.x, ym), ImVec2(p0.x + 5 * scale, ym), p.faint);
        p.dl->AddLine(ImVec2(p0.x, ym), ImVec2(p1.x, ym), ImGui::GetColorU32(ImGuiCol_Separator, 0.18f));
      }
    const std::string label = axis.label(k, every);
    if (label.empty()) continue;
    const ImVec2 ts = script_text_size(label);
    draw_script_text(p.dl, ImVec2(p0.x - ts.x - 6 * scale, y - ts.y * 0.5f), p.ink, label);
  }
}

// The step ticks below, about five, fewer when their labels would touch; the axis's title, shorter when
// the plot is narrow (a training run's frame, a small window).
void draw_step_axis(const CurvesPlot& p) {
  const ImVec2 p0 = p.p0, p1 = p.p1;
  const float pw = p.pw, scale = p.scale;
  const int ticks = std::clamp(static_cast<int>(pw / (ImGui::CalcTextSize("00000").x * 1.6f)), 1, 5);
  for (double step : nice_ticks(0, p.x_max, ticks, TickRounding::Up, 1)) {
    const float x = p.x_of(step);
    p.dl->AddLine(ImVec2(x, p1.y), ImVec2(x, p1.y + 4 * scale), p.ink);
    const std::string label = tick_text(step);
    p.dl->AddText(ImVec2(x - ImGui::CalcTextSize(label.c_str()).x * 0.5f, p1.y + 5 * scale), p.ink, label.c_str());
  }
  const char* x_title = p.bits ? "step  (the curves: bits per character L of each step's batch, on a log scale)"
                               : "step  (the curves: mean squared error L of each step's batch, on a log scale)";
  if (ImGui::CalcTextSize(x_title).x > pw + p.left) x_title = "step  (L of each step's batch, log scale)";
  p.dl->AddText(ImVec2(std::max(p.origin.x, p0.x + pw * 0.5f - ImGui::CalcTextSize(x_title).x * 0.5f),
                       p1.y + 5 * scale + ImGui::GetTextLineHeight()),
                p.faint, x_title);
}

// Over seeds, each design's band under the curves: per pixel column the smallest and the largest of its runs.
// Quads without anti-aliasing: their soft edges would overlap column to column as darker seams.
void draw_bands(const AppState& state, const CurvesPlot& p) {
  const core::Curves& c = p.c;
  ImDrawList* dl = p.dl;
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
  for (size_t v = 0; v < c.band_lo.size() && v < c.band_hi.size(); ++v) {
    const std::vector<double>&lo = c.band_lo[v], &hi = c.band_hi[v];
    const size_t per_column =
        std::max<size_t>(1, static_cast<size_t>(static_cast<double>(p.x_max) / std::max(1.0f, p.pw)));
    const ImU32 fill = (curve_colour(state, static_cast<int>(v)) & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 46);
    ImVec2 upper_before, lower_before;
    for (size_t i = 0; i < std::min(lo.size(), hi.size()); i += per_column) {
      const size_t end = std::min(std::min(lo.size(), hi.size()), i + per_column);
      double low = lo[i], high = hi[i];
      for (size_t k = i; k < end; ++k) {
        low = std::min(low, lo[k]);
        high = std::max(high, hi[k]);
      }
      const ImVec2 upper(p.x_of(static_cast<double>(i)), p.y_of(high)),
          lower(p.x_of(static_cast<double>(i)), p.y_of(low));
      if (i > 0) dl->AddQuadFilled(upper_before, upper, lower, lower_before, fill);
      upper_before = upper;
      lower_before = lower;
    }
  }
  dl->Flags = flags;
}

// A curve's points: per pixel column its lowest and highest value (a spike stays visible).
void curve_points(const CurvesPlot& p, const std::vector<double>& curve, std::vector<ImVec2>& points) {
  points.clear();
  const size_t per_column = std::max<size_t>(1, static_cast<size_t>(static_cast<double>(p.x_max) / std::max(1.0f, p.pw)));
  for (size_t i = 0; i < curve.size(); i += per_column) {
    const size_t end = std::min(curve.size(), i + per_column);
    size_t lo = i, hi = i;
    for (size_t k = i; k < end; ++k) {
      if (curve[k] < curve[lo]) lo = k;
      if (curve[k] > curve[hi]) hi = k;
    }
    points.push_back(ImVec2(p.x_of(static_cast<double>(std::min(lo, hi))), p.y_of(curve[std::min(lo, hi)])));
    if (lo != hi) points.push_back(ImVec2(p.x_of(static_cast<double>(std::max(lo, hi))), p.y_of(curve[std::max(lo, hi)])));
  }
}

// The curves in each variant's colour and dash pattern (curves that lie on one another stay told
// apart); smoothed, each raw curve thin and faint under its smoothed one, so that the noise the
// average hides is still there to see.
void draw_curves(const AppState& state, const CurvesPlot& p, const std::vector<std::vector<double>>& shown) {
  const core::Curves& c = p.c;
  const bool smoothed = &shown != &c.loss;
  static std::vector<ImVec2> points;  // the UI thread's alone
  for (size_t v = 0; v < c.loss.size() && v < shown.size(); ++v) {
    if (c.loss[v].empty()) continue;
    const int i = static_cast<int>(v);
    const ImU32 colour = curve_colour(state, i);
    if (smoothed) {
      curve_points(p, c.loss[v], points);
      if (points.size() > 1)
        p.dl->AddPolyline(points.data(), static_cast<int>(points.size()), (colour & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 80),
                          1.0f * p.scale);
    }
    curve_points(p, shown[v], points);
    if (points.size() == 1) p.dl->AddCircleFilled(points[0], 2.5f * p.scale, colour);
    else DashedPolyline(p.dl, points.data(), static_cast<int>(points.size()), colour, 1.8f * p.scale, i);
  }
}

// The step under the mouse, marked, and every variant's loss there in a tooltip.
void HoverStep(const AppState& state, const CurvesPlot& p) {
  const core::Curves& c = p.c;
  const float mx = ImGui::GetIO().MousePos.x;
  const int step = static_cast<int>(std::lround((mx - p.p0.x) / p.pw * static_cast<float>(p.x_max)));
  if (step < 0 || step > p.x_max) return;
  p.dl->AddLine(ImVec2(p.x_of(step), p.p0.y), ImVec2(p.x_of(step), p.p1.y), p.faint);
  ImGui::BeginTooltip();
  ImGui::Text(step == 0 ? "before the first step" : "after %d step%s", step, step == 1 ? "" : "s");
  for (size_t v = 0; v < c.loss.size(); ++v) {
    if (static_cast<size_t>(step) >= c.loss[v].size()) continue;
    ImGui::PushStyleColor(ImGuiCol_Text, readable(ImGui::ColorConvertU32ToFloat4(curve_colour(state, static_cast<int>(v)))));
    ScriptText(c.names[v]);
    ImGui::PopStyleColor();
    ImGui::SameLine(160 * p.scale);
    const size_t k = static_cast<size_t>(step);
    if (v < c.band_lo.size() && k < c.band_lo[v].size())
      ImGui::Text("median L = %s  [%s, %s]", format_loss(c.loss[v][k]).c_str(), format_loss(c.band_lo[v][k]).c_str(),
                  format_loss(c.band_hi[v][k]).c_str());
    else
      ImGui::Text("L = %s", format_loss(c.loss[v][k]).c_str());
  }
  ImGui::EndTooltip();
}

// The legend: the curve's colour and dash pattern, its name, the last loss (and the test loss once finished).
void draw_curves_legend(const AppState& state, const CurvesPlot& p) {
  const core::Curves& c = p.c;
  const float scale = p.scale, line = p.line;
  for (size_t v = 0; v < c.names.size(); ++v) {
    // Below: row by row; beside: column by column, each as long as the first.
    const int per_column = (static_cast<int>(c.names.size()) + p.legend_columns - 1) / p.legend_columns;
    const int column = p.legend_below ? static_cast<int>(v) % p.legend_columns : static_cast<int>(v) / per_column;
    const int row = p.legend_below ? static_cast<int>(v) / p.legend_columns : static_cast<int>(v) % per_column;
    const float lx = (p.legend_below ? p.origin.x : p.p1.x + 12 * scale) + static_cast<float>(column) * p.legend_w;
    const float y = (p.legend_below ? p.p1.y + p.bottom + 4 * scale : p.p0.y) + static_cast<float>(row) * p.entry_h;
    CurveSample(state, p.dl, ImVec2(lx, y + line * 0.5f), kLegendSample * scale, static_cast<int>(v));
    draw_script_text(p.dl, ImVec2(lx + kLegendTextAt * scale, y - line * 0.1f), p.ink, c.names[v]);
    ImFont* font = legend_value_font();
    const std::string value = legend_value(c, v);
    p.dl->AddText(font, font_px(font), ImVec2(lx + kLegendTextAt * scale, y + line), p.faint, value.c_str());
    note_drawn_text(ImVec2(lx + kLegendTextAt * scale, y + line), value);
  }
}

}  // namespace

ImFont* legend_value_font() {
  return frame_picture().active || !fonts().small ? ImGui::GetFont() : fonts().small;
}

// The curves on a log axis with a legend: the panel's and the PNG's.
void LossCurves(AppState& state, ImVec2 size) {
  const CurvesPlot p = layout_curves(state, size);
  size.y = p.height;
  frame_layout().panels[kLossCurvesPicture] = Rect{p.origin.x, p.origin.y, size.x, size.y};
  ImGui::InvisibleButton("curves", size, ImGuiButtonFlags_MouseButtonMiddle);  // hovered, never pressed (heatmap.cpp's cells)
  const bool hovered = ImGui::IsItemHovered();
  p.dl->AddRectFilled(p.p0, p.p1, ImGui::GetColorU32(ImGuiCol_FrameBg));
  draw_loss_axis(p);
  draw_step_axis(p);
  p.dl->AddRect(p.p0, p.p1, p.faint);
  const TrainingFrame& frame = frame_picture().training;
  if (frame.panel && frame.step < p.x_max)  // now, in a training run's frame
    p.dl->AddLine(ImVec2(p.x_of(frame.step), p.p0.y), ImVec2(p.x_of(frame.step), p.p1.y), p.faint);
  p.dl->PushClipRect(p.p0, p.p1, true);
  draw_bands(state, p);
  draw_curves(state, p, frame_picture().training.panel ? p.c.loss : shown_loss(state));
  p.dl->PopClipRect();
  if (hovered && !frame_picture().active) HoverStep(state, p);
  draw_curves_legend(state, p);
}

}  // namespace app
