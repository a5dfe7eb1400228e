// A matrix's own tools in the editor (app/panels/panel_matrices_tools.cpp), clicked as a person
// would: the "⋯" beside W^Q's title, or a right-click on the title, then a menu item. The
// clipboard is ImGui's own here (no backend gives it the system's).
#include <string>

#include "ui_harness.h"

namespace test_matrix_tools {

namespace {

// Head 1's W^Q in tests/data/example.json.
Eigen::MatrixXd example_W_Q() {
  Eigen::MatrixXd m(4, 2);
  m << 1.0, 0.0, 0.0, 1.0, 0.5, 0.0, 0.0, -0.5;
  return m;
}

}  // namespace

class MatrixToolsTest : public UiTest {
 protected:
  // Opens W^Q's menu with its "⋯" and clicks `item` ("tools.paste", "tools.copy.numpy", ...).
  void use_tool(const std::string& item) {
    click(center(control("tools.W_Q[0]")));
    ASSERT_TRUE(layout.controls.count(item)) << "W^Q's menu has no " << item << " after a click on its \u22EF";
    // Where the menu drew it: ImGui keeps a menu inside the display, over the status line if need be.
    click(center(layout.controls.at(item)));
    EXPECT_FALSE(layout.controls.count(item)) << "the menu stays open after " << item;
  }
  Eigen::MatrixXd W_Q() const { return state.scenario().W_Q[0]; }
  // S₁₁ as the Scores panel prints it.
  std::string S11_drawn() const { return layout.heatmaps.at("Scores/scores").text.at(1 * 5 + 1); }
};

TEST_F(MatrixToolsTest, CopyAsNumpyPutsTheExactTextOnTheClipboard) {
  frames(2);
  use_tool("tools.copy.numpy");
  EXPECT_STREQ(ImGui::GetClipboardText(), "np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.0], [0.0, -0.5]])");
  EXPECT_EQ(state.status, "copied W^Q of head 1 (4\u00D72) as numpy");
  EXPECT_EQ(state.undo_steps(), 0u) << "a copy changes nothing";
  use_tool("tools.copy.LaTeX");
  // As File → Export LaTeX writes W^Q: two decimals, which are exact for these entries.
  EXPECT_STREQ(ImGui::GetClipboardText(), "\\begin{bmatrix}\n1.00 & 0.00 \\\\\n0.00 & 1.00 \\\\\n0.50 & 0.00 \\\\\n0.00 & -0.50\n\\end{bmatrix}\n");
}

// Pasted W^Q (TSV, as a spreadsheet copies it) = [[2, 0], [0, 1], [0, −1], [0.5, 0]]. Row 1 of X
// is x₁ = [1, 0.5, 0, 0.2], and W^K gives k₁ = x₁W^K = [0.8, 1]. Before: q₁ = x₁W^Q = [1, 0.4],
// S₁₁ = 0.8 + 0.4 = 1.2. After: q₁ = [1·2 + 0.2·0.5, 0.5·1] = [2.1, 0.5], S₁₁ = 2.1·0.8 + 0.5·1 = 2.18.
TEST_F(MatrixToolsTest, PasteOfASpreadsheetsRowsIsOneUndoStepAndTheScoresFollow) {
  frames(2);
  ASSERT_EQ(W_Q(), example_W_Q());
  EXPECT_EQ(S11_drawn(), "1.20");
  ImGui::SetClipboardText("2\t0\n0\t1\n0\t-1\n0.5\t0\n");
  use_tool("tools.paste");
  Eigen::MatrixXd pasted(4, 2);
  pasted << 2, 0, 0, 1, 0, -1, 0.5, 0;
  EXPECT_EQ(W_Q(), pasted);
  EXPECT_EQ(state.status, "pasted a 4\u00D72 matrix (TSV) into W^Q of head 1");
  EXPECT_DOUBLE_EQ(state.result().head[0].scores(1, 1), 2.18);
  EXPECT_EQ(S11_drawn(), "2.18");
  expect_result_is_current();
  EXPECT_EQ(state.undo_steps(), 1u);
  ctrl_key('Z');
  EXPECT_EQ(W_Q(), example_W_Q());
  EXPECT_EQ(S11_drawn(), "1.20");
}

TEST_F(MatrixToolsTest, ABadPasteKeepsTheMatrixAndSaysWhatIsWrong) {
  frames(2);
  ImGui::SetClipboardText("1\t0\n0\tabc\n0\t0\n0\t0\n");
  use_tool("tools.paste");
  EXPECT_EQ(W_Q(), example_W_Q());
  EXPECT_EQ(state.status, "not pasted into W^Q of head 1: 'abc' in row 2, column 2 is not a number");
  // Another shape: the sizes, which X, W^K, W^V and W^O share, stay; the status line says which.
  ImGui::SetClipboardText("np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])");
  use_tool("tools.paste");
  EXPECT_EQ(W_Q(), example_W_Q());
  EXPECT_EQ(state.status, "not pasted: the clipboard's matrix is 3\u00D72, but W^Q of head 1 is 4\u00D72 (d_model = 4, d_k = 2)");
  ImGui::SetClipboardText("1 0 0 0\n0 1 0 0");
  use_tool("tools.paste");
  EXPECT_EQ(state.status,
            "not pasted: the clipboard's matrix is 2\u00D74, but W^Q of head 1 is 4\u00D72 (d_model = 4, d_k = 2); its transpose would "
            "fit (PyTorch's nn.Linear keeps weight as W transposed)");
  ImGui::SetClipboardText("");
  use_tool("tools.paste");
  EXPECT_EQ(state.status, "not pasted into W^Q of head 1: no matrix found: the text is empty");
  EXPECT_EQ(W_Q(), example_W_Q());
  EXPECT_EQ(state.undo_steps(), 0u);
}

// Random from seed 1 is the unit test's 0.21, −0.02, −0.67, −0.14, ... (core/math/matrix_fill.h);
// the seed moves on by one, so the next Random differs. Each fill is one undo step.
TEST_F(MatrixToolsTest, RandomIdentityZeroAndRoundAreEachOneStep) {
  frames(2);
  use_tool("tools.random");
  EXPECT_EQ(W_Q().row(0), (Eigen::RowVector2d(0.21, -0.02)));
  EXPECT_EQ(W_Q().row(1), (Eigen::RowVector2d(-0.67, -0.14)));
  EXPECT_EQ(state.status, "W^Q of head 1: random entries from seed 1 (uniform in [\u22121, 1], 2 decimals)");
  const Eigen::MatrixXd first = W_Q();
  use_tool("tools.random");
  EXPECT_NE(W_Q(), first);
  EXPECT_EQ(state.status, "W^Q of head 1: random entries from seed 2 (uniform in [\u22121, 1], 2 decimals)");
  use_tool("tools.identity");
  Eigen::MatrixXd ones_on_diagonal(4, 2);
  ones_on_diagonal << 1, 0, 0, 1, 0, 0, 0, 0;
  EXPECT_EQ(W_Q(), ones_on_diagonal);
  EXPECT_EQ(state.status, "W^Q of head 1: ones on the diagonal, zeros elsewhere");
  use_tool("tools.zero");
  EXPECT_EQ(W_Q(), Eigen::MatrixXd::Zero(4, 2));
  ImGui::SetClipboardText("[[0.123, 1], [0, 0], [0, -0.456], [0.5, 0]]");
  use_tool("tools.paste");
  use_tool("tools.round");
  EXPECT_EQ(W_Q()(0, 0), 0.12);
  EXPECT_EQ(W_Q()(2, 1), -0.46);
  EXPECT_EQ(state.status, "W^Q of head 1: rounded to 2 decimals (2 entries changed)");
  EXPECT_EQ(state.undo_steps(), 6u);
  ctrl_key('Z');
  EXPECT_EQ(W_Q()(0, 0), 0.123);
}

TEST_F(MatrixToolsTest, ARightClickOnTheTitleOpensTheMenu) {
  frames(2);
  const app::Rect dots = control("tools.W_Q[0]");
  mouse_to(ImVec2(dots.x - 12, dots.y + dots.h / 2));  // on "W^Q", just left of its ⋯
  frame();
  ImGui::GetIO().AddMouseButtonEvent(1, true);
  frame();
  ImGui::GetIO().AddMouseButtonEvent(1, false);
  frames(2);
  EXPECT_TRUE(layout.controls.count("tools.paste")) << "no menu after a right-click on W^Q's title";
}

}  // namespace test_matrix_tools
