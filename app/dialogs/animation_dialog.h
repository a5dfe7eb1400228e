// What the two animation dialogs share (Record sweep, record_dialog.cpp, and
// the lab's Animation of the run, training_animation_dialog.cpp): the
// picture's size, theme and format, the problem or the command that writes the
// same file, Record and Close, and the progress bar with Cancel.
#pragma once

#include <string>

#include "app/app_state.h"
#include "app/picture_options.h"

namespace app {

// " --size WxH --theme light|dark [--scale-per-frame]": the picture's words on a command line.
std::string picture_words(const AnimationPicture& picture, Theme window);
// A picture of picture's size and theme (the caller sets the panel).
ScreenshotOptions picture_options(const AnimationPicture& picture, Theme window);
// ".gif" or ".mp4".
inline const char* picture_extension(const AnimationPicture& picture) { return picture.mp4 ? ".mp4" : ".gif"; }

// A row's label, its controls from `column` on: the rows of a dialog line up.
void RowLabel(const char* label, float column);

// The size (with 720p, 1080p and, when asked, square at a click), the theme and the format;
// each labelled at `column`, the controls named `prefix`.size, .theme, .gif, .mp4.
void PictureControls(AnimationPicture& picture, const std::string& prefix, float column, bool square);

// Why it cannot be recorded, in red; or where the file goes (Record asks, proposing what's
// name in its folder, exports.h) and the command that writes the same file, with a button that copies it.
void ProblemOrCommand(const AppState& state, const std::string& problem, const ExportChoice& what, const std::string& command);

// Record (disabled while there is a problem) and Close; true when Record was pressed: the caller
// asks where the file goes, and the dialog closes once that is answered (write_export), not before,
// so that a cancelled Save comes back to it.
bool RecordOrClose(bool can_record, const std::string& prefix, bool& open);

// The modal progress popup `id` while recording (true: draw in it, then EndPopup); closes it once not.
bool BeginProgress(const char* id, bool recording);
// The bar, and Cancel (or Esc) that sets cancel; "Stopping…" once it is set.
void ProgressAndCancel(float fraction, const std::string& label, bool& cancel, const std::string& control);

// The status line after a recording: "exported PATH (N frames, X s)".
std::string exported_status(const std::string& path, int frames, int fps);

}  // namespace app
