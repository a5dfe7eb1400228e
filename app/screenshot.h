// PNG exports rendered offscreen, as the window would show the app at a given
// size but clean for a slide (no menu bar, status bar, file path or dialogs):
// a framebuffer object of W·K × H·K pixels, fonts built at K× and every size
// scaled by K, so a 2× picture has sharper text, not bigger pixels.
#pragma once

#include <optional>
#include <string>

#include "app/app_state.h"

namespace app {

struct ScreenshotOptions {
  int width = 1440, height = 900;  // the picture's size in logical pixels
  int scale = 1;                   // K: the PNG is width·K × height·K
  std::string panel;               // one of kPanelNames: that panel alone over the whole picture; empty: the window
  bool transparent = false;        // no background: the PNG's alpha is 0 where nothing is drawn
  std::optional<Theme> theme;      // else the state's
};

// Needs a current OpenGL 3.3 context with the heatmap renderer set. Renders in
// an ImGui context of its own, so the live window's state is not disturbed,
// and writes the PNG atomically. False with *error (naming the path) on failure.
// layout, when given, receives the picture's cell and heatmap rectangles (--layout-out).
bool write_screenshot(const AppState& state, const ScreenshotOptions& options, const std::string& path,
                      std::string* error, AppState* layout = nullptr);

}  // namespace app
