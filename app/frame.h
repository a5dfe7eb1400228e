// One frame of the whole app: the menu bar, the panels in their places, the
// status bar, the help window and the keyboard shortcuts. The window calls it
// between ImGui::NewFrame and ImGui::Render; so do the headless tests.
#pragma once

#include <string>
#include <vector>

#include "app/app_state.h"

namespace app {

struct FrameRequests {
  bool quit = false;
  std::string open_lesson;  // a lesson picked from the menu, to be loaded by the caller
};

// The lessons listed in the File menu (paths); set once at start.
void set_lesson_files(std::vector<std::string> files);

FrameRequests DrawFrame(AppState& state);

}  // namespace app
