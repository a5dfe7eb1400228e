// exp over an array, vectorised: the softmax of a training step takes
// thousands of them, and libm's exp (one call per number) was a fifth of a
// step's time. Within about 1.1 ulp of the exact value over the whole range
// (subnormal results included; about one result in ten is not the nearest
// double); −∞ gives exactly 0, as the masked logits need.
//
// The same operations run on every machine: additions and products alone, never
// a fused multiply-add (core/CMakeLists.txt compiles it with -ffp-contract=off), so the AVX2
// loop, WebAssembly's two-lane loop and the plain one give the same bits.
#pragma once

namespace core {

// x[i] = exp(x[i]) for i < count.
void exp_in_place(double* x, int count);

// The plain (not vectorised) path for one number: the tests check that both give the same bits.
double exp_scalar_for_tests(double x);

}  // namespace core
