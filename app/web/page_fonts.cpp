// The page's CJK font: WenQuanYi Micro Hei is 5 MB, more than the rest of the page, so the page
// carries DejaVu Sans alone (Latin, Greek, Cyrillic) and fetches the CJK font from beside
// index.html the first time the scenario's text has a Chinese, Japanese or Korean character, or the
// language shown is one of them (?lang=zh, View → Language).
// Until it has come those characters are drawn as DejaVu's "\uFFFD" (the replacement character);
// where it cannot come (the one file opened from the disk, a page offline) the status line says so.
#include <emscripten.h>

#include <string>

#include "app/platform/backend.h"
#include "app/render/text.h"
#include "app/web/page.h"
#include "core/text/translate.h"

namespace app {

namespace {

enum class CjkFont { NotAsked, Fetching, Arrived, Failed };
CjkFont g_cjk = CjkFont::NotAsked;

// Fetches the font (web/page_pre.js): written to the path the desktop reads it from, then
// attnlab_cjk_font_arrived(1), or (0) where it could not be fetched.
EM_JS(void, page_fetch_cjk_font, (const char* path), { Module.attnlabFetchFont(UTF8ToString(path)); });

}  // namespace

void fetch_cjk_font_when_needed(AppState& state) {
  if (g_cjk != CjkFont::NotAsked || fonts().cjk) return;
  // The scenario's text, or the language shown (Chinese's own name is in Han: its menus are too).
  if (!needs_cjk_font(state.scenario()) && !needs_cjk_font(core::language_name(core::language()))) return;
  g_cjk = CjkFont::Fetching;
  page_fetch_cjk_font(kCjkFontPath);
}

}  // namespace app

extern "C" EMSCRIPTEN_KEEPALIVE void attnlab_cjk_font_arrived(int ok) {
  app::Window* window = app::page_window();
  if (ok && window && app::merge_cjk_font()) {
    app::g_cjk = app::CjkFont::Arrived;
    app::Backend::wake();  // drawn again, the glyphs from the new font
    return;
  }
  app::g_cjk = app::CjkFont::Failed;
  app::Backend::wake();
  if (window)
    window->state().status =
        "Chinese, Japanese and Korean characters are drawn as \uFFFD here: their font (5 MB) comes only with the served "
        "page (this page carries Latin, Greek and Cyrillic)";
}
