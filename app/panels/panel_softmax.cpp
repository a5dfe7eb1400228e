// Softmax: the weights A = row-softmax(logits). Every row sums to 1 (printed
// beside it), masked cells are exactly 0, and the entropy says how spread a row is.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "app/widgets/slider.h"
#include "core/model/gradient.h"

namespace app {

namespace {

// diag(a) − aaᵀ for a chosen row a of A: ∂A_i/∂ℓ_i, what the softmax passes back
// from the weights to the logits. Its entries are at most a_j(1 − a_j) ≤ ¼; when
// one weight is near 1 they are all near 0: a saturated row learns almost nothing.
void SoftmaxJacobian(AppState& state, const core::HeadResult& r, float x, float width) {
  const core::Scenario& s = state.scenario();
  int& row = state.view.jacobian_row;
  row = std::clamp(row, 0, s.n() - 1);
  ImGui::SetCursorScreenPos(ImVec2(x, ImGui::GetCursorStartPos().y + ImGui::GetWindowPos().y + ImGui::GetFrameHeightWithSpacing()));
  ImGui::BeginGroup();
  ImGui::SetNextItemWidth(std::min(width, 140 * fonts().scale));
  ReadableSliderInt("##jacobian_row", &row, 0, s.n() - 1, ("row " + s.tokens[static_cast<size_t>(row)]).c_str());
  remember_control(state, "jacobian_row");
  const core::Mat J = core::softmax_jacobian(r.weights, row);
  HeatmapOptions o;
  o.col_labels = &state.key_labels();
  o.show_row_labels = false;  // rows and columns are both the keys; the columns name them
  o.shared_max = 0.25;  // the largest an entry can be: saturation shows as a fading matrix
  o.colorbar = false;
  const double largest = J.cwiseAbs().maxCoeff();
  const float room = ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing();
  Heatmap(state, "jacobian", "diag(a) \u2212 aa^\u1D40,  a = A_{" + std::to_string(row + 1) + ",:}", J, o, ImVec2(width, room));
  // Printed with three significant digits: "0.00" would hide how small a saturated row's entries are.
  char text[96];
  std::snprintf(text, sizeof text, largest < 0.01 ? "max |J| = %.2g: saturated" : "max |J| = %.3g (\u2264 \u00BC)", largest);
  ImGui::TextDisabled("%s", text);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every entry is at most a_j(1 \u2212 a_j) \u2264 1/4. When one weight is near 1 they all\n"
                      "are near 0: almost no gradient reaches the logits, and the row stops learning.");
  ImGui::EndGroup();
}

// Kolmogorov's criterion, beside the entropy: the largest ratio A_ij A_jk A_ki / (A_ik A_kj A_ji)
// over the cycles of three tokens. Exactly 1 when A is reversible, as row-softmax of any
// symmetric S (shared QK, QQᵀ) is without a causal mask: no cycle is followed more one
// way round than the other.
void CycleRatio(const core::HeadResult& r) {
  if (std::isnan(r.irreversibility)) {
    ImGui::TextDisabled("cycle ratio: none (%s)", r.weights.rows() < 3 ? "fewer than 3 tokens"
                                                  : r.weights.rows() != r.weights.cols() ? "cross-attention"
                                                                                           : "every cycle is masked");
  } else {
    // e^x: the ratio; its logarithm is what --dump gives as irreversibility.
    const double ratio = std::exp(r.irreversibility);
    ImGui::TextDisabled("largest cycle ratio = %s%s", std::isinf(ratio) ? "> 1e308" : format_number(ratio).c_str(),
                        r.irreversibility == 0 ? "  (reversible)" : "");
  }
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ScriptText("max over i < j < k of A_{ij}A_{jk}A_{ki} / (A_{ik}A_{kj}A_{ji}), at least 1: how much more\n"
               "attention flows round a cycle of three tokens one way than the other (the row\n"
               "sums cancel). Exactly 1 for every cycle when S is symmetric and nothing is masked\n"
               "(shared QK, QQ^\u1D40): A is then a reversible Markov matrix, \u03C0_i A_{ij} = \u03C0_j A_{ji}\n"
               "with \u03C0_i \u221D Z_i. A causal mask leaves no cycle to test.");
    ImGui::EndTooltip();
  }
}

}  // namespace

void DrawSoftmaxPanel(AppState& state) {
  // Uniform over the keys: ln n in self-attention, ln m over the m keys of another sequence.
  const char* formula = state.scenario().cross()
                            ? "A_{ij} = exp(\u2113_{ij}) / \u03A3_k exp(\u2113_{ik}),  \u2113 = S / (\u221Ad_k\u00B7T);  "
                              "entropy H_i = \u2212\u03A3_j A_{ij} ln A_{ij}: 0 one-hot, ln m uniform over the m keys"
                            : "A_{ij} = exp(\u2113_{ij}) / \u03A3_k exp(\u2113_{ik}),  \u2113 = S / (\u221Ad_k\u00B7T);  "
                              "entropy H_i = \u2212\u03A3_j A_{ij} ln A_{ij}: 0 one-hot, ln n uniform";
  if (BeginPanel(state, Panel::Softmax, formula, 0, state.view.head)) {
    const core::Scenario& s = state.scenario();
    const core::HeadResult& r = state.result().head[state.view.head];
    const double divisor =
        (s.options.scale == core::Scale::SqrtDk ? std::sqrt(static_cast<double>(s.d_k)) : 1.0) * s.options.temperature;
    // QK-norm: the logits are g·q̂·k̂ / T, the cosines of queries and keys times the head's gain.
    const std::string title =
        s.options.qk_norm
            ? "A = softmax(g\u00B7cos(q_i, k_j) / T),  QK-norm, g = " +
                  format_number(s.qk_gain[static_cast<size_t>(state.view.head)]) + ", T = " + format_number(s.options.temperature)
            : std::string("A = softmax(S / ") + (s.options.scale == core::Scale::SqrtDk ? "(\u221Ad_k\u00B7T)" : "T") +
                  "),  S / " + format_number(divisor);

    // The softmax's Jacobian of one row, on demand: it takes the right part of the panel.
    bool& jacobian = state.view.show_jacobian;
    if (!state.picture.active || jacobian) {
      const ImVec2 at = ImGui::GetCursorPos();
      ImGui::SetCursorPos(ImVec2(ImGui::GetWindowContentRegionMax().x - ImGui::GetFrameHeight() -
                                     ImGui::CalcTextSize("Jacobian").x - ImGui::GetStyle().ItemInnerSpacing.x, at.y));
      ImGui::Checkbox("Jacobian", &jacobian);
      remember_control(state, "jacobian");
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ScriptText("diag(a) \u2212 aa^\u1D40 of one row a of A: what the softmax passes back from the weights\n"
                   "to the logits. Near 0 everywhere when the row is saturated (one weight near 1).");
        ImGui::EndTooltip();
      }
      ImGui::SetCursorPos(at);
    }
    ImVec2 avail = ImGui::GetContentRegionAvail();
    const float scale = fonts().scale;
    const float full_w = avail.x;
    if (jacobian) avail.x = std::floor(avail.x * 0.6f);
    // Two narrow columns right of the colorbar: each row's sum and its entropy.
    const float column_w = ImGui::CalcTextSize("1.000").x + 10 * scale;
    const float gap = 14 * scale;  // apart from the colorbar's labels, so that a row does not read "0.50 1.000"
    const float sums_w = gap + 2 * column_w;
    const MatrixView logits(r.logits);
    HeatmapOptions o;
    o.range = ValueRange::Unit;
    o.row_labels = &state.token_labels();
    o.col_labels = &state.key_labels();
    if (s.cross()) o.axis_titles = "rows: queries (X)  \u00B7  columns: keys (X_{kv});  each row sums to 1 over the m keys";
    o.masked_where_infinite = &logits;
    o.colorbar = !jacobian;  // 0 to 1, as the title says: the room goes to the Jacobian
    o.tooltip = [&](int i, int j) {
      if (std::isinf(r.logits(i, j))) {
        ImGui::TextUnformatted(s.options.causal && j > i ? "causal mask: a token does not see later ones"
                                                         : "no-self mask: a token does not see itself");
        return;
      }
      ScriptText("A_{ij} = exp(\u2113_{ij} \u2212 max_k \u2113_{ik}) / \u03A3_k exp(\u2113_{ik} \u2212 max_k \u2113_{ik})");
      ImGui::Text("logit %s  \u2192  weight %s", format_number(r.logits(i, j)).c_str(), format_number(r.weights(i, j)).c_str());
      // Z_i, the sum that divides row i: equal scores s_ij = s_ji give A_ij / A_ji = Z_j / Z_i.
      double Z = 0;
      for (int k = 0; k < s.m(); ++k)
        if (!r.masked(i, k)) Z += std::exp(r.logits(i, k));
      char z[64];
      std::snprintf(z, sizeof z, "Z_i = \u03A3_k exp(\u2113_{ik}) = %.4g", Z);
      ScriptText(z);
    };
    // Linked highlighting: row i, the one softmax S_ij enters, and its cell; hovering A_ij lights what S_ij does.
    o.lit = query_key_cells(lit(state, state.view.head), true);
    const HeatmapLayout layout = Heatmap(state, "weights", title, r.weights, o,
                                         ImVec2(avail.x - sums_w, avail.y - 2 * ImGui::GetTextLineHeightWithSpacing()));
    hover_query_key(state, state.view.head, layout);

    // Each row's sum and entropy, level with the row; in the small font when the rows are thin.
    const Fonts& f = fonts();
    ImFont* font = layout.cell_h >= ImGui::GetFontSize() || !f.small ? f.regular : f.small;
    const float px = font->FontSize;
    const float x = layout.right + gap;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);
    const float header_y = layout.grid_min.y - ImGui::GetTextLineHeight() - 2 * scale;
    draw_script_text(dl, ImVec2(x, header_y - 2 * scale), dim, "\u03A3_j A_{ij}");
    draw_script_text(dl, ImVec2(x + column_w, header_y - 2 * scale), dim, "H_i");
    for (int i = 0; i < s.n(); ++i) {
      const float y = layout.grid_min.y + layout.cell_h * (static_cast<float>(i) + 0.5f) - px / 2;
      char sum[16], entropy[16];
      std::snprintf(sum, sizeof sum, "%.3f", r.row_sums(i));
      std::snprintf(entropy, sizeof entropy, "%.2f", r.entropy(i));
      dl->AddText(font, px, ImVec2(x, y), text, sum);
      dl->AddText(font, px, ImVec2(x + column_w, y), text, entropy);
      note_drawn_text(ImVec2(x, y), sum);
      note_drawn_text(ImVec2(x + column_w, y), entropy);
    }
    char mean[64];
    if (s.options.causal || s.options.no_self || jacobian) std::snprintf(mean, sizeof mean, "mean H = %.2f", r.entropy.mean());
    else std::snprintf(mean, sizeof mean, "mean H = %.2f   (uniform rows: ln %d = %.2f)", r.entropy.mean(), s.m(),
                       std::log(static_cast<double>(s.m())));
    ImGui::SetCursorScreenPos(ImVec2(layout.grid_min.x, layout.grid_min.y + layout.cell_h * static_cast<float>(s.n()) + 3 * scale));
    ImGui::TextDisabled("%s", mean);
    ImGui::SetCursorScreenPos(ImVec2(layout.grid_min.x, ImGui::GetCursorScreenPos().y));
    CycleRatio(r);
    if (jacobian) SoftmaxJacobian(state, r, layout.right + sums_w, full_w - (layout.right + sums_w - ImGui::GetWindowPos().x));
  }
  ImGui::End();
}

}  // namespace app
