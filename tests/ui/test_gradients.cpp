// Version 2 in the views: one W, a target with its loss, ∂L/∂entry beside the
// matrices, and the softmax Jacobian of a row.
#include <cmath>

#include "core/model/gradient.h"
#include "ui_harness.h"

namespace test_gradients {

namespace {

class GradientsTest : public UiTest {
 protected:
  void click_on(const char* key) { click(center(control(key))); }
};

}  // namespace

// "one W" starts W_h at W^Q_h W^K_hᵀ: the scores do not move, in any head.
TEST_F(GradientsTest, OneWKeepsTheScores) {
  frames(2);
  const core::Result before = state.result();
  click_on("merged_qk");
  ASSERT_TRUE(state.scenario().options.merged_qk);
  for (int h = 0; h < state.scenario().heads; ++h) {
    EXPECT_LT((state.result().head[h].scores - before.head[h].scores).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_TRUE(state.result().head[h].W_QK.isApprox(before.head[h].W_QK, 1e-12));
  }
  frames(2);
  cell("W[0][3][3]");  // W_1 is editable, 4 × 4, and W^Q, W^K are not shown
  EXPECT_FALSE(layout.cells.count("W_Q[0][0][0]"));
  ctrl_key('Z');
  EXPECT_FALSE(state.scenario().options.merged_qk);
}

// A target starts at the current output: L = 0 and every gradient is 0. Then
// one entry of the target, moved by δ, gives L = δ²/(n·d_model) (a hand
// calculation: one residual of −δ among n·d_model entries).
TEST_F(GradientsTest, TargetLossAndGradientsByHand) {
  frames(2);
  click_on("target");
  ASSERT_TRUE(state.scenario().has_target);
  EXPECT_EQ(state.result().loss, 0.0);
  EXPECT_EQ(state.gradient().W_O.cwiseAbs().maxCoeff(), 0.0);
  state.apply([](core::Scenario& s) { s.target(2, 1) += 0.5; });
  frames(2);
  EXPECT_NEAR(state.result().loss, 0.25 / 20, 1e-15);  // n = 5, d_model = 4
  // What the app holds is core::gradient of what it shows, and it is drawn.
  core::Gradient g;
  core::gradient(state.scenario(), g);
  EXPECT_EQ(state.gradient().X, g.X);
  EXPECT_EQ(state.gradient().W_O, g.W_O);
  // ∂L/∂Y = 2(Y − target)/20 is −0.05 at (2, 1) alone: ∂L/∂W^O = concatᵀ·∂L/∂Y has column 1 only.
  EXPECT_EQ(g.W_O.col(0).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_NEAR(g.W_O(0, 1), -0.05 * state.result().concat(2, 0), 1e-15);
  EXPECT_TRUE(layout.heatmaps.count("Matrices/grad.X"));
  EXPECT_TRUE(layout.heatmaps.count("Matrices/grad.W_O"));
  // Off: no gradient heatmaps; the target and the loss stay.
  click_on("show_gradients");
  frames(2);
  EXPECT_FALSE(layout.heatmaps.count("Matrices/grad.X"));
  EXPECT_TRUE(state.scenario().has_target);
  // Undo takes the edit, then the target, back.
  ctrl_key('Z');
  ctrl_key('Z');
  EXPECT_FALSE(state.scenario().has_target);
}

// A row of two equal weights (½, ½) has the Jacobian [[¼, −¼], [−¼, ¼]]: the
// Softmax panel shows it for the chosen row when asked.
TEST_F(GradientsTest, SoftmaxJacobianOfAUniformRow) {
  core::Mat Q = core::Mat::Zero(2, 2), K(2, 2), V = core::Mat::Identity(2, 2);
  K << 1, 2, 3, 4;
  core::Scenario s = core::make_zero_scenario(2, 2, 2, 1);
  s.mode = core::Mode::Direct;
  s.Q[0] = Q;
  s.K[0] = K;
  s.V[0] = V;
  state.open_document(s);
  frames(2);
  EXPECT_FALSE(layout.heatmaps.count("Softmax/jacobian"));
  click_on("jacobian");
  frames(2);
  ASSERT_TRUE(layout.heatmaps.count("Softmax/jacobian"));
  // Its colours: ¼ and −¼ at the ends of the diverging map centred on 0 (max ¼).
  const app::Rect grid = layout.heatmaps.at("Softmax/jacobian").grid;
  int found = 0;
  for (const app::HeatmapDraw& d : renderer.draws)
    if (!d.gradient && d.min.x == grid.x && d.min.y == grid.y) {
      ++found;
      ASSERT_EQ(d.rows * d.cols, 4);
      EXPECT_NEAR(d.t[0], 1.0f, 1e-6f);
      EXPECT_NEAR(d.t[1], 0.0f, 1e-6f);
      EXPECT_NEAR(d.t[2], 0.0f, 1e-6f);
      EXPECT_NEAR(d.t[3], 1.0f, 1e-6f);
    }
  EXPECT_EQ(found, 1);
}

}  // namespace test_gradients
