// The page (the browser's build, docs/web.md): its window, which app/web/page_main.cpp opens
// and the browser's frames run, and which window.attnlab's calls (page_api.cpp) read and change.
#pragma once

#include <optional>
#include <string>

#include "app/window/window.h"

namespace app {

// The page's window; null before it is open.
Window* page_window();

// After each frame: a picked or dropped file whose Open waited for the answer to "Unsaved changes"
// is kept once it opened; otherwise (cancelled, refused) the page's earlier file under that name is
// back, or there is none (app/web/page_api.cpp).
void settle_picked_files();

// The lab's runs train in the page's Web Workers (app/web/page_training.cpp); a run that cannot
// have one still takes its steps on the frames.
void train_in_web_workers();
// Heads files are read in a Web Worker (app/web/page_heads.cpp), or on the frames where none can start.
void read_heads_in_web_workers();
// Whether the heads file at path is being read there; how its last reading ended (true: it opened),
// none while it is read or when it was not.
bool heads_being_read(const std::string& path);
std::optional<bool> heads_reading_ended(const std::string& path);

// Each frame: where the scenario's text has a Chinese, Japanese or Korean character and the page has
// no font for it, the font is fetched, once (app/web/page_fonts.cpp).
void fetch_cjk_font_when_needed(AppState& state);

}  // namespace app
