// --animate training: the words, and the frames of a run worked by hand.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/command_line_helpers.h"

#include "app/cli/command_line.h"
#include "core/animation/training_animation.h"
#include "core/training/training.h"

namespace test_training_animation {

using app::parse_command_line;

namespace {

using testing_helpers::refusal;
using testing_helpers::refused_with;

core::Experiment shipped(const std::string& name) {
  core::ExperimentLoad loaded = core::load_experiment_file(std::string(ATTNLAB_EXPERIMENTS) + "/" + name);
  EXPECT_TRUE(loaded.ok()) << loaded.message();
  return loaded.ok() ? *loaded.experiment : core::Experiment{};
}

}  // namespace

TEST(AnimateTraining, TheWords) {
  const app::CommandLine plain = parse_command_line({"e.json", "--animate", "training", "--export", "run.gif"});
  ASSERT_EQ(plain.error, "");
  ASSERT_TRUE(plain.training);
  EXPECT_FALSE(plain.animate);  // not a sweep
  EXPECT_EQ(plain.training->every, 0);  // the default for the experiment's steps, once it is read
  EXPECT_EQ(plain.training->variant, "");
  EXPECT_EQ(plain.training->panel, core::Panel::Softmax);
  EXPECT_EQ(plain.training->fps, 30);
  EXPECT_EQ(plain.panel, std::nullopt);  // the panel stands beside the curves, not alone
  EXPECT_EQ(plain.width, 1440);
  EXPECT_EQ(plain.export_to, "run.gif");

  // --fps before --animate training is kept, as for a sweep; the panel's name in any case.
  const app::CommandLine full = parse_command_line({"e.json", "--fps", "12", "--animate", "training", "--every", "50", "--variant",
                                                    "QQᵀ (shared QK)", "--panel", "rank", "--size", "640x360", "--scale", "2",
                                                    "--theme", "light", "--export", "run.MP4"});
  ASSERT_EQ(full.error, "");
  ASSERT_TRUE(full.training);
  EXPECT_EQ(full.training->every, 50);
  EXPECT_EQ(full.training->variant, "QQᵀ (shared QK)");
  EXPECT_EQ(full.training->panel, core::Panel::Rank);
  EXPECT_EQ(full.training->fps, 12);
  EXPECT_EQ(full.width, 640);
  EXPECT_EQ(full.height, 360);
  EXPECT_EQ(full.scale, 2);
  EXPECT_EQ(full.theme, "light");
}

TEST(AnimateTraining, BadWordsAreRefusedBeforeAnyFileIsRead) {
  const auto training = [](std::vector<std::string> extra) {
    std::vector<std::string> args = {"e.json", "--animate", "training"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  EXPECT_TRUE(refused_with(training({"--every", "0", "--export", "t.gif"}), "--every 0: expected a whole number of steps, 1 or more"));
  EXPECT_TRUE(refused_with(training({"--every", "-5", "--export", "t.gif"}), "--every -5: expected a whole number of steps"));
  EXPECT_TRUE(refused_with(training({"--every", "2.5", "--export", "t.gif"}), "--every 2.5: expected a whole number of steps"));
  EXPECT_TRUE(refused_with(training({"--every"}), "--every needs K"));
  EXPECT_TRUE(refused_with(training({"--variant", "", "--export", "t.gif"}), "--variant is empty"));
  EXPECT_TRUE(refused_with(training({"--frames", "10", "--export", "t.gif"}), "the frames follow from the steps and --every K"));
  EXPECT_TRUE(refused_with(training({"--panel", "Lesson", "--export", "t.gif"}), "--panel Lesson: beside the curves goes Matrices, Scores, Softmax, Rank, Output or Geometry"));
  EXPECT_TRUE(refused_with(training({"--transparent", "--export", "t.gif"}), "--animate training takes --export, --every"));
  EXPECT_TRUE(refused_with(training({"--export", "t.png"}), "expected a file name ending in .gif or .mp4"));
  EXPECT_TRUE(refused_with(training({}), "--animate needs --export OUT.gif or OUT.mp4"));
  EXPECT_TRUE(refused_with(training({"--animate", "training", "--export", "t.gif"}), "--animate given twice"));
  EXPECT_TRUE(refused_with({"--animate", "training", "--export", "t.gif"}, "--animate training needs an experiment file"));
  EXPECT_TRUE(refused_with({"e.json", "--animate", "training", "--export", "./e.json"}, "expected a file name ending in .gif or .mp4"));
  EXPECT_TRUE(refused_with({"e.gif", "--animate", "training", "--export", "sub/../e.gif"}, "is FILE: it would replace the experiment"));
  // --every and --variant belong to a training run: not to a sweep, a picture or the window.
  EXPECT_TRUE(refused_with({"e.json", "--every", "5"}, "--every and --variant go with --animate training"));
  EXPECT_TRUE(refused_with({"a.json", "--variant", "QKᵀ", "--screenshot", "a.png"}, "--every and --variant go with --animate training"));
  EXPECT_TRUE(refused_with({"a.json", "--animate", "X[0][0]=0:1", "--every", "5", "--export", "s.gif"},
                           "--every and --variant go with --animate training"));
  EXPECT_TRUE(refused_with({"--train", "e.json", "--animate", "training", "--export", "t.gif"}, "--train takes --out"));
}

// Frame f shows step min(f·K, steps): frame 0 the starting weights, the last frame the last step.
TEST(AnimateTraining, FramesEveryKStepsWorkedByHand) {
  core::TrainingAnimation a;
  a.every = 300;
  EXPECT_EQ(a.frames(2000), 8);  // ⌈2000 / 300⌉ + 1 = 7 + 1
  const std::vector<int> steps = {0, 300, 600, 900, 1200, 1500, 1800, 2000};
  for (int f = 0; f < 8; ++f) EXPECT_EQ(a.step(f, 2000), steps[static_cast<size_t>(f)]) << "frame " << f;
  a.every = 500;
  EXPECT_EQ(a.frames(2000), 5);  // 0, 500, 1000, 1500, 2000: K divides the steps, steps / K + 1
  EXPECT_EQ(a.step(4, 2000), 2000);
  a.every = 2000;
  EXPECT_EQ(a.frames(2000), 2);  // the start and the end
  a.every = 1;
  EXPECT_EQ(a.frames(1), 2);

  // The default K: the first of 1, 2, 5, 10, 20, 50, … with at most 120 steps between frames.
  EXPECT_EQ(core::default_every(2000), 20);   // 101 frames
  EXPECT_EQ(core::default_every(1000), 10);   // 101
  EXPECT_EQ(core::default_every(3000), 50);   // 20 would give 151: 61
  EXPECT_EQ(core::default_every(120), 1);     // 121
  EXPECT_EQ(core::default_every(121), 2);     // 62
  EXPECT_EQ(core::default_every(1), 1);       // 2
  EXPECT_EQ(core::default_every(100000), 1000);
  core::TrainingAnimation by_default;
  EXPECT_EQ(by_default.frames(2000), 101);
  EXPECT_EQ(by_default.step(100, 2000), 2000);
  for (int steps : {1, 7, 99, 250, 600, 2000, 4999, 12345, 100000}) {
    const int frames = by_default.frames(steps);
    EXPECT_LE(frames, 121) << steps;
    EXPECT_GE(frames, std::min(steps + 1, 49)) << steps;
  }
}

TEST(AnimateTraining, WhatAnExperimentAllows) {
  const core::Experiment e = shipped("01_qqt_vs_qkt_previous_token.json");  // 2000 steps; QKᵀ, QQᵀ (shared QK)
  ASSERT_EQ(e.steps, 2000);
  core::TrainingAnimation a;
  EXPECT_EQ(core::training_animation_problem(e, a), "");
  a.every = 2000;
  EXPECT_EQ(core::training_animation_problem(e, a), "");
  a.every = 2001;
  EXPECT_EQ(core::training_animation_problem(e, a), "--every 2001: the experiment has 2000 steps: at most 2000");
  // K = 3 makes ⌈2000 / 3⌉ + 1 = 668 frames; K = 4 makes 501.
  a.every = 3;
  EXPECT_EQ(core::training_animation_problem(e, a), "--every 3: 668 frames of 2000 steps, at most 600: --every 4 or more");
  a.every = 4;
  EXPECT_EQ(core::training_animation_problem(e, a), "");

  // A variant by its name, exactly, or by its number from 1.
  EXPECT_EQ(core::training_variant(e, ""), 0);
  EXPECT_EQ(core::training_variant(e, "QKᵀ"), 0);
  EXPECT_EQ(core::training_variant(e, "QQᵀ (shared QK)"), 1);
  EXPECT_EQ(core::training_variant(e, "2"), 1);
  EXPECT_EQ(core::training_variant(e, "4"), 3);
  EXPECT_EQ(core::training_variant(e, "5"), -1);
  EXPECT_EQ(core::training_variant(e, "0"), -1);
  EXPECT_EQ(core::training_variant(e, "qkᵀ"), -1);
  a.variant = "QKT";
  EXPECT_EQ(core::training_animation_problem(e, a),
            "--variant QKT: the experiment's variants are 1 \u201CQK\u1D40\u201D, 2 \u201CQQ\u1D40 (shared QK)\u201D, "
            "3 \u201CQQ\u1D40, d_k = 3\u201D, 4 \u201CQQ\u1D40, d_k = 4\u201D (a name or a number)");
  a.variant = "2";
  EXPECT_EQ(core::training_animation_problem(e, a), "");
  a.panel = core::Panel::Lesson;
  EXPECT_NE(core::training_animation_problem(e, a).find("--panel Lesson"), std::string::npos);
  using core::Panel;
  for (Panel panel : {Panel::Scores, Panel::Softmax, Panel::Rank, Panel::Output, Panel::Geometry, Panel::Matrices})
    EXPECT_TRUE(core::training_panel(panel)) << core::panel_name(panel);
  EXPECT_FALSE(core::training_panel(Panel::Lesson));
  EXPECT_FALSE(core::training_panel(Panel::Experiment));
  EXPECT_FALSE(core::training_panel(Panel::LossCurves));
}

}  // namespace test_training_animation
