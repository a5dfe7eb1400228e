// Hardening: thousands of frames of random mouse and key input over the real
// panels, and scenarios at the extremes. After every frame the invariants hold.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <vector>

#include <imgui_internal.h>

#include "ui_harness.h"

namespace test_monkey {

namespace fs = std::filesystem;

namespace {

// Every weight in [0, 1] and every softmax row sums to 1, every rank is within bounds, the Result is
// compute() of the scenario, the scenario is valid.
void expect_invariants(const app::AppState& state, int frame) {
  const core::Scenario& s = state.scenario();
  ASSERT_TRUE(core::validate(s).empty()) << "frame " << frame << ": " << core::validate(s)[0];
  const core::Result fresh = core::compute(s);
  const core::Result& shown = state.result();
  for (int h = 0; h < s.heads; ++h) {
    const core::HeadResult& r = shown.head[h];
    // Each weight in [0, 1]; a row sums to 1 under the softmax, to at most m under sigmoid attention.
    ASSERT_GE(r.weights.minCoeff(), 0.0) << "frame " << frame;
    ASSERT_LE(r.weights.maxCoeff(), 1.0) << "frame " << frame;
    for (int i = 0; i < s.n(); ++i)
      if (s.options.weights == core::Weights::Softmax) ASSERT_NEAR(r.weights.row(i).sum(), 1.0, 1e-9) << "frame " << frame;
    ASSERT_TRUE(r.weights.allFinite()) << "frame " << frame;
    if (s.mode == core::Mode::Projected) ASSERT_LE(r.W_QK_rank, std::min(s.d_model, s.d_k)) << "frame " << frame;
    ASSERT_EQ(r.scores, fresh.head[h].scores) << "frame " << frame;
    ASSERT_EQ(r.weights, fresh.head[h].weights) << "frame " << frame;
  }
  ASSERT_EQ(shown.output, fresh.output) << "frame " << frame;
}

class MonkeyTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    dir = fs::temp_directory_path() / ("attnlab-monkey-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    // Whatever the monkey saves or exports lands here, never beside the sources.
    ::setenv("HOME", dir.c_str(), 1);
    ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);
    state.library.file = (dir / "monkey.json").string();
  }
  void TearDown() override {
    fs::remove_all(dir);
    UiTest::TearDown();
  }
  fs::path dir;
};

}  // namespace

TEST_F(MonkeyTest, TenThousandFramesOfRandomInput) {
  std::mt19937 rng(20261122);
  std::uniform_real_distribution<float> unit(0, 1);
  ImGuiIO& io = ImGui::GetIO();
  const core::Scenario start = state.scenario();
  const long start_revision = state.revision();
  const char keys[] = {'Z', 'Y', 'A', 'S', 'O', 'Q', '1', '5', '-', '.'};
  const auto key_of_char = [](char c) {
    if (c == '-') return ImGuiKey_Minus;
    if (c == '.') return ImGuiKey_Period;
    return key_of(c);
  };
  int frame_count = 0, modal_frames = 0;
  std::vector<ImGuiKey> held;  // pressed for one frame: let go after it
  ImVec2 pointer(0, 0);
  const auto move = [&](ImVec2 p) {
    pointer = p;
    io.AddMousePosEvent(p.x, p.y);
  };
  const auto hold = [&](ImGuiKey k) {
    io.AddKeyEvent(k, true);
    held.push_back(k);
  };
  // One frame of the app, then the invariants. Input given before it that the frame does not take
  // (Dear ImGui's queue gives a press or a button's change a frame of its own) waits for the next.
  const auto step = [&] {
    frame();
    modal_frames += ImGui::GetTopMostPopupModal() != nullptr;
    for (ImGuiKey k : held) io.AddKeyEvent(k, false);
    held.clear();
    expect_invariants(state, frame_count++);
  };
  // Mostly where the editable things are: the editor on the left, the geometry bottom right.
  const auto somewhere = [&] {
    const float d = unit(rng);
    if (d < 0.6f) return ImVec2(unit(rng) * 460, 20 + unit(rng) * 680);
    if (d < 0.75f) return ImVec2(1280 * 0.36f + 820 * 0.62f + unit(rng) * 310, 520 + unit(rng) * 180);
    return ImVec2(unit(rng) * 1280, unit(rng) * 720);
  };
  frames(2);
  while (frame_count < 10000 && !HasFatalFailure()) {
    const float action = unit(rng);
    if (action < 0.5f) {  // a drag: press, move a few frames, release
      move(somewhere());
      step();
      io.AddMouseButtonEvent(0, true);
      step();
      const int moves = 2 + static_cast<int>(unit(rng) * 8);
      const ImVec2 delta((unit(rng) - 0.5f) * 30, (unit(rng) - 0.5f) * 10);
      for (int m = 0; m < moves; ++m) {
        move(ImVec2(pointer.x + delta.x, pointer.y + delta.y));
        step();
      }
      io.AddMouseButtonEvent(0, false);
      step();
    } else if (action < 0.7f) {  // a click, sometimes a double one, sometimes the right button
      move(somewhere());
      step();
      const int button = unit(rng) < 0.15f ? 1 : 0;
      for (int c = unit(rng) < 0.2f ? 2 : 1; c > 0; --c) {
        io.AddMouseButtonEvent(button, true);
        step();
        io.AddMouseButtonEvent(button, false);
        step();
      }
    } else if (action < 0.8f) {
      move(somewhere());
      io.AddMouseWheelEvent(0, unit(rng) < 0.5f ? 1.0f : -1.0f);
      step();
    } else if (action < 0.95f) {  // a key, with or without Ctrl and Shift, typed into whatever has the keyboard
      const char k = keys[static_cast<size_t>(unit(rng) * sizeof keys) % sizeof keys];
      const bool ctrl = unit(rng) < 0.4f;
      const bool shift = unit(rng) < 0.2f;
      if (ctrl) hold(ImGuiMod_Ctrl);
      if (shift) hold(ImGuiMod_Shift);
      hold(key_of_char(k));
      if (!ctrl) io.AddInputCharacter(static_cast<unsigned>(k));
      step();
    } else {
      hold(ImGuiKey_Escape);
      step();
    }
  }
  if (HasFatalFailure()) return;
  // Let go of everything, then undo back to the start.
  io.AddMouseButtonEvent(0, false);
  io.AddMouseButtonEvent(1, false);
  frames(3);
  const long changes = state.revision() - start_revision;
  std::printf("monkey: %d frames, %ld changes, %zu undo steps left, %d frames in a modal\n", frame_count, changes,
              state.undo_steps(), modal_frames);
  EXPECT_GT(changes, 100);  // the monkey changed things, so that the checks mean something (113 on this layout)
  ASSERT_LT(state.undo_steps(), 2000u) << "more steps than the history keeps";
  while (state.can_undo()) state.undo();
  EXPECT_TRUE(state.scenario() == start);
}

// Entries of ±1e6 with T = 0.01, all zeros, one dominant token: finite weights that
// sum to 1, heatmap colours in range, no NaN text.
TEST_F(UiTest, ExtremesDrawLegibly) {
  core::Scenario huge = core::make_zero_scenario(8, 4, 4, 4);
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> sign(0, 1);
  for (core::Mat* m : {&huge.X, &huge.W_Q[0], &huge.W_K[0], &huge.W_V[0], &huge.W_Q[3], &huge.W_K[3], &huge.W_V[3]})
    for (Eigen::Index i = 0; i < m->size(); ++i) m->data()[i] = sign(rng) ? 1e6 : -1e6;
  huge.options.temperature = 0.01;
  core::Scenario zeros = core::make_zero_scenario(5, 3, 2, 2);
  core::Scenario dominant = core::make_zero_scenario(6, 2, 2, 1);
  dominant.X(3, 0) = 1e3;
  dominant.W_Q[0] << 1, 0, 0, 1;
  dominant.W_K[0] = dominant.W_Q[0];
  dominant.W_V[0] << 1, 0, 0, 1;
  for (const core::Scenario* s : {&huge, &zeros, &dominant}) {
    state.replace(*s);
    for (int h = 0; h < s->heads; ++h) {
      state.view.head = h;
      frames(2);
      expect_invariants(state, h);
      for (const app::HeatmapDraw& d : renderer.draws)
        for (int i = 0; i < d.rows * d.cols; ++i)
          ASSERT_TRUE(d.t[i] == -1.0f || (d.t[i] >= 0.0f && d.t[i] <= 1.0f)) << "a colour off the colormap: " << d.t[i];
      const core::HeadResult& r = state.result().head[h];
      for (const core::Mat* m : {&r.scores, &r.QQt, &r.weights, &r.output, &r.alt_output, &r.W_QK})
        for (Eigen::Index i = 0; i < m->size(); ++i) {
          const std::string text = app::format_number(m->data()[i]);
          EXPECT_EQ(text.find("nan"), std::string::npos);
          EXPECT_EQ(text.find('?'), std::string::npos);
          EXPECT_LE(text.size(), 12u) << text;  // fits a cell: 1.0e+24, not 1000000000000000000000000.00
        }
    }
  }
}

}  // namespace test_monkey
