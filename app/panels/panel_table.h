// The panels as one table: a row a panel, in the order the window draws them. Each row holds
// the panel's id (core/model/lesson.h, where panel_name writes its name, the window's and the
// one lessons, --panel and ?embed= use, once), its Draw, its Describe (the numbers it shows, as
// text), and its place in the views' tiling. The frame draws the views, a panel alone (a
// picture, presenter mode, the page's embeds) and a training run's frame through it; adding a
// panel is adding a row (docs/architecture.md, "Adding a panel").
#pragma once

#include <span>
#include <string>

#include <imgui.h>

#include "app/app_state.h"
#include "app/panels/panel_text.h"

namespace app {

// Where a panel goes in the views' tiling (DrawViews, app/frame.cpp): on the left the lesson
// above the editor; on the right three rows, the scores, then two panels side by side, then two
// more. A panel of its own workspace (the lab) or only for pictures (the curves) has none.
enum class Place {
  LeftTop,      // as tall as the row's height() asks (at most 45%), when the scenario has notes
  Left,         // the rest of the left column
  Top,          // the right column's first row, 41% of the height
  MiddleLeft,   // its second row, 31%, split by the two panels' readability()
  MiddleRight,
  BottomLeft,   // its last row, 62% of the width
  BottomRight,
  None,         // not a view: a workspace or a picture of its own
};

struct PanelRow {
  Panel id;
  void (*draw)(AppState&);
  PanelText (*describe)(const AppState&);  // the numbers it shows, as text
  Place place;
  // LeftTop: the height it needs at a width to show all of itself unscrolled; else null.
  float (*height)(const AppState&, float width) = nullptr;
  // MiddleLeft and MiddleRight: how well its numbers read at a size (3 best … 0 none), which the
  // frame weighs to split the row; else null.
  int (*readability)(const AppState&, ImVec2 size) = nullptr;
  // Stacked in a narrow window (app/frame_views.cpp), whether it is as tall as all it drew the
  // frame before, not a share of the screen: a column of controls whose height no room changes.
  bool stacks_whole = false;
};

// Every panel, one row each, in the order of core::Panel: the views' seven (core::kPanels) in the
// order the window draws them (the editor before the views, which see its edits in the same
// frame), then the lab and its curves' picture.
std::span<const PanelRow> panel_table();
const PanelRow& panel_row(Panel id);
// The panel at a place of the tiling (Place::None: none).
const PanelRow* panel_at(Place place);

}  // namespace app
