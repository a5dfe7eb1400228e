// What every view shows, and how: the head, the colours, the numbers, the workspace, presenter
// mode and the zoom (AppState::view; the session keeps it).
#pragma once

#include <optional>
#include <string>

#include "app/render/theme.h"
#include "core/math/colormap.h"
#include "core/model/lesson.h"

namespace app {

// What fills the window under the menu bar: the views of one scenario, or the training lab.
enum class Workspace { Views, Lab };

inline constexpr float kMinZoom = 0.5f, kMaxZoom = 3.0f;
inline constexpr float kPresenterZoom = 1.5f;  // presenter mode's fonts and sizes, times the zoom

struct ViewOptions {
  Theme theme = Theme::Dark;
  int head = 0;                                        // the head every view shows
  bool show_numbers = true;                            // numbers in heatmap cells
  core::Colormap sequential = core::Colormap::Viridis; // weights, 0..1
  core::Colormap diverging = core::Colormap::BlueRed;  // scores and signed matrices, centred on 0
  bool show_help = false;                              // the keyboard shortcuts window
  bool own_scales = false;                             // Scores: each heatmap its own colour scale, not one shared
  bool show_gradients = true;                          // with a target: ∂L/∂entry beside each editable matrix (no effect without)
  bool show_jacobian = false;                          // Softmax: the Jacobian diag(a) − aaᵀ (sigmoid: diag(a(1 − a))) of one row beside A
  int jacobian_row = 0;                                // which row
  Workspace workspace = Workspace::Views;
  // Presenter mode (View → Presenter, F11): the step's panel, and the one beside it, fill the
  // window, the lesson's step below them as a caption, no menus; the arrow keys step through the
  // lesson. Cause and effect on one screen: by default the editor beside the panel it changes.
  bool presenter = false;
  core::Panel presenter_panel = core::Panel::Scores;  // one of kPanels
  std::optional<core::Panel> presenter_beside = core::Panel::Matrices;  // none: presenter_panel alone
  float zoom = 1.0f;  // Ctrl + / Ctrl − / Ctrl 0: fonts and every size, everywhere (kMinZoom..kMaxZoom)
  // View → Language (docs/languages.md): a catalogue's code ("zh", "es") or "en"; empty, the system's language where
  // attnlab has a catalogue of it, else English. Applied each frame (app/window/language.h).
  std::string language;

  bool operator==(const ViewOptions&) const = default;
};

// Which panel (core/model/lesson.h): the views' seven in the order they are laid out, kPanels,
// with their window names, kPanelNames; a lesson step names one.
using core::kPanelNames;
using core::kPanels;
using core::Panel;
using core::panel_name;

}  // namespace app
