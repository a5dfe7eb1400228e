// Animated GIF through giflib, in memory, so that the file is written whole (atomically) or not at all.
//
// The palette: GIF has 256 colours a frame. Each frame gets its own local colour table: 96 evenly spaced
// samples of the two colour maps the heatmaps use (so that a heatmap sweeping through its colours stays
// smooth, with no bands that move), and the 160 colours the frame itself uses most (the theme's
// backgrounds, text, arrows and antialiased edges), counted in 15-bit RGB bins, each its pixels' mean; a
// bin whose mean moved by one level at most since the last frame keeps the last frame's colour, so that a
// background does not change all over because a few of its bin's pixels did. Each pixel takes its nearest
// palette colour; no dithering, which would make flat panels shimmer from frame to frame.
//
// Each frame after the first stores only what changed: the rectangle around the pixels whose shown colour
// (as quantised, through each frame's palette) differs from the frame before, left in place ("do not
// dispose"), and inside it the pixels that keep their colour as a transparent index, which no changed pixel
// uses. A frame that changes nothing is one transparent pixel, kept for its delay. Decoded, each frame is
// its palette's picture, whole.
#pragma once

#include <string>

#include "core/math/colormap.h"

namespace app {

class GifWriter {
 public:
  // A picture of width × height pixels, looping forever; the two colour maps of the heatmaps.
  GifWriter(int width, int height, core::Colormap sequential, core::Colormap diverging);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // One frame of RGBA pixels (top row first), shown for delay_cs hundredths of a second.
  bool add(const unsigned char* rgba, int delay_cs);
  // The whole file; false with *error when giflib failed at any point.
  bool finish(std::string& bytes, std::string* error);

  // The delay of frame k (0-based) at fps, in hundredths of a second: rounded
  // so that the sum over the frames keeps the animation's length (30 fps: 3, 3, 4, ...).
  static int delay_cs(int frame, int fps);

 private:
  struct State;
  State* s_;
};

}  // namespace app
