// The matrix editor: every editable entry is a drag field, plus the sizes,
// the mode and the options. Each change goes through AppState::apply, so the
// views drawn after this panel show it on the same frame.
#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include "app/panels/panel_matrices_parts.h"
#include "app/panels/panel_text.h"
#include "app/panels/panels.h"
#include "app/panels/text_view.h"
#include "app/render/text.h"
#include "app/training/designs.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "core/text/translate.h"
#include "core/designs/attention_alt.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/model/gauge.h"

namespace app {

namespace {

constexpr double kMinEntry = -core::kMaxAbsEntry, kMaxEntry = core::kMaxAbsEntry;

std::string cell_key(const std::string& matrix, int r, int c) {
  return matrix + "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
}

// Places the next group beside the last one when it fits, else below it.
class Flow {
 public:
  void next(float width) {
    const float right_edge = ImGui::GetCurrentWindowRead()->ContentRegionRect.Max.x;
    const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
    if (placed_ && last_right_ + gap + width <= right_edge) ImGui::SameLine(0, gap);
    placed_ = true;
  }
  void placed() { last_right_ = ImGui::GetItemRectMax().x; }

 private:
  bool placed_ = false;
  float last_right_ = 0;
};

// The rows a matrix outlines for the linked highlight (app/widgets/highlight.h): the row that makes
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

// ↑ and ↓ while an entry is being typed in (reached by Tab, or opened by a double-click): the
// number in the field plus or minus 0.01 (with Shift, 0.1), as the page's text view steps its
// inputs. Each press is one undo step (the field closes, which ends the gesture: frame.cpp), and
// the field opens again in the next frame, the new number in it, ready for the next press.
template <class Set>
void StepWithArrows(ImGuiID id, double shown, Set set) {
  if (!ImGui::TempInputIsActive(id)) return;
  const bool up = ImGui::IsKeyPressed(ImGuiKey_UpArrow);
  const bool down = ImGui::IsKeyPressed(ImGuiKey_DownArrow);
  if (up == down) return;
  // From what is typed in the field, where it is a number; else from the entry's value.
  double from = shown;
  if (const ImGuiInputTextState* typing = ImGui::GetInputTextState(id)) {
    double typed = 0;
    if (read_entry(std::string(typing->TextA.Data, static_cast<size_t>(typing->TextLen)), typed).empty()) from = typed;
  }
  const double step = ImGui::GetIO().KeyShift ? 0.1 : 0.01;
  // On the hundredths the field shows: 0.237 goes up to 0.25, as 0.24 shown goes to 0.25.
  const double next = std::clamp(std::round(from / 0.01) * 0.01 + (up ? step : -step), kMinEntry, kMaxEntry);
  set(std::round(next * 100) / 100);
  ImGui::ClearActiveID();
  // Dear ImGui 1.92 keeps a closed field's text to hand back when it opens again: it would put the
  // number typed back over the stepped one. Forgotten: the field opens on the stepped number.
  GImGui->InputTextDeactivatedState.ID = 0;
  ImGui::SetKeyboardFocusHere(-1);  // this field again, in the next frame: a drag field given the keyboard opens for typing
}

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
  const float width = std::max(script_text_size(title_markup).x + MatrixToolsWidth(),
                               label_w + static_cast<float>(m.cols()) * (field_w + gap));
  flow.next(width);
  ImGui::BeginGroup();
  ScriptText(title_markup);
  // Copy, paste, random, identity, zero, round (panel_matrices_tools.cpp): one edit, one undo step.
  if (const auto change = MatrixTools(state, key, m))
    if (state.apply([&](core::Scenario& s) { get(s) = change->matrix; })) state.status = change->done;
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
      const ImGuiID id = ImGui::GetID("##v");
      // Drag to change (0.01 a CSS pixel), double-click or Ctrl+click to type.
      if (ImGui::DragScalar("##v", ImGuiDataType_Double, &value, EntryDragSpeed(state), &kMinEntry, &kMaxEntry, "%.2f",
                            ImGuiSliderFlags_AlwaysClamp))
        state.apply([&](core::Scenario& s) { get(s)(r, c) = value; });
      StepWithArrows(id, m(r, c), [&](double stepped) { state.apply([&](core::Scenario& s) { get(s)(r, c) = stepped; }); });
      if (ImGui::IsItemVisible()) {  // scrolled out of view: not a place to click
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        frame_layout().cells[cell_key(key, r, c)] = Rect{a.x, a.y, b.x - a.x, b.y - a.y};
      }
      keyed::note_if_focused(cell_key(key, r, c), id);  // Tab's place
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
    if (state.view.show_gradients && state.scenario().has_target)
      GradientBeside(state, flow, key, title_markup, get(state.gradient()), row_labels);
  }
}

// A computed matrix (Q, K, V in projected mode) beside its formula, read-only.
void ShowComputed(AppState& state, Flow& flow, const char* id, std::string_view formula, MatrixView m,
                  const std::vector<std::string>* rows, int lit_row = -1) {
  const HeatmapOptions o{.max_cell = 26, .colorbar = false, .row_labels = rows, .lit = {.row = lit_row}};
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
  // No row labels: the fields beside it name the rows. Two decimals or none: scaled by 10^k below so
  // that two digits say something.
  const HeatmapOptions o{.max_cell = 26, .show_row_labels = false, .small_numbers = true,
                         .one_decimal_allowed = false, .colorbar = false, .own_scale_always = true,
                         .row_labels = row_labels};
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

// One field per token label; under cross-attention a second row for the keys' sequence.
void TokenLabels(AppState& state) {
  const float w = std::max(40.0f, ImGui::GetContentRegionAvail().x / 4 - 8);
  const auto labels = [&](const char* title, const char* id, std::vector<std::string> core::Scenario::*list) {
    ImGui::TextDisabled("%s", core::tr(title));
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
  labels(cross ? core::tr_noop("tokens: the queries' sequence (decoder, X)") : core::tr_noop("tokens"), "tokens", &core::Scenario::tokens);
  if (cross) labels(core::tr_noop("tokens_kv: the keys' and values' sequence (encoder, X_kv)"), "tokens_kv", &core::Scenario::tokens_kv);
  ImGui::Spacing();
}

// PE (sinusoidal) or the angles p·θ_i (RoPE): what the positions add, read-only.
void PositionMatrices(AppState& state) {
  const core::Scenario& s = state.scenario();
  const core::Options& o = s.options;
  if (o.positions == core::Positions::None) return;
  Flow flow;
  if (core::sinusoidal_positions(o)) {
    ShowComputed(state, flow, "PE", "PE  (added to X)", core::sinusoidal_encoding(s.n(), s.d_model, o.position_base), &state.token_labels());
    if (s.cross())
      ShowComputed(state, flow, "PE_kv", "PE  (added to X_{kv})", core::sinusoidal_encoding(s.m(), s.d_model, o.position_base),
                   &state.key_labels());
    return;
  }
  // RoPE: row p, column i: the angle pair (2i, 2i+1) of q_p and k_p turns by, in radians.
  const int pairs = s.d_k / 2;
  if (pairs == 0) {
    ScriptTextWrapped(core::tr("RoPE: d_k = 1 has no pair of coordinates to turn, so nothing turns."), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    return;
  }
  // Rows by position p, counted from 0 as RoPE counts them (each sequence from its own 0).
  const int count = std::max(s.n(), s.m());
  core::Mat angles(count, pairs);
  std::vector<std::string> positions(static_cast<size_t>(count));
  for (int p = 0; p < count; ++p) {
    positions[static_cast<size_t>(p)] = "p = " + std::to_string(p);
    for (int i = 0; i < pairs; ++i) angles(p, i) = p * core::rope_frequency(i, s.d_k, o.position_base);
  }
  ShowComputed(state, flow, "rope", "p\u00B7\u03B8_i  (radians; column i: pair 2i, 2i+1)", angles,
               &positions);
  if (s.d_k % 2) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", core::tr("(d_k odd: the last coordinate is not turned)"));
  }
}

void HeadMatrices(AppState& state, int h) {
  const core::Scenario& s = state.scenario();
  const std::string H = "[" + std::to_string(h) + "]";
  const auto* tokens = &state.token_labels();  // ha₀ … ha₅ where tokens repeat
  const auto* keys = &state.key_labels();  // the encoder's under cross-attention
  Flow flow;
  const bool merged = s.mode == core::Mode::Projected && core::one_w(s.options);
  if (merged) {
    EditMatrix(state, flow, "W_{" + std::to_string(h + 1) + (s.cross() ? "}  (one W: S = XWX_{kv}^\u1D40)" : "}  (one W: S = XWX^\u1D40)"), "W" + H,
               [h](auto& sc) -> auto& { return sc.W[h]; }, nullptr);
  } else if (s.mode == core::Mode::Projected) {
    EditMatrix(state, flow, "W^Q", "W_Q" + H, [h](auto& sc) -> auto& { return sc.W_Q[h]; }, nullptr);
    if (!core::shared_qk(s.options))
      EditMatrix(state, flow, "W^K", "W_K" + H, [h](auto& sc) -> auto& { return sc.W_K[h]; }, nullptr);
  }
  // Linked highlighting: q_i is row i of Q, k_j row j of K (of Q too, under shared QK: K = Q).
  const Highlight lit_qk = lit(state, h);
  if (s.mode == core::Mode::Projected) {
    EditMatrix(state, flow, "W^V", "W_V" + H, [h](auto& sc) -> auto& { return sc.W_V[h]; }, nullptr);
    if (core::shared_qk(s.options)) ScriptText(core::tr("W^K = W^Q  (shared QK)"));
    ImGui::TextDisabled("%s", core::tr("computed, read-only:"));
    Flow computed;
    const core::HeadResult& r = state.result().head[h];
    // Under RoPE, Q and K are shown turned: what S is made of.
    const bool cross = s.cross(), rope = core::rope_positions(s.options);
    const std::string turned = rope ? ", turned by RoPE" : "";
    ShowComputed(state, computed, "Q", (merged ? "Q = XW" : "Q = XW^Q") + turned, r.Q, tokens, lit_qk.query);
    ShowComputed(state, computed, "K",
                 (core::normalized_keys(s.options) ? std::string(core::kNormalizedKeysName)
                  : merged                 ? std::string(cross ? "K = X_{kv}" : "K = X")
                  : core::shared_qk(s.options)    ? std::string(cross ? "K = X_{kv}W^Q" : "K = XW^Q")
                                           : std::string(cross ? "K = X_{kv}W^K" : "K = XW^K")) + turned,
                 r.K, keys, lit_qk.key);
    ShowComputed(state, computed, "V", cross ? "V = X_{kv}W^V" : "V = XW^V", r.V, keys);
  } else {
    EditMatrix(state, flow, "Q", "Q" + H, [h](auto& sc) -> auto& { return sc.Q[h]; }, tokens,
               LitRows{lit_qk.query, core::shared_qk(s.options) ? lit_qk.key : -1});
    if (!core::shared_qk(s.options))
      EditMatrix(state, flow, s.cross() ? "K  (m rows: the keys)" : "K", "K" + H, [h](auto& sc) -> auto& { return sc.K[h]; }, keys,
                 LitRows{-1, lit_qk.key});
    EditMatrix(state, flow, s.cross() ? "V  (m rows)" : "V", "V" + H, [h](auto& sc) -> auto& { return sc.V[h]; }, keys);
    if (core::shared_qk(s.options)) ScriptText(core::tr("K = Q  (shared QK)"));
  }
  bool use_alt = s.has_W_alt;
  if (keyed::Checkbox("W_alt", "##W_alt", &use_alt)) state.apply([&](core::Scenario& sc) { sc.has_W_alt = use_alt; });
  const bool hovered = ImGui::IsItemHovered();
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::AlignTextToFramePadding();
  ScriptText(core::tr("W_{alt}, AttentionAlt's fourth matrix"));
  if (hovered || ImGui::IsItemHovered())
    ScriptTooltip(core::tr("Identity when off. alt output = (1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40"));
  if (use_alt) {
    Flow alt;
    EditMatrix(state, alt, "W_{alt}", "W_alt" + H, [h](auto& sc) -> auto& { return sc.W_alt[h]; }, nullptr);
  }
  bool alt_output = core::attention_alt(s.options);
  if (keyed::Checkbox(core::kAttentionAltKey, core::kAttentionAltLabel, &alt_output))
    state.apply([&](core::Scenario& sc) {
      sc.options.head_output = alt_output ? core::HeadOutput::Alt : core::HeadOutput::Attention;
    });
  if (ImGui::IsItemHovered()) ScriptTooltip(core::kAttentionAltAbout);
}

// The output Y the scenario should produce: with it, a loss L = mean (Y − target)²
// and its gradient with respect to every entry (docs/command-line.md, "--grad FILE").
void Target(AppState& state) {
  const core::Scenario& s = state.scenario();
  bool has_target = s.has_target;
  if (keyed::Checkbox("target", translated("target").c_str(), &has_target))
    state.apply([&](core::Scenario& sc) {
      // It starts at the current output: L = 0, and every edit then shows what it costs.
      if (has_target) sc.target = state.result().output;
      sc.has_target = has_target;
    });
  if (ImGui::IsItemHovered())
    ScriptTooltip(
        core::tr("The output Y the scenario should produce (n \u00D7 d_{model}); it starts at the current Y.\n"
        "Then L = mean (Y \u2212 target)\u00B2 shows in Output, and \u2202L/\u2202entry beside every matrix."));
  if (!s.has_target) return;
  ImGui::SameLine();
  bool show = state.view.show_gradients;
  if (keyed::Checkbox("show_gradients", translated("show \u2202L/\u2202entry").c_str(), &show)) state.view.show_gradients = show;
  ImGui::SameLine();
  ImGui::TextDisabled("L = %.4g", state.result().loss);
  Flow flow;
  EditMatrix<false>(state, flow, core::tr("target  (n \u00D7 d_{model})"), "target", [](auto& sc) -> auto& { return sc.target; },
                    &state.token_labels());
}

}  // namespace

float EntryDragSpeed(const AppState& state) {
  const float density = fonts().scale / std::max(state.view.zoom, 0.01f);  // the monitor's content scale, the page's devicePixelRatio
  const float finger = state.panels.finger_drag == 1 ? 0.5f : state.panels.finger_drag == 2 ? 0.05f : 1.0f;
  return 0.01f / std::max(density, 0.01f) * finger;
}

void DrawMatricesPanel(AppState& state) {
  if (BeginPanel(state, Panel::Matrices, "Q = XW^Q,  K = XW^K,  V = XW^V  per head;  Y = [O_1 \u2026 O_H] W^O")) {
    // Where the editor's parts are, a click away: the panel is taller than the window.
    std::string& target = state.panels.matrices_scroll_to;
    if (!frame_picture().active) {
      ImGui::TextDisabled("%s", core::tr("go to:"));
      const auto link = [&](const char* label, const char* part) {
        ImGui::SameLine();
        if (keyed::SmallButton("goto." + std::string(part), translated(label).c_str())) target = part;
      };
      link(state.scenario().mode == core::Mode::Projected ? "X" : core::tr_noop("tokens"), "matrices");
      link(core::tr_noop("heads"), "heads");
      link(core::tr_noop("W\u1D3C (output)"), "W_O");
    }
    const auto scroll_here = [&](const char* part) {
      if (target != part) return;
      ScrollPanelHere();
      target.clear();
    };
    scroll_here("sizes");
    if (ImGui::CollapsingHeader(translated("Sizes and mode").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) MatricesSizesAndMode(state);
    scroll_here("options");
    if (ImGui::CollapsingHeader(translated("Options").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) MatricesOptions(state);
    // The header's label is drawn as the views' markup over an unlabelled header.
    const bool gauge_open = keyed::CollapsingHeader("gauge.header", "###gauge");
    draw_script_text(ImGui::GetWindowDrawList(),
                     ImVec2(ImGui::GetItemRectMin().x + ImGui::GetFontSize() + ImGui::GetStyle().FramePadding.x * 3,
                            ImGui::GetItemRectMin().y + ImGui::GetStyle().FramePadding.y - ImGui::GetFontSize() * 0.1f),
                     ImGui::GetColorU32(ImGuiCol_Text), core::tr("Gauge demo: the M that change nothing"));
    if (gauge_open) GaugeDemo(state);
    if (!target.empty()) ImGui::SetNextItemOpen(true);
    if (ImGui::CollapsingHeader(translated("Matrices").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
      scroll_here("matrices");
      TokenLabels(state);
      if (state.scenario().mode == core::Mode::Projected) {
        // Linked highlighting: the token that makes q_i is row i of X; the one that makes k_j,
        // row j of X (of X_kv under cross-attention). Every head's, whichever head was hovered.
        const Highlight lit_x = lit(state, -1);
        const bool cross = state.scenario().cross();
        Flow flow;
        EditMatrix(state, flow, core::tr("X  (n \u00D7 d_{model}), one row per token"), "X", [](auto& sc) -> auto& { return sc.X; },
                   &state.token_labels(), LitRows{lit_x.query, cross ? -1 : lit_x.key});
        if (cross)
          EditMatrix(state, flow, core::tr("X_{kv}  (m \u00D7 d_{model}), the encoder's tokens"), "X_kv",
                     [](auto& sc) -> auto& { return sc.X_kv; }, &state.key_labels(), LitRows{-1, lit_x.key});
      }
      PositionMatrices(state);
      scroll_here("heads");
      if (ImGui::BeginTabBar("heads")) {
        // The views show the head of the selected tab; a head chosen elsewhere
        // (the View menu) selects its tab, which ImGui shows from the next frame.
        const bool chosen_elsewhere = state.view.head != state.panels.editor_tab_head;
        for (int h = 0; h < state.scenario().heads; ++h) {
          // In the language shown; its id stays the English name, so that the tab chosen stays chosen.
          const std::string name = core::tr_format("head {0}", {std::to_string(h + 1)}) + "###head " + std::to_string(h + 1);
          const ImGuiTabItemFlags flags =
              chosen_elsewhere && h == state.view.head ? ImGuiTabItemFlags_SetSelected : 0;
          if (ImGui::BeginTabItem(name.c_str(), nullptr, flags)) {
            if (!chosen_elsewhere) state.view.head = h;
            HeadMatrices(state, h);
            ImGui::EndTabItem();
          }
        }
        state.panels.editor_tab_head = state.view.head;
        ImGui::EndTabBar();
      }
      Flow flow;
      scroll_here("W_O");
      EditMatrix(state, flow, "W^O  (H\u00B7d_k \u00D7 d_{model})", "W_O", [](auto& sc) -> auto& { return sc.W_O; }, nullptr);
      ImGui::Spacing();
      Target(state);
    }
  }
  EndPanel();
}

PanelText DescribeMatricesPanel(const AppState& state) {
  const core::Scenario& s = state.scenario();
  // Its name, the sizes, then the options its boxes show ticked, as the lab sums up a design.
  PanelText out = panel_title(Panel::Matrices) + std::string("\nn = ") + std::to_string(s.n()) + (s.cross() ? ", m = " + std::to_string(s.m()) : "") +
                  ", d_model = " + std::to_string(s.d_model) + ", d_k = " + std::to_string(s.d_k) + ", " +
                  core::tr_format("heads = {0}", {std::to_string(s.heads)}) + ", " +
                  (s.mode == core::Mode::Direct ? core::tr("direct mode") : core::tr("projected mode")) + "\n" +
                  core::tr_format("options: {0}", {options_summary(core::Variant{"", s.options, 0})}) + "\n";
  const bool projected = s.mode == core::Mode::Projected;
  // Each matrix a person edits says which it is (its cell key, as --layout-out writes it), for
  // the page's text view, where it is a table of inputs.
  const int several = s.heads > 1 ? 1 : 0;
  if (projected) {
    out += matrix_text("X", s.X, state.token_labels()).editable("X", "X", 0);
    if (s.cross()) out += matrix_text("X_kv", s.X_kv, state.key_labels()).editable("X_kv", "X_kv", 0);
  }
  for (int h = 0; h < s.heads; ++h) {
    const size_t i = static_cast<size_t>(h);
    const std::string of = s.heads > 1 ? " " + core::tr_format("of head {0}", {std::to_string(h + 1)}) : "";
    const std::string at = "[" + std::to_string(h) + "]";
    const int head = several * (h + 1);
    if (projected && core::one_w(s.options)) {
      out += matrix_text("W" + of + " (" + core::tr_format("one W, d_model \u00D7 d_model: Q = XW, K = X{0}", {s.cross() ? "_kv" : ""}) + ")", s.W[i])
                 .editable("W" + at, "W", head);
    } else if (projected) {
      out += matrix_text("W^Q" + of, s.W_Q[i]).editable("W_Q" + at, "W^Q", head);
      out += core::shared_qk(s.options) ? "W^K = W^Q (" + std::string(core::tr("shared QK")) + ")\n" : matrix_text("W^K" + of, s.W_K[i]).editable("W_K" + at, "W^K", head);
    } else {
      out += matrix_text("Q" + of, s.Q[i], state.token_labels()).editable("Q" + at, "Q", head);
      out += core::shared_qk(s.options) ? "K = Q (" + std::string(core::tr("shared QK")) + ")\n" : matrix_text("K" + of, s.K[i], state.key_labels()).editable("K" + at, "K", head);
    }
    out += projected ? matrix_text("W^V" + of, s.W_V[i]).editable("W_V" + at, "W^V", head)
                     : matrix_text("V" + of, s.V[i], state.key_labels()).editable("V" + at, "V", head);
    if (s.has_W_alt) out += matrix_text("W_alt" + of, s.W_alt[i]).editable("W_alt" + at, "W_alt", head);
  }
  out += matrix_text("W^O", s.W_O).editable("W_O", "W^O", 0);
  if (!s.has_target) return out;
  out += matrix_text(core::tr("the target, what Y should be"), s.target, state.token_labels()).editable("target", "target", 0);
  return out + core::tr_format("loss L = mean of (Y \u2212 target)\u00B2 = {0}", {format_number(state.result().loss)}) + "\n";
}

}  // namespace app
