// What the page's JavaScript calls (web/page_pre.js wraps these into window.attnlab, the
// contract of docs/web.md): the scenario on screen in and out, its numbers, where things are
// drawn, its exports, and what the page's own controls ask (the picker, a link, Copy link).
// Each returns text or bytes that stay valid until the next call of the same function.
#include <emscripten.h>
#include <emscripten/html5.h>  // emscripten_get_device_pixel_ratio
#include <imgui.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
#include <string>

#include <nlohmann/json.hpp>

#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/files/platform_files.h"  // shown_path
#include "app/files/web_files.h"
#include "app/frame.h"
#include "app/frame_keys.h"
#include "app/panels/text_view.h"
#include "app/platform/backend.h"
#include "app/platform/glfw_events.h"  // g_glfw_events: a finger's swipe is input
#include "app/training/model_text.h"
#include "app/web/page.h"
#include "app/window/layout_probe.h"
#include "core/io/atomic_file.h"
#include "core/io/attention_file.h"
#include "core/io/heads_file.h"
#include "core/io/link.h"
#include "core/io/lm_result.h"
#include "core/io/model_file.h"
#include "core/io/safetensors.h"
#include "core/io/result_json.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"
#include "core/text/json_text.h"
#include "core/text/utf8.h"

namespace {

app::AppState& state() { return app::page_window()->state(); }

// A change made from outside a frame: the next frame draws it.
void redraw() { app::Backend::wake(); }

std::string g_export;  // the last exportFile's bytes, or why there are none

// text as the answer of the function that calls: valid until that function's next call. Each
// caller passes a lambda of its own ([] {}), whose type gives it a slot of its own.
template <class Caller>
const char* kept(Caller, std::string text) {
  static std::string slot;
  slot = std::move(text);
  return slot.c_str();
}

// A text view's edit answered: {ok, said} or {ok: false, error}, and the frame drawn again.
const char* answered(const app::TextViewAnswer& a) {
  redraw();
  nlohmann::ordered_json j{{"ok", a.ok}};
  if (a.ok) j["said"] = a.said;
  else j["error"] = a.error;
  return kept([] {}, j.dump());
}

}  // namespace

extern "C" {

// The most a scenario's or an experiment's text may have (page_pre.js refuses more without
// copying it into the page's memory).
EMSCRIPTEN_KEEPALIVE double attnlab_max_file_bytes() { return static_cast<double>(core::kMaxFileBytes); }
// The most the page reads of a file from the picker or a drop (kMaxPickedBytes, below).
EMSCRIPTEN_KEEPALIVE double attnlab_max_picked_bytes();

// load(text): a scenario's JSON as a new document, or an experiment's in the lab (as File → Open
// takes either); else the reader's message, and nothing changed. text holds bytes bytes (a NUL
// among them is the reader's to refuse); null when there were more than 1 MiB, which the page
// did not copy: then parse_scenario's own message for them.
EMSCRIPTEN_KEEPALIVE const char* attnlab_load(const char* text, double bytes) {
  std::string error;
  if (!text) {
    error = "file: " + std::to_string(static_cast<long long>(bytes)) + " bytes; a scenario file is at most 1 MiB";
    state().status = "not opened: " + error;  // as every other load the reader refuses
  } else {
    const std::string t(text, static_cast<size_t>(bytes));
    if (app::is_experiment_text(t)) {
      // The experiment reader reads a file. Removed first: MEMFS keeps the node that a rename
      // replaces, a megabyte a load.
      const std::string path = "/tmp/attnlab-load.json";
      std::remove(path.c_str());
      if (!core::write_file_atomically(path, t, &error)) error = "load: " + error;
      else if (!app::open_experiment(state(), path)) error = state().status;
    } else {
      error = app::open_scenario_text(state(), t);  // read where it is: no file
    }
  }
  redraw();
  nlohmann::ordered_json j{{"ok", error.empty()}};
  if (!error.empty()) j["error"] = error;
  return kept([] {}, j.dump());
}

// The bytes the page's C++ holds now (malloc's count). The wasm heap (HEAP8.length) only ever
// grows, by a fifth at a time, so its size says what the page once needed at its busiest, not
// what it keeps: a test of what loads leave behind reads this (tests/web/page_keeps.test.mjs).
EMSCRIPTEN_KEEPALIVE double attnlab_heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

// Counts every change of the scenario on screen (an edit, undo, an opened file): the page posts
// "changed" to a host page when it moves (web/page_pre.js).
EMSCRIPTEN_KEEPALIVE double attnlab_revision() { return static_cast<double>(state().revision()); }

// sessionKept(): the autosave holds what is on screen now; tests wait on it, not on a time.
EMSCRIPTEN_KEEPALIVE int attnlab_session_kept() { return app::page_window()->session_kept() ? 1 : 0; }

// Whether Ctrl+O opens a file now (app/frame.h): the page's keydown handler opens the picker then.
// No window (the page could not start): no.
EMSCRIPTEN_KEEPALIVE int attnlab_ctrl_o_opens() { return app::page_window() && app::CtrlOOpens(state()) ? 1 : 0; }

// Whether the app is taking typing now (a field being typed in): the page's Tab then stays in the
// canvas, going on to the next entry; else Tab leaves the canvas (web/page_pre.js).
EMSCRIPTEN_KEEPALIVE int attnlab_wants_text_input() { return app::page_window() && ImGui::GetIO().WantTextInput ? 1 : 0; }

// status(): the status line's text.
EMSCRIPTEN_KEEPALIVE const char* attnlab_status() { return kept([] {}, state().status); }

// scenario(): the JSON text Save writes.
EMSCRIPTEN_KEEPALIVE const char* attnlab_scenario() { return kept([] {}, core::scenario_to_text(state().scenario())); }

// dump(): the text `attnlab --dump FILE` prints for the scenario on screen.
EMSCRIPTEN_KEEPALIVE const char* attnlab_dump() {
  const core::Scenario& s = state().scenario();
  return kept([] {}, core::to_text(core::result_to_json(s, core::compute(s))));
}

// textDump(): the text `attnlab MODEL --text TEXT --dump` prints for the model and the text the Text view shows,
// from the numbers it shows; null when it shows no model.
EMSCRIPTEN_KEEPALIVE const char* attnlab_text_dump() {
  const std::shared_ptr<app::TextShown>& shown = state().lab.text;
  if (!shown || !shown->model || !shown->problem.empty()) return kept([] {}, std::string("null"));
  return kept([] {}, core::to_text(core::text_forward_to_json(*shown->model, shown->text, shown->forward)));
}

// lab(): the lab's run as its panel shows it: steps done, whether it runs, and each design's
// loss (the median over the seeds) before each step, at full precision; a sweep's points too; and
// the heads file the Heads view shows, as --dump prints it (under "heads").
EMSCRIPTEN_KEEPALIVE const char* attnlab_lab() {
  const app::Lab& lab = state().lab;
  const core::Curves& c = lab.view.curves;
  nlohmann::ordered_json j{{"steps", c.steps}, {"steps_done", c.steps_done}, {"running", lab.view.running},
                           {"names", c.names}, {"loss", c.loss}, {"test_loss", c.test_loss}};
  if (!c.sweep.empty()) {  // a sweep: per design, per rate, the points its plots draw (RESULT's "sweep" fields)
    j["sweep"] = c.sweep;
    nlohmann::ordered_json designs = nlohmann::ordered_json::array();
    for (int v = 0; v < c.designs; ++v) {
      nlohmann::ordered_json points = nlohmann::ordered_json::array();
      for (int k = 0; k < static_cast<int>(c.sweep.size()); ++k) {
        const core::SweepPoint p = core::sweep_point_of(c, k, v);
        points.push_back({{"learning_rate", p.learning_rate}, {"runs", p.runs}, {"median_test_loss", p.median_test_loss},
                          {"test_loss_min", p.test_loss_lo}, {"test_loss_max", p.test_loss_hi},
                          {"median_largest_logit", p.median_largest_logit}});
      }
      designs.push_back(std::move(points));
    }
    j["points"] = std::move(designs);
  }
  if (lab.heads) j["heads"] = core::heads_to_json(*lab.heads->file);  // the Heads view's numbers, as --dump prints them
  return kept([] {}, j.dump());
}

// timeCompute(): compute() of the scenario on screen, in nanoseconds a call, the median of nine
// batches (scripts/bench's web_compute_ratio sets it beside the native figure).
EMSCRIPTEN_KEEPALIVE double attnlab_time_compute(int calls_per_batch) {
  const core::Scenario s = state().scenario();
  core::Result r;
  std::vector<double> batches;
  for (int b = 0; b < 9; ++b) {
    const double t0 = emscripten_get_now();
    for (int i = 0; i < calls_per_batch; ++i) core::compute(s, r);
    batches.push_back((emscripten_get_now() - t0) * 1e6 / calls_per_batch);
  }
  std::sort(batches.begin(), batches.end());
  return batches[4];
}

// timeTextForward(text): the open model's forward pass on text (the Text view's, every head of every layer and the
// next byte), in milliseconds a call, the median of nine batches; -1 when no model is open or it cannot run text.
// scripts/bench's web_text_forward_ms, beside the native text_forward_ms.
EMSCRIPTEN_KEEPALIVE double attnlab_time_text_forward(const char* text, int calls_per_batch) {
  const std::shared_ptr<app::TextShown>& shown = state().lab.text;
  if (!shown || !shown->model || !core::text_problem(*shown->model, text).empty()) return -1;
  std::vector<double> batches;
  for (int b = 0; b < 9; ++b) {
    const double t0 = emscripten_get_now();
    for (int i = 0; i < calls_per_batch; ++i) {
      const core::TextForward forward = core::text_forward(*shown->model, text);
      if (forward.layers.empty()) return -1;  // used, so that no call is left out
    }
    batches.push_back((emscripten_get_now() - t0) / calls_per_batch);
  }
  std::sort(batches.begin(), batches.end());
  return batches[4];
}

// A finger on the page's touch screen (web/page_pre.js): a swipe up or down of dy CSS pixels begun at (x, y) (first:
// its first pixels), which the window
// under the finger scrolls by at the next frame (ScrollUnderFinger); and what the next drag is: 0 the mouse's, 1 a
// finger's, 2 a finger's held still first (PanelState::finger_drag; EntryDragSpeed).
EMSCRIPTEN_KEEPALIVE void attnlab_finger_scroll(double x, double y, double dy, int first) {
  // Module.ccall is any script's: no NaN, and no more than a screen's height in one call (a float's sum stays finite).
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(dy)) return;
  const double dpr = emscripten_get_device_pixel_ratio();
  if (first) state().panels.finger_window = 0;  // a new swipe: its window is found again where it came down
  state().panels.finger_scroll += static_cast<float>(std::clamp(dy, -1e4, 1e4) * dpr);
  state().panels.finger_x = static_cast<float>(x * dpr);
  state().panels.finger_y = static_cast<float>(y * dpr);
  app::g_glfw_events.event = true;  // input, drawn at the next frame as the mouse's is (a wake() waits up to 100 ms)
}
EMSCRIPTEN_KEEPALIVE void attnlab_finger_drag(int kind) { state().panels.finger_drag = kind == 1 || kind == 2 ? kind : 0; }

// layout(): as --layout-out writes it, in CSS pixels of the canvas.
EMSCRIPTEN_KEEPALIVE const char* attnlab_layout(float device_pixel_ratio) {
  return kept([] {}, app::layout_json(app::page_window()->layout(), device_pixel_ratio > 0 ? device_pixel_ratio : 1));
}

// exportFile(ext): the bytes `attnlab FILE --export OUT.EXT` writes, for svg, tex, csv and py;
// their count, or -1 (then attnlab_export_data() holds the reason).
EMSCRIPTEN_KEEPALIVE int attnlab_export(const char* extension) {
  const std::string path = std::string("/tmp/attnlab-export.") + extension;
  const core::ExportFormat format = core::export_format(path);
  std::string error;
  if (format == core::ExportFormat::Png || format == core::ExportFormat::Unknown) {
    error = std::string("exportFile: .") + extension + " is not a text export (svg, tex, csv or py)";
  } else if (app::write_text_export(state(), format, path, &error, {.theme = app::Theme::Light})) {  // light, as --export's SVG
    const core::FileRead file = core::read_regular_file(path, size_t{1} << 30);
    std::remove(path.c_str());
    if (file.problem == core::FileRead::Problem::None) {
      g_export = file.text;
      return static_cast<int>(g_export.size());
    }
    error = "exportFile: " + file.reason;
  }
  g_export = error;
  return -1;
}

EMSCRIPTEN_KEEPALIVE const char* attnlab_export_data() { return g_export.c_str(); }

// What the text view depends on, in a few bytes: the page asks for the view when it changes.
EMSCRIPTEN_KEEPALIVE const char* attnlab_text_view_key() { return kept([] {}, app::text_view_key(state())); }

// textView(): the text view's model (app/panels/text_view.h), JSON.
EMSCRIPTEN_KEEPALIVE const char* attnlab_text_view() { return kept([] {}, app::text_view(state()).dump()); }

// The text view's edits: setEntry(key, value), undo(redo), lesson(action), menu(action, index); each {ok, said} or
// {ok: false, error} (app/panels/text_view.h).
EMSCRIPTEN_KEEPALIVE const char* attnlab_set_entry(const char* key, const char* value) {
  return answered(app::set_entry(state(), key, value));
}
EMSCRIPTEN_KEEPALIVE const char* attnlab_undo(int redo) { return answered(app::undo_in_text_view(state(), redo != 0)); }
EMSCRIPTEN_KEEPALIVE const char* attnlab_lesson(const char* action) { return answered(app::lesson_in_text_view(state(), action)); }
EMSCRIPTEN_KEEPALIVE const char* attnlab_menu(const char* action, int index) { return answered(app::menu_in_text_view(state(), action, index)); }

}  // extern "C"

namespace {

// A file the page took from the browser (the picker, a drop: web/page_pre.js), written to the home
// folder under its name and opened as File → Open does. What the page had under that name (a file
// opened before) is as it was unless the file opens: a file the reader refuses is not kept, nor one
// whose Open is cancelled when the page asked about unsaved changes (settle_picked_files).
struct PickedFile {
  std::string path;
  core::FileRead before;   // what the page had under that name; problem set: nothing
  core::FileStamp before_stamp;  // of before
  core::FileStamp written;       // the file as written here: the document's once it is opened
};
std::vector<PickedFile> g_picked;  // each waiting for the answer to "Unsaved changes"

// text as path's, not renamed over an earlier file (MEMFS would keep the node it replaced); on a
// failure, what was there (before) is written back.
bool write_home_file(const std::string& path, std::string_view text, const core::FileRead& before, std::string* error) {
  std::remove(path.c_str());
  bool written = core::write_file_atomically(path, text, error);
  if (!written && before.problem == core::FileRead::Problem::None) {
    std::string again;
    if (!core::write_file_atomically(path, before.text, &again)) *error += "; the page's earlier " + app::shown_path(path) + " is lost: " + again;
  }
  app::web_downloads().mark_seen(path);  // no download: the page did not write it
  return written;
}

// The page's file under that name as it was before, or none.
void restore(const PickedFile& picked) {
  std::string error;
  if (picked.before.problem == core::FileRead::Problem::None) {
    write_home_file(picked.path, picked.before.text, picked.before, &error);
    // The document's own file, as it knew it: not "changed on disk" for being written back.
    app::Library& library = state().library;
    if (library.file_stamp == picked.before_stamp && !library.file.empty() && core::writes_over(library.file, picked.path))
      library.file_stamp = core::file_stamp(picked.path);
  } else {
    std::remove(picked.path.c_str());
    app::web_downloads().forget(picked.path);
  }
}

// Why the reader refuses path as a scenario, as the status line says it ("" when it reads it). Asked
// before the page asks about unsaved changes: a file that cannot open is not asked about, nor kept.
std::string scenario_refusal(const std::string& path) {
  if (core::is_heads_file(path) || app::is_result_file(path) || app::is_experiment_file(path) || core::names_link(path) ||
      app::is_model_text_file(path))
    return "";  // opened at once
  const core::LoadResult loaded = core::load_scenario_file(path);
  return loaded.ok() ? "" : "not opened: " + app::load_errors(loaded.errors, path);
}

bool open_is_waiting(const app::AppState& s, const std::string& path) {
  using Action = app::Pending::Action;
  const app::Pending& p = s.dialogs.pending;
  const app::Pending& after = s.dialogs.after_save_as;
  return ((p.action == Action::Open || (p.action == Action::Overwrite && p.after == Action::Open)) && p.path == path) ||
         (after.action == Action::Open && after.path == path) || app::heads_being_read(path);
}

// The most the page reads of a file it is given (page_pre.js): a trained model's heads file or a RESULT may
// be larger than a scenario's 1 MiB (a head of d_model 4096 and d_k 64 is about 5 MB of JSON), each
// within its reader's own limit; any other file above 1 MiB is refused as the scenario reader would.
constexpr size_t kMaxPickedBytes = size_t{32} << 20;

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE double attnlab_max_picked_bytes() { return static_cast<double>(kMaxPickedBytes); }

namespace {

void open_taken_file(const char* name, const char* data, double size, bool dropped) {
  const std::string path = app::web_home() + "/" + name;
  const bool larger = size > static_cast<double>(core::kMaxFileBytes);
  const std::string_view bytes = data ? std::string_view(data, static_cast<size_t>(size)) : std::string_view();
  if (!data || (larger && !core::is_heads_text(bytes) && !core::is_lm_result_text(bytes) && !core::looks_like_safetensors(bytes) &&
                !core::is_attention_text(bytes))) {
    state().status = "not opened: " + app::shown_path(path) +
                     ": larger than 1 MiB; a scenario file is at most 1 MiB (a heads file, a RESULT, a model or an attention file, 32 MiB)";
    redraw();
    return;
  }
  // The frames of a recording draw from the open file (as the window's drops).
  if (dropped && state().recording()) {
    state().status = "a file dropped during a recording is not opened: drop it again after";
    redraw();
    return;
  }
  PickedFile picked{path, core::read_regular_file(path, size_t{1} << 31), core::file_stamp(path), {}};
  std::string error;
  if (!write_home_file(path, std::string_view(data, static_cast<size_t>(size)), picked.before, &error)) {
    state().status = "not opened: " + error;
    redraw();
    return;
  }
  picked.written = core::file_stamp(path);
  if (state().modified()) {
    if (const std::string refused = scenario_refusal(path); !refused.empty()) {
      state().status = refused;
      restore(picked);
      redraw();
      return;
    }
  }
  if (!app::request_open(state(), path)) {
    if (open_is_waiting(state(), path)) g_picked.push_back(std::move(picked));  // settled once answered
    else restore(picked);  // refused: the status line says why
  } else if (app::heads_being_read(path)) {
    g_picked.push_back(std::move(picked));  // settled once the worker has read it (app/web/page_heads.cpp)
  }
  redraw();
}

}  // namespace

namespace app {

void settle_picked_files() {
  for (auto it = g_picked.begin(); it != g_picked.end();) {
    if (open_is_waiting(state(), it->path)) {
      ++it;
      continue;
    }
    bool opened = !state().library.file.empty() && core::writes_over(state().library.file, it->path) &&
                  state().library.file_stamp == it->written;
    if (const std::optional<bool> heads = app::heads_reading_ended(it->path)) opened = *heads;  // a heads file: read elsewhere
    if (!opened) restore(*it);  // cancelled, or the reader refused it once asked
    it = g_picked.erase(it);
  }
}

}  // namespace app

extern "C" {

// A file the browser's picker gave (page_pre.js): size bytes at data, written to the home folder as
// name and opened as File → Open does; data is null when there were more than 1 MiB, which the
// page did not read.
EMSCRIPTEN_KEEPALIVE void attnlab_open_picked(const char* name, const char* data, double size) {
  open_taken_file(name, data, size, false);
}

// A file dropped on the canvas (page_pre.js takes drops from emscripten's GLFW, which read every
// dropped file whole into /.glfw_dropped_files/ and kept it): as a picked file, the first .json among
// those dropped. name is empty when none was a .json.
EMSCRIPTEN_KEEPALIVE void attnlab_open_dropped(const char* name, const char* data, double size) {
  if (!app::page_window()) return;  // before the first frame: nowhere to open it
  if (!*name) {
    state().status = "not opened: only .json files (scenarios, experiments, results, attention) and .safetensors models can be dropped";
    redraw();
    return;
  }
  open_taken_file(name, data, size, true);
}

// A picked or dropped file the page could not take (the browser could not read it, no memory for it).
EMSCRIPTEN_KEEPALIVE void attnlab_open_failed(const char* name, const char* why) {
  state().status = "not opened: " + app::shown_path(app::web_home() + "/" + name) + ": " + why;
  redraw();
}

// The address's fragment changed (a link pasted into the address bar of the open page).
EMSCRIPTEN_KEEPALIVE void attnlab_open_link(const char* hash) {
  const std::string link = std::string("index.html") + hash;
  if (core::is_link(link)) app::request_open(state(), link);
  else state().status = "not opened: the address's fragment is not a link (expected #z=, #s=, #lesson=, #exp= or #model=)";
  redraw();
}

// A shipped model fetched from beside index.html (web/page_pre.js's attnlabFetchModel) has come, or could not.
EMSCRIPTEN_KEEPALIVE void attnlab_model_arrived(int ok) {
  if (!app::page_window()) return;
  app::model_arrived(state(), ok != 0);
  redraw();
}

// The page's Copy link button: the scenario's link, or the Text view's on a shipped model; its base the page's own address.
EMSCRIPTEN_KEEPALIVE const char* attnlab_link(const char* base) {
  const std::string text_link = app::text_view_link(state(), base);
  return kept([] {}, text_link.empty() ? core::scenario_link(state().scenario(), base) : text_link);
}

}  // extern "C"
