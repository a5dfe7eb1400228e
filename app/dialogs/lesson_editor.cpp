#include "app/dialogs/lesson_editor.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/files/data_dir.h"
#include "app/files/platform_files.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/controls.h"
#include "core/io/atomic_file.h"
#include "core/io/lesson_show.h"
#include "core/model/markup.h"

namespace app {

namespace fs = std::filesystem;

namespace {

bool has_text(const core::LessonDraft& d) {
  return !d.title.empty() || !d.intro.empty() || std::any_of(d.steps.begin(), d.steps.end(), [](const core::DraftStep& s) {
    return !s.text.empty() || !s.show.empty();
  });
}

// Whether the window's lesson, as its file has it, is the draft: then it is saved.
bool saved_in_file(const AppState& state) {
  return !state.library.file.empty() && state.saved() == core::scenario_from(state.dialogs.lesson_editor.draft);
}

// A button that acts on the second press only, for what nothing undoes (a step's text, the draft):
// the first press arms it and its label asks; choosing a step, or arming another, disarms it.
bool ConfirmedButton(AppState& state, std::string_view key, const char* label, const char* ask, const std::string& what, bool small) {
  LessonEditor& e = state.dialogs.lesson_editor;
  const bool armed = e.armed == what;
  const std::string shown = std::string(armed ? ask : label) + "###" + what;
  if (!(small ? keyed::SmallButton(key, shown.c_str()) : keyed::Button(key, shown.c_str()))) return false;
  if (armed) {
    e.armed.clear();
    return true;
  }
  e.armed = what;
  return false;
}

// What a step's Show me changes, in the file's words: "X, options.shared_qk".
std::string fields_changed(const std::string& patch) {
  std::string out;
  const auto add = [&](const std::string& name) { out += (out.empty() ? "" : ", ") + name; };
  try {
    const nlohmann::json j = nlohmann::json::parse(patch);
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it.value().is_object())
        for (auto inner = it.value().begin(); inner != it.value().end(); ++inner) add(it.key() + "." + inner.key());
      else
        add(it.key());
    }
  } catch (const std::exception&) {
    return "(a change that cannot be read)";
  }
  return out;
}

// A preview as the Lesson panel draws the text: the markup set, wrapped to the editor's width.
void Preview(const char* id, const std::string& markup, float lines) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float h = std::max(lines, 1.0f) * script_line_height() + 2 * style.WindowPadding.y;
  ImGui::BeginChild(id, ImVec2(0, h), true);
  if (markup.empty()) ImGui::TextDisabled("(nothing written yet)");
  else ScriptTextWrapped(markup);
  ImGui::EndChild();
}

float preview_lines(const std::string& markup, float width) {
  return static_cast<float>(wrap_script_words(markup, width - 2 * ImGui::GetStyle().WindowPadding.x - ImGui::GetStyle().ScrollbarSize).size());
}

const char* panel_label(const std::optional<Panel>& p, size_t index) {
  if (p) return panel_name(*p);
  return index == 0 ? "Lesson (a first step lights a panel)" : "none";
}

// The list of steps: one line each, the selected one editable below; ▲ ▼ move it, ✕ removes it.
void StepList(AppState& state) {
  LessonEditor& e = state.dialogs.lesson_editor;
  core::LessonDraft& d = e.draft;
  // Room on each line for ▲ ▼ and the remove button as it reads when armed ("remove?").
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons_w = ImGui::CalcTextSize("\u25B2").x + ImGui::CalcTextSize("\u25BC").x + ImGui::CalcTextSize("remove?").x +
                          6 * style.FramePadding.x + 3 * style.ItemSpacing.x;
  for (size_t i = 0; i < d.steps.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const core::DraftStep& s = d.steps[i];
    // The step's first words, plain (as the status line writes markup): the list is for finding a step.
    const std::string label = std::to_string(i + 1) + ". [" + (s.panel ? panel_name(*s.panel) : "no panel") + "] " +
                              (s.show.empty() ? "" : "(Show me) ") + core::markup_as_plain_text(s.text.substr(0, s.text.find('\n')));
    if (keyed::Selectable("editor.step." + std::to_string(i), label.c_str(), e.step == i, 0, ImVec2(ImGui::GetContentRegionAvail().x - buttons_w, 0))) {
      e.step = i;
      e.note.clear();
      e.armed.clear();
    }
    for (const bool down : {false, true}) {  // ▲ moves the step up, ▼ down
      ImGui::SameLine();
      ImGui::BeginDisabled(down ? i + 1 >= d.steps.size() : i == 0);
      if (keyed::SmallButton((down ? "editor.down." : "editor.up.") + std::to_string(i), down ? "\u25BC" : "\u25B2")) {
        core::move_step(d, i, down ? i + 1 : i - 1);
        e.step = down ? i + 1 : i - 1;
      }
      ImGui::EndDisabled();
    }
    ImGui::SameLine();
    if (ConfirmedButton(state, "editor.remove." + std::to_string(i), "\u00D7", "remove?", "remove " + std::to_string(i + 1), true)) {
      d.steps.erase(d.steps.begin() + static_cast<std::ptrdiff_t>(i));
      if (e.step > i) --e.step;  // the same step stays selected
      e.step = std::min(e.step, d.steps.empty() ? size_t{0} : d.steps.size() - 1);
      e.note = "Step " + std::to_string(i + 1) + " removed.";
      ImGui::PopID();
      break;  // the list changed under the loop
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this step: press twice (nothing brings it back)");
    ImGui::PopID();
  }
  if (keyed::Button("editor.add", "+ add a step")) {
    // A new step lights the panel the previous one did: steps about one panel come in runs.
    d.steps.push_back({d.steps.empty() ? std::optional<Panel>(Panel::Scores) : d.steps.back().panel, "", ""});
    e.step = d.steps.size() - 1;
    e.note.clear();
  }
}

// The selected step: its panel, its text and preview, and its Show me.
void StepEditor(AppState& state, float width) {
  LessonEditor& e = state.dialogs.lesson_editor;
  core::LessonDraft& d = e.draft;
  if (e.step >= d.steps.size()) return;
  core::DraftStep& s = d.steps[e.step];
  ImGui::Text("Step %zu of %zu", e.step + 1, d.steps.size());
  ImGui::SetNextItemWidth(220 * fonts().scale);
  if (keyed::BeginCombo("editor.panel", "the panel it lights", panel_label(s.panel, e.step))) {
    if (e.step > 0 && ImGui::Selectable("none", !s.panel)) s.panel.reset();
    for (const Panel p : kPanels)
      if (ImGui::Selectable(panel_name(p), s.panel == p)) s.panel = p;
    ImGui::EndCombo();
  }
  keyed::InputTextMultiline("editor.text", "##step text", &s.text, ImVec2(-1, 4 * ImGui::GetTextLineHeightWithSpacing()));
  ImGui::TextDisabled("as the Lesson panel will show it:");
  Preview("step preview", s.text, preview_lines(s.text, width));

  ImGui::AlignTextToFramePadding();
  if (s.show.empty()) ImGui::TextDisabled("Show me: none (the step asks for no change)");
  else ScriptText("Show me changes: " + fields_changed(s.show));
  if (keyed::Button("editor.capture", "capture this state")) {
    const std::string patch = core::change_between(d.start, state.scenario());
    if (patch == "{}") {
      s.show.clear();
      e.note = "The window shows the lesson's start: there is no change to capture, and the step has no Show me.";
    } else {
      s.show = patch;
      e.note = "Captured: Show me will set " + fields_changed(patch) + " as the window has them now.";
    }
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Set up in the window what this step asks the student to do (drag, tick, type),\n"
                      "then press: the step's Show me will make the same change to the lesson's start.");
  ImGui::SameLine();
  ImGui::BeginDisabled(s.show.empty());
  if (keyed::Button("editor.try", "try Show me")) {
    const core::LoadResult shown = core::show_step(core::scenario_from(d), static_cast<int>(e.step) + 1);
    if (shown.ok()) {
      core::Scenario now = *shown.scenario;  // the change on the window's lesson, whose text it keeps
      now.title = state.scenario().title;
      now.notes = state.scenario().notes;
      now.show = state.scenario().show;
      if (state.replace(now)) e.note = "The window shows what Show me will set up (Ctrl+Z goes back).";
      else e.note = state.status;
    } else {
      e.note = shown.message();
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("no Show me")) {
    s.show.clear();
    e.note.clear();
  }
  ImGui::EndDisabled();
  if (!e.note.empty()) ImGui::TextWrapped("%s", e.note.c_str());
}

// Save: the draft becomes the window's lesson (one undo step), then Save as asks where, in the
// user's own lessons folder under the title's name, so that the Lessons menu lists it.
void SaveDraft(AppState& state) {
  LessonEditor& e = state.dialogs.lesson_editor;
  if (!state.replace(core::scenario_from(e.draft))) {
    e.note = state.status;
    return;
  }
  platform_files().chooser->ask(state, FileDialog::Purpose::SaveAs);
  FileDialog& dialog = state.dialogs.file;
  if (dialog.purpose != FileDialog::Purpose::SaveAs) return;  // the page: downloaded at once
  std::error_code ec;
  const fs::path mine = user_lessons_dir();
  // One of your lessons edited: its own name, so that Save replaces it rather than list it twice.
  const fs::path current = state.library.file;
  const bool yours = !mine.empty() && !current.empty() &&
                     fs::weakly_canonical(current.parent_path(), ec) == fs::weakly_canonical(mine, ec);
  dialog.name = yours ? current.filename().string() : core::lesson_file_name(e.draft.title);
  if (make_user_lessons_dir(ec)) dialog.directory = mine.string();
}

}  // namespace

bool has_unsaved_draft(const AppState& state) {
  const LessonEditor& e = state.dialogs.lesson_editor;
  return has_text(e.draft) && !saved_in_file(state) && !(core::scenario_from(e.draft) == e.written);
}

void open_lesson_editor(AppState& state, bool from_lesson) {
  LessonEditor& e = state.dialogs.lesson_editor;
  if (has_unsaved_draft(state)) {  // never lose a teacher's text: the draft first
    e.open = true;
    e.note = "This draft is not saved: save it, or press Discard, then choose again.";
    return;
  }
  e = LessonEditor{};
  e.open = true;
  e.draft = from_lesson ? core::draft_from(state.saved()) : core::new_draft(state.scenario());
}

void DrawLessonEditor(AppState& state) {
  LessonEditor& e = state.dialogs.lesson_editor;
  if (!e.open) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float scale = fonts().scale;
  const float width = std::min(640 * scale, display.x - 40);
  const float max_h = display.y - 60 * scale;
  // As tall as what it holds, up to the window's height: it covers no more of the views than it needs.
  ImGui::SetNextWindowPos(ImVec2(display.x - width - 20, 40 * scale), ImGuiCond_Appearing);
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, max_h));
  if (ImGui::Begin("Lesson editor", &e.open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    core::LessonDraft& d = e.draft;
    const float inner = ImGui::GetContentRegionAvail().x;
    const std::vector<std::string> problems = core::draft_problems(d);
    const bool saved = has_text(d) && saved_in_file(state);
    if (saved) e.written = state.saved();  // kept: another file opened later does not make the draft unsaved

    // What is written scrolls; what saves it stays in sight below, with what keeps it from saving.
    float footer_h = ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y + 1;
    for (const std::string& p : problems) footer_h += ImGui::CalcTextSize(p.c_str(), nullptr, false, inner).y + style.ItemSpacing.y;
    if (saved) footer_h += ImGui::GetTextLineHeightWithSpacing();
    ImGuiStorage* store = ImGui::GetStateStorage();
    const ImGuiID body_key = ImGui::GetID("body height");
    const float room = max_h - ImGui::GetFrameHeight() - 2 * style.WindowPadding.y - footer_h;
    const float body_h = std::max(std::min(store->GetFloat(body_key, room), room), 120 * scale);
    float content_h = 0;
    if (ImGui::BeginChild("body", ImVec2(0, body_h))) {
      ImGui::SetNextItemWidth(-FLT_MIN);
      keyed::InputTextWithHint("editor.title", "##title", "the lesson's title, as the Lessons menu lists it", &d.title);
      ImGui::TextDisabled("Introduction: what the lesson is about, before its first step");
      keyed::InputTextMultiline("editor.intro", "##intro", &d.intro, ImVec2(-1, 3 * ImGui::GetTextLineHeightWithSpacing()));
      if (!d.intro.empty()) Preview("intro preview", d.intro, std::min(6.0f, preview_lines(d.intro, inner)));
      ImGui::TextDisabled("Typed as W^Q, d_k, d_{model}; Unicode for \u1D40, \u221A, \u2016 (docs/lessons.md)");
      if (keyed::SmallButton("editor.start", "start from the window's matrices")) {
        d.start = core::new_draft(state.scenario()).start;
        std::string shows;
        for (size_t i = 0; i < d.steps.size(); ++i)
          if (!d.steps[i].show.empty()) shows += (shows.empty() ? "" : ", ") + std::to_string(i + 1);
        e.note = "The lesson now opens on the window's matrices and options." +
                 (shows.empty() ? std::string() : " Each Show me is a change from the start: check those of steps " + shows + " again.");
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The lesson opens on the matrices and options it started from; this takes the window's instead.\n"
                          "Each step's Show me is a change from the lesson's start: capture them again after this.");
      ImGui::Separator();
      ImGui::Text("Steps");
      StepList(state);
      ImGui::Separator();
      StepEditor(state, inner);
      content_h = ImGui::GetCursorPosY();  // all it holds, however far it is scrolled
    }
    ImGui::EndChild();
    store->SetFloat(body_key, content_h);
    ImGui::Separator();

    ImGui::PushStyleColor(ImGuiCol_Text, error_text());
    for (const std::string& p : problems) ImGui::TextWrapped("%s", p.c_str());
    ImGui::PopStyleColor();
    if (saved) ImGui::TextDisabled("as its file has it: %s", shown_path(state.library.file).c_str());
    ImGui::BeginDisabled(!problems.empty());
    if (keyed::Button("editor.save", "Save lesson\u2026")) SaveDraft(state);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(problems.empty() ? "The window shows the lesson as a student will open it; then choose where to keep it."
                                         : "What is named above keeps it from reading back as written.");
    ImGui::SameLine();
    if (has_unsaved_draft(state) ? ConfirmedButton(state, "editor.discard", "Discard", "Discard: sure?", "discard", false) : keyed::Button("editor.discard", "Discard"))
      e = LessonEditor{};
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Close the editor and forget this draft: press twice when it is not saved (a saved lesson stays in its file).");
    ImGui::SameLine();
    if (ImGui::Button("Close")) e.open = false;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The draft stays while attnlab runs: Lessons \u2192 Lesson editor brings it back.");
  }
  ImGui::End();
}

}  // namespace app
