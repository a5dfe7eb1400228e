// The page's heads files, read in a Web Worker (web/page_heads_pre.js's Module.attnlabReadHeads starts one;
// app/web/heads_in_worker.cpp reads): the page side of app/training/lab.h's ReadHeadsElsewhere. A head of
// 2048 × 2048 takes seconds to measure (its SVD); read on the frames it froze the tab for 11 s. Here the
// page draws on, the status line saying how far the reading has come, and shows the heads when the
// worker hands them back (core/io/heads_pack.h). Where no worker can start, they are read on the frames.
#include <emscripten.h>

#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "app/files/platform_files.h"  // shown_path
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
EM_JS(void, page_stop_heads, (), {
  if (Module.attnlabReadHeads) Module.attnlabReadHeads.stop();
});

// The reading under way (0: none): only its news counts; one started or cancelled since ends it.
int g_heads_next = 0, g_heads_reading = 0;
std::string g_heads_path;
// How the last reading of a path ended (the page keeps a picked file only once it opened).
std::string g_heads_ended_path;
bool g_heads_ended_ok = false;

std::string heads_reading_line(double fraction) {
  return "reading the heads " + shown_path(g_heads_path) + ": " + std::to_string(static_cast<int>(std::floor(fraction * 100))) + "%";
}

void heads_reading_ends(bool ok) {
  g_heads_ended_path = g_heads_path;
  g_heads_ended_ok = ok;
  g_heads_reading = 0;
}

void cancel_heads_reading() {
  if (!g_heads_reading) return;
  heads_reading_ends(false);
  page_stop_heads();
}

}  // namespace

void read_heads_in_web_workers() {
  ReadHeadsElsewhere where;
  where.start = [](AppState& state, const std::string& path) {
    cancel_heads_reading();
    const int id = ++g_heads_next;
    if (!page_read_heads(id, path.c_str())) return false;
    g_heads_reading = id;
    g_heads_path = path;
    state.status = heads_reading_line(0);
    return true;
  };
  where.cancel = cancel_heads_reading;
  set_heads_read_elsewhere(where);
}

bool heads_being_read(const std::string& path) { return g_heads_reading && core::writes_over(g_heads_path, path); }

std::optional<bool> heads_reading_ended(const std::string& path) {
  if (g_heads_reading || g_heads_ended_path.empty() || !core::writes_over(g_heads_ended_path, path)) return std::nullopt;
  return g_heads_ended_ok;
}

}  // namespace app

extern "C" {

// How far the worker has read (0 to 1): on the status line.
EMSCRIPTEN_KEEPALIVE void attnlab_heads_progress(int id, double fraction) {
  if (id != app::g_heads_reading || !app::page_window()) return;
  app::page_window()->state().status = app::heads_reading_line(fraction);
  app::Backend::wake();
}

// The worker's reading (core/io/heads_pack.h's bytes); size −1 where no worker could start (the file is
// then read here, as on the desktop), −2 where it stopped while reading (out of memory: reading it here,
// in the page's own memory, would stop the page too).
EMSCRIPTEN_KEEPALIVE void attnlab_heads_read(int id, const char* bytes, double size) {
  if (id != app::g_heads_reading || !app::page_window()) return;
  app::AppState& state = app::page_window()->state();
  const std::string path = app::g_heads_path;
  core::HeadsLoad loaded;
  if (size == -1) {
    loaded = core::load_heads_file(path);
  } else if (size < 0) {
    loaded.errors = {path + ": the page's worker stopped while reading it (out of memory: the file is too large for this browser)"};
  } else {
    loaded = core::unpack_heads(std::string_view(bytes, static_cast<size_t>(size)));
    for (std::string& e : loaded.errors) e = path + ": " + e;  // as load_heads_file's
  }
  app::heads_reading_ends(app::heads_read(state, std::move(loaded), path));
  app::Backend::wake();
}

}  // extern "C"
