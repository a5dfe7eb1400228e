#include "core/model/gauge.h"

#include <algorithm>
#include <cmath>
#include <random>

#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include "core/designs/cosine_logits.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"

namespace core {

namespace {

using GaugeKind = GaugeGroup::Kind;

// What M does, as the demo says it.
std::string gauge_action(const Scenario& s) {
  const bool projected = s.mode == Mode::Projected;
  if (shared_qk(s.options))
    return projected ? "W^Q \u2190 W^Q\u00B7M in every head, and W^K = W^Q with it" : "Q \u2190 Q\u00B7M in every head, and K = Q with it";
  return projected ? "W^Q \u2190 W^Q\u00B7M and W^K \u2190 W^K\u00B7M\u207B\u1D40 in every head" : "Q \u2190 Q\u00B7M and K \u2190 K\u00B7M\u207B\u1D40 in every head";
}

// Which M keep the logits, and why: the first reason that asks most.
std::string gauge_condition(const Scenario& s, const GaugeGroup& g) {
  const Options& o = s.options;
  if (cosine_logits(o))
    return std::string("QK-norm's logits are g\u00B7cos(q_i, k_j)/T: M = c\u00B7O (O orthogonal, c > 0) keeps every cosine") +
           (g.keeps_qkt ? " and QK\u1D40; another M keeps QK\u1D40 but, for some W^Q and W^K, not every cosine." : ", while QK\u1D40 grows by c\u00B2.");
  if (shared_qk(o) && normalized_keys(o))
    return "An orthogonal M (M\u00B7M\u1D40 = I) keeps QQ\u1D40 and every q's length, so S_{ij} = q_i\u00B7q_j^\u1D40/|q_j| stays.";
  if (shared_qk(o))
    return std::string("An orthogonal M (M\u00B7M\u1D40 = I) keeps the scores, Q\u00B7M\u00B7M\u1D40\u00B7K\u1D40; when ") +
           (s.mode == Mode::Projected ? "Q = X\u00B7W^Q" : "Q") + (s.cross() ? " and K have" : " has") +
           " full column rank (rank d_k) no other M does.";
  if (normalized_keys(o))
    return "The keys are divided by their lengths, which M\u207B\u1D40 must keep: an orthogonal M (M\u00B7M\u1D40 = I) keeps the scores, "
           "and when W^K has full column rank (d_k \u2264 d_{model}) no other M keeps every key's length for every X. (W^K times "
           "any c > 0 changes nothing either: no key turns.)";
  return "Q and K change, QK\u1D40 does not, for any invertible M.";
}

// R_δ: the turn RoPE gives a row δ positions on, d × d (an odd last column stays).
Eigen::MatrixXd rope_turn(int d, int delta, double base) {
  Eigen::MatrixXd R = Eigen::MatrixXd::Identity(d, d);
  for (int pair = 0; 2 * pair + 1 < d; ++pair) {
    const double angle = delta * rope_frequency(pair, d, base);
    R(2 * pair, 2 * pair) = R(2 * pair + 1, 2 * pair + 1) = std::cos(angle);
    R(2 * pair, 2 * pair + 1) = std::sin(angle);
    R(2 * pair + 1, 2 * pair) = -std::sin(angle);
  }
  return R;
}

// Why M is not of the scenario's group, or "".
std::string outside_gauge_group(const Scenario& s, const GaugeGroup& g, const Eigen::MatrixXd& M) {
  const Eigen::Index d = M.rows();
  const Eigen::MatrixXd MMt = M * M.transpose(), I = Eigen::MatrixXd::Identity(d, d);
  if (g.kind == GaugeKind::Orthogonal && (MMt - I).cwiseAbs().maxCoeff() > 1e-9)
    return shared_qk(s.options) ? "under shared QK, W_K = W_Q: only an orthogonal M (M·Mᵀ = I) keeps the scores whatever W_Q is "
                                  "(when Q = X·W_Q has full column rank, no other M does)"
                                : "with normalised keys only an orthogonal M (M·Mᵀ = I) keeps every key's length whatever W_K is, and so "
                                  "the scores for every X, W_Q and W_K";
  if (g.kind == GaugeKind::Conformal) {
    const double c2 = MMt.trace() / static_cast<double>(d);
    if ((MMt - c2 * I).cwiseAbs().maxCoeff() > 1e-9 * c2)
      return "under QK-norm only M = c·O (O orthogonal, c > 0, so M·Mᵀ = c²·I) keeps every cosine of q and k whatever W_Q and "
             "W_K are";
  }
  if (g.commutes_with_turns) {
    const double size = std::max(1.0, M.cwiseAbs().maxCoeff());
    for (int delta = 1; delta < std::max(s.n(), s.m()); ++delta) {
      const Eigen::MatrixXd R = rope_turn(static_cast<int>(d), delta, s.options.position_base);
      if ((M * R - R * M).cwiseAbs().maxCoeff() > 1e-9 * size)
        return "under RoPE only an M that commutes with every turn keeps the scores whatever W_Q and W_K are (with a distinct "
               "angle per pair: within each pair of columns a turn and a scaling, any number on an odd last column)";
    }
  }
  return {};
}

}  // namespace

GaugeGroup gauge_group(const Scenario& s) {
  const Options& o = s.options;
  GaugeGroup g;
  if (s.mode == Mode::Projected && one_w(o)) {
    g.applies = false;
    g.keeps = "One W has no W^Q and W^K to move: W itself is the bilinear form, and every entry of it reaches the scores. "
              "Turn one W off to try the gauge.";
    return g;
  }
  g.kind = cosine_logits(o) ? GaugeKind::Conformal : shared_qk(o) || normalized_keys(o) ? GaugeKind::Orthogonal : GaugeKind::Invertible;
  g.commutes_with_turns = rope_positions(o);
  g.keeps_qkt = !(cosine_logits(o) && shared_qk(o));
  g.keeps = gauge_action(s) + ". " + gauge_condition(s, g);
  if (g.commutes_with_turns)
    g.keeps += std::string(" RoPE turns q and k between W^Q and W^{K\u1D40} (S_{ij} = q_i\u00B7R_{(j\u2212i)\u03B8}\u00B7k_j^\u1D40, q and k before "
                           "the turn), so M must also commute with every turn: with a distinct angle per pair, within each pair of "
                           "columns a turn") +
               (g.kind == GaugeKind::Invertible ? " and a scaling, and any nonzero number on an odd last column."
                : g.kind == GaugeKind::Conformal ? ", all scaled alike (\u00B1c on an odd last column)."
                                                 : " (\u00B11 on an odd last column).");
  if (g.commutes_with_turns && s.options.position_base == 1.0)  // θ_i = 1 for every pair
    g.keeps += " At base 1 every pair turns alike, and M may also mix pairs as a complex matrix does.";
  g.keeps += " 'random M' draws one; 'apply M' takes no other.";
  return g;
}

Eigen::MatrixXd random_gauge(const Scenario& s, std::uint32_t seed) {
  const GaugeGroup g = gauge_group(s);
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> scale(0.5, 2.0);
  const int d = s.d_k;
  const double c = g.kind == GaugeKind::Conformal ? scale(rng) : 1.0;
  if (g.commutes_with_turns) {  // a turn within each pair (and a scaling), ± on an odd last column
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(d, d);
    for (int pair = 0; 2 * pair + 1 < d; ++pair) {
      const double angle = std::atan2(normal(rng), normal(rng)), r = g.kind == GaugeKind::Invertible ? scale(rng) : c;
      M(2 * pair, 2 * pair) = M(2 * pair + 1, 2 * pair + 1) = r * std::cos(angle);
      M(2 * pair, 2 * pair + 1) = r * std::sin(angle);
      M(2 * pair + 1, 2 * pair) = -r * std::sin(angle);
    }
    if (d % 2) M(d - 1, d - 1) = (normal(rng) < 0 ? -1.0 : 1.0) * (g.kind == GaugeKind::Invertible ? scale(rng) : c);
    return M;
  }
  Eigen::MatrixXd A(d, d);
  for (Eigen::Index i = 0; i < A.size(); ++i) A(i) = normal(rng);
  // The Q of a QR decomposition of a Gaussian matrix: a random orthogonal matrix.
  if (g.kind != GaugeKind::Invertible) return c * Eigen::MatrixXd(Eigen::HouseholderQR<Eigen::MatrixXd>(A).householderQ());
  // Near the identity, so that Q and K change visibly but not wildly, and well conditioned.
  return Eigen::MatrixXd::Identity(d, d) + 0.6 * A;
}

std::string apply_gauge(Scenario& s, const Eigen::MatrixXd& M) {
  const GaugeGroup g = gauge_group(s);
  if (!g.applies) return "one W has no W_Q and W_K: the gauge does not apply (W itself is the bilinear form)";
  const Eigen::Index d = s.d_k;
  if (M.rows() != d || M.cols() != d)
    return "M must be " + std::to_string(d) + "×" + std::to_string(d) + " (d_k × d_k)";
  if (!M.allFinite()) return "M has an entry that is not a finite number";
  const Eigen::VectorXd sv = Eigen::JacobiSVD<Eigen::MatrixXd>(M).singularValues();
  if (sv(d - 1) < 1e-9 * std::max(1.0, sv(0))) return "M is not invertible (its smallest singular value is 0)";
  if (std::string why = outside_gauge_group(s, g, M); !why.empty()) return why;
  const Eigen::MatrixXd M_inv_t = M.inverse().transpose();

  Scenario changed = s;
  for (int h = 0; h < s.heads; ++h) {
    if (s.mode == Mode::Projected) {
      changed.W_Q[h] = Eigen::MatrixXd(s.W_Q[h]) * M;
      changed.W_K[h] = Eigen::MatrixXd(key_weights(s, h)) * (shared_qk(s.options) ? M : M_inv_t);
    } else {
      changed.Q[h] = Eigen::MatrixXd(s.Q[h]) * M;
      changed.K[h] = Eigen::MatrixXd(direct_keys(s, h)) * (shared_qk(s.options) ? M : M_inv_t);
    }
  }
  if (!validate(changed).empty()) return "M makes an entry larger than 1e6";
  s = std::move(changed);
  return {};
}

}  // namespace core
