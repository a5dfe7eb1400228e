// The Experiment panel's run (panel_experiment_parts.h): the controls, the curves' smoothing, the
// table, the exports and the maps each design has learned. Names are markup, drawn as the
// panels draw it ("no √d_k"), each beside its curve's colour and dash pattern.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/files/exports.h"
#include "app/files/platform_files.h"
#include "app/panels/panel_experiment_parts.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/lab.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/loss_curves.h"
#include "core/export/export_curves.h"
#include "core/io/experiment_json.h"
#include "core/model/compute.h"
#include "core/training/curve_style.h"

namespace app {

namespace {

// A cell of the table: over seeds "median [min, max]" as the median, and the range under it in
// the small font, so that the table keeps its width (and Open in views stays on screen).
void LossCell(const std::string& text, const ImVec4* colour = nullptr) {
  const size_t at = text.find(" [");
  const std::string first = at == std::string::npos ? text : text.substr(0, at);
  if (colour) ImGui::TextColored(*colour, "%s", first.c_str());
  else ImGui::TextUnformatted(first.c_str());
  if (at == std::string::npos) return;
  if (fonts().small) PushFontOf(fonts().small);
  ImGui::TextDisabled("%s", text.substr(at + 1).c_str());
  if (fonts().small) ImGui::PopFont();
}

// One of the lab's files: the export dialog asks where it goes (the page downloads it).
void AskExport(AppState& state, ExportChoice::Kind kind, core::ExportFormat format = core::ExportFormat::Unknown) {
  platform_files().chooser->ask_export(state, {.format = format, .kind = kind});
}

}  // namespace

void RunControls(AppState& state) {
  Lab& lab = state.lab;
  const core::Curves& c = lab.view.curves;
  const float scale = fonts().scale;
  const bool running = lab.view.running;
  const bool finished = lab_finished(lab);
  const bool can_run = lab.problems.empty();
  const float button_w = 96 * scale;
  ImGui::BeginDisabled(!can_run);
  if (keyed::Button("lab.run", lab_run_label(lab), ImVec2(button_w, 0))) lab_run_or_pause(state);
  ImGui::SameLine();
  ImGui::BeginDisabled(finished);
  if (keyed::Button("lab.step", "Step", ImVec2(button_w * 0.7f, 0))) lab_step(state);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!lab.worker || (c.steps_done == 0 && !running));
  if (keyed::Button("lab.restart", "Restart", ImVec2(button_w * 0.8f, 0))) lab_restart(state);
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("From step 0 again: the same seed gives the same curves.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(170 * scale);
  if (keyed::BeginCombo("lab.speed", "##speed", kLabSpeeds[lab.speed].label)) {
    for (int i = 0; i < static_cast<int>(std::size(kLabSpeeds)); ++i)
      if (keyed::Selectable("lab.speed." + std::to_string(i), kLabSpeeds[i].label, i == lab.speed)) lab_set_speed(state, i);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  const int steps = lab.experiment.steps;
  const std::string progress = lab_progress(state);
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, progress_fill());
  ImGui::ProgressBar(lab.worker ? static_cast<float>(c.steps_done) / static_cast<float>(std::max(1, steps)) : 0.0f,
                     ImVec2(-1, 0), progress.c_str());
  ImGui::PopStyleColor();

  // Space runs or pauses, → takes one step: as a video player, when no field takes the keys.
  const ImGuiIO& io = ImGui::GetIO();
  const bool recording = state.dialogs.record_training.phase != RecordTraining::Phase::Idle;  // its progress bar is up: keys are its
  // Not while a menu or a dialog is open: there the arrows move through it (app/frame.cpp).
  const bool popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  if (!frame_picture().active && !recording && !popup && !io.WantTextInput && !io.KeyCtrl && can_run && !ImGui::IsAnyItemActive() &&
      !KeyboardOnAControl()) {
    if (OwnKeyPressed(ImGuiKey_Space, false)) lab_run_or_pause(state);
    if (OwnKeyPressed(ImGuiKey_RightArrow, true) && !finished) lab_step(state);
  }
}

// The curves' smoothing: off, or an exponential moving average of factor 0.6, 0.9 or 0.99, the raw
// curve faint under it. For the eye only: the table, the tooltip, the legend's L and every export stay raw.
void CurvesControls(AppState& state) {
  ImGui::TextUnformatted("Smoothing (EMA):");
  for (int i = 0; i < static_cast<int>(std::size(core::kSmoothings)); ++i) {
    ImGui::SameLine();
    char label[16];
    std::snprintf(label, sizeof label, i == 0 ? "off" : "%g", core::kSmoothings[i]);
    if (keyed::RadioButton("lab.smoothing." + std::to_string(i), label, state.lab.smoothing == i)) state.lab.smoothing = i;
  }
  const char* note = "the raw curves faint under them; the table and the exports stay raw";
  if (state.lab.smoothing > 0 && ImGui::CalcTextSize(note).x + ImGui::GetStyle().ItemSpacing.x <= ImGui::GetContentRegionAvail().x) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", note);
  }
}

void VariantTable(AppState& state) {
  Lab& lab = state.lab;
  const core::Curves& c = lab.view.curves;
  const float scale = fonts().scale;
  const bool seeded = c.seeds > 1;
  const char* const kNames[] = {"design", "trainable numbers", "loss at step 0", seeded ? "loss now (median)" : "loss now",
                                seeded ? "test loss (median)" : "test loss"};
  // A phone has no room for six columns: there each design is a block of lines, each number named.
  const bool narrow = ImGui::GetContentRegionAvail().x < 640 * scale;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH;
  if (!ImGui::BeginTable("variants", narrow ? 1 : 6, kFlags | (narrow ? ImGuiTableFlags_SizingStretchSame : ImGuiTableFlags_SizingFixedFit)))
    return;
  if (!narrow) {
    ImGui::TableSetupColumn(kNames[0], ImGuiTableColumnFlags_WidthFixed, 190 * scale);
    for (int k = 1; k < 5; ++k) ImGui::TableSetupColumn(kNames[k]);  // loss now: the range [min, max] under it
    ImGui::TableSetupColumn("");
    ImGui::TableHeadersRow();
  }
  // The next number's place: its column, or on a phone its own line, named.
  const auto cell = [&](int k) {
    if (!narrow) {
      ImGui::TableNextColumn();
      return;
    }
    ImGui::TextDisabled("%s:", kNames[k]);
    ImGui::SameLine();
  };
  const size_t rows = c.names.empty() ? lab.experiment.variants.size() : c.names.size();
  for (size_t v = 0; v < rows; ++v) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(v));
    const std::string name = c.names.empty() ? lab.experiment.variants[v].name : c.names[v];
    // The design's line as its curve is drawn, then its name as markup ("no √d_k").
    const ImVec2 at = ImGui::GetCursorScreenPos();
    CurveSample(state, ImGui::GetWindowDrawList(), ImVec2(at.x, at.y + ImGui::GetTextLineHeight() * 0.5f), 24 * scale, static_cast<int>(v));
    ImGui::SetCursorScreenPos(ImVec2(at.x + 30 * scale, at.y));
    ScriptText(name);
    const auto open_button = [&] {
      ImGui::BeginDisabled(!lab.worker || v >= lab.view.current.size());
      if (keyed::SmallButton("lab.open." + std::to_string(v), "Open in views")) open_variant_in_views(state, static_cast<int>(v));
      ImGui::EndDisabled();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(lab.worker ? "Its weights now, the run's first sequence as X and its target, in every panel (Ctrl+Z undoes)."
                                     : "Run or Step first.");
    };
    if (narrow) {  // beside the name
      SameLineOrWrap(ButtonWidth("Open in views"));
      open_button();
    }
    cell(1);
    if (v < c.params.size()) ImGui::Text("%d", c.params[v]);
    else ImGui::TextDisabled("\u2014");
    const bool has = v < c.loss.size() && !c.loss[v].empty();
    cell(2);
    ImGui::TextUnformatted(has ? format_loss(c.loss[v].front()).c_str() : "\u2014");
    const int diverged = v < c.diverged.size() ? c.diverged[v] : 0;
    cell(3);
    if (diverged) {  // the loss it had, and where it stopped (docs/experiments.md, "Divergence")
      const ImVec4 red = error_text();
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
    cell(4);
    if (const std::string test = variant_test_loss(c, v); !test.empty()) LossCell(test);
    else ImGui::TextDisabled(diverged ? "none: diverged" : lab.worker ? "at the end" : "\u2014");
    if (!narrow) {
      ImGui::TableNextColumn();
      open_button();
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void Exports(AppState& state) {
  Lab& lab = state.lab;
  ImGui::TextUnformatted("Export:");
  // Each button beside the last where it fits, else on the next line (a phone).
  const auto next = [](const char* label) { SameLineOrWrap(ButtonWidth(label)); };
  next("curves PNG");
  ImGui::BeginDisabled(!lab.worker);
  if (keyed::SmallButton("lab.export.png", "curves PNG")) state.dialogs.export_request = ExportRequest{Panel::LossCurves, 2.0f, false, false};
  next("curves SVG");
  if (keyed::SmallButton("lab.export.svg", "curves SVG")) AskExport(state, ExportChoice::Kind::Curves, core::ExportFormat::Svg);
  next("table CSV");
  if (keyed::SmallButton("lab.export.csv", "table CSV")) AskExport(state, ExportChoice::Kind::Table, core::ExportFormat::Csv);
  ImGui::EndDisabled();
  next("PyTorch replay (.py)");
  ImGui::BeginDisabled(!lab.problems.empty());
  if (keyed::SmallButton("lab.export.py", "PyTorch replay (.py)")) AskExport(state, ExportChoice::Kind::Replay, core::ExportFormat::Py);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("A script that trains the same designs in torch from the same data and starting weights.");
  next("experiment (.json)");
  if (keyed::SmallButton("lab.export.json", "experiment (.json)")) {
    // The file's reader judges it whole, the recording's bound included (the lab's own run never
    // records): refused before asking where, and said why.
    if (const std::vector<std::string> problems = core::experiment_problems(lab.experiment); !problems.empty())
      state.status = "not exported: " + problems.front();
    else
      AskExport(state, ExportChoice::Kind::Experiment);
  }
  next("Animation of the run\u2026");
  if (keyed::SmallButton("lab.export.animation", "Animation of the run\u2026")) state.dialogs.record_training.open_asked = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("A GIF or MP4: the loss curves growing beside a panel that shows one design learning, a frame every K steps.");
  ImGui::EndDisabled();
}

namespace {

// The header of the learned maps: which matrix they show, and how to read its rows and columns.
bool LearnedMapsHeader(AppState& state) {
  Lab& lab = state.lab;
  int choice = static_cast<int>(lab.thumbnails);
  ImGui::TextUnformatted("What each design has learned:");
  SameLineOrWrap(RadioButtonWidth("attention A of sequence 1"));
  if (ImGui::RadioButton("attention A of sequence 1", &choice, static_cast<int>(ThumbnailKind::Weights))) lab.thumbnails = ThumbnailKind::Weights;
  SameLineOrWrap(RadioButtonWidth("##wqk") + ImGui::GetStyle().ItemInnerSpacing.x + script_text_size("W^Q W^K\u1D40 (one W: W)").x);
  if (ImGui::RadioButton("##wqk", &choice, static_cast<int>(ThumbnailKind::Bilinear))) lab.thumbnails = ThumbnailKind::Bilinear;
  const bool weights = lab.thumbnails == ThumbnailKind::Weights;
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ScriptText("W^Q W^K\u1D40 (one W: W)");
  if (lab.view.current.empty()) {
    ImGui::TextDisabled("Run or Step to see them.");
    return false;
  }
  const int head = std::clamp(state.view.head, 0, lab.view.current.front().heads - 1) + 1;
  const bool cross = !lab.view.current.front().tokens_kv.empty();
  const std::string caption = weights ? std::string("(row i: the query p_i; column j: ") + (cross ? "the encoder's token e_j" : "the key p_j") +
                                            "; head " + std::to_string(head) + ")"
                                      : "(d_{model} \u00D7 d_{model}: a row and a column per dimension; head " + std::to_string(head) + ")";
  ImGui::SameLine();
  if (script_text_size(caption).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();  // no room: below, not clipped
  ScriptText(caption, ImGui::GetColorU32(ImGuiCol_TextDisabled));
  return true;
}

// A learned map's title: the design's line and its name in its colour, wrapped to the map's width
// (its name is never cut, and never pushes the next map away).
void LearnedMapName(AppState& state, int v, float width) {
  const float scale = fonts().scale, sample_w = 22 * scale;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  CurveSample(state, ImGui::GetWindowDrawList(), ImVec2(at.x, at.y + ImGui::GetTextLineHeight() * 0.5f), 18 * scale, v);
  const std::vector<std::string> lines = wrap_script_words(state.lab.view.curves.names[static_cast<size_t>(v)], width - sample_w);
  // A word longer than the map (a phone's narrow maps) is cut at its edge rather than run into the next name.
  ImGui::PushClipRect(at, ImVec2(at.x + width - 4 * fonts().scale, at.y + script_line_height() * static_cast<float>(lines.size())), true);
  for (size_t k = 0; k < lines.size(); ++k)
    draw_script_text(ImGui::GetWindowDrawList(), ImVec2(at.x + sample_w, at.y + script_line_height() * static_cast<float>(k)),
                     readable(curve_colour(state, v)), lines[k]);
  ImGui::PopClipRect();
}

// The positions 0 … count − 1, as the maps label their rows and columns: p_i and e_j by their i and j.
std::vector<std::string> positions(size_t count) {
  std::vector<std::string> labels;
  for (size_t i = 0; i < count; ++i) labels.push_back(std::to_string(i));
  return labels;
}

}  // namespace

// What each design attends to, live: A of the run's first sequence (or W^Q W^Kᵀ), a heatmap each,
// its rows and columns numbered (positions for A, dimensions for W^Q W^Kᵀ) and one colour bar for
// all, right of the last: the maps share their scale (0 to 1 for A, ± the largest |entry| of any
// design for W^Q W^Kᵀ), so that a colour means one value across the designs.
void LearnedMaps(AppState& state, float height) {  // height: what the panel planned for the maps
  if (!LearnedMapsHeader(state)) return;
  Lab& lab = state.lab;
  const float scale = fonts().scale;
  const bool weights = lab.thumbnails == ThumbnailKind::Weights;
  const int count = static_cast<int>(lab.view.current.size());
  std::vector<core::Result> results(static_cast<size_t>(count));
  double shared_max = 0;
  for (int v = 0; v < count; ++v) {
    const core::Scenario& s = lab.view.current[static_cast<size_t>(v)];
    core::compute(s, results[static_cast<size_t>(v)]);
    const auto& W_QK = results[static_cast<size_t>(v)].head[static_cast<size_t>(std::clamp(state.view.head, 0, s.heads - 1))].W_QK;
    if (W_QK.size() > 0) shared_max = std::max(shared_max, W_QK.cwiseAbs().maxCoeff());
  }
  // The first map numbers the rows for all (the designs read the same sequence), the last carries the colour bar.
  const core::Scenario& first = lab.view.current.front();
  const std::vector<std::string> rows = positions(first.tokens.size()), cols = positions(first.cross() ? first.tokens_kv.size() : first.tokens.size());
  const float labels_w = ImGui::CalcTextSize("00").x + 10 * scale, bar_w = ImGui::CalcTextSize("\u22120.00").x + 32 * scale;
  const float gap = 10 * scale, max_cell = 32, least = 60 * scale;
  // As many maps a row as fit at their smallest: all in one, or on a phone two or three rows, the
  // first of each numbering the rows.
  const float avail = ImGui::GetContentRegionAvail().x;
  int per_row = count;
  while (per_row > 1 && labels_w + bar_w + static_cast<float>(per_row) * least + gap * static_cast<float>(per_row - 1) > avail) --per_row;
  const int map_rows = (count + per_row - 1) / per_row;
  // Each map its share of the width, but no wider than its largest cells: two designs side by side, not far apart.
  const float widest = static_cast<float>(weights ? cols.size() : static_cast<size_t>(first.d_model)) * max_cell * scale + gap;
  const float each = std::clamp((avail - labels_w - bar_w - gap * static_cast<float>(per_row - 1)) / static_cast<float>(per_row), least,
                                std::max(least, widest));
  const auto width = [&](int v) { return each + (v % per_row == 0 ? labels_w : 0.0f) + (v == count - 1 ? bar_w : 0.0f); };
  size_t name_lines = 1;
  for (int v = 0; v < count; ++v)
    name_lines = std::max(name_lines, wrap_script_words(lab.view.curves.names[static_cast<size_t>(v)], width(v) - 22 * scale).size());
  const float names_h = script_line_height() * static_cast<float>(name_lines);
  // What is left below, less the names (`height` was the plan; the table may have come out taller or shorter).
  const float left = ImGui::GetContentRegionAvail().y;
  const float maps_h = std::max(std::min(height, 60 * scale),
                                (left - static_cast<float>(map_rows) * (names_h + ImGui::GetStyle().ItemSpacing.y)) / static_cast<float>(map_rows));
  HeatmapOptions o{.range = weights ? ValueRange::Unit : ValueRange::Diverging,
                   .shared_max = weights ? 0.0 : shared_max,
                   .max_cell = max_cell,
                   .min_cell = 6,
                   .no_numbers = true,
                   .row_labels = weights ? &rows : nullptr,
                   .col_labels = weights ? &cols : nullptr};
  for (int v = 0; v < count; ++v) {
    const core::Result& r = results[static_cast<size_t>(v)];
    const size_t h = static_cast<size_t>(std::clamp(state.view.head, 0, lab.view.current[static_cast<size_t>(v)].heads - 1));
    if (v % per_row != 0) ImGui::SameLine(0, gap);  // else the next row
    ImGui::BeginGroup();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    LearnedMapName(state, v, width(v));
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + names_h));
    o.colorbar = v == count - 1;
    o.show_row_labels = v % per_row == 0;
    const std::string id = "learned." + std::to_string(v);
    Heatmap(state, id.c_str(), "", weights ? MatrixView(r.head[h].weights) : MatrixView(r.head[h].W_QK), o, ImVec2(width(v), maps_h));
    ImGui::SetCursorScreenPos(ImVec2(at.x, ImGui::GetCursorScreenPos().y));
    ImGui::Dummy(ImVec2(width(v), 0));  // each map its width, whatever its cells took of it: the next starts in its place
    ImGui::EndGroup();
  }
}

}  // namespace app
