// The page's entry point (the desktop's is app/main.cpp). The same window as the desktop's, on
// the page's canvas (platform/web_backend.cpp), with the browser's answers for files, the
// session and the clipboard (files/web_files.h), and the lab training in Web Workers
// (page_training.cpp) instead of on a thread. The browser calls frame() on each of its frames; nothing here ends:
// a page ends with its tab, and the session is kept as it goes.
#include <emscripten.h>
#include <emscripten/html5.h>  // emscripten_get_device_pixel_ratio
#include <imgui.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/files/web_files.h"
#include "app/platform/web_strings.h"
#include "app/training/training_worker.h"
#include "app/web/page.h"
#include "core/io/link.h"
#include "core/text/translate.h"

namespace app {

namespace {

Window* g_window = nullptr;  // never destroyed (above)
bool g_first_frame_told = false;
float g_zoom_shown = 1;  // the zoom the page's HTML was last given (page_show_zoom)
std::string g_language_shown = "en";  // the language <html lang> was last given (page_show_language)
std::optional<float> g_frame_zoom;  // in a frame: the zoom last kept for its address (above)
double g_buttons[2] = {0, 0};  // the page's buttons: the width they take from the right edge, their height (CSS px)
float g_buttons_top_told = 0;   // where they were last put (page_buttons_below), device px; 0: beside the menus
bool g_popup_told = false;      // whether a menu or dialog of the app was open (page_popup_open)
// Where the browser refuses the lab a Web Worker, it trains on the frames: of a 16.7 ms frame at
// 60 Hz, its steps take 10 ms; the rest is left for drawing and input. While it trains, the window
// draws its news ten times a second (web_backend.cpp), so most of the browser's frames are steps.
constexpr double kTrainingBudgetMs = 10;

// What the page's address asks for (web/page_pre.js reads it).
EM_JS(char*, page_address_part, (int which), {
  const address = Module.attnlabAddress();
  return Module.attnlabCString(which === 0 ? address.hash : (new URLSearchParams(address.search).get(["", "embed", "theme", "zoom", "present", "lang"][which]) || ""));
});
EM_JS(int, page_in_frame, (), { return window.parent && window.parent !== window ? 1 : 0; });
EM_JS(void, page_first_frame, (), { Module.attnlabFirstFrame(); });
// A page in a frame keeps no session, but its zoom (Ctrl + and Ctrl −, which the page takes from the
// browser) comes back on reload: kept by the frame's address (Module.attnlabFrameZoom). 0: none kept.
EM_JS(double, page_kept_frame_zoom, (), { return Module.attnlabFrameZoom(); });
EM_JS(void, page_keep_frame_zoom, (double zoom), { Module.attnlabFrameZoom(zoom); });
// The page's own HTML (Copy link, Text view and the text view) at attnlab's zoom, as the panels:
// at Ctrl + they stayed 12 px beside a menu bar twice as tall (web/index.html, --zoom).
// (A fixed element has no offsetParent: whether one is shown is its display.) Returns how much of the window's width
// the buttons take from its right edge, and their height, in CSS pixels: 0 where none is shown (an embedded page).
EM_JS(void, page_place_buttons, (double* extent), {
  const shown = function (b) { return b && getComputedStyle(b).display !== "none"; };
  const copy = document.getElementById("copy-link"), view = document.getElementById("text-view-button");
  if (shown(copy)) document.documentElement.style.setProperty("--beside-copy-link", (copy.getBoundingClientRect().width + 12) + "px");
  const all = [copy, view].filter(shown).map(function (b) { return b.getBoundingClientRect(); });
  HEAPF64[extent >> 3] = all.length ? window.innerWidth - Math.min.apply(null, all.map(function (r) { return r.left; })) + 8 : 0;
  HEAPF64[(extent >> 3) + 1] = all.length ? Math.max.apply(null, all.map(function (r) { return r.height; })) : 0;
});
// Where the buttons go: beside the menus' titles (top 0), or below the bar at top CSS pixels, where the window has
// left them a strip (a phone: DrawWholeWindow).
// A menu or dialog of the app is open: below the bar the buttons would cover its items, and go from sight meanwhile.
EM_JS(void, page_popup_open, (int open), { document.body.classList.toggle("popup-open", open !== 0); });
EM_JS(void, page_buttons_below, (double top), {
  document.documentElement.style.setProperty("--buttons-top", top > 0 ? top + "px" : "2px");
  document.body.classList.toggle("buttons-below", top > 0);
});
EM_JS(void, page_show_zoom, (double zoom), { document.documentElement.style.setProperty("--zoom", String(zoom)); });
EM_JS(void, page_failed_js, (const char* why), { Module.attnlabFailed(UTF8ToString(why)); });
// <html lang> follows the language shown, so that a screen reader reads the page's HTML in it, and the page's own
// buttons (web/index.html) say their words in it: words, JSON of their texts and titles.
EM_JS(void, page_show_language, (const char* code, const char* words), {
  document.documentElement.lang = UTF8ToString(code).replace("_", "-");
  const w = JSON.parse(UTF8ToString(words));
  Module.attnlabButtonWords = w;
  const view = document.getElementById("text-view-button"), copy = document.getElementById("copy-link");
  if (view) { view.textContent = w.text_view; view.title = w.text_view_title; }
  if (copy) { copy.textContent = w.copy_link; copy.title = w.copy_link_title; }
  const skips = { "skip-to-text-view": w.skip_text_view, "skip-to-lessons": w.skip_lessons };
  Object.keys(skips).forEach(function (id) { const a = document.getElementById(id); if (a) a.textContent = skips[id]; });
});

// The page's buttons' words in the language shown, as page_show_language takes them.
std::string button_words() {
  return nlohmann::json{{"text_view", core::tr("Text view")},
                        {"text_view_title", core::tr("The same numbers as text: tables, and inputs for the matrices you edit")},
                        {"copy_link", core::tr("Copy link")},
                        {"copy_link_title", core::tr("Copy a link that opens exactly this scenario")},
                        {"copied", core::tr("Copied")},
                        {"skip_text_view", core::tr("Skip to the text view")},
                        {"skip_lessons", core::tr("Skip to the lessons")},
                        {"copy_failed", core::tr("Copy failed")}}
      .dump();
}

void page_failed(const std::string& why) { page_failed_js(why.c_str()); }

// The parts of the address the page reads: the fragment (#z=, #lesson=, …) and ?embed=, ?theme=,
// ?zoom=, ?present=, ?lang=.
enum AddressPart { kFragment = 0, kEmbed = 1, kTheme = 2, kZoom = 3, kPresent = 4, kLang = 5 };
std::string address_part(AddressPart which) { return adopt_js_string(page_address_part(which)); }

// ?theme=light|dark, ?zoom=1.5 and ?lang=zh, for a slide whose deck is light, whose text is far away or whose class
// reads Chinese: set over the session's own (an embedded page keeps none). "" when they are fine; else what is wrong
// (a ?lang= with no catalogue is said by the first frame: docs/languages.md).
std::string read_look(WindowOptions& options, std::optional<float>& zoom) {
  std::string problem;
  if (const std::string lang = address_part(kLang); !lang.empty()) options.language = lang;
  const std::string theme = address_part(kTheme);
  if (theme == "light") options.theme = Theme::Light;
  else if (theme == "dark") options.theme = Theme::Dark;
  else if (!theme.empty()) problem = "?theme=" + theme + ": expected light or dark";
  const std::string text = address_part(kZoom);
  if (!text.empty()) {
    char* end = nullptr;
    const double z = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !(z >= kMinZoom && z <= kMaxZoom))
      problem += (problem.empty() ? "" : "; ") + std::string("?zoom=") + text + ": expected a number from 0.5 to 3";
    else
      zoom = static_cast<float>(z);
  }
  return problem;
}

// ?present=1: a presentation (a slide read from the back of a room): the heatmaps grow to their
// room, their digits as large as the cells allow (docs/web.md). "" when fine; else what is wrong.
std::string read_present(bool& present) {
  const std::string text = address_part(kPresent);
  present = text == "1" || text == "true";
  if (text.empty() || present || text == "0" || text == "false") return "";
  return "?present=" + text + ": expected 1 or 0";
}

// ?embed=Scores,Softmax: the panels by the names --panel takes, in any case, and the lab
// (Experiment). "" when every name is known; else what is wrong, and no panel (the whole app).
std::string read_embed(const std::string& list, std::vector<Panel>& panels) {
  std::vector<Panel> embeddable(std::begin(kPanels), std::end(kPanels));
  embeddable.push_back(Panel::Experiment);
  std::stringstream in(list);
  std::string name;
  while (std::getline(in, name, ',')) {
    if (name.empty()) continue;
    const std::optional<Panel> found = core::find_panel_ignoring_case(name, embeddable);
    if (!found) {
      panels.clear();
      return "?embed=" + name + ": no such panel (Lesson, Matrices, Scores, Softmax, Rank, Output, Geometry or Experiment)";
    }
    if (std::find(panels.begin(), panels.end(), *found) == panels.end()) panels.push_back(*found);  // each once
  }
  return "";
}

void frame() {
  advance_training(kTrainingBudgetMs);
  const double dpr = emscripten_get_device_pixel_ratio();
  PanelState& panels = g_window->state().panels;
  panels.page_buttons_w = static_cast<float>(g_buttons[0] * dpr);
  panels.page_buttons_h = static_cast<float>(g_buttons[1] * dpr);
  const int frames_before = ImGui::GetFrameCount();
  const bool open = g_window->frame();
  settle_picked_files();
  if (!open) {
    std::string error;  // the last edits, which the autosave may not have kept yet
    const bool kept = web_files().sessions->save(g_window->state(), &error, nullptr);
    if (!kept) std::cerr << "attnlab: the session was not kept: " << error << "\n";
    emscripten_cancel_main_loop();
    bool chosen = false;  // opened from the disk, a session is kept only when the person chose it (web_files.h)
    if (!web_files().sessions->keep_choice(&chosen).empty() && !chosen) {
      page_failed("attnlab is closed (File \u2192 Quit). Opened from the disk, it keeps no session (File \u2192 Keep my work "
                  "here would): reloading the page opens the first lesson.");
      return;
    }
    page_failed(kept ? "attnlab is closed (File \u2192 Quit). The session is kept: reload the page to go on where you were."
                     : "attnlab is closed (File \u2192 Quit). Its last changes are not kept: " + error +
                           ". Reloading the page opens the session as this browser last stored it.");
    return;
  }
  if (ImGui::GetFrameCount() != frames_before) web_downloads().ship();  // files are written by drawn frames
  if (g_language_shown != core::language()) {
    page_show_language((g_language_shown = core::language()).c_str(), button_words().c_str());
    page_place_buttons(g_buttons);
  }
  if (panels.page_buttons_top != g_buttons_top_told) {
    g_buttons_top_told = panels.page_buttons_top;
    page_buttons_below(g_buttons_top_told / dpr);
  }
  if (const bool popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel); popup != g_popup_told)
    page_popup_open(g_popup_told = popup);
  fetch_cjk_font_when_needed(g_window->state());
  if (g_zoom_shown != g_window->state().view.zoom) {
    page_show_zoom(g_zoom_shown = g_window->state().view.zoom);
    page_place_buttons(g_buttons);
  }
  if (g_frame_zoom && *g_frame_zoom != g_window->state().view.zoom) {
    g_frame_zoom = g_window->state().view.zoom;
    page_keep_frame_zoom(*g_frame_zoom);
  }
  if (!g_first_frame_told) {
    g_first_frame_told = true;
    page_first_frame();
  }
}

int start() {
  // Emscripten's file system starts with a umask of 0777: every file written would be mode 000,
  // and unreadable (the session's, the exports read back). The usual one, as on the desktop:
  ::umask(022);
  use_platform_files(web_files());
  set_training_on_frames(true);
  train_in_web_workers();
  read_heads_in_web_workers();
  std::vector<Panel> embedded;
  const std::string embed_problem = read_embed(address_part(kEmbed), embedded);
  // A page in a frame (a slide, a notebook, a course site) keeps no session: it would replace the one
  // of the page a student has open, and a host's load (postMessage) would replace it unasked.
  if (!embedded.empty() || page_in_frame()) static_cast<WebSessions*>(web_files().sessions)->set_kept(false);
  web_downloads().mark_all_seen();

  WindowOptions options;
  std::optional<float> zoom;
  const std::string look_problem = read_look(options, zoom);
  const std::string hash = address_part(kFragment);
  const std::string link = "index.html" + hash;
  if (!hash.empty() && core::is_link(link)) options.file = link;
  int exit_code = 0;
  std::unique_ptr<Window> window = Window::open(options, exit_code);
  std::string status;
  if (!window && !options.file.empty()) {
    // A bad link: its message, over the session or the first lesson.
    const core::LinkContents contents = core::read_link(link);
    using Kind = core::LinkContents::Kind;
    const char* what = contents.kind == Kind::Lesson ? "lesson" : contents.kind == Kind::Experiment ? "experiment" : "model";
    status = "the link was not opened: " +
             (contents.ok() ? "no shipped " + std::string(what) + " is named " + contents.stem : contents.message());
    options.file.clear();
    window = Window::open(options, exit_code);
  }
  if (!window) {
    page_failed("attnlab could not start (the browser's console says why)");
    return exit_code;
  }
  if (!status.empty()) window->state().status = status;
  if (!embed_problem.empty()) window->state().status = embed_problem;
  if (!look_problem.empty()) window->state().status = look_problem;
  if (std::string problem = read_present(window->state().panels.present); !problem.empty()) window->state().status = problem;
  if (page_in_frame()) {  // the zoom a student chose in this frame before, over the slide's ?zoom=
    const double kept = page_kept_frame_zoom();
    if (kept >= kMinZoom && kept <= kMaxZoom) zoom = static_cast<float>(kept);
    g_frame_zoom = zoom.value_or(window->state().view.zoom);
  }
  if (zoom) window->state().view.zoom = *zoom;  // the next frame builds the fonts at it
  window->state().panels.embedded = embedded;
  // prefers-reduced-motion: nothing moves that the user did not start. The text cursor's blink is
  // the one thing that would (the lab's curves move only in a run someone started).
  if (EM_ASM_INT({ return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 1 : 0; }))
    ImGui::GetIO().ConfigInputTextCursorBlink = false;
  if (embedded.empty()) EM_ASM({ document.body.classList.remove("embedded"); });  // ?embed= named no panel: the whole app
  page_place_buttons(g_buttons);  // measured once they show as they will, and again when their words or the zoom change
  g_window = window.release();
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}

}  // namespace

Window* page_window() { return g_window; }

}  // namespace app

int main() {
  try {
    return app::start();
  } catch (const std::bad_alloc&) {
    std::cerr << "attnlab: out of memory\n";
    return 1;
  }
}
