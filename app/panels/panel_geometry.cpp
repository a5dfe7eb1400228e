// Geometry: the plane of two of the d_k axes. The rows of V as points with their
// convex hull, the outputs A·V inside it (seed 000: a convex combination), the
// AttentionAlt outputs beside them, and q_i, k_j as arrows. In direct mode the
// points and arrow tips are handles: dragging one edits that row.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <cfloat>
#include <cstdio>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"

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

// Ticks at 1, 2 or 5 × 10^k, about `count` of them over [lo, hi].
std::vector<double> nice_ticks(double lo, double hi, int count) {
  std::vector<double> ticks;
  const double span = hi - lo;
  if (!(span > 0) || !std::isfinite(span)) return ticks;
  const double raw = span / count, power = std::pow(10.0, std::floor(std::log10(raw)));
  const double step = raw / power < 1.5 ? power : raw / power < 3.5 ? 2 * power : raw / power < 7.5 ? 5 * power : 10 * power;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
  return ticks;
}

std::string tick_text(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", t);
  std::string s = buf;
  return s[0] == '-' ? "\u2212" + s.substr(1) : s;
}

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

}  // namespace

void DrawGeometryPanel(AppState& state) {
  if (BeginPanel(state, "Geometry", "outputs A\u00B7V: convex combinations of the rows of V, inside their hull; "
                                    "(1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40 need not be", 0, state.view.head)) {
    const core::Scenario& s = state.scenario();
    const int h = state.view.head;
    const core::HeadResult& r = state.result().head[h];
    const float scale = fonts().scale;
    const bool direct = s.mode == core::Mode::Direct;
    GeometryView& g = state.geometry;

    // [SECTION] Controls: the axes (for d_k > 2), what to show, how to edit.
    g.axis_x = std::clamp(g.axis_x, 0, s.d_k - 1);
    g.axis_y = std::clamp(g.axis_y, 0, s.d_k - 1);
    if (!state.picture.active) Controls(state, g, s, direct);
    const int ax = g.axis_x, ay = s.d_k > 1 ? g.axis_y : -1;  // d_k = 1: a number line
    // RoPE turns pair (2i, 2i+1) of q_p and k_p by p·θ_i: seen as a turn when the plot shows one such pair.
    const bool rope = s.options.positions == core::Positions::Rope;
    const bool rope_plane = rope && ay >= 0 && std::min(ax, ay) % 2 == 0 && std::abs(ax - ay) == 1;
    const auto at = [&](const core::Mat& m, int row) { return Point(static_cast<float>(m(row, ax)), ay >= 0 ? static_cast<float>(m(row, ay)) : 0.0f); };

    // [SECTION] The data frame: every point and the origin, padded, one unit the same both ways.
    // It stays put during a drag, so that the point stays under the mouse. Room is left
    // at the left and bottom for the tick labels.
    ImFont* small = fonts().small ? fonts().small : ImGui::GetFont();
    const ImVec2 origin = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
    const float tick_w = small->CalcTextSizeA(small->FontSize, FLT_MAX, 0, "\u22120.5").x + 6 * scale;
    const float tick_h = small->FontSize + 4 * scale;
    Frame f{ImVec2(origin.x + tick_w, origin.y), ImVec2(origin.x + avail.x - 2 * scale, origin.y + std::max(40.0f, avail.y - 4 - tick_h)), {}, {}};
    if (!g.dragging) {
      ImVec2 lo(0, 0), hi(0, 0);
      const auto include = [&](Point p) {
        lo = ImVec2(std::min(lo.x, p.x), std::min(lo.y, p.y));
        hi = ImVec2(std::max(hi.x, p.x), std::max(hi.y, p.y));
      };
      // Under cross-attention the queries and outputs are the decoder's n rows, keys and values the encoder's m.
      for (int i = 0; i < s.n(); ++i) {
        include(at(r.output, i));
        if (g.show_alt) include(at(r.alt_output, i));
        if (g.show_q) include(at(r.Q, i));
        if (g.show_q && rope) include(at(r.Q_before_rope, i));
      }
      for (int j = 0; j < s.m(); ++j) {
        include(at(r.V, j));
        if (g.show_k) include(at(r.K, j));
        if (g.show_k && rope) include(at(r.K_before_rope, j));
      }
      const float span = std::max({hi.x - lo.x, hi.y - lo.y, 1e-6f}) * 1.2f;
      const float aspect = (f.max.x - f.min.x) / (f.max.y - f.min.y);
      const ImVec2 mid((lo.x + hi.x) / 2, (lo.y + hi.y) / 2);
      const float w = std::max({span, span * aspect, (hi.x - lo.x) * 1.2f}), hgt = std::max(w / aspect, (hi.y - lo.y) * 1.2f);
      const float ww = hgt * aspect;  // one unit the same both ways
      g.lo_x = mid.x - ww / 2;
      g.lo_y = mid.y - hgt / 2;
      g.hi_x = mid.x + ww / 2;
      g.hi_y = mid.y + hgt / 2;
    }
    f.lo = ImVec2(g.lo_x, g.lo_y);
    f.hi = ImVec2(g.hi_x, g.hi_y);

    // [SECTION] Axes: a frame, grid lines at the ticks, their values, the axes' names.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 grid_color = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.18f), axis = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.6f);
    const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);
    const int x_count = std::clamp(static_cast<int>((f.max.x - f.min.x) / (70 * scale)), 2, 8);
    const int y_count = std::clamp(static_cast<int>((f.max.y - f.min.y) / (40 * scale)), 2, 8);
    for (double t : nice_ticks(f.lo.x, f.hi.x, x_count)) {
      const float x = f.to_screen(Point(static_cast<float>(t), 0)).x;
      dl->AddLine(ImVec2(x, f.min.y), ImVec2(x, f.max.y), t == 0 ? axis : grid_color);
      const std::string label = tick_text(t);
      const float w = small->CalcTextSizeA(small->FontSize, FLT_MAX, 0, label.c_str()).x;
      dl->AddText(small, small->FontSize, ImVec2(x - w / 2, f.max.y + 2 * scale), dim, label.c_str());
    }
    if (ay >= 0)
      for (double t : nice_ticks(f.lo.y, f.hi.y, y_count)) {
        const float y = f.to_screen(Point(0, static_cast<float>(t))).y;
        dl->AddLine(ImVec2(f.min.x, y), ImVec2(f.max.x, y), t == 0 ? axis : grid_color);
        const std::string label = tick_text(t);
        const float w = small->CalcTextSizeA(small->FontSize, FLT_MAX, 0, label.c_str()).x;
        dl->AddText(small, small->FontSize, ImVec2(f.min.x - w - 3 * scale, y - small->FontSize / 2), dim, label.c_str());
      }
    dl->AddRect(f.min, f.max, ImGui::GetColorU32(ImGuiCol_Border));

    dl->PushClipRect(f.min, f.max, true);  // arrows and hull stay inside the frame
    const ImVec2 o = f.to_screen(Point(0, 0));

    // [SECTION] The hull of V, then arrows, then points on top.
    std::vector<Point> v_points;
    for (int j = 0; j < s.m(); ++j) v_points.push_back(at(r.V, j));
    std::vector<ImVec2> hull;
    for (Point p : convex_hull(v_points)) hull.push_back(f.to_screen(p));
    const bool light = state.view.theme == Theme::Light;
    if (hull.size() >= 3) {
      dl->AddConvexPolyFilled(hull.data(), static_cast<int>(hull.size()), light ? IM_COL32(60, 120, 200, 40) : IM_COL32(90, 150, 230, 45));
      dl->AddPolyline(hull.data(), static_cast<int>(hull.size()), IM_COL32(90, 150, 230, 160), ImDrawFlags_Closed, 1.5f * scale);
    }
    const ImU32 q_color = IM_COL32(230, 150, 40, 230), k_color = IM_COL32(170, 90, 220, 230);
    // Shared QK without normalized keys: k_i = q_i, one arrow would hide the other.
    const bool keys_are_queries = s.options.shared_qk && !s.options.normalize_keys;
    const ImU32 v_color = IM_COL32(60, 140, 230, 255), out_color = light ? IM_COL32(20, 20, 20, 255) : IM_COL32(240, 240, 240, 255);
    const ImU32 alt_color = IM_COL32(220, 70, 60, 255);
    // RoPE: the vector before its turn, faint, then the turned one; in the plane of a pair, an arc of p·θ between them.
    const auto faded = [](ImU32 c) { return (c & 0x00FFFFFFu) | (IM_COL32_A_MASK & (70u << IM_COL32_A_SHIFT)); };
    const auto turned = [&](const core::Mat& before, const core::Mat& after, int p, ImU32 color) {
      arrow(dl, o, f.to_screen(at(before, p)), faded(color), 1.2f * scale);
      if (!rope_plane || p == 0) return;
      const Point b = at(before, p), a = at(after, p);
      const float from = std::atan2(b.y, b.x), length = std::sqrt(b.x * b.x + b.y * b.y) * 0.45f;
      float by = std::atan2(a.y, a.x) - from;  // p·θ, folded into (−π, π]
      by = std::remainder(by, 6.2831853f);
      const int steps = std::max(4, static_cast<int>(std::abs(by) * 12));
      const float step = by / static_cast<float>(steps);
      for (int k = 0; k < steps; ++k) {
        const float t0 = from + step * static_cast<float>(k), t1 = from + step * static_cast<float>(k + 1);
        dl->AddLine(f.to_screen(Point(length * std::cos(t0), length * std::sin(t0))),
                    f.to_screen(Point(length * std::cos(t1), length * std::sin(t1))), faded(color), 1.2f * scale);
      }
    };
    // Linked highlighting (a hovered S_ij or A_ij): q_i and k_j bold and ringed, the other arrows
    // faded a little. Shared QK without normalized keys draws k_j as q_j's arrow.
    const Highlight hl = lit(state, h);
    const int lit_q = g.show_q ? hl.query : -1, lit_k = g.show_k ? hl.key : -1;
    const auto q_lit = [&](int i) { return i == lit_q || (keys_are_queries && i == lit_k); };
    const auto shown = [&](ImU32 c, bool is_lit) {
      return hl.any() && !is_lit ? (c & 0x00FFFFFFu) | (IM_COL32_A_MASK & (110u << IM_COL32_A_SHIFT)) : c;
    };
    for (int i = 0; i < s.n(); ++i) {
      if (g.show_q && rope) turned(r.Q_before_rope, r.Q, i, q_color);
      if (g.show_q) arrow(dl, o, f.to_screen(at(r.Q, i)), shown(q_color, q_lit(i)), (q_lit(i) ? 2.4f : 1.5f) * scale);
    }
    for (int j = 0; j < s.m(); ++j) {
      if (g.show_k && rope && !keys_are_queries) turned(r.K_before_rope, r.K, j, k_color);
      if (g.show_k && !keys_are_queries) arrow(dl, o, f.to_screen(at(r.K, j)), shown(k_color, j == lit_k), (j == lit_k ? 2.4f : 1.5f) * scale);
    }
    const float rad = 4.5f * scale;
    const auto diamond = [&](ImVec2 c, ImU32 color, float thickness) {
      dl->AddQuad(ImVec2(c.x, c.y - rad), ImVec2(c.x + rad, c.y), ImVec2(c.x, c.y + rad), ImVec2(c.x - rad, c.y), color, thickness);
    };
    const auto square = [&](ImVec2 c, ImU32 color) {
      dl->AddRectFilled(ImVec2(c.x - rad * 0.75f, c.y - rad * 0.75f), ImVec2(c.x + rad * 0.75f, c.y + rad * 0.75f), color);
    };
    LabelPlacer labels(ImRect(f.min, f.max));
    for (int j = 0; j < s.m(); ++j) {
      const ImVec2 v = f.to_screen(at(r.V, j));
      dl->AddCircleFilled(v, rad, v_color);
      labels.block(ImRect(v.x - rad, v.y - rad, v.x + rad, v.y + rad));
    }
    for (int i = 0; i < s.n(); ++i) {
      const ImVec2 out = f.to_screen(at(r.output, i)), alt = f.to_screen(at(r.alt_output, i));
      square(out, out_color);
      if (g.show_alt) diamond(alt, alt_color, 1.5f * scale);
      labels.block(ImRect(out.x - rad, out.y - rad, out.x + rad, out.y + rad));
    }
    // The lit tips, ringed over everything (the legend too, which stays where it is) and named first.
    struct LitTip {
      std::string key, name;
      ImVec2 at;
    };
    std::vector<LitTip> lit_tips;
    if (lit_q >= 0 && lit_q < s.n())
      lit_tips.push_back({"q[" + std::to_string(lit_q) + "]",
                          (keys_are_queries && lit_k == lit_q ? "q = k: " : "q: ") + s.tokens[lit_q], f.to_screen(at(r.Q, lit_q))});
    if (lit_k >= 0 && lit_k < s.m() && !(keys_are_queries && lit_k == lit_q))
      lit_tips.push_back({"k[" + std::to_string(lit_k) + "]", "k: " + s.key_tokens()[lit_k],
                          f.to_screen(at(keys_are_queries ? r.Q : r.K, lit_k))});
    for (const LitTip& tip : lit_tips) labels.block(ImRect(tip.at.x - rad * 2, tip.at.y - rad * 2, tip.at.x + rad * 2, tip.at.y + rad * 2));
    // [SECTION] Legend, top right, over the plot: every mark and what it is.
    {
      struct Entry {
        int kind;  // 0 circle, 1 square, 2 diamond, 3 arrow, 4 text alone
        ImU32 color;
        std::string name;
      };
      // Cross-attention: two sequences, named by where each mark comes from.
      std::vector<Entry> entries = {{0, v_color, s.cross() ? "rows of V (from X_{kv})" : "rows of V"},
                                    {1, out_color, s.cross() ? "A\u00B7V (one per query)" : "A\u00B7V"}};
      if (g.show_alt) entries.push_back({2, alt_color, "alt output"});
      if (g.show_q) entries.push_back({3, q_color, keys_are_queries ? "q_i = k_i" : s.cross() ? "q_i (from X)" : "q_i"});
      if (g.show_k && !keys_are_queries) entries.push_back({3, k_color, s.cross() ? "k_j (from X_{kv})" : "k_j"});
      if (rope && (g.show_q || g.show_k))
        entries.push_back({3, faded(text), rope_plane ? "before RoPE; arc: p\u00B7\u03B8" : "before RoPE (turns in dims 1-2, 3-4)"});
      // Which plane of the d_k dimensions this is: with d_k > 2 only two of them show.
      entries.push_back({4, 0, ay < 0 ? "x: the one dim" : "x: dim " + std::to_string(ax + 1) + ", y: dim " + std::to_string(ay + 1) +
                                                             (s.d_k > 2 ? " of " + std::to_string(s.d_k) : "")});
      const float row_h = small->FontSize + 3 * scale, mark_w = 16 * scale;
      float text_w = 0;
      ImGui::PushFont(small);
      for (const Entry& e : entries) text_w = std::max(text_w, script_text_size(e.name).x - (e.kind == 4 ? mark_w + 4 * scale : 0.0f));
      ImGui::PopFont();
      // In the corner that hides the fewest marks (top right when several hide none).
      const ImVec2 box_size(mark_w + text_w + 12 * scale, row_h * static_cast<float>(entries.size()) + 6 * scale);
      std::vector<ImVec2> marks;
      for (int i = 0; i < s.n(); ++i) {
        marks.push_back(f.to_screen(at(r.output, i)));
        if (g.show_alt) marks.push_back(f.to_screen(at(r.alt_output, i)));
        if (g.show_q) marks.push_back(f.to_screen(at(r.Q, i)));
      }
      for (int j = 0; j < s.m(); ++j) {
        marks.push_back(f.to_screen(at(r.V, j)));
        if (g.show_k) marks.push_back(f.to_screen(at(r.K, j)));
      }
      const float m4 = 4 * scale;
      const ImVec2 corners[] = {{f.max.x - m4 - box_size.x, f.min.y + m4}, {f.min.x + m4, f.min.y + m4},
                                {f.max.x - m4 - box_size.x, f.max.y - m4 - box_size.y}, {f.min.x + m4, f.max.y - m4 - box_size.y}};
      ImVec2 box_min = corners[0];
      size_t fewest = SIZE_MAX;
      for (ImVec2 c : corners) {
        const ImRect box(ImVec2(c.x - rad, c.y - rad), ImVec2(c.x + box_size.x + rad, c.y + box_size.y + rad));
        const size_t hidden = static_cast<size_t>(std::count_if(marks.begin(), marks.end(), [&](ImVec2 p) { return box.Contains(p); }));
        if (hidden < fewest) fewest = hidden, box_min = c;
      }
      const ImVec2 box_max(box_min.x + box_size.x, box_min.y + box_size.y);
      ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
      bg.w = 0.85f;
      dl->AddRectFilled(box_min, box_max, ImGui::ColorConvertFloat4ToU32(bg), 3 * scale);
      dl->AddRect(box_min, box_max, ImGui::GetColorU32(ImGuiCol_Border), 3 * scale);
      labels.block(ImRect(box_min, box_max));
      for (size_t k = 0; k < entries.size(); ++k) {
        const Entry& e = entries[k];
        const float y = box_min.y + 4 * scale + row_h * static_cast<float>(k);
        const ImVec2 c(box_min.x + 4 * scale + mark_w / 2, y + row_h / 2);
        if (e.kind == 0) dl->AddCircleFilled(c, rad * 0.9f, e.color);
        if (e.kind == 1) square(c, e.color);
        if (e.kind == 2) diamond(c, e.color, 1.5f * scale);
        if (e.kind == 3) arrow(dl, ImVec2(c.x - mark_w / 2, c.y), ImVec2(c.x + mark_w / 2, c.y), e.color, 1.5f * scale);
        ImGui::PushFont(small);
        draw_script_text(dl, ImVec2(e.kind == 4 ? box_min.x + 4 * scale : box_min.x + 8 * scale + mark_w, y - 1 * scale),
                         e.kind == 4 ? dim : text, e.name);
        ImGui::PopFont();
      }
    }
    for (const LitTip& tip : lit_tips) {
      RingHighlight(state, tip.key, tip.at, rad * 2);
      labels.place(dl, small, tip.at, rad * 2 + 2 * scale, highlight_color(state.view.theme), tip.name);
    }
    for (int j = 0; j < s.m(); ++j) labels.place(dl, small, f.to_screen(at(r.V, j)), rad + 2 * scale, text, s.key_tokens()[j]);
    // Two sequences: the decoder's outputs are named too, in the dim colour, so that neither is taken for the other.
    if (s.cross())
      for (int i = 0; i < s.n(); ++i) labels.place(dl, small, f.to_screen(at(r.output, i)), rad + 2 * scale, dim, s.tokens[i]);
    dl->PopClipRect();

    // [SECTION] Handles (direct mode): V rows, q and k tips. One drag, one undo step.
    bool any_active = false;
    if (direct) {
      const auto handle = [&](const char* kind, int i, Point p, core::Mat& (*row_of)(core::Scenario&, int)) {
        const ImVec2 sp = f.to_screen(p);
        const std::string id = std::string(kind) + "[" + std::to_string(i) + "]";
        ImGui::SetCursorScreenPos(ImVec2(sp.x - rad * 1.6f, sp.y - rad * 1.6f));
        ImGui::InvisibleButton(id.c_str(), ImVec2(rad * 3.2f, rad * 3.2f));
        remember_control(state, ("geometry." + id).c_str());
        if (ImGui::IsItemHovered() || ImGui::IsItemActive()) dl->AddCircle(sp, rad * 1.6f, text, 0, 1.5f * scale);
        if (ImGui::IsItemActive()) {
          any_active = true;
          if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
            const Point d = f.to_data(ImGui::GetIO().MousePos);
            const double lim = core::kMaxAbsEntry;
            state.apply([&](core::Scenario& sc) {
              core::Mat& m = row_of(sc, h);
              m(i, ax) = std::clamp(to_hundredths(d.x), -lim, lim);
              if (ay >= 0) m(i, ay) = std::clamp(to_hundredths(d.y), -lim, lim);
            });
          }
        }
        const std::string& token = kind[0] == 'q' ? s.tokens[i] : s.key_tokens()[i];
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s of '%s': drag to move", kind, token.c_str());
      };
      // The handles sit on the stored rows: before RoPE turns them.
      for (int j = 0; j < s.m(); ++j) {
        handle("V", j, at(r.V, j), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.V[hh]; });
        // Shared QK: k is q. Normalized keys: the tip shown is not the row stored.
        if (g.show_k && !s.options.shared_qk && !s.options.normalize_keys)
          handle("k", j, at(r.K_before_rope, j), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.K[hh]; });
      }
      for (int i = 0; i < s.n(); ++i)
        if (g.show_q) handle("q", i, at(r.Q_before_rope, i), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.Q[hh]; });
    }
    g.dragging = any_active;

    // [SECTION] Hovering a q or k tip lights that query's or key's row everywhere (linked highlighting).
    if (!state.picture.active && !any_active && ImGui::IsWindowHovered() && ImRect(f.min, f.max).Contains(ImGui::GetIO().MousePos)) {
      const ImVec2 mouse = ImGui::GetIO().MousePos;
      const float reach = rad * 2;  // the ring's radius
      float nearest = reach * reach;
      const auto try_tip = [&](const core::Mat& m, int row, Highlight hit) {
        const ImVec2 tip = f.to_screen(at(m, row));
        const float d = (tip.x - mouse.x) * (tip.x - mouse.x) + (tip.y - mouse.y) * (tip.y - mouse.y);
        if (d <= nearest) {
          nearest = d;
          state.highlight_next = hit;
        }
      };
      for (int i = 0; g.show_q && i < s.n(); ++i) try_tip(r.Q, i, Highlight{h, i, -1});
      for (int j = 0; g.show_k && !keys_are_queries && j < s.m(); ++j) try_tip(r.K, j, Highlight{h, -1, j});
    }

    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(avail.x, avail.y - 4));
  }
  ImGui::End();
}

}  // namespace app
