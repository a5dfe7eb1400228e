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
#include "app/heatmap_renderer.h"

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

struct HeatmapOptions {
  ValueRange range = ValueRange::Diverging;
  double shared_max = 0;          // Diverging: use this m for several heatmaps compared side by side
  float max_cell = 44.0f;         // largest cell side, in unscaled pixels
  bool colorbar = true;
  const std::vector<std::string>* row_labels = nullptr;  // token labels; else 1, 2, ...
  const std::vector<std::string>* col_labels = nullptr;
  const MatrixView* masked_where_infinite = nullptr;     // the logits: −∞ marks a masked cell
  std::function<void(int row, int col)> tooltip;          // inside a tooltip of the hovered cell
};

// The renderer the widgets draw through: the GL one in the app, a null one in tests.
void set_heatmap_renderer(HeatmapRenderer* renderer);
HeatmapRenderer& heatmap_renderer();

struct HeatmapLayout {
  ImVec2 size;      // all of it: title, labels, grid, colorbar
  ImVec2 grid_min;  // the top-left corner of the first cell
  float cell_w = 0, cell_h = 0;  // a cell's size: square where there is room
  float right = 0;               // the right edge of the grid and its colorbar
};

// Draws at the cursor within `avail` (width, height).
HeatmapLayout Heatmap(const char* id, std::string_view title_markup, MatrixView m,
               const HeatmapOptions& options, ImVec2 avail, const ViewOptions& view);

// The text of a number in a cell: 2 decimals, or 2 significant digits past ±10⁴;
// "−∞" for a masked logit. The minus sign is U+2212.
std::string format_number(double x);

}  // namespace app
