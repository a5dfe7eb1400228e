// The recordings the window makes between frames: File → Export animation's sweep and the
// lab's "Animation of the run". Each is driven one frame (or one slice of training) per
// drawn frame, so that the progress bar moves and Cancel answers at once.
#pragma once

#include <memory>

#include "app/app_state.h"
#include "app/pictures/animation.h"

namespace app {

class Recordings {
 public:
  // After a frame: starts what the dialogs asked for, or records the next part. Returns true
  // while one is under way (the window then draws the next frame without waiting for an event).
  bool step(AppState& state);
  // Out of memory: both stop and write nothing.
  void abandon(AppState& state);

 private:
  void step_sweep(AppState& state);
  void step_training(AppState& state);

  std::unique_ptr<SweepRecorder> sweep_;        // Record sweep's, while it records
  std::unique_ptr<TrainingRecorder> training_;  // the lab's Animation of the run, while it records
};

}  // namespace app
