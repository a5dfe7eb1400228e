// The in-app file dialog: a path field, the directory's listing, recent files.
#pragma once

#include "app/app_state.h"

namespace app {

// Opens the dialog for purpose, in the directory of the current file (else the working directory).
void open_file_dialog(AppState& state, FileDialog::Purpose purpose);

// Draws the dialog while it is open; opening or saving goes through files.cpp.
void DrawFileDialog(AppState& state);

}  // namespace app
