// The lesson: its title and notes (what to drag, what to watch, which number to
// expect), with the previous and next lessons a click away.
#include <imgui.h>

#include "app/files.h"
#include "app/panels.h"
#include "app/text.h"

namespace app {

void DrawLessonPanel(AppState& state) {
  if (BeginPanel(state, "Lesson", "the notes of the scenario file; Lessons menu for all of them")) {
    const core::Scenario& s = state.scenario();
    // Where this scenario stands among the shipped lessons, if it is one.
    int index = -1;
    for (size_t i = 0; i < state.lessons.size(); ++i)
      if (is_lesson(state, i)) index = static_cast<int>(i);
    const int count = static_cast<int>(state.lessons.size());

    if (fonts().title) ImGui::PushFont(fonts().title);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(s.title.empty() ? "Notes" : s.title.c_str());
    ImGui::PopTextWrapPos();
    if (fonts().title) ImGui::PopFont();
    if (index >= 0) {
      ImGui::BeginDisabled(index == 0);
      if (ImGui::SmallButton("\u25C0 previous")) request_open(state, state.lessons[index - 1].path);
      ImGui::EndDisabled();
      ImGui::SameLine();
      ImGui::TextDisabled("lesson %d of %d", index + 1, count);
      ImGui::SameLine();
      ImGui::BeginDisabled(index + 1 >= count);
      if (ImGui::SmallButton("next \u25B6")) request_open(state, state.lessons[index + 1].path);
      ImGui::EndDisabled();
      if (state.modified()) {
        ImGui::SameLine();
        ImGui::TextDisabled("\u00B7 edited: the numbers below are the lesson's own");
      }
    }
    ImGui::Separator();
    TextWrappedWords(s.notes);
  }
  ImGui::End();
}

}  // namespace app
