// The lesson editor: a teacher's lesson written over the window's scenario. Its title and
// introduction, then its steps, each with the panel it lights, its text in the lessons' markup
// with a preview as the Lesson panel will draw it, and the change its "Show me" makes, captured
// from the window. Saving makes it the window's lesson and asks where to keep it: the user's own
// lessons folder, which the Lessons menu lists (docs/lessons.md, "The lesson editor").
#pragma once

#include "app/app_state.h"

namespace app {

// Lessons → New lesson from this scenario (from_lesson false: the window's matrices, no text) or
// Edit this lesson (true: the lesson as its file has it, steps and all). A draft not yet saved is
// not replaced: the editor shows it and says so.
void open_lesson_editor(AppState& state, bool from_lesson);
// Whether the editor holds a draft with text that no file has: closing it keeps it, a new one waits.
bool has_unsaved_draft(const AppState& state);
// Draws the editor while it is open.
void DrawLessonEditor(AppState& state);

}  // namespace app
