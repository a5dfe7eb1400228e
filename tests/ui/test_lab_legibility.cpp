// Titles and names drawn as the panels draw markup, wherever a title is drawn:
// the menus, the lab's list of experiments, its legend and its table; the lab's list never cut;
// its curves smoothed on demand. What the screen says is read from ScreenText (layout.text),
// where markup's raised and lowered parts come apart: "W^Q" reads "W Q".
#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "app/files/files.h"
#include "app/panels/panels.h"
#include "app/training/lab.h"
#include "app/widgets/loss_curves.h"
#include "core/model/markup.h"
#include "core/training/curve_style.h"
#include "ui_harness.h"

namespace test_lab_legibility {

namespace {

namespace fs = std::filesystem;

// The shipped experiments with their titles, as the app lists them.
std::vector<app::LessonInfo> shipped_experiments() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(ATTNLAB_EXPERIMENTS))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<app::LessonInfo> list;
  for (const fs::path& f : files) list.push_back({f.string(), core::load_experiment_file(f.string()).experiment.value().title});
  return list;
}

// Markup as the screen reads it, without its spaces: the runs one after another ("WQWKᵀ").
std::string drawn(const std::string& markup) {
  std::string out;
  for (const core::MarkupRun& run : core::markup_runs(markup)) out += run.text;
  out.erase(std::remove(out.begin(), out.end(), ' '), out.end());
  return out;
}
std::string without_spaces(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n'; }), s.end());
  return s;
}

class LabLegibilityTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    state.library.experiments = shipped_experiments();
    layout.read_text = true;
  }
};

}  // namespace

// Train → the shipped experiments: "One W or W^Q W^Kᵀ" drawn with Q and K raised, not as typed,
// and a click on an item still opens its experiment.
TEST_F(LabLegibilityTest, TheTrainMenuDrawsTheTitlesAsMarkup) {
  open_menu("menu.train");
  const std::string& menu = layout.text["menu"];
  EXPECT_EQ(menu.find("W^Q"), std::string::npos) << menu;
  EXPECT_EQ(menu.find("d_k"), std::string::npos) << menu;
  for (size_t i = 0; i < state.library.experiments.size(); ++i) {
    EXPECT_NE(without_spaces(menu).find(drawn(state.library.experiments[i].title)), std::string::npos)
        << state.library.experiments[i].title << " in\n" << menu;
    EXPECT_TRUE(layout.controls.count("menu.experiment." + std::to_string(i))) << i;
  }
  const app::Rect item = layout.controls.at("menu.experiment.1");
  // The item is as wide as the markup drawn on it: the title is not cut.
  EXPECT_GE(item.w, app::script_text_size("2. " + state.library.experiments[1].title).x);
  click(center(item));
  EXPECT_EQ(state.lab.source, state.library.experiments[1].path);
  EXPECT_EQ(state.view.workspace, app::Workspace::Lab);
}

// Lessons: the same drawing, and a click opens the lesson.
TEST_F(LabLegibilityTest, TheLessonsMenuDrawsTheTitlesAsMarkup) {
  state.library.lessons = {app::LessonInfo{ATTNLAB_LESSONS "/06_scaling.json", "Why √d_k inside the softmax"}};
  open_menu("menu.lessons");
  const std::string& menu = layout.text["menu"];
  EXPECT_NE(without_spaces(menu).find("1.Why√dkinsidethesoftmax"), std::string::npos) << menu;
  EXPECT_EQ(menu.find("√d_k"), std::string::npos) << menu;
  click(center(layout.controls.at("menu.lesson.0")));
  EXPECT_EQ(fs::path(state.library.file).filename(), "06_scaling.json") << state.status;
}

// The lab's legend, table and learned maps name the designs as markup ("no √d k"): only the
// field where a design's name is typed shows it as typed ("{ no √d_k }").
TEST_F(LabLegibilityTest, TheLegendTableAndMapsDrawTheNamesAsMarkup) {
  core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/06_sqrt_dk.json").experiment.value();
  e.steps = 5;
  e.seeds = 1;
  app::set_experiment(state, e, "06_sqrt_dk.json");
  frames(2);
  click(center(control("lab.step")));
  ASSERT_TRUE(frames_until([&] { return state.lab.view.curves.steps_done == 1 && !state.lab.view.running; }));
  frames(2);
  const std::string& text = layout.text[app::kExperimentPanel];
  std::istringstream lines(text);
  int named = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("√d_k") != std::string::npos) EXPECT_EQ(line.rfind("{ no √d_k }", 0), 0u) << "raw markup outside the name's field: " << line;
    if (line.find("no √d k") != std::string::npos || line.find("no √dₖ") != std::string::npos) ++named;
  }
  // The design's row in the Designs list (its options), the legend (ImPlot's, in plain text: "no √dₖ"), the
  // table and the learned maps.
  EXPECT_GE(named, 4) << text;
}

// At 1280×720 and 1920×1080 the lab's list of experiments shows every title in full: the box
// holds the current one wrapped, the list each one, every entry inside the window.
TEST_F(LabLegibilityTest, TheExperimentListIsNeverCut) {
  for (const ImVec2 size : {ImVec2(1280, 720), ImVec2(1920, 1080)}) {
    SCOPED_TRACE(std::to_string(static_cast<int>(size.x)) + "x" + std::to_string(static_cast<int>(size.y)));
    ImGui::GetIO().DisplaySize = size;
    app::open_experiment(state, state.library.experiments[5].path);  // √d_k inside the softmax…: a long title
    frames(3);
    ASSERT_EQ(state.view.workspace, app::Workspace::Lab);
    EXPECT_NE(without_spaces(layout.text[app::kExperimentPanel]).find(drawn(state.library.experiments[5].title)), std::string::npos);
    click(center(control("lab.experiment")));
    frames(2);
    const std::string screen = without_spaces(layout.text[app::kExperimentPanel]);
    for (size_t i = 0; i < state.library.experiments.size(); ++i) {
      const std::string key = "lab.experiment." + std::to_string(i);
      ASSERT_TRUE(layout.controls.count(key)) << key;
      const app::Rect r = layout.controls.at(key);
      EXPECT_GE(r.x, 0);
      EXPECT_LE(r.x + r.w, size.x) << key;
      EXPECT_LE(r.y + r.h, size.y) << key;
      EXPECT_NE(screen.find(drawn(std::to_string(i + 1) + ". " + state.library.experiments[i].title)), std::string::npos)
          << state.library.experiments[i].title;
    }
    click(center(layout.controls.at("lab.experiment.8")));
    EXPECT_EQ(state.lab.source, state.library.experiments[8].path);
  }
}

// Smoothing: off by default; on, what is drawn is the moving average of the raw curve, which the
// run, the table and the exports keep.
TEST_F(LabLegibilityTest, CurvesAreSmoothedOnDemandAndStayRaw) {
  core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/01_qqt_vs_qkt_previous_token.json").experiment.value();
  e.steps = 20;
  e.seeds = 1;
  app::set_experiment(state, e, "01.json");
  frames(2);
  EXPECT_EQ(state.lab.smoothing, 0);
  click(center(control("lab.run")));
  ASSERT_TRUE(frames_until([&] { return state.lab.view.curves.finished() && !state.lab.view.running; }));
  EXPECT_EQ(&app::shown_loss(state), &state.lab.view.curves.loss) << "off: the curves themselves";
  click(center(control("lab.smoothing.2")));
  ASSERT_EQ(state.lab.smoothing, 2);
  const core::Curves& c = state.lab.view.curves;
  const std::vector<std::vector<double>>& shown = app::shown_loss(state);
  ASSERT_EQ(shown.size(), c.loss.size());
  for (size_t v = 0; v < c.loss.size(); ++v) {
    EXPECT_EQ(shown[v], core::log_moving_average(c.loss[v], 0.9, 1e-16));  // averaged as the log axis shows it
    EXPECT_NE(shown[v], c.loss[v]);
  }
  core::Training alone(e);
  while (!alone.finished()) alone.step();
  EXPECT_EQ(c.loss[0], alone.loss(0)) << "the run's curves stay raw";
}

// The curves' plot (ImPlot's) as a person reads it: a legend entry naming each design with its last loss, decades
// on the log axis, and over the plot a readout of every design's loss at the step under the pointer.
TEST_F(LabLegibilityTest, TheCurvesNameEachDesignAndReadOutTheHoveredStep) {
  core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/01_qqt_vs_qkt_previous_token.json").experiment.value();
  e.steps = 20;
  e.seeds = 1;
  app::set_experiment(state, e, "01.json");
  frames(2);
  click(center(control("lab.run")));
  ASSERT_TRUE(frames_until([&] { return state.lab.view.curves.finished() && !state.lab.view.running; }));
  frames(2);
  const core::Curves& c = state.lab.view.curves;
  ASSERT_TRUE(layout.plots.count(app::kLossCurvesPicture));
  const app::PlotLayout plot = layout.plots.at(app::kLossCurvesPicture);
  ASSERT_EQ(plot.legend_entries.size(), c.names.size());
  for (size_t v = 0; v < c.names.size(); ++v) {
    EXPECT_EQ(plot.legend_entries[v].text.rfind(core::markup_as_plain_text(c.names[v]), 0), 0u) << plot.legend_entries[v].text;
    EXPECT_NE(plot.legend_entries[v].text.find("L = " + app::format_loss(c.loss[v].back())), std::string::npos);
  }
  EXPECT_TRUE(std::any_of(plot.ticks.begin(), plot.ticks.end(), [](const app::PlotLabel& t) { return t.text.rfind("10", 0) == 0; }));
  // The step under the pointer: at the plot's middle, step 10 of 20, each design's loss there.
  mouse_to(ImVec2(plot.plot.x + plot.plot.w / 2, plot.plot.y + plot.plot.h / 2));
  frames(3);
  EXPECT_TRUE(layout.tooltip);
  const std::string& text = layout.text[app::kExperimentPanel];
  EXPECT_NE(text.find("after 10 steps"), std::string::npos) << text;
  for (size_t v = 0; v < c.names.size(); ++v) EXPECT_NE(text.find("L = " + app::format_loss(c.loss[v][10])), std::string::npos) << text;
}

}  // namespace test_lab_legibility
