#include "app/files.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "app/data_dir.h"
#include "app/session.h"
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

namespace {
int load_initial_scenario(const std::string& file, AppState& state);
}

int load_initial_state(const std::string& file, AppState& state) {
  const int code = load_initial_scenario(file, state);
  state.lessons = load_lesson_list();
  return code;
}

namespace {
// FILE, else the last session, else the first lesson.
int load_initial_scenario(const std::string& file, AppState& state) {
  if (!file.empty()) {
    core::LoadResult loaded = core::load_scenario_file(file);
    if (!loaded.ok()) {
      std::cerr << "attnlab: " << loaded.message() << "\n";
      return 2;
    }
    AppState opened(*loaded.scenario);
    opened.file = file;
    state = std::move(opened);
    AppState session;  // keep the recent files and view options of the last session
    if (restore_session(session) == SessionRestore::Restored) {
      state.view = session.view;
      state.recent_files = session.recent_files;
    }
    return 0;
  }
  if (restore_session(state) == SessionRestore::Restored) return 0;
  const std::string message = state.status;  // a corrupt session's message, if any
  const std::vector<std::string> lessons = lesson_files();
  if (!lessons.empty()) {
    core::LoadResult loaded = core::load_scenario_file(lessons.front());
    if (!loaded.ok()) {
      std::cerr << "attnlab: the shipped lesson is broken: " << loaded.message() << "\n";
      return 1;
    }
    AppState lesson(*loaded.scenario);
    lesson.file = lessons.front();
    state = std::move(lesson);
  }
  state.status = message;
  return 0;
}

}  // namespace

std::vector<LessonInfo> load_lesson_list() {
  std::vector<LessonInfo> lessons;
  for (const std::string& path : lesson_files()) {
    const core::LoadResult loaded = core::load_scenario_file(path);
    const std::string stem = std::filesystem::path(path).stem().string();
    lessons.push_back({path, loaded.ok() && !loaded.scenario->title.empty() ? loaded.scenario->title : stem});
  }
  return lessons;
}

bool is_lesson(const AppState& state, size_t i) {
  return i < state.lessons.size() && !state.file.empty() &&
         std::filesystem::path(state.file).filename() == std::filesystem::path(state.lessons[i].path).filename();
}

std::string window_title(const AppState& state) {
  std::string title = "attnlab";
  if (!state.file.empty()) title += " \u2014 " + std::filesystem::path(state.file).filename().string();
  else if (!state.scenario().title.empty()) title += " \u2014 " + state.scenario().title;
  if (state.modified()) title += " \u2022";
  return title;
}

}  // namespace app
