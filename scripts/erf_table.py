#!/usr/bin/env python3
"""Prints core/math/portable_math.cpp's kErfTable: erf on [0, 6) as twelve polynomials of degree 13, one on each
interval [k/2, (k + 1)/2), in u ∈ [−1, 1] (u = 4t − 2k − 1; on [0, ½) u = 8t² − 1 and the polynomial is erf(t)/t).
Each is the Chebyshev interpolant at 14 nodes, made with mpmath at 50 digits, then rounded to doubles: evaluated in
double as portable::erf does (its even and odd halves by Horner's scheme in u², then added), erf is within 3 ulp there
(tests/unit/math/test_portable_math.cpp holds it to long double's). Run it with Debian's python3-mpmath; its output
replaces the table as it is.
"""
import mpmath

mpmath.mp.dps = 50
DEGREE = 13
INTERVALS = 12  # of width ½


def interpolant(f, a, b):
    """The monomial coefficients, in u = (x − (a + b)/2) / ((b − a)/2), of f's Chebyshev interpolant on [a, b]."""
    c, h = (a + b) / 2, (b - a) / 2
    nodes = [mpmath.cos(mpmath.pi * (k + mpmath.mpf(1) / 2) / (DEGREE + 1)) for k in range(DEGREE + 1)]
    vandermonde = mpmath.matrix([[u ** j for j in range(DEGREE + 1)] for u in nodes])
    return mpmath.lu_solve(vandermonde, mpmath.matrix([f(c + h * u) for u in nodes]))


def erf_over_t(s):  # erf(√s)/√s, 2/√π at s = 0
    return mpmath.erf(mpmath.sqrt(s)) / mpmath.sqrt(s) if s > 0 else 2 / mpmath.sqrt(mpmath.pi)


half = mpmath.mpf(1) / 2
rows = [interpolant(erf_over_t, mpmath.mpf(0), half * half)]
rows += [interpolant(mpmath.erf, k * half, (k + 1) * half) for k in range(1, INTERVALS)]
print(f"constexpr double kErfTable[{INTERVALS}][{DEGREE + 1}] = {{")
for row in rows:
    values = [float(row[j]).hex() for j in range(DEGREE + 1)]
    print("    {" + ",\n     ".join(", ".join(values[i:i + 4]) for i in range(0, len(values), 4)) + "},")
print("};")
