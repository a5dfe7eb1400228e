// Files and sessions in the app: a bad file keeps the scenario, saving is
// exact, a shipped lesson stays as shipped, a drop opens a file, the dialog
// opens what is typed, the session comes back, a corrupt one is set aside.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/dialogs/file_dialog.h"
#include "app/dialogs/save_questions.h"
#include "app/files/data_dir.h"
#include "app/files/desktop_files.h"
#include "app/files/files.h"
#include "app/files/session.h"
#include "core/io/atomic_file.h"
#include "core/io/link.h"
#include "core/io/scenario_io.h"
#include "ui_harness.h"

namespace test_files {

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

// Tokens in Arabic and Hebrew (قطة, חתול: cat) are drawn letter by letter, left to right, and
// Devanagari's (बिल्ली) as �: the status line says so on opening, naming the scripts; Cyrillic and
// Chinese (кот, 猫) need no word.
TEST_F(FilesTest, OpeningTextInScriptsNotShapedSaysSo) {
  ASSERT_TRUE(app::open_scenario(state, (fs::path(ATTNLAB_LESSONS) / "01_qkt_vs_qqt.json").string()));  // four tokens
  core::Scenario s = state.scenario();
  s.tokens = {"\u0642\u0637\u0629", "\u05D7\u05EA\u05D5\u05DC", "\u092C\u093F\u0932\u094D\u0932\u0940", "cat"};
  ASSERT_TRUE(core::save_scenario_file(s, (dir / "cats.json").string(), nullptr));
  ASSERT_TRUE(app::open_scenario(state, (dir / "cats.json").string()));
  EXPECT_NE(state.status.find("; its Arabic and Hebrew text is drawn letter by letter, left to right, not as written (attnlab "
                              "cannot lay out these scripts); its Devanagari text shows as \uFFFD (attnlab has no font for it)"),
            std::string::npos) << state.status;
  // And at the start, from the command line.
  app::AppState started;
  ASSERT_EQ(app::load_initial_state((dir / "cats.json").string(), started, /*headless=*/true), 0);
  EXPECT_EQ(started.status.rfind("this scenario's Arabic and Hebrew text is drawn letter by letter", 0), 0u)
      << started.status;
  s.tokens[0] = "\u043A\u043E\u0442";
  s.tokens[1] = "\u732B";
  s.tokens[2] = "cat";
  ASSERT_TRUE(core::save_scenario_file(s, (dir / "cats2.json").string(), nullptr));
  ASSERT_TRUE(app::open_scenario(state, (dir / "cats2.json").string()));
  EXPECT_EQ(state.status.find("letter by letter"), std::string::npos) << state.status;
  EXPECT_EQ(state.status.find("no font"), std::string::npos) << state.status;
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
  EXPECT_EQ(other.library.recent_files.front(), fs::path(path).lexically_normal().string());
}

// Save through a relative link inside a linked folder (d → real/sub, x.json →
// ../x.json) wrote ./x.json, the link's text read from d, and said "saved"; and when the folder
// the link leads into was missing, the error named another. Now: where the kernel leads, said so.
TEST_F(FilesTest, SaveThroughALinkInALinkedFolderWritesWhereItLeadsAndSaysSo) {
  const fs::path real = fs::canonical(dir) / "real";
  fs::create_directories(real / "sub");
  fs::create_directory_symlink("real/sub", dir / "d");
  fs::create_symlink("../x.json", real / "sub" / "x.json");
  write("x.json", "the user's x.json");
  frames(1);
  ASSERT_TRUE(app::save_scenario(state, (dir / "d" / "x.json").string())) << state.status;
  {
    std::ifstream in(dir / "x.json");
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "the user's x.json");
  }
  EXPECT_TRUE(core::load_scenario_file((real / "x.json").string()).ok());
  EXPECT_TRUE(fs::is_symlink(real / "sub" / "x.json"));
  EXPECT_EQ(state.status.rfind("saved ", 0), 0u) << state.status;
  EXPECT_NE(state.status.find("written to " + core::short_path((real / "x.json").string())), std::string::npos) << state.status;
  fs::create_symlink("../missing/y.json", real / "sub" / "y.json");
  fs::create_directory(dir / "missing");  // where the link's text, read from d, would lead
  EXPECT_FALSE(app::save_scenario(state, (dir / "d" / "y.json").string()));
  EXPECT_EQ(state.status.rfind("not saved: No such file or directory", 0), 0u) << state.status;
  EXPECT_NE(state.status.find(core::short_path((real / "missing").string())), std::string::npos) << state.status;
  EXPECT_TRUE(fs::is_empty(dir / "missing"));
}

// The same, in the window's own name for its file: `attnlab d/../x.json` (d → real/sub)
// read real/x.json, as the kernel does, but kept ./x.json as the file (its names read as text),
// stamped it, and Ctrl+S replaced ./x.json. Now the folder is resolved as the kernel does.
TEST_F(FilesTest, AFileOpenedThroughALinkedFoldersParentIsTheOneSaved) {
  const fs::path real = fs::canonical(dir) / "real";
  fs::create_directories(real / "sub");
  fs::create_directory_symlink("real/sub", dir / "d");
  ASSERT_TRUE(core::save_scenario_file(state.scenario(), (real / "x.json").string()));
  write("x.json", "the user's x.json");
  ASSERT_TRUE(app::open_scenario(state, (dir / "d" / ".." / "x.json").string())) << state.status;
  EXPECT_EQ(state.library.file, (real / "x.json").string());
  EXPECT_FALSE(app::changed_on_disk(state));
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.625; });
  ASSERT_TRUE(app::save_scenario(state, state.library.file)) << state.status;
  {
    std::ifstream in(dir / "x.json");
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "the user's x.json");
  }
  const core::LoadResult saved = core::load_scenario_file((real / "x.json").string());
  ASSERT_TRUE(saved.ok()) << saved.message();
  EXPECT_EQ(saved.scenario->X(0, 0), 0.625);
  ASSERT_FALSE(state.library.recent_files.empty());
  EXPECT_EQ(state.library.recent_files.front(), (real / "x.json").string());
}

TEST_F(FilesTest, AFailedSaveSaysWhyAndKeepsTheMark) {
  frames(1);
  drag(center(cell("X[0][0]")), 30, 3, [](int) {});
  EXPECT_FALSE(app::save_scenario(state, (dir / "missing" / "x.json").string()));
  EXPECT_NE(state.status.find("not saved"), std::string::npos);
  EXPECT_TRUE(state.modified());
}

std::string bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Ctrl+S on a lesson that comes with attnlab once overwrote it, and its text then contradicted
// its matrices. It stays as shipped: Save asks for a name in the user's own lessons folder, and
// no path to the shipped file (nor one through "..") is written.
TEST_F(FilesTest, AShippedLessonStaysAsShippedAndSaveAsksForANameOfYourOwn) {
  const fs::path data = dir / "share";  // a data directory of its own, as $ATTNLAB_DATA_DIR names one
  fs::create_directories(data / "shaders");
  fs::create_directories(data / "assets" / "lessons");
  std::ofstream(data / "shaders" / "heatmap.frag") << "// found\n";
  const fs::path shipped = data / "assets" / "lessons" / "01_lesson.json";
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(3, 2, 2, 1), shipped.string()));
  ::setenv("ATTNLAB_DATA_DIR", data.c_str(), 1);
  ::setenv("XDG_DATA_HOME", (dir / "data-home").c_str(), 1);
  const std::string before = bytes(shipped);
  ASSERT_TRUE(app::open_scenario(state, shipped.string())) << state.status;
  EXPECT_TRUE(app::is_shipped_file(shipped.string()));
  EXPECT_TRUE(app::is_shipped_file((data / "assets" / "lessons" / ".." / "lessons" / "01_lesson.json").string()));
  EXPECT_FALSE(app::is_shipped_file((dir / "01_lesson.json").string()));
  frames(1);
  drag(center(cell("X[0][0]")), 40, 4, [](int) {});
  ASSERT_TRUE(state.modified());

  ctrl_key('S');
  EXPECT_EQ(bytes(shipped), before);
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::SaveAs);
  const fs::path mine = dir / "data-home" / "attnlab" / "lessons";
  EXPECT_EQ(state.dialogs.file.directory, mine.string());
  EXPECT_EQ(state.dialogs.file.name, "01_lesson.json");
  EXPECT_TRUE(fs::is_directory(mine));
  EXPECT_NE(state.status.find("stays as shipped"), std::string::npos) << state.status;
  EXPECT_TRUE(state.modified());

  // Save As onto it, by any name, is refused with the reason; nothing is written.
  for (const fs::path& target : {shipped, data / "assets" / "lessons" / ".." / "lessons" / "01_lesson.json"}) {
    EXPECT_FALSE(app::save_scenario(state, target.string()));
    EXPECT_NE(state.status.find("not saved: 01_lesson.json would go among the lessons that come with attnlab"),
              std::string::npos)
        << state.status;
  }
  EXPECT_EQ(bytes(shipped), before);
  EXPECT_TRUE(state.modified());

  // The copy is the user's: saved, and Ctrl+S writes it from then on.
  state.dialogs.file = {};
  ASSERT_TRUE(app::save_scenario(state, (mine / "01_lesson.json").string())) << state.status;
  EXPECT_FALSE(state.modified());
  drag(center(cell("X[0][1]")), 40, 4, [](int) {});
  ctrl_key('S');
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);
  EXPECT_FALSE(state.modified());
  EXPECT_TRUE(core::load_scenario_file((mine / "01_lesson.json").string()).scenario.value() == state.scenario());
  EXPECT_EQ(bytes(shipped), before);

  // Edited again from the shipped lesson, "next lesson" asks first; its Save as… saves the copy,
  // and the next lesson then opens.
  ASSERT_TRUE(app::open_scenario(state, shipped.string())) << state.status;
  frames(1);
  drag(center(cell("X[0][0]")), 40, 4, [](int) {});
  const std::string next = write("02_next.json", "");
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 1, 1), next));
  EXPECT_FALSE(app::request_open(state, next));
  frames(2);
  click(center(control("unsaved.save")));  // "Save as…": the lesson is shipped
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::SaveAs);
  EXPECT_EQ(state.library.file, shipped.string());  // nothing opened yet
  ASSERT_TRUE(app::save_scenario(state, (mine / "01_lesson.json").string())) << state.status;
  state.dialogs.file.purpose = app::FileDialog::Purpose::None;  // as the dialog closes once saved
  frames(2);
  EXPECT_EQ(state.library.file, next);
  EXPECT_EQ(bytes(shipped), before);
  ::unsetenv("ATTNLAB_DATA_DIR");
  ::unsetenv("XDG_DATA_HOME");
}

// "Reset lesson" brings back the matrices the lesson's text talks about, as its file has them;
// Ctrl+Z brings the student's changes back. ← and → step through the lesson outside presenter
// mode too.
TEST_F(FilesTest, ResetLessonRestoresTheFileAndArrowKeysStepThroughIt) {
  core::Scenario lesson = core::make_zero_scenario(3, 2, 2, 1);
  lesson.title = "A lesson";
  lesson.notes = "Why?\n\n[Scores] First look at S.\n\n[Softmax] Then the weights.";
  const std::string path = (dir / "01_a_lesson.json").string();
  ASSERT_TRUE(core::save_scenario_file(lesson, path));
  const core::Scenario from_file = *core::load_scenario_file(path).scenario;
  state.library.lessons = {app::LessonInfo{path, "A lesson"}};
  ASSERT_TRUE(app::open_scenario(state, path)) << state.status;
  frames(2);
  EXPECT_FALSE(state.modified());
  drag(center(cell("X[0][0]")), 40, 4, [](int) {});
  drag(center(cell("X[1][1]")), -30, 4, [](int) {});
  ASSERT_TRUE(state.modified());
  const core::Scenario edited = state.scenario();
  frames(1);
  click(center(control("lesson.reset")));
  EXPECT_TRUE(state.scenario() == from_file);
  EXPECT_FALSE(state.modified());
  EXPECT_EQ(state.library.file, path);
  EXPECT_NE(state.status.find("Ctrl+Z brings your changes back"), std::string::npos) << state.status;
  ctrl_key('Z');
  EXPECT_TRUE(state.scenario() == edited);
  EXPECT_TRUE(state.modified());
  // A file gone since it was opened: nothing changes, and the status line says so.
  fs::remove(path);
  EXPECT_FALSE(app::reset_to_file(state));
  EXPECT_TRUE(state.scenario() == edited);
  EXPECT_NE(state.status.find("not reset"), std::string::npos) << state.status;

  EXPECT_FALSE(state.view.presenter);
  EXPECT_EQ(state.panels.lesson_step, 0);
  press(ImGuiKey_RightArrow);
  EXPECT_EQ(state.panels.lesson_step, 1);
  EXPECT_EQ(state.panels.lit_panel, core::Panel::Softmax);
  press(ImGuiKey_RightArrow);  // past the last step: it stays
  EXPECT_EQ(state.panels.lesson_step, 1);
  press(ImGuiKey_LeftArrow);
  EXPECT_EQ(state.panels.lesson_step, 0);
  // Not behind a dialog: the file dialog has the keys.
  state.dialogs.file.purpose = app::FileDialog::Purpose::Open;
  press(ImGuiKey_RightArrow);
  EXPECT_EQ(state.panels.lesson_step, 0);
}

TEST_F(FilesTest, DroppingAJsonFileOpensIt) {
  frames(1);
  core::Scenario small = core::make_zero_scenario(2, 2, 1, 1);
  small.tokens = {"dropped", "file"};
  const std::string path = (dir / "drop.json").string();
  ASSERT_TRUE(core::save_scenario_file(small, path));
  app::handle_drop(state, {(dir / "notes.txt").string(), path});
  EXPECT_TRUE(state.scenario() == small);
  EXPECT_EQ(state.library.file, path);
  app::handle_drop(state, {(dir / "picture.png").string()});
  EXPECT_TRUE(state.scenario() == small);
  EXPECT_NE(state.status.find("only .json"), std::string::npos);
  EXPECT_FALSE(state.can_undo());  // a new document: no undo back into the previous file
}

// Found in review: open B, undo into A's content, save: B was overwritten with A.
// Opening now asks about unsaved changes first, and starts a new history.
TEST_F(FilesTest, OpeningWithUnsavedChangesAsksFirst) {
  frames(1);
  drag(center(cell("X[1][0]")), 40, 4, [](int) {});
  ASSERT_TRUE(state.modified());
  const core::Scenario edited = state.scenario();
  const std::string other = (dir / "other.json").string();
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 1, 1), other));
  EXPECT_FALSE(app::request_open(state, other));
  frames(2);
  EXPECT_TRUE(state.scenario() == edited);  // nothing replaced yet: the question is open
  press(ImGuiKey_D);  // discard them and open
  EXPECT_EQ(state.scenario().n(), 2);
  EXPECT_EQ(state.library.file, other);
  ctrl_key('Z');
  EXPECT_EQ(state.scenario().n(), 2);  // no undo into the other file's content
  ASSERT_TRUE(app::save_scenario(state, state.library.file));
  EXPECT_EQ(core::load_scenario_file(other).scenario->n(), 2);
}

TEST_F(FilesTest, PathsAreKeptAbsolute) {
  const fs::path cwd = fs::current_path();
  fs::current_path(dir);
  ASSERT_TRUE(core::save_scenario_file(core::make_zero_scenario(2, 2, 1, 1), "relative.json"));
  EXPECT_TRUE(app::open_scenario(state, "relative.json"));
  fs::current_path(cwd);
  EXPECT_EQ(state.library.file, (dir / "relative.json").string());
}

TEST_F(FilesTest, TheDialogOpensTheTypedFile) {
  core::Scenario small = core::make_zero_scenario(3, 2, 2, 1);
  ASSERT_TRUE(core::save_scenario_file(small, (dir / "typed.json").string()));
  frames(1);
  app::DesktopFileChooser::open_file_dialog(state, app::FileDialog::Purpose::Open);
  state.dialogs.file.directory = dir.string();
  frames(3);  // the popup appears, asks for the keyboard, and the field takes it
  ImGuiIO& io = ImGui::GetIO();
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Open);
  ASSERT_TRUE(io.WantTextInput);  // the path field has the keyboard
  io.AddInputCharactersUTF8("typed.json");
  frame();
  press_enter();
  EXPECT_TRUE(state.scenario() == small) << state.status << " | " << state.dialogs.file.error << " | " << state.dialogs.file.name;
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);
}

TEST_F(FilesTest, TheSessionComesBack) {
  frames(1);
  drag(center(cell("X[1][1]")), 40, 4, [](int) {});
  state.view.theme = app::Theme::Light;
  state.view.language = "es";
  state.library.file = "/somewhere/else.json";
  ASSERT_TRUE(app::save_session(state));
  EXPECT_TRUE(fs::exists(dir / "state" / "attnlab" / "session.json"));
  app::AppState restored;
  ASSERT_EQ(app::restore_session(restored), app::SessionRestore::Restored);
  EXPECT_TRUE(restored.scenario() == state.scenario());
  EXPECT_EQ(restored.view.theme, app::Theme::Light);
  EXPECT_EQ(restored.view.language, "es");
  EXPECT_EQ(restored.library.file, "/somewhere/else.json");
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
  EXPECT_FALSE(fs::exists(dir / "state" / "attnlab" / "session.json"));
  int aside = 0;
  for (const auto& e : fs::directory_iterator(dir / "state" / "attnlab"))
    aside += e.path().filename().string().rfind("session.json.corrupt-", 0) == 0;
  EXPECT_EQ(aside, 1);
}

// Found in review: valid JSON of the wrong types, or nested deep, crashed every start.
TEST_F(FilesTest, NoSessionFileCrashesTheStart) {
  fs::create_directories(dir / "state" / "attnlab");
  const fs::path session = dir / "state" / "attnlab" / "session.json";
  std::string deep = "{\"attnlab_session\":1,\"scenario\":";
  for (int i = 0; i < 100000; ++i) deep += "[";
  for (const std::string& text : {std::string("{\"attnlab_session\":\"1\"}"), std::string("{\"attnlab_session\":1,\"file\":5}"),
                                  std::string("{\"attnlab_session\":1,\"view\":{\"theme\":1}}"), deep, std::string(3 << 20, 'x')}) {
    std::ofstream(session) << text;
    app::AppState fresh;
    EXPECT_EQ(app::restore_session(fresh), app::SessionRestore::Corrupt) << text.substr(0, 60);
    EXPECT_FALSE(fs::exists(session));
  }
  // A session of the right version whose extras have the wrong types still restores its scenario.
  std::ofstream(session) << "{\"attnlab_session\":1,\"file\":5,\"view\":{\"theme\":1,\"sequential\":null},\"recent\":[3],"
                            "\"scenario\":" << core::scenario_to_text(state.scenario()) << "}";
  app::AppState fresh;
  EXPECT_EQ(app::restore_session(fresh), app::SessionRestore::Restored) << fresh.status;
  EXPECT_TRUE(fresh.scenario() == state.scenario());
}

// Found in review: `attnlab FILE` replaced a session that had unsaved changes.
TEST_F(FilesTest, OpeningAFileKeepsTheSessionsUnsavedChangesInAFile) {
  frames(1);
  drag(center(cell("X[1][0]")), 40, 4, [](int) {});
  state.library.file.clear();  // never saved anywhere
  ASSERT_TRUE(app::save_session(state));
  const core::Scenario unsaved = state.scenario();
  app::AppState started;
  ASSERT_EQ(app::load_initial_state(std::string(ATTNLAB_TEST_DATA) + "/example.json", started), 0);
  EXPECT_NE(started.status.find("kept in"), std::string::npos) << started.status;
  const std::string kept = started.status.substr(started.status.find("kept in ") + 8);
  const core::LoadResult r = core::load_scenario_file(kept);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_TRUE(*r.scenario == unsaved);
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

// File → Copy link puts the scenario's link (core/io/link.h) on the clipboard; File → Open link
// from the clipboard opens one as Open opens a file: asking first over unsaved changes, the
// link's scenario unsaved and without a file, a wrong link refused with the reason and nothing lost.
TEST_F(FilesTest, CopyLinkAndOpenLinkFromTheClipboard) {
  const auto menu = [&](const char* item) {
    frames(2);
    click(center(layout.controls.at("menu.file")));
    ASSERT_TRUE(layout.controls.count(item)) << item;
    click(center(layout.controls.at(item)));
  };
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.5; });
  state.end_frame(false);
  menu("menu.copy_link");
  const std::string copied = ImGui::GetClipboardText();
  EXPECT_EQ(copied, core::scenario_link(state.scenario()));
  EXPECT_NE(state.status.find("copied the scenario's link"), std::string::npos) << state.status;

  const core::Scenario before = state.scenario();
  core::Scenario shared = core::make_zero_scenario(5, 4, 2, 2);
  shared.title = "shared by a colleague";
  const std::string link = core::scenario_link(shared, "https://example.org/attnlab/");
  // Unsaved changes: the question first, with the link waiting on the answer.
  ImGui::SetClipboardText(("  " + link + "\n").c_str());
  menu("menu.open_link");
  EXPECT_EQ(state.dialogs.pending.action, app::Pending::Action::Open);
  EXPECT_EQ(state.dialogs.pending.path, link);
  EXPECT_TRUE(state.scenario() == before) << "nothing is replaced before the answer";
  state.dialogs.pending = {};

  state.mark_saved();
  menu("menu.open_link");
  EXPECT_TRUE(state.scenario() == shared) << state.status;
  EXPECT_EQ(state.library.file, "");
  EXPECT_TRUE(state.modified()) << "a link's scenario has no file yet: Save asks for a name";
  EXPECT_FALSE(state.can_undo()) << "a new document";

  for (const auto& [clipboard, words] : {std::pair{std::string("just some text"), "the clipboard holds no link"},
                                         std::pair{std::string("https://example.org/#z=AAAA"), "#z= data is cut short"},
                                         std::pair{std::string("index.html#lesson=../../x"), "names no shipped file"}}) {
    ImGui::SetClipboardText(clipboard.c_str());
    menu("menu.open_link");
    EXPECT_NE(state.status.find(words), std::string::npos) << state.status;
    EXPECT_TRUE(state.scenario() == shared) << "a wrong link changes nothing";
    EXPECT_EQ(state.dialogs.pending.action, app::Pending::Action::None);
  }
}

// A teacher's own lessons are in the Lessons menu under the shipped ones, from the folder Save as
// keeps them in: one saved appears at once, its title as its name; one that cannot be read is
// listed, greyed, with why; a click opens it.
TEST_F(FilesTest, YourOwnLessonsAreInTheLessonsMenu) {
  ::setenv("XDG_DATA_HOME", (dir / "data-home").c_str(), 1);
  const fs::path mine = dir / "data-home" / "attnlab" / "lessons";
  fs::create_directories(mine);
  core::Scenario lesson = core::make_zero_scenario(3, 2, 2, 1);
  lesson.title = "Week 3: masks";
  ASSERT_TRUE(core::save_scenario_file(lesson, (mine / "week3.json").string()));
  std::ofstream(mine / "broken.json") << "{ not json";
  std::ofstream(mine / "notes.txt") << "not a lesson";
  state.library.lessons = app::load_lesson_list();  // as the app starts: the shipped ones first
  open_menu("menu.lessons");
  const app::UserLessons& own = app::user_lessons();
  ASSERT_EQ(own.lessons.size(), 2u);  // broken.json, week3.json; not the .txt
  EXPECT_EQ(own.lessons[1].title, "Week 3: masks");
  EXPECT_EQ(own.problems[1], "");
  EXPECT_NE(own.problems[0], "") << "a file that cannot be read says why";
  EXPECT_TRUE(layout.controls.count("menu.own_lesson.0"));
  ASSERT_TRUE(layout.controls.count("menu.own_lesson.1"));

  // Clicking the broken one opens nothing; clicking week 3 opens it.
  click(center(control("menu.own_lesson.0")));
  EXPECT_NE(state.library.file, (mine / "broken.json").string());
  click(ImVec2(1270, 712));  // the status line: the menu, still open over a greyed item, closes
  open_menu("menu.lessons");
  click(center(control("menu.own_lesson.1")));
  frames(2);
  EXPECT_EQ(state.library.file, (mine / "week3.json").string());
  EXPECT_EQ(state.scenario().title, "Week 3: masks");

  // Saved as a new lesson: in the menu the next time it opens.
  ASSERT_TRUE(app::save_scenario(state, (mine / "week4.json").string())) << state.status;
  open_menu("menu.lessons");
  EXPECT_EQ(app::user_lessons().lessons.size(), 3u);
  EXPECT_TRUE(layout.controls.count("menu.own_lesson.2"));
  ::unsetenv("XDG_DATA_HOME");
}

}  // namespace test_files
