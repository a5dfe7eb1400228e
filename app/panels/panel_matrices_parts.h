// The Matrices panel's parts kept in files of their own: panel_matrices.cpp
// draws them under its collapsing headers.
#pragma once

#include "app/app_state.h"

namespace app {

inline constexpr float kFieldWidth = 50.0f, kFieldGap = 4.0f;  // a drag field of the editor, and the space between two

void MatricesSizesAndMode(AppState& state);  // matrices_settings.cpp: n, d_model, d_k, H, the mode, cross-attention
void MatricesOptions(AppState& state);       // matrices_settings.cpp: shared QK, one W, masks, scale, temperature, positions
void GaugeDemo(AppState& state);             // gauge_demo.cpp: only W^Q W^Kᵀ reaches the scores

}  // namespace app
