#include "core/math/colormap.h"

#include <algorithm>
#include <cmath>


namespace core {

namespace {

constexpr Rgb rgb8(float r, float g, float b) { return {r / 255.0f, g / 255.0f, b / 255.0f}; }

// viridis (van der Walt & Smith, matplotlib) at t = 0, 1/8, ..., 1.
constexpr ColormapTable kViridis{rgb8(68, 1, 84),    rgb8(72, 40, 120),  rgb8(62, 73, 137),
                                 rgb8(49, 104, 142), rgb8(38, 130, 142), rgb8(31, 158, 137),
                                 rgb8(53, 183, 121), rgb8(110, 206, 88), rgb8(253, 231, 37)};
// cividis (Nuñez, Anderton & Renslow 2018) at t = 0, 1/8, ..., 1.
constexpr ColormapTable kCividis{rgb8(0, 34, 78),     rgb8(18, 53, 112),   rgb8(59, 73, 108),
                                 rgb8(87, 92, 109),   rgb8(112, 113, 115), rgb8(138, 134, 120),
                                 rgb8(165, 156, 116), rgb8(195, 179, 105), rgb8(254, 232, 56)};
// ColorBrewer RdBu, reversed: blue for negative, near-white at 0, red for positive.
constexpr ColormapTable kBlueRed{rgb8(33, 102, 172),  rgb8(67, 147, 195),  rgb8(146, 197, 222),
                                 rgb8(209, 229, 240), rgb8(247, 247, 247), rgb8(253, 219, 199),
                                 rgb8(244, 165, 130), rgb8(214, 96, 77),   rgb8(178, 24, 43)};

}  // namespace

const ColormapTable& colormap_table(Colormap c) {
  switch (c) {
    case Colormap::Cividis: return kCividis;
    case Colormap::BlueRed: return kBlueRed;
    case Colormap::Viridis: break;
  }
  return kViridis;
}

const char* colormap_name(Colormap c) {
  switch (c) {
    case Colormap::Cividis: return "cividis";
    case Colormap::BlueRed: return "blue-red";
    case Colormap::Viridis: break;
  }
  return "viridis";
}

Rgb sample(Colormap c, float t) {
  const ColormapTable& table = colormap_table(c);
  const float x = std::clamp(t, 0.0f, 1.0f) * (kColormapAnchors - 1);
  const int i = std::min(static_cast<int>(x), kColormapAnchors - 2);
  const float f = x - static_cast<float>(i);
  const Rgb a = table[i], b = table[i + 1];
  return {a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f};
}

double relative_luminance(Rgb c) {
  // libm's pow, not the slower portable::pow: a frame takes this for every cell of every
  // heatmap. Two libms may differ by an ulp, which changes text_on's choice only for a colour
  // within an ulp of its threshold, where both choices reach 4.58:1.
  const auto linear = [](float channel) {
    const double v = channel;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast_ratio(Rgb a, Rgb b) {
  const double la = relative_luminance(a), lb = relative_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

Rgb text_on(Rgb background) {
  // Black's ratio (L + 0.05)/0.05 is at least white's 1.05/(L + 0.05) where (L + 0.05)² ≥ 0.0525:
  // one luminance a cell, not three (a frame chooses for every cell of every heatmap).
  constexpr double kBlackFrom = 0.22912878474779200 - 0.05;  // √0.0525 − 0.05
  return relative_luminance(background) >= kBlackFrom ? Rgb{0, 0, 0} : Rgb{1, 1, 1};
}

Rgb readable_on(Rgb ink, std::span<const Rgb> backgrounds) {
  const Rgb end = text_on(backgrounds.front());
  for (int k = 0; k < 64; ++k) {
    const float t = static_cast<float>(k) / 64.0f;
    const Rgb mixed{ink.r + (end.r - ink.r) * t, ink.g + (end.g - ink.g) * t, ink.b + (end.b - ink.b) * t};
    if (std::all_of(backgrounds.begin(), backgrounds.end(), [&](Rgb b) { return contrast_ratio(mixed, b) >= 4.6; })) return mixed;
  }
  return end;
}

}  // namespace core
