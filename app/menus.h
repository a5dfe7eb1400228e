// The menus that list the lessons, the experiments and the panels (Lessons, Train, View), apart
// from the frame: each title in them is markup, drawn as the panels draw it ("W^Q W^Kᵀ", "√d_k"),
// not as typed. And the actions those menus share with the keyboard shortcuts (frame.cpp).
#pragma once

#include "app/app_state.h"

namespace app {

void LessonsMenu(AppState& state);
void TrainMenu(AppState& state);
void ViewMenu(AppState& state);

// The lesson's step k, and in presenter mode the panel it talks about.
void GoToStep(AppState& state, int k);
// Presenter mode on or off: in the views, the step's panel beside the editor; in the lab, the lab alone.
void TogglePresenter(AppState& state);
// The zoom times factor, within its bounds, to a tenth; factor 0: back to 100%.
void Zoom(AppState& state, float factor);

}  // namespace app
