#include "core/math/portable_math.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace core::portable {

namespace {

inline std::uint64_t bits_of(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

inline double from_bits(std::uint64_t bits) {
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// x rounded to the nearest integer (ties to even), for |x| < 2^51: exact, and no call.
inline double nearest_integer(double x) {
  constexpr double kShift = 0x1.8p52;
  return (x + kShift) - kShift;
}

// 2^k, for −1022 ≤ k ≤ 1023, from its bits.
inline double power_of_two(int k) { return from_bits(static_cast<std::uint64_t>(k + 1023) << 52); }

// a + b = s + e exactly (Knuth's two-sum).
inline void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}

// a + b = s + e exactly, for |a| ≥ |b| (Dekker's).
inline void fast_two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  e = b - (s - a);
}

// a·b = p + e exactly: Veltkamp's split of each factor into 26 and 27 bits, then Dekker's product.
inline void two_product(double a, double b, double& p, double& e) {
  const double at = 134217729.0 * a, bt = 134217729.0 * b;  // 2^27 + 1
  const double ah = at - (at - a), al = a - ah, bh = bt - (bt - b), bl = b - bh;
  p = a * b;
  e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

constexpr double kPio4 = 0x1.921fb54442d18p-1;
constexpr double kInvPio2 = 0x1.45f306dc9c883p-1;  // 2/π
// π/2 = kPio2_1 + kPio2_2 + kPio2_3 + kPio2_3t, the first three 33 bits each: n·kPio2_k is exact for |n| < 2^20.
constexpr double kPio2_1 = 0x1.921fb544p+0, kPio2_2 = 0x1.0b4611a6p-34, kPio2_3 = 0x1.3198a2ep-69,
                 kPio2_3t = 0x1.b839a252049c1p-104;
// ln 2 = kLn2Hi + kLn2Lo, kLn2Hi of 42 bits: k·kLn2Hi is exact for |k| < 2^11.
constexpr double kLn2Hi = 0x1.62e42fefa38p-1, kLn2Lo = 0x1.ef35793c7673p-45;
constexpr double kInvLn2 = 0x1.71547652b82fep+0;
constexpr double kSqrtHalf = 0x1.6a09e667f3bcdp-1;

// x − n·π/2 = y0 + y1 with |y0| ≲ π/4, for π/4 < |x| ≤ 2^19; returns n. x − n·kPio2_1 is exact
// (both are on a grid of 2^-32 or x's ulp, and the difference is below 1), the next two parts are
// taken off with their rounding errors kept, so y0 + y1 is good to about 150 bits of π/2:
// enough for the worst cancellation a double below 2^19 has.
inline int reduce(double x, double& y0, double& y1) {
  const double fn = nearest_integer(x * kInvPio2);
  const double r1 = x - fn * kPio2_1;
  double s, e, s2, e2;
  two_sum(r1, -fn * kPio2_2, s, e);
  two_sum(s, -fn * kPio2_3, s2, e2);
  fast_two_sum(s2, (e + e2) - fn * kPio2_3t, y0, y1);
  return static_cast<int>(fn);
}

// Taylor's coefficients, each the double nearest (k! is exact below 2^53). On |x| ≤ π/4 the first
// term left out is below 2^-60 of the result.
constexpr double kS3 = -1.0 / 6, kS5 = 1.0 / 120, kS7 = -1.0 / 5040, kS9 = 1.0 / 362880, kS11 = -1.0 / 39916800,
                 kS13 = 1.0 / 6227020800, kS15 = -1.0 / 1307674368000, kS17 = 1.0 / 355687428096000;
constexpr double kC4 = 1.0 / 24, kC6 = -1.0 / 720, kC8 = 1.0 / 40320, kC10 = -1.0 / 3628800, kC12 = 1.0 / 479001600,
                 kC14 = -1.0 / 87178291200, kC16 = 1.0 / 20922789888000, kC18 = -1.0 / 6402373705728000;

// sin(x + y) for |x| ≲ π/4, |y| ≤ ulp(x): sin x + y·cos x, cos x ≈ 1 − x²/2 there.
inline double sin_kernel(double x, double y) {
  const double z = x * x, v = z * x, z2 = z * z;
  const double p = ((kS3 + z * kS5) + z2 * (kS7 + z * kS9)) + (z2 * z2) * ((kS11 + z * kS13) + z2 * (kS15 + z * kS17));
  return x + (v * p + (y - 0.5 * z * y));
}

// cos(x + y): 1 − x²/2 (its rounding error kept: 1 − w is exact, and so is what hz leaves of it),
// then x⁴ onwards, less x·y.
inline double cos_kernel(double x, double y) {
  const double z = x * x, hz = 0.5 * z, w = 1.0 - hz, z2 = z * z;
  const double p = ((kC4 + z * kC6) + z2 * (kC8 + z * kC10)) + (z2 * z2) * ((kC12 + z * kC14) + z2 * (kC16 + z * kC18));
  return w + (((1.0 - w) - hz) + (z2 * p - x * y));
}

// R(z) = 2z/3 + 2z²/5 + … + 2z¹⁰/21, so that ln(1 + f) = 2·atanh(s) = 2s + s·R(s²) for
// s = f/(2 + f). With |f| ≤ √2 − 1, z = s² ≤ 0.0295 and the terms left out are below 2^-60 of it.
// In Estrin's order (powers of z side by side, not one long chain), as the kernels above.
inline double atanh_rest(double z) {
  const double z2 = z * z, z4 = z2 * z2;
  const double low = ((2.0 / 3 + z * (2.0 / 5)) + z2 * (2.0 / 7 + z * (2.0 / 9))) +
                     z4 * ((2.0 / 11 + z * (2.0 / 13)) + z2 * (2.0 / 15 + z * (2.0 / 17)));
  return z * (low + (z4 * z4) * (2.0 / 19 + z * (2.0 / 21)));
}

// ln x = hi + lo to about 2^-59 of its size, for a positive normal x: with x = m·2^k, m in
// [√½, √2) (its bits: exact), f = m − 1 (exact) and s = f/(2 + f) in two doubles (the quotient's
// remainder by an exact product), ln m = 2s + s·R(s²), whose second term is below 1% of the
// first, so its rounding costs little.
inline void log_in_two(double x, double& hi, double& lo) {
  // x − √½'s bits: their exponent field is k, the borrow from the significand seeing to m < √2.
  const std::uint64_t bits = bits_of(x);
  const int k = static_cast<int>(static_cast<std::int64_t>(bits - bits_of(kSqrtHalf)) >> 52);
  const double f = from_bits(bits - (static_cast<std::uint64_t>(k) << 52)) - 1.0;
  double d_hi, d_lo, p, pe;
  two_sum(2.0, f, d_hi, d_lo);
  const double inverse = 1.0 / d_hi;
  const double s_hi = f * inverse;
  two_product(s_hi, d_hi, p, pe);
  const double s_lo = (((f - p) - pe) - s_hi * d_lo) * inverse;  // f − p is exact: p is f to an ulp
  double l_hi, l_lo;
  fast_two_sum(2.0 * s_hi, 2.0 * s_lo + s_hi * atanh_rest(s_hi * s_hi), l_hi, l_lo);
  double e;
  two_sum(k * kLn2Hi, l_hi, hi, e);
  fast_two_sum(hi, e + (l_lo + k * kLn2Lo), hi, lo);
}

// Taylor's 1/k!, k = 2 … 14: on |r| ≤ ln2/2 the first left out is below 2^-63.
constexpr double kE2 = 1.0 / 2, kE3 = 1.0 / 6, kE4 = 1.0 / 24, kE5 = 1.0 / 120, kE6 = 1.0 / 720, kE7 = 1.0 / 5040,
                 kE8 = 1.0 / 40320, kE9 = 1.0 / 362880, kE10 = 1.0 / 3628800, kE11 = 1.0 / 39916800,
                 kE12 = 1.0 / 479001600, kE13 = 1.0 / 6227020800, kE14 = 1.0 / 87178291200;

// exp(hi + lo), |hi| ≤ 708, |lo| ≤ ulp(hi): 2^k·exp(r) with r = hi + lo − k·ln2 (hi − k·kLn2Hi is
// exact), exp(r) = (1 + r) + r²/2 + … with 1 + r's rounding error kept.
double exp_of_two(double hi, double lo) {
  const double kf = nearest_integer(hi * kInvLn2);
  double r, rl;
  two_sum(hi - kf * kLn2Hi, lo - kf * kLn2Lo, r, rl);
  const double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
  const double q = r2 * ((((kE2 + r * kE3) + r2 * (kE4 + r * kE5)) + r4 * ((kE6 + r * kE7) + r2 * (kE8 + r * kE9))) +
                         r8 * (((kE10 + r * kE11) + r2 * (kE12 + r * kE13)) + r4 * kE14));
  double one_r, e;
  two_sum(1.0, r, one_r, e);
  // 2^k in two halves: the result may be subnormal (k = −1022 with exp(r) < 1), rounded once, as ldexp would.
  const int k = static_cast<int>(kf);
  return (one_r + (e + (q + rl * (1.0 + r)))) * power_of_two(k / 2) * power_of_two(k - k / 2);
}

// erf on [0, 6): row k the polynomial of [k/2, (k + 1)/2) in u ∈ [−1, 1], lowest degree first; row 0 is erf(t)/t in
// u = 8t² − 1. Made by scripts/erf_table.py (Chebyshev interpolants at 50 digits); do not edit by hand.
constexpr double kErfTable[12][14] = {
    {0x1.15446b34ed348p+0, -0x1.658407f4c04c0p-5, 0x1.a6db683de1276p-10, -0x1.8f7e682c96cdcp-15,
     0x1.35219bf04bdf8p-20, -0x1.93403af727ad1p-26, 0x1.c5c5703cefec3p-32, -0x1.c08f4dafe661fp-38,
     0x1.8b2b74c481f2cp-44, -0x1.39e3ca6dc668ep-50, 0x1.c5eb2b52bb4d6p-57, -0x1.2d26f71225263p-63,
     0x1.713bb76c704d3p-70, -0x1.a47e9ce7186c8p-77},
    {0x1.6c1c9759d0e60p-1, 0x1.492e42d78d2c5p-3, -0x1.edc5644353d3ap-6, 0x1.b6e8591f668b1p-12,
     0x1.349b5eaa36c22p-11, -0x1.b42a1890a0eb8p-15, -0x1.b84779ce0673ap-18, 0x1.2e0afae9b530ep-20,
     0x1.2db3c6d57b0ddp-25, -0x1.04104485a7efbp-26, 0x1.8549c895e232fp-33, 0x1.4713cff8b7184p-33,
     -0x1.a9780a4d70aaap-38, -0x1.372fab2a1ba55p-40},
    {0x1.d8865d98abe00p-1, 0x1.e4652fadcb6b2p-5, -0x1.2ebf3dcc9f20cp-6, 0x1.571d01c5c5760p-9,
     -0x1.93a9a7bc0b1e3p-16, -0x1.8281ce0b5d725p-15, 0x1.5d0003bca14e9p-18, 0x1.db43ca6554e5ap-23,
     -0x1.75673665077ebp-24, 0x1.cc21a7ad7d28ap-29, 0x1.a00e53b92bb61p-31, -0x1.539192b8c3af5p-34,
     -0x1.bf9b444167ad4p-39, 0x1.c8ae910f36d87p-41},
    {0x1.f92d077f8d56dp-1, 0x1.b055303221016p-7, -0x1.7a4a8a2bdcd23p-8, 0x1.7148c3d57c26ep-10,
     -0x1.8a0da5432404dp-13, 0x1.b22257dda5c39p-18, 0x1.25b378f60f46ap-19, -0x1.8d10fba945f4bp-22,
     0x1.7ec151a1076fbp-27, 0x1.d4cf632c29957p-29, -0x1.d02a7143f3b62p-32, -0x1.717f97218bc12p-40,
     0x1.1bc3fac33ba5cp-38, -0x1.1d7248362f9a5p-42},
    {0x1.ff404760319b4p-1, 0x1.d4143a9dfe964p-10, -0x1.074b60f8df600p-10, 0x1.63ef61e8244d0p-12,
     -0x1.38a983275d90ap-14, 0x1.5d3b17bbcb923p-17, -0x1.7cae0dc8354c7p-21, -0x1.5f8313369b940p-25,
     0x1.060311ded2fadp-26, -0x1.8352faf51808cp-30, -0x1.82e4f2dfc26d5p-37, 0x1.11430333dd2cep-36,
     -0x1.702bdc9e51f47p-40, -0x1.971515026dcb1p-46},
    {0x1.fff2cfb0453d9p-1, 0x1.3360ccd23db3ap-13, -0x1.a6a519a1141fcp-14, 0x1.69cf466ccdf6ap-15,
     -0x1.ab0c273b1e09dp-17, 0x1.69359606645b3p-19, -0x1.b2755bb8a9513p-22, 0x1.52b6263fbd742p-25,
     -0x1.7558373217ba9p-30, -0x1.2abb3d9b15bc0p-32, 0x1.cd7d4fcafc3f0p-35, -0x1.09d0591ac5944p-38,
     -0x1.5468e85e2ac53p-44, 0x1.68a9225d22a6dp-45},
    {0x1.ffff6f9f67e55p-1, 0x1.e9b5e8d00ce80p-18, -0x1.8de3cd290a73dp-18, 0x1.9aa489e3ca63dp-19,
     -0x1.2c7d5ef055e79p-20, 0x1.490a4d2345c9dp-22, -0x1.145464e9779c6p-24, 0x1.647f71f2bfb67p-27,
     -0x1.56747a3658eefp-30, 0x1.b2c35b1c8c428p-34, -0x1.3892597fae0e0p-39, -0x1.809bd02211cc8p-41,
     0x1.ff2f44a582fbfp-44, -0x1.1e7cc89ce34dfp-47},
    {0x1.fffffc2f171e3p-1, 0x1.d9371e2ff7bf9p-23, -0x1.bba3ac4d09ef3p-23, 0x1.0b6a7b0f1cc93p-23,
     -0x1.d06f585c2a096p-25, 0x1.3436bc9f0bfd4p-26, -0x1.4357b6283bdc8p-28, 0x1.110de4e13c93dp-30,
     -0x1.756673518e649p-33, 0x1.99f593d6ebea4p-36, -0x1.5d84b7ace6496p-39, 0x1.a06761d95439fp-43,
     -0x1.5af853fcc44f9p-48, -0x1.037beec04147dp-50},
    {0x1.fffffff01a8b6p-1, 0x1.155a09065d4b8p-28, -0x1.26afa9969cfe5p-28, 0x1.95ea6fdffe3e1p-29,
     -0x1.96ba73704b1cdp-30, 0x1.3b468018fcb30p-31, -0x1.8868e007d1663p-33, 0x1.916e9278424b6p-35,
     -0x1.566f53e2e3d29p-37, 0x1.eab4cd71f6037p-40, -0x1.274995d045770p-42, 0x1.27de23e0bfae1p-45,
     -0x1.e5c991e5e2c8bp-49, 0x1.2496c69a00a91p-52},
    {0x1.ffffffffd759dp-1, 0x1.8a61745ec8f20p-35, -0x1.d453ba2b3161ap-35, 0x1.6a8aeba4080a2p-35,
     -0x1.9b017b676396bp-36, 0x1.6b43c96e96861p-37, -0x1.042f1a55895f4p-38, 0x1.35dc7dedbca55p-40,
     -0x1.3837c2aa9a457p-42, 0x1.0d4de0d7704f3p-44, -0x1.9023c176e7847p-47, 0x1.01b972fdd330ap-49,
     -0x1.2b16d7ad70ec0p-52, 0x1.19bad55fa1f3bp-55},
    {0x1.ffffffffffc05p-1, 0x1.5422ef5d93bf3p-42, -0x1.be6dda0811a22p-42, 0x1.7f8a0f3a22a32p-42,
     -0x1.e4cb4f4016672p-43, 0x1.e044b4eb32629p-44, -0x1.83e9e3bb0bf59p-45, 0x1.065940b2186f7p-46,
     -0x1.2ece90764a656p-48, 0x1.2e3ca696517a6p-50, -0x1.06a8f54ec88c1p-52, 0x1.935d883f87f62p-55,
     -0x1.254b061ef2857p-57, 0x1.5a5a77795b393p-60},
    {0x1.ffffffffffffcp-1, 0x1.63daf8b4f56dfp-50, -0x1.ff8ac4cc93480p-50, 0x1.e2d06d55f8efbp-50,
     -0x1.505da0a5a71fap-50, 0x1.70b70451091d2p-51, -0x1.4aec562c51252p-52, 0x1.f3c4f7d4b2dfbp-54,
     -0x1.43d985e0ceaf4p-55, 0x1.6d26b2b537a5ep-57, -0x1.681576291af3dp-59, 0x1.3dc604ba24573p-61,
     -0x1.145fb31cc77cap-63, 0x1.7ec7f88c56bb2p-66},
};

}  // namespace

double sin(double x) {
  const double ax = std::fabs(x);
  if (ax <= kPio4) return ax < 0x1p-26 ? x : sin_kernel(x, 0.0);  // sin x = x to the last bit there (±0 kept)
  if (!(ax <= 0x1p19)) return std::sin(x);
  double y0, y1;
  switch (reduce(x, y0, y1) & 3) {
    case 0: return sin_kernel(y0, y1);
    case 1: return cos_kernel(y0, y1);
    case 2: return -sin_kernel(y0, y1);
    default: return -cos_kernel(y0, y1);
  }
}

double cos(double x) {
  const double ax = std::fabs(x);
  if (ax <= kPio4) return ax < 0x1p-27 ? 1.0 : cos_kernel(x, 0.0);
  if (!(ax <= 0x1p19)) return std::cos(x);
  double y0, y1;
  switch (reduce(x, y0, y1) & 3) {
    case 0: return cos_kernel(y0, y1);
    case 1: return -sin_kernel(y0, y1);
    case 2: return -cos_kernel(y0, y1);
    default: return sin_kernel(y0, y1);
  }
}

double log1p(double x) {
  if (!(x > -1.0)) return x == -1.0 ? -HUGE_VAL : std::nan("");
  if (std::fabs(x) < 0x1p-54) return x;  // ±0 kept
  if (x == HUGE_VAL) return x;
  // 1 + x = 2^k·(1 + f) + c exactly: f = x where 1 + x is in [√½, √2) already, else from u = 1 + x
  // rounded (m − 1, exact), its rounding error c entering as c/u.
  int k = 0;
  double f = x, c_over_u = 0;
  if (!(x >= kSqrtHalf - 1.0 && x < 2.0 * kSqrtHalf - 1.0)) {
    double u, c;
    two_sum(1.0, x, u, c);
    const std::uint64_t bits = bits_of(u);
    k = static_cast<int>(static_cast<std::int64_t>(bits - bits_of(kSqrtHalf)) >> 52);
    f = from_bits(bits - (static_cast<std::uint64_t>(k) << 52)) - 1.0;
    c_over_u = c / u;
  }
  // ln(1 + f) = 2s + s·R(s²) = f − f²/2 + s·(f²/2 + R(s²)), since 2s = f − s·f and s·f = f²/2 − s·f²/2:
  // f exact and f²/2 nearly so, the rest below a tenth of it.
  const double hfsq = 0.5 * f * f, s = f / (2.0 + f);
  return k * kLn2Hi + (f - (hfsq - (s * (hfsq + atanh_rest(s * s)) + (k * kLn2Lo + c_over_u))));
}

double pow(double x, double y) {
  if (y == 0 || x == 1) return 1.0;
  if (!(x >= 0x1p-1022 && x <= 0x1.fffffffffffffp+1023) || !std::isfinite(y)) return std::pow(x, y);
  double l_hi, l_lo, p_hi, p_e;
  log_in_two(x, l_hi, l_lo);
  two_product(y, l_hi, p_hi, p_e);
  if (!(std::fabs(p_hi) <= 708.0)) return std::pow(x, y);  // past the normal doubles (or y·ln x overflowed)
  return exp_of_two(p_hi, p_e + y * l_lo);
}

double erf(double x) {
  if (std::isnan(x)) return x;
  const double t = std::fabs(x);
  if (t >= 6.0) return std::signbit(x) ? -1.0 : 1.0;
  const int k = static_cast<int>(2.0 * t);
  const double u = k == 0 ? 8.0 * (t * t) - 1.0 : 4.0 * (t - 0.5 * k) - 1.0;  // t − k/2 and the products by 4, 8 exact
  // Its even and odd halves, each by Horner's scheme in u²: two chains of 6 steps side by side instead of one of 13.
  const double* c = kErfTable[k];
  const double u2 = u * u;
  double even = c[12], odd = c[13];
  for (int j = 10; j >= 0; j -= 2) {
    even = even * u2 + c[j];
    odd = odd * u2 + c[j + 1];
  }
  const double p = even + u * odd;
  const double r = k == 0 ? t * p : p;
  return std::signbit(x) ? -r : r;  // erf is odd (and erf ±0 = ±0)
}

}  // namespace core::portable
