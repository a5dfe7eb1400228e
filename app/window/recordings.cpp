#include "app/window/recordings.h"

#include <string>

#include "app/dialogs/animation_dialog.h"
#include "app/dialogs/record_dialog.h"
#include "app/dialogs/training_animation_dialog.h"

namespace app {

bool Recordings::step(AppState& state) {
  const bool recording = state.recording();
  step_sweep(state);  // each does nothing while idle
  step_training(state);
  return recording;  // the progress bar moves without an event
}

void Recordings::abandon(AppState& state) {
  sweep_.reset();
  training_.reset();
  state.dialogs.record.phase = RecordSweep::Phase::Idle;
  state.dialogs.record_training.phase = RecordTraining::Phase::Idle;
}

// File → Export animation. The status line says where it went, or why not.
void Recordings::step_sweep(AppState& state) {
  RecordSweep& r = state.dialogs.record;
  const auto stop = [&](const std::string& status) {
    sweep_.reset();  // before anything else is drawn: the renderer gives the window's GL and ImGui state back
    r.phase = RecordSweep::Phase::Idle;
    state.status = status;
  };
  if (r.phase == RecordSweep::Phase::Asked) {
    if (r.path.empty()) return stop("not exported: no file was chosen");  // the export dialog names it (write_export)
    sweep_ = std::make_unique<SweepRecorder>(state, r.sweep, record_picture(state), r.path);
    r.path.clear();  // the next recording asks anew
    r.done = 0;
    r.phase = RecordSweep::Phase::Recording;
    if (!sweep_->error().empty()) return stop("not exported: " + sweep_->error());
    return;  // the first frame after the progress bar is drawn once
  }
  if (r.phase != RecordSweep::Phase::Recording || !sweep_) return;
  if (r.cancel) return stop("recording cancelled at frame " + std::to_string(r.done) + " of " + std::to_string(r.sweep.frames) +
                            ": nothing written");
  if (!sweep_->next(state)) return stop("not exported: " + sweep_->error());
  r.done = sweep_->done();
  if (sweep_->finished()) stop(exported_status(sweep_->path(), r.sweep.frames, r.sweep.fps));
}

// The lab's "Animation of the run": the run trained afresh, a slice per call, then one frame
// per call. The status line says where it went, or why not.
void Recordings::step_training(AppState& state) {
  RecordTraining& r = state.dialogs.record_training;
  const auto stop = [&](const std::string& status) {
    training_.reset();  // before anything else is drawn: the renderer gives the window's GL and ImGui state back
    r.phase = RecordTraining::Phase::Idle;
    r.training = false;
    state.status = status;
  };
  if (r.phase == RecordTraining::Phase::Asked) {
    if (const std::string problem = core::training_animation_problem(state.lab.experiment, r.animation); !problem.empty() || !state.lab.problems.empty())
      return stop("not exported: " + (problem.empty() ? state.lab.problems.front() : problem));
    if (r.path.empty()) return stop("not exported: no file was chosen");  // the export dialog names it (write_export)
    training_ = std::make_unique<TrainingRecorder>(state, state.lab.experiment, r.animation, training_animation_picture(state), r.path);
    r.path.clear();  // the next recording asks anew
    r.phase = RecordTraining::Phase::Recording;
    r.training = true;
    r.trained = r.done = 0;
    r.steps = training_->steps();
    r.frames = training_->frames();
    if (!training_->error().empty()) return stop("not exported: " + training_->error());
    return;  // the first slice after the progress bar is drawn once
  }
  if (r.phase != RecordTraining::Phase::Recording || !training_) return;
  if (r.cancel)
    return stop("recording cancelled " +
                (r.training ? "while training, at step " + std::to_string(r.trained) + " of " + std::to_string(r.steps)
                            : "at frame " + std::to_string(r.done) + " of " + std::to_string(r.frames)) +
                ": nothing written");
  if (!training_->next()) return stop("not exported: " + training_->error());
  r.training = training_->training();
  r.trained = training_->steps_trained();
  r.done = training_->done();
  if (training_->finished()) stop(exported_status(training_->path(), r.frames, r.animation.fps));
}

}  // namespace app
