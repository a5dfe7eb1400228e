// The input as the frames are given it: in the order it happened, however slow the frames.
//
// Dear ImGui 1.86 reads its input as a state at each frame (io.KeysDown, and the GLFW backend's
// glfwGetCursorPos and glfwGetMouseButton), not as events; the event queue came in 1.87, after
// Debian's 1.86. On a slow frame (a busy machine, input sent by a script) a key pressed and
// released between two frames was never seen, "↓ ↓" was one press, "→ ↓" moved in a menu → had not
// opened yet, a drag pressed, moved and released was a click at its end (the entry did not move),
// and the digits typed after a Ctrl+click went nowhere (the field was not active yet). The latch
// keeps the events and hands them out as 1.87's "trickle" does:
// - a key press has a frame of its own, held down in it, with the characters it typed;
// - a mouse button's change has a frame of its own, the pointer where it was at the change and the
//   modifiers as they were then (Ctrl+click with Ctrl up again by the frame);
// - the pointer's moves go in the frames between, never in a press's frame after the press.
// The wheel is left as the backends give it (Dear ImGui's, and the page's own: web_backend.cpp):
// scrolls add up, and their order against a click does not matter.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cstddef>
#include <iterator>
#include <vector>

#ifndef GLFW_INCLUDE_NONE
#define GLFW_INCLUDE_NONE  // the GL headers are app/platform/gl.h's to choose
#endif
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace app {

class InputLatch {
 public:
  // What the callbacks note (GLFW's codes); the pointer in window coordinates.
  void key_pressed(int key, int mods) {
    if (key >= 0 && key < kKeys) real_down_[key] = true;
    events_.push_back({Kind::Key, key, mods, true, {}});
  }
  void key_released(int key) {
    if (key >= 0 && key < kKeys) real_down_[key] = false;
  }
  void typed(unsigned c) { events_.push_back({Kind::Char, static_cast<int>(c), 0, false, {}}); }
  void pointer_moved(double x, double y) {
    last_ = ImVec2(static_cast<float>(x), static_cast<float>(y));
    pointer_seen_ = true;
    events_.push_back({Kind::Move, 0, 0, false, last_});
  }
  // at: where the pointer is said to be at the change; null where the latest move is the place
  // (X11's glfwGetCursorPos asks the server where the pointer is now, past the moves still queued).
  void button_changed(int button, bool down, int mods, const ImVec2* at) {
    if (button < 0 || button >= kButtons) return;
    if (at) last_ = *at;
    events_.push_back({Kind::Button, button, mods, down, last_});
  }
  bool pointer_seen() const { return pointer_seen_; }

  // After the backend's NewFrame, which set the pointer and the buttons as they are now (its
  // callbacks set the keys and added the characters at each event); true while events wait for a
  // frame of their own (a frame more is due).
  bool before_frame() {
    ImGuiIO& io = ImGui::GetIO();
    // The keys as they are: the last frame's press and the presses that waited are undone.
    std::copy(std::begin(real_down_), std::end(real_down_), std::begin(io.KeysDown));
    Taken now;  // nothing pressed, no modifiers
    if (events_.empty()) {  // nothing waits: the backend's pointer is the pointer's
      pointer_ = io.MousePos;
      for (int b = 0; b < kButtons; ++b) down_[b] = io.MouseDown[b];
    } else {
      io.InputQueueCharacters.resize(0);  // the backend's: every one of them is in events_ too
      now = take_frame(io);
    }
    // A key whose press waits is up until its frame (the backend set it down at the press).
    for (const Event& e : events_)
      if (e.kind == Kind::Key && e.code >= 0 && e.code < kKeys && e.code != now.key) io.KeysDown[e.code] = false;
    // The modifiers as the GLFW backend computes them, from the keys as this frame has them.
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL] || (now.mods & GLFW_MOD_CONTROL);
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT] || (now.mods & GLFW_MOD_SHIFT);
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT] || (now.mods & GLFW_MOD_ALT);
    io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER] || (now.mods & GLFW_MOD_SUPER);
    std::copy(std::begin(io.KeysDown), std::end(io.KeysDown), given_);
    return !events_.empty();
  }

 private:
  static constexpr int kButtons = 5;  // io.MouseDown's
  static constexpr int kKeys = 512;   // io.KeysDown's
  static_assert(sizeof(ImGuiIO::KeysDown) == kKeys * sizeof(bool) && sizeof(ImGuiIO::MouseDown) == kButtons * sizeof(bool));
  enum class Kind { Key, Char, Move, Button };
  struct Event {
    Kind kind;
    int code;  // the key, the character or the button
    int mods;  // GLFW_MOD_*, at a key's press or a button's change
    bool down;
    ImVec2 at;  // the pointer's place, for a move or a button
  };

  struct Taken {
    int key = -1;  // pressed in this frame
    int mods = 0;  // of the press or the click, as they were then
  };
  // This frame's events, taken from the front: the moves before a press or a click, one key's
  // press and the characters it typed, or one button's change.
  Taken take_frame(ImGuiIO& io) {
    size_t taken = 0;
    Taken now;
    bool acted = false, clicked = false, moved = false, typed = false;
    for (; taken < events_.size(); ++taken) {
      const Event& e = events_[taken];
      if (e.kind == Kind::Move) {
        if (acted) break;  // after a press: the next frame's
        moved |= e.at.x != pointer_.x || e.at.y != pointer_.y;
        pointer_ = e.at;
      } else if (e.kind == Kind::Char) {
        if (clicked) break;  // typed after a click: into what the click made active
        io.AddInputCharacter(static_cast<unsigned>(e.code));
        typed = true;
      } else if (e.kind == Kind::Key) {
        if (e.code < 0 || e.code >= kKeys) continue;  // GLFW_KEY_UNKNOWN: nothing to press
        if (acted || typed) break;
        // Down in the last frame: up for a frame first, or "↓ ↓" would be ↓ held for two frames, one press.
        if (given_[e.code]) break;
        io.KeysDown[e.code] = true;  // for this frame, released or not
        now = {e.code, e.mods};
        acted = true;
      } else if (down_[e.code] != e.down) {  // a button's change, in a frame where nothing else happens
        if (acted || moved || typed) break;
        pointer_ = e.at;
        down_[e.code] = e.down;
        now.mods = e.mods;
        acted = clicked = true;
      }
    }
    events_.erase(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(taken));
    // No pointer now (an unfocused desktop window's -FLT_MAX; on the page, a finger lifted: web/page_pre.js's
    // pointerAway) is kept once what came before it has had its frames; until then it is where they put it.
    if (ImGui::IsMousePosValid(&io.MousePos) || !events_.empty()) io.MousePos = pointer_;
    for (int b = 0; b < kButtons; ++b) io.MouseDown[b] = down_[b];
    return now;
  }

  std::vector<Event> events_;  // since the frame that took the last of them
  bool real_down_[kKeys] = {};  // the keys as they are, pressed and released (the backend's io.KeysDown)
  bool given_[kKeys] = {};      // the keys as the last frame had them
  ImVec2 pointer_{-FLT_MAX, -FLT_MAX};
  bool down_[kButtons] = {};  // the buttons as the frames were given them
  bool pointer_seen_ = false;
  ImVec2 last_;  // where the pointer was at the latest event
};

}  // namespace app
