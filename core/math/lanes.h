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

// Two lanes: one SSE2 register on x86-64, one of WebAssembly's 128-bit registers in the page.
// Four (two registers each) trained no faster on the desktop: GCC lowers a vector wider than
// the machine's registers piece by piece, through the stack (and warns, -Wpsabi, that such a
// vector passed by value would pass otherwise under AVX). The lane count changes no bit.
inline constexpr int kLanes = 2;
using Lanes = double __attribute__((vector_size(sizeof(double) * kLanes)));
using LaneMask = std::int64_t __attribute__((vector_size(sizeof(double) * kLanes)));

// x in every lane, −0 and NaN as they are.
inline Lanes splat(double x) {
  Lanes v;
  for (int l = 0; l < kLanes; ++l) v[l] = x;
  return v;
}

// std::max(a, b), lane by lane: a < b ? b : a (so a NaN in b is not taken, as std::max).
inline Lanes lane_max(Lanes a, Lanes b) { return a < b ? b : a; }

// c ? a : b, lane by lane.
inline Lanes lane_select(LaneMask c, Lanes a, Lanes b) { return c ? a : b; }

// |x| as std::fabs: the sign bit cleared.
inline Lanes lane_abs(Lanes x) {
  return __builtin_bit_cast(Lanes, __builtin_bit_cast(LaneMask, x) & INT64_MAX);  // 3.1.6's libc++ has no std::bit_cast
}

// The correctly rounded square root, lane by lane.
inline Lanes lane_sqrt(Lanes x) {
  for (int l = 0; l < kLanes; ++l) x[l] = std::sqrt(x[l]);
  return x;
}

}  // namespace core
