// Where a frame drew what, in window pixels: the cells, controls, panels, heatmaps, highlights,
// plots and text that --layout-out writes and the tests read. Not state: DrawFrame is handed one
// (app/widgets/frame_context.h), and the window keeps its own from one frame to the next.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace app {

// A rectangle in window pixels: x, y, w, h.
struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

// Where a heatmap was drawn, for --layout-out and tests: its cells' rectangle,
// one cell's size and whether the numbers fit in the cells (all or none are drawn).
struct HeatmapRect {
  std::string title;  // the title markup as shown
  Rect grid;
  float cell_w = 0, cell_h = 0;
  bool numbers = false;
  float number_px = 0;  // the size the numbers are drawn at (the regular font's, the small one's, larger in large cells); 0: none
  // What the heatmap shows, for tests that read the screen (--layout-out): the axis labels
  // as drawn (after shortening; empty when an axis shows none) and the strings in the
  // cells, row-major, "" where masked (empty when no numbers are drawn).
  std::vector<std::string> rows, cols, text;
  // A diverging heatmap's m, the largest |x| its colours span ([−m, m]); 0 for one on [0, 1], a
  // blank one, or one that never takes an animation's fixed scale (a gradient).
  double scale = 0;
};

// A plot's marks, labels and legend as drawn (Geometry), for tests: what a person checks by eye,
// that no label covers another or a mark, and that the legend covers nothing.
struct PlotMark {
  std::string key;                // the row it stands for: "V[2]", "out[0]", "alt[0]", "q[1]", "k[3]"
  float x = 0, y = 0;             // the point, or the arrow's tip
  float from_x = 0, from_y = 0;   // where an arrow starts (the origin); a point: its own x, y
  float radius = 0;               // how far its drawing reaches around (x, y)
  int label = -1;                 // its label in PlotLayout::labels; -1: none (a tip: named when hovered)
};

struct PlotLabel {
  std::string text;  // as drawn: "smell₂ = smell₄", "q₁ = k₀"
  Rect rect;
};

struct PlotLayout {
  Rect plot;    // the frame the data is drawn in
  Rect legend;  // the legend's box: in a corner of the plot that nothing is drawn in, or beside or below it
  std::vector<PlotLabel> legend_entries;  // its entries' names as drawn (markup: "q_i"), each where its text is
  std::vector<PlotMark> marks;
  std::vector<PlotLabel> labels;
  std::vector<PlotLabel> ticks;  // the axes' tick labels as drawn, each where its text is (its height: the font's)
};

// Where the last frame drew what, in window pixels, filled while drawing (--layout-out, tests).
struct Layout {
  // Editable matrix cells, keyed like "X[r][c]" and "W_Q[h][r][c]".
  std::map<std::string, Rect> cells;
  // The controls ("tokens", "shared_qk", "scale.none", ...), for the tests that click them.
  std::map<std::string, Rect> controls;
  // The key of the control the keyboard is on (Tab moves it, Space presses it); empty: none.
  std::string focused;
  // Every panel's window, by name: a panel exported alone keeps its size.
  std::map<std::string, Rect> panels;
  // Every heatmap, keyed "PANEL/id" ("Scores/scores", "Softmax/weights").
  std::map<std::string, HeatmapRect> heatmaps;
  // What was outlined by the linked highlight, keyed "PANEL/what" ("Softmax/weights.row[1]",
  // "Matrices/X.row[2]", "Geometry/q[1]").
  std::map<std::string, Rect> highlights;
  // Every plot, by panel: "Geometry", the lab's "Loss curves", "lab.sweep/test loss" and "lab.sweep/largest logit".
  std::map<std::string, PlotLayout> plots;
  // Every text a frame drew, by panel ("Scores", "status", "menu"), a line per line of the
  // screen: only while read_text is set (tests, --layout-out), as noting it costs a little.
  bool read_text = false;
  std::map<std::string, std::string> text;
  // The views' dock layout as text (core/model/dock_layout.h) and whether it is a person's, not
  // the tiling's; empty where the views are not docked (a picture, presenter mode, the lab, a phone).
  std::string dock;
  bool dock_custom = false;
  // Whether a tooltip was drawn (a page in a slide shows none before the pointer comes).
  bool tooltip = false;
};

}  // namespace app
