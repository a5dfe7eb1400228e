// What of the order of input Dear ImGui's queue does not keep by itself, given before it queues an
// event (the GLFW callbacks of app/platform/glfw_events.h call it; the ui tests, as they do).
#pragma once

#include <imgui.h>
#include <imgui_internal.h>  // the input queue

namespace app {

// Called before Dear ImGui's callback queues a button's press or release: where the pointer's moves
// are the last events queued, the button gets a frame after theirs. Dear ImGui's queue hands a
// button the frame of the moves before it, and on a busy machine or from a script the moves and the
// button often come within one frame:
// - a release: a dragged number (DragScalar) lets go before it reads that frame's move, and a drag
//   made within one slow frame moved nothing;
// - a press: an item that allows overlap, as a docked panel's tab does, is hovered only when it was
//   hovered the frame before (imgui.cpp's ItemHoverable), and a press in the frame that brought the
//   pointer onto a tab did not take it, so that the panel was not dragged (Dear ImGui waits so for a
//   touch screen alone, its issue 2702).
// A wheel event of nothing between them ends the moves' frame, and a button waits for the frame
// after a wheel (Dear ImGui's trickling rules, imgui.cpp's UpdateInputEvents).
inline void button_after_moves() {
  if (!GImGui) return;
  ImGuiContext& g = *GImGui;
  if (g.InputEventsQueue.Size == 0 || g.InputEventsQueue.back().Type != ImGuiInputEventType_MousePos) return;
  ImGuiInputEvent barrier = {};
  barrier.Type = ImGuiInputEventType_MouseWheel;
  barrier.Source = ImGuiInputSource_Mouse;
  barrier.EventId = g.InputEventsNextEventId++;
  barrier.MouseWheel.WheelX = barrier.MouseWheel.WheelY = 0.0f;
  barrier.MouseWheel.MouseSource = g.InputEventsQueue.back().MousePos.MouseSource;
  g.InputEventsQueue.push_back(barrier);
}

}  // namespace app
