// The pictures made without a window on screen: the command line's --screenshot (and
// --export OUT.png), --animate PARAM=FROM:TO and --animate training, each a job that draws
// the frame offscreen and exits; and the PNG a menu, F12 or a panel's title asks for.
#pragma once

#include <cstdlib>

#include "app/app_state.h"
#include "app/state/layout.h"
#include "app/window/window.h"

namespace app {

// ATTNLAB_TIMING=1: timing lines for scripts/bench on stderr (the wall clock when the first
// frame is presented; how long a screenshot or an animation took). Read once.
inline bool timing_asked() {
  static const bool asked = std::getenv("ATTNLAB_TIMING") != nullptr;
  return asked;
}

// Carries out the command line's picture (options.screenshot names it) and --layout-out with
// it (the picture's, into layout); returns the exit code, 1 with a message on stderr when it
// cannot be written.
int run_offscreen_job(AppState& state, Layout& layout, const WindowOptions& options);

// A PNG asked for from the window: the whole window at its size, or a panel alone at the size
// it has on screen (in layout, the window's last frame), to request.path; the status line says
// where it went.
void export_png(AppState& state, const Layout& layout, const ExportRequest& request, float content_scale);

}  // namespace app
