// File → Export animation: "Record sweep". One entry (picked by clicking it in the Matrices panel) or the
// temperature moves from one value to another; the dialog sets the frames, fps, the picture (window or one
// panel, size, theme) and the format, then the window records it (animation.h) under a progress bar with
// Cancel. It writes the file `attnlab FILE --animate` writes for the same words, and shows that command.
#pragma once

#include <string>

#include "app/app_state.h"
#include "app/picture_options.h"

namespace app {

// Opens the dialog; a sweep already set up is kept when it still fits the scenario.
void open_record_dialog(AppState& state);

// The dialog, the overlay that picks an entry, and the progress of a recording.
void DrawRecordDialog(AppState& state);

// The command line that records the same file (FILE is the scenario's file as
// saved, or FILE when it has none); out is the file it writes.
std::string record_command_line(const AppState& state, const std::string& out);

// A word for a POSIX shell: as it is when it is plain, else in single quotes
// (a cell key's brackets are a glob, a path or a variant's name may hold spaces).
std::string shell_word(const std::string& word);
// A file as a command line names it: from the working directory when it lies
// below it, else whole (never shortened with an ellipsis: the command is to be pasted).
std::string command_path(const std::string& path);

// The picture the recording renders: size, panel and theme from state.dialogs.record.
ScreenshotOptions record_picture(const AppState& state);

}  // namespace app
