// The page's heads files, read in a Web Worker (web/page_pre.js's Module.attnlabReadHeads starts one;
// app/web/heads_in_worker.cpp reads): the page side of app/training/lab.h's ReadHeadsElsewhere. A head of
// 2048 × 2048 takes seconds to measure (its SVD); read on the frames it froze the tab for 11 s. Here the
// page draws on, the status line saying how far the reading has come, and shows the heads when the
// worker hands them back (core/io/heads_pack.h). Where no worker can start, they are read on the frames.
#include <emscripten.h>

#include <cmath>
#include <string>
#include <string_view>

#include "app/platform/backend.h"
#include "app/training/lab.h"
#include "app/web/page.h"
#include "core/io/atomic_file.h"
#include "core/io/heads_pack.h"

namespace app {

namespace {

EM_JS(int, page_read_heads, (int id, const char* path), {
  return Module.attnlabReadHeads ? Module.attnlabReadHeads(id, UTF8ToString(path)) : 0;
});

// The reading under way: only the latest one's news counts (a file opened since replaces it).
int g_heads_reading = 0;
std::string g_heads_path;

std::string heads_reading_line(double fraction) {
  return "reading the heads " + core::short_path(g_heads_path) + ": " + std::to_string(static_cast<int>(std::floor(fraction * 100))) + "%";
}

}  // namespace

void read_heads_in_web_workers() {
  set_heads_read_elsewhere([](AppState& state, const std::string& path) {
    const int id = g_heads_reading + 1;
    if (!page_read_heads(id, path.c_str())) return false;
    g_heads_reading = id;
    g_heads_path = path;
    state.status = heads_reading_line(0);
    return true;
  });
}

}  // namespace app

extern "C" {

// How far the worker has read (0 to 1): on the status line.
EMSCRIPTEN_KEEPALIVE void attnlab_heads_progress(int id, double fraction) {
  if (id != app::g_heads_reading || !app::page_window()) return;
  app::page_window()->state().status = app::heads_reading_line(fraction);
  app::Backend::wake();
}

// The worker's reading (core/io/heads_pack.h's bytes), or size < 0 where the worker failed (it could not
// start, or ran out of memory): the file is then read here, as on the desktop.
EMSCRIPTEN_KEEPALIVE void attnlab_heads_read(int id, const char* bytes, double size) {
  if (id != app::g_heads_reading || !app::page_window()) return;
  app::g_heads_reading = id + 1;  // no later news of this one counts
  app::AppState& state = app::page_window()->state();
  core::HeadsLoad loaded;
  if (size < 0) {
    loaded = core::load_heads_file(app::g_heads_path);
  } else {
    loaded = core::unpack_heads(std::string_view(bytes, static_cast<size_t>(size)));
    for (std::string& e : loaded.errors) e = app::g_heads_path + ": " + e;  // as load_heads_file's
  }
  app::heads_read(state, std::move(loaded), app::g_heads_path);
  app::Backend::wake();
}

}  // extern "C"
