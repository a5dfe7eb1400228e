// Output: A·V, each row a convex combination of the rows of V, beside seed
// 000's AttentionAlt (1/√d_k)·A·V·W_altᵀ, which need not be; then the heads
// concatenated and the final output after W^O.
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app/heatmap.h"
#include "app/panels.h"
#include "app/text.h"

namespace app {

void DrawOutputPanel(AppState& state) {
  if (BeginPanel(state, "Output", "O_h = A_h V_h;  Y = [O_1 \u2026 O_H] W^O;  alt: (1/\u221Ad_k)\u00B7A V W_{alt}^\u1D40",
                 ImGuiWindowFlags_HorizontalScrollbar)) {  // narrow windows: scroll to the last heatmaps
    const core::Scenario& s = state.scenario();
    const core::Result& result = state.result();
    const core::HeadResult& r = result.head[state.view.head];
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    HeatmapOptions o;
    o.row_labels = &s.tokens;
    o.max_cell = 36;
    // Widths in proportion to the columns (plus room for labels and a colorbar
    // each). With one head the concatenation is O_1 itself: not shown twice.
    const bool show_concat = s.heads > 1;
    const int cols[4] = {s.d_k, s.d_k, show_concat ? s.heads * s.d_k : 0, s.d_model};
    // Each heatmap needs room for its row labels and colorbar; the rest is shared by columns.
    const int shown = show_concat ? 4 : 3;
    const float overhead = 118 * fonts().scale;
    const float free = std::max(0.0f, avail.x - 10.0f * static_cast<float>(shown) - overhead * static_cast<float>(shown));
    const float total_cols = static_cast<float>(cols[0] + cols[1] + cols[2] + cols[3]);
    const auto size = [&](int i) {
      return ImVec2(overhead + free * static_cast<float>(cols[i]) / total_cols, avail.y - 2 * ImGui::GetStyle().ItemSpacing.y);
    };
    const std::string head = std::to_string(state.view.head + 1);
    Heatmap("AV", "O_" + head + " = AV", r.output, o, size(0), state.view);
    ImGui::SameLine(0, 10);
    Heatmap("alt", "(1/\u221Ad_k)\u00B7AVW_{alt}^\u1D40", r.alt_output, o, size(1), state.view);
    if (show_concat) {
      ImGui::SameLine(0, 10);
      Heatmap("concat", "concat [O_1 \u2026 O_H]", result.concat, o, size(2), state.view);
    }
    ImGui::SameLine(0, 10);
    Heatmap("Y", show_concat ? "Y = concat \u00B7 W^O" : "Y = O_1 W^O", result.output, o, size(3), state.view);
  }
  ImGui::End();
}

}  // namespace app
