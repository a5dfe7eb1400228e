// What both GLFW backends (the desktop's GLFW, the browser's emscripten GLFW) note of GLFW's
// input: that something happened (draw a few frames), the files dropped, and the keys pressed.
// GLFW's callbacks are plain function pointers, hence the one global, g_glfw_events.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#ifndef GLFW_INCLUDE_NONE
#define GLFW_INCLUDE_NONE  // the GL headers are app/platform/gl.h's to choose
#endif
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

// Dear ImGui 1.86 reads keys as a state (io.KeysDown), not as events: a key pressed and
// released between two frames is never seen. The latch holds such a key down for one frame, and
// gives the frames the presses one at a time, in order: on a slow frame (a busy machine, keys
// sent by a script) "↓ ↓" would otherwise be one press, and "→ ↓" would move in the menu →
// had not opened yet.
struct KeyLatch {
  struct Press {
    int key, mods;
  };
  std::vector<Press> pressed;  // since the last frame
  std::vector<int> held;       // held down by the latch in the last frame

  // Before each frame; true while presses wait for a frame of their own (a frame more is due).
  bool before_frame() {
    ImGuiIO& io = ImGui::GetIO();
    for (int key : held) io.KeysDown[key] = false;
    held.clear();
    // Back to the keys' real state after a latched frame, as the GLFW backend computes it.
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    size_t taken = 0;
    while (taken < pressed.size()) {  // the first press that is a key: this frame's
      const Press p = pressed[taken++];
      if (p.key < 0 || p.key >= IM_ARRAYSIZE(io.KeysDown)) continue;
      // The modifiers as they were at the press: Ctrl may be up again while Q is still down.
      io.KeyCtrl |= (p.mods & GLFW_MOD_CONTROL) != 0;
      io.KeyShift |= (p.mods & GLFW_MOD_SHIFT) != 0;
      io.KeyAlt |= (p.mods & GLFW_MOD_ALT) != 0;
      if (!io.KeysDown[p.key]) {
        io.KeysDown[p.key] = true;
        held.push_back(p.key);
      }
      break;
    }
    pressed.erase(pressed.begin(), pressed.begin() + static_cast<std::ptrdiff_t>(taken));
    return !pressed.empty();
  }
};

struct GlfwEvents {
  bool event = false;                // input or a window event since the last frame
  std::vector<std::string> dropped;  // the files dropped since the last frame
  KeyLatch keys;
};
inline GlfwEvents g_glfw_events;

// The input callbacks both backends install, before ImGui's, which chain to them: they only
// note what happened. A backend adds the window events its GLFW has (refresh, close, …).
inline void install_input_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, [](GLFWwindow*, double, double) { g_glfw_events.event = true; });
  glfwSetMouseButtonCallback(w, [](GLFWwindow*, int, int, int) { g_glfw_events.event = true; });
  glfwSetScrollCallback(w, [](GLFWwindow*, double, double) { g_glfw_events.event = true; });
  glfwSetKeyCallback(w, [](GLFWwindow*, int key, int, int action, int mods) {
    g_glfw_events.event = true;
    if (action == GLFW_PRESS) g_glfw_events.keys.pressed.push_back({key, mods});
  });
  glfwSetCharCallback(w, [](GLFWwindow*, unsigned) { g_glfw_events.event = true; });
  glfwSetCursorEnterCallback(w, [](GLFWwindow*, int) { g_glfw_events.event = true; });
  glfwSetWindowFocusCallback(w, [](GLFWwindow*, int) { g_glfw_events.event = true; });
  glfwSetWindowSizeCallback(w, [](GLFWwindow*, int, int) { g_glfw_events.event = true; });
  glfwSetDropCallback(w, [](GLFWwindow*, int count, const char** paths) {
    g_glfw_events.event = true;
    g_glfw_events.dropped.assign(paths, paths + count);
  });
}

}  // namespace app
