// A lesson as the lesson editor edits it (app/dialogs/lesson_editor.cpp): its starting
// scenario, title, introduction and steps, each step with its panel, its text and the change
// its "Show me" makes. A draft is made from a scenario and made back into one, whose notes and
// show are those the reader parses (core/model/lesson.h, lesson_show.h), so that the file it is
// saved as reads back as the same lesson.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/io/scenario_io.h"
#include "core/model/lesson.h"

namespace core {

struct DraftStep {
  std::optional<Panel> panel;  // the panel the step lights, or none
  std::string text;            // the markup of docs/lessons.md; one paragraph (no blank line)
  std::string show;            // the change "Show me" makes, a JSON merge patch; empty: none
};

struct LessonDraft {
  Scenario start;  // the matrices and options the lesson opens on; its title, notes and show aside
  std::string title;
  std::string intro;  // paragraphs, blank-line separated
  std::vector<DraftStep> steps;
  // The lesson's translations (docs/languages.md), which the editor does not show: kept where they still
  // stand for the English, the title's while it is the title they translate, the notes' while their steps
  // are the draft's steps (scenario_from).
  std::string translated_title;  // the English title title_i18n translates
  std::map<std::string, std::string> title_i18n, notes_i18n;
};

// The draft of a lesson that `s` is: its notes parsed into steps, each with its show.
LessonDraft draft_from(const Scenario& s);
// A new lesson on s's matrices and options: no title, no text, no steps.
LessonDraft new_draft(const Scenario& s);
// The lesson as a scenario: the start with the draft's title, notes ("[Panel] text" paragraphs
// after the introduction) and show, numbered as the steps now stand. A first step with no panel is
// tagged [Lesson], or the reader would take it for the introduction.
Scenario scenario_from(const LessonDraft& draft);
// What keeps the draft from being saved as a lesson that reads back as written, each in words
// that name the step ("step 3: a blank line would make two steps of it; …"); empty when none.
std::vector<std::string> draft_problems(const LessonDraft& draft);
// Moves step `from` to index `to`, with its panel, text and show (both 0-based, in range).
void move_step(LessonDraft& draft, size_t from, size_t to);
// The file name the lesson is offered under: its title's ASCII letters and digits in lower case,
// words joined by '_', ".json"; "my_lesson.json" for a title with none of them.
std::string lesson_file_name(const std::string& title);

}  // namespace core
