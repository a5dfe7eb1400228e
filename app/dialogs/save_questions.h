// Saving and quitting, and the two questions they may ask first: "unsaved changes: save,
// discard or cancel?" before quitting or opening another file, and "the file was changed
// on disk since it was opened here: save over it?" before Save writes over someone else's
// change (another editor, a git checkout).
#pragma once

#include "app/app_state.h"
#include "app/frame_requests.h"

namespace app {

// Ctrl+S, File → Save: to the scenario's file (asking first when it was changed on disk), or
// Save As when it has none.
void Save(AppState& state);

// Ctrl+Q, File → Quit, the window's close button: at once, or after asking when there are unsaved changes.
void Quit(AppState& state, FrameRequests& requests);

// Draws the question that state.dialogs.pending waits on, if any, and carries out the answer.
void DrawSaveQuestions(AppState& state, FrameRequests& requests);

}  // namespace app
