// The lesson: its title, the introduction, and one step at a time (what to
// look at, what to drag, which number to expect), with the panel the step talks
// about lit in the window (panel_common.cpp). The previous and next lessons are a click away.
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app/files/files.h"
#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "core/model/lesson.h"
#include "core/model/markup.h"

namespace app {

namespace {

// The buttons between lessons: previous, "lesson k of N", next.
void LessonButtons(AppState& state) {
  int index = -1;
  for (size_t i = 0; i < state.library.lessons.size(); ++i)
    if (is_lesson(state, i)) index = static_cast<int>(i);
  if (index < 0 || frame_picture().active) return;
  const int count = static_cast<int>(state.library.lessons.size());
  ImGui::BeginDisabled(index == 0);
  if (ImGui::SmallButton("\u25C0 previous lesson")) request_open(state, state.library.lessons[index - 1].path);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("lesson %d of %d", index + 1, count);
  ImGui::SameLine();
  ImGui::BeginDisabled(index + 1 >= count);
  if (ImGui::SmallButton("next lesson \u25B6")) request_open(state, state.library.lessons[index + 1].path);
  ImGui::EndDisabled();
  if (state.modified()) {
    ImGui::SameLine();
    ImGui::TextDisabled("\u00B7 edited");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The numbers the lesson quotes are those of its own matrices (Ctrl+Z goes back).");
    ImGui::SameLine();
    if (keyed::SmallButton("lesson.reset", "reset lesson")) reset_to_file(state);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the lesson's own matrices, as its file has them (Ctrl+Z brings your changes back).");
  }
}

}  // namespace

float LessonPanelHeight(const AppState& state, float width) {
  const core::Scenario& s = state.scenario();
  const core::LessonNotes& lesson = state.lesson();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wrap = width - 2 * style.WindowPadding.x - style.ScrollbarSize;
  const float line = script_line_height(), spacing = style.ItemSpacing.y;
  const auto lines = [&](const std::string& text) { return static_cast<float>(wrap_script_words(text, wrap).size()); };
  float longest_step = 0;  // so that the panel keeps its size from step to step
  for (const core::LessonStep& step : lesson.steps) longest_step = std::max(longest_step, lines(step.text));
  if (fonts().title) PushFontOf(fonts().title);
  const float title = lines(s.title.empty() ? "Notes" : s.title) * script_line_height() + spacing;
  if (fonts().title) ImGui::PopFont();
  const bool buttons = !frame_picture().active && std::any_of(state.library.lessons.begin(), state.library.lessons.end(), [&](const LessonInfo& l) {
    return is_lesson(state, static_cast<size_t>(&l - state.library.lessons.data()));
  });
  float h = ImGui::GetFrameHeight() + 2 * style.WindowPadding.y + title + spacing + 2;  // title bar, title, separator
  if (buttons) h += ImGui::GetFrameHeightWithSpacing();
  if (!lesson.intro.empty()) h += lines(lesson.intro) * line + spacing;
  if (!lesson.steps.empty()) h += 2 * spacing + ImGui::GetFrameHeightWithSpacing() + longest_step * line;
  return h;
}

void DrawLessonPanel(AppState& state) {
  if (BeginPanel(state, Panel::Lesson, "the notes of the scenario file; Lessons menu for all of them")) {
    const core::Scenario& s = state.scenario();
    const core::LessonNotes& lesson = state.lesson();
    const int count = static_cast<int>(lesson.steps.size());  // state.panels.lesson_step is within it (frame.cpp)

    if (fonts().title) PushFontOf(fonts().title);
    ScriptTextWrapped(s.title.empty() ? "Notes" : s.title);
    if (fonts().title) ImGui::PopFont();
    LessonButtons(state);
    ImGui::Separator();
    if (!lesson.intro.empty()) ScriptTextWrapped(lesson.intro);
    if (count > 0) {
      const core::LessonStep& step = lesson.steps[state.panels.lesson_step];
      ImGui::Spacing();
      if (!frame_picture().active) {
        ImGui::BeginDisabled(state.panels.lesson_step == 0);
        if (keyed::ArrowButton("lesson.previous", "previous step", ImGuiDir_Left)) --state.panels.lesson_step;
        ImGui::EndDisabled();
        ImGui::SameLine();
      }
      ImGui::AlignTextToFramePadding();
      ImGui::Text("Step %d of %d", state.panels.lesson_step + 1, count);
      if (!frame_picture().active) {
        ImGui::SameLine();
        ImGui::BeginDisabled(state.panels.lesson_step + 1 >= count);
        if (keyed::ArrowButton("lesson.next", "next step", ImGuiDir_Right)) ++state.panels.lesson_step;
        ImGui::EndDisabled();
      }
      if (step.panel && state.panels.stacked && !frame_picture().active) {  // a phone: the panel may be far below
        ImGui::SameLine();
        const std::string label = std::string("\u2192 the ") + panel_name(*step.panel) + " panel";
        if (keyed::SmallButton("lesson.go_to_panel", label.c_str())) state.panels.stack_scroll_to = step.panel;
      } else if (step.panel) {
        ImGui::SameLine();
        ImGui::TextDisabled("\u2192 the %s panel", panel_name(*step.panel));
      }
      // A step that asks for a change carries it (the file's "show"): one click makes it, so that
      // the numbers the step quotes are on screen whatever the student did before.
      if (!frame_picture().active && state.saved().show.count(state.panels.lesson_step + 1)) {
        ImGui::SameLine();
        if (keyed::SmallButton("lesson.show", "show me")) show_lesson_step(state);
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("Sets up what this step describes, on the lesson's own matrices (Ctrl+Z undoes it).");
      }
      ScriptTextWrapped(step.text);
    }
  }
  EndPanel();
}

PanelText DescribeLessonPanel(const AppState& state) {
  const core::Scenario& s = state.scenario();
  const core::LessonNotes& lesson = state.lesson();
  std::string out = "Lesson\n" + (s.title.empty() ? std::string("Notes") : core::markup_as_plain_text(s.title)) + "\n";
  if (!lesson.intro.empty()) out += core::markup_as_plain_text(lesson.intro) + "\n";
  if (lesson.steps.empty()) return lesson.intro.empty() ? out + "no lesson\n" : out;
  const int at = std::clamp(state.panels.lesson_step, 0, static_cast<int>(lesson.steps.size()) - 1);
  const core::LessonStep& step = lesson.steps[static_cast<size_t>(at)];
  return out + "step " + std::to_string(at + 1) + " of " + std::to_string(lesson.steps.size()) +
         (step.panel ? std::string(", about the ") + panel_name(*step.panel) + " panel" : "") + ": " +
         core::markup_as_plain_text(step.text) + "\n";
}

}  // namespace app
