#include "app/render/theme.h"

#include <vector>

#include <imgui.h>
#include <implot.h>

#include "core/math/colormap.h"

namespace app {

void apply_theme(Theme theme, float scale) {
  ImGuiStyle style;  // fresh sizes, so that scaling twice never compounds
  if (theme == Theme::Dark) {
    ImGui::StyleColorsDark(&style);
    style.Colors[ImGuiCol_WindowBg] = style.Colors[ImGuiCol_ChildBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
    style.Colors[ImGuiCol_TitleBg] = ImVec4(0.16f, 0.18f, 0.22f, 1.0f);
    style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.20f, 0.24f, 0.32f, 1.0f);
    // The keyboard's place (a menu's item, the panel F6 gave it): 8.2:1 on the window's grey.
    style.Colors[ImGuiCol_NavCursor] = ImVec4(0.45f, 0.74f, 1.0f, 1.0f);
    // Secondary text must read on a projector: 0.68 grey on the near-black page, about 7:1.
    style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.68f, 0.69f, 0.72f, 1.0f);
    // White text on a lit button, tab or slider's grab at least 4.5:1 (Dear ImGui's bright blue
    // gives 3:1): a deeper blue. A lit menu item's shortcut is secondary text: the blue is
    // translucent there, for that grey too (5:1).
    style.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.20f, 0.42f, 0.75f, 1.0f);
    style.Colors[ImGuiCol_ButtonActive] = ImVec4(0.12f, 0.35f, 0.68f, 1.0f);
    style.Colors[ImGuiCol_HeaderHovered] = ImVec4(0.20f, 0.42f, 0.75f, 0.40f);
    style.Colors[ImGuiCol_HeaderActive] = ImVec4(0.20f, 0.42f, 0.75f, 0.45f);
    style.Colors[ImGuiCol_TabHovered] = ImVec4(0.20f, 0.42f, 0.75f, 1.0f);
    style.Colors[ImGuiCol_TabSelected] = ImVec4(0.16f, 0.32f, 0.56f, 1.0f);
    style.Colors[ImGuiCol_SliderGrab] = ImVec4(0.16f, 0.36f, 0.66f, 1.0f);
    style.Colors[ImGuiCol_SliderGrabActive] = ImVec4(0.12f, 0.30f, 0.58f, 1.0f);
    style.Colors[ImGuiCol_PopupBg] = ImVec4(0.08f, 0.08f, 0.08f, 1.0f);  // opaque: text on it is measured on it
  } else {
    ImGui::StyleColorsLight(&style);
    style.Colors[ImGuiCol_WindowBg] = style.Colors[ImGuiCol_ChildBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    style.Colors[ImGuiCol_Text] = ImVec4(0.05f, 0.05f, 0.08f, 1.0f);
    style.Colors[ImGuiCol_TitleBg] = ImVec4(0.90f, 0.92f, 0.95f, 1.0f);
    style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.82f, 0.87f, 0.95f, 1.0f);
    style.Colors[ImGuiCol_NavCursor] = ImVec4(0.08f, 0.33f, 0.72f, 1.0f);  // 7.0:1 on white
    style.Colors[ImGuiCol_Border] = ImVec4(0.75f, 0.77f, 0.80f, 1.0f);
    // Fields must stand out from the white page.
    style.Colors[ImGuiCol_FrameBg] = ImVec4(0.91f, 0.93f, 0.96f, 1.0f);
    style.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.87f, 0.97f, 1.0f);
    style.Colors[ImGuiCol_FrameBgActive] = ImVec4(0.70f, 0.80f, 0.95f, 1.0f);
    // Secondary text at least 4.5:1 on the grey of the menu bar and the title bars too.
    style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.33f, 0.35f, 0.38f, 1.0f);
    // Under a lit menu item or a pressed header, that grey too (a menu's shortcuts): a paler blue.
    style.Colors[ImGuiCol_HeaderHovered] = ImVec4(0.26f, 0.59f, 0.98f, 0.35f);
    style.Colors[ImGuiCol_HeaderActive] = ImVec4(0.26f, 0.59f, 0.98f, 0.40f);
    style.Colors[ImGuiCol_PopupBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);  // opaque: text on it is measured on it
    style.FrameBorderSize = 1.0f;
  }
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  // Docked panels share their borders, as the tiling's did: no gap between them (the splitter is
  // still grabbed a few pixels either side of the line).
  style.DockingSeparatorSize = 0.0f;
  style.WindowPadding = ImVec2(10, 8);
  style.ItemSpacing = ImVec2(8, 5);
  style.ScaleAllSizes(scale);
  // The text's size follows the same scale (load_fonts sets it; a fresh style would drop it).
  style.FontSizeBase = ImGui::GetStyle().FontSizeBase;
  style.FontScaleDpi = scale;
  ImGui::GetStyle() = style;
  if (!ImPlot::GetCurrentContext()) return;
  // The lab's plots: the data on the fields' colour over the window, as the curves' contrast is
  // measured (test_contrast.cpp), their text the panels'; the spacing scaled as the panels' is.
  ImPlotStyle plot;  // its colours follow Dear ImGui's
  plot.Colors[ImPlotCol_FrameBg] = ImVec4(0, 0, 0, 0);
  plot.Colors[ImPlotCol_PlotBg] = style.Colors[ImGuiCol_FrameBg];
  for (ImVec2* v : {&plot.PlotPadding, &plot.LabelPadding, &plot.LegendPadding, &plot.LegendInnerPadding, &plot.LegendSpacing,
                    &plot.MajorTickLen, &plot.MinorTickLen, &plot.PlotMinSize})
    *v = ImVec2(v->x * scale, v->y * scale);
  ImPlot::GetStyle() = plot;
}

ImVec4 readable(ImVec4 ink) {
  // A frame asks for the same few colours again and again (Geometry's names, the curves'): each
  // answer kept for its colour and the theme's page, so that a frame computes none of them twice.
  struct Known {
    ImVec4 ink, window, text;
  };
  static std::vector<Known> known;  // the UI thread's alone
  const ImVec4 window = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  const auto same = [](ImVec4 a, ImVec4 b) { return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w; };
  for (const Known& k : known)
    if (same(k.ink, ink) && same(k.window, window)) return k.text;
  // Every background such text lands on: the window, a popup (a dialog's problem), a table's
  // alternate row (a run that diverged), the last two seen over the window.
  const auto seen = [&](ImGuiCol c) {
    const ImVec4 v = ImGui::GetStyleColorVec4(c);
    return core::Rgb{window.x + (v.x - window.x) * v.w, window.y + (v.y - window.y) * v.w, window.z + (v.z - window.z) * v.w};
  };
  const core::Rgb backgrounds[] = {seen(ImGuiCol_WindowBg), seen(ImGuiCol_PopupBg), seen(ImGuiCol_TableRowBgAlt)};
  const core::Rgb r = core::readable_on({ink.x, ink.y, ink.z}, backgrounds);
  const ImVec4 text(r.r, r.g, r.b, 1.0f);  // opaque: text drawn translucent would lose what was reached
  if (known.size() >= 64) known.clear();  // a bound, never reached by the colours of one theme
  known.push_back({ink, window, text});
  return text;
}

ImVec4 progress_fill() {
  const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text), fill = ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram);
  const double ratio = core::contrast_ratio({text.x, text.y, text.z}, {fill.x, fill.y, fill.z});
  return ratio >= 4.6 ? fill : ImVec4(0.16f, 0.36f, 0.66f, 1.0f);  // the dark theme's white on its yellow: 1.95:1
}

ImU32 highlight_color(Theme theme) {
  return theme == Theme::Dark ? IM_COL32(255, 95, 200, 255) : IM_COL32(205, 0, 135, 255);
}

}  // namespace app
