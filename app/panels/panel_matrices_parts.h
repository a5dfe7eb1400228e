// The Matrices panel's parts kept in files of their own: panel_matrices.cpp
// draws them under its collapsing headers.
#pragma once

#include <optional>
#include <string>

#include <Eigen/Core>

#include "app/app_state.h"

namespace app {

inline constexpr float kFieldWidth = 50.0f, kFieldGap = 4.0f;  // a drag field of the editor, and the space between two

void MatricesSizesAndMode(AppState& state);  // matrices_settings.cpp: n, d_model, d_k, H, the mode, cross-attention
void MatricesOptions(AppState& state);       // matrices_settings.cpp: shared QK, one W, masks, scale, temperature, positions
void GaugeDemo(AppState& state);             // gauge_demo.cpp: only W^Q W^Kᵀ reaches the scores

// matrices_tools.cpp: a matrix's menu ("⋯" beside its title, or a right-click on the title, the
// item drawn just before): copy, paste, random, identity, zero, round. What it asks for, once:
// `matrix` in place of the one shown, and the status line's words once the edit is made.
struct MatrixChange {
  Eigen::MatrixXd matrix;
  std::string done;
};
std::optional<MatrixChange> MatrixTools(AppState& state, const std::string& key, const Eigen::MatrixXd& shown);
float MatrixToolsWidth();  // what the "⋯" takes beside the title (none in a picture)
// A dragged entry's change a pixel: 0.01 a CSS pixel (a logical one on the desktop) for the mouse, whatever the screen's
// density or the zoom; half that for a finger, a twentieth for a finger held still first (fine steps):
// PanelState::finger_drag.
float EntryDragSpeed(const AppState& state);

}  // namespace app
