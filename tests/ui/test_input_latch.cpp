// The input latch (app/platform/input_latch.h): what arrives within one slow frame reaches the
// frames in order, as a person made it. The GLFW backend of Dear ImGui 1.86 is played by hand: at
// an event it sets io.KeysDown and adds the character, as its callbacks do, and at each frame it
// sets the pointer and the buttons to their state now, as its NewFrame does.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/input_latch.h"

namespace test_input_latch {

namespace {

// What a frame was given.
struct Seen {
  ImVec2 pointer;
  bool left = false, ctrl = false;
  std::vector<int> keys;  // down, of those the test presses
  std::string typed;
};

class InputLatchTest : public testing::Test {
 protected:
  void SetUp() override {
    before_ = ImGui::GetCurrentContext();
    context_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(context_);
  }
  void TearDown() override {
    ImGui::DestroyContext(context_);
    ImGui::SetCurrentContext(before_);
  }

  // The backend's callbacks, and the latch's beside them.
  void key(int k, int mods = 0) {
    ImGui::GetIO().KeysDown[k] = true;
    latch_.key_pressed(k, mods);
  }
  void key_up(int k) {
    ImGui::GetIO().KeysDown[k] = false;
    latch_.key_released(k);
  }
  void character(char c) {
    ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
    latch_.typed(static_cast<unsigned>(c));
  }
  void move(float x, float y) {
    pointer_now_ = ImVec2(x, y);
    latch_.pointer_moved(x, y);
  }
  void button(bool down, int mods = 0) {
    left_now_ = down;
    latch_.button_changed(0, down, mods, nullptr);  // X11's: where the latest move left it
  }

  // One frame: the backend's NewFrame (the pointer and the button as they are now), then the latch's.
  Seen frame(bool* more = nullptr) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = pointer_now_;
    io.MouseDown[0] = left_now_;
    const bool waits = latch_.before_frame();
    if (more) *more = waits;
    Seen seen{io.MousePos, io.MouseDown[0], io.KeyCtrl, {}, {}};
    for (int k : {GLFW_KEY_DOWN, GLFW_KEY_6, GLFW_KEY_LEFT_CONTROL, GLFW_KEY_A})
      if (io.KeysDown[k]) seen.keys.push_back(k);
    for (ImWchar c : io.InputQueueCharacters) seen.typed += static_cast<char>(c);
    io.InputQueueCharacters.resize(0);  // EndFrame's
    return seen;
  }

  app::InputLatch latch_;
  ImVec2 pointer_now_{0, 0};
  bool left_now_ = false;

 private:
  ImGuiContext* before_ = nullptr;
  ImGuiContext* context_ = nullptr;
};

}  // namespace

// A drag pressed at 10, moved to 30 and released, all before the next frame: without the latch that
// frame saw the button up at 30 (a click at the end, and nothing dragged).
TEST_F(InputLatchTest, ADragWithinOneFrameIsPressedMovedAndReleasedInThreeFrames) {
  move(10, 10);
  frame();
  button(true);
  move(20, 10);
  move(30, 10);
  button(false);
  bool more = false;
  Seen f = frame(&more);
  EXPECT_EQ(f.pointer.x, 10);
  EXPECT_TRUE(f.left) << "pressed where it was pressed";
  EXPECT_TRUE(more);
  f = frame(&more);
  EXPECT_EQ(f.pointer.x, 30);
  EXPECT_TRUE(f.left) << "moved while down";
  EXPECT_TRUE(more);
  f = frame(&more);
  EXPECT_EQ(f.pointer.x, 30);
  EXPECT_FALSE(f.left);
  EXPECT_FALSE(more);
  f = frame();
  EXPECT_EQ(f.pointer.x, 30);
  EXPECT_FALSE(f.left);
}

// ↓ ↓ before a frame: two presses, with a frame between in which ↓ is up (ImGui counts a press
// when a key goes down; ↓ held for two frames would be one).
TEST_F(InputLatchTest, TheSameKeyTwiceIsTwoPressesWithAnUpFrameBetween) {
  key(GLFW_KEY_DOWN);
  key_up(GLFW_KEY_DOWN);
  key(GLFW_KEY_DOWN);
  key_up(GLFW_KEY_DOWN);
  std::vector<bool> down;
  bool more = true;
  for (int i = 0; i < 6 && (more || i < 4); ++i) down.push_back(!frame(&more).keys.empty());
  EXPECT_EQ(down, (std::vector<bool>{true, false, true, false}));
}

// ↓ pressed and still down when its frame came, then released and pressed again before the next:
// that frame has ↓ up, the one after down again (without the up frame, ImGui saw one long press).
TEST_F(InputLatchTest, APressAfterAFrameThatSawTheKeyDownIsAPressOfItsOwn) {
  key(GLFW_KEY_DOWN);
  EXPECT_EQ(frame().keys, std::vector<int>{GLFW_KEY_DOWN});
  key_up(GLFW_KEY_DOWN);
  key(GLFW_KEY_DOWN);
  bool more = false;
  EXPECT_EQ(frame(&more).keys, std::vector<int>{});
  EXPECT_TRUE(more);
  EXPECT_EQ(frame(&more).keys, std::vector<int>{GLFW_KEY_DOWN});
  EXPECT_FALSE(more);
  EXPECT_EQ(frame().keys, std::vector<int>{GLFW_KEY_DOWN}) << "still held";
  key_up(GLFW_KEY_DOWN);
  EXPECT_EQ(frame().keys, std::vector<int>{});
}

// On the page a lifted finger takes the pointer away at once (web/page_pre.js sets the browser's
// pointer far off, no event): a drag made before the frames came is still pressed, moved and
// released where the finger was, and only then is the pointer gone.
TEST_F(InputLatchTest, ADragWhoseFingerLiftedBeforeItsFramesIsDraggedWhereTheFingerWas) {
  move(10, 10);
  frame();
  button(true);
  move(30, 10);
  button(false);
  pointer_now_ = ImVec2(-1e6f, -1e6f);  // pointerAway
  Seen f = frame();
  EXPECT_TRUE(f.left);
  EXPECT_EQ(f.pointer.x, 10);
  f = frame();
  EXPECT_TRUE(f.left);
  EXPECT_EQ(f.pointer.x, 30);
  f = frame();
  EXPECT_FALSE(f.left);
  EXPECT_FALSE(ImGui::IsMousePosValid(&f.pointer)) << "the pointer has gone with the finger";
}

// Ctrl+click into a field, then Ctrl+A and "6" typed, all within one frame: the click has Ctrl
// although Ctrl is up again by then, and the 6 comes after the click and Ctrl+A, in order.
TEST_F(InputLatchTest, CtrlClickThenTypedKeepTheirOrderAndTheirModifiers) {
  move(50, 20);
  frame();
  key(GLFW_KEY_LEFT_CONTROL);
  button(true, GLFW_MOD_CONTROL);
  button(false, GLFW_MOD_CONTROL);
  key_up(GLFW_KEY_LEFT_CONTROL);
  key(GLFW_KEY_LEFT_CONTROL);
  key(GLFW_KEY_A, GLFW_MOD_CONTROL);
  key_up(GLFW_KEY_A);
  key_up(GLFW_KEY_LEFT_CONTROL);
  key(GLFW_KEY_6);
  character('6');
  key_up(GLFW_KEY_6);
  std::vector<Seen> frames;
  bool more = true;
  while (more && frames.size() < 12) frames.push_back(frame(&more));
  ASSERT_EQ(frames.size(), 6u);
  EXPECT_EQ(frames[0].keys, std::vector<int>{GLFW_KEY_LEFT_CONTROL});  // Ctrl goes down
  EXPECT_FALSE(frames[0].left);
  EXPECT_TRUE(frames[1].left);  // the press, with Ctrl
  EXPECT_TRUE(frames[1].ctrl);
  EXPECT_EQ(frames[1].pointer.x, 50);
  EXPECT_FALSE(frames[2].left);  // the release
  EXPECT_TRUE(frames[3].ctrl);   // Ctrl again
  EXPECT_EQ(frames[4].keys, std::vector<int>{GLFW_KEY_A});  // Ctrl+A
  EXPECT_TRUE(frames[4].ctrl);
  EXPECT_EQ(frames[5].keys, std::vector<int>{GLFW_KEY_6});  // and the 6 it typed, in the field the click opened
  for (size_t i = 0; i < frames.size(); ++i) EXPECT_EQ(frames[i].typed, i == 5 ? "6" : "") << "frame " << i;
}

// A key still held after its frame stays down: the latch lets go of a key only where the key is up.
TEST_F(InputLatchTest, AKeyHeldStaysDownUntilReleased) {
  key(GLFW_KEY_A);
  EXPECT_EQ(frame().keys, std::vector<int>{GLFW_KEY_A});
  EXPECT_EQ(frame().keys, std::vector<int>{GLFW_KEY_A});
  key_up(GLFW_KEY_A);
  EXPECT_EQ(frame().keys, std::vector<int>{});
}

}  // namespace test_input_latch
