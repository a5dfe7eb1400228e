// The controls a test clicks: Dear ImGui's widgets (and the app's own, markup_items.h, slider.h),
// each drawn under a key ("lab.run", "tools.copy.numpy") and noted where it is on screen, in the
// layout the frame draws into (--layout-out, the headless and window tests). The frame names that
// layout once (NotedControls, in DrawFrame); panels and dialogs draw keyed::Button("lab.step", …)
// as they would ImGui::Button(…), and call no test hook but keyed::note_last, after a widget of
// their own.
//
// A control is noted when it is on screen: not when scrolled out of view, nor in a window's first
// frame, which is laid out hidden before it is placed (a click there would land elsewhere).
#pragma once

#include <map>
#include <string>
#include <string_view>

#include <imgui.h>

#include "app/state/layout.h"

namespace app {

// While it lives, keyed controls are noted in *controls (nullptr: nowhere), and the key of the one
// that has the keyboard focus in *focused (emptied first; empty: none has it); it puts back the one
// before it, so that a picture drawn within a frame notes into its own.
class NotedControls {
 public:
  NotedControls(std::map<std::string, Rect>* controls, std::string* focused);
  ~NotedControls();
  NotedControls(const NotedControls&) = delete;
  NotedControls& operator=(const NotedControls&) = delete;

 private:
  std::map<std::string, Rect>* previous_;
  std::string* previous_focused_;
};

// Whether Tab has put the keyboard on a control (its cursor shows): the arrows and Space are then
// Dear ImGui's, between controls and on them; a click hides the cursor, and the views' own keys
// (the lesson's steps, the lab's run and step) have them again.
bool KeyboardOnAControl();
// Whether key was pressed, for a key of the views' own: taken from Dear ImGui's navigation while
// they ask for it (key ownership, from the next frame), so that → steps the lesson and moves nothing.
bool OwnKeyPressed(ImGuiKey key, bool repeat);

// SameLine() where the next item, `width` wide, fits beside the last; else it starts a line of its
// own: a row of buttons wraps on a narrow window (a phone) rather than running off its edge.
void SameLineOrWrap(float width);
// The width a Button or SmallButton with this label takes, and a RadioButton.
float ButtonWidth(const char* label);
float RadioButtonWidth(const char* label);

namespace keyed {

// The last item drawn, noted under key: for a control drawn by a widget of its own.
void note_last(std::string_view key);
// Notes key as the focused control's where the item `id` has the keyboard (for items noted elsewhere:
// a matrix's entries, in layout.cells).
void note_if_focused(std::string_view key, ImGuiID id);

// Dear ImGui's widgets, with its parameters and defaults after the key.
bool Button(std::string_view key, const char* label, const ImVec2& size = ImVec2(0, 0));
bool SmallButton(std::string_view key, const char* label);
bool ArrowButton(std::string_view key, const char* id, ImGuiDir dir);
bool InvisibleButton(std::string_view key, const char* id, const ImVec2& size, ImGuiButtonFlags flags = 0);
bool Checkbox(std::string_view key, const char* label, bool* v);
bool RadioButton(std::string_view key, const char* label, bool active);
bool RadioButton(std::string_view key, const char* label, int* v, int v_button);
bool Selectable(std::string_view key, const char* label, bool selected = false, ImGuiSelectableFlags flags = 0,
                const ImVec2& size = ImVec2(0, 0));
bool MenuItem(std::string_view key, const char* label, const char* shortcut = nullptr, bool selected = false,
              bool enabled = true);
// Not these: a bool* would turn into `selected`, and never toggle.
bool MenuItem(std::string_view key, const char* label, const char* shortcut, bool* selected, bool enabled = true) = delete;
bool Selectable(std::string_view key, const char* label, bool* selected, ImGuiSelectableFlags flags = 0,
                const ImVec2& size = ImVec2(0, 0)) = delete;
bool BeginMenu(std::string_view key, const char* label, bool enabled = true);
bool CollapsingHeader(std::string_view key, const char* label, ImGuiTreeNodeFlags flags = 0);
bool BeginCombo(std::string_view key, const char* label, const char* preview, ImGuiComboFlags flags = 0);
bool Combo(std::string_view key, const char* label, int* current, const char* const items[], int count);
bool SliderInt(std::string_view key, const char* label, int* v, int lo, int hi, const char* format = "%d",
               ImGuiSliderFlags flags = 0);
bool DragScalar(std::string_view key, const char* label, ImGuiDataType type, void* data, float speed = 1.0f,
                const void* lo = nullptr, const void* hi = nullptr, const char* format = nullptr, ImGuiSliderFlags flags = 0);
bool InputInt2(std::string_view key, const char* label, int v[2], ImGuiInputTextFlags flags = 0);
bool InputInt(std::string_view key, const char* label, int* v, int step = 1, int step_fast = 100, ImGuiInputTextFlags flags = 0);
bool InputDouble(std::string_view key, const char* label, double* v, double step = 0.0, double step_fast = 0.0,
                 const char* format = "%.6f", ImGuiInputTextFlags flags = 0);
bool InputScalar(std::string_view key, const char* label, ImGuiDataType type, void* data, const void* step = nullptr,
                 const void* step_fast = nullptr, const char* format = nullptr, ImGuiInputTextFlags flags = 0);
bool InputText(std::string_view key, const char* label, std::string* text, ImGuiInputTextFlags flags = 0);
bool InputText(std::string_view key, const char* label, char* buffer, size_t size, ImGuiInputTextFlags flags = 0);
bool InputTextWithHint(std::string_view key, const char* label, const char* hint, std::string* text,
                       ImGuiInputTextFlags flags = 0);
bool InputTextMultiline(std::string_view key, const char* label, std::string* text, const ImVec2& size = ImVec2(0, 0),
                        ImGuiInputTextFlags flags = 0);

// The app's own widgets (markup_items.h, slider.h), keyed.
bool MarkupMenuItem(std::string_view key, const char* id, std::string_view markup, const char* shortcut = nullptr,
                    bool selected = false, bool enabled = true);
bool MarkupSelectable(std::string_view key, const char* id, std::string_view markup, bool selected, float wrap_width = 0);
bool BeginMarkupCombo(std::string_view key, const char* id, std::string_view preview_markup);
bool ReadableSliderInt(std::string_view key, const char* label, int* v, int lo, int hi, const char* format = "%d");
bool ReadableSliderDouble(std::string_view key, const char* label, double* v, const double* lo, const double* hi,
                          const char* format, ImGuiSliderFlags flags = 0);

}  // namespace keyed
}  // namespace app
