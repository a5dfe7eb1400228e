// The window's keys, read once a frame by DrawFrame (app/frame.h); docs/keyboard.md lists them.
#pragma once

#include "app/app_state.h"
#include "app/frame_requests.h"

namespace app {

// The shortcuts: F6 and F10 (and Alt alone) move the keyboard to a panel or the menus, ← and → step
// through the lesson, F11 and F12, zoom, undo and redo, and Ctrl's File and lab keys. Not while a
// picture is drawn or a recording runs.
void Shortcuts(AppState& state, FrameRequests& requests);

// The shortcuts' table, Help → Keyboard shortcuts, while it is asked for (view.show_help).
void HelpWindow(AppState& state);

// Called at the end of each frame: a finished gesture (one drag, one number typed) becomes one undo step.
void EndGesture(AppState& state);

// Whether Ctrl+O opens a file now, as the frame's shortcuts take it: not while a text field has the
// keys, nor while a sweep or a run is recorded. The page asks it from its own keydown handler, where
// the browser still counts the key press as the user's and lets a file picker open
// (web/page_pre.js); a frame may come too late for that on a busy machine.
bool CtrlOOpens(const AppState& state);

}  // namespace app
