#include "core/io/lesson_draft.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <utility>

#include "core/text/trim.h"

namespace core {

namespace {

std::string trimmed(std::string_view s) { return std::string(trim_blank(s)); }

// The reader names a step's show "show.\"3\"": the editor's words are "step 3's Show me".
std::string in_editor_words(const std::string& error) {
  const std::string prefix = "show.\"";
  if (error.rfind(prefix, 0) != 0) return "the file: " + error;
  const size_t close = error.find('"', prefix.size());
  if (close == std::string::npos) return "the file: " + error;
  return "step " + error.substr(prefix.size(), close - prefix.size()) + "'s Show me" + error.substr(close + 1);
}

Scenario without_lesson(Scenario s) {
  s.title.clear();
  s.notes.clear();
  s.show.clear();
  s.title_i18n.clear();
  s.notes_i18n.clear();
  return s;
}

}  // namespace

LessonDraft draft_from(const Scenario& s) {
  LessonDraft draft;
  draft.start = without_lesson(s);
  draft.title = s.title;
  draft.translated_title = s.title;
  draft.title_i18n = s.title_i18n;
  draft.notes_i18n = s.notes_i18n;
  const LessonNotes notes = parse_lesson_notes(s.notes);
  draft.intro = notes.intro;
  for (size_t i = 0; i < notes.steps.size(); ++i) {
    const auto show = s.show.find(static_cast<int>(i) + 1);
    draft.steps.push_back({notes.steps[i].panel, notes.steps[i].text, show == s.show.end() ? std::string() : show->second});
  }
  return draft;
}

LessonDraft new_draft(const Scenario& s) {
  LessonDraft draft;
  draft.start = without_lesson(s);
  return draft;
}

Scenario scenario_from(const LessonDraft& draft) {
  Scenario s = without_lesson(draft.start);
  s.title = trimmed(draft.title);
  s.notes = trimmed(draft.intro);
  for (size_t i = 0; i < draft.steps.size(); ++i) {
    const DraftStep& step = draft.steps[i];
    if (!s.notes.empty()) s.notes += "\n\n";
    if (step.panel || i == 0) s.notes += std::string("[") + panel_name(step.panel.value_or(Panel::Lesson)) + "] ";
    s.notes += trimmed(step.text);
    if (!step.show.empty()) s.show[static_cast<int>(i) + 1] = step.show;
  }
  if (s.title == trimmed(draft.translated_title)) s.title_i18n = draft.title_i18n;
  for (const auto& [code, text] : draft.notes_i18n)
    if (translation_problem(s.notes, text).empty()) s.notes_i18n[code] = text;
  return s;
}

std::vector<std::string> draft_problems(const LessonDraft& draft) {
  std::vector<std::string> problems;
  if (trimmed(draft.title).empty()) problems.push_back("the lesson has no title: the Lessons menu lists it by its title");
  if (trimmed(draft.intro).empty() && draft.steps.empty())
    problems.push_back("the lesson has no text: write an introduction or add a step");
  // The introduction read as the reader reads notes: a paragraph of it that starts with a tag is a step.
  if (const LessonNotes intro = parse_lesson_notes(draft.intro); !intro.steps.empty())
    problems.push_back(std::string("the introduction: a paragraph that starts with [") +
                       (intro.steps[0].panel ? panel_name(*intro.steps[0].panel) : "a panel") +
                       "] would be read as a step; give it its own step");
  for (size_t i = 0; i < draft.steps.size(); ++i) {
    const std::string step = "step " + std::to_string(i + 1);
    const std::string text = trimmed(draft.steps[i].text);
    if (text.empty()) problems.push_back(step + " has no text");
    if (lesson_paragraphs(text).size() > 1) problems.push_back(step + ": a blank line would make two steps of it; join the paragraphs or add a step");
    if (const auto tag = step_tag(text))
      problems.push_back(step + ": its text starts with [" + std::string(panel_name(*tag)) + "], which would be read as its panel; choose the panel above instead");
  }
  if (!problems.empty()) return problems;
  // What the reader says of the file it would be, and whether it reads back as these steps: the
  // one test that a student opens the lesson as written, each Show me on its own step.
  const Scenario written = scenario_from(draft);
  const LoadResult read = parse_scenario(scenario_to_text(written));
  for (const std::string& e : read.errors) problems.push_back(in_editor_words(e));
  if (!read.ok()) return problems;
  const LessonDraft back = draft_from(*read.scenario);
  if (back.steps.size() != draft.steps.size()) {
    problems.push_back("the notes would read back as " + std::to_string(back.steps.size()) + " steps, not " +
                       std::to_string(draft.steps.size()) + ": a line of spaces splits a paragraph as a blank line does");
    return problems;
  }
  for (size_t i = 0; i < draft.steps.size(); ++i)
    if (back.steps[i].text != trimmed(draft.steps[i].text) || back.steps[i].show != draft.steps[i].show)
      problems.push_back("step " + std::to_string(i + 1) + " would read back otherwise than written");
  return problems;
}

void move_step(LessonDraft& draft, size_t from, size_t to) {
  if (from >= draft.steps.size() || to >= draft.steps.size() || from == to) return;
  DraftStep moved = std::move(draft.steps[from]);
  draft.steps.erase(draft.steps.begin() + static_cast<std::ptrdiff_t>(from));
  draft.steps.insert(draft.steps.begin() + static_cast<std::ptrdiff_t>(to), std::move(moved));
}

std::string lesson_file_name(const std::string& title) {
  // ASCII letters and digits only: a name every file system, shell and course page takes as it is.
  std::string name;
  bool gap = false;
  for (const char ch : title) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x80 && std::isalnum(c)) {
      if (gap && !name.empty()) name += '_';
      name += static_cast<char>(std::tolower(c));
      gap = false;
    } else {
      gap = true;
    }
  }
  if (name.size() > 60) name.resize(60);  // a name the folder listing shows whole
  return (name.empty() ? std::string("my_lesson") : name) + ".json";
}

}  // namespace core
