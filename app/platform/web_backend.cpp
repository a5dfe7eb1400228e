// The browser's Backend: emscripten's GLFW on the page's canvas, WebGL 2 (OpenGL ES 3.0), and
// Dear ImGui's GLFW and OpenGL 3 backends built for ES 3. The browser owns the loop (it calls
// the window on each of its frames, app/web/page_main.cpp), so wait() cannot sleep: it says
// whether a frame is due. Every emscripten GLFW and canvas global of the app lives here.
//
// The canvas fills the browser's window (web/index.html's CSS); its backing store is kept at
// its CSS size times devicePixelRatio, and Dear ImGui works in those device pixels with fonts
// at content_scale() = devicePixelRatio, as the desktop does on a HiDPI monitor: sharp text.
#include "app/platform/backend.h"

#include <emscripten.h>
#include <emscripten/html5.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "app/platform/glfw_events.h"  // GLFW, WebGL 2's GL, Dear ImGui's backends
#include "app/platform/web_strings.h"

namespace app {

namespace {

// The wheel, read from the canvas's own event. Emscripten 3.1.6's GLFW hands the scroll callback
// the event's raw deltaX and deltaY (pixels, a notch about 100 in chromium, down positive), where
// GLFW's is notches, up positive: a notch down over the editor scrolled it up a hundred. Scaled by
// the event's unit, as Dear ImGui's own Emscripten callback does; two fingers on a touch screen
// come here too, as wheel events (web/page_pre.js).
EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
  const double step = e->deltaMode == DOM_DELTA_PIXEL ? 1.0 / 100 : e->deltaMode == DOM_DELTA_LINE ? 1.0 / 3 : 80.0;
  ImGui::GetIO().AddMouseWheelEvent(static_cast<float>(-e->deltaX * step), static_cast<float>(-e->deltaY * step));
  g_glfw_events.event = true;
  return EM_TRUE;  // the page does not scroll under the canvas
}

// The frame's draw lists as one. Dear ImGui's OpenGL 3
// backend refills one buffer per list (glBufferSubData at 0); WebGL on Vulkan (ANGLE) must end
// its render pass to overwrite a buffer the list before still draws from: with a list a panel,
// those breaks cost a software-rendered frame about 3 ms. One list, one upload, one pass.
// Callbacks (the heatmaps, reset-render-state) keep their place in the order.
// (Indices are 32-bit, third_party/CMakeLists.txt: the merged list may hold any frame.)
static_assert(sizeof(ImDrawIdx) == 4, "merge_draw_lists rebases 32-bit indices");
bool merge_draw_lists(const ImDrawData& in, ImDrawList& merged, ImDrawData& out) {
  if (in.CmdLists.Size < 2) return false;
  merged.CmdBuffer.resize(0);
  merged.IdxBuffer.resize(0);
  merged.VtxBuffer.resize(0);
  merged.IdxBuffer.reserve(in.TotalIdxCount);
  merged.VtxBuffer.reserve(in.TotalVtxCount);
  for (int l = 0; l < in.CmdLists.Size; ++l) {
    const ImDrawList& list = *in.CmdLists[l];
    const int vtx_base = merged.VtxBuffer.Size;
    const unsigned idx_base = static_cast<unsigned>(merged.IdxBuffer.Size);
    merged.VtxBuffer.resize(vtx_base + list.VtxBuffer.Size);
    std::memcpy(merged.VtxBuffer.Data + vtx_base, list.VtxBuffer.Data, sizeof(ImDrawVert) * list.VtxBuffer.Size);
    for (const ImDrawIdx i : list.IdxBuffer) merged.IdxBuffer.push_back(static_cast<ImDrawIdx>(i + vtx_base));
    for (ImDrawCmd cmd : list.CmdBuffer) {
      IM_ASSERT(cmd.VtxOffset == 0);  // the ES 3 backend does not set RendererHasVtxOffset
      cmd.IdxOffset += idx_base;
      merged.CmdBuffer.push_back(cmd);
    }
  }
  out = in;
  out.CmdLists.resize(0);
  out.CmdLists.push_back(&merged);
  return true;
}

bool g_woken = false;  // wake(): the lab has news, drawn at most kWokenEveryMs apart
// While the lab trains, its news is drawn ten times a second, input at once: the Web Workers
// train meanwhile, or, where there are none, each frame not drawn is a frame of steps (page_main.cpp).
constexpr double kWokenEveryMs = 100;

// The clipboard: emscripten's GLFW keeps its own, which no other program sees. Copies go to
// the system's through navigator.clipboard (a page may write it from a user's gesture); what
// is read is the last text copied here or pasted into the page (web/page_pre.js keeps it).
EM_JS(void, web_clipboard_write, (const char* text), {
  const s = UTF8ToString(text);
  Module.attnlabClipboard = s;
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(s).catch(function () {});
});
EM_JS(char*, web_clipboard_read, (), {
  try { return Module.attnlabCString(Module.attnlabClipboard || ""); } catch (e) { return 0; }  // out of memory: nothing to paste
});

void set_clipboard(ImGuiContext*, const char* text) { web_clipboard_write(text); }
const char* get_clipboard(ImGuiContext*) {
  static std::string text;
  text = adopt_js_string(web_clipboard_read());
  return text.c_str();
}

// The canvas's CSS size in device pixels.
void canvas_target_size(int& w, int& h) {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  const double dpr = emscripten_get_device_pixel_ratio();
  w = static_cast<int>(std::lround(css_w * dpr));
  h = static_cast<int>(std::lround(css_h * dpr));
}

class WebBackend final : public GlfwBackend {
 public:
  WebBackend(GLFWwindow* window, float scale) : GlfwBackend(window), scale_(scale) {}

  bool wait(double timeout_s) override {
    fit_canvas();
    if (timeout_s == 0 || g_glfw_events.event || input_waiting()) return true;
    const double since = emscripten_get_now() - last_frame_ms_;
    if (g_woken && since >= kWokenEveryMs) {
      g_woken = false;
      return true;
    }
    return timeout_s > 0 && since >= timeout_s * 1000;
  }
  bool take_close_request() override { return false; }  // a tab closes without asking: the session is kept as it goes
  void close() override { closed_ = true; }
  bool closed() const override { return closed_; }

  float content_scale() const override { return scale_; }
  void new_frame() override {
    GlfwBackend::new_frame();
    last_frame_ms_ = emscripten_get_now();
  }
  void end_frame() override {
    clear();
    ImDrawData* data = ImGui::GetDrawData();
    ImDrawData merged_data;
    ImGui_ImplOpenGL3_RenderDrawData(merge_draw_lists(*data, merged_, merged_data) ? &merged_data : data);
  }
  void set_title(const std::string& title) override { emscripten_set_window_title(title.c_str()); }

 private:
  // The backing store follows the canvas's CSS size (the browser's window) and devicePixelRatio.
  // Not glfwSetWindowSize: emscripten 3.1.6's asks for fullscreen when the size equals the
  // screen's, and leaves it otherwise (page errors in headless chromium); setCanvasSize
  // reaches GLFW's resize listener all the same.
  void fit_canvas() {
    int want_w = 0, want_h = 0, fb_w = 0, fb_h = 0;
    canvas_target_size(want_w, want_h);
    glfwGetFramebufferSize(window_, &fb_w, &fb_h);
    if (want_w > 0 && want_h > 0 && (want_w != fb_w || want_h != fb_h)) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
      emscripten_set_canvas_size(want_w, want_h);
#pragma clang diagnostic pop
      g_glfw_events.event = true;
    }
  }

  ImDrawList merged_{nullptr};  // the frame's lists as one (merge_draw_lists); only its buffers are used
  const float scale_;
  double last_frame_ms_ = 0;
  bool closed_ = false;
};

}  // namespace

std::unique_ptr<Backend> Backend::create(const Options& options, std::string* error) {
  if (!glfwInit()) {
    *error = "cannot start the page's GLFW";
    return nullptr;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // Dear ImGui draws 2D, opaque: no depth, stencil or alpha in the canvas, less for the browser
  // to clear and composite on each frame (much of a frame, where WebGL runs in software).
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  int width = 0, height = 0;
  canvas_target_size(width, height);
  if (width <= 0 || height <= 0) width = options.width, height = options.height;
  GLFWwindow* window = glfwCreateWindow(width, height, options.title.c_str(), nullptr, nullptr);
  if (!window) {
    *error = "cannot create a WebGL 2 context (is WebGL 2 turned off in this browser?)";
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  install_input_callbacks(window);  // drops on the canvas never reach GLFW's: web/page_pre.js takes them first
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  // The wheel from the canvas's own event (on_wheel), not GLFW's scroll callback. Not Dear ImGui's
  // ImGui_ImplGlfw_InstallEmscriptenCallbacks either: it sizes the window with glfwSetWindowSize,
  // which emscripten 3.1.6's GLFW turns into a request for fullscreen (fit_canvas says more).
  glfwSetScrollCallback(window, nullptr);
  emscripten_set_wheel_callback("#canvas", nullptr, true, on_wheel);
  ImGui_ImplOpenGL3_Init(kGlslVersion);
  ImGuiPlatformIO& io = ImGui::GetPlatformIO();
  io.Platform_SetClipboardTextFn = set_clipboard;
  io.Platform_GetClipboardTextFn = get_clipboard;
  auto backend = std::make_unique<WebBackend>(window, static_cast<float>(emscripten_get_device_pixel_ratio()));
  return backend;
}

void Backend::wake() { g_woken = true; }

}  // namespace app
