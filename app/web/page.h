// The page (the browser's build, docs/web.md): its window, which app/web/page_main.cpp opens
// and the browser's frames run, and which window.attnlab's calls (page_api.cpp) read and change.
#pragma once

#include "app/window/window.h"

namespace app {

// The page's window; null before it is open.
Window* page_window();

}  // namespace app
