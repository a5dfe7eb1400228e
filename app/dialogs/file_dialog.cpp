#include "app/dialogs/file_dialog.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/files/files.h"
#include "app/render/text.h"

namespace app {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPopup = "File##dialog";

struct Entry {
  std::string name;
  bool directory;
};

std::vector<Entry> list(const std::string& directory) {
  std::vector<Entry> entries;
  std::error_code ec;
  for (fs::directory_iterator it(directory, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;  // hidden files, and our own temporary ones
    std::error_code type_ec;
    const bool is_dir = it->is_directory(type_ec);
    if (is_dir || it->path().extension() == ".json") entries.push_back({name, is_dir});
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.directory != b.directory ? a.directory : a.name < b.name;
  });
  return entries;
}

// The path the field names: absolute as typed, else relative to the listed directory.
fs::path target(const FileDialog& d) {
  const fs::path typed(d.name);
  return (typed.is_absolute() ? typed : fs::path(d.directory) / typed).lexically_normal();
}

// Open or save what the field names; on success the dialog closes.
void confirm(AppState& state) {
  FileDialog& d = state.dialogs.file;
  if (d.name.empty()) {
    d.error = "type a file name or pick one from the list";
    return;
  }
  fs::path path = target(d);
  std::error_code ec;
  if (fs::is_directory(path, ec)) {  // a directory typed in the field: go there
    d.directory = path.string();
    d.name.clear();
    d.error.clear();
    return;
  }
  if (d.purpose == FileDialog::Purpose::Open) {
    if (state.modified()) {
      request_open(state, path.string());  // asks about the unsaved changes first
    } else if (!open_scenario(state, path.string())) {
      d.error = state.status;  // which field, what was expected; the scenario is as it was
      return;
    }
  } else {
    if (path.extension() != ".json") path += ".json";
    // Another file of that name: the second press of Save replaces it.
    if (fs::exists(path, ec) && d.confirmed_overwrite != path.string() &&
        fs::absolute(path, ec).lexically_normal().string() != state.library.file) {
      d.error = path.filename().string() + " exists: press Save again to replace it";
      d.confirmed_overwrite = path.string();
      return;
    }
    if (!save_scenario(state, path.string())) {
      d.error = state.status;
      return;
    }
  }
  d = FileDialog{};
  ImGui::CloseCurrentPopup();
}

}  // namespace

void DrawFileDialog(AppState& state) {
  FileDialog& d = state.dialogs.file;
  if (d.purpose == FileDialog::Purpose::None) return;
  if (!ImGui::IsPopupOpen(kPopup)) ImGui::OpenPopup(kPopup);
  const float scale = fonts().scale;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(640 * scale, display.x - 40), std::min(520 * scale, display.y - 40)));
  bool open = true;
  if (!ImGui::BeginPopupModal(kPopup, &open, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings)) {
    d = FileDialog{};
    return;
  }
  const bool opening = d.purpose == FileDialog::Purpose::Open;
  ImGui::TextUnformatted(opening ? "Open a scenario" : "Save the scenario as");
  ImGui::Separator();

  if (ImGui::Button("\u2191 up")) {
    d.directory = fs::path(d.directory).parent_path().string();
    d.error.clear();
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%s", d.directory.c_str());

  // The listing, and for Open the recent files beside it.
  const float list_h = ImGui::GetContentRegionAvail().y - 4 * ImGui::GetFrameHeightWithSpacing();
  const float list_w = opening && !state.library.recent_files.empty() ? ImGui::GetContentRegionAvail().x * 0.55f : 0.0f;
  if (ImGui::BeginChild("listing", ImVec2(list_w, list_h), true)) {
    for (const Entry& e : list(d.directory)) {
      const std::string label = (e.directory ? "\u25B8 " + e.name + "/" : "   " + e.name);
      if (ImGui::Selectable(label.c_str(), !e.directory && e.name == d.name, ImGuiSelectableFlags_AllowDoubleClick)) {
        if (e.directory) {
          d.directory = (fs::path(d.directory) / e.name).string();
          d.error.clear();
        } else {
          d.name = e.name;
          if (ImGui::IsMouseDoubleClicked(0)) confirm(state);
        }
      }
    }
  }
  ImGui::EndChild();
  if (list_w > 0) {
    ImGui::SameLine();
    if (ImGui::BeginChild("recent", ImVec2(0, list_h), true)) {
      ImGui::TextDisabled("recent files");
      for (const std::string& path : state.library.recent_files)
        if (ImGui::Selectable(fs::path(path).filename().string().c_str())) {
          d.directory = fs::path(path).parent_path().string();
          d.name = fs::path(path).filename().string();
        } else if (ImGui::IsItemHovered()) {
          ImGui::SetTooltip("%s", path.c_str());
        }
    }
    ImGui::EndChild();
  }

  ImGui::SetNextItemWidth(-1);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const bool entered = ImGui::InputText("##name", &d.name, ImGuiInputTextFlags_EnterReturnsTrue);
  if (!d.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(220, 60, 50, 255));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(d.error.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  if (ImGui::Button(opening ? "Open" : "Save", ImVec2(100 * scale, 0)) || entered) confirm(state);
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100 * scale, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    d = FileDialog{};
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  if (!open) d = FileDialog{};
}

}  // namespace app
