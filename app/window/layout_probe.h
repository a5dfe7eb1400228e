// --layout-out: where the editable cells, heatmaps, panels and controls are on screen, as
// JSON (docs/command-line.md), for the tests that read the screen and click it.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/app_state.h"
#include "app/state/layout.h"

namespace app {

// The rectangles of the last frame as JSON, in ImGui's pixels divided by per_pixel (the page
// gives devicePixelRatio, for CSS pixels).
std::string layout_json(const Layout& layout, float per_pixel = 1);

// The rectangles of the last frame, written to path whole or not at all; false and why when
// path now names the session or the scenario's file.
bool write_layout(const AppState& state, const Layout& layout, const std::string& path, std::string* error);

// In the window: written once the layout has settled, and again whenever the controls on
// screen change or move (a menu or a dialog opens, a popup is laid out again once shown) or a
// panel's text says something else (the status line, the lab's "step 2 000 of 2 000"): what a
// test waits for after an action, not a time.
class LayoutProbe {
 public:
  explicit LayoutProbe(std::string path) : path_(std::move(path)) {}
  // After every frame; the frame count starts at 1.
  void after_frame(const AppState& state, const Layout& layout, long frame);

 private:
  static constexpr long kSettledFrame = 3;  // popups and hover states settle within a few frames
  std::string path_;                        // empty: no --layout-out
  std::vector<std::string> controls_;       // the controls it last described, each with its rectangle
  std::map<std::string, std::string> text_;  // and the panels' text
  std::string focused_;                      // and the control the keyboard was on
  std::string dock_;                         // and the views' dock layout
};

}  // namespace app
