// What the app asks of its platform about files, besides a window (app/platform/backend.h):
// where its shipped files are, where the session is kept between starts, and how the user
// picks a file to open or a name to save as.
//
// The desktop's answers (desktop_files.h) are the share/attnlab directory beside the binary,
// the XDG state directory with one locked session file per window, and the in-app file
// dialog (for the exports too). A second platform implements the same three interfaces and installs them with
// use_platform_files; the browser's would be the files preloaded into its virtual file
// system, the page's localStorage, and the browser's own file picker. Everything else (open,
// save, autosave, the start) asks platform_files() and never knows which it got.
#pragma once

#include <filesystem>
#include <string>

#include "app/app_state.h"
#include "core/io/atomic_file.h"  // short_path
#include "core/io/link.h"

namespace app {

enum class SessionRestore { None, Restored, Corrupt };

// Where the app finds what it ships and keeps its window layout.
class Paths {
 public:
  virtual ~Paths() = default;
  // The directory holding shaders/ and assets/ (the lessons and experiments); empty when none does.
  virtual std::filesystem::path data_dir() const = 0;
  // Where Dear ImGui keeps the panels' places; empty when nowhere (then *problem may say why).
  virtual std::string layout_settings_path(std::string* problem) const = 0;
  // What File → Copy link puts before #z=: the desktop's index.html (docs/links.md), the page's own address.
  virtual std::string link_base() const { return core::kDefaultLinkBase; }
  // A shipped model not here yet (data_dir.h's shipped_models): the page keeps them beside index.html until one is
  // opened. Asks for it and returns true; model_arrived (app/training/model_text.h) says how it ended. False where
  // every shipped file is here already: the desktop.
  virtual bool fetch_shipped_model(const std::string& /*path*/) { return false; }
  // A file as the status line and the panels name it: where the person finds it. The desktop's path (its middle cut
  // where it is long: core::short_path); on the page, a file picked, dropped or downloaded by its name alone, never
  // the virtual file system's /home/web_user/, which nobody can open.
  virtual std::string shown_path(const std::string& path) const { return core::short_path(path); }
  // A file the app wrote, the same way; the page adds that the browser downloads it.
  virtual std::string where_written(const std::string& path) const { return shown_path(path); }
};

// The last session: what the app restores at the start and autosaves while it runs.
class SessionStore {
 public:
  virtual ~SessionStore() = default;
  // The last session into state. read_only (headless runs): nothing is claimed, moved or written.
  // On None or Corrupt state keeps its scenario, and state.status says what happened, if anything.
  virtual SessionRestore restore(AppState& state, bool read_only) = 0;
  // Keeps the session now; false with *error when it cannot. *note: what was left out, if anything.
  virtual bool save(const AppState& state, std::string* error, std::string* note) = 0;
  // What the last restore has to tell besides "restored" (another window's session, ...).
  virtual std::string notes() const = 0;
  // Keeps state's scenario where File → Open finds it (a session's unsaved changes, set aside
  // when another file is opened at the start): where, or "" with *error.
  virtual std::string keep_unsaved(const AppState& state, std::string* error) = 0;
  // A choice the File menu offers about keeping the session at all: its item's label, "" for none
  // (the page opened from the disk offers "Keep my work here": web_files.h); *chosen: whether it is on.
  virtual std::string keep_choice(bool* chosen) const {
    if (chosen) *chosen = false;
    return {};
  }
  // The person turned it on or off; state.status says what happens now.
  virtual void choose_keep(AppState&, bool) {}
};

// How the user picks a file: the answer comes in a later frame, through request_open
// (Open) or save_scenario (Save As), files.h; and where an export goes, through write_export
// (exports.h).
class FileChooser {
 public:
  virtual ~FileChooser() = default;
  virtual void ask(AppState& state, FileDialog::Purpose purpose) = 0;
  virtual void ask_export(AppState& state, const ExportChoice& what) = 0;
  // The page opens its picker on Ctrl+O itself, in the key's own handler (CtrlOOpens, frame_keys.h):
  // the frame's shortcut then asks nothing.
  virtual bool opens_on_ctrl_o() const { return false; }
};

struct PlatformFiles {
  Paths* paths = nullptr;
  SessionStore* sessions = nullptr;
  FileChooser* chooser = nullptr;
};

// The installed answers: the desktop's unless use_platform_files replaced them.
const PlatformFiles& platform_files();
// A file as the status line names it (Paths::shown_path), and one the app wrote (Paths::where_written).
std::string shown_path(const std::string& path);
std::string where_written(const std::string& path);
// Installs a platform's answers; a null member keeps the desktop's. Before the first frame.
void use_platform_files(const PlatformFiles& files);

}  // namespace app
