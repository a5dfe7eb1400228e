#include "app/files/session.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <optional>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/files/files.h"
#include "app/training/lab.h"
#include "core/experiment_json.h"
#include "core/atomic_file.h"
#include "core/export.h"  // valid_utf8
#include "core/json_text.h"
#include "core/scenario_io.h"

namespace app {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kSessionVersion = 1;
constexpr int kBusy = -2;  // lock(): another process holds the slot
constexpr auto kStaleAfter = std::chrono::seconds(10);  // a temporary file older than this is no one's write in progress

// [SECTION] The slots: session.json is slot 1, session-K.json slot K.

std::string slot_name(int slot) { return slot == 1 ? "session.json" : "session-" + std::to_string(slot) + ".json"; }

// The slot a file name is, or 0.
int slot_of(const std::string& name) {
  if (name == "session.json") return 1;
  if (name.rfind("session-", 0) != 0 || name.size() < 14 || name.substr(name.size() - 5) != ".json") return 0;
  const std::string digits = name.substr(8, name.size() - 13);
  if (digits.empty() || digits.size() > 2 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return 0;
  const int slot = std::stoi(digits);
  return slot >= 2 && slot <= Session::kMaxSessions && digits[0] != '0' ? slot : 0;
}

// Whether no session is at path: no file, or a link to none (writing goes through it).
bool no_session_at(const fs::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 && errno == ENOENT;
}

// The slot's lock, held until the descriptor is closed (by the process's end,
// kill -9 included): a descriptor, kBusy, or -1 when no lock file can be made
// (then the directory cannot take a session either, and saving says why).
int lock(const fs::path& dir, int slot) {
  const fs::path path = dir / (slot_name(slot) + ".lock");
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return -1;
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
  ::close(fd);
  return kBusy;
}

// Whether another Session (in this process or another) holds the slot; no lock file is made to find out.
bool held_elsewhere(const fs::path& dir, int slot) {
  const int fd = ::open((dir / (slot_name(slot) + ".lock")).c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0;
  ::close(fd);
  return held;
}

struct Found {
  int slot;
  int fd;  // its lock, or -1
  struct timespec mtime;
};

// Every session file in dir, newest first (a link loop or a dangling link is one too).
std::vector<Found> session_files(const fs::path& dir) {
  std::vector<Found> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const int slot = slot_of(it->path().filename().string());
    struct stat st {};
    if (slot && (::stat(it->path().c_str(), &st) == 0 || ::lstat(it->path().c_str(), &st) == 0))
      found.push_back({slot, -1, st.st_mtim});
  }
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return a.mtime.tv_sec != b.mtime.tv_sec ? a.mtime.tv_sec > b.mtime.tv_sec : a.mtime.tv_nsec > b.mtime.tv_nsec;
  });
  return found;
}

// kill -9 in the middle of a write leaves a temporary file; an old one of our
// naming is no one's write in progress. Nothing else is touched.
void remove_stale_temporaries(const fs::path& dir) {
  std::error_code ec;
  const auto now = fs::file_time_type::clock::now();
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code item_ec;
    if (!core::is_temporary_file_name(it->path().filename().string()) ||
        it->symlink_status(item_ec).type() != fs::file_type::regular)
      continue;
    const auto written = fs::last_write_time(it->path(), item_ec);
    if (!item_ec && now - written > kStaleAfter) fs::remove(it->path(), item_ec);
  }
}

// [SECTION] The session's JSON.

// A file name is bytes, and a JSON string is UTF-8: a name that is not UTF-8
// is kept as its bytes in hex, so that any path the system accepts comes back.
core::OrderedJson path_json(const std::string& path) {
  if (core::valid_utf8(path) == path) return path;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned char c : path) hex += {kHex[c >> 4], kHex[c & 15]};
  return {{"bytes", hex}};
}

std::optional<std::string> path_from_json(const json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (!j.is_object() || !j.contains("bytes") || !j["bytes"].is_string()) return std::nullopt;
  const std::string hex = j["bytes"].get<std::string>();
  if (hex.size() % 2) return std::nullopt;
  std::string path;
  for (size_t i = 0; i < hex.size(); i += 2) {
    const auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
    const int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    path += static_cast<char>(hi * 16 + lo);
  }
  return path;
}

core::OrderedJson view_json(const ViewOptions& v) {
  return {{"theme", v.theme == Theme::Light ? "light" : "dark"},
          {"head", v.head},
          {"show_numbers", v.show_numbers},
          {"sequential", core::colormap_name(v.sequential)},
          {"diverging", core::colormap_name(v.diverging)},
          {"own_scales", v.own_scales},
          {"show_gradients", v.show_gradients},
          {"show_jacobian", v.show_jacobian},
          {"zoom", v.zoom},
          {"workspace", v.workspace == Workspace::Lab ? "lab" : "views"}};
}

// The view options as the session holds them, checked against the scenario they apply to: a
// key left out keeps its default, and so does a value that is there but cannot apply (a head
// the scenario does not have, a theme of no name, a zoom past the limits), with a line in
// *dropped naming the field. A view is not worth losing the scenario for.
ViewOptions read_view(const json& j, const core::Scenario& scenario, std::vector<std::string>& dropped) {
  ViewOptions v;
  if (!j.is_object()) {
    dropped.push_back("view: expected an object, got " + core::valid_utf8(j.dump()));
    return v;
  }
  const auto bad = [&](const char* key, const std::string& expected) {
    dropped.push_back(std::string("view.") + key + ": expected " + expected + ", got " + core::valid_utf8(j[key].dump()));
  };
  for (const auto& [key, value] : {std::pair<const char*, bool*>{"show_numbers", &v.show_numbers},
                                   {"own_scales", &v.own_scales},
                                   {"show_gradients", &v.show_gradients},
                                   {"show_jacobian", &v.show_jacobian}})
    if (j.contains(key)) {
      if (j[key].is_boolean()) *value = j[key].get<bool>();
      else bad(key, "true or false");
    }
  if (j.contains("theme")) {
    if (j["theme"] == "light") v.theme = Theme::Light;
    else if (j["theme"] != "dark") bad("theme", "\"dark\" or \"light\"");
  }
  if (j.contains("head")) {
    const json& h = j["head"];
    if (h.is_number_integer() && h.get<std::int64_t>() >= 0 && h.get<std::int64_t>() < scenario.heads) v.head = h.get<int>();
    else bad("head", scenario.heads == 1 ? std::string("0, the scenario's one head")
                                         : "a head of the scenario, 0 to " + std::to_string(scenario.heads - 1));
  }
  if (j.contains("sequential")) {
    if (j["sequential"] == core::colormap_name(core::Colormap::Cividis)) v.sequential = core::Colormap::Cividis;
    else if (j["sequential"] != core::colormap_name(core::Colormap::Viridis))
      bad("sequential", std::string("\"") + core::colormap_name(core::Colormap::Viridis) + "\" or \"" +
                            core::colormap_name(core::Colormap::Cividis) + "\"");
  }
  if (j.contains("diverging") && j["diverging"] != core::colormap_name(core::Colormap::BlueRed))
    bad("diverging", std::string("\"") + core::colormap_name(core::Colormap::BlueRed) + "\"");
  if (j.contains("zoom")) {
    const json& z = j["zoom"];
    if (z.is_number() && z.get<double>() >= kMinZoom && z.get<double>() <= kMaxZoom) v.zoom = static_cast<float>(z.get<double>());
    else bad("zoom", "a number from " + core::plain_number(kMinZoom) + " to " + core::plain_number(kMaxZoom));
  }
  if (j.contains("workspace")) {
    if (j["workspace"] == "lab") v.workspace = Workspace::Lab;
    else if (j["workspace"] != "views") bad("workspace", "\"views\" or \"lab\"");
  }
  return v;
}

// What a session holds, every value checked against what it applies to before any of it
// becomes an AppState: a start reads it with this, and a save reads its own text back.
struct SessionContents {
  core::Scenario scenario;
  ViewOptions view;
  std::optional<core::Experiment> experiment;  // the lab's, as it was edited
  std::string lab_source;
  bool lab_edited = false;
  std::string file;
  std::vector<std::string> recent;
  // The values that could not apply, left at their defaults: "view.head: expected …, got 3".
  std::vector<std::string> dropped;
};

// The session's text read; nothing, with *problem, when its scenario cannot be restored (then
// the session is set aside whole). What else cannot apply is dropped and named in `dropped`.
std::optional<SessionContents> read_session_text(const std::string& text, std::string& problem) {
  if (core::nested_deeper_than(text, core::kMaxNesting + 1)) {  // the scenario, one level down
    problem = "nested too deep";
    return std::nullopt;
  }
  try {
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("attnlab_session") || !j["attnlab_session"].is_number_integer() ||
        j["attnlab_session"] != kSessionVersion || !j.contains("scenario")) {
      problem = "not a session file of this version";
      return std::nullopt;
    }
    SessionContents c;
    // The session's limit, not a file's: what the app holds it may keep (core::save_scenario_file).
    core::LoadResult scenario = core::parse_scenario(j["scenario"].dump(), Session::kMaxBytes);
    if (!scenario.ok()) {
      problem = scenario.message();
      return std::nullopt;
    }
    c.scenario = std::move(*scenario.scenario);
    c.view = read_view(j.contains("view") ? j["view"] : json::object(), c.scenario, c.dropped);
    const auto path = [&](const json& value, const std::string& field) {
      std::optional<std::string> p = path_from_json(value);
      if (!p) c.dropped.push_back(field + ": expected a path (a string, or {\"bytes\": hex}), got " + core::valid_utf8(value.dump()));
      return p;
    };
    // The lab's experiment as it was edited: read by the experiment file's rules, but for
    // combinations an edit in progress may leave (the lab shows them as problems again).
    if (j.contains("lab")) {
      const json& lab = j["lab"];
      core::ExperimentLoad e;
      if (!lab.is_object() || !lab.contains("experiment"))
        c.dropped.push_back("lab: expected an object with the experiment");
      else if (e = core::parse_experiment(lab["experiment"].dump(), /*as_edited=*/true); !e.ok())
        c.dropped.push_back("lab.experiment." + e.errors.front());
      else {
        c.experiment = std::move(e.experiment);
        if (lab.contains("source"))
          if (const std::optional<std::string> source = path(lab["source"], "lab.source")) c.lab_source = *source;
        if (lab.contains("edited") && !lab["edited"].is_boolean()) c.dropped.push_back("lab.edited: expected true or false");
        c.lab_edited = lab.contains("edited") && lab["edited"] == true;
      }
    }
    if (j.contains("file"))
      if (const std::optional<std::string> file = path(j["file"], "file")) c.file = *file;
    if (j.contains("recent")) {
      if (!j["recent"].is_array() || j["recent"].size() > kMaxRecentFiles)
        c.dropped.push_back("recent: expected an array of at most " + std::to_string(kMaxRecentFiles) + " paths");
      else
        for (const json& r : j["recent"])
          if (const std::optional<std::string> recent = path(r, "recent")) c.recent.push_back(*recent);
    }
    return c;
  } catch (const std::exception& e) {  // a rule above missed a case: still a message, not a crash
    problem = e.what();
    return std::nullopt;
  }
}

// The restored state, or the reason the session cannot be used.
std::optional<AppState> parse_session(const std::string& text, std::string& problem, std::vector<std::string>& dropped) {
  std::optional<SessionContents> c = read_session_text(text, problem);
  if (!c) return std::nullopt;
  dropped = std::move(c->dropped);
  AppState restored(std::move(c->scenario));
  if (c->experiment) {
    set_experiment(restored, std::move(*c->experiment), c->lab_source);
    restored.lab.edited = c->lab_edited;
  }
  restored.view = c->view;  // set_experiment shows the lab: the session says what was shown
  restored.fit_view();
  restored.file = std::move(c->file);
  restored.recent_files = std::move(c->recent);
  return restored;
}

// Why a session file cannot be restored.
enum class Unusable { No, Gone, Unreadable, Corrupt };

// The session at path, with its unsaved changes told from the file as it is
// on disk; or nothing, with why and *problem in words. dropped: the values
// that could not apply (read_session_text).
std::optional<AppState> read_session(const fs::path& path, Unusable& why, std::string& problem,
                                     std::vector<std::string>& dropped) {
  const core::FileRead file = core::read_regular_file(path.string(), Session::kMaxBytes);
  why = Unusable::Unreadable;
  switch (file.problem) {
    case core::FileRead::Problem::None: break;
    case core::FileRead::Problem::Missing: why = Unusable::Gone; problem = "it is gone"; return std::nullopt;
    case core::FileRead::Problem::Directory: problem = "a directory, not a file"; return std::nullopt;
    case core::FileRead::Problem::NotRegular: problem = "not a regular file: " + file.reason; return std::nullopt;
    case core::FileRead::Problem::Unreadable: problem = "it cannot be read: " + file.reason; return std::nullopt;
    case core::FileRead::Problem::TooLarge: why = Unusable::Corrupt; problem = "larger than 2 MiB"; return std::nullopt;
  }
  std::optional<AppState> restored = parse_session(file.text, problem, dropped);
  why = restored ? Unusable::No : Unusable::Corrupt;
  if (!restored) return std::nullopt;
  if (!restored->file.empty()) {
    restored->file_stamp = core::file_stamp(restored->file);  // the version "modified" is told from
    core::LoadResult on_disk = core::load_scenario_file(restored->file);
    restored->set_saved(on_disk.ok() ? std::move(*on_disk.scenario) : core::Scenario{});
  } else {
    restored->set_saved(core::Scenario{});  // never saved: it all counts as a change
  }
  return restored;
}

// A name beside path for a session set aside, never an earlier one's: path.corrupt-<time>[-K].
fs::path aside_name(const fs::path& path, bool unreadable) {
  const std::string base = path.string() + (unreadable ? ".unreadable-" : ".corrupt-") + time_stamp();
  fs::path aside = base;
  std::error_code ec;
  for (int i = 2; fs::exists(fs::symlink_status(aside, ec)); ++i) aside = base + "-" + std::to_string(i);
  return aside;
}

// Moves a session that cannot be used to a name of its own, never over an
// earlier one. What happened, for the status line. Left where it is when it
// cannot be moved: claim() then takes another slot rather than write over it.
std::string set_aside(const fs::path& path, const std::string& what, const std::string& problem, bool unreadable) {
  const fs::path aside = aside_name(path, unreadable);
  std::error_code ec;
  fs::rename(path, aside, ec);
  return what + " could not be restored (" + problem + "); " +
         (ec ? "it could not be moved aside either (" + ec.message() + ") and is left as it is"
             : "it was moved to " + core::short_path(aside.string()));
}

// A session restored without the values that could not apply: a copy of it as it was is
// kept aside (the next autosave writes over the file). What happened, for the status line.
std::string restored_without(const fs::path& path, const std::vector<std::string>& dropped) {
  std::string what;
  for (const std::string& d : dropped) what += (what.empty() ? "" : "; ") + d;
  const fs::path aside = aside_name(path, false);
  std::error_code ec;
  fs::copy_file(path, aside, ec);
  if (!ec) fs::permissions(aside, fs::perms::owner_read | fs::perms::owner_write, ec);
  return "some of its values could not apply and are left at their defaults (" + what + "); " +
         (ec ? "a copy of the session as it was could not be kept (" + ec.message() + ")"
             : "the session as it was is kept in " + core::short_path(aside.string()));
}

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : "; ") + p;
  return s;
}

// The session's text: laid out for people when it fits, else compact; empty with *error when it cannot be written.
std::string session_text(const AppState& state, std::string* error) {
  try {
    core::OrderedJson j;
    j["attnlab_session"] = kSessionVersion;
    j["file"] = path_json(state.file);
    j["recent"] = core::OrderedJson::array();
    for (const std::string& path : state.recent_files) j["recent"].push_back(path_json(path));
    j["view"] = view_json(state.view);
    j["scenario"] = core::scenario_to_json(state.scenario());
    if (!state.lab.experiment.variants.empty())
      j["lab"] = {{"experiment", core::experiment_to_json(state.lab.experiment)},
                  {"source", path_json(state.lab.source)},
                  {"edited", state.lab.edited}};
    std::string text = core::to_text(j);
    if (text.size() > Session::kMaxBytes) text = core::compact_text(j);
    if (text.size() <= Session::kMaxBytes) return text;
    if (error) *error = "the session would take " + std::to_string(text.size()) + " bytes, more than the 2 MiB it may have";
  } catch (const json::exception& e) {  // a label that is not UTF-8: say so, do not abort
    if (error) *error = std::string("the session cannot be written as JSON: ") + e.what();
  }
  return {};
}

}  // namespace

fs::path state_dir(bool create) {
  fs::path dir;
  if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg == '/') dir = fs::path(xdg) / "attnlab";
  else if (const char* home = std::getenv("HOME"); home && *home) dir = fs::path(home) / ".local" / "state" / "attnlab";
  else return {};
  if (!create) return dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  return ec ? fs::path{} : dir;
}

void Session::release() {
  if (lock_fd_ >= 0) ::close(lock_fd_);
  lock_fd_ = -1;
  dir_.clear();
  path_.clear();
}

// The lowest slot that no one holds and that has no file
// yet: a file no one holds is a session not yet restored, not to be written over.
bool Session::claim(const fs::path& dir) {
  for (int slot = 1; slot <= kMaxSessions; ++slot) {
    if (!no_session_at(dir / slot_name(slot))) continue;
    const int fd = lock(dir, slot);
    if (fd == kBusy) continue;
    if (!no_session_at(dir / slot_name(slot))) {  // written meanwhile
      if (fd >= 0) ::close(fd);
      continue;
    }
    dir_ = dir;
    path_ = dir / slot_name(slot);
    lock_fd_ = fd;
    return true;
  }
  return false;
}

SessionRestore Session::restore(AppState& state) {
  release();
  notes_.clear();
  const fs::path dir = state_dir();
  if (dir.empty()) return SessionRestore::None;
  remove_stale_temporaries(dir);

  std::vector<Found> found = session_files(dir);
  for (Found& f : found) f.fd = lock(dir, f.slot);
  std::vector<std::string> notes;
  std::optional<AppState> restored;
  bool any_unusable = false;
  for (Found& f : found) {
    if (f.fd == kBusy) continue;  // another window's, in use
    const fs::path path = dir / slot_name(f.slot);
    const std::string what = restored ? "another session (" + slot_name(f.slot) + ")" : "the last session";
    Unusable why{};
    std::string problem;
    std::vector<std::string> dropped;
    std::optional<AppState> session = read_session(path, why, problem, dropped);
    if (why == Unusable::Gone) {  // a dangling link: claim() may take the slot, through it
    } else if (!session) {
      notes.push_back(set_aside(path, what, problem, why == Unusable::Unreadable));
      any_unusable = true;
    } else if (!restored) {
      if (!dropped.empty()) notes.push_back(restored_without(path, dropped));
      restored = std::move(session);
      dir_ = dir;
      path_ = path;
      lock_fd_ = f.fd;
      continue;
    } else if (session->modified()) {
      // Its window is closed and only the newest session is restored: its unsaved changes go to a file.
      std::string error;
      const std::string kept = keep_unsaved(*session, &error);
      std::error_code ec;
      if (!kept.empty()) fs::remove(path, ec);
      notes.push_back(kept.empty() ? "the unsaved changes of another session (" + slot_name(f.slot) + ") could not be kept: " + error
                                   : "the unsaved changes of another session are kept in " + core::short_path(kept));
    } else {
      std::error_code ec;
      fs::remove(path, ec);  // its scenario is its file's: nothing is lost
    }
    if (f.fd >= 0) ::close(f.fd);
  }
  if (path_.empty() && !claim(dir)) notes.push_back("every session file is held by another attnlab window: this one keeps no session");
  int busy = 0;  // the other windows: those with a session file, and those that have not written theirs yet
  for (int slot = 1; slot <= kMaxSessions; ++slot) busy += (dir / slot_name(slot)) != path_ && held_elsewhere(dir, slot);
  if (busy > 0 && !path_.empty())
    notes.push_back((busy == 1 ? std::string("another attnlab window is running") : std::to_string(busy) + " other attnlab windows are running") +
                    ": this window's session is " + path_.filename().string());
  notes_ = join(notes);
  if (!restored) {
    if (!notes_.empty()) state.status = notes_;
    return any_unusable ? SessionRestore::Corrupt : SessionRestore::None;
  }
  restored->status = "restored the last session" + (notes_.empty() ? "" : "; " + notes_);
  state = std::move(*restored);
  return SessionRestore::Restored;
}

bool Session::save(const AppState& state, std::string* error) {
  if (!path_.empty() && dir_ != state_dir(false)) release();  // $XDG_STATE_HOME changed: the tests do
  if (path_.empty()) {
    const fs::path dir = state_dir();
    if (dir.empty()) {
      if (error) *error = "no state directory ($XDG_STATE_HOME or $HOME) to keep the session in";
      return false;
    }
    if (!claim(dir)) {
      if (error) *error = "every session file in " + core::short_path(dir.string()) + " is held by another attnlab window";
      return false;
    }
  }
  const std::string text = session_text(state, error);
  if (text.empty()) return false;
  // Nothing is written that the next start would set aside: the text is restored here first.
  std::string problem;
  const std::optional<SessionContents> back = read_session_text(text, problem);
  if (!back || !back->dropped.empty()) {
    if (error) *error = "the next start could not restore it (" + (back ? back->dropped.front() : problem) + ")";
    return false;
  }
  // Private, and readable by its owner whatever mode the file before it had.
  return core::write_file_atomically(path_.string(), text, error, 0600);
}

Session& this_session() {
  static Session session;
  return session;
}

SessionRestore restore_session(AppState& state, bool read_only) {
  if (!read_only) return this_session().restore(state);
  const fs::path dir = state_dir(false);
  if (dir.empty()) return SessionRestore::None;
  // The session a window would restore: the newest that can be; nothing is locked or moved.
  std::string first_problem;
  for (const Found& f : session_files(dir)) {
    Unusable why{};
    std::string problem;
    std::vector<std::string> dropped;  // a picture shows the rest: nothing is copied or moved here
    std::optional<AppState> restored = read_session(dir / slot_name(f.slot), why, problem, dropped);
    if (restored) {
      restored->status = "restored the last session";
      state = std::move(*restored);
      return SessionRestore::Restored;
    }
    if (why != Unusable::Gone && first_problem.empty()) first_problem = problem;
  }
  if (first_problem.empty()) return SessionRestore::None;
  state.status = "the last session could not be restored (" + first_problem + ")";
  return SessionRestore::Corrupt;
}

bool save_session(const AppState& state, std::string* error) { return this_session().save(state, error); }

std::string keep_unsaved(const AppState& state, std::string* error) {
  const fs::path dir = state_dir();
  if (dir.empty()) {
    if (error) *error = "no state directory ($XDG_STATE_HOME or $HOME)";
    return {};
  }
  const std::string base = (dir / ("unsaved-" + time_stamp())).string();
  std::string path = base + ".json";
  std::error_code ec;
  for (int i = 2; fs::exists(fs::symlink_status(path, ec)); ++i) path = base + "-" + std::to_string(i) + ".json";
  // Private as the session it comes from (0600).
  return core::save_scenario_file(state.scenario(), path, error, 0600) ? path : std::string{};
}

namespace {

// path as a write would reach it: absolute, its links followed as far as they go.
fs::path written_path(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  if (ec) return fs::path(path).lexically_normal();
  const fs::path resolved = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
}

}  // namespace

bool in_state_dir(const std::string& path) {
  const fs::path dir = state_dir(false);
  if (dir.empty()) return false;
  const fs::path where = written_path(path), home = written_path(dir.string());
  const auto [end, _] = std::mismatch(home.begin(), home.end(), where.begin(), where.end());
  return end == home.end();
}

bool is_state_file(const std::string& path) {
  if (!in_state_dir(path)) return false;
  const fs::path where = written_path(path);
  const std::string name = where.filename().string();
  const bool lock = name.size() > 5 && name.compare(name.size() - 5, 5, ".lock") == 0 && slot_of(name.substr(0, name.size() - 5));
  return where.parent_path() == written_path(state_dir(false).string()) && (slot_of(name) || lock || name == "imgui.ini");
}

std::string layout_settings_path(std::string* problem) {
  const fs::path dir = state_dir();
  if (dir.empty()) return {};
  const fs::path path = dir / "imgui.ini";
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return path.string();
    if (problem) *problem = core::short_path(path.string()) + " cannot be used (" + core::describe_error(errno, true) +
                            "): the window layout is not kept";
    return {};
  }
  if (S_ISREG(st.st_mode)) return path.string();
  if (problem)
    *problem = core::short_path(path.string()) + " is " +
               (S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISDIR(st.st_mode) ? "a directory" : "not a file of data") +
               ", not a regular file: the window layout is neither read from it nor kept";
  return {};
}

Autosave::Autosave(const AppState& state)
    : revision_(state.revision()), view_(state.view), file_(state.file), recent_(state.recent_files),
      lab_revision_(state.lab.revision) {}

bool Autosave::tick(AppState& state) {
  const auto now = std::chrono::steady_clock::now();
  if (state.revision() != revision_ || !(state.view == view_) || state.file != file_ || state.recent_files != recent_ ||
      state.lab.revision != lab_revision_) {
    if (!pending_) changed_at_ = now;
    pending_ = true;
    revision_ = state.revision();
    view_ = state.view;
    file_ = state.file;
    recent_ = state.recent_files;
    lab_revision_ = state.lab.revision;
  }
  if (pending_ && now - changed_at_ >= kMaxDelay) {
    std::string error;
    if (save_session(state, &error)) {
      failed_ = false;
    } else if (!failed_) {  // say it once, not every half second
      state.status = "the session is not being kept: " + error;
      failed_ = true;
    }
    pending_ = false;
  }
  return pending_;
}

}  // namespace app
