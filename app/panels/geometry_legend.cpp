// The Geometry panel's legend, at the panels' regular text size: what each mark is, which plane
// this is, and how to name the tips that got no name. geometry_layout.cpp decides where it goes.
#include <algorithm>
#include <string>
#include <vector>

#include "app/panels/geometry_plot.h"
#include "app/render/text.h"

namespace app::geometry {

namespace {

float mark_width(const Plot& p) { return 16 * p.scale; }
float pad(const Plot& p) { return 4 * p.scale; }

// The markup's size in the legend's font.
ImVec2 text_size(const Plot& p, const std::string& markup) {
  PushFontOf(p.font);
  const ImVec2 size = script_text_size(markup);
  ImGui::PopFont();
  return size;
}

// Where an entry's name starts, from where the entry starts.
float text_offset(const Plot& p, const LegendEntry& e) { return e.mark == Mark::None ? 0.0f : mark_width(p) + 4 * p.scale; }

}  // namespace

std::vector<LegendEntry> legend_entries(const Plot& p, bool note) {
  const core::Scenario& s = p.s;
  const GeometryView& g = p.g;
  // Cross-attention: two sequences, named by where each mark comes from.
  std::vector<LegendEntry> entries = {
      {Mark::Circle, kVColor, s.cross() ? "rows of V (from X_{kv})" : "rows of V", {}},
      {Mark::Square, out_color(p.light), s.cross() ? "A\u00B7V (one per query)" : "A\u00B7V", {}}};
  if (g.show_alt) entries.push_back({Mark::Diamond, kAltColor, "alt output", {}});
  if (g.show_q)
    entries.push_back(
        {Mark::Arrow, q_color(p.light), p.keys_are_queries ? "q_i = k_i" : s.cross() ? "q_i (from X)" : "q_i", {}});
  if (g.show_k && !p.keys_are_queries)
    entries.push_back({Mark::Arrow, k_color(p.light), s.cross() ? "k_j (from X_{kv})" : "k_j", {}});
  if (p.rope && (g.show_q || g.show_k)) {
    entries.push_back({Mark::Arrow, faded(ImGui::GetColorU32(ImGuiCol_Text)), "before RoPE", {}});
    entries.push_back({Mark::None, 0, p.rope_plane ? "arc: p\u00B7\u03B8" : "turns in dims 1-2, 3-4", {}});
  }
  // With d_k = 2 the plane is the whole space: which axis is which goes without saying.
  if (p.ay < 0) entries.push_back({Mark::None, 0, "x: the one dim", {}});
  if (p.ay >= 0 && s.d_k != 2) {
    entries.push_back({Mark::None, 0, "x: dim " + std::to_string(p.ax + 1), {}});
    entries.push_back({Mark::None, 0, "y: dim " + std::to_string(p.ay + 1) + " of " + std::to_string(s.d_k), {}});
  }
  // A picture has no mouse: there a tip without a name stays so, and nothing need be said.
  if (note && !p.picture) entries.push_back({Mark::None, 0, "hover to name", {}});
  return entries;
}

float least_legend_width(const Plot& p, const std::vector<LegendEntry>& entries) {
  // The widest entry with a mark, or a plain line up to a few words ("hover to name"); longer ones wrap.
  float width = 0;
  for (const LegendEntry& e : entries) {
    const float w = text_offset(p, e) + text_size(p, e.name).x;
    width = std::max(width, e.mark != Mark::None ? w : std::min(w, 110 * p.scale));
  }
  return width + 2 * pad(p);
}

ImVec2 arrange(const Plot& p, std::vector<LegendEntry>& entries, float width) {
  const float row_h = text_size(p, "x").y, m = pad(p), space = 12 * p.scale;
  width = std::max(width, least_legend_width(p, entries)) - 2 * m;
  // A plain line longer than the legend is wide wraps into more.
  std::vector<LegendEntry> lines;
  PushFontOf(p.font);
  for (const LegendEntry& e : entries) {
    if (e.mark != Mark::None) lines.push_back(e);
    else
      for (const std::string& line : wrap_script_words(e.name, width)) lines.push_back({Mark::None, 0, line, {}});
  }
  ImGui::PopFont();
  float x = 0, y = -row_h, widest = 0;  // x: where the row's last entry ends
  for (LegendEntry& e : lines) {
    const float w = text_offset(p, e) + text_size(p, e.name).x;
    const bool same_row = y >= 0 && x + space + w <= width;
    e.at = same_row ? ImVec2(m + x + space, m + y) : ImVec2(m, m + (y += row_h));
    x = e.at.x - m + w;
    widest = std::max(widest, x);
  }
  entries = std::move(lines);
  return ImVec2(widest + 2 * m, y + row_h + 2 * m);
}

std::vector<PlotLabel> legend_texts(const Plot& p, const Scene& s) {
  std::vector<PlotLabel> texts;
  for (const LegendEntry& e : s.entries) {
    const ImVec2 size = text_size(p, e.name);
    texts.push_back({e.name, Rect{s.legend.Min.x + e.at.x + text_offset(p, e), s.legend.Min.y + e.at.y, size.x, size.y}});
  }
  return texts;
}

void draw_legend(const Plot& p, const Scene& s) {
  ImDrawList* dl = p.dl;
  const ImRect& box = s.legend;
  if (s.inside()) {  // over the plot, in a corner nothing else is drawn in: boxed, as a legend on a chart is
    ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
    bg.w = 0.85f;
    dl->AddRectFilled(box.Min, box.Max, ImGui::ColorConvertFloat4ToU32(bg), 3 * p.scale);
    dl->AddRect(box.Min, box.Max, ImGui::GetColorU32(ImGuiCol_Border), 3 * p.scale);
  }
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);
  const float row_h = text_size(p, "x").y, mark_w = mark_width(p);
  PushFontOf(p.font);
  for (const LegendEntry& e : s.entries) {
    const ImVec2 at(box.Min.x + e.at.x, box.Min.y + e.at.y);
    const ImVec2 c(at.x + mark_w / 2, at.y + row_h / 2);
    if (e.mark == Mark::Circle) dl->AddCircleFilled(c, p.rad * 0.9f, e.color);
    if (e.mark == Mark::Square) draw_square(p, c, e.color);
    if (e.mark == Mark::Diamond) draw_diamond(p, c, e.color, 1.5f * p.scale);
    if (e.mark == Mark::Arrow) draw_arrow(dl, ImVec2(at.x, c.y), ImVec2(at.x + mark_w, c.y), e.color, 1.5f * p.scale);
    draw_script_text(dl, ImVec2(at.x + text_offset(p, e), at.y), e.mark == Mark::None ? dim : text, e.name);
  }
  ImGui::PopFont();
}

}  // namespace app::geometry
