#include "app/files/session.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <imgui.h>

#include "app/files/files.h"
#include "app/files/session_json.h"
#include "app/files/session_slots.h"
#include "app/training/lab.h"
#include "core/export/export.h"  // valid_utf8
#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"
#include "core/io/scenario_io.h"
#include "core/text/json_text.h"

namespace app {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using namespace session_slots;

// Why a session file cannot be restored.
enum class Unusable { No, Gone, Unreadable, Corrupt };

// The session at path, with its unsaved changes told from the file as it is
// on disk; or nothing, with why and *problem in words. dropped: the values
// that could not apply (read_session_text).
std::optional<AppState> read_session(const fs::path& path, Unusable& why, std::string& problem,
                                     std::vector<std::string>& dropped, std::string* changed_note = nullptr) {
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
  std::optional<core::FileStamp> known;
  std::optional<AppState> restored = parse_session(file.text, problem, dropped, known);
  why = restored ? Unusable::No : Unusable::Corrupt;
  if (!restored) return std::nullopt;
  restore_file_state(*restored, known, changed_note);
  return restored;
}

// base + extension, or base-K + extension when that is taken: never over an earlier file.
std::string unused_name(const std::string& base, const std::string& extension = "") {
  std::string name = base + extension;
  std::error_code ec;
  for (int i = 2; fs::exists(fs::symlink_status(name, ec)); ++i) name = base + "-" + std::to_string(i) + extension;
  return name;
}

// A name beside path for a session set aside, never an earlier one's: path.corrupt-<time>[-K].
fs::path aside_name(const fs::path& path, bool unreadable) {
  return unused_name(path.string() + (unreadable ? ".unreadable-" : ".corrupt-") + time_stamp());
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

// A copy of the session at path as it was (text) beside it: where, or "" with *error. Written as
// every file is (whole or not at all, 0600 as sessions are), so that a full disk is said; in place
// though the folder's fsync failed counts as kept (*error then says it may not last).
std::string copy_aside(const fs::path& path, const std::string& text, std::string* error) {
  const fs::path aside = aside_name(path, false);
  bool in_place = false;
  error->clear();
  return core::write_file_atomically(aside.string(), text, error, 0600, &in_place) || in_place ? aside.string() : "";
}

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : "; ") + p;
  return s;
}

// " (why)" after what was kept, when its folder's fsync failed.
std::string fragile(const std::string& error) { return error.empty() ? "" : " (" + error + ")"; }

// A session restored without the values that could not apply: a copy of it as it was is
// kept aside (the next autosave writes over the file). What happened, for the status line;
// *uncopied: its text when the copy could not be made (the session is then not written over
// until it is, Session::save).
std::string restored_without(const fs::path& path, const std::vector<std::string>& dropped, bool& kept,
                             std::string* uncopied) {
  const core::FileRead as_it_was = core::read_regular_file(path.string(), Session::kMaxBytes);
  std::string error = as_it_was.reason;
  std::string aside;
  if (as_it_was.problem == core::FileRead::Problem::None) aside = copy_aside(path, as_it_was.text, &error);
  kept = !aside.empty();
  if (!kept && as_it_was.problem == core::FileRead::Problem::None) *uncopied = as_it_was.text;
  return "some of its values could not apply and are left at their defaults (" + join(dropped) + "); " +
         (!kept ? "a copy of the session as it was could not be kept yet (" + error +
                      "): the session is not written over until it is; each change tries again"
                : "the session as it was is kept in " + core::short_path(aside) + fragile(error));
}

// A scenario's text for unsaved-<time>.json: laid out as a scenario file when that fits in one,
// else compact, whatever its size: a session holds up to 2 MiB, and its changes are set aside all
// the same (core::save_scenario_file would refuse them for ever). "" when a label is not UTF-8.
std::string unsaved_text(const core::Scenario& s) {
  try {
    std::string text = core::scenario_to_text(s);
    return text.size() <= core::kMaxFileBytes ? text : core::compact_text(core::scenario_to_json(s));
  } catch (const nlohmann::json::exception&) {
    return "";
  }
}

// path as a write would reach it: absolute, its links followed as the kernel follows them
// (core::write_target: a dangling link to a file not made yet too, which weakly_canonical
// left as the link's own name).
fs::path written_path(const std::string& path) {
  if (const core::WriteTarget where = core::write_target(path); !where.error && !where.path.empty())
    return fs::path(where.path);
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  if (ec) return fs::path(path).lexically_normal();
  const fs::path resolved = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
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
  uncopied_.clear();
}

// The lowest slot that no one holds and that has no file
// yet: a file no one holds is a session not yet restored, not to be written over.
bool Session::claim(const fs::path& dir) {
  for (int slot = 1; slot <= kMaxSessions; ++slot) {
    if (!no_session_at(dir / slot_name(slot))) continue;
    const int fd = lock(dir, slot);
    const int lock_error = errno;
    if (fd == kBusy) continue;
    if (!no_session_at(dir / slot_name(slot))) {  // written meanwhile
      if (fd >= 0) ::close(fd);
      continue;
    }
    dir_ = dir;
    path_ = dir / slot_name(slot);
    lock_fd_ = fd;
    lock_problem_ = fd < 0 ? lock_problem(slot, lock_error) : "";
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
  for (Found& f : found) {
    f.fd = lock(dir, f.slot);
    f.lock_error = f.fd == -1 ? errno : 0;
  }
  // A link to a session another window holds, or to one restored or folded in here before it, is that session:
  // neither restored (two windows would write one file) nor folded in (its file would be removed under the other).
  const auto another_name_of = [&found](const Found& f) {
    return std::any_of(found.begin(), found.end(), [&f](const Found& g) {
      return &g != &f && same_file(g, f) && (g.fd == kBusy || &g < &f);
    });
  };
  for (Found& f : found)
    if (f.fd != kBusy && another_name_of(f)) {
      if (f.fd >= 0) ::close(f.fd);
      f.fd = kBusy;
    }
  std::vector<std::string> notes;
  std::optional<AppState> restored;
  bool any_unusable = false;
  bool rewrite = false;  // values were dropped: the session is written again at once, as it now is
  for (Found& f : found) {
    if (f.fd == kBusy) continue;  // another window's, in use
    const fs::path path = dir / slot_name(f.slot);
    const std::string what = restored ? "another session (" + slot_name(f.slot) + ")" : "the last session";
    Unusable why{};
    std::string problem;
    std::vector<std::string> dropped;
    std::string changed;
    std::error_code ec;  // a session folded in is removed, when it can be
    std::optional<AppState> session = read_session(path, why, problem, dropped, &changed);
    if (why == Unusable::Gone) {  // a dangling link: claim() may take the slot, through it
    } else if (!session) {
      notes.push_back(set_aside(path, what, problem, why == Unusable::Unreadable));
      any_unusable = true;
    } else if (!restored) {
      bool copied = false;
      if (!dropped.empty()) notes.push_back(restored_without(path, dropped, copied, &uncopied_));
      rewrite = copied;  // not without its copy: the session is then the only one with the values
      if (!changed.empty()) notes.push_back(changed);
      restored = std::move(session);
      dir_ = dir;
      path_ = path;
      lock_fd_ = f.fd;
      if (f.fd < 0) notes.push_back(lock_problem(f.slot, f.lock_error));
      continue;
    } else if (session->modified()) {
      // Its window is closed and only the newest session is restored: its unsaved changes go to a file.
      std::string error;
      const std::string kept = keep_unsaved(*session, &error);
      if (!kept.empty()) fs::remove(path, ec);
      notes.push_back(kept.empty() ? "the unsaved changes of another session (" + slot_name(f.slot) + ") could not be kept: " + error
                                   : "the unsaved changes of another session are kept in " + core::short_path(kept) + fragile(error));
    } else {
      fs::remove(path, ec);  // its scenario is its file's: nothing is lost
    }
    if (f.fd >= 0) ::close(f.fd);
  }
  if (path_.empty()) {
    if (!claim(dir)) notes.push_back("every session file is held by another attnlab window: this one keeps no session");
    else if (!lock_problem_.empty()) notes.push_back(lock_problem_);
    lock_problem_.clear();
  }
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
  // Its copy as it was is kept aside once: the next start must not drop and copy the same values again.
  if (rewrite) save(state);
  return SessionRestore::Restored;
}

bool Session::save(const AppState& state, std::string* error, std::string* note) {
  if (!path_.empty() && dir_ != state_dir(false)) release();  // $XDG_STATE_HOME changed: the tests do
  if (note) note->clear();
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
    if (note) *note = lock_problem_;  // said once, with the first save
    lock_problem_.clear();
  }
  if (!keep_uncopied(error, note)) return false;
  std::string text = session_text(state, error);
  if (text.empty()) return false;
  // Nothing is written that the next start would not restore whole: the text is read back first.
  std::string problem;
  std::optional<SessionContents> back = read_session_text(text, problem);
  if (back && !back->experiment && !state.lab.experiment.variants.empty()) {
    // The lab's experiment alone cannot come back: the scenario and the rest are kept without it.
    if (note) *note += (note->empty() ? "" : "; ") + std::string("the lab's experiment is not kept in the session (" + back->dropped.front() + ")");
    text = session_text(state, error, /*with_lab=*/false);
    back = read_session_text(text, problem);
  }
  if (!back || !back->dropped.empty()) {
    if (error) *error = "the next start could not restore it (" + (back ? back->dropped.front() : problem) + ")";
    return false;
  }
  // Private, and readable by its owner whatever mode the file before it had.
  return core::write_file_atomically(path_.string(), text, error, 0600);
}

// The session as it was when restored without some values, while its copy could not be made:
// tried again before the session is written over, which it is not until the copy is kept.
bool Session::keep_uncopied(std::string* error, std::string* note) {
  if (uncopied_.empty()) return true;
  std::string why;
  const std::string aside = copy_aside(path_, uncopied_, &why);
  if (aside.empty()) {
    if (error)
      *error = "it holds values that could not apply, and a copy of it as it was could not be kept (" + why +
               "); it is not written over until one is, and each change tries again";
    return false;
  }
  uncopied_.clear();
  if (note) *note += (note->empty() ? "" : "; ") + std::string("the session as it was is now kept in ") + core::short_path(aside) + fragile(why);
  return true;
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
    if (std::optional<AppState> restored = read_session(dir / slot_name(f.slot), why, problem, dropped)) {
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

bool save_session(const AppState& state, std::string* error, std::string* note) { return this_session().save(state, error, note); }

bool keep_session(AppState& state, std::string* error, std::string* note) {
  if (note) note->clear();
  std::string kept;
  if (state.library.unkept) {
    // Tried again first: until they are kept elsewhere, the session file is all there is of them.
    std::string why;
    kept = platform_files().sessions->keep_unsaved(AppState(*state.library.unkept), &why);
    if (kept.empty()) {
      if (error)
        *error = "it still holds the unsaved changes of the last session, which could not be set aside (" + why +
                 "), and is not written over until they are; each change tries again";
      return false;
    }
    state.library.unkept.reset();
    kept = "the unsaved changes of the last session are now kept in " + core::short_path(kept) + fragile(why);
  }
  std::string said;
  const bool ok = platform_files().sessions->save(state, error, &said);
  if (note) *note = kept + (!kept.empty() && !said.empty() ? "; " : "") + said;
  return ok;
}

void keep_session_at_close(AppState& state) {
  std::string error;
  if (keep_session(state, &error, nullptr)) return;
  std::cerr << "attnlab: the session was not kept: " << error << "\n";
  const std::string session = this_session().path().string();
  if (state.library.unkept && !session.empty())
    std::cerr << "attnlab: the last session's unsaved changes stay in " << session << ", for the next start\n";
  if (!state.modified()) return;  // the scenario is its file's: nothing of the window's is lost
  std::string why;
  const std::string kept = platform_files().sessions->keep_unsaved(state, &why);
  if (!kept.empty()) std::cerr << "attnlab: this window's unsaved changes are kept in " << kept << fragile(why) << "\n";
  else std::cerr << "attnlab: this window's unsaved changes could not be kept either (" << why << "): they are lost\n";
}

std::string keep_unsaved(const AppState& state, std::string* error) {
  const fs::path dir = state_dir();
  std::string why = dir.empty() ? "no state directory ($XDG_STATE_HOME or $HOME)" : "";
  const std::string text = dir.empty() ? "" : unsaved_text(state.scenario());
  if (!dir.empty() && text.empty()) why = "a label is not valid UTF-8 text";
  if (error) *error = why;
  if (text.empty()) return {};
  const std::string path = unused_name((dir / ("unsaved-" + time_stamp())).string(), ".json");
  // Private as the session it comes from (0600). In place though its folder's fsync failed: kept, *error says so.
  bool in_place = false;
  core::write_file_atomically(path, text, error, 0600, &in_place);
  if (in_place && text.size() > core::kMaxFileBytes && error)
    *error += std::string(error->empty() ? "" : "; ") + "larger than a scenario file (1 MiB): File → Open refuses it";
  return in_place ? path : std::string{};
}

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

void read_layout_settings(const std::string& path) {
  const core::FileRead file = core::read_regular_file(path, 1 << 20);
  if (file.problem == core::FileRead::Problem::None) ImGui::LoadIniSettingsFromMemory(file.text.data(), file.text.size());
}

bool keep_layout_settings(const std::string& path, std::string* error) {
  size_t size = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&size);
  return core::write_file_atomically(path, std::string_view(text, size), error);
}

Autosave::Autosave(const AppState& state)
    : revision_(state.revision()), view_(state.view), file_(state.library.file), recent_(state.library.recent_files),
      lab_revision_(state.lab.revision) {}

bool Autosave::changed(const AppState& state) const {
  return state.revision() != revision_ || !(state.view == view_) || state.library.file != file_ ||
         state.library.recent_files != recent_ || state.lab.revision != lab_revision_;
}

bool Autosave::tick(AppState& state) {
  const auto now = std::chrono::steady_clock::now();
  if (changed(state)) {
    if (!pending_) changed_at_ = now;
    pending_ = true;
    revision_ = state.revision();
    view_ = state.view;
    file_ = state.library.file;
    recent_ = state.library.recent_files;
    lab_revision_ = state.lab.revision;
  }
  const bool retry = !pending_ && failing_ && now - changed_at_ >= kRetryAfter;
  if ((pending_ && now - changed_at_ >= kMaxDelay) || retry) {
    std::string error, note;
    failing_ = !keep_session(state, &error, &note);
    if (failing_) changed_at_ = now;  // the next try's time
    if (!failing_) {
      if (!note.empty() && note != note_) state.status = note;  // once, until it changes
      else if (!failed_.empty() && state.status.find(failed_) != std::string::npos) state.status = "the session is kept again";
      failed_.clear();
      note_ = note;
    } else if (error != failed_ || (!note.empty() && note != note_)) {  // said once, not every half second
      state.status = (note.empty() || note == note_ ? "" : note + "; ") + "the session is not being kept: " + error;
      failed_ = error;
      note_ = note;
    }
    pending_ = false;
  }
  return pending_ || failing_;
}

}  // namespace app
