// The Geometry panel's legend, ImPlot's: what each mark is, and how to name the tips that got no
// name; the axes' titles say which plane of the d_k dimensions this is. geometry_layout.cpp
// decides where the legend goes.
#include <algorithm>
#include <string>
#include <vector>

#include <implot.h>
#include <implot_internal.h>

#include "app/panels/geometry_plot.h"
#include "core/model/markup.h"
#include "core/text/translate.h"

namespace app::geometry {

std::vector<LegendEntry> legend_entries(const Plot& p, bool note) {
  const core::Scenario& s = p.s;
  const GeometryView& g = p.g;
  // Cross-attention: two sequences, named by where each mark comes from.
  std::vector<LegendEntry> entries = {{s.cross() ? core::tr("rows of V (from X_{kv})") : core::tr("rows of V"), kVColor, Mark::Circle},
                                      {s.cross() ? core::tr("A\u00B7V (one per query)") : "A\u00B7V", out_color(p.light), Mark::Square}};
  if (g.show_alt) entries.push_back({core::tr("alt output"), kAltColor, Mark::Diamond});
  // The arrows by the letter their names start with (q₁, k₃): Unicode has no subscript j for "kⱼ".
  if (g.show_q) entries.push_back({p.keys_are_queries ? "q = k" : s.cross() ? core::tr("q (from X)") : "q", q_color(p.light), Mark::Arrow});
  if (g.show_k && !p.keys_are_queries) entries.push_back({s.cross() ? core::tr("k (from X_{kv})") : "k", k_color(p.light), Mark::Arrow});
  if (p.rope && (g.show_q || g.show_k))
    entries.push_back({p.rope_plane ? core::tr("before RoPE (arc: p\u00B7\u03B8)") : core::tr("before RoPE (turns dims 1-2, 3-4)"),
                       faded(ImGui::GetColorU32(ImGuiCol_Text)), Mark::Arrow});
  // A picture has no mouse: there a tip without a name stays so, and nothing need be said. Short:
  // beside a small plot every letter of the legend is taken from the data.
  if (note && !p.picture) entries.push_back({"hover a tip", 0, Mark::None});
  for (LegendEntry& e : entries) e.name = core::markup_as_plain_text(e.name);
  return entries;
}

void plot_legend(const std::vector<LegendEntry>& entries) {
  // ImPlot draws each entry's square opaque, in the legend's own background here: paint_over draws
  // the plot's mark there, a circle, a square, a diamond or an arrow, as the old legend did.
  const ImVec4 plain = ImPlot::GetStyleColorVec4(ImPlotCol_LegendBg);
  for (const LegendEntry& e : entries) ImPlot::PlotDummy(e.name.c_str(), ImPlotSpec(ImPlotProp_LineColor, plain));
}

ImVec2 legend_size(const std::vector<LegendEntry>& entries, bool across) {  // as ImPlot::CalcLegendSize
  const ImPlotStyle& style = ImPlot::GetStyle();
  const ImVec2 pad = style.LegendInnerPadding, spacing = style.LegendSpacing;
  const float line = ImGui::GetTextLineHeight(), n = static_cast<float>(entries.size());
  float widest = 0, sum = 0;
  for (const LegendEntry& e : entries) {
    widest = std::max(widest, ImGui::CalcTextSize(e.name.c_str()).x);
    sum += ImGui::CalcTextSize(e.name.c_str()).x;
  }
  return across ? ImVec2(2 * pad.x + n * line + sum + (n - 1) * spacing.x, 2 * pad.y + line)
                : ImVec2(2 * pad.x + line + widest, 2 * pad.y + n * line + (n - 1) * spacing.y);
}

int corner_of(GeometryView::Legend at) {
  return at == GeometryView::Legend::TopLeft       ? ImPlotLocation_NorthWest
         : at == GeometryView::Legend::BottomRight ? ImPlotLocation_SouthEast
         : at == GeometryView::Legend::BottomLeft  ? ImPlotLocation_SouthWest
                                                   : ImPlotLocation_NorthEast;
}

ImRect legend_box(const Plot& p, GeometryView::Legend at, ImVec2 size) {
  const ImVec2 min = ImPlot::GetLocationPos(p.f.rect(), size, corner_of(at), ImPlot::GetStyle().LegendPadding);
  return ImRect(min, ImVec2(min.x + size.x, min.y + size.y));
}

std::string axis_title(const Plot& p, bool y) {
  // With d_k = 2 the plane is the whole space: which axis is which goes without saying.
  if (p.ay < 0) return y ? "" : "the one dim";
  if (p.s.d_k == 2) return "";
  return y ? "dim " + std::to_string(p.ay + 1) + " of " + std::to_string(p.s.d_k) : "dim " + std::to_string(p.ax + 1);
}

}  // namespace app::geometry
