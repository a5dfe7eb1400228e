// Exports where the teacher wants them: File → Export, the PNG exports, the
// animations and the lab's files open the app's file dialog on a name made from the lesson's (or
// the experiment's), in a folder that can be written; what is typed there is where the file goes;
// an existing file is replaced only when asked twice; a folder that cannot be written says so and
// the dialog stays. The SVG is light unless the window's colours are asked for; LaTeX can be
// Beamer slides. A recording is asked about before it starts: Cancel records nothing.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "app/dialogs/record_dialog.h"
#include "app/dialogs/training_animation_dialog.h"
#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/files/platform_files.h"
#include "app/panels/alt_text.h"
#include "app/panels/panel_table.h"
#include "app/training/lab.h"
#include "core/export/export.h"
#include "core/io/experiment_json.h"
#include "ui_harness.h"

namespace test_exports {

namespace fs = std::filesystem;

namespace {

class ExportsTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    dir = fs::temp_directory_path() / ("attnlab-ui-exports-" + std::to_string(::getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir / "home");
    fs::create_directories(dir / "course");
    ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);  // never the user's session
    const char* home = std::getenv("HOME");
    home_before = home ? home : "";
    ::setenv("HOME", (dir / "home").c_str(), 1);
    state.view.theme = app::Theme::Dark;  // the window's, as a lecturer may keep it
  }
  void TearDown() override {
    ::setenv("HOME", home_before.c_str(), 1);
    fs::remove_all(dir);
    UiTest::TearDown();
  }

  // A lesson of the user's own, beside which its exports go: a copy of a shipped one.
  std::string own_lesson(const std::string& name) {
    const fs::path path = dir / "course" / name;
    fs::copy_file(fs::path(ATTNLAB_LESSONS) / name, path);
    EXPECT_TRUE(app::open_scenario(state, path.string())) << state.status;
    return path.string();
  }
  // File → Export → item, as a hand does it: the menu, the submenu, the item. (Not control():
  // the menu bar is above where it looks for the panels' controls.)
  void export_menu(const char* item) {
    frames(2);
    ASSERT_TRUE(layout.controls.count("menu.file"));
    click(center(layout.controls.at("menu.file")));
    ASSERT_TRUE(layout.controls.count("menu.export")) << "no Export in the File menu";
    mouse_to(center(layout.controls.at("menu.export")));
    frames(3);
    ASSERT_TRUE(layout.controls.count(item)) << item << " not in File → Export";
    click(center(layout.controls.at(item)));
    frames(2);
  }
  // Replaces the dialog's name field with text, as typed.
  void type_name(const char* text) {
    const app::Rect field = control("file_dialog.name");
    click(center(field));
    type_over(text);
    frame();
  }
  static std::string read(const fs::path& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // The SVG's page: the first full-size rectangle's fill.
  static std::string background(const fs::path& svg) {
    const std::string text = read(svg);
    const std::string mark = "<rect width=\"100%\" height=\"100%\" fill=\"";
    const size_t at = text.find(mark);
    return at == std::string::npos ? "none" : text.substr(at + mark.size(), 7);
  }

  // An experiment of the user's own, in the lab, run for a step so that its curves have points.
  std::string own_experiment(const std::string& shipped, const std::string& name) {
    const fs::path path = dir / "course" / name;
    fs::copy_file(fs::path(ATTNLAB_EXPERIMENTS) / shipped, path);
    core::Experiment e = core::load_experiment_file(path.string()).experiment.value();
    e.steps = 2;
    app::set_experiment(state, e, path.string());
    frames(2);
    return path.string();
  }

  fs::path dir;
  std::string home_before;
};

}  // namespace

// Export → SVG: the dialog proposes 02_one_w_or_two.svg beside the lesson; Export writes it
// there, light although the window is dark (#ffffff, the light theme's page, not #1c1f24).
TEST_F(ExportsTest, SvgOpensTheDialogOnTheLessonsNameAndWritesWhereItSays) {
  own_lesson("02_one_w_or_two.json");
  export_menu("menu.export.svg");
  const app::FileDialog& d = state.dialogs.file;
  ASSERT_EQ(d.purpose, app::FileDialog::Purpose::Export);
  EXPECT_EQ(d.name, "02_one_w_or_two.svg");
  EXPECT_EQ(fs::path(d.directory), dir / "course");
  EXPECT_TRUE(d.exported.light) << "light is the SVG's default";
  EXPECT_FALSE(fs::exists(dir / "course" / "02_one_w_or_two.svg")) << "nothing is written before Export";

  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None) << state.dialogs.file.error;
  ASSERT_TRUE(fs::exists(dir / "course" / "02_one_w_or_two.svg")) << state.status;
  EXPECT_EQ(background(dir / "course" / "02_one_w_or_two.svg"), "#ffffff");
  EXPECT_NE(state.status.find("exported"), std::string::npos) << state.status;
  EXPECT_NE(state.status.find("02_one_w_or_two.svg"), std::string::npos) << state.status;

  // Another name typed, without its extension, and the window's colours: "slide 3.svg", dark.
  export_menu("menu.export.svg");
  type_name("slide 3");
  click(center(control("file_dialog.svg_window")));
  EXPECT_FALSE(state.dialogs.file.exported.light);
  click(center(control("file_dialog.confirm")));
  ASSERT_TRUE(fs::exists(dir / "course" / "slide 3.svg")) << state.dialogs.file.error << " / " << state.status;
  EXPECT_EQ(background(dir / "course" / "slide 3.svg"), "#1c1f24");

  // Another folder, typed as a path: the next export starts there.
  fs::create_directories(dir / "slides");
  export_menu("menu.export.svg");
  type_name((dir / "slides" / "scores.svg").c_str());
  click(center(control("file_dialog.confirm")));
  EXPECT_TRUE(fs::exists(dir / "slides" / "scores.svg")) << state.dialogs.file.error;
  export_menu("menu.export.svg");
  EXPECT_EQ(fs::path(state.dialogs.file.directory), dir / "slides");
}

// A file already there is replaced only on a second press, as Save As asks; a folder that is not
// there, or that cannot be written, is named in the dialog, which stays open with nothing written.
TEST_F(ExportsTest, AnExistingFileIsAskedAboutAndAFolderThatCannotBeWrittenIsNamed) {
  own_lesson("01_qkt_vs_qqt.json");
  const fs::path existing = dir / "course" / "01_qkt_vs_qqt.svg";
  std::ofstream(existing) << "mine";
  export_menu("menu.export.svg");
  ASSERT_EQ(state.dialogs.file.name, "01_qkt_vs_qqt.svg");
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  EXPECT_NE(state.dialogs.file.error.find("01_qkt_vs_qqt.svg exists: press Export again to replace it"), std::string::npos)
      << state.dialogs.file.error;
  EXPECT_EQ(read(existing), "mine");
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);
  EXPECT_NE(read(existing).find("<svg"), std::string::npos);

  export_menu("menu.export.svg");
  type_name((dir / "no such folder" / "a.svg").c_str());
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  EXPECT_NE(state.dialogs.file.error.find("there is no folder"), std::string::npos) << state.dialogs.file.error;
  EXPECT_NE(state.dialogs.file.error.find("no such folder"), std::string::npos) << state.dialogs.file.error;

  // /proc takes no new file, not even from root (the tests may run as root, whom modes do not stop).
  type_name("/proc/a.svg");
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  EXPECT_NE(state.dialogs.file.error.find("/proc"), std::string::npos) << state.dialogs.file.error;
  EXPECT_FALSE(fs::exists("/proc/a.svg"));
  // The name of another kind of file is a slip, not a name.
  type_name("slide.png");
  click(center(control("file_dialog.confirm")));
  EXPECT_NE(state.dialogs.file.error.find("slide.png: this export is written as .svg"), std::string::npos)
      << state.dialogs.file.error;
  EXPECT_FALSE(fs::exists(dir / "course" / "slide.png"));
}

// A lesson that comes with attnlab is not exported beside itself (that folder stays as shipped,
// read-only once installed) but to ~/Documents, else ~.
TEST_F(ExportsTest, AShippedLessonsExportsGoToTheDocumentsFolder) {
  const fs::path data = dir / "data";
  fs::create_directories(data / "shaders");
  fs::create_directories(data / "assets" / "lessons");
  std::ofstream(data / "shaders" / "heatmap.frag") << "// found\n";
  fs::copy_file(fs::path(ATTNLAB_LESSONS) / "01_qkt_vs_qqt.json", data / "assets" / "lessons" / "01_qkt_vs_qqt.json");
  ::setenv("ATTNLAB_DATA_DIR", data.c_str(), 1);
  ASSERT_TRUE(app::open_scenario(state, (data / "assets" / "lessons" / "01_qkt_vs_qqt.json").string())) << state.status;
  export_menu("menu.export.tex");
  EXPECT_EQ(fs::path(state.dialogs.file.directory), dir / "home");
  click(center(control("file_dialog.cancel")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);
  EXPECT_FALSE(fs::exists(dir / "home" / "01_qkt_vs_qqt.tex")) << "Cancel writes nothing";
  fs::create_directories(dir / "home" / "Documents");
  export_menu("menu.export.tex");
  EXPECT_EQ(fs::path(state.dialogs.file.directory), dir / "home" / "Documents");
  EXPECT_EQ(state.dialogs.file.name, "01_qkt_vs_qqt.tex");
  ::unsetenv("ATTNLAB_DATA_DIR");
}

// LaTeX as Beamer slides from the window: its own menu item, or the dialog's choice, which renames
// the proposed file; what is written has its frames.
TEST_F(ExportsTest, LatexAsBeamerSlidesFromTheMenuOrTheDialog) {
  own_lesson("02_one_w_or_two.json");
  export_menu("menu.export.beamer");
  EXPECT_EQ(state.dialogs.file.name, "02_one_w_or_two-beamer.tex");
  EXPECT_TRUE(state.dialogs.file.exported.beamer);
  click(center(control("file_dialog.tex_article")));
  EXPECT_EQ(state.dialogs.file.name, "02_one_w_or_two.tex");
  click(center(control("file_dialog.tex_beamer")));
  EXPECT_EQ(state.dialogs.file.name, "02_one_w_or_two-beamer.tex");
  click(center(control("file_dialog.confirm")));
  const std::string slides = read(dir / "course" / "02_one_w_or_two-beamer.tex");
  EXPECT_NE(slides.find("{beamer}"), std::string::npos);
  EXPECT_NE(slides.find("\\begin{frame}[allowframebreaks]{Head 2: the scores and the weights}"), std::string::npos);

  export_menu("menu.export.tex");
  EXPECT_EQ(state.dialogs.file.name, "02_one_w_or_two.tex");
  click(center(control("file_dialog.confirm")));
  const std::string article = read(dir / "course" / "02_one_w_or_two.tex");
  EXPECT_NE(article.find("{article}"), std::string::npos);
  EXPECT_EQ(article.find("\\begin{frame}"), std::string::npos);
}

// F12 and File → Export PNG ask too: the window as 02_one_w_or_two.png, a panel alone as
// 02_one_w_or_two-scores.png; Export hands the window the picture with the place chosen.
TEST_F(ExportsTest, PicturesAskWhereToGoWithThePanelInTheName) {
  own_lesson("02_one_w_or_two.json");
  fs::create_directories(dir / "home" / "Pictures");
  frames(2);
  press(ImGuiKey_F12);
  frame();
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  EXPECT_EQ(state.dialogs.file.name, "02_one_w_or_two.png");
  EXPECT_EQ(fs::path(state.dialogs.file.directory), dir / "course");
  EXPECT_EQ(state.dialogs.export_request.scale, 0) << "nothing drawn before the place is chosen";
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.export_request.path, (dir / "course" / "02_one_w_or_two.png").string());
  EXPECT_EQ(state.dialogs.export_request.scale, 1);
  EXPECT_FALSE(state.dialogs.export_request.panel);

  state.dialogs.export_request = app::ExportRequest{app::Panel::Scores, 2.0f, true, false};  // Scores' title: 2×, light
  frames(2);
  EXPECT_EQ(state.dialogs.file.name, "02_one_w_or_two-scores.png");
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.export_request.path, (dir / "course" / "02_one_w_or_two-scores.png").string());
  EXPECT_EQ(state.dialogs.export_request.panel, app::Panel::Scores);
  EXPECT_TRUE(state.dialogs.export_request.light);
}

// File → Export animation asks where the recording goes when Record is pressed, before a frame
// is recorded: 02_one_w_or_two-sweep.gif beside the lesson. Cancel records nothing and comes back
// to Record sweep as it was; an MP4 of a panel alone is 02_one_w_or_two-scores-sweep.mp4, a GIF's
// name is refused as a slip, a file there is replaced only on the second press, and Export hands
// the window the recording with the path chosen.
TEST_F(ExportsTest, RecordSweepAsksWhereTheAnimationGoesBeforeRecording) {
  own_lesson("02_one_w_or_two.json");
  const app::FileDialog& d = state.dialogs.file;
  const app::RecordSweep& r = state.dialogs.record;
  app::open_record_dialog(state);
  frames(2);
  click(center(control("record.record")));
  frames(2);  // the dialog laid out
  ASSERT_EQ(d.purpose, app::FileDialog::Purpose::Export);
  EXPECT_EQ(d.name, "02_one_w_or_two-sweep.gif");
  EXPECT_EQ(fs::path(d.directory), dir / "course");
  EXPECT_EQ(r.phase, app::RecordSweep::Phase::Idle) << "nothing recorded before the place is chosen";
  click(center(control("file_dialog.cancel")));
  EXPECT_EQ(d.purpose, app::FileDialog::Purpose::None);
  EXPECT_EQ(r.phase, app::RecordSweep::Phase::Idle) << "a cancelled Save records nothing";
  EXPECT_TRUE(r.path.empty());
  EXPECT_TRUE(r.open) << "back to Record sweep";

  state.dialogs.record.picture.mp4 = true;
  state.dialogs.record.panel = app::Panel::Scores;
  const fs::path existing = dir / "course" / "02_one_w_or_two-scores-sweep.mp4";
  std::ofstream(existing) << "an older one";
  frames(2);
  click(center(control("record.record")));
  frames(2);  // the dialog laid out
  ASSERT_EQ(d.purpose, app::FileDialog::Purpose::Export);
  EXPECT_EQ(d.name, "02_one_w_or_two-scores-sweep.mp4");
  type_name("sweep.gif");
  click(center(control("file_dialog.confirm")));
  EXPECT_NE(d.error.find("sweep.gif: this export is written as .mp4"), std::string::npos) << d.error;
  type_name("02_one_w_or_two-scores-sweep");
  click(center(control("file_dialog.confirm")));
  EXPECT_NE(d.error.find("02_one_w_or_two-scores-sweep.mp4 exists: press Export again"), std::string::npos) << d.error;
  EXPECT_EQ(r.phase, app::RecordSweep::Phase::Idle);
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(d.purpose, app::FileDialog::Purpose::None) << d.error;
  EXPECT_EQ(r.phase, app::RecordSweep::Phase::Asked) << "the window records from here";
  EXPECT_EQ(r.path, existing.string());
  EXPECT_FALSE(r.open);
  EXPECT_EQ(read(existing), "an older one") << "written by the window once recorded, whole";
  EXPECT_EQ(fs::path(state.dialogs.last_export_dir), dir / "course");
}

// The lab's Animation of the run asks too, named after the experiment: race-training.gif beside it.
TEST_F(ExportsTest, TheRunsAnimationAsksWhereItGoesBeforeTraining) {
  own_experiment("07_race.json", "race.json");
  app::open_training_animation_dialog(state);
  frames(2);
  click(center(control("training_animation.record")));
  frames(2);  // the dialog laid out
  const app::FileDialog& d = state.dialogs.file;
  const app::RecordTraining& r = state.dialogs.record_training;
  ASSERT_EQ(d.purpose, app::FileDialog::Purpose::Export);
  EXPECT_EQ(d.name, "race-training.gif");
  EXPECT_EQ(fs::path(d.directory), dir / "course");
  EXPECT_EQ(r.phase, app::RecordTraining::Phase::Idle) << "nothing trained before the place is chosen";
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(d.purpose, app::FileDialog::Purpose::None) << d.error;
  EXPECT_EQ(r.phase, app::RecordTraining::Phase::Asked);
  EXPECT_EQ(r.path, (dir / "course" / "race-training.gif").string());
  EXPECT_FALSE(r.open);
}

// The lab's curves SVG, table CSV, PyTorch replay and experiment go through the dialog, named
// after the experiment with what they are. The curves SVG is light (a dark window's too), its
// curves dashed as the window's; the refusals are the other exports'.
TEST_F(ExportsTest, TheLabsFilesAskWhereToGoNamedAfterTheExperiment) {
  own_experiment("07_race.json", "race.json");
  const app::FileDialog& d = state.dialogs.file;
  const fs::path course = dir / "course";

  click(center(control("lab.export.svg")));
  ASSERT_EQ(d.purpose, app::FileDialog::Purpose::Export);
  EXPECT_EQ(d.name, "race-curves.svg");
  EXPECT_EQ(fs::path(d.directory), course);
  EXPECT_FALSE(fs::exists(course / "race-curves.svg")) << "nothing is written before Export";
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(d.purpose, app::FileDialog::Purpose::None) << d.error;
  const std::string svg = read(course / "race-curves.svg");
  EXPECT_NE(svg.find("<rect width=\"720\" height=\"420\" fill=\"#ffffff\"/>"), std::string::npos) << "light by default";
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos) << "the curves told apart by their dashes";
  EXPECT_NE(state.status.find("exported"), std::string::npos) << state.status;
  EXPECT_NE(state.status.find("race-curves.svg"), std::string::npos) << state.status;

  std::ofstream(course / "race-table.csv") << "mine";
  click(center(control("lab.export.csv")));
  EXPECT_EQ(d.name, "race-table.csv");
  click(center(control("file_dialog.confirm")));
  EXPECT_NE(d.error.find("race-table.csv exists: press Export again to replace it"), std::string::npos) << d.error;
  EXPECT_EQ(read(course / "race-table.csv"), "mine");
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(read(course / "race-table.csv").rfind("variant,params,", 0), 0u);

  click(center(control("lab.export.py")));
  EXPECT_EQ(d.name, "race-train.py");
  type_name("train.json");
  click(center(control("file_dialog.confirm")));
  EXPECT_NE(d.error.find("train.json: this export is written as .py"), std::string::npos) << d.error;
  type_name("/proc/train.py");
  click(center(control("file_dialog.confirm")));
  EXPECT_NE(d.error.find("/proc"), std::string::npos) << d.error;  // root may pass access(): then the write says it
  click(center(control("file_dialog.cancel")));
  EXPECT_FALSE(fs::exists(course / "race-train.py")) << "Cancel writes nothing";
  EXPECT_FALSE(fs::exists(course / "train.json"));

  click(center(control("lab.export.json")));
  EXPECT_EQ(d.name, "race-experiment.json");
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(d.purpose, app::FileDialog::Purpose::None) << d.error;
  EXPECT_TRUE(core::load_experiment_file((course / "race-experiment.json").string()).experiment.has_value());
}

// A picture's alt text (docs/accessibility.md): the export dialog's "Copy alt text" puts on the
// clipboard what `attnlab FILE --describe` prints: for F12, the views; for a panel's picture,
// that panel; the numbers as the cells round them.
TEST_F(ExportsTest, CopyAltTextPutsThePicturesDescriptionOnTheClipboard) {
  own_lesson("03_shared_qk.json");
  frames(2);
  press(ImGuiKey_F12);  // the window as a PNG, the dialog asks where
  frames(2);
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  ASSERT_EQ(state.dialogs.file.exported.format, core::ExportFormat::Png);
  ImGui::SetClipboardText("");
  click(center(control("file_dialog.alt_text")));
  const std::string views = ImGui::GetClipboardText();
  EXPECT_EQ(views, app::alt_text(state));  // no control characters here: the same as visible_controls of it
  EXPECT_EQ(views.rfind("attnlab: the Lesson, Matrices, Scores, Softmax, Rank, Output and Geometry panels of \u201CShared QK", 0), 0u) << views;
  EXPECT_NE(views.find("  the: 0.22, 0.18, 0.12, 0.20, 0.27"), std::string::npos) << views;  // A's first row, as its cells show it
  EXPECT_NE(state.status.find("alt text"), std::string::npos) << state.status;
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);  // the dialog stays, to save the picture

  state.dialogs.file = app::FileDialog{};
  frames(2);
  state.dialogs.export_request = app::ExportRequest{app::Panel::Softmax, 1.0f, false, false};  // a panel's title: its picture
  frames(3);
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  click(center(control("file_dialog.alt_text")));
  const std::string softmax = ImGui::GetClipboardText();
  EXPECT_EQ(softmax, app::alt_text(state, app::Panel::Softmax));
  EXPECT_EQ(softmax.rfind("attnlab: the Softmax panel of \u201CShared QK", 0), 0u) << softmax;
  EXPECT_EQ(softmax.find("\nScores"), std::string::npos) << softmax;
}

// File → Export → SVG: the heatmaps of the head shown, whose panels' text the alt text is, with
// the same numbers as the SVG's cells.
TEST_F(ExportsTest, AnSvgsAltTextIsItsHeatmapsText) {
  own_lesson("03_shared_qk.json");
  frames(2);
  app::ExportChoice svg;
  svg.format = core::ExportFormat::Svg;
  app::platform_files().chooser->ask_export(state, svg);
  frames(3);
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  ImGui::SetClipboardText("");
  click(center(control("file_dialog.alt_text")));
  const std::string text = ImGui::GetClipboardText();
  EXPECT_EQ(text, app::svg_alt_text(state));
  EXPECT_EQ(text.rfind("attnlab: the Scores, Softmax, Rank and Output panels of \u201CShared QK", 0), 0u) << text;
  EXPECT_NE(text.find(", as heatmaps in an SVG.\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  the: 0.22, 0.18, 0.12, 0.20, 0.27"), std::string::npos) << text;  // A's first row
  EXPECT_NE(text.find("W^Q W^K\u1D40 (d_model \u00D7 d_model):"), std::string::npos) << text;  // projected: the SVG draws it
  // The SVG's cells hold the same numbers: A's first row among its texts.
  const std::string written = core::export_svg(state.scenario(), state.result(), core::SvgStyle{});
  for (const char* number : {">0.22<", ">0.18<", ">0.12<", ">0.27<"}) EXPECT_NE(written.find(number), std::string::npos) << number;
}

// A sweep's GIF: Copy alt text in its export dialog says what moves, from where to where, and
// gives the panel's numbers at the first frame and at the last, as the panel would describe the
// scenario at those values (worked again here from the scenario moved by hand).
TEST_F(ExportsTest, ASweepsAltTextGivesItsFirstAndLastFrames) {
  own_lesson("03_shared_qk.json");
  frames(2);
  app::RecordSweep& r = state.dialogs.record;
  r.sweep = core::Sweep{"X[0][0]", -1.0, 1.0, 5, 10};
  r.panel = app::Panel::Softmax;
  app::platform_files().chooser->ask_export(state, app::sweep_export(state));
  frames(3);
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::Export);
  ImGui::SetClipboardText("");
  click(center(control("file_dialog.alt_text")));
  const std::string text = ImGui::GetClipboardText();
  EXPECT_EQ(text.rfind("An animation: X row 1 column 1 goes from \u22121.00 to 1.00 in 5 frames (10 a second); its first and its last frames:\n\n"
                       "attnlab: the Softmax panel of \u201CShared QK", 0), 0u) << text;
  for (const double x : {-1.0, 1.0}) {
    core::Scenario moved = state.scenario();
    core::set_sweep_value(moved, "X[0][0]", x);
    app::AppState at(moved);
    at.view = state.view;
    const std::string softmax = app::panel_row(app::Panel::Softmax).describe(at).text();
    EXPECT_NE(text.find(softmax), std::string::npos) << "X row 1 column 1 = " << x << ":\n" << softmax << "\nnot in\n" << text;
  }
  EXPECT_NE(text.find(", an animation of 5 frames, its first frame, X row 1 column 1 = \u22121.00.\n"), std::string::npos) << text;
  EXPECT_NE(text.find(", an animation of 5 frames, its last frame, X row 1 column 1 = 1.00.\n"), std::string::npos) << text;
  // The two frames differ: the entry moves the weights.
  const size_t last = text.find("its last frame");
  ASSERT_NE(last, std::string::npos);
  EXPECT_NE(text.substr(text.find("its first frame"), last - text.find("its first frame")).substr(80, 200), text.substr(last).substr(80, 200));
}

}  // namespace test_exports
