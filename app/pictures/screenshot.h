// PNG exports rendered offscreen, as the window would show the app at a given
// size but clean for a slide (no menu bar, status bar, file path or dialogs):
// a framebuffer object of W·K × H·K pixels, fonts built at K× and every size
// scaled by K, so a 2× picture has sharper text, not bigger pixels.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/picture_options.h"
#include "app/state/layout.h"
#include "app/state/picture.h"

namespace app {

// Renders pictures of the app one after another, as write_screenshot renders
// one: in an ImGui context of its own, with fonts built once, into one
// framebuffer. An animation renders its frames through one of these.
// Needs a current OpenGL 3.3 context with the heatmap renderer set; the
// caller's ImGui context, fonts and framebuffer are back when it is destroyed.
class PictureRenderer {
 public:
  explicit PictureRenderer(const ScreenshotOptions& options);
  ~PictureRenderer();
  PictureRenderer(const PictureRenderer&) = delete;
  PictureRenderer& operator=(const PictureRenderer&) = delete;

  // Empty when pictures can be made; else why not ("a 9000×9000 picture is more than ...").
  const std::string& error() const { return error_; }
  int width() const { return width_; }    // in pixels: W·K
  int height() const { return height_; }  // H·K
  // state as the picture shows it: rgba gets width × height pixels, four bytes
  // each, the top row first, opaque (straight alpha when transparent). layout,
  // when given, receives the picture's cell and heatmap rectangles (logical pixels).
  // scenario, when given, is shown instead of state's (an animation's frame); training, a
  // training run's frame (ScreenshotOptions::training): its step, variant and axis.
  bool render(const AppState& state, std::vector<unsigned char>& rgba, Layout* layout = nullptr,
              const core::Scenario* scenario = nullptr, const TrainingFrame& training = {});
  // Lays out the picture of state showing scenario as render would, draws nothing, and folds
  // into scales the colour scale each diverging heatmap ("Panel/id") needed: the largest m.
  void measure_scales(const AppState& state, const core::Scenario& scenario, std::map<std::string, double>& scales,
                      const TrainingFrame& training = {});
  // The colour scales every later picture's diverging heatmaps are drawn on (an animation's,
  // fixed over its frames; PictureOptions::fixed_scales). Empty: each picture's own.
  void fix_scales(std::map<std::string, double> scales) { fixed_scales_ = std::move(scales); }
  // The caption the next pictures draw below their panels (a sweep's frame: what moves, its value).
  void set_caption(PictureCaption caption) { caption_ = std::move(caption); }

 private:
  struct Gl;
  // What a picture shows: state (or scenario instead), without the undo history or the mouse.
  AppState picture_state(const AppState& state, const core::Scenario* scenario) const;
  // How it is drawn: options_, the training frame, the fixed scales and the caption.
  PictureOptions picture_options(const TrainingFrame& training) const;
  // The frames a picture takes to settle, in its own ImGui context (three; once one was laid
  // out there, two, or three when the second put things elsewhere); the last drawn when draw.
  void lay_out(AppState& copy, Layout& layout, const PictureOptions& picture, bool draw);
  std::map<std::string, double> fixed_scales_;
  PictureCaption caption_;
  ScreenshotOptions options_;
  std::string error_;
  int width_ = 0, height_ = 0;
  bool settled_ = false;  // a picture was laid out in gl_'s context: the next takes fewer frames
  std::unique_ptr<Gl> gl_;
};

// Needs a current OpenGL 3.3 context with the heatmap renderer set. Renders in
// an ImGui context of its own, so the live window's state is not disturbed,
// and writes the PNG atomically. False with *error (naming the path) on failure.
// layout, when given, receives the picture's cell and heatmap rectangles (--layout-out).
bool write_screenshot(const AppState& state, const ScreenshotOptions& options, const std::string& path,
                      std::string* error, Layout* layout = nullptr);

}  // namespace app
