// What a trained head's scores are made of, in numbers: the bilinear form W = W_Q·W_Kᵀ
// (d_model × d_model, s_ij = x_i·W·x_jᵀ) of one head of any size a heads file holds
// (core/io/heads_file.h), up to d_model = 4096. How symmetric it is answers "why not QQᵀ?" for
// a trained model: QQᵀ's form is always symmetric, a head that learned direction is not.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace core {

struct BilinearForm {
  int d_model = 0, d_k = 0;
  // ‖(W + Wᵀ)/2‖²_F / ‖W‖²_F: 1 for a symmetric W, 0 for an antisymmetric one, 1/2 for one that
  // is as much the one as the other (the two parts are orthogonal, so the fraction and its
  // antisymmetric counterpart sum to 1). 1 for W = 0, which is symmetric.
  double symmetric_fraction = 1;
  std::vector<double> singular_values;  // of W, descending: d_k of them (d_k ≤ d_model), the rest are 0
  double rank_tolerance = 0;            // numpy.linalg.matrix_rank's: σ_max · d_model · ε
  int rank = 0;                         // the singular values above it
  // Why W's numbers leave the doubles, "" when they do not: a singular value scaled back past the largest
  // double (1.8e308, it would print as null), or one the rank counts under the smallest (4.9e-324, it would
  // be 0 while counted). A reader refuses such a head, naming it.
  std::string unrepresentable;
};

// W_Q and W_K: d_model × d_k each (the same shape, d_k ≤ d_model). Computed without forming W where d_k < d_model:
// the d_k × d_k Gram matrices and W_Kᵀ·W_Q give both norms (‖W‖²_F = tr(W_QᵀW_Q·W_KᵀW_K) and
// ⟨W, Wᵀ⟩ = tr(W_KᵀW_Q·W_KᵀW_Q)), and the thin QR factors W_Q = U·R_Q, W_K = V·R_K give the
// singular values, those of R_Q·R_Kᵀ. A GPT-2 head (768 × 64) then takes a 64 × 64 SVD, not a 768 × 768 one.
BilinearForm bilinear_form(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K);

// W and its two parts as pictures of at most max_side × max_side cells, for the Heads view: where
// d_model > max_side, each cell is the mean of a block × block square of W (the last row and column of
// blocks may be narrower). The mean is linear, so a block's mean of W is the product of the block
// means of W_Q's and W_K's rows (no d_model × d_model product is formed), and the means of Wᵀ are
// those of W transposed: the parts of the picture are the pictures of the parts.
struct FormPicture {
  int d_model = 0;
  int block = 1;  // rows (and columns) of W a cell averages: 1 where d_model ≤ max_side
  Eigen::MatrixXd W, symmetric, antisymmetric;  // side × side, side = ⌈d_model / block⌉
  double max_abs = 0;                           // the largest |entry| of the three: one colour scale
  // The rows (or columns) of W that cell index i covers: [first, last], 0-based.
  int first(int i) const { return i * block; }
  int last(int i) const { return std::min(d_model, (i + 1) * block) - 1; }
};
FormPicture form_picture(const Eigen::MatrixXd& W_Q, const Eigen::MatrixXd& W_K, int max_side);

}  // namespace core
