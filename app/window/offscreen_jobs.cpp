#include "app/window/offscreen_jobs.h"

#include <algorithm>
#include <chrono>
#include <iostream>

#include <imgui.h>

#include "app/cli/command_line.h"
#include "app/files/exports.h"
#include "app/files/platform_files.h"  // where_written
#include "app/pictures/animation.h"
#include "app/pictures/screenshot.h"
#include "app/widgets/loss_curves.h"
#include "app/window/layout_probe.h"
#include "core/io/atomic_file.h"

namespace app {

namespace {

// An animation's progress: one line on stderr, rewritten as the frames come (--animate training:
// one for the training first).
void print_progress(int done, int total, bool training) {
  std::cerr << "\rattnlab: " << (training ? "training step " : "frame ") << done << " of " << total
            << (done == total ? "\n" : "") << std::flush;
}

bool write_animation_job(AppState& state, const WindowOptions& options, const ScreenshotOptions& shot,
                         std::string* error) {
  if (options.training)
    return write_training_animation(state, state.lab.experiment, *options.training, shot, options.screenshot,
                                    error, print_progress);
  return write_animation(state, *options.animate, shot, options.screenshot, error,
                         [](int done, int total) { print_progress(done, total, false); });
}

}  // namespace

int run_offscreen_job(AppState& state, Layout& layout, const WindowOptions& options) {
  const ScreenshotOptions shot{.width = options.width > 0 ? options.width : kDefaultPictureWidth,
                               .height = options.height > 0 ? options.height : kDefaultPictureHeight,
                               .scale = options.scale,
                               .panel = options.panel,
                               .transparent = options.transparent,
                               .scale_per_frame = options.scale_per_frame};
  state.panels.present = options.present;  // the picture draws a copy of the state, this with it
  std::string error;
  const bool animation = options.animate || options.training;
  const auto t0 = std::chrono::steady_clock::now();
  bool written = false;
  if (animation) written = write_animation_job(state, options, shot, &error);
  else written = write_screenshot(state, shot, options.screenshot, &error, &layout) &&
                 (options.layout_out.empty() || write_layout(state, layout, options.layout_out, &error));
  // An animation's progress line ends with its last frame: one that stopped is ended first.
  if (!written) std::cerr << (animation ? "\nattnlab: " : "attnlab: ") << error << "\n";
  if (timing_asked())
    std::cerr << (animation ? "animate_ms: " : "screenshot_ms: ")
              << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() << "\n";
  return written ? 0 : 1;
}

void export_png(AppState& state, const Layout& layout, const ExportRequest& request, float content_scale) {
  ImVec2 size = ImGui::GetIO().DisplaySize;  // in framebuffer pixels: the frame was laid out in them
  const std::string name = request.panel ? panel_name(*request.panel) : "";
  if (const auto panel = layout.panels.find(name); request.panel && panel != layout.panels.end())
    size = ImVec2(panel->second.w, panel->second.h);
  ScreenshotOptions shot{std::max(1, static_cast<int>(size.x / content_scale)), std::max(1, static_cast<int>(size.y / content_scale)),
                         static_cast<int>(request.scale), request.panel, request.transparent, std::nullopt};
  if (request.light) shot.theme = Theme::Light;
  // Where the export dialog said; a request that never went through it gets a name made up.
  const std::string path = !request.path.empty() ? request.path : export_path(state, ExportChoice{core::ExportFormat::Png, request});
  std::string error;
  state.status = write_screenshot(state, shot, path, &error) ? "exported " + where_written(path) : "not exported: " + error;
}

}  // namespace app
