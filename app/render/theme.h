// Dark and light themes. Light is for slides: dark text on white, the same colormaps.
#pragma once

#include <imgui.h>

namespace app {

// The window's look; a picture may have the other (View → Theme, --theme, a picture's theme).
enum class Theme { Dark, Light };

// Sets ImGui's colours and sizes for the theme at the given content scale.
void apply_theme(Theme theme, float scale);

// Text in a colour of its own (a curve's name in its colour, a warning in red): that colour,
// opaque, darkened on the light theme or lightened on the dark one until it reads at least 4.5:1
// on every background it may land on: the window, a popup, a table's alternate row
// (core::readable_on).
ImVec4 readable(ImVec4 ink);
inline ImU32 readable(ImU32 ink) { return ImGui::ColorConvertFloat4ToU32(readable(ImGui::ColorConvertU32ToFloat4(ink))); }

// A progress bar's fill, under its label in the theme's text colour: the theme's accent where the
// text reads on it at least 4.5:1 (the light theme's), else a deep blue (the dark theme's).
ImVec4 progress_fill();

// The red of a problem (a file that cannot be read, a run that diverged), readable on the window.
inline ImVec4 error_text() { return readable(ImVec4(0.9f, 0.35f, 0.3f, 1.0f)); }

// The accent of the linked highlight (app/widgets/highlight.h): a pink that no colormap, arrow or
// mark of the views uses, bright on the dark page and deep on the white one.
ImU32 highlight_color(Theme theme);

}  // namespace app
