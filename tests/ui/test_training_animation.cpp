// The lab's "Animation of the run" in the headless harness: the frame of a
// training run (curves beside a panel), and the dialog that asks for one and
// shows the command line that writes the same file.
#include <cmath>
#include <filesystem>
#include <limits>

#include "app/dialogs/training_animation_dialog.h"
#include "app/panels/panels.h"
#include "app/training/lab.h"
#include "app/widgets/frame_context.h"
#include "core/export/export_curves.h"
#include "core/io/atomic_file.h"
#include "core/training/training.h"
#include "ui_harness.h"

namespace test_training_animation {

namespace {

class TrainingAnimationTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    experiment = core::load_experiment_file(path).experiment.value();
    app::set_experiment(state, experiment, path);
    frames(2);
  }
  // After a frame or two: what the test changed in the state may have moved the control.
  void click_on(const char* key) {
    frames(2);
    click(center(control(key)));
  }

  const std::string path = ATTNLAB_EXPERIMENTS "/01_qqt_vs_qkt_previous_token.json";
  core::Experiment experiment;
};

}  // namespace

// A frame: the curves on the left half, the panel on the right showing the
// scenario it is given (the variant's weights), the axis the whole run's.
TEST_F(TrainingAnimationTest, AFrameShowsTheCurvesBesideThePanel) {
  core::Experiment short_run = experiment;
  short_run.steps = 6;
  core::Training training(short_run);
  while (!training.finished()) training.step();
  const core::Curves whole = core::curves_of(training);

  app::AppState shown(training.current(1));
  shown.lab.experiment = short_run;
  shown.lab.view.curves = whole;
  for (std::vector<double>& loss : shown.lab.view.curves.loss) loss.resize(4);  // after 3 steps
  shown.lab.view.curves.steps_done = 3;
  picture.active = true;
  picture.training = app::TrainingFrame{core::Panel::Softmax, whole.names[1], 1, 3, 6, core::LossAxis{-5, 1}};
  state = shown;
  frames(3);
  ASSERT_TRUE(layout.panels.count(app::kLossCurvesPicture));
  ASSERT_TRUE(layout.panels.count("Softmax"));
  EXPECT_FALSE(layout.panels.count("Scores"));  // one panel, not the views
  EXPECT_FALSE(layout.panels.count(app::kExperimentPanel));
  const app::Rect softmax = layout.panels["Softmax"];
  EXPECT_EQ(softmax.x, 640);  // half of the 1280 pixels
  EXPECT_EQ(softmax.w, 640);
  EXPECT_EQ(softmax.h, 720);
  const app::Rect curves = layout.panels[app::kLossCurvesPicture];  // the plot's rectangle, in the left half
  EXPECT_LT(curves.x + curves.w, 641);
  EXPECT_GT(curves.h, 500);
  // The legend names each design with its loss, at the text's size (15 px at 720p), not the lab's small one (11 px).
  ASSERT_TRUE(layout.plots.count(app::kLossCurvesPicture));
  const app::PlotLayout& plot = layout.plots[app::kLossCurvesPicture];
  ASSERT_EQ(plot.legend_entries.size(), whole.names.size());
  for (const app::PlotLabel& entry : plot.legend_entries) {
    EXPECT_NE(entry.text.find("L = "), std::string::npos) << entry.text;
    EXPECT_GE(entry.rect.h, app::font_px(app::fonts().regular));
  }
  // The weights drawn are the variant's: a 6 × 6 heatmap of its first sequence.
  ASSERT_TRUE(layout.heatmaps.count("Softmax/weights"));
  EXPECT_GT(layout.heatmaps["Softmax/weights"].grid.x, 640);
}

// The Export row opens the dialog with about 100 frames and the first variant;
// the command line it shows says the same choices in --animate training's words.
TEST_F(TrainingAnimationTest, TheDialogShowsTheCommandThatWritesTheSameFile) {
  click_on("lab.export.animation");
  frames(2);
  const app::RecordTraining& r = state.dialogs.record_training;
  ASSERT_TRUE(r.open);
  EXPECT_EQ(r.animation.every, 20);  // 2000 steps: 101 frames
  EXPECT_EQ(r.animation.frames(experiment.steps), 101);
  EXPECT_EQ(r.animation.variant, "QK\u1D40");
  EXPECT_EQ(r.animation.panel, core::Panel::Softmax);
  EXPECT_TRUE(layout.controls.count("training_animation.record"));
  EXPECT_EQ(app::training_animation_dialog_problem(state), "");
  // The experiment's file from the working directory when it is below it, else whole (never shortened: it is pasted).
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(ATTNLAB_EXPERIMENTS);
  EXPECT_EQ(app::training_animation_command_line(state, "OUT.gif"),
            "attnlab 01_qqt_vs_qkt_previous_token.json --animate training --every 20 --size 1280x720 --theme dark --export OUT.gif");
  std::filesystem::current_path(std::string(ATTNLAB_EXPERIMENTS) + "/../lessons");
  const std::string file = state.lab.source;
  EXPECT_EQ(app::training_animation_command_line(state, "OUT.gif"),
            "attnlab " + file + " --animate training --every 20 --size 1280x720 --theme dark --export OUT.gif");

  state.dialogs.record_training.animation.variant = "QQ\u1D40 (shared QK)";
  state.dialogs.record_training.animation.panel = core::Panel::Rank;
  state.dialogs.record_training.animation.fps = 12;
  state.dialogs.record_training.animation.every = 250;
  state.dialogs.record_training.picture.theme = app::PictureTheme::Light;
  EXPECT_EQ(app::training_animation_command_line(state, "OUT.mp4"),
            "attnlab " + file +
                " --animate training --every 250 --variant 'QQ\u1D40 (shared QK)' --panel Rank --fps 12 --size 1280x720"
                " --theme light --export OUT.mp4");
  std::filesystem::current_path(before);
  const app::ScreenshotOptions recorded = app::training_animation_picture(state);
  EXPECT_TRUE(recorded.training);
  EXPECT_EQ(recorded.panel, core::Panel::Rank);
  EXPECT_EQ(recorded.theme, app::Theme::Light);

  // Too many frames, or more steps than the run has: said, and Record waits.
  state.dialogs.record_training.animation.every = 3;
  EXPECT_EQ(app::training_animation_dialog_problem(state), "668 frames: at most 600, a frame every 4 steps or more.");
  state.dialogs.record_training.animation.every = 20;
  // An edited experiment has no file that holds it: the command names EXPERIMENT.json.
  state.lab.experiment.steps = 1000;
  app::experiment_edited(state);
  EXPECT_EQ(app::training_animation_command_line(state, "OUT.gif").rfind("attnlab EXPERIMENT.json --animate training --every 20", 0), 0u);

  // Record asks where the file goes; Cancel trains and records nothing, and the dialog stays.
  click_on("training_animation.record");
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  click_on("file_dialog.cancel");
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);
  EXPECT_EQ(state.dialogs.record_training.phase, app::RecordTraining::Phase::Idle);
  EXPECT_TRUE(state.dialogs.record_training.open);
}

// An experiment that cannot run cannot be recorded: the dialog says why.
TEST_F(TrainingAnimationTest, AnExperimentThatCannotRunIsNotRecorded) {
  state.lab.experiment.variants.clear();
  app::experiment_edited(state);
  app::open_training_animation_dialog(state);
  EXPECT_EQ(app::training_animation_dialog_problem(state).rfind("The experiment cannot run: ", 0), 0u);
}

}  // namespace test_training_animation
