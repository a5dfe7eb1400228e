// Cross-attention and positions in the real panels, headless: the checkbox,
// the keys' slider, X_kv's fields, the positions' choice, each one undo step.
#include <cmath>

#include "ui_harness.h"

namespace test_cross_and_positions {

namespace {

// The first heatmap drawn whose grid is rows × cols (S = QKᵀ of the Scores panel is the first).
const app::HeatmapDraw* heatmap_of_shape(const app::NullHeatmapRenderer& r, int rows, int cols) {
  for (const app::HeatmapDraw& d : r.draws)
    if (!d.gradient && d.rows == rows && d.cols == cols) return &d;
  return nullptr;
}

}  // namespace

TEST_F(UiTest, CrossAttentionStartsAsACopyAndTakesItsOwnLength) {
  frames(2);
  const core::Mat scores = state.result().head[0].scores;
  click(center(control("cross")));
  ASSERT_TRUE(state.scenario().cross());
  EXPECT_EQ(state.scenario().tokens_kv, state.scenario().tokens);
  EXPECT_EQ(state.result().head[0].scores, scores);  // X_kv = X: nothing moved yet
  // The keys' slider at its right end: m = 8, and S is 5 × 8 on screen.
  const app::Rect m = control("tokens_kv");
  click(ImVec2(m.x + m.w - 2, m.y + m.h / 2));
  ASSERT_EQ(state.scenario().m(), 8);
  EXPECT_EQ(state.scenario().n(), 5);
  EXPECT_EQ(state.scenario().tokens_kv[7], "s8");
  frames(1);
  EXPECT_NE(heatmap_of_shape(renderer, 5, 8), nullptr) << "no 5×8 heatmap drawn";
  EXPECT_FALSE(state.result().head[0].square());
  // A field of X_kv moves one column of S and no other.
  const core::Mat before = state.result().head[0].scores;
  drag(center(cell("X_kv[2][0]")), 50, 5, [](int) {});
  const core::Mat after = state.result().head[0].scores;
  EXPECT_GT((after.col(2) - before.col(2)).norm(), 1e-3);
  for (int j : {0, 1, 3, 4, 5, 6, 7}) EXPECT_EQ(after.col(j), before.col(j)) << j;
  expect_result_is_current();
  // Three steps (on, m = 8, the drag), undone one by one back to self-attention.
  EXPECT_EQ(state.undo_steps(), 3u);
  ctrl_key('Z');
  ctrl_key('Z');
  ctrl_key('Z');
  EXPECT_FALSE(state.scenario().cross());
  EXPECT_EQ(state.result().head[0].scores, scores);
}

TEST_F(UiTest, CrossAttentionTurnsOffWhatItCannotHave) {
  frames(2);
  click(center(control("no_self")));
  ASSERT_TRUE(state.scenario().options.no_self);
  click(center(control("cross")));
  ASSERT_TRUE(state.scenario().cross());
  EXPECT_FALSE(state.scenario().options.no_self);  // no diagonal between two sequences
  const core::Scenario was = state.scenario();
  click(center(control("no_self")));  // disabled now
  click(center(control("swap_qk")));  // and so is the swap
  EXPECT_TRUE(state.scenario() == was);
}

TEST_F(UiTest, PositionsRopeAndSinusoidalChangeTheScores) {
  frames(2);
  const core::Mat plain = state.result().head[0].scores;
  click(center(control("positions.rope")));
  ASSERT_EQ(state.scenario().options.positions, core::Positions::Rope);
  const core::HeadResult& r = state.result().head[0];
  EXPECT_EQ(r.scores(0, 0), plain(0, 0));  // position 0 does not turn: q_0·k_0 is the same
  EXPECT_GT((r.scores - plain).norm(), 1e-3);
  EXPECT_NE(r.Q, r.Q_before_rope);
  // One W cannot be had with RoPE: its checkbox is disabled.
  click(center(control("merged_qk")));
  EXPECT_FALSE(state.scenario().options.merged_qk);
  click(center(control("positions.sinusoidal")));
  ASSERT_EQ(state.scenario().options.positions, core::Positions::Sinusoidal);
  const core::Mat sinusoidal = state.result().head[0].scores;
  // Direct mode has no X to add PE to: the switch bakes PE into Q, K, V, and S stays.
  click(center(control("mode.direct")));
  ASSERT_EQ(state.scenario().mode, core::Mode::Direct);
  EXPECT_EQ(state.scenario().options.positions, core::Positions::None);
  EXPECT_LT((state.result().head[0].scores - sinusoidal).cwiseAbs().maxCoeff(), 1e-12);
  ctrl_key('Z');
  ctrl_key('Z');
  ctrl_key('Z');
  EXPECT_EQ(state.scenario().options.positions, core::Positions::None);
  EXPECT_EQ(state.result().head[0].scores, plain);
}

// Presenter mode: F11 shows one panel and the lesson's step; the arrows step, the panel follows.
TEST_F(UiTest, PresenterModeStepsThroughALesson) {
  core::Scenario lesson = state.scenario();
  lesson.notes = "Why? An introduction.\n\n[Softmax] Look at the rows of A, each sums to one over the keys shown here.\n\n"
                 "[Geometry] Look at the outputs inside the hull of V, drawn as squares among the points of V.";
  state.open_document(lesson);
  frames(2);
  const auto key = [&](ImGuiKey k) { press(k); };
  key(ImGuiKey_F11);
  ASSERT_TRUE(state.view.presenter);
  EXPECT_EQ(state.view.presenter_panel, core::Panel::Softmax);  // the step's panel
  EXPECT_EQ(state.panels.lesson_step, 0);
  EXPECT_TRUE(layout.panels.count("Softmax"));
  // Cause and effect on one screen: the editor beside the step's panel, which is the wider.
  EXPECT_TRUE(layout.panels.count("Matrices"));
  EXPECT_FALSE(layout.panels.count("Scores"));
  EXPECT_GT(layout.panels["Softmax"].w, layout.panels["Matrices"].w);
  EXPECT_NEAR(layout.panels["Matrices"].w + layout.panels["Softmax"].w, 1280, 1);
  EXPECT_EQ(layout.panels["Matrices"].x, 0);
  state.view.presenter_beside.reset();  // View → Presenter → beside it: nothing
  frames(2);
  EXPECT_FALSE(layout.panels.count("Matrices"));  // one panel alone
  EXPECT_GT(layout.panels["Softmax"].w, 1200);
  state.view.presenter_beside = core::Panel::Matrices;
  key(ImGuiKey_RightArrow);
  EXPECT_EQ(state.panels.lesson_step, 1);
  EXPECT_EQ(state.view.presenter_panel, core::Panel::Geometry);
  EXPECT_TRUE(layout.panels.count("Geometry"));
  key(ImGuiKey_RightArrow);  // past the last step: it stays
  EXPECT_EQ(state.panels.lesson_step, 1);
  key(ImGuiKey_LeftArrow);
  EXPECT_EQ(state.view.presenter_panel, core::Panel::Softmax);
  key(ImGuiKey_Escape);  // Esc leaves
  EXPECT_FALSE(state.view.presenter);
  EXPECT_TRUE(layout.panels.count("Scores"));
  // Ctrl + zooms (the window rebuilds its fonts at the new size), Ctrl 0 goes back.
  press(ImGuiKey_Equal, ImGuiMod_Ctrl);
  EXPECT_FLOAT_EQ(state.view.zoom, 1.1f);
  press(ImGuiKey_0, ImGuiMod_Ctrl);
  EXPECT_FLOAT_EQ(state.view.zoom, 1.0f);
}

}  // namespace test_cross_and_positions
