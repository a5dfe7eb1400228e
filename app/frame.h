// One frame of the whole app: the menu bar, the panels in their places, the
// status bar, the help window and the keyboard shortcuts. The window calls it
// between ImGui::NewFrame and ImGui::Render; so do the headless tests.
#pragma once

#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/frame_requests.h"
#include "app/state/layout.h"
#include "app/state/picture.h"

namespace app {

// One frame of state: the window's (picture inactive) or a picture's (app/pictures/screenshot.h).
// layout: where it notes what it draws, cleared first (the window keeps it until the next frame;
// its plots and text are replaced as drawn). close_asked: the window manager's close button was
// pressed since the last frame.
FrameRequests DrawFrame(AppState& state, Layout& layout, const PictureOptions& picture = {}, bool close_asked = false);

// Whether Ctrl+O opens a file now, as the frame's shortcuts take it: not while a text field has the
// keys, nor while a sweep or a run is recorded. The page asks it from its own keydown handler, where
// the browser still counts the key press as the user's and lets a file picker open
// (web/page_pre.js); a frame may come too late for that on a busy machine.
bool CtrlOOpens(const AppState& state);

}  // namespace app
