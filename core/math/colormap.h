// Colormaps, as tables of evenly spaced anchor colours. The GLSL in shaders/
// interpolates the same tables (uploaded as uniforms), and the exports sample
// them here, so a cell has one colour wherever it is drawn.
#pragma once

#include <array>

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

// Relative luminance (Rec. 709 weights on sRGB), for choosing dark or light text on a cell.
float luminance(Rgb c);

}  // namespace core
