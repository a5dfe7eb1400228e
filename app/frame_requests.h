// What one frame asks of the window that draws it, and what the window tells the frame:
// the frame (frame.h) returns it, and the save questions (dialogs/save_questions.h) answer
// "quit" through it, so it sits below both.
#pragma once

namespace app {

struct FrameRequests {
  bool close_asked = false;  // in: the window's close button was pressed (asks when there are unsaved changes)
  bool quit = false;         // out: close the window now
  // out: draw one more frame even without an event: the linked highlight changed, and the
  // panels drawn before the heatmap that set it show it only then; or a stacked panel drew
  // another height than it was given (app/frame_views.cpp), which the next frame gives it.
  bool redraw = false;
};

}  // namespace app
