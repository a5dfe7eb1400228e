// The platform under the window: one small backend owns the operating system's window, its
// GL context, its events and every global those need (GLFW's callbacks are plain function
// pointers). window.cpp asks it for frames and knows nothing of GLFW; the desktop's is
// glfw_backend.cpp, the browser's web_backend.cpp (emscripten's GLFW on a canvas, WebGL 2).
// Tracy's Backend.hpp is the model.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace app {

class Backend {
 public:
  struct Options {
    int width = 0, height = 0;  // the window's size in screen coordinates (at most the monitor's when visible)
    bool visible = true;             // false: a context for offscreen pictures, no window shown
    std::string title;
  };

  // Opens the window with an OpenGL 3.3 core context (WebGL 2 in the browser) and installs Dear ImGui's platform and
  // renderer backends in the current ImGui context, which must exist. Null, and why, when it cannot.
  static std::unique_ptr<Backend> create(const Options& options, std::string* error);
  virtual ~Backend() = default;

  // Sleeps until an event comes or timeout_s passes; 0 polls, below 0 waits for as long as it
  // takes. Returns whether a frame is due: after a sleep, always. Where the platform cannot sleep
  // (the browser calls the loop on each of its frames), only after an event, a wake() or timeout_s.
  virtual bool wait(double timeout_s) = 0;
  // Whether input or a window event (resize, focus, expose, a file dropped) came since the last call,
  // or input waits in Dear ImGui's queue for a frame of its own (input_waiting).
  virtual bool take_event() = 0;
  // The files dropped on the window since the last call, in order.
  virtual std::vector<std::string> take_drops() = 0;
  // Whether the window's close button was pressed since the last call. The window stays open:
  // the frame asks about unsaved changes first, and then calls close().
  virtual bool take_close_request() = 0;
  virtual void close() = 0;
  virtual bool closed() const = 0;

  // The monitor's content scale (1 on a plain screen, 2 on most HiDPI ones).
  virtual float content_scale() const = 0;
  // Before ImGui::NewFrame(): display size and time into ImGui's IO (the input is queued as it comes).
  virtual void new_frame() = 0;
  // After ImGui::Render(): the frame cleared to the theme's background, drawn and presented.
  virtual void end_frame() = 0;
  // glFinish(): the frame is on the screen (for the time to the first frame).
  virtual void finish() = 0;
  virtual void set_title(const std::string& title) = 0;

  // Wakes wait() from any thread (the lab's worker, when a run has news).
  static void wake();
};

}  // namespace app
