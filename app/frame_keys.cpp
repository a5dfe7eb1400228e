// The window's keys: the shortcuts, which panel and which menu has the keyboard, zoom, undo and redo;
// the shortcuts' table in Help; and the end of a gesture (one undo step).
#include "app/frame_keys.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/dialogs/save_questions.h"
#include "app/files/platform_files.h"
#include "app/menus.h"
#include "app/panels/alt_text.h"  // panels_shown: what F6 moves through
#include "app/panels/panels.h"    // BeginCentredWindow
#include "app/render/text.h"
#include "app/training/lab.h"
#include "app/widgets/controls.h"

namespace app {

namespace {

struct Shortcut {
  const char* keys;
  const char* what;
};
constexpr Shortcut kShortcuts[] = {
    {"F6, Shift+F6", "the keyboard to the next panel, or back (Matrices has it at the start)"},
    {"Tab, Shift+Tab", "the panel's next control, or back: a number to type into, a check box, a button; Space presses it"},
    {"F10, or Alt alone", "the menus: \u2191 \u2193 through a menu, \u2190 \u2192 to the next menu, Enter to choose, Esc to close"},
    {"Drag a number", "change it (0.01 per pixel; hold Shift for faster, Alt for slower)"},
    {"Double-click or Ctrl+click", "type a number; Enter to accept, Esc to cancel"},
    {"Enter, Esc", "in a field reached by Tab: accept the number typed; put back what was there"},
    {"\u2191 \u2193", "in a matrix's entry being typed in: plus or minus 0.01 (Shift: 0.1), one undo step a press"},
    {"Ctrl+Z", "undo: one drag, one typed number, one resize or one option change per step"},
    {"Ctrl+Shift+Z or Ctrl+Y", "redo"},
    {"Hover a cell", "see its value and, for QK\u1D40 and QQ\u1D40, the dot product term by term"},
    {"Hover a panel's title", "see the formula it shows"},
    {"Ctrl+L", "the training lab, and back to the views"},
    {"Space, \u2192 (in the lab)", "run or pause the training; one step"},
    {"Ctrl+O", "open a scenario file (or drop a .json on the window)"},
    {"Ctrl+S, Ctrl+Shift+S", "save, save as (a lesson that comes with attnlab: your copy, in your own lessons folder)"},
    {"F12", "export the window as a PNG, asking where (File \u2192 Export PNG for 2\u00D7 and single panels)"},
    {"F11", "presenter mode: the step's panel and the editor beside it fill the window, the step below (in the lab: the lab alone); F11 or Esc to leave"},
    {"\u2190  \u2192", "the lesson's previous and next step (in presenter mode the panel follows the step); after Tab, the control beside"},
    {"Ctrl +  Ctrl \u2212  Ctrl 0", "zoom in, out, back to 100%: text and cells, everywhere"},
    {"Right-click a panel's title", "export just that panel as a PNG"},
    {"Ctrl+Q", "quit (asks first when there are unsaved changes)"},
};

}  // namespace

// A finished gesture becomes one undo step: one drag, one number typed. Tab goes from a field being
// typed straight into the next, so that some item stays active from the first number to the last:
// another item becoming active ends the gesture too, and each number typed is its own step.
void EndGesture(AppState& state) {
  static const ImGuiContext* context = nullptr;  // the ids of one context (the tests make many)
  static ImGuiID gesture = 0;
  const ImGuiID active = ImGui::GetActiveID();
  if (context == ImGui::GetCurrentContext() && gesture != 0 && active != gesture) state.end_frame(false);
  context = ImGui::GetCurrentContext();
  gesture = active;
  state.end_frame(active != 0);
}

bool CtrlOOpens(const AppState& state) { return !state.recording() && !ImGui::GetIO().WantTextInput; }

void Shortcuts(AppState& state, FrameRequests& requests) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsKeyPressed(ImGuiKey_F12, false)) state.dialogs.export_request = ExportRequest{std::nullopt, 1.0f, false, false};
  if (ImGui::IsKeyPressed(ImGuiKey_F11, false)) TogglePresenter(state);
  if (state.view.presenter && !io.WantTextInput && ImGui::IsKeyPressed(ImGuiKey_Escape, false)) state.view.presenter = false;
  // ← and → step through the lesson, in presenter mode and out of it, unless a field or a
  // slider has the keys.
  const bool popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  const bool dialog = state.dialogs.file.purpose != FileDialog::Purpose::None || state.dialogs.record.open;
  if (!io.WantTextInput && !ImGui::IsAnyItemActive() && !io.KeyCtrl && !popup && !dialog && !KeyboardOnAControl() &&
      state.view.workspace == Workspace::Views) {
    if (OwnKeyPressed(ImGuiKey_RightArrow, true)) GoToStep(state, state.panels.lesson_step + 1);
    if (OwnKeyPressed(ImGuiKey_LeftArrow, true)) GoToStep(state, state.panels.lesson_step - 1);
  }
  // F6 and Shift+F6: the next panel shown, or the one before, gets the keyboard. With no panel
  // focused (at the start, before a click; after a menu closes, which leaves the keyboard in the
  // menu bar), Matrices, where the entries are, so that Tab goes to them at once.
  // "Nowhere": no window, or one that takes no keys: the menu bar, the status bar, or the window
  // Dear ImGui makes for itself ("Debug##Default"), one of which has it once the window opens.
  const ImGuiWindow* keyboard = GImGui->NavWindow;
  const std::string_view holder = keyboard ? std::string_view(keyboard->Name) : std::string_view();
  const bool nowhere = !popup && (holder.empty() || holder == "##MainMenuBar" || holder == "##status" || holder == "##views" ||
                                    holder == "Debug##Default");
  if (ImGui::IsKeyPressed(ImGuiKey_F6, false) || (nowhere && !state.panels.focus_panel)) {
    const std::vector<Panel> shown = panels_shown(state);
    const auto at = state.panels.focused_panel ? std::find(shown.begin(), shown.end(), *state.panels.focused_panel) : shown.end();
    const bool first = nowhere || at == shown.end();
    const auto matrices = std::find(shown.begin(), shown.end(), Panel::Matrices);
    const size_t n = shown.size(), i = static_cast<size_t>(at - shown.begin());
    if (n > 0)
      state.panels.focus_panel = first ? (matrices != shown.end() ? *matrices : shown.front()) : shown[(i + (io.KeyShift ? n - 1 : 1)) % n];
  }
  if (!io.WantTextInput && !popup && ImGui::IsKeyPressed(ImGuiKey_F10, false)) state.panels.open_menus = true;
  // Alt pressed and let go with nothing else between, as in any desktop app: the menus, as F10.
  // Alt held through a drag (slower) or with another key is a modifier, not this.
  bool with_other = ImGui::IsAnyMouseDown();
  for (int k = ImGuiKey_NamedKey_BEGIN; k < ImGuiKey_NamedKey_END; ++k) {
    const ImGuiKey key = static_cast<ImGuiKey>(k);
    if (key != ImGuiKey_LeftAlt && key != ImGuiKey_RightAlt && key != ImGuiKey_ReservedForModAlt)
      with_other = with_other || ImGui::IsKeyDown(key);
  }
  PanelState& keys = state.panels;
  if (io.KeyAlt) keys.alt_alone = (keys.alt_was_down ? keys.alt_alone : true) && !with_other;
  else if (keys.alt_was_down && keys.alt_alone && !io.WantTextInput && !popup) keys.open_menus = true;
  keys.alt_was_down = io.KeyAlt;
  if (ImGui::IsKeyPressed(ImGuiKey_F6, false) || ImGui::IsKeyPressed(ImGuiKey_F10, false) || ImGui::IsKeyPressed(ImGuiKey_Tab, false) ||
      keys.open_menus)
    state.panels.keyboard_moved = true;
  if (ImGui::IsAnyMouseDown()) state.panels.keyboard_moved = false;
  if (!io.KeyCtrl || io.WantTextInput) return;  // a text field has its own Ctrl+Z
  if (ImGui::IsKeyPressed(ImGuiKey_Equal) || ImGui::IsKeyPressed(ImGuiKey_KeypadAdd)) Zoom(state, 1.1f);
  if (ImGui::IsKeyPressed(ImGuiKey_Minus) || ImGui::IsKeyPressed(ImGuiKey_KeypadSubtract))
    Zoom(state, 1 / 1.1f);
  if (ImGui::IsKeyPressed(ImGuiKey_0, false) || ImGui::IsKeyPressed(ImGuiKey_Keypad0, false)) Zoom(state, 0);
  if (ImGui::IsKeyPressed(ImGuiKey_Z, false)) {
    if (io.KeyShift) state.redo();
    else state.undo();
  }
  if (ImGui::IsKeyPressed(ImGuiKey_Y, false)) state.redo();
  if (ImGui::IsKeyPressed(ImGuiKey_Q, false)) Quit(state, requests);
  if (ImGui::IsKeyPressed(ImGuiKey_L, false)) toggle_lab(state);
  if (ImGui::IsKeyPressed(ImGuiKey_O, false) && !platform_files().chooser->opens_on_ctrl_o())
    platform_files().chooser->ask(state, FileDialog::Purpose::Open);
  if (ImGui::IsKeyPressed(ImGuiKey_S, false)) {
    if (io.KeyShift) platform_files().chooser->ask(state, FileDialog::Purpose::SaveAs);
    else Save(state);
  }
}

void HelpWindow(AppState& state) {
  if (!state.view.show_help) return;
  if (BeginCentredWindow("Keyboard shortcuts", &state.view.show_help)) {
    if (ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      for (const Shortcut& s : kShortcuts) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(s.keys);
        ImGui::TableNextColumn();
        ScriptText(s.what);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace app
