// The session's JSON (docs/sessions.md): what it writes, and how it reads it back, every
// value checked against what it applies to. A save reads its own text back with the same
// reader, so that nothing is written that the next start would not restore whole.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "core/io/atomic_file.h"
#include "core/training/training.h"

namespace app {

// What a session holds, read and checked, before any of it becomes an AppState.
struct SessionContents {
  core::Scenario scenario;
  ViewOptions view;
  std::optional<core::Experiment> experiment;  // the lab's, as it was edited
  std::string lab_source;
  bool lab_edited = false;
  std::string file;
  std::optional<core::FileStamp> file_stamp;  // file as the session last knew it
  std::vector<std::string> recent;
  // The values that could not apply, left at their defaults: "view.head: expected …, got 3".
  std::vector<std::string> dropped;
};

// The session's text read; nothing, with problem, when its scenario cannot be restored (then
// the session is set aside whole). What else cannot apply is dropped and named in `dropped`.
std::optional<SessionContents> read_session_text(const std::string& text, std::string& problem);

// The same, as the state it restores (the lab's run ready, the view fitted to the scenario).
std::optional<AppState> parse_session(const std::string& text, std::string& problem, std::vector<std::string>& dropped,
                                      std::optional<core::FileStamp>& file_stamp);

// A restored state's file, as it is now: its stamp, and what was last saved there (the file's
// scenario; none, so that it all counts as a change, when it is gone or the state had no file).
// known: the stamp the session kept. When the file changed since (a git checkout while attnlab
// was closed), Save asks before writing over it, and *changed_note says so. The page passes none:
// its preloaded files are new at every load.
void restore_file_state(AppState& restored, const std::optional<core::FileStamp>& known, std::string* changed_note);

// The session's text: laid out for people when it fits in Session::kMaxBytes, else compact;
// empty with *error when it cannot be written. with_lab false: without the lab's experiment.
std::string session_text(const AppState& state, std::string* error, bool with_lab = true);

}  // namespace app
