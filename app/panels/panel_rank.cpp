// Rank: W^Q W^Kᵀ (why W^Q and W^K and not one W?). The product is
// d_model × d_model but its rank is at most d_k, and it costs 2·d_model·d_k
// parameters per head against d_model² for a free W. In direct mode, where
// there is no W, the ranks of S = QKᵀ and QQᵀ themselves (at most min(n, d_k)).
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include <Eigen/SVD>
#include <imgui.h>

#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/heatmap.h"
#include "core/text/translate.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/model/effective_parameters.h"
#include "core/model/markup.h"

namespace app {

namespace {

// A singular value as the bars print it. Under the tolerance it is a zero that rounding left
// (1.9e-17 or exactly 0 alike): 0.000.
std::string singular_value_text(double sigma, double tolerance) {
  const bool counted = sigma > tolerance;
  char value[32];
  std::snprintf(value, sizeof value, !counted || sigma >= 1e-2 ? "%.3f" : "%.1e", counted ? sigma : 0.0);
  return value;
}

// A matrix's singular values, descending, numpy's tolerance for its rank, and the rank.
struct Spectrum {
  Eigen::VectorXd values;
  double tolerance = 0;
  int rank = 0;
};
Spectrum spectrum(const core::Mat& M) {
  const Eigen::MatrixXd dense = M;
  Spectrum s;
  s.values = Eigen::JacobiSVD<Eigen::MatrixXd>(dense).singularValues();
  s.tolerance = core::rank_tolerance(s.values.size() ? s.values(0) : 0.0, static_cast<int>(M.rows()), static_cast<int>(M.cols()));
  s.rank = static_cast<int>((s.values.array() > s.tolerance).count());
  return s;
}

// "name: rank r; singular values σ_1 2.006, σ_2 1.056", as the bars say them.
std::string spectrum_text(const std::string& name, const Eigen::VectorXd& values, double tolerance, int rank) {
  std::string out = name + ": " + core::tr_format("rank {0}; singular values", {std::to_string(rank)});
  for (int i = 0; i < static_cast<int>(values.size()); ++i)
    out += std::string(i ? ", " : " ") + "\u03C3_" + std::to_string(i + 1) + " " + singular_value_text(values(i), tolerance);
  return out + "\n";
}

// A bar's name and its value's room: "%.3f" or "%.1e" of a value under 0.01 ("1.9e-03"), never wider.
float bar_label_width() { return ImGui::CalcTextSize("\u03C3_4 ").x; }
float bar_value_width() { return ImGui::CalcTextSize("0.0e-00").x; }
// The narrowest the column of singular values can be: their bars at their shortest.
float least_bars_width() { return bar_label_width() + bar_value_width() + 12 * fonts().scale + 40.0f; }

// Singular values (descending) as horizontal bars, with numpy's rank tolerance as a line.
void SingularValueBars(const Eigen::VectorXd& singular_values, double tolerance, float width) {
  const float scale = fonts().scale;
  const float bar_h = ImGui::GetTextLineHeight();
  const int count = static_cast<int>(singular_values.size());
  const double largest = count ? std::max(singular_values(0), 1e-300) : 1.0;
  const float label_w = bar_label_width();
  const float value_w = bar_value_width();
  const float bars_w = std::clamp(width - label_w - value_w - 12 * scale, 40.0f, 360.0f * scale);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  for (int i = 0; i < count; ++i) {
    const double sigma = singular_values(i);
    const float y = origin.y + static_cast<float>(i) * (bar_h + 2 * scale);
    draw_script_text(dl, ImVec2(origin.x, y - 2 * scale), text, "\u03C3_" + std::to_string(i + 1));
    const float w = static_cast<float>(sigma / largest) * bars_w;
    const bool counted = sigma > tolerance;
    dl->AddRectFilled(ImVec2(origin.x + label_w, y), ImVec2(origin.x + label_w + std::max(w, 1.0f), y + bar_h),
                      counted ? ImGui::GetColorU32(ImGuiCol_PlotHistogram) : ImGui::GetColorU32(ImGuiCol_TextDisabled));
    const std::string value = singular_value_text(sigma, tolerance);
    dl->AddText(ImVec2(origin.x + label_w + bars_w + 6 * scale, y), text, value.c_str());
    note_drawn_text(ImVec2(origin.x + label_w + bars_w + 6 * scale, y), value);
  }
  // The tolerance, as a fraction of σ_1 it is a hair from 0: draw it at its place, at least 1 px.
  const float tol_x = origin.x + label_w + std::max(1.0f, static_cast<float>(tolerance / largest) * bars_w);
  const float bottom = origin.y + static_cast<float>(count) * (bar_h + 2 * scale);
  dl->AddLine(ImVec2(tol_x, origin.y - 2 * scale), ImVec2(tol_x, bottom), IM_COL32(230, 80, 60, 255), 2 * scale);
  ImGui::Dummy(ImVec2(width, bottom - origin.y));
  char tol[64];
  std::snprintf(tol, sizeof tol, "%.1e", tolerance);
  if (fonts().small) PushFontOf(fonts().small);
  ScriptTextWrapped(core::tr_format("red: tolerance {0}", {tol}), ImGui::GetColorU32(ImGuiCol_TextDisabled));  // the caller's group sets the width
  if (fonts().small) ImGui::PopFont();
}

// The lines of the column right of the matrix that a narrower column would break: the rank and the counts.
std::string rank_line(const core::Scenario& s, const core::HeadResult& r) {
  return core::tr_format("rank {0}", {std::to_string(r.W_QK_rank)}) + " \u2264 " + (s.d_k <= s.d_model ? "d_k = " : "d_{model} = ") +
         std::to_string(std::min(s.d_model, s.d_k));
}
std::string separate_line(const core::Scenario& s, const core::Result& result) {
  return std::string(core::shared_qk(s.options) ? "W^Q = W^K: " : "W^Q, W^K: ") + std::to_string(result.params.separate);
}
// What of a head's count reaches the logits (core/model/effective_parameters.h): its count, and why.
std::string effective_line(const core::Scenario& s) {
  return core::tr_format("effective: {0} a head", {std::to_string(core::effective_parameters(s).count)});
}
std::string effective_reason(const core::Scenario& s) {
  const core::EffectiveParameters e = core::effective_parameters(s);
  return e.computed ? e.reason : e.formula + " = " + std::to_string(e.count) + ": " + e.reason;
}

// The narrowest the column right of the matrix can be: the singular values' bars at their
// shortest, and the rank and counts each on one line (one broken in two ran off the panel's foot).
float least_column_width(const AppState& state) {
  const core::Scenario& s = state.scenario();
  const core::Result& result = state.result();
  float w = least_bars_width();
  if (core::one_w(s.options)) return std::max(w, script_text_size(effective_line(s)).x + 2 * fonts().scale);  // the rest wrap
  for (const std::string& line : {rank_line(s, result.head[state.view.head]), separate_line(s, result),
                                  "one W: " + std::to_string(result.params.merged), effective_line(s)})
    w = std::max(w, script_text_size(line).x + 2 * fonts().scale);
  return w;
}

// The room for W^Q W^Kᵀ: 45% of the panel, or as much more as its numbers need, up to what leaves
// the singular values their column at its narrowest (at 1280 × 720 its 18 px cells had no number).
// The regular font's first, giving up the colour bar for them (the numbers say the values), then
// the small font's, each with two decimals; where even so they do not fit, the least room (where
// the matrix shows its numbers with one decimal if they fit so, else none).
struct MatrixFit {
  ImVec2 room;
  int readability = 0;  // 2: the numbers in the regular font, 1: in the small one, 0: none
};

MatrixFit MatrixRoom(const AppState& state, const core::Mat& W, HeatmapOptions& o, ImVec2 avail) {
  const float scale = fonts().scale;
  const float h = avail.y - ImGui::GetStyle().ItemSpacing.y;
  const float least = avail.x * 0.45f;
  const float widest = std::max(least, avail.x - 12 * scale - least_column_width(state));
  for (const bool small : {false, true})
    for (const bool colorbar : {true, false}) {
      o.colorbar = colorbar;
      for (float w = least;; w = std::min(w + 8 * scale, widest)) {
        const HeatmapFit fit = heatmap_fit(state, W, o, ImVec2(w, h), true);
        // Two decimals: with one only, the matrix is drawn in the least width, as where none fit.
        if (fit.decimals() == 2 && (small || !fit.small_numbers)) return MatrixFit{ImVec2(w, h), fit.small_numbers ? 1 : 2};
        if (w >= widest) break;
      }
    }
  o.colorbar = true;
  return MatrixFit{ImVec2(least, h), 0};
}

// Direct mode: S = QKᵀ (n × m) and QQᵀ (n × n) have rank at most min(n, m, d_k).
void ScoreRanks(const core::Scenario& s, const core::HeadResult& r) {
  const int n = s.n(), m = s.m();
  ScriptTextWrapped(s.cross() ? core::tr("S: rank \u2264 min(n, m, d_k) = ") + std::to_string(std::min({n, m, s.d_k})) +
                                  core::tr(",  QQ\u1D40: rank \u2264 min(n, d_k) = ") + std::to_string(std::min(n, s.d_k)) + core::tr("  (direct mode: no W)")
                              : core::tr("rank \u2264 min(n, d_k) = ") + std::to_string(std::min(n, s.d_k)) + core::tr("  (direct mode: no W)"));
  const float half = (ImGui::GetContentRegionAvail().x - 12 * fonts().scale) / 2;
  const auto column = [&](const char* name, const core::Mat& M) {
    const Spectrum sp = spectrum(M);
    ImGui::BeginGroup();
    ScriptText(std::string(name) + core::tr(": rank ") + std::to_string(sp.rank));
    SingularValueBars(sp.values, sp.tolerance, half);
    ImGui::EndGroup();
  };
  column("S = QK\u1D40", r.scores);
  ImGui::SameLine(0, 12 * fonts().scale);
  column("QQ\u1D40", r.QQt);
}

}  // namespace

int RankPanelReadability(const AppState& state, ImVec2 size) {
  const core::Scenario& s = state.scenario();
  if (s.mode != core::Mode::Projected) return 3;  // no matrix: nothing to read
  // Less the title bar, and a scroll bar: the column of counts may run past the panel's foot.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 avail(size.x - 2 * style.WindowPadding.x - style.ScrollbarSize, size.y - 2 * style.WindowPadding.y - ImGui::GetFrameHeight());
  HeatmapOptions o{.max_cell = 40};
  return MatrixRoom(state, state.result().head[state.view.head].W_QK, o, avail).readability;
}

void DrawRankPanel(AppState& state) {
  if (BeginPanel(state, Panel::Rank, "W^{QK} = W^Q W^{K\u1D40}  (d_{model} \u00D7 d_{model}),  rank \u2264 d_k", 0, state.view.head)) {
    const core::Scenario& s = state.scenario();
    const core::Result& result = state.result();
    if (s.mode != core::Mode::Projected) {
      ScoreRanks(s, result.head[state.view.head]);
      EndPanel();
      return;
    }
    const core::HeadResult& r = result.head[state.view.head];
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImFont* small = fonts().small ? fonts().small : ImGui::GetFont();
    // Left: the matrix; right: its rank, singular values, and what it costs.
    HeatmapOptions o{.max_cell = 40};
    const bool merged = core::one_w(s.options);
    Heatmap(state, "W_QK", merged ? "W_{" + std::to_string(state.view.head + 1) + "}  (one W)" : "W^Q W^{K\u1D40}", r.W_QK, o,
            MatrixRoom(state, r.W_QK, o, avail).room);
    ImGui::SameLine(0, 12 * fonts().scale);
    ImGui::BeginGroup();
    const float right = ImGui::GetContentRegionAvail().x;
    const int dm = s.d_model, dk = s.d_k;
    if (merged) {  // docs/questions.md, One W: any d_model × d_model matrix, rank up to d_model
      ScriptTextWrapped(core::tr("rank ") + std::to_string(r.W_QK_rank) + core::tr(" \u2264 d_{model} = ") + std::to_string(dm) +
                        core::tr(": one W is not held to d_k"));
      SingularValueBars(r.W_QK_singular_values, r.W_QK_rank_tolerance, right);
      ScriptTextWrapped(core::tr("one W: d_{model}\u00B2\u00B7H = ") + std::to_string(result.params.merged) + core::tr("; W^Q, W^K would take 2\u00B7d_{model}\u00B7d_k\u00B7H = ") +
                        std::to_string(2 * dm * dk * s.heads));
      ScriptTextWrapped(effective_line(s));
      ImGui::EndGroup();
      if (ImGui::IsItemHovered()) ScriptTooltip(core::tr("effective a head: ") + effective_reason(s));
      EndPanel();
      return;
    }
    ScriptTextWrapped(rank_line(s, r));
    SingularValueBars(r.W_QK_singular_values, r.W_QK_rank_tolerance, right);
    // What it costs, all heads (two thin matrices a head against one square W), and how much of a
    // head's count reaches the scores (core/model/effective_parameters.h): lesson 2's numbers, in the
    // text's own size and colour, one a line so that a narrow column wraps none in the middle.
    PushFontOf(small);
    ScriptTextWrapped(s.heads == 1 ? core::tr("parameters, one head:") : core::tr("parameters, ") + std::to_string(s.heads) + core::tr(" heads:"),
                      ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::PopFont();
    ScriptTextWrapped(separate_line(s, result));
    ScriptTextWrapped(core::tr("one W: ") + std::to_string(result.params.merged));
    ScriptTextWrapped(effective_line(s));
    // Why the rest do not count, in words: the gauge that ties them (or, under RoPE, how it was counted).
    PushFontOf(small);
    // RoPE turns q and k between W^Q and W^Kᵀ: the product is S's form only where no turn is left (i = j).
    if (core::rope_positions(s.options))
      ScriptTextWrapped(core::tr("RoPE: S_{ij} = x_i W^Q R_{(j\u2212i)\u03B8} W^{K\u1D40} x_j\u1D40, so W^Q W^{K\u1D40} gives S only at i = j; "
                        "the effective count is the Jacobian's rank"),
                        ImGui::GetColorU32(ImGuiCol_TextDisabled));
    else
      ScriptTextWrapped(effective_reason(s), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::PopFont();
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ScriptText(std::string(core::shared_qk(s.options) ? "W^Q = W^K: " : "W^Q, W^K: 2\u00B7") + core::tr("d_{model}\u00B7d_k\u00B7H = ") +
                 std::to_string(result.params.separate) + core::tr(" parameters of all heads"));
      ScriptText(core::tr("one W a head: d_{model}\u00B2\u00B7H = ") + std::to_string(result.params.merged) + core::tr(" in all"));
      ScriptText(core::tr("effective a head: ") + effective_reason(s));
      ImGui::EndTooltip();
    }
  }
  EndPanel();
}

PanelText DescribeRankPanel(const AppState& state) {
  const core::Scenario& s = state.scenario();
  const core::HeadResult& r = state.result().head[static_cast<size_t>(state.view.head)];
  PanelText out = panel_title(Panel::Rank) + head_text(state) + "\n";
  if (s.mode != core::Mode::Projected) {  // no W: the ranks of S and QQᵀ, at most min(n, m, d_k)
    out += core::tr_format("direct mode: no W^Q W^K\u1D40. S has rank \u2264 min(n, m, d_k) = {0}, QQ\u1D40 rank \u2264 min(n, d_k) = {1}",
                           {std::to_string(std::min({s.n(), s.m(), s.d_k})), std::to_string(std::min(s.n(), s.d_k))}) + "\n";
    const Spectrum S = spectrum(r.scores), QQt = spectrum(r.QQt);
    return out + spectrum_text("S = QK\u1D40", S.values, S.tolerance, S.rank) + spectrum_text("QQ\u1D40", QQt.values, QQt.tolerance, QQt.rank);
  }
  const bool merged = core::one_w(s.options);
  const std::string name = merged ? core::tr("W, one matrix") : "W^Q W^K\u1D40";
  out += matrix_text(name + " (d_model \u00D7 d_model)", r.W_QK);
  out += spectrum_text(name, r.W_QK_singular_values, r.W_QK_rank_tolerance, r.W_QK_rank);
  out += (merged ? core::tr_format("rank \u2264 d_model = {0}", {std::to_string(s.d_model)})
                 : core::tr_format("rank \u2264 d_k = {0} of d_model = {1}", {std::to_string(s.d_k), std::to_string(s.d_model)})) + "\n";
  if (core::rope_positions(s.options)) out += core::tr("under RoPE, W^Q W^K\u1D40 gives S only where i = j") + std::string("\n");
  return out + core::tr_format("effective parameters a head: {0} ({1})", {std::to_string(core::effective_parameters(s).count),
                                                                          core::markup_as_plain_text(effective_reason(s))}) + "\n";
}

}  // namespace app
