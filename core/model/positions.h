// Position information (docs/scenario-format.md, version 2): without it attention is
// permutation-equivariant, and two identical tokens get identical outputs.
//
// Sinusoidal ("Attention Is All You Need"): X' = X + PE before the projections.
// RoPE (RoFormer): after the projections, each pair of coordinates (2i, 2i+1)
// of q_p and k_p turns by the angle p·θ_i, θ_i = base^(−2i/d_k), so that
// q_i·k_j depends on the positions only through i − j.
#pragma once

#include "core/math/matrix.h"

namespace core {

// PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle), p = 0..count−1.
void sinusoidal_encoding(int count, int d_model, double base, Mat& out);
Mat sinusoidal_encoding(int count, int d_model, double base);

// θ_i = base^(−2i/d_k): the angle pair i turns by per position.
double rope_frequency(int pair, int d_k, double base);

// Rotates row p of M (p = 0..rows−1) pair by pair by p·θ_i, times `direction`
// (+1 forward; −1 undoes it, which is also the backward pass of a rotation).
// An odd last column is left alone.
void rope_rotate(Mat& M, double base, int direction = +1);

}  // namespace core
