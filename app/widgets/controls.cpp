#include "app/widgets/controls.h"

#include <imgui_internal.h>

namespace app {
namespace {

std::map<std::string, Rect>* g_controls = nullptr;  // where keyed controls are noted (NotedControls)
std::string* g_focused = nullptr;                    // the key of the one with the keyboard focus

// Notes an item of `window` under key, when it is on screen; and its key as the focused one, where
// the keyboard is on it (Dear ImGui's navigation id, its cursor shown: what Tab moves and Space
// presses; a click also makes a control the navigation id, but Space does not press it).
void note(std::string_view key, const ImGuiLastItemData& item, const ImGuiWindow* window) {
  keyed::note_if_focused(key, item.ID);
  if (!g_controls || !window->ClipRect.Overlaps(item.Rect)) return;  // scrolled out of view: not a place to click
  // A window's first frame is laid out hidden, before it is placed (a dialog, a menu): its items
  // are not on screen yet, and a click where they would be lands elsewhere.
  if (window->Hidden || window->RootWindow->Hidden) return;
  (*g_controls)[std::string(key)] = Rect{item.Rect.Min.x, item.Rect.Min.y, item.Rect.GetWidth(), item.Rect.GetHeight()};
}

// A combo box: open, the current window is its popup, and the box is the item its window stack
// kept of the window below (Dear ImGui restores it at EndCombo).
template <class Draw>
bool noted_combo(std::string_view key, Draw draw) {
  if (!draw()) {
    keyed::note_last(key);
    return false;
  }
  const ImGuiContext& g = *GImGui;
  if (g.CurrentWindowStack.Size >= 2)
    note(key, g.CurrentWindowStack.back().ParentLastItemDataBackup, g.CurrentWindowStack[g.CurrentWindowStack.Size - 2].Window);
  return true;
}

}  // namespace

NotedControls::NotedControls(std::map<std::string, Rect>* controls, std::string* focused)
    : previous_(g_controls), previous_focused_(g_focused) {
  g_controls = controls;
  g_focused = focused;
  if (focused) focused->clear();
}
NotedControls::~NotedControls() {
  g_controls = previous_;
  g_focused = previous_focused_;
}

bool KeyboardOnAControl() { return GImGui->NavCursorVisible && GImGui->NavId != 0; }

bool OwnKeyPressed(ImGuiKey key, bool repeat) {
  static const ImGuiID kViewsKeys = ImHashStr("the views' own keys");
  ImGui::SetKeyOwner(key, kViewsKeys);
  return ImGui::IsKeyPressed(key, repeat ? ImGuiInputFlags_Repeat : ImGuiInputFlags_None, kViewsKeys);
}

void SameLineOrWrap(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

float ButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

float RadioButtonWidth(const char* label) {
  const float text = ImGui::CalcTextSize(label, nullptr, true).x;
  return ImGui::GetFrameHeight() + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0);
}

namespace keyed {

void note_last(std::string_view key) { note(key, GImGui->LastItemData, ImGui::GetCurrentWindowRead()); }

void note_if_focused(std::string_view key, ImGuiID id) {
  if (g_focused && id != 0 && id == GImGui->NavId && KeyboardOnAControl()) *g_focused = std::string(key);
}

bool BeginMenu(std::string_view key, const char* label, bool enabled) {
  if (ImGui::BeginMenu(label, enabled)) return true;
  note_last(key);
  return false;
}
bool BeginCombo(std::string_view key, const char* label, const char* preview, ImGuiComboFlags flags) {
  return noted_combo(key, [&] { return ImGui::BeginCombo(label, preview, flags); });
}
bool BeginMarkupCombo(std::string_view key, const char* id, std::string_view preview_markup) {
  return noted_combo(key, [&] { return app::BeginMarkupCombo(id, preview_markup); });
}

}  // namespace keyed
}  // namespace app
