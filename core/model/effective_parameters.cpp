#include "core/model/effective_parameters.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "core/designs/cosine_logits.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/model/jacobian_parts.h"
#include "core/text/translate.h"

namespace core {

namespace {

using jacobian::GenericEntries;
using jacobian::normalize_with_tangent;

constexpr int kEffectiveBlocks = 24;  // X's drawn: at least 96 logits against at most 32 numbers

// The closed forms, with d = d_model and k = d_k. Their words are the views' markup.
EffectiveParameters closed_form(const Scenario& s) {
  const Options& o = s.options;
  const int d = s.d_model, k = s.d_k, r = std::min(d, k);
  const bool wide = k >= d;
  const auto form = [](int count, std::string formula, std::string reason) {
    return EffectiveParameters{count, false, std::move(formula), std::move(reason)};
  };
  const int gram = d * r - r * (r - 1) / 2;
  if (one_w(o)) {
    if (cosine_logits(o)) return form(d * d - 1, "d_{model}\u00B2 \u2212 1", tr("W and c\u00B7W (c > 0) give the same cosines"));
    return form(d * d, "d_{model}\u00B2", tr("one W is the bilinear form itself: every entry reaches the scores"));
  }
  if (cosine_logits(o) && k == 1)
    return form(0, "0", tr("with d_k = 1 each q\u0302 and k\u0302 is \u00B11, so each cosine is \u00B11: no small change of W^Q or W^K moves it"));
  if (shared_qk(o)) {
    const std::string sym = wide ? "d_{model}(d_{model}+1)/2" : "d_{model}\u00B7d_k \u2212 d_k(d_k\u22121)/2";
    const std::string why = wide ? tr("with d_k \u2265 d_{model}, W^Q W^{Q\u1D40} is any positive semidefinite matrix")
                                 : tr("W^Q\u00B7O (O orthogonal) changes nothing");
    if (cosine_logits(o)) return form(gram - 1, sym + " \u2212 1", why + tr(", and c\u00B7W^Q (c > 0) changes no cosine"));
    if (normalized_keys(o)) return form(gram, sym, why + tr("; S = QQ\u1D40\u00B7diag(1/|q_j|) gives QQ\u1D40 back (S_{jj} = |q_j|)"));
    return form(gram, sym, why);
  }
  if (cosine_logits(o))  // q̂ and k̂ see W^Q and W^K apart: 2·d_model rows of d_k, whatever d_k is here (≤ 4 ≤ 2·d_model)
    return form(2 * d * k - k * (k - 1) / 2 - 2, "2\u00B7d_{model}\u00B7d_k \u2212 d_k(d_k\u22121)/2 \u2212 2",
                tr("a\u00B7W^Q\u00B7O, b\u00B7W^K\u00B7O (O orthogonal, a, b > 0) change no cosine"));
  if (normalized_keys(o)) {
    if (k == 1) return form(d, "d_{model}", tr("with d_k = 1 each key over its length is \u00B11: W^K chooses only the keys' signs, W^Q's d_{model} numbers count"));
    if (wide)
      return form(d * d + d * (d + 1) / 2 - 1, "d_{model}\u00B2 + d_{model}(d_{model}+1)/2 \u2212 1",
                  tr("with d_k \u2265 d_{model}, any W^Q W^{K\u1D40} and any positive definite W^K W^{K\u1D40} (the keys' lengths), less their common scale"));
    return form(2 * d * k - k * (k - 1) / 2 - 1, "2\u00B7d_{model}\u00B7d_k \u2212 d_k(d_k\u22121)/2 \u2212 1",
                tr("W^Q\u00B7O, c\u00B7W^K\u00B7O (O orthogonal, c > 0) change nothing"));
  }
  if (wide) return form(d * d, "d_{model}\u00B2", tr("with d_k \u2265 d_{model}, W^Q W^{K\u1D40} is any matrix"));
  return form(2 * d * k - k * k, "2\u00B7d_{model}\u00B7d_k \u2212 d_k\u00B2", tr("W^Q\u00B7M, W^K\u00B7M^{\u2212\u1D40} (M invertible) change nothing"));
}

using EffectiveKey = std::tuple<int, int, int, int, bool, bool, bool, bool, bool, double>;

EffectiveKey effective_key(const Scenario& s) {
  const Options& o = s.options;
  return {s.n(), s.m(), s.d_model, s.d_k, s.cross(), shared_qk(o), normalized_keys(o), cosine_logits(o), one_w(o),
          o.position_base};
}

}  // namespace

int effective_by_jacobian(const Scenario& s) {
  const Options& o = s.options;
  const bool merged = one_w(o), shared = shared_qk(o), cosine = cosine_logits(o);
  const bool normalize = normalized_keys(o) || cosine, rope = rope_positions(o);
  const int n = s.n(), m = s.m(), d = s.d_model, width = merged ? d : s.d_k;
  GenericEntries g(20261128);
  const Mat WQ = g.matrix(d, width), WK = shared ? WQ : g.matrix(d, width);
  // The numbers that count: W (one W), W^Q (shared QK, the keys' too), or W^Q then W^K.
  const int numbers = (merged || shared ? 1 : 2) * d * width;
  Eigen::MatrixXd J(kEffectiveBlocks * n * m, numbers);
  double logits_size = 0;
  for (int b = 0; b < kEffectiveBlocks; ++b) {
    const Mat X = g.matrix(n, d), Xkv = s.cross() ? g.matrix(m, d) : X;
    Mat Q = X * WQ, K = merged ? Xkv : Mat(Xkv * WK);
    const Mat Q0 = Q, K0 = K;
    Mat none_q = Mat::Zero(n, width), none_k = Mat::Zero(m, width);
    if (cosine) normalize_with_tangent(Q, none_q);
    if (normalize) normalize_with_tangent(K, none_k);
    if (rope) {
      rope_rotate(Q, o.position_base);
      rope_rotate(K, o.position_base);
    }
    logits_size += (Q * K.transpose()).squaredNorm();
    for (int c = 0; c < numbers; ++c) {
      const int entry = c % (d * width), row = entry / width, col = entry % width;
      const bool of_keys = !merged && !shared && c >= d * width;
      Mat dQ = Mat::Zero(n, width), dK = Mat::Zero(m, width);
      if (!of_keys) dQ.col(col) = X.col(row);
      if (of_keys || shared) dK.col(col) = Xkv.col(row);
      Mat q0 = Q0, k0 = K0;
      if (cosine) normalize_with_tangent(q0, dQ);
      if (normalize) normalize_with_tangent(k0, dK);
      if (rope) {  // a fixed turn of each row: its tangent turns alike
        rope_rotate(dQ, o.position_base);
        rope_rotate(dK, o.position_base);
      }
      const Mat dZ = dQ * K.transpose() + Q * dK.transpose();
      J.block(b * n * m, c, n * m, 1) = Eigen::Map<const Eigen::VectorXd>(dZ.data(), dZ.size());
    }
  }
  const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(J).singularValues();
  const double floor = 1e-9 * std::max(sigma.size() ? sigma(0) : 0.0, std::sqrt(logits_size));
  return static_cast<int>((sigma.array() > floor).count());
}

EffectiveParameters effective_parameters(const Scenario& s) {
  if (s.mode != Mode::Projected) return {};
  if (!rope_positions(s.options)) return closed_form(s);
  thread_local EffectiveKey last_key;
  thread_local int last_count = -1;
  const EffectiveKey key = effective_key(s);
  if (last_count < 0 || key != last_key) {
    last_count = effective_by_jacobian(s);
    last_key = key;
  }
  return {last_count, true, "",
          tr_format("RoPE turns q and k between W^Q and W^{K\u1D40}, S_{ij} = x_i W^Q R_{(j\u2212i)\u03B8} W^{K\u1D40} x_j^\u1D40: no closed form here, "
                    "the Jacobian's rank at generic entries over the sequence's {0} positions",
                    {std::to_string(std::max(s.n(), s.m()))})};
}

}  // namespace core
