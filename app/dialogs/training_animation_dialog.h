// The lab's "Animation of the run…" (Experiment panel, Export): the run of the experiment as an animation,
// every variant's loss curve growing beside one panel that shows a chosen variant's weights, one frame
// every K steps. The dialog sets K (showing the frames and the length), fps, the panel, the variant, size,
// theme and format; then the window records it (animation.h's TrainingRecorder) under a progress bar with
// Cancel. It writes the file `attnlab EXPERIMENT --animate training` writes for the same words, and
// shows that command.
#pragma once

#include <string>

#include "app/app_state.h"
#include "app/picture_options.h"

namespace app {

// Opens the dialog: K the default for the steps (or the last one while it fits), the first variant unless one is chosen.
void open_training_animation_dialog(AppState& state);

// The dialog and the progress of a recording.
void DrawTrainingAnimationDialog(AppState& state);

// The command line that records the same file (EXPERIMENT is the lab's file
// while it is not edited, else the placeholder EXPERIMENT.json); out is the file it writes.
std::string training_animation_command_line(const AppState& state, const std::string& out);

// The picture the recording renders: size and theme from state.dialogs.record_training.
ScreenshotOptions training_animation_picture(const AppState& state);

// Why the lab's experiment cannot be recorded with the dialog's choices, in the dialog's words; "" when it can.
std::string training_animation_dialog_problem(const AppState& state);

}  // namespace app
