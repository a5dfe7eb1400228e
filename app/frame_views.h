// The views of one scenario tiled in the window: each row of the panel table
// (app/panels/panel_table.h) at the rectangle of its place, the lesson and the editor on the
// left, the views on the right, the middle row split where both its panels read best.
#pragma once

#include "app/app_state.h"

namespace app {

// Draws the views between top and top + h, the whole width of the display.
void DrawViews(AppState& state, float top, float h);

}  // namespace app
