#include "app/widgets/markup_items.h"

#include <algorithm>
#include <string>
#include <vector>

#include <imgui_internal.h>  // the menu's columns (ImGuiMenuColumns), ImGuiSelectableFlags_SpanAvailWidth

#include "app/render/text.h"

namespace app {

namespace {

std::string hidden(const char* id) { return std::string("##") + id; }

// draw_script_text sets the markup a tenth of the font below `pos` (room for raised parts);
// an item's label sits at its top: raised this much, markup and plain labels share a line.
float markup_lift() { return ImGui::GetFontSize() * 0.1f; }

}  // namespace

bool MarkupMenuItem(const char* id, std::string_view markup, const char* shortcut, bool selected, bool enabled) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return false;
  // The label's column as wide as the markup, as MenuItem declares a plain label's (ImGuiMenuColumns).
  const float width = script_text_size(markup).x;
  window->DC.MenuColumns.DeclColumns(0.0f, width, 0.0f, 0.0f);
  const ImVec2 pos = window->DC.CursorPos;
  const float label_x = window->DC.MenuColumns.OffsetLabel;
  const bool pressed = ImGui::MenuItem(hidden(id).c_str(), shortcut, selected, enabled);
  const ImU32 color = ImGui::GetColorU32(enabled ? ImGuiCol_Text : ImGuiCol_TextDisabled);
  draw_script_text(window->DrawList, ImVec2(pos.x + label_x, pos.y - markup_lift()), color, markup);
  return pressed;
}

bool MarkupSelectable(const char* id, std::string_view markup, bool selected, float wrap_width) {
  const std::vector<std::string> lines =
      wrap_width > 0 ? wrap_script_words(markup, wrap_width) : std::vector<std::string>{std::string(markup)};
  float width = 0;
  for (const std::string& line : lines) width = std::max(width, script_text_size(line).x);
  const float line_h = lines.size() > 1 ? script_line_height() : ImGui::GetTextLineHeight();
  const float height = line_h * static_cast<float>(lines.size() - 1) + ImGui::GetTextLineHeight();
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImVec2 pos(window->DC.CursorPos.x, window->DC.CursorPos.y + window->DC.CurrLineTextBaseOffset);
  const bool pressed = ImGui::Selectable(hidden(id).c_str(), selected, ImGuiSelectableFlags_SpanAvailWidth,
                                         ImVec2(std::max(width, 1.0f), height));
  const ImU32 color = ImGui::GetColorU32(ImGuiCol_Text);
  for (size_t i = 0; i < lines.size(); ++i)
    draw_script_text(window->DrawList, ImVec2(pos.x, pos.y - markup_lift() + line_h * static_cast<float>(i)), color, lines[i]);
  return pressed;
}

bool BeginMarkupCombo(const char* id, std::string_view preview_markup) {
  // The box's window draws the preview: once open, the current window is the combo's list.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float w = ImGui::CalcItemWidth(), h = ImGui::GetFrameHeight();
  const bool open = ImGui::BeginCombo(hidden(id).c_str(), "");
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  dl->PushClipRect(pos, ImVec2(pos.x + std::max(0.0f, w - h), pos.y + h), true);
  draw_script_text(dl, ImVec2(pos.x + pad.x, pos.y + pad.y - markup_lift()), ImGui::GetColorU32(ImGuiCol_Text), preview_markup);
  dl->PopClipRect();
  return open;
}

}  // namespace app
