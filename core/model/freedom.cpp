#include "core/model/freedom.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

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
using jacobian::numerical_rank;

int low_rank(int n, int m, int r) { return (n + m) * r - r * r; }
int gram(int n, int r) { return n * r - r * (r - 1) / 2; }

// Where S's queries and keys come from, at generic entries: Q0 and K0 before
// normalize_keys and RoPE, and the editable matrices they are made of. Sinusoidal
// positions are left out: X ↦ X + PE moves every X by the same PE, so S reaches the
// same set with them as without.
struct GenericHead {
  bool projected = true, cross = false, shared = false, merged = false;
  int n = 0, m = 0, width = 0;  // width: Q's and K's columns
  Mat X, Xkv, WQ, WK;           // projected: WQ is the one W under merged_qk
  Mat Q0, K0;

  explicit GenericHead(const Scenario& s) {
    const Options& o = s.options;
    projected = s.mode == Mode::Projected;
    cross = s.cross();
    shared = shared_qk(o);
    merged = projected && one_w(o);
    n = s.n();
    m = s.m();
    width = merged ? s.d_model : s.d_k;
    GenericEntries g;
    if (!projected) {
      Q0 = g.matrix(n, width);
      K0 = shared ? Q0 : g.matrix(m, width);
      return;
    }
    X = g.matrix(n, s.d_model);
    Xkv = cross ? g.matrix(m, s.d_model) : X;
    WQ = g.matrix(s.d_model, width);
    WK = shared ? WQ : g.matrix(s.d_model, width);
    Q0 = X * WQ;
    K0 = merged ? Xkv : Mat(Xkv * WK);
  }

  // The key's tangent made by one row of Xkv changing by `d` (an X row, too, without cross-attention).
  Mat key_row(const Eigen::RowVectorXd& d) const {
    return merged ? Mat(d) : Mat(d * WK);
  }

  // The tangents (dQ0, dK0) along every editable entry, in turn.
  template <class Visit>
  void each_tangent(Visit visit) const {
    const Mat zero_q = Mat::Zero(n, width), zero_k = Mat::Zero(m, width);
    if (!projected) {
      for (int i = 0; i < n; ++i)
        for (int t = 0; t < width; ++t) {
          Mat dQ = zero_q, dK = zero_k;
          dQ(i, t) = 1;
          if (shared) dK(i, t) = 1;
          visit(dQ, dK);
        }
      if (!shared)
        for (int j = 0; j < m; ++j)
          for (int t = 0; t < width; ++t) {
            Mat dK = zero_k;
            dK(j, t) = 1;
            visit(zero_q, dK);
          }
      return;
    }
    const int d_model = static_cast<int>(X.cols());
    for (int i = 0; i < n; ++i)  // X: the queries' rows, and the keys' too without cross-attention
      for (int c = 0; c < d_model; ++c) {
        Mat dQ = zero_q, dK = zero_k;
        dQ.row(i) = WQ.row(c);
        if (!cross) dK.row(i) = key_row(Eigen::RowVectorXd::Unit(d_model, c));
        visit(dQ, dK);
      }
    if (cross)
      for (int j = 0; j < m; ++j)
        for (int c = 0; c < d_model; ++c) {
          Mat dK = zero_k;
          dK.row(j) = key_row(Eigen::RowVectorXd::Unit(d_model, c));
          visit(zero_q, dK);
        }
    for (int c = 0; c < d_model; ++c)  // W^Q (or W): a column of Q, and of K under shared QK
      for (int t = 0; t < width; ++t) {
        Mat dQ = zero_q, dK = zero_k;
        dQ.col(t) = X.col(c);
        if (shared) dK.col(t) = Xkv.col(c);
        visit(dQ, dK);
      }
    if (!shared && !merged)
      for (int c = 0; c < d_model; ++c)
        for (int t = 0; t < width; ++t) {
          Mat dK = zero_k;
          dK.col(t) = Xkv.col(c);
          visit(zero_q, dK);
        }
  }
};

using FreedomKey = std::tuple<int, int, int, int, int, bool, bool, bool, bool, int, double>;

FreedomKey key_of(const Scenario& s) {
  const Options& o = s.options;
  return {s.n(), s.m(), s.d_model, s.d_k, static_cast<int>(s.mode), s.cross(), shared_qk(o), normalized_keys(o),
          one_w(o), static_cast<int>(o.positions), o.position_base};
}

}  // namespace

JacobianRanks freedom_by_jacobian(const Scenario& s) {
  const GenericHead g(s);
  const bool normalize = normalized_keys(s.options), rope = rope_positions(s.options);
  const double base = s.options.position_base;
  Mat Q = g.Q0, K = g.K0, unused = Mat::Zero(g.m, g.width);
  if (normalize) normalize_with_tangent(K, unused);
  if (rope) {
    rope_rotate(Q, base);
    rope_rotate(K, base);
  }
  std::vector<Eigen::VectorXd> s_columns, qqt_columns;
  g.each_tangent([&](const Mat& dQ0, const Mat& dK0) {
    Mat dQ = dQ0, dK = dK0, K0 = g.K0;
    if (normalize) normalize_with_tangent(K0, dK);
    if (rope) {  // a fixed turn of each row: its tangent turns alike
      rope_rotate(dQ, base);
      rope_rotate(dK, base);
    }
    const Mat dS = dQ * K.transpose() + Q * dK.transpose(), dQQ = dQ * Q.transpose() + Q * dQ.transpose();
    s_columns.emplace_back(Eigen::Map<const Eigen::VectorXd>(dS.data(), dS.size()));
    qqt_columns.emplace_back(Eigen::Map<const Eigen::VectorXd>(dQQ.data(), dQQ.size()));
  });
  const auto stack = [](const std::vector<Eigen::VectorXd>& columns) {
    Eigen::MatrixXd J(columns.front().size(), static_cast<Eigen::Index>(columns.size()));
    for (size_t c = 0; c < columns.size(); ++c) J.col(static_cast<Eigen::Index>(c)) = columns[c];
    return J;
  };
  return {numerical_rank(stack(s_columns)), numerical_rank(stack(qqt_columns))};
}

ScoreFreedom score_freedom(const Scenario& s) {
  const Options& o = s.options;
  const bool projected = s.mode == Mode::Projected, cross = s.cross();
  const int n = s.n(), m = s.m();
  // RoPE turns each row of X·W^Q by its own angles, and normalised keys rescale each
  // row of X·W^K (or K) by its own length: S is then no longer X·M·X_kvᵀ for one M.
  // Under shared QK, normalising divides column j of QQᵀ by √(QQᵀ)_jj, which QQᵀ gives
  // back from S: the same count as QQᵀ's.
  const bool turned = projected && rope_positions(o);
  const int width = projected && one_w(o) ? s.d_model : s.d_k;
  // Q = X·W^Q has rank ≤ d_model too, unless RoPE turns its rows apart.
  const int through = projected && !turned ? std::min(width, s.d_model) : width;
  ScoreFreedom f;
  f.rank_bound = std::min({n, m, through});
  f.qqt_rank_bound = std::min(n, through);
  const bool gram_scores = shared_qk(o) && !cross;
  const bool computed = turned || (normalized_keys(o) && !gram_scores);
  JacobianRanks ranks;
  if (computed) {
    thread_local FreedomKey last_key;
    thread_local JacobianRanks last_ranks{-1, -1};
    const FreedomKey key = key_of(s);
    if (last_ranks.scores < 0 || key != last_key) {
      last_ranks = freedom_by_jacobian(s);
      last_key = key;
    }
    ranks = last_ranks;
  }
  const int r = f.rank_bound;
  if (computed) {
    f.form = FreedomForm::Computed;
    f.scores = ranks.scores;
  } else if (gram_scores) {
    f.form = FreedomForm::Gram;
    f.scores = gram(n, r);
  } else if (cross || !projected) {
    f.form = FreedomForm::LowRank;
    f.scores = low_rank(n, m, r);
  } else {
    // S = X·M·Xᵀ: its r-dimensional row and column spaces both lie in the D-dimensional
    // span of X's columns, so they share at least 2r − D dimensions, each of which costs
    // n − D of the 2nr − r² that rank ≤ r alone leaves (docs/mathematics.md).
    f.form = FreedomForm::SharedSpan;
    f.span = std::min(n, s.d_model);
    f.scores = low_rank(n, n, r) - (n - f.span) * std::max(0, 2 * r - f.span);
  }
  f.qqt_form = turned ? FreedomForm::Computed : FreedomForm::Gram;
  f.qqt = turned ? ranks.qqt : gram(n, f.qqt_rank_bound);
  return f;
}

namespace {

std::string int_text(int v) { return std::to_string(v); }

// A formula held together: its spaces no-break ones, so that the panel's wrapping breaks the line
// between formulas, never inside "2nr − r² = 12".
std::string formula(std::string_view text) {
  std::string out;
  for (const char c : text) out += c == ' ' ? std::string("\u00A0") : std::string(1, c);
  return out;
}

// The matrices a person edits that S depends on, as the views write them.
std::string editable(const Scenario& s) {
  const Options& o = s.options;
  if (s.mode != Mode::Projected) return shared_qk(o) ? "Q" : tr("Q and K");
  std::string out = one_w(o) ? "X, W" : shared_qk(o) ? "X, W^Q" : "X, W^Q, W^K";
  return s.cross() ? out + ", X_{kv}" : out;
}

// "r = min(n, d_k, d_{model}) = 2": the rank bound and what it is the least of.
std::string rank_bound(const Scenario& s, int r, bool keys) {
  const bool projected = s.mode == Mode::Projected;
  std::string sizes = keys && s.cross() ? "n, m" : "n";
  if (!(projected && one_w(s.options))) sizes += ", d_k";
  if (projected && !rope_positions(s.options)) sizes += ", d_{model}";  // RoPE's turns lift that bound
  return "min(" + sizes + ") = " + int_text(r);
}

std::string entries(const Scenario& s) {
  return s.cross() ? "nm = " + int_text(s.n() * s.m()) : "n\u00B2 = " + int_text(s.n() * s.n());
}

std::string scores_part(const Scenario& s, const ScoreFreedom& f) {
  const int n = s.n(), r = f.rank_bound;
  const std::string of = " " + tr_format("of {0}", {entries(s)});
  switch (f.form) {
    case FreedomForm::LowRank:
      if (f.scores == n * s.m()) return tr_format("S has rank \u2264 r: all {0} entries free", {formula(entries(s))});
      return std::string(tr("S has rank \u2264 r:")) + " " + formula(std::string(s.cross() ? "(n + m)r" : "2nr") + " \u2212 r\u00B2 = " + int_text(f.scores) + of);
    case FreedomForm::Gram:
      return std::string(normalized_keys(s.options) ? tr("shared QK: S = QQ\u1D40\u00B7diag(1/|q_j|), which gives QQ\u1D40 back (S_{jj} = |q_j|); "
                                                     "QQ\u1D40 is symmetric positive semidefinite of rank \u2264 r:")
                                                  : tr("shared QK: S = QQ\u1D40, symmetric positive semidefinite of rank \u2264 r:")) + " " +
             formula((r == n ? "n(n+1)/2 = " : "nr \u2212 r(r\u22121)/2 = ") + int_text(f.scores) + of);
    case FreedomForm::SharedSpan: {
      const std::string product = one_w(s.options) ? "X\u00B7W\u00B7X\u1D40" : "X\u00B7W^Q W^K\u1D40\u00B7X\u1D40";
      if (!(2 * r > f.span && f.span < n))
        return tr_format("S = {0} has rank \u2264 r:", {product}) + " " + formula("2nr \u2212 r\u00B2 = " + int_text(f.scores) + of);
      return tr_format("S = {0} has rank \u2264 r, its rows and columns in the span of X's columns, of dimension D = min(n, d_{model}) = {1}:",
                       {product, int_text(f.span)}) + " " + formula("2nr \u2212 r\u00B2 \u2212 (n \u2212 D)(2r \u2212 D) = " + int_text(f.scores) + of);
    }
    case FreedomForm::Computed:
      return std::string(normalized_keys(s.options) ? tr("S has rank \u2264 r; with normalised keys no closed form, the Jacobian's rank at generic entries:")
                                                  : tr("S has rank \u2264 r; under RoPE no closed form, the Jacobian's rank at generic entries:")) +
             " " + formula(int_text(f.scores) + of);
  }
  return {};
}

std::string qqt_part(const Scenario& s, const ScoreFreedom& f) {
  if (f.qqt_form == FreedomForm::Computed) return tr_format("QQ\u1D40, likewise: {0}", {int_text(f.qqt)});
  const bool full = f.qqt_rank_bound == s.n();
  if (f.qqt_rank_bound == f.rank_bound)
    return std::string(tr("QQ\u1D40, positive semidefinite:")) + " " + formula((full ? "n(n+1)/2 = " : "nr \u2212 r(r\u22121)/2 = ") + int_text(f.qqt));
  // Q's own bound differs from S's (m < d_k under cross-attention): named, not a second meaning of r.
  return tr_format("QQ\u1D40, positive semidefinite of rank \u2264 r_Q = {0}:", {int_text(f.qqt_rank_bound)}) + " " +
         formula((full ? "n(n+1)/2 = " : "n\u00B7r_Q \u2212 r_Q(r_Q\u22121)/2 = ") + int_text(f.qqt));
}

}  // namespace

std::string describe_freedom(const Scenario& s, const ScoreFreedom& f) {
  std::string out = tr_format("Degrees of freedom of S, from {0}:", {editable(s)}) + " r = " + rank_bound(s, f.rank_bound, true) + ", " + scores_part(s, f);
  if (f.form == FreedomForm::Gram) return out + ";  " + (normalized_keys(s.options) ? tr("QQ\u1D40 is S before normalising") : tr("QQ\u1D40 is S"));
  return out + ";  " + qqt_part(s, f);
}

}  // namespace core
