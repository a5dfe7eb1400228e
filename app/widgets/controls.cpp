#include "app/widgets/controls.h"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include "app/widgets/markup_items.h"
#include "app/widgets/slider.h"

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

// Draws with `draw`, then notes the item it drew under key: what every keyed widget does.
template <class Draw>
bool noted(std::string_view key, Draw draw) {
  const bool result = draw();
  keyed::note_last(key);
  return result;
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

bool Button(std::string_view key, const char* label, const ImVec2& size) {
  return noted(key, [&] { return ImGui::Button(label, size); });
}
bool SmallButton(std::string_view key, const char* label) {
  return noted(key, [&] { return ImGui::SmallButton(label); });
}
bool ArrowButton(std::string_view key, const char* id, ImGuiDir dir) {
  return noted(key, [&] { return ImGui::ArrowButton(id, dir); });
}
bool InvisibleButton(std::string_view key, const char* id, const ImVec2& size, ImGuiButtonFlags flags) {
  return noted(key, [&] { return ImGui::InvisibleButton(id, size, flags); });
}
bool Checkbox(std::string_view key, const char* label, bool* v) {
  return noted(key, [&] { return ImGui::Checkbox(label, v); });
}
bool RadioButton(std::string_view key, const char* label, bool active) {
  return noted(key, [&] { return ImGui::RadioButton(label, active); });
}
bool RadioButton(std::string_view key, const char* label, int* v, int v_button) {
  return noted(key, [&] { return ImGui::RadioButton(label, v, v_button); });
}
bool Selectable(std::string_view key, const char* label, bool selected, ImGuiSelectableFlags flags, const ImVec2& size) {
  return noted(key, [&] { return ImGui::Selectable(label, selected, flags, size); });
}
bool MenuItem(std::string_view key, const char* label, const char* shortcut, bool selected, bool enabled) {
  return noted(key, [&] { return ImGui::MenuItem(label, shortcut, selected, enabled); });
}
// A menu's title, noted while the menu is closed (open, the current window is the menu's).
bool BeginMenu(std::string_view key, const char* label, bool enabled) {
  if (ImGui::BeginMenu(label, enabled)) return true;
  note_last(key);
  return false;
}
bool CollapsingHeader(std::string_view key, const char* label, ImGuiTreeNodeFlags flags) {
  return noted(key, [&] { return ImGui::CollapsingHeader(label, flags); });
}
bool BeginCombo(std::string_view key, const char* label, const char* preview, ImGuiComboFlags flags) {
  return noted_combo(key, [&] { return ImGui::BeginCombo(label, preview, flags); });
}
bool Combo(std::string_view key, const char* label, int* current, const char* const items[], int count) {
  return noted(key, [&] { return ImGui::Combo(label, current, items, count); });
}
bool SliderInt(std::string_view key, const char* label, int* v, int lo, int hi, const char* format, ImGuiSliderFlags flags) {
  return noted(key, [&] { return ImGui::SliderInt(label, v, lo, hi, format, flags); });
}
bool DragScalar(std::string_view key, const char* label, ImGuiDataType type, void* data, float speed, const void* lo,
                const void* hi, const char* format, ImGuiSliderFlags flags) {
  return noted(key, [&] { return ImGui::DragScalar(label, type, data, speed, lo, hi, format, flags); });
}
bool InputInt2(std::string_view key, const char* label, int v[2], ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputInt2(label, v, flags); });
}
bool InputInt(std::string_view key, const char* label, int* v, int step, int step_fast, ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputInt(label, v, step, step_fast, flags); });
}
bool InputDouble(std::string_view key, const char* label, double* v, double step, double step_fast, const char* format,
                 ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputDouble(label, v, step, step_fast, format, flags); });
}
bool InputScalar(std::string_view key, const char* label, ImGuiDataType type, void* data, const void* step,
                 const void* step_fast, const char* format, ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputScalar(label, type, data, step, step_fast, format, flags); });
}
bool InputText(std::string_view key, const char* label, std::string* text, ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputText(label, text, flags); });
}
bool InputText(std::string_view key, const char* label, char* buffer, size_t size, ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputText(label, buffer, size, flags); });
}
bool InputTextWithHint(std::string_view key, const char* label, const char* hint, std::string* text, ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputTextWithHint(label, hint, text, flags); });
}
bool InputTextMultiline(std::string_view key, const char* label, std::string* text, const ImVec2& size, ImGuiInputTextFlags flags) {
  return noted(key, [&] { return ImGui::InputTextMultiline(label, text, size, flags); });
}

bool MarkupMenuItem(std::string_view key, const char* id, std::string_view markup, const char* shortcut, bool selected,
                    bool enabled) {
  return noted(key, [&] { return app::MarkupMenuItem(id, markup, shortcut, selected, enabled); });
}
bool MarkupSelectable(std::string_view key, const char* id, std::string_view markup, bool selected, float wrap_width) {
  return noted(key, [&] { return app::MarkupSelectable(id, markup, selected, wrap_width); });
}
bool BeginMarkupCombo(std::string_view key, const char* id, std::string_view preview_markup) {
  return noted_combo(key, [&] { return app::BeginMarkupCombo(id, preview_markup); });
}
bool ReadableSliderInt(std::string_view key, const char* label, int* v, int lo, int hi, const char* format) {
  return noted(key, [&] { return app::ReadableSliderInt(label, v, lo, hi, format); });
}
bool ReadableSliderDouble(std::string_view key, const char* label, double* v, const double* lo, const double* hi,
                          const char* format, ImGuiSliderFlags flags) {
  return noted(key, [&] { return app::ReadableSliderDouble(label, v, lo, hi, format, flags); });
}

}  // namespace keyed
}  // namespace app
