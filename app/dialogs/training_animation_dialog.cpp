#include "app/dialogs/training_animation_dialog.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iterator>

#include <imgui.h>

#include "app/cli/command_line.h"
#include "app/files/exports.h"
#include "app/panels/panels.h"
#include "app/dialogs/record_dialog.h"
#include "app/render/text.h"
#include "core/atomic_file.h"

namespace app {

namespace {

constexpr const char* kDialog = "Animation of the run";
constexpr const char* kProgress = "Recording the run";
constexpr const char* kThemes[] = {"as the window", "light (slides)", "dark"};

// The variant chosen, by name: the first when the name is gone (the experiment was edited).
int chosen_variant(const AppState& state) {
  const core::Experiment& e = state.lab.experiment;
  for (size_t v = 0; v < e.variants.size(); ++v)
    if (e.variants[v].name == state.record_training.animation.variant) return static_cast<int>(v);
  return 0;
}

void Frames(AppState& state) {
  RecordTraining& r = state.record_training;
  const core::Experiment& e = state.lab.experiment;
  const float scale = fonts().scale;
  ImGui::TextUnformatted("A frame every");
  ImGui::SameLine(150 * scale);
  ImGui::SetNextItemWidth(120 * scale);
  int every = r.animation.every;
  if (ImGui::InputInt("##every", &every, 1, 10)) r.animation.every = std::clamp(every, 1, std::max(1, e.steps));
  remember_control(state, "training_animation.every");
  ImGui::SameLine();
  ImGui::Text("steps of %d", e.steps);
  ImGui::SameLine();
  if (ImGui::SmallButton("about 100 frames")) r.animation.every = default_every(e.steps);
  remember_control(state, "training_animation.default_every");

  ImGui::TextUnformatted("Frames");
  ImGui::SameLine(150 * scale);
  const int frames = r.animation.frames(e.steps);
  ImGui::Text("%d", frames);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Frame f shows the run after f \u00D7 %d steps: frame 0 the starting weights, the last frame step %d.",
                      r.animation.every, e.steps);
  ImGui::SameLine();
  ImGui::TextUnformatted("at");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110 * scale);
  ImGui::SliderInt("##fps", &r.animation.fps, kMinFps, kMaxFps, "%d fps", ImGuiSliderFlags_AlwaysClamp);
  remember_control(state, "training_animation.fps");
  ImGui::SameLine();
  ImGui::TextDisabled("%.1f s", static_cast<double>(frames) / r.animation.fps);
}

void WhatIsShown(AppState& state) {
  RecordTraining& r = state.record_training;
  const core::Experiment& e = state.lab.experiment;
  const float scale = fonts().scale;
  ImGui::TextUnformatted("Beside the curves");
  ImGui::SameLine(150 * scale);
  ImGui::SetNextItemWidth(130 * scale);
  if (ImGui::BeginCombo("##panel", r.animation.panel.c_str())) {
    for (const char* p : kPanelNames)
      if (training_panel(p) && ImGui::Selectable(p, r.animation.panel == p)) r.animation.panel = p;
    ImGui::EndCombo();
  }
  remember_control(state, "training_animation.panel");
  ImGui::SameLine();
  ImGui::TextUnformatted("of");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(200 * scale);
  const int chosen = chosen_variant(state);
  if (ImGui::BeginCombo("##variant", e.variants.empty() ? "" : e.variants[static_cast<size_t>(chosen)].name.c_str())) {
    for (size_t v = 0; v < e.variants.size(); ++v)
      if (ImGui::Selectable(e.variants[v].name.c_str(), static_cast<int>(v) == chosen)) r.animation.variant = e.variants[v].name;
    ImGui::EndCombo();
  }
  remember_control(state, "training_animation.variant");
  ImGui::TextDisabled("  its weights at each frame's step, on the run's first sequence (what \u201COpen in views\u201D shows)");
}

void Picture(AppState& state) {
  RecordTraining& r = state.record_training;
  const float scale = fonts().scale;
  ImGui::TextUnformatted("Size");
  ImGui::SameLine(150 * scale);
  ImGui::SetNextItemWidth(140 * scale);
  int size[2] = {r.width, r.height};
  if (ImGui::InputInt2("##size", size)) {
    r.width = std::clamp(size[0], kMinPictureWidth, 3840);  // what --size takes, up to 4K
    r.height = std::clamp(size[1], kMinPictureHeight, 2160);
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("720p")) r.width = 1280, r.height = 720;
  ImGui::SameLine();
  if (ImGui::SmallButton("1080p")) r.width = 1920, r.height = 1080;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(130 * scale);
  ImGui::Combo("##theme", &r.theme, kThemes, static_cast<int>(std::size(kThemes)));
  remember_control(state, "training_animation.theme");

  ImGui::TextUnformatted("Format");
  ImGui::SameLine(150 * scale);
  if (ImGui::RadioButton("GIF", !r.mp4)) r.mp4 = false;
  remember_control(state, "training_animation.gif");
  ImGui::SameLine();
  if (ImGui::RadioButton("MP4 (H.264)", r.mp4)) r.mp4 = true;
  remember_control(state, "training_animation.mp4");
  ImGui::SameLine();
  ImGui::TextDisabled(r.mp4 ? "small, for slides and video" : "plays everywhere, loops");
}

void Dialog(AppState& state) {
  RecordTraining& r = state.record_training;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin(kDialog, &r.open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  const core::Experiment& e = state.lab.experiment;
  ScriptText(e.title.empty() ? std::string("(untitled experiment)") : e.title);
  ImGui::TextDisabled("trained afresh from its seed, not the run on screen: the same file every time");
  ImGui::Spacing();
  Frames(state);
  ImGui::Spacing();
  WhatIsShown(state);
  ImGui::Separator();
  Picture(state);
  ImGui::Separator();
  const std::string problem = training_animation_dialog_problem(state);
  const std::string ext = r.mp4 ? ".mp4" : ".gif";
  if (!problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1.0f));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 560 * fonts().scale);
    ImGui::TextWrapped("%s", problem.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  } else {
    // Where it goes and the command that writes the same file, for a script or a Makefile.
    const std::string example = export_path(state.lab.source.empty() ? "experiment" : state.lab.source, "training", ext);
    ImGui::TextDisabled("Goes to %s", core::short_path(example).c_str());
    const std::string command = training_animation_command_line(state, "OUT" + ext);
    ImGui::TextDisabled("The same file from the command line:");
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 560 * fonts().scale);
    ImGui::TextWrapped("%s", command.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::SmallButton("Copy the command")) ImGui::SetClipboardText(command.c_str());
    if (state.lab.edited || state.lab.source.empty()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(EXPERIMENT: the experiment as edited, Export \u2192 experiment (.json))");
    }
  }
  ImGui::Spacing();
  ImGui::BeginDisabled(!problem.empty());
  if (ImGui::Button("Record", ImVec2(120 * fonts().scale, 0))) {
    r.phase = RecordTraining::Phase::Asked;
    r.done = r.trained = 0;
    r.cancel = false;
    r.open = false;
  }
  ImGui::EndDisabled();
  remember_control(state, "training_animation.record");
  ImGui::SameLine();
  if (ImGui::Button("Close", ImVec2(120 * fonts().scale, 0))) r.open = false;
  remember_control(state, "training_animation.close");
  ImGui::End();
}

// The recording's progress over the window: the run trains, then the frames are drawn.
void Progress(AppState& state) {
  RecordTraining& r = state.record_training;
  if (r.phase == RecordTraining::Phase::Idle) {
    if (ImGui::IsPopupOpen(kProgress)) {  // the window finished or gave up: the popup goes
      if (ImGui::BeginPopupModal(kProgress)) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
      }
    }
    return;
  }
  if (!ImGui::IsPopupOpen(kProgress)) ImGui::OpenPopup(kProgress);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(kProgress, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) return;
  const float scale = fonts().scale;
  const core::Experiment& e = state.lab.experiment;
  ScriptText("Recording " + (e.title.empty() ? std::string("the run") : e.title));
  ScriptText("the " + r.animation.panel + " panel of " + e.variants[static_cast<size_t>(chosen_variant(state))].name +
             ", a frame every " + std::to_string(r.animation.every) + " steps");
  char label[96];
  if (r.training || r.phase == RecordTraining::Phase::Asked)
    std::snprintf(label, sizeof label, "training: step %d of %d", r.trained, r.steps);
  else
    std::snprintf(label, sizeof label, "frame %d of %d", r.done, r.frames);
  const float fraction = r.training || r.phase == RecordTraining::Phase::Asked
                             ? static_cast<float>(r.trained) / static_cast<float>(std::max(1, r.steps))
                             : static_cast<float>(r.done) / static_cast<float>(std::max(1, r.frames));
  ImGui::ProgressBar(fraction, ImVec2(360 * scale, 0), label);
  if (r.cancel) ImGui::TextDisabled("Stopping\u2026");
  else if (ImGui::Button("Cancel", ImVec2(120 * scale, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
    r.cancel = true;
  remember_control(state, "training_animation.cancel");
  ImGui::EndPopup();
}

}  // namespace

void open_training_animation_dialog(AppState& state) {
  RecordTraining& r = state.record_training;
  const core::Experiment& e = state.lab.experiment;
  r.open = true;
  if (r.animation.every < 1 || r.animation.every > e.steps || r.animation.frames(e.steps) > kMaxFrames)
    r.animation.every = default_every(e.steps);
  if (!e.variants.empty()) r.animation.variant = e.variants[static_cast<size_t>(chosen_variant(state))].name;
}

std::string training_animation_dialog_problem(const AppState& state) {
  const Lab& lab = state.lab;
  if (!lab.problems.empty()) return "The experiment cannot run: " + lab.problems.front();
  const TrainingAnimation& a = state.record_training.animation;
  const int steps = lab.experiment.steps;
  if (a.every > steps) return "A frame every " + std::to_string(a.every) + " steps: the run has " + std::to_string(steps) + ".";
  if (const int frames = a.frames(steps); frames > kMaxFrames)
    return std::to_string(frames) + " frames: at most " + std::to_string(kMaxFrames) + ", a frame every " +
           std::to_string((steps + kMaxFrames - 2) / (kMaxFrames - 1)) + " steps or more.";
  if (training_variant(lab.experiment, a.variant) < 0) return "Choose a variant.";
  return "";
}

std::string training_animation_command_line(const AppState& state, const std::string& out) {
  const RecordTraining& r = state.record_training;
  const Lab& lab = state.lab;
  const std::string file = lab.edited || lab.source.empty() ? "EXPERIMENT.json" : command_path(lab.source);
  std::string line = "attnlab " + shell_word(file) + " --animate training --every " + std::to_string(r.animation.every);
  if (chosen_variant(state) != 0) line += " --variant " + shell_word(r.animation.variant);
  if (r.animation.panel != kDefaultTrainingPanel) line += " --panel " + r.animation.panel;
  if (r.animation.fps != kDefaultFps) line += " --fps " + std::to_string(r.animation.fps);
  line += " --size " + std::to_string(r.width) + "x" + std::to_string(r.height);
  const Theme theme = r.theme == 1 ? Theme::Light : r.theme == 2 ? Theme::Dark : state.view.theme;
  line += theme == Theme::Light ? " --theme light" : " --theme dark";
  return line + " --export " + shell_word(out);
}

ScreenshotOptions training_animation_picture(const AppState& state) {
  const RecordTraining& r = state.record_training;
  ScreenshotOptions picture;
  picture.width = r.width;
  picture.height = r.height;
  picture.panel = r.animation.panel;
  picture.training = true;
  picture.theme = r.theme == 1 ? Theme::Light : r.theme == 2 ? Theme::Dark : state.view.theme;
  return picture;
}

void DrawTrainingAnimationDialog(AppState& state) {
  if (state.record_training.open) Dialog(state);
  Progress(state);
}

}  // namespace app
