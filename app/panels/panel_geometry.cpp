// Geometry: the plane of two of the d_k axes. The rows of V as points with their
// convex hull, the outputs A·V inside it (docs/questions.md, AttentionAlt: a convex combination; under
// sigmoid attention its row's sum times a point of it), the
// AttentionAlt outputs beside them, and q_i, k_j as arrows, each point and tip named. In direct mode
// the points and arrow tips are handles: dragging one edits that row. What goes where is
// geometry_layout.cpp's, the painting geometry_paint.cpp's (geometry_plot.h).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/panels/geometry_plot.h"
#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "core/designs/attention_alt.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"

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
    // Dimensions count from 1, as everywhere else; the two axes are never the same.
    int x = g.axis_x + 1, y = g.axis_y + 1;
    ImGui::SetNextItemWidth(60 * scale);
    if (ImGui::SliderInt("##ax", &x, 1, s.d_k, "x: dim %d") && x - 1 == g.axis_y) g.axis_y = g.axis_x;
    g.axis_x = x - 1;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60 * scale);
    y = g.axis_y + 1;
    if (ImGui::SliderInt("##ay", &y, 1, s.d_k, "y: dim %d") && y - 1 == g.axis_x) g.axis_x = g.axis_y;
    g.axis_y = y - 1;
    ImGui::SameLine();
  }
  ImGui::Checkbox("q", &g.show_q);
  ImGui::SameLine();
  ImGui::Checkbox("k", &g.show_k);
  ImGui::SameLine();
  ImGui::Checkbox("alt", &g.show_alt);
  if (!direct) {
    ImGui::SameLine();
    if (keyed::SmallButton("geometry.convert", "drag points\u2026")) state.apply([](core::Scenario& sc) { core::convert_to_direct(sc); });
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Switch to direct mode (Q, K, V as they are now), where the points and arrow tips can be dragged.");
  }
}

// The plot's area leaves room at the left and bottom for the tick labels; the frame in it, and the
// data it shows, are lay_out's.
Plot make_plot(AppState& state, ImVec2 origin, ImVec2 avail) {
  const core::Scenario& s = state.scenario();
  const GeometryView& g = state.panels.geometry;
  const int h = state.view.head;
  const float scale = fonts().scale;
  // The ticks in the panels' text size, as the names and the legend: 11 px numbers read as an afterthought.
  ImFont* regular = fonts().regular ? fonts().regular : ImGui::GetFont();
  // The y ticks' room: as wide as the values shown last (at the finest spacing drawn) need, which
  // leaves the data more room than the widest tick there could be ("−0.5").
  float tick_w = 0;
  for (double t : nice_ticks(g.lo_y, g.hi_y, 8)) tick_w = std::max(tick_w, regular->CalcTextSizeA(font_px(regular), FLT_MAX, 0, tick_text(t).c_str()).x);
  if (g.hi_y <= g.lo_y) tick_w = regular->CalcTextSizeA(font_px(regular), FLT_MAX, 0, "\u22120.5").x;
  tick_w += 6 * scale;
  const float tick_h = font_px(regular) + 4 * scale;
  const int ax = g.axis_x, ay = s.d_k > 1 ? g.axis_y : -1;
  const bool rope = core::rope_positions(s.options);
  const ImVec2 top_left(origin.x + tick_w, origin.y);
  const ImVec2 bottom_right(origin.x + avail.x - 2 * scale, origin.y + std::max(40.0f, avail.y - 4 - tick_h));
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
              .tick_font = regular,
              .font = regular,
              .dl = ImGui::GetWindowDrawList(),
              .area = ImRect(top_left, bottom_right),
              .f = {},
              .hl = hl,
              .lit_q = g.show_q ? hl.query : -1,
              .lit_k = g.show_k ? hl.key : -1};
}

using RowOf = core::Mat& (*)(core::Scenario&, int);

// One handle over the point `at` of row i of a matrix (row_of picks it in the scenario). True while held.
bool DragHandle(AppState& state, const Plot& p, const char* kind, int i, Point at, RowOf row_of) {
  const float rad = p.rad;
  const ImVec2 sp = p.f.to_screen(at);
  const std::string id = std::string(kind) + "[" + std::to_string(i) + "]";
  ImGui::SetCursorScreenPos(ImVec2(sp.x - rad * 1.6f, sp.y - rad * 1.6f));
  keyed::InvisibleButton("geometry." + id, id.c_str(), ImVec2(rad * 3.2f, rad * 3.2f));
  if (ImGui::IsItemHovered() || ImGui::IsItemActive())
    p.dl->AddCircle(sp, rad * 1.6f, ImGui::GetColorU32(ImGuiCol_Text), 0, 1.5f * p.scale);
  const bool active = ImGui::IsItemActive();
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
    const Point d = p.f.to_data(ImGui::GetIO().MousePos);
    const double lim = core::kMaxAbsEntry;
    state.apply([&](core::Scenario& sc) {
      core::Mat& m = row_of(sc, p.head);
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
    if (DragHandle(state, p, "V", j, p.at(r.V, j), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.V[hh]; }))
      any_active = true;
    // Shared QK: k is q. Normalized keys: the tip shown is not the row stored.
    if (p.g.show_k && !core::shared_qk(s.options) && !core::normalized_keys(s.options) &&
        DragHandle(state, p, "k", j, p.at(r.K_before_rope, j),
                   [](core::Scenario& sc, int hh) -> core::Mat& { return sc.K[hh]; }))
      any_active = true;
  }
  for (int i = 0; i < s.n(); ++i)
    if (p.g.show_q && DragHandle(state, p, "q", i, p.at(r.Q_before_rope, i),
                                 [](core::Scenario& sc, int hh) -> core::Mat& { return sc.Q[hh]; }))
      any_active = true;
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
    Plot p = make_plot(state, origin, avail);
    const geometry::Scene scene = geometry::lay_out(state, p);
    geometry::paint(state, p, scene);
    g.dragging = direct && DragHandles(state, p);
    if (!frame_picture().active && !g.dragging && ImGui::IsWindowHovered() &&
        ImRect(p.f.min, p.f.max).Contains(ImGui::GetIO().MousePos)) {
      hover_tip(state, p);
      if (!direct) hover_point(p);
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(avail.x, avail.y - 4));
  }
  EndPanel();
}

PanelText DescribeGeometryPanel(const AppState& state) {
  const core::HeadResult& r = state.result().head[static_cast<size_t>(state.view.head)];
  const GeometryView& g = state.panels.geometry;
  const bool rope = core::rope_positions(state.scenario().options);
  PanelText out = "Geometry" + head_text(state) + ": each row a point; the plot shows dimensions " + std::to_string(g.axis_x + 1) +
                    " and " + std::to_string(g.axis_y + 1) + "\n";
  out += matrix_text("V, the values", r.V, state.key_labels());
  out += matrix_text(core::sigmoid_weights(state.scenario().options)
                         ? "A V, the outputs (sigmoid attention: each its row's sum times a point of the convex hull of V's rows)"
                         : "A V, the outputs (each in the convex hull of V's rows)",
                     r.output, state.token_labels());
  if (g.show_alt) out += matrix_text(std::string(core::kAttentionAltText) + ", AttentionAlt's outputs", r.alt_output, state.token_labels());
  if (g.show_q) out += matrix_text(rope ? "q, the queries (after RoPE)" : "q, the queries", r.Q, state.token_labels());
  if (g.show_k) out += matrix_text(rope ? "k, the keys (after RoPE)" : "k, the keys", r.K, state.key_labels());
  return out;
}

}  // namespace app
