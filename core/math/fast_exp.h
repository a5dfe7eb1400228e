// exp over an array, vectorised: the softmax of a training step takes
// thousands of them, and libm's exp (one call per number) was a fifth of a
// step's time. Within an ulp or two of the exact value over the whole range
// (subnormal results included); −∞ gives exactly 0, as the masked logits need.
//
// The same operations run on every machine (std::fma, never a contraction the
// compiler chose: the file is compiled with -ffp-contract=off), so the AVX2
// build of the loop and the plain one give the same bits.
#pragma once

namespace core {

// x[i] = exp(x[i]) for i < count.
void exp_in_place(double* x, int count);

// The plain (not vectorised) path for one number: the tests check that both give the same bits.
double exp_scalar_for_tests(double x);

// fma(a, b, c), correctly rounded, from plain double operations: the product split exactly
// (Dekker), the sum with one addition rounded to odd (Boldo and Melquiond, "Emulation of FMA and
// correctly rounded sums: proved algorithms using rounding to odd", IEEE Trans. Computers 57(4),
// 2008). WebAssembly has no fused instruction, and musl's software fma took three quarters of
// compute() in the page; this is several times faster there. Outside the range where its steps
// are exact (a or b beyond 2^±450, c beyond 2^900, a zero product aside), it is std::fma.
double fma_by_rounding_to_odd(double a, double b, double c);

}  // namespace core
