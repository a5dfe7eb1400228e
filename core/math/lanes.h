// Several sequences at once, one in each lane of a SIMD register, for the training kernel.
//
// A training step runs the same small forward and backward pass on 16 sequences. Their loops
// are over 2–8 tokens and 2–4 columns: too short for the compiler to fill a SIMD register with
// one sequence's numbers, so each operation worked on a single double. With kLanes sequences
// side by side, one in each lane, every operation does kLanes sequences' work, and each lane
// performs exactly the operations one sequence alone needs, in the same order: a sequence's
// numbers are the same bits in any lane, whatever its neighbours
// (tests/unit/training/test_train_kernel.cpp checks it).
//
// +, −, ×, ÷ and comparisons are lane by lane (GCC's and Clang's vector extensions, the same on
// x86-64 and in WebAssembly, so the page and the desktop still give the same bits); the helpers
// below give Lanes the rest. Nothing may fuse a product and a sum: WebAssembly has no fused
// multiply-add, and the kernel's file is compiled with -ffp-contract=off (core/CMakeLists.txt).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace core {

// How many: two lanes are one SSE2 register on x86-64 and one of WebAssembly's 128-bit registers
// in the page; four are one AVX2 register, where the processor has AVX2 (the training kernel
// chooses at run time: core/training/train_kernel.h). Four lanes without AVX2 trained no faster:
// GCC lowers a vector wider than the machine's registers piece by piece, through the stack. The
// lane count changes no bit.
// (Through a struct: GCC drops a vector_size given to an alias template.)
template <int L>
struct LaneTypes {
  typedef double Lanes __attribute__((vector_size(sizeof(double) * L)));
  typedef std::int64_t Mask __attribute__((vector_size(sizeof(double) * L)));
};
template <int L>
using LanesOf = typename LaneTypes<L>::Lanes;
template <int L>
using LaneMaskOf = typename LaneTypes<L>::Mask;
inline constexpr int kMaxLanes = 4;

// The lanes of V.
template <class V>
inline constexpr int kLanesOf = static_cast<int>(sizeof(V) / sizeof(double));

// The helpers below are forced inline: compiled into the AVX2 kernel's code, a helper that
// stayed a function of its own would be code for the baseline processor taking an AVX2
// register, which the two pass differently (core/training/train_kernel_avx2.cpp).

// x in every lane, −0 and NaN as they are.
template <class V>
[[gnu::always_inline]] inline V splat(double x) {
  V v;
  for (int l = 0; l < kLanesOf<V>; ++l) v[l] = x;
  return v;
}

// std::max(a, b), lane by lane: a < b ? b : a (so a NaN in b is not taken, as std::max).
template <class V>
[[gnu::always_inline]] inline V lane_max(V a, V b) {
  return a < b ? b : a;
}

// c ? a : b, lane by lane.
template <class V>
[[gnu::always_inline]] inline V lane_select(LaneMaskOf<kLanesOf<V>> c, V a, V b) {
  return c ? a : b;
}

// |x| as std::fabs: the sign bit cleared.
template <class V>
[[gnu::always_inline]] inline V lane_abs(V x) {
  using Mask = LaneMaskOf<kLanesOf<V>>;
  return __builtin_bit_cast(V, __builtin_bit_cast(Mask, x) & INT64_MAX);  // 3.1.6's libc++ has no std::bit_cast
}

// The correctly rounded square root, lane by lane.
template <class V>
[[gnu::always_inline]] inline V lane_sqrt(V x) {
  for (int l = 0; l < kLanesOf<V>; ++l) x[l] = std::sqrt(x[l]);
  return x;
}

}  // namespace core
