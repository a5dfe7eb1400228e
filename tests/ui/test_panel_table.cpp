// The panel table (app/panels/panel_table.h): a row for every panel, each row's Draw draws that
// panel, and the views' places tile the window. What Scores, Softmax, Rank and Output describe is
// checked on a 2 × 2 case worked by hand, the weights and singular values against the numbers
// drawn on screen; every other panel's text against its own facts.
#include <cstdio>
#include <set>
#include <sstream>

#include <imgui_internal.h>

#include "app/frame_dock.h"
#include "app/panels/panel_table.h"
#include "app/panels/panels.h"
#include "app/widgets/heatmap.h"
#include "ui_harness.h"

namespace test_panel_table {

namespace {

class PanelTableTest : public UiTest {
 protected:
  // Direct mode, tokens a and b: Q = I, K = [[1, 0], [1, 1]], V = I, so that S = QKᵀ = [[1, 1], [0, 1]].
  void open_worked_case() {
    core::Scenario s = core::make_zero_scenario(2, 2, 2, 1);
    s.tokens = {"a", "b"};
    s.mode = core::Mode::Direct;
    s.Q[0] = core::Mat::Identity(2, 2);
    s.K[0].resize(2, 2);
    s.K[0] << 1, 0, 1, 1;
    s.V[0] = core::Mat::Identity(2, 2);
    state.open_document(s);
  }
  // The lines of text holding `what`.
  static std::vector<std::string> lines_with(const std::string& text, const std::string& what) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      if (line.find(what) != std::string::npos) out.push_back(line);
    return out;
  }
};

TEST_F(PanelTableTest, EveryPanelHasOneRowAndTheViewsOnePlaceEach) {
  const auto table = app::panel_table();
  ASSERT_EQ(table.size(), 9u);  // the seven views, the lab, the curves' picture
  std::set<app::Place> places;
  for (const app::PanelRow& row : table) {
    EXPECT_EQ(&app::panel_row(row.id), &row);
    EXPECT_NE(row.draw, nullptr);
    EXPECT_NE(row.describe, nullptr);
    if (row.place != app::Place::None) EXPECT_TRUE(places.insert(row.place).second) << app::panel_name(row.id);
    EXPECT_EQ(row.place == app::Place::None, !core::is_view(row.id)) << app::panel_name(row.id);
  }
  EXPECT_EQ(places.size(), std::size(core::kPanels));
  EXPECT_EQ(app::panel_at(app::Place::MiddleLeft)->id, core::Panel::Softmax);
  EXPECT_EQ(app::panel_at(app::Place::None), nullptr);
}

// Each row's Draw draws its own panel: alone in a picture, the one window is the panel's.
TEST_F(PanelTableTest, EachRowDrawsItsPanel) {
  for (const core::Panel panel : core::kPanels) {
    picture = app::PictureOptions{true, panel, false};
    frames(2);
    EXPECT_TRUE(layout.panels.count(app::panel_name(panel))) << app::panel_name(panel);
    EXPECT_EQ(layout.panels.size(), 1u) << app::panel_name(panel);
  }
}

// The views tile the window below the menu bar, as before the table: the editor on the left,
// Scores across the top right, Softmax beside Rank, Output beside Geometry. The columns split
// 1280 at 460.8 pixels, and Dear ImGui puts a window at whole pixels: edges meet within one.
TEST_F(PanelTableTest, TheViewsTileTheWindow) {
  frames(2);
  const auto at = [&](const char* name) { return layout.panels.at(name); };
  const app::Rect matrices = at("Matrices"), scores = at("Scores"), softmax = at("Softmax"), rank = at("Rank"),
                  output = at("Output"), geometry = at("Geometry");
  EXPECT_EQ(matrices.x, 0);
  EXPECT_NEAR(scores.x, matrices.w, 1);
  EXPECT_NEAR(softmax.y, scores.y + scores.h, 1);
  EXPECT_NEAR(rank.x, softmax.x + softmax.w, 1);
  EXPECT_NEAR(rank.x + rank.w, 1280, 1);
  EXPECT_NEAR(output.y, softmax.y + softmax.h, 1);
  EXPECT_NEAR(geometry.x, output.x + output.w, 1);
  EXPECT_NEAR(geometry.y + geometry.h, matrices.y + matrices.h, 1);
}

// Panels docked together in a window of their own float together after a restart: a layout that
// floats Scores and Softmax as tabs of one window, and Rank above Geometry in another, is built
// into Dear ImGui's nodes and read back as written; what is read back builds the same again.
TEST_F(PanelTableTest, PanelsFloatingTogetherAreKeptTogether) {
  frames(2);
  const auto floating = [](const std::string& text) { return text.substr(text.find(';')); };
  state.panels.dock.saved["floating"] = "H0.5000(Matrices,Output);Scores|*Softmax@600,100,420,300;V0.5000(Rank,Geometry)@40,60,300,500";
  app::UseDockLayout(state, "floating");
  frames(4);
  const std::string kept = state.panels.dock.current;
  ASSERT_NE(kept.find(';'), std::string::npos) << kept;
  EXPECT_EQ(floating(kept).substr(0, 34), ";Scores|*Softmax@600,100,420,300;V") << kept;
  EXPECT_NE(floating(kept).find("(Rank,Geometry)@40,60,300,500"), std::string::npos) << kept;
  const auto window = [](const char* name) { return ImGui::FindWindowByName(app::DockedWindowName(*core::find_panel(name)).c_str()); };
  ASSERT_TRUE(window("Scores")->DockNode && window("Softmax")->DockNode);
  EXPECT_EQ(window("Scores")->DockNode, window("Softmax")->DockNode);  // tabs of one node
  EXPECT_EQ(ImGui::DockNodeGetRootNode(window("Rank")->DockNode), ImGui::DockNodeGetRootNode(window("Geometry")->DockNode));
  EXPECT_NE(ImGui::DockNodeGetRootNode(window("Rank")->DockNode), ImGui::DockNodeGetRootNode(window("Matrices")->DockNode));
  // The next start: the layout kept, built again.
  state.panels.dock.saved["kept"] = kept;
  app::UseDockLayout(state, "kept");
  frames(4);
  EXPECT_EQ(state.panels.dock.current, kept);
  // Built again after frames that drew no docked panel (presenter mode), and after Reset: the
  // floating nodes of the builds before are gone, not left empty (they would be saved in imgui.ini).
  const auto floating_nodes = [] {
    int count = 0;
    for (const ImGuiStoragePair& pair : GImGui->DockContext.Nodes.Data)
      if (const auto* node = static_cast<const ImGuiDockNode*>(pair.val_p); node && node->IsRootNode() && !node->IsDockSpace()) ++count;
    return count;
  };
  EXPECT_EQ(floating_nodes(), 2);
  state.view.presenter = true;
  frames(3);
  state.view.presenter = false;
  frames(4);
  EXPECT_EQ(state.panels.dock.current, kept);
  EXPECT_EQ(floating_nodes(), 2);
  app::ResetDockLayout(state);
  frames(4);
  EXPECT_EQ(state.panels.dock.current.find(';'), std::string::npos) << state.panels.dock.current;
  EXPECT_EQ(floating_nodes(), 0);
}

// S = QKᵀ = [[1, 1], [0, 1]] and QQᵀ = I; (S − Sᵀ)/2 = [[0, ½], [−½, 0]], whose Frobenius norm
// √½ over ‖S‖_F = √3 is 0.408. With √d_k = √2, row a's logits are equal (A = ½, ½) and row b's
// are 0 and 1/√2: A = 1/(1 + e^0.7071) = 0.330 and 0.670. Each row sums to 1.
TEST_F(PanelTableTest, DescribeSaysTheNumbersWorkedByHand) {
  open_worked_case();
  frames(2);
  const std::string scores = app::panel_row(core::Panel::Scores).describe(state).text();
  EXPECT_NE(scores.find("S = QK\u1D40, a row a query, a column a key:\n  columns: a, b\n  a: 1.00, 1.00\n  b: 0.00, 1.00\n"),
            std::string::npos) << scores;
  EXPECT_NE(scores.find("QQ\u1D40, a row and a column a query:\n  columns: a, b\n  a: 1.00, 0.00\n  b: 0.00, 1.00\n"),
            std::string::npos) << scores;
  EXPECT_NE(scores.find("(S \u2212 S\u1D40)/2, the antisymmetric part:\n  columns: a, b\n  a: 0.00, 0.50\n  b: \u22120.50, 0.00\n"),
            std::string::npos) << scores;
  EXPECT_EQ(lines_with(scores, "asymmetry").at(0),
            "asymmetry of S: \u2016(S \u2212 S\u1D40)/2\u2016_F / \u2016S\u2016_F = 0.41; QQ\u1D40 is symmetric");
  const std::string softmax = app::panel_row(core::Panel::Softmax).describe(state).text();
  EXPECT_NE(softmax.find("  a: 0.50, 0.50\n  b: 0.33, 0.67\n"), std::string::npos) << softmax;
  EXPECT_EQ(lines_with(softmax, "row sums").at(0), "row sums: a 1.000, b 1.000");  // to three decimals, as the panel prints them
  // Direct mode has no W^Q W^Kᵀ: the ranks of S and QQᵀ. SSᵀ = [[2, 1], [1, 1]] has the
  // eigenvalues (3 ± √5)/2, so S's singular values are the golden ratio 1.618 and 0.618.
  const std::string rank = app::panel_row(core::Panel::Rank).describe(state).text();
  EXPECT_NE(rank.find("direct mode"), std::string::npos) << rank;
  EXPECT_NE(rank.find("S = QK\u1D40: rank 2; singular values \u03C3_1 1.618, \u03C3_2 0.618\n"), std::string::npos) << rank;
  EXPECT_NE(rank.find("QQ\u1D40: rank 2; singular values \u03C3_1 1.000, \u03C3_2 1.000\n"), std::string::npos) << rank;
  // O = A·V with V = I is A itself; Y = O·W^O with W^O = I.
  const std::string output = app::panel_row(core::Panel::Output).describe(state).text();
  EXPECT_NE(output.find("O_1 = A V:\n  a: 0.50, 0.50\n  b: 0.33, 0.67\n"), std::string::npos) << output;
  EXPECT_NE(output.find("Y = O_1 W^O:\n  a: 0.50, 0.50\n  b: 0.33, 0.67\n"), std::string::npos) << output;
}

// What Describe says of the weights is what the Softmax heatmap's cells show, cell for cell,
// on the example scenario of three tokens; and a masked entry is said to be masked.
TEST_F(PanelTableTest, DescribeSaysWhatTheCellsShow) {
  state.apply([](core::Scenario& s) { s.options.causal = true; });
  frames(2);
  const app::HeatmapRect& weights = layout.heatmaps.at("Softmax/weights");
  ASSERT_TRUE(weights.numbers);
  const std::string text = app::panel_row(core::Panel::Softmax).describe(state).text();
  const int n = state.scenario().n();
  for (int i = 0; i < n; ++i) {
    std::string row = "  " + state.token_labels()[static_cast<size_t>(i)] + ": ";
    for (int j = 0; j < n; ++j) {
      const std::string& cell = weights.text[static_cast<size_t>(i * n + j)];
      row += (j ? ", " : "") + (cell.empty() ? std::string("masked") : cell);
    }
    EXPECT_NE(text.find(row + "\n"), std::string::npos) << row << "\nnot in\n" << text;
  }
  EXPECT_NE(text.find("masked"), std::string::npos);  // causal: the first row sees only itself
}

// Under cross-attention S is n × m and QQᵀ n × n: each has its own bound on its rank. With n = 5
// queries, m = 2 keys and d_k = 3, S's rank is at most 2 and QQᵀ's at most 3, which these reach.
TEST_F(PanelTableTest, EachMatrixItsOwnRankBound) {
  core::Scenario s = core::make_zero_scenario(5, 2, 3, 1);
  s.mode = core::Mode::Direct;
  s.tokens_kv = {"x", "y"};
  s.Q[0].resize(5, 3);
  s.Q[0] << 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1;
  s.K[0].resize(2, 3);
  s.K[0] << 1, 0, 0, 0, 1, 0;
  s.V[0] = s.K[0];
  ASSERT_EQ(core::validate(s), std::vector<std::string>{});
  state.open_document(s);
  frames(2);
  const std::string rank = app::panel_row(core::Panel::Rank).describe(state).text();
  EXPECT_NE(rank.find("S has rank \u2264 min(n, m, d_k) = 2, QQ\u1D40 rank \u2264 min(n, d_k) = 3\n"), std::string::npos) << rank;
  EXPECT_NE(rank.find("S = QK\u1D40: rank 2;"), std::string::npos) << rank;
  EXPECT_NE(rank.find("QQ\u1D40: rank 3;"), std::string::npos) << rank;
  // And the scores' columns are the keys' tokens.
  EXPECT_NE(app::panel_row(core::Panel::Scores).describe(state).text().find("  columns: x, y\n"), std::string::npos);
}

// The singular values Describe gives for W^Q W^Kᵀ are the ones printed beside the bars.
TEST_F(PanelTableTest, DescribeSaysTheSingularValuesOnScreen) {
  ASSERT_EQ(state.scenario().mode, core::Mode::Projected);
  layout.read_text = true;
  frames(2);
  const std::string text = app::panel_row(core::Panel::Rank).describe(state).text();
  const std::vector<std::string> line = lines_with(text, "singular values");
  ASSERT_EQ(line.size(), 1u) << text;
  const core::HeadResult& r = state.result().head[0];
  ASSERT_GT(r.W_QK_singular_values.size(), 1);
  const std::string& screen = layout.text.at("Rank");
  for (int i = 0; i < static_cast<int>(r.W_QK_singular_values.size()); ++i) {
    char value[32];
    std::snprintf(value, sizeof value, "%.3f", r.W_QK_singular_values(i) > r.W_QK_rank_tolerance ? r.W_QK_singular_values(i) : 0.0);
    const std::string said = "\u03C3_" + std::to_string(i + 1) + " " + value;
    EXPECT_NE(line[0].find(said), std::string::npos) << said << " not in " << line[0];
    EXPECT_NE(screen.find(value), std::string::npos) << value << " not on screen:\n" << screen;
  }
}

// The other panels: the lesson says its step and the panel the step is about; the editor every
// matrix it edits; Geometry the points it plots; the lab, before a run, that it has not run.
TEST_F(PanelTableTest, EveryPanelSaysWhatItShows) {
  for (const app::PanelRow& row : app::panel_table()) EXPECT_FALSE(row.describe(state).text().empty()) << app::panel_name(row.id);
  state.open_document(core::load_scenario_file(ATTNLAB_LESSONS "/01_qkt_vs_qqt.json").scenario.value());
  frames(2);
  const std::string lesson = app::panel_row(core::Panel::Lesson).describe(state).text();
  EXPECT_NE(lesson.find("step 1 of "), std::string::npos) << lesson;
  EXPECT_NE(lesson.find(", about the Scores panel: "), std::string::npos) << lesson;
  const std::string matrices = app::panel_row(core::Panel::Matrices).describe(state).text();
  const core::Scenario& s = state.scenario();
  ASSERT_EQ(s.mode, core::Mode::Direct);
  for (const char* name : {"Q:", "K:", "V:", "W^O:"}) EXPECT_NE(matrices.find(std::string("\n") + name), std::string::npos) << name;
  // Geometry's points are the rows of the head's V, A·V, q and k, labelled by their tokens.
  const std::string geometry = app::panel_row(core::Panel::Geometry).describe(state).text();
  EXPECT_NE(geometry.find("q, the queries:\n  " + state.token_labels()[0] + ": " + app::format_number(s.Q[0](0, 0))), std::string::npos)
      << geometry;
  EXPECT_NE(app::panel_row(core::Panel::Experiment).describe(state).text().find("not run yet"), std::string::npos);
}

}  // namespace

}  // namespace test_panel_table
