// The Geometry panel's parts kept in files of their own. ImPlot draws the plot's frame, axes, ticks
// and legend, and takes the wheel and drags that zoom and pan; what goes where inside it is decided
// before anything is painted (geometry_layout.cpp: the legend's corner, the names), then painted
// (geometry_paint.cpp). panel_geometry.cpp draws the panel: controls, plot, handles.
#pragma once

#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/app_state.h"
#include "app/state/layout.h"
#include "app/widgets/highlight.h"
#include "app/widgets/plot_frame.h"

namespace app::geometry {

using Point = ImVec2;  // data coordinates on the chosen axes

// The plot's rectangle on screen and the data ImPlot shows in it, as the frame's setup left them.
struct Frame {
  ImVec2 min, max;  // the plot's rectangle on screen
  ImVec2 lo, hi;    // the data it shows
  ImVec2 to_screen(Point p) const {
    return ImVec2(min.x + (p.x - lo.x) / (hi.x - lo.x) * (max.x - min.x), max.y - (p.y - lo.y) / (hi.y - lo.y) * (max.y - min.y));
  }
  Point to_data(ImVec2 s) const {
    return Point(lo.x + (s.x - min.x) / (max.x - min.x) * (hi.x - lo.x), lo.y + (max.y - s.y) / (max.y - min.y) * (hi.y - lo.y));
  }
  ImRect rect() const { return ImRect(min, max); }
};

inline constexpr ImU32 kVColor = IM_COL32(60, 140, 230, 255), kAltColor = IM_COL32(220, 70, 60, 255);
// q and k, arrows and their names alike; a little darker on the light theme's white, where the
// dark theme's orange and violet read faintly as text.
ImU32 q_color(bool light);
ImU32 k_color(bool light);
ImU32 out_color(bool light);
ImU32 faded(ImU32 c);  // RoPE's vector before its turn: faint beside the turned one

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
  bool picture = false;  // no mouse: nothing is named by hovering
  float scale = 1, rad = 1;  // rad: a point's radius
  ImFont* font = nullptr;    // the names, the ticks and the legend: the panels' regular text
  ImDrawList* dl = nullptr;
  ImRect area;  // ImPlot's whole frame: the plot, its ticks, titles and an outside legend
  Frame f;      // from ImPlot, once the plot is set up
  // Linked highlighting (a hovered S_ij or A_ij): q_i and k_j, where they are shown.
  Highlight hl;
  int lit_q = -1, lit_k = -1;

  Point at(const core::Mat& m, int row) const {
    return Point(static_cast<float>(m(row, ax)), ay >= 0 ? static_cast<float>(m(row, ay)) : 0.0f);
  }
  ImVec2 screen(const core::Mat& m, int row) const { return f.to_screen(at(m, row)); }
  float arrow_width(bool lit) const { return (lit ? 2.4f : 1.5f) * scale; }
  ImVec2 origin() const { return f.to_screen(Point(0, 0)); }
};

// An arrowhead's three corners, the tip first.
struct Head {
  ImVec2 tip, left, right;
};
Head arrow_head(ImVec2 from, ImVec2 to, float thickness);

// A name in pieces of one colour each: "q₁" in q's colour, " = ", "k₀" in k's.
struct Piece {
  std::string text;
  ImU32 color = 0;
};

struct Name {
  std::vector<Piece> pieces;
  ImVec2 anchor;
  ImVec2 outward;  // an arrow's way out, where its name goes first; (0, 0) for a point
  float gap = 0;
  std::vector<int> marks;  // what it names: indices into Scene::marks
  bool lit = false;        // a lit tip's: first, in the highlight's colour
  bool tip = false;        // names arrow tips: the legend says how to name them when they get no place
  ImRect rect;
  bool placed = false;
  std::string text() const;
};

// A legend entry: ImPlot's item, its square painted over with the mark the plot draws.
enum class Mark { Circle, Square, Diamond, Arrow, None };
struct LegendEntry {
  std::string name;  // "rows of V"
  ImU32 color = 0;
  Mark mark = Mark::None;  // None: a plain line that explains
};

// A lit tip, ringed in the highlight's colour over everything.
struct Ring {
  std::string key;  // "q[1]": frame_layout().highlights' "Geometry/q[1]"
  ImVec2 at;
};

// What the plot draws where.
struct Scene {
  std::vector<LegendEntry> entries;  // the legend's, in ImPlot's order
  std::vector<PlotMark> marks;       // every point and tip, as frame_layout().plots records them
  std::vector<Name> names;
  std::vector<Ring> rings;
};

// A mark's kind and row, from its key "q[1]".
inline bool is_tip(const PlotMark& m) { return m.key[0] == 'q' || m.key[0] == 'k'; }
inline int row_of(const PlotMark& m) { return std::stoi(m.key.substr(m.key.find('[') + 1)); }

// geometry_names.cpp: a name for each group of marks that lie on one another (the points of V, the
// tips, and under cross-attention the outputs), in the order they are placed: a lit tip's first (in
// lit_color), then V's, then the tips farthest from the origin first.
std::vector<Name> names_of(const Plot& p, const std::vector<PlotMark>& marks, ImU32 lit_color);
std::vector<Ring> rings_of(const Plot& p);
// Places them in turn; returns how many names of tips found no place.
int place_names(const Plot& p, std::vector<Name>& names, LabelPlacer& placer);

// geometry_legend.cpp: every mark shown and what it is, and the plain lines that explain the
// plot; `note`: the line that says to hover the tips left unnamed (not in a picture: it has no mouse).
std::vector<LegendEntry> legend_entries(const Plot& p, bool note);
// The entries as ImPlot's legend items, in the plot being drawn; the size ImPlot gives their box,
// one entry a line or, below the plot, all in one.
void plot_legend(const std::vector<LegendEntry>& entries);
ImVec2 legend_size(const std::vector<LegendEntry>& entries, bool across = false);
// The ImPlotLocation of a corner inside the plot (TopRight for Beside and Below), and where ImPlot
// puts the legend of `size` there.
int corner_of(GeometryView::Legend at);
ImRect legend_box(const Plot& p, GeometryView::Legend at, ImVec2 size);
// The axes' titles: which of the d_k dimensions each shows ("" where d_k = 2 says it already).
std::string axis_title(const Plot& p, bool y);

// geometry_layout.cpp: the convex hull of the rows of V, and RoPE's arc from row `row` of
// `before` towards `after` (empty unless the plot shows a pair that turns), on screen.
std::vector<ImVec2> hull_on_screen(const Plot& p);
std::vector<ImVec2> rope_arc(const Plot& p, const core::Mat& before, const core::Mat& after, int row);

// geometry_layout.cpp: the data to show in `rect`: the origin and every mark, as large as fits
// inside a margin of half a line, one unit the same both ways; sets p.f.
void fit(Plot& p, const ImRect& rect);
// geometry_layout.cpp, in the set-up plot: the legend's place (a corner nothing is drawn in, else
// beside or below the plot, from the next frame on: g.legend) and the names'. Also notes the
// result in frame_layout().plots.
Scene lay_out(AppState& state, Plot& p);
// Whether the last layout at rest left tips unnamed: its legend then says to hover them.
bool rest_note();
// geometry_paint.cpp: the hull, arrows and points, inside the plot.
void paint(const Plot& p);
// geometry_paint.cpp, after ImPlot's EndPlot: each legend entry's mark over ImPlot's square (in
// `legend`, as ImPlot laid it out), the lit tips' rings and the names, over the plot and its legend.
void paint_over(AppState& state, const Plot& p, const Scene& scene, const ImRect& legend, bool across);

}  // namespace app::geometry
