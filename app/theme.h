// Dark and light themes. Light is for slides: dark text on white, the same colormaps.
#pragma once

#include "app/app_state.h"

namespace app {

// Sets ImGui's colours and sizes for the theme at the given content scale.
void apply_theme(Theme theme, float scale);

}  // namespace app
