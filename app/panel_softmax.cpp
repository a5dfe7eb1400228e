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
  if (BeginPanel(state, "Softmax", "A_{ij} = exp(\u2113_{ij}) / \u03A3_k exp(\u2113_{ik}),  \u2113 = S / (\u221Ad_k\u00B7T);  "
                            "entropy H_i = \u2212\u03A3_j A_{ij} ln A_{ij}: 0 one-hot, ln n uniform")) {
    const core::Scenario& s = state.scenario();
    const core::HeadResult& r = state.result().head[state.view.head];
    const double divisor =
        (s.options.scale == core::Scale::SqrtDk ? std::sqrt(static_cast<double>(s.d_k)) : 1.0) * s.options.temperature;
    const std::string title = std::string("A = softmax(S / ") +
                              (s.options.scale == core::Scale::SqrtDk ? "(\u221Ad_k\u00B7T)" : "T") + "),  S / " +
                              format_number(divisor);

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
      ScriptText("A_{ij} = exp(\u2113_{ij} \u2212 max_k \u2113_{ik}) / \u03A3_k exp(\u2113_{ik} \u2212 max_k \u2113_{ik})");
      ImGui::Text("logit %s  \u2192  weight %s", format_number(r.logits(i, j)).c_str(), format_number(r.weights(i, j)).c_str());
    };
    const HeatmapLayout layout = Heatmap("weights", title, r.weights, o,
                                         ImVec2(avail.x - sums_w, avail.y - ImGui::GetTextLineHeightWithSpacing()), state.view);

    // Each row's sum and entropy, level with the row, right of the colorbar;
    // in the small font when the rows are thin.
    const Fonts& f = fonts();
    ImFont* font = layout.cell_h >= ImGui::GetFontSize() || !f.small ? f.regular : f.small;
    const float px = font->FontSize;
    const float x = layout.right + 6;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddText(font, px, ImVec2(x, layout.grid_min.y - px - 2), ImGui::GetColorU32(ImGuiCol_TextDisabled), "row sum, entropy H");
    for (int i = 0; i < s.n(); ++i) {
      char text[64];
      std::snprintf(text, sizeof text, "\u03A3 = %.3f   H = %.2f", r.row_sums(i), r.entropy(i));
      dl->AddText(font, px, ImVec2(x, layout.grid_min.y + layout.cell_h * (static_cast<float>(i) + 0.5f) - px / 2),
                  ImGui::GetColorU32(ImGuiCol_Text), text);
    }
    char mean[48];
    std::snprintf(mean, sizeof mean, "mean H = %.2f", r.entropy.mean());
    dl->AddText(font, px, ImVec2(x, layout.grid_min.y + layout.cell_h * static_cast<float>(s.n()) + 2),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), mean);
  }
  ImGui::End();
}

}  // namespace app
