#include "app/dialogs/save_questions.h"

#include <filesystem>
#include <utility>

#include <imgui.h>

#include "app/dialogs/lesson_editor.h"
#include "app/files/data_dir.h"
#include "app/files/files.h"
#include "app/files/platform_files.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "core/io/link.h"

namespace app {

namespace {

using Action = Pending::Action;

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// Save must ask for a name: the scenario has no file, or its file comes with attnlab (a
// shipped lesson stays as shipped, so that its text always matches its matrices).
bool NeedsName(const AppState& state) { return state.library.file.empty() || is_shipped_file(state.library.file); }

// What waited (quitting, opening another file) goes ahead.
void Proceed(AppState& state, Action action, const std::string& path, FrameRequests& requests) {
  state.dialogs.pending = {};
  if (action == Action::Quit) requests.quit = true;
  if (action == Action::Open) open_scenario(state, path);
}

// Saves to the scenario's own file, unless it was changed on disk since it was opened or saved
// here: then asks first, and `after` (with path) waits for the answer. True when saved now.
bool SaveToFile(AppState& state, Action after, const std::string& path) {
  if (changed_on_disk(state)) {
    state.dialogs.pending = {Action::Overwrite, path, after};
    return false;
  }
  return save_scenario(state, state.library.file);
}

// Cancel, or Esc: the question goes, and what waited for it with it.
void CancelButton(AppState& state, const char* key, float w) {
  if (keyed::Button(key, "Cancel", ImVec2(w, 0)) || ImGui::IsKeyPressed(ImGuiKey_Escape)) {
    state.dialogs.pending = {};
    ImGui::CloseCurrentPopup();
  }
}

void ConfirmUnsaved(AppState& state, FrameRequests& requests) {
  const Pending pending = state.dialogs.pending;
  const bool quitting = pending.action == Action::Quit;
  if (!BeginCentredModal("Unsaved changes")) return;
  ImGui::Text("%s has changes that are not saved to a file.",
              state.library.file.empty() ? "This scenario" : file_name(state.library.file).c_str());
  if (quitting) ImGui::TextDisabled("The session keeps them either way: attnlab opens on them next time.");
  else if (core::names_link(pending.path)) ImGui::TextDisabled("Opening the link replaces them.");
  else ImGui::TextDisabled("Opening %s replaces them.", file_name(pending.path).c_str());
  const float w = 120 * fonts().scale;
  if (keyed::Button("unsaved.save", NeedsName(state) ? "Save as\u2026" : "Save", ImVec2(w, 0))) {
    if (NeedsName(state)) {
      state.dialogs.after_save_as = pending;  // quitting or opening goes ahead once saved (DrawSaveQuestions)
      state.dialogs.pending = {};
      platform_files().chooser->ask(state, FileDialog::Purpose::SaveAs);
    } else if (SaveToFile(state, pending.action, pending.path)) {
      Proceed(state, pending.action, pending.path, requests);
    } else if (state.dialogs.pending.action != Action::Overwrite) {
      state.dialogs.pending = {};  // a failed save says why in the status line; nothing else happens
    }
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  // D, as in "don't save", or for quitting Ctrl+Q a second time.
  const ImGuiIO& io = ImGui::GetIO();
  const bool again = !ImGui::IsWindowAppearing() &&  // not the key that opened the question
                     ((quitting && io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_Q, false)) || ImGui::IsKeyPressed(ImGuiKey_D, false));
  if (keyed::Button("unsaved.discard", quitting ? "Quit without saving (D)" : "Discard them and open (D)", ImVec2(w * 1.8f, 0)) || again) {
    Proceed(state, pending.action, pending.path, requests);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  CancelButton(state, "unsaved.cancel", w);
  ImGui::EndPopup();
}

// Save found the file changed on disk since it was opened or saved here.
void ConfirmOverwrite(AppState& state, FrameRequests& requests) {
  const Pending pending = state.dialogs.pending;
  if (!BeginCentredModal("Changed on disk")) return;
  ImGui::Text("%s was changed on disk since it was opened here.", file_name(state.library.file).c_str());
  ImGui::TextDisabled("Saving writes this scenario over that change; Save as\u2026 keeps both.");
  const float w = 120 * fonts().scale;
  if (keyed::Button("overwrite.save", "Save over it", ImVec2(w * 1.2f, 0))) {
    if (save_scenario(state, state.library.file)) Proceed(state, pending.after, pending.path, requests);
    else state.dialogs.pending = {};  // the status line says why
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (keyed::Button("overwrite.save_as", "Save as\u2026", ImVec2(w, 0))) {
    state.dialogs.pending = {};
    platform_files().chooser->ask(state, FileDialog::Purpose::SaveAs);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  CancelButton(state, "overwrite.cancel", w);
  ImGui::EndPopup();
}

}  // namespace

void Save(AppState& state) {
  if (!NeedsName(state)) {
    SaveToFile(state, Action::None, "");
    return;
  }
  if (!state.library.file.empty())
    state.status = file_name(state.library.file) + " comes with attnlab and stays as shipped: Save as\u2026 keeps your copy in your own lessons folder";
  platform_files().chooser->ask(state, FileDialog::Purpose::SaveAs);
}

void Quit(AppState& state, FrameRequests& requests) {
  // A lesson being written lives in the editor only: it is shown, not lost.
  if (has_unsaved_draft(state)) {
    state.dialogs.lesson_editor.open = true;
    state.dialogs.lesson_editor.note = "This lesson is not saved: Save lesson\u2026 keeps it, Discard forgets it; then quit again.";
    state.status = "not quit: the lesson editor's draft is not saved";
    return;
  }
  if (state.modified()) state.dialogs.pending = {Action::Quit, ""};
  else requests.quit = true;
}

void DrawSaveQuestions(AppState& state, FrameRequests& requests) {
  // The question's Save as…: once the name is chosen and the file written, what waited goes
  // ahead; a dialog closed without saving lets it go.
  if (state.dialogs.after_save_as.action != Action::None && state.dialogs.file.purpose == FileDialog::Purpose::None) {
    const Pending after = std::exchange(state.dialogs.after_save_as, {});
    if (!state.modified()) Proceed(state, after.action, after.path, requests);
  }
  switch (state.dialogs.pending.action) {
    case Action::None: return;
    case Action::Quit:
    case Action::Open: ConfirmUnsaved(state, requests); return;
    case Action::Overwrite: ConfirmOverwrite(state, requests); return;
  }
}

}  // namespace app
