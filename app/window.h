// The desktop window: GLFW, OpenGL 3.3 core through glad, Dear ImGui, and a
// loop that sleeps until an event comes.
#pragma once

#include <string>

namespace app {

struct WindowOptions {
  std::string file;        // the scenario to open; empty: the first lesson
  std::string layout_out;  // write the editable cells' rectangles here once the layout settles
};

// Runs until the window closes. Returns the exit code: 2 when FILE cannot be
// used, 1 when there is no display or the GL setup or shaders fail.
int run_window(const WindowOptions& options);

}  // namespace app
