#include <imgui.h>

#include "app/panels.h"
#include "app/text.h"

namespace app {

void remember_control(AppState& state, const char* key) {
  if (!ImGui::IsItemVisible()) return;  // scrolled out of view: not a place to click
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  state.control_rects[key] = Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

bool BeginPanel(AppState& state, const char* title, const char* formula_markup, int extra_window_flags) {
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus;
  const bool open = ImGui::Begin(title, nullptr, kFlags | extra_window_flags);
  // After Begin, the last item is the title bar.
  if (ImGui::IsItemHovered() && formula_markup) {
    ImGui::BeginTooltip();
    ScriptText(formula_markup);
    ImGui::TextDisabled("right-click: export this panel as a PNG");
    ImGui::EndTooltip();
  }
  if (ImGui::BeginPopupContextItem("export")) {
    if (ImGui::MenuItem("Export this panel as PNG, 1\u00D7")) state.export_request = ExportRequest{title, 1.0f};
    if (ImGui::MenuItem("Export this panel as PNG, 2\u00D7")) state.export_request = ExportRequest{title, 2.0f};
    ImGui::EndPopup();
  }
  return open;
}

}  // namespace app
