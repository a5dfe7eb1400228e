// What a picture of the app is asked to be: its size, scale, panel, background and
// theme. The dialogs that set it up and the renderer that draws it (render/screenshot.h)
// both read it, so it sits below both.
#pragma once

#include <optional>

#include "app/app_state.h"

namespace app {

struct ScreenshotOptions {
  int width = 1440, height = 900;  // the picture's size in logical pixels
  int scale = 1;                   // K: the PNG is width·K × height·K
  std::optional<core::Panel> panel = {};  // that panel alone over the whole picture; none: the window
  bool transparent = false;        // no background: the PNG's alpha is 0 where nothing is drawn
  std::optional<Theme> theme = {};  // else the state's
  // The frames of a training run (TrainingRecorder): the curves beside `panel`, at the
  // step the state's picture.training says; text and cells zoomed as for a 1280 × 720 slide.
  bool training = false;
  // An animation's heatmaps: each frame on its own colour scale, as a picture of that frame alone
  // would be. Off (the default): one scale per heatmap over all the frames (the largest any frame
  // needs), so that a value that does not change keeps its colour from the first frame to the last.
  bool scale_per_frame = false;
};

// Whether this build writes MP4 (H.264 through FFmpeg's libraries): the desktop's does, the
// page's does not (GIF only). ATTNLAB_MP4 comes from app/CMakeLists.txt.
constexpr bool can_write_mp4() { return ATTNLAB_MP4 != 0; }

}  // namespace app
