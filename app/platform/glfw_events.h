// What both GLFW backends (the desktop's GLFW, the browser's emscripten GLFW) note of GLFW's
// input: that something happened (draw a few frames), the files dropped, the keys pressed and
// the pointer's moves and buttons.
// GLFW's callbacks are plain function pointers, hence the one global, g_glfw_events.
#pragma once

#include <cfloat>
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

// The same for the mouse: 1.86 reads the pointer as a state too (glfwGetCursorPos and
// glfwGetMouseButton at each frame). A drag pressed, moved and released within one slow frame
// was a click at its end, and the value never moved (e2e.sessions failed so under load). The
// latch gives the frames the pointer's moves and its buttons' changes in order, a change of a
// button in a frame of its own, where the pointer stands where it was when the button changed.
struct MouseLatch {
  struct Event {
    int button;  // -1: the pointer moved
    bool down;
    ImVec2 at;
  };
  std::vector<Event> events;  // since the last frame
  ImVec2 pointer{-FLT_MAX, -FLT_MAX};
  bool down[5] = {};  // as the frames were given them
  bool seen = false;  // a move has been noted: `last` is where the pointer was at the latest event
  ImVec2 last;

  void moved(double x, double y) {
    last = ImVec2(float(x), float(y));
    seen = true;
    events.push_back({-1, false, last});
  }
  void button(GLFWwindow* w, int button, bool is_down) {
    if (button < 0 || button >= IM_ARRAYSIZE(down)) return;
    // Where the pointer was at the press: the browser's GLFW has read it from the press's own
    // event; X11's glfwGetCursorPos asks the server where it is now, past the moves still queued,
    // so there it is where the latest move left it.
#ifndef __EMSCRIPTEN__
    if (!seen)
#endif
    {
      double x = 0, y = 0;
      glfwGetCursorPos(w, &x, &y);
      last = ImVec2(float(x), float(y));
    }
    events.push_back({button, is_down, last});
  }

  // After the backend's NewFrame, which set the pointer's state as it is now; true while events
  // wait for a frame of their own (a frame more is due).
  bool before_frame() {
    ImGuiIO& io = ImGui::GetIO();
    if (events.empty()) {  // nothing waits: the backend's state is the pointer's
      pointer = io.MousePos;
      for (int b = 0; b < IM_ARRAYSIZE(down); ++b) down[b] = io.MouseDown[b];
      return false;
    }
    size_t taken = 0;
    bool pointer_moved = false;
    for (; taken < events.size(); ++taken) {
      const Event& e = events[taken];
      if (e.button < 0) {
        pointer_moved |= e.at.x != pointer.x || e.at.y != pointer.y;
        pointer = e.at;
      } else if (down[e.button] != e.down) {
        if (pointer_moved) break;  // the change waits for the next frame, the pointer still
        pointer = e.at;
        down[e.button] = e.down;
        ++taken;
        break;
      }
    }
    events.erase(events.begin(), events.begin() + static_cast<std::ptrdiff_t>(taken));
    // An unfocused desktop window has no pointer (the backend's -FLT_MAX): that is kept.
    if (ImGui::IsMousePosValid(&io.MousePos)) io.MousePos = pointer;
    for (int b = 0; b < IM_ARRAYSIZE(down); ++b) io.MouseDown[b] = down[b];
    return !events.empty();
  }
};

struct GlfwEvents {
  bool event = false;                // input or a window event since the last frame
  std::vector<std::string> dropped;  // the files dropped since the last frame
  KeyLatch keys;
  MouseLatch mouse;

  // Before each frame, after the backend's NewFrame; true while input waits for a frame of its own.
  bool before_frame() {
    const bool keys_wait = keys.before_frame();
    return mouse.before_frame() || keys_wait;
  }
};
inline GlfwEvents g_glfw_events;

// The input callbacks both backends install, before ImGui's, which chain to them: they only
// note what happened. A backend adds the window events its GLFW has (refresh, close, …).
inline void install_input_callbacks(GLFWwindow* w) {
  glfwSetCursorPosCallback(w, [](GLFWwindow*, double x, double y) {
    g_glfw_events.event = true;
    g_glfw_events.mouse.moved(x, y);
  });
  glfwSetMouseButtonCallback(w, [](GLFWwindow* window, int button, int action, int) {
    g_glfw_events.event = true;
    g_glfw_events.mouse.button(window, button, action == GLFW_PRESS);
  });
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
