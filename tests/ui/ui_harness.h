// Headless UI harness: a Dear ImGui context with no backend and no GL, the
// real fonts and panels, mouse and keys given as a backend gives them: Dear ImGui's input events.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <imgui.h>
#include <implot.h>

#include "app/app_state.h"
#include "app/frame.h"
#include "app/panels/panel_table.h"
#include "app/panels/panels.h"
#include "app/render/heatmap_renderer.h"
#include "app/render/text.h"
#include "app/widgets/heatmap.h"
#include "core/io/scenario_io.h"
#include "core/text/translate.h"

class UiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImPlot::CreateContext();  // the lab's plots
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_DockingEnable;  // the views dock (app/frame_dock.h)
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 720);
    io.DeltaTime = 1.0f / 60.0f;
    app::make_headless();
    ASSERT_TRUE(app::load_fonts(1.0f)) << "DejaVu Sans (fonts-dejavu-core) is needed";
    app::set_heatmap_renderer(&renderer);
    state.view.language = "en";  // the texts the tests read are the English ones, whatever the machine's language
  }
  void TearDown() override {
    core::set_language("en", {}, nullptr);  // one language for the whole program: none is left to the next test
    app::set_heatmap_renderer(nullptr);
    app::unload_fonts();
    ImPlot::DestroyContext();
    ImGui::DestroyContext();
  }

  // One frame of the real app.
  app::FrameRequests frame() {
    ImGui::NewFrame();
    app::heatmap_renderer().begin_frame();  // the harness's, or the one a test put in its place
    const app::FrameRequests requests = app::DrawFrame(state, layout, picture);
    ImGui::Render();
    app::settle_headless_textures();
    return requests;
  }
  void frames(int count) {
    for (int i = 0; i < count; ++i) frame();
  }
  // Draws frames until done() holds, for at most 20 s (a training run is on its own thread).
  template <class F>
  bool frames_until(F&& done) {
    for (int i = 0; i < 2000; ++i) {
      frame();
      if (done()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
  void mouse_to(ImVec2 p) { ImGui::GetIO().AddMousePosEvent(p.x, p.y); }
  void mouse_down(bool down) { ImGui::GetIO().AddMouseButtonEvent(0, down); }
  void wheel(float notches) { ImGui::GetIO().AddMouseWheelEvent(0, notches); }
  // A key down for a frame, then up for a frame, with the modifiers given held around it.
  void press(ImGuiKey key, ImGuiKeyChord mods = 0) {
    ImGuiIO& io = ImGui::GetIO();
    for (ImGuiKey mod : {ImGuiMod_Ctrl, ImGuiMod_Shift, ImGuiMod_Alt})
      if (mods & mod) io.AddKeyEvent(mod, true);
    io.AddKeyEvent(key, true);
    frame();
    io.AddKeyEvent(key, false);
    for (ImGuiKey mod : {ImGuiMod_Ctrl, ImGuiMod_Shift, ImGuiMod_Alt})
      if (mods & mod) io.AddKeyEvent(mod, false);
    frame();
  }
  // A letter's or a digit's key, as on a keyboard ('Z': ImGuiKey_Z).
  static ImGuiKey key_of(char c) {
    if (c >= 'A' && c <= 'Z') return static_cast<ImGuiKey>(ImGuiKey_A + (c - 'A'));
    if (c >= 'a' && c <= 'z') return static_cast<ImGuiKey>(ImGuiKey_A + (c - 'a'));
    if (c >= '0' && c <= '9') return static_cast<ImGuiKey>(ImGuiKey_0 + (c - '0'));
    return ImGuiKey_None;
  }

  static ImVec2 center(const app::Rect& r) { return ImVec2(r.x + r.w / 2, r.y + r.h / 2); }
  // Scrolls the Matrices panel with the mouse wheel until `key` is on screen.
  const app::Rect* find(const std::map<std::string, app::Rect>& rects, const std::string& key) {
    for (int attempt = 0; attempt < 60; ++attempt) {
      if (auto it = rects.find(key); it != rects.end()) {
        // Fully inside the panel's visible part, not under the status bar.
        if (it->second.y > 30 && it->second.y + it->second.h < ImGui::GetIO().DisplaySize.y - 22) return &it->second;
      }
      const bool below = rects.empty() || rects.find(key) == rects.end() || rects.find(key)->second.y > 300;
      mouse_to(ImVec2(200, 400));
      wheel(attempt < 30 ? (below ? -1.0f : 1.0f) : 1.0f);
      frame();
      frame();
    }
    return nullptr;
  }
  app::Rect cell(const std::string& key) {
    const app::Rect* r = find(layout.cells, key);
    EXPECT_NE(r, nullptr) << key << " not on screen";
    return r ? *r : app::Rect{};
  }
  app::Rect control(const std::string& key) {
    const app::Rect* r = find(layout.controls, key);
    EXPECT_NE(r, nullptr) << key << " not on screen";
    return r ? *r : app::Rect{};
  }

  // Press, move by dx in steps (one frame each), release: one drag gesture.
  // Calls during(step) after each moving frame.
  template <class F>
  void drag(ImVec2 from, float dx, int steps, F&& during) {
    mouse_to(from);
    frame();
    mouse_down(true);
    frame();
    for (int i = 1; i <= steps; ++i) {
      mouse_to(ImVec2(from.x + dx * static_cast<float>(i) / static_cast<float>(steps), from.y));
      frame();
      during(i);
    }
    mouse_down(false);
    frame();
  }
  // Opens the menu whose closed title is `key` in the menu bar (where control() does not look),
  // as a hand does: pressed and released over the title, which it stays over; drawn open.
  void open_menu(const char* key) {
    frames(2);
    ASSERT_TRUE(layout.controls.count(key)) << key;
    mouse_to(center(layout.controls.at(key)));
    frame();
    mouse_down(true);
    frame();
    mouse_down(false);
    frames(3);  // a menu appears a frame after it is sized
  }
  void click(ImVec2 at) {
    mouse_to(at);
    frame();
    mouse_down(true);
    frame();
    mouse_down(false);
    frame();
    mouse_to(ImVec2(1270, 5));  // away, so no tooltip covers anything
    frame();
  }
  void ctrl_key(char key, bool shift = false) { press(key_of(key), ImGuiMod_Ctrl | (shift ? ImGuiMod_Shift : 0)); }

  // Double-click a drag field: it becomes a text field with everything selected
  // (Ctrl+A), then the text is typed. No Enter: see press_enter().
  void type_into(ImVec2 field, const char* text) {
    mouse_to(field);
    frame();
    for (int i = 0; i < 2; ++i) {
      mouse_down(true);
      frame();
      mouse_down(false);
      frame();
    }
    ASSERT_TRUE(ImGui::GetIO().WantTextInput) << "the double-click did not open the field for typing";
    type_over(text);
  }
  // In the field that has the keyboard: everything selected (Ctrl+A), then the text typed over it.
  void type_over(const char* text) {
    ImGuiIO& io = ImGui::GetIO();
    io.AddKeyEvent(ImGuiMod_Ctrl, true);
    io.AddKeyEvent(ImGuiKey_A, true);
    frame();
    io.AddKeyEvent(ImGuiKey_A, false);
    io.AddKeyEvent(ImGuiMod_Ctrl, false);
    io.AddInputCharactersUTF8(text);
    frame();
  }
  void press_enter() {
    press(ImGuiKey_Enter);
    frame();
  }

  // The Result the app shows must be compute() of the scenario it holds.
  void expect_result_is_current() {
    const core::Result fresh = core::compute(state.scenario());
    const core::Result& shown = state.result();
    for (int h = 0; h < state.scenario().heads; ++h) {
      EXPECT_EQ(shown.head[h].scores, fresh.head[h].scores);
      EXPECT_EQ(shown.head[h].weights, fresh.head[h].weights);
    }
    EXPECT_EQ(shown.output, fresh.output);
  }

  app::NullHeatmapRenderer renderer;
  app::AppState state{core::load_scenario_file(std::string(ATTNLAB_TEST_DATA) + "/example.json").scenario.value()};
  app::Layout layout;            // where the last frame drew what, as the window keeps it
  app::PictureOptions picture;   // how frame() draws: the window's (inactive) unless a test sets it
};

// The lab's panel shown over the views (a heads file, a model on a text): what it drew, and its words (--describe).
class LabPanelTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    layout.read_text = true;
    frames(2);
  }
  const std::string& text() { return layout.text[app::kExperimentPanel]; }
  std::string described() { return app::panel_row(app::Panel::Experiment).describe(state).text(); }
};
