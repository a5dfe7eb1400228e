// The pieces the SVG writers of the curves share (export_curves.cpp, sweep_svg.cpp): numbers as the
// files write them, and the colours and dashes the window draws the designs in.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace core {

// A coordinate: a tenth of a pixel.
std::string svg_coord(double x);
// A colour as #rrggbb.
std::string svg_rgb(std::array<std::uint8_t, 3> col);
// Variant v's dash pattern as the window draws it (curve_dash, in pixels at scale 1: the SVG's
// units), so that curves lying on one another are told apart on paper too: ' stroke-dasharray="7 4"',
// nothing for the solid first.
std::string svg_dash_attribute(int v);
// 10^k as an axis labels it: "10" and k raised (a tspan), "−" for a negative k.
std::string svg_power_of_ten(int k);

}  // namespace core
