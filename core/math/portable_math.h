// sin, cos, log1p, pow and erf with the same bits on every machine.
//
// libm's are not: the desktop's glibc and the page's musl round a few in a hundred sines, and a
// few in ten thousand logarithms and powers, to the other neighbour (glibc even picks an FMA
// variant of pow, sin, cos and log1p at run time, by CPU). The page must give the desktop's
// numbers bit for bit (docs/web.md), so what reaches --dump or an export (the positions' PE and
// turns, the softmax's entropy) takes these: plain double operations in a fixed order, compiled
// without contraction (core/CMakeLists.txt), each within an ulp of the exact value (pow where its
// comment says; tests/unit/math/test_portable_math.cpp). No libm function is called but for
// the arguments each names below.
#pragma once

namespace core::portable {

// Reduction by π/2 in three 33-bit parts, exact for |x| ≤ 2^19 (attnlab's angles p·θ are at
// most 7); beyond, and for ±∞ and NaN, libm's.
double sin(double x);
double cos(double x);

// log(1 + x) for every x.
double log1p(double x);

// x^y for a normal x > 0 and |y·ln x| ≤ 708 (a normal result): exp(y·ln x), with ln x to about
// 2^-59 of its size in two doubles. Within an ulp while |y·ln x| ≤ 30 (the positions' frequencies
// have at most 14); beyond, the error grows by about 0.02 ulp a unit (13 ulps at 700). Elsewhere
// (x ≤ 0 or subnormal, ±∞, NaN, a result past the normal doubles), libm's.
double pow(double x, double y);

// erf x for every x, within 3 ulp: a polynomial of degree 13 on each half-unit interval of |x| < 6 (scripts/erf_table.py
// made them), ±1 beyond (1 − erf 6 < 2^-56), NaN as it is. A trained model's GELU takes it (core/model/text_forward.h).
double erf(double x);

}  // namespace core::portable
