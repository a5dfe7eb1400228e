// --animate: a sweep rendered frame by frame offscreen (like --screenshot)
// and written as an animated GIF or an H.264 MP4.
#pragma once

#include <functional>
#include <string>

#include "app/app_state.h"
#include "app/screenshot.h"
#include "app/sweep.h"

namespace app {

// Needs a current OpenGL 3.3 context with the heatmap renderer set, and
// sweep_problem(state.scenario(), sweep) == "". The format is the path's
// extension (.gif or .mp4). The file is written whole or not at all: on
// failure *error says why and nothing is left at path. progress(done, total)
// is called after each frame.
bool write_animation(const AppState& state, const Sweep& sweep, const ScreenshotOptions& picture, const std::string& path,
                     std::string* error, const std::function<void(int, int)>& progress = {});

}  // namespace app
