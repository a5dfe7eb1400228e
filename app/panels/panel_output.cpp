// Output: A·V, each row a convex combination of the rows of V (under sigmoid attention, whose rows
// need not sum to 1, its row's sum times one), beside seed
// 000's AttentionAlt (1/√d_k)·A·V·W_altᵀ, which need not be; then the heads
// concatenated and the final output after W^O.
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/heatmap.h"
#include "core/text/translate.h"
#include "core/designs/attention_alt.h"

namespace app {

void DrawOutputPanel(AppState& state) {
  if (BeginPanel(state, Panel::Output, "O_h = A_h V_h;  Y = [O_1 \u2026 O_H] W^O;  alt: (1/\u221Ad_k)\u00B7A V W_{alt}^\u1D40",
                 ImGuiWindowFlags_HorizontalScrollbar, state.view.head)) {  // narrow windows: scroll to the last heatmaps
    const core::Scenario& s = state.scenario();
    const core::Result& result = state.result();
    const core::HeadResult& r = result.head[state.view.head];
    // With a target, the loss it defines; the editor shows ∂L/∂entry beside each matrix.
    if (result.has_loss) {
      ScriptText(core::tr("L = mean (Y \u2212 target)\u00B2 = ") + format_number(result.loss) + "   (" +
                 std::to_string(result.output.size()) + core::tr(" entries)"));
      keyed::note_last("loss");  // a text, not a control: where the tests read it
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float scale = fonts().scale, gap = 10 * scale;
    // O beside the AttentionAlt output on one colour scale, so that the outer
    // 1/√d_k and W_alt show as what they are: a change of scale and coordinates.
    const HeatmapOptions o{.max_cell = 36, .row_labels = &state.token_labels()};
    HeatmapOptions pair = o;
    pair.shared_max = std::max({r.output.cwiseAbs().maxCoeff(), r.alt_output.cwiseAbs().maxCoeff(), 1e-12});
    HeatmapOptions O_o = pair, alt_o = pair, rest = o;
    O_o.colorbar = false;
    alt_o.show_row_labels = rest.show_row_labels = false;  // the rows are the tokens of the first heatmap
    // Widths in proportion to the columns, plus each heatmap's labels and colorbar.
    // The concatenation [O_1 … O_H] is shown where there is room for its numbers
    // (with one head it is O_1 itself: never shown twice).
    const float labels_w = 60 * scale, number_w = 30 * scale;
    // The colour bars give way where the row's numbers have no room beside them (lesson 6's d = 4 at
    // 1280 × 720): the numbers say the values.
    bool colorbars = true;
    const auto colorbar_w = [&] { return colorbars ? 62 * scale : 0.0f; };
    const auto free_for = [&](int shown) {
      return std::max(0.0f, avail.x - labels_w - colorbar_w() * static_cast<float>(shown - 1) - gap * static_cast<float>(shown));
    };
    const bool show_concat = s.heads > 1 && free_for(4) >= number_w * static_cast<float>(2 * s.d_k + s.heads * s.d_k + s.d_model);
    const int cols[4] = {s.d_k, s.d_k, show_concat ? s.heads * s.d_k : 0, s.d_model};
    const float total_cols = static_cast<float>(cols[0] + cols[1] + cols[2] + cols[3]);
    const float height = avail.y - 2 * ImGui::GetStyle().ItemSpacing.y;
    const auto size = [&](int i, float extra) {
      return ImVec2(extra + free_for(show_concat ? 4 : 3) * static_cast<float>(cols[i]) / total_cols, height);
    };
    // One row height for all, so that the first heatmap's token labels name every row. The row's fit
    // is the least of its heatmaps': their smallest cells, the small font where one needs it, the fewest
    // decimals (2, 1, or 0: none).
    HeatmapFit row;
    const auto lower = [&](MatrixView m, const HeatmapOptions& ho, ImVec2 room) {
      const HeatmapFit fit = heatmap_fit(state, m, ho, room, true);
      row.cell_h = std::min(row.cell_h, fit.cell_h);
      row.small_numbers |= fit.small_numbers;
      row.numbers &= fit.numbers;
      row.one_decimal |= fit.one_decimal;
    };
    const auto measure_row = [&] {
      row = HeatmapFit{.cell_h = 1e9f, .numbers = true};
      alt_o.colorbar = rest.colorbar = colorbars;
      lower(r.output, O_o, size(0, labels_w));
      lower(r.alt_output, alt_o, size(1, colorbar_w()));
      if (show_concat) lower(result.concat, rest, size(2, colorbar_w()));
      lower(result.output, rest, size(3, colorbar_w()));
    };
    measure_row();
    if (const int with_colorbars = row.decimals(); with_colorbars < 2) {
      colorbars = false;
      measure_row();
      if (row.decimals() <= with_colorbars) {  // nothing gained: they stay
        colorbars = true;
        measure_row();
      }
    }
    const float limit = row.cell_h / scale / picture_cell_factor(state);  // max_cell is in unscaled pixels
    for (HeatmapOptions* ho : {&O_o, &alt_o, &rest}) {
      ho->max_cell = std::min(ho->max_cell, limit);
      ho->small_numbers = row.small_numbers;  // one size of numbers across the row, one number of decimals
      ho->one_decimal = row.decimals() == 1;
    }
    const std::string head = std::to_string(state.view.head + 1);
    // The one that enters concat carries the name O_h (options.head_output).
    const bool alt = core::attention_alt(s.options);
    Heatmap(state, "AV", alt ? "AV" : "O_" + head + " = AV", r.output, O_o, size(0, labels_w));
    ImGui::SameLine(0, gap);
    Heatmap(state, "alt", alt ? "O_" + head + " = (1/\u221Ad_k)\u00B7AVW_{alt}\u1D40" : "(1/\u221Ad_k)\u00B7AVW_{alt}\u1D40",
            r.alt_output, alt_o, size(1, colorbar_w()));
    if (show_concat) {
      ImGui::SameLine(0, gap);
      Heatmap(state, "concat", "[O_1 \u2026 O_H]", result.concat, rest, size(2, colorbar_w()));
    }
    ImGui::SameLine(0, gap);
    Heatmap(state, "Y", s.heads > 1 ? "Y = [O_1 \u2026 O_H] W^O" : "Y = O_1 W^O", result.output, rest, size(3, colorbar_w()));
  }
  EndPanel();
}

PanelText DescribeOutputPanel(const AppState& state) {
  const core::Scenario& s = state.scenario();
  const core::Result& result = state.result();
  PanelText out = panel_title(Panel::Output) + std::string("; ") + core::tr("rows are the queries") + "\n";
  const bool alt = core::attention_alt(s.options);
  for (int h = 0; h < s.heads; ++h) {
    const core::HeadResult& r = result.head[static_cast<size_t>(h)];
    const std::string name = "O_" + std::to_string(h + 1), of = s.heads > 1 ? " " + core::tr_format("of head {0}", {std::to_string(h + 1)}) : "";
    // Both, in the order the panel draws them side by side; the one Y takes is named O_h.
    out += matrix_text(alt ? "A V" + of : name + " = A V", r.output, state.token_labels());
    out += matrix_text(alt ? name + " = " + core::kAttentionAltText : core::kAttentionAltText + of + ", " + core::tr("AttentionAlt's"),
                       r.alt_output, state.token_labels());
  }
  out += matrix_text(s.heads == 1 ? "Y = O_1 W^O" : "Y = [O_1 \u2026 O_" + std::to_string(s.heads) + "] W^O", result.output,
                     state.token_labels());
  if (result.has_loss) out += core::tr_format("loss L = mean of (Y \u2212 target)\u00B2 = {0}", {format_number(result.loss)}) + "\n";
  return out;
}

}  // namespace app
