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
  if (BeginPanel(state, "Scores", "S = QK\u1D40  (S_{ij} = q_i\u00B7k_j)  beside  QQ\u1D40;  S = (S + S\u1D40)/2 + (S \u2212 S\u1D40)/2")) {
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
    // Three arrangements; the one whose cells are largest wins, S and QQᵀ
    // counting more than the parts of S:
    //   Grid:   S, QQᵀ above; the parts below.   Row: all four in a row.
    //   Column: S and QQᵀ in a row, the parts stacked at the right.
    enum class Arrangement { Grid, Row, Column };
    const float labels_w = 70 * fonts().scale;
    const float colorbar_w = 80 * fonts().scale;
    const float headers_h = 2.4f * line;
    const float body_h = avail.y - 2 * line - ImGui::GetStyle().ItemSpacing.y;
    const float max_cell = o.max_cell * fonts().scale;
    const auto cell_in = [&](float w, float h) {
      return std::min({(w - labels_w) / nf, (h - headers_h) / nf, max_cell});
    };
    struct Candidate {
      Arrangement arrangement;
      ImVec2 big, small;  // the room for S and QQᵀ (with a colorbar), and for each part
      float quality;
    };
    const auto candidate = [&](Arrangement a, ImVec2 big, ImVec2 small) {
      const float big_cell = cell_in(big.x - colorbar_w, big.y), part_cell = cell_in(small.x, small.y);
      return Candidate{a, big, small, std::min(big_cell, 1.6f * part_cell)};
    };
    const float half = (avail.x - 10) / 2;
    const float quarter = (avail.x - 30 - 2 * colorbar_w) / 4;
    const float stacked_h = (body_h - 3 * ImGui::GetStyle().ItemSpacing.y) / 2;
    const float stacked_w = std::min(cell_in(1e6f, stacked_h), max_cell) * nf + labels_w;
    const Candidate candidates[] = {
        candidate(Arrangement::Grid, ImVec2(half, body_h * 0.56f), ImVec2(half, body_h * 0.44f - line)),
        candidate(Arrangement::Row, ImVec2(quarter + colorbar_w, body_h), ImVec2(quarter, body_h)),
        candidate(Arrangement::Column, ImVec2((avail.x - stacked_w - 20) / 2, body_h), ImVec2(stacked_w, stacked_h)),
    };
    const Candidate best = *std::max_element(std::begin(candidates), std::end(candidates),
                                             [](const Candidate& a, const Candidate& b) { return a.quality < b.quality; });
    const ImVec2 big = best.big, small = best.small;
    const bool short_titles = best.arrangement != Arrangement::Grid;

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
      Heatmap("sym", short_titles ? "(S + S\u1D40)/2" : "(S + S\u1D40)/2  symmetric part", r.scores_sym, o, small, state.view);
    };
    const auto antisym = [&] {
      o.colorbar = false;
      o.tooltip = nullptr;
      Heatmap("antisym", short_titles ? "(S \u2212 S\u1D40)/2" : "(S \u2212 S\u1D40)/2  antisymmetric part", r.scores_antisym,
              o, small, state.view);
    };
    switch (best.arrangement) {
      case Arrangement::Row:
        S();
        ImGui::SameLine(0, 10);
        G();
        ImGui::SameLine(0, 10);
        sym();
        ImGui::SameLine(0, 10);
        antisym();
        break;
      case Arrangement::Column:
        S();
        ImGui::SameLine(0, 10);
        G();
        ImGui::SameLine(0, 10);
        ImGui::BeginGroup();
        sym();
        antisym();
        ImGui::EndGroup();
        break;
      case Arrangement::Grid:
        ImGui::BeginGroup();
        S();
        sym();
        ImGui::EndGroup();
        ImGui::SameLine(0, 10);
        ImGui::BeginGroup();
        G();
        antisym();
        ImGui::EndGroup();
        break;
    }

    ScriptText("asymmetry of S:  \u2016(S \u2212 S\u1D40)/2\u2016_F / \u2016S\u2016_F = " + format_number(r.asymmetry) +
               (s.options.shared_qk ? "   (shared QK: S = S\u1D40)" : ""));
    ImGui::Text("QQ\u1D40 is symmetric: n(n+1)/2 = %d free entries of n\u00B2 = %d; asymmetry 0", n * (n + 1) / 2, n * n);
  }
  ImGui::End();
}

}  // namespace app
