#include <imgui.h>
#include <imgui_internal.h>

#include <iterator>
#include <optional>
#include <string>

#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/frame_context.h"
#include "core/text/translate.h"

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
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  return ImGui::Begin(title, open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
}

bool BeginCentredModal(const char* id) {
  if (!ImGui::IsPopupOpen(id)) ImGui::OpenPopup(id);
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  return ImGui::BeginPopupModal(id, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
}

namespace {

// A child window has no title bar of Dear ImGui's (it asserts NoTitleBar): a stacked panel draws
// the same strip, in the title bar's colours (the lit panel's when lit), as an item, so that its
// tooltip and its right-click menu are the title bar's.
void StackedTitleBar(const std::string& label) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImVec2 pos = window->Pos, pad = ImGui::GetStyle().FramePadding;
  const float w = window->Size.x, h = ImGui::GetFrameHeight(), border = window->WindowBorderSize;
  ImRect clip(pos, ImVec2(pos.x + w, pos.y + h));
  clip.ClipWith(window->OuterRectClipped);  // the page's edge
  ImGui::PushClipRect(clip.Min, clip.Max, false);
  window->DrawList->AddRectFilled(ImVec2(pos.x + border, pos.y + border), ImVec2(pos.x + w - border, pos.y + h),
                                  ImGui::GetColorU32(ImGuiCol_TitleBg));
  ImGui::RenderTextClipped(ImVec2(pos.x + pad.x, pos.y + pad.y), ImVec2(pos.x + w - pad.x, pos.y + h - pad.y), label.c_str(), nullptr, nullptr);
  ImGui::PopClipRect();
  ImGui::SetCursorScreenPos(pos);
  ImGui::InvisibleButton("##title", ImVec2(w, h), ImGuiButtonFlags_MouseButtonMiddle);  // hovered, never pressed: a press scrolls the page
  ImGui::SetCursorScreenPos(ImVec2(pos.x + window->WindowPadding.x, pos.y + h + window->WindowPadding.y));
}

// A floating panel of a layout just built (app/frame_dock.cpp) goes where the layout says, once.
void PlaceFloatingPanel(AppState& state, Panel panel) {
  DockState& dock = state.panels.dock;
  const auto at = dock.float_at.find(panel);
  if (at == dock.float_at.end()) return;
  ImGui::SetNextWindowPos(ImVec2(at->second.x, at->second.y));
  ImGui::SetNextWindowSize(ImVec2(at->second.w, at->second.h));
  dock.float_at.erase(at);
}

}  // namespace

const char* panel_title(Panel panel) { return core::tr(panel_name(panel)); }

std::string DockedWindowName(Panel panel) { return std::string("###dock.") + panel_name(panel); }

ImGuiWindow* FindPanelWindow(Panel panel) {
  const std::string name = panel_name(panel);
  ImGuiWindow* found = nullptr;
  for (const std::string& id : {DockedWindowName(panel), "###" + name, name})
    if (ImGuiWindow* w = ImGui::FindWindowByName(id.c_str()); w && (!found || w->LastFrameActive > found->LastFrameActive)) found = w;
  return found;
}

void EndPanel() {
  // Stacked, a panel is a child of the page; docked, Dear ImGui flags it a child of the dock's
  // host too, but it began with Begin.
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  if ((window->Flags & ImGuiWindowFlags_ChildWindow) && !window->DockIsActive) ImGui::EndChild();
  else ImGui::End();
}

void ScrollPanelHere() {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const bool stacked = (window->Flags & ImGuiWindowFlags_ChildWindow) && window->ParentWindow && !window->DockIsActive;
  ImGuiWindow* scrolled = stacked ? window->ParentWindow : window;
  ImGui::SetScrollFromPosY(scrolled, ImGui::GetCursorScreenPos().y - scrolled->Pos.y, 0.0f);
}

bool BeginPanel(AppState& state, Panel panel, const char* formula_markup, int extra_window_flags, int head) {
  const char* title = panel_name(panel);  // its id, whatever the language shown
  // A picture of this panel alone needs no title bar: its heatmaps name themselves.
  // One panel alone in presenter mode needs no title; two side by side keep theirs.
  const bool presenting = state.view.presenter && !frame_picture().active && state.view.presenter_panel == panel && !state.view.presenter_beside;
  const int solo = frame_picture().solo_panel == panel || presenting ? ImGuiWindowFlags_NoTitleBar : 0;
  const bool lit = !frame_picture().active && !state.view.presenter && state.panels.lit_panel == panel;
  // The colours a lit panel's title takes: its title bar's, or docked its tab's (Dear ImGui takes a
  // docked window's tab colours at its Begin).
  constexpr ImGuiCol kLitColours[] = {ImGuiCol_Border, ImGuiCol_TitleBg, ImGuiCol_TitleBgActive, ImGuiCol_Tab, ImGuiCol_TabSelected,
                                      ImGuiCol_TabDimmed, ImGuiCol_TabDimmedSelected, ImGuiCol_TabHovered};
  if (lit) {
    for (const ImGuiCol c : kLitColours) ImGui::PushStyleColor(c, ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.05f, 0.05f, 0.08f, 1.0f));  // the title, dark on the accent
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 3.0f * fonts().scale);
    ImGui::PushStyleVar(ImGuiStyleVar_ChildBorderSize, 3.0f * fonts().scale);  // stacked, a panel is a child
  }
  // "Scores · head 2 of 3###Scores": the ID stays the panel's name whatever head it shows.
  const bool several = head >= 0 && state.scenario().heads > 1;
  const std::string head_text =
      several ? core::tr_format("head {0} of {1}", {std::to_string(head + 1), std::to_string(state.scenario().heads)}) : "";
  const bool docked = state.panels.docked && !frame_picture().active;
  const std::string shown = several ? std::string(panel_title(panel)) + "  \u00B7  " + head_text : std::string(panel_title(panel));
  const std::string label = docked ? shown + DockedWindowName(panel) : shown + "###" + title;
  // The backend clears every frame to WindowBg and the panels tile the window, so a panel's own
  // background would paint the same pixels again: in the page, where WebGL may run in software,
  // that fill was the largest single cost of a frame. Alpha 0 skips it and keeps the border
  // (NoBackground would drop both). (In a window too small for the layout, Dear ImGui's minimum
  // window size makes panels overlap; they are cut off there either way.)
  // Docked: movable, kept in imgui.ini, its background drawn only where it floats over the others.
  const ImGuiWindow* last = docked ? ImGui::FindWindowByName(label.c_str()) : nullptr;
  if (!docked || (last && last->DockIsActive)) ImGui::SetNextWindowBgAlpha(0.0f);
  if (docked) PlaceFloatingPanel(state, panel);
  ScreenText::section(title);
  // Stacked on a narrow screen (app/frame_views.cpp), a child of the page that scrolls them all,
  // placed at its cursor.
  const bool stacked = state.panels.stacked && !frame_picture().active && !solo;
  // One as tall as it draws has no scrollbar: its width, and so what it draws, stays as measured.
  const int child = !stacked                    ? 0
                    : state.panels.stacked_whole ? ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar
                                                 : ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_NoTitleBar;
  constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus;
  const int flags = ImGuiWindowFlags_NoCollapse | (docked ? 0 : kFixed) | solo | child | extra_window_flags;
  const bool open = ImGui::Begin(label.c_str(), nullptr, flags);
  if (stacked) StackedTitleBar(label);
  // F6 gives a panel the keyboard: Tab then goes through its fields (app/frame.cpp, Shortcuts).
  if (!frame_picture().active) {
    if (state.panels.focus_panel == panel) {
      ImGui::SetWindowFocus();
      // On no control yet: Tab goes to its first. (Dear ImGui's Tab with its cursor shown, as a menu
      // used by keys leaves it, goes on from the control it is on, and from none went nowhere.)
      if (GImGui->NavId == 0) ImGui::SetNavCursorVisible(false);
      state.panels.focus_panel.reset();
    }
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) {
      state.panels.focused_panel = panel;
      // Where the keyboard is, framed, once the keyboard moved it (a click puts it where the mouse is).
      if (state.panels.keyboard_moved) {
        const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
        const float w = 3.0f * fonts().scale;
        ImGui::GetForegroundDrawList()->AddRect(ImVec2(at.x + w / 2, at.y + w / 2), ImVec2(at.x + size.x - w / 2, at.y + size.y - w / 2),
                                                ImGui::GetColorU32(ImGuiCol_NavCursor), 0.0f, w);
      }
    }
  }
  if (lit) {
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor(static_cast<int>(std::size(kLitColours)) + 1);
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
    ImGui::TextDisabled("%s", core::tr("right-click: export this panel as a PNG"));
    ImGui::EndTooltip();
  }
  if (ImGui::BeginPopupContextItem("export")) {
    ImGui::TextDisabled("%s", core::tr("Export this panel alone as a PNG"));
    PanelExportMenuItems(state, panel);
    ImGui::EndPopup();
  }
  return open;
}

}  // namespace app
