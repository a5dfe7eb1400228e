// Sessions and files at their edges (docs/sessions.md): paths that are not UTF-8, a
// session that cannot be read or is a link loop, a file just under 1 MiB, two
// windows at once, temporary files left by kill -9, an imgui.ini that is a
// FIFO, a file name of 254 bytes; and under faults (issue 63): a folder made
// read-only while the window runs, a lock left by a killed window, a session
// that is a link to another window's.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include <csignal>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "app/files/desktop_files.h"
#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/files/session.h"
#include "core/export/export.h"
#include "core/io/atomic_file.h"
#include "core/io/scenario_io.h"
#include "session_test.h"
#include "tests/support/without_dac_override.h"

namespace test_sessions {

using SessionsTest = SessionTest;

// The session's JSON writer aborted the app (type_error.316) on a file
// name that is not UTF-8, and the edit was lost.
TEST_F(SessionsTest, APathThatIsNotUtf8ComesBackByteForByte) {
  const std::string path = (dir / "\xff\xfe.json").string();
  std::ofstream(path) << example_text();
  app::Autosave autosave(state);
  ASSERT_TRUE(app::open_scenario(state, path)) << state.status;
  state.apply([](core::Scenario& s) { s.X(1, 0) = 0.625; });
  autosave_now(autosave, state);
  EXPECT_EQ(state.status.find("not being kept"), std::string::npos) << state.status;
  EXPECT_EQ(core::valid_utf8(app::window_title(state)), app::window_title(state));

  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
  EXPECT_EQ(restored.library.file, path);
  ASSERT_FALSE(restored.library.recent_files.empty());
  EXPECT_EQ(restored.library.recent_files.front(), path);
  EXPECT_EQ(restored.scenario().X(1, 0), 0.625);
  EXPECT_TRUE(restored.modified());  // told from the file itself, found by its bytes
  ASSERT_TRUE(app::save_scenario(restored, restored.library.file)) << restored.status;
  EXPECT_EQ(core::load_scenario_file(path).scenario->X(1, 0), 0.625);
}

// A session that could not be read was overwritten by the first edit,
// and the new file kept mode 000, so that every later start failed again.
TEST_F(SessionsTest, AnUnreadableSessionIsSetAsideNotOverwritten) {
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.375; });
  ASSERT_TRUE(app::save_session(state));
  const fs::path session = state_dir() / "session.json";
  const std::string before = [&] { std::ifstream in(session); return std::string(std::istreambuf_iterator<char>(in), {}); }();
  ::chmod(session.c_str(), 0);
  app::AppState fresh;
  bool applies = false;
  app::SessionRestore restored{};
  {
    WithoutDacOverride as_a_user;  // root would read it anyway
    applies = WithoutDacOverride::permissions_apply(session.c_str());
    restored = app::restore_session(fresh);
  }
  if (!applies) GTEST_SKIP() << "file permissions do not apply to this process";
  EXPECT_NE(restored, app::SessionRestore::Restored);
  EXPECT_NE(fresh.status.find("Permission denied"), std::string::npos) << fresh.status;
  EXPECT_NE(fresh.status.find("moved to"), std::string::npos) << fresh.status;
  ASSERT_EQ(count("session.json.unreadable-"), 1);

  fresh.apply([](core::Scenario& s) { s.X(0, 0) = -1; });
  ASSERT_TRUE(app::save_session(fresh));
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("session.json.unreadable-", 0) == 0) {
      ::chmod(e.path().c_str(), 0600);
      std::ifstream in(e.path());
      EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), before);  // untouched
    }
  struct stat st {};
  ASSERT_EQ(::stat(session.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);  // its owner's, whatever the file before it had
}

// Saved past 1 MiB, the file no longer opened; the session, whose
// scenario was held to a file's limit, was set aside as corrupt.
TEST_F(SessionsTest, AFileJustUnderOneMiBSavesAndItsSessionRestores) {
  nlohmann::json j = nlohmann::json::parse(example_text());
  for (auto& row : j["X"])
    for (auto& x : row) x = 1;  // integers: "1" in the file, "1.0" once written back by nlohmann
  j["notes"] = "";
  j["notes"] = std::string(core::kMaxFileBytes - 64 - j.dump().size(), 'n');
  const std::string path = (dir / "big.json").string();
  std::ofstream(path) << j.dump();
  ASSERT_EQ(fs::file_size(path), core::kMaxFileBytes - 64);
  ASSERT_TRUE(app::open_scenario(state, path)) << state.status;
  state.apply([](core::Scenario& s) { s.X(1, 0) = 0.1 + 1.0 / 3.0; });
  ASSERT_TRUE(app::save_scenario(state, path)) << state.status;
  const core::LoadResult saved = core::load_scenario_file(path);  // what --dump reads
  ASSERT_TRUE(saved.ok()) << saved.message().substr(0, 300);
  EXPECT_TRUE(*saved.scenario == state.scenario());

  state.apply([](core::Scenario& s) { s.X(2, 0) = 0.1 + 2.0 / 3.0; });  // unsaved, kept by the session only
  ASSERT_TRUE(app::save_session(state));
  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status.substr(0, 300);
  EXPECT_TRUE(restored.scenario() == state.scenario());
  EXPECT_EQ(count("session.json.corrupt-"), 0);
}

// Two windows wrote the same session file, and the last autosave won.
TEST_F(SessionsTest, TwoWindowsKeepTwoSessionsAndNoEditIsLost) {
  app::AppState a = state, b = state;
  {
    app::Session first, second;
    EXPECT_EQ(first.restore(a), app::SessionRestore::None);
    EXPECT_EQ(second.restore(b), app::SessionRestore::None);
    EXPECT_EQ(first.path().filename(), "session.json");
    EXPECT_EQ(second.path().filename(), "session-2.json");
    EXPECT_NE(b.status.find("another attnlab window is running: this window's session is session-2.json"), std::string::npos)
        << b.status;
    a.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
    b.apply([](core::Scenario& s) { s.X(0, 0) = -0.25; });
    ASSERT_TRUE(first.save(a));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_TRUE(second.save(b));

    // A third window while both run: a session of its own, nothing restored from theirs.
    app::Session third;
    app::AppState c = state;
    EXPECT_EQ(third.restore(c), app::SessionRestore::None);
    EXPECT_EQ(third.path().filename(), "session-3.json");
    EXPECT_NE(c.status.find("2 other attnlab windows are running"), std::string::npos) << c.status;
  }  // the windows close

  // The next start restores the newest and keeps the other's unsaved changes in a file.
  app::Session next;
  app::AppState d;
  ASSERT_EQ(next.restore(d), app::SessionRestore::Restored) << d.status;
  EXPECT_EQ(d.scenario().X(0, 0), -0.25);
  EXPECT_NE(d.status.find("the unsaved changes of another session are kept in"), std::string::npos) << d.status;
  ASSERT_EQ(count("unsaved-"), 1);
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("unsaved-", 0) == 0)
      EXPECT_EQ(core::load_scenario_file(e.path().string()).scenario->X(0, 0), 0.25);
  EXPECT_FALSE(fs::exists(state_dir() / "session.json"));
}

// Kill -9 during an autosave left temporary files that no start removed.
TEST_F(SessionsTest, StaleTemporaryFilesOfOursAreRemovedAtStart) {
  const auto old = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const char* name : {".session.json.AbC123", ".attnlab-xYz789", ".attnlab-new123", ".hidden-abcdef", "notes.txt"}) {
    std::ofstream(state_dir() / name) << "{";
    if (std::string(name) != ".attnlab-new123") fs::last_write_time(state_dir() / name, old);
  }
  app::AppState fresh;
  app::restore_session(fresh);
  EXPECT_FALSE(fs::exists(state_dir() / ".session.json.AbC123"));  // ours, from kill -9 during a write
  EXPECT_FALSE(fs::exists(state_dir() / ".attnlab-xYz789"));
  EXPECT_TRUE(fs::exists(state_dir() / ".attnlab-new123"));  // maybe another window's write in progress
  EXPECT_TRUE(fs::exists(state_dir() / ".hidden-abcdef"));   // not ours
  EXPECT_TRUE(fs::exists(state_dir() / "notes.txt"));
}

// A session.json that is a link loop was never saved again, with a
// notice on stderr at exit only.
TEST_F(SessionsTest, ASessionThatIsALinkLoopIsReportedAndSetAside) {
  fs::create_symlink("session.json", state_dir() / "session.json");
  app::AppState fresh;
  EXPECT_EQ(app::restore_session(fresh), app::SessionRestore::Corrupt);
  EXPECT_NE(fresh.status.find("a loop of symbolic links"), std::string::npos) << fresh.status;
  EXPECT_NE(fresh.status.find("moved to"), std::string::npos) << fresh.status;
  std::string error;
  ASSERT_TRUE(app::save_session(fresh, &error)) << error;
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(state_dir() / "session.json")));
}

TEST_F(SessionsTest, ASessionOfAnyFileTypeIsSetAsideWithItsKind) {
  ASSERT_EQ(::mkfifo((state_dir() / "session.json").c_str(), 0600), 0);
  app::AppState fresh;
  EXPECT_EQ(app::restore_session(fresh), app::SessionRestore::Corrupt);  // at once: never waits on the FIFO
  EXPECT_NE(fresh.status.find("not a regular file: a FIFO"), std::string::npos) << fresh.status;
  fs::create_directories(state_dir() / "session.json");
  EXPECT_EQ(app::restore_session(fresh), app::SessionRestore::Corrupt);
  EXPECT_NE(fresh.status.find("a directory"), std::string::npos) << fresh.status;
  EXPECT_EQ(count("session.json.corrupt-") + count("session.json.unreadable-"), 2);
}

// ImGui opened an imgui.ini that was a FIFO and waited forever.
TEST_F(SessionsTest, AnImguiIniThatIsNotARegularFileIsNotHandedToImGui) {
  std::string problem;
  EXPECT_EQ(app::layout_settings_path(&problem), (state_dir() / "imgui.ini").string());  // none yet: ImGui makes it
  EXPECT_EQ(problem, "");
  ASSERT_EQ(::mkfifo((state_dir() / "imgui.ini").c_str(), 0600), 0);
  EXPECT_EQ(app::layout_settings_path(&problem), "");
  EXPECT_NE(problem.find("imgui.ini is a FIFO, not a regular file"), std::string::npos) << problem;
}

// A name of 254 bytes failed to save and to export ("File name too
// long", from the temporary file's longer name), and the error was pushed off
// the status line by the path.
TEST_F(SessionsTest, ANameOf254BytesSavesAndExports) {
  const std::string path = (dir / (std::string(249, 'a') + ".json")).string();
  state.library.file = path;  // the exports are named after it
  ::setenv("HOME", dir.c_str(), 1);  // exports go to ~/Pictures, else ~
  for (const char* what : {"", "Scores"}) {
    const std::string out = app::export_path(state, what, ".svg");
    EXPECT_LE(fs::path(out).filename().string().size(), 255u);
    std::string error;
    EXPECT_TRUE(app::write_text_export(state, core::ExportFormat::Svg, out, &error)) << error;
    EXPECT_TRUE(fs::exists(out));
  }
  ASSERT_TRUE(app::save_scenario(state, path)) << state.status;
  EXPECT_LT(core::decode_utf8(state.status).size(), 100u) << state.status;
}

TEST_F(SessionsTest, StatusMessagesPutWhatIsWrongBeforeALongPath) {
  const std::string name = std::string(249, 'a') + ".json";
  EXPECT_FALSE(app::save_scenario(state, (dir / "missing" / name).string()));
  EXPECT_EQ(state.status.rfind("not saved: No such file or directory", 0), 0u) << state.status;
  EXPECT_LT(core::decode_utf8(state.status).size(), 150u) << state.status;
  EXPECT_FALSE(app::open_scenario(state, (dir / name).string()));
  EXPECT_LT(core::decode_utf8(state.status).size(), 150u) << state.status;
  EXPECT_NE(state.status.find("aaaa.json: no such file"), std::string::npos) << state.status;
}

namespace {

// The desktop's own sessions, whose set-aside of unsaved changes fails with ENOSPC until the test
// frees the space. The session itself is written all the same: what keeps it from writing over the
// unsaved changes is keep_session's guard, nothing else.
struct FullUntilFreed final : app::SessionStore {
  app::SessionStore& desktop = *app::desktop_files().sessions;
  bool full = true;
  app::SessionRestore restore(app::AppState& state, bool read_only) override { return desktop.restore(state, read_only); }
  bool save(const app::AppState& state, std::string* error, std::string* note) override { return desktop.save(state, error, note); }
  std::string notes() const override { return desktop.notes(); }
  std::string keep_unsaved(const app::AppState& state, std::string* error) override {
    if (!full) return desktop.keep_unsaved(state, error);
    if (error) *error = "No space left on device: cannot write unsaved-….json";
    return {};
  }
};

// Installs store as the platform's sessions until the scope ends, an ASSERT's return included.
class SessionsInstalled {
 public:
  explicit SessionsInstalled(app::SessionStore& store) { app::use_platform_files({nullptr, &store, nullptr}); }
  ~SessionsInstalled() { app::use_platform_files({}); }
  SessionsInstalled(const SessionsInstalled&) = delete;
  SessionsInstalled& operator=(const SessionsInstalled&) = delete;
};

}  // namespace

// The session held unsaved edits and the state folder was full; `attnlab FILE`
// said they "could not be kept", and once the space was freed, the first edit's autosave wrote
// the new session over them: they were gone. Now the session is not written over until they are
// kept, and each autosave tries again; the status line says where they went.
TEST_F(SessionsTest, UnsavedChangesThatCouldNotBeSetAsideAreNotWrittenOver) {
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.375; });
  state.library.file.clear();  // never saved anywhere: the session alone holds the edit
  ASSERT_TRUE(app::save_session(state));
  const core::Scenario unsaved = state.scenario();
  const auto in_session = [&] {
    app::AppState read;
    return app::restore_session(read, /*read_only=*/true) == app::SessionRestore::Restored && read.scenario() == unsaved;
  };

  FullUntilFreed full;
  SessionsInstalled installed(full);
  app::AppState started;
  ASSERT_EQ(app::load_initial_state(std::string(ATTNLAB_TEST_DATA) + "/example.json", started), 0);
  EXPECT_NE(started.status.find("could not be set aside yet (No space left on device"), std::string::npos) << started.status;
  EXPECT_EQ(count("unsaved-"), 0);
  app::Autosave autosave(started);
  started.apply([](core::Scenario& s) { s.X(1, 0) = 0.25; });
  autosave_now(autosave, started);  // still full
  EXPECT_NE(started.status.find("the session is not being kept: it still holds the unsaved changes of the last session"),
            std::string::npos) << started.status;
  EXPECT_TRUE(in_session());

  full.full = false;  // the space is freed; one edit
  started.apply([](core::Scenario& s) { s.X(1, 0) = 0.125; });
  autosave_now(autosave, started);
  EXPECT_NE(started.status.find("the unsaved changes of the last session are now kept in "), std::string::npos) << started.status;
  ASSERT_EQ(count("unsaved-"), 1) << "the edits are gone";
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("unsaved-", 0) == 0) {
      const core::LoadResult kept = core::load_scenario_file(e.path().string());
      ASSERT_TRUE(kept.ok()) << kept.message();
      EXPECT_TRUE(*kept.scenario == unsaved);
    }
  app::AppState now;  // and the session is the window's now
  ASSERT_EQ(app::restore_session(now, /*read_only=*/true), app::SessionRestore::Restored);
  EXPECT_EQ(now.scenario().X(1, 0), 0.125);
  EXPECT_FALSE(started.library.unkept);
}

// A session holds a scenario of up to 2 MiB, and its unsaved changes were set aside
// through the scenario writer, which refuses anything past 1 MiB: they could never be set aside, and
// the session was never written again. Now they are kept compact, whatever their size.
TEST_F(SessionsTest, UnsavedChangesLargerThanAScenarioFileAreSetAsideAllTheSame) {
  state.apply([](core::Scenario& s) {
    s.X(0, 0) = 0.375;
    s.notes = std::string(core::kMaxFileBytes + core::kMaxFileBytes / 2, 'n');
  });
  state.library.file.clear();  // never saved anywhere: the session alone holds the edit
  ASSERT_TRUE(app::save_session(state));
  const core::Scenario unsaved = state.scenario();
  app::AppState started;
  ASSERT_EQ(app::load_initial_state(std::string(ATTNLAB_TEST_DATA) + "/example.json", started), 0);
  EXPECT_NE(started.status.find("the unsaved changes of the last session are kept in"), std::string::npos)
      << started.status.substr(0, 400);
  EXPECT_FALSE(started.library.unkept);
  ASSERT_EQ(count("unsaved-"), 1);
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("unsaved-", 0) == 0) {
      const core::FileRead file = core::read_regular_file(e.path().string(), app::Session::kMaxBytes);
      const core::LoadResult kept = core::parse_scenario(file.text, app::Session::kMaxBytes);
      ASSERT_TRUE(kept.ok()) << kept.message().substr(0, 300);
      EXPECT_TRUE(*kept.scenario == unsaved);
    }
}

namespace {

// The desktop's sessions, refusing to set aside one scenario (the last session's unsaved changes,
// on a disk full for them) and keeping every other.
struct RefusesOne final : app::SessionStore {
  app::SessionStore& desktop = *app::desktop_files().sessions;
  core::Scenario refused;
  app::SessionRestore restore(app::AppState& state, bool read_only) override { return desktop.restore(state, read_only); }
  bool save(const app::AppState& state, std::string* error, std::string* note) override { return desktop.save(state, error, note); }
  std::string notes() const override { return desktop.notes(); }
  std::string keep_unsaved(const app::AppState& state, std::string* error) override {
    if (!(state.scenario() == refused)) return desktop.keep_unsaved(state, error);
    if (error) *error = "No space left on device: cannot write unsaved-….json";
    return {};
  }
};

}  // namespace

// At the window's end: the last session's unsaved changes still not set aside,
// the window's own edits could not go into the session, and were lost without a word. Now they
// are kept in an unsaved-<time>.json of their own, and stderr says where each thing is.
TEST_F(SessionsTest, TheWindowsEditsAreKeptAtItsCloseWhileTheSessionCannotBe) {
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.375; });
  state.library.file.clear();
  ASSERT_TRUE(app::save_session(state));
  RefusesOne store;
  store.refused = state.scenario();
  SessionsInstalled installed(store);
  app::AppState started;
  ASSERT_EQ(app::load_initial_state(std::string(ATTNLAB_TEST_DATA) + "/example.json", started), 0);
  ASSERT_TRUE(started.library.unkept) << started.status;
  started.apply([](core::Scenario& s) { s.X(1, 0) = 0.25; });
  testing::internal::CaptureStderr();
  app::keep_session_at_close(started);
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("the session was not kept"), std::string::npos) << said;
  EXPECT_NE(said.find("the last session's unsaved changes stay in " + (state_dir() / "session.json").string()),
            std::string::npos) << said;
  EXPECT_NE(said.find("this window's unsaved changes are kept in " + state_dir().string()), std::string::npos) << said;
  ASSERT_EQ(count("unsaved-"), 1) << said;
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("unsaved-", 0) == 0)
      EXPECT_TRUE(core::load_scenario_file(e.path().string()).scenario.value() == started.scenario());
  app::AppState read;  // and the session still holds the last session's changes
  ASSERT_EQ(app::restore_session(read, /*read_only=*/true), app::SessionRestore::Restored);
  EXPECT_TRUE(read.scenario() == store.refused);
}

namespace {

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The session the next start would restore, read only.
app::AppState newest_session() {
  app::AppState s;
  EXPECT_EQ(app::restore_session(s, /*read_only=*/true), app::SessionRestore::Restored) << s.status;
  return s;
}

}  // namespace

// A session folder made read-only while the window runs: the autosave failed, and was tried
// again only at the next change, so the edit made meanwhile was not in the session once the
// folder could be written again (a kill -9 then lost it).
TEST_F(SessionsTest, AFailedAutosaveIsTriedAgainWithoutAChange) {
  ASSERT_EQ(app::restore_session(state), app::SessionRestore::None) << state.status;
  app::Autosave autosave(state);
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
  autosave_now(autosave, state);
  ASSERT_EQ(newest_session().scenario().X(0, 0), 0.25) << state.status;

  ::chmod(state_dir().c_str(), 0555);
  bool applies = false;
  {
    WithoutDacOverride as_a_user;  // root would write there anyway
    const fs::path probe = dir / "probe";
    std::ofstream(probe) << "x";
    ::chmod(probe.c_str(), 0);
    applies = WithoutDacOverride::permissions_apply(probe.c_str());
    state.apply([](core::Scenario& s) { s.X(0, 0) = 0.5; });
    autosave_now(autosave, state);
  }
  ::chmod(state_dir().c_str(), 0755);
  if (!applies) GTEST_SKIP() << "file permissions do not apply to this process";
  EXPECT_NE(state.status.find("the session is not being kept: Permission denied"), std::string::npos) << state.status;
  EXPECT_EQ(newest_session().scenario().X(0, 0), 0.25);

  // Writable again, and nothing changes: the window tries again by itself, and says so.
  EXPECT_TRUE(autosave.tick(state));  // a failed save keeps the loop waking up
  std::this_thread::sleep_for(app::Autosave::kRetryAfter + std::chrono::milliseconds(50));
  EXPECT_FALSE(autosave.tick(state));
  EXPECT_EQ(newest_session().scenario().X(0, 0), 0.5);
  EXPECT_EQ(state.status, "the session is kept again");
}

// kill -9 leaves a window's lock file behind: the lock itself goes with the process, so the
// next start restores that session and takes it as its own.
TEST_F(SessionsTest, ALockLeftByAKilledWindowHoldsNothing) {
  {
    app::Session killed;
    app::AppState a = state;
    EXPECT_EQ(killed.restore(a), app::SessionRestore::None);
    a.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
    ASSERT_TRUE(killed.save(a));
  }
  // The window's process: it holds the lock until it is killed.
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t window = ::fork();
  ASSERT_GE(window, 0);
  if (window == 0) {
    const int fd = ::open((state_dir() / "session.json.lock").c_str(), O_RDWR | O_CREAT, 0600);
    const char held = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0 ? 'y' : 'n';
    (void)!::write(ready[1], &held, 1);
    for (;;) ::pause();
  }
  ::close(ready[1]);
  char held = 0;
  ASSERT_EQ(::read(ready[0], &held, 1), 1);
  ::close(ready[0]);
  ASSERT_EQ(held, 'y');
  {
    app::Session beside;  // while it runs, its session is its own
    app::AppState b;
    EXPECT_EQ(beside.restore(b), app::SessionRestore::None) << b.status;
    EXPECT_EQ(beside.path().filename(), "session-2.json");
  }
  ::kill(window, SIGKILL);
  ::waitpid(window, nullptr, 0);
  ASSERT_TRUE(fs::exists(state_dir() / "session.json.lock"));

  app::Session next;
  app::AppState c;
  ASSERT_EQ(next.restore(c), app::SessionRestore::Restored) << c.status;
  EXPECT_EQ(c.scenario().X(0, 0), 0.25);
  EXPECT_EQ(next.path().filename(), "session.json");
  EXPECT_EQ(c.status.find("another attnlab window"), std::string::npos) << c.status;
}

// session-2.json a link to session.json (dotfiles that link each name to one file): a second
// window restored the first's session through the link, as a session no one held, and wrote
// over the first window's edits; the next start folded the one session in twice.
TEST_F(SessionsTest, ALinkToASessionAnotherWindowHoldsIsNotTaken) {
  app::AppState a = state, b = state;
  {
    app::Session first;
    EXPECT_EQ(first.restore(a), app::SessionRestore::None);
    a.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
    ASSERT_TRUE(first.save(a));
    fs::create_symlink("session.json", state_dir() / "session-2.json");
    const std::string firsts = read_text(state_dir() / "session.json");

    app::Session second;
    EXPECT_EQ(second.restore(b), app::SessionRestore::None) << b.status;
    EXPECT_EQ(second.path().filename(), "session-3.json");
    EXPECT_NE(b.status.find("another attnlab window is running: this window's session is session-3.json"), std::string::npos)
        << b.status;
    b.apply([](core::Scenario& s) { s.X(0, 0) = -0.25; });
    ASSERT_TRUE(second.save(b));
    EXPECT_EQ(read_text(state_dir() / "session.json"), firsts);  // the first window's, as it wrote it
    EXPECT_TRUE(fs::is_symlink(state_dir() / "session-2.json"));
  }  // the windows close

  // The next start: the newest restored, the other's changes kept once, the link left alone.
  app::Session next;
  app::AppState c;
  ASSERT_EQ(next.restore(c), app::SessionRestore::Restored) << c.status;
  EXPECT_EQ(c.scenario().X(0, 0), -0.25);
  EXPECT_EQ(count("unsaved-"), 1);
  EXPECT_TRUE(fs::is_symlink(state_dir() / "session-2.json"));
}

}  // namespace test_sessions
