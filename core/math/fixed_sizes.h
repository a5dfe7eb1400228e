// The sizes of a head as compile-time constants, for the loops that run most.
//
// d_model, d_k (and Q's width under one W) are at most 4: with them known to the
// compiler, a loop over them unrolls and a row of Q, K or V stays in registers. At
// these sizes that is most of the speed: Xq·W^Q as a loop over runtime sizes (or as
// Eigen's dynamic-size product) took three times as long as the same loop over
// constants. The training kernel and compute() both dispatch through with_sizes.
#pragma once

#include <type_traits>

namespace core::detail {

// f(DM, QC, DK) with each an std::integral_constant: d_model (2–4), the width of Q
// and K (d_k, or d_model under one W) and d_k (1–4).
template <class F>
auto with_sizes(int dm, int qc, int dk, F&& f) {
  const auto by_dk = [&](auto DM, auto QC) {
    switch (dk) {
      case 1: return f(DM, QC, std::integral_constant<int, 1>{});
      case 2: return f(DM, QC, std::integral_constant<int, 2>{});
      case 3: return f(DM, QC, std::integral_constant<int, 3>{});
      default: return f(DM, QC, std::integral_constant<int, 4>{});
    }
  };
  const auto by_qc = [&](auto DM) {
    switch (qc) {
      case 1: return by_dk(DM, std::integral_constant<int, 1>{});
      case 2: return by_dk(DM, std::integral_constant<int, 2>{});
      case 3: return by_dk(DM, std::integral_constant<int, 3>{});
      default: return by_dk(DM, std::integral_constant<int, 4>{});
    }
  };
  switch (dm) {
    case 2: return by_qc(std::integral_constant<int, 2>{});
    case 3: return by_qc(std::integral_constant<int, 3>{});
    default: return by_qc(std::integral_constant<int, 4>{});
  }
}

// out (rows × COLS) = a (rows × INNER) · b (INNER × COLS), all row-major and
// contiguous; each entry summed from 0 in the order k = 0, 1, … (so a sum of
// products that are all −0 is +0, as Eigen's product gives). T is double, or
// core/math/lanes.h's Lanes for the training kernel's sequences side by side.
template <int INNER, int COLS, class T>
[[gnu::always_inline]] inline void multiply(const T* __restrict a, const double* __restrict b, T* __restrict out, int rows) {
  for (int i = 0; i < rows; ++i)
    for (int c = 0; c < COLS; ++c) {
      T s{};
      for (int k = 0; k < INNER; ++k) s += a[i * INNER + k] * b[k * COLS + c];
      out[i * COLS + c] = s;
    }
}

// The dot product of two rows of length N, summed from 0 in the order k = 0, 1, ….
template <int N>
inline double dot(const double* __restrict a, const double* __restrict b) {
  double s = 0;
  for (int k = 0; k < N; ++k) s += a[k] * b[k];
  return s;
}

}  // namespace core::detail
