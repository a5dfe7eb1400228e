// ui_frame_p50_us, ui_frame_p99_us: one headless frame of every panel (ImGui
// NewFrame to Render, no GL) for n = 8, d_model = 4, heads = 4, d_k = 4, over
// 1000 frames with the mouse moving over the panels, as during a drag.
// ui_frame_during_training_p99_us: the same in the training lab while the
// six-design race trains on its worker thread at full speed (≤ 16 ms, docs/development.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include <imgui.h>
#include <implot.h>

#include "app/app_state.h"
#include "app/frame.h"
#include "app/render/text.h"
#include "app/training/lab.h"
#include "app/widgets/heatmap.h"
#include "tests/support/test_helpers.h"

namespace {

// 1100 frames with the mouse moving across x0 .. x0 + width; the last 1000
// (after warm-up) in microseconds, sorted.
std::vector<double> frame_times(app::AppState& state, app::NullHeatmapRenderer& renderer, int x0, int width) {
  ImGuiIO& io = ImGui::GetIO();
  std::vector<double> us;
  app::Layout layout;
  for (int frame = 0; frame < 1100; ++frame) {
    io.AddMousePosEvent(static_cast<float>(x0 + (frame * 7) % width), static_cast<float>(100 + (frame * 3) % 700));
    const auto t0 = std::chrono::steady_clock::now();
    ImGui::NewFrame();
    renderer.begin_frame();
    app::DrawFrame(state, layout);
    ImGui::Render();
    const auto t1 = std::chrono::steady_clock::now();
    app::settle_headless_textures();  // the window's texture upload: not the frame's to measure
    if (frame >= 100) us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(us.begin(), us.end());
  return us;
}

}  // namespace

int main() {
  ImGui::CreateContext();
  ImPlot::CreateContext();  // the lab's plots
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_DockingEnable;  // the views dock (app/frame_dock.h)
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1440, 900);
  io.DeltaTime = 1.0f / 60.0f;
  app::make_headless();
  app::load_fonts(1.0f);
  app::NullHeatmapRenderer renderer;
  app::set_heatmap_renderer(&renderer);
  std::mt19937 rng(1);
  app::AppState state(testing_helpers::random_scenario(rng, 8, 4, 4, 4, core::Mode::Projected));

  std::vector<double> us = frame_times(state, renderer, 200, 1200);
  std::printf("ui_frame_p50_us: %.1f\nui_frame_p99_us: %.1f\n", us[us.size() / 2], us[us.size() * 99 / 100]);

  core::Experiment race = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
  race.steps = core::kMaxSteps;  // it keeps training while the frames are measured
  app::set_experiment(state, race, "07_race.json");
  app::lab_run(state);
  us = frame_times(state, renderer, 600, 800);  // over the lab: the curves, the table, the thumbnails
  const int steps = state.lab.view.curves.steps_done;
  state.lab.worker.reset();  // cancels the run
  std::printf("ui_frame_during_training_p50_us: %.1f\nui_frame_during_training_p99_us: %.1f\ntraining_steps_during_frames: %d\n",
              us[us.size() / 2], us[us.size() * 99 / 100], steps);
  app::unload_fonts();
  ImPlot::DestroyContext();
  ImGui::DestroyContext();
  return 0;
}
