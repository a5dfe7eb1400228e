// Dark and light themes. Light is for slides: dark text on white, the same colormaps.
#pragma once

#include <imgui.h>

namespace app {

// The window's look; a picture may have the other (View → Theme, --theme, a picture's theme).
enum class Theme { Dark, Light };

// Sets ImGui's colours and sizes for the theme at the given content scale.
void apply_theme(Theme theme, float scale);

// The accent of the linked highlight (app/widgets/highlight.h): a pink that no colormap, arrow or
// mark of the views uses, bright on the dark page and deep on the white one.
ImU32 highlight_color(Theme theme);

}  // namespace app
