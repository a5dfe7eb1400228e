// Colormaps, as tables of evenly spaced anchor colours. The GLSL in shaders/
// interpolates the same tables (uploaded as uniforms), and the exports sample
// them here, so a cell has one colour wherever it is drawn.
#pragma once

#include <array>
#include <span>

namespace core {

struct Rgb {
  float r, g, b;  // 0..1, sRGB
};

enum class Colormap {
  Viridis,   // sequential, colour-blind safe: weights 0..1
  Cividis,   // sequential, safe for red-green colour blindness too
  BlueRed,   // diverging around 0 (ColorBrewer RdBu): scores, signed matrices
};

inline constexpr int kColormapAnchors = 9;
using ColormapTable = std::array<Rgb, kColormapAnchors>;

const ColormapTable& colormap_table(Colormap c);
const char* colormap_name(Colormap c);

// The colour at t in [0, 1] (clamped), linear between anchors.
Rgb sample(Colormap c, float t);

// WCAG 2.1's relative luminance, 0 (black) to 1 (white): each sRGB channel linearised, then
// Rec. 709's weights.
double relative_luminance(Rgb c);

// WCAG 2.1's contrast ratio of two colours, (L_lighter + 0.05) / (L_darker + 0.05): 1 to 21.
// Text needs 4.5 against what is behind it (WCAG's AA).
double contrast_ratio(Rgb a, Rgb b);

// The colour of text on a background: black or white, whichever contrasts more with it. One of
// the two always reaches 4.58:1: black's ratio (L + 0.05)/0.05 rises with the background's
// luminance L and white's 1.05/(L + 0.05) falls, and they meet where (L + 0.05)² = 0.0525, at
// √0.0525/0.05 ≈ 4.583. A grey of our own choosing instead of pure black or white reaches less.
Rgb text_on(Rgb background);

// Text in a colour of its own (a curve's, an arrow's, a warning's) on its backgrounds, all light
// or all dark (the window, a popup, a table's row): the colour itself where it reaches 4.6:1 on
// each, else mixed toward black (where black contrasts more than white with the first) or white,
// by the least multiple of 1/64 that reaches it; where none does, black
// or white itself (text_on: 4.58:1 at least; under 4.6 only on a background of luminance 0.178 to
// 0.180, where rounding to 8 bits leaves it at 4.55 or more). 4.6, not 4.5: the screen rounds each
// channel of both colours to 8 bits, which can take up to about 0.06 off the ratio.
Rgb readable_on(Rgb ink, std::span<const Rgb> backgrounds);

}  // namespace core
