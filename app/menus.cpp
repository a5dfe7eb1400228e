#include "app/menus.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/dialogs/lesson_editor.h"
#include "app/files/files.h"
#include "app/files/platform_files.h"
#include "app/frame_dock.h"
#include "app/panels/panels.h"
#include "app/training/lab.h"
#include "app/training/model_text.h"
#include "app/widgets/controls.h"
#include "app/widgets/markup_items.h"
#include "core/text/translate.h"

namespace app {

namespace {

// View → the colormap of the weights (0..1); signed values are always blue-red.
void ColormapMenu(AppState& state) {
  if (!ImGui::BeginMenu(translated("Colormap of the weights").c_str())) return;
  for (core::Colormap c : {core::Colormap::Viridis, core::Colormap::Cividis})
    if (ImGui::MenuItem(c == core::Colormap::Viridis ? translated("viridis (colour-blind safe)").c_str()
                                                      : translated("cividis (safe for red-green colour blindness too)").c_str(),
                        nullptr, state.view.sequential == c))
      state.view.sequential = c;
  ImGui::EndMenu();
}

// View → Presenter: toggles it, or goes to it on a chosen panel.
void PresenterMenu(AppState& state) {
  if (!ImGui::BeginMenu(translated("Presenter").c_str())) return;
  if (ImGui::MenuItem(state.view.presenter ? translated("Leave presenter mode").c_str() : translated("Presenter mode").c_str(), "F11")) TogglePresenter(state);
  ImGui::TextDisabled("%s", core::tr("  the panel it shows:"));
  for (const Panel panel : kPanels)
    if (MarkupMenuItem(panel_name(panel), std::string("  ") + panel_name(panel), nullptr, state.view.presenter_panel == panel)) {
      state.view.workspace = Workspace::Views;  // a view is asked for, even from the lab
      if (!state.view.presenter) TogglePresenter(state);
      state.view.presenter_panel = panel;  // this one, whatever the lesson's step names
    }
  ImGui::Separator();
  ImGui::TextDisabled("%s", core::tr("  beside it:"));
  if (ImGui::MenuItem(translated("  nothing (one panel)").c_str(), nullptr, !state.view.presenter_beside)) state.view.presenter_beside.reset();
  for (const Panel panel : kPanels)
    if (MarkupMenuItem((std::string(panel_name(panel)) + " beside").c_str(), std::string("  ") + panel_name(panel), nullptr,
                       state.view.presenter_beside == panel))
      state.view.presenter_beside = panel;
  ImGui::EndMenu();
}

// The teacher's own lessons under the shipped ones, from the folder Save as puts them in: a lesson
// written for next week's course is one click away, as the shipped ones are.
void UserLessonItems(AppState& state) {
  const UserLessons& own = user_lessons();
  if (own.folder.empty()) return;
  ImGui::Separator();
  ImGui::TextDisabled("%s", core::tr("Your lessons"));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", own.folder.c_str());
  if (own.lessons.empty()) ImGui::TextDisabled("%s", core::tr("  none yet: Save as\u2026 keeps a lesson here"));
  for (size_t i = 0; i < own.lessons.size(); ++i) {
    const LessonInfo& l = own.lessons[i];
    const std::string key = "menu.own_lesson." + std::to_string(i);
    const bool readable = own.problems[i].empty();
    if (keyed::MarkupMenuItem(key, key.c_str(), l.title, nullptr, state.library.file == l.path, readable)) request_open(state, l.path);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", readable ? l.path.c_str() : own.problems[i].c_str());
  }
}

// View → Layout: the tiling back, the layout saved under a name, a saved one used or forgotten.
void LayoutMenu(AppState& state) {
  if (!keyed::BeginMenu("menu.view.layout", translated("Layout").c_str())) return;
  DockState& dock = state.panels.dock;
  if (keyed::MenuItem("layout.reset", translated("Reset layout").c_str(), nullptr, false, dock.custom)) ResetDockLayout(state);
  ImGui::Separator();
  ImGui::TextDisabled("%s", core::tr("Save this layout as"));
  ImGui::SetNextItemWidth(12 * ImGui::GetFontSize());
  const bool entered =
      keyed::InputText("layout.name", "##layout name", &dock.name_typed, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((keyed::Button("layout.save", translated("Save").c_str()) || entered) && !SaveDockLayout(state, dock.name_typed))
    state.status = "a layout's name is 1 to 40 characters, without = [ ] or line breaks";
  for (const auto& [name, text] : dock.saved)
    if (keyed::MenuItem("layout.use." + name, name.c_str())) UseDockLayout(state, name);
  if (!dock.saved.empty() && keyed::BeginMenu("layout.forget", translated("Forget a saved layout").c_str())) {
    std::string forget;
    for (const auto& [name, text] : dock.saved)
      if (keyed::MenuItem("layout.forget." + name, name.c_str())) forget = name;
    if (!forget.empty()) ForgetDockLayout(state, forget);
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

}  // namespace

void LessonsMenu(AppState& state) {
  if (!keyed::BeginMenu("menu.lessons", translated("Lessons").c_str())) return;  // never empty: New lesson is always there
  for (size_t i = 0; i < state.library.lessons.size(); ++i) {
    const LessonInfo& l = state.library.lessons[i];
    const std::string key = "menu.lesson." + std::to_string(i);
    if (keyed::MarkupMenuItem(key, key.c_str(), std::to_string(i + 1) + ". " + shown_title(l), nullptr, is_lesson(state, i))) request_open(state, l.path);
  }
  UserLessonItems(state);
  ImGui::Separator();
  if (ImGui::MenuItem(translated("Reset lesson").c_str(), nullptr, false, state.modified() && !state.library.file.empty())) reset_to_file(state);
  ImGui::Separator();
  // A lesson of the teacher's own: from what the window shows, or from this lesson's text.
  if (keyed::MenuItem("menu.new_lesson", translated("New lesson from this scenario\u2026").c_str())) open_lesson_editor(state, false);
  if (keyed::MenuItem("menu.edit_lesson", translated("Edit this lesson\u2026").c_str(), nullptr, false, !state.saved().notes.empty())) open_lesson_editor(state, true);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", state.saved().notes.empty() ? core::tr("This scenario has no lesson text: New lesson writes one.")
                                                  : core::tr("Its steps in the editor; a shipped lesson is saved as a copy of your own."));
  const LessonEditor& editor = state.dialogs.lesson_editor;
  const bool a_draft = !editor.draft.title.empty() || !editor.draft.intro.empty() || !editor.draft.steps.empty();
  if (keyed::MenuItem("menu.lesson_editor", translated("Lesson editor").c_str(), nullptr, editor.open, editor.open || a_draft))
    state.dialogs.lesson_editor.open = !editor.open;
  ImGui::EndMenu();
}

void TrainMenu(AppState& state) {
  if (!keyed::BeginMenu("menu.train", translated("Train").c_str())) return;
  if (ImGui::MenuItem(translated("Training lab").c_str(), "Ctrl+L", state.view.workspace == Workspace::Lab)) toggle_lab(state);
  // The lab's buttons, with their keys (panel_experiment_run.cpp reads them).
  if (state.view.workspace == Workspace::Lab && !state.lab.result && !state.lab.heads && !state.lab.text) {
    const bool can_run = state.lab.problems.empty();
    if (ImGui::MenuItem(lab_run_label(state.lab), "Space", false, can_run)) lab_run_or_pause(state);
    if (ImGui::MenuItem(translated("Step").c_str(), "\u2192", false, can_run && !lab_finished(state.lab))) lab_step(state);
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", core::tr("Shipped experiments"));
  for (size_t i = 0; i < state.library.experiments.size(); ++i) {
    const LessonInfo& x = state.library.experiments[i];
    const std::string key = "menu.experiment." + std::to_string(i);
    if (keyed::MarkupMenuItem(key, key.c_str(), std::to_string(i + 1) + ". " + x.title, nullptr, state.lab.source == x.path && !state.lab.edited))
      open_experiment(state, x.path);
  }
  if (!state.library.results.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", core::tr("Shipped results: language models trained in PyTorch, and their heads"));
    for (size_t i = 0; i < state.library.results.size(); ++i) {
      const LessonInfo& x = state.library.results[i];
      const std::string key = "menu.result." + std::to_string(i);
      if (keyed::MarkupMenuItem(key, key.c_str(), x.title, nullptr, state.lab.result && state.lab.result_source == x.path)) open_result(state, x.path);
    }
  }
  if (!state.library.models.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", core::tr("Shipped models: their attention on a text you type"));
    for (size_t i = 0; i < state.library.models.size(); ++i) {
      const LessonInfo& x = state.library.models[i];
      const std::string key = "menu.model." + std::to_string(i);
      if (keyed::MarkupMenuItem(key, key.c_str(), x.title, nullptr, state.lab.text && state.lab.text->source == x.path))
        open_model_text(state, x.path, state.lab.text && state.lab.text->model ? state.lab.text->text : "");
    }
  }
  ImGui::EndMenu();
}

// View → Language: each language there is a catalogue of, by its own name (a student finds theirs in any language
// shown), and the system's; kept in the session (docs/languages.md).
void LanguageMenu(AppState& state) {
  // "Language" in English too where another language is shown: whoever cannot read the menus finds it.
  const std::string title = core::language() == "en" ? std::string(core::tr("Language")) : std::string(core::tr("Language")) + " \u00B7 Language";
  if (!keyed::BeginMenu("menu.view.language", (title + "###Language").c_str())) return;
  const std::string system = core::system_language();
  if (keyed::MenuItem("menu.language.system", (core::tr_format("The system's ({0})", {core::language_name(system)}) + "###system").c_str(),
                      nullptr, state.view.language.empty()))
    state.view.language.clear();
  ImGui::Separator();
  for (const std::string& code : core::languages(platform_files().paths->data_dir() / "po"))
    if (keyed::MenuItem("menu.language." + code, (core::language_name(code) + "###" + code).c_str(), nullptr, state.view.language == code))
      state.view.language = code;
  ImGui::EndMenu();
}

void ViewMenu(AppState& state) {
  if (!keyed::BeginMenu("menu.view", translated("View").c_str())) return;
  if (ImGui::MenuItem(core::tr("Dark theme"), nullptr, state.view.theme == Theme::Dark)) state.view.theme = Theme::Dark;
  if (ImGui::MenuItem(core::tr("Light theme (slides)"), nullptr, state.view.theme == Theme::Light)) state.view.theme = Theme::Light;
  LanguageMenu(state);
  ImGui::Separator();
  ImGui::MenuItem(core::tr("Numbers in cells"), nullptr, &state.view.show_numbers);
  ColormapMenu(state);
  ImGui::TextDisabled("%s", core::tr("  signed values: blue-red, centred on 0"));
  ImGui::Separator();
  PresenterMenu(state);
  LayoutMenu(state);
  char zoom[48];
  std::snprintf(zoom, sizeof zoom, "Zoom in  (%.0f%%)", state.view.zoom * 100);
  if (ImGui::MenuItem(zoom, "Ctrl +")) Zoom(state, 1.1f);
  if (ImGui::MenuItem(translated("Zoom out").c_str(), "Ctrl \u2212")) Zoom(state, 1 / 1.1f);
  if (ImGui::MenuItem(translated("Actual size").c_str(), "Ctrl 0")) Zoom(state, 0);
  ImGui::Separator();
  for (int h = 0; h < state.scenario().heads; ++h) {
    const std::string name = "Head " + std::to_string(h + 1);
    if (ImGui::MenuItem(name.c_str(), nullptr, state.view.head == h)) state.view.head = h;
  }
  ImGui::EndMenu();
}

void GoToStep(AppState& state, int k) {
  const core::LessonNotes& lesson = state.lesson();
  if (lesson.steps.empty()) return;
  state.panels.lesson_step = std::clamp(k, 0, static_cast<int>(lesson.steps.size()) - 1);
  const std::optional<Panel> panel = lesson.steps[static_cast<size_t>(state.panels.lesson_step)].panel;
  if (state.view.presenter && panel) state.view.presenter_panel = *panel;
}

// In the views: the panel of the lesson's step (else the one chosen last) beside the editor. In
// the lab: the lab over the whole window, curves, table and learned maps.
void TogglePresenter(AppState& state) {
  ViewOptions& v = state.view;
  v.presenter = !v.presenter;
  if (v.presenter && v.workspace == Workspace::Views) GoToStep(state, state.panels.lesson_step);
}

void Zoom(AppState& state, float factor) {
  float& zoom = state.view.zoom;
  zoom = factor == 0 ? 1.0f : std::clamp(std::round(zoom * factor * 10) / 10, kMinZoom, kMaxZoom);
}

}  // namespace app
