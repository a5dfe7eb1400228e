// Linked highlighting, headless: hovering S_ij (or A_ij) lights q_i and k_j in Matrices and
// Geometry and row i of the weights; moving away clears it; pictures never show it.
#include <string>

#include "ui_harness.h"

namespace test_highlight {

namespace {

// The centre of cell (row, col) of a heatmap drawn in the last frame, keyed "PANEL/id".
ImVec2 heatmap_cell(const app::Layout& layout, const std::string& key, int row, int col) {
  const app::HeatmapRect& hm = layout.heatmaps.at(key);
  return ImVec2(hm.grid.x + hm.cell_w * (static_cast<float>(col) + 0.5f), hm.grid.y + hm.cell_h * (static_cast<float>(row) + 0.5f));
}

// The outlines of one panel drawn in the last frame, by their keys ("Softmax/weights.row[1]").
std::vector<std::string> outlined(const app::Layout& layout, const std::string& panel) {
  std::vector<std::string> keys;
  for (const auto& [key, rect] : layout.highlights)
    if (key.rfind(panel + "/", 0) == 0) keys.push_back(key);
  return keys;
}

bool contains(const app::Rect& r, ImVec2 p) { return p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h; }

}  // namespace

TEST_F(UiTest, HoveringAScoreLightsItsQueryAndKeyInEveryView) {
  frames(2);
  EXPECT_FALSE(state.panels.highlight.any());
  EXPECT_TRUE(layout.highlights.empty());
  // S_{2,4}: "movie" (query 1) against "a" (key 3), counted from 0.
  mouse_to(heatmap_cell(layout, "Scores/scores", 1, 3));
  frames(2);
  EXPECT_EQ(state.panels.highlight, (app::Highlight{0, 1, 3}));

  // Softmax: row 1 of A, the one softmax S_{1,3} enters, around its five cells; and A_{1,3} itself.
  EXPECT_EQ(outlined(layout, "Softmax"), (std::vector<std::string>{"Softmax/weights.cell[1][3]", "Softmax/weights.row[1]"}));
  const app::HeatmapRect& A = layout.heatmaps.at("Softmax/weights");
  const app::Rect row = layout.highlights.at("Softmax/weights.row[1]");
  for (int j = 0; j < 5; ++j) EXPECT_TRUE(contains(row, heatmap_cell(layout, "Softmax/weights", 1, j))) << j;
  EXPECT_FALSE(contains(row, heatmap_cell(layout, "Softmax/weights", 0, 0)));
  EXPECT_FALSE(contains(row, heatmap_cell(layout, "Softmax/weights", 2, 0)));
  EXPECT_GT(row.w, A.grid.w);  // just outside the row's cells
  const app::Rect cell = layout.highlights.at("Softmax/weights.cell[1][3]");
  EXPECT_TRUE(contains(cell, heatmap_cell(layout, "Softmax/weights", 1, 3)));
  EXPECT_LT(cell.w, A.cell_w);  // just inside its own cell

  // Matrices (projected mode): X row 1 makes q_1 and X row 3 makes k_3; Q's row 1, K's row 3.
  EXPECT_EQ(outlined(layout, "Matrices"), (std::vector<std::string>{"Matrices/K.row[3]", "Matrices/Q.row[1]", "Matrices/X.row[1]",
                                                                    "Matrices/X.row[3]"}));
  const app::Rect x_row = layout.highlights.at("Matrices/X.row[1]");
  for (int c = 0; c < 4; ++c) EXPECT_TRUE(contains(x_row, center(layout.cells.at("X[1][" + std::to_string(c) + "]")))) << c;
  EXPECT_FALSE(contains(x_row, center(layout.cells.at("X[2][0]"))));

  // Geometry: the tips of q_1 and k_3 ringed, nothing else.
  EXPECT_EQ(outlined(layout, "Geometry"), (std::vector<std::string>{"Geometry/k[3]", "Geometry/q[1]"}));
  // Scores: the hovered cell is marked by the hover outline alone, not outlined twice.
  EXPECT_TRUE(outlined(layout, "Scores").empty());

  // Away from every heatmap: nothing lit, anywhere.
  mouse_to(ImVec2(1270, 5));
  frames(2);
  EXPECT_FALSE(state.panels.highlight.any());
  EXPECT_TRUE(layout.highlights.empty());
}

TEST_F(UiTest, HoveringAScoreOfAnotherHeadLightsThatHeadsQAndK) {
  state.view.head = 1;
  frames(3);
  mouse_to(heatmap_cell(layout, "Scores/scores", 4, 0));
  frames(2);
  EXPECT_EQ(state.panels.highlight, (app::Highlight{1, 4, 0}));
  EXPECT_TRUE(layout.highlights.count("Matrices/Q.row[4]"));  // the editor shows head 2's tab
  EXPECT_TRUE(layout.highlights.count("Matrices/K.row[0]"));
  EXPECT_TRUE(layout.highlights.count("Geometry/q[4]"));
}

TEST_F(UiTest, UnderCrossAttentionTheKeyIsARowOfXkv) {
  core::Scenario s = state.scenario();
  core::set_cross_attention(s, true);
  core::resize_keys(s, 7);  // S is 5 × 7: key 6 is past the last query
  state.open_document(s);
  frames(3);
  const app::HeatmapRect& S = layout.heatmaps.at("Scores/scores");
  ASSERT_NEAR(S.grid.w / S.cell_w, 7.0f, 1e-3f);
  ASSERT_NEAR(S.grid.h / S.cell_h, 5.0f, 1e-3f);
  const app::Rect x_kv = cell("X_kv[6][0]");  // scrolled into view first: the wheel moves the mouse
  mouse_to(heatmap_cell(layout, "Scores/scores", 4, 6));
  frames(2);
  EXPECT_EQ(state.panels.highlight, (app::Highlight{0, 4, 6}));
  // The query's token is row 4 of X (the decoder's); the key's, row 6 of X_kv (the encoder's).
  EXPECT_EQ(outlined(layout, "Matrices"), (std::vector<std::string>{"Matrices/K.row[6]", "Matrices/Q.row[4]", "Matrices/X.row[4]",
                                                                    "Matrices/X_kv.row[6]"}));
  EXPECT_TRUE(contains(layout.highlights.at("Matrices/X_kv.row[6]"), center(x_kv)));
  EXPECT_EQ(outlined(layout, "Softmax"), (std::vector<std::string>{"Softmax/weights.cell[4][6]", "Softmax/weights.row[4]"}));
  EXPECT_EQ(outlined(layout, "Geometry"), (std::vector<std::string>{"Geometry/k[6]", "Geometry/q[4]"}));
  mouse_to(ImVec2(1270, 5));
  frames(2);
  EXPECT_TRUE(layout.highlights.empty());
}

TEST_F(UiTest, HoveringAWeightLightsWhatItsScoreLights) {
  frames(2);
  mouse_to(heatmap_cell(layout, "Softmax/weights", 2, 0));
  frames(2);
  EXPECT_EQ(state.panels.highlight, (app::Highlight{0, 2, 0}));
  // A_{2,0} is S_{2,0} after the softmax: that score is outlined in S.
  EXPECT_EQ(outlined(layout, "Scores"), (std::vector<std::string>{"Scores/scores.cell[2][0]"}));
  EXPECT_TRUE(contains(layout.highlights.at("Scores/scores.cell[2][0]"), heatmap_cell(layout, "Scores/scores", 2, 0)));
  // Row 2 of A; its cell is under the mouse and has the hover outline.
  EXPECT_EQ(outlined(layout, "Softmax"), (std::vector<std::string>{"Softmax/weights.row[2]"}));
  EXPECT_TRUE(layout.highlights.count("Matrices/X.row[2]"));
  EXPECT_TRUE(layout.highlights.count("Matrices/X.row[0]"));
  EXPECT_TRUE(layout.highlights.count("Geometry/q[2]"));
  EXPECT_TRUE(layout.highlights.count("Geometry/k[0]"));
}

TEST_F(UiTest, InDirectModeTheRowsOfQAndKAndTheTipsUnderTheHandlesLight) {
  core::Scenario s = state.scenario();
  core::convert_to_direct(s);
  state.open_document(s);
  frames(3);
  mouse_to(heatmap_cell(layout, "Scores/scores", 0, 2));
  frames(2);
  EXPECT_EQ(outlined(layout, "Matrices"), (std::vector<std::string>{"Matrices/K[0].row[2]", "Matrices/Q[0].row[0]"}));
  const app::Rect q_row = layout.highlights.at("Matrices/Q[0].row[0]");
  EXPECT_TRUE(contains(q_row, center(layout.cells.at("Q[0][0][0]"))));
  EXPECT_TRUE(contains(q_row, center(layout.cells.at("Q[0][0][1]"))));
  // The rings sit on the tips a person drags: centred on the handles of q_0 and k_2.
  for (const char* tip : {"q[0]", "k[2]"}) {
    const app::Rect ring = layout.highlights.at(std::string("Geometry/") + tip);
    const ImVec2 handle = center(layout.controls.at(std::string("geometry.") + tip));
    EXPECT_NEAR(ring.x + ring.w / 2, handle.x, 0.5f) << tip;
    EXPECT_NEAR(ring.y + ring.h / 2, handle.y, 0.5f) << tip;
  }
}

TEST_F(UiTest, HoveringAQueryInGeometryLightsItsRow) {
  core::Scenario s = state.scenario();
  core::convert_to_direct(s);  // handles mark where the tips are
  state.open_document(s);
  // Settled: the legend moved beside the plot takes a frame, and the y ticks' width it then
  // gives the data another (ImPlot lays out the ticks of the limits set).
  frames(4);
  mouse_to(center(layout.controls.at("geometry.q[3]")));
  frames(2);
  EXPECT_EQ(state.panels.highlight, (app::Highlight{0, 3, -1}));
  EXPECT_EQ(outlined(layout, "Softmax"), (std::vector<std::string>{"Softmax/weights.row[3]"}));  // no key: no cell
  EXPECT_EQ(outlined(layout, "Scores"), (std::vector<std::string>{"Scores/scores.row[3]"}));
  EXPECT_EQ(outlined(layout, "Matrices"), (std::vector<std::string>{"Matrices/Q[0].row[3]"}));
}

TEST_F(UiTest, AHighlightAsksForOneMoreFrameAndThenNone) {
  frames(2);
  mouse_to(heatmap_cell(layout, "Scores/scores", 1, 1));
  // The frame that finds the hovered cell asks for another: Matrices, drawn before Scores, shows it then.
  EXPECT_TRUE(frame().redraw);
  EXPECT_TRUE(layout.highlights.count("Matrices/X.row[1]") == 0);
  EXPECT_FALSE(frame().redraw);  // nothing changed: the window may sleep
  EXPECT_TRUE(layout.highlights.count("Matrices/X.row[1]"));
  mouse_to(ImVec2(1270, 5));
  EXPECT_TRUE(frame().redraw);
  EXPECT_FALSE(frame().redraw);
}

TEST_F(UiTest, APictureShowsNoHighlightWhereverTheMouseIs) {
  frames(2);
  const ImVec2 score = heatmap_cell(layout, "Scores/scores", 1, 3);
  mouse_to(score);
  frames(2);
  ASSERT_FALSE(layout.highlights.empty());
  // The same state drawn as a picture, the mouse still over S: nothing lit, nothing hovered.
  picture.active = true;
  for (int picture_frame = 0; picture_frame < 2; ++picture_frame) {
    frame();
    EXPECT_TRUE(layout.highlights.empty()) << picture_frame;
    EXPECT_FALSE(state.panels.highlight.any()) << picture_frame;
  }
}

}  // namespace test_highlight
