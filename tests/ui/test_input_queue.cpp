// Dear ImGui's input queue, as the app relies on it: what arrives within one slow frame (a busy
// machine, input sent by a script) reaches the frames in order, as a person made it. The backends
// (Dear ImGui's GLFW backend, the page's) queue each key, character, move and click as an event
// (io.AddKeyEvent, io.AddMousePosEvent, ...); NewFrame hands them out, a press or a click a frame
// of its own ("trickling"), and app/platform/glfw_events.h's input_waiting asks for the frames
// they still need. Played here by hand in a context of its own, no app: a window with a button, a
// drag field (the matrices' entries are drag fields) and a text field.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <implot.h>
#include <imgui_internal.h>

#include "app/platform/input_order.h"
#include "app/render/text.h"

namespace test_input_queue {

namespace {

// What a frame was given, and what its items made of it.
struct Seen {
  ImVec2 pointer;
  bool left = false, ctrl = false;
  std::vector<ImGuiKey> keys;  // down, of those the tests press
  int down_presses = 0;        // ↓ pressed in this frame
  std::string typed;           // the characters this frame was given
  bool drag_active = false;    // the drag field held (dragged) or typed in
  bool tab_active = false;     // the overlapping button (as a docked panel's tab is) held
};

constexpr float kDragStart = 0.5f;

class InputQueueTest : public testing::Test {
 protected:
  void SetUp() override {
    before_ = ImGui::GetCurrentContext();
    context_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(context_);
    plot_before_ = ImPlot::GetCurrentContext();
    plot_ = ImPlot::CreateContext();
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_DockingEnable;  // the views dock (app/frame_dock.h)
    ImPlot::SetCurrentContext(plot_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(400, 300);
    io.DeltaTime = 1.0f / 60.0f;
    app::make_headless();  // Dear ImGui's own font, its glyphs taken as made
    // The window appears and settles (its keyboard navigation starts on the button, not the field).
    for (int i = 0; i < 3; ++i) frame();
  }
  void TearDown() override {
    ImPlot::DestroyContext(plot_);
    ImPlot::SetCurrentContext(plot_before_);
    ImGui::DestroyContext(context_);
    ImGui::SetCurrentContext(before_);
  }

  // One frame: NewFrame takes what it takes of the queue, the items see it.
  Seen frame() {
    ImGuiIO& io = ImGui::GetIO();
    ImGui::NewFrame();
    Seen seen;
    seen.pointer = io.MousePos;
    seen.left = io.MouseDown[0];
    seen.ctrl = io.KeyCtrl;
    for (ImGuiKey k : {ImGuiKey_DownArrow, ImGuiKey_LeftCtrl, ImGuiKey_A, ImGuiKey_6})
      if (ImGui::IsKeyDown(k)) seen.keys.push_back(k);
    seen.down_presses = ImGui::IsKeyPressed(ImGuiKey_DownArrow, false) ? 1 : 0;
    for (ImWchar c : io.InputQueueCharacters) seen.typed += static_cast<char>(c);  // before a field takes them
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 300));
    ImGui::Begin("queue", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
    ImGui::Button("first");
    ImGui::SetCursorScreenPos(ImVec2(0, 50));
    ImGui::SetNextItemWidth(300);
    ImGui::DragFloat("##drag", &value_, 1.0f, 0.0f, 0.0f, "%.3f");  // 1 a pixel
    seen.drag_active = ImGui::IsItemActive();
    // As a docked panel's tab: an item others may overlap, hovered only when it was the frame before.
    ImGui::SetCursorScreenPos(ImVec2(0, 100));
    ImGui::SetNextItemAllowOverlap();
    ImGui::Button("tab", ImVec2(100, 20));
    seen.tab_active = ImGui::IsItemActive();
    ImGui::End();
    ImGui::Render();
    app::settle_headless_textures();
    return seen;
  }
  // Frames until the queue has handed out everything (at most `most`).
  std::vector<Seen> frames_until_taken(size_t most = 12) {
    std::vector<Seen> seen;
    do seen.push_back(frame());
    while (waiting() && seen.size() < most);
    return seen;
  }
  static bool waiting() { return GImGui->InputEventsQueue.Size > 0; }  // app::input_waiting's question

  void key(ImGuiKey k, bool down) { ImGui::GetIO().AddKeyEvent(k, down); }
  // Ctrl as GLFW's backend gives it: the key, and the modifier with it.
  void ctrl(bool down) {
    key(ImGuiKey_LeftCtrl, down);
    key(ImGuiMod_Ctrl, down);
  }
  void move(float x, float y) { ImGui::GetIO().AddMousePosEvent(x, y); }
  void button(bool down) { ImGui::GetIO().AddMouseButtonEvent(0, down); }

  float value_ = kDragStart;

 private:
  ImGuiContext* before_ = nullptr;
  ImGuiContext* context_ = nullptr;
  ImPlotContext *plot_before_ = nullptr, *plot_ = nullptr;
};

std::vector<bool> down_arrow_by_frame(const std::vector<Seen>& frames) {
  std::vector<bool> down;
  for (const Seen& f : frames) down.push_back(!f.keys.empty() && f.keys[0] == ImGuiKey_DownArrow);
  return down;
}

}  // namespace

// A drag on the field pressed at x 10, moved to 30 and released, all before the next frame: the
// press has a frame, the moves one with the button still down, the release one after them, so
// that the field is dragged by the 20 pixels (taken at once, the frames saw a click at 30 and the
// entry did not move).
TEST_F(InputQueueTest, ADragWithinOneFrameIsPressedMovedAndReleasedInFramesOfTheirOwn) {
  move(10, 60);
  frame();
  button(true);
  move(20, 60);
  move(30, 60);
  app::button_after_moves();  // as the GLFW callback does, before Dear ImGui's queues the release
  button(false);
  const std::vector<Seen> f = frames_until_taken();
  EXPECT_EQ(f.size(), 4u) << "the press, the moves, a frame of nothing (button_after_moves), the release";
  ASSERT_GE(f.size(), 3u);
  EXPECT_EQ(f[0].pointer.x, 10);
  EXPECT_TRUE(f[0].left) << "pressed where it was pressed";
  EXPECT_TRUE(f[0].drag_active);
  EXPECT_EQ(f[1].pointer.x, 30);
  EXPECT_TRUE(f[1].left) << "moved while down: the frame after the press released the button at 30 already";
  EXPECT_TRUE(f[1].drag_active);
  EXPECT_EQ(f.back().pointer.x, 30);
  EXPECT_FALSE(f.back().left);
  EXPECT_FALSE(frame().drag_active);
  EXPECT_FLOAT_EQ(value_, kDragStart + 20.0f) << "the field was not dragged";
}

// Without button_after_moves, Dear ImGui's queue hands the release the moves' frame, and the drag
// field lets go before it reads the move: what the app's callback is there for.
TEST_F(InputQueueTest, WithoutTheBarrierTheReleaseTakesTheMovesFrameAndTheDragIsLost) {
  move(10, 60);
  frame();
  button(true);
  move(30, 60);
  button(false);
  const std::vector<Seen> f = frames_until_taken();
  EXPECT_EQ(f.size(), 2u);
  EXPECT_FLOAT_EQ(value_, kDragStart);
}

// The pointer moved onto the tab-like button and pressed there within one frame (a busy machine: a
// person reached a panel's tab and pressed before the app drew again): the press comes a frame after
// the move's, once the button is hovered, and takes it; the panel's drag could start.
TEST_F(InputQueueTest, APressWithinTheFrameOfTheMoveOntoATabTakesTheTab) {
  move(200, 250);
  frame();
  move(50, 110);
  app::button_after_moves();  // as the GLFW callback does, before Dear ImGui's queues the press
  button(true);
  const std::vector<Seen> f = frames_until_taken();
  EXPECT_EQ(f.size(), 3u) << "the move, a frame of nothing (button_after_moves), the press";
  ASSERT_FALSE(f.empty());
  EXPECT_FALSE(f[0].left);
  EXPECT_TRUE(f.back().left);
  EXPECT_TRUE(frame().tab_active) << "the press did not take the tab";
  button(false);
  frames_until_taken();
}

// Without the barrier, the press has the move's frame, the tab was not hovered the frame before,
// and the press falls through it: the failure a panel dragged on a busy machine met.
TEST_F(InputQueueTest, WithoutTheBarrierAPressInTheMovesFrameMissesTheTab) {
  move(200, 250);
  frame();
  move(50, 110);
  button(true);
  const std::vector<Seen> f = frames_until_taken();
  EXPECT_EQ(f.size(), 1u);
  EXPECT_FALSE(frame().tab_active);
  button(false);
  frames_until_taken();
}

// ↓ ↓ before a frame: two presses, with a frame between in which ↓ is up (Dear ImGui counts a
// press when a key goes down; ↓ held for two frames would be one).
TEST_F(InputQueueTest, TheSameKeyTwiceWithinOneFrameIsTwoPresses) {
  key(ImGuiKey_DownArrow, true);
  key(ImGuiKey_DownArrow, false);
  key(ImGuiKey_DownArrow, true);
  key(ImGuiKey_DownArrow, false);
  std::vector<Seen> f = frames_until_taken();
  f.push_back(frame());
  EXPECT_EQ(down_arrow_by_frame(f), (std::vector<bool>{true, false, true, false, false}));
  int presses = 0;
  for (const Seen& s : f) presses += s.down_presses;
  EXPECT_EQ(presses, 2);
}

// ↓ pressed and still down when its frame came, then released and pressed again before the next:
// that frame has ↓ up, the one after down again, a press of its own.
TEST_F(InputQueueTest, APressAfterAFrameThatSawTheKeyDownIsAPressOfItsOwn) {
  key(ImGuiKey_DownArrow, true);
  Seen f = frame();
  EXPECT_EQ(f.keys, std::vector<ImGuiKey>{ImGuiKey_DownArrow});
  EXPECT_EQ(f.down_presses, 1);
  key(ImGuiKey_DownArrow, false);
  key(ImGuiKey_DownArrow, true);
  f = frame();
  EXPECT_EQ(f.keys, std::vector<ImGuiKey>{});
  EXPECT_TRUE(waiting());
  f = frame();
  EXPECT_EQ(f.keys, std::vector<ImGuiKey>{ImGuiKey_DownArrow});
  EXPECT_EQ(f.down_presses, 1);
  EXPECT_FALSE(waiting());
  f = frame();
  EXPECT_EQ(f.keys, std::vector<ImGuiKey>{ImGuiKey_DownArrow}) << "still held";
  EXPECT_EQ(f.down_presses, 0);
  key(ImGuiKey_DownArrow, false);
  EXPECT_EQ(frame().keys, std::vector<ImGuiKey>{});
}

// Ctrl+click on the drag field (it becomes a text field), then Ctrl+A, "6" typed and Enter, all
// within one frame: the click has Ctrl, the 6 comes after the click and Ctrl+A, without Ctrl, into
// the field the click opened, and Enter gives the entry 6.
TEST_F(InputQueueTest, CtrlClickThenTypedKeepTheirOrderAndTheirModifiers) {
  move(50, 60);
  frame();
  ctrl(true);
  button(true);
  button(false);
  ctrl(false);
  ctrl(true);
  key(ImGuiKey_A, true);
  key(ImGuiKey_A, false);
  ctrl(false);
  key(ImGuiKey_6, true);
  ImGui::GetIO().AddInputCharactersUTF8("6");
  key(ImGuiKey_6, false);
  key(ImGuiKey_Enter, true);
  key(ImGuiKey_Enter, false);
  const std::vector<Seen> f = frames_until_taken(20);
  ASSERT_FALSE(waiting());
  int pressed = -1, released = -1, ctrl_a = -1, six = -1, six_typed = -1;
  std::string typed;
  for (int i = 0; i < static_cast<int>(f.size()); ++i) {
    if (pressed < 0 && f[i].left) pressed = i;
    if (pressed >= 0 && released < 0 && !f[i].left) released = i;
    for (ImGuiKey k : f[i].keys) {
      if (k == ImGuiKey_A && ctrl_a < 0) ctrl_a = i;
      if (k == ImGuiKey_6 && six < 0) six = i;
    }
    if (six_typed < 0 && !f[i].typed.empty()) six_typed = i;
    typed += f[i].typed;
  }
  ASSERT_GE(pressed, 0);
  EXPECT_TRUE(f[pressed].ctrl) << "the press, with Ctrl";
  EXPECT_EQ(f[pressed].pointer.x, 50);
  ASSERT_GT(released, pressed);
  ASSERT_GT(ctrl_a, released);
  EXPECT_TRUE(f[ctrl_a].ctrl) << "Ctrl+A";
  ASSERT_GT(six, ctrl_a);
  EXPECT_FALSE(f[six].ctrl);
  // The character in its key's frame or the one after (with the field's keyboard, a key that types
  // nothing, here Ctrl let go, and a character after it in one frame are given a frame each).
  ASSERT_GE(six_typed, six);
  EXPECT_LE(six_typed, six + 1);
  EXPECT_FALSE(f[six_typed].ctrl) << "the 6 typed without Ctrl";
  EXPECT_EQ(typed, "6");
  frame();
  EXPECT_FLOAT_EQ(value_, 6.0f) << "typed into the field the Ctrl+click opened, and entered";
}

// A key held past its frame stays down until it is released.
TEST_F(InputQueueTest, AKeyHeldStaysDownUntilReleased) {
  key(ImGuiKey_A, true);
  EXPECT_EQ(frame().keys, std::vector<ImGuiKey>{ImGuiKey_A});
  EXPECT_EQ(frame().keys, std::vector<ImGuiKey>{ImGuiKey_A});
  key(ImGuiKey_A, false);
  EXPECT_EQ(frame().keys, std::vector<ImGuiKey>{});
}

}  // namespace test_input_queue
