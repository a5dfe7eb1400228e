// A sweep's caption: below the panels of each frame of an animation (--animate, Record sweep),
// what moves and its value in that frame, "X[movie][0] = 1.37", so that a slide says what the
// audience is watching change.
#pragma once

#include <string>

#include "app/app_state.h"
#include "app/state/picture.h"

namespace app {

// The window of the caption below a picture's panels (PictureOptions::caption).
inline constexpr const char* kCaptionWindow = "##sweep caption";

// The caption of a sweep's frame: PARAM named as the panels name it (W^Q, X_{kv}, W_{alt}), a row
// of X, Q, K, V or the target by its token, and the value with two decimals as the cells print it:
// "X[movie][0] = 1.37", "W^Q[2][1] = −0.50  ·  head 2", "T = 0.42". Indices of dimensions count
// from 0, as PARAM's do. PARAM is one sweep_problem accepts for s.
PictureCaption sweep_caption(const core::Scenario& s, const std::string& param, double value);

// The height of the strip below the panels that a caption takes, in the titles' font; 0 for none.
float CaptionHeight(const PictureCaption& caption);
// The caption centred in a strip of that height at the bottom of the display, covering no panel.
void DrawCaption(const PictureCaption& caption, float height);

}  // namespace app
