#include "app/widgets/highlight.h"

#include <utility>

#include "app/widgets/frame_context.h"
#include "app/render/text.h"
#include "app/render/theme.h"

namespace app {

namespace {

float halo_thickness() { return 1.0f * fonts().scale; }

ImU32 halo_color() { return ImGui::GetColorU32(ImGuiCol_WindowBg, 0.9f); }

}  // namespace

Highlight lit(const AppState& state, int head) {
  if (frame_picture().active) return {};
  if (head >= 0 && state.panels.highlight.head != head) return {};
  return state.panels.highlight;
}

HeatmapHighlight query_key_cells(const Highlight& h, bool row_too) {
  HeatmapHighlight cells;
  const bool both = h.query >= 0 && h.key >= 0;
  if (both) {
    cells.cell_row = h.query;
    cells.cell_col = h.key;
  }
  if (h.query >= 0 && (row_too || !both)) cells.row = h.query;
  if (h.key >= 0 && !both) cells.col = h.key;
  return cells;
}

void hover_query_key(AppState& state, int head, const HeatmapLayout& layout) {
  if (layout.hovered_row >= 0) state.panels.highlight_next = Highlight{head, layout.hovered_row, layout.hovered_col};
}

float highlight_thickness() { return 2.5f * fonts().scale; }

void OutlineHighlight(AppState& state, const std::string& key, ImVec2 min, ImVec2 max, float outset) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a(min.x - outset, min.y - outset), b(max.x + outset, max.y + outset);
  const float t = highlight_thickness();
  dl->AddRect(a, b, halo_color(), 0, t + 2 * halo_thickness());
  dl->AddRect(a, b, highlight_color(state.view.theme), 0, t);
  frame_layout().highlights[current_panel_name() + "/" + key] = Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void RingHighlight(AppState& state, const std::string& key, ImVec2 center, float radius) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float t = highlight_thickness();
  dl->AddCircle(center, radius, halo_color(), 0, t + 2 * halo_thickness());
  dl->AddCircle(center, radius, highlight_color(state.view.theme), 0, t);
  frame_layout().highlights[current_panel_name() + "/" + key] = Rect{center.x - radius, center.y - radius, 2 * radius, 2 * radius};
}

bool settle_highlight(AppState& state) {
  const bool changed = !(state.panels.highlight == state.panels.highlight_next);
  state.panels.highlight = std::exchange(state.panels.highlight_next, Highlight{});
  return changed;
}

}  // namespace app
