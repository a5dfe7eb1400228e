// A trained head brought down to the views' size ("Open in views" in the Heads view): its W = W_Q·W_Kᵀ,
// of any d_model up to 4096, restricted to the few directions that matter most to it, so that a
// student can see and drag it in the 2–4 dimensions every other panel shows.
//
// The directions: the top singular pairs of W, taken in the order u_1, v_1, u_2, v_2, … (u_i a left
// singular vector, the query side; v_i a right one, the key side) and made orthonormal, skipping any
// that lie in the span of those before (a symmetric head has v_1 = ±u_1). With P (d_model × dims) their
// basis, the head in the views has the form W' = Pᵀ·W·P: for tokens x = P·x' in that subspace,
// x_i·W·x_jᵀ = x'_i·W'·x'_jᵀ exactly. With dims = 4 and two pairs, W' holds σ_1·u_1v_1ᵀ + σ_2·u_2v_2ᵀ
// whole (and what of the others falls in the subspace). W' is factored again as W^Q·W^Kᵀ with
// d_k = dims (W' = A·Σ·Bᵀ, W^Q = c·A·√Σ, W^K = c·B·√Σ), with c = (dims / d_k)^{1/4} so that the views'
// logits S / √dims are the trained head's S / √d_k. The tokens are the directions themselves (X = I),
// W^V = W^O = I: the output of a token is the mix of directions it attends to. Each direction points
// where its largest entry is positive, and each column of W^Q likewise (with W^K's), so that a head
// gives one scenario whatever signs the solver's singular vectors come with.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/scenario.h"

namespace core {

struct HeadInViews {
  Eigen::MatrixXd basis;           // P: d_model × dims, orthonormal columns
  std::vector<std::string> names;  // each direction's: "u1", "v1", "u2", … ("e3" for an axis added where W has too few)
  Eigen::MatrixXd form;            // W' = Pᵀ·W·P, dims × dims
  Scenario scenario;               // projected mode, n = d_model = d_k = dims, one head
};

// dims: 2 to 4 (and at most d_model). W_Q, W_K: d_model × d_k, as a heads file holds them.
HeadInViews head_in_views(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K, int dims);

// Characters of a text in the views (the Text view's "Open in views"): the head brought down as above, but its
// tokens are the chosen characters, X = X_c·P with X_c their rows of the layer's normalised input (the head's own
// input, 2 to 8 rows). Their scores in the views are x_i·P·W'·Pᵀ·x_jᵀ = (x_i·P·Pᵀ)·W·(x_j·P·Pᵀ)ᵀ: the head's on
// what of each input lies in the directions. W^V = W^O = I, as above: each output is the mix of the projected
// inputs its character attends to.
HeadInViews text_in_views(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K, int dims, const Eigen::MatrixXd& X_chosen,
                          std::vector<std::string> tokens);

}  // namespace core
