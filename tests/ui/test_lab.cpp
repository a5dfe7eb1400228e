// The training lab in the headless harness: the Experiment panel's buttons
// drive a real run on the worker thread, and what it shows is what core's
// Training computes on its own, bit for bit.
#include <chrono>
#include <thread>

#include "app/files/files.h"
#include "app/panels/panels.h"
#include "app/training/designs.h"
#include "app/training/lab.h"
#include "core/training/training.h"
#include "ui_harness.h"

namespace test_lab {

namespace {

class LabTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    experiment = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/01_qqt_vs_qkt_previous_token.json").experiment.value();
    experiment.steps = 30;
    experiment.seeds = 1;  // the curves are one run's, as core trains it alone (SeedsShowMediansAndBands: more)
    app::set_experiment(state, experiment, "01_qqt_vs_qkt_previous_token.json");
    frames(2);
  }
  void click_on(const char* key) { click(center(control(key))); }
  const core::Curves& curves() const { return state.lab.view.curves; }

  core::Experiment experiment;
};

}  // namespace

// Step, Run to the end, and the curves are core's; "Open in views" shows the
// trained weights and the first sequence; Ctrl+Z brings the scenario back.
TEST_F(LabTest, StepRunOpenInViewsUndo) {
  ASSERT_TRUE(layout.panels.count(app::kExperimentPanel));
  EXPECT_FALSE(layout.panels.count("Scores"));  // the lab fills the window
  // Before Run: W^Q, W^K, W^V, W^O of 4×2, 4×2, 4×2, 2×4; shared QK 8 fewer; at d_k = 3 and 4, 3·4·d_k.
  ASSERT_EQ(curves().params, (std::vector<int>{32, 24, 36, 48}));
  click_on("lab.step");
  ASSERT_TRUE(frames_until([&] { return curves().steps_done == 1 && !state.lab.view.running; }));
  click_on("lab.run");
  ASSERT_TRUE(frames_until([&] { return curves().finished() && !state.lab.view.running; }));

  core::Training alone(experiment);
  while (!alone.finished()) alone.step();
  for (int v = 0; v < alone.variants(); ++v) {
    EXPECT_EQ(curves().loss[static_cast<size_t>(v)], alone.loss(v)) << alone.name(v);
    EXPECT_EQ(curves().test_loss[static_cast<size_t>(v)], alone.test_loss(v));
  }

  // The views showed a lesson of its own file: Open in views lets go of the file, Ctrl+Z gives it back.
  const std::string lesson_file = "/tmp/attnlab-lab-test-lesson.json";
  state.library.file = lesson_file;
  state.library.lessons = {app::LessonInfo{lesson_file, "A lesson"}};
  const core::Scenario before = state.scenario();
  ASSERT_FALSE(state.modified());
  click_on("lab.open.0");
  EXPECT_EQ(state.view.workspace, app::Workspace::Views);
  const core::Scenario trained = alone.current(0);
  EXPECT_EQ(state.scenario().W_Q[0], trained.W_Q[0]);
  EXPECT_EQ(state.scenario().W_O, trained.W_O);
  EXPECT_EQ(state.scenario().X, trained.X);
  EXPECT_EQ(state.scenario().target, trained.target);
  EXPECT_EQ(state.scenario().title.rfind("QK\u1D40 after 30 steps", 0), 0u) << state.scenario().title;
  EXPECT_TRUE(state.library.file.empty());  // Ctrl+S must not write the weights over the file that was open
  frames(2);
  EXPECT_TRUE(layout.panels.count("Scores"));
  expect_result_is_current();
  ctrl_key('Z');
  EXPECT_EQ(state.scenario(), before);
  // Back on the lesson: its file, its ◀ ▶ buttons, and nothing unsaved to ask about.
  EXPECT_EQ(state.library.file, lesson_file);
  EXPECT_FALSE(state.modified());
  EXPECT_TRUE(app::is_lesson(state, 0));
  ctrl_key('Z', true);  // redo: the trained weights again, and no file to save them over
  EXPECT_EQ(state.scenario().W_Q[0], trained.W_Q[0]);
  EXPECT_TRUE(state.library.file.empty());
  ctrl_key('Z');
  EXPECT_EQ(state.library.file, lesson_file);
  // Saved under another name meanwhile: redo lets go of that file too, and undo gives it back.
  state.library.file = "/tmp/attnlab-lab-test-mine.json";
  ctrl_key('Z', true);
  EXPECT_TRUE(state.library.file.empty());
  ctrl_key('Z');
  EXPECT_EQ(state.library.file, "/tmp/attnlab-lab-test-mine.json");
}

// Slow motion and Pause: at 5 steps a second the run creeps, and once paused it stays put.
TEST_F(LabTest, PauseHoldsTheRun) {
  app::lab_set_speed(state, 3);
  ASSERT_EQ(app::kLabSpeeds[3].steps_per_second, 5);
  click_on("lab.run");
  ASSERT_TRUE(frames_until([&] { return curves().steps_done >= 2; }));
  click_on("lab.run");  // now "Pause"
  ASSERT_TRUE(frames_until([&] { return !state.lab.view.running; }));
  const int paused_at = curves().steps_done;
  EXPECT_LT(paused_at, 30);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  frames(3);
  EXPECT_EQ(curves().steps_done, paused_at);
  // Every step taken is shown: the curves hold a value for each.
  EXPECT_EQ(curves().loss[0].size(), static_cast<size_t>(paused_at));
}

// A learning-rate sweep (11, cut short): the lab trains every rate's runs, plots each design's points, and
// they are the points core's sweep gives; its text has them; "One rate" trains at one rate again.
TEST_F(LabTest, ASweepPlotsEachDesignsPointsAgainstTheRate) {
  core::Experiment sweep = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/11_learning_rate_sweep.json").experiment.value();
  sweep.steps = 20;
  sweep.seeds = 2;
  sweep.sweep_learning_rate = {0.01, 0.3, 3};
  app::set_experiment(state, sweep, "11_learning_rate_sweep.json");
  frames(2);
  ASSERT_TRUE(state.lab.problems.empty());
  click_on("lab.run");
  ASSERT_TRUE(frames_until([&] { return curves().finished() && !state.lab.view.running; }));
  frames(2);
  EXPECT_TRUE(layout.panels.count("lab.sweep"));
  EXPECT_EQ(curves().sweep, sweep.sweep_learning_rate);
  ASSERT_EQ(curves().designs, 2);
  EXPECT_EQ(curves().names.size(), 6u);
  core::SeededTraining alone(sweep);
  alone.train_to_end({}, 1);
  for (int v = 0; v < 2; ++v)
    for (int k = 0; k < 3; ++k) {
      const core::SweepPoint shown = core::sweep_point_of(curves(), k, v), trained = alone.sweep(v)[static_cast<size_t>(k)];
      EXPECT_EQ(shown.median_test_loss, trained.median_test_loss) << v << " " << k;
      EXPECT_EQ(shown.test_loss_hi, trained.test_loss_hi);
      EXPECT_EQ(shown.median_largest_logit, trained.median_largest_logit);
      EXPECT_EQ(shown.runs, 2);
    }
  const std::string text = app::DescribeExperimentPanel(state).text();
  EXPECT_NE(text.find("The sweep, each rate over 2 seeds"), std::string::npos) << text;
  EXPECT_NE(text.find("QK-norm, η = 3: test loss "), std::string::npos) << text;
  // Export: curves PNG is the picture of what the lab shows: the sweep's plots, not a curve per rate.
  picture = app::PictureOptions{true, core::Panel::LossCurves, false};
  frames(2);
  EXPECT_TRUE(layout.panels.count("lab.sweep"));
  picture = app::PictureOptions{};
  frames(2);
  click_on("lab.sweep.off");
  frames(2);
  EXPECT_TRUE(state.lab.experiment.sweep_learning_rate.empty());
  EXPECT_EQ(state.lab.experiment.learning_rate, 0.01);
  ASSERT_NE(state.lab.worker, nullptr);
  EXPECT_TRUE(curves().sweep.empty());
  EXPECT_EQ(curves().names.size(), 2u);
}

// An edit the reader refuses names the field and cannot run; a fix makes a fresh run.
TEST_F(LabTest, AnEditTheReaderRefusesCannotRun) {
  click_on("lab.step");
  ASSERT_TRUE(frames_until([&] { return curves().steps_done == 1; }));
  state.lab.experiment.task = core::TaskKind::MatchPair;
  state.lab.experiment.n = 5;
  app::experiment_edited(state);
  frames(2);
  ASSERT_FALSE(state.lab.problems.empty());
  EXPECT_NE(state.lab.problems.front().find("even n"), std::string::npos);
  EXPECT_EQ(state.lab.worker, nullptr);
  app::lab_run(state);
  EXPECT_NE(state.status.find("cannot train"), std::string::npos);
  state.lab.experiment.n = 6;
  app::experiment_edited(state);
  frames(2);
  EXPECT_TRUE(state.lab.problems.empty());
  ASSERT_NE(state.lab.worker, nullptr);
  EXPECT_EQ(curves().steps_done, 0);
  EXPECT_TRUE(state.lab.edited);
}

// A cross-attention experiment (09: n = 5 queries over m = 6 keys): the run is core's, "Open in views"
// brings the encoder's sequence X_kv along, and the cross-attention checkbox sets m (off: align, which
// needs it, cannot run and says so; on again: m = n).
TEST_F(LabTest, CrossAttentionExperiment) {
  core::Experiment cross = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/09_cross_attention_alignment.json").experiment.value();
  cross.steps = 10;
  cross.seeds = 1;  // the lab's curves are then the one run's, as core trains it
  app::set_experiment(state, cross, "09_cross_attention_alignment.json");
  frames(2);
  click_on("lab.run");
  ASSERT_TRUE(frames_until([&] { return curves().finished() && !state.lab.view.running; }));
  core::Training alone(cross);
  while (!alone.finished()) alone.step();
  for (int v = 0; v < alone.variants(); ++v) EXPECT_EQ(curves().loss[static_cast<size_t>(v)], alone.loss(v)) << alone.name(v);

  click_on("lab.open.0");
  const core::Scenario trained = alone.current(0);
  ASSERT_TRUE(state.scenario().cross());
  EXPECT_EQ(state.scenario().m(), 6);
  EXPECT_EQ(state.scenario().X_kv, trained.X_kv);
  EXPECT_EQ(state.scenario().X, trained.X);
  frames(2);
  expect_result_is_current();

  state.view.workspace = app::Workspace::Lab;
  frames(2);
  click_on("lab.cross");
  frames(1);
  EXPECT_EQ(state.lab.experiment.m, 0);
  ASSERT_FALSE(state.lab.problems.empty());
  EXPECT_EQ(state.lab.problems.front().rfind("m: missing; the task align is cross-attention", 0), 0u) << state.lab.problems.front();
  click_on("lab.cross");
  frames(1);
  EXPECT_EQ(state.lab.experiment.m, 5);
  EXPECT_TRUE(state.lab.problems.empty());
}

// Over seeds: the lab's curves are the medians and bands of --train's RESULT, the table says
// median [min, max], and Open in views shows the first seed's run.
TEST_F(LabTest, SeedsShowMediansAndBands) {
  core::Experiment seeded = experiment;
  seeded.seeds = 3;
  app::set_experiment(state, seeded, "01_qqt_vs_qkt_previous_token.json");
  frames(2);
  click_on("lab.run");
  ASSERT_TRUE(frames_until([&] { return curves().finished() && !state.lab.view.running; }));
  core::SeededTraining alone(seeded);
  alone.train_to_end();
  const core::OrderedJson result = alone.result_json();
  ASSERT_EQ(curves().seeds, 3);
  for (size_t v = 0; v < curves().names.size(); ++v) {
    const auto& median = result["variants"][v]["median_loss"];
    ASSERT_EQ(curves().loss[v].size(), median.size());
    for (size_t k = 0; k < median.size(); ++k) EXPECT_EQ(curves().loss[v][k], median[k].get<double>());
    EXPECT_EQ(curves().test_loss[v], result["variants"][v]["median_test_loss"].get<double>());
    ASSERT_EQ(curves().band_lo[v].size(), median.size());
  }
  const std::string now = app::variant_loss_now(curves(), 0);
  EXPECT_NE(now.find(" ["), std::string::npos) << now;
  EXPECT_NE(app::variant_test_loss(curves(), 0).find(" ["), std::string::npos);
  EXPECT_NE(app::lab_progress(state).find("3 seeds each"), std::string::npos) << app::lab_progress(state);
  const app::Rect open = control("lab.open.0");
  const app::Rect panel = layout.panels.at(app::kExperimentPanel);
  EXPECT_LE(open.x + open.w, panel.x + panel.w) << "Open in views is off the panel: x " << open.x << " w " << open.w;
  click_on("lab.open.0");
  EXPECT_EQ(state.scenario().W_Q[0], alone.run(0).current(0).W_Q[0]);
}

// Every design the lab offers to add is a variant the experiment reader accepts, at the
// shipped sizes (d_model 4, d_k 2), with what its name says.
TEST(Designs, EachIsAVariantTheReaderAccepts) {
  const core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
  ASSERT_EQ(app::designs().size(), 10u);
  for (const app::Design& d : app::designs()) {
    core::Variant v;
    v.name = d.name;
    v.options = d.options;
    EXPECT_TRUE(core::validate(core::blank_model(e, v)).empty()) << d.name;
  }
  const app::Design& qk_norm = app::designs()[8];
  EXPECT_STREQ(qk_norm.name, "QK-norm");
  EXPECT_TRUE(qk_norm.options.qk_norm);
  EXPECT_EQ(qk_norm.options.scale, core::Scale::None);
  EXPECT_EQ(app::options_summary({"x", qk_norm.options, 4}), "d_k = 4 \u00B7 QK-norm");
  // Sigmoid attention, added by docs/architecture.md's checklist: its weights, and nothing else.
  const app::Design& sigmoid = app::designs().back();
  EXPECT_STREQ(sigmoid.name, "sigmoid");
  EXPECT_EQ(sigmoid.options, (core::Options{.weights = core::Weights::Sigmoid}));
  EXPECT_EQ(app::options_summary({"x", sigmoid.options, 0}), "sigmoid");
}

// F11 in the lab: the lab alone over the whole window (no menu bar, no status line), and F11
// again brings the window back, still in the lab.
TEST_F(LabTest, F11ShowsTheLabOverTheWholeWindow) {
  state.view.workspace = app::Workspace::Lab;
  frames(2);
  const app::Rect windowed = layout.panels.at("Experiment");
  EXPECT_GT(windowed.y, 0);  // under the menu bar
  const auto f11 = [&] {
    press(ImGuiKey_F11);
    frame();
  };
  f11();
  ASSERT_TRUE(state.view.presenter);
  EXPECT_EQ(state.view.workspace, app::Workspace::Lab);
  const app::Rect full = layout.panels.at("Experiment");
  EXPECT_EQ(full.y, 0);
  EXPECT_EQ(full.h, 720);
  EXPECT_EQ(full.w, 1280);
  EXPECT_FALSE(layout.panels.count("Scores"));
  f11();
  EXPECT_FALSE(state.view.presenter);
  EXPECT_EQ(state.view.workspace, app::Workspace::Lab);
  EXPECT_GT(layout.panels.at("Experiment").y, 0);
}

}  // namespace test_lab
