// --animate training: a run of an experiment as an animation, the loss curves
// of every variant growing beside one panel that shows a chosen variant's
// weights as it learns. Frame f shows the run after min(f·K, steps) steps: frame
// 0 is step 0 (the starting weights), the last frame the last step, so there
// are ⌈steps / K⌉ + 1 frames. These are the rules of the words; the recording
// itself is animation.h's TrainingRecorder.
#pragma once

#include <string>

#include "core/animation/sweep.h"
#include "core/model/lesson.h"
#include "core/training/training.h"

namespace core {

inline constexpr Panel kDefaultTrainingPanel = Panel::Softmax;
inline constexpr int kTrainingFramesAimed = 120;  // the default K gives at most this many steps between frames, + 1

struct TrainingAnimation {
  int every = 0;                               // K, steps between frames; 0: default_every(the steps)
  std::string variant;                         // a variant's name, or its number counted from 1; empty: the first
  Panel panel = kDefaultTrainingPanel;          // beside the curves: one of kPanels but Lesson
  int fps = kDefaultFps;

  // K for a run of `steps` steps.
  int every_for(int steps) const;
  // ⌈steps / K⌉ + 1.
  int frames(int steps) const;
  // The steps done at frame f: min(f·K, steps).
  int step(int frame, int steps) const;
};

// The default K: the first of 1, 2, 5, 10, 20, 50, … that leaves at most
// kTrainingFramesAimed steps between frames (2000 steps: every 20, 101 frames).
int default_every(int steps);

// Whether `panel` can stand beside the curves (Scores, Softmax, Rank, Output, Geometry, Matrices).
bool training_panel(Panel panel);
// "--panel NAME: beside the curves goes …" when it cannot, else "".
std::string training_panel_problem(Panel panel);

// The variant `variant` names in e: by its name, else by its number from 1; −1 when none.
int training_variant(const Experiment& e, const std::string& variant);

// "" when e can be recorded so; else what is wrong, in the command line's
// words (--every, --variant, --panel), naming the experiment's steps or variants.
std::string training_animation_problem(const Experiment& e, const TrainingAnimation& a);

}  // namespace core
