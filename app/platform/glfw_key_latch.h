// Dear ImGui 1.86 reads keys as a state (io.KeysDown), not as events: a key pressed and
// released between two frames is never seen. Both GLFW backends (the desktop's GLFW, the
// browser's emscripten GLFW) hold such a key down for one frame with this latch.
#pragma once

#include <vector>

#ifndef GLFW_INCLUDE_NONE
#define GLFW_INCLUDE_NONE  // the GL headers are app/platform/gl.h's to choose
#endif
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

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

}  // namespace app
