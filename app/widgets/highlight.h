// Linked highlighting (docs/architecture.md): hovering S_ij or A_ij lights q_i and k_j wherever they
// are drawn (Matrices, Geometry), row i of A and the cell itself. One look for every view:
// an outline in the theme's accent colour on a halo of the page's colour, so that it reads
// on any cell of any colormap in both themes.
#pragma once

#include <string>

#include <imgui.h>

#include "app/app_state.h"
#include "app/widgets/heatmap.h"

namespace app {

// What the panels draw for `head` this frame (AppState::highlight): nothing in a picture,
// nor when it is about another head. head < 0: any head (X and X_kv are every head's).
Highlight lit(const AppState& state, int head);

// For a heatmap whose rows are the queries and columns the keys (S, A): cell (i, j) when both
// are lit, the whole row or column when only one is. row_too: row i besides the cell (A's row
// i: the one softmax that S_ij enters).
HeatmapHighlight query_key_cells(const Highlight& h, bool row_too);

// A queries × keys heatmap of `head` (S or A) was drawn: the cell under the mouse, if any,
// becomes next frame's highlight.
void hover_query_key(AppState& state, int head, const HeatmapLayout& layout);

// The outline's thickness in pixels: its accent line, and the halo on each side of it.
float highlight_thickness();

// Outlines [min, max] (grown by `outset` pixels; negative shrinks it) and notes the
// rectangle in frame_layout().highlights under key ("PANEL/what"), in the current window.
void OutlineHighlight(AppState& state, const std::string& key, ImVec2 min, ImVec2 max, float outset);
// A ring of `radius` around a point (Geometry's arrow tips), noted as its bounding square.
void RingHighlight(AppState& state, const std::string& key, ImVec2 center, float radius);

// At the end of a frame: what a heatmap set while hovered becomes what the panels draw.
// True when that changed: panels drawn before the hovered one show it only in the next frame.
bool settle_highlight(AppState& state);

}  // namespace app
