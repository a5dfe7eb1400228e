// The platform seam for files (app/files/platform_files.h): with another platform's answers
// installed, the app's own paths (Ctrl+O, Ctrl+S on a new scenario, the start, the autosave,
// the lesson list, the unsaved changes kept at the start) all go through them, and none
// reaches the desktop's in-app dialog or the XDG state directory. A second platform (the
// browser) can rely on that.
#include <optional>
#include <string>
#include <vector>

#include "app/files/files.h"
#include "app/files/platform_files.h"
#include "app/files/session.h"
#include "session_test.h"

namespace test_platform_files {

namespace {

// Another platform: its data in a directory of the test's, its session in memory, its file
// picker a list of what was asked.
struct FakePlatform final : app::Paths, app::SessionStore, app::FileChooser {
  fs::path data;
  std::optional<app::AppState> kept;  // the session "in storage"
  int saves = 0;
  std::vector<app::FileDialog::Purpose> asked;
  std::vector<std::string> unsaved_kept;

  fs::path data_dir() const override { return data; }
  std::string layout_settings_path(std::string*) const override { return {}; }
  app::SessionRestore restore(app::AppState& state, bool) override {
    if (!kept) return app::SessionRestore::None;
    state = *kept;
    return app::SessionRestore::Restored;
  }
  bool save(const app::AppState& state, std::string*, std::string*) override {
    kept = state;
    ++saves;
    return true;
  }
  std::string notes() const override { return "noted by the fake"; }
  std::string keep_unsaved(const app::AppState& state, std::string*) override {
    unsaved_kept.push_back(state.scenario().title);
    return "fake:unsaved";
  }
  void ask(app::AppState&, app::FileDialog::Purpose purpose) override { asked.push_back(purpose); }
  void ask_export(app::AppState&, const app::ExportChoice& what) override { exports_asked.push_back(what); }
  std::vector<app::ExportChoice> exports_asked;
};

// Installs the fake for one test and puts the desktop's back after it.
struct Installed {
  explicit Installed(FakePlatform& fake) { app::use_platform_files({&fake, &fake, &fake}); }
  ~Installed() { app::use_platform_files({}); }
};

}  // namespace

class PlatformFilesTest : public SessionTest {
 protected:
  FakePlatform fake;

  void press_ctrl(char key, bool shift = false) { ctrl_key(key, shift); }
};

TEST_F(PlatformFilesTest, TheFileShortcutsAskThePlatformsChooserNotTheInAppDialog) {
  Installed installed(fake);
  frames(2);
  press_ctrl('O');
  ASSERT_EQ(fake.asked.size(), 1u);
  EXPECT_EQ(fake.asked[0], app::FileDialog::Purpose::Open);
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None) << "the desktop's dialog stays closed";
  press_ctrl('S', /*shift=*/true);
  ASSERT_EQ(fake.asked.size(), 2u);
  EXPECT_EQ(fake.asked[1], app::FileDialog::Purpose::SaveAs);
  // Save on a scenario that has no file yet asks for a name: the platform's chooser again.
  ASSERT_TRUE(state.library.file.empty());
  press_ctrl('S');
  ASSERT_EQ(fake.asked.size(), 3u);
  EXPECT_EQ(fake.asked[2], app::FileDialog::Purpose::SaveAs);
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);
  // F12, the window as a PNG: where it goes is the platform's to ask too (the page downloads it).
  press(ImGuiKey_F12);
  ASSERT_EQ(fake.exports_asked.size(), 1u);
  EXPECT_EQ(fake.exports_asked[0].format, core::ExportFormat::Png);
  EXPECT_EQ(fake.exports_asked[0].picture.scale, 1.0f);
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);
}

TEST_F(PlatformFilesTest, TheStartAndTheAutosaveUseThePlatformsSessionAndData) {
  Installed installed(fake);
  // Its data: one lesson, which a start with no session opens.
  fake.data = dir / "data";
  fs::create_directories(fake.data / "assets" / "lessons");
  core::Scenario lesson = core::make_zero_scenario(4, 2, 2, 1);
  lesson.title = "the platform's lesson";
  ASSERT_TRUE(core::save_scenario_file(lesson, (fake.data / "assets" / "lessons" / "01.json").string()));
  ASSERT_EQ(app::load_lesson_list().size(), 1u);
  EXPECT_EQ(app::load_lesson_list()[0].title, "the platform's lesson");

  app::AppState started;
  ASSERT_EQ(app::load_initial_state("", started), 0);
  EXPECT_EQ(started.scenario().title, "the platform's lesson");

  // An edit is autosaved into the platform's storage, at most kMaxDelay behind.
  app::Autosave autosave(started);
  started.apply([](core::Scenario& s) { s.X(0, 0) = 0.75; });
  autosave_now(autosave, started);
  ASSERT_EQ(fake.saves, 1);
  EXPECT_DOUBLE_EQ(fake.kept->scenario().X(0, 0), 0.75);

  // The next start restores it from there.
  app::AppState next;
  ASSERT_EQ(app::load_initial_state("", next), 0);
  EXPECT_DOUBLE_EQ(next.scenario().X(0, 0), 0.75);

  // A start on a file: the session's unsaved changes are kept through the platform, and said.
  const std::string other = (dir / "other.json").string();
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 1, 1), other));
  app::AppState on_file;
  ASSERT_EQ(app::load_initial_state(other, on_file), 0);
  EXPECT_EQ(fake.unsaved_kept, std::vector<std::string>{"the platform's lesson"});
  EXPECT_NE(on_file.status.find("fake:unsaved"), std::string::npos) << on_file.status;
  EXPECT_NE(on_file.status.find("noted by the fake"), std::string::npos) << on_file.status;
  EXPECT_FALSE(fs::exists(dir / "state" / "attnlab" / "session.json")) << "nothing reached the desktop's state directory";
}

}  // namespace test_platform_files
