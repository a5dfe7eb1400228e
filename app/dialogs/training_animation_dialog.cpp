#include "app/dialogs/training_animation_dialog.h"

#include <algorithm>
#include <string>
#include <utility>

#include <imgui.h>

#include "app/dialogs/animation_dialog.h"
#include "app/dialogs/file_dialog.h"
#include "app/dialogs/record_dialog.h"
#include "app/files/exports.h"
#include "app/files/platform_files.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/markup_items.h"
#include "core/io/atomic_file.h"

namespace app {

namespace {

constexpr const char* kTrainingDialog = "Animation of the run";
constexpr const char* kTrainingProgress = "Recording the run";

// The variant chosen, by name: the first when the name is gone (the experiment was edited).
int chosen_variant(const AppState& state) {
  const core::Experiment& e = state.lab.experiment;
  for (size_t v = 0; v < e.variants.size(); ++v)
    if (e.variants[v].name == state.dialogs.record_training.animation.variant) return static_cast<int>(v);
  return 0;
}

void Frames(AppState& state) {
  RecordTraining& r = state.dialogs.record_training;
  const core::Experiment& e = state.lab.experiment;
  const float scale = fonts().scale;
  RowLabel("A frame every", 150 * scale);
  ImGui::SetNextItemWidth(120 * scale);
  int every = r.animation.every;
  if (keyed::InputInt("training_animation.every", "##every", &every, 1, 10)) r.animation.every = std::clamp(every, 1, std::max(1, e.steps));
  ImGui::SameLine();
  ImGui::Text("steps of %d", e.steps);
  ImGui::SameLine();
  if (keyed::SmallButton("training_animation.default_every", "about 100 frames")) r.animation.every = core::default_every(e.steps);

  RowLabel("Frames", 150 * scale);
  const int frames = r.animation.frames(e.steps);
  ImGui::Text("%d", frames);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Frame f shows the run after f \u00D7 %d steps: frame 0 the starting weights, the last frame step %d.",
                      r.animation.every, e.steps);
  ImGui::SameLine();
  ImGui::TextUnformatted("at");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110 * scale);
  keyed::SliderInt("training_animation.fps", "##fps", &r.animation.fps, core::kMinFps, core::kMaxFps, "%d fps", ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  ImGui::TextDisabled("%.1f s", static_cast<double>(frames) / r.animation.fps);
}

void WhatIsShown(AppState& state) {
  RecordTraining& r = state.dialogs.record_training;
  const core::Experiment& e = state.lab.experiment;
  const float scale = fonts().scale;
  RowLabel("Beside the curves", 150 * scale);
  ImGui::SetNextItemWidth(130 * scale);
  if (keyed::BeginCombo("training_animation.panel", "##panel", panel_name(r.animation.panel))) {
    for (const Panel p : kPanels)
      if (core::training_panel(p) && ImGui::Selectable(panel_name(p), r.animation.panel == p)) r.animation.panel = p;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextUnformatted("of");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(200 * scale);
  const int chosen = chosen_variant(state);
  // The names are markup ("no √d_k"), as the lab and the frames draw them.
  if (keyed::BeginMarkupCombo("training_animation.variant", "variant", e.variants.empty() ? "" : e.variants[static_cast<size_t>(chosen)].name)) {
    for (size_t v = 0; v < e.variants.size(); ++v)
      if (MarkupSelectable(std::to_string(v).c_str(), e.variants[v].name, static_cast<int>(v) == chosen)) r.animation.variant = e.variants[v].name;
    ImGui::EndCombo();
  }
  ImGui::TextDisabled("  its weights at each frame's step, on the run's first sequence (what \u201COpen in views\u201D shows)");
}

// True when Record was pressed.
bool TrainingDialog(AppState& state) {
  RecordTraining& r = state.dialogs.record_training;
  if (!BeginCentredWindow(kTrainingDialog, &r.open)) {
    ImGui::End();
    return false;
  }
  const core::Experiment& e = state.lab.experiment;
  ScriptText(e.title.empty() ? std::string("(untitled experiment)") : e.title);
  ImGui::TextDisabled("trained afresh from its seed, not the run on screen: the same file every time");
  ImGui::Spacing();
  Frames(state);
  ImGui::Spacing();
  WhatIsShown(state);
  ImGui::Separator();
  PictureControls(r.picture, "training_animation", 150 * fonts().scale, /*square=*/false);
  ImGui::Separator();
  const std::string problem = training_animation_dialog_problem(state);
  const std::string ext = picture_extension(r.picture);
  ProblemOrCommand(state, problem, training_run_export(state), training_animation_command_line(state, "OUT" + ext));
  if (problem.empty() && (state.lab.edited || state.lab.source.empty()))
    ImGui::TextDisabled("(EXPERIMENT: the experiment as edited, Export \u2192 experiment (.json))");
  // Where it goes is asked first: a cancelled Save trains and records nothing (write_export starts it).
  const bool record = RecordOrClose(problem.empty(), "training_animation", r.open);
  if (record) platform_files().chooser->ask_export(state, training_run_export(state));
  ImGui::End();
  return record;
}

// The recording's progress over the window: the run trains, then the frames are drawn.
void TrainingProgress(AppState& state) {
  RecordTraining& r = state.dialogs.record_training;
  if (!BeginProgress(kTrainingProgress, r.phase != RecordTraining::Phase::Idle)) return;
  const core::Experiment& e = state.lab.experiment;
  ScriptText("Recording " + (e.title.empty() ? std::string("the run") : e.title));
  ScriptText("the " + std::string(panel_name(r.animation.panel)) + " panel of " + e.variants[static_cast<size_t>(chosen_variant(state))].name +
             ", a frame every " + std::to_string(r.animation.every) + " steps");
  const bool training = r.training || r.phase == RecordTraining::Phase::Asked;
  const int done = training ? r.trained : r.done, total = training ? r.steps : r.frames;
  ProgressAndCancel(static_cast<float>(done) / static_cast<float>(std::max(1, total)),
                    (training ? "training: step " : "frame ") + std::to_string(done) + " of " + std::to_string(total),
                    r.cancel, "training_animation.cancel");
  ImGui::EndPopup();
}

}  // namespace

void open_training_animation_dialog(AppState& state) {
  RecordTraining& r = state.dialogs.record_training;
  const core::Experiment& e = state.lab.experiment;
  r.open = true;
  if (r.animation.every < 1 || r.animation.every > e.steps || r.animation.frames(e.steps) > core::kMaxFrames)
    r.animation.every = core::default_every(e.steps);
  if (!e.variants.empty()) r.animation.variant = e.variants[static_cast<size_t>(chosen_variant(state))].name;
}

std::string training_animation_dialog_problem(const AppState& state) {
  const Lab& lab = state.lab;
  if (!lab.problems.empty()) return "The experiment cannot run: " + lab.problems.front();
  const core::TrainingAnimation& a = state.dialogs.record_training.animation;
  const int steps = lab.experiment.steps;
  if (a.every > steps) return "A frame every " + std::to_string(a.every) + " steps: the run has " + std::to_string(steps) + ".";
  if (const int frames = a.frames(steps); frames > core::kMaxFrames)
    return std::to_string(frames) + " frames: at most " + std::to_string(core::kMaxFrames) + ", a frame every " +
           std::to_string((steps + core::kMaxFrames - 2) / (core::kMaxFrames - 1)) + " steps or more.";
  if (core::training_variant(lab.experiment, a.variant) < 0) return "Choose a variant.";
  return "";
}

std::string training_animation_command_line(const AppState& state, const std::string& out) {
  const RecordTraining& r = state.dialogs.record_training;
  const Lab& lab = state.lab;
  const std::string file = lab.edited || lab.source.empty() ? "EXPERIMENT.json" : command_path(lab.source);
  std::string line = "attnlab " + shell_word(file) + " --animate training --every " + std::to_string(r.animation.every);
  if (chosen_variant(state) != 0) line += " --variant " + shell_word(r.animation.variant);
  if (r.animation.panel != core::kDefaultTrainingPanel) line += " --panel " + std::string(panel_name(r.animation.panel));
  if (r.animation.fps != core::kDefaultFps) line += " --fps " + std::to_string(r.animation.fps);
  line += picture_words(r.picture, state.view.theme);
  return line + " --export " + shell_word(out);
}

ScreenshotOptions training_animation_picture(const AppState& state) {
  const RecordTraining& r = state.dialogs.record_training;
  ScreenshotOptions picture = picture_options(r.picture, state.view.theme);
  picture.panel = r.animation.panel;
  picture.training = true;
  return picture;
}

void DrawTrainingAnimationDialog(AppState& state) {
  // Asked for by a panel, which draws before the dialogs and knows nothing of them.
  if (std::exchange(state.dialogs.record_training.open_asked, false)) open_training_animation_dialog(state);
  if (state.dialogs.record_training.open && TrainingDialog(state)) {
    // As Record sweep's: the file dialog opens in this frame (record_dialog.cpp says why).
    DrawFileDialog(state);
  }
  TrainingProgress(state);
}

}  // namespace app
