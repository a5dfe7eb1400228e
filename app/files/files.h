// Opening and saving scenario files from the app. A file that cannot be read
// leaves the scenario exactly as it was and says why in the status line.
#pragma once

#include <string>
#include <vector>

#include "app/app_state.h"

namespace app {

// Loads path into state as a new document (an experiment file opens in the lab instead). On failure returns false, sets
// state.status to the loader's message naming the field, and changes nothing else. path may be a link
// (docs/links.md) when no file has that name: a shipped lesson's or experiment's opens its file, a
// scenario's opens as a new document with no file (Save asks for a name).
bool open_scenario(AppState& state, const std::string& path);

// A scenario's JSON text (the page's load(), docs/web.md) as a new document with no file, as a
// scenario's link opens. Returns "" when opened, else the reader's message (the scenario on
// screen is kept, and the status line says why).
std::string open_scenario_text(AppState& state, const std::string& text);

// A file as the status line and the status bar name it: a shipped lesson or experiment by its name
// ("the lesson 03_shared_qk"; its path is the app's own business: /share/attnlab/… on the page, the
// install's folder on the desktop), any other file by its path, shortened.
std::string file_shown(const std::string& path);

// Whether path holds an experiment (a JSON object with "attnlab_experiment"), not a scenario; and text.
bool is_experiment_file(const std::string& path);
bool is_experiment_text(const std::string& text);
// The reader's messages for the status line, one per line. Each begins with the path:
// shortened, so that what is wrong stays on the screen.
std::string load_errors(const std::vector<std::string>& errors, const std::string& path);
// Whether the file is a language model's RESULT (its first key "attnlab_result": "language_model"), which opens in the lab.
bool is_result_file(const std::string& path);
// Opens an experiment file in the training lab; the scenario is not touched.
// On failure returns false and sets state.status to the reader's messages.
bool open_experiment(AppState& state, const std::string& path);

// Opens path (or a link, as open_scenario does), unless the scenario has unsaved changes: then
// asks first (state.dialogs.pending; the frame shows the question). True when it was opened now.
bool request_open(AppState& state, const std::string& path);

// Saves atomically to path; on success the file becomes state.library.file and the
// scenario counts as saved. On failure returns false and sets state.status.
bool save_scenario(AppState& state, const std::string& path);

// Whether state.library.file was changed on disk since it was opened or last saved here (someone
// else's editor, git checkout): Save then asks before writing over it. False when the file
// is gone (saving loses nothing there).
bool changed_on_disk(const AppState& state);

// Files dropped on the window: opens the first .json among them (asking first
// when there are unsaved changes).
void handle_drop(AppState& state, const std::vector<std::string>& paths);

// The state the app starts on: FILE (a file, or a link as open_scenario takes one), else the
// last session, else the first lesson. Returns 0, or the exit code (2: FILE cannot be used, with the message
// on stderr; 1: a shipped lesson is broken). headless (--screenshot, --export):
// the session is only read, never written, moved or created. With list_later, the shipped
// lessons, experiments and results are left to list_shipped. A model file runs on text (--text), else on kFirstText.
int load_initial_state(const std::string& file, AppState& state, bool headless = false, bool list_later = false,
                       const std::string& text = "");
// Reads the shipped lessons, experiments and results into state.library, with their titles: in the
// page, 0.2 s of parsing that the window does after its first frame is on screen.
void list_shipped(AppState& state);

// The shipped lessons (assets/lessons/*.json beside the binary), with their titles.
std::vector<LessonInfo> load_lesson_list();
// The teacher's own lessons: the *.json files of user_lessons_dir() (where Save as puts a copy of a
// shipped lesson), by file name, with their titles; a file that cannot be read is listed with why.
// Read again only when the folder changes (a file saved, renamed or removed), so that the Lessons
// menu may ask every frame it is open.
struct UserLessons {
  std::string folder;                 // empty: no home to keep them in (the page)
  std::vector<LessonInfo> lessons;
  std::vector<std::string> problems;  // beside each lesson: "" or why it cannot be opened
};
const UserLessons& user_lessons();

// Whether state's file is lesson i (by file name: the installed and the
// source copies of a lesson are the same lesson).
bool is_lesson(const AppState& state, size_t i);

// Lessons → Reset lesson: the scenario as its file has it, read again, as one undo step (Ctrl+Z
// brings the edits back). False, with state.status saying why, when the file cannot be read.
bool reset_to_file(AppState& state);
// The Lesson panel's "Show me": the lesson as last opened or saved, with the change the step shown
// carries (core::show_step), as one undo step. False, with state.status saying why, when the
// step carries none or the result cannot be shown.
bool show_lesson_step(AppState& state);

// The local time as "20261122-101500", for the names of files the app writes
// (exports, sessions set aside, unsaved changes kept).
std::string time_stamp();

// The title bar: "attnlab — name.json •" with the mark while there are unsaved changes.
std::string window_title(const AppState& state);

}  // namespace app
