// The last session: the scenario, the file it belongs to, the view options and the recent files, in the XDG
// state directory, never in the working directory. Autosaved atomically at most a second behind every
// change, so a crash or a kill -9 loses nothing.
//
// Each running attnlab has a session file of its own, locked (flock on "<name>.lock") for as long as it
// runs: session.json, or session-2.json, ... when other windows hold the first ones; so two windows never
// write over each other's edits. docs/sessions.md tells the whole story.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "app/app_state.h"
#include "app/files/platform_files.h"

namespace app {

// $XDG_STATE_HOME/attnlab, else ~/.local/state/attnlab; created when missing
// (unless create is false). Empty when it cannot be made (then nothing is
// autosaved, and the status says so).
std::filesystem::path state_dir(bool create = true);

// One running instance's session: the file it writes, and its lock.
class Session {
 public:
  Session() = default;
  ~Session() { release(); }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Restores the newest session no running attnlab holds into state, and
  // takes its file as this instance's. The other sessions no one holds are
  // folded in: their unsaved changes are kept in unsaved-<time>.json, and
  // state.status says where. A session that cannot be read or parsed is moved
  // aside (session.json.unreadable-<time>, .corrupt-<time>), never written
  // over. Stale temporary files of ours are removed first. On None or Corrupt
  // state keeps its scenario and state.status says what happened, if anything.
  SessionRestore restore(AppState& state);

  // Writes the session now (mode 0600), claiming a file first if restore did
  // not; laid out for people when it fits in kMaxBytes, else compact. The
  // text is read back first: what the next start would not restore whole is
  // not written (false with *error), except that a lab's experiment that
  // could not come back is left out and *note says so.
  bool save(const AppState& state, std::string* error = nullptr, std::string* note = nullptr);

  // This instance's file: empty until restore or save claimed one.
  const std::filesystem::path& path() const { return path_; }
  // What the last restore has to tell besides "restored": another window's
  // session, another session's unsaved changes kept in a file, ...
  const std::string& notes() const { return notes_; }

  static constexpr size_t kMaxBytes = 2 * 1024 * 1024;  // a scenario of 1 MiB, its file name, the view, the recent files
  static constexpr int kMaxSessions = 16;               // windows running at once that each keep a session

 private:
  bool claim(const std::filesystem::path& dir);
  void release();
  bool keep_uncopied(std::string* error, std::string* note);

  std::filesystem::path dir_, path_;
  int lock_fd_ = -1;
  std::string notes_;
  std::string lock_problem_;  // claim(): the slot's lock file could not be made, to be said
  // The session as it was, restored without values that could not apply, while its copy aside could
  // not be made (a full disk): the session file is all there is of them, not written over until kept.
  std::string uncopied_;
};

// The session of this process (the window's). Follows the state directory:
// when $XDG_STATE_HOME changes (tests), it claims again there.
Session& this_session();

// this_session().restore(state); read_only (headless runs): the newest
// session is read, and nothing is locked, created, moved or written.
SessionRestore restore_session(AppState& state, bool read_only = false);

// this_session().save(state, error).
bool save_session(const AppState& state, std::string* error = nullptr, std::string* note = nullptr);

// Keeps the session through the platform (what the autosave and the window's end call): first
// the last session's unsaved changes that could not be set aside at the start
// (state.library.unkept), then the session. While those changes cannot be kept, the session
// that holds them is not written over: false, with *error saying so. *note: what the
// write had to say besides success (the changes now kept and where, the lab left out).
bool keep_session(AppState& state, std::string* error, std::string* note);

// The window's end: keep_session, and when that fails (the last session's unsaved changes still
// not set aside, a full disk), the window's own unsaved changes in unsaved-<time>.json; stderr
// says where each thing is, or that it could not be kept.
void keep_session_at_close(AppState& state);

// Keeps state's scenario in unsaved-<time>.json in the state directory (a
// scenario file: File → Open reads it; compact, and past the 1 MiB File → Open reads, when the
// session held a larger one). Its path, or "" with *error. In place though the folder's fsync
// failed: its path, and *error says that it may not last.
std::string keep_unsaved(const AppState& state, std::string* error);

// Whether path (as it would be written: through symbolic links) is in the state directory.
// Nothing the command line writes goes there: a picture or a layout named session.json
// would replace the session.
bool in_state_dir(const std::string& path);
// Whether path is one of the files the state directory keeps for the app itself (a session,
// its lock, imgui.ini): Save does not write over them.
bool is_state_file(const std::string& path);

// Where Dear ImGui keeps the window layout: imgui.ini in the state directory,
// when that is absent or a regular file. Empty, with *problem saying why, when
// it is a FIFO (ImGui would wait on it forever), a directory, a link loop, ...
std::string layout_settings_path(std::string* problem);

// Dear ImGui's window layout (the panels' places) is kept by the app, not by ImGui, whose own
// write goes in place and says nothing when it fails. read_layout_settings hands path's text to
// ImGui (before the first frame; nothing when there is no regular file there);
// keep_layout_settings writes ImGui's settings now, atomically: false with *error when it cannot
// (the file as it was is kept).
void read_layout_settings(const std::string& path);
bool keep_layout_settings(const std::string& path, std::string* error);

// Watches the state and saves the session once it changed, at most
// kMaxDelay behind the change; cheap to call every frame.
class Autosave {
 public:
  static constexpr std::chrono::milliseconds kMaxDelay{500};
  // A failed save is tried again this often with no change needed (a folder made writable again,
  // space freed): the session catches up by itself, and a kill -9 then loses nothing.
  static constexpr std::chrono::milliseconds kRetryAfter{2000};

  explicit Autosave(const AppState& state);
  // Call every frame; saves when due. Returns true while a save is pending or failing
  // (the loop then wakes up in time instead of sleeping until an event).
  // A failed save sets state.status (once, not every half second), and so does the save that
  // succeeds after it.
  bool tick(AppState& state);
  // Whether the session holds what state has now: nothing changed since the last tick, and no
  // save is waiting for its half second (a failed save counts as done: its message is the news).
  // Tests wait on it, not on a time.
  bool kept(const AppState& state) const { return !pending_ && !changed(state); }

 private:
  bool changed(const AppState& state) const;

  long revision_;
  ViewOptions view_;
  std::string file_;
  std::vector<std::string> recent_;
  long lab_revision_ = 0;
  std::chrono::steady_clock::time_point changed_at_{};
  bool pending_ = false;
  bool failing_ = false;  // the last save failed: tried again kRetryAfter after it
  std::string failed_;  // the last failure said, not said again every half second
  std::string note_;  // what the last save had to say besides success (the lab left out), said once
};

}  // namespace app
