// Softmax: the weights A = row-softmax(logits). Every row sums to 1 (printed
// beside it), masked cells are exactly 0, and the entropy says how spread a row is.
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/heatmap.h"
#include "app/panels.h"
#include "app/text.h"

namespace app {

void DrawSoftmaxPanel(AppState& state) {
  if (BeginPanel("Softmax", "A_{ij} = exp(\u2113_{ij}) / \u03A3_k exp(\u2113_{ik}),   \u2113 = S / (\u221Ad_k\u00B7T)")) {
    const core::Scenario& s = state.scenario();
    const core::HeadResult& r = state.result().head[state.view.head];
    const double divisor =
        (s.options.scale == core::Scale::SqrtDk ? std::sqrt(static_cast<double>(s.d_k)) : 1.0) * s.options.temperature;
    ScriptText(std::string(s.options.scale == core::Scale::SqrtDk ? "logits = S / (\u221Ad_k \u00B7 T)" : "logits = S / T") +
               " = S / " + format_number(divisor));

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float sums_w = ImGui::CalcTextSize("\u03A3 = 1.000   H = 2.08").x + 12;
    const MatrixView logits(r.logits);
    HeatmapOptions o;
    o.range = ValueRange::Unit;
    o.row_labels = o.col_labels = &s.tokens;
    o.masked_where_infinite = &logits;
    o.tooltip = [&](int i, int j) {
      if (std::isinf(r.logits(i, j))) {
        ImGui::TextUnformatted(s.options.causal && j > i ? "causal mask: a token does not see later ones"
                                                         : "no-self mask: a token does not see itself");
        return;
      }
      ScriptText("A_{ij} = exp(ℓ_{ij} − max_k ℓ_{ik}) / Σ_k exp(ℓ_{ik} − max_k ℓ_{ik})");
      ImGui::Text("logit %s  →  weight %s", format_number(r.logits(i, j)).c_str(), format_number(r.weights(i, j)).c_str());
    };
    const float left = ImGui::GetCursorScreenPos().x;
    const HeatmapLayout layout = Heatmap("weights", "A = softmax(logits)", r.weights, o,
                                         ImVec2(avail.x - sums_w, avail.y - 2 * ImGui::GetTextLineHeightWithSpacing()), state.view);

    // Each row's sum and entropy, level with the row, right of the colorbar.
    const float x = left + layout.size.x + 6;
    const float line = ImGui::GetTextLineHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddText(ImVec2(x, layout.grid_min.y - line - 2), ImGui::GetColorU32(ImGuiCol_TextDisabled), "row sum, entropy");
    for (int i = 0; i < s.n(); ++i) {
      char text[64];
      std::snprintf(text, sizeof text, "Σ = %.3f   H = %.2f", r.row_sums(i), r.entropy(i));
      dl->AddText(ImVec2(x, layout.grid_min.y + layout.cell_h * (static_cast<float>(i) + 0.5f) - line / 2),
                  ImGui::GetColorU32(ImGuiCol_Text), text);
    }
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("entropy H in nats: 0 one-hot, ln n = %.2f uniform", std::log(static_cast<double>(s.n())));
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace app
