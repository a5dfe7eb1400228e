// What both GLFW backends (the desktop's GLFW, the browser's emscripten GLFW) note of GLFW's
// input: that something happened (draw a few frames), the files dropped, and the keys, characters
// and pointer for the frames in the order they came (app/platform/input_latch.h).
// GLFW's callbacks are plain function pointers, hence the one global, g_glfw_events.
#pragma once

#include <string>
#include <vector>

#ifndef GLFW_INCLUDE_NONE
#define GLFW_INCLUDE_NONE  // the GL headers are app/platform/gl.h's to choose
#endif
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/platform/input_latch.h"

namespace app {

struct GlfwEvents {
  bool event = false;                // input or a window event since the last frame
  std::vector<std::string> dropped;  // the files dropped since the last frame
  InputLatch input;                  // the keys, characters and pointer, for the frames in order
};
inline GlfwEvents g_glfw_events;

// The input callbacks both backends install, before ImGui's, which chain to them: they only
// note what happened. A backend adds the window events its GLFW has (refresh, close, …).
inline void install_input_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, [](GLFWwindow*, double x, double y) {
    g_glfw_events.event = true;
    g_glfw_events.input.pointer_moved(x, y);
  });
  glfwSetMouseButtonCallback(w, [](GLFWwindow* window, int button, int action, int mods) {
    g_glfw_events.event = true;
    // Where the pointer was at the change: the browser's GLFW has read it from the event itself;
    // X11's glfwGetCursorPos asks the server where it is now, so there it is where the latest
    // move left it.
    double x = 0, y = 0;
    glfwGetCursorPos(window, &x, &y);
    const ImVec2 now(static_cast<float>(x), static_cast<float>(y));
#ifdef __EMSCRIPTEN__
    const bool now_is_the_events = true;
#else
    const bool now_is_the_events = !g_glfw_events.input.pointer_seen();
#endif
    g_glfw_events.input.button_changed(button, action == GLFW_PRESS, mods, now_is_the_events ? &now : nullptr);
  });
  glfwSetScrollCallback(w, [](GLFWwindow*, double, double) { g_glfw_events.event = true; });
  glfwSetKeyCallback(w, [](GLFWwindow*, int key, int, int action, int mods) {
    g_glfw_events.event = true;
    if (action == GLFW_PRESS) g_glfw_events.input.key_pressed(key, mods);
    else if (action == GLFW_RELEASE) g_glfw_events.input.key_released(key);
  });
  glfwSetCharCallback(w, [](GLFWwindow*, unsigned c) {
    g_glfw_events.event = true;
    g_glfw_events.input.typed(c);
  });
  glfwSetCursorEnterCallback(w, [](GLFWwindow*, int) { g_glfw_events.event = true; });
  glfwSetWindowFocusCallback(w, [](GLFWwindow*, int) { g_glfw_events.event = true; });
  glfwSetWindowSizeCallback(w, [](GLFWwindow*, int, int) { g_glfw_events.event = true; });
  glfwSetDropCallback(w, [](GLFWwindow*, int count, const char** paths) {
    g_glfw_events.event = true;
    g_glfw_events.dropped.assign(paths, paths + count);
  });
}

}  // namespace app
