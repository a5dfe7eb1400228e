#include "app/dialogs/animation_dialog.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include <imgui.h>

#include "app/cli/command_line.h"
#include "app/files/exports.h"
#include "app/files/platform_files.h"  // where_written
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/controls.h"
#include "core/io/atomic_file.h"

namespace app {

namespace {
constexpr const char* kThemes[] = {"as the window", "light (slides)", "dark"};

// The theme a recording is drawn in: PictureTheme::Window is the window's.
Theme picture_theme(const AnimationPicture& picture, Theme window) {
  switch (picture.theme) {
    case PictureTheme::Light: return Theme::Light;
    case PictureTheme::Dark: return Theme::Dark;
    case PictureTheme::Window: break;
  }
  return window;
}
}  // namespace

std::string picture_words(const AnimationPicture& picture, Theme window) {
  return " --size " + std::to_string(picture.width) + "x" + std::to_string(picture.height) +
         (picture_theme(picture, window) == Theme::Light ? " --theme light" : " --theme dark") +
         (picture.scale_per_frame ? " --scale-per-frame" : "");
}

ScreenshotOptions picture_options(const AnimationPicture& picture, Theme window) {
  return {.width = picture.width, .height = picture.height, .theme = picture_theme(picture, window),
          .scale_per_frame = picture.scale_per_frame};
}

void RowLabel(const char* label, float column) {
  ImGui::TextUnformatted(label);
  ImGui::SameLine(column);
}

void PictureControls(AnimationPicture& picture, const std::string& prefix, float column, bool square) {
  const float scale = fonts().scale;
  RowLabel("Size", column);
  ImGui::SetNextItemWidth(140 * scale);
  int size[2] = {picture.width, picture.height};
  if (keyed::InputInt2(prefix + ".size", "##size", size)) {
    picture.width = std::clamp(size[0], kMinPictureWidth, 3840);  // what --size takes, up to 4K
    picture.height = std::clamp(size[1], kMinPictureHeight, 2160);
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("720p")) picture.width = 1280, picture.height = 720;
  ImGui::SameLine();
  if (ImGui::SmallButton("1080p")) picture.width = 1920, picture.height = 1080;
  if (square) {
    ImGui::SameLine();
    if (ImGui::SmallButton("square")) picture.width = picture.height = 800;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(130 * scale);
  int theme = static_cast<int>(picture.theme);  // kThemes lists them in PictureTheme's order
  if (keyed::Combo(prefix + ".theme", "##theme", &theme, kThemes, static_cast<int>(std::size(kThemes)))) picture.theme = static_cast<PictureTheme>(theme);

  RowLabel("Format", column);
  if (keyed::RadioButton(prefix + ".gif", "GIF", !picture.mp4)) picture.mp4 = false;
  ImGui::SameLine();
  // The page has no H.264 encoder (FFmpeg's libraries are the desktop's): it says so here.
  if (!can_write_mp4()) picture.mp4 = false;
  ImGui::BeginDisabled(!can_write_mp4());
  if (keyed::RadioButton(prefix + ".mp4", "MP4 (H.264)", picture.mp4)) picture.mp4 = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled(!can_write_mp4() ? "MP4: in the desktop app; here, GIF"
                      : picture.mp4    ? "small, for slides and video"
                                       : "plays everywhere, loops");

  RowLabel("Colours", column);
  if (keyed::RadioButton(prefix + ".scale_fixed", "one scale for the whole animation", !picture.scale_per_frame)) picture.scale_per_frame = false;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Each heatmap keeps the colour scale its largest frame needs: a value that does not change keeps its colour.");
  ImGui::SameLine();
  if (keyed::RadioButton(prefix + ".scale_per_frame", "a scale per frame", picture.scale_per_frame)) picture.scale_per_frame = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Each frame as a picture of it alone would be: its own largest value at full colour.");
}

void ProblemOrCommand(const AppState& state, const std::string& problem, const ExportChoice& what, const std::string& command) {
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 560 * fonts().scale);
  // Each text wrapped at that width, as TextWrapped would be within one.
  if (!problem.empty()) {
    ImGui::TextColored(error_text(), "%s", problem.c_str());
  } else {  // where it goes, and the command that writes the same file, for a script or a Makefile
    ImGui::TextDisabled("Record asks where it goes: %s, in %s", export_file_name(state, what).c_str(),
                        core::short_path(export_folder(state, what)).c_str());
    ImGui::TextDisabled("The same file from the command line:");
    ImGui::TextWrapped("%s", command.c_str());
    if (ImGui::SmallButton("Copy the command")) ImGui::SetClipboardText(command.c_str());
  }
  ImGui::PopTextWrapPos();
}

bool RecordOrClose(bool can_record, const std::string& prefix, bool& open) {
  const float w = 120 * fonts().scale;
  ImGui::Spacing();
  ImGui::BeginDisabled(!can_record);
  const bool record = keyed::Button(prefix + ".record", "Record", ImVec2(w, 0));
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (keyed::Button(prefix + ".close", "Close", ImVec2(w, 0))) open = false;
  return record;
}

bool BeginProgress(const char* id, bool recording) {
  if (!recording) {
    if (ImGui::IsPopupOpen(id) && ImGui::BeginPopupModal(id)) {  // the window finished or gave up: the popup goes
      ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
    return false;
  }
  return BeginCentredModal(id);
}

void ProgressAndCancel(float fraction, const std::string& label, bool& cancel, const std::string& control) {
  const float scale = fonts().scale;
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, progress_fill());
  ImGui::ProgressBar(fraction, ImVec2(360 * scale, 0), label.c_str());
  ImGui::PopStyleColor();
  if (cancel) ImGui::TextDisabled("Stopping\u2026");
  else if (keyed::Button(control, "Cancel", ImVec2(120 * scale, 0)) || ImGui::IsKeyPressed(ImGuiKey_Escape, false))
    cancel = true;
}

std::string exported_status(const std::string& path, int frames, int fps) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s", static_cast<double>(frames) / fps);
  return "exported " + where_written(path) + " (" + std::to_string(frames) + " frames, " + seconds + ")";
}

}  // namespace app
