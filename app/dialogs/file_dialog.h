// The in-app file dialog: a path field, the directory's listing, recent files. The desktop's
// FileChooser (app/files/desktop_files.h) opens it; the frame draws it while it is open.
#pragma once

#include "app/app_state.h"

namespace app {

// Draws the dialog while it is open; opening or saving goes through files.cpp.
void DrawFileDialog(AppState& state);

}  // namespace app
