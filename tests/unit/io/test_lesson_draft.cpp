// The lesson editor's draft (core/io/lesson_draft.h): every shipped lesson made into a draft and
// back reads as the same lesson; a step keeps its Show me when it moves; a captured change shows
// the state it was captured from; what would not read back is named before anything is written.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/io/lesson_draft.h"
#include "core/io/lesson_show.h"
#include "core/io/scenario_io.h"

namespace test_lesson_draft {

namespace fs = std::filesystem;

namespace {

core::Scenario example() {
  const core::LoadResult r = core::load_scenario_file(std::string(ATTNLAB_TEST_DATA) + "/example.json");
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r.scenario : core::Scenario{};
}

bool mentions(const std::vector<std::string>& problems, const std::string& words) {
  return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p.find(words) != std::string::npos; });
}

}  // namespace

TEST(LessonDraft, EveryShippedLessonReadsBackAsTheSameLesson) {
  int lessons = 0;
  for (const auto& entry : fs::directory_iterator(ATTNLAB_LESSONS)) {
    if (entry.path().extension() != ".json") continue;
    ++lessons;
    const core::LoadResult file = core::load_scenario_file(entry.path().string());
    ASSERT_TRUE(file.ok()) << entry.path() << ": " << file.message();
    const core::LessonDraft draft = core::draft_from(*file.scenario);
    EXPECT_TRUE(core::draft_problems(draft).empty()) << entry.path() << ": " << core::one_per_line(core::draft_problems(draft));
    const core::LoadResult again = core::parse_scenario(core::scenario_to_text(core::scenario_from(draft)));
    ASSERT_TRUE(again.ok()) << entry.path() << ": " << again.message();
    const core::LessonNotes before = core::parse_lesson_notes(file.scenario->notes), after = core::parse_lesson_notes(again.scenario->notes);
    EXPECT_EQ(after.intro, before.intro) << entry.path();
    ASSERT_EQ(after.steps.size(), before.steps.size()) << entry.path();
    for (size_t i = 0; i < before.steps.size(); ++i) {
      EXPECT_EQ(after.steps[i].panel, before.steps[i].panel) << entry.path() << " step " << i + 1;
      EXPECT_EQ(after.steps[i].text, before.steps[i].text) << entry.path() << " step " << i + 1;
    }
    EXPECT_EQ(again.scenario->show, file.scenario->show) << entry.path();
    EXPECT_EQ(again.scenario->title, file.scenario->title);
    // The matrices and options, title and all: the same scenario but for how the notes are wrapped.
    core::Scenario same = *again.scenario;
    same.notes = file.scenario->notes;
    EXPECT_TRUE(same == *file.scenario) << entry.path();
  }
  EXPECT_GE(lessons, 9);
}

// Worked by hand: an introduction and three steps, the first with no panel, the second with a
// Show me. The first step, with no panel, is tagged [Lesson] (or the reader would take it for the
// introduction); moved last, it is a step about no panel, untagged. The show follows its step.
TEST(LessonDraft, AStepKeepsItsPanelTextAndShowWhenItMoves) {
  core::LessonDraft draft = core::new_draft(example());
  draft.title = "Three steps";
  draft.intro = "Read this first.";
  draft.steps = {{std::nullopt, "Look at the window.", ""},
                 {core::Panel::Matrices, "Tick shared QK.", R"({"options":{"shared_qk":true}})"},
                 {core::Panel::Scores, "S is symmetric now.", ""}};
  core::Scenario s = core::scenario_from(draft);
  EXPECT_EQ(s.notes, "Read this first.\n\n[Lesson] Look at the window.\n\n[Matrices] Tick shared QK.\n\n[Scores] S is symmetric now.");
  EXPECT_EQ(s.show, (std::map<int, std::string>{{2, R"({"options":{"shared_qk":true}})"}}));

  core::move_step(draft, 2, 0);  // Scores, Lesson, Matrices
  core::move_step(draft, 1, 2);  // Scores, Matrices, Lesson
  s = core::scenario_from(draft);
  EXPECT_EQ(s.notes, "Read this first.\n\n[Scores] S is symmetric now.\n\n[Matrices] Tick shared QK.\n\nLook at the window.");
  EXPECT_EQ(s.show, (std::map<int, std::string>{{2, R"({"options":{"shared_qk":true}})"}}));
  EXPECT_TRUE(core::draft_problems(draft).empty()) << core::one_per_line(core::draft_problems(draft));

  core::move_step(draft, 1, 0);
  s = core::scenario_from(draft);
  EXPECT_EQ(s.show, (std::map<int, std::string>{{1, R"({"options":{"shared_qk":true}})"}}));
  const core::LessonNotes read = core::parse_lesson_notes(s.notes);
  ASSERT_EQ(read.steps.size(), 3u);
  EXPECT_EQ(read.intro, "Read this first.");
  EXPECT_EQ(read.steps[0].panel, core::Panel::Matrices);
  EXPECT_EQ(read.steps[2].text, "Look at the window.");
  EXPECT_EQ(read.steps[2].panel, std::nullopt);
}

// "Capture this state": the change from the lesson's start to the window's state; Show me on the
// saved lesson then gives the window's state back, entry for entry.
TEST(LessonDraft, ACapturedChangeShowsTheStateItWasCapturedFrom) {
  const core::Scenario start = example();
  core::LessonDraft draft = core::new_draft(start);
  draft.title = "Capture";
  draft.steps = {{core::Panel::Scores, "Look.", ""}, {core::Panel::Matrices, "Now change X.", ""}};
  core::Scenario now = start;
  now.X(0, 0) = 2.0;
  now.options.shared_qk = true;
  draft.steps[1].show = core::change_between(draft.start, now);
  ASSERT_TRUE(core::draft_problems(draft).empty()) << core::one_per_line(core::draft_problems(draft));

  const core::LoadResult saved = core::parse_scenario(core::scenario_to_text(core::scenario_from(draft)));
  ASSERT_TRUE(saved.ok()) << saved.message();
  const core::LoadResult shown = core::show_step(*saved.scenario, 2);
  ASSERT_TRUE(shown.ok()) << shown.message();
  EXPECT_EQ(shown.scenario->X(0, 0), 2.0);
  EXPECT_TRUE(shown.scenario->options.shared_qk);
  EXPECT_TRUE(shown.scenario->X == now.X);
  EXPECT_FALSE(core::show_step(*saved.scenario, 1).ok());  // step 1 asks for no change
}

TEST(LessonDraft, WhatWouldNotReadBackIsNamedByItsStep) {
  core::LessonDraft draft = core::new_draft(example());
  EXPECT_TRUE(mentions(core::draft_problems(draft), "no title"));
  draft.title = "Problems";
  draft.intro = "One paragraph.\n\n[Scores] and one that would be a step.";
  draft.steps = {{core::Panel::Scores, "First paragraph.\n\nSecond paragraph.", ""},
                 {std::nullopt, "[Softmax] a tag typed in the text", ""},
                 {core::Panel::Output, "  ", ""}};
  const std::vector<std::string> problems = core::draft_problems(draft);
  EXPECT_TRUE(mentions(problems, "the introduction: a paragraph that starts with [Scores]")) << core::one_per_line(problems);
  EXPECT_TRUE(mentions(problems, "step 1: a blank line would make two steps of it")) << core::one_per_line(problems);
  EXPECT_TRUE(mentions(problems, "step 2: its text starts with [Softmax]")) << core::one_per_line(problems);
  EXPECT_TRUE(mentions(problems, "step 3 has no text")) << core::one_per_line(problems);

  // A line of spaces splits a paragraph as a blank line does (the reader's rule): in the
  // introduction it would make a step of what follows, and every Show me would land one step off.
  draft.intro = "Intro.\n  \n[Scores] x";
  draft.steps = {{core::Panel::Scores, "Look.", ""}, {core::Panel::Matrices, "Tick.", R"({"options":{"shared_qk":true}})"}};
  EXPECT_TRUE(mentions(core::draft_problems(draft), "the introduction: a paragraph that starts with [Scores]"))
      << core::one_per_line(core::draft_problems(draft));
  draft.intro = "Intro.";
  draft.steps[0].text = "One.\n \t\nTwo.";
  EXPECT_TRUE(mentions(core::draft_problems(draft), "step 1: a blank line would make two steps of it"))
      << core::one_per_line(core::draft_problems(draft));

  // A title alone is no lesson: with no notes, Edit this lesson could not open it again.
  draft.intro.clear();
  draft.steps.clear();
  EXPECT_TRUE(mentions(core::draft_problems(draft), "the lesson has no text"));

  // A change the file cannot hold (a W^Q of the wrong shape) is named as the step's Show me.
  draft.intro = "One paragraph.";
  draft.steps = {{core::Panel::Scores, "Look.", R"({"W_Q":[[[1]],[[1]]]})"}};
  const std::vector<std::string> shown = core::draft_problems(draft);
  ASSERT_FALSE(shown.empty());
  EXPECT_EQ(shown[0].rfind("step 1's Show me", 0), 0u) << core::one_per_line(shown);
}

TEST(LessonDraft, TheFileNameIsTheTitlesWords) {
  EXPECT_EQ(core::lesson_file_name("Why not QQᵀ?"), "why_not_qq.json");
  EXPECT_EQ(core::lesson_file_name("  Scores, softmax & 1/√d_k  "), "scores_softmax_1_d_k.json");
  EXPECT_EQ(core::lesson_file_name("√"), "my_lesson.json");
  EXPECT_EQ(core::lesson_file_name(std::string(100, 'a')), std::string(60, 'a') + ".json");
}

}  // namespace test_lesson_draft
