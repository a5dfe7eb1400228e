// What the Geometry panel adds to ImPlot's plot: tick labels with a true minus sign, and names
// beside the marks, where they cover neither each other nor what they name (LabelPlacer).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

namespace app {

// A tick's label, as an ImPlot formatter: the value as %g writes it (whole numbers up to 999999
// in full), with a true minus sign.
int tick_text(double t, char* buf, int size, void*);

// Whether the segment a→b passes through the rectangle (touching its edge counts).
bool segment_crosses(const ImRect& r, ImVec2 a, ImVec2 b);

// Names beside the marks of a plot, none over another, over a mark or outside the frame. Each is
// tried at eight places around its anchor, `gap` away: first the way `outward` points (an arrow's
// name beyond its tip), else right, left, above, below and the four corners; it goes to the free
// place that crosses the fewest lines (arrows and edges stay readable under a name, a mark does
// not), and nowhere when none is free: then the caller says how else to find it. A name that must
// be shown may go further out, `rings` times half a line's height, and with `force` where it covers
// the fewest marks when none of those is free (a hovered tip's name, over a crowd for a moment).
class LabelPlacer {
 public:
  explicit LabelPlacer(ImRect frame) : frame_(frame) {}
  void block(const ImRect& r) { blocked_.push_back(r); }  // nothing may cover it: a mark, the legend
  void line(ImVec2 a, ImVec2 b) { lines_.push_back({a, b}); }  // better not crossed: an arrow, an edge
  // Where a name of `size` goes, now taken; nothing when no place is free. outward (0, 0): no preference.
  std::optional<ImRect> place(ImVec2 anchor, ImVec2 size, float gap, ImVec2 outward = ImVec2(0, 0), int rings = 1,
                              bool force = false);
  // Whether r is free of every blocked rectangle, name and line: where a legend may go inside the frame.
  bool empty(const ImRect& r) const;

 private:
  ImRect candidate(ImVec2 anchor, ImVec2 size, float far, ImVec2 way) const;  // `far` from the anchor, the way `way` points
  int covered(const ImRect& r) const;  // how many blocked rectangles it overlaps
  int crossings(const ImRect& r) const;

  ImRect frame_;
  std::vector<ImRect> blocked_;
  std::vector<std::pair<ImVec2, ImVec2>> lines_;
};

}  // namespace app
