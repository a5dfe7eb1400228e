// The gauge demo under the Matrices panel (docs/questions.md, One W).
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app/panels/panel_matrices_parts.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/controls.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/model/gauge.h"

namespace app {

// docs/questions.md, One W: only W_Q W_Kᵀ reaches the scores. Apply M to W_Q and M⁻ᵀ to W_K:
// Q and K change on screen, S does not (max |ΔS| ~ 1e-16).
void GaugeDemo(AppState& state) {
  const core::Scenario& s = state.scenario();
  GaugeDemoState& g = state.panels.gauge;
  const size_t d = static_cast<size_t>(s.d_k);
  if (g.M.size() != d * d) {
    g.M.assign(d * d, 0.0);
    for (size_t i = 0; i < d; ++i) g.M[i * d + i] = 1.0;
  }
  const bool projected = s.mode == core::Mode::Projected;
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  ScriptTextWrapped(projected ? "W^Q \u2190 W^Q\u00B7M and W^K \u2190 W^K\u00B7M\u207B\u1D40 in every head: Q and K change, QK\u1D40 does not."
                              : "Q \u2190 Q\u00B7M and K \u2190 K\u00B7M\u207B\u1D40 in every head: Q and K change, QK\u1D40 does not.",
                    dim);
  if (core::shared_qk(s.options))
    // Without RoPE, orthogonal M keep S = QQᵀ, and only they when Q has a left inverse (docs/mathematics.md,
    // the gauge); under RoPE the line below says which M keep it.
    ScriptTextWrapped(core::rope_positions(s.options)
                          ? std::string("Shared QK: W^K = W^Q gets the same M; 'random M' makes an orthogonal M (M\u00B7M\u1D40 = I), and only such an M is taken.")
                          : std::string("Shared QK: W^K = W^Q gets the same M. An orthogonal M (M\u00B7M\u1D40 = I) keeps the scores, and when ") +
                                (projected ? "Q = X\u00B7W^Q" : "Q") +
                                " has full column rank (rank d_k) no other M does; 'random M' makes one, and only such an M is taken.",
                      dim);
  if (core::rope_positions(s.options))
    ScriptTextWrapped("RoPE turns q and k between W^Q and W^{K\u1D40}: S_{ij} = q_i R_{(j\u2212i)\u03B8} k_j^\u1D40 (q, k before the turn), and only an M "
                      "that commutes with every turn (a turn and a scaling within each pair) keeps S. Any other M changes it.", dim);
  const float field_w = kFieldWidth * fonts().scale;
  ImGui::PushID("gauge");
  for (size_t r = 0; r < d; ++r) {
    for (size_t c = 0; c < d; ++c) {
      if (c) ImGui::SameLine();
      ImGui::PushID(static_cast<int>(r * d + c));
      ImGui::SetNextItemWidth(field_w);
      ImGui::DragScalar("##m", ImGuiDataType_Double, &g.M[r * d + c], 0.01f, nullptr, nullptr, "%.2f");
      ImGui::PopID();
    }
    if (r == 0) {
      ImGui::SameLine();
      ImGui::TextDisabled("M");
    }
  }
  if (keyed::Button("gauge.random", "random M")) {
    const Eigen::MatrixXd M = core::random_gauge(s, g.seed++);
    for (size_t r = 0; r < d; ++r)
      for (size_t c = 0; c < d; ++c) g.M[r * d + c] = M(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c));
  }
  ImGui::SameLine();
  if (keyed::Button("gauge.apply", "apply M")) {
    Eigen::MatrixXd M(s.d_k, s.d_k);
    for (size_t i = 0; i < d * d; ++i) M(static_cast<Eigen::Index>(i / d), static_cast<Eigen::Index>(i % d)) = g.M[i];
    core::Scenario changed = s;
    g.message = core::apply_gauge(changed, M);
    if (g.message.empty()) {
      const core::Result before = state.result();
      state.apply([&](core::Scenario& sc) { sc = changed; });
      g.max_score_change = 0;
      for (int h = 0; h < s.heads; ++h)
        g.max_score_change = std::max(g.max_score_change, (state.result().head[h].scores - before.head[h].scores).cwiseAbs().maxCoeff());
    }
  }
  if (!g.message.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(error_text(), "%s", g.message.c_str());
    ImGui::PopTextWrapPos();
  } else if (g.max_score_change >= 0) {
    ImGui::SameLine();
    ImGui::Text("max |\u0394S| = %.1e", g.max_score_change);
    // Relative to the scores' size: double rounding is ~1e-16 of it, a real change far more.
    double largest = 1;
    for (int h = 0; h < s.heads; ++h) largest = std::max(largest, state.result().head[h].scores.cwiseAbs().maxCoeff());
    if (g.max_score_change < 1e-12 * largest) {
      ImGui::SameLine();
      ImGui::TextDisabled("(rounding: S did not change)");
    }
  }
  ImGui::PopID();
}

}  // namespace app
