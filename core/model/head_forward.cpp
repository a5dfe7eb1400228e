// compute()'s inner part for one head: from Q, K, V to everything the views show
// (S, QQᵀ, the symmetric split, logits, A, entropies, outputs), over fixed-size
// arrays.
//
// Every n×m matrix is worked on as 8 wide (kMaxTokens), the columns past m
// padded with masked logits: their exp is exactly 0, so a row of A sums, and
// A·V adds, exactly what the m real columns give, and every loop over a row has a
// length the compiler knows. Q's and V's widths come as template constants
// (fixed_sizes.h). Together this took compute() from 2.0 µs to 1.3 µs at n = 8:
// the arithmetic is small, and loops over runtime sizes cost more than it did.
#include "core/model/head_forward.h"

#include "core/designs/attention_alt.h"
#include "core/designs/cosine_logits.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sigmoid_attention.h"
#include "core/math/fast_exp.h"
#include "core/math/fixed_sizes.h"
#include "core/math/ordered_sums.h"
#include "core/math/portable_math.h"
#include "core/model/attention_math.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace core::detail {

namespace {

constexpr int kWide = kMaxTokens;
using Square = double[kMaxTokens][kWide];

// Row i of a padded array into an n×m Mat: a loop of known length (a copy of
// runtime length becomes a call to memmove, which costs more than these 8 stores).
inline void store_row(const double* from, int m, double* to) {
  for (int j = 0; j < kWide; ++j)
    if (j < m) to[j] = from[j];
}

// A row's sum and largest entry in pairs, ((x0 + x1) + (x2 + x3)) + …: three
// operations deep, not seven in a chain.
inline double sum8(const double* x) { return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7])); }
inline double largest8(const double* x) {
  using std::max;
  return max(max(max(x[0], x[1]), max(x[2], x[3])), max(max(x[4], x[5]), max(x[6], x[7])));
}

// ‖A‖_F / ‖S‖_F for S and its antisymmetric part A. The plain sums of squares
// are exact to rounding while ‖S‖² lies well inside the doubles (entries lost
// to underflow then weigh below 1e-120 of it). Outside, squares of entries
// below ~1e-154 vanish, and an antisymmetric S of tiny entries came out
// symmetric: there each norm is taken over its own largest entry first. The
// range test keeps the usual case as fast as it was.
double asymmetry(const Mat& S, const Mat& A, double s_squares, double a_squares) {
  if (s_squares > 1e-200 && s_squares < 1e200) return std::sqrt(a_squares) / std::sqrt(s_squares);
  const double s_max = S.cwiseAbs().maxCoeff(), a_max = A.cwiseAbs().maxCoeff();
  if (a_max == 0) return 0.0;  // S symmetric, or zero
  return a_max / s_max * (ordered_norm(A / a_max) / ordered_norm(S / s_max));
}

// S's symmetric and antisymmetric parts and its asymmetry, one pass over the pairs
// i ≤ j. Only for a square S: an n×m S has no transpose of its own shape.
void symmetric_split(HeadResult& r) {
  const int n = static_cast<int>(r.scores.rows());
  if (n != r.scores.cols()) {
    r.scores_sym.resize(0, 0);
    r.scores_antisym.resize(0, 0);
    r.asymmetry = std::numeric_limits<double>::quiet_NaN();
    return;
  }
  r.scores_sym.resize(n, n);
  r.scores_antisym.resize(n, n);
  const double* S = r.scores.data();
  double* sym = r.scores_sym.data();
  double* anti = r.scores_antisym.data();
  double s_squares = 0, a_squares = 0;
  for (int i = 0; i < n; ++i) {
    sym[i * n + i] = S[i * n + i];
    anti[i * n + i] = 0;
    s_squares += S[i * n + i] * S[i * n + i];
    for (int j = i + 1; j < n; ++j) {
      const double a = S[i * n + j], b = S[j * n + i];
      sym[i * n + j] = sym[j * n + i] = (a + b) / 2;
      const double half = (a - b) / 2;
      anti[i * n + j] = half;
      anti[j * n + i] = (b - a) / 2;  // −half, but +0 where a = b
      s_squares += a * a + b * b;
      a_squares += 2 * (half * half);
    }
  }
  r.asymmetry = asymmetry(r.scores, r.scores_antisym, s_squares, a_squares);
}

// Kolmogorov's criterion from the logits, never from logs of the weights: a weight
// that underflows to 0 still has its logit. d_ij = ℓ_ij − ℓ_ji once per pair, and
// d_ki = −d_ik exactly (a rounded difference changes sign with its operands), so a
// cycle is (d_ij + d_jk) − d_ik: a symmetric S (whose logits are then equal
// doubles) gives exactly 0. A masked logit is −∞, and any infinite term leaves the
// sum ±∞ or NaN: a finite sum is exactly a triple whose six logits are finite.
double irreversibility(const Square& z, int n, int m) {
  if (n < 3 || m != n) return std::numeric_limits<double>::quiet_NaN();
  Square d;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) d[i][j] = z[i][j] - z[j][i];
  double largest = -1;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k) {
        // |cycle| ≤ the largest double: finite (NaN fails it too). A branch, not
        // std::max: most triples are not the largest so far, and the prediction
        // saves a chain of 56 dependent maxima.
        const double size = std::abs((d[i][j] + d[j][k]) - d[i][k]);
        if (size > largest && size <= std::numeric_limits<double>::max()) largest = size;
      }
  return largest < 0 ? std::numeric_limits<double>::quiet_NaN() : largest;
}

// forward's steps. always_inline: as one function they compiled to straight code with
// no calls, and plain `inline` does not keep that (GCC folds the identical copies
// of a step that forward's sizes do not change, then calls the one left).

// S = Q·Kᵀ and QQᵀ into r.scores and r.QQt, and S 8 wide into `scores` for the logits.
template <int QC>
[[gnu::always_inline]] inline void scores_and_qqt(const Scenario& s, HeadResult& r, int n, int m, Square& scores) {
  const double* Q = r.Q.data();
  const double* K = r.K.data();

  // Kᵀ and Qᵀ, 8 wide with zeros past m and n: each row of S and of QQᵀ is then
  // QC multiply-adds of whole rows. QQᵀ(j, i) is the same sum as QQᵀ(i, j), term by
  // term (products commute, and the order over c is the same), so QQᵀ is exactly
  // symmetric; and so is S under plain shared QK, where K's rows are Q's.
  alignas(32) double kt[QC][kWide] = {}, qt[QC][kWide] = {};
  for (int j = 0; j < m; ++j)
    for (int c = 0; c < QC; ++c) kt[c][j] = K[j * QC + c];
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < QC; ++c) qt[c][i] = Q[i * QC + c];
  const bool plain_shared = scores_are_gram(s);
  alignas(32) Square qqt;
  for (int i = 0; i < n; ++i) {
    const double* q = Q + i * QC;
    for (int j = 0; j < kWide; ++j) {
      double sum = 0, sum_k = 0;
      for (int c = 0; c < QC; ++c) {
        sum += q[c] * qt[c][j];
        sum_k += q[c] * kt[c][j];
      }
      qqt[i][j] = sum;
      scores[i][j] = plain_shared ? sum : sum_k;
    }
  }
  r.QQt.resize(n, n);
  r.scores.resize(n, m);
  for (int i = 0; i < n; ++i) {
    store_row(qqt[i], n, r.QQt.data() + i * n);
    store_row(scores[i], m, r.scores.data() + i * m);
  }
}

// The logits: S/(√d_k·T) or S/T, or the cosine logits g_h·q̂_i·k̂_j / T (cosine_logits.h; S
// itself stays Q·Kᵀ of the raw rows). Times the divisor's inverse, as the training kernel does.
template <int QC>
[[gnu::always_inline]] inline void masked_logits(const Scenario& s, int h, HeadResult& r, int n, int m,
                                                 const Square& scores, Square& z) {
  const Options& o = s.options;
  const double inverse = 1.0 / logit_divisor(s);
  if (cosine_logits(o)) {
    cosine_forward(r.Q, r.K, r.Q_hat, r.K_hat, r.qk_cosines);
    const double gain = s.qk_gain[static_cast<size_t>(h)];
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j) z[i][j] = gain * r.qk_cosines(i, j) * inverse;
  } else {
    r.Q_hat.resize(0, 0);
    r.K_hat.resize(0, 0);
    r.qk_cosines.resize(0, 0);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j) z[i][j] = scores[i][j] * inverse;
  }
  for (int i = 0; i < n; ++i)
    for (int j = m; j < kWide; ++j) z[i][j] = -kInf;
  if (masks_logits(o))
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        if (is_masked(o, i, j, n)) z[i][j] = -kInf;
}

// A: each row less its largest logit before exp, so no exp overflows (a masked −∞
// stays −∞, and its exp is exactly 0); every exp at once (fast_exp.h); each row
// over its sum, which is ≥ 1 (the largest logit's term is e⁰ = 1, and every row
// has an unmasked entry, is_masked's rule).
[[gnu::always_inline]] inline void weights_and_entropies(HeadResult& r, int n, int m, const Square& z, Square& a) {
  alignas(32) Square e;
  double row_max[kMaxTokens];
  for (int i = 0; i < n; ++i) {
    row_max[i] = largest8(z[i]);
    for (int j = 0; j < kWide; ++j) e[i][j] = z[i][j] - row_max[i];
  }
  exp_in_place(&e[0][0], n * kWide);
  r.logits.resize(n, m);
  r.weights.resize(n, m);
  r.row_sums.resize(n);
  r.entropy.resize(n);
  for (int i = 0; i < n; ++i) {
    const double to_one = 1.0 / sum8(e[i]);
    for (int j = 0; j < kWide; ++j) a[i][j] = e[i][j] * to_one;
    r.row_sums(i) = sum8(a[i]);
    // −Σ_j a_ij ln a_ij with one logarithm a row, not m: with z the row's largest
    // logit (first at j = t) and s the sum above, ln a_ij = (z_ij − z) − ln s, so the
    // entropy is ln s − Σ_j a_ij (z_ij − z); and ln s = log1p(Σ_{j≠t} e^(z_ij − z)),
    // which keeps its digits when the row is saturated (s − 1 would not). portable::log1p: libm's
    // rounds otherwise in the page (portable_math.h).
    int top = 0;
    double largest = z[i][0];  // z[i][top], in a register: read back from z, each step waited on the last
    for (int j = 1; j < kWide; ++j)
      if (z[i][j] > largest) largest = z[i][j], top = j;
    double others[kWide], spread[kWide];
    for (int j = 0; j < kWide; ++j) {
      const bool counts = j != top && a[i][j] != 0;  // 0·(z − (−∞)) would be NaN; a NaN weight counts
      others[j] = counts ? e[i][j] : 0.0;
      spread[j] = counts ? a[i][j] * (row_max[i] - z[i][j]) : 0.0;
    }
    r.entropy(i) = portable::log1p(sum8(others)) + sum8(spread);
    store_row(z[i], m, r.logits.data() + i * m);
    store_row(a[i], m, r.weights.data() + i * m);
  }
}

// Sigmoid attention (core/designs/sigmoid_attention.h): a_ij = σ(z_ij + b), each on its own, and
// the padded columns' −∞ give 0. A row's entropy is that of the row over its sum, the proportions
// a_ij/Σ_k a_ik: those are softmax(ln a_i), so the softmax's own steps give it (and its digits)
// from the logits ln σ(y) = −ln(1 + e^(−y)), which is y itself to the last bit below y = −36.
// ln a is also what the cycle ratio A_ij A_jk A_ki / (A_ik A_kj A_ji) is made of here: the row
// sums cancel from it as they do under the softmax, where ln a is the logit less a row's constant.
[[gnu::always_inline]] inline void sigmoid_weights_and_entropies(HeadResult& r, int n, int m, double b,
                                                                 const Square& z, Square& a, Square& log_a) {
  alignas(32) Square x, proportions;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < kWide; ++j) x[i][j] = -(z[i][j] + b);
  exp_in_place(&x[0][0], n * kWide);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < kWide; ++j) {
      const double y = z[i][j] + b;
      a[i][j] = 1.0 / (1.0 + x[i][j]);
      log_a[i][j] = y < -36 ? y : -portable::log1p(x[i][j]);
    }
  weights_and_entropies(r, n, m, log_a, proportions);
  for (int i = 0; i < n; ++i) {
    r.row_sums(i) = sum8(a[i]);
    store_row(z[i], m, r.logits.data() + i * m);
    store_row(a[i], m, r.weights.data() + i * m);
  }
}

// O = A·V over all 8 columns of A: the padded ones are 0, and so are V's padded rows.
template <int DK>
[[gnu::always_inline]] inline void head_outputs(const Scenario& s, int h, HeadResult& r, int n, int m,
                                                const Square& a) {
  alignas(32) double v[kWide][DK] = {};
  std::copy_n(r.V.data(), m * DK, &v[0][0]);
  r.output.resize(n, DK);
  multiply<kWide, DK>(&a[0][0], &v[0][0], r.output.data(), n);
  r.alt_output.resize(n, DK);
  attention_alt_forward<DK>(r.output.data(), s.has_W_alt ? s.W_alt[h].data() : nullptr, n, r.alt_output.data());
}

template <int QC, int DK>
void forward(const Scenario& s, int h, HeadResult& r) {
  const int n = static_cast<int>(r.Q.rows()), m = static_cast<int>(r.K.rows());
  alignas(32) Square scores, z, a;
  scores_and_qqt<QC>(s, r, n, m, scores);
  symmetric_split(r);
  masked_logits<QC>(s, h, r, n, m, scores, z);
  if (sigmoid_weights(s.options)) {
    alignas(32) Square log_a;
    sigmoid_weights_and_entropies(r, n, m, sigmoid_bias(s), z, a, log_a);
    r.irreversibility = irreversibility(log_a, n, m);
  } else {
    weights_and_entropies(r, n, m, z, a);
    r.irreversibility = irreversibility(z, n, m);
  }
  head_outputs<DK>(s, h, r, n, m, a);
}

}  // namespace

void head_forward(const Scenario& s, int h, HeadResult& r) {
  // d_model plays no part after the projections: one value of it, 16 instantiations.
  with_sizes(kMaxDModel, static_cast<int>(r.Q.cols()), static_cast<int>(r.V.cols()),
             [&](auto, auto QC, auto DK) { forward<QC(), DK()>(s, h, r); });
}

}  // namespace core::detail
