// Softmax: the weights A = row-softmax(logits). Every row sums to 1 (printed
// beside it), masked cells are exactly 0, and the entropy says how spread a row is.
// Under sigmoid attention (core/designs/sigmoid_attention.h) each weight is σ(logit + b) on its
// own: the sums beside the rows are then whatever they come to, the contrast this panel shows.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>  // the window's content region

#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "app/widgets/slider.h"
#include "core/text/translate.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/sigmoid_attention.h"
#include "core/designs/sqrt_dk_scale.h"
#include "core/model/gradient.h"
#include "core/model/markup.h"

namespace app {

namespace {

// diag(a) − aaᵀ for a chosen row a of A (diag(a(1 − a)) under sigmoid attention): ∂A_i/∂ℓ_i, what the softmax passes back
// from the weights to the logits. Its entries are at most a_j(1 − a_j) ≤ ¼; when
// one weight is near 1 they are all near 0: a saturated row learns almost nothing.
void SoftmaxJacobian(AppState& state, const core::HeadResult& r, float x, float width) {
  const core::Scenario& s = state.scenario();
  int& row = state.view.jacobian_row;
  row = std::clamp(row, 0, s.n() - 1);
  ImGui::SetCursorScreenPos(ImVec2(x, ImGui::GetCursorStartPos().y + ImGui::GetWindowPos().y + ImGui::GetFrameHeightWithSpacing()));
  ImGui::BeginGroup();
  ImGui::SetNextItemWidth(std::min(width, 140 * fonts().scale));
  keyed::ReadableSliderInt("jacobian_row", "##jacobian_row", &row, 0, s.n() - 1, ("row " + s.tokens[static_cast<size_t>(row)]).c_str());
  // Under sigmoid attention each weight depends on its own logit alone: J = diag(a(1 − a)).
  const bool sigmoid = core::sigmoid_weights(s.options);
  const core::Mat J = sigmoid ? core::Mat(r.weights.row(row).cwiseProduct((1.0 - r.weights.row(row).array()).matrix()).asDiagonal())
                              : core::softmax_jacobian(r.weights, row);
  HeatmapOptions o;
  o.col_labels = &state.key_labels();
  o.show_row_labels = false;  // rows and columns are both the keys; the columns name them
  o.shared_max = 0.25;  // the largest an entry can be: saturation shows as a fading matrix
  o.colorbar = false;
  o.one_decimal_allowed = false;  // its entries are at most ¼: with one decimal most would read 0.0 or 0.1
  const double largest = J.cwiseAbs().maxCoeff();
  const float room = ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing();
  Heatmap(state, "jacobian", std::string(sigmoid ? "diag(a(1 \u2212 a))" : "diag(a) \u2212 aa^\u1D40") + ",  a = A_{" + std::to_string(row + 1) + ",:}",
          J, o, ImVec2(width, room));
  // Printed with three significant digits: "0.00" would hide how small a saturated row's entries are.
  char text[96];
  std::snprintf(text, sizeof text, largest < 0.01 ? "max |J| = %.2g: saturated" : "max |J| = %.3g (\u2264 \u00BC)", largest);
  ImGui::TextDisabled("%s", text);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", sigmoid ? core::tr("J is diagonal: entry j is a_j(1 \u2212 a_j) \u2264 1/4, near 0 only where a_j is near 0 or 1:\n"
                                "each weight saturates on its own, and stops learning on its own.")
                              : core::tr("Every entry is at most a_j(1 \u2212 a_j) \u2264 1/4. When one weight is near 1 they all\n"
                                "are near 0: almost no gradient reaches the logits, and the row stops learning."));
  ImGui::EndGroup();
}

// Kolmogorov's criterion, beside the entropy: the largest ratio A_ij A_jk A_ki / (A_ik A_kj A_ji)
// over the cycles of three tokens. Exactly 1 when A is reversible, as row-softmax of any
// symmetric S (shared QK, QQᵀ) is without a causal mask: no cycle is followed more one
// way round than the other. Under sigmoid attention a symmetric S makes A itself symmetric.
std::string cycle_ratio_text(const core::HeadResult& r) {
  if (std::isnan(r.irreversibility))
    return core::tr_format("cycle ratio: none ({0})", {r.weights.rows() < 3                     ? core::tr("fewer than 3 tokens")
                                                       : r.weights.rows() != r.weights.cols() ? core::tr("cross-attention")
                                                                                              : core::tr("every cycle is masked")});
  // e^x: the ratio; its logarithm is what --dump gives as irreversibility.
  const double ratio = std::exp(r.irreversibility);
  return core::tr_format("largest cycle ratio = {0}", {std::isinf(ratio) ? std::string("> 1e308") : format_number(ratio)}) +
         (r.irreversibility == 0 ? std::string("  (") + core::tr("reversible") + ")" : "");
}

void CycleRatioTooltip(bool sigmoid) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ScriptText(std::string(core::tr("max over i < j < k of A_{ij}A_{jk}A_{ki} / (A_{ik}A_{kj}A_{ji}), at least 1: how much more\n"
                         "attention flows round a cycle of three tokens one way than the other (the row\n"
                         "sums cancel). Exactly 1 for every cycle when S is symmetric and nothing is masked\n")) +
             (sigmoid ? core::tr("(shared QK, QQ^\u1D40): under sigmoid attention A is then symmetric itself.\n")
                      : core::tr("(shared QK, QQ^\u1D40): A is then a reversible Markov matrix, \u03C0_i A_{ij} = \u03C0_j A_{ji}\n"
                        "with \u03C0_i \u221D Z_i.\n")) +
             core::tr("A causal mask leaves no cycle to test."));
  ImGui::EndTooltip();
}

// What gives way, in this order, before the weights' numbers shrink to the small font or go (they
// are what the lessons quote): the colour bar (a weight is in [0, 1], and its cell says it), then
// the second line under the heatmap (the mean entropy and the cycle ratio share one, the uniform
// rows' ln n said on hovering), then the size of the sums and entropies beside the rows.
struct SoftmaxParts {
  bool colorbar = true;
  bool one_line = false;
  bool small_sums = false;
};

// How well the numbers read: 3 in the regular font with a pixel or more either side, 2 in it, 1 in
// the small font, 0 none, or only with one decimal (which the weights then show wherever they go).
int readability(const HeatmapFit& fit) {
  if (fit.decimals() < 2) return 0;
  if (fit.small_numbers) return 1;
  return fit.cell_h >= font_px(fonts().regular) + 2 * fonts().scale ? 3 : 2;
}

// The weights' options but for the tooltip and the highlight: their labels, mask and range.
HeatmapOptions weights_options(const AppState& state, const MatrixView& logits) {
  HeatmapOptions o{.range = ValueRange::Unit, .row_labels = &state.token_labels(),
                   .col_labels = &state.key_labels(), .masked_where_infinite = &logits};
  if (state.scenario().cross())
    o.axis_titles = core::sigmoid_weights(state.scenario().options)
                        ? "rows: queries (X)  \u00B7  columns: keys (X_{kv});  each weight on its own"
                        : "rows: queries (X)  \u00B7  columns: keys (X_{kv});  each row sums to 1 over the m keys";
  return o;
}

// The lines under the heatmap: the mean entropy (with the uniform rows' where there are any), and
// the cycle ratio; or both on one line, the uniform rows' entropy said on hovering.
struct Captions {
  std::string mean, uniform, cycle;
  const char* separator = "   \u00B7   ";
  bool one_line_fits(float width) const { return ImGui::CalcTextSize((mean + separator + cycle).c_str()).x <= width; }
};

Captions captions_of(const core::Scenario& s, const core::HeadResult& r) {
  char mean[32], uniform[32];
  std::snprintf(mean, sizeof mean, "%.2f", r.entropy.mean());
  std::snprintf(uniform, sizeof uniform, "%.2f", std::log(static_cast<double>(s.m())));
  return Captions{core::tr_format("mean H = {0}", {mean}), core::tr_format("uniform rows: ln {0} = {1}", {std::to_string(s.m()), uniform}),
                  cycle_ratio_text(r)};
}

// Beside the rows: the gap after the grid (apart from the colour bar's labels, so that a row does
// not read "0.50 1.000"; less from the cells where it gave way) and one column's width.
ImVec2 sums_width(const SoftmaxParts& a) {
  const Fonts& f = fonts();
  ImFont* font = a.small_sums && f.small ? f.small : f.regular;
  const float column_w = font->CalcTextSizeA(font_px(font), FLT_MAX, 0, "1.000").x + (a.small_sums ? 8 : 10) * f.scale;
  return ImVec2((a.colorbar ? 14 : 8) * f.scale, column_w);
}

// The heatmap's room in the panel's `avail`: less the sums' columns and the lines below.
ImVec2 weights_room(const SoftmaxParts& a, ImVec2 avail) {
  const ImVec2 sums = sums_width(a);
  const float below = static_cast<float>(a.one_line ? 1 : 2) * ImGui::GetTextLineHeightWithSpacing();
  return ImVec2(avail.x - sums.x - 2 * sums.y, avail.y - below);
}

struct Chosen {
  SoftmaxParts arrangement;
  int readability = 0;
};

// The first arrangement whose numbers read best (the Jacobian has taken the colour bar's room already).
Chosen choose_arrangement(const AppState& state, const core::HeadResult& r, HeatmapOptions o, ImVec2 avail, bool jacobian) {
  const bool one_line = captions_of(state.scenario(), r).one_line_fits(avail.x);
  std::vector<SoftmaxParts> tried = {{!jacobian, false, false}, {false, false, false}};
  if (one_line) tried.push_back({false, true, false});
  tried.push_back({false, one_line, true});
  Chosen best{tried.front(), -1};
  for (const SoftmaxParts& a : tried) {
    o.colorbar = a.colorbar;
    const int read = readability(heatmap_fit(state, r.weights, o, weights_room(a, avail), true));
    if (read > best.readability) best = Chosen{a, read};
  }
  return best;
}

// The panel's formula, on hovering its title bar: the logits as the options make them; uniform
// over the keys: ln n in self-attention, ln m over the m keys of another sequence.
std::string softmax_formula(const core::Scenario& s) {
  const core::Options& options = s.options;
  const std::string made_as =
      core::cosine_logits(options) ? core::cosine_logits_words(false, true) : core::scaled_scores_words(options);
  const std::string uniform = s.cross() ? "ln m uniform over the m keys" : "ln n uniform";
  if (core::sigmoid_weights(options))
    return "A_{ij} = \u03C3(\u2113_{ij} + b), each on its own (a row need not sum to 1),  \u2113 = " + made_as +
           ";  entropy H_i of the row over its sum p_{ij} = A_{ij} / \u03A3_k A_{ik}: 0 one-hot, " + uniform;
  return "A_{ij} = exp(\u2113_{ij}) / \u03A3_k exp(\u2113_{ik}),  \u2113 = " + made_as +
         ";  entropy H_i = \u2212\u03A3_j A_{ij} ln A_{ij}: 0 one-hot, " + uniform;
}

// The weights' title with the numbers that make them: the divisor, or the cosine logits' gain and T; sigmoid's b.
std::string weights_title(const core::Scenario& s, int head) {
  const double divisor = core::score_scale(s) * s.options.temperature;
  const std::string bias = core::sigmoid_weights(s.options) ? ", b = " + format_number(core::sigmoid_bias(s)) : "";
  // Cosine logits: g·q̂·k̂ / T, the cosines of queries and keys times the head's gain.
  if (core::cosine_logits(s.options))
    return core::weights_formula(s.options, core::cosine_logits_words(false, true)) + ",  " + core::kCosineLogitsSummary + ", g = " +
           format_number(s.qk_gain[static_cast<size_t>(head)]) + ", T = " + format_number(s.options.temperature) + bias;
  return core::weights_formula(s.options, core::scaled_scores_words(s.options)) +
         ",  S / " + format_number(divisor) + bias;
}

}  // namespace

int SoftmaxPanelReadability(const AppState& state, ImVec2 size) {
  const ImVec2 pad = ImGui::GetStyle().WindowPadding;
  ImVec2 avail(size.x - 2 * pad.x, size.y - 2 * pad.y - ImGui::GetFrameHeight());  // less the title bar
  if (state.view.show_jacobian) avail.x = std::floor(avail.x * 0.6f);
  const core::HeadResult& r = state.result().head[state.view.head];
  const MatrixView logits(r.logits);
  return choose_arrangement(state, r, weights_options(state, logits), avail, state.view.show_jacobian).readability;
}

void DrawSoftmaxPanel(AppState& state) {
  if (BeginPanel(state, Panel::Softmax, softmax_formula(state.scenario()).c_str(), 0, state.view.head)) {
    const core::Scenario& s = state.scenario();
    const core::HeadResult& r = state.result().head[state.view.head];
    const bool sigmoid = core::sigmoid_weights(s.options);
    const std::string title = weights_title(s, state.view.head);

    // The softmax's Jacobian of one row, on demand: it takes the right part of the panel.
    bool& jacobian = state.view.show_jacobian;
    if (!frame_picture().active || jacobian) {
      const ImVec2 at = ImGui::GetCursorPos();
      ImGui::SetCursorPos(ImVec2(ImGui::GetCurrentWindowRead()->ContentRegionRect.Max.x - ImGui::GetWindowPos().x - ImGui::GetFrameHeight() -
                                     ImGui::CalcTextSize("Jacobian").x - ImGui::GetStyle().ItemInnerSpacing.x, at.y));
      keyed::Checkbox("jacobian", translated("Jacobian").c_str(), &jacobian);
      if (ImGui::IsItemHovered())
        ScriptTooltip(sigmoid ? core::tr("diag(a(1 \u2212 a)) of one row a of A: what the sigmoid passes back from the weights\n"
                                "to the logits, each weight from its own logit alone.")
                              : core::tr("diag(a) \u2212 aa^\u1D40 of one row a of A: what the softmax passes back from the weights\n"
                                "to the logits. Near 0 everywhere when the row is saturated (one weight near 1)."));
      ImGui::SetCursorPos(at);
    }
    ImVec2 avail = ImGui::GetContentRegionAvail();
    const float scale = fonts().scale;
    const float full_w = avail.x;
    if (jacobian) avail.x = std::floor(avail.x * 0.6f);
    const Fonts& f = fonts();
    ImFont* small = f.small ? f.small : f.regular;
    const MatrixView logits(r.logits);
    HeatmapOptions o = weights_options(state, logits);
    const bool uniform_note = !(core::masks_logits(s.options) || jacobian);
    const Captions captions = captions_of(s, r);
    const SoftmaxParts chosen = choose_arrangement(state, r, o, avail, jacobian).arrangement;
    o.colorbar = chosen.colorbar;
    o.tooltip = [&](int i, int j) {
      if (std::isinf(r.logits(i, j))) {
        ImGui::TextUnformatted(s.options.causal && j > i ? core::tr("causal mask: a token does not see later ones")
                                                         : core::kNoSelfMaskedEntry);
        return;
      }
      ScriptText(sigmoid ? core::tr("A_{ij} = \u03C3(\u2113_{ij} + b) = 1 / (1 + exp(\u2212\u2113_{ij} \u2212 b)), "
                           " b = ") + format_number(core::sigmoid_bias(s))
                         : core::tr("A_{ij} = exp(\u2113_{ij} \u2212 max_k \u2113_{ik}) / "
                           "\u03A3_k exp(\u2113_{ik} \u2212 max_k \u2113_{ik})"));
      ImGui::Text("logit %s  \u2192  weight %s", format_number(r.logits(i, j)).c_str(), format_number(r.weights(i, j)).c_str());
      if (sigmoid) return;  // each weight on its own: nothing divides the row
      // Z_i, the sum that divides row i: equal scores s_ij = s_ji give A_ij / A_ji = Z_j / Z_i.
      double Z = 0;
      for (int k = 0; k < s.m(); ++k)
        if (!r.masked(i, k)) Z += std::exp(r.logits(i, k));
      char z[64];
      std::snprintf(z, sizeof z, "Z_i = \u03A3_k exp(\u2113_{ik}) = %.4g", Z);
      ScriptText(z);
    };
    // Linked highlighting: row i, the one softmax S_ij enters, and its cell; hovering A_ij lights what S_ij does.
    o.lit = query_key_cells(lit(state, state.view.head), !sigmoid);  // a sigmoid's S_ij makes A_ij alone
    const HeatmapLayout layout = Heatmap(state, "weights", title, r.weights, o, weights_room(chosen, avail));
    hover_query_key(state, state.view.head, layout);

    // Each row's sum and entropy, level with the row; in the small font when the rows are thin.
    ImFont* font = chosen.small_sums || (layout.cell_h < ImGui::GetFontSize() && f.small) ? small : f.regular;
    const float px = font_px(font);
    const ImVec2 sums = sums_width(chosen);
    const float column_w = sums.y;
    const float x = layout.right + sums.x;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);
    if (chosen.small_sums) PushFontOf(small);  // the headers as small as their columns
    const float header_y = layout.grid_min.y - ImGui::GetTextLineHeight() - 2 * scale;
    draw_script_text(dl, ImVec2(x, header_y - 2 * scale), dim, "\u03A3_j A_{ij}");
    draw_script_text(dl, ImVec2(x + column_w, header_y - 2 * scale), dim, "H_i");
    if (chosen.small_sums) ImGui::PopFont();
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
    ImGui::SetCursorScreenPos(ImVec2(layout.grid_min.x, layout.grid_min.y + layout.cell_h * static_cast<float>(s.n()) + 3 * scale));
    // The uniform rows' entropy beside the mean where it fits, else said on hovering the mean.
    const std::string mean_and_uniform = captions.mean + "   (" + captions.uniform + ")";
    const bool uniform_beside = uniform_note && !chosen.one_line && ImGui::CalcTextSize(mean_and_uniform.c_str()).x <= avail.x;
    ImGui::TextDisabled("%s", uniform_beside ? mean_and_uniform.c_str() : captions.mean.c_str());
    if (uniform_note && !uniform_beside && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", captions.uniform.c_str());
    if (chosen.one_line) {
      ImGui::SameLine(0, 0);
      ImGui::TextDisabled("%s", captions.separator);
      ImGui::SameLine(0, 0);
    } else {
      ImGui::SetCursorScreenPos(ImVec2(layout.grid_min.x, ImGui::GetCursorScreenPos().y));
    }
    ImGui::TextDisabled("%s", captions.cycle.c_str());
    CycleRatioTooltip(sigmoid);
    const float sums_w = sums.x + 2 * column_w;
    if (jacobian) SoftmaxJacobian(state, r, layout.right + sums_w, full_w - (layout.right + sums_w - ImGui::GetWindowPos().x));
  }
  EndPanel();
}

PanelText DescribeSoftmaxPanel(const AppState& state) {
  const core::HeadResult& r = state.result().head[static_cast<size_t>(state.view.head)];
  const core::Scenario& s = state.scenario();
  // The heatmap's title first: how A is made of S (the scale, T, sigmoid's bias).
  PanelText out = panel_title(Panel::Softmax) + head_text(state) + "\n" + core::markup_as_plain_text(weights_title(s, state.view.head)) + "\n";
  out += matrix_text(core::tr("A, the weights, a row a query, a column a key"), r.weights, state.token_labels(), state.key_labels(),
                     [&r](int i, int j) { return r.masked(i, j); });
  // As the panel prints them: the sums to three decimals, the entropies to two, the lines under the heatmap.
  const Captions captions = captions_of(s, r);
  return out + vector_text(core::tr("row sums"), r.row_sums, state.token_labels(), "%.3f") +
         vector_text(core::tr("entropy of each row, in nats"), r.entropy, state.token_labels(), "%.2f") + captions.mean + " (" +
         captions.uniform + ")\n" + captions.cycle + "\n";
}

}  // namespace app
