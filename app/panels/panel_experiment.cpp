// Experiment: the training lab (docs/experiments.md). Every question of docs/questions.md is in the end
// about what a design learns: here a student picks a task, ticks the designs
// (QKᵀ, shared QK = QQᵀ, Reformer's shared QK, one W, AttentionAlt, no √d_k),
// presses Run and watches their loss curves race; the learned maps show what
// each attends to as it learns, and "Open in views" puts any of them into the
// other panels. The run is on a worker thread (training_worker.h); this file
// edits the experiment, panel_experiment_run.cpp draws the run (lab.h does the rest).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>  // RenderArrow: the experiment's box draws a combo's arrow

#include "app/files/files.h"
#include "app/panels/panel_experiment_parts.h"
#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/designs.h"
#include "app/training/lab.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/loss_curves.h"
#include "app/widgets/sweep_plot.h"
#include "app/widgets/markup_items.h"
#include "core/model/markup.h"

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
  PushFontOf(fonts().title);
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
}

// A whole-number field of the settings, clamped to lo..hi; true when it changed value. Its label
// is markup ("d_{model}"), drawn beside it as ImGui would draw a plain one.
bool SizeField(const char* label, const char* key, int& value, int lo, int hi) {
  ImGui::SetNextItemWidth(92 * fonts().scale);
  int v = value;
  const bool changed =
      keyed::InputInt(key, (std::string("##") + key).c_str(), &v) && std::clamp(v, lo, hi) != value;
  if (changed) value = std::clamp(v, lo, hi);
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  const ImVec2 at = ImGui::GetCursorScreenPos();  // on the field's text line, as ImGui sets a plain label
  ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + ImGui::GetStyle().FramePadding.y));
  ScriptText(label);
  return changed;
}

// A field of a number above 0 and at most hi; true when it changed value.
bool PositiveField(const char* label, const char* key, double& value, double hi) {
  ImGui::SetNextItemWidth(92 * fonts().scale);
  double v = value;
  if (!keyed::InputDouble(key, label, &v, 0, 0, "%.4g") || !(v > 0 && v <= hi) || v == value) return false;
  value = v;
  return true;
}

// The experiment's title in full, wrapped at spaces (never cut), in a box with a combo's arrow;
// true when it is clicked.
bool ExperimentBox(const std::string& title) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float w = ImGui::GetContentRegionAvail().x, arrow = ImGui::GetFrameHeight();
  const std::vector<std::string> lines = wrap_script_words(title, std::max(1.0f, w - arrow - 2 * style.FramePadding.x));
  const float line_h = script_line_height();
  const float h = std::max(arrow, line_h * static_cast<float>(lines.size()) + 2 * style.FramePadding.y);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const bool pressed = ImGui::InvisibleButton("##experiment", ImVec2(w, h));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(hovered ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg),
                    style.FrameRounding);
  dl->AddRectFilled(ImVec2(p.x + w - arrow, p.y), ImVec2(p.x + w, p.y + h),
                    ImGui::GetColorU32(hovered ? ImGuiCol_ButtonHovered : ImGuiCol_Button), style.FrameRounding);
  ImGui::RenderArrow(dl, ImVec2(p.x + w - arrow + style.FramePadding.y, p.y + (h - ImGui::GetFontSize()) / 2),
                     ImGui::GetColorU32(ImGuiCol_Text), ImGuiDir_Down);
  for (size_t i = 0; i < lines.size(); ++i)
    draw_script_text(dl, ImVec2(p.x + style.FramePadding.x, p.y + style.FramePadding.y + line_h * static_cast<float>(i)),
                     ImGui::GetColorU32(ImGuiCol_Text), lines[i]);
  return pressed;
}

// The shipped experiments, each title in full: the list as wide as its longest title, wrapped only
// where the window is narrower, below the box (above it when there is no room below).
void ExperimentList(AppState& state) {
  const std::vector<LessonInfo>& shipped = state.library.experiments;
  const ImVec2 display = ImGui::GetIO().DisplaySize, box_min = ImGui::GetItemRectMin(), box_max = ImGui::GetItemRectMax();
  const float pad = ImGui::GetStyle().WindowPadding.x, scale = fonts().scale;
  const auto label = [&](size_t i) { return std::to_string(i + 1) + ". " + shipped[i].title; };
  float widest = ImGui::CalcTextSize("File \u2192 Open\u2026 opens an experiment file too").x;
  for (size_t i = 0; i < shipped.size(); ++i) widest = std::max(widest, script_text_size(label(i)).x);
  const float wrap = std::min(widest + 1, std::max(200 * scale, display.x - box_min.x - 2 * pad - 8 * scale));
  float h = 2 * pad + ImGui::GetFrameHeightWithSpacing() * 2;
  for (size_t i = 0; i < shipped.size(); ++i)
    h += script_line_height() * static_cast<float>(wrap_script_words(label(i), wrap).size()) + ImGui::GetStyle().ItemSpacing.y;
  ImGui::SetNextWindowPos(ImVec2(box_min.x, std::max(0.0f, std::min(box_max.y, display.y - h))));
  if (!ImGui::BeginPopup("experiments")) return;
  const Lab& lab = state.lab;
  for (size_t i = 0; i < shipped.size(); ++i) {
    const std::string key = "lab.experiment." + std::to_string(i);
    if (keyed::MarkupSelectable(key, key.c_str(), label(i), shipped[i].path == lab.source && !lab.edited, wrap)) {
      open_experiment(state, shipped[i].path);
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::Separator();
  ImGui::TextDisabled("File \u2192 Open\u2026 opens an experiment file too");
  ImGui::EndPopup();
}

// The experiment's title, the list of the shipped ones, and its notes.
void ExperimentChooser(AppState& state) {
  Lab& lab = state.lab;
  const core::Experiment& e = lab.experiment;
  SectionTitle("Experiment");
  const std::string title = (e.title.empty() ? std::string("(untitled)") : e.title) + (lab.edited ? "  (edited)" : "");
  if (ExperimentBox(title)) ImGui::OpenPopup("experiments");
  keyed::note_last("lab.experiment");  // ExperimentBox: a widget of this panel's own
  ExperimentList(state);
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
  ImGui::BeginDisabled(!usable);
  const bool edited = ImGui::Button("Use the views' scenario as the teacher");
  if (edited) {
    core::use_as_teacher(e, views);
    state.status = "the teacher is now the views' scenario" + (views.title.empty() ? "" : ": " + core::markup_as_plain_text(views.title));
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
  ImGui::SetNextItemWidth(-1);
  bool edited = keyed::Combo("lab.task", "##task", &task, task_names(), kTaskCount);
  if (edited) core::set_task(e, static_cast<core::TaskKind>(task));
  ScriptTextWrapped(task_text(static_cast<core::TaskKind>(task)), ImGui::GetColorU32(ImGuiCol_TextDisabled));
  if (e.task == core::TaskKind::Teacher) edited |= TeacherChooser(state);
  return edited;
}

bool SizeSettings(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ImGui::Spacing();
  SectionTitle("Sizes");
  bool edited = SizeField("n (tokens)", "lab.n", e.n, core::kMinTokens, core::kMaxTokens);
  ImGui::SameLine();
  edited |= SizeField("d_{model}", "lab.d_model", e.d_model, core::kMinDModel, core::kMaxDModel);
  edited |= SizeField("d_k", "lab.d_k", e.d_k, core::kMinDk, core::kMaxDk);
  ImGui::SameLine();
  edited |= SizeField("heads", "lab.heads", e.heads, core::kMinHeads, core::kMaxHeads);
  if (core::cross_task(e.task)) {
    bool cross = e.m > 0;
    if (keyed::Checkbox("lab.cross", "cross-attention", &cross)) {
      core::set_cross_attention(e, cross);
      edited = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Every sequence has a second one, X_kv (m encoder tokens): the keys and values come from it, the queries from X.");
    if (cross) {
      ImGui::SameLine();
      edited |= SizeField("m (encoder tokens)", "lab.m", e.m, core::kMinTokens, core::kMaxTokens);
    }
  }
  return edited;
}

// One design: its colour and dash pattern, its name (as typed: a field edits it), × to remove it, and what its options are.
bool DesignRow(AppState& state, size_t i, int& remove) {
  core::Experiment& e = state.lab.experiment;
  core::Variant& v = e.variants[i];
  const float scale = fonts().scale;
  ImGui::PushID(static_cast<int>(i));
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetFrameHeight();
  CurveSample(state, ImGui::GetWindowDrawList(), ImVec2(p.x, p.y + h * 0.5f), 22 * scale, static_cast<int>(i));  // as its curve
  ImGui::Dummy(ImVec2(24 * scale, h));
  ImGui::SameLine();
  char name[41];  // a name of 1 to 40 bytes, as the reader takes it (ImGui adds no partial UTF-8 character)
  std::snprintf(name, sizeof name, "%s", v.name.c_str());
  ImGui::SetNextItemWidth(140 * scale);
  const bool edited = ImGui::InputText("##name", name, sizeof name) && name[0];
  if (edited) v.name = name;
  ImGui::SameLine();
  ImGui::BeginDisabled(e.variants.size() <= 1);
  if (ImGui::Button("\u00D7", ImVec2(h, h))) remove = static_cast<int>(i);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(e.variants.size() <= 1 ? "An experiment trains one design at least." : "Remove this design");
  ImGui::SameLine();
  const std::string summary = options_summary(v);
  ScriptText(summary, ImGui::GetColorU32(ImGuiCol_TextDisabled));
  if (ImGui::IsItemHovered()) ScriptTooltip(summary);
  ImGui::PopID();
  return edited;
}

// "add a design…": the designs of designs(), each with what it is.
bool AddDesign(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  bool edited = false;
  ImGui::BeginDisabled(e.variants.size() >= 8);
  ImGui::SetNextItemWidth(-1);
  if (keyed::BeginCombo("lab.add_design", "##add", "add a design\u2026")) {
    for (const Design& d : designs()) {
      if (MarkupSelectable(d.name, d.name, false)) {
        core::Variant v;
        v.name = unique_name(e, d.name);
        v.options = d.options;
        // The task's mask is every variant's: the previous-token task is causal.
        if (!e.variants.empty()) v.options.causal = e.variants.front().options.causal;
        e.variants.push_back(v);
        edited = true;
      }
      ImGui::SameLine(170 * fonts().scale);
      ScriptText(d.what, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  return edited;
}

bool DesignSettings(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ImGui::Spacing();
  SectionTitle("Designs");
  bool edited = false;
  int remove = -1;
  for (size_t i = 0; i < e.variants.size(); ++i) edited |= DesignRow(state, i, remove);
  if (remove >= 0) e.variants.erase(e.variants.begin() + remove);
  return AddDesign(state) || edited || remove >= 0;
}

// A learning-rate sweep: its rates, and a button that trains at one rate again (the sweep's first
// rate, or the file's learning_rate when it is among them).
bool SweepSettings(core::Experiment& e) {
  if (e.sweep_learning_rate.empty()) return false;
  std::string rates;
  for (const double r : e.sweep_learning_rate) rates += (rates.empty() ? "" : ", ") + core::plain_number(r);
  // Dear ImGui 1.92 wraps at spaces and after punctuation, but not inside a number ("0.14").
  ImGui::TextWrapped("learning rate: a sweep over %s (%zu rates, each over the seeds)", rates.c_str(),
                     e.sweep_learning_rate.size());
  if (!keyed::Button("lab.sweep.off", "One rate")) {
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Train at one learning rate: the smallest of the sweep.");
    return false;
  }
  e.learning_rate = e.sweep_learning_rate.front();
  e.sweep_learning_rate.clear();
  return true;
}

bool TrainingSettings(AppState& state) {
  core::Experiment& e = state.lab.experiment;
  ImGui::Spacing();
  SectionTitle("Training");
  bool edited = SizeField("steps", "lab.steps", e.steps, 1, core::kMaxSteps);
  ImGui::SameLine();
  edited |= SizeField("batch", "lab.batch", e.batch, 1, core::kMaxBatch);
  if (e.sweep_learning_rate.empty()) {
    edited |= PositiveField("learning rate", "lab.learning_rate", e.learning_rate, 10.0);
    ImGui::SameLine();
  }
  edited |= PositiveField("init scale", "lab.init_scale", e.init_scale, 100.0);
  edited |= SweepSettings(e);
  int optimizer = e.optimizer == core::Optimizer::Adam ? 0 : 1;
  ImGui::TextUnformatted("optimizer");
  ImGui::SameLine();
  edited |= ImGui::RadioButton("Adam", &optimizer, 0);
  ImGui::SameLine();
  edited |= ImGui::RadioButton("SGD", &optimizer, 1);
  e.optimizer = optimizer == 0 ? core::Optimizer::Adam : core::Optimizer::Sgd;
  // The seed and the seeds beside the optimizer where they fit, else below (a phone).
  const ImGuiStyle& style = ImGui::GetStyle();
  SameLineOrWrap(92 * fonts().scale + style.ItemInnerSpacing.x + ImGui::CalcTextSize("seed").x);
  ImGui::SetNextItemWidth(92 * fonts().scale);
  unsigned long long seed = e.seed;
  if (keyed::InputScalar("lab.seed", "seed", ImGuiDataType_U64, &seed) && seed != e.seed) {
    e.seed = seed;
    edited = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Same seed, same batches and starting weights: the same curves, bit for bit.");
  SameLineOrWrap(92 * fonts().scale + 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) + style.ItemInnerSpacing.x +
                 script_text_size("seeds").x);  // the field, its − and +, its label
  edited |= SizeField("seeds", "lab.seeds", e.seeds, 1, core::kMaxSeeds);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every design runs once per seed (seed, seed + 1, ...): the curve is the median over the runs,\n"
                      "the band their smallest to largest, the table median [min, max]. A conclusion should hold over\n"
                      "the seeds, not for one. Open in views shows the first seed's run.");
  return edited;
}

void ExperimentSettings(AppState& state) {
  if (!frame_picture().active && ImGui::Button("\u2190 Back to the views (Ctrl+L)"))
    state.view.workspace = Workspace::Views;
  ExperimentChooser(state);
  bool edited = TaskSettings(state);
  edited |= SizeSettings(state);
  if (edited) core::fit_teacher_tokens(state.lab.experiment);  // a new task or n: a teacher of n tokens
  edited |= DesignSettings(state);
  edited |= TrainingSettings(state);
  if (edited) experiment_edited(state);
  ImGui::PushStyleColor(ImGuiCol_Text, error_text());
  for (const std::string& problem : state.lab.problems) ImGui::TextWrapped("%s", problem.c_str());
  ImGui::PopStyleColor();
}

// Below the run's controls: the loss curves (curves_h tall), the table of variants, the exports
// and what each variant learned (thumbs_h tall).
void RunResults(AppState& state, float curves_h, float thumbs_h) {
  if (!state.lab.view.curves.sweep.empty()) {  // a sweep: the final losses and largest logits against the rate
    // As tall as the room left above the exports' row, the table's and the maps' room included.
    const float room = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() - ImGui::GetStyle().ItemSpacing.y;
    SweepPlots(state, ImVec2(ImGui::GetContentRegionAvail().x, std::max({curves_h + thumbs_h, room, 240 * fonts().scale})));
    Exports(state);
    return;
  }
  CurvesControls(state);
  LossCurves(state, ImVec2(ImGui::GetContentRegionAvail().x, curves_h));
  VariantTable(state);
  Exports(state);
  ImGui::Spacing();
  LearnedMaps(state, thumbs_h);
}

// The experiment: its settings beside its run, or above it where two columns do not fit.
void ExperimentView(AppState& state) {
  const float scale = fonts().scale;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float settings_w = std::clamp(avail.x * 0.34f, 300 * scale, 520 * scale);
  if (state.panels.stacked || avail.x < settings_w + 300 * scale) {
    // Stacked (a phone), or too narrow for two columns: the settings above the run, in one column
    // that scrolls (stacked, with the page: app/frame_views.cpp draws the panel as tall as it
    // draws), so nothing is sized by the screen.
    ExperimentSettings(state);
    ImGui::Separator();
    RunControls(state);
    // The plot about 0.6 of the width tall, and the legend below it (a narrow plot's; two lines an
    // entry, app/widgets/loss_curves.cpp).
    const float legend_h = static_cast<float>(state.lab.view.curves.names.size()) * (2 * ImGui::GetTextLineHeight() + 6 * scale);
    RunResults(state, std::floor(avail.x * 0.6f + legend_h + 2 * ImGui::GetTextLineHeight()), 120 * scale);
    return;
  }
  ImGui::BeginChild("settings", ImVec2(settings_w, 0), false);
  ExperimentSettings(state);
  ImGui::EndChild();
  ImGui::SameLine(0, 14 * scale);
  ImGui::BeginChild("run", ImVec2(0, 0), false);
  RunControls(state);
  const ImVec2 room = ImGui::GetContentRegionAvail();
  // A row of the table is a line, and over seeds a second, small one under the losses ([min, max]).
  const float small_h = fonts().small ? font_px(fonts().small) : ImGui::GetFontSize();
  const float row_h = state.lab.view.curves.seeds > 1 ? ImGui::GetTextLineHeightWithSpacing() + small_h + 2 * scale : ImGui::GetFrameHeightWithSpacing();
  const float table_h = row_h * static_cast<float>(std::max<size_t>(1, state.lab.experiment.variants.size())) + ImGui::GetFrameHeightWithSpacing() + 8 * scale;
  const float thumbs_h = std::clamp(room.y * 0.22f, 90 * scale, 190 * scale);
  const float curves_h = std::max(160 * scale, room.y - table_h - thumbs_h - ImGui::GetFrameHeightWithSpacing() * 4);
  RunResults(state, curves_h, thumbs_h);
  ImGui::EndChild();
}

}  // namespace

void DrawExperimentPanel(AppState& state) {
  const bool open = BeginPanel(state, Panel::Experiment,
                               "Train the competing designs of attention side by side: same data, same starting weights, "
                               "their loss curves and what each learns");
  if (open && state.lab.text) ModelTextView(state);
  else if (open && state.lab.heads) HeadsView(state);
  else if (open && state.lab.result) ResultView(state);
  else if (open) ExperimentView(state);
  EndPanel();
}

PanelText DescribeExperimentPanel(const AppState& state) {
  if (state.lab.text) return DescribeModelText(*state.lab.text);
  if (state.lab.heads) return DescribeHeads(*state.lab.heads);
  if (state.lab.result) {  // a language model's RESULT in place of the run
    const std::string& title = state.lab.result->title;
    return (title.empty() ? std::string("A language model's result") : core::markup_as_plain_text(title)) + "\n" +
           curves_text(state, "bits per character");
  }
  const core::Experiment& e = state.lab.experiment;
  return (e.title.empty() ? std::string("Experiment") : core::markup_as_plain_text(e.title)) + "\n" + curves_text(state);
}

}  // namespace app
