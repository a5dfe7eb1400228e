// PNG exports rendered offscreen, exactly as the window would show the app at
// a given size: a framebuffer object of W·K × H·K pixels, fonts built at K×
// and every size scaled by K, so a 2× picture has sharper text, not bigger pixels.
#pragma once

#include <string>

#include "app/app_state.h"

namespace app {

struct ScreenshotOptions {
  int width = 1440, height = 900;  // the window's size in logical pixels
  int scale = 1;                   // K: the PNG is width·K × height·K
  std::string panel;               // one of kPanelNames to crop to it, or empty for everything
};

// Needs a current OpenGL 3.3 context with the heatmap renderer set. Renders in
// an ImGui context of its own, so the live window's state is not disturbed,
// and writes the PNG atomically. False with *error (naming the path) on failure.
bool write_screenshot(const AppState& state, const ScreenshotOptions& options, const std::string& path,
                      std::string* error);

}  // namespace app
