// AppState: the one state of the app. The scenario, its undo history, the last
// Result and the view options. Panels read it and edit the scenario through it.
#pragma once

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "core/colormap.h"
#include "core/compute.h"
#include "core/scenario.h"

namespace app {

enum class Theme { Dark, Light };

struct ViewOptions {
  Theme theme = Theme::Dark;
  int head = 0;                                        // the head every view shows
  bool show_numbers = true;                            // numbers in heatmap cells
  core::Colormap sequential = core::Colormap::Viridis; // weights, 0..1
  core::Colormap diverging = core::Colormap::BlueRed;  // scores and signed matrices, centred on 0
  bool show_help = false;                              // the keyboard shortcuts window
};

// A rectangle in window pixels: x, y, w, h.
struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

class AppState {
 public:
  explicit AppState(core::Scenario s = core::make_zero_scenario(3, 2, 2, 1));

  const core::Scenario& scenario() const { return scenario_; }
  const core::Result& result() const { return result_; }
  // The scenario as it was before the current gesture (the last undo step).
  const core::Scenario& gesture_start() const { return committed_; }

  // An edit: change(scenario) changes it in place and the Result follows at
  // once (compute() takes microseconds), so views drawn after the editing
  // widget in the same frame already show it. The edit becomes one undo step
  // when the gesture ends (see end_frame). change must leave it valid.
  template <class F>
  void apply(F&& change) {
    change(scenario_);
    ++edits_;
    recompute();
  }
  // Replaces the whole scenario (a loaded file): one undo step of its own.
  void replace(core::Scenario s);

  // Called once at the end of every frame. While a widget is active (a drag
  // in progress, a field being typed in) edits gather; once none is, they
  // become one undo step.
  void end_frame(bool any_item_active);

  bool can_undo() const { return !undo_.empty() || has_uncommitted_edit(); }
  bool can_redo() const { return !redo_.empty(); }
  void undo();
  void redo();
  size_t undo_steps() const { return undo_.size(); }

  ViewOptions view;
  std::string file;    // where the scenario came from, or empty
  std::string status;  // one line for the status bar: the last error or what was done

  // Rectangles of editable matrix cells in window pixels, keyed like
  // "X[r][c]" and "W_Q[h][r][c]", filled while drawing (for --layout-out and tests).
  std::map<std::string, Rect> cell_rects;
  // The same for the controls ("tokens", "shared_qk", "scale.none", ...), for tests.
  std::map<std::string, Rect> control_rects;

 private:
  bool has_uncommitted_edit() const { return edits_ != committed_edits_; }
  void recompute();

  core::Scenario scenario_;
  core::Scenario committed_;  // the scenario at the last undo step
  core::Result result_;
  std::deque<core::Scenario> undo_;
  std::vector<core::Scenario> redo_;
  long edits_ = 0, committed_edits_ = 0;
};

}  // namespace app
