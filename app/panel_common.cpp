#include <imgui.h>

#include "app/panels.h"
#include "app/text.h"

namespace app {

bool BeginPanel(const char* title, const char* formula_markup) {
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus;
  const bool open = ImGui::Begin(title, nullptr, kFlags);
  // After Begin, the last item is the title bar.
  if (ImGui::IsItemHovered() && formula_markup) {
    ImGui::BeginTooltip();
    ScriptText(formula_markup);
    ImGui::EndTooltip();
  }
  return open;
}

}  // namespace app
