#include "app/widgets/loss_curves.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "app/training/lab.h"  // format_loss
#include "app/render/text.h"
#include "core/export/export_curves.h"

namespace app {

ImU32 curve_colour(const AppState& state, int v) {
  const auto c = core::curve_colour(v, state.view.theme == Theme::Light);
  return IM_COL32(c[0], c[1], c[2], 255);
}


// The curves on a log axis with a legend: the panel's and the PNG's.
void LossCurves(AppState& state, ImVec2 size) {
  Lab& lab = state.lab;
  const core::Curves& c = lab.view.curves;
  const float scale = fonts().scale;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  state.panel_rects[kLossCurvesPicture] = Rect{origin.x, origin.y, size.x, size.y};
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Separator, 0.5f);
  float legend_w = 0;
  for (const std::string& name : c.names) legend_w = std::max(legend_w, ImGui::CalcTextSize(name.c_str()).x);
  legend_w = std::max(legend_w, ImGui::CalcTextSize(c.seeds > 1 ? "median L = 0.0000, test 0.0000" : "L = 0.0000, test 0.0000").x) +
             34 * scale;
  const float left = ImGui::CalcTextSize("10-16").x + 14 * scale, bottom = ImGui::GetTextLineHeight() * 2 + 8 * scale;
  const float top = 6 * scale;
  const float line = ImGui::GetTextLineHeight(), entry_h = line * 2 + 6 * scale;
  // The legend on the right, or below the plot when beside it would leave the plot under 60% of the width
  // (a training run's frame at a small size, a narrow window): in as many columns as fit.
  const bool legend_below = size.x - legend_w < size.x * 0.6f;
  const int legend_columns = legend_below ? std::max(1, static_cast<int>(size.x / legend_w)) : 1;
  const int legend_rows = (static_cast<int>(c.names.size()) + legend_columns - 1) / legend_columns;
  const float legend_h = legend_below ? static_cast<float>(legend_rows) * entry_h + 4 * scale : 0.0f;
  const ImVec2 p0(origin.x + left, origin.y + top);
  const ImVec2 p1(origin.x + std::max(left + 40 * scale, legend_below ? size.x - 10 * scale : size.x - legend_w - 10 * scale),
                  origin.y + std::max(top + 40 * scale, size.y - bottom - legend_h));
  const float pw = p1.x - p0.x, ph = p1.y - p0.y;
  ImGui::InvisibleButton("curves", size);
  const bool hovered = ImGui::IsItemHovered();
  dl->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg));

  // A training run's frame keeps the whole run's axis: the curves grow, the axis stays put.
  const TrainingFrame& frame = state.picture.training;
  const bool animating = !frame.panel.empty();
  const core::LossAxis axis = animating ? frame.axis : core::loss_axis(c);
  const int x_max = std::max(1, c.steps > 0 ? c.steps : lab.experiment.steps);
  const auto x_of = [&](double step) { return p0.x + pw * static_cast<float>(step / x_max); };
  const auto y_of = [&](double loss) {
    const double shown = std::isfinite(loss) ? std::max(loss, std::pow(10.0, core::kFloorExponent)) : std::pow(10.0, core::kFloorExponent);
    return p0.y + ph * static_cast<float>((axis.hi - std::log10(shown)) / (axis.hi - axis.lo));
  };
  // Decades, with 10^k as the label; the step ticks below.
  // A label every `every` decades, so that they do not touch; with few decades, lines at 2·10^k … 9·10^k too.
  const int decades = axis.hi - axis.lo;
  const int every = std::max(1, static_cast<int>(std::ceil(static_cast<float>(decades) * ImGui::GetTextLineHeight() * 1.4f / ph)));
  for (int k = axis.lo; k <= axis.hi; ++k) {
    const float y = p0.y + ph * static_cast<float>(axis.hi - k) / static_cast<float>(decades);
    dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), grid);
    if (decades <= 3 && k < axis.hi)
      for (int m = 2; m <= 9; ++m) {
        const float ym = y - ph * static_cast<float>(std::log10(m)) / static_cast<float>(decades);
        dl->AddLine(ImVec2(p0.x, ym), ImVec2(p0.x + 5 * scale, ym), faint);
        dl->AddLine(ImVec2(p0.x, ym), ImVec2(p1.x, ym), ImGui::GetColorU32(ImGuiCol_Separator, 0.18f));
      }
    if ((axis.hi - k) % every != 0) continue;
    const std::string label = "10^{" + std::to_string(k) + "}";
    const ImVec2 ts = script_text_size(label);
    draw_script_text(dl, ImVec2(p0.x - ts.x - 6 * scale, y - ts.y * 0.5f), ink, label);
  }
  // About five ticks, fewer when their labels would touch.
  const int ticks = std::clamp(static_cast<int>(pw / (ImGui::CalcTextSize("00000").x * 1.6f)), 1, 5);
  const int tick = core::step_tick(x_max, ticks);
  for (int step = 0; step <= x_max; step += tick) {
    const float x = x_of(step);
    dl->AddLine(ImVec2(x, p1.y), ImVec2(x, p1.y + 4 * scale), ink);
    const std::string label = std::to_string(step);
    dl->AddText(ImVec2(x - ImGui::CalcTextSize(label.c_str()).x * 0.5f, p1.y + 5 * scale), ink, label.c_str());
  }
  // The axis's title, shorter when the plot is narrow (a training run's frame, a small window).
  const char* x_title = "step  (the curves: mean squared error L of each step's batch, on a log scale)";
  if (ImGui::CalcTextSize(x_title).x > pw + left) x_title = "step  (L of each step's batch, log scale)";
  dl->AddText(ImVec2(std::max(origin.x, p0.x + pw * 0.5f - ImGui::CalcTextSize(x_title).x * 0.5f), p1.y + 5 * scale + ImGui::GetTextLineHeight()),
              faint, x_title);
  dl->AddRect(p0, p1, faint);
  if (animating && frame.step < x_max) dl->AddLine(ImVec2(x_of(frame.step), p0.y), ImVec2(x_of(frame.step), p1.y), faint);  // now

  // The curves: per pixel column the lowest and highest value (a spike stays visible), in the variant's colour.
  dl->PushClipRect(p0, p1, true);
  // Over seeds, each design's band under the curves: per pixel column the smallest and the largest of its runs.
  // Quads without anti-aliasing: their soft edges would overlap column to column as darker seams.
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
  for (size_t v = 0; v < c.band_lo.size() && v < c.band_hi.size(); ++v) {
    const std::vector<double>&lo = c.band_lo[v], &hi = c.band_hi[v];
    const size_t per_column = std::max<size_t>(1, static_cast<size_t>(static_cast<double>(x_max) / std::max(1.0f, pw)));
    const ImU32 fill = (curve_colour(state, static_cast<int>(v)) & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 46);
    ImVec2 upper_before, lower_before;
    for (size_t i = 0; i < std::min(lo.size(), hi.size()); i += per_column) {
      const size_t end = std::min(std::min(lo.size(), hi.size()), i + per_column);
      double low = lo[i], high = hi[i];
      for (size_t k = i; k < end; ++k) {
        low = std::min(low, lo[k]);
        high = std::max(high, hi[k]);
      }
      const ImVec2 upper(x_of(static_cast<double>(i)), y_of(high)), lower(x_of(static_cast<double>(i)), y_of(low));
      if (i > 0) dl->AddQuadFilled(upper_before, upper, lower, lower_before, fill);
      upper_before = upper;
      lower_before = lower;
    }
  }
  dl->Flags = flags;
  static std::vector<ImVec2> points;  // the UI thread's alone
  for (size_t v = 0; v < c.loss.size(); ++v) {
    const std::vector<double>& curve = c.loss[v];
    if (curve.empty()) continue;
    points.clear();
    const size_t per_column = std::max<size_t>(1, static_cast<size_t>(static_cast<double>(x_max) / std::max(1.0f, pw)));
    for (size_t i = 0; i < curve.size(); i += per_column) {
      const size_t end = std::min(curve.size(), i + per_column);
      size_t lo = i, hi = i;
      for (size_t k = i; k < end; ++k) {
        if (curve[k] < curve[lo]) lo = k;
        if (curve[k] > curve[hi]) hi = k;
      }
      points.push_back(ImVec2(x_of(static_cast<double>(std::min(lo, hi))), y_of(curve[std::min(lo, hi)])));
      if (lo != hi) points.push_back(ImVec2(x_of(static_cast<double>(std::max(lo, hi))), y_of(curve[std::max(lo, hi)])));
    }
    if (points.size() == 1) dl->AddCircleFilled(points[0], 2.5f * scale, curve_colour(state, static_cast<int>(v)));
    else dl->AddPolyline(points.data(), static_cast<int>(points.size()), curve_colour(state, static_cast<int>(v)), 0, 1.6f * scale);
  }
  dl->PopClipRect();

  // Hover: the step under the mouse and every variant's loss there.
  if (hovered && !state.picture.active) {
    const float mx = ImGui::GetIO().MousePos.x;
    const int step = static_cast<int>(std::lround((mx - p0.x) / pw * static_cast<float>(x_max)));
    if (step >= 0 && step <= x_max) {
      dl->AddLine(ImVec2(x_of(step), p0.y), ImVec2(x_of(step), p1.y), faint);
      ImGui::BeginTooltip();
      ImGui::Text(step == 0 ? "before the first step" : "after %d step%s", step, step == 1 ? "" : "s");
      for (size_t v = 0; v < c.loss.size(); ++v) {
        if (static_cast<size_t>(step) >= c.loss[v].size()) continue;
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(curve_colour(state, static_cast<int>(v))), "%s", c.names[v].c_str());
        ImGui::SameLine(160 * scale);
        const size_t k = static_cast<size_t>(step);
        if (v < c.band_lo.size() && k < c.band_lo[v].size())
          ImGui::Text("median L = %s  [%s, %s]", format_loss(c.loss[v][k]).c_str(), format_loss(c.band_lo[v][k]).c_str(),
                      format_loss(c.band_hi[v][k]).c_str());
        else
          ImGui::Text("L = %s", format_loss(c.loss[v][k]).c_str());
      }
      ImGui::EndTooltip();
    }
  }

  // The legend: colour, name, the last loss (and the test loss once finished).
  for (size_t v = 0; v < c.names.size(); ++v) {
    const int column = legend_below ? static_cast<int>(v) % legend_columns : 0;
    const int row = legend_below ? static_cast<int>(v) / legend_columns : static_cast<int>(v);
    const float lx = legend_below ? origin.x + static_cast<float>(column) * legend_w : p1.x + 12 * scale;
    const float y = (legend_below ? p1.y + bottom + 4 * scale : p0.y) + static_cast<float>(row) * entry_h;
    dl->AddLine(ImVec2(lx, y + line * 0.5f), ImVec2(lx + 18 * scale, y + line * 0.5f), curve_colour(state, static_cast<int>(v)), 3 * scale);
    dl->AddText(ImVec2(lx + 24 * scale, y), ink, c.names[v].c_str());
    std::string value = c.loss[v].empty() ? "not started" : (c.seeds > 1 ? "median L = " : "L = ") + format_loss(c.loss[v].back());
    if (v < c.test_loss.size() && std::isfinite(c.test_loss[v])) value += ", test " + format_loss(c.test_loss[v]);
    if (c.seeds > 1 && v < c.diverged_runs.size() && c.diverged_runs[v])
      value += ", " + std::to_string(c.diverged_runs[v]) + " of " + std::to_string(c.seeds) + " diverged";
    else if (v < c.diverged.size() && c.diverged[v]) value += ", diverged at step " + std::to_string(c.diverged[v]);
    if (fonts().small) ImGui::PushFont(fonts().small);
    dl->AddText(ImVec2(lx + 24 * scale, y + line), faint, value.c_str());
    if (fonts().small) ImGui::PopFont();
  }
}

}  // namespace app
