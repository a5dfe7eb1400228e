// Experiment: the training lab (docs/experiments.md). Every question of docs/questions.md is in the end
// about what a design learns: here a student picks a task, ticks the designs
// (QKᵀ, shared QK = QQᵀ, Reformer's shared QK, one W, AttentionAlt, no √d_k),
// presses Run and watches their loss curves race; the thumbnails show what
// each attends to as it learns, and "Open in views" puts any of them into the
// other panels. The run is on a worker thread (training_worker.h); this file
// only draws it and edits the experiment (lab.h does the rest).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>

#include <imgui.h>

#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/training/designs.h"
#include "app/training/lab.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/loss_curves.h"
#include "core/export/export_curves.h"
#include "core/export/export_train_torch.h"
#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"
#include "core/model/compute.h"

namespace app {

namespace {

// A name not yet taken: "one W", then "one W 2", ...
std::string unique_name(const core::Experiment& e, const std::string& base) {
  const auto taken = [&](const std::string& name) {
    return std::any_of(e.variants.begin(), e.variants.end(), [&](const core::Variant& v) { return v.name == name; });
  };
  if (!taken(base)) return base;
  for (int i = 2;; ++i)
    if (!taken(base + " " + std::to_string(i))) return base + " " + std::to_string(i);
}

// [SECTION] The settings: what to train. Each part returns whether it edited the experiment.

void SectionTitle(const char* title) {
  ImGui::PushFont(fonts().title);
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
}

// A whole-number field of the settings, clamped to lo..hi; true when it changed value.
bool SizeField(AppState& state, const char* label, const char* key, int& value, int lo, int hi) {
  ImGui::SetNextItemWidth(92 * fonts().scale);
  int v = value;
  bool changed = false;
  if (ImGui::InputInt(label, &v)) {
    v = std::clamp(v, lo, hi);
    changed = v != value;
    value = v;
  }
  remember_control(state, key);
  return changed;
}

// A field of a number above 0 and at most hi; true when it changed value.
bool PositiveField(AppState& state, const char* label, const char* key, double& value, double hi) {
  ImGui::SetNextItemWidth(92 * fonts().scale);
  double v = value;
  bool changed = false;
  if (ImGui::InputDouble(label, &v, 0, 0, "%.4g") && v > 0 && v <= hi && v != value) {
    value = v;
    changed = true;
  }
  remember_control(state, key);
  return changed;
}

void DisabledScriptText(const std::string& text, bool wrapped) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  if (wrapped) ScriptTextWrapped(text);
  else ScriptText(text);
  ImGui::PopStyleColor();
}

// The experiment's title, a menu of the shipped ones, and its notes.
void ExperimentChooser(AppState& state) {
  Lab& lab = state.lab;
  const core::Experiment& e = lab.experiment;
  SectionTitle("Experiment");
  const std::string preview = (e.title.empty() ? std::string("(untitled)") : e.title) + (lab.edited ? "  (edited)" : "");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##experiment", preview.c_str())) {
    for (size_t i = 0; i < state.library.experiments.size(); ++i) {
      const LessonInfo& info = state.library.experiments[i];
      const std::string label = std::to_string(i + 1) + ". " + info.title;
      if (ImGui::Selectable(label.c_str(), info.path == lab.source && !lab.edited)) open_experiment(state, info.path);
    }
    ImGui::Separator();
    ImGui::TextDisabled("File \u2192 Open\u2026 opens an experiment file too");
    ImGui::EndCombo();
  }
  remember_control(state, "lab.experiment");
  if (!lab.experiment.notes.empty() && ImGui::CollapsingHeader("What it asks, and what the runs show", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::BeginChild("notes", ImVec2(0, std::min(ImGui::GetContentRegionAvail().y * 0.35f, 220 * fonts().scale)), true);
    ScriptTextWrapped(lab.experiment.notes);  // "W^Q W^Kᵀ", "d_k" as the other panels write them
    ImGui::EndChild();
  }
}

// The teacher task's teacher, and the button that makes the views' scenario the teacher.
bool TeacherChooser(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ScriptText("Teacher: " + (e.teacher.title.empty() ? std::string("the experiment's own layer") : e.teacher.title) +
             " (d_k = " + std::to_string(e.teacher.d_k) + ", " + std::to_string(e.teacher.heads) +
             (e.teacher.heads == 1 ? " head)" : " heads)"));
  const core::Scenario& views = state.scenario();
  const bool usable = views.mode == core::Mode::Projected;
  bool edited = false;
  ImGui::BeginDisabled(!usable);
  if (ImGui::Button("Use the views' scenario as the teacher")) {
    core::use_as_teacher(e, views);
    edited = true;
    state.status = "the teacher is now the views' scenario" + (views.title.empty() ? "" : ": " + views.title);
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(usable ? "Its weights and options make the targets; its X is drawn anew for every sequence."
                             : "A teacher needs projected mode: its W^Q, W^K, W^V make the targets.");
  return edited;
}

bool TaskSettings(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ImGui::Spacing();
  SectionTitle("Task");
  int task = static_cast<int>(e.task);
  bool edited = false;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##task", &task, task_names(), kTaskCount)) {
    core::set_task(e, static_cast<core::TaskKind>(task));
    edited = true;
  }
  remember_control(state, "lab.task");
  DisabledScriptText(task_text(static_cast<core::TaskKind>(task)), /*wrapped=*/true);
  if (e.task == core::TaskKind::Teacher) edited |= TeacherChooser(state);
  return edited;
}

bool SizeSettings(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ImGui::Spacing();
  SectionTitle("Sizes");
  bool edited = SizeField(state, "n (tokens)", "lab.n", e.n, core::kMinTokens, core::kMaxTokens);
  ImGui::SameLine();
  edited |= SizeField(state, "d_model", "lab.d_model", e.d_model, core::kMinDModel, core::kMaxDModel);
  edited |= SizeField(state, "d_k", "lab.d_k", e.d_k, core::kMinDk, core::kMaxDk);
  ImGui::SameLine();
  edited |= SizeField(state, "heads", "lab.heads", e.heads, core::kMinHeads, core::kMaxHeads);
  if (core::cross_task(e.task)) {
    bool cross = e.m > 0;
    if (ImGui::Checkbox("cross-attention", &cross)) {
      core::set_cross_attention(e, cross);
      edited = true;
    }
    remember_control(state, "lab.cross");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Every sequence has a second one, X_kv (m encoder tokens): the keys and values come from it, the queries from X.");
    if (cross) {
      ImGui::SameLine();
      edited |= SizeField(state, "m (encoder tokens)", "lab.m", e.m, core::kMinTokens, core::kMaxTokens);
    }
  }
  return edited;
}

// One design: its colour, its name, × to remove it, and what its options are.
bool DesignRow(AppState& state, size_t i, int& remove) {
  core::Experiment& e = state.lab.experiment;
  core::Variant& v = e.variants[i];
  const float scale = fonts().scale;
  bool edited = false;
  ImGui::PushID(static_cast<int>(i));
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetFrameHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + h * 0.3f), ImVec2(p.x + 14 * scale, p.y + h * 0.7f),
                                            curve_colour(state, static_cast<int>(i)));
  ImGui::Dummy(ImVec2(18 * scale, h));
  ImGui::SameLine();
  char name[41];  // a name of 1 to 40 bytes, as the reader takes it (ImGui adds no partial UTF-8 character)
  std::snprintf(name, sizeof name, "%s", v.name.c_str());
  ImGui::SetNextItemWidth(140 * scale);
  if (ImGui::InputText("##name", name, sizeof name) && name[0]) {
    v.name = name;
    edited = true;
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(e.variants.size() <= 1);
  if (ImGui::Button("\u00D7", ImVec2(h, h))) remove = static_cast<int>(i);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(e.variants.size() <= 1 ? "An experiment trains one design at least." : "Remove this design");
  ImGui::SameLine();
  const std::string summary = options_summary(v);
  DisabledScriptText(summary, /*wrapped=*/false);
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ScriptText(summary);
    ImGui::EndTooltip();
  }
  ImGui::PopID();
  return edited;
}

// "add a design…": the designs of designs(), each with what it is.
bool AddDesign(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  bool edited = false;
  ImGui::BeginDisabled(e.variants.size() >= 8);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##add", "add a design\u2026")) {
    for (const Design& d : designs()) {
      if (ImGui::Selectable(d.name)) {
        core::Variant v;
        v.name = unique_name(e, d.name);
        v.options = d.options;
        // The task's mask is every variant's: the previous-token task is causal.
        if (!e.variants.empty()) v.options.causal = e.variants.front().options.causal;
        e.variants.push_back(v);
        edited = true;
      }
      ImGui::SameLine(170 * fonts().scale);
      DisabledScriptText(d.what, /*wrapped=*/false);
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  remember_control(state, "lab.add_design");
  return edited;
}

bool DesignSettings(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ImGui::Spacing();
  SectionTitle("Designs");
  bool edited = false;
  int remove = -1;
  for (size_t i = 0; i < e.variants.size(); ++i) edited |= DesignRow(state, i, remove);
  if (remove >= 0) {
    e.variants.erase(e.variants.begin() + remove);
    edited = true;
  }
  return AddDesign(state) || edited;
}

bool TrainingSettings(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ImGui::Spacing();
  SectionTitle("Training");
  bool edited = SizeField(state, "steps", "lab.steps", e.steps, 1, core::kMaxSteps);
  ImGui::SameLine();
  edited |= SizeField(state, "batch", "lab.batch", e.batch, 1, core::kMaxBatch);
  edited |= PositiveField(state, "learning rate", "lab.learning_rate", e.learning_rate, 10.0);
  ImGui::SameLine();
  edited |= PositiveField(state, "init scale", "lab.init_scale", e.init_scale, 100.0);
  int optimizer = e.optimizer == core::Optimizer::Adam ? 0 : 1;
  ImGui::TextUnformatted("optimizer");
  ImGui::SameLine();
  bool changed_optimizer = ImGui::RadioButton("Adam", &optimizer, 0);
  ImGui::SameLine();
  changed_optimizer |= ImGui::RadioButton("SGD", &optimizer, 1);
  if (changed_optimizer) {
    e.optimizer = optimizer == 0 ? core::Optimizer::Adam : core::Optimizer::Sgd;
    edited = true;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(92 * fonts().scale);
  unsigned long long seed = e.seed;
  if (ImGui::InputScalar("seed", ImGuiDataType_U64, &seed) && seed != e.seed) {
    e.seed = seed;
    edited = true;
  }
  remember_control(state, "lab.seed");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Same seed, same batches and starting weights: the same curves, bit for bit.");
  ImGui::SameLine();
  edited |= SizeField(state, "seeds", "lab.seeds", e.seeds, 1, core::kMaxSeeds);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every design runs once per seed (seed, seed + 1, ...): the curve is the median over the runs,\n"
                      "the band their smallest to largest, the table median [min, max]. A conclusion should hold over\n"
                      "the seeds, not for one. Open in views shows the first seed's run.");
  return edited;
}

void ExperimentSettings(AppState& state) {
  ExperimentChooser(state);
  bool edited = TaskSettings(state);
  edited |= SizeSettings(state);
  if (edited) core::fit_teacher_tokens(state.lab.experiment);  // a new task or n: a teacher of n tokens
  edited |= DesignSettings(state);
  edited |= TrainingSettings(state);
  if (edited) experiment_edited(state);
  for (const std::string& problem : state.lab.problems) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(235, 90, 70, 255));
    TextWrappedWords(problem);
    ImGui::PopStyleColor();
  }
}

// [SECTION] The run: controls, curves, table, thumbnails, exports.

void RunControls(AppState& state) {
  Lab& lab = state.lab;
  const core::Curves& c = lab.view.curves;
  const float scale = fonts().scale;
  const bool running = lab.view.running;
  const bool finished = lab.worker && c.finished();
  const bool can_run = lab.problems.empty();
  const float button_w = 96 * scale;
  ImGui::BeginDisabled(!can_run);
  if (running) {
    if (ImGui::Button("Pause", ImVec2(button_w, 0))) lab_pause(state);
  } else {
    const char* label = !lab.worker || c.steps_done == 0 ? "Run" : finished ? "Run again" : "Resume";
    if (ImGui::Button(label, ImVec2(button_w, 0))) finished ? lab_restart(state) : lab_run(state);
  }
  remember_control(state, "lab.run");
  ImGui::SameLine();
  ImGui::BeginDisabled(finished);
  if (ImGui::Button("Step", ImVec2(button_w * 0.7f, 0))) lab_step(state);
  remember_control(state, "lab.step");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!lab.worker || (c.steps_done == 0 && !running));
  if (ImGui::Button("Restart", ImVec2(button_w * 0.8f, 0))) lab_restart(state);
  remember_control(state, "lab.restart");
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("From step 0 again: the same seed gives the same curves.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(170 * scale);
  if (ImGui::BeginCombo("##speed", kLabSpeeds[lab.speed].label)) {
    for (int i = 0; i < static_cast<int>(std::size(kLabSpeeds)); ++i)
      if (ImGui::Selectable(kLabSpeeds[i].label, i == lab.speed)) lab_set_speed(state, i);
    ImGui::EndCombo();
  }
  remember_control(state, "lab.speed");
  ImGui::SameLine();
  const int steps = lab.experiment.steps;
  const std::string progress = lab_progress(state);
  ImGui::ProgressBar(lab.worker ? static_cast<float>(c.steps_done) / static_cast<float>(std::max(1, steps)) : 0.0f,
                     ImVec2(-1, 0), progress.c_str());

  // Space runs or pauses, → takes one step: as a video player, when no field takes the keys.
  const ImGuiIO& io = ImGui::GetIO();
  const bool recording = state.dialogs.record_training.phase != RecordTraining::Phase::Idle;  // its progress bar is up: keys are its
  if (!state.picture.active && !recording && !io.WantTextInput && !io.KeyCtrl && can_run && !ImGui::IsAnyItemActive()) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) {
      if (running) lab_pause(state);
      else if (finished) lab_restart(state);
      else lab_run(state);
    }
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow), true) && !finished) lab_step(state);
  }
}

// A cell of the table: over seeds "median [min, max]" as the median, and the range under it in
// the small font, so that the table keeps its width (and Open in views stays on screen).
void LossCell(const std::string& text, const ImVec4* colour = nullptr) {
  const size_t at = text.find(" [");
  const std::string first = at == std::string::npos ? text : text.substr(0, at);
  if (colour) ImGui::TextColored(*colour, "%s", first.c_str());
  else ImGui::TextUnformatted(first.c_str());
  if (at == std::string::npos) return;
  if (fonts().small) ImGui::PushFont(fonts().small);
  ImGui::TextDisabled("%s", text.substr(at + 1).c_str());
  if (fonts().small) ImGui::PopFont();
}

void VariantTable(AppState& state) {
  Lab& lab = state.lab;
  const core::Curves& c = lab.view.curves;
  const float scale = fonts().scale;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("variants", 6, kFlags)) return;
  ImGui::TableSetupColumn("design", ImGuiTableColumnFlags_WidthFixed, 190 * scale);
  ImGui::TableSetupColumn("trainable numbers");
  ImGui::TableSetupColumn("loss at step 0");
  const bool seeded = c.seeds > 1;
  ImGui::TableSetupColumn(seeded ? "loss now (median)" : "loss now");  // the range [min, max] under it
  ImGui::TableSetupColumn(seeded ? "test loss (median)" : "test loss");
  ImGui::TableSetupColumn("");
  ImGui::TableHeadersRow();
  const size_t rows = c.names.empty() ? lab.experiment.variants.size() : c.names.size();
  for (size_t v = 0; v < rows; ++v) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string name = c.names.empty() ? lab.experiment.variants[v].name : c.names[v];
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(curve_colour(state, static_cast<int>(v))), "\u25A0");
    ImGui::SameLine();
    ImGui::TextUnformatted(name.c_str());
    ImGui::TableNextColumn();
    if (v < c.params.size()) ImGui::Text("%d", c.params[v]);
    else ImGui::TextDisabled("\u2014");
    const bool has = v < c.loss.size() && !c.loss[v].empty();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(has ? format_loss(c.loss[v].front()).c_str() : "\u2014");
    const int diverged = v < c.diverged.size() ? c.diverged[v] : 0;
    ImGui::TableNextColumn();
    if (diverged) {  // the loss it had, and where it stopped (docs/experiments.md, "Divergence")
      const ImVec4 red(0.9f, 0.35f, 0.3f, 1);
      LossCell(variant_loss_now(c, v), &red);
      if (ImGui::IsItemHovered() && seeded)
        ImGui::SetTooltip("A run of this design diverged first at step %d: that step would have taken a weight past \u00B11e6,\n"
                          "or its loss was not finite. A run that diverges stops; the median and the band at each step are\n"
                          "over the runs that reached it. A smaller learning rate or init scale keeps them in range.",
                          diverged);
      else if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Step %d would have taken a weight past \u00B11e6, or its loss was not finite: this design stopped\n"
                          "there, with the weights it had before that step%s. A smaller learning rate or init scale keeps\n"
                          "it in range.",
                          diverged, diverged == 1 ? " (its starting weights)" : "");
    } else {
      LossCell(variant_loss_now(c, v));
    }
    ImGui::TableNextColumn();
    if (const std::string test = variant_test_loss(c, v); !test.empty()) LossCell(test);
    else ImGui::TextDisabled(diverged ? "none: diverged" : lab.worker ? "at the end" : "\u2014");
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(v));
    ImGui::BeginDisabled(!lab.worker || v >= lab.view.current.size());
    if (ImGui::SmallButton("Open in views")) open_variant_in_views(state, static_cast<int>(v));
    ImGui::EndDisabled();
    remember_control(state, ("lab.open." + std::to_string(v)).c_str());
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(lab.worker ? "Its weights now, the run's first sequence as X and its target, in every panel (Ctrl+Z undoes)."
                                   : "Run or Step first.");
    ImGui::PopID();
  }
  ImGui::EndTable();
}

// What each design attends to, live: A of the run's first sequence (or W^Q W^Kᵀ), one small heatmap each.
void Thumbnails(AppState& state, float height) {
  Lab& lab = state.lab;
  const float scale = fonts().scale;
  int choice = static_cast<int>(lab.thumbnails);
  ImGui::TextUnformatted("What each design has learned:");
  ImGui::SameLine();
  if (ImGui::RadioButton("attention A of sequence 1", &choice, static_cast<int>(ThumbnailKind::Weights))) lab.thumbnails = ThumbnailKind::Weights;
  ImGui::SameLine();
  if (ImGui::RadioButton("##wqk", &choice, static_cast<int>(ThumbnailKind::Bilinear))) lab.thumbnails = ThumbnailKind::Bilinear;
  const bool weights = lab.thumbnails == ThumbnailKind::Weights;
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ScriptText("W^Q W^K\u1D40 (one W: W)");
  if (lab.view.current.empty()) {
    ImGui::TextDisabled("Run or Step to see them.");
    return;
  }
  char caption[96];
  std::snprintf(caption, sizeof caption, weights ? "(a row per query, a column per key; head %d)" : "(d_model \u00D7 d_model; head %d)",
                std::clamp(state.view.head, 0, lab.view.current.front().heads - 1) + 1);
  ImGui::SameLine();
  if (ImGui::CalcTextSize(caption).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();  // no room: below, not clipped
  ImGui::TextDisabled("%s", caption);
  const int count = static_cast<int>(lab.view.current.size());
  const float each = std::max(90 * scale, (ImGui::GetContentRegionAvail().x - 8 * scale * static_cast<float>(count)) / static_cast<float>(count));
  for (int v = 0; v < count; ++v) {
    const core::Scenario& s = lab.view.current[static_cast<size_t>(v)];
    core::Result r;
    core::compute(s, r);
    const int h = std::clamp(state.view.head, 0, s.heads - 1);
    if (v > 0) ImGui::SameLine(0, 8 * scale);
    ImGui::BeginGroup();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(curve_colour(state, v)), "%s", lab.view.curves.names[static_cast<size_t>(v)].c_str());
    HeatmapOptions o;
    o.range = weights ? ValueRange::Unit : ValueRange::Diverging;
    o.max_cell = 18;
    o.min_cell = 6;
    o.colorbar = false;
    o.no_numbers = true;
    o.show_row_labels = false;
    const std::string id = "thumb." + std::to_string(v);
    if (weights) Heatmap(state, id.c_str(), "", r.head[static_cast<size_t>(h)].weights, o, ImVec2(each, height));
    else Heatmap(state, id.c_str(), "", r.head[static_cast<size_t>(h)].W_QK, o, ImVec2(each, height));
    ImGui::EndGroup();
  }
}

// The experiment's stem for the names of exported files.
std::string lab_export_path(const AppState& state, const std::string& what, const std::string& extension) {
  return export_path(state.lab.source.empty() ? "experiment" : state.lab.source, what, extension);
}

void Exports(AppState& state) {
  Lab& lab = state.lab;
  const auto write = [&](const std::string& path, const std::string& text) {
    std::string error;
    state.status = core::write_file_atomically(path, text, &error) ? "exported " + core::short_path(path) : "not exported: " + error;
  };
  ImGui::TextUnformatted("Export:");
  ImGui::SameLine();
  ImGui::BeginDisabled(!lab.worker);
  if (ImGui::SmallButton("curves PNG")) state.dialogs.export_request = ExportRequest{Panel::LossCurves, 2.0f, false, false};
  remember_control(state, "lab.export.png");
  ImGui::SameLine();
  if (ImGui::SmallButton("curves SVG"))
    write(lab_export_path(state, "curves", ".svg"), core::curves_svg(lab.view.curves, state.view.theme == Theme::Light));
  remember_control(state, "lab.export.svg");
  ImGui::SameLine();
  if (ImGui::SmallButton("table CSV")) write(lab_export_path(state, "table", ".csv"), core::curves_table_csv(lab.view.curves));
  remember_control(state, "lab.export.csv");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!lab.problems.empty());
  if (ImGui::SmallButton("PyTorch replay (.py)")) write(lab_export_path(state, "train", ".py"), core::export_train_py(lab.experiment));
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("A script that trains the same designs in torch from the same data and starting weights.");
  ImGui::SameLine();
  if (ImGui::SmallButton("experiment (.json)")) {
    // The file's reader judges it whole, the recording's bound included (the lab's own run never records).
    if (const std::vector<std::string> problems = core::experiment_problems(lab.experiment); !problems.empty())
      state.status = "not exported: " + problems.front();
    else
      write(lab_export_path(state, "experiment", ".json"), core::to_text(core::experiment_to_json(lab.experiment)));
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("Animation of the run\u2026")) state.dialogs.record_training.open_asked = true;
  remember_control(state, "lab.export.animation");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("A GIF or MP4: the loss curves growing beside a panel that shows one design learning, a frame every K steps.");
  ImGui::EndDisabled();
}

}  // namespace

void DrawExperimentPanel(AppState& state) {
  const bool open = BeginPanel(state, Panel::Experiment,
                               "Train the competing designs of attention side by side: same data, same starting weights, "
                               "their loss curves and what each learns");
  if (!open) {
    ImGui::End();
    return;
  }
  const float scale = fonts().scale;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float settings_w = std::clamp(avail.x * 0.34f, 300 * scale, 520 * scale);
  ImGui::BeginChild("settings", ImVec2(settings_w, 0), false);
  if (!state.picture.active && ImGui::Button("\u2190 Back to the views (Ctrl+L)")) state.view.workspace = Workspace::Views;
  ExperimentSettings(state);
  ImGui::EndChild();
  ImGui::SameLine(0, 14 * scale);
  ImGui::BeginChild("run", ImVec2(0, 0), false);
  RunControls(state);
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float table_h = ImGui::GetFrameHeightWithSpacing() * static_cast<float>(std::max<size_t>(1, state.lab.experiment.variants.size()) + 1) + 8 * scale;
  const float thumbs_h = std::clamp(room.y * 0.22f, 90 * scale, 190 * scale);
  const float curves_h = std::max(160 * scale, room.y - table_h - thumbs_h - ImGui::GetFrameHeightWithSpacing() * 3);
  LossCurves(state, ImVec2(room.x, curves_h));
  VariantTable(state);
  Exports(state);
  ImGui::Spacing();
  Thumbnails(state, thumbs_h);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace app
