// Help → About: which attnlab this is, where its documentation is, and what it is built with.
#pragma once

#include "app/app_state.h"

namespace app {

// The window, while state.dialogs.about_open.
void DrawAboutDialog(AppState& state);

}  // namespace app
