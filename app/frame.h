// One frame of the whole app: the menu bar, the panels in their places, the
// status bar, the help window and the keyboard shortcuts. The window calls it
// between ImGui::NewFrame and ImGui::Render; so do the headless tests.
#pragma once

#include <string>
#include <vector>

#include "app/app_state.h"

namespace app {

struct FrameRequests {
  bool close_asked = false;  // in: the window's close button was pressed (asks when there are unsaved changes)
  bool quit = false;         // out: close the window now
  // out: draw one more frame even without an event: the linked highlight changed, and the
  // panels drawn before the heatmap that set it show it only then.
  bool redraw = false;
};

// close_asked: the window manager's close button was pressed since the last frame.
FrameRequests DrawFrame(AppState& state, bool close_asked = false);

}  // namespace app
