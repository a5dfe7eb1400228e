// The window: the platform's Backend (GLFW on the desktop, the canvas in the browser), Dear
// ImGui, and a loop that sleeps until an event comes. Also the offscreen --screenshot.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/app_state.h"
#include "app/state/layout.h"
#include "core/animation/sweep.h"
#include "core/animation/training_animation.h"

namespace app {

struct WindowOptions {
  std::string file;        // the scenario to open; empty: the last session, else the first lesson
  std::string text;        // a model file's text (--text); empty: kFirstText
  std::string layout_out;  // write the cells' and heatmaps' rectangles here once the layout settles (or of the screenshot)
  std::string screenshot;  // render one frame offscreen to this PNG and exit, showing no window
  int width = 0, height = 0;   // --size for the screenshot; 0: the window's default size
  int scale = 1;               // --scale K for the screenshot
  std::optional<Theme> theme;  // --theme; else the session's
  std::optional<std::string> language;  // --lang; else the session's (docs/languages.md)
  std::optional<core::Panel> panel;  // --panel NAME: that panel alone in the screenshot
  bool transparent = false;    // --transparent: the screenshot has no background
  bool present = false;        // --present: a presentation's picture (PanelState::present)
  bool scale_per_frame = false;  // --scale-per-frame: an animation's frames each on their own colour scales
  std::optional<core::Sweep> animate;  // --animate: the screenshot path is then an animation's (.gif or .mp4)
  std::optional<core::TrainingAnimation> training;  // --animate training: FILE must be an experiment; the screenshot path as above
};

class Backend;
class GlHeatmapRenderer;
class WindowLoop;

// The window open, one frame at a time: run_window loops over frame() until it is closed; the
// page, whose loop is the browser's (requestAnimationFrame), calls frame() from there.
class Window {
 public:
  // The scenario loaded (FILE, else the last session, else the first lesson), then ImGui, the
  // backend, the fonts and the heatmap shaders. Null, with the exit code run_window documents,
  // when one of them fails (then the reason is on stderr).
  static std::unique_ptr<Window> open(const WindowOptions& options, int& exit_code);
  // Keeps the session (a window's, not an offscreen picture's), then closes.
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // One turn of the loop: waits for events where the platform can, draws a frame if one is due,
  // carries out what it asked for. False once the window is closed.
  bool frame();
  // The offscreen picture or animation the options ask for; returns the exit code.
  int make_offscreen_picture();

  AppState& state() { return state_; }
  // Where the last frame drew what (--layout-out, the page's layout()).
  const Layout& layout() const { return layout_; }
  // The session holds what the state has now: no change waits for the autosave (the page's sessionKept()).
  bool session_kept() const;
  Backend& backend() { return *backend_; }

 private:
  explicit Window(const WindowOptions& options);
  int start();

  const WindowOptions options_;
  AppState state_;
  Layout layout_;
  bool imgui_ = false;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<GlHeatmapRenderer> renderer_;
  std::unique_ptr<WindowLoop> loop_;
};

// Returns the exit code: 2 when FILE cannot be used, 1 when there is no
// display, the GL setup or shaders fail, or the screenshot cannot be written.
int run_window(const WindowOptions& options);

}  // namespace app
