#include <imgui.h>

#include <optional>
#include <string>

#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/frame_context.h"

namespace app {

void PanelExportMenuItems(AppState& state, std::optional<Panel> panel) {
  const std::string what = panel ? "" : "Window, ";
  const auto item = [&](const char* label, ExportRequest request) {
    // The export dialog asks where it goes (file_dialog.cpp): "…" as every item that asks more.
    if (ImGui::MenuItem((what + label + "\u2026").c_str())) state.dialogs.export_request = request;
  };
  item("1\u00D7", ExportRequest{panel, 1.0f, false, false});
  item("2\u00D7 (for slides)", ExportRequest{panel, 2.0f, false, false});
  item("2\u00D7, light background", ExportRequest{panel, 2.0f, true, false});
  item("2\u00D7, transparent background", ExportRequest{panel, 2.0f, false, true});
}

bool BeginCentredWindow(const char* title, bool* open) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  return ImGui::Begin(title, open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
}

bool BeginPanel(AppState& state, Panel panel, const char* formula_markup, int extra_window_flags, int head) {
  const char* title = panel_name(panel);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus;
  // A picture of this panel alone needs no title bar: its heatmaps name themselves.
  // One panel alone in presenter mode needs no title; two side by side keep theirs.
  const bool presenting = state.view.presenter && !frame_picture().active && state.view.presenter_panel == panel && !state.view.presenter_beside;
  const int solo = frame_picture().solo_panel == panel || presenting ? ImGuiWindowFlags_NoTitleBar : 0;
  const bool lit = !frame_picture().active && !state.view.presenter && state.panels.lit_panel == panel;
  if (lit) {
    ImGui::PushStyleColor(ImGuiCol_Border, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
    ImGui::PushStyleColor(ImGuiCol_TitleBg, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
    ImGui::PushStyleColor(ImGuiCol_TitleBgActive, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.05f, 0.05f, 0.08f, 1.0f));  // the title, dark on the accent
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 3.0f * fonts().scale);
  }
  // "Scores · head 2 of 3###Scores": the ID stays the panel's name whatever head it shows.
  const bool several = head >= 0 && state.scenario().heads > 1;
  const std::string head_text = several ? "head " + std::to_string(head + 1) + " of " + std::to_string(state.scenario().heads) : "";
  const std::string label = several ? std::string(title) + "  \u00B7  " + head_text + "###" + title : title;
  // The backend clears every frame to WindowBg and the panels tile the window, so a panel's own
  // background would paint the same pixels again: in the page, where WebGL may run in software,
  // that fill was the largest single cost of a frame. Alpha 0 skips it and keeps the border
  // (NoBackground would drop both). (In a window too small for the layout, Dear ImGui's minimum
  // window size makes panels overlap; they are cut off there either way.)
  ImGui::SetNextWindowBgAlpha(0.0f);
  ScreenText::section(title);
  const bool open = ImGui::Begin(label.c_str(), nullptr, kFlags | solo | extra_window_flags);
  if (lit) {
    ImGui::PopStyleVar();
    ImGui::PopStyleColor(4);
  }
  frame_layout().panels[title] = Rect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x,
                                  ImGui::GetWindowSize().y};
  if (solo) {
    if (several) ImGui::TextDisabled("%s", head_text.c_str());
    return open;
  }
  // After Begin, the last item is the title bar.
  if (ImGui::IsItemHovered() && formula_markup) {
    ImGui::BeginTooltip();
    ScriptText(formula_markup);
    ImGui::TextDisabled("right-click: export this panel as a PNG");
    ImGui::EndTooltip();
  }
  if (ImGui::BeginPopupContextItem("export")) {
    ImGui::TextDisabled("Export this panel alone as a PNG");
    PanelExportMenuItems(state, panel);
    ImGui::EndPopup();
  }
  return open;
}

}  // namespace app
