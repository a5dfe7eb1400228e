// Geometry: the plane of two of the d_k axes. The rows of V as points with their
// convex hull, the outputs A·V inside it (seed 000: a convex combination), the
// AttentionAlt outputs beside them, and q_i, k_j as arrows. In direct mode the
// points and arrow tips are handles: dragging one edits that row.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/heatmap.h"
#include "app/panels.h"
#include "app/text.h"

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

}  // namespace

void DrawGeometryPanel(AppState& state) {
  if (BeginPanel(state, "Geometry", "outputs A\u00B7V: convex combinations of the rows of V, inside their hull; "
                                    "(1/\u221Ad_k)\u00B7A\u00B7V\u00B7W_{alt}^\u1D40 need not be")) {
    const core::Scenario& s = state.scenario();
    const int h = state.view.head;
    const core::HeadResult& r = state.result().head[h];
    const float scale = fonts().scale;
    const bool direct = s.mode == core::Mode::Direct;
    GeometryView& g = state.geometry;

    // [SECTION] Controls: the axes (for d_k > 2), what to show, how to edit.
    g.axis_x = std::clamp(g.axis_x, 0, s.d_k - 1);
    g.axis_y = std::clamp(g.axis_y, 0, s.d_k - 1);
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
      if (ImGui::SmallButton("convert to direct mode to drag")) state.apply([](core::Scenario& sc) { core::convert_to_direct(sc); });
      remember_control(state, "geometry.convert");
    }
    ImGui::SameLine();
    ImGui::TextDisabled("\u25CF V  \u25A0 A\u00B7V  \u25C7 alt  \u2192 q orange, k violet");
    const int ax = g.axis_x, ay = s.d_k > 1 ? g.axis_y : -1;  // d_k = 1: a number line
    const auto at = [&](const core::Mat& m, int row) { return Point(static_cast<float>(m(row, ax)), ay >= 0 ? static_cast<float>(m(row, ay)) : 0.0f); };

    // [SECTION] The data frame: every point and the origin, padded, one unit the same both ways.
    // It stays put during a drag, so that the point stays under the mouse.
    const ImVec2 origin = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
    Frame f{origin, ImVec2(origin.x + avail.x, origin.y + std::max(40.0f, avail.y - 4)), {}, {}};
    if (!g.dragging) {
      ImVec2 lo(0, 0), hi(0, 0);
      const auto include = [&](Point p) {
        lo = ImVec2(std::min(lo.x, p.x), std::min(lo.y, p.y));
        hi = ImVec2(std::max(hi.x, p.x), std::max(hi.y, p.y));
      };
      for (int i = 0; i < s.n(); ++i) {
        include(at(r.V, i));
        include(at(r.output, i));
        if (g.show_alt) include(at(r.alt_output, i));
        if (g.show_q) include(at(r.Q, i));
        if (g.show_k) include(at(r.K, i));
      }
      const float span = std::max({hi.x - lo.x, hi.y - lo.y, 1e-6f}) * 1.15f;
      const float aspect = (f.max.x - f.min.x) / (f.max.y - f.min.y);
      const ImVec2 mid((lo.x + hi.x) / 2, (lo.y + hi.y) / 2);
      const float w = std::max(span, span * aspect), hgt = w / aspect;
      g.lo_x = mid.x - w / 2;
      g.lo_y = mid.y - hgt / 2;
      g.hi_x = mid.x + w / 2;
      g.hi_y = mid.y + hgt / 2;
    }
    f.lo = ImVec2(g.lo_x, g.lo_y);
    f.hi = ImVec2(g.hi_x, g.hi_y);

    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(f.min, f.max, true);
    const ImU32 axis = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.5f), text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImVec2 o = f.to_screen(Point(0, 0));
    dl->AddLine(ImVec2(f.min.x, o.y), ImVec2(f.max.x, o.y), axis);
    dl->AddLine(ImVec2(o.x, f.min.y), ImVec2(o.x, f.max.y), axis);

    // [SECTION] The hull of V, then arrows, then points on top.
    std::vector<Point> v_points;
    for (int i = 0; i < s.n(); ++i) v_points.push_back(at(r.V, i));
    std::vector<ImVec2> hull;
    for (Point p : convex_hull(v_points)) hull.push_back(f.to_screen(p));
    const bool light = state.view.theme == Theme::Light;
    if (hull.size() >= 3) {
      dl->AddConvexPolyFilled(hull.data(), static_cast<int>(hull.size()), light ? IM_COL32(60, 120, 200, 40) : IM_COL32(90, 150, 230, 45));
      dl->AddPolyline(hull.data(), static_cast<int>(hull.size()), IM_COL32(90, 150, 230, 160), ImDrawFlags_Closed, 1.5f * scale);
    }
    const ImU32 q_color = IM_COL32(230, 150, 40, 230), k_color = IM_COL32(170, 90, 220, 230);
    const ImU32 v_color = IM_COL32(60, 140, 230, 255), out_color = light ? IM_COL32(20, 20, 20, 255) : IM_COL32(240, 240, 240, 255);
    const ImU32 alt_color = IM_COL32(220, 70, 60, 255);
    for (int i = 0; i < s.n(); ++i) {
      if (g.show_q) arrow(dl, o, f.to_screen(at(r.Q, i)), q_color, 1.5f * scale);
      if (g.show_k) arrow(dl, o, f.to_screen(at(r.K, i)), k_color, 1.5f * scale);
    }
    const float rad = 5 * scale;
    for (int i = 0; i < s.n(); ++i) {
      const ImVec2 v = f.to_screen(at(r.V, i)), out = f.to_screen(at(r.output, i)), alt = f.to_screen(at(r.alt_output, i));
      dl->AddCircleFilled(v, rad, v_color);
      dl->AddText(ImVec2(v.x + rad + 2, v.y - rad - 8 * scale), text, s.tokens[i].c_str());
      dl->AddRectFilled(ImVec2(out.x - rad * 0.7f, out.y - rad * 0.7f), ImVec2(out.x + rad * 0.7f, out.y + rad * 0.7f), out_color);
      if (g.show_alt)
        dl->AddQuad(ImVec2(alt.x, alt.y - rad), ImVec2(alt.x + rad, alt.y), ImVec2(alt.x, alt.y + rad), ImVec2(alt.x - rad, alt.y),
                    alt_color, 1.5f * scale);
    }
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
              m(i, ax) = std::clamp(static_cast<double>(d.x), -lim, lim);
              if (ay >= 0) m(i, ay) = std::clamp(static_cast<double>(d.y), -lim, lim);
            });
          }
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s of '%s': drag to move", kind, s.tokens[i].c_str());
      };
      for (int i = 0; i < s.n(); ++i) {
        handle("V", i, at(r.V, i), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.V[hh]; });
        if (g.show_q) handle("q", i, at(r.Q, i), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.Q[hh]; });
        // Shared QK: k is q. Normalized keys: the tip shown is not the row stored.
        if (g.show_k && !s.options.shared_qk && !s.options.normalize_keys)
          handle("k", i, at(r.K, i), [](core::Scenario& sc, int hh) -> core::Mat& { return sc.K[hh]; });
      }
    }
    g.dragging = any_active;

    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(avail.x, avail.y - 4));
  }
  ImGui::End();
}

}  // namespace app
