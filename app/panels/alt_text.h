// A picture's description, for the alt text a teacher pastes beside it on a course page or a
// slide (attnlab FILE --describe [--panel NAME], the export dialog's "Copy alt text"): what the
// picture shows, then the numbers of each panel in it, as the panels describe them
// (panel_table.h's Describe: the numbers the cells show, rounded as the screen rounds them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "core/animation/sweep.h"

namespace app {

// The panels a picture shows: the one named; else the lab in its workspace, the page's ?embed=
// panels, or the views as the window tiles them (the Lesson panel where the scenario has notes or
// a title, as app/frame_views.cpp decides).
std::vector<Panel> panels_shown(const AppState& state, std::optional<Panel> panel = std::nullopt);

// The picture of the window (no panel: the views, or the lab in its workspace) or of one panel
// alone. Plain text, lines ending in "\n".
std::string alt_text(const AppState& state, std::optional<Panel> panel = std::nullopt);

// The same for the panels given, in that order; as, when given, says how they are shown ("as
// heatmaps in an SVG") after the first line's title.
std::string alt_text_of(const AppState& state, const std::vector<Panel>& panels, const std::string& as = "");

// The SVG export's (File → Export → SVG): the Scores, Softmax, Rank (in projected mode, for
// W^Q W^Kᵀ) and Output panels' text, of the head shown, as its heatmaps are theirs.
std::string svg_alt_text(const AppState& state);

// A sweep's animation (File → Export animation, its GIF or MP4): what moves and how far, then
// the panels' text at its first frame and at its last. An animation's in-between frames have no
// numbers of their own to give: a reader is told where it starts and where it ends.
std::string sweep_alt_text(const AppState& state, const core::Sweep& sweep, std::optional<Panel> panel);

}  // namespace app
