// The desktop window: GLFW, OpenGL 3.3 core through glad, Dear ImGui, and a
// loop that sleeps until an event comes. Also the offscreen --screenshot.
#pragma once

#include <optional>
#include <string>

#include "app/app_state.h"
#include "core/animation/sweep.h"
#include "core/animation/training_animation.h"

namespace app {

struct WindowOptions {
  std::string file;        // the scenario to open; empty: the last session, else the first lesson
  std::string layout_out;  // write the cells' and heatmaps' rectangles here once the layout settles (or of the screenshot)
  std::string screenshot;  // render one frame offscreen to this PNG and exit, showing no window
  int width = 0, height = 0;   // --size for the screenshot; 0: the window's default size
  int scale = 1;               // --scale K for the screenshot
  std::optional<Theme> theme;  // --theme; else the session's
  std::optional<core::Panel> panel;  // --panel NAME: that panel alone in the screenshot
  bool transparent = false;    // --transparent: the screenshot has no background
  std::optional<core::Sweep> animate;  // --animate: the screenshot path is then an animation's (.gif or .mp4)
  std::optional<core::TrainingAnimation> training;  // --animate training: FILE must be an experiment; the screenshot path as above
};

// Returns the exit code: 2 when FILE cannot be used, 1 when there is no
// display, the GL setup or shaders fail, or the screenshot cannot be written.
int run_window(const WindowOptions& options);

}  // namespace app
