// The matrix editor: every editable entry is a drag field, plus the sizes,
// the mode and the options. Each change goes through AppState::apply, so the
// views drawn after this panel show it on the same frame.
#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include "app/heatmap.h"
#include "app/highlight.h"
#include "app/panels.h"
#include "app/text.h"
#include "core/gauge.h"
#include "core/positions.h"

namespace app {

namespace {

constexpr double kMinEntry = -core::kMaxAbsEntry, kMaxEntry = core::kMaxAbsEntry;

std::string cell_key(const std::string& matrix, int r, int c) {
  return matrix + "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
}

constexpr float kFieldWidth = 50.0f, kFieldGap = 4.0f;

// Places the next group beside the last one when it fits, else below it.
class Flow {
 public:
  void next(float width) {
    const float right_edge = ImGui::GetWindowContentRegionMax().x + ImGui::GetWindowPos().x;
    const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
    if (placed_ && last_right_ + gap + width <= right_edge) ImGui::SameLine(0, gap);
    placed_ = true;
  }
  void placed() { last_right_ = ImGui::GetItemRectMax().x; }

 private:
  bool placed_ = false;
  float last_right_ = 0;
};

// The rows a matrix outlines for the linked highlight (app/highlight.h): the row that makes
// the lit query, the one that makes the lit key, or both (X makes both in self-attention).
struct LitRows {
  int query = -1, key = -1;
  bool has(int r) const { return r >= 0 && (r == query || r == key); }
};

float matrix_label_width(const std::vector<std::string>* row_labels) {
  return (row_labels ? 64.0f : 16.0f) * fonts().scale;
}

void GradientBeside(AppState& state, Flow& flow, const std::string& key, std::string_view title_markup,
                    const core::Mat& grad, const std::vector<std::string>* row_labels);

// A grid of drag fields for the matrix get(scenario), named `key` ("X", "W_Q[1]").
// Rows are labelled by token when row_labels is given, else by dimension.
// With a target and "∂L/∂entry" on, the gradient (the same field of
// core::Gradient, which get reads too) follows as a heatmap; kParameter is
// false for the target itself, which is no parameter.
template <bool kParameter = true, class Get>
void EditMatrix(AppState& state, Flow& flow, std::string_view title_markup, const std::string& key, Get get,
                const std::vector<std::string>* row_labels, LitRows lit = {}) {
  const float scale = fonts().scale;
  const auto& m = get(state.scenario());
  const float label_w = matrix_label_width(row_labels);
  const float field_w = kFieldWidth * scale, gap = kFieldGap * scale;
  const float width = std::max(script_text_size(title_markup).x,
                               label_w + static_cast<float>(m.cols()) * (field_w + gap));
  flow.next(width);
  ImGui::BeginGroup();
  ScriptText(title_markup);
  ImGui::PushID(key.c_str());
  std::vector<std::pair<int, ImRect>> lit_rows;  // outlined once every row is drawn, over the fields
  for (int r = 0; r < m.rows(); ++r) {
    ImGui::PushID(r);
    const std::string label = row_labels ? (*row_labels)[r] : std::to_string(r + 1);
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", label.c_str());
    ImRect row_rect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    for (int c = 0; c < m.cols(); ++c) {
      // Inside a group, SameLine's offset counts from the group's left edge.
      ImGui::SameLine(label_w + static_cast<float>(c) * (field_w + gap));
      ImGui::SetNextItemWidth(field_w);
      ImGui::PushID(c);
      double value = m(r, c);
      // Drag to change (0.01 a pixel), double-click or Ctrl+click to type.
      if (ImGui::DragScalar("##v", ImGuiDataType_Double, &value, 0.01f, &kMinEntry, &kMaxEntry, "%.2f",
                            ImGuiSliderFlags_AlwaysClamp))
        state.apply([&](core::Scenario& s) { get(s)(r, c) = value; });
      if (ImGui::IsItemVisible()) {  // scrolled out of view: not a place to click
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        state.cell_rects[cell_key(key, r, c)] = Rect{a.x, a.y, b.x - a.x, b.y - a.y};
      }
      row_rect.Add(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()));
      ImGui::PopID();
    }
    if (lit.has(r)) lit_rows.emplace_back(r, row_rect);
    ImGui::PopID();
  }
  for (const auto& [r, rect] : lit_rows)
    OutlineHighlight(state, key + ".row[" + std::to_string(r) + "]", rect.Min, rect.Max, 2 * fonts().scale);
  ImGui::PopID();
  ImGui::EndGroup();
  flow.placed();
  if constexpr (kParameter) {
    if (state.view.show_gradients && state.scenario().has_target) {
      const auto& grad = get(state.gradient());
      GradientBeside(state, flow, key, title_markup, grad, row_labels);
    }
  }
}

// A computed matrix (Q, K, V in projected mode) beside its formula, read-only.
void ShowComputed(AppState& state, Flow& flow, const char* id, std::string_view formula, MatrixView m,
                  const std::vector<std::string>* rows, int lit_row = -1) {
  HeatmapOptions o;
  o.row_labels = rows;
  o.lit.row = lit_row;
  o.colorbar = false;
  o.max_cell = 26;
  const float scale = fonts().scale;
  const float width = 70 * scale + static_cast<float>(m.cols) * 44 * scale;
  flow.next(width);
  ImGui::BeginGroup();
  Heatmap(state, id, formula, m, o, ImVec2(width, 400));
  ImGui::EndGroup();
  flow.placed();
}

// ∂L/∂entry as a heatmap: red where increasing the entry increases the loss,
// blue where it lowers it; gradient descent moves each entry against its colour.
void GradientBeside(AppState& state, Flow& flow, const std::string& key, std::string_view title_markup,
                    const core::Mat& grad, const std::vector<std::string>* row_labels) {
  HeatmapOptions o;
  o.row_labels = row_labels;
  o.show_row_labels = false;  // the fields beside it name the rows
  o.colorbar = false;
  o.max_cell = 26;
  o.small_numbers = true;
  const float scale = fonts().scale;
  const float width = static_cast<float>(grad.cols()) * 44 * scale + 8 * scale;
  flow.next(width);
  ImGui::BeginGroup();
  // "W^Q" → "∂L/∂W^Q"; a long title ("X  (n × d_model), ...") keeps its first word.
  const std::string_view name = title_markup.substr(0, title_markup.find("  "));
  // Gradients are often a few thousandths: printed as 10^k·∂L/∂W so that two
  // digits say something (the colours are the same either way).
  const double largest = grad.cwiseAbs().maxCoeff();
  const int k = largest > 0 && largest < 0.1 ? -static_cast<int>(std::floor(std::log10(largest))) : 0;
  const core::Mat shown = grad * std::pow(10.0, k);
  const std::string factor = k == 0 ? "" : k == 1 ? "10\u00B7" : "10^{" + std::to_string(k) + "}\u00B7";
  const std::string id = "grad." + key;
  Heatmap(state, id.c_str(), factor + "\u2202L/\u2202" + std::string(name), shown, o,
          ImVec2(width, ImGui::GetFrameHeightWithSpacing() * static_cast<float>(grad.rows() + 1)));
  ImGui::EndGroup();
  flow.placed();
}

void SizesAndMode(AppState& state) {
  const core::Scenario& s = state.scenario();
  int n = s.n(), d_model = s.d_model, d_k = s.d_k, heads = s.heads;
  // Two sizes a line; labels come after the sliders as text, so that each slider's rectangle is its frame alone.
  const float column = ImGui::GetContentRegionAvail().x * 0.5f;
  ImGui::PushItemWidth(column * 0.55f);
  const auto label = [](const char* markup) {
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ScriptText(markup);
  };
  const auto second_column = [&] { ImGui::SameLine(column + ImGui::GetStyle().WindowPadding.x); };
  bool resized = ImGui::SliderInt("##tokens", &n, core::kMinTokens, core::kMaxTokens);
  remember_control(state, "tokens");
  label("tokens n");
  second_column();
  resized |= ImGui::SliderInt("##d_model", &d_model, core::kMinDModel, core::kMaxDModel);
  remember_control(state, "d_model");
  label("d_{model}");
  resized |= ImGui::SliderInt("##d_k", &d_k, core::kMinDk, core::kMaxDk);
  remember_control(state, "d_k");
  label("d_k (= d_v)");
  second_column();
  resized |= ImGui::SliderInt("##heads", &heads, core::kMinHeads, core::kMaxHeads);
  remember_control(state, "heads");
  label("heads H");
  ImGui::PopItemWidth();
  // Entries cut by a smaller size come back with Ctrl+Z: the whole slider drag is one step.
  if (resized) state.apply([&](core::Scenario& sc) { core::resize(sc, n, d_model, d_k, heads); });

  int mode = s.mode == core::Mode::Projected ? 0 : 1;
  const int before = mode;
  ImGui::RadioButton("projected: X and W per head", &mode, 0);
  remember_control(state, "mode.projected");
  ImGui::SameLine();
  ImGui::RadioButton("direct: Q, K, V", &mode, 1);
  remember_control(state, "mode.direct");
  if (mode != before) {
    state.apply([&](core::Scenario& sc) {
      if (mode == 1) core::convert_to_direct(sc);  // keeps Q, K, V: the scores do not move
      else sc.mode = core::Mode::Projected;
    });
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(s.options.merged_qk
                          ? "Direct mode has no place for one W: Q = XW has d_model columns. Switching\n"
                            "turns \"one W\" off, so the scores become those of W^Q and W^K."
                          : "Switching to direct mode keeps the current Q, K and V.");

  // Cross-attention (DESIGN.md, version 2): the decoder's tokens ask, the encoder's answer.
  bool cross = s.cross();
  if (ImGui::Checkbox("cross-attention: keys and values from a second sequence", &cross))
    state.apply([&](core::Scenario& sc) { core::set_cross_attention(sc, cross); });
  remember_control(state, "cross");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ScriptText(s.mode == core::Mode::Projected
                   ? "The encoder-decoder block: Q = XW^Q from the decoder's n tokens, K = X_{kv}W^K and\n"
                     "V = X_{kv}W^V from the encoder's m tokens. S is n \u00D7 m. It starts as a copy of X."
                   : "Q has the decoder's n rows; K and V the encoder's m rows. S is n \u00D7 m.");
    ImGui::EndTooltip();
  }
  if (cross) {
    int m = s.m();
    ImGui::SetNextItemWidth(column * 0.55f);
    if (ImGui::SliderInt("##tokens_kv", &m, core::kMinTokens, core::kMaxTokens))
      state.apply([&](core::Scenario& sc) { core::resize_keys(sc, m); });
    remember_control(state, "tokens_kv");
    label("keys m (tokens_{kv})");
  }
}

// Where a token's position enters: nowhere (permutation-equivariant), added to X, or turning q and k.
void Positions(AppState& state, core::Options& o, bool& changed) {
  const core::Scenario& s = state.scenario();
  const bool projected = s.mode == core::Mode::Projected;
  int positions = static_cast<int>(o.positions);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("positions:");
  ImGui::SameLine();
  const auto choice = [&](const char* label, const char* key, int value, bool enabled, const char* tooltip_markup) {
    ImGui::BeginDisabled(!enabled);
    changed |= ImGui::RadioButton(label, &positions, value);
    ImGui::EndDisabled();
    remember_control(state, key);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::BeginTooltip();
      ScriptText(tooltip_markup);
      ImGui::EndTooltip();
    }
    ImGui::SameLine();
  };
  choice("none", "positions.none", 0, true,
         "Attention alone is permutation-equivariant: two identical tokens get identical outputs,\n"
         "and no head can attend to \"the previous token\".");
  choice("sinusoidal", "positions.sinusoidal", 1, projected,
         projected ? "X' = X + PE before the projections: PE_{p,2i} = sin(p / base^{2i/d_{model}}), PE_{p,2i+1} = cos(the same)."
                   : "Projected mode only: PE is added to X, and direct mode has no X.");
  choice("RoPE", "positions.rope", 2, !o.merged_qk,
         o.merged_qk ? "Not with one W: RoPE turns q and k of d_k coordinates; with one W the keys are the rows of X."
                     : "RoFormer: pair (2i, 2i+1) of q_p and k_p turned by p\u00B7\u03B8_i, \u03B8_i = base^{\u22122i/d_k}.\n"
                       "Then q_i\u00B7k_j depends on the positions only through i \u2212 j. V is not turned.");
  o.positions = static_cast<core::Positions>(positions);
  if (o.positions != core::Positions::None) {
    double base = o.position_base;
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x));
    if (ImGui::SliderScalar("##position_base", ImGuiDataType_Double, &base, &core::kMinPositionBase, &core::kMaxPositionBase,
                            "base = %.0f", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
      o.position_base = std::clamp(base, core::kMinPositionBase, core::kMaxPositionBase);
      changed = true;
    }
    remember_control(state, "position_base");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The 10000 of sin(p / 10000^(2i/d)): smaller bases turn faster, so that short sequences tell positions apart.");
  } else {
    ImGui::NewLine();
  }
}

void Options(AppState& state) {
  core::Options o = state.scenario().options;
  const auto checkbox = [&](const char* label, const char* key, bool* value, const char* tooltip_markup) {
    const bool clicked = ImGui::Checkbox(label, value);
    remember_control(state, key);
    if (tooltip_markup && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ScriptText(tooltip_markup);
      ImGui::EndTooltip();
    }
    return clicked;
  };
  const bool was_merged = o.merged_qk;
  const core::Scenario& s = state.scenario();
  const bool cross = s.cross(), projected = s.mode == core::Mode::Projected;
  // Direct mode's K := Q would make the keys the queries' sequence: no shared QK across two sequences there.
  ImGui::BeginDisabled(cross && !projected);
  bool changed = checkbox("shared QK", "shared_qk", &o.shared_qk,
                          cross ? (projected ? "W^K := W^Q: K = X_{kv}W^Q. Between two sequences S is not symmetric."
                                             : "Direct mode: K := Q has no meaning between two sequences.")
                                : "Reformer: W^K := W^Q (K := Q), so the scores are symmetric.");
  ImGui::EndDisabled();
  if (o.shared_qk) o.merged_qk = false;  // one W already replaces W^Q and W^K
  ImGui::SameLine();
  const bool rope = o.positions == core::Positions::Rope;
  ImGui::BeginDisabled(!projected || rope);
  changed |= checkbox("one W", "merged_qk", &o.merged_qk,
                      !projected ? "Projected mode only: Q = XW has d_{model} columns, direct Q has d_k."
                      : rope     ? "Not with RoPE, which turns q and k of d_k coordinates."
                                 : "Seed 001: one d_{model}\u00D7d_{model} matrix W_h per head instead of W^Q and W^K; S = XW_hX^\u1D40.\n"
                                   "It starts at W^Q W^{K\u1D40}, so the scores do not move; the W^Q and W^K are kept for when it is off.");
  ImGui::EndDisabled();
  if (o.merged_qk && !was_merged) o.shared_qk = false;
  ImGui::SameLine();
  changed |= checkbox("normalize keys", "normalize_keys", &o.normalize_keys,
                      "Each row of K divided by its length before scoring.");
  changed |= checkbox("causal mask", "causal", &o.causal, "A token does not attend to later tokens.");
  ImGui::SameLine();
  ImGui::BeginDisabled(cross);
  changed |= checkbox("no-self mask", "no_self", &o.no_self,
                      cross ? "Not with cross-attention: a query and a key of two sequences are never the same token."
                            : "Mask the diagonal, unless it is the only entry of its row left (Reformer).");
  ImGui::EndDisabled();
  ImGui::SameLine();
  // Q and K are not interchangeable: swapping them transposes S, but the
  // softmax normalises rows (one query over all keys), so the attention changes.
  const bool can_swap = !o.shared_qk && !cross;
  ImGui::BeginDisabled(!can_swap);
  if (ImGui::Button("swap Q \u2194 K")) state.apply([](core::Scenario& sc) { core::swap_queries_and_keys(sc); });
  ImGui::EndDisabled();
  remember_control(state, "swap_qk");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::BeginTooltip();
    ScriptText(can_swap ? "W^Q \u2194 W^K in every head (Q \u2194 K in direct mode): S becomes S\u1D40, the weights do not follow."
               : cross  ? "Cross-attention: queries and keys come from two sequences; swapping the matrices is no transpose."
                        : "Under shared QK, K = Q: there is nothing to swap.");
    ImGui::EndTooltip();
  }

  int scale = o.scale == core::Scale::SqrtDk ? 0 : 1;
  changed |= ImGui::RadioButton("##sqrt_dk", &scale, 0);  // its label is markup, drawn beside it
  remember_control(state, "scale.sqrt_dk");
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::AlignTextToFramePadding();
  ScriptText("S / (\u221Ad_k\u00B7T)");
  ImGui::SameLine();
  changed |= ImGui::RadioButton("S / T", &scale, 1);
  remember_control(state, "scale.none");
  o.scale = scale == 0 ? core::Scale::SqrtDk : core::Scale::None;
  ImGui::SameLine();
  // In double, as the scenario holds it: a float slider would store 0.05 as 0.05000000074505806.
  double temperature = o.temperature;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  if (ImGui::SliderScalar("##T", ImGuiDataType_Double, &temperature, &core::kMinTemperature, &core::kMaxTemperature, "T = %.2f",
                          ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    o.temperature = std::clamp(temperature, core::kMinTemperature, core::kMaxTemperature);
    changed = true;
  }
  remember_control(state, "temperature");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Temperature, 0.01 to 100 (logarithmic): the logits are divided by T.");
  Positions(state, o, changed);
  if (changed)
    state.apply([&](core::Scenario& sc) {
      // One W starts where W^Q and W^K are: W_h = W^Q_h W^K_hᵀ gives the same scores.
      if (o.merged_qk && !sc.options.merged_qk)
        for (int h = 0; h < sc.heads; ++h)
          sc.W[h].noalias() = sc.W_Q[h] * (sc.options.shared_qk ? sc.W_Q[h] : sc.W_K[h]).transpose();
      sc.options = o;
    });
}

// One field per token label; under cross-attention a second row for the keys' sequence.
void TokenLabels(AppState& state) {
  const float w = std::max(40.0f, ImGui::GetContentRegionAvail().x / 4 - 8);
  const auto labels = [&](const char* title, const char* id, std::vector<std::string> core::Scenario::*list) {
    ImGui::TextDisabled("%s", title);
    ImGui::PushID(id);
    const std::vector<std::string>& tokens = state.scenario().*list;
    for (int i = 0; i < static_cast<int>(tokens.size()); ++i) {
      if (i % 4) ImGui::SameLine();
      ImGui::PushID(i);
      std::string label = tokens[static_cast<size_t>(i)];
      ImGui::SetNextItemWidth(w);
      if (ImGui::InputText("##token", &label) && label.size() <= 64)
        state.apply([&](core::Scenario& s) { (s.*list)[static_cast<size_t>(i)] = label; });
      ImGui::PopID();
    }
    ImGui::PopID();
  };
  const bool cross = state.scenario().cross();
  labels(cross ? "tokens: the queries' sequence (decoder, X)" : "tokens", "tokens", &core::Scenario::tokens);
  if (cross) labels("tokens_kv: the keys' and values' sequence (encoder, X_kv)", "tokens_kv", &core::Scenario::tokens_kv);
  ImGui::Spacing();
}

// PE (sinusoidal) or the angles p·θ_i (RoPE): what the positions add, read-only.
void PositionMatrices(AppState& state) {
  const core::Scenario& s = state.scenario();
  const core::Options& o = s.options;
  if (o.positions == core::Positions::None) return;
  Flow flow;
  if (o.positions == core::Positions::Sinusoidal) {
    ShowComputed(state, flow, "PE", "PE  (added to X)", core::sinusoidal_encoding(s.n(), s.d_model, o.position_base), &s.tokens);
    if (s.cross())
      ShowComputed(state, flow, "PE_kv", "PE  (added to X_{kv})", core::sinusoidal_encoding(s.m(), s.d_model, o.position_base),
                   &s.tokens_kv);
    return;
  }
  // RoPE: row p, column i: the angle pair (2i, 2i+1) of q_p and k_p turns by, in radians.
  const int pairs = s.d_k / 2;
  if (pairs == 0) {
    ScriptTextWrapped("RoPE: d_k = 1 has no pair of coordinates to turn, so nothing turns.", ImGui::GetColorU32(ImGuiCol_TextDisabled));
    return;
  }
  const auto angles = [&](int count) {
    core::Mat a(count, pairs);
    for (int p = 0; p < count; ++p)
      for (int i = 0; i < pairs; ++i) a(p, i) = p * core::rope_frequency(i, s.d_k, o.position_base);
    return a;
  };
  // Rows by position p, counted from 0 as RoPE counts them (each sequence from its own 0).
  const int count = std::max(s.n(), s.m());
  std::vector<std::string> positions(static_cast<size_t>(count));
  for (int p = 0; p < count; ++p) positions[static_cast<size_t>(p)] = "p = " + std::to_string(p);
  ShowComputed(state, flow, "rope", "p\u00B7\u03B8_i  (radians; column i: pair 2i, 2i+1)", angles(count), &positions);
  if (s.d_k % 2) {
    ImGui::SameLine();
    ImGui::TextDisabled("(d_k odd: the last coordinate is not turned)");
  }
}

void HeadMatrices(AppState& state, int h) {
  const core::Scenario& s = state.scenario();
  const std::string H = "[" + std::to_string(h) + "]";
  const auto* tokens = &s.tokens;
  const auto* keys = &s.key_tokens();  // the encoder's under cross-attention
  Flow flow;
  const bool merged = s.mode == core::Mode::Projected && s.options.merged_qk;
  if (merged) {
    EditMatrix(state, flow, "W_{" + std::to_string(h + 1) + "}  (one W: S = XWX^\u1D40)", "W" + H,
               [h](auto& sc) -> auto& { return sc.W[h]; }, nullptr);
  } else if (s.mode == core::Mode::Projected) {
    EditMatrix(state, flow, "W^Q", "W_Q" + H, [h](auto& sc) -> auto& { return sc.W_Q[h]; }, nullptr);
    if (!s.options.shared_qk)
      EditMatrix(state, flow, "W^K", "W_K" + H, [h](auto& sc) -> auto& { return sc.W_K[h]; }, nullptr);
  }
  if (s.mode == core::Mode::Projected) {
    EditMatrix(state, flow, "W^V", "W_V" + H, [h](auto& sc) -> auto& { return sc.W_V[h]; }, nullptr);
    if (s.options.shared_qk) ScriptText("W^K = W^Q  (shared QK)");
    ImGui::TextDisabled("computed, read-only:");
    Flow computed;
    const core::HeadResult& r = state.result().head[h];
    // Under RoPE, Q and K are shown turned: what S is made of.
    const bool cross = s.cross(), rope = s.options.positions == core::Positions::Rope;
    const std::string turned = rope ? ", turned by RoPE" : "";
    // Linked highlighting: q_i is row i of Q, k_j row j of K.
    const Highlight lit_qk = lit(state, h);
    ShowComputed(state, computed, "Q", (merged ? "Q = XW" : "Q = XW^Q") + turned, r.Q, tokens, lit_qk.query);
    ShowComputed(state, computed, "K",
                 (s.options.normalize_keys ? std::string("K, rows normalized")
                  : merged                 ? std::string(cross ? "K = X_{kv}" : "K = X")
                  : s.options.shared_qk    ? std::string(cross ? "K = X_{kv}W^Q" : "K = XW^Q")
                                           : std::string(cross ? "K = X_{kv}W^K" : "K = XW^K")) + turned,
                 r.K, keys, lit_qk.key);
    ShowComputed(state, computed, "V", cross ? "V = X_{kv}W^V" : "V = XW^V", r.V, keys);
  } else {
    // Linked highlighting: q_i is row i of Q, k_j row j of K (of Q too, under shared QK: K = Q).
    const Highlight lit_qk = lit(state, h);
    EditMatrix(state, flow, "Q", "Q" + H, [h](auto& sc) -> auto& { return sc.Q[h]; }, tokens,
               LitRows{lit_qk.query, s.options.shared_qk ? lit_qk.key : -1});
    if (!s.options.shared_qk)
      EditMatrix(state, flow, s.cross() ? "K  (m rows: the keys)" : "K", "K" + H, [h](auto& sc) -> auto& { return sc.K[h]; }, keys,
                 LitRows{-1, lit_qk.key});
    EditMatrix(state, flow, s.cross() ? "V  (m rows)" : "V", "V" + H, [h](auto& sc) -> auto& { return sc.V[h]; }, keys);
    if (s.options.shared_qk) ScriptText("K = Q  (shared QK)");
  }
  bool use_alt = s.has_W_alt;
  if (ImGui::Checkbox("##W_alt", &use_alt)) state.apply([&](core::Scenario& sc) { sc.has_W_alt = use_alt; });
  remember_control(state, "W_alt");
  const bool hovered = ImGui::IsItemHovered();
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::AlignTextToFramePadding();
  ScriptText("W_{alt}, AttentionAlt's fourth matrix");
  if (hovered || ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ScriptText("Identity when off. alt output = (1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40");
    ImGui::EndTooltip();
  }
  if (use_alt) {
    Flow alt;
    EditMatrix(state, alt, "W_{alt}", "W_alt" + H, [h](auto& sc) -> auto& { return sc.W_alt[h]; }, nullptr);
  }
  bool alt_output = s.options.head_output == core::HeadOutput::Alt;
  if (ImGui::Checkbox("AttentionAlt's output enters concat (all heads)", &alt_output))
    state.apply([&](core::Scenario& sc) {
      sc.options.head_output = alt_output ? core::HeadOutput::Alt : core::HeadOutput::Attention;
    });
  remember_control(state, "head_output");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ScriptText("On: each head gives (1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40 instead of A\u00B7V, so W_{alt} is a\n"
               "parameter of the model (seed 000). Off: A\u00B7V, and W_{alt} only shows in Output.");
    ImGui::EndTooltip();
  }
}

// The output Y the scenario should produce: with it, a loss L = mean (Y − target)²
// and its gradient with respect to every entry (issue 11, DESIGN.md "Gradients").
void Target(AppState& state) {
  const core::Scenario& s = state.scenario();
  bool has_target = s.has_target;
  if (ImGui::Checkbox("target", &has_target))
    state.apply([&](core::Scenario& sc) {
      // It starts at the current output: L = 0, and every edit then shows what it costs.
      if (has_target) sc.target = state.result().output;
      sc.has_target = has_target;
    });
  remember_control(state, "target");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ScriptText("The output Y the scenario should produce (n \u00D7 d_{model}); it starts at the current Y.\n"
               "Then L = mean (Y \u2212 target)\u00B2 shows in Output, and \u2202L/\u2202entry beside every matrix.");
    ImGui::EndTooltip();
  }
  if (!s.has_target) return;
  ImGui::SameLine();
  bool show = state.view.show_gradients;
  if (ImGui::Checkbox("show \u2202L/\u2202entry", &show)) state.view.show_gradients = show;
  remember_control(state, "show_gradients");
  ImGui::SameLine();
  ImGui::TextDisabled("L = %.4g", state.result().loss);
  Flow flow;
  EditMatrix<false>(state, flow, "target  (n \u00D7 d_{model})", "target", [](auto& sc) -> auto& { return sc.target; },
                    &s.tokens);
}

// Seed 001: only W_Q W_Kᵀ reaches the scores. Apply M to W_Q and M⁻ᵀ to W_K:
// Q and K change on screen, S does not (max |ΔS| ~ 1e-16).
void GaugeDemo(AppState& state) {
  const core::Scenario& s = state.scenario();
  AppState::Gauge& g = state.gauge;
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
  if (s.options.shared_qk)
    ScriptTextWrapped("Shared QK: W^K = W^Q gets the same M, so only an orthogonal M (M\u00B7M\u1D40 = I) keeps the scores; "
                      "'random M' makes one.", dim);
  if (s.options.positions == core::Positions::Rope)
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
  if (ImGui::Button("random M")) {
    const Eigen::MatrixXd M = core::random_gauge(s, g.seed++);
    for (size_t r = 0; r < d; ++r)
      for (size_t c = 0; c < d; ++c) g.M[r * d + c] = M(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c));
  }
  remember_control(state, "gauge.random");
  ImGui::SameLine();
  if (ImGui::Button("apply M")) {
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
  remember_control(state, "gauge.apply");
  if (!g.message.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(0.9f, 0.35f, 0.3f, 1.0f), "%s", g.message.c_str());
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

}  // namespace

void DrawMatricesPanel(AppState& state) {
  if (BeginPanel(state, "Matrices", "Q = XW^Q,  K = XW^K,  V = XW^V  per head;  Y = [O_1 \u2026 O_H] W^O")) {
    // Where the editor's parts are, a click away: the panel is taller than the window.
    std::string& target = state.matrices_scroll_to;
    if (!state.picture.active) {
      ImGui::TextDisabled("go to:");
      const auto link = [&](const char* label, const char* part) {
        ImGui::SameLine();
        if (ImGui::SmallButton(label)) target = part;
        remember_control(state, ("goto." + std::string(part)).c_str());
      };
      link(state.scenario().mode == core::Mode::Projected ? "X" : "tokens", "matrices");
      link("heads", "heads");
      link("W\u1D3C (output)", "W_O");
    }
    const auto scroll_here = [&](const char* part) {
      if (target != part) return;
      ImGui::SetScrollFromPosY(ImGui::GetCursorPosY() - ImGui::GetScrollY(), 0.0f);  // the cursor to the top
      target.clear();
    };
    if (ImGui::CollapsingHeader("Sizes and mode", ImGuiTreeNodeFlags_DefaultOpen)) SizesAndMode(state);
    if (ImGui::CollapsingHeader("Options", ImGuiTreeNodeFlags_DefaultOpen)) Options(state);
    // The header's label is markup (W^Q), drawn over an unlabelled header.
    const bool gauge_open = ImGui::CollapsingHeader("###gauge");
    remember_control(state, "gauge.header");
    draw_script_text(ImGui::GetWindowDrawList(),
                     ImVec2(ImGui::GetItemRectMin().x + ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 3,
                            ImGui::GetItemRectMin().y + ImGui::GetStyle().FramePadding.y - ImGui::GetFontSize() * 0.1f),
                     ImGui::GetColorU32(ImGuiCol_Text), "Gauge demo: only W^Q W^{K\u1D40} matters");
    if (gauge_open) GaugeDemo(state);
    if (!target.empty()) ImGui::SetNextItemOpen(true);
    if (ImGui::CollapsingHeader("Matrices", ImGuiTreeNodeFlags_DefaultOpen)) {
      scroll_here("matrices");
      TokenLabels(state);
      if (state.scenario().mode == core::Mode::Projected) {
        // Linked highlighting: the token that makes q_i is row i of X; the one that makes k_j,
        // row j of X (of X_kv under cross-attention). Every head's, whichever head was hovered.
        const Highlight lit_x = lit(state, -1);
        const bool cross = state.scenario().cross();
        Flow flow;
        EditMatrix(state, flow, "X  (n \u00D7 d_{model}), one row per token", "X", [](auto& sc) -> auto& { return sc.X; },
                   &state.scenario().tokens, LitRows{lit_x.query, cross ? -1 : lit_x.key});
        if (cross)
          EditMatrix(state, flow, "X_{kv}  (m \u00D7 d_{model}), the encoder's tokens", "X_kv",
                     [](auto& sc) -> auto& { return sc.X_kv; }, &state.scenario().tokens_kv, LitRows{-1, lit_x.key});
      }
      PositionMatrices(state);
      scroll_here("heads");
      if (ImGui::BeginTabBar("heads")) {
        // The views show the head of the selected tab; a head chosen elsewhere
        // (the View menu) selects its tab, which ImGui shows from the next frame.
        const bool chosen_elsewhere = state.view.head != state.editor_tab_head;
        for (int h = 0; h < state.scenario().heads; ++h) {
          const std::string name = "head " + std::to_string(h + 1);
          const ImGuiTabItemFlags flags =
              chosen_elsewhere && h == state.view.head ? ImGuiTabItemFlags_SetSelected : 0;
          if (ImGui::BeginTabItem(name.c_str(), nullptr, flags)) {
            if (!chosen_elsewhere) state.view.head = h;
            HeadMatrices(state, h);
            ImGui::EndTabItem();
          }
        }
        state.editor_tab_head = state.view.head;
        ImGui::EndTabBar();
      }
      Flow flow;
      scroll_here("W_O");
      EditMatrix(state, flow, "W^O  (H\u00B7d_k \u00D7 d_{model})", "W_O", [](auto& sc) -> auto& { return sc.W_O; }, nullptr);
      ImGui::Spacing();
      Target(state);
    }
  }
  ImGui::End();
}

}  // namespace app
