// The window's write paths, one case each: Save, Save As, the session's autosave, unsaved
// changes kept aside, a text export, the lab's exports, a session moved aside as corrupt, the
// window layout (imgui.ini). Alone, each checks that the file is written. Under the fault shim
// (tests/faults/write_faults.c, run by test_write_faults.py), ATTNLAB_FAULT makes one call of
// the write fail (mkstemp, write, fchmod, fsync, close, rename, the folder's fsync, the lock
// file, the move aside; with ENOSPC or EIO), and ATTNLAB_FAULT_CALL names it: each case then
// checks that the old file is intact (after the folder's fsync: the new one, whole), no
// temporary file is left, and the user is told why in the status line.
// UnsavedWorkSurvivesAFullDisk runs under a fault that clears later.
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/files/session.h"
#include "app/training/lab.h"
#include "core/io/atomic_file.h"
#include "core/io/scenario_io.h"
#include "session_test.h"

namespace {

class WritePaths : public SessionTest {
 protected:
  // The reason the user must be told under a fault ("No space left on device"), or "" without one.
  static std::string fault_reason() {
    const char* fault = std::getenv("ATTNLAB_FAULT");
    if (!fault) return "";
    const std::string spec = fault;
    return std::strerror(spec.substr(spec.find(':') + 1) == "EIO" ? EIO : ENOSPC);
  }
  // The call that fails ("write", "dirfsync", "lock", ...), or "" without a fault.
  static std::string fault_call() {
    const char* call = std::getenv("ATTNLAB_FAULT_CALL");
    return std::getenv("ATTNLAB_FAULT") && call ? call : "";
  }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  static std::vector<std::string> temporaries(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(folder))
      if (core::is_temporary_file_name(e.path().filename().string())) names.push_back(e.path().filename().string());
    return names;
  }
  // After the write: under a fault, said in status and nothing changed; else written.
  // in_place_saved: a write the file is in place after (the folder's fsync failed) counts as done,
  // as Save counts it (the file was replaced: its mark and stamp must say so).
  void expect_held(bool ok, const std::string& status, const fs::path& path, const std::string& old_text,
                   bool in_place_saved = false) {
    EXPECT_TRUE(temporaries(path.parent_path()).empty());
    if (fault_reason().empty()) {
      EXPECT_TRUE(ok) << status;
      EXPECT_NE(read(path), old_text);
      return;
    }
    EXPECT_EQ(ok, in_place_saved && fault_call() == "dirfsync") << status;
    EXPECT_NE(status.find(fault_reason()), std::string::npos) << status;
    if (fault_call() == "dirfsync") {  // after the rename: the new file is there, whole, and the user told it may not last
      EXPECT_NE(status.find("reaches the disk"), std::string::npos) << status;
      if (in_place_saved) EXPECT_NE(status.find("it may not last"), std::string::npos) << status;
      EXPECT_TRUE(fs::exists(path));
      EXPECT_NE(read(path), old_text);
    } else if (old_text.empty()) {
      EXPECT_FALSE(fs::exists(path));
    } else {
      EXPECT_EQ(read(path), old_text);
    }
  }
  // A lab's file through the export dialog, named after the experiment (race-table.csv ...).
  void lab_export(const char* button, const std::string& name) {
    core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
    e.steps = 2;
    app::set_experiment(state, e, (dir / "race.json").string());
    frames(2);
    click(center(control(button)));
    EXPECT_EQ(state.dialogs.file.name, name);
    click(center(control("file_dialog.confirm")));
    const bool ok = state.status.rfind("exported ", 0) == 0;
    EXPECT_TRUE(ok || state.status.rfind("not exported: ", 0) == 0) << state.status;
    const bool written = fault_reason().empty() || fault_call() == "dirfsync";
    EXPECT_EQ(fs::exists(dir / name), written) << state.status;
    EXPECT_TRUE(temporaries(dir).empty());
    if (!fault_reason().empty()) EXPECT_NE(state.status.find(fault_reason()), std::string::npos) << state.status;
  }
  std::string open_example_copy(const fs::path& path) {
    std::ofstream(path) << example_text();
    EXPECT_TRUE(app::open_scenario(state, path.string())) << state.status;
    state.apply([](core::Scenario& s) { s.X(0, 0) = 0.625; });
    return example_text();
  }
};

}  // namespace

TEST_F(WritePaths, Save) {
  const fs::path path = dir / "lesson.json";
  const std::string old_text = open_example_copy(path);
  const bool ok = app::save_scenario(state, path.string());
  EXPECT_EQ(state.status.rfind(ok ? "saved " : "not saved: ", 0), 0u) << state.status;
  expect_held(ok, state.status, path, old_text, /*in_place_saved=*/true);
  EXPECT_EQ(state.modified(), !ok);  // a failed save keeps the mark: the change is still unsaved
  EXPECT_FALSE(app::changed_on_disk(state));  // saved in place: stamped, so that the next Save asks nothing
}

TEST_F(WritePaths, SaveAs) {
  open_example_copy(dir / "lesson.json");
  const fs::path path = dir / "copy.json";
  const bool ok = app::save_scenario(state, path.string());
  expect_held(ok, state.status, path, "", /*in_place_saved=*/true);
  EXPECT_EQ(state.library.file, (dir / (ok ? "copy.json" : "lesson.json")).string());
}

// The autosave of a window: its session restored first (so that it writes that file), then an edit.
TEST_F(WritePaths, Session) {
  const fs::path session = state_dir() / "session.json";
  const std::string old_text = "{\"attnlab_session\": 1, \"file\": \"\", \"scenario\": " + example_text() + "}";
  std::ofstream(session) << old_text;
  ASSERT_EQ(app::restore_session(state), app::SessionRestore::Restored) << state.status;
  if (fault_call() == "lock") {  // the session's lock file: said, and the session is kept all the same
    EXPECT_NE(state.status.find("the lock session.json.lock could not be made (" + fault_reason()), std::string::npos)
        << state.status;
    EXPECT_FALSE(fs::exists(state_dir() / "session.json.lock"));
  }
  state.status.clear();
  app::Autosave autosave(state);
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.625; });
  autosave_now(autosave, state);
  const bool ok = state.status.empty();
  EXPECT_TRUE(ok || state.status.rfind("the session is not being kept: ", 0) == 0) << state.status;
  if (fault_call() == "lock") EXPECT_TRUE(ok) << state.status;
  else expect_held(ok, state.status, session, old_text);
}

TEST_F(WritePaths, UnsavedChangesKeptAside) {
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.625; });
  std::string error;
  const std::string kept = app::keep_unsaved(state, &error);
  EXPECT_TRUE(temporaries(state_dir()).empty());
  if (fault_reason().empty()) {
    EXPECT_FALSE(kept.empty()) << error;
  } else {
    // After the folder's fsync failed, in place (perhaps not for long: said) and named, so that it is not kept twice.
    EXPECT_EQ(kept.empty(), fault_call() != "dirfsync") << error;
    EXPECT_NE(error.find(fault_reason()), std::string::npos) << error;
    EXPECT_EQ(count("unsaved-"), fault_call() == "dirfsync" ? 1 : 0);
  }
}

TEST_F(WritePaths, TextExport) {
  const fs::path path = dir / "scores.svg";
  std::ofstream(path) << "an older picture";
  std::string error;
  const bool ok = app::write_text_export(state, core::ExportFormat::Svg, path.string(), &error);
  expect_held(ok, error, path, "an older picture");
}

// The lab's "table CSV" button: the export dialog proposes race-table.csv beside the experiment,
// and Export writes it there.
TEST_F(WritePaths, LabExport) { lab_export("lab.export.csv", "race-table.csv"); }

// The lab's other files, as LabExport's table: each through the export dialog, named after the experiment.
TEST_F(WritePaths, LabExportSvg) { lab_export("lab.export.svg", "race-curves.svg"); }
TEST_F(WritePaths, LabExportPy) { lab_export("lab.export.py", "race-train.py"); }
TEST_F(WritePaths, LabExportExperiment) { lab_export("lab.export.json", "race-experiment.json"); }

// A session that cannot be parsed is moved aside (session.json.corrupt-<time>), never written over.
// Under a fault in the move (or in its lock), the session stays as it was, the status line says why,
// and the window's session goes to another slot.
TEST_F(WritePaths, SessionSetAsideAsCorrupt) {
  const fs::path session = state_dir() / "session.json";
  const std::string old_text = "{\"attnlab_session\": 1, \"scenario\": [";
  std::ofstream(session) << old_text;
  EXPECT_EQ(app::restore_session(state), app::SessionRestore::Corrupt);
  EXPECT_TRUE(temporaries(state_dir()).empty());
  const std::string call = fault_call();
  if (call == "aside") {
    EXPECT_EQ(read(session), old_text);
    EXPECT_NE(state.status.find("could not be moved aside either (" + fault_reason()), std::string::npos) << state.status;
    EXPECT_EQ(count("session.json.corrupt-"), 0);
  } else {
    EXPECT_FALSE(fs::exists(session));
    ASSERT_EQ(count("session.json.corrupt-"), 1) << state.status;
    EXPECT_NE(state.status.find("it was moved to"), std::string::npos) << state.status;
  }
  // The window's own lock (the second: the first is the corrupt session's, which it does not keep) is said.
  if (call == "lock" && std::atoi(std::getenv("ATTNLAB_FAULT")) > 1)
    EXPECT_NE(state.status.find(fault_reason()), std::string::npos) << state.status;
  // The next autosave does not write over it: the window keeps its session elsewhere.
  app::Autosave autosave(state);
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.625; });
  autosave_now(autosave, state);
  if (call == "aside") EXPECT_EQ(read(session), old_text);
}

// Dear ImGui's window layout, imgui.ini, written by the app through the atomic writer (ImGui's own
// would write it in place, and say nothing when it fails).
TEST_F(WritePaths, LayoutSettings) {
  const fs::path ini = state_dir() / "imgui.ini";
  const std::string old_text = "[Window][An older layout]\nPos=1,1\n\n";
  std::ofstream(ini) << old_text;
  frames(2);
  std::string error;
  const bool ok = app::keep_layout_settings(ini.string(), &error);
  expect_held(ok, error, ini, old_text);
}

// On the disk itself: the session holds unsaved edits and the disk is full from
// the fault's call on (the shim's N+), so that `attnlab FILE` may not set them aside; an edit
// while it is full; the space is freed (ATTNLAB_FAULT_CLEARED made); one edit. Whatever call the
// disk filled at, the edits are on disk afterwards, kept in unsaved-<time>.json, and the session
// is the window's.
TEST_F(WritePaths, UnsavedWorkSurvivesAFullDisk) {
  core::Scenario edited = core::parse_scenario(example_text()).scenario.value();
  edited.X(0, 0) = 0.375;
  const fs::path session = state_dir() / "session.json";
  std::ofstream(session) << "{\"attnlab_session\": 1, \"file\": \"\", \"scenario\": " << core::scenario_to_text(edited) << "}";
  const fs::path file = dir / "other.json";
  std::ofstream(file) << example_text();

  app::AppState started;
  ASSERT_EQ(app::load_initial_state(file.string(), started), 0);
  const std::string at_start = started.status;
  app::Autosave autosave(started);
  started.apply([](core::Scenario& s) { s.X(1, 0) = 0.25; });
  autosave_now(autosave, started);
  const std::string while_full = started.status;
  if (const char* cleared = std::getenv("ATTNLAB_FAULT_CLEARED")) std::ofstream(cleared) << "";  // the space freed
  // The shim's log marks it: faults from a later call on would never fail.
  if (const char* log = std::getenv("ATTNLAB_FAULT_LOG")) std::ofstream(log, std::ios::app) << "- space freed\n";
  started.apply([](core::Scenario& s) { s.X(1, 0) = 0.125; });
  autosave_now(autosave, started);

  EXPECT_TRUE(temporaries(state_dir()).empty());
  int kept = 0;
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("unsaved-", 0) == 0) {
      const core::LoadResult back = core::load_scenario_file(e.path().string());
      ASSERT_TRUE(back.ok()) << back.message();
      EXPECT_TRUE(*back.scenario == edited);
      ++kept;
    }
  EXPECT_EQ(kept, 1) << "the edits are gone, or kept twice\nat the start: " << at_start << "\nwhile full: " << while_full
                     << "\nafter: " << started.status;
  EXPECT_FALSE(started.library.unkept);
  app::AppState now;
  ASSERT_EQ(app::restore_session(now, /*read_only=*/true), app::SessionRestore::Restored) << now.status;
  EXPECT_EQ(now.scenario().X(1, 0), 0.125) << started.status;
  const bool kept_at_start = at_start.find("the unsaved changes of the last session are kept in") != std::string::npos;
  EXPECT_TRUE(kept_at_start || started.status.find("are now kept in") != std::string::npos ||
              while_full.find("are now kept in") != std::string::npos)
      << "at the start: " << at_start << "\nwhile full: " << while_full << "\nafter: " << started.status;
  if (!kept_at_start) EXPECT_NE(at_start.find("could not be set aside yet"), std::string::npos) << at_start;
}
