// The desktop's Backend: GLFW 3.3, OpenGL 3.3 core through glad, Dear ImGui's GLFW and
// OpenGL 3 backends. Every GLFW global of the app lives here.
#include "app/platform/backend.h"

#include <algorithm>
#include <utility>

#include "app/platform/glfw_events.h"  // GLFW, glad's GL, Dear ImGui's backends

namespace app {

namespace {

std::string g_glfw_error;
bool g_close_asked = false;  // the window's close button: the frame asks about unsaved changes

void on_glfw_error(int, const char* description) { g_glfw_error = description; }

// The input's, and the desktop's window events; before ImGui's, which chain to them.
void install_event_callbacks(GLFWwindow* w) {
  install_input_callbacks(w);
  glfwSetWindowRefreshCallback(w, [](GLFWwindow*) { g_glfw_events.event = true; });
  glfwSetWindowContentScaleCallback(w, [](GLFWwindow*, float, float) { g_glfw_events.event = true; });
  glfwSetWindowCloseCallback(w, [](GLFWwindow* window) {
    glfwSetWindowShouldClose(window, GLFW_FALSE);  // the frame decides, after asking about unsaved changes
    g_close_asked = true;
    g_glfw_events.event = true;
  });
}

class DesktopBackend final : public GlfwBackend {
 public:
  using GlfwBackend::GlfwBackend;

  bool wait(double timeout_s) override {
    if (timeout_s == 0) glfwPollEvents();
    else if (timeout_s > 0) glfwWaitEventsTimeout(timeout_s);
    else glfwWaitEvents();
    return true;
  }
  bool take_close_request() override { return std::exchange(g_close_asked, false); }
  void close() override { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
  bool closed() const override { return glfwWindowShouldClose(window_); }

  float content_scale() const override {
    float x = 1, y = 1;
    glfwGetWindowContentScale(window_, &x, &y);
    return x;
  }
  void end_frame() override {
    clear();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glfwSwapBuffers(window_);
  }
  void set_title(const std::string& title) override { glfwSetWindowTitle(window_, title.c_str()); }
};

}  // namespace

std::unique_ptr<Backend> Backend::create(const Options& options, std::string* error) {
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    *error = "cannot open a window (no display?): " + g_glfw_error;
    return nullptr;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
  int width = options.width, height = options.height;
  if (const GLFWvidmode* mode = glfwGetVideoMode(glfwGetPrimaryMonitor()); mode && options.visible) {
    width = std::min(width, mode->width);
    height = std::min(height, mode->height);
  }
  GLFWwindow* window = glfwCreateWindow(width, height, options.title.c_str(), nullptr, nullptr);
  if (!window) {
    *error = "cannot create an OpenGL 3.3 core window: " + g_glfw_error;
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  if (!gladLoadGL(glfwGetProcAddress)) {
    *error = "cannot load OpenGL 3.3 functions";
    glfwDestroyWindow(window);
    glfwTerminate();
    return nullptr;
  }
  glfwSwapInterval(1);
  install_event_callbacks(window);
  // ImGui's callbacks chain to ours; its backend also gives ImGui the system clipboard.
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  return std::make_unique<DesktopBackend>(window);
}

void Backend::wake() { glfwPostEmptyEvent(); }

}  // namespace app
