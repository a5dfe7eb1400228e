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

#include "app/panels/geometry_plot.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/widgets/frame_context.h"

namespace app::geometry {

std::string Name::text() const {
  std::string t;
  for (const Piece& piece : pieces) t += piece.text;
  return t;
}

namespace {

using Legend = GeometryView::Legend;

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

// The data the plot shows in `frame`: the origin and every mark, as large as fits inside a margin
// of half a line (an outermost point's name goes beside it, or inwards); one unit the same both ways.
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

float pixels_per_unit(const Plot& p) { return (p.f.max.x - p.f.min.x) / (p.f.hi.x - p.f.lo.x); }

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

// Where the legend goes, how wide it is in a corner or beside the plot (its entries flow into rows
// that wide; below the plot it is as wide as the plot's area), and the room it takes there: with the
// line that says to hover the unnamed tips whether or not it shows, so that the frame does not
// change as tips gain or lose names.
struct Place {
  Legend at = Legend::Below;
  float width = 0;
  ImVec2 room;
};

float gap(const Plot& p) { return 8 * p.scale; }
float tick_row(const Plot& p) { return font_px(p.tick_font) + 4 * p.scale; }  // the x ticks' labels, below the frame

Place place_at(const Plot& p, Legend at, float width) {
  std::vector<LegendEntry> entries = legend_entries(p, true);
  if (at == Legend::Below) width = p.area.GetWidth();
  return Place{at, width, arrange(p, entries, width)};
}

// The widths tried, each with its room: the least (one entry a line, or two short ones side by
// side), then wider by steps.
std::vector<Place> widths(const Plot& p) {
  const std::vector<LegendEntry> entries = legend_entries(p, true);
  const float least = least_legend_width(p, entries);
  std::vector<Place> out;
  for (float w = least; w == least || w <= p.area.GetWidth() * 0.6f; w += 32 * p.scale) {
    std::vector<LegendEntry> arranged = entries;
    out.push_back(Place{Legend::Beside, w, arrange(p, arranged, w)});
  }
  return out;
}

// The plot's frame: the whole area with the legend over it, else what the legend leaves.
ImRect frame_for(const Plot& p, const Place& place) {
  ImRect f = p.area;
  const float least = 40 * p.scale;
  if (place.at == Legend::Beside) f.Max.x = std::max(f.Min.x + least, f.Max.x - place.room.x - gap(p));
  if (place.at == Legend::Below) f.Max.y = std::max(f.Min.y + least, f.Max.y - place.room.y - gap(p));
  return f;
}

// The legend's box of `size`: in a corner of the frame, or beside it, or below its ticks.
ImRect legend_box(const Plot& p, Legend at, const ImRect& frame, ImVec2 size) {
  const float inset = 4 * p.scale;
  const float left = frame.Min.x + inset, right = frame.Max.x - inset - size.x;
  const float top = frame.Min.y + inset, bottom = frame.Max.y - inset - size.y;
  ImVec2 min;
  switch (at) {
    case Legend::TopRight: min = ImVec2(right, top); break;
    case Legend::TopLeft: min = ImVec2(left, top); break;
    case Legend::BottomRight: min = ImVec2(right, bottom); break;
    case Legend::BottomLeft: min = ImVec2(left, bottom); break;
    case Legend::Beside: min = ImVec2(frame.Max.x + gap(p), frame.Min.y); break;
    case Legend::Below: min = ImVec2(p.area.Min.x, frame.Max.y + tick_row(p) + gap(p) / 2); break;
  }
  return ImRect(min, ImVec2(min.x + size.x, min.y + size.y));
}

// At rest (nothing lit): in the first corner where the legend, narrowest first, covers no mark,
// line or name; else beside or below the plot, whichever shows the data clearly larger (beside
// only where it fits: it may reach down past the frame into the x ticks' row, which ends left of it).
Place choose_legend(Plot& p) {
  fit(p, p.area);
  Scene s;
  s.marks = marks_of(p);
  s.names = names_of(p, s.marks, 0);
  LabelPlacer placer = placer_of(p, s);
  place_names(p, s.names, placer);
  const std::vector<Place> tried = widths(p);
  for (const Place& w : tried)
    for (Legend at : {Legend::TopRight, Legend::TopLeft, Legend::BottomRight, Legend::BottomLeft}) {
      const ImRect box = legend_box(p, at, p.area, w.room);
      if (p.area.Contains(box) && placer.empty(box)) return Place{at, w.width, w.room};
    }
  Place best = place_at(p, Legend::Below, 0);
  fit(p, frame_for(p, best));
  float best_scale = pixels_per_unit(p);
  for (const Place& beside : tried) {
    if (beside.room.y > p.area.GetHeight() + tick_row(p)) continue;
    fit(p, frame_for(p, beside));
    if (pixels_per_unit(p) > best_scale * 1.02f) best = beside, best_scale = pixels_per_unit(p);
  }
  return best;
}

// The plot without its highlight: how the names sit at rest.
Plot at_rest(const Plot& p) {
  Plot rest = p;
  rest.hl = Highlight{};
  rest.lit_q = rest.lit_k = -1;
  return rest;
}

// The names with the legend at `at`: placed at rest, then, while something is lit, again with the
// lit tips' names first. The legend's note follows the names at rest: a hover does not change it.
Scene settle(const AppState& state, Plot& p, Place place, bool keep_bounds) {
  const GeometryView& g = p.g;
  const ImRect frame = frame_for(p, place);
  if (keep_bounds) p.f = Frame{frame.Min, frame.Max, ImVec2(g.lo_x, g.lo_y), ImVec2(g.hi_x, g.hi_y)};
  else fit(p, frame);
  Scene s;
  s.legend_at = place.at;
  const ImRect reserved = legend_box(p, place.at, frame, place.room);
  const auto place_all = [&](const Plot& q, ImU32 lit_color) {
    s.marks = marks_of(q);
    s.rings = rings_of(q);
    s.names = names_of(q, s.marks, lit_color);
    LabelPlacer placer = placer_of(q, s);
    if (s.inside()) placer.block(reserved);
    return place_names(q, s.names, placer);
  };
  const bool note = place_all(at_rest(p), 0) > 0;
  if (p.lit_q >= 0 || p.lit_k >= 0) place_all(p, highlight_color(state.view.theme));
  s.entries = legend_entries(p, note);
  s.legend = legend_box(p, place.at, frame, arrange(p, s.entries, place.width));
  return s;
}

// For the tests (frame_layout().plots): the marks, the names placed and what each names, the legend.
void record(const Plot& p, const Scene& s) {
  PlotLayout out;
  out.plot = Rect{p.f.min.x, p.f.min.y, p.f.max.x - p.f.min.x, p.f.max.y - p.f.min.y};
  out.legend = Rect{s.legend.Min.x, s.legend.Min.y, s.legend.GetWidth(), s.legend.GetHeight()};
  out.legend_entries = legend_texts(p, s);
  out.marks = s.marks;
  for (const Name& name : s.names) {
    if (!name.placed) continue;
    for (int m : name.marks) out.marks[static_cast<size_t>(m)].label = static_cast<int>(out.labels.size());
    out.labels.push_back(PlotLabel{name.text(), Rect{name.rect.Min.x, name.rect.Min.y, name.rect.GetWidth(), name.rect.GetHeight()}});
  }
  frame_layout().plots["Geometry"] = std::move(out);
}

}  // namespace

namespace {

// What the layout at rest depends on, byte for byte: the area, the fonts and colours, what is
// shown, every row drawn (whole: equal rows are named "a = b") and the tokens.
std::string rest_key(const Plot& p) {
  std::string key;
  const auto add = [&](const auto& v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
  add(p.area);
  add(p.scale);
  add(p.font);
  add(font_px(p.font));
  add(font_px(p.tick_font));
  for (const int flag : {p.ax, p.ay, int(p.g.show_q), int(p.g.show_k), int(p.g.show_alt), int(p.keys_are_queries),
                         int(p.rope), int(p.rope_plane), int(p.picture), int(p.light), int(p.s.cross()), p.s.d_k})
    add(flag);
  add(ImGui::GetColorU32(ImGuiCol_Text));
  add(ImGui::GetColorU32(ImGuiCol_TextDisabled));
  for (const core::Mat* m : {&p.r.V, &p.r.output, &p.r.alt_output, &p.r.Q, &p.r.K, &p.r.Q_before_rope, &p.r.K_before_rope}) {
    add(m->rows());
    add(m->cols());
    key.append(reinterpret_cast<const char*>(m->data()), static_cast<size_t>(m->size()) * sizeof(double));
  }
  for (const auto* labels : {&p.tokens, &p.keys})
    for (const std::string& label : *labels) key += label + '\0';
  return key;
}

// The last layout at rest, kept while nothing it depends on changes: naming the marks tries
// hundreds of places, and most frames (the mouse moving over another panel) change nothing here.
// One for every context the app draws in (the window, a picture): the key tells them apart.
struct Memo {
  std::string key;
  Place place;
  bool has_scene = false;
  Scene scene;
  Frame frame;
};

Memo& memo() {
  static Memo kept;
  return kept;
}

}  // namespace

Scene lay_out(AppState& state, Plot& p) {
  GeometryView& g = state.panels.geometry;
  const bool lit = p.lit_q >= 0 || p.lit_k >= 0;
  Memo& m = memo();
  // While a handle is held the frame stays as it was, with the data it shows: the point stays under the mouse.
  if (!g.dragging) {
    std::string key = rest_key(p);
    if (key != m.key) {
      Plot rest = at_rest(p);
      m = Memo{std::move(key), choose_legend(rest), false, {}, {}};
    }
    g.legend = m.place.at;
    g.legend_width = m.place.width;
  }
  Scene s;
  if (!g.dragging && !lit && m.has_scene) {
    s = m.scene;
    p.f = m.frame;
  } else {
    s = settle(state, p, place_at(p, g.legend, g.legend_width), g.dragging);
    if (!g.dragging && !lit) m.has_scene = true, m.scene = s, m.frame = p.f;
  }
  if (!g.dragging) {
    g.lo_x = p.f.lo.x, g.lo_y = p.f.lo.y;
    g.hi_x = p.f.hi.x, g.hi_y = p.f.hi.y;
  }
  record(p, s);
  return s;
}

}  // namespace app::geometry
