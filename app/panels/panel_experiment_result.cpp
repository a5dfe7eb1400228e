// A language model's RESULT in the lab (File → Open result): what it was trained on and where, its notes,
// the curves of bits per character (median over the seeds, and their band), and the table of held-out
// bits per character. The model was trained by the script attnlab wrote (docs/experiments.md,
// "Language models"); the lab only shows what came back.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include <imgui.h>

#include "app/files/platform_files.h"
#include "app/panels/panel_experiment_parts.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/lab.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/loss_curves.h"
#include "app/widgets/sweep_plot.h"
#include "core/io/atomic_file.h"

namespace app {

namespace {

// "1 234 s" as minutes and hours once it is long.
std::string duration(double seconds) {
  char text[64];
  if (seconds < 120) std::snprintf(text, sizeof text, "%.0f s", seconds);
  else if (seconds < 7200) std::snprintf(text, sizeof text, "%.1f min", seconds / 60);
  else std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  return text;
}

// Left: where the result comes from, and its notes.
void ResultFacts(AppState& state, const core::LmResult& r) {
  if (!frame_picture().active && keyed::Button("result.close", "\u2190 Back to the lab")) close_result(state);
  PushFontOf(fonts().title);
  ScriptTextWrapped(r.title.empty() ? "A language model's result" : r.title);
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", shown_path(state.lab.result_source).c_str());  // wrapped: the file's name stays in sight
  ImGui::PopStyleColor();
  ImGui::Spacing();
  const auto fact = [](const char* name, const std::string& value) {
    if (value.empty()) return;
    ImGui::TextDisabled("%s", name);
    ImGui::SameLine(110 * fonts().scale);
    ImGui::TextWrapped("%s", value.c_str());
  };
  fact("trained on", r.device + (r.device.rfind("cpu", 0) == 0 && r.threads ? ", " + std::to_string(r.threads) + (r.threads == 1 ? " thread" : " threads") + " a process" : ""));
  fact("in", duration(r.seconds) + (r.started.empty() ? "" : ", from " + r.started));
  fact("torch", r.torch + (r.python.empty() ? "" : ", Python " + r.python) + (r.dtype.empty() ? "" : ", " + r.dtype));
  fact("corpus", r.corpus + (r.corpus_characters ? ", " + thousands(static_cast<double>(r.corpus_characters)) + " characters" : ""));
  fact("sha256", r.corpus_sha256.substr(0, 16) + (r.corpus_sha256.size() > 16 ? "\u2026" : ""));
  fact("runs", thousands(r.steps) + " steps \u00D7 " + std::to_string(r.seeds()) + (r.seeds() == 1 ? " seed" : " seeds") + " \u00D7 " +
                   (r.sweep.empty() ? "" : std::to_string(r.sweep.size()) + " learning rates \u00D7 ") +
                   std::to_string(r.variants.size()) + " designs");
  if (!r.notes.empty()) {
    ImGui::Spacing();
    ImGui::TextDisabled("What it asks, and what the runs show");
    ImGui::BeginChild("notes", ImVec2(0, 0), true);
    ScriptTextWrapped(r.notes);
    ImGui::EndChild();
  }
}

// A button a run with a heads file, named by its seed: its heads in the Heads view (the RESULT stays behind it).
void HeadsButtons(AppState& state, const core::LmVariantResult& variant, size_t v) {
  bool first = true;
  for (size_t k = 0; k < variant.runs.size(); ++k) {
    const core::LmRun& run = variant.runs[k];
    if (run.heads.empty()) continue;
    if (!first) ImGui::SameLine();
    first = false;
    const std::string label = "seed " + std::to_string(run.seed) + "##heads" + std::to_string(v) + "." + std::to_string(k);
    if (keyed::SmallButton("result.heads." + std::to_string(v) + "." + std::to_string(k), label.c_str())) {
      // Relative to the RESULT's folder, as the script names it; the reader refuses an absolute path.
      const std::filesystem::path folder = std::filesystem::path(state.lab.result_source).parent_path();
      open_heads(state, (folder / run.heads).string());
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Open %s: this run's trained heads, each one's W_Q·W_Kᵀ", run.heads.c_str());
  }
}

// A row a design: its line, parameters, bits per character at the first step and on the held-out split.
void ResultTable(AppState& state, const core::LmResult& r) {
  const core::Curves& c = state.lab.view.curves;
  const float scale = fonts().scale;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  // The objective where the designs do not all share one (their bits are of different things), and each
  // run's trained heads where the script wrote them.
  const bool objectives = std::any_of(r.variants.begin(), r.variants.end(), [](const core::LmVariantResult& v) { return v.objective != "causal"; });
  const bool heads = std::any_of(r.variants.begin(), r.variants.end(), [](const core::LmVariantResult& v) {
    return std::any_of(v.runs.begin(), v.runs.end(), [](const core::LmRun& run) { return !run.heads.empty(); });
  });
  if (!ImGui::BeginTable("result", 4 + objectives + heads, kFlags)) return;
  ImGui::TableSetupColumn("design", ImGuiTableColumnFlags_WidthFixed, 220 * scale);
  if (objectives) ImGui::TableSetupColumn("objective");
  ImGui::TableSetupColumn("parameters");
  ImGui::TableSetupColumn("bits/char, step 0");
  ImGui::TableSetupColumn(r.seeds() > 1 ? "held-out bits/char: median [min, max]" : "held-out bits/char");
  if (heads) ImGui::TableSetupColumn("trained heads, by seed");
  ImGui::TableHeadersRow();
  const auto cell = [](const std::string& text) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(text.c_str());
  };
  for (size_t v = 0; v < r.variants.size(); ++v) {
    const core::LmVariantResult& variant = r.variants[v];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    CurveSample(state, ImGui::GetWindowDrawList(), ImVec2(at.x, at.y + ImGui::GetTextLineHeight() * 0.5f), 24 * scale, static_cast<int>(v));
    ImGui::SetCursorScreenPos(ImVec2(at.x + 30 * scale, at.y));
    ScriptText(variant.name);
    if (objectives) cell(variant.objective);
    cell(thousands(static_cast<double>(variant.params)));
    cell(v < c.loss.size() && !c.loss[v].empty() ? format_loss(c.loss[v].front()) : "\u2014");
    ImGui::TableNextColumn();
    const std::string held = core::held_out_summary(variant);
    int diverged = 0;
    for (const core::LmRun& run : variant.runs) diverged += run.diverged > 0;
    if (diverged) {
      const ImVec4 red = error_text();
      ImGui::TextColored(red, "%s%s", held == "diverged" ? "" : (held + " \u00B7 ").c_str(),
                         (std::to_string(diverged) + " of " + std::to_string(variant.runs.size()) + (variant.runs.size() == 1 ? " run" : " runs") +
                          (c.diverged[v] > r.steps ? " diverged after the last step (held-out not finite)"
                                                   : " diverged at step " + std::to_string(c.diverged[v])))
                             .c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Its loss was not finite at that step: the run stopped there. The median is over the runs that did not.");
    } else {
      ImGui::TextUnformatted(held.c_str());
    }
    if (heads) {
      ImGui::TableNextColumn();
      HeadsButtons(state, variant, v);
    }
  }
  ImGui::EndTable();
}

void ResultExports(AppState& state) {
  ImGui::TextUnformatted("Export:");
  ImGui::SameLine();
  if (keyed::SmallButton("result.export.png", "curves PNG")) state.dialogs.export_request = ExportRequest{Panel::LossCurves, 2.0f, false, false};
  ImGui::SameLine();
  using Kind = ExportChoice::Kind;
  if (keyed::SmallButton("result.export.svg", "curves SVG"))
    platform_files().chooser->ask_export(state, {.format = core::ExportFormat::Svg, .kind = Kind::Curves});
  ImGui::SameLine();
  if (keyed::SmallButton("result.export.csv", "table CSV"))
    platform_files().chooser->ask_export(state, {.format = core::ExportFormat::Csv, .kind = Kind::Table});
}

}  // namespace

void ResultView(AppState& state) {
  // Held for the frame: "Back to the lab" closes the result half-way through drawing it.
  const std::shared_ptr<const core::LmResult> held = state.lab.result;
  const core::LmResult& r = *held;
  const float scale = fonts().scale;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::BeginChild("facts", ImVec2(std::clamp(avail.x * 0.30f, 280 * scale, 460 * scale), 0), false);
  ResultFacts(state, r);
  ImGui::EndChild();
  ImGui::SameLine(0, 14 * scale);
  ImGui::BeginChild("curves", ImVec2(0, 0), false);
  ImGui::PushTextWrapPos(0);  // wrapped at the panel's edge, not cut off there in a narrow window
  ImGui::TextDisabled(r.sweep.empty() ? "%s of each step's batch, before the step (the median over the "
                                        "seeds; the band: the smallest to the largest)"
                                      : "held-out %s after training, and the largest attention logit of any "
                                        "step's batch, against the peak learning rate",
                      r.unit.c_str());
  ImGui::PopTextWrapPos();
  if (!r.sweep.empty()) {  // a learning-rate sweep: the held-out bits and the largest logits against the rate
    SweepPlots(state, ImVec2(ImGui::GetContentRegionAvail().x,
                             std::max(240 * scale, ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 1.5f)));
    ResultExports(state);
    ImGui::EndChild();
    return;
  }
  CurvesControls(state);
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float row_h = ImGui::GetTextLineHeightWithSpacing() + 2 * scale;
  const float table_h = row_h * static_cast<float>(r.variants.size() + 1) + ImGui::GetFrameHeightWithSpacing() * 2;
  LossCurves(state, ImVec2(room.x, std::max(160 * scale, room.y - table_h)));
  ResultTable(state, r);
  ResultExports(state);
  ImGui::EndChild();
}

}  // namespace app
