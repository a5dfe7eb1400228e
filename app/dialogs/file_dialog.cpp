#include "app/dialogs/file_dialog.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/files/platform_files.h"
#include "app/panels/alt_text.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/controls.h"
#include "core/io/atomic_file.h"
#include "core/text/utf8.h"

namespace app {

namespace fs = std::filesystem;

namespace {

// One popup, titled by what it does; its identity is the part after ###.
constexpr const char* kPopup = "File###file_dialog";
constexpr const char* kExportPopup = "Export###file_dialog";

struct Entry {
  std::string name;
  bool directory;
  bool other = false;  // an export's dialog: a file of another kind, shown for where one is, not picked
};

// Folders, and the files of the kind the dialog opens or writes (extension: ".json", ".svg");
// with others, every other file too, marked (an export lands beside the lesson it shows).
std::vector<Entry> list(const std::string& directory, const std::string& extension, bool others) {
  std::vector<Entry> entries;
  std::error_code ec;
  for (fs::directory_iterator it(directory, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;  // hidden files, and our own temporary ones
    std::error_code type_ec;
    const bool is_dir = it->is_directory(type_ec);
    const std::string ext = it->path().extension().string();
    // Open lists what it opens: scenarios, experiments, RESULTs and attention files (.json), heads files, models.
    const bool kind = core::equal_ignoring_ascii_case(ext, extension) ||
                      (extension == ".json" && (core::equal_ignoring_ascii_case(ext, ".heads") || core::equal_ignoring_ascii_case(ext, ".safetensors")));
    if (is_dir || kind || others) entries.push_back({name, is_dir, !is_dir && !kind});
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

// The extensions of what attnlab writes or opens: a name ending in another of them is a slip
// ("scores.png" for an SVG), where any other ending ("notes.v2") is part of the name.
bool known_extension(const std::string& extension) {
  for (const char* known : {".png", ".svg", ".tex", ".csv", ".py", ".json", ".gif", ".mp4", ".heads", ".safetensors"})
    if (core::equal_ignoring_ascii_case(extension, known)) return true;
  return false;
}

// Whether path is there and the press that names it is not the second: then d.error says a second
// press of `button` replaces it.
bool first_press_over(FileDialog& d, const fs::path& path, const char* button) {
  std::error_code ec;
  if (!fs::exists(path, ec) || d.confirmed_overwrite == path.string()) return false;
  d.error = path.filename().string() + " exists: press " + button + " again to replace it";
  d.confirmed_overwrite = path.string();
  return true;
}

// Export what the dialog was opened for to the path the field names: false with d.error saying
// why not (another kind's extension, no such folder, a folder that cannot be written, a file
// there that the next press replaces).
bool export_to(AppState& state, fs::path path) {
  FileDialog& d = state.dialogs.file;
  const auto refuse = [&d](const std::string& why) {
    d.error = why;
    return false;
  };
  const std::string extension = export_extension(d.exported);
  const std::string typed = path.extension().string();
  if (known_extension(typed) && !core::equal_ignoring_ascii_case(typed, extension))
    return refuse(path.filename().string() + ": this export is written as " + extension +
                  "; end the name in " + extension + " or leave the ending out");
  if (!core::equal_ignoring_ascii_case(typed, extension)) path += extension;
  const fs::path folder = path.parent_path();
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    return refuse("there is no folder " + core::short_path(folder.string()) +
                  ": choose one from the list, or type another");
  if (::access(folder.c_str(), W_OK) != 0)
    return refuse("cannot write in " + core::short_path(folder.string()) + " (" + std::strerror(errno) +
                  "): choose another folder");
  if (first_press_over(d, path, "Export")) return false;
  std::string error;
  if (!write_export(state, d.exported, path.string(), &error)) return refuse("not exported: " + error);
  state.dialogs.last_export_dir = folder.string();
  return true;
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
  if (d.purpose == FileDialog::Purpose::Export) {
    if (!export_to(state, path)) return;
  } else if (d.purpose == FileDialog::Purpose::Open) {
    if (state.modified()) {
      request_open(state, path.string());  // asks about the unsaved changes first
    } else if (!open_scenario(state, path.string())) {
      d.error = state.status;  // which field, what was expected; the scenario is as it was
      return;
    }
  } else {
    if (path.extension() != ".json") path += ".json";
    // Another file of that name: the second press of Save replaces it.
    const bool its_own = fs::absolute(path, ec).lexically_normal().string() == state.library.file;
    if (!its_own && first_press_over(d, path, "Save")) return;
    if (!save_scenario(state, path.string())) {
      d.error = state.status;
      return;
    }
  }
  d = FileDialog{};
  ImGui::CloseCurrentPopup();
}

// What the dialog's first line says it does.
std::string heading(const AppState& state) {
  const FileDialog& d = state.dialogs.file;
  switch (d.purpose) {
    case FileDialog::Purpose::Open: return "Open a scenario";
    case FileDialog::Purpose::SaveAs: return "Save the scenario as";
    case FileDialog::Purpose::Export: return "Export " + export_description(state, d.exported);
    case FileDialog::Purpose::None: break;
  }
  return "";
}

// What the format leaves open: the SVG's colours, LaTeX as an article or as slides. A name
// still the one proposed follows the choice ("-beamer.tex"). A picture of the views offers its
// alt text, to paste beside it.
bool HasExportOptions(const FileDialog& d) {
  const core::ExportFormat f = d.exported.format;
  return d.purpose == FileDialog::Purpose::Export &&
         (f == core::ExportFormat::Svg || f == core::ExportFormat::Tex || (f == core::ExportFormat::Png && d.exported.kind == ExportChoice::Kind::Views) ||
          d.exported.kind == ExportChoice::Kind::Sweep);
}

void ExportOptions(AppState& state) {
  FileDialog& d = state.dialogs.file;
  ExportChoice& x = d.exported;
  // On the clipboard, not in a file: a course page or a slide takes it as the image's alt text. As
  // --describe prints it: a title's control characters seen, not obeyed, where it is pasted.
  const auto copy_alt_text = [&state](const std::string& text) {
    if (keyed::Button("file_dialog.alt_text", "Copy alt text")) {
      ImGui::SetClipboardText(core::visible_controls(text, "\n").c_str());
      state.status = "the picture's alt text is on the clipboard: what it shows and its numbers";
    }
    ImGui::SameLine();
    ImGui::TextDisabled("what the picture shows and its numbers, to paste beside it");
  };
  if (x.kind == ExportChoice::Kind::Sweep) {
    const RecordSweep& r = state.dialogs.record;
    copy_alt_text(sweep_alt_text(state, r.sweep, r.panel));
  } else if (x.format == core::ExportFormat::Svg) {
    ImGui::TextUnformatted("Colours:");
    ImGui::SameLine();
    if (keyed::RadioButton("file_dialog.svg_light", "light, for slides and paper", x.light)) x.light = true;
    ImGui::SameLine();
    const char* window = state.view.theme == Theme::Dark ? "the window's (dark)" : "the window's (light)";
    if (keyed::RadioButton("file_dialog.svg_window", window, !x.light)) x.light = false;
    copy_alt_text(x.kind == ExportChoice::Kind::Curves ? alt_text(state, Panel::LossCurves) : svg_alt_text(state));
  } else if (x.format == core::ExportFormat::Png) {
    copy_alt_text(alt_text(state, x.picture.panel));
  } else if (x.format == core::ExportFormat::Tex) {
    const std::string proposed = export_file_name(state, x);
    bool beamer = x.beamer;
    ImGui::TextUnformatted("As:");
    ImGui::SameLine();
    if (keyed::RadioButton("file_dialog.tex_article", "a document (article)", !beamer)) beamer = false;
    ImGui::SameLine();
    if (keyed::RadioButton("file_dialog.tex_beamer", "Beamer slides, a frame a step", beamer)) beamer = true;
    if (beamer != x.beamer) {
      x.beamer = beamer;
      if (d.name == proposed) d.name = export_file_name(state, x);
    }
  }
}

// F12, File → Export PNG and a panel's title ask for a picture without a place: the platform's
// chooser asks where (the dialog here, the page's download), unless a dialog is open already.
void AskWhereThePictureGoes(AppState& state) {
  ExportRequest& asked = state.dialogs.export_request;
  if (asked.scale <= 0 || !asked.path.empty()) return;
  const ExportRequest picture = std::exchange(asked, {});
  if (state.dialogs.file.purpose == FileDialog::Purpose::None)
    platform_files().chooser->ask_export(state, ExportChoice{core::ExportFormat::Png, picture});
}

}  // namespace

void DrawFileDialog(AppState& state) {
  AskWhereThePictureGoes(state);
  FileDialog& d = state.dialogs.file;
  if (d.purpose == FileDialog::Purpose::None) return;
  const char* popup = d.purpose == FileDialog::Purpose::Export ? kExportPopup : kPopup;
  if (!ImGui::IsPopupOpen(popup)) ImGui::OpenPopup(popup);
  const float scale = fonts().scale;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(640 * scale, display.x - 40), std::min(520 * scale, display.y - 40)));
  bool open = true;
  if (!ImGui::BeginPopupModal(popup, &open, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings)) {
    d = FileDialog{};
    return;
  }
  const bool opening = d.purpose == FileDialog::Purpose::Open, exporting = d.purpose == FileDialog::Purpose::Export;
  ImGui::TextWrapped("%s", heading(state).c_str());
  ImGui::Separator();

  if (ImGui::Button("\u2191 up")) {
    d.directory = fs::path(d.directory).parent_path().string();
    d.error.clear();
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%s", d.directory.c_str());

  // The listing, and for Open the recent files beside it.
  // The name, the options (an SVG's: its colours, then Copy alt text), the message, the buttons.
  const float rows_below = !HasExportOptions(d) ? 4.0f : d.exported.format == core::ExportFormat::Svg ? 6.0f : 5.0f;
  const float list_h = ImGui::GetContentRegionAvail().y - rows_below * ImGui::GetFrameHeightWithSpacing();
  const float list_w = opening && !state.library.recent_files.empty() ? ImGui::GetContentRegionAvail().x * 0.55f : 0.0f;
  if (ImGui::BeginChild("listing", ImVec2(list_w, list_h), true)) {
    for (const Entry& e : list(d.directory, exporting ? export_extension(d.exported) : ".json", exporting)) {
      const std::string label = (e.directory ? "\u25B8 " + e.name + "/" : "   " + e.name);
      if (e.other) {
        ImGui::TextDisabled("%s", label.c_str());
        continue;
      }
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
  const bool entered = keyed::InputText("file_dialog.name", "##name", &d.name, ImGuiInputTextFlags_EnterReturnsTrue);
  if (HasExportOptions(d)) ExportOptions(state);
  if (!d.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, error_text());
    // Read with the status line (a popup's text is not in the screen's text by itself): why the
    // press did not save, or that a second press replaces the file.
    note_drawn_text(ImGui::GetCursorScreenPos(), d.error);
    ImGui::TextWrapped("%s", d.error.c_str());
    ImGui::PopStyleColor();
  }
  const bool pressed = keyed::Button("file_dialog.confirm", opening ? "Open" : exporting ? "Export" : "Save", ImVec2(100 * scale, 0));
  if (pressed || entered) confirm(state);
  ImGui::SameLine();
  const bool cancelled = keyed::Button("file_dialog.cancel", "Cancel", ImVec2(100 * scale, 0));
  if (cancelled || ImGui::IsKeyPressed(ImGuiKey_Escape)) {
    d = FileDialog{};
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  if (!open) d = FileDialog{};
}

}  // namespace app
