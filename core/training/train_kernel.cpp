// The training kernel: its weights loaded, the calls sent to the passes (train_kernel_passes.h)
// two or four lanes at a time, the gradient handed back.
#include "core/training/train_kernel.h"

#include <stdexcept>
#include <string>

#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/training/train_kernel_passes.h"

namespace core {

namespace {

// Copies a matrix into a flat row-major array of its own width.
template <class M>
void flatten(const M& m, double* out) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) out[r * m.cols() + c] = m(r, c);
}

template <class M>
void unflatten(const double* in, M& m) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) m(r, c) += in[r * m.cols() + c];
}

}  // namespace

void KernelGradient::zero() { std::memset(this, 0, sizeof *this); }

int TrainKernel::widest_lanes() {
#if ATTNLAB_KERNEL_AVX2
  static const int widest = __builtin_cpu_supports("avx2") ? 4 : 2;
  return widest;
#else
  return 2;
#endif
}

void TrainKernel::set_lanes(int lanes) {
  if (lanes != 2 && lanes != widest_lanes())
    throw std::invalid_argument("TrainKernel: " + std::to_string(lanes) + " lanes, not 2 or " + std::to_string(widest_lanes()));
  lanes_ = lanes;
}

void TrainKernel::load(const Scenario& s) {
  n_ = s.n();
  m_ = s.m();
  cross_ = s.cross();
  dm_ = s.d_model;
  dk_ = s.d_k;
  heads_ = s.heads;
  o_ = s.options;
  merged_ = one_w(o_);
  alt_ = attention_alt(o_);
  sinusoidal_ = sinusoidal_positions(o_);
  rope_ = rope_positions(o_);
  cosine_ = cosine_logits(o_);
  sigmoid_ = sigmoid_weights(o_);
  sigmoid_bias_ = sigmoid_bias(s);
  qk_cols_ = query_key_width(s);
  inverse_divisor_ = 1.0 / detail::logit_divisor(s);
  alt_scale_ = attention_alt_scale(dk_);
  for (int i = 0; i < n_; ++i)
    for (int j = 0; j < m_; ++j) masked_[i][j] = detail::is_masked(o_, i, j, n_);
  if (sinusoidal_) {  // as detail::projection_inputs: each sequence counts its positions from 0
    Mat pe;
    sinusoidal_encoding(n_, dm_, o_.position_base, pe);
    flatten(pe, pe_q_);
    sinusoidal_encoding(m_, dm_, o_.position_base, pe);
    flatten(pe, pe_kv_);
  }
  if (rope_)  // as rope_rotate: the angle p·θ_i, θ_i = base^(−2i/d_k)
    for (int p = 0; p < std::max(n_, m_); ++p)
      for (int pair = 0; 2 * pair + 1 < dk_; ++pair) {
        const double angle = static_cast<double>(p) * rope_frequency(pair, dk_, o_.position_base);
        rope_cos_[p][pair] = std::cos(angle);
        rope_sin_[p][pair] = std::sin(angle);
      }
  for (int h = 0; h < heads_; ++h) {
    if (merged_) {
      flatten(s.W[h], W_Q_[h]);
    } else {
      flatten(s.W_Q[h], W_Q_[h]);
      flatten(key_weights(s, h), W_K_[h]);
    }
    flatten(s.W_V[h], W_V_[h]);
    gain_[h] = s.qk_gain[static_cast<size_t>(h)];
    if (alt_ && s.has_W_alt) {
      flatten(s.W_alt[h], W_alt_[h]);
    } else {
      for (int r = 0; r < dk_; ++r)
        for (int c = 0; c < dk_; ++c) W_alt_[h][r * dk_ + c] = r == c ? 1.0 : 0.0;
    }
  }
  flatten(s.W_O, W_O_);
}

void TrainKernel::run(int count, const double* const X[], const double* const X_kv[], const double* const target[], double weight,
                      KernelGradient* g, double* const Y[], double losses[]) const {
  if (count < 1 || count > kMaxLanes)  // past kMaxLanes the lanes read would not exist
    throw std::invalid_argument("TrainKernel: " + std::to_string(count) + " sequences at once, not 1 to " +
                                std::to_string(kMaxLanes));
#if ATTNLAB_KERNEL_AVX2
  if (lanes_ == 4) return pass_avx2(count, X, X_kv, target, weight, g, Y, losses);
#endif
  // Two at a time: the groups one after the other, as the sequences are.
  for (int first = 0; first < count; first += 2)
    pass<2>(std::min(2, count - first), X + first, X_kv ? X_kv + first : nullptr, target ? target + first : nullptr, weight, g,
            Y ? Y + first : nullptr, losses ? losses + first : nullptr);
}

void TrainKernel::output(int count, const double* const X[], const double* const X_kv[], double* const Y[]) const {
  run(count, X, X_kv, nullptr, 0, nullptr, Y, nullptr);
}

void TrainKernel::loss(int count, const double* const X[], const double* const X_kv[], const double* const target[],
                       double losses[]) const {
  run(count, X, X_kv, target, 0, nullptr, nullptr, losses);
}

void TrainKernel::add_gradient(int count, const double* const X[], const double* const X_kv[], const double* const target[],
                               double weight, KernelGradient& g, double losses[]) const {
  run(count, X, X_kv, target, weight, &g, nullptr, losses);
}

void TrainKernel::output(const double* X, const double* X_kv, double* Y) const { output(1, &X, &X_kv, &Y); }

double TrainKernel::loss(const double* X, const double* X_kv, const double* target) const {
  double loss_of_one;
  loss(1, &X, &X_kv, &target, &loss_of_one);
  return loss_of_one;
}

double TrainKernel::add_gradient(const double* X, const double* X_kv, const double* target, double weight,
                                 KernelGradient& g) const {
  double loss_of_one;
  add_gradient(1, &X, &X_kv, &target, weight, g, &loss_of_one);
  return loss_of_one;
}

void TrainKernel::add_to(const KernelGradient& g, Gradient& out) const {
  for (int h = 0; h < heads_; ++h) {
    if (merged_) {
      unflatten(g.W_Q[h], out.W[h]);
    } else {
      unflatten(g.W_Q[h], out.W_Q[h]);
      if (!shared_qk(o_)) unflatten(g.W_K[h], out.W_K[h]);
    }
    unflatten(g.W_V[h], out.W_V[h]);
    if (alt_) unflatten(g.W_alt[h], out.W_alt[h]);
    if (cosine_) out.qk_gain[static_cast<size_t>(h)] += g.qk_gain[h];
  }
  unflatten(g.W_O, out.W_O);
}

}  // namespace core
