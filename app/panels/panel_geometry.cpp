// Geometry: the plane of two of the d_k axes. The rows of V as points with their
// convex hull, the outputs A·V inside it (docs/questions.md, AttentionAlt: a convex combination; under
// sigmoid attention its row's sum times a point of it), the
// AttentionAlt outputs beside them, and q_i, k_j as arrows, each point and tip named. In direct mode
// the points and arrow tips are handles: dragging one edits that row. What goes where is
// geometry_layout.cpp's, the painting geometry_paint.cpp's (geometry_plot.h).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>
#include <implot.h>
#include <implot_internal.h>

#include "app/panels/geometry_plot.h"
#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "app/widgets/loss_curves.h"  // limits_cond
#include "core/text/translate.h"
#include "core/designs/attention_alt.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"
#include "core/math/ticks.h"

namespace app {

namespace {

using geometry::Plot;
using geometry::Point;

// A dragged point lands on the two decimals the editor shows (as its drag fields
// do), not on the float noise of a mouse position: 0.47, not 0.4699999988079071.
double to_hundredths(float x) { return std::round(static_cast<double>(x) * 100.0) / 100.0; }

// The axes (for d_k > 2), what to show, and the way to editing by dragging.
void Controls(AppState& state, GeometryView& g, const core::Scenario& s, bool direct) {
  const float scale = fonts().scale;
  if (s.d_k > 2) {
    // Dimensions count from 1, as everywhere else; the two axes are never the same (they swap).
    const auto axis = [&](const char* id, const char* format, int& moved, int& other) {
      int dim = moved + 1;
      ImGui::SetNextItemWidth(60 * scale);
      if (ImGui::SliderInt(id, &dim, 1, s.d_k, format) && dim - 1 == other) other = moved;
      moved = dim - 1;
      ImGui::SameLine();
    };
    axis("##ax", "x: dim %d", g.axis_x, g.axis_y);
    axis("##ay", "y: dim %d", g.axis_y, g.axis_x);
  }
  ImGui::Checkbox("q", &g.show_q);
  ImGui::SameLine();
  ImGui::Checkbox("k", &g.show_k);
  ImGui::SameLine();
  ImGui::Checkbox(translated("alt").c_str(), &g.show_alt);
  if (!direct) {
    ImGui::SameLine();
    if (keyed::SmallButton("geometry.convert", translated("drag points\u2026").c_str())) state.apply([](core::Scenario& sc) { core::convert_to_direct(sc); });
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", core::tr("Switch to direct mode (Q, K, V as they are now), where the points and arrow tips can be dragged."));
  }
}

// The plot in ImPlot's frame `area`, before its setup: p.f is set once ImPlot has laid the frame out.
Plot make_plot(AppState& state, ImRect area) {
  const core::Scenario& s = state.scenario();
  const GeometryView& g = state.panels.geometry;
  const int h = state.view.head;
  const float scale = fonts().scale;
  const int ax = g.axis_x, ay = s.d_k > 1 ? g.axis_y : -1;
  const bool rope = core::rope_positions(s.options);
  const Highlight hl = lit(state, h);
  return Plot{.s = s,
              .r = state.result().head[h],
              .g = g,
              .tokens = state.token_labels(),
              .keys = state.key_labels(),
              .head = h,
              .ax = ax,
              .ay = ay,
              .rope = rope,
              .rope_plane = rope && ay >= 0 && std::min(ax, ay) % 2 == 0 && std::abs(ax - ay) == 1,
              .keys_are_queries = core::shared_qk(s.options) && !core::normalized_keys(s.options),
              .light = state.view.theme == Theme::Light,
              .picture = frame_picture().active,
              .scale = scale,
              .rad = 4.5f * scale,
              .font = fonts().regular ? fonts().regular : ImGui::GetFont(),
              .dl = ImGui::GetWindowDrawList(),
              .area = area,
              .f = {},
              .hl = hl,
              .lit_q = g.show_q ? hl.query : -1,
              .lit_k = g.show_k ? hl.key : -1};
}

// Where ImPlot will put the plot's rectangle in p.area, before it does: inside the margins its ticks
// and titles took last frame, less the room of the legend where it goes beside or below. The data
// is fitted to it at once (a resized panel, a legend moved out), not a frame late.
ImRect plot_rect(const Plot& p, GeometryView::Legend legend) {
  using Legend = GeometryView::Legend;
  const ImPlotPlot& plot = *ImPlot::GetCurrentPlot();
  const ImPlotLegend& last = plot.Items.Legend;
  const ImVec2 pad = ImPlot::GetStyle().LegendPadding;
  ImVec2 lo(0, 0), hi(0, 0);  // the margins left and above, right and below
  const bool was_beside = (last.Flags & ImPlotLegendFlags_Outside) && (last.Location & ImPlotLocation_East);
  const bool was_below = (last.Flags & ImPlotLegendFlags_Outside) && last.Location == ImPlotLocation_South;
  const bool known = plot.PlotRect.GetWidth() >= 10 && plot.PlotRect.GetHeight() >= 10;
  if (known) {
    lo = ImVec2(plot.PlotRect.Min.x - plot.FrameRect.Min.x, plot.PlotRect.Min.y - plot.FrameRect.Min.y);
    hi = ImVec2(plot.FrameRect.Max.x - plot.PlotRect.Max.x, plot.FrameRect.Max.y - plot.PlotRect.Max.y);
    if (was_beside && legend != Legend::Beside) hi.x -= last.Rect.GetWidth() + pad.x;
    if (was_below && legend != Legend::Below) hi.y -= last.Rect.GetHeight() + pad.y;
  }
  const std::vector<geometry::LegendEntry> entries = geometry::legend_entries(p, geometry::rest_note());
  if (legend == Legend::Beside && !(known && was_beside)) hi.x += geometry::legend_size(entries).x + pad.x;
  if (legend == Legend::Below && !(known && was_below)) hi.y += geometry::legend_size(entries, true).y + pad.y;
  const ImVec2 min(p.area.Min.x + lo.x, p.area.Min.y + lo.y);
  return ImRect(min, ImVec2(std::max(p.area.Max.x - hi.x, min.x + 10), std::max(p.area.Max.y - hi.y, min.y + 10)));
}

// ImPlot's setup: the axes' titles, the data to show and the legend's side. At rest the data is
// fitted to the plot's rectangle, every frame (ImPlot's own equal axes would cut y to keep the x
// asked for). Once a person zooms or pans (the wheel, a drag) the view is theirs until a double
// click or until the data or the room change (lay_out clears g.zoomed); while a handle is held it
// stays as it was, so that the point stays under the mouse. Then the frame as set up.
void setup(AppState& state, Plot& p) {
  GeometryView& g = state.panels.geometry;
  // A number line (d_k = 1) has no y to show or to pan.
  const ImPlotAxisFlags y_flags = p.ay < 0 ? ImPlotAxisFlags_NoDecorations | ImPlotAxisFlags_Lock : 0;
  ImPlot::SetupAxes(geometry::axis_title(p, false).c_str(), geometry::axis_title(p, true).c_str(), 0, y_flags);
  ImPlot::SetupAxisFormat(ImAxis_X1, tick_text);
  ImPlot::SetupAxisFormat(ImAxis_Y1, tick_text);
  const ImRect last = plot_rect(p, g.legend);
  const bool fitted = !g.dragging && !g.zoomed;
  // Set again only when the fit moves: an axis set every frame takes no zoom (ImPlot locks it).
  int cond = ImPlotCond_Always;
  if (fitted) {
    geometry::fit(p, last);
    g.lo_x = p.f.lo.x, g.lo_y = p.f.lo.y;
    g.hi_x = p.f.hi.x, g.hi_y = p.f.hi.y;
    const double limits[] = {g.lo_x, g.hi_x, g.lo_y, g.hi_y};
    cond = limits_cond("geometry.axes", limits);
  }
  if (!g.zoomed || g.dragging) ImPlot::SetupAxesLimits(g.lo_x, g.hi_x, g.lo_y, g.hi_y, cond);
  // Ticks 70 px apart across and 40 up at the least, fewer than ImPlot's: the labels are the panels'
  // text, and the data keeps the room. On the range set now, or as the last frame's zoom left it.
  const ImPlotPlot& plot = *ImPlot::GetCurrentPlot();
  const auto ticks = [&](ImAxis axis, double lo, double hi, float pixels, float apart) {
    if (g.zoomed && !g.dragging) lo = plot.Axes[axis].Range.Min, hi = plot.Axes[axis].Range.Max;
    const std::vector<double> at = core::nice_ticks(lo, hi, std::clamp(static_cast<int>(pixels / (apart * p.scale)), 2, 8));
    if (!at.empty()) ImPlot::SetupAxisTicks(axis, at.data(), static_cast<int>(at.size()));
  };
  ticks(ImAxis_X1, g.lo_x, g.hi_x, last.GetWidth(), 70);
  ticks(ImAxis_Y1, g.lo_y, g.hi_y, last.GetHeight(), 40);
  using Legend = GeometryView::Legend;
  const bool outside = g.legend == Legend::Beside || g.legend == Legend::Below;
  // ImPlot takes a location only when it differs from the one it was last given: the real one, always.
  ImPlot::SetupLegend(g.legend == Legend::Below ? ImPlotLocation_South : geometry::corner_of(g.legend),
                      ImPlotLegendFlags_NoButtons | (outside ? ImPlotLegendFlags_Outside : 0) |
                          (g.legend == Legend::Below ? ImPlotLegendFlags_Horizontal : 0));
  ImPlot::SetupFinish();
  const ImPlotRect shown = ImPlot::GetPlotLimits();
  // The fit kept (equal axes fit y to x), as it is on a frame the fit did not move: another x is a
  // person's zoom or pan.
  const double slack = 1e-3 * (g.hi_x - g.lo_x);
  if (fitted && cond != ImPlotCond_Always && (std::abs(shown.X.Min - g.lo_x) > slack || std::abs(shown.X.Max - g.hi_x) > slack))
    g.zoomed = true;
  if (ImPlot::FitThisFrame()) {  // a double click: back to every mark, fitted from the next frame on
    ImPlot::FitPoint(ImPlotPoint(g.lo_x, g.lo_y));
    ImPlot::FitPoint(ImPlotPoint(g.hi_x, g.hi_y));
    g.zoomed = false;
  }
  g.lo_x = float(shown.X.Min), g.lo_y = float(shown.Y.Min), g.hi_x = float(shown.X.Max), g.hi_y = float(shown.Y.Max);
  const ImVec2 at = ImPlot::GetPlotPos(), size = ImPlot::GetPlotSize();
  p.f = geometry::Frame{at, ImVec2(at.x + size.x, at.y + size.y), ImVec2(g.lo_x, g.lo_y), ImVec2(g.hi_x, g.hi_y)};
}

using PerHead = std::array<core::Mat, core::kMaxHeads>;

// One handle over the point `at` of row i of the scenario's `matrix`, the head shown's. True while held.
bool DragHandle(AppState& state, const Plot& p, const char* kind, int i, Point at,
                PerHead core::Scenario::*matrix) {
  const float rad = p.rad;
  const ImVec2 sp = p.f.to_screen(at);
  const std::string id = std::string(kind) + "[" + std::to_string(i) + "]";
  // A point zoomed out of sight has no handle (one held keeps it: the mouse may leave the plot).
  if (!p.f.rect().Contains(sp) && ImGui::GetActiveID() != ImGui::GetID(id.c_str())) return false;
  ImGui::SetCursorScreenPos(ImVec2(sp.x - rad * 1.6f, sp.y - rad * 1.6f));
  keyed::InvisibleButton("geometry." + id, id.c_str(), ImVec2(rad * 3.2f, rad * 3.2f));
  if (ImGui::IsItemHovered() || ImGui::IsItemActive())
    p.dl->AddCircle(sp, rad * 1.6f, ImGui::GetColorU32(ImGuiCol_Text), 0, 1.5f * p.scale);
  const bool active = ImGui::IsItemActive();
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
    const Point d = p.f.to_data(ImGui::GetIO().MousePos);
    const double lim = core::kMaxAbsEntry;
    state.apply([&](core::Scenario& sc) {
      core::Mat& m = (sc.*matrix)[static_cast<size_t>(p.head)];
      m(i, p.ax) = std::clamp(to_hundredths(d.x), -lim, lim);
      if (p.ay >= 0) m(i, p.ay) = std::clamp(to_hundredths(d.y), -lim, lim);
    });
  }
  const std::string& token = kind[0] == 'q' ? state.token_labels()[i] : state.key_labels()[i];
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s of '%s': drag to move", kind, token.c_str());
  return active;
}

// Direct mode: the rows of V and the q and k tips as handles, on the stored rows (before RoPE turns them).
// One drag, one undo step. True while one is held.
bool DragHandles(AppState& state, const Plot& p) {
  const core::Scenario& s = p.s;
  const core::HeadResult& r = p.r;
  bool any_active = false;
  for (int j = 0; j < s.m(); ++j) {
    any_active |= DragHandle(state, p, "V", j, p.at(r.V, j), &core::Scenario::V);
    // Shared QK: k is q. Normalized keys: the tip shown is not the row stored.
    any_active |= p.g.show_k && !core::shared_qk(s.options) && !core::normalized_keys(s.options) &&
                  DragHandle(state, p, "k", j, p.at(r.K_before_rope, j), &core::Scenario::K);
  }
  for (int i = 0; i < s.n(); ++i)
    any_active |= p.g.show_q && DragHandle(state, p, "q", i, p.at(r.Q_before_rope, i), &core::Scenario::Q);
  return any_active;
}

// The q or k tip nearest the mouse, within the ring's radius, lights that query's or key's row
// everywhere, and names the tip here (the legend says so when some tips have no name).
void hover_tip(AppState& state, const Plot& p) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float reach = p.rad * 2;  // the ring's radius
  float nearest = reach * reach;
  const auto try_tip = [&](const core::Mat& m, int row, Highlight hit) {
    const ImVec2 tip = p.screen(m, row);
    const float d = (tip.x - mouse.x) * (tip.x - mouse.x) + (tip.y - mouse.y) * (tip.y - mouse.y);
    if (d <= nearest) {
      nearest = d;
      state.panels.highlight_next = hit;
    }
  };
  for (int i = 0; p.g.show_q && i < p.s.n(); ++i) try_tip(p.r.Q, i, Highlight{p.head, i, -1});
  for (int j = 0; p.g.show_k && !p.keys_are_queries && j < p.s.m(); ++j) try_tip(p.r.K, j, Highlight{p.head, -1, j});
}

// A point of V under the mouse, named in a tooltip (with any it overlaps): it lights nothing, and
// in projected mode no handle's tooltip names it.
void hover_point(const Plot& p) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::string names;
  for (int j = 0; j < p.s.m(); ++j) {
    const ImVec2 v = p.screen(p.r.V, j);
    if (std::hypot(v.x - mouse.x, v.y - mouse.y) <= p.rad * 2) names += (names.empty() ? "" : ", ") + p.keys[j];
  }
  if (!names.empty()) ImGui::SetTooltip("row of V: %s", names.c_str());
}

}  // namespace

void DrawGeometryPanel(AppState& state) {
  const core::Options& options = state.scenario().options;
  const std::string about = core::sigmoid_weights(options)
                                ? "outputs A\u00B7V under sigmoid attention: " + std::string(core::output_combination_words(options))
                                : "outputs A\u00B7V: convex combinations of the rows of V, inside their hull; "
                                  "(1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40 need not be";
  if (BeginPanel(state, Panel::Geometry, about.c_str(), 0, state.view.head)) {
    const core::Scenario& s = state.scenario();
    GeometryView& g = state.panels.geometry;
    // As it was before the controls: the frame that converts to direct mode draws no handles yet.
    const bool direct = s.mode == core::Mode::Direct;
    g.axis_x = std::clamp(g.axis_x, 0, s.d_k - 1);
    g.axis_y = std::clamp(g.axis_y, 0, s.d_k - 1);
    if (!frame_picture().active) Controls(state, g, s, direct);
    const ImVec2 origin = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
    const ImVec2 size(avail.x, std::max(80 * fonts().scale, avail.y - 4));
    Plot p = make_plot(state, ImRect(origin, ImVec2(origin.x + size.x, origin.y + size.y)));
    // A picture takes no input; on a phone's page (stacked) the wheel and a finger scroll the page.
    const bool still = frame_picture().active || state.panels.stacked;
    geometry::Scene scene;
    ImRect legend;
    bool across = false;
    // On the window's background, as the names' patches are and their contrast is measured.
    // The data as large as the panel allows: no padding around the frame but the ticks'.
    ImPlot::PushStyleColor(ImPlotCol_PlotBg, ImVec4(0, 0, 0, 0));
    const float scale = fonts().scale;
    ImPlot::PushStyleVar(ImPlotStyleVar_PlotPadding, ImVec2(2 * scale, 4 * scale));
    ImPlot::PushStyleVar(ImPlotStyleVar_LabelPadding, ImVec2(3 * scale, 2 * scale));
    ImPlot::PushStyleVar(ImPlotStyleVar_LegendPadding, ImVec2(6 * scale, 6 * scale));
    if (ImPlot::BeginPlot("##geometry", size, ImPlotFlags_Equal | ImPlotFlags_NoMouseText | ImPlotFlags_NoMenus | (still ? ImPlotFlags_NoInputs : 0))) {
      setup(state, p);
      scene = geometry::lay_out(state, p);
      geometry::paint(p);
      const ImPlotLegend& placed = ImPlot::GetCurrentPlot()->Items.Legend;
      ImPlot::EndPlot();
      legend = placed.Rect;  // as EndPlot placed it, this frame
      across = placed.Flags & ImPlotLegendFlags_Horizontal;
    }
    ImPlot::PopStyleVar(3);
    ImPlot::PopStyleColor();
    geometry::paint_over(state, p, scene, legend, across);
    g.dragging = direct && DragHandles(state, p);
    if (!frame_picture().active && !g.dragging && ImGui::IsWindowHovered() &&
        p.f.rect().Contains(ImGui::GetIO().MousePos)) {
      hover_tip(state, p);
      if (!direct) hover_point(p);
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(size);
  }
  EndPanel();
}

PanelText DescribeGeometryPanel(const AppState& state) {
  const core::HeadResult& r = state.result().head[static_cast<size_t>(state.view.head)];
  const GeometryView& g = state.panels.geometry;
  const bool rope = core::rope_positions(state.scenario().options);
  PanelText out = panel_title(Panel::Geometry) + head_text(state) + ": " +
                  core::tr_format("each row a point; the plot shows dimensions {0} and {1}", {std::to_string(g.axis_x + 1), std::to_string(g.axis_y + 1)}) +
                  "\n";
  out += matrix_text(core::tr("V, the values"), r.V, state.key_labels());
  out += matrix_text(core::sigmoid_weights(state.scenario().options)
                         ? core::tr("A V, the outputs (sigmoid attention: each its row's sum times a point of the convex hull of V's rows)")
                         : core::tr("A V, the outputs (each in the convex hull of V's rows)"),
                     r.output, state.token_labels());
  if (g.show_alt) out += matrix_text(std::string(core::kAttentionAltText) + ", " + core::tr("AttentionAlt's outputs"), r.alt_output, state.token_labels());
  if (g.show_q) out += matrix_text(rope ? core::tr("q, the queries (after RoPE)") : core::tr("q, the queries"), r.Q, state.token_labels());
  if (g.show_k) out += matrix_text(rope ? core::tr("k, the keys (after RoPE)") : core::tr("k, the keys"), r.K, state.key_labels());
  return out;
}

}  // namespace app
