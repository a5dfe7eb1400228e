// The window: a loop of named steps over the platform's Backend (hello_imgui's
// CreateFramesAndRender is the model): wait for an event, take what came, draw the frame,
// present it, then carry out what the frame asked for.
#include "app/window/window.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>  // the window the keyboard is in
#include <implot.h>

#include "app/files/files.h"
#include "app/files/platform_files.h"
#include "app/files/session.h"
#include "app/frame.h"
#include "app/frame_dock.h"
#include "app/gl/gl_heatmap_renderer.h"
#include "app/platform/backend.h"
#include "app/render/text.h"
#include "app/training/training_worker.h"
#include "app/widgets/heatmap.h"
#include "app/window/layout_probe.h"
#include "app/window/offscreen_jobs.h"
#include "app/window/recordings.h"
#include "core/io/scenario_io.h"

namespace app {

namespace {

constexpr int kFramesAfterEvent = 3;  // popups and hover states settle within a few frames
constexpr int kDefaultWidth = 1440, kDefaultHeight = 900;

long long realtime_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// What a bad command line is, before any window: "" when the pictures asked for can be made.
std::string pictures_problem(const WindowOptions& options, const AppState& state) {
  // A sweep of an entry FILE does not have is a usage error.
  if (options.animate)
    if (std::string problem = core::sweep_problem(state.scenario(), *options.animate); !problem.empty()) return problem;
  // A sweep moves an entry of a scenario: an experiment has none (its run is --animate training).
  if (options.animate && is_experiment_file(options.file))
    return "--animate " + options.animate->param + ": " + options.file +
           " is an experiment, not a scenario: its run is recorded by --animate training";
  // So is a training run of a scenario, or a K or variant the experiment does not have.
  if (options.training && !is_experiment_file(options.file))
    return "--animate training: " + options.file +
           " is a scenario, not an experiment (a file with \"attnlab_experiment\": 1; see docs/experiments.md)";
  return options.training ? core::training_animation_problem(state.lab.experiment, *options.training) : "";
}

// Where ImGui's settings (panel places) are kept: never in the working directory; "" for a picture, which keeps none.
std::string& layout_settings_file() {
  static std::string path;
  return path;
}

// ImGui's settings are read from there now and written by the window (WindowLoop::keep_layout):
// ImGui's own write goes in place and says nothing when it fails.
void set_imgui_settings_file(AppState& state, bool offscreen) {
  std::string& ini_path = layout_settings_file();
  ini_path.clear();
  if (!offscreen) {
    // Only a regular file (or none yet) is read or written: a FIFO would wait forever.
    std::string problem;
    ini_path = platform_files().paths->layout_settings_path(&problem);
    if (!problem.empty()) state.status = state.status.empty() ? problem : state.status + "; " + problem;
  }
  ImGui::GetIO().IniFilename = nullptr;
  RegisterDockSettings(state);  // the views' layout, a person's or the tiling, and the saved ones
  if (!ini_path.empty()) read_layout_settings(ini_path);
}

}  // namespace

// What the loop keeps from one frame to the next.
class WindowLoop {
 public:
  WindowLoop(AppState& state, Layout& layout, Backend& backend, GlHeatmapRenderer& renderer, const WindowOptions& options)
      : state_(state), layout_(layout), backend_(backend), renderer_(renderer), autosave_(state), probe_(options.layout_out),
        content_scale_(backend.content_scale()), fonts_zoom_(state.view.zoom), title_(window_title(state)) {
    layout_.read_text = !options.layout_out.empty();  // --layout-out writes the text each panel shows
  }

  // The autosave has kept what the state holds now (Autosave::kept).
  bool session_kept() const { return autosave_.kept(state_); }

  // One turn; false once the window is closed.
  bool frame() {
    if (backend_.closed()) return false;
    after_first_frame();
    if (!wait_for_events()) return true;  // the browser's frame, with nothing to draw
    take_drops();
    follow_zoom();
    const FrameRequests requests = draw_frame();
    present();
    probe_.after_frame(state_, layout_, ++frame_);
    make_pictures();
    answer(requests);
    keep_session();
    --frames_left_;
    return !backend_.closed();
  }

 private:
  // Sleeps until an event, or while text is typed (the cursor blinks) or a save is due, a
  // quarter of a second; after an event, a few frames are drawn without sleeping.
  // Where the platform cannot sleep (the browser), false when no frame is due yet.
  bool wait_for_events() {
    const bool blink_or_save = ImGui::GetIO().WantTextInput || save_pending_;
    const bool due = backend_.wait(frames_left_ > 0 ? 0 : blink_or_save ? 0.25 : -1);
    if (backend_.take_event()) frames_left_ = kFramesAfterEvent;
    return due || frames_left_ > 0;
  }

  void take_drops() {
    const std::vector<std::string> dropped = backend_.take_drops();
    if (dropped.empty()) return;
    // The frames of a recording draw from the open file.
    if (state_.recording()) state_.status = "a file dropped during a recording is not opened: drop it again after";
    else handle_drop(state_, dropped);
  }

  // Zoom (Ctrl + / Ctrl − / Ctrl 0): the glyphs rasterised at the new size, crisp, not stretched;
  // every size the panels take from fonts().scale follows. Presenter mode adds half again,
  // for the back of a lecture hall.
  void follow_zoom() {
    const float wanted = state_.view.zoom * (state_.view.presenter ? kPresenterZoom : 1.0f);
    if (wanted == fonts_zoom_) return;
    fonts_zoom_ = wanted;
    load_fonts(content_scale_ * fonts_zoom_);
    frames_left_ = kFramesAfterEvent;
  }

  FrameRequests draw_frame() {
    backend_.new_frame();
    ImGui::NewFrame();
    renderer_.begin_frame();
    const FrameRequests requests = DrawFrame(state_, layout_, {}, backend_.take_close_request());
    ImGui::Render();
    return requests;
  }

  void present() {
    backend_.end_frame();
    if (frame_ == 0 && timing_asked()) {
      backend_.finish();
      std::cerr << "first_frame_realtime_ns: " << realtime_ns() << std::endl;
    }
  }

  // Once the first frame is on screen (in the page, from the browser's next frame on): the menus'
  // lists (a tenth of the page's time to its first frame), and the CJK font (reading its 5 MB was a
  // fifth of the desktop's; the page fetches it when text needs it).
  void after_first_frame() {
    if (frame_ == 0 || state_.library.listed) return;
    list_shipped(state_);
    frames_left_ = kFramesAfterEvent;
#ifndef __EMSCRIPTEN__
    merge_cjk_font();
#endif
  }

  // A PNG asked for, and the recordings' next frames. A picture or a recording the size of
  // which the user chose may not fit in memory: it fails with a message, and the window, the
  // scenario and the session go on.
  void make_pictures() {
    try {
      if (state_.dialogs.export_request.scale > 0) {
        const ExportRequest request = std::exchange(state_.dialogs.export_request, {});
        export_png(state_, layout_, request, content_scale_);
        frames_left_ = kFramesAfterEvent;
      }
      if (recordings_.step(state_)) frames_left_ = kFramesAfterEvent;
    } catch (const std::bad_alloc&) {
      recordings_.abandon(state_);
      state_.status = "not exported: out of memory (a smaller picture, or fewer frames, would fit); nothing written";
    }
  }

  void answer(const FrameRequests& requests) {
    if (requests.quit) backend_.close();
    if (requests.redraw) frames_left_ = std::max(frames_left_, 2);  // one more frame (FrameRequests::redraw)
  }

  // The autosave, and the title (the file's name, a star while modified). A failed autosave
  // says so now: its message is drawn without waiting for the next event.
  void keep_session() {
    const std::string status_before = state_.status;
    save_pending_ = autosave_.tick(state_);
    if (ImGui::GetIO().WantSaveIniSettings) keep_layout();
    if (state_.status != status_before) frames_left_ = kFramesAfterEvent + 1;
    if (std::string t = window_title(state_); t != title_) backend_.set_title(title_ = std::move(t));
  }

  // ImGui's settings, when it asks (a panel moved, every few seconds at most); a failure said once.
  void keep_layout() {
    ImGui::GetIO().WantSaveIniSettings = false;
    if (layout_settings_file().empty()) return;
    std::string error;
    if (keep_layout_settings(layout_settings_file(), &error)) {
      layout_failed_.clear();
    } else if (error != layout_failed_) {
      state_.status = "the window layout is not kept: " + error;
      layout_failed_ = error;
    }
  }

  AppState& state_;
  Layout& layout_;  // where the last frame drew what (Window::layout)
  Backend& backend_;
  GlHeatmapRenderer& renderer_;
  std::string layout_failed_;
  Autosave autosave_;
  LayoutProbe probe_;
  Recordings recordings_;
  const float content_scale_;
  float fonts_zoom_;  // the zoom the fonts are built at (the session's; ×1.5 in presenter mode)
  std::string title_;
  int frames_left_ = kFramesAfterEvent;
  long frame_ = 0;
  bool save_pending_ = false;
};

Window::Window(const WindowOptions& options) : options_(options) {}

std::unique_ptr<Window> Window::open(const WindowOptions& options, int& exit_code) {
  std::unique_ptr<Window> window(new Window(options));
  exit_code = window->start();
  if (exit_code != 0) window.reset();
  return window;
}

int Window::start() {
  // Why there is no window, on stderr, and the exit code (run_window's).
  const auto failed = [](int exit_code, const std::string& why) {
    std::cerr << "attnlab: " << why << "\n";
    return exit_code;
  };
  // The scenario, before any window: a bad FILE is exit 2 and no window.
  const bool offscreen = !options_.screenshot.empty();
  if (const int code = load_initial_state(options_.file, state_, /*headless=*/offscreen, /*list_later=*/!offscreen, options_.text)) return code;
  if (options_.theme) state_.view.theme = *options_.theme;
  if (options_.language) state_.view.language = *options_.language;
  if (const std::string problem = pictures_problem(options_, state_); !problem.empty())
    return failed(2, problem);

  // Dear ImGui's context first: the backend installs its platform and renderer parts in it.
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImPlot::CreateContext();  // the lab's plots
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_DockingEnable;  // the views dock (app/frame_dock.h)
  imgui_ = true;
  set_imgui_settings_file(state_, offscreen);
  std::string error;
  // The offscreen pictures need a GL context, not a visible window.
  backend_ = Backend::create(
      {offscreen ? 64 : kDefaultWidth, offscreen ? 64 : kDefaultHeight, !offscreen, window_title(state_)}, &error);
  if (!backend_) return failed(1, error);
  // Fonts at the monitor's content scale, times the session's zoom.
  // In the window, the CJK font after the first frame (WindowLoop::after_first_frame), unless the scenario needs it now.
  if (!load_fonts(backend_->content_scale() * state_.view.zoom, !offscreen && !needs_cjk_font(state_.scenario())))
    std::cerr << "attnlab: " << kFontPath << " not found; using ImGui's font\n";
  const std::filesystem::path data = platform_files().paths->data_dir();
  renderer_ = std::make_unique<GlHeatmapRenderer>(data / "shaders");
  if (!renderer_->ok())
    return failed(1, data.empty() ? "shaders not found (looked beside the binary and in the source tree)"
                                  : renderer_->error());
  set_heatmap_renderer(renderer_.get());
  if (!offscreen) {
    // The lab's worker wakes the loop when it has news: no polling while it trains.
    set_training_waker(Backend::wake);
    loop_ = std::make_unique<WindowLoop>(state_, layout_, *backend_, *renderer_, options_);
  }
  return 0;
}

Window::~Window() {
  if (loop_) {
    loop_.reset();
    std::string error;
    keep_session_at_close(state_);
    if (!layout_settings_file().empty() && !keep_layout_settings(layout_settings_file(), &error))
      std::cerr << "attnlab: the window layout was not kept: " << error << "\n";
    set_training_waker(nullptr);
  }
  if (renderer_) set_heatmap_renderer(nullptr);
  renderer_.reset();
  if (backend_) {
    backend_.reset();  // the GL context, before ImGui's
    unload_fonts();
  }
  if (imgui_) ImPlot::DestroyContext();
  if (imgui_) ImGui::DestroyContext();
}

bool Window::frame() { return loop_ && loop_->frame(); }

bool Window::session_kept() const { return !loop_ || loop_->session_kept(); }

int Window::make_offscreen_picture() { return run_offscreen_job(state_, layout_, options_); }

int run_window(const WindowOptions& options) {
  int exit_code = 0;
  const std::unique_ptr<Window> window = Window::open(options, exit_code);
  if (!window) return exit_code;
  if (!options.screenshot.empty()) return window->make_offscreen_picture();
  while (window->frame()) {
  }
  return 0;
}

}  // namespace app
