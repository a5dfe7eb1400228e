// The views of one scenario tiled in the window: each row of the panel table
// (app/panels/panel_table.h) at the rectangle of its place, the lesson and the editor on the
// left, the views on the right, the middle row split where both its panels read best.
#pragma once

#include <cstddef>
#include <vector>

#include <imgui.h>

#include "app/app_state.h"

namespace app {

// The next window at pos, size big: each window of a frame has its place in the display.
void PlaceNextWindow(ImVec2 pos, ImVec2 size);

// Whether a window `width` display pixels wide is too narrow for the views' tiling (a phone): the
// views, and the lab, are stacked instead.
bool TooNarrowToTile(float width);
// Whether `columns` panels side by side in `width` display pixels would be too narrow to read, so
// that they are stacked instead (the page's ?embed=).
bool ColumnsTooNarrow(float width, size_t columns);

// The panels one below the other, the whole width between top and top + h, scrolled as one page:
// a phone's screen, or a frame too narrow for columns. Each panel is a child of the page.
void DrawStacked(AppState& state, const std::vector<Panel>& panels, float top, float h);
// A finger's swipe up or down (state.panels.finger_scroll, the page's touch screen): the window under the finger
// scrolls by its pixels, and what it cannot take (at its end, or a panel that does not scroll) goes to the window
// around it, up to the stacked page. Nothing is pressed: no control or scrollbar under the finger moves. Whether
// there was a swipe to take (the next frame shows where it scrolled to).
bool ScrollUnderFinger(AppState& state);

// Draws the views between top and top + h, the whole width of the display: tiled, or stacked
// where the display is too narrow for the tiling.
void DrawViews(AppState& state, float top, float h);

}  // namespace app
