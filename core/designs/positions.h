// The positions, one design in one place (docs/architecture.md, "Adding a design"; docs/scenario-format.md,
// version 2): without them, and without the causal mask (which itself fixes an order), attention is
// permutation-equivariant: two identical tokens get identical outputs.
//
// Sinusoidal ("Attention Is All You Need"): X' = X + PE before the projections.
// RoPE (RoFormer): after the projections, each pair of coordinates (2i, 2i+1)
// of q_p and k_p turns by the angle p·θ_i, θ_i = base^(−2i/d_k), so that
// the turned q_p·k_r depends on the positions only through p − r.
//
// The option is data of the scenario (Options::positions and position_base); everything else of the design is
// here: its numbers, its problems, its file fields, and its text for the TeX and the lab.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/designs/designs.h"
#include "core/math/matrix.h"

namespace core {

// Which positions the scenario has.
inline bool sinusoidal_positions(const Options& o) { return o.positions == Positions::Sinusoidal; }
inline bool rope_positions(const Options& o) { return o.positions == Positions::Rope; }

// PE[p][2i] = sin(p / base^(2i/d_model)), PE[p][2i+1] = cos(the same angle), p = 0..count−1.
void sinusoidal_encoding(int count, int d_model, double base, Mat& out);
Mat sinusoidal_encoding(int count, int d_model, double base);

// θ_i = base^(−2i/d_k): the angle pair i turns by per position.
double rope_frequency(int pair, int d_k, double base);

// Rotates row p of M (p = 0..rows−1) pair by pair by p·θ_i, times `direction`
// (+1 forward; −1 undoes it, which is also the backward pass of a rotation).
// An odd last column is left alone.
void rope_rotate(Mat& M, double base, int direction = +1);

// What validate() says of them (appended to problems): sinusoidal only in projected mode, RoPE not with one
// W, the base in [1, 1e6].
void positions_problems(const Scenario& s, std::vector<std::string>& problems);

// The file: "positions" ("none", "sinusoidal" or "rope") and "position_base" in "options" (version 2). A
// problem is appended to errors, naming the field.
void read_positions(const nlohmann::json& options, Options& o, std::vector<std::string>& errors);

// The TeX: their sentence in the account of the options ("" without positions); significant writes a number
// as the TeX writes a measured one (RoPE's angles).
std::string positions_tex(const Scenario& s, std::string (*significant)(double));

// Their words in a variant's one-line summary, "" without positions: "RoPE", "sinusoidal PE (base 100)".
std::string positions_summary(const Options& o);

}  // namespace core
