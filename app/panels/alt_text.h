// A picture's description, for the alt text a teacher pastes beside it on a course page or a
// slide (attnlab FILE --describe [--panel NAME], the export dialog's "Copy alt text"): what the
// picture shows, then the numbers of each panel in it, as the panels describe them
// (panel_table.h's Describe: the numbers the cells show, rounded as the screen rounds them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/app_state.h"

namespace app {

// The panels a picture shows: the one named; else the lab in its workspace, the page's ?embed=
// panels, or the views as the window tiles them (the Lesson panel where the scenario has notes or
// a title, as app/frame_views.cpp decides).
std::vector<Panel> panels_shown(const AppState& state, std::optional<Panel> panel = std::nullopt);

// The picture of the window (no panel: the views, or the lab in its workspace) or of one panel
// alone. Plain text, lines ending in "\n".
std::string alt_text(const AppState& state, std::optional<Panel> panel = std::nullopt);

}  // namespace app
