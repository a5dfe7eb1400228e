#include "app/files.h"

#include <algorithm>
#include <filesystem>

#include "core/scenario_io.h"

namespace app {

namespace {

constexpr size_t kMaxRecent = 8;

void remember_recent(AppState& state, const std::string& path) {
  std::error_code ec;
  const std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
  auto& recent = state.recent_files;
  recent.erase(std::remove(recent.begin(), recent.end(), absolute), recent.end());
  recent.insert(recent.begin(), absolute);
  if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

}  // namespace

bool open_scenario(AppState& state, const std::string& path) {
  core::LoadResult loaded = core::load_scenario_file(path);
  if (!loaded.ok()) {
    state.status = "not opened: " + loaded.message();
    return false;
  }
  state.replace(*loaded.scenario);
  state.set_saved(std::move(*loaded.scenario));
  state.file = path;
  state.status = "opened " + path;
  remember_recent(state, path);
  return true;
}

bool save_scenario(AppState& state, const std::string& path) {
  std::string error;
  if (!core::save_scenario_file(state.scenario(), path, &error)) {
    state.status = "not saved: " + error;
    return false;
  }
  state.mark_saved();
  state.file = path;
  state.status = "saved " + path;
  remember_recent(state, path);
  return true;
}

void handle_drop(AppState& state, const std::vector<std::string>& paths) {
  for (const std::string& path : paths)
    if (std::filesystem::path(path).extension() == ".json") {
      open_scenario(state, path);
      return;
    }
  state.status = paths.empty() ? "nothing was dropped" : "not opened: only .json scenario files can be dropped";
}

std::string window_title(const AppState& state) {
  std::string title = "attnlab";
  if (!state.file.empty()) title += " \u2014 " + std::filesystem::path(state.file).filename().string();
  else if (!state.scenario().title.empty()) title += " \u2014 " + state.scenario().title;
  if (state.modified()) title += " \u2022";
  return title;
}

}  // namespace app
