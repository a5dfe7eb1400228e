// One frame of the whole app: the menu bar, the panels in their places, the
// status bar, the help window and the keyboard shortcuts. The window calls it
// between ImGui::NewFrame and ImGui::Render; so do the headless tests.
#pragma once

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

}  // namespace app
