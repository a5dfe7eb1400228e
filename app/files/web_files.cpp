#include "app/files/web_files.h"

#include <emscripten.h>

#include <cstdlib>
#include <system_error>
#include <vector>

#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/files/session_json.h"
#include "app/platform/web_strings.h"
#include "core/io/atomic_file.h"
#include "core/io/scenario_io.h"
#include "core/text/utf8.h"

namespace app {

namespace fs = std::filesystem;

namespace {

// localStorage, which a browser may refuse (private windows, a full quota): then null and false.
// An item is returned with its length in *bytes: it may hold a NUL.
EM_JS(char*, web_storage_get, (const char* key, int* bytes), {
  let s = null;
  try { s = window.localStorage.getItem(UTF8ToString(key)); } catch (e) {}
  HEAP32[bytes >> 2] = s === null ? 0 : lengthBytesUTF8(s);
  return Module.attnlabCString(s);
});
// The item under from, copied under to exactly as it is (a broken session set aside whole, even
// one that is not UTF-8's or holds a NUL): 1; 0 when the browser refuses; 2 when there is none.
EM_JS(int, web_storage_copy, (const char* from, const char* to), {
  try {
    const s = window.localStorage.getItem(UTF8ToString(from));
    if (s === null) return 2;
    window.localStorage.setItem(UTF8ToString(to), s);
    return 1;
  } catch (e) { return 0; }
});
EM_JS(int, web_storage_set, (const char* key, const char* value), {
  try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); return 1; } catch (e) { return 0; }
});
// Whether this page has localStorage at all: a browser may give none to a page opened from the
// disk or to a sandboxed frame (reading window.localStorage throws there).
EM_JS(int, web_storage_usable, (), {
  try { return window.localStorage ? 1 : 0; } catch (e) { return 0; }
});
// Whether the page was opened from the disk (file:), whose localStorage every such page shares.
EM_JS(int, web_page_from_disk, (), { return window.location.protocol === "file:" ? 1 : 0; });
EM_JS(void, web_storage_remove, (const char* key), {
  try { window.localStorage.removeItem(UTF8ToString(key)); } catch (e) {}
});
// The browser's file picker (web/page_pre.js): the chosen file is written to the home folder
// and opened by attnlab_open_picked (app/web/page_api.cpp).
EM_JS(void, web_pick_file, (), { Module.attnlabPickFile(); });
// A download of size bytes at data, named name (web/page_pre.js).
EM_JS(void, web_download, (const char* name, const unsigned char* data, int size), {
  Module.attnlabDownload(UTF8ToString(name), HEAPU8.slice(data, data + size));
});

EM_JS(void, web_fetch_model, (const char* name, const char* path), {
  Module.attnlabFetchModel(UTF8ToString(name), UTF8ToString(path));
});
EM_JS(char*, web_page_base, (), { return Module.attnlabCString(Module.attnlabPageBase()); });

std::string storage_get(const std::string& key) {
  int bytes = 0;
  char* text = web_storage_get(key.c_str(), &bytes);
  if (!text) return {};
  std::string s(text, static_cast<size_t>(bytes));
  std::free(text);
  return s;
}

constexpr const char* kNoStorage =
    "this browser gives this page no storage (as some do to a page opened from the disk, or in a sandboxed frame): "
    "your work is not kept when the page closes; File > Save downloads it";
constexpr const char* kNotKeptFromDisk =
    "opened from the disk: your work is not kept between visits, as any other page opened from the disk could read it "
    "(browsers give them all one storage); File > Keep my work here keeps it anyway, File > Save downloads it";
constexpr const char* kKeptFromDisk =
    "opened from the disk: your work is kept in this browser's storage, which any other page opened from the disk "
    "can read (File > Keep my work here turns that off)";
constexpr const char* kRefused = "this browser refused to store it (a private window, or its storage is full)";

// A file of the home folder: picked, dropped, or written and then downloaded (WebDownloads) under its own name.
bool in_home(const std::string& path) { return fs::path(path).parent_path() == fs::path(web_home()); }

}  // namespace

std::string web_home() {
  const char* h = std::getenv("HOME");
  return h && *h ? h : "/home/web_user";
}

std::string WebPaths::link_base() const { return adopt_js_string(web_page_base()); }

std::string WebPaths::shown_path(const std::string& path) const {
  return in_home(path) ? core::valid_utf8(fs::path(path).filename().string()) : core::short_path(path);
}

std::string WebPaths::where_written(const std::string& path) const {
  return shown_path(path) + (in_home(path) ? " (the browser downloads it)" : "");  // anything else stays in the page
}

bool WebPaths::fetch_shipped_model(const std::string& path) {
  web_fetch_model(std::filesystem::path(path).filename().string().c_str(), path.c_str());
  return true;
}

SessionRestore WebSessions::restore(AppState& state, bool read_only) {
  if (!kept_) return SessionRestore::None;
  if (!web_storage_usable()) {
    // Said once, and no save tried again: everything else works as it does with storage.
    kept_ = false;
    state.status = kNoStorage;
    return SessionRestore::None;
  }
  if (web_page_from_disk()) {
    from_disk_ = true;
    if (storage_get(kWebKeepFromDiskKey) != "yes") {
      // Nothing read (another page may have written it) and nothing written (another page may read it).
      kept_ = false;
      state.status = kNotKeptFromDisk;
      if (!storage_get(kWebSessionKey).empty())
        state.status += std::string("; a session kept here before is left unread in this browser's storage as ") + kWebSessionKey;
      return SessionRestore::None;
    }
  }
  const std::string text = storage_get(kWebSessionKey);
  if (text.empty()) {
    if (from_disk_) state.status = kKeptFromDisk;
    return SessionRestore::None;
  }
  std::string problem;
  std::vector<std::string> dropped;
  std::optional<core::FileStamp> known;
  std::optional<AppState> restored = parse_session(text, problem, dropped, known);
  if (!restored) {
    // Set aside, whole, where a person can still find it (the browser's developer tools).
    const std::string aside = std::string(kWebSessionKey) + ".corrupt-" + time_stamp();
    const std::string head = "the last session could not be restored (" + problem + "); ";
    if (read_only) {
      state.status = head + "it is left in this browser's storage as " + kWebSessionKey;
    } else if (web_storage_copy(kWebSessionKey, aside.c_str()) == 1) {
      web_storage_remove(kWebSessionKey);
      state.status = head + "it is kept in this browser's storage as " + aside;
    } else {
      // Not written over until it is set aside: each save tries again first.
      set_aside_ = {aside, ""};
      state.status = head + "this browser refused to set it aside (its storage is full?): it stays as " + kWebSessionKey +
                     ", which is not written over until it is set aside";
    }
    return SessionRestore::Corrupt;
  }
  restore_file_state(*restored, std::nullopt, nullptr);  // the page's files are new at every load
  restored->status = from_disk_ ? std::string("restored the last session; ") + kKeptFromDisk : "restored the last session";
  notes_.clear();
  for (const std::string& d : dropped) notes_ += (notes_.empty() ? "restored without " : "; ") + d;
  if (from_disk_) notes_ += (notes_.empty() ? "" : "; ") + std::string(kKeptFromDisk);  // a link opened over it says so too
  state = std::move(*restored);
  last_saved_ = text;
  return SessionRestore::Restored;
}

bool WebSessions::save(const AppState& state, std::string* error, std::string* note) {
  std::string why;
  const std::string text = session_text(state, &why);
  if (text.empty()) {
    if (error) *error = why;
    return false;
  }
  if (note) note->clear();
  if (!kept_ || text == last_saved_) return true;
  if (!retry_set_aside(error, note)) return false;
  if (!web_storage_set(kWebSessionKey, text.c_str())) {
    if (error) *error = kRefused;
    return false;
  }
  last_saved_ = text;
  return true;
}

std::string WebSessions::keep_choice(bool* chosen) const {
  if (chosen) *chosen = from_disk_ && kept_;
  return from_disk_ ? "Keep my work here" : "";
}

void WebSessions::choose_keep(AppState& state, bool keep) {
  if (!from_disk_) return;
  last_saved_.clear();
  if (!keep) {
    kept_ = false;
    web_storage_remove(kWebKeepFromDiskKey);
    web_storage_remove(kWebSessionKey);
    state.status = "your work is no longer kept between visits, and is gone from this browser's storage (File > Save downloads it)";
    return;
  }
  if (!web_storage_set(kWebKeepFromDiskKey, "yes")) {
    state.status = std::string("your work is not kept: ") + kRefused;
    return;
  }
  kept_ = true;
  std::string error;
  state.status = save(state, &error, nullptr)
                     ? "your work is kept in this browser's storage from now on, where any other page opened from the disk can read it"
                     : "your work is not kept: " + error;
}

bool WebSessions::retry_set_aside(std::string* error, std::string* note) {
  if (set_aside_.key.empty()) return true;
  const bool unsaved = !set_aside_.text.empty();
  const int copied = unsaved ? web_storage_set(set_aside_.key.c_str(), set_aside_.text.c_str())
                             : web_storage_copy(kWebSessionKey, set_aside_.key.c_str());
  if (copied == 0) {
    if (error)
      *error = std::string(unsaved ? "the last session's unsaved changes could not be set aside (" : "the last session, which could not be restored, could not be set aside (") +
               kRefused + "); " + (unsaved ? "they stay" : "it stays") + " in " + kWebSessionKey + ", which is not written over until " +
               (unsaved ? "they are" : "it is");
    return false;
  }
  if (note && copied == 1)
    *note = std::string(unsaved ? "the unsaved changes of the last session are" : "the last session, which could not be restored, is") +
            " now kept in this browser's storage as " + set_aside_.key;
  set_aside_ = {};
  return true;
}

std::string WebSessions::keep_unsaved(const AppState& state, std::string* error) {
  // Beside the session in the browser's storage, not a download nobody asked for (a link
  // opened over a session with changes is the usual case).
  const std::string key = "attnlab.unsaved-" + time_stamp();
  const std::string text = core::scenario_to_text(state.scenario());
  if (!web_storage_set(key.c_str(), text.c_str())) {
    if (error) *error = kRefused;
    if (kept_) set_aside_ = {key, text};  // they are in the session, which is not written over until this is
    return {};
  }
  if (set_aside_.text == text) set_aside_ = {};  // the same changes, kept by a later try: not twice
  return "this browser's storage as " + key;
}

void WebFileChooser::ask(AppState& state, FileDialog::Purpose purpose) {
  if (purpose == FileDialog::Purpose::Open) {
    web_pick_file();
    return;
  }
  if (purpose == FileDialog::Purpose::SaveAs) {
    const fs::path current = state.library.file;
    const std::string name = current.empty() ? "scenario.json" : current.filename().string();
    save_scenario(state, web_home() + "/" + name);  // its status names the download (where_written)
  }
}

void WebFileChooser::ask_export(AppState& state, const ExportChoice& what) {
  const std::string path = export_path(state, what);
  // A PNG and a recording are written once the window has drawn them, and say so then.
  if (write_export(state, what, path, nullptr) && what.format != core::ExportFormat::Png && !is_recording(what))
    state.status = "exported " + where_written(path);
}

namespace {
std::pair<long long, long long> stamp_of(const fs::directory_entry& e) {
  std::error_code ec;
  return {static_cast<long long>(e.file_size(ec)), static_cast<long long>(e.last_write_time(ec).time_since_epoch().count())};
}
}  // namespace

void WebDownloads::mark_seen(const std::string& path) {
  std::error_code ec;
  seen_[path] = stamp_of(fs::directory_entry(path, ec));
}

int WebDownloads::look(bool ship) {
  int shipped = 0;
  std::error_code ec;
  for (const std::string& root : {web_home(), std::string(kWebDataDir)}) {
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (!it->is_regular_file(ec)) continue;
      const std::string path = it->path().string();
      const std::pair<long long, long long> stamp = stamp_of(*it);
      auto [where, added] = seen_.try_emplace(path, stamp);
      if (!added && where->second == stamp) continue;
      where->second = stamp;
      if (!ship) continue;
      const core::FileRead file = core::read_regular_file(path, size_t{1} << 31);
      if (file.problem != core::FileRead::Problem::None) continue;
      web_download(it->path().filename().string().c_str(), reinterpret_cast<const unsigned char*>(file.text.data()),
                   static_cast<int>(file.text.size()));
      ++shipped;
    }
  }
  return shipped;
}

PlatformFiles web_files() {
  static WebPaths paths;
  static WebSessions sessions;
  static WebFileChooser chooser;
  return {&paths, &sessions, &chooser};
}

WebDownloads& web_downloads() {
  static WebDownloads downloads;
  return downloads;
}

}  // namespace app
