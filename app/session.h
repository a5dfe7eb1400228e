// The last session: the scenario, the file it belongs to, the view options and
// the recent files, in the XDG state directory, never in the working directory.
// Autosaved atomically at most a second behind every change, so a crash or a
// kill -9 loses nothing.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "app/app_state.h"

namespace app {

// $XDG_STATE_HOME/attnlab, else ~/.local/state/attnlab; created when missing
// (unless create is false). Empty when it cannot be made (then nothing is
// autosaved, and the status says so).
std::filesystem::path state_dir(bool create = true);

enum class SessionRestore { None, Restored, Corrupt };

// Restores the last session into state. A corrupt session file is moved
// aside (session.json.corrupt) and state.status says so; state is untouched then.
// read_only (headless runs): nothing is created, moved or written.
SessionRestore restore_session(AppState& state, bool read_only = false);

// Writes the session now. False with *error on failure.
bool save_session(const AppState& state, std::string* error = nullptr);

// Watches the state and saves the session once it changed, at most
// kMaxDelay behind the change; cheap to call every frame.
class Autosave {
 public:
  static constexpr std::chrono::milliseconds kMaxDelay{500};

  explicit Autosave(const AppState& state);
  // Call every frame; saves when due. Returns true while a save is pending
  // (the loop then wakes up in time instead of sleeping until an event).
  bool tick(AppState& state);

 private:
  long revision_;
  ViewOptions view_;
  std::string file_;
  size_t recent_;
  std::chrono::steady_clock::time_point changed_at_{};
  bool pending_ = false;
  bool failed_ = false;
};

}  // namespace app
