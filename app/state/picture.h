// How a frame is drawn for a picture (a PNG export, --screenshot, --panel, an animation's frame):
// the options the offscreen renderer sets (app/pictures/screenshot.h).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/export/export_curves.h"
#include "app/state/view_options.h"
#include "core/model/lesson.h"

namespace app {

// A frame of a training run's animation (--animate training, the lab's
// "Animation of the run"): the state's lab.view.curves up to `step`, on the
// whole run's axes, beside `panel` showing the state's scenario (one variant's
// weights at that step), with a caption saying which step and which variant.
struct TrainingFrame {
  std::optional<Panel> panel;  // one of kPanels but Lesson; none: not a training frame
  std::string variant;    // the variant the panel shows, by name
  int variant_index = 0;  // and its curve
  int step = 0, steps = 0;
  core::LossAxis axis;    // the whole run's, so that the axis stays put while the curves grow
};

// A line below an animation's panels: what the sweep moves and its value in this frame,
// "X[movie][0] = 1.37", "T = 0.42".
struct PictureCaption {
  std::string name;  // markup: "W^Q", "X_{kv}", "T"
  std::string text;  // after the name, plain: "[movie][0] = 1.37" (a token as typed, as the heatmaps label rows)
  bool empty() const { return name.empty() && text.empty(); }
};

// How a frame is drawn for a picture (a PNG export, --screenshot, --panel):
// handed to DrawFrame beside the state it draws; default: the window's frame (inactive).
struct PictureOptions {
  bool active = false;       // a picture: no menu bar, status bar, dialogs, file path or lesson highlight
  std::optional<Panel> solo_panel;  // that panel alone over the whole picture, without title bar
  bool transparent = false;  // no window background: the PNG keeps the alpha channel
  TrainingFrame training;    // its panel set: the curves and that panel side by side (solo_panel is then empty)
  // An animation's frames: each diverging heatmap ("Panel/id") drawn on [−m, m] with this m, the
  // largest it needs over all the frames, so that an unchanged value keeps its colour throughout.
  std::map<std::string, double> fixed_scales;
  PictureCaption caption;  // a sweep's frame: in a strip below the panels; empty: none
};

}  // namespace app
