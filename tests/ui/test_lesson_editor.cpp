// The lesson editor (app/dialogs/lesson_editor.cpp), as a teacher uses it: a new lesson from the
// window's scenario, typed, a step's Show me captured from a drag, saved into their own lessons,
// listed in the Lessons menu, and read back with the same steps; a shipped lesson's steps reordered
// keep their Show me, and its file is never written; a draft is never lost to another.
#include <fstream>

#include "app/dialogs/lesson_editor.h"
#include "app/dialogs/save_questions.h"
#include "app/files/data_dir.h"
#include "app/files/files.h"
#include "core/io/lesson_show.h"
#include "tests/ui/session_test.h"

namespace test_lesson_editor {

namespace {

class LessonEditorTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    ::setenv("XDG_DATA_HOME", (dir / "data-home").c_str(), 1);  // "your lessons": this test's own
  }
  void TearDown() override {
    ::unsetenv("ATTNLAB_DATA_DIR");
    SessionTest::TearDown();
  }
  fs::path mine() const { return dir / "data-home" / "attnlab" / "lessons"; }
  // Clicks a field of the editor and types into it, as a hand does; a click elsewhere ends it.
  void type_in(const std::string& field, const char* text) {
    click(center(control(field)));
    ASSERT_TRUE(ImGui::GetIO().WantTextInput) << field << " did not take the keyboard";
    ImGui::GetIO().AddInputCharactersUTF8(text);
    frames(2);
  }
  void open_menu_item(const char* item) {
    open_menu("menu.lessons");
    ASSERT_TRUE(layout.controls.count(item)) << item;
    click(center(layout.controls.at(item)));
    frames(2);
  }
  static std::string bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
};

}  // namespace

TEST_F(LessonEditorTest, ANewLessonIsTypedCapturedSavedAndListed) {
  ASSERT_TRUE(app::open_scenario(state, std::string(ATTNLAB_TEST_DATA) + "/example.json")) << state.status;
  const core::Scenario start = state.scenario();
  open_menu_item("menu.new_lesson");
  ASSERT_TRUE(state.dialogs.lesson_editor.open);
  EXPECT_TRUE(state.dialogs.lesson_editor.draft.steps.empty());

  type_in("editor.title", "Week 3: one W");
  click(center(control("editor.add")));
  type_in("editor.text", "Look at S = QK^T.");
  click(center(control("editor.add")));
  type_in("editor.text", "Drag X and watch S follow.");
  const core::LessonDraft& draft = state.dialogs.lesson_editor.draft;
  ASSERT_EQ(draft.steps.size(), 2u);
  EXPECT_EQ(draft.steps[0].text, "Look at S = QK^T.");
  EXPECT_EQ(draft.steps[1].panel, core::Panel::Scores);  // a new step lights the panel the one before did

  // The teacher drags X[0][0] in the window, then captures it as step 2's Show me.
  drag(center(cell("X[0][0]")), 40, 4, [](int) {});
  const core::Scenario dragged = state.scenario();
  ASSERT_NE(dragged.X(0, 0), start.X(0, 0));
  click(center(control("editor.capture")));
  ASSERT_FALSE(draft.steps[1].show.empty());
  EXPECT_EQ(draft.steps[1].show.find("\"X\""), 1u) << draft.steps[1].show;  // the change is X's, nothing else
  EXPECT_TRUE(draft.steps[0].show.empty());

  // Save: the window shows the lesson at its start, and Save as proposes the title's name in "your lessons".
  click(center(control("editor.save")));
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::SaveAs) << state.dialogs.lesson_editor.note;
  EXPECT_EQ(state.dialogs.file.name, "week_3_one_w.json");
  EXPECT_EQ(fs::path(state.dialogs.file.directory), mine());
  EXPECT_EQ(state.scenario().X(0, 0), start.X(0, 0));
  frames(2);  // the dialog placed
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None) << state.dialogs.file.error << "|" << state.status << "|" << control("file_dialog.confirm").y;
  const fs::path saved = mine() / "week_3_one_w.json";
  ASSERT_TRUE(fs::exists(saved)) << state.status;
  EXPECT_FALSE(state.modified());
  EXPECT_FALSE(app::has_unsaved_draft(state));

  // Read back as a student opens it: two steps, the second's Show me sets the dragged X.
  const core::LoadResult read = core::load_scenario_file(saved.string());
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(read.scenario->title, "Week 3: one W");
  const core::LessonNotes notes = core::parse_lesson_notes(read.scenario->notes);
  ASSERT_EQ(notes.steps.size(), 2u);
  EXPECT_EQ(notes.steps[1].text, "Drag X and watch S follow.");
  EXPECT_TRUE(read.scenario->X == start.X);
  const core::LoadResult shown = core::show_step(*read.scenario, 2);
  ASSERT_TRUE(shown.ok()) << shown.message();
  EXPECT_TRUE(shown.scenario->X == dragged.X);

  // The Lessons menu lists it under "Your lessons", by its title.
  open_menu_item("menu.own_lesson.0");
  const app::UserLessons& own = app::user_lessons();
  ASSERT_EQ(own.lessons.size(), 1u);
  EXPECT_EQ(own.lessons[0].title, "Week 3: one W");
}

TEST_F(LessonEditorTest, AShippedLessonsStepsMoveWithTheirShowMeAndItsFileStaysAsShipped) {
  // A data directory of this test's own, as $ATTNLAB_DATA_DIR names one: the lesson in it is
  // shipped, so that Save is refused there as it is in an installed attnlab.
  const fs::path data = dir / "share";
  fs::create_directories(data / "shaders");
  fs::create_directories(data / "assets" / "lessons");
  std::ofstream(data / "shaders" / "heatmap.frag") << "// found\n";
  const fs::path shipped = data / "assets" / "lessons" / "03_shared_qk.json";
  fs::copy_file(fs::path(ATTNLAB_LESSONS) / "03_shared_qk.json", shipped);
  ::setenv("ATTNLAB_DATA_DIR", data.c_str(), 1);
  ASSERT_TRUE(app::is_shipped_file(shipped.string()));
  const std::string before = bytes(shipped);
  ASSERT_TRUE(app::open_scenario(state, shipped.string())) << state.status;
  const core::Scenario lesson = state.saved();
  ASSERT_TRUE(lesson.show.count(3));
  ASSERT_FALSE(lesson.show.count(4));
  open_menu_item("menu.edit_lesson");
  const core::LessonDraft& draft = state.dialogs.lesson_editor.draft;
  ASSERT_EQ(draft.steps.size(), core::parse_lesson_notes(lesson.notes).steps.size());
  EXPECT_EQ(draft.title, lesson.title);

  click(center(control("editor.down.2")));  // step 3 (with its Show me) becomes step 4
  EXPECT_EQ(draft.steps[3].show, lesson.show.at(3));
  EXPECT_TRUE(draft.steps[2].show.empty());
  EXPECT_EQ(state.dialogs.lesson_editor.step, 3u);
  const core::Scenario moved = core::scenario_from(draft);
  EXPECT_EQ(moved.show.count(3), 0u);
  EXPECT_EQ(moved.show.at(4), lesson.show.at(3));

  click(center(control("editor.save")));
  ASSERT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::SaveAs);
  EXPECT_EQ(fs::path(state.dialogs.file.directory), mine());  // never beside the shipped lesson
  EXPECT_FALSE(app::save_scenario(state, shipped.string()));  // and refused there by any path
  EXPECT_EQ(bytes(shipped), before);
}

TEST_F(LessonEditorTest, ADraftIsNeverLostToAnotherAndWhatWouldNotReadBackCannotBeSaved) {
  ASSERT_TRUE(app::open_scenario(state, std::string(ATTNLAB_TEST_DATA) + "/example.json")) << state.status;
  open_menu_item("menu.new_lesson");
  type_in("editor.title", "Mine");
  click(center(control("editor.add")));
  type_in("editor.text", "One paragraph.\n\nAnd a second one.");
  EXPECT_FALSE(core::draft_problems(state.dialogs.lesson_editor.draft).empty());
  click(center(control("editor.save")));  // refused: named in the editor, nothing asked, nothing written
  EXPECT_EQ(state.dialogs.file.purpose, app::FileDialog::Purpose::None);

  // Closed, then another lesson asked for: the draft comes back, with why.
  state.dialogs.lesson_editor.open = false;
  frames(2);
  EXPECT_TRUE(app::has_unsaved_draft(state));
  open_menu_item("menu.new_lesson");
  EXPECT_TRUE(state.dialogs.lesson_editor.open);
  EXPECT_EQ(state.dialogs.lesson_editor.draft.title, "Mine");
  EXPECT_NE(state.dialogs.lesson_editor.note.find("not saved"), std::string::npos);

  // Quitting shows the draft instead: it lives in the editor only.
  state.dialogs.lesson_editor.open = false;
  app::FrameRequests quit;
  app::Quit(state, quit);
  EXPECT_FALSE(quit.quit);
  EXPECT_TRUE(state.dialogs.lesson_editor.open);
  EXPECT_NE(state.status.find("not quit"), std::string::npos) << state.status;
  frames(2);

  // Discard forgets it on the second press only: nothing brings it back.
  click(center(control("editor.discard")));
  EXPECT_TRUE(state.dialogs.lesson_editor.open);
  EXPECT_EQ(state.dialogs.lesson_editor.draft.title, "Mine");
  click(center(control("editor.discard")));
  EXPECT_FALSE(state.dialogs.lesson_editor.open);
  open_menu_item("menu.new_lesson");
  EXPECT_TRUE(state.dialogs.lesson_editor.draft.title.empty());
  app::Quit(state, quit);
  EXPECT_TRUE(quit.quit);
}

TEST_F(LessonEditorTest, RemovingAStepKeepsTheSameStepSelectedAndClosingKeepsTheDraft) {
  ASSERT_TRUE(app::open_scenario(state, std::string(ATTNLAB_TEST_DATA) + "/example.json")) << state.status;
  open_menu_item("menu.new_lesson");
  for (const char* text : {"First.", "Second.", "Third."}) {
    click(center(control("editor.add")));
    type_in("editor.text", text);
  }
  const app::LessonEditor& e = state.dialogs.lesson_editor;
  ASSERT_EQ(e.draft.steps.size(), 3u);
  EXPECT_EQ(e.step, 2u);
  click(center(control("editor.remove.0")));  // asks
  EXPECT_EQ(e.draft.steps.size(), 3u);
  click(center(control("editor.remove.0")));  // removes
  ASSERT_EQ(e.draft.steps.size(), 2u);
  EXPECT_EQ(e.draft.steps[e.step].text, "Third.");  // still the step being edited
  for (int i = 0; i < 2; ++i) click(center(control("editor.remove.1")));
  for (int i = 0; i < 2; ++i) click(center(control("editor.remove.0")));
  EXPECT_TRUE(e.draft.steps.empty());
  frames(2);  // no step to edit: nothing drawn of one, nothing out of range

  type_in("editor.title", "Kept");
  click(center(control("editor.add")));
  type_in("editor.text", "Again.");
  state.dialogs.lesson_editor.open = false;  // the window's close button
  open_menu_item("menu.lesson_editor");
  EXPECT_TRUE(e.open);
  EXPECT_EQ(e.draft.title, "Kept");
  ASSERT_EQ(e.draft.steps.size(), 1u);
}

}  // namespace test_lesson_editor
