// Sums of products in one fixed order, k = 0, 1, …, for what reaches --dump or an export.
//
// Eigen's reductions (squaredNorm, norm, dot, sum, and its products of small matrices) add in
// an order set by the target's SIMD: pairs of lanes natively (SSE2, AVX), one at a time in the
// page (Eigen has no WebAssembly packets). The same numbers then round differently, an ulp
// apart, and the page would not give the desktop's bits (docs/web.md). These loops add in the
// order written on every target; a compiler may still run independent sums side by side (one
// entry of a product per lane), which leaves each sum's order alone.
#pragma once

#include <cmath>

#include <Eigen/Core>

namespace core {

// Σ a(i, j)² over rows, then columns (row-major order).
template <class A>
double ordered_squared_norm(const Eigen::MatrixBase<A>& a) {
  double s = 0;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) s += a(i, j) * a(i, j);
  return s;
}

template <class A>
double ordered_norm(const Eigen::MatrixBase<A>& a) {
  return std::sqrt(ordered_squared_norm(a));
}

// Σ a(k) b(k) over two vectors of one length.
template <class A, class B>
double ordered_dot(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b) {
  double s = 0;
  for (Eigen::Index k = 0; k < a.size(); ++k) s += a(k) * b(k);
  return s;
}

// out = a·b, each entry Σ_k a(i, k) b(k, j) from 0 (a sum of −0 products is +0, as Eigen's).
template <class A, class B, class Out>
void ordered_product(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b, Out& out) {
  out.resize(a.rows(), b.cols());
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < b.cols(); ++j) {
      double s = 0;
      for (Eigen::Index k = 0; k < a.cols(); ++k) s += a(i, k) * b(k, j);
      out(i, j) = s;
    }
}

}  // namespace core
