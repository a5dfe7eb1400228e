// File → Export animation, "Record sweep": the dialog headless. The
// recording itself needs GL and is the window's (tests/e2e/test_record_sweep.py);
// here: picking an entry by clicking it, what Record asks for, the command line.
#include "tests/ui/ui_harness.h"

#include <filesystem>

#include "app/dialogs/record_dialog.h"

namespace test_record_dialog {

namespace {

TEST_F(UiTest, RecordSweepPicksAnEntryByClickingIt) {
  core::Scenario s = state.scenario();
  s.X(1, 0) = 0.25;
  state.open_document(s);
  state.view.workspace = app::Workspace::Lab;
  app::open_record_dialog(state);
  EXPECT_EQ(state.view.workspace, app::Workspace::Views);  // the sweep is recorded in the views, as --animate shows them
  frames(2);
  EXPECT_EQ(state.dialogs.record.sweep.param, "temperature");  // what it offers first
  EXPECT_DOUBLE_EQ(state.dialogs.record.sweep.from, 1.0);
  EXPECT_DOUBLE_EQ(state.dialogs.record.sweep.to, 0.1);

  // "an entry…": the dialog steps aside; a click on X[1][0] picks it, its value ± 1.
  click(center(control("record.pick")));
  ASSERT_TRUE(state.dialogs.record.picking);
  EXPECT_FALSE(state.dialogs.record.open);
  const app::Rect x10 = cell("X[1][0]");
  const double before = state.scenario().X(1, 0);
  click(center(x10));
  EXPECT_FALSE(state.dialogs.record.picking);
  EXPECT_TRUE(state.dialogs.record.open);
  EXPECT_EQ(state.dialogs.record.sweep.param, "X[1][0]");
  EXPECT_DOUBLE_EQ(state.dialogs.record.sweep.from, -0.75);
  EXPECT_DOUBLE_EQ(state.dialogs.record.sweep.to, 1.25);
  EXPECT_EQ(state.scenario().X(1, 0), before);  // the click picked; it edited nothing
  EXPECT_FALSE(state.can_undo());

  // Picking again and pressing Esc keeps the entry picked before.
  click(center(control("record.pick")));
  ASSERT_TRUE(state.dialogs.record.picking);
  press(ImGuiKey_Escape);
  EXPECT_FALSE(state.dialogs.record.picking);
  EXPECT_TRUE(state.dialogs.record.open);
  EXPECT_EQ(state.dialogs.record.sweep.param, "X[1][0]");

  // The command line that writes the same file: the key quoted (its brackets are a shell glob).
  state.library.file = "/tmp/my lesson.json";
  EXPECT_EQ(app::record_command_line(state, "OUT.gif"),
            "attnlab '/tmp/my lesson.json' --animate 'X[1][0]=-0.75:1.25' --size 1280x720 --theme dark --export OUT.gif");
  state.dialogs.record.sweep.frames = 90;
  state.dialogs.record.panel = core::Panel::Softmax;
  state.dialogs.record.picture.theme = app::PictureTheme::Light;
  EXPECT_EQ(app::record_command_line(state, "OUT.mp4"),
            "attnlab '/tmp/my lesson.json' --animate 'X[1][0]=-0.75:1.25' --frames 90 --panel Softmax --size 1280x720 "
            "--theme light --export OUT.mp4");
  // Each frame on its own colour scales: the command says so too, or it would record another file.
  state.dialogs.record.picture.scale_per_frame = true;
  EXPECT_EQ(app::record_command_line(state, "OUT.mp4"),
            "attnlab '/tmp/my lesson.json' --animate 'X[1][0]=-0.75:1.25' --frames 90 --panel Softmax --size 1280x720 "
            "--theme light --scale-per-frame --export OUT.mp4");
  state.dialogs.record.picture.scale_per_frame = false;
  // A long path is written whole (the command is to be pasted), not shortened for the screen.
  state.library.file = "/tmp/" + std::string(90, 'a') + "/lesson.json";
  EXPECT_NE(app::record_command_line(state, "OUT.gif").find(state.library.file), std::string::npos);
  const app::ScreenshotOptions recorded = app::record_picture(state);
  EXPECT_EQ(recorded.width, 1280);
  EXPECT_EQ(recorded.height, 720);
  EXPECT_EQ(recorded.panel, core::Panel::Softmax);
  EXPECT_EQ(recorded.theme, app::Theme::Light);

  // Record asks where the file goes first; once answered, the window records and the dialog closes.
  frames(2);  // the dialog laid out again for the longer command
  click(center(control("record.record")));
  frames(2);  // the export dialog laid out
  EXPECT_EQ(state.dialogs.record.phase, app::RecordSweep::Phase::Idle);
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  const std::string path = (std::filesystem::temp_directory_path() / "attnlab-record-dialog-test").string();  // not written here
  click(center(control("file_dialog.name")));
  type_over(path.c_str());
  frame();
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None) << state.dialogs.file.error;
  EXPECT_EQ(state.dialogs.record.phase, app::RecordSweep::Phase::Asked);
  EXPECT_EQ(state.dialogs.record.path, path + ".gif");
  EXPECT_FALSE(state.dialogs.record.open);
}

TEST_F(UiTest, RecordSweepRefusesARangeThatDoesNotMove) {
  app::open_record_dialog(state);
  state.dialogs.record.sweep.from = state.dialogs.record.sweep.to = 0.5;
  frames(2);
  click(center(control("record.record")));  // disabled: nothing would move
  EXPECT_EQ(state.dialogs.record.phase, app::RecordSweep::Phase::Idle);
  EXPECT_TRUE(state.dialogs.record.open);
  state.dialogs.record.sweep.to = 2;
  frames(1);
  click(center(control("record.record")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export) << "Record asks where it goes";
}

TEST_F(UiTest, RecordSweepForgetsAnEntryTheScenarioNoLongerHas) {
  state.dialogs.record.sweep = core::Sweep{"X[2][1]", 0, 1};
  state.open_document(core::make_zero_scenario(2, 2, 2, 1));  // two tokens: no row 2
  app::open_record_dialog(state);
  EXPECT_EQ(state.dialogs.record.sweep.param, "temperature");
}

}  // namespace

namespace {

// While picking, the wheel still scrolls the Matrices panel: an entry far down can be picked.
TEST_F(UiTest, RecordSweepScrollsToAnEntryFarDown) {
  state.open_document(core::make_zero_scenario(8, 4, 4, 2));
  app::open_record_dialog(state);
  frames(2);
  click(center(control("record.pick")));
  ASSERT_TRUE(state.dialogs.record.picking);
  ASSERT_EQ(layout.cells.count("W_O[7][3]"), 0u) << "on screen without scrolling: the test proves nothing";
  const app::Rect far = cell("W_O[7][3]");  // found by turning the wheel over the panel
  click(center(far));
  EXPECT_EQ(state.dialogs.record.sweep.param, "W_O[7][3]");
  EXPECT_TRUE(state.dialogs.record.open);
}

}  // namespace

namespace {

// The window's close button during a recording cancels it (nothing written), then quits as usual.
TEST_F(UiTest, ClosingTheWindowDuringARecordingCancelsItThenQuits) {
  state.dialogs.record.phase = app::RecordSweep::Phase::Recording;
  frames(1);
  ImGui::NewFrame();
  app::FrameRequests requests = app::DrawFrame(state, layout, picture, /*close_asked=*/true);
  ImGui::Render();
  app::settle_headless_textures();
  EXPECT_TRUE(state.dialogs.record.cancel);
  EXPECT_FALSE(requests.quit);  // not while the recording winds down
  state.dialogs.record.phase = app::RecordSweep::Phase::Idle;  // the window stopped it
  requests = frame();
  EXPECT_TRUE(requests.quit);  // no unsaved changes: it quits
}

}  // namespace

}  // namespace test_record_dialog
