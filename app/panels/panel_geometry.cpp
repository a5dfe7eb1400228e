// Geometry: the plane of two of the d_k axes. The rows of V as points with their
// convex hull, the outputs A·V inside it (docs/questions.md, AttentionAlt: a convex combination), the
// AttentionAlt outputs beside them, and q_i, k_j as arrows. In direct mode the
// points and arrow tips are handles: dragging one edits that row.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <cfloat>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "app/widgets/plot_frame.h"

namespace app {

namespace {

using Point = ImVec2;  // data coordinates on the chosen axes

// Andrew's monotone chain: the hull of the points, counter-clockwise.
std::vector<Point> convex_hull(std::vector<Point> p) {
  std::sort(p.begin(), p.end(), [](Point a, Point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  if (p.size() < 3) return p;
  const auto cross = [](Point o, Point a, Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); };
  std::vector<Point> hull(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], p[i]) <= 0) --k;
    hull[k++] = p[i];
  }
  for (size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(hull[k - 2], hull[k - 1], p[i - 1]) <= 0) --k;
    hull[k++] = p[i - 1];
  }
  hull.resize(k - 1);
  return hull;
}

struct Frame {
  ImVec2 min, max;    // the plot's rectangle on screen
  ImVec2 lo, hi;      // the data it shows
  ImVec2 to_screen(Point p) const {
    return ImVec2(min.x + (p.x - lo.x) / (hi.x - lo.x) * (max.x - min.x), max.y - (p.y - lo.y) / (hi.y - lo.y) * (max.y - min.y));
  }
  Point to_data(ImVec2 s) const {
    return Point(lo.x + (s.x - min.x) / (max.x - min.x) * (hi.x - lo.x), lo.y + (max.y - s.y) / (max.y - min.y) * (hi.y - lo.y));
  }
};

void arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 color, float thickness) {
  dl->AddLine(from, to, color, thickness);
  const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < 1) return;
  const float ux = dx / len, uy = dy / len, head = 7 * thickness;
  dl->AddTriangleFilled(to, ImVec2(to.x - ux * head - uy * head * 0.5f, to.y - uy * head + ux * head * 0.5f),
                        ImVec2(to.x - ux * head + uy * head * 0.5f, to.y - uy * head - ux * head * 0.5f), color);
}

// A dragged point lands on the two decimals the editor shows (as its drag fields
// do), not on the float noise of a mouse position: 0.47, not 0.4699999988079071.
double to_hundredths(float x) { return std::round(static_cast<double>(x) * 100.0) / 100.0; }

// Labels that must not overlap each other or the points: each is tried right,
// left, above and below its point and left out where none is free (hovering names it).
class LabelPlacer {
 public:
  explicit LabelPlacer(ImRect frame) : frame_(frame) {}
  void block(ImRect r) { taken_.push_back(r); }
  void place(ImDrawList* dl, ImFont* font, ImVec2 at, float gap, ImU32 color, const std::string& text) {
    const ImVec2 size = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, text.c_str());
    const ImVec2 tries[] = {{at.x + gap, at.y - size.y / 2}, {at.x - gap - size.x, at.y - size.y / 2},
                            {at.x - size.x / 2, at.y - gap - size.y}, {at.x - size.x / 2, at.y + gap}};
    for (ImVec2 p : tries) {
      const ImRect r(p, ImVec2(p.x + size.x, p.y + size.y));
      if (!frame_.Contains(r)) continue;
      if (std::any_of(taken_.begin(), taken_.end(), [&](const ImRect& t) { return t.Overlaps(r); })) continue;
      taken_.push_back(r);
      // On a veil of the background, so that an arrow passing under it does not cross the letters out.
      ImVec4 veil = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
      veil.w = 0.7f;
      dl->AddRectFilled(ImVec2(r.Min.x - 1, r.Min.y), ImVec2(r.Max.x + 1, r.Max.y), ImGui::ColorConvertFloat4ToU32(veil), 2);
      dl->AddText(font, font->FontSize, p, color, text.c_str());
      note_drawn_text(p, text);
      return;
    }
  }

 private:
  ImRect frame_;
  std::vector<ImRect> taken_;
};

// The axes (for d_k > 2), what to show, and the way to editing by dragging.
void Controls(AppState& state, GeometryView& g, const core::Scenario& s, bool direct) {
  const float scale = fonts().scale;
  if (s.d_k > 2) {
    // Dimensions count from 1, as everywhere else; the two axes are never the same.
    int x = g.axis_x + 1, y = g.axis_y + 1;
    ImGui::SetNextItemWidth(60 * scale);
    if (ImGui::SliderInt("##ax", &x, 1, s.d_k, "x: dim %d") && x - 1 == g.axis_y) g.axis_y = g.axis_x;
    g.axis_x = x - 1;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60 * scale);
    y = g.axis_y + 1;
    if (ImGui::SliderInt("##ay", &y, 1, s.d_k, "y: dim %d") && y - 1 == g.axis_x) g.axis_x = g.axis_y;
    g.axis_y = y - 1;
    ImGui::SameLine();
  }
  ImGui::Checkbox("q", &g.show_q);
  ImGui::SameLine();
  ImGui::Checkbox("k", &g.show_k);
  ImGui::SameLine();
  ImGui::Checkbox("alt", &g.show_alt);
  if (!direct) {
    ImGui::SameLine();
    if (ImGui::SmallButton("drag points\u2026")) state.apply([](core::Scenario& sc) { core::convert_to_direct(sc); });
    remember_control(state, "geometry.convert");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Switch to direct mode (Q, K, V as they are now), where the points and arrow tips can be dragged.");
  }
}

constexpr ImU32 kQColor = IM_COL32(230, 150, 40, 230), kKColor = IM_COL32(170, 90, 220, 230);
constexpr ImU32 kVColor = IM_COL32(60, 140, 230, 255), kAltColor = IM_COL32(220, 70, 60, 255);

ImU32 out_color(bool light) { return light ? IM_COL32(20, 20, 20, 255) : IM_COL32(240, 240, 240, 255); }

// RoPE's vector before its turn: faint beside the turned one.
ImU32 faded(ImU32 c) { return (c & 0x00FFFFFFu) | (IM_COL32_A_MASK & (70u << IM_COL32_A_SHIFT)); }

// What every part of the plot shares: one head's rows on the two chosen axes, and where they land on screen.
struct Plot {
  const core::Scenario& s;
  const core::HeadResult& r;
  const GeometryView& g;
  const std::vector<std::string>& tokens;  // the labels as drawn (core::told_apart): ha₀ … ha₅
  const std::vector<std::string>& keys;
  int head = 0;
  int ax = 0, ay = -1;  // ay < 0: d_k = 1, a number line
  bool rope = false;
  // RoPE turns pair (2i, 2i+1) of q_p and k_p by p·θ_i: seen as a turn when the plot shows one such pair.
  bool rope_plane = false;
  // Shared QK without normalized keys: k_i = q_i, one arrow would hide the other.
  bool keys_are_queries = false;
  bool light = false;
  float scale = 1, rad = 1;  // rad: a point's radius
  ImFont* small = nullptr;
  ImDrawList* dl = nullptr;
  Frame f;
  // Linked highlighting (a hovered S_ij or A_ij): q_i and k_j, where they are shown.
  Highlight hl;
  int lit_q = -1, lit_k = -1;

  Point at(const core::Mat& m, int row) const {
    return Point(static_cast<float>(m(row, ax)), ay >= 0 ? static_cast<float>(m(row, ay)) : 0.0f);
  }
  ImVec2 screen(const core::Mat& m, int row) const { return f.to_screen(at(m, row)); }
};

// The plot's rectangle leaves room at the left and bottom for the tick labels; the data it shows comes later.
Plot make_plot(AppState& state, ImVec2 origin, ImVec2 avail) {
  const core::Scenario& s = state.scenario();
  const GeometryView& g = state.panels.geometry;
  const int h = state.view.head;
  const float scale = fonts().scale;
  ImFont* small = fonts().small ? fonts().small : ImGui::GetFont();
  const float tick_w = small->CalcTextSizeA(small->FontSize, FLT_MAX, 0, "\u22120.5").x + 6 * scale;
  const float tick_h = small->FontSize + 4 * scale;
  const int ax = g.axis_x, ay = s.d_k > 1 ? g.axis_y : -1;
  const bool rope = s.options.positions == core::Positions::Rope;
  const ImVec2 top_left(origin.x + tick_w, origin.y);
  const ImVec2 bottom_right(origin.x + avail.x - 2 * scale, origin.y + std::max(40.0f, avail.y - 4 - tick_h));
  const Highlight hl = lit(state, h);
  return Plot{.s = s,
              .r = state.result().head[h],
              .g = g,
              .tokens = state.token_labels(),
              .keys = state.key_labels(),
              .head = h,
              .ax = ax,
              .ay = ay,
              .rope = rope,
              .rope_plane = rope && ay >= 0 && std::min(ax, ay) % 2 == 0 && std::abs(ax - ay) == 1,
              .keys_are_queries = s.options.shared_qk && !s.options.normalize_keys,
              .light = state.view.theme == Theme::Light,
              .scale = scale,
              .rad = 4.5f * scale,
              .small = small,
              .dl = ImGui::GetWindowDrawList(),
              .f = Frame{top_left, bottom_right, {}, {}},
              .hl = hl,
              .lit_q = g.show_q ? hl.query : -1,
              .lit_k = g.show_k ? hl.key : -1};
}

// The data the plot shows: every point and the origin, padded, one unit the same both ways.
void fit_bounds(GeometryView& g, const Plot& p) {
  const core::HeadResult& r = p.r;
  ImVec2 lo(0, 0), hi(0, 0);
  const auto include = [&](Point q) {
    lo = ImVec2(std::min(lo.x, q.x), std::min(lo.y, q.y));
    hi = ImVec2(std::max(hi.x, q.x), std::max(hi.y, q.y));
  };
  // Under cross-attention the queries and outputs are the decoder's n rows, keys and values the encoder's m.
  for (int i = 0; i < p.s.n(); ++i) {
    include(p.at(r.output, i));
    if (g.show_alt) include(p.at(r.alt_output, i));
    if (g.show_q) include(p.at(r.Q, i));
    if (g.show_q && p.rope) include(p.at(r.Q_before_rope, i));
  }
  for (int j = 0; j < p.s.m(); ++j) {
    include(p.at(r.V, j));
    if (g.show_k) include(p.at(r.K, j));
    if (g.show_k && p.rope) include(p.at(r.K_before_rope, j));
  }
  const float span = std::max({hi.x - lo.x, hi.y - lo.y, 1e-6f}) * 1.2f;
  const float aspect = (p.f.max.x - p.f.min.x) / (p.f.max.y - p.f.min.y);
  const ImVec2 mid((lo.x + hi.x) / 2, (lo.y + hi.y) / 2);
  const float w = std::max({span, span * aspect, (hi.x - lo.x) * 1.2f}), hgt = std::max(w / aspect, (hi.y - lo.y) * 1.2f);
  const float ww = hgt * aspect;  // one unit the same both ways
  g.lo_x = mid.x - ww / 2;
  g.lo_y = mid.y - hgt / 2;
  g.hi_x = mid.x + ww / 2;
  g.hi_y = mid.y + hgt / 2;
}

// A frame, grid lines at the ticks (the axes themselves darker), their values.
void draw_axes(const Plot& p) {
  const Frame& f = p.f;
  ImFont* small = p.small;
  const float scale = p.scale;
  const ImU32 grid_color = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.18f), axis = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.6f);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const int x_count = std::clamp(static_cast<int>((f.max.x - f.min.x) / (70 * scale)), 2, 8);
  const int y_count = std::clamp(static_cast<int>((f.max.y - f.min.y) / (40 * scale)), 2, 8);
  for (double t : nice_ticks(f.lo.x, f.hi.x, x_count)) {
    const float x = f.to_screen(Point(static_cast<float>(t), 0)).x;
    p.dl->AddLine(ImVec2(x, f.min.y), ImVec2(x, f.max.y), t == 0 ? axis : grid_color);
    const std::string label = tick_text(t);
    const float w = small->CalcTextSizeA(small->FontSize, FLT_MAX, 0, label.c_str()).x;
    p.dl->AddText(small, small->FontSize, ImVec2(x - w / 2, f.max.y + 2 * scale), dim, label.c_str());
    note_drawn_text(ImVec2(x - w / 2, f.max.y + 2 * scale), label);
  }
  if (p.ay >= 0)
    for (double t : nice_ticks(f.lo.y, f.hi.y, y_count)) {
      const float y = f.to_screen(Point(0, static_cast<float>(t))).y;
      p.dl->AddLine(ImVec2(f.min.x, y), ImVec2(f.max.x, y), t == 0 ? axis : grid_color);
      const std::string label = tick_text(t);
      const float w = small->CalcTextSizeA(small->FontSize, FLT_MAX, 0, label.c_str()).x;
      p.dl->AddText(small, small->FontSize, ImVec2(f.min.x - w - 3 * scale, y - small->FontSize / 2), dim,
                    label.c_str());
      note_drawn_text(ImVec2(f.min.x - w - 3 * scale, y - small->FontSize / 2), label);
    }
  p.dl->AddRect(f.min, f.max, ImGui::GetColorU32(ImGuiCol_Border));
}

// The convex hull of the rows of V: where every output A·V must lie.
void draw_hull(const Plot& p) {
  std::vector<Point> v_points;
  for (int j = 0; j < p.s.m(); ++j) v_points.push_back(p.at(p.r.V, j));
  std::vector<ImVec2> hull;
  for (Point q : convex_hull(v_points)) hull.push_back(p.f.to_screen(q));
  if (hull.size() >= 3) {
    p.dl->AddConvexPolyFilled(hull.data(), static_cast<int>(hull.size()),
                              p.light ? IM_COL32(60, 120, 200, 40) : IM_COL32(90, 150, 230, 45));
    p.dl->AddPolyline(hull.data(), static_cast<int>(hull.size()), IM_COL32(90, 150, 230, 160), ImDrawFlags_Closed,
                      1.5f * p.scale);
  }
}

// RoPE: row `row` before its turn, faint; in the plane of a pair, an arc of p·θ from it towards the turned one.
void draw_rope_turn(const Plot& p, const core::Mat& before, const core::Mat& after, int row, ImU32 color) {
  const Frame& f = p.f;
  arrow(p.dl, f.to_screen(Point(0, 0)), f.to_screen(p.at(before, row)), faded(color), 1.2f * p.scale);
  if (!p.rope_plane || row == 0) return;
  const Point b = p.at(before, row), a = p.at(after, row);
  const float from = std::atan2(b.y, b.x), length = std::sqrt(b.x * b.x + b.y * b.y) * 0.45f;
  float by = std::atan2(a.y, a.x) - from;  // p·θ, folded into (−π, π]
  by = std::remainder(by, 6.2831853f);
  const int steps = std::max(4, static_cast<int>(std::abs(by) * 12));
  const float step = by / static_cast<float>(steps);
  for (int k = 0; k < steps; ++k) {
    const float t0 = from + step * static_cast<float>(k), t1 = from + step * static_cast<float>(k + 1);
    p.dl->AddLine(f.to_screen(Point(length * std::cos(t0), length * std::sin(t0))),
                  f.to_screen(Point(length * std::cos(t1), length * std::sin(t1))), faded(color), 1.2f * p.scale);
  }
}

// q_i and k_j from the origin. While a pair is lit, q_i and k_j are bold and the other arrows faded a
// little; shared QK without normalized keys draws k_j as q_j's arrow.
void draw_arrows(const Plot& p) {
  const GeometryView& g = p.g;
  const core::HeadResult& r = p.r;
  const ImVec2 o = p.f.to_screen(Point(0, 0));
  const auto q_lit = [&](int i) { return i == p.lit_q || (p.keys_are_queries && i == p.lit_k); };
  const auto shown = [&](ImU32 c, bool is_lit) {
    return p.hl.any() && !is_lit ? (c & 0x00FFFFFFu) | (IM_COL32_A_MASK & (110u << IM_COL32_A_SHIFT)) : c;
  };
  for (int i = 0; i < p.s.n(); ++i) {
    if (g.show_q && p.rope) draw_rope_turn(p, r.Q_before_rope, r.Q, i, kQColor);
    if (g.show_q) arrow(p.dl, o, p.screen(r.Q, i), shown(kQColor, q_lit(i)), (q_lit(i) ? 2.4f : 1.5f) * p.scale);
  }
  for (int j = 0; j < p.s.m(); ++j) {
    if (g.show_k && p.rope && !p.keys_are_queries) draw_rope_turn(p, r.K_before_rope, r.K, j, kKColor);
    if (g.show_k && !p.keys_are_queries)
      arrow(p.dl, o, p.screen(r.K, j), shown(kKColor, j == p.lit_k), (j == p.lit_k ? 2.4f : 1.5f) * p.scale);
  }
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

// The rows of V as dots, the outputs as squares and the alt outputs as diamonds, over the arrows; no label covers them.
void draw_points(const Plot& p, LabelPlacer& labels) {
  const float rad = p.rad;
  for (int j = 0; j < p.s.m(); ++j) {
    const ImVec2 v = p.screen(p.r.V, j);
    p.dl->AddCircleFilled(v, rad, kVColor);
    labels.block(ImRect(v.x - rad, v.y - rad, v.x + rad, v.y + rad));
  }
  for (int i = 0; i < p.s.n(); ++i) {
    const ImVec2 out = p.screen(p.r.output, i), alt = p.screen(p.r.alt_output, i);
    draw_square(p, out, out_color(p.light));
    if (p.g.show_alt) draw_diamond(p, alt, kAltColor, 1.5f * p.scale);
    labels.block(ImRect(out.x - rad, out.y - rad, out.x + rad, out.y + rad));
  }
}

// A lit q or k tip: ringed over everything (the legend too, which stays where it is) and named first.
struct LitTip {
  std::string key, name;
  ImVec2 at;
};

std::vector<LitTip> lit_tips(const Plot& p) {
  const core::Scenario& s = p.s;
  const int lit_q = p.lit_q, lit_k = p.lit_k;
  std::vector<LitTip> tips;
  if (lit_q >= 0 && lit_q < s.n())
    tips.push_back({"q[" + std::to_string(lit_q) + "]",
                    (p.keys_are_queries && lit_k == lit_q ? "q = k: " : "q: ") + p.tokens[lit_q],
                    p.screen(p.r.Q, lit_q)});
  if (lit_k >= 0 && lit_k < s.m() && !(p.keys_are_queries && lit_k == lit_q))
    tips.push_back({"k[" + std::to_string(lit_k) + "]", "k: " + p.keys[lit_k],
                    p.screen(p.keys_are_queries ? p.r.Q : p.r.K, lit_k)});
  return tips;
}

enum class Mark { Circle, Square, Diamond, Arrow, None };

struct LegendEntry {
  Mark mark;
  ImU32 color;
  std::string name;
};

// Every mark shown and what it is, and last which plane of the d_k dimensions this is (with d_k > 2 only two show).
std::vector<LegendEntry> legend_entries(const Plot& p) {
  const core::Scenario& s = p.s;
  const GeometryView& g = p.g;
  // Cross-attention: two sequences, named by where each mark comes from.
  std::vector<LegendEntry> entries = {
      {Mark::Circle, kVColor, s.cross() ? "rows of V (from X_{kv})" : "rows of V"},
      {Mark::Square, out_color(p.light), s.cross() ? "A\u00B7V (one per query)" : "A\u00B7V"}};
  if (g.show_alt) entries.push_back({Mark::Diamond, kAltColor, "alt output"});
  if (g.show_q)
    entries.push_back({Mark::Arrow, kQColor, p.keys_are_queries ? "q_i = k_i" : s.cross() ? "q_i (from X)" : "q_i"});
  if (g.show_k && !p.keys_are_queries)
    entries.push_back({Mark::Arrow, kKColor, s.cross() ? "k_j (from X_{kv})" : "k_j"});
  if (p.rope && (g.show_q || g.show_k))
    entries.push_back({Mark::Arrow, faded(ImGui::GetColorU32(ImGuiCol_Text)),
                       p.rope_plane ? "before RoPE; arc: p\u00B7\u03B8" : "before RoPE (turns in dims 1-2, 3-4)"});
  entries.push_back({Mark::None, 0,
                     p.ay < 0 ? "x: the one dim"
                              : "x: dim " + std::to_string(p.ax + 1) + ", y: dim " + std::to_string(p.ay + 1) +
                                    (s.d_k > 2 ? " of " + std::to_string(s.d_k) : "")});
  return entries;
}

// The corner of the plot where a legend of box_size hides the fewest marks (top right when several hide none).
ImVec2 legend_corner(const Plot& p, ImVec2 box_size) {
  const core::HeadResult& r = p.r;
  const Frame& f = p.f;
  std::vector<ImVec2> marks;
  for (int i = 0; i < p.s.n(); ++i) {
    marks.push_back(p.screen(r.output, i));
    if (p.g.show_alt) marks.push_back(p.screen(r.alt_output, i));
    if (p.g.show_q) marks.push_back(p.screen(r.Q, i));
  }
  for (int j = 0; j < p.s.m(); ++j) {
    marks.push_back(p.screen(r.V, j));
    if (p.g.show_k) marks.push_back(p.screen(r.K, j));
  }
  const float m4 = 4 * p.scale, rad = p.rad;
  const ImVec2 corners[] = {{f.max.x - m4 - box_size.x, f.min.y + m4}, {f.min.x + m4, f.min.y + m4},
                            {f.max.x - m4 - box_size.x, f.max.y - m4 - box_size.y}, {f.min.x + m4, f.max.y - m4 - box_size.y}};
  ImVec2 box_min = corners[0];
  size_t fewest = SIZE_MAX;
  for (ImVec2 c : corners) {
    const ImRect box(ImVec2(c.x - rad, c.y - rad), ImVec2(c.x + box_size.x + rad, c.y + box_size.y + rad));
    const size_t hidden =
        static_cast<size_t>(std::count_if(marks.begin(), marks.end(), [&](ImVec2 q) { return box.Contains(q); }));
    if (hidden < fewest) fewest = hidden, box_min = c;
  }
  return box_min;
}

// The legend over the plot, on a veil of the background; labels keep off it.
void draw_legend(const Plot& p, LabelPlacer& labels) {
  const float scale = p.scale, rad = p.rad;
  ImFont* small = p.small;
  ImDrawList* dl = p.dl;
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);
  const std::vector<LegendEntry> entries = legend_entries(p);
  const float row_h = small->FontSize + 3 * scale, mark_w = 16 * scale;
  float text_w = 0;
  ImGui::PushFont(small);
  for (const LegendEntry& e : entries)
    text_w = std::max(text_w, script_text_size(e.name).x - (e.mark == Mark::None ? mark_w + 4 * scale : 0.0f));
  ImGui::PopFont();
  const ImVec2 box_size(mark_w + text_w + 12 * scale, row_h * static_cast<float>(entries.size()) + 6 * scale);
  const ImVec2 box_min = legend_corner(p, box_size);
  const ImVec2 box_max(box_min.x + box_size.x, box_min.y + box_size.y);
  ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  bg.w = 0.85f;
  dl->AddRectFilled(box_min, box_max, ImGui::ColorConvertFloat4ToU32(bg), 3 * scale);
  dl->AddRect(box_min, box_max, ImGui::GetColorU32(ImGuiCol_Border), 3 * scale);
  labels.block(ImRect(box_min, box_max));
  for (size_t k = 0; k < entries.size(); ++k) {
    const LegendEntry& e = entries[k];
    const float y = box_min.y + 4 * scale + row_h * static_cast<float>(k);
    const ImVec2 c(box_min.x + 4 * scale + mark_w / 2, y + row_h / 2);
    if (e.mark == Mark::Circle) dl->AddCircleFilled(c, rad * 0.9f, e.color);
    if (e.mark == Mark::Square) draw_square(p, c, e.color);
    if (e.mark == Mark::Diamond) draw_diamond(p, c, e.color, 1.5f * scale);
    if (e.mark == Mark::Arrow)
      arrow(dl, ImVec2(c.x - mark_w / 2, c.y), ImVec2(c.x + mark_w / 2, c.y), e.color, 1.5f * scale);
    ImGui::PushFont(small);
    draw_script_text(
        dl, ImVec2(e.mark == Mark::None ? box_min.x + 4 * scale : box_min.x + 8 * scale + mark_w, y - 1 * scale),
        e.mark == Mark::None ? dim : text, e.name);
    ImGui::PopFont();
  }
}

// The lit tips ringed and named, then the tokens beside the rows of V where there is room.
void draw_names(AppState& state, const Plot& p, LabelPlacer& labels, const std::vector<LitTip>& tips) {
  const float rad = p.rad, scale = p.scale;
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);
  for (const LitTip& tip : tips) {
    RingHighlight(state, tip.key, tip.at, rad * 2);
    labels.place(p.dl, p.small, tip.at, rad * 2 + 2 * scale, highlight_color(state.view.theme), tip.name);
  }
  for (int j = 0; j < p.s.m(); ++j)
    labels.place(p.dl, p.small, p.screen(p.r.V, j), rad + 2 * scale, text, p.keys[j]);
  // Copies of one token (ha ha ha): each query's arrow is named with its position, where there is room.
  if (p.g.show_q && p.tokens != p.s.tokens)
    for (int i = 0; i < p.s.n(); ++i)
      if (p.tokens[i] != p.s.tokens[i]) labels.place(p.dl, p.small, p.screen(p.r.Q, i), rad + 2 * scale, dim, p.tokens[i]);
  // Two sequences: the decoder's outputs are named too, in the dim colour, so that neither is taken for the other.
  if (p.s.cross())
    for (int i = 0; i < p.s.n(); ++i)
      labels.place(p.dl, p.small, p.screen(p.r.output, i), rad + 2 * scale, dim, p.tokens[i]);
}

// Everything painted, back to front: the axes, then clipped to the frame the hull, arrows, points, legend and names.
void draw_plot(AppState& state, const Plot& p) {
  draw_axes(p);
  p.dl->PushClipRect(p.f.min, p.f.max, true);  // arrows and hull stay inside the frame
  draw_hull(p);
  draw_arrows(p);
  LabelPlacer labels(ImRect(p.f.min, p.f.max));
  draw_points(p, labels);
  const std::vector<LitTip> tips = lit_tips(p);
  for (const LitTip& tip : tips)
    labels.block(ImRect(tip.at.x - p.rad * 2, tip.at.y - p.rad * 2, tip.at.x + p.rad * 2, tip.at.y + p.rad * 2));
  draw_legend(p, labels);
  draw_names(state, p, labels, tips);
  p.dl->PopClipRect();
}

using RowOf = core::Mat& (*)(core::Scenario&, int);

// One handle over the point `at` of row i of a matrix (row_of picks it in the scenario). True while held.
bool DragHandle(AppState& state, const Plot& p, const char* kind, int i, Point at, RowOf row_of) {
  const float rad = p.rad;
  const ImVec2 sp = p.f.to_screen(at);
  const std::string id = std::string(kind) + "[" + std::to_string(i) + "]";
  ImGui::SetCursorScreenPos(ImVec2(sp.x - rad * 1.6f, sp.y - rad * 1.6f));
  ImGui::InvisibleButton(id.c_str(), ImVec2(rad * 3.2f, rad * 3.2f));
  remember_control(state, ("geometry." + id).c_str());
  if (ImGui::IsItemHovered() || ImGui::IsItemActive())
    p.dl->AddCircle(sp, rad * 1.6f, ImGui::GetColorU32(ImGuiCol_Text), 0, 1.5f * p.scale);
  const bool active = ImGui::IsItemActive();
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
    const Point d = p.f.to_data(ImGui::GetIO().MousePos);
    const double lim = core::kMaxAbsEntry;
    state.apply([&](core::Scenario& sc) {
      core::Mat& m = row_of(sc, p.head);
      m(i, p.ax) = std::clamp(to_hundredths(d.x), -lim, lim);
      if (p.ay >= 0) m(i, p.ay) = std::clamp(to_hundredths(d.y), -lim, lim);
    });
  }
  const std::string& token = kind[0] == 'q' ? state.token_labels()[i] : state.key_labels()[i];
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s of '%s': drag to move", kind, token.c_str());
  return active;
}

// Direct mode: the rows of V and the q and k tips as handles, on the stored rows (before RoPE turns them).
// One drag, one undo step. True while one is held.
bool DragHandles(AppState& state, const Plot& p) {
  const core::Scenario& s = p.s;
  const core::HeadResult& r = p.r;
  bool any_active = false;
  for (int j = 0; j < s.m(); ++j) {
    if (DragHandle(state, p, "V", j, p.at(r.V, j), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.V[hh]; }))
      any_active = true;
    // Shared QK: k is q. Normalized keys: the tip shown is not the row stored.
    if (p.g.show_k && !s.options.shared_qk && !s.options.normalize_keys &&
        DragHandle(state, p, "k", j, p.at(r.K_before_rope, j),
                   [](core::Scenario& sc, int hh) -> core::Mat& { return sc.K[hh]; }))
      any_active = true;
  }
  for (int i = 0; i < s.n(); ++i)
    if (p.g.show_q && DragHandle(state, p, "q", i, p.at(r.Q_before_rope, i),
                                 [](core::Scenario& sc, int hh) -> core::Mat& { return sc.Q[hh]; }))
      any_active = true;
  return any_active;
}

// The q or k tip nearest the mouse, within the ring's radius, lights that query's or key's row everywhere.
void hover_tip(AppState& state, const Plot& p) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float reach = p.rad * 2;  // the ring's radius
  float nearest = reach * reach;
  const auto try_tip = [&](const core::Mat& m, int row, Highlight hit) {
    const ImVec2 tip = p.screen(m, row);
    const float d = (tip.x - mouse.x) * (tip.x - mouse.x) + (tip.y - mouse.y) * (tip.y - mouse.y);
    if (d <= nearest) {
      nearest = d;
      state.panels.highlight_next = hit;
    }
  };
  for (int i = 0; p.g.show_q && i < p.s.n(); ++i) try_tip(p.r.Q, i, Highlight{p.head, i, -1});
  for (int j = 0; p.g.show_k && !p.keys_are_queries && j < p.s.m(); ++j) try_tip(p.r.K, j, Highlight{p.head, -1, j});
}

}  // namespace

void DrawGeometryPanel(AppState& state) {
  if (BeginPanel(state, Panel::Geometry, "outputs A\u00B7V: convex combinations of the rows of V, inside their hull; "
                                    "(1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40 need not be", 0, state.view.head)) {
    const core::Scenario& s = state.scenario();
    GeometryView& g = state.panels.geometry;
    // As it was before the controls: the frame that converts to direct mode draws no handles yet.
    const bool direct = s.mode == core::Mode::Direct;
    g.axis_x = std::clamp(g.axis_x, 0, s.d_k - 1);
    g.axis_y = std::clamp(g.axis_y, 0, s.d_k - 1);
    if (!state.picture.active) Controls(state, g, s, direct);
    const ImVec2 origin = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
    Plot p = make_plot(state, origin, avail);
    // The data stays put during a drag, so that the point stays under the mouse.
    if (!g.dragging) fit_bounds(g, p);
    p.f.lo = ImVec2(g.lo_x, g.lo_y);
    p.f.hi = ImVec2(g.hi_x, g.hi_y);
    draw_plot(state, p);
    g.dragging = direct && DragHandles(state, p);
    if (!state.picture.active && !g.dragging && ImGui::IsWindowHovered() &&
        ImRect(p.f.min, p.f.max).Contains(ImGui::GetIO().MousePos))
      hover_tip(state, p);
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(avail.x, avail.y - 4));
  }
  ImGui::End();
}

}  // namespace app
