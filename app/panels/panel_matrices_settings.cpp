// The Matrices panel's sizes, mode and options: each change goes through
// AppState::apply (one undo step a gesture), and the views drawn after the
// panel show it on the same frame.
#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include "app/panels/panel_matrices_parts.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/slider.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"
#include "core/designs/sqrt_dk_scale.h"
#include "core/text/translate.h"

namespace app {

void MatricesSizesAndMode(AppState& state) {
  const core::Scenario& s = state.scenario();
  int n = s.n(), d_model = s.d_model, d_k = s.d_k, heads = s.heads;
  // Two sizes a line; labels come after the sliders as text, so that each slider's rectangle is its frame alone.
  const float column = ImGui::GetContentRegionAvail().x * 0.5f;
  ImGui::PushItemWidth(column * 0.55f);
  const auto label = [](const char* markup) {
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ScriptText(core::tr(markup));
  };
  const auto second_column = [&] { ImGui::SameLine(column + ImGui::GetStyle().WindowPadding.x); };
  bool resized = keyed::ReadableSliderInt("tokens", "##tokens", &n, core::kMinTokens, core::kMaxTokens);
  label(core::tr_noop("tokens n"));
  second_column();
  resized |= keyed::ReadableSliderInt("d_model", "##d_model", &d_model, core::kMinDModel, core::kMaxDModel);
  label(core::tr_noop("d_{model}"));
  resized |= keyed::ReadableSliderInt("d_k", "##d_k", &d_k, core::kMinDk, core::kMaxDk);
  label("d_k (= d_v)");
  second_column();
  resized |= keyed::ReadableSliderInt("heads", "##heads", &heads, core::kMinHeads, core::kMaxHeads);
  label(core::tr_noop("heads H"));
  ImGui::PopItemWidth();
  // Entries cut by a smaller size come back with Ctrl+Z: the whole slider drag is one step.
  if (resized) state.apply([&](core::Scenario& sc) { core::resize(sc, n, d_model, d_k, heads); });

  int mode = s.mode == core::Mode::Projected ? 0 : 1;
  const int before = mode;
  keyed::RadioButton("mode.projected", translated("projected: X and W per head").c_str(), &mode, 0);
  ImGui::SameLine();
  keyed::RadioButton("mode.direct", translated("direct: Q, K, V").c_str(), &mode, 1);
  if (mode != before) {
    state.apply([&](core::Scenario& sc) {
      if (mode == 1) core::convert_to_direct(sc);  // keeps Q, K, V: the scores do not move
      else sc.mode = core::Mode::Projected;
    });
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", core::one_w(s.options)
                          ? core::tr("Direct mode has no place for one W: Q = XW has d_model columns. Switching\n"
                            "turns \"one W\" off, so the scores become those of W^Q and W^K.")
                          : core::tr("Switching to direct mode keeps the current Q, K and V."));

  // Cross-attention (docs/scenario-format.md, version 2): the decoder's tokens ask, the encoder's answer.
  bool cross = s.cross();
  if (keyed::Checkbox("cross", translated("cross-attention: keys and values from a second sequence").c_str(), &cross))
    state.apply([&](core::Scenario& sc) { core::set_cross_attention(sc, cross); });
  if (ImGui::IsItemHovered())
    ScriptTooltip(s.mode == core::Mode::Projected
                      ? core::tr("The encoder-decoder block: Q = XW^Q from the decoder's n tokens, K = X_{kv}W^K and\n"
                        "V = X_{kv}W^V from the encoder's m tokens. S is n \u00D7 m. It starts as a copy of X.")
                      : core::tr("Q has the decoder's n rows; K and V the encoder's m rows. S is n \u00D7 m."));
  if (cross) {
    int m = s.m();
    ImGui::SetNextItemWidth(column * 0.55f);
    if (keyed::ReadableSliderInt("tokens_kv", "##tokens_kv", &m, core::kMinTokens, core::kMaxTokens))
      state.apply([&](core::Scenario& sc) { core::resize_keys(sc, m); });
    label(core::tr_noop("keys m (tokens_{kv})"));
  }
}

namespace {

// Where a token's position enters: nowhere (permutation-equivariant), added to X, or turning q and k.
// On the masks' row: how a row of logits becomes weights, the softmax or sigmoid attention
// (core/designs/sigmoid_attention.h says what each is; its words are the tooltips).
void WeightsList(core::Options& o, bool& changed) {
  const char* const items[] = {"softmax", core::kSigmoidLabel};
  int weights = static_cast<int>(o.weights);
  const float width = ImGui::CalcTextSize("softmax").x + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();  // a narrow panel: a line of its own
  ImGui::SetNextItemWidth(width);
  changed |= keyed::Combo("weights", "##weights", &weights, items, 2);
  if (ImGui::IsItemHovered()) ScriptTooltip(std::string(core::tr(core::kSoftmaxAbout)) + "\n" + core::tr(core::kSigmoidAbout));
  o.weights = static_cast<core::Weights>(weights);
  if (!core::sigmoid_weights(o)) o.sigmoid_bias.reset();
}

// On the scale row, before T, under sigmoid attention: its bias b, and a way back to −ln m.
void SigmoidBias(AppState& state, core::Options& o, bool& changed) {
  if (!core::sigmoid_weights(o)) return;
  const core::Scenario& s = state.scenario();
  // The bias as the scenario has it (−ln m until one is set): only the slider's own change sets it.
  double bias = core::sigmoid_weights(s.options) ? core::sigmoid_bias(s) : -std::log(static_cast<double>(s.m()));
  const double lo = -10.0, hi = 10.0;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("b = -0.000").x + 2 * ImGui::GetStyle().FramePadding.x);
  if (keyed::ReadableSliderDouble("sigmoid_bias", "##sigmoid_bias", &bias, &lo, &hi, "b = %.3f") &&
      std::abs(bias) <= core::kMaxAbsEntry) {
    o.sigmoid_bias = bias;
    changed = true;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", core::tr("The bias b of \u03C3(z + b): \u2212ln m (m keys) until you set one; Ctrl+click to type a value (|b| \u2264 1e6)."));
  ImGui::SameLine();
  if (o.sigmoid_bias) {  // back to −ln m, which follows the number of keys
    if (keyed::SmallButton("sigmoid_bias.default", "\u2212ln m")) {
      o.sigmoid_bias.reset();
      changed = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", core::tr("b = \u2212ln m again, Ramapuram et al.'s default: a row of m unmasked logits 0 then sums to m/(m + 1)."));
    ImGui::SameLine();
  }
}

void Positions(AppState& state, core::Options& o, bool& changed) {
  const core::Scenario& s = state.scenario();
  const bool projected = s.mode == core::Mode::Projected;
  int positions = static_cast<int>(o.positions);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(core::tr("positions:"));
  ImGui::SameLine();
  const auto choice = [&](const char* label, const char* key, int value, bool enabled, const char* tooltip_markup) {
    ImGui::BeginDisabled(!enabled);
    changed |= keyed::RadioButton(key, translated(label).c_str(), &positions, value);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ScriptTooltip(core::tr(tooltip_markup));
    ImGui::SameLine();
  };
  choice(core::tr_noop("none"), "positions.none", 0, true,
         core::tr_noop("Attention alone is permutation-equivariant: two identical tokens get identical outputs,\n"
         "and no head can attend to \"the previous token\"."));
  choice(core::tr_noop("sinusoidal"), "positions.sinusoidal", 1, projected,
         projected ? core::tr_noop("X' = X + PE before the projections: PE_{p,2i} = sin(p / base^{2i/d_{model}}), PE_{p,2i+1} = cos(the same).")
                   : core::tr_noop("Projected mode only: PE is added to X, and direct mode has no X."));
  choice(core::tr_noop("RoPE"), "positions.rope", 2, !core::one_w(o),
         core::one_w(o) ? core::tr_noop("Not with one W: RoPE turns q and k of d_k coordinates; with one W the keys are the rows of X.")
                     : core::tr_noop("RoFormer: pair (2i, 2i+1) of q_p and k_p turned by p\u00B7\u03B8_i, \u03B8_i = base^{\u22122i/d_k}.\n"
                       "Then q_i\u00B7k_j depends on the positions only through i \u2212 j. V is not turned."));
  o.positions = static_cast<core::Positions>(positions);
  if (o.positions != core::Positions::None) {
    double base = o.position_base;
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x));
    if (keyed::ReadableSliderDouble("position_base", "##position_base", &base, &core::kMinPositionBase, &core::kMaxPositionBase,
                            "base = %.0f", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
      o.position_base = std::clamp(base, core::kMinPositionBase, core::kMaxPositionBase);
      changed = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", core::tr("The 10000 of sin(p / 10000^(2i/d)): smaller bases turn faster, so that short sequences tell positions apart."));
  } else {
    ImGui::NewLine();
  }
}

}  // namespace

void MatricesOptions(AppState& state) {
  core::Options o = state.scenario().options;
  // A box with its tooltip, greyed out where it cannot be ticked.
  const auto checkbox = [&](bool disabled, const char* label, const char* key, bool* value,
                            const char* tooltip_markup) {
    ImGui::BeginDisabled(disabled);
    const bool clicked = keyed::Checkbox(key, translated(label).c_str(), value);
    if (tooltip_markup && ImGui::IsItemHovered()) ScriptTooltip(core::tr(tooltip_markup));
    ImGui::EndDisabled();
    return clicked;
  };
  const bool was_merged = core::one_w(o);
  const core::Scenario& s = state.scenario();
  const bool cross = s.cross(), projected = s.mode == core::Mode::Projected;
  // Direct mode's K := Q would make the keys the queries' sequence: no shared QK across two sequences there.
  bool changed = checkbox(cross && !projected, core::kSharedQkLabel, core::kSharedQkKey, &o.shared_qk,
                          cross ? (projected ? core::kSharedQkCrossAbout : core::kSharedQkDirectCrossAbout) : core::kSharedQkAbout);
  if (core::shared_qk(o)) o.merged_qk = false;  // one W already replaces W^Q and W^K
  ImGui::SameLine();
  const bool rope = core::rope_positions(o);
  changed |= checkbox(!projected || rope, core::kOneWLabel, core::kOneWKey, &o.merged_qk,
                      !projected ? core::kOneWDirectAbout : rope ? core::kOneWRopeAbout : core::kOneWAbout);
  if (core::one_w(o) && !was_merged) o.shared_qk = false;
  ImGui::SameLine();
  changed |= checkbox(core::cosine_logits(o), core::kNormalizedKeysLabel, core::kNormalizedKeysKey,
                      &o.normalize_keys,
                      core::cosine_logits(o) ? core::kCosineLogitsKeysAbout : core::kNormalizedKeysAbout);
  changed |= checkbox(false, core::tr_noop("causal mask"), "causal", &o.causal, core::tr_noop("A token does not attend to later tokens."));
  ImGui::SameLine();
  changed |= checkbox(cross, core::kNoSelfMaskLabel, core::kNoSelfMaskKey, &o.no_self,
                      cross ? core::kNoSelfMaskCrossAbout : core::kNoSelfMaskAbout);
  ImGui::SameLine();
  // Q and K are not interchangeable: swapping them transposes S, but the
  // softmax normalises rows (one query over all keys), so the attention changes.
  const bool can_swap = !core::shared_qk(o) && !cross;
  ImGui::BeginDisabled(!can_swap);
  if (keyed::Button("swap_qk", translated("swap Q \u2194 K").c_str())) state.apply([](core::Scenario& sc) { core::swap_queries_and_keys(sc); });
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ScriptTooltip(
        can_swap && core::sigmoid_weights(o)
            ? core::tr("W^Q \u2194 W^K in every head (Q \u2194 K in direct mode): S becomes S\u1D40; under sigmoid attention each\n"
              "weight follows its own score, so without a mask A becomes A\u1D40 (the softmax's would not).")
        : can_swap ? core::tr("W^Q \u2194 W^K in every head (Q \u2194 K in direct mode): S becomes S\u1D40, the weights do not follow.")
        : cross    ? core::tr("Cross-attention: queries and keys come from two sequences; swapping the matrices is no transpose.")
                   : core::tr("Under shared QK, K = Q: there is nothing to swap."));
  ImGui::SameLine();
  WeightsList(o, changed);

  int scale = core::cosine_logits(o) ? 2 : core::sqrt_dk_scale(o) ? 0 : 1;
  changed |= keyed::RadioButton(core::kSqrtDkControl, "##sqrt_dk", &scale, 0);  // its label is markup, drawn beside it
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::AlignTextToFramePadding();
  ScriptText(core::kSqrtDkLabel);
  ImGui::SameLine();
  changed |= keyed::RadioButton(core::kNoScaleControl, core::kNoScaleLabel, &scale, 1);
  ImGui::SameLine();
  changed |= keyed::RadioButton(core::kCosineLogitsControl, core::kCosineLogitsLabel, &scale, 2);
  if (ImGui::IsItemHovered()) ScriptTooltip(core::tr(core::kCosineLogitsAbout));
  o.scale = scale == 0 ? core::Scale::SqrtDk : core::Scale::None;
  core::set_cosine_logits(o, scale == 2);
  ImGui::SameLine();
  const size_t head = static_cast<size_t>(std::clamp(state.view.head, 0, core::kMaxHeads - 1));
  double gain = state.scenario().qk_gain[head];
  bool gain_changed = false;
  if (core::cosine_logits(o) && core::cosine_logits(state.scenario().options)) {
    const double lo = -100.0, hi = 100.0;
    ImGui::SetNextItemWidth(110 * ImGui::GetFontSize() / 16.0f);
    gain_changed = keyed::ReadableSliderDouble("qk_gain", "##gain", &gain, &lo, &hi, "g = %.3f");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", core::tr(core::kCosineLogitsGainAbout));
    ImGui::SameLine();
  }
  SigmoidBias(state, o, changed);
  // T on a line of its own when what came before leaves it too little to read (the cosine logits' gain or
  // sigmoid attention's bias shown in a narrow panel).
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize("T = 100.00").x + 2 * ImGui::GetStyle().FramePadding.x) ImGui::NewLine();
  // In double, as the scenario holds it: a float slider would store 0.05 as 0.05000000074505806.
  double temperature = o.temperature;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  if (keyed::ReadableSliderDouble("temperature", "##T", &temperature, &core::kMinTemperature, &core::kMaxTemperature, "T = %.2f",
                          ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    o.temperature = std::clamp(temperature, core::kMinTemperature, core::kMaxTemperature);
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", core::tr("Temperature, 0.01 to 100 (logarithmic): the logits are divided by T."));
  Positions(state, o, changed);
  if (gain_changed && std::abs(gain) <= core::kMaxAbsEntry) state.apply([&](core::Scenario& sc) { sc.qk_gain[head] = gain; });
  if (changed)
    state.apply([&](core::Scenario& sc) {
      if (core::one_w(o) && !core::one_w(sc.options)) core::start_one_w(sc);  // where W^Q and W^K are: the same scores
      sc.options = o;
    });
}

}  // namespace app
