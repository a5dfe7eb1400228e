#include "app/widgets/caption.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <vector>

#include <imgui.h>

#include "app/render/text.h"
#include "app/widgets/heatmap.h"

namespace app {

PictureCaption sweep_caption(const core::Scenario& s, const std::string& param, double value) {
  if (param == "temperature") return {"T", " = " + format_number(value)};
  const size_t open = param.find('[');
  const std::string matrix = param.substr(0, open);
  std::vector<int> at;
  for (size_t i = open; i < param.size(); i = param.find('[', i + 1)) at.push_back(std::atoi(param.c_str() + i + 1));
  static const std::map<std::string, std::string> kMarkup = {{"W_Q", "W^Q"}, {"W_K", "W^K"}, {"W_V", "W^V"}, {"W_O", "W^O"},
                                                             {"W_alt", "W_{alt}"}, {"X_kv", "X_{kv}"}};
  const auto named = kMarkup.find(matrix);
  PictureCaption caption{named == kMarkup.end() ? matrix : named->second, ""};
  if (at.size() < 2) return {caption.name, " = " + format_number(value)};
  // A row of X, Q, K, V or the target is a token's (K's and V's the keys' under cross-attention).
  const int r = at[at.size() - 2], c = at.back();
  const bool token_rows = matrix == "X" || matrix == "Q" || matrix == "K" || matrix == "V" || matrix == "target" || matrix == "X_kv";
  const bool key_rows = matrix == "X_kv" || ((matrix == "K" || matrix == "V") && s.cross());
  const std::vector<std::string>& tokens = key_rows ? s.tokens_kv : s.tokens;
  const bool by_token = token_rows && r < static_cast<int>(tokens.size());
  caption.text = "[" + (by_token ? tokens[static_cast<size_t>(r)] : std::to_string(r)) + "][" + std::to_string(c) + "] = " +
                 format_number(value);
  if (at.size() == 3 && s.heads > 1) caption.text += "  \u00B7  head " + std::to_string(at[0] + 1);  // as the panels count heads
  return caption;
}

float CaptionHeight(const PictureCaption& caption) {
  if (caption.empty()) return 0;
  PushFontOf(fonts().title);
  const float h = script_line_height() + 2 * ImGui::GetStyle().WindowPadding.y;
  ImGui::PopFont();
  return std::floor(h);
}

void DrawCaption(const PictureCaption& caption, float height) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, display.y - height));
  ImGui::SetNextWindowSize(ImVec2(display.x, height));
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::SetNextWindowBgAlpha(0.0f);  // the backend's clear is its background, as the panels'
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);  // a line of text under the picture, not a panel
  ScreenText::section("caption");  // --layout-out's and the tests' reading of the screen
  const bool open = ImGui::Begin(kCaptionWindow, nullptr, kFlags);
  ImGui::PopStyleVar();
  if (open) {
    PushFontOf(fonts().title);
    const float name_w = script_text_size(caption.name).x;
    const float w = name_w + ImGui::CalcTextSize(caption.text.c_str()).x;
    ImGui::SetCursorPosX(std::max(ImGui::GetStyle().WindowPadding.x, std::floor((display.x - w) / 2)));
    // The name is markup (W^Q); the rest is drawn as typed, as a token's label is, on the
    // markup's line (draw_script_text sets it a tenth of the font lower than the cursor).
    ScriptText(caption.name);
    ImGui::SameLine(0, 0);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + std::round(ImGui::GetFontSize() * 0.1f));
    ImGui::TextUnformatted(caption.text.c_str());
    ImGui::PopFont();
  }
  ImGui::End();
}

}  // namespace app
