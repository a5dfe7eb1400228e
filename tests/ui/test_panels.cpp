// The real panels, driven headless: drags, undo and redo, resizes, every option.
#include <cmath>

#include <imgui_internal.h>

#include "app/panels/panels.h"
#include "core/model/gauge.h"
#include "ui_harness.h"

namespace test_panels {

namespace {

// The colormap positions of the first heatmap drawn (S = QKᵀ of the Scores panel).
std::vector<float> first_heatmap(const app::NullHeatmapRenderer& r, const char* what) {
  for (const app::HeatmapDraw& d : r.draws)
    if (!d.gradient) return std::vector<float>(d.t.begin(), d.t.begin() + d.rows * d.cols);
  ADD_FAILURE() << "no heatmap drawn for " << what;
  return {};
}

// The colormap positions drawn for heatmap `key` ("Panel/id") this frame: the draw whose
// grid starts where the layout says that heatmap's grid is.
std::vector<float> heatmap_drawn(const app::NullHeatmapRenderer& r, const app::Layout& layout, const std::string& key) {
  const app::Rect grid = layout.heatmaps.at(key).grid;
  for (const app::HeatmapDraw& d : r.draws)
    if (!d.gradient && d.min.x == grid.x && d.min.y == grid.y) return std::vector<float>(d.t.begin(), d.t.begin() + d.rows * d.cols);
  ADD_FAILURE() << "no heatmap drawn for " << key;
  return {};
}

}  // namespace

TEST_F(UiTest, EveryEditableCellOfTheVisibleHeadIsOnScreen) {
  frames(2);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_TRUE(layout.cells.count("X[" + std::to_string(r) + "][" + std::to_string(c) + "]"));
  cell("W_Q[0][3][1]");  // scrolled into view
  cell("W_K[0][0][0]");
  cell("W_O[3][3]");
  EXPECT_FALSE(layout.cells.count("W_Q[1][0][0]"));  // head 2's tab is not open
}

TEST_F(UiTest, DraggingAnXEntryChangesScenarioAndResultOnTheSameFrame) {
  frames(2);
  const double x_before = state.scenario().X(1, 0);
  const core::Mat scores_before = state.result().head[0].scores;
  const std::vector<float> colours_before = first_heatmap(renderer, "before");
  bool changed_during_drag = false;
  drag(center(cell("X[1][0]")), 60, 6, [&](int) {
    // Within the frame of each move: scenario, Result and the drawn colours agree.
    expect_result_is_current();
    changed_during_drag |= state.scenario().X(1, 0) != x_before;
  });
  EXPECT_TRUE(changed_during_drag);
  // 60 px at 0.01 a pixel, less ImGui's 3 px start threshold: about +0.57.
  EXPECT_NEAR(state.scenario().X(1, 0), x_before + 0.57, 0.05);
  EXPECT_NE(state.result().head[0].scores, scores_before);
  EXPECT_NE(first_heatmap(renderer, "after"), colours_before);
  EXPECT_EQ(state.undo_steps(), 1u);  // one gesture, one step
}

TEST_F(UiTest, UndoAndRedoRestoreExactly) {
  frames(2);
  const core::Scenario start = state.scenario();
  drag(center(cell("X[1][0]")), 40, 4, [](int) {});
  const core::Scenario dragged = state.scenario();
  drag(center(cell("W_Q[0][2][1]")), -30, 3, [](int) {});
  const core::Scenario twice = state.scenario();
  EXPECT_FALSE(twice == dragged);
  EXPECT_EQ(state.undo_steps(), 2u);
  ctrl_key('Z');
  EXPECT_TRUE(state.scenario() == dragged);
  ctrl_key('Z');
  EXPECT_TRUE(state.scenario() == start);
  expect_result_is_current();
  ctrl_key('Z', true);  // Ctrl+Shift+Z
  EXPECT_TRUE(state.scenario() == dragged);
  ctrl_key('Y');
  EXPECT_TRUE(state.scenario() == twice);
  ctrl_key('Z');
  ctrl_key('Z');
  EXPECT_TRUE(state.scenario() == start);
}

TEST_F(UiTest, ResizingKeepsEntries) {
  frames(2);
  const core::Scenario start = state.scenario();
  // Click the tokens slider at its right end: 8 tokens.
  const app::Rect tokens = control("tokens");
  click(ImVec2(tokens.x + tokens.w - 2, tokens.y + tokens.h / 2));
  ASSERT_EQ(state.scenario().n(), 8);
  EXPECT_EQ(state.undo_steps(), 1u);
  for (int r = 0; r < 5; ++r) EXPECT_EQ(state.scenario().X.row(r), start.X.row(r));
  EXPECT_EQ(state.scenario().tokens[5], "t6");
  EXPECT_TRUE(state.scenario().X.row(7).isZero());
  expect_result_is_current();
  // Left end: 2 tokens; the first two rows are still the original ones.
  click(ImVec2(tokens.x + 2, tokens.y + tokens.h / 2));
  ASSERT_EQ(state.scenario().n(), 2);
  EXPECT_EQ(state.scenario().X.row(1), start.X.row(1));
  ctrl_key('Z');
  ctrl_key('Z');
  EXPECT_TRUE(state.scenario() == start);
}

TEST_F(UiTest, SharedQKMakesScoresSymmetric) {
  frames(2);
  EXPECT_GT(state.result().head[0].asymmetry, 0.05);
  click(center(control("shared_qk")));
  ASSERT_TRUE(state.scenario().options.shared_qk);
  const core::Mat& S = state.result().head[0].scores;
  EXPECT_LT((S - S.transpose()).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_FALSE(layout.cells.count("W_K[0][0][0]"));  // W^K = W^Q: nothing to edit
}

TEST_F(UiTest, NormalizeKeysGivesUnitKeys) {
  frames(2);
  click(center(control("normalize_keys")));
  ASSERT_TRUE(state.scenario().options.normalize_keys);
  for (int j = 0; j < 5; ++j) EXPECT_NEAR(state.result().head[0].K.row(j).norm(), 1.0, 1e-12);
}

TEST_F(UiTest, CausalAndNoSelfMasks) {
  frames(2);
  click(center(control("causal")));
  const core::Mat& A = state.result().head[0].weights;
  for (int i = 0; i < 5; ++i)
    for (int j = i + 1; j < 5; ++j) EXPECT_EQ(A(i, j), 0.0);
  EXPECT_EQ(A(0, 0), 1.0);
  click(center(control("no_self")));
  const core::Mat& B = state.result().head[0].weights;
  EXPECT_EQ(B(0, 0), 1.0);  // row 0 keeps its diagonal: it is all it has
  for (int i = 1; i < 5; ++i) EXPECT_EQ(B(i, i), 0.0);
  // A's heatmap draws exactly the masked cells masked (a negative colormap position):
  // j > i, and the diagonal but for row 0.
  frames(1);
  const std::vector<float> t = heatmap_drawn(renderer, layout, "Softmax/weights");
  ASSERT_EQ(t.size(), 25u);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      const bool masked = j > i || (i == j && i > 0);
      EXPECT_EQ(t[static_cast<size_t>(i * 5 + j)] < 0.0f, masked) << "A(" << i << ", " << j << ")";
    }
  EXPECT_EQ(state.undo_steps(), 2u);
}

TEST_F(UiTest, ScaleAndTemperature) {
  frames(2);
  const double S01 = state.result().head[0].scores(0, 1);
  EXPECT_NEAR(state.result().head[0].logits(0, 1), S01 / std::sqrt(2.0), 1e-12);
  click(center(control("scale.none")));
  EXPECT_EQ(state.scenario().options.scale, core::Scale::None);
  EXPECT_NEAR(state.result().head[0].logits(0, 1), S01, 1e-12);
  // The temperature slider's right end: T = 100.
  const app::Rect t = control("temperature");
  click(ImVec2(t.x + t.w - 1, t.y + t.h / 2));
  EXPECT_DOUBLE_EQ(state.scenario().options.temperature, 100.0);
  EXPECT_NEAR(state.result().head[0].logits(0, 1), S01 / 100.0, 1e-12);
  // Anywhere else, the value the slider shows, exactly (a float slider would store 0.3 as 0.30000001192092896).
  click(ImVec2(t.x + t.w * 0.3f, t.y + t.h / 2));
  const double T = state.scenario().options.temperature;
  char shown[32];
  std::snprintf(shown, sizeof shown, "%.2f", T);
  EXPECT_LT(T, 100.0);
  EXPECT_EQ(T, std::strtod(shown, nullptr)) << shown;
}

TEST_F(UiTest, DirectModeKeepsQKVAndScores) {
  frames(2);
  const core::Mat scores = state.result().head[1].scores;
  click(center(control("mode.direct")));
  ASSERT_EQ(state.scenario().mode, core::Mode::Direct);
  EXPECT_LT((state.result().head[1].scores - scores).cwiseAbs().maxCoeff(), 1e-12);
  frames(1);
  cell("Q[0][4][1]");  // Q is now editable
  EXPECT_FALSE(layout.cells.count("X[0][0]"));
}

TEST_F(UiTest, WAltCheckboxTurnsTheIdentityOn) {
  frames(2);
  ASSERT_TRUE(state.scenario().has_W_alt);
  click(center(control("W_alt")));
  EXPECT_FALSE(state.scenario().has_W_alt);
  const core::HeadResult& h = state.result().head[0];
  EXPECT_LT((h.alt_output - h.output / std::sqrt(2.0)).cwiseAbs().maxCoeff(), 1e-15);
}

TEST_F(UiTest, ATypedNumberIsOneStep) {
  frames(2);
  type_into(center(cell("X[0][0]")), "-2.5");
  press_enter();
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 0), -2.5);
  EXPECT_EQ(state.undo_steps(), 1u);
  expect_result_is_current();
}

TEST_F(UiTest, LightThemeAndHeadChoiceFollowTheViewOptions) {
  state.view.theme = app::Theme::Light;
  state.view.head = 1;
  frames(3);
  EXPECT_GT(ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x, 0.9f);
  cell("W_Q[1][0][0]");  // the tab of head 2 is open
  EXPECT_EQ(state.view.head, 1);
}

TEST_F(UiTest, AWindowOf1280x720ShowsEveryPanelWithoutOverlap) {
  frames(2);
  const char* names[] = {"Lesson", "Matrices", "Scores", "Softmax", "Rank", "Output"};
  std::vector<ImRect> rects;
  for (const char* name : names) {
    ImGuiWindow* w = app::FindPanelWindow(*core::find_panel(name));
    ASSERT_NE(w, nullptr) << name;
    rects.emplace_back(w->Pos, ImVec2(w->Pos.x + w->Size.x, w->Pos.y + w->Size.y));
    EXPECT_GE(w->Size.x, 300) << name;
    EXPECT_GE(w->Size.y, std::string(name) == "Lesson" ? 60 : 120) << name;  // the lesson: as tall as its text
    EXPECT_LE(rects.back().Max.x, 1280.5f);
    EXPECT_LE(rects.back().Max.y, 720.5f);
  }
  for (size_t a = 0; a < rects.size(); ++a)
    for (size_t b = a + 1; b < rects.size(); ++b) {
      ImRect i = rects[a];
      i.ClipWithFull(rects[b]);
      EXPECT_TRUE(i.GetWidth() <= 0.5f || i.GetHeight() <= 0.5f) << names[a] << " overlaps " << names[b];
    }
}

// Found in review: a number typed into a field and left by clicking a size
// slider must survive the resize (the two edits may fall in one gesture).
TEST_F(UiTest, ATypedNumberSurvivesAResizeThatFollowsIt) {
  frames(2);
  type_into(center(cell("X[0][0]")), "-2.5");
  const app::Rect d_model = control("d_model");  // no Enter: the click on the slider ends the typing
  click(ImVec2(d_model.x + 2, d_model.y + d_model.h / 2));
  ASSERT_EQ(state.scenario().d_model, 2);
  EXPECT_DOUBLE_EQ(state.scenario().X(0, 0), -2.5);
  expect_result_is_current();
}

// The geometry view in direct mode: dragging the point of V's row moves that row,
// and every output with it, on the same frame; one drag is one undo step.
TEST_F(UiTest, DraggingAPointOfVEditsThatRow) {
  frames(2);
  click(center(control("mode.direct")));
  ASSERT_EQ(state.scenario().mode, core::Mode::Direct);
  const size_t steps = state.undo_steps();
  frames(1);
  const core::Mat V_before = state.scenario().V[0];
  const core::Mat out_before = state.result().head[0].output;
  drag(center(control("geometry.V[2]")), 30, 5, [&](int) { expect_result_is_current(); });
  const core::Mat& V = state.scenario().V[0];
  EXPECT_GT(V(2, 0), V_before(2, 0));                            // moved right: the first axis grew
  EXPECT_EQ(V(2, 0), std::round(V(2, 0) * 100) / 100);             // on the editor's two decimals, no float noise
  EXPECT_NEAR(V(2, 1), V_before(2, 1), 1e-9 + std::abs(V_before(2, 1)) * 0.2);  // barely up or down
  EXPECT_EQ(V.row(0), V_before.row(0));                           // the other rows stay
  EXPECT_NE(state.result().head[0].output, out_before);
  EXPECT_EQ(state.undo_steps(), steps + 1);
  ctrl_key('Z');
  EXPECT_EQ(state.scenario().V[0], V_before);
}

TEST_F(UiTest, GeometryInProjectedModeIsReadOnlyAndOffersDirectMode) {
  frames(2);
  EXPECT_FALSE(layout.controls.count("geometry.V[0]"));
  const core::Mat scores = state.result().head[0].scores;
  click(center(control("geometry.convert")));
  EXPECT_EQ(state.scenario().mode, core::Mode::Direct);
  EXPECT_LT((state.result().head[0].scores - scores).cwiseAbs().maxCoeff(), 1e-12);
  frames(1);
  EXPECT_TRUE(layout.controls.count("geometry.V[0]"));
}

// The gauge demo, opened and 'random M' and 'apply M' pressed as a person would: it changed Q, and
// neither the scores nor the weights (max |ΔS| near 1e-15).
class GaugeDemoTest : public UiTest {
 protected:
  void apply_random_gauge() {
    frames(2);
    click(center(control("gauge.header")));
    click(center(control("gauge.random")));
    const core::Result before = state.result();
    click(center(control("gauge.apply")));
    const app::GaugeDemoState& g = state.panels.gauge;
    EXPECT_TRUE(g.message.empty()) << g.message;
    EXPECT_GE(g.max_score_change, 0.0);
    EXPECT_LT(g.max_score_change, 1e-12);
    EXPECT_LT(g.max_weight_change, 1e-12);
    EXPECT_GT((state.result().head[0].Q - before.head[0].Q).cwiseAbs().maxCoeff(), 1e-3);
  }
};

TEST_F(GaugeDemoTest, ChangesQKAndNotTheScores) {
  apply_random_gauge();
  EXPECT_EQ(state.undo_steps(), 1u);
}

// Under normalised keys 'random M' draws an orthogonal M, and the scores and weights stay; the M of the
// plain scenario (near I, not orthogonal) is refused with the reason, and nothing changes.
TEST_F(GaugeDemoTest, UnderNormalisedKeysTakesOnlyOrthogonalM) {
  ASSERT_TRUE(state.apply([](core::Scenario& s) { s.options.normalize_keys = true; }));
  apply_random_gauge();
  core::Scenario plain = state.scenario();
  plain.options.normalize_keys = false;
  const Eigen::MatrixXd near_identity = core::random_gauge(plain, 1);
  const size_t d = static_cast<size_t>(plain.d_k);
  for (size_t i = 0; i < d * d; ++i) state.panels.gauge.M[i] = near_identity(static_cast<Eigen::Index>(i / d), static_cast<Eigen::Index>(i % d));
  const core::Scenario kept = state.scenario();
  click(center(control("gauge.apply")));
  EXPECT_NE(state.panels.gauge.message.find("only an orthogonal M"), std::string::npos) << state.panels.gauge.message;
  EXPECT_TRUE(state.scenario() == kept);
}

}  // namespace test_panels

// Sigmoid attention chosen as a person would, from the list beside "swap Q ↔ K": the Softmax panel's
// title becomes σ's, its sums beside the rows are the weights' own (not 1), and the bias slider
// appears; "−ln m" after setting a bias puts the default back.
TEST_F(UiTest, SigmoidFromTheListMakesEachWeightItsOwn) {
  layout.read_text = true;
  frames(2);
  const app::Rect list = control("weights");
  click(center(list));  // open it
  const ImGuiStyle& style = ImGui::GetStyle();
  // The second item of the list that opens under it.
  click(ImVec2(list.x + list.w / 2, list.y + list.h + style.WindowPadding.y + 1.5f * ImGui::GetTextLineHeightWithSpacing()));
  ASSERT_EQ(state.scenario().options.weights, core::Weights::Sigmoid);
  frames(2);
  const core::HeadResult& r = state.result().head[0];
  EXPECT_EQ(layout.heatmaps.at("Softmax/weights").title.rfind("A = \u03C3(", 0), 0u) << layout.heatmaps.at("Softmax/weights").title;
  const double b = -std::log(static_cast<double>(state.scenario().m()));
  for (int i = 0; i < state.scenario().n(); ++i) {
    double sum = 0;
    for (int j = 0; j < state.scenario().m(); ++j) {
      EXPECT_NEAR(r.weights(i, j), 1 / (1 + std::exp(-(r.logits(i, j) + b))), 1e-15);
      sum += r.weights(i, j);
    }
    char shown[16];
    std::snprintf(shown, sizeof shown, "%.3f", sum);
    EXPECT_NE(layout.text.at("Softmax").find(shown), std::string::npos) << shown;
  }
  // A bias of its own, the slider's right end (b = 10); then back to −ln m.
  const app::Rect bias = control("sigmoid_bias");
  click(ImVec2(bias.x + bias.w - 1, bias.y + bias.h / 2));
  ASSERT_EQ(state.scenario().options.sigmoid_bias, 10.0);
  EXPECT_NEAR(state.result().head[0].weights(0, 0), 1 / (1 + std::exp(-(state.result().head[0].logits(0, 0) + 10))), 1e-15);
  click(center(control("sigmoid_bias.default")));
  EXPECT_FALSE(state.scenario().options.sigmoid_bias);
  expect_result_is_current();
}
