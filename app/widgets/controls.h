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
#include <utility>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/state/layout.h"
#include "app/widgets/markup_items.h"
#include "app/widgets/slider.h"
#include "core/text/translate.h"

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

// Draws with `draw`, then notes the item it drew under key: what every keyed widget does.
template <class Draw>
bool noted(std::string_view key, Draw draw) {
  const bool result = draw();
  note_last(key);
  return result;
}

// Dear ImGui's widgets, and the app's own (markup_items.h, slider.h): their parameters, overloads
// and defaults after the key, handed on as they are.
#define ATTNLAB_KEYED(widget, name)                                       \
  template <class... Args>                                                \
  bool name(std::string_view key, Args&&... args) {                       \
    return noted(key, [&] { return widget(std::forward<Args>(args)...); }); \
  }
ATTNLAB_KEYED(ImGui::Button, Button)
ATTNLAB_KEYED(ImGui::SmallButton, SmallButton)
ATTNLAB_KEYED(ImGui::ArrowButton, ArrowButton)
ATTNLAB_KEYED(ImGui::InvisibleButton, InvisibleButton)
ATTNLAB_KEYED(ImGui::Checkbox, Checkbox)
ATTNLAB_KEYED(ImGui::RadioButton, RadioButton)
ATTNLAB_KEYED(ImGui::Selectable, Selectable)
ATTNLAB_KEYED(ImGui::MenuItem, MenuItem)
ATTNLAB_KEYED(ImGui::CollapsingHeader, CollapsingHeader)
ATTNLAB_KEYED(ImGui::Combo, Combo)
ATTNLAB_KEYED(ImGui::SliderInt, SliderInt)
ATTNLAB_KEYED(ImGui::DragScalar, DragScalar)
ATTNLAB_KEYED(ImGui::InputInt2, InputInt2)
ATTNLAB_KEYED(ImGui::InputInt, InputInt)
ATTNLAB_KEYED(ImGui::InputDouble, InputDouble)
ATTNLAB_KEYED(ImGui::InputScalar, InputScalar)
ATTNLAB_KEYED(ImGui::InputText, InputText)
ATTNLAB_KEYED(ImGui::InputTextWithHint, InputTextWithHint)
ATTNLAB_KEYED(ImGui::InputTextMultiline, InputTextMultiline)
ATTNLAB_KEYED(app::MarkupMenuItem, MarkupMenuItem)
ATTNLAB_KEYED(app::MarkupSelectable, MarkupSelectable)
ATTNLAB_KEYED(app::ReadableSliderInt, ReadableSliderInt)
ATTNLAB_KEYED(app::ReadableSliderDouble, ReadableSliderDouble)
#undef ATTNLAB_KEYED

// A menu's title, noted while the menu is closed (open, the current window is the menu's).
bool BeginMenu(std::string_view key, const char* label, bool enabled = true);

}  // namespace keyed

// A title in the language shown (core/text/translate.h) whose Dear ImGui id stays the English one ("Archivo###File"),
// so that a menu's or a window's place and state do not change with the language.
inline std::string translated(const char* english) { return std::string(core::tr(english)) + "###" + english; }

namespace keyed {
// A combo box, noted open or closed.
bool BeginCombo(std::string_view key, const char* label, const char* preview, ImGuiComboFlags flags = 0);
bool BeginMarkupCombo(std::string_view key, const char* id, std::string_view preview_markup);

}  // namespace keyed
}  // namespace app
