// What a session restores is checked against what it applies to (docs/sessions.md): a head
// the scenario does not have, a view option of no name, a lab that cannot be read. Such a
// session is set aside with a message naming the field; a session's view over another file
// is fitted to that file. Never a crash, never a session that aborts every start.
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/files/files.h"
#include "app/files/session.h"
#include "core/io/experiment_json.h"
#include "session_test.h"
#include "tests/support/without_dac_override.h"

namespace test_session_restore {

namespace {

class SessionRestoreTest : public SessionTest {
 protected:
  static std::string lesson(const char* name) { return std::string(ATTNLAB_LESSONS) + "/" + name; }

  // A session as the app writes it, of example.json (two heads), edited, showing its second head.
  nlohmann::json example_session(int head = 1) {
    nlohmann::json scenario = nlohmann::json::parse(example_text());
    scenario["X"][0][0] = 0.5;  // an unsaved change
    return {{"attnlab_session", 1},
            {"file", std::string(ATTNLAB_TEST_DATA) + "/example.json"},
            {"recent", nlohmann::json::array()},
            {"view", {{"head", head}}},
            {"scenario", scenario}};
  }
  void write_session(const nlohmann::json& j) { std::ofstream(state_dir() / "session.json") << j.dump(); }
};

}  // namespace

// The crash every user met: example.json, View → Head 2, quit; then lesson 01 (one head)
// aborted in the Scores panel (exit 134), at every start.
TEST_F(SessionRestoreTest, ASessionShowingHead2OpensAOneHeadLesson) {
  write_session(example_session(1));
  ASSERT_EQ(app::load_initial_state(lesson("01_qkt_vs_qqt.json"), state), 0);
  EXPECT_EQ(state.scenario().heads, 1);
  EXPECT_EQ(state.view.head, 0);  // fitted to the lesson
  frames(3);                      // every panel drawn
  EXPECT_EQ(state.view.head, 0);
}

// The same for a picture (--screenshot, --export, --animate): the session is only read.
TEST_F(SessionRestoreTest, AHeadlessStartOnAOneHeadFileFitsTheSessionsHead) {
  write_session(example_session(1));
  ASSERT_EQ(app::load_initial_state(lesson("01_qkt_vs_qqt.json"), state, /*headless=*/true), 0);
  EXPECT_EQ(state.view.head, 0);
  frames(2);
  EXPECT_EQ(count("unsaved-"), 0);  // a picture never touches the session
}

// Each start after the crash kept the session's unsaved changes in another unsaved-*.json:
// they are kept once, and the session names the opened file at once.
TEST_F(SessionRestoreTest, UnsavedChangesAreKeptOnceHoweverOftenAStartStopsEarly) {
  write_session(example_session(0));
  app::AppState first, second;
  ASSERT_EQ(app::load_initial_state(lesson("01_qkt_vs_qqt.json"), first), 0);
  EXPECT_EQ(count("unsaved-"), 1);
  // The second start, as if the first had died before its first autosave.
  ASSERT_EQ(app::load_initial_state(lesson("03_shared_qk.json"), second), 0);
  EXPECT_EQ(count("unsaved-"), 1) << second.status;
}

// A session whose own view does not fit its own scenario: the scenario is restored, the head
// is the first, the status says what was dropped, and the session as it was is kept aside.
TEST_F(SessionRestoreTest, AHeadItsScenarioDoesNotHaveIsDroppedAndTheSessionKeptAside) {
  const nlohmann::json session = example_session(2);  // example.json has heads 0 and 1
  write_session(session);
  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
  EXPECT_EQ(restored.view.head, 0);
  EXPECT_EQ(restored.scenario().X(0, 0), 0.5);  // the unsaved change is there
  EXPECT_NE(restored.status.find("view.head: expected a head of the scenario, 0 to 1, got 2"), std::string::npos)
      << restored.status;
  EXPECT_NE(restored.status.find("the session as it was is kept in"), std::string::npos) << restored.status;
  ASSERT_EQ(count("session.json.corrupt-"), 1);
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("session.json.corrupt-", 0) == 0) {
      std::ifstream in(e.path());
      EXPECT_EQ(nlohmann::json::parse(in), session);
    }
  frames(2);
}

// When the copy of a session restored without some values could not be made
// (a folder it could not write in, a full disk), the first autosave wrote the session over it and
// the values were gone. Now the session is not written over until the copy is kept; each write
// tries again first.
TEST_F(SessionRestoreTest, ASessionWhoseCopyCouldNotBeMadeIsNotWrittenOverUntilItIs) {
  const nlohmann::json session = example_session(2);
  write_session(session);
  const std::string as_it_was = session.dump();
  app::AppState restored;
  std::string error;
  bool saved = true;
  ::chmod(state_dir().c_str(), 0500);
  {
    WithoutDacOverride as_a_user;  // root would write in it anyway
    if (const int probe = ::open((state_dir() / "probe").c_str(), O_WRONLY | O_CREAT, 0600); probe >= 0) {  // root's access() would say yes
      ::close(probe);
      ::unlink((state_dir() / "probe").c_str());
      ::chmod(state_dir().c_str(), 0700);
      GTEST_SKIP() << "permissions do not apply here";
    }
    ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
    restored.apply([](core::Scenario& s) { s.X(1, 0) = 0.25; });
    saved = app::save_session(restored, &error);
  }
  ::chmod(state_dir().c_str(), 0700);
  EXPECT_NE(restored.status.find("a copy of the session as it was could not be kept yet"), std::string::npos) << restored.status;
  EXPECT_FALSE(saved);
  EXPECT_NE(error.find("a copy of it as it was could not be kept"), std::string::npos) << error;
  EXPECT_EQ(count("session.json.corrupt-"), 0);
  {
    std::ifstream in(state_dir() / "session.json");
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), as_it_was);
  }
  app::Autosave autosave(restored);  // the folder writable again: the copy first, then the session
  restored.apply([](core::Scenario& s) { s.X(1, 0) = 0.125; });
  autosave_now(autosave, restored);
  EXPECT_NE(restored.status.find("the session as it was is now kept in"), std::string::npos) << restored.status;
  ASSERT_EQ(count("session.json.corrupt-"), 1);
  for (const auto& e : fs::directory_iterator(state_dir()))
    if (e.path().filename().string().rfind("session.json.corrupt-", 0) == 0) {
      std::ifstream in(e.path());
      EXPECT_EQ(nlohmann::json::parse(in), session);
    }
  app::AppState now;
  ASSERT_EQ(app::restore_session(now, /*read_only=*/true), app::SessionRestore::Restored);
  EXPECT_EQ(now.scenario().X(1, 0), 0.125);
}

TEST_F(SessionRestoreTest, EveryViewValueThatCannotApplyIsNamedAndLeftAtItsDefault) {
  const std::vector<std::pair<nlohmann::json, std::string>> cases = {
      {{{"head", -1}}, "view.head"},
      {{{"head", 0.5}}, "view.head"},
      {{{"theme", "blue"}}, "view.theme: expected \"dark\" or \"light\", got \"blue\""},
      {{{"zoom", 40}}, "view.zoom: expected a number from 0.5 to 3, got 40"},
      {{{"zoom", "big"}}, "view.zoom"},
      {{{"sequential", "jet"}}, "view.sequential"},
      {{{"diverging", "viridis"}}, "view.diverging"},
      {{{"workspace", "garden"}}, "view.workspace"},
      {{{"show_numbers", 1}}, "view.show_numbers: expected true or false, got 1"},
      {nlohmann::json::array(), "view: expected an object"},
  };
  for (const auto& [view, field] : cases) {
    nlohmann::json j = example_session(0);
    j["view"] = view;
    write_session(j);
    app::AppState restored;
    EXPECT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << view.dump();
    EXPECT_NE(restored.status.find(field), std::string::npos) << view.dump() << ": " << restored.status;
    EXPECT_TRUE(restored.view == app::ViewOptions{}) << view.dump();
  }
}

TEST_F(SessionRestoreTest, AFileRecentOrLabThatCannotBeReadIsNamedAndLeftOut) {
  const std::vector<std::pair<std::pair<std::string, nlohmann::json>, std::string>> cases = {
      {{"file", 7}, "file: expected a path"},
      {{"recent", "x.json"}, "recent: expected an array"},
      {{"recent", nlohmann::json::array({1})}, "recent: expected a path"},
      {{"lab", 3}, "lab: expected an object"},
      {{"lab", {{"experiment", {{"attnlab_experiment", 1}}}}}, "lab.experiment."},
  };
  for (const auto& [field_value, message] : cases) {
    nlohmann::json j = example_session(0);
    j[field_value.first] = field_value.second;
    write_session(j);
    app::AppState restored;
    EXPECT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << field_value.second.dump();
    EXPECT_NE(restored.status.find(message), std::string::npos) << restored.status;
    EXPECT_TRUE(restored.library.recent_files.empty());
    EXPECT_TRUE(restored.lab.experiment.variants.empty());
  }
}

// The dropped values are copied aside once: the session is written again at once, as it now
// is, so that starts that end before any edit do not pile up copies.
TEST_F(SessionRestoreTest, ASessionWithValuesThatCannotApplyIsCopiedAsideOnce) {
  write_session(example_session(3));
  for (int start = 0; start < 3; ++start) {
    app::AppState restored;
    EXPECT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
  }
  EXPECT_EQ(count("session.json.corrupt-"), 1);
}

// A file changed on disk while attnlab was closed (a git checkout): the session knows the
// version it had, and Save asks before writing over the new one.
TEST_F(SessionRestoreTest, AFileChangedWhileClosedIsAskedAboutOnSave) {
  const fs::path path = dir / "lesson.json";
  std::ofstream(path) << example_text();
  ASSERT_TRUE(app::open_scenario(state, path.string())) << state.status;
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
  ASSERT_TRUE(app::save_session(state));
  nlohmann::json theirs = nlohmann::json::parse(example_text());
  theirs["title"] = "checked out";
  std::ofstream(dir / "theirs.json") << theirs.dump();
  fs::rename(dir / "theirs.json", path);

  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
  EXPECT_NE(restored.status.find("lesson.json was changed on disk since the last session"), std::string::npos) << restored.status;
  EXPECT_TRUE(app::changed_on_disk(restored));
}

// A design name the reader refuses (past 40 bytes) must not stop the session: it is kept without the lab, and says so.
TEST_F(SessionRestoreTest, ALabTheReaderRefusesIsLeftOutOfTheSessionNotTheScenario) {
  state.lab.experiment = core::load_experiment_file(std::string(ATTNLAB_EXPERIMENTS) + "/07_race.json").experiment.value();
  state.lab.experiment.variants[0].name = std::string(50, 'a');
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
  std::string error, note;
  ASSERT_TRUE(app::save_session(state, &error, &note)) << error;
  EXPECT_NE(note.find("the lab's experiment is not kept in the session (lab.experiment.variants[0].name"), std::string::npos) << note;
  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
  EXPECT_EQ(restored.scenario().X(0, 0), 0.25);
}

// An experiment half-way through an edit (match_pair with n odd, before the task changes
// too) is kept by the session as it is and restored with its problem: the lab is not lost.
TEST_F(SessionRestoreTest, ALabExperimentWithProblemsSavesAndRestores) {
  const core::ExperimentLoad loaded = core::load_experiment_file(std::string(ATTNLAB_EXPERIMENTS) + "/04_shared_qk_match_pair.json");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  core::Experiment e = *loaded.experiment;
  ASSERT_EQ(e.task, core::TaskKind::MatchPair);
  e.n = 5;
  ASSERT_FALSE(core::experiment_problems(e).empty());
  state.lab.experiment = e;
  state.lab.edited = true;
  std::string error;
  ASSERT_TRUE(app::save_session(state, &error)) << error;
  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
  EXPECT_EQ(restored.lab.experiment.n, 5);
  EXPECT_TRUE(restored.lab.edited);
  ASSERT_FALSE(restored.lab.problems.empty());
  EXPECT_NE(restored.lab.problems.front().find("even n"), std::string::npos) << restored.lab.problems.front();
}

}  // namespace test_session_restore
