// Scores: S = QKᵀ beside QQᵀ (seed 004: why not QQᵀ?). QQᵀ is always
// symmetric; S is not, and its antisymmetric part is what QQᵀ cannot express.
#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "app/heatmap.h"
#include "app/panels.h"
#include "app/text.h"

namespace app {

namespace {

// "q_i·k_j = Σ_t q_it k_jt = 0.20·0.80 + 0.00·1.00 = 0.16", the terms of one score.
void DotProductTerms(const char* left, const char* right, const core::Mat& A, const core::Mat& B, int i, int j) {
  std::string terms;
  for (int t = 0; t < A.cols(); ++t) {
    if (t) terms += " + ";
    terms += "(" + format_number(A(i, t)) + ")(" + format_number(B(j, t)) + ")";
  }
  const std::string formula = std::string(left) + "_" + std::to_string(i + 1) + "\u00B7" + right + "_" +
                              std::to_string(j + 1) + " = \u03A3_t " + left + "_{" + std::to_string(i + 1) +
                              "t} " + right + "_{" + std::to_string(j + 1) + "t}";
  ScriptText(formula);
  ImGui::Text("= %s", terms.c_str());
  ImGui::Text("= %s", format_number(A.row(i).dot(B.row(j))).c_str());
}

}  // namespace

void DrawScoresPanel(AppState& state) {
  if (BeginPanel("Scores", "S = QK\u1D40  (S_{ij} = q_i\u00B7k_j)  beside  QQ\u1D40;  S = (S + S\u1D40)/2 + (S \u2212 S\u1D40)/2")) {
    const core::Scenario& s = state.scenario();
    const core::HeadResult& r = state.result().head[state.view.head];
    const int n = s.n();
    const float nf = static_cast<float>(n);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line = ImGui::GetTextLineHeightWithSpacing();

    // S and its two parts share one colour scale, so that S = sym + antisym
    // reads cell by cell; QQᵀ has its own, as its entries can be far larger.
    HeatmapOptions o;
    o.shared_max = std::max(r.scores.cwiseAbs().maxCoeff(), 1e-12);
    o.row_labels = o.col_labels = &s.tokens;
    o.max_cell = 56;
    // Two rows of two (S and QQᵀ above, the parts of S below) or one row of
    // four, whichever gives the smallest of the four the larger cells.
    const float labels_w = 70 * fonts().scale;
    const float colorbar_w = 80 * fonts().scale;
    const float headers_h = 2.4f * line;
    const float body_h = avail.y - 2 * line;
    const auto cell_in = [&](float w, float h) { return std::min((w - labels_w) / nf, (h - headers_h) / nf); };
    const float half = (avail.x - 10) / 2;
    const float two_rows = std::min(cell_in(half - colorbar_w, body_h * 0.56f), cell_in(half, body_h * 0.44f - line));
    const float quarter = (avail.x - 30 - 2 * colorbar_w) / 4;
    const bool one_row = cell_in(quarter, body_h) > two_rows;
    const ImVec2 big = one_row ? ImVec2(quarter + colorbar_w, body_h) : ImVec2(half, body_h * 0.56f);
    const ImVec2 small = one_row ? ImVec2(quarter, body_h) : ImVec2(half, body_h * 0.44f - line);

    const auto S = [&] {
      o.colorbar = true;
      o.tooltip = [&](int i, int j) { DotProductTerms("q", "k", r.Q, r.K, i, j); };
      Heatmap("scores", "S = QK\u1D40", r.scores, o, big, state.view);
    };
    const auto G = [&] {
      HeatmapOptions g = o;
      g.shared_max = 0;  // its own scale
      g.tooltip = [&](int i, int j) { DotProductTerms("q", "q", r.Q, r.Q, i, j); };
      Heatmap("QQt", "QQ\u1D40", r.QQt, g, big, state.view);
    };
    const auto sym = [&] {
      o.colorbar = false;  // the scale of S
      o.tooltip = nullptr;
      Heatmap("sym", one_row ? "(S + S\u1D40)/2" : "(S + S\u1D40)/2  symmetric part", r.scores_sym, o, small, state.view);
    };
    const auto antisym = [&] {
      o.colorbar = false;
      o.tooltip = nullptr;
      Heatmap("antisym", one_row ? "(S \u2212 S\u1D40)/2" : "(S \u2212 S\u1D40)/2  antisymmetric part", r.scores_antisym, o,
              small, state.view);
    };
    if (one_row) {
      S();
      ImGui::SameLine(0, 10);
      G();
      ImGui::SameLine(0, 10);
      sym();
      ImGui::SameLine(0, 10);
      antisym();
    } else {
      ImGui::BeginGroup();
      S();
      sym();
      ImGui::EndGroup();
      ImGui::SameLine(0, 10);
      ImGui::BeginGroup();
      G();
      antisym();
      ImGui::EndGroup();
    }

    ScriptText("asymmetry of S:  \u2016(S \u2212 S\u1D40)/2\u2016_F / \u2016S\u2016_F = " + format_number(r.asymmetry) +
               (s.options.shared_qk ? "   (shared QK: S = S\u1D40)" : ""));
    ImGui::Text("QQ\u1D40 is symmetric: n(n+1)/2 = %d free entries of n\u00B2 = %d; asymmetry 0", n * (n + 1) / 2, n * n);
  }
  ImGui::End();
}

}  // namespace app
