// What the frame being drawn is for, beside the state it draws: the window's frame or a
// picture's (PictureOptions: no menus, a panel alone, a training run's frame, fixed colour
// scales), and where it notes what it drew (Layout: the cells, controls, panels and heatmaps that
// --layout-out writes, a panel export sizes by and the tests click).
//
// Neither persists, so neither is in AppState: DrawFrame is handed both and makes them the
// current frame's (CurrentFrame) until it returns; panels and widgets read them here, as they
// read ImGui's own current context. The window keeps its Layout from one frame to the next; a
// picture brings its own options and layout, and leaves the window's untouched.
#pragma once

#include "app/state/layout.h"
#include "app/state/picture.h"
#include "app/widgets/controls.h"

namespace app {

// For the length of one DrawFrame: `layout` is where it notes what it draws, `picture` how it
// draws (inactive: the window's frame). Nests: the frame before is current again once it ends.
class CurrentFrame {
 public:
  CurrentFrame(Layout& layout, const PictureOptions& picture);
  ~CurrentFrame();
  CurrentFrame(const CurrentFrame&) = delete;
  CurrentFrame& operator=(const CurrentFrame&) = delete;

 private:
  Layout* previous_layout_;
  const PictureOptions* previous_picture_;
  NotedControls noted_controls_;  // the keyed controls note themselves in layout.controls
};

// The current frame's picture options: inactive (the window's) outside a frame.
const PictureOptions& frame_picture();
// Where the current frame notes what it draws: outside a frame, a layout that nobody reads.
Layout& frame_layout();

}  // namespace app
