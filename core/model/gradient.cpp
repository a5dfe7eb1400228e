#include "core/model/gradient.h"

#include <cmath>

#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"
#include "core/model/attention_math.h"
#include "core/model/compute.h"

namespace core {

namespace {

template <class M>
void zero_like(M& m, Eigen::Index rows, Eigen::Index cols) { m.setZero(rows, cols); }

}  // namespace

// k = k0/‖k0‖ row by row; back through it: ∂k0 = (∂k − k·(k·∂k)) / ‖k0‖.
// A zero row was kept as it was, and passes nothing back (there is no direction to move).
void detail::normalize_rows_backward(const Mat& K0, const Mat& K, const Mat& dK, Mat& dK0) {
  dK0.resize(K0.rows(), K0.cols());
  for (Eigen::Index j = 0; j < K0.rows(); ++j) {
    const double largest = K0.row(j).cwiseAbs().maxCoeff();
    if (largest == 0) { dK0.row(j).setZero(); continue; }
    const double length = largest * (K0.row(j) / largest).norm();
    const double along = K.row(j).dot(dK.row(j));
    dK0.row(j) = (dK.row(j) - along * K.row(j)) / length;
  }
}

void Gradient::set_zero(const Scenario& s) {
  const int n = s.n(), m = s.m(), dm = s.d_model, dk = s.d_k;
  zero_like(X, n, dm);
  zero_like(X_kv, s.cross() ? m : 0, dm);
  for (int h = 0; h < kMaxHeads; ++h) {
    const bool used = h < s.heads;
    zero_like(W_Q[h], used ? dm : 0, used ? dk : 0);
    zero_like(W_K[h], used ? dm : 0, used ? dk : 0);
    zero_like(W_V[h], used ? dm : 0, used ? dk : 0);
    zero_like(W[h], used ? dm : 0, used ? dm : 0);
    zero_like(Q[h], used ? n : 0, used ? dk : 0);
    zero_like(K[h], used ? m : 0, used ? dk : 0);
    zero_like(V[h], used ? m : 0, used ? dk : 0);
    zero_like(W_alt[h], used ? dk : 0, used ? dk : 0);
  }
  zero_like(W_O, s.heads * dk, dm);
  qk_gain.fill(0.0);
}

double add_gradient(const Scenario& s, double weight, Gradient& g) {
  const Options& o = s.options;
  const int n = s.n(), m = s.m(), dk = s.d_k;
  const bool projected = s.mode == Mode::Projected;
  const bool alt = attention_alt(o);
  const bool sigmoid = sigmoid_weights(o);
  const double divisor = detail::logit_divisor(s);

  // Forward: compute()'s own numbers, so that this loss is the loss the window shows
  // bit for bit (a target set to the output gives exactly 0 and zero gradients).
  // HeadResult holds what the backward pass reads: Q and K after RoPE, K before it
  // (after normalize_keys), V, A, O and the cosine logits' rows and cosines; only the keys
  // before normalize_keys (K0) are projected again here.
  Result forward;
  compute(s, forward);
  Mat Xq, Xkv;
  if (projected) detail::projection_inputs(s, Xq, Xkv);
  const WideMat& concat = forward.concat;
  const Mat residual = forward.output - s.target;
  const double count = static_cast<double>(residual.size());
  const double loss = forward.loss;

  // Backward. dY = 2(Y − target)/(n·d_model), already times the caller's weight.
  const Mat dY = (2.0 * weight / count) * residual;
  g.W_O.noalias() += concat.transpose() * dY;
  WideMat dconcat;
  dconcat.noalias() = dY * s.W_O.transpose();
  for (int h = 0; h < s.heads; ++h) {
    const HeadResult& f = forward.head[h];
    const auto dH = dconcat.middleCols(h * dk, dk);
    Mat dO;
    if (alt) attention_alt_backward(s, h, dH, f.output, dO, g.W_alt[h]);
    else dO = dH;
    Mat dA, dV;
    dA.noalias() = dO * f.V.transpose();
    dV.noalias() = f.weights.transpose() * dO;
    // Softmax backward, row by row: ∂z_ij = a_ij(∂a_ij − Σ_k a_ik ∂a_ik); masked
    // entries have a_ij = 0 and get nothing, as −∞ logits should. Then ∂S = ∂z / divisor.
    // Under sigmoid attention each weight on its own: ∂z_ij = ∂a_ij·a_ij(1 − a_ij) (b is a constant).
    Mat dS(n, m);
    for (int i = 0; i < n; ++i) {
      const double along = sigmoid ? 0.0 : f.weights.row(i).dot(dA.row(i));
      for (int j = 0; j < m; ++j)
        dS(i, j) = (sigmoid ? sigmoid_backward(f.weights(i, j), dA(i, j)) : f.weights(i, j) * (dA(i, j) - along)) / divisor;
    }
    Mat dQ, dK, dK0;
    if (cosine_logits(o)) {
      g.qk_gain[static_cast<size_t>(h)] +=
          cosine_backward(dS, s.qk_gain[static_cast<size_t>(h)], f.Q, f.K, f.Q_hat, f.K_hat, f.qk_cosines, dQ, dK);
    } else {
      dQ.noalias() = dS * f.K;
      dK.noalias() = dS.transpose() * f.Q;
    }
    // RoPE is a rotation: its backward pass turns the gradients back by −p·θ.
    detail::rope_queries_and_keys(s, dQ, dK, -1);
    if (normalized_keys(o)) {  // from the keys before it, projected again
      Mat Q, K0, V;
      detail::project_head(s, Xq, Xkv, h, Q, K0, V);
      normalized_keys_backward(o, K0, f.K_before_rope, dK, dK0);
    } else {
      dK0 = dK;
    }

    if (projected) {
      // PE is a constant: ∂X' = ∂X. Keys and values read X_kv under
      // cross-attention, X otherwise; the queries always read X.
      Mat& gXkv = s.cross() ? g.X_kv : g.X;
      if (one_w(o)) {
        one_w_backward(Xq, dQ, dK0, s.W[h], g.W[h], g.X, gXkv);
      } else {
        g.W_Q[h].noalias() += Xq.transpose() * dQ;
        g.X.noalias() += dQ * s.W_Q[h].transpose();
        gXkv.noalias() += dK0 * key_weights(s, h).transpose();
        key_weights_gradient(s, g, h).noalias() += Xkv.transpose() * dK0;  // W^Q's under shared QK
      }
      g.W_V[h].noalias() += Xkv.transpose() * dV;
      gXkv.noalias() += dV * s.W_V[h].transpose();
    } else {
      g.Q[h] += dQ;
      direct_keys_gradient(s, g, h) += dK0;
      g.V[h] += dV;
    }
  }
  return loss;
}

double gradient(const Scenario& s, Gradient& g) {
  g.set_zero(s);
  return add_gradient(s, 1.0, g);
}

Mat softmax_jacobian(const Mat& weights, int row) {
  const auto a = weights.row(row);
  Mat J;
  J.noalias() = -a.transpose() * a;
  J.diagonal() += a.transpose();
  return J;
}

}  // namespace core
