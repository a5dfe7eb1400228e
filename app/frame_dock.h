// The views as Dear ImGui dock nodes: each panel a dockable window that a person drags into a
// tab, a split or a window of its own. The default layout is the tiling (app/frame_views.cpp),
// built with DockBuilder and built again whenever the tiling changes (the window's size, a lesson
// or not), until a person moves a panel; their layout is kept in imgui.ini over restarts, View →
// Reset layout gives the tiling back, and layouts saved under a name (one for a projector, one
// for a laptop) are chosen from View → Layouts. Pictures and the page's embeds never dock: they
// keep their fixed layouts, so a rearranged window never changes an export.
#pragma once

#include <string>

#include "app/app_state.h"
#include "core/model/dock_layout.h"

namespace app {

// The dock space over the views' room (top to top + h, the display's width), built first from
// `tiling` (the default) or the person's layout. Draw the docked panels after it, then NoteDock.
void BeginDockedViews(AppState& state, const core::DockLayout& tiling, float top, float h);
// After the docked panels: the layout as drawn, and whether a person changed it.
void NoteDock(AppState& state);

// View → Reset layout, and the saved layouts: save the current one under a name, build one.
void ResetDockLayout(AppState& state);
bool SaveDockLayout(AppState& state, const std::string& name);
void UseDockLayout(AppState& state, const std::string& name);
void ForgetDockLayout(AppState& state, const std::string& name);

// Keeps state.panels.dock's layout, whether it is a person's, and the saved layouts in Dear
// ImGui's ini ([attnlab][Layout]); state must outlive the context.
void RegisterDockSettings(AppState& state);

}  // namespace app
