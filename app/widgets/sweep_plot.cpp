#include "app/widgets/sweep_plot.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <implot.h>
#include <implot_internal.h>  // the subplot's cell, for the titles that fit

#include "app/render/text.h"
#include "app/training/lab.h"  // format_loss
#include "app/widgets/frame_context.h"
#include "app/widgets/loss_curves.h"
#include "core/export/export_curves.h"
#include "core/model/markup.h"

namespace app {

namespace {

// Every design's point at every rate, as core::sweep_point_of gives it (points[k][v]).
using Points = std::vector<std::vector<core::SweepPoint>>;

// What plot i reads of a point: its median, smallest and largest run, of the test loss (0; none while its runs
// train) or of the largest logit (1).
std::array<double, 3> measured(const core::SweepPoint& p, int i) {
  if (i == 1) return {p.median_largest_logit, p.largest_logit_lo, p.largest_logit_hi};
  return p.runs ? std::array{p.median_test_loss, p.test_loss_lo, p.test_loss_hi} : std::array<double, 3>{NAN, NAN, NAN};
}

// 10^k as a double, within what one holds: the decades may lie past it (core::decades_around).
double power_of_ten(double k) { return std::pow(10.0, std::clamp(k, -300.0, 300.0)); }

// A value on a log axis whose foot is 10^lo: at least that (0 and below included); NaN stays (no run), +∞
// too (diverged: PlotDashedLine's cross).
double on_axis(double value, int lo) {
  if (std::isnan(value) || (std::isinf(value) && value > 0)) return value;
  return std::max(value, power_of_ten(lo));
}

// The first of texts (the longest first) that fits width; the last, the shortest, when none does.
const std::string& first_fitting(const std::vector<std::string>& texts, float width) {
  for (const std::string& t : texts)
    if (ImGui::CalcTextSize(t.c_str()).x <= width) return t;
  return texts.back();
}

// Per design, under its legend entry: the band from the smallest to the largest run (up and off the top where
// one diverged) between rates that both have runs, the medians joined in its colour and dash pattern, a dot at
// each, a cross on the top edge where the median diverged.
void PlotDesign(const AppState& state, const char* label, const Points& points, int v, int i, int lo) {
  const std::vector<double>& rates = state.lab.view.curves.sweep;
  std::vector<double> xs, low, high, median;
  const auto band = [&] {
    const ImVec4 colour = ImGui::ColorConvertU32ToFloat4(curve_colour(state, v));
    if (xs.size() > 1)
      ImPlot::PlotShaded(label, xs.data(), low.data(), high.data(), static_cast<int>(xs.size()),
                         ImPlotSpec(ImPlotProp_FillColor, colour, ImPlotProp_FillAlpha, 0.18f));
    xs.clear(), low.clear(), high.clear();
  };
  for (size_t k = 0; k < rates.size(); ++k) {
    const auto [mid, least, most] = measured(points[k][static_cast<size_t>(v)], i);
    median.push_back(on_axis(mid, lo));
    if (std::isnan(least) || std::isinf(least)) {
      band();
      continue;
    }
    xs.push_back(rates[k]);
    low.push_back(on_axis(least, lo));
    high.push_back(std::isinf(most) ? 1e300 : on_axis(most, lo));
  }
  band();
  PlotDashedLine(state, label, rates, median, v, true);
}

// The rate nearest the mouse: its line and every design's numbers there.
void HoverRate(const core::Curves& c, const Points& points, const std::vector<std::string>& names, const std::string& tested) {
  const double at = std::log10(ImPlot::GetPlotMousePos().x);
  size_t k = 0;
  for (size_t i = 1; i < c.sweep.size(); ++i)
    if (std::abs(std::log10(c.sweep[i]) - at) < std::abs(std::log10(c.sweep[k]) - at)) k = i;
  ImPlot::PlotInfLines("##hovered", &c.sweep[k], 1,
                       ImPlotSpec(ImPlotProp_LineColor, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)));
  ImGui::BeginTooltip();
  ImGui::Text("learning rate %s", core::plain_number(c.sweep[k]).c_str());
  for (size_t v = 0; v < names.size(); ++v) {
    const core::SweepPoint& p = points[k][v];
    ScriptText(names[v]);
    if (p.runs == 0) {
      ImGui::TextDisabled("  training");
      continue;
    }
    const auto said = [](double x) { return std::isinf(x) ? std::string("diverged") : format_loss(x); };
    ImGui::Text("  %s %s  [%s, %s]%s", tested.c_str(), said(p.median_test_loss).c_str(), said(p.test_loss_lo).c_str(),
                said(p.test_loss_hi).c_str(), p.runs < c.seeds ? "  (runs still training)" : "");
    if (p.runs_diverged) ImGui::Text("  %d of %d runs diverged", p.runs_diverged, p.runs);
    if (!std::isnan(p.median_largest_logit))
      ImGui::Text("  largest logit %.3g  [%.3g, %.3g]", p.median_largest_logit, p.largest_logit_lo, p.largest_logit_hi);
  }
  ImGui::EndTooltip();
}

// What the two plots share: the points, the designs' names (markup) and legend labels, the decades of each
// plot's values, what the tests are in words.
struct Sweep {
  Points points;
  std::vector<std::string> names, labels;
  std::array<std::pair<int, int>, 2> decades;
  std::string tested, rate;
};

Sweep sweep_of(const AppState& state) {
  const core::Curves& c = state.lab.view.curves;
  Sweep s;
  s.points.resize(c.sweep.size());
  std::vector<double> losses, logits;
  for (size_t k = 0; k < c.sweep.size(); ++k)
    for (int v = 0; v < c.designs; ++v) {
      const core::SweepPoint& p = s.points[k].emplace_back(core::sweep_point_of(c, static_cast<int>(k), v));
      for (const double x : {p.median_test_loss, p.test_loss_lo, p.test_loss_hi}) losses.push_back(x);
      for (const double x : {p.median_largest_logit, p.largest_logit_lo, p.largest_logit_hi}) logits.push_back(x);
    }
  for (int v = 0; v < c.designs; ++v) {
    const std::string& name = c.names[static_cast<size_t>(v)];
    s.names.push_back(name.substr(0, name.rfind(", \u03b7 = ")));
    s.labels.push_back(core::markup_as_plain_text(s.names.back()) + "###" + std::to_string(v));
  }
  s.decades = {core::decades_around(losses), core::decades_around(logits)};
  // A language model's RESULT: its held-out bits per character at the end; its rate is its schedule's peak.
  s.tested = state.lab.result ? "held-out " + state.lab.result->unit : "test loss";
  s.rate = state.lab.result ? "peak learning rate" : "learning rate";
  return s;
}

// Plot i of the two: the test loss after training (0) or the largest attention logit over training (1)
// against the rate, both on log axes, their titles the longest that fit.
void SweepPlot(AppState& state, const Sweep& s, int i) {
  const core::Curves& c = state.lab.view.curves;
  const std::string after = s.tested + " after training";
  const std::vector<std::string> titles =
      i == 0
          ? std::vector<std::string>{c.seeds > 1 ? after + " (median over the seeds, band: their range)" : after, after, s.tested}
          : std::vector<std::string>{"largest attention logit over training", "largest attention logit", "largest logit"};
  const float width = ImPlot::GetCurrentContext()->CurrentSubplot->CellSize.x;
  const std::string title = first_fitting(titles, width - 20 * fonts().scale) + "##" + std::to_string(i);
  // A picture takes no input; on a phone's page (stacked) the wheel and a finger scroll the page,
  // which a plot that zooms would take from them.
  const bool picture = frame_picture().active || state.panels.stacked;
  if (!ImPlot::BeginPlot(title.c_str(), ImVec2(-1, -1), ImPlotFlags_NoMouseText | (picture ? ImPlotFlags_NoInputs : 0))) return;
  ImPlot::SetupAxes(first_fitting({s.rate + " (log scale)", s.rate}, width).c_str(), nullptr);
  const auto [x_lo, x_hi] = core::sweep_rate_axis(c.sweep);
  const auto [lo, hi] = s.decades[static_cast<size_t>(i)];
  SetupLogAxis(ImAxis_X1, 0, 0);
  SetupLogAxis(ImAxis_Y1, lo, hi);
  const double limits[] = {power_of_ten(x_lo), power_of_ten(x_hi), power_of_ten(lo), power_of_ten(hi)};
  ImPlot::SetupAxesLimits(limits[0], limits[1], limits[2], limits[3], limits_cond(i == 0 ? "sweep.loss" : "sweep.logit", limits));
  for (int v = 0; v < c.designs; ++v) PlotDesign(state, s.labels[static_cast<size_t>(v)].c_str(), s.points, v, i, lo);
  if (!picture && ImPlot::IsPlotHovered()) HoverRate(c, s.points, s.names, s.tested);
  note_plot(i == 0 ? "lab.sweep/test loss" : "lab.sweep/largest logit");
  ImPlot::EndPlot();
}

}  // namespace

// The legend of the designs over both plots (ImPlot's, shared: a design hidden in one is hidden in both); what
// the marks are under them, in fewer words where the full ones do not fit, so that a picture of the plots keeps it.
void SweepPlots(AppState& state, ImVec2 size) {
  const core::Curves& c = state.lab.view.curves;
  if (c.sweep.empty() || c.designs == 0) return;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  frame_layout().panels["lab.sweep"] = Rect{origin.x, origin.y, size.x, size.y};
  const Sweep s = sweep_of(state);
  const bool stacked = size.x < 560 * fonts().scale;  // one above the other when narrow
  const float key_h = ImGui::GetTextLineHeightWithSpacing();
  if (ImPlot::BeginSubplots("##sweep", stacked ? 2 : 1, stacked ? 1 : 2,
                            ImVec2(size.x, std::max(120 * fonts().scale, size.y - key_h)), ImPlotSubplotFlags_ShareItems)) {
    for (int i = 0; i < 2; ++i) SweepPlot(state, s, i);
    ImPlot::EndSubplots();
  }
  const std::string seeds = std::to_string(c.seeds);
  const std::vector<std::string> keys =
      c.seeds > 1 ? std::vector<std::string>{"line: the median of " + seeds +
                                                 " seeds \u00B7 band: the best to the worst run \u00B7 "
                                                 "\u00D7 on the top edge: half the runs or more diverged",
                                             "median \u00B7 band: best to worst \u00B7 \u00D7: \u2265 half diverged"}
                  : std::vector<std::string>{"\u00D7 on the top edge: the run diverged", "\u00D7: diverged"};
  ImGui::TextDisabled("%s", first_fitting(keys, size.x).c_str());
}

}  // namespace app
