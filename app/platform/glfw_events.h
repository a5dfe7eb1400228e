// What both GLFW backends (the desktop's GLFW, the browser's emscripten GLFW) note of GLFW's
// input: that something happened (draw a few frames) and the files dropped. The input itself is
// Dear ImGui's GLFW backend's: it queues each key, character, move and click as an event, and
// hands them to the frames in the order they came, a key press or a click a frame of its own.
// GLFW's callbacks are plain function pointers, hence the one global, g_glfw_events. GlfwBackend
// is what the two backends do alike.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/platform/gl.h"
#ifndef GLFW_INCLUDE_NONE
#define GLFW_INCLUDE_NONE  // the GL headers are app/platform/gl.h's to choose
#endif
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>  // the input queue

#include "app/platform/backend.h"
#include "app/platform/input_order.h"

namespace app {

struct GlfwEvents {
  bool event = false;                // input or a window event since the last frame
  std::vector<std::string> dropped;  // the files dropped since the last frame
};
inline GlfwEvents g_glfw_events;

// Whether Dear ImGui's input queue holds events the last frame did not take (it gives a key press
// or a click a frame of its own): another frame is due.
inline bool input_waiting() { return GImGui && GImGui->InputEventsQueue.Size > 0; }

// The input callbacks both backends install, before ImGui's, which chain to them: they only
// note what happened. A backend adds the window events its GLFW has (refresh, close, …).
inline void install_input_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, [](GLFWwindow*, double, double) { g_glfw_events.event = true; });
  glfwSetMouseButtonCallback(w, [](GLFWwindow*, int, int, int) {
    g_glfw_events.event = true;
    button_after_moves();
  });
  glfwSetScrollCallback(w, [](GLFWwindow*, double, double) { g_glfw_events.event = true; });
  glfwSetKeyCallback(w, [](GLFWwindow*, int, int, int, int) { g_glfw_events.event = true; });
  glfwSetCharCallback(w, [](GLFWwindow*, unsigned) { g_glfw_events.event = true; });
  glfwSetCursorEnterCallback(w, [](GLFWwindow*, int) { g_glfw_events.event = true; });
  glfwSetWindowFocusCallback(w, [](GLFWwindow*, int) { g_glfw_events.event = true; });
  glfwSetWindowSizeCallback(w, [](GLFWwindow*, int, int) { g_glfw_events.event = true; });
  glfwSetDropCallback(w, [](GLFWwindow*, int count, const char** paths) {
    g_glfw_events.event = true;
    g_glfw_events.dropped.assign(paths, paths + count);
  });
}

// A Backend on a GLFW window with Dear ImGui's GLFW and OpenGL 3 backends: it owns the window,
// takes the events noted above, and draws each frame on the theme's background.
class GlfwBackend : public Backend {
 public:
  explicit GlfwBackend(GLFWwindow* window) : window_(window) {}
  ~GlfwBackend() override {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    glfwDestroyWindow(window_);
    glfwTerminate();
  }

  bool take_event() override { return std::exchange(g_glfw_events.event, false) || input_waiting(); }
  std::vector<std::string> take_drops() override { return std::exchange(g_glfw_events.dropped, {}); }
  void new_frame() override {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
  }
  void finish() override { glFinish(); }

 protected:
  // The framebuffer cleared to the theme's background: the panels draw no background of their own.
  void clear() {
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window_, &fb_w, &fb_h);
    glViewport(0, 0, fb_w, fb_h);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  GLFWwindow* window_;
};

}  // namespace app
