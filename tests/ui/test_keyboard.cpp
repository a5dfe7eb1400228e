// The keyboard, as a teacher typing a matrix in front of a class uses it: Tab goes from an entry
// being typed to the next one (along the row, then to the next row), Shift+Tab back, and each
// typed number is its own undo step.
#include "tests/ui/ui_harness.h"

namespace test_keyboard {

namespace {

constexpr int kKeyTab = 258;  // GLFW_KEY_TAB, as the GLFW backend maps it

}  // namespace

class KeyboardTest : public UiTest {
 protected:
  void press_tab(bool shift = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyShift = shift;
    io.KeysDown[io.KeyMap[ImGuiKey_Tab] = kKeyTab] = true;
    frame();
    io.KeysDown[kKeyTab] = false;
    io.KeyShift = false;
    frames(2);
  }
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

}  // namespace test_keyboard
