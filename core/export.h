// Exports of a scenario and its Result as text: CSV, LaTeX, SVG and a PyTorch
// script. Pure functions of (Scenario, Result); the app and `--export` write
// what they return. PNG is the app's (it needs the GL renderer).
#pragma once

#include <string>
#include <vector>

#include "core/colormap.h"
#include "core/compute.h"
#include "core/scenario.h"

namespace core {

enum class ExportFormat { Png, Svg, Tex, Csv, Py, Unknown };

// "d1", "d2", ...: labels for the rows or columns of a matrix that are not tokens.
std::vector<std::string> numbered_labels(const char* prefix, Eigen::Index count);

// The format named by a path's extension (".svg" → Svg); Unknown otherwise.
ExportFormat export_format(const std::string& path);

// Every matrix, labelled: blocks of "matrix,<name>" then a header row of
// column labels and one row per row label; numbers in their shortest form that
// reads back exactly, masked logits as -inf.
std::string export_csv(const Scenario& s, const Result& r);

// A complete LaTeX document (article + amsmath): bmatrix environments for X,
// W^Q, W^K, Q, K, QKᵀ, the weights and the outputs, with the formulas that link them.
std::string export_tex(const Scenario& s, const Result& r);

struct SvgStyle {
  bool light = false;                        // the light theme (for slides) or the dark one
  Colormap sequential = Colormap::Viridis;   // the weights
  Colormap diverging = Colormap::BlueRed;    // everything signed
  int head = 0;                              // the head shown
};
// The heatmaps of one head as vector graphics: one <rect class="cell"> per
// cell, labels and numbers as <text>, a colorbar per heatmap.
std::string export_svg(const Scenario& s, const Result& r, const SvgStyle& style);

// Whether the scenario is exactly what torch.nn.MultiheadAttention computes
// (projected, H·d_k = d_model, scale √d_k, T = 1, no normalize_keys); the
// script uses it then, plain tensor operations otherwise.
bool fits_multihead_attention(const Scenario& s);

// A Python script that rebuilds the scenario in PyTorch (double precision),
// runs it and prints the final output: one row per line, numbers separated by spaces.
std::string export_py(const Scenario& s);

}  // namespace core
