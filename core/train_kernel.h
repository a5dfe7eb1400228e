// The inner loop of training: one layer's forward pass, loss and backward
// pass for one sequence at a time, on flat arrays of the largest sizes.
//
// core::add_gradient takes a whole Scenario and gives ∂L/∂ every matrix, X
// included, for the views; a training step needs ∂L/∂ the weights alone, for
// 16 sequences of every variant, thousands of times. This is that loop, lean:
// the weights copied once a step, no Scenario per sequence, no ∂L/∂X, the
// sizes known to the compiler, nothing on the heap.
//
// It computes the same numbers as add_gradient and compute(), bit for bit: the
// same operations in the same order, sums included (where Eigen adds a dot
// product two lanes at a time, so does this file). A run of the lab then gives
// the same bytes whichever path trained it; tests/test_train_kernel.cpp checks
// every option against add_gradient, compute() and compute_output().
#pragma once

#include "core/gradient.h"
#include "core/matrix.h"
#include "core/scenario.h"

namespace core {

// ∂L/∂ the trained weights, row-major, each matrix as wide as it is in the
// scenario (W^Q: d_model × d_k, so entry (r, c) is W_Q[h][r * d_k + c]).
struct KernelGradient {
  double W_Q[kMaxHeads][kMaxDModel * kMaxDModel];  // W^Q, or under merged QK the one W (d_model × d_model)
  double W_K[kMaxHeads][kMaxDModel * kMaxDk];
  double W_V[kMaxHeads][kMaxDModel * kMaxDk];
  double W_alt[kMaxHeads][kMaxDk * kMaxDk];
  double W_O[kMaxConcat * kMaxDModel];
  void zero();
};

class TrainKernel {
 public:
  // Projected scenarios, the only ones a variant or a teacher can be.
  static bool supports(const Scenario& s) { return s.mode == Mode::Projected; }

  // The weights, sizes and options of s. Call again after the weights change.
  void load(const Scenario& s);

  // X, target and Y are n × d_model, row-major (Mat::data() of a Sequence).
  // Y = the layer's output on X: compute_output()'s bits.
  void output(const double* X, double* Y) const;
  // L = mean (Y − target)²: compute()'s loss.
  double loss(const double* X, const double* target) const;
  // Returns L and adds weight·∂L/∂W for every trained W to g: add_gradient()'s bits.
  double add_gradient(const double* X, const double* target, double weight, KernelGradient& g) const;

  // Adds g to the trained matrices of a Gradient shaped by set_zero() for the loaded scenario.
  void add_to(const KernelGradient& g, Gradient& out) const;

 private:
  struct Forward;
  template <int DM, int DK, bool MERGED>
  void forward(const double* X, bool mirror, Forward& f) const;
  template <int DM, int DK, bool MERGED>
  double backward(const double* X, const double* target, double weight, KernelGradient& g) const;
  template <class F>
  auto dispatch(F&& f) const;

  int n_ = 0, dm_ = 0, dk_ = 0, heads_ = 0;
  bool merged_ = false, shared_ = false, normalize_keys_ = false;
  bool alt_ = false, has_W_alt_ = false;
  bool mirror_scores_ = false;  // compute() mirrors S under shared QK (without normalize_keys)
  double divisor_ = 1, alt_scale_ = 1;
  bool masked_[kMaxTokens][kMaxTokens] = {};
  double W_Q_[kMaxHeads][kMaxDModel * kMaxDModel] = {};  // W^Q, or the one W
  double W_K_[kMaxHeads][kMaxDModel * kMaxDk] = {};      // W^K (W^Q's copy under shared QK)
  double W_V_[kMaxHeads][kMaxDModel * kMaxDk] = {};
  double W_alt_[kMaxHeads][kMaxDk * kMaxDk] = {};
  double W_O_[kMaxConcat * kMaxDModel] = {};
};

}  // namespace core
