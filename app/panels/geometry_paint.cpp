// Painting the Geometry plot as geometry_layout.cpp laid it out, back to front: in ImPlot's plot,
// the hull, the arrows and the points (its legend over them, in a corner left empty); then over
// everything the lit tips' rings and the names.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include <implot.h>

#include "app/panels/geometry_plot.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/frame_context.h"

namespace app::geometry {

// Arrows and names share a colour; on the light theme's white the dark theme's orange and violet
// read faintly as text, so both are a little darker there.
ImU32 q_color(bool light) { return light ? IM_COL32(205, 115, 0, 255) : IM_COL32(230, 150, 40, 230); }
ImU32 k_color(bool light) { return light ? IM_COL32(140, 60, 200, 255) : IM_COL32(170, 90, 220, 230); }
ImU32 out_color(bool light) { return light ? IM_COL32(20, 20, 20, 255) : IM_COL32(240, 240, 240, 255); }
ImU32 faded(ImU32 c) { return (c & 0x00FFFFFFu) | (IM_COL32_A_MASK & (70u << IM_COL32_A_SHIFT)); }

Head arrow_head(ImVec2 from, ImVec2 to, float thickness) {
  const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < 1) return Head{to, to, to};
  const float ux = dx / len, uy = dy / len, head = 7 * thickness;
  return Head{to, ImVec2(to.x - ux * head - uy * head * 0.5f, to.y - uy * head + ux * head * 0.5f),
              ImVec2(to.x - ux * head + uy * head * 0.5f, to.y - uy * head - ux * head * 0.5f)};
}

namespace {

void draw_arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 color, float thickness) {
  dl->AddLine(from, to, color, thickness);
  const Head h = arrow_head(from, to, thickness);
  if (h.left.x != h.tip.x || h.left.y != h.tip.y) dl->AddTriangleFilled(h.tip, h.left, h.right, color);
}

void draw_diamond(const Plot& p, ImVec2 c, ImU32 color, float thickness) {
  const float rad = p.rad;
  p.dl->AddQuad(ImVec2(c.x, c.y - rad), ImVec2(c.x + rad, c.y), ImVec2(c.x, c.y + rad), ImVec2(c.x - rad, c.y), color,
                thickness);
}

void draw_square(const Plot& p, ImVec2 c, ImU32 color) {
  const float rad = p.rad;
  p.dl->AddRectFilled(ImVec2(c.x - rad * 0.75f, c.y - rad * 0.75f), ImVec2(c.x + rad * 0.75f, c.y + rad * 0.75f),
                      color);
}

// The convex hull of the rows of V: where every output A·V lies under the softmax (under sigmoid
// attention an output is its row's sum times a point of it, so it may lie outside).
void draw_hull(const Plot& p) {
  const std::vector<ImVec2> hull = hull_on_screen(p);
  if (hull.size() < 3) return;
  p.dl->AddConvexPolyFilled(hull.data(), static_cast<int>(hull.size()),
                            p.light ? IM_COL32(60, 120, 200, 40) : IM_COL32(90, 150, 230, 45));
  p.dl->AddPolyline(hull.data(), static_cast<int>(hull.size()), IM_COL32(90, 150, 230, 160), 1.5f * p.scale,
                    ImDrawFlags_Closed);
}

// RoPE: row `row` before its turn, faint; in the plane of a pair, an arc of p·θ from it towards the turned one.
void draw_rope_turn(const Plot& p, const core::Mat& before, const core::Mat& after, int row, ImU32 color) {
  draw_arrow(p.dl, p.origin(), p.screen(before, row), faded(color), 1.2f * p.scale);
  const std::vector<ImVec2> arc = rope_arc(p, before, after, row);
  if (arc.size() >= 2) p.dl->AddPolyline(arc.data(), static_cast<int>(arc.size()), faded(color), 1.2f * p.scale);
}

// q_i and k_j from the origin. While a pair is lit, q_i and k_j are bold and the other arrows faded a
// little; shared QK without normalized keys draws k_j as q_j's arrow.
void draw_arrows(const Plot& p) {
  const GeometryView& g = p.g;
  const core::HeadResult& r = p.r;
  const ImVec2 o = p.origin();
  const ImU32 q = q_color(p.light), k = k_color(p.light);
  const auto q_lit = [&](int i) { return i == p.lit_q || (p.keys_are_queries && i == p.lit_k); };
  const auto shown = [&](ImU32 c, bool is_lit) {
    return p.hl.any() && !is_lit ? (c & 0x00FFFFFFu) | (IM_COL32_A_MASK & (110u << IM_COL32_A_SHIFT)) : c;
  };
  for (int i = 0; i < p.s.n(); ++i) {
    if (g.show_q && p.rope) draw_rope_turn(p, r.Q_before_rope, r.Q, i, q);
    if (g.show_q) draw_arrow(p.dl, o, p.screen(r.Q, i), shown(q, q_lit(i)), p.arrow_width(q_lit(i)));
  }
  for (int j = 0; j < p.s.m(); ++j) {
    if (g.show_k && p.rope && !p.keys_are_queries) draw_rope_turn(p, r.K_before_rope, r.K, j, k);
    if (g.show_k && !p.keys_are_queries) draw_arrow(p.dl, o, p.screen(r.K, j), shown(k, j == p.lit_k), p.arrow_width(j == p.lit_k));
  }
}

// The rows of V as dots, the outputs as squares and the alt outputs as diamonds, over the arrows.
void draw_points(const Plot& p) {
  for (int j = 0; j < p.s.m(); ++j) p.dl->AddCircleFilled(p.screen(p.r.V, j), p.rad, kVColor);
  for (int i = 0; i < p.s.n(); ++i) {
    draw_square(p, p.screen(p.r.output, i), out_color(p.light));
    if (p.g.show_alt) draw_diamond(p, p.screen(p.r.alt_output, i), kAltColor, 1.5f * p.scale);
  }
}

// Each name on a patch of the background, so that a line passing under it does not cross the
// letters out, and the name reads on the background alone (4.5:1: readable), whatever is under it.
void draw_names(const Plot& p, const Scene& s) {
  const ImVec4 veil = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  for (const Name& name : s.names) {
    if (!name.placed) continue;
    const ImRect& r = name.rect;
    // A name pushed out of a crowd: a line from its mark to it.
    const ImVec2 near(std::clamp(name.anchor.x, r.Min.x, r.Max.x), std::clamp(name.anchor.y, r.Min.y, r.Max.y));
    if (std::hypot(near.x - name.anchor.x, near.y - name.anchor.y) > name.gap + 2)
      p.dl->AddLine(name.anchor, near, name.lit ? name.pieces[0].color : ImGui::GetColorU32(ImGuiCol_Text, 0.6f), 1.2f * p.scale);
    p.dl->AddRectFilled(ImVec2(r.Min.x - 1, r.Min.y), ImVec2(r.Max.x + 1, r.Max.y), ImGui::ColorConvertFloat4ToU32(veil), 2);
    ImVec2 at = r.Min;
    for (const Piece& piece : name.pieces) {
      // In its arrow's colour, readable on the veil (the arrows' colours are for lines, 3:1).
      p.dl->AddText(p.font, font_px(p.font), at, readable(piece.color), piece.text.c_str());
      at.x += p.font->CalcTextSizeA(font_px(p.font), FLT_MAX, 0, piece.text.c_str()).x;
    }
    note_drawn_text(r.Min, name.text());
  }
}

}  // namespace

void paint(const Plot& p) {
  ImPlot::PushPlotClipRect();  // arrows and hull stay inside the frame
  // The axes through the origin, where every arrow starts: darker than the grid.
  const ImVec2 o = p.origin();
  const ImU32 axis = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.6f);
  p.dl->AddLine(ImVec2(o.x, p.f.min.y), ImVec2(o.x, p.f.max.y), axis);
  if (p.ay >= 0) p.dl->AddLine(ImVec2(p.f.min.x, o.y), ImVec2(p.f.max.x, o.y), axis);
  draw_hull(p);
  draw_arrows(p);
  draw_points(p);
  ImPlot::PopPlotClipRect();
}

void paint_over(AppState& state, const Plot& p, const Scene& s, const ImRect& legend, bool across) {
  // Where ImPlot put each entry's square (implot.cpp, ShowLegendEntries).
  const ImPlotStyle& style = ImPlot::GetStyle();
  const float line = ImGui::GetTextLineHeight();
  ImVec2 at(legend.Min.x + style.LegendInnerPadding.x, legend.Min.y + style.LegendInnerPadding.y);
  for (const LegendEntry& e : s.entries) {
    const ImVec2 c(at.x + line / 2, at.y + line / 2);
    if (e.mark == Mark::Circle) p.dl->AddCircleFilled(c, p.rad * 0.9f, e.color);
    if (e.mark == Mark::Square) draw_square(p, c, e.color);
    if (e.mark == Mark::Diamond) draw_diamond(p, c, e.color, 1.5f * p.scale);
    if (e.mark == Mark::Arrow) draw_arrow(p.dl, ImVec2(at.x + 1, c.y), ImVec2(at.x + line - 1, c.y), e.color, 1.5f * p.scale);
    (across ? at.x : at.y) += across ? line + ImGui::CalcTextSize(e.name.c_str()).x + style.LegendSpacing.x : line + style.LegendSpacing.y;
  }
  for (const Ring& ring : s.rings)
    if (p.f.rect().Contains(ring.at)) RingHighlight(state, ring.key, ring.at, p.rad * 2);  // not one zoomed out of sight
  draw_names(p, s);
}

}  // namespace app::geometry
