#include "app/window.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <vector>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include "app/data_dir.h"
#include "app/frame.h"
#include "app/gl_heatmap_renderer.h"
#include "app/heatmap.h"
#include "app/text.h"
#include "core/scenario_io.h"

namespace app {

namespace {

std::string g_glfw_error;
bool g_event = false;  // set by any input or window event: render a few frames

// Dear ImGui 1.86 reads keys as a state (io.KeysDown), not as events: a key
// pressed and released within one glfwPollEvents is never seen. This latch
// holds such a key, with its modifiers, down for one frame.
struct KeyLatch {
  struct Press {
    int key, mods;
  };
  std::vector<Press> pressed;  // since the last frame
  std::vector<int> held;       // held down by the latch in the last frame

  void before_frame() {
    ImGuiIO& io = ImGui::GetIO();
    for (int key : held) io.KeysDown[key] = false;
    held.clear();
    // Back to the keys' real state after a latched frame, as the GLFW backend computes it.
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    for (const Press& p : pressed) {
      if (p.key < 0 || p.key >= IM_ARRAYSIZE(io.KeysDown)) continue;
      // The modifiers as they were at the press: Ctrl may be up again while Q is still down.
      io.KeyCtrl |= (p.mods & GLFW_MOD_CONTROL) != 0;
      io.KeyShift |= (p.mods & GLFW_MOD_SHIFT) != 0;
      io.KeyAlt |= (p.mods & GLFW_MOD_ALT) != 0;
      if (io.KeysDown[p.key]) continue;
      io.KeysDown[p.key] = true;
      held.push_back(p.key);
    }
    pressed.clear();
  }
};
KeyLatch g_keys;

constexpr int kFramesAfterEvent = 3;  // popups and hover states settle within a few frames
constexpr int kLayoutFrame = 3;       // the frame after which --layout-out is written

void on_glfw_error(int, const char* description) { g_glfw_error = description; }

// Installed before ImGui's, which chain to them: they only note that something happened.
void install_event_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, [](GLFWwindow*, double, double) { g_event = true; });
  glfwSetMouseButtonCallback(w, [](GLFWwindow*, int, int, int) { g_event = true; });
  glfwSetScrollCallback(w, [](GLFWwindow*, double, double) { g_event = true; });
  glfwSetKeyCallback(w, [](GLFWwindow*, int key, int, int action, int mods) {
    g_event = true;
    if (action == GLFW_PRESS) g_keys.pressed.push_back({key, mods});
  });
  glfwSetCharCallback(w, [](GLFWwindow*, unsigned) { g_event = true; });
  glfwSetCursorEnterCallback(w, [](GLFWwindow*, int) { g_event = true; });
  glfwSetWindowFocusCallback(w, [](GLFWwindow*, int) { g_event = true; });
  glfwSetWindowSizeCallback(w, [](GLFWwindow*, int, int) { g_event = true; });
  glfwSetWindowRefreshCallback(w, [](GLFWwindow*) { g_event = true; });
  glfwSetWindowContentScaleCallback(w, [](GLFWwindow*, float, float) { g_event = true; });
}

std::string window_title(const AppState& state) {
  std::string title = "attnlab";
  if (!state.scenario().title.empty()) title += " \u2014 " + state.scenario().title;
  return title;
}

bool write_layout(const AppState& state, const std::string& path) {
  nlohmann::ordered_json j;
  for (const auto& [key, r] : state.cell_rects) j[key] = {r.x, r.y, r.w, r.h};
  std::ofstream out(path);
  out << j.dump(1) << "\n";
  return static_cast<bool>(out);
}

}  // namespace

int run_window(const WindowOptions& options) {
  // [SECTION] The scenario, before any window: a bad FILE is exit 2 and no window.
  const std::vector<std::string> lessons = lesson_files();
  const std::string file = !options.file.empty() ? options.file : (lessons.empty() ? "" : lessons.front());
  AppState state;
  if (!file.empty()) {
    core::LoadResult loaded = core::load_scenario_file(file);
    if (!loaded.ok()) {
      std::cerr << "attnlab: " << loaded.message() << "\n";
      return options.file.empty() ? 1 : 2;  // a broken shipped lesson is our failure, not the user's
    }
    state = AppState(std::move(*loaded.scenario));
    state.file = file;
  }
  set_lesson_files(lessons);

  // [SECTION] GLFW, GL 3.3 core, glad.
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    std::cerr << "attnlab: cannot open a window (no display?): " << g_glfw_error << "\n";
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  int width = 1440, height = 900;
  if (const GLFWvidmode* mode = glfwGetVideoMode(glfwGetPrimaryMonitor())) {
    width = std::min(width, mode->width);
    height = std::min(height, mode->height);
  }
  GLFWwindow* window = glfwCreateWindow(width, height, window_title(state).c_str(), nullptr, nullptr);
  if (!window) {
    std::cerr << "attnlab: cannot create an OpenGL 3.3 core window: " << g_glfw_error << "\n";
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::cerr << "attnlab: cannot load OpenGL 3.3 functions\n";
    glfwDestroyWindow(window);
    glfwTerminate();
    return 1;
  }
  glfwSwapInterval(1);
  install_event_callbacks(window);

  // [SECTION] Dear ImGui: fonts at the monitor's content scale, the backends, the heatmap shaders.
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the layout is computed; nothing is written to the working directory
  float scale_x = 1, scale_y = 1;
  glfwGetWindowContentScale(window, &scale_x, &scale_y);
  if (!load_fonts(scale_x)) std::cerr << "attnlab: " << kFontPath << " not found; using ImGui's font\n";
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exit_code = 0;
  {
    GlHeatmapRenderer renderer(data_dir() / "shaders");
    if (!renderer.ok()) {
      std::cerr << "attnlab: " << (data_dir().empty() ? "shaders not found (looked beside the binary and in the source tree)"
                                                      : renderer.error()) << "\n";
      exit_code = 1;
    } else {
      set_heatmap_renderer(&renderer);
      // [SECTION] The loop: sleep until an event, then draw a few frames.
      int frames_left = kFramesAfterEvent;
      long frame = 0;
      std::string title = window_title(state);
      while (!glfwWindowShouldClose(window)) {
        if (frames_left > 0) glfwPollEvents();
        else if (ImGui::GetIO().WantTextInput) glfwWaitEventsTimeout(0.5);  // the text cursor blinks
        else glfwWaitEvents();
        if (g_event) {
          frames_left = kFramesAfterEvent;
          g_event = false;
        }

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        g_keys.before_frame();
        ImGui::NewFrame();
        renderer.begin_frame();
        const FrameRequests requests = DrawFrame(state);
        ImGui::Render();

        int fb_w = 0, fb_h = 0;
        glfwGetFramebufferSize(window, &fb_w, &fb_h);
        glViewport(0, 0, fb_w, fb_h);
        const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
        glClearColor(bg.x, bg.y, bg.z, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        glfwSwapBuffers(window);

        if (++frame == kLayoutFrame && !options.layout_out.empty() && !write_layout(state, options.layout_out))
          std::cerr << "attnlab: cannot write " << options.layout_out << "\n";
        if (requests.quit) glfwSetWindowShouldClose(window, GLFW_TRUE);
        if (!requests.open_lesson.empty()) {
          core::LoadResult loaded = core::load_scenario_file(requests.open_lesson);
          if (loaded.ok()) {
            state.replace(std::move(*loaded.scenario));
            state.file = requests.open_lesson;
            state.status = "opened " + requests.open_lesson;
          } else {
            state.status = loaded.message();  // the scenario stays as it was
          }
        }
        if (const std::string t = window_title(state); t != title) glfwSetWindowTitle(window, (title = t).c_str());
        --frames_left;
      }
    }
    set_heatmap_renderer(nullptr);
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}

}  // namespace app
