// The keyboard, as a teacher typing a matrix in front of a class uses it: Tab goes from an entry
// being typed to the next one (along the row, then to the next row), Shift+Tab back, and each
// typed number is its own undo step. And the window by keys alone (docs/keyboard.md): before any
// click the keyboard is in the Matrices panel, so Tab reaches a field at once; F6 and Shift+F6
// move it from panel to panel in the order the window shows them; F10 opens the menus, ← and →
// go from menu to menu, and Dear ImGui's keyboard navigation is on only while one is open, so
// that the arrows stay the lesson's elsewhere. tests/e2e/test_keyboard.py does the same with a
// real keyboard under Xvfb, up to a PNG exported.
#include <algorithm>
#include <string>
#include <vector>

#include <imgui_internal.h>

#include "tests/ui/ui_harness.h"

namespace test_keyboard {

namespace {

constexpr ImGuiKey kKeyTab = ImGuiKey_Tab, kKeyF6 = ImGuiKey_F6, kKeyF10 = ImGuiKey_F10, kKeyRight = ImGuiKey_RightArrow,
                   kKeyDown = ImGuiKey_DownArrow, kKeyUp = ImGuiKey_UpArrow;

}  // namespace

class KeyboardTest : public UiTest {
 protected:
  // One key pressed and let go, a frame each, then two frames for what it asked.
  void key(ImGuiKey k, bool shift = false) {
    press(k, shift ? ImGuiMod_Shift : 0);
    frame();
  }
  void press_tab(bool shift = false) { key(kKeyTab, shift); }
  void type(const char* text) {
    ASSERT_TRUE(ImGui::GetIO().WantTextInput) << "no field has the keyboard";
    type_over(text);
  }
};

TEST_F(KeyboardTest, TabGoesFromOneEntryToTheNextAndShiftTabBack) {
  frames(2);
  const int d = state.scenario().d_model;
  ASSERT_GE(d, 2);
  type_into(center(cell("X[0][0]")), "0.5");
  press_tab();
  type("0.7");
  press_tab();
  // The last entry of the first row, then Tab: the first of the second row.
  for (int c = 2; c < d - 1; ++c) press_tab();
  type("0.9");
  press_tab();
  type("-0.3");
  press_tab(true);  // back to the last entry of the first row
  type("0.25");
  press_enter();
  const core::Mat& X = state.scenario().X;
  EXPECT_DOUBLE_EQ(X(0, 0), 0.5);
  EXPECT_DOUBLE_EQ(X(0, 1), 0.7);
  EXPECT_DOUBLE_EQ(X(0, d - 1), 0.25);
  EXPECT_DOUBLE_EQ(X(1, 0), -0.3);
  EXPECT_EQ(state.undo_steps(), 5u);  // one a number typed (0.9 then 0.25 in the same entry: two)
  expect_result_is_current();
}

// ↑ and ↓ in an entry being typed in: the number in the field plus or minus 0.01, with Shift 0.1,
// one undo step a press, and the field stays open for the next press. From what is typed: 0.5
// typed, then ↑, is 0.51.
TEST_F(KeyboardTest, TheArrowsStepTheEntryBeingTypedIn) {
  frames(2);
  const ImGuiIO& io = ImGui::GetIO();
  const double before = state.scenario().X(0, 1);
  type_into(center(cell("X[0][1]")), "0.5");
  key(kKeyUp);
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 1), 0.51);
  ASSERT_TRUE(io.WantTextInput) << "the field closed after ↑";
  key(kKeyUp);
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 1), 0.52);
  key(kKeyDown, true);
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 1), 0.42);
  EXPECT_TRUE(io.WantTextInput);
  press_enter();
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 1), 0.42);
  // One undo step a press: 0.52, 0.51, then the entry as it was (the 0.5 typed was never entered).
  ctrl_key('Z');
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 1), 0.52);
  ctrl_key('Z');
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 1), 0.51);
  ctrl_key('Z');
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 1), before);
}

class KeysAloneTest : public KeyboardTest {
 protected:
  // The panel whose window has the keyboard, by its name ("Scores · head 1 of 2###Scores": Scores).
  static std::string keyboard_window() {
    const std::string name = GImGui->NavWindow ? GImGui->NavWindow->Name : "";
    const size_t id = name.find("###");
    const std::string shown = id == std::string::npos ? name : name.substr(id + 3);
    return shown.rfind("dock.", 0) == 0 ? shown.substr(5) : shown;  // a docked view's (app/frame_dock.h)
  }
  // Whether the menu bar's menu of that title is open: its popup's id is BeginMenu's, the title
  // hashed in the bar's "##MenuBar" scope (1.86: "##menubar").
  static bool menu_open(const char* title) {
    const ImGuiWindow* bar = ImGui::FindWindowByName("##MainMenuBar");
    if (!bar) return false;
    const ImGuiID id = ImHashStr(title, 0, ImHashStr("##MenuBar", 0, bar->ID));
    for (const ImGuiPopupData& p : GImGui->OpenPopupStack)
      if (p.PopupId == id) return true;
    return false;
  }
};

TEST_F(KeysAloneTest, TabReachesAFieldBeforeAnyClick) {
  frames(3);
  EXPECT_EQ(keyboard_window(), "Matrices");
  int presses = 0;
  for (; presses < 40 && !ImGui::GetIO().WantTextInput; ++presses) key(kKeyTab);
  EXPECT_TRUE(ImGui::GetIO().WantTextInput) << "Tab gave no field the keyboard";
  EXPECT_FALSE(layout.focused.empty()) << "the field Tab reached is named";
  EXPECT_EQ(keyboard_window(), "Matrices");
}

// Tab goes through every control, check boxes too; Space ticks the box the keyboard is on, and the
// scenario changes as a click on it would change it.
TEST_F(KeysAloneTest, TabReachesACheckBoxAndSpaceTicksItAsAClickWould) {
  frames(3);
  core::Scenario clicked = state.scenario();
  ASSERT_FALSE(clicked.options.causal);
  clicked.options.causal = true;
  std::vector<std::string> passed;
  for (int presses = 0; presses < 120 && layout.focused != "causal"; ++presses) {
    key(kKeyTab);
    passed.push_back(layout.focused);
  }
  ASSERT_EQ(layout.focused, "causal") << "Tab went through " << passed.size() << " controls without reaching 'causal mask'";
  EXPECT_GT(std::count_if(passed.begin(), passed.end(), [](const std::string& k) { return !k.empty(); }), 3) << "the controls before it are named";
  key(ImGuiKey_Space);
  EXPECT_TRUE(state.scenario().options.causal);
  EXPECT_EQ(core::scenario_to_text(state.scenario()), core::scenario_to_text(clicked));
  EXPECT_EQ(layout.focused, "causal");
  // ← and → are the keyboard's now, between controls: the lesson keeps its step.
  const int step = state.panels.lesson_step;
  key(kKeyRight);
  EXPECT_EQ(state.panels.lesson_step, step);
}

TEST_F(KeysAloneTest, F6MovesThroughThePanelsInTheOrderShown) {
  frames(3);
  // The example scenario has a title: Lesson, Matrices, Scores, Softmax, Rank, Output, Geometry.
  key(kKeyF6);
  EXPECT_EQ(keyboard_window(), "Scores");
  key(kKeyF6);
  EXPECT_EQ(keyboard_window(), "Softmax");
  key(kKeyF6, true);
  EXPECT_EQ(keyboard_window(), "Scores");
  key(kKeyF6, true);
  key(kKeyF6, true);
  EXPECT_EQ(keyboard_window(), "Lesson");
  key(kKeyF6, true);  // from the first back round to the last
  EXPECT_EQ(keyboard_window(), "Geometry");
}

TEST_F(KeysAloneTest, F10OpensTheMenusAndTheArrowsGoFromMenuToMenu) {
  frames(3);
  EXPECT_TRUE(ImGui::GetIO().ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard);  // always, for Tab
  key(kKeyF10);
  EXPECT_TRUE(menu_open("File"));
  EXPECT_TRUE(ImGui::GetIO().ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard);
  key(kKeyRight);
  EXPECT_TRUE(menu_open("Lessons"));
  EXPECT_FALSE(menu_open("File"));
}

// Alt pressed and let go with nothing else: the menus, as F10. Alt through a drag (the slower
// drag) or with another key is a modifier and opens nothing.
TEST_F(KeysAloneTest, AltAloneOpensTheMenusAndAltWithADragDoesNot) {
  ImGuiIO& io = ImGui::GetIO();
  const auto alt = [&](bool down) {
    io.AddKeyEvent(ImGuiKey_LeftAlt, down);
    io.AddKeyEvent(ImGuiMod_Alt, down);  // as the GLFW backend gives it with the key
    frame();
  };
  frames(3);
  // With a drag: Alt down, the mouse pressed and let go on an entry, Alt up.
  const ImVec2 entry = center(cell("X[0][0]"));
  mouse_to(entry);
  frame();
  alt(true);
  mouse_down(true);
  frame();
  mouse_to(ImVec2(entry.x + 30, entry.y));
  frame();
  mouse_down(false);
  frame();
  alt(false);
  frames(2);
  EXPECT_FALSE(menu_open("File"));
  // With another key: Alt+F6.
  alt(true);
  key(kKeyF6);
  alt(false);
  frames(2);
  EXPECT_FALSE(menu_open("File"));
  // Alone.
  alt(true);
  frame();
  alt(false);
  frames(2);
  EXPECT_TRUE(menu_open("File"));
  EXPECT_TRUE(io.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard);
  key(kKeyRight);
  EXPECT_TRUE(menu_open("Lessons"));
}

}  // namespace test_keyboard
