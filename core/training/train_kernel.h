// The inner loop of training: one layer's forward pass, loss and backward
// pass for a few sequences at a time, on flat arrays of the largest sizes.
//
// core::add_gradient takes a whole Scenario and gives ∂L/∂ every matrix, X
// included, for the views; a training step needs ∂L/∂ the weights alone, for
// 16 sequences of every variant, thousands of times. This is that loop, lean:
// the weights copied once a step, no Scenario per sequence, no ∂L/∂X, the
// sizes known to the compiler, the softmax's exps four at a time
// (fast_exp.h), and several sequences at once, one in each SIMD lane
// (core/math/lanes.h): four where the processor has AVX2 (in a GCC build for
// x86-64), else two. It computes the same function, with the same options (shared
// QK, one W, normalize_keys, the cosine logits and their gains, masks, scale, temperature,
// positions, cross-attention, AttentionAlt's W_alt), to rounding:
// tests/unit/training/test_train_kernel.cpp checks it against add_gradient.
#pragma once

#include "core/math/lanes.h"
#include "core/math/matrix.h"
#include "core/model/gradient.h"
#include "core/model/scenario.h"

namespace core {

// ∂L/∂ the trained weights, row-major, each matrix as wide as it is in the
// scenario (W^Q: d_model × d_k, so entry (r, c) is W_Q[h][r * d_k + c]).
struct KernelGradient {
  double W_Q[kMaxHeads][kMaxDModel * kMaxDModel];  // W^Q, or one W (d_model × d_model)
  double W_K[kMaxHeads][kMaxDModel * kMaxDk];
  double W_V[kMaxHeads][kMaxDModel * kMaxDk];
  double W_alt[kMaxHeads][kMaxDk * kMaxDk];
  double W_O[kMaxConcat * kMaxDModel];
  double qk_gain[kMaxHeads];  // the cosine logits' gain g_h
  void zero();
};

class TrainKernel {
 public:
  // Projected scenarios, the only ones a variant or a teacher can be.
  static bool supports(const Scenario& s) { return s.mode == Mode::Projected; }

  // The weights, sizes and options of s. Call again after the weights change.
  void load(const Scenario& s);

  // X, target and Y are n × d_model, row-major (Mat::data() of a Sequence).
  // X_kv is the keys' and values' sequence, m × d_model, under cross-attention
  // (the loaded scenario has tokens_kv); nullptr otherwise, and then ignored.
  //
  // Each takes `count` sequences, 1 to kMaxLanes (else std::invalid_argument), and computes them
  // lanes() at a time, sequence b in a SIMD lane of its own (core/math/lanes.h; the lanes past
  // count repeat the last sequence, unused).
  // Each lane performs the same operations in the same order, whatever its neighbours:
  // a sequence's numbers are the same bits in any lane, any company and any lane count.
  //
  // Y[b] = the layer's output on X[b] (and X_kv[b]).
  void output(int count, const double* const X[], const double* const X_kv[], double* const Y[]) const;
  // losses[b] = mean (Y − target)² of sequence b (a target is needed: output() is the pass without).
  void loss(int count, const double* const X[], const double* const X_kv[], const double* const target[], double losses[]) const;
  // losses[b] as loss(), and weight·∂L/∂W of every trained W added to g for each sequence in
  // turn, b = 0 first: as one sequence at a time would leave g, bit for bit.
  void add_gradient(int count, const double* const X[], const double* const X_kv[], const double* const target[], double weight,
                    KernelGradient& g, double losses[]) const;
  // One sequence.
  void output(const double* X, const double* X_kv, double* Y) const;
  double loss(const double* X, const double* X_kv, const double* target) const;
  double add_gradient(const double* X, const double* X_kv, const double* target, double weight, KernelGradient& g) const;

  // Adds g to the trained matrices of a Gradient shaped by set_zero() for the loaded scenario.
  void add_to(const KernelGradient& g, Gradient& out) const;

  // How many sequences one pass computes: 4 where the processor has AVX2 (an x86-64 build with
  // GCC: train_kernel_avx2.cpp), else 2, as in the page. set_lanes(2) makes a kernel compute two
  // at a time anyway (the tests compare the two); another count throws std::invalid_argument.
  static int widest_lanes();
  int lanes() const { return lanes_; }
  void set_lanes(int lanes);

 private:
  // The passes (train_kernel_passes.h), for L lanes.
  template <int L>
  struct Work;
  // Each lane's ∂L/∂W, before it is added to a KernelGradient.
  template <int L>
  struct Contribution;
  // output, loss and add_gradient: count sequences, kMaxLanes at most, lanes_ at a time. Y,
  // losses and g are filled where they are not null (g: with the weight).
  void run(int count, const double* const X[], const double* const X_kv[], const double* const target[], double weight,
           KernelGradient* g, double* const Y[], double losses[]) const;
  // One pass of count ≤ L sequences; pass_avx2 is pass<4>, compiled for AVX2.
  template <int L>
  void pass(int count, const double* const X[], const double* const X_kv[], const double* const target[], double weight,
            KernelGradient* g, double* const Y[], double losses[]) const;
  void pass_avx2(int count, const double* const X[], const double* const X_kv[], const double* const target[], double weight,
                 KernelGradient* g, double* const Y[], double losses[]) const;
  // With the sizes as constants (pass() chooses them at run time). X, X_kv and target hold the
  // sequences' entries side by side; the losses are left in w (nothing passes lanes by value
  // between functions that may not be inlined: with four lanes, that ABI differs with AVX).
  template <int L, int DM, int QC, int DK>
  void forward(const LanesOf<L>* X, const LanesOf<L>* X_kv, const LanesOf<L>* target, Work<L>& w) const;
  template <int L, int DM, int QC, int DK>
  void backward(const LanesOf<L>* X, const LanesOf<L>* X_kv, const LanesOf<L>* target, double weight, Work<L>& w,
                Contribution<L>& d) const;
  // g += the first count lanes of d, lane 0's first: as the sequences one after the other add to it.
  template <int L>
  void add_contribution(const Contribution<L>& d, int count, KernelGradient& g) const;
  // RoPE on the rows of M (rows × d_k): row p turned pair by pair by p·θ_i, or back by −p·θ_i.
  template <int L>
  void rotate(LanesOf<L>* M, int rows, bool back) const;

  int lanes_ = widest_lanes();

  int n_ = 0, m_ = 0, dm_ = 0, dk_ = 0, heads_ = 0;  // m_: the keys (n_ without cross-attention)
  int qk_cols_ = 0;                                  // d_k, or d_model under one W (Q = X·W, K = X)
  Options o_;
  bool alt_ = false, merged_ = false, cross_ = false, sinusoidal_ = false, rope_ = false, cosine_ = false;
  bool sigmoid_ = false;  // sigmoid attention, and its bias b
  double sigmoid_bias_ = 0;
  double gain_[kMaxHeads] = {};  // the cosine logits' g_h
  double inverse_divisor_ = 1, alt_scale_ = 1;
  bool masked_[kMaxTokens][kMaxTokens] = {};  // n × m
  // Sinusoidal positions: PE of the queries' sequence (n × d_model) and of the keys' (m × d_model), row-major.
  double pe_q_[kMaxTokens * kMaxDModel] = {}, pe_kv_[kMaxTokens * kMaxDModel] = {};
  // RoPE: cos and sin of p·θ_i for position p and pair i (d_k / 2 pairs; an odd last coordinate stays).
  double rope_cos_[kMaxTokens][kMaxDk / 2] = {}, rope_sin_[kMaxTokens][kMaxDk / 2] = {};
  double W_Q_[kMaxHeads][kMaxDModel * kMaxDModel] = {};  // W^Q (d_model × d_k) or W (d_model × d_model)
  double W_K_[kMaxHeads][kMaxDModel * kMaxDk] = {};      // W^K (W^Q's copy under shared QK)
  double W_V_[kMaxHeads][kMaxDModel * kMaxDk] = {};
  double W_alt_[kMaxHeads][kMaxDk * kMaxDk] = {};
  double W_O_[kMaxConcat * kMaxDModel] = {};
};

}  // namespace core
