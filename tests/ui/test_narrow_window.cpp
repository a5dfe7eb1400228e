// A phone's screen, or any window too narrow to tile the views: the panels are stacked, each the
// whole width, in the panel table's order, and scroll as one page. The wheel and a press on no
// control scroll it; a drag on an entry still changes that entry and does not scroll.
#include <algorithm>
#include <vector>

#include "app/files/files.h"
#include "app/panels/panel_table.h"
#include "app/training/lab.h"
#include "core/io/experiment_json.h"
#include "ui_harness.h"

namespace test_narrow_window {

namespace {

class NarrowWindowTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    ImGui::GetIO().DisplaySize = ImVec2(390, 800);
    ASSERT_TRUE(app::open_scenario(state, std::string(ATTNLAB_LESSONS) + "/01_qkt_vs_qqt.json")) << state.status;
    frames(6);  // the editor as tall as it draws: measured once stacked, then without its scrollbar
  }
  app::Rect panel(const char* name) {
    EXPECT_TRUE(layout.panels.count(name)) << name;
    return layout.panels.count(name) ? layout.panels.at(name) : app::Rect{};
  }
  // Pressed at `from`, moved up 20 pixels a frame `steps` times, released.
  void drag_up(ImVec2 from, int steps) {
    mouse_to(from);
    frame();
    mouse_down(true);
    frame();
    for (int i = 1; i <= steps; ++i) {
      mouse_to(ImVec2(from.x, from.y - 20.0f * static_cast<float>(i)));
      frame();
    }
    mouse_down(false);
    frames(2);
  }
  // A wheel turn over `at`: negative scrolls down, as on the desktop.
  void wheel(ImVec2 at, float turns) {
    mouse_to(at);
    frame();
    UiTest::wheel(turns);
    frames(3);
  }
};

}  // namespace

TEST_F(NarrowWindowTest, ThePanelsAreStackedTheWholeWidthInTheTablesOrder) {
  float y = -1;
  for (const app::PanelRow& row : app::panel_table()) {
    if (row.place == app::Place::None) continue;
    SCOPED_TRACE(app::panel_name(row.id));
    const app::Rect r = panel(app::panel_name(row.id));
    EXPECT_EQ(r.x, 0);
    EXPECT_GT(r.w, 390 - 20);  // the page's scrollbar aside
    EXPECT_GT(r.y, y);
    y = r.y;
  }
  // The editor is as tall as all it draws: the page scrolls, not a panel inside it.
  EXPECT_GT(panel("Matrices").h, 800);
}

TEST_F(NarrowWindowTest, TheWheelAndAPressOnNoControlScrollThePage) {
  const float scores_y = panel("Scores").y;
  wheel(ImVec2(200, 300), -3);  // over the lesson's text
  const float after_wheel = panel("Scores").y;
  EXPECT_LT(after_wheel, scores_y - 50);
  // A press on the lesson's text, dragged up 120 pixels: the page follows.
  const app::Rect lesson = panel("Lesson");
  drag_up(ImVec2(200, lesson.y + lesson.h - 40), 6);
  EXPECT_NEAR(panel("Scores").y, after_wheel - 120, 1);
}

// The cells of a heatmap are hovered (a tooltip), never pressed: a finger on them scrolls the page.
TEST_F(NarrowWindowTest, APressOnTheCellsScrollsThePage) {
  state.panels.stack_scroll_to = core::Panel::Scores;
  frames(2);
  const app::Rect grid = layout.heatmaps.at("Scores/scores").grid;
  const float scores_y = panel("Scores").y;
  drag_up(ImVec2(grid.x + grid.w / 2, grid.y + grid.h / 2), 5);
  EXPECT_NEAR(panel("Scores").y, scores_y - 100, 1);
}

TEST_F(NarrowWindowTest, ADragOnAnEntryChangesItAndDoesNotScroll) {
  const app::Rect entry = cell("Q[0][0][0]");
  const double before = state.scenario().Q[0](0, 0);
  const float scores_y = panel("Scores").y;
  drag(center(entry), 40, 4, [](int) {});
  frames(2);
  EXPECT_GT(state.scenario().Q[0](0, 0), before);
  EXPECT_EQ(panel("Scores").y, scores_y);
}

TEST_F(NarrowWindowTest, TheStepsPanelIsAButtonAway) {
  ASSERT_EQ(state.panels.lit_panel, core::Panel::Scores);
  const float editor_h = panel("Matrices").h;
  click(center(control("lesson.go_to_panel")));
  frames(3);  // the editor, scrolled out of the page, draws nothing: it keeps its height
  EXPECT_NEAR(panel("Scores").y, ImGui::GetFrameHeight(), 1);  // at the top, under the menu bar
  EXPECT_EQ(panel("Matrices").h, editor_h);
}

TEST_F(NarrowWindowTest, AWideWindowTilesAsBefore) {
  ImGui::GetIO().DisplaySize = ImVec2(1280, 720);
  frames(3);
  EXPECT_GT(panel("Scores").x, 300);
  EXPECT_EQ(panel("Lesson").x, panel("Matrices").x);
  EXPECT_EQ(layout.controls.count("lesson.go_to_panel"), 0u);
}

}  // namespace test_narrow_window

namespace test_narrow_window {

// The lab on a phone: its settings above its run, in one column the page scrolls; wide, beside it.
TEST_F(NarrowWindowTest, TheLabIsOneColumnThePageScrolls) {
  app::set_experiment(state, core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value(), "07_race.json");
  state.view.workspace = app::Workspace::Lab;
  frames(4);
  const app::Rect lab = panel("Experiment");
  EXPECT_EQ(lab.x, 0);
  EXPECT_GT(lab.h, 800);  // as tall as it draws: the page scrolls
  // Where each is in the panel, each read with the panel in the same frame (control() scrolls to it).
  const float task = control("lab.task").y - panel("Experiment").y;
  const app::Rect run = control("lab.run");
  EXPECT_GT(run.y - panel("Experiment").y, task + 300);  // below the settings
  EXPECT_LT(run.x, 390 / 2);
  ImGui::GetIO().DisplaySize = ImVec2(1280, 720);
  frames(3);
  EXPECT_GT(control("lab.run").x, control("lab.task").x + 200);  // wide: beside the settings
}

// The lab on a phone keeps every control within the screen: its rows of buttons wrap, the table is
// a block of lines a design with its Open in views beside the name, the seeds go below the seed.
TEST_F(NarrowWindowTest, TheLabsControlsStayWithinTheScreen) {
  app::set_experiment(state, core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value(), "07_race.json");
  state.view.workspace = app::Workspace::Lab;
  frames(4);
  for (const char* key : {"lab.seed", "lab.seeds", "lab.open.0", "lab.open.5", "lab.export.png", "lab.export.py",
                          "lab.export.json", "lab.export.animation"}) {
    SCOPED_TRACE(key);
    const app::Rect r = control(key);
    EXPECT_GE(r.x, 0);
    EXPECT_LE(r.x + r.w, 390 - 12);  // left of the page's scrollbar
  }
  // A design's block: its button on the line of its name, the next design's below its four numbers.
  EXPECT_GT(control("lab.open.1").y - control("lab.open.0").y, 4 * ImGui::GetTextLineHeight());
  EXPECT_GT(control("lab.seeds").y, control("lab.seed").y);  // no room beside the seed at 390 pixels
}

}  // namespace test_narrow_window
