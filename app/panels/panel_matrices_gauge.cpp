// The gauge demo under the Matrices panel (docs/questions.md, One W).
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app/panels/panel_matrices_parts.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/controls.h"
#include "core/model/gauge.h"
#include "core/text/translate.h"

namespace app {

// docs/questions.md, One W: only W_Q W_Kᵀ reaches S. The M that keep the logits are the scenario's
// gauge group (core/model/gauge.h, which says which and why); 'apply M' takes no other, so that the
// change it shows (max |ΔA| ~ 1e-16) is what the text says.
void GaugeDemo(AppState& state) {
  const core::Scenario& s = state.scenario();
  GaugeDemoState& g = state.panels.gauge;
  const core::GaugeGroup group = core::gauge_group(s);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  ScriptTextWrapped(group.keeps, dim);
  if (!group.applies) return;
  const size_t d = static_cast<size_t>(s.d_k);
  if (g.M.size() != d * d) {
    g.M.assign(d * d, 0.0);
    for (size_t i = 0; i < d; ++i) g.M[i * d + i] = 1.0;
  }
  // The fields' numbers, row by row, as the matrix M.
  Eigen::Map<core::Mat> M(g.M.data(), s.d_k, s.d_k);
  const float field_w = kFieldWidth * fonts().scale;
  ImGui::PushID("gauge");
  for (size_t r = 0; r < d; ++r) {
    for (size_t c = 0; c < d; ++c) {
      if (c) ImGui::SameLine();
      ImGui::PushID(static_cast<int>(r * d + c));
      ImGui::SetNextItemWidth(field_w);
      ImGui::DragScalar("##m", ImGuiDataType_Double, &g.M[r * d + c], EntryDragSpeed(state), nullptr, nullptr, "%.2f");
      ImGui::PopID();
    }
    if (r == 0) {
      ImGui::SameLine();
      ImGui::TextDisabled("M");
    }
  }
  if (keyed::Button("gauge.random", translated("random M").c_str())) M = core::random_gauge(s, g.seed++);
  ImGui::SameLine();
  if (keyed::Button("gauge.apply", translated("apply M").c_str())) {
    core::Scenario changed = s;
    g.message = core::apply_gauge(changed, M);
    if (g.message.empty()) {
      const core::Result before = state.result();
      state.apply([&](core::Scenario& sc) { sc = changed; });
      g.max_score_change = g.max_weight_change = 0;
      for (int h = 0; h < s.heads; ++h) {
        const core::HeadResult &was = before.head[h], &is = state.result().head[h];
        g.max_score_change = std::max(g.max_score_change, (is.scores - was.scores).cwiseAbs().maxCoeff());
        g.max_weight_change = std::max(g.max_weight_change, (is.weights - was.weights).cwiseAbs().maxCoeff());
      }
    }
  }
  if (!g.message.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(error_text(), "%s", g.message.c_str());
    ImGui::PopTextWrapPos();
  } else if (g.max_score_change >= 0) {
    // On a line of its own: beside the buttons it ran past a narrow panel's edge.
    ImGui::Text("max |\u0394S| = %.1e, max |\u0394A| = %.1e", g.max_score_change, g.max_weight_change);
    // Relative to the scores' size: double rounding is ~1e-16 of it, a real change far more. A weight
    // is at most 1.
    double largest = 1;
    for (int h = 0; h < s.heads; ++h) largest = std::max(largest, state.result().head[h].scores.cwiseAbs().maxCoeff());
    const bool scores_kept = g.max_score_change < 1e-12 * largest, weights_kept = g.max_weight_change < 1e-12;
    if (weights_kept)
      ScriptTextWrapped(scores_kept ? core::tr("rounding: S and A did not change") : core::tr("rounding: A did not change; S = QK\u1D40 did"), dim);
  }
  ImGui::PopID();
}

}  // namespace app
