// How many numbers really choose the scores S = Q·Kᵀ and QQᵀ in the mode on screen
// (docs/mathematics.md, Degrees of freedom): the dimension of the set of matrices
// that the matrices a person edits reach, at generic entries. That is the rank of the
// Jacobian of S with respect to every editable matrix S depends on: X, W^Q and W^K
// (or the one W), and X_kv, in projected mode; Q and K in direct mode.
//
// Not the 2nr − r² of every n × n matrix of rank ≤ r: in projected self-attention
// S = X·M·Xᵀ, so its rows and its columns lie in the one space X's columns span.
#pragma once

#include <string>

#include "core/model/scenario.h"

namespace core {

// Which count holds, so that the Scores panel can write it out.
enum class FreedomForm {
  LowRank,     // rank ≤ r and nothing else: (n + m)r − r² (n·m when r = min(n, m))
  SharedSpan,  // projected self-attention, S = X·M·Xᵀ: 2nr − r² − (n − D)(2r − D), D = min(n, d_model)
  Gram,        // S = QQᵀ, symmetric positive semidefinite of rank ≤ r: nr − r(r−1)/2
  Computed,    // normalised keys, or RoPE's turns of X·W: no closed form here, the Jacobian's rank
};

struct ScoreFreedom {
  int rank_bound = 0;  // r: S has rank ≤ r
  int span = 0;        // D = min(n, d_model), where the form is SharedSpan
  FreedomForm form = FreedomForm::LowRank;
  int scores = 0;
  int qqt_rank_bound = 0;  // of QQᵀ (n × n), Q's rank bound
  FreedomForm qqt_form = FreedomForm::Gram;
  int qqt = 0;
};

// The same for every head: the heads share X and the sizes, and S_h depends on its own
// weights alone. Computed counts are kept for the last sizes and options asked
// (the Scores panel asks every frame; the Jacobian's SVD takes about a millisecond).
ScoreFreedom score_freedom(const Scenario& s);

// The rank of the Jacobian of S (and of QQᵀ) with respect to the editable matrices, at
// entries drawn from a fixed generator (the same on every machine): what the closed
// forms count, found numerically. A singular value counts above 10⁻⁹·σ_max: at generic
// entries the others are rounding, about 10⁻¹⁵·σ_max.
struct JacobianRanks {
  int scores = 0, qqt = 0;
};
JacobianRanks freedom_by_jacobian(const Scenario& s);

// What the Scores panel writes under its heatmaps, in the views' markup: what the count
// is of, which matrices choose it, and the formula with its value ("r = min(n, d_k) = 2:
// S has rank ≤ r, 2nr − r² = 12 degrees of freedom of n² = 16; …").
std::string describe_freedom(const Scenario& s, const ScoreFreedom& f);

}  // namespace core
