// Files and sessions in the app: a bad file keeps the scenario, saving is
// exact, a drop opens a file, the dialog opens what is typed, the session
// comes back, a corrupt one is set aside.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/file_dialog.h"
#include "app/files.h"
#include "app/session.h"
#include "ui_harness.h"

namespace fs = std::filesystem;

namespace {

class FilesTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    dir = fs::temp_directory_path() / ("attnlab-ui-files-" + std::to_string(::getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);  // never the user's session
  }
  void TearDown() override {
    fs::remove_all(dir);
    UiTest::TearDown();
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
  fs::path dir;
};

}  // namespace

TEST_F(FilesTest, ABadFileKeepsTheScenarioAndSaysWhichField) {
  frames(1);
  drag(center(cell("X[1][0]")), 40, 4, [](int) {});
  const core::Scenario before = state.scenario();
  const size_t steps = state.undo_steps();
  std::string text;
  {
    std::ifstream in(std::string(ATTNLAB_TEST_DATA) + "/example.json");
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string bad = write("bad.json", text.replace(text.find("\"W_O\""), 5, "\"W_0\""));
  EXPECT_FALSE(app::open_scenario(state, bad));
  EXPECT_TRUE(state.scenario() == before);
  EXPECT_EQ(state.undo_steps(), steps);
  EXPECT_NE(state.status.find("\"W_0\": unknown key"), std::string::npos) << state.status;
  EXPECT_NE(state.status.find("W_O: missing"), std::string::npos) << state.status;
  frames(1);  // and the app goes on
}

TEST_F(FilesTest, SaveThenOpenIsExactAndClearsTheMark) {
  frames(1);
  drag(center(cell("X[2][3]")), -50, 5, [](int) {});
  EXPECT_TRUE(state.modified());
  EXPECT_NE(app::window_title(state).find("\u2022"), std::string::npos);
  const core::Scenario edited = state.scenario();
  const std::string path = (dir / "saved.json").string();
  ASSERT_TRUE(app::save_scenario(state, path)) << state.status;
  EXPECT_FALSE(state.modified());
  EXPECT_EQ(app::window_title(state), "attnlab \u2014 saved.json");
  app::AppState other;
  ASSERT_TRUE(app::open_scenario(other, path)) << other.status;
  EXPECT_TRUE(other.scenario() == edited);
  EXPECT_FALSE(other.modified());
  EXPECT_EQ(other.recent_files.front(), fs::path(path).lexically_normal().string());
}

TEST_F(FilesTest, AFailedSaveSaysWhyAndKeepsTheMark) {
  frames(1);
  drag(center(cell("X[0][0]")), 30, 3, [](int) {});
  EXPECT_FALSE(app::save_scenario(state, (dir / "missing" / "x.json").string()));
  EXPECT_NE(state.status.find("not saved"), std::string::npos);
  EXPECT_TRUE(state.modified());
}

TEST_F(FilesTest, DroppingAJsonFileOpensIt) {
  frames(1);
  core::Scenario small = core::make_zero_scenario(2, 2, 1, 1);
  small.tokens = {"dropped", "file"};
  const std::string path = (dir / "drop.json").string();
  ASSERT_TRUE(core::save_scenario_file(small, path));
  app::handle_drop(state, {(dir / "notes.txt").string(), path});
  EXPECT_TRUE(state.scenario() == small);
  EXPECT_EQ(state.file, path);
  app::handle_drop(state, {(dir / "picture.png").string()});
  EXPECT_TRUE(state.scenario() == small);
  EXPECT_NE(state.status.find("only .json"), std::string::npos);
  ctrl_key('Z');  // the open was one undo step
  EXPECT_EQ(state.scenario().n(), 5);
}

TEST_F(FilesTest, TheDialogOpensTheTypedFile) {
  core::Scenario small = core::make_zero_scenario(3, 2, 2, 1);
  ASSERT_TRUE(core::save_scenario_file(small, (dir / "typed.json").string()));
  frames(1);
  app::open_file_dialog(state, app::FileDialog::Purpose::Open);
  state.file_dialog.directory = dir.string();
  frames(3);  // the popup appears, asks for the keyboard, and the field takes it
  ImGuiIO& io = ImGui::GetIO();
  ASSERT_EQ(state.file_dialog.purpose, app::FileDialog::Purpose::Open);
  ASSERT_TRUE(io.WantTextInput);  // the path field has the keyboard
  io.AddInputCharactersUTF8("typed.json");
  frame();
  press_enter();
  EXPECT_TRUE(state.scenario() == small) << state.status << " | " << state.file_dialog.error << " | " << state.file_dialog.name;
  EXPECT_EQ(state.file_dialog.purpose, app::FileDialog::Purpose::None);
}

TEST_F(FilesTest, TheSessionComesBack) {
  frames(1);
  drag(center(cell("X[1][1]")), 40, 4, [](int) {});
  state.view.theme = app::Theme::Light;
  state.file = "/somewhere/else.json";
  ASSERT_TRUE(app::save_session(state));
  EXPECT_TRUE(fs::exists(dir / "state" / "attnlab" / "session.json"));
  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored);
  EXPECT_TRUE(restored.scenario() == state.scenario());
  EXPECT_EQ(restored.view.theme, app::Theme::Light);
  EXPECT_EQ(restored.file, "/somewhere/else.json");
  EXPECT_TRUE(restored.modified());  // the file is not on disk: the changes are not saved anywhere else
}

TEST_F(FilesTest, ACorruptSessionIsSetAsideWithAMessage) {
  fs::create_directories(dir / "state" / "attnlab");
  std::ofstream(dir / "state" / "attnlab" / "session.json") << "{\"attnlab_session\": 1, \"scenario\": {\"attnlab\": 7}}";
  app::AppState fresh;
  const core::Scenario before = fresh.scenario();
  EXPECT_EQ(app::restore_session(fresh), app::SessionRestore::Corrupt);
  EXPECT_TRUE(fresh.scenario() == before);
  EXPECT_NE(fresh.status.find("version 7 is newer"), std::string::npos) << fresh.status;
  EXPECT_TRUE(fs::exists(dir / "state" / "attnlab" / "session.json.corrupt"));
  EXPECT_FALSE(fs::exists(dir / "state" / "attnlab" / "session.json"));
}

TEST_F(FilesTest, AutosaveFollowsAChangeWithinTheDelay) {
  app::Autosave autosave(state);
  EXPECT_FALSE(autosave.tick(state));
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.75; });
  EXPECT_TRUE(autosave.tick(state));  // pending: not yet written
  const fs::path session = dir / "state" / "attnlab" / "session.json";
  EXPECT_FALSE(fs::exists(session));
  std::this_thread::sleep_for(app::Autosave::kMaxDelay + std::chrono::milliseconds(50));
  EXPECT_FALSE(autosave.tick(state));
  ASSERT_TRUE(fs::exists(session));
  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored);
  EXPECT_EQ(restored.scenario().X(0, 0), 0.75);
}
