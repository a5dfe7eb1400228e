// The browser's answers to platform_files.h, and the page's downloads.
//
// - Paths: what the desktop finds beside its binary is preloaded into the page's memory file
//   system at /share/attnlab (shaders, lessons, experiments; web/page.cmake). The panels'
//   places are not kept (Dear ImGui lays them out again on a reload).
// - Sessions: the session's JSON (session_json.h, the desktop's very text) in the page's
//   localStorage, under "attnlab.session". One that cannot be restored is set aside under
//   "attnlab.session.corrupt-TIME", never a blank page; the status line says so. A session's
//   unsaved changes, set aside when a link opens over them, go to "attnlab.unsaved-TIME". Until
//   what is to be set aside is (the browser may refuse it: a full quota), "attnlab.session",
//   which holds it, is not written over: each save tries again first, and fails while it cannot.
//   A page opened from the disk (file:) keeps no session unless the person chooses to: the browser
//   gives every page opened from the disk one localStorage, which any other such page (an
//   evil.html saved beside attnlab.html) reads and writes. Nothing is read or written there, and
//   the status line says so at the start; File → Keep my work here keeps it all the same, a choice
//   remembered under "attnlab.keep-from-disk", and the status line says at each start that it is.
// - File chooser: Open is the browser's file picker (web/page_pre.js), whose file (or one dropped
//   on the canvas) is written to the home folder and opened as any file is (one above 1 MiB is
//   not read, and one that does not open is not kept: app/web/page_api.cpp's open_taken_file);
//   Save as saves to the home folder under the name the desktop's dialog would propose.
// - Downloads: every file the app writes to its home folder (/home/web_user: Save, every
//   export, the animations) or over a file it opened is handed to the browser as a download,
//   by the name the desktop would give it, once the frame that wrote it is over.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "app/files/platform_files.h"

namespace app {

inline constexpr const char* kWebDataDir = "/share/attnlab";
inline constexpr const char* kWebSessionKey = "attnlab.session";
inline constexpr const char* kWebKeepFromDiskKey = "attnlab.keep-from-disk";  // "yes": chosen (above)

class WebPaths final : public Paths {
 public:
  std::filesystem::path data_dir() const override { return kWebDataDir; }
  std::string layout_settings_path(std::string*) const override { return {}; }
  std::string link_base() const override;  // the page's address, without its fragment
  bool fetch_shipped_model(const std::string& path) override;  // from models/ beside index.html (web/page_pre.js)
  // A file of the home folder (picked, dropped, downloaded) by its name; "NAME (the browser downloads it)" once written.
  std::string shown_path(const std::string& path) const override;
  std::string where_written(const std::string& path) const override;
};

class WebSessions final : public SessionStore {
 public:
  SessionRestore restore(AppState& state, bool read_only) override;
  bool save(const AppState& state, std::string* error, std::string* note) override;
  std::string notes() const override { return notes_; }
  std::string keep_unsaved(const AppState& state, std::string* error) override;
  // false: nothing is restored or kept (an embedded page: ?embed=).
  void set_kept(bool kept) { kept_ = kept; }
  // From the disk: "Keep my work here", on or off (above).
  std::string keep_choice(bool* chosen) const override;
  void choose_keep(AppState& state, bool keep) override;

 private:
  // Sets aside what set_aside_ names, if anything; false while the browser refuses it.
  bool retry_set_aside(std::string* error, std::string* note);

  bool kept_ = true;
  bool from_disk_ = false;  // a page opened from the disk, not in a frame: it offers the choice
  std::string notes_;
  std::string last_saved_;  // localStorage is written only when the text changed
  // What "attnlab.session" holds and is still to be set aside under key: the stored session
  // itself (a corrupt one: copied whole) or, when text is not empty, a restored session's
  // unsaved scenario. Empty key: nothing.
  struct SetAside {
    std::string key, text;
  } set_aside_;
};

class WebFileChooser final : public FileChooser {
 public:
  void ask(AppState& state, FileDialog::Purpose purpose) override;
  bool opens_on_ctrl_o() const override { return true; }
  // No dialog: written to the home folder under the name made up for it, then downloaded.
  void ask_export(AppState& state, const ExportChoice& what) override;
};

// The files written since the last look, handed to the browser as downloads.
class WebDownloads {
 public:
  // What is there now is not a download: the preloaded files at the start; a file the picker
  // or a drop just wrote.
  void mark_all_seen() { look(false); }
  void mark_seen(const std::string& path);
  void forget(const std::string& path) { seen_.erase(path); }
  // Downloads what was written or changed since the last look; returns how many.
  int ship() { return look(true); }

 private:
  int look(bool ship);

  std::map<std::string, std::pair<long long, long long>> seen_;  // path → (size, mtime)
};

// The page's home folder (/home/web_user), where Save, the exports and picked files go.
std::string web_home();

// The page's three, and its downloads.
PlatformFiles web_files();
WebDownloads& web_downloads();

}  // namespace app
