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
#include "core/text/translate.h"

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
  if (ImGui::SmallButton(translated("\u25C0 previous lesson").c_str())) request_open(state, state.library.lessons[index - 1].path);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", core::tr_format("lesson {0} of {1}", {std::to_string(index + 1), std::to_string(count)}).c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(index + 1 >= count);
  if (ImGui::SmallButton(translated("next lesson \u25B6").c_str())) request_open(state, state.library.lessons[index + 1].path);
  ImGui::EndDisabled();
  if (state.modified()) {
    ImGui::SameLine();
    ImGui::TextDisabled("\u00B7 %s", core::tr("edited"));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", core::tr("The numbers the lesson quotes are those of its own matrices (Ctrl+Z goes back)."));
    ImGui::SameLine();
    if (keyed::SmallButton("lesson.reset", translated("reset lesson").c_str())) reset_to_file(state);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", core::tr("Back to the lesson's own matrices, as its file has them (Ctrl+Z brings your changes back)."));
  }
}

}  // namespace

float LessonPanelHeight(const AppState& state, float width) {
  const std::string& title = state.title_shown();
  const core::LessonNotes& lesson = state.lesson_shown();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wrap = width - 2 * style.WindowPadding.x - style.ScrollbarSize;
  const float line = script_line_height(), spacing = style.ItemSpacing.y;
  const auto lines = [&](const std::string& text) { return static_cast<float>(wrap_script_words(text, wrap).size()); };
  float longest_step = 0;  // so that the panel keeps its size from step to step
  for (const core::LessonStep& step : lesson.steps) longest_step = std::max(longest_step, lines(step.text));
  if (fonts().title) PushFontOf(fonts().title);
  const float title_h = lines(title.empty() ? core::tr("Notes") : title) * script_line_height() + spacing;
  if (fonts().title) ImGui::PopFont();
  const bool buttons = !frame_picture().active && std::any_of(state.library.lessons.begin(), state.library.lessons.end(), [&](const LessonInfo& l) {
    return is_lesson(state, static_cast<size_t>(&l - state.library.lessons.data()));
  });
  float h = ImGui::GetFrameHeight() + 2 * style.WindowPadding.y + title_h + spacing + 2;  // title bar, title, separator
  if (buttons) h += ImGui::GetFrameHeightWithSpacing();
  if (!lesson.intro.empty()) h += lines(lesson.intro) * line + spacing;
  if (!lesson.steps.empty()) h += 2 * spacing + ImGui::GetFrameHeightWithSpacing() + longest_step * line;
  return h;
}

void DrawLessonPanel(AppState& state) {
  if (BeginPanel(state, Panel::Lesson, core::tr("the notes of the scenario file; Lessons menu for all of them"))) {
    const std::string& title = state.title_shown();
    const core::LessonNotes& lesson = state.lesson_shown();
    const int count = static_cast<int>(lesson.steps.size());  // state.panels.lesson_step is within it (frame.cpp)

    if (fonts().title) PushFontOf(fonts().title);
    ScriptTextWrapped(title.empty() ? core::tr("Notes") : title);
    if (fonts().title) ImGui::PopFont();
    LessonButtons(state);
    ImGui::Separator();
    if (!lesson.intro.empty()) ScriptTextWrapped(lesson.intro);
    if (count > 0) {
      const core::LessonStep& step = lesson.steps[state.panels.lesson_step];
      ImGui::Spacing();
      if (!frame_picture().active) {
        ImGui::BeginDisabled(state.panels.lesson_step == 0);
        if (keyed::ArrowButton("lesson.previous", translated("previous step").c_str(), ImGuiDir_Left)) --state.panels.lesson_step;
        ImGui::EndDisabled();
        ImGui::SameLine();
      }
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(core::tr_format("Step {0} of {1}", {std::to_string(state.panels.lesson_step + 1), std::to_string(count)}).c_str());
      if (!frame_picture().active) {
        ImGui::SameLine();
        ImGui::BeginDisabled(state.panels.lesson_step + 1 >= count);
        if (keyed::ArrowButton("lesson.next", translated("next step").c_str(), ImGuiDir_Right)) ++state.panels.lesson_step;
        ImGui::EndDisabled();
      }
      if (step.panel && state.panels.stacked && !frame_picture().active) {  // a phone: the panel may be far below
        ImGui::SameLine();
        const std::string label = "\u2192 " + core::tr_format("the {0} panel", {panel_title(*step.panel)}) + "###go_to_panel";
        if (keyed::SmallButton("lesson.go_to_panel", label.c_str())) state.panels.stack_scroll_to = step.panel;
      } else if (step.panel) {
        ImGui::SameLine();
        ImGui::TextDisabled("\u2192 %s", core::tr_format("the {0} panel", {panel_title(*step.panel)}).c_str());
      }
      // A step that asks for a change carries it (the file's "show"): one click makes it, so that
      // the numbers the step quotes are on screen whatever the student did before.
      if (!frame_picture().active && state.saved().show.count(state.panels.lesson_step + 1)) {
        ImGui::SameLine();
        if (keyed::SmallButton("lesson.show", translated("show me").c_str())) show_lesson_step(state);
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%s", core::tr("Sets up what this step describes, on the lesson's own matrices (Ctrl+Z undoes it)."));
      }
      ScriptTextWrapped(step.text);
    }
  }
  EndPanel();
}

PanelText DescribeLessonPanel(const AppState& state) {
  const std::string& title = state.title_shown();
  const core::LessonNotes& lesson = state.lesson_shown();
  std::string out = std::string(panel_title(Panel::Lesson)) + "\n" + (title.empty() ? std::string(core::tr("Notes")) : core::markup_as_plain_text(title)) + "\n";
  if (!lesson.intro.empty()) out += core::markup_as_plain_text(lesson.intro) + "\n";
  if (lesson.steps.empty()) return lesson.intro.empty() ? out + core::tr("no lesson") + "\n" : out;
  const int at = std::clamp(state.panels.lesson_step, 0, static_cast<int>(lesson.steps.size()) - 1);
  const core::LessonStep& step = lesson.steps[static_cast<size_t>(at)];
  const std::string number = std::to_string(at + 1), count = std::to_string(lesson.steps.size()), text = core::markup_as_plain_text(step.text);
  return out + (step.panel ? core::tr_format("step {0} of {1}, about the {2} panel: {3}", {number, count, panel_title(*step.panel), text})
                           : core::tr_format("step {0} of {1}: {2}", {number, count, text})) + "\n";
}

}  // namespace app
