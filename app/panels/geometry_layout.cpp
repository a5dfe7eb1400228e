// What the Geometry plot draws where, decided before anything is painted, so that nothing drawn
// covers anything else: the data as large as the frame allows; every point of V
// and every arrow tip named (q₁, k₃: the row, which is the position p when positions are on), one
// name for marks that coincide (smell₂ = smell₄, q₁ = k₀); and the legend in a corner that nothing
// is drawn in, else beside or below the plot, whichever leaves the data larger.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include <implot.h>
#include <implot_internal.h>

#include "app/panels/geometry_plot.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/loss_curves.h"  // note_plot

namespace app::geometry {

std::string Name::text() const {
  std::string t;
  for (const Piece& piece : pieces) t += piece.text;
  return t;
}

namespace {

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

}  // namespace

// An outermost point's name goes beside it, or inwards, hence the margin.
void fit(Plot& p, const ImRect& frame) {
  const core::HeadResult& r = p.r;
  const GeometryView& g = p.g;
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
  const float margin = 0.6f * font_px(p.font);
  const float w = std::max(frame.GetWidth() - 2 * margin, 10.0f), h = std::max(frame.GetHeight() - 2 * margin, 10.0f);
  const float dw = hi.x - lo.x, dh = hi.y - lo.y;
  float per_unit = std::min(dw > 1e-9f ? w / dw : FLT_MAX, dh > 1e-9f ? h / dh : FLT_MAX);
  if (per_unit == FLT_MAX) per_unit = std::min(w, h);  // everything at the origin: a unit across
  const ImVec2 mid((lo.x + hi.x) / 2, (lo.y + hi.y) / 2);
  const ImVec2 half(frame.GetWidth() / per_unit / 2, frame.GetHeight() / per_unit / 2);
  p.f = Frame{frame.Min, frame.Max, ImVec2(mid.x - half.x, mid.y - half.y), ImVec2(mid.x + half.x, mid.y + half.y)};
}

namespace {

// Every point and tip on screen, in this order: V, outputs, alt outputs, q, k (those shown).
std::vector<PlotMark> marks_of(const Plot& p) {
  std::vector<PlotMark> marks;
  const ImVec2 o = p.origin();
  const auto add = [&](const char* kind, int row, ImVec2 at, ImVec2 from, float radius) {
    marks.push_back(PlotMark{std::string(kind) + "[" + std::to_string(row) + "]", at.x, at.y, from.x, from.y, radius, -1});
  };
  const core::HeadResult& r = p.r;
  for (int j = 0; j < p.s.m(); ++j) add("V", j, p.screen(r.V, j), p.screen(r.V, j), p.rad);
  for (int i = 0; i < p.s.n(); ++i) add("out", i, p.screen(r.output, i), p.screen(r.output, i), p.rad * 0.75f);
  for (int i = 0; p.g.show_alt && i < p.s.n(); ++i) add("alt", i, p.screen(r.alt_output, i), p.screen(r.alt_output, i), p.rad);
  // A tip reaches as far as its head: 7 line widths.
  const auto lit_q = [&](int i) { return i == p.lit_q || (p.keys_are_queries && i == p.lit_k); };
  for (int i = 0; p.g.show_q && i < p.s.n(); ++i) add("q", i, p.screen(r.Q, i), o, 7 * p.arrow_width(lit_q(i)));
  for (int j = 0; p.g.show_k && !p.keys_are_queries && j < p.s.m(); ++j)
    add("k", j, p.screen(r.K, j), o, 7 * p.arrow_width(j == p.lit_k));
  return marks;
}

// What a name may not cover: a point's disc, a tip's head.
ImRect extent(const PlotMark& m) {
  if (!is_tip(m)) return ImRect(m.x - m.radius, m.y - m.radius, m.x + m.radius, m.y + m.radius);
  const Head h = arrow_head(ImVec2(m.from_x, m.from_y), ImVec2(m.x, m.y), m.radius / 7);
  ImRect r(h.tip, h.tip);
  r.Add(h.left);
  r.Add(h.right);
  return r;
}

// What the placer keeps names off (the marks, the lit tips' rings) and away from if it can (every
// line: arrows, RoPE's arrows before the turn and its arcs, the hull's edges).
LabelPlacer placer_of(const Plot& p, const Scene& s) {
  LabelPlacer placer(p.f.rect());
  for (const PlotMark& m : s.marks) {
    placer.block(extent(m));
    if (is_tip(m)) placer.line(ImVec2(m.from_x, m.from_y), ImVec2(m.x, m.y));
  }
  for (const Ring& ring : s.rings)
    placer.block(ImRect(ring.at.x - p.rad * 2, ring.at.y - p.rad * 2, ring.at.x + p.rad * 2, ring.at.y + p.rad * 2));
  const std::vector<ImVec2> hull = hull_on_screen(p);
  for (size_t k = 0; hull.size() >= 3 && k < hull.size(); ++k) placer.line(hull[k], hull[(k + 1) % hull.size()]);
  const auto turns = [&](const core::Mat& before, const core::Mat& after, int row) {
    placer.line(p.origin(), p.screen(before, row));
    const std::vector<ImVec2> arc = rope_arc(p, before, after, row);
    for (size_t k = 1; k < arc.size(); ++k) placer.line(arc[k - 1], arc[k]);
  };
  for (int i = 0; p.rope && p.g.show_q && i < p.s.n(); ++i) turns(p.r.Q_before_rope, p.r.Q, i);
  for (int j = 0; p.rope && p.g.show_k && !p.keys_are_queries && j < p.s.m(); ++j) turns(p.r.K_before_rope, p.r.K, j);
  return placer;
}

}  // namespace

std::vector<ImVec2> hull_on_screen(const Plot& p) {
  std::vector<Point> v_points;
  for (int j = 0; j < p.s.m(); ++j) v_points.push_back(p.at(p.r.V, j));
  std::vector<ImVec2> hull;
  for (Point q : convex_hull(v_points)) hull.push_back(p.f.to_screen(q));
  return hull;
}

// In the plane of a pair, an arc of p·θ at 0.45 of the vector's length, from it before the turn towards it after.
std::vector<ImVec2> rope_arc(const Plot& p, const core::Mat& before, const core::Mat& after, int row) {
  if (!p.rope_plane || row == 0) return {};
  const Point b = p.at(before, row), a = p.at(after, row);
  const float from = std::atan2(b.y, b.x), length = std::sqrt(b.x * b.x + b.y * b.y) * 0.45f;
  const float by = std::remainder(std::atan2(a.y, a.x) - from, 6.2831853f);  // p·θ, folded into (−π, π]
  const int steps = std::max(4, static_cast<int>(std::abs(by) * 12));
  std::vector<ImVec2> arc;
  for (int k = 0; k <= steps; ++k) {
    const float t = from + by * static_cast<float>(k) / static_cast<float>(steps);
    arc.push_back(p.f.to_screen(Point(length * std::cos(t), length * std::sin(t))));
  }
  return arc;
}

namespace {

using Legend = GeometryView::Legend;

bool inside(Legend at) { return at != Legend::Beside && at != Legend::Below; }

// The plot without its highlight: how the names sit at rest.
Plot at_rest(const Plot& p) {
  Plot rest = p;
  rest.hl = Highlight{};
  rest.lit_q = rest.lit_k = -1;
  return rest;
}

// The plot at rest, fitted into `rect`, its names placed: what the legend must leave free.
LabelPlacer rest_placer(const Plot& p, const ImRect& rect) {
  Plot rest = at_rest(p);
  fit(rest, rect);
  Scene s;
  s.marks = marks_of(rest);
  s.names = names_of(rest, s.marks, 0);
  LabelPlacer placer = placer_of(rest, s);
  place_names(rest, s.names, placer);
  return placer;
}

// At rest: in the first corner where the legend covers no mark, line or name; else beside or below
// the plot, whichever shows the data clearly larger. Judged in the plot as it is with the legend
// inside (this frame's, or as large as an outside legend left it), with the line that says to
// hover the unnamed tips whether or not it shows, so that the frame does not change as tips gain
// or lose names. A legend moved out or in is ImPlot's from the next frame on.
Legend choose_legend(const Plot& p, Legend now) {
  const ImPlotPlot& plot = *ImPlot::GetCurrentPlot();
  const ImVec2 pad = ImPlot::GetStyle().LegendPadding, last = plot.Items.Legend.Rect.GetSize();
  ImRect rect = p.f.rect();
  if (now == Legend::Beside) rect.Max.x += last.x + pad.x;
  if (now == Legend::Below) rect.Max.y += last.y + pad.y;
  const std::vector<LegendEntry> entries = legend_entries(p, true);
  const ImVec2 size = legend_size(entries);
  Plot at = p;
  at.f.min = rect.Min, at.f.max = rect.Max;
  const LabelPlacer placer = rest_placer(p, rect);
  for (Legend corner : {Legend::TopRight, Legend::TopLeft, Legend::BottomRight, Legend::BottomLeft})
    if (placer.empty(legend_box(at, corner, size))) return corner;
  const auto scale = [&](ImRect r) {
    fit(at, r);
    return (at.f.max.x - at.f.min.x) / (at.f.hi.x - at.f.lo.x);
  };
  const ImVec2 across = legend_size(entries, true);  // below, in one line: where it fits
  const float beside = scale(ImRect(rect.Min, ImVec2(rect.Max.x - size.x - pad.x, rect.Max.y)));
  const float below = scale(ImRect(rect.Min, ImVec2(rect.Max.x, rect.Max.y - across.y - pad.y)));
  return across.x > p.area.GetWidth() || beside > below * 1.02f ? Legend::Beside : Legend::Below;
}

// The names with the legend at `at`: placed at rest, then, while something is lit, again with the
// lit tips' names first. The legend's note follows the names at rest: a hover does not change it.
Scene settle(const AppState& state, const Plot& p, Legend at, bool& note) {
  Scene s;
  const ImRect reserved = legend_box(p, at, legend_size(legend_entries(p, true)));
  const auto place_all = [&](const Plot& q, ImU32 lit_color) {
    s.marks = marks_of(q);
    s.rings = rings_of(q);
    s.names = names_of(q, s.marks, lit_color);
    LabelPlacer placer = placer_of(q, s);
    if (inside(at)) placer.block(reserved);
    return place_names(q, s.names, placer);
  };
  note = place_all(at_rest(p), 0) > 0;
  if (p.lit_q >= 0 || p.lit_k >= 0) place_all(p, highlight_color(state.view.theme));
  return s;
}

// For the tests (frame_layout().plots): after ImPlot's frame, ticks and legend, the marks, the
// names placed and what each names.
void record(const Scene& s) {
  note_plot("Geometry");
  PlotLayout& out = frame_layout().plots["Geometry"];
  out.marks = s.marks;
  for (const Name& name : s.names) {
    if (!name.placed) continue;
    for (int m : name.marks) out.marks[static_cast<size_t>(m)].label = static_cast<int>(out.labels.size());
    out.labels.push_back(PlotLabel{name.text(), Rect{name.rect.Min.x, name.rect.Min.y, name.rect.GetWidth(), name.rect.GetHeight()}});
  }
}

// What the layout at rest depends on, byte for byte: the room, the fonts and colours, what is
// shown, every row drawn (whole: equal rows are named "a = b") and the tokens. The names depend on
// the data ImPlot shows where too (a zoom, or the legend's move, changes it): with_frame.
std::string rest_key(const Plot& p) {
  std::string key;
  const auto add = [&](const auto&... v) { (key.append(reinterpret_cast<const char*>(&v), sizeof v), ...); };
  add(p.area, p.scale, p.font, font_px(p.font));
  for (const int flag : {p.ax, p.ay, int(p.g.show_q), int(p.g.show_k), int(p.g.show_alt), int(p.keys_are_queries),
                         int(p.rope), int(p.rope_plane), int(p.picture), int(p.light), int(p.s.cross()), p.s.d_k})
    add(flag);
  add(ImGui::GetColorU32(ImGuiCol_Text), ImGui::GetColorU32(ImGuiCol_TextDisabled));
  for (const core::Mat* m : {&p.r.V, &p.r.output, &p.r.alt_output, &p.r.Q, &p.r.K, &p.r.Q_before_rope, &p.r.K_before_rope}) {
    add(m->rows(), m->cols());
    key.append(reinterpret_cast<const char*>(m->data()), static_cast<size_t>(m->size()) * sizeof(double));
  }
  for (const auto* labels : {&p.tokens, &p.keys})
    for (const std::string& label : *labels) key += label + '\0';
  return key;
}

std::string with_frame(std::string key, const Frame& f) {
  return key.append(reinterpret_cast<const char*>(&f), sizeof f);
}

// The last layout at rest, kept while nothing it depends on changes: naming the marks tries
// hundreds of places, and most frames (the mouse moving over another panel) change nothing here.
// One for every context the app draws in (the window, a picture): the key tells them apart. The
// legend's place is chosen again only when the data or the room change, not when the legend's own
// move changes the frame: it would be judged in another frame, and could go back and forth.
struct Memo {
  std::string place_key, scene_key;
  Scene scene;
  bool note = false;
};
Memo g_layout_memo;

}  // namespace

bool rest_note() { return g_layout_memo.note; }

Scene lay_out(AppState& state, Plot& p) {
  GeometryView& g = state.panels.geometry;
  const bool lit = p.lit_q >= 0 || p.lit_k >= 0;
  Memo& m = g_layout_memo;
  // While a handle is held the legend stays where it was, with the data shown: the point stays under the mouse.
  // Made once a frame at rest: it holds every row drawn.
  const std::string key = g.dragging ? std::string() : rest_key(p);
  if (!g.dragging && key != m.place_key) {
    g.zoomed = false;  // other data, or another room: fitted again
    g.legend = choose_legend(p, g.legend);
    m.place_key = key;
    m.scene_key.clear();
  }
  const std::string scene_key = g.dragging || lit ? std::string() : with_frame(key, p.f);
  const bool kept = !scene_key.empty() && m.scene_key == scene_key;
  bool note = m.note;
  Scene s = kept ? m.scene : settle(state, p, g.legend, note);
  if (!kept && !scene_key.empty()) m.scene_key = scene_key, m.scene = s, m.note = note;
  s.entries = legend_entries(p, note);
  plot_legend(s.entries);
  if (inside(g.legend)) ImPlot::GetCurrentPlot()->Items.Legend.Location = corner_of(g.legend);
  record(s);
  return s;
}

}  // namespace app::geometry
