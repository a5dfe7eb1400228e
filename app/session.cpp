#include "app/session.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "app/files.h"
#include "core/atomic_file.h"
#include "core/json_text.h"
#include "core/scenario_io.h"

namespace app {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kSessionVersion = 1;

fs::path session_path(bool create_dir = true) {
  const fs::path dir = state_dir(create_dir);
  return dir.empty() ? fs::path{} : dir / "session.json";
}

core::OrderedJson view_json(const ViewOptions& v) {
  return {{"theme", v.theme == Theme::Light ? "light" : "dark"},
          {"head", v.head},
          {"show_numbers", v.show_numbers},
          {"sequential", core::colormap_name(v.sequential)},
          {"diverging", core::colormap_name(v.diverging)},
          {"own_scales", v.own_scales}};
}

// Reads what it recognises and leaves the rest at its default: view options are not worth refusing a session for.
ViewOptions read_view(const json& j) {
  ViewOptions v;
  if (!j.is_object()) return v;
  const auto text = [&](const char* key) { return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : ""; };
  if (text("theme") == "light") v.theme = Theme::Light;
  if (j.contains("head") && j["head"].is_number_integer()) v.head = std::clamp(j["head"].get<int>(), 0, core::kMaxHeads - 1);
  if (j.contains("show_numbers") && j["show_numbers"].is_boolean()) v.show_numbers = j["show_numbers"].get<bool>();
  if (j.contains("own_scales") && j["own_scales"].is_boolean()) v.own_scales = j["own_scales"].get<bool>();
  for (core::Colormap c : {core::Colormap::Viridis, core::Colormap::Cividis})
    if (text("sequential") == core::colormap_name(c)) v.sequential = c;
  return v;
}

constexpr size_t kMaxSessionBytes = 2 * core::kMaxFileBytes;  // a scenario, its file name, the view, the recent files

// The restored state, or the reason the session cannot be used.
std::optional<AppState> parse_session(const std::string& text, std::string& problem) {
  if (text.size() > kMaxSessionBytes) {
    problem = "larger than 2 MiB";
    return std::nullopt;
  }
  if (core::nested_deeper_than(text, core::kMaxNesting + 1)) {  // the scenario, one level down
    problem = "nested too deep";
    return std::nullopt;
  }
  try {
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("attnlab_session") || j["attnlab_session"] != kSessionVersion ||
        !j.contains("scenario")) {
      problem = "not a session file of this version";
      return std::nullopt;
    }
    core::LoadResult scenario = core::parse_scenario(j["scenario"].dump());
    if (!scenario.ok()) {
      problem = scenario.message();
      return std::nullopt;
    }
    AppState restored(std::move(*scenario.scenario));
    restored.view = read_view(j.contains("view") ? j["view"] : json::object());
    if (j.contains("file") && j["file"].is_string()) restored.file = j["file"].get<std::string>();
    if (j.contains("recent") && j["recent"].is_array())
      for (const json& r : j["recent"])
        if (r.is_string()) restored.recent_files.push_back(r.get<std::string>());
    return restored;
  } catch (const std::exception& e) {  // a rule above missed a case: still a message, not a crash
    problem = e.what();
    return std::nullopt;
  }
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

SessionRestore restore_session(AppState& state, bool read_only) {
  const fs::path path = session_path(!read_only);
  std::error_code ec;
  if (path.empty() || !fs::exists(path, ec)) return SessionRestore::None;

  // Read at most one byte past the limit.
  std::string text(kMaxSessionBytes + 1, '\0');
  std::FILE* f = fs::is_regular_file(path, ec) ? std::fopen(path.c_str(), "rb") : nullptr;
  if (!f && fs::is_regular_file(path, ec)) {
    // Unreadable is not corrupt: leave it where it is for the user to look at.
    state.status = "the last session could not be read (" + path.string() + ": " + std::strerror(errno) + ")";
    return SessionRestore::Corrupt;
  }
  std::string problem = "not a regular file";
  std::optional<AppState> restored;
  if (f) {
    text.resize(std::fread(text.data(), 1, text.size(), f));
    std::fclose(f);
    restored = parse_session(text, problem);
  }
  if (!restored && read_only) {
    state.status = "the last session could not be restored (" + problem + ")";
    return SessionRestore::Corrupt;
  }
  if (!restored) {
    // Set aside under a name of its own, never over an earlier one.
    const std::string stamp = time_stamp();
    fs::path aside = path.string() + ".corrupt-" + stamp;
    for (int i = 2; fs::exists(aside, ec); ++i) aside = path.string() + ".corrupt-" + stamp + "-" + std::to_string(i);
    fs::rename(path, aside, ec);
    state.status = "the last session could not be restored (" + problem + "); " +
                   (ec ? "it could not be moved aside either: " + ec.message() : "it was moved to " + aside.string());
    return SessionRestore::Corrupt;
  }
  // Unsaved changes stay unsaved: compare with the file as it is on disk.
  if (!restored->file.empty()) {
    core::LoadResult on_disk = core::load_scenario_file(restored->file);
    restored->set_saved(on_disk.ok() ? std::move(*on_disk.scenario) : core::Scenario{});
  } else {
    restored->set_saved(core::Scenario{});  // never saved: it all counts as a change
  }
  restored->status = "restored the last session";
  state = std::move(*restored);
  return SessionRestore::Restored;
}

bool save_session(const AppState& state, std::string* error) {
  const fs::path path = session_path();
  if (path.empty()) {
    if (error) *error = "no state directory ($XDG_STATE_HOME or $HOME) to keep the session in";
    return false;
  }
  core::OrderedJson j;
  j["attnlab_session"] = kSessionVersion;
  j["file"] = state.file;
  j["recent"] = state.recent_files;
  j["view"] = view_json(state.view);
  j["scenario"] = core::scenario_to_json(state.scenario());
  return core::write_file_atomically(path.string(), core::to_text(j), error);
}

Autosave::Autosave(const AppState& state)
    : revision_(state.revision()), view_(state.view), file_(state.file), recent_(state.recent_files.size()) {}

bool Autosave::tick(AppState& state) {
  const auto now = std::chrono::steady_clock::now();
  if (state.revision() != revision_ || !(state.view == view_) || state.file != file_ ||
      state.recent_files.size() != recent_) {
    if (!pending_) changed_at_ = now;
    pending_ = true;
    revision_ = state.revision();
    view_ = state.view;
    file_ = state.file;
    recent_ = state.recent_files.size();
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
