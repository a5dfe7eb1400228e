// The heatmap widget every view uses: a title, token labels on both axes, the
// cells through the HeatmapRenderer, numbers in the cells, a colorbar, and a
// tooltip for the hovered cell.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "app/app_state.h"
#include "app/state/layout.h"
#include "app/state/picture.h"
#include "app/render/heatmap_renderer.h"

namespace app {

// Any row-major Eigen matrix, read-only.
struct MatrixView {
  template <class M>
  MatrixView(const M& m)  // NOLINT: implicit on purpose, panels pass Result members
      : data(m.data()), rows(static_cast<int>(m.rows())), cols(static_cast<int>(m.cols())),
        stride(static_cast<int>(m.outerStride())) {}
  double operator()(int r, int c) const { return data[r * stride + c]; }
  const double* data;
  int rows, cols, stride;
};

enum class ValueRange {
  Diverging,  // centred on 0: [−m, m] with m = max |x| (or the given shared m)
  Unit,       // [0, 1]: the softmax weights
};

// What a heatmap outlines for the linked highlight (app/widgets/highlight.h), −1 for none. A row or
// column is outlined just outside its cells, a cell just inside its own: a lit cell of a lit
// row shows as both.
struct HeatmapHighlight {
  int row = -1, col = -1;
  int cell_row = -1, cell_col = -1;
};

struct HeatmapOptions {
  ValueRange range = ValueRange::Diverging;
  double shared_max = 0;          // Diverging: use this m for several heatmaps compared side by side
  float max_cell = 44.0f;         // largest cell side, in unscaled pixels
  float min_cell = 10.0f;         // smallest: below it the heatmap overflows its room
  bool show_row_labels = true;    // false: a heatmap right of another with the same rows
  float cell_w_at_least = 0;      // in pixels: heatmaps compared side by side get cells of one width
  bool small_numbers = false;     // the small font for the numbers even where the regular one fits (a pair alike)
  bool no_numbers = false;        // none, even where they fit (the other of a pair has no room for its own)
  bool one_decimal = false;       // one decimal, even where two fit (the other of a pair has room for one only)
  bool one_decimal_allowed = true;  // false: two decimals or none (values whose first decimal is mostly 0)
  bool colorbar = true;
  // Column labels on one line, or on two staggered lines where one has no room (Fit); a heatmap
  // beside another says which, so that the two grids start at one height and share their row labels.
  enum class LabelLines { Fit, One, Two } label_lines = LabelLines::Fit;
  // Never on an animation's fixed scale (PictureOptions::fixed_scales): a gradient shown as
  // 10^k·∂L/∂W, whose k is each frame's own, would compare numbers of different units.
  bool own_scale_always = false;
  // The large font's digits in a large cell: at most this share of its height (a presentation's, more).
  float digits_share = 0.32f;
  const std::vector<std::string>* row_labels = nullptr;  // token labels; else 1, 2, ...
  const std::vector<std::string>* col_labels = nullptr;
  // A line above the column labels naming the axes ("rows: queries · columns: keys"),
  // for a matrix whose rows and columns are two different sequences.
  const char* axis_titles = nullptr;
  const MatrixView* masked_where_infinite = nullptr;     // the logits: −∞ marks a masked cell
  std::function<void(int row, int col)> tooltip = {};     // inside a tooltip of the hovered cell
  HeatmapHighlight lit = {};                              // outlined in the accent colour
};

// The renderer the widgets draw through: the GL one in the app, a null one in tests.
void set_heatmap_renderer(HeatmapRenderer* renderer);
HeatmapRenderer& heatmap_renderer();

struct HeatmapLayout {
  ImVec2 size;      // all of it: title, labels, grid, colorbar
  ImVec2 grid_min;  // the top-left corner of the first cell
  float cell_w = 0, cell_h = 0;  // a cell's size: square where there is room
  float right = 0;               // the right edge of the grid and its colorbar
  int hovered_row = -1, hovered_col = -1;  // the cell under the mouse, or −1 (never in a picture)
};

// How a heatmap of m would be laid out in `avail` (with a title or not): its
// cell size and whether its numbers fit. Panels choose arrangements by it.
struct HeatmapFit {
  float cell_w = 0, cell_h = 0;
  bool numbers = false;
  bool fits = false;  // within avail (false: cells at their minimum still overflow it)
  bool column_labels = true;  // false: a thumbnail, too small to name its columns
  bool small_numbers = false;  // its numbers need the small font
  bool staggered_labels = false;  // its column labels take two lines
  float width = 0;                // row labels, cells and colour bar (not a wider title)
  bool one_decimal = false;       // its numbers have one decimal: two do not fit
  float number_px = 0;            // the size its numbers are drawn at; 0: none
  // The decimals its numbers show: 2, 1 (two do not fit), 0 (none fit).
  int decimals() const { return numbers ? (one_decimal ? 1 : 2) : 0; }
};
// How much larger cells may grow in a picture of a panel alone, or beside a training run's curves, or
// in a page's ?embed= frame (max_cell is multiplied by it); a presentation's grow to their room.
float picture_cell_factor(const AppState& state);
// A presentation (the page's ?present=1, --present): the panels asked for fill the frame, their
// heatmaps grow to their room, the digits as large as the cells allow (docs/web.md).
bool presenting(const AppState& state);
// Whether the heatmaps of a panel alone, an ?embed= frame or a presentation grow into all their
// room rather than stop at the window's cell sizes (a panel in the window shares it with others).
bool cells_grow_to_room(const AppState& state, Panel panel);

HeatmapFit heatmap_fit(const AppState& state, MatrixView m, const HeatmapOptions& options, ImVec2 avail, bool title);

// Draws at the cursor within `avail` (width, height), in state.view's colours,
// and notes where in frame_layout().heatmaps under "PANEL/id".
HeatmapLayout Heatmap(AppState& state, const char* id, std::string_view title_markup, MatrixView m,
                      const HeatmapOptions& options, ImVec2 avail);

// The panel whose window is being drawn, by name: "Scores · head 2 of 3###Scores" → "Scores".
// The first part of the keys of frame_layout().heatmaps and frame_layout().highlights.
std::string current_panel_name();

// The text of a number in a cell: 2 decimals (1 in a cell too narrow for 2), or 2 significant
// digits past ±10⁴; "−∞" for a masked logit. The minus sign is U+2212.
std::string format_number(double x, int decimals = 2);

}  // namespace app
