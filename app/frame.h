// One frame of the whole app: the menu bar, the panels in their places, the
// status bar, the help window and the keyboard shortcuts. The window calls it
// between ImGui::NewFrame and ImGui::Render; so do the headless tests.
#pragma once

#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/frame_requests.h"

namespace app {

// close_asked: the window manager's close button was pressed since the last frame.
FrameRequests DrawFrame(AppState& state, bool close_asked = false);

}  // namespace app
