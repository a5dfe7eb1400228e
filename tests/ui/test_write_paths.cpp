// The window's write paths, one case each: Save, Save As, the session's autosave, unsaved
// changes kept aside, a text export, the lab's exports. Alone, each checks that the file is
// written. Under the fault shim (tests/faults/write_faults.c, run by test_write_faults.py),
// ATTNLAB_FAULT makes one call of the write fail (mkstemp, write, fchmod, fsync, close or
// rename, with ENOSPC or EIO): each case then checks that the old file is intact, no temporary
// file is left, and the user is told why in the status line.
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
  void expect_held(bool ok, const std::string& status, const fs::path& path, const std::string& old_text) {
    EXPECT_TRUE(temporaries(path.parent_path()).empty());
    if (fault_reason().empty()) {
      EXPECT_TRUE(ok) << status;
      EXPECT_NE(read(path), old_text);
      return;
    }
    EXPECT_FALSE(ok);
    EXPECT_NE(status.find(fault_reason()), std::string::npos) << status;
    if (old_text.empty()) EXPECT_FALSE(fs::exists(path));
    else EXPECT_EQ(read(path), old_text);
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
  expect_held(ok, state.status, path, old_text);
  EXPECT_EQ(state.modified(), !ok);  // a failed save keeps the mark: the change is still unsaved
}

TEST_F(WritePaths, SaveAs) {
  open_example_copy(dir / "lesson.json");
  const fs::path path = dir / "copy.json";
  const bool ok = app::save_scenario(state, path.string());
  expect_held(ok, state.status, path, "");
  EXPECT_EQ(state.library.file, (dir / (ok ? "copy.json" : "lesson.json")).string());
}

// The autosave of a window: its session restored first (so that it writes that file), then an edit.
TEST_F(WritePaths, Session) {
  const fs::path session = state_dir() / "session.json";
  const std::string old_text = "{\"attnlab_session\": 1, \"file\": \"\", \"scenario\": " + example_text() + "}";
  std::ofstream(session) << old_text;
  ASSERT_EQ(app::restore_session(state), app::SessionRestore::Restored) << state.status;
  state.status.clear();
  app::Autosave autosave(state);
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.625; });
  autosave_now(autosave, state);
  const bool ok = state.status.empty();
  EXPECT_TRUE(ok || state.status.rfind("the session is not being kept: ", 0) == 0) << state.status;
  expect_held(ok, state.status, session, old_text);
}

TEST_F(WritePaths, UnsavedChangesKeptAside) {
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.625; });
  std::string error;
  const std::string kept = app::keep_unsaved(state, &error);
  EXPECT_TRUE(temporaries(state_dir()).empty());
  if (fault_reason().empty()) {
    EXPECT_FALSE(kept.empty()) << error;
  } else {
    EXPECT_TRUE(kept.empty());
    EXPECT_NE(error.find(fault_reason()), std::string::npos) << error;
    EXPECT_EQ(count("unsaved-"), 0);
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
TEST_F(WritePaths, LabExport) {
  core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
  e.steps = 2;
  app::set_experiment(state, e, (dir / "race.json").string());
  frames(2);
  click(center(control("lab.export.csv")));
  EXPECT_EQ(state.dialogs.file.name, "race-table.csv");
  click(center(control("file_dialog.confirm")));
  const bool ok = state.status.rfind("exported ", 0) == 0;
  EXPECT_TRUE(ok || state.status.rfind("not exported: ", 0) == 0) << state.status;
  int tables = 0;
  for (const auto& f : fs::directory_iterator(dir)) tables += f.path().extension() == ".csv";
  EXPECT_EQ(tables, fault_reason().empty() ? 1 : 0);
  EXPECT_TRUE(temporaries(dir).empty());
  if (!fault_reason().empty()) EXPECT_NE(state.status.find(fault_reason()), std::string::npos) << state.status;
}
