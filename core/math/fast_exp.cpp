#include "core/math/fast_exp.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define ATTNLAB_FAST_EXP_AVX2 1  // elsewhere (ARM, …) the plain loop alone, the same bits
#endif
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define ATTNLAB_FAST_EXP_WASM 1  // the page (web/web.cmake compiles with -msimd128): two at a time
#endif

namespace core {

namespace {

constexpr double kLog2e = 1.4426950408889634;
// ln 2 in two parts (Cody–Waite): k·kLn2Hi is exact for the k that occur.
constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
constexpr double kBelow = -746.0;  // exp(−746) is below half the smallest subnormal: 0
constexpr double kAbove = 709.79;  // past ln(DBL_MAX) = 709.78…: 2^k overflows to ∞ by itself up to here
// 1/13!, 1/12!, …, 1/2!: exp(r) = 1 + r + r²·(1/2! + r/3! + … + r^11/13!) for |r| ≤ ln 2 / 2
// to below 2^-57 relative.
constexpr int kTerms = 12;
constexpr double kTaylor[kTerms] = {1.0 / 6227020800.0, 1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0,
                                    1.0 / 362880.0,     1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,
                                    1.0 / 120.0,        1.0 / 24.0,        1.0 / 6.0,        0.5};

// 2^k as a double, for k in [−1022, 1023].
inline double power_of_two(double k) {
  const std::uint64_t bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(k) + 1023) << 52;
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// exp(x) = 2^k · exp(r), k = round(x / ln 2), r = x − k·ln 2; 2^k in two
// factors 2^h · 2^(k−h), so that results down to the subnormals come out right.
// Only additions and products, each rounded (no fused multiply-add): WebAssembly has none, and
// so the page and the desktop give the same bits with nothing emulated. exp(r)'s small part,
// r + r²·q(r), is summed before the 1, so that its roundings (and the truncation) weigh under
// 0.42 ulp of exp(r), 0.25 where r ≥ 0; with r's own rounding (under 0.18 ulp) and the last
// addition's half ulp, each result is within about 1.1 ulp of exp(x), not always the nearest
// double. k·kLn2Hi is exact (kLn2Hi has 32 significant bits, |k| ≤ 1076 < 2^11), and so is
// x − k·kLn2Hi (Sterbenz: for k ≠ 0, x is within a factor of two of k·kLn2Hi); subtracting
// k·kLn2Lo rounds, by at most 2^-55. exp_avx2 and exp_wasm below do exactly these operations,
// four and two at a time.
double exp_one(double x) {
  if (x != x) return x;
  if (x < kBelow) return 0.0;
  if (x > kAbove) return HUGE_VAL;
  const double k = std::nearbyint(x * kLog2e);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  double q = kTaylor[0];
  for (int i = 1; i < kTerms; ++i) q = q * r + kTaylor[i];
  const double p = 1.0 + (r + (r * r) * q);
  const double half = std::trunc(k * 0.5);
  return p * power_of_two(half) * power_of_two(k - half);
}

#if ATTNLAB_FAST_EXP_WASM
inline v128_t power_of_two_x2(v128_t k) {
  const v128_t magic = wasm_f64x2_splat(6755399441055744.0);  // as power_of_two_avx2
  const v128_t as_int = wasm_i64x2_sub(wasm_f64x2_add(k, magic), magic);
  return wasm_i64x2_shl(wasm_i64x2_add(as_int, wasm_i64x2_splat(1023)), 52);
}

// exp_one on kPairs pairs, as exp_avx2: computed on x clamped into range (pmin and pmax keep a
// NaN, so a NaN lane goes through as NaN, unlike exp_avx2's), the special cases put back. The
// pairs' Horner chains side by side: each step waits for the one before, and the other chain
// fills the wait.
constexpr int kPairs = 2;
inline void exp_pairs(double* x) {
  v128_t v[kPairs], k[kPairs], r[kPairs], q[kPairs];
  for (int l = 0; l < kPairs; ++l) {
    v[l] = wasm_v128_load(x + 2 * l);
    const v128_t c = wasm_f64x2_pmax(wasm_f64x2_pmin(v[l], wasm_f64x2_splat(kAbove)), wasm_f64x2_splat(kBelow));
    k[l] = wasm_f64x2_nearest(wasm_f64x2_mul(c, wasm_f64x2_splat(kLog2e)));
    r[l] = wasm_f64x2_sub(wasm_f64x2_sub(c, wasm_f64x2_mul(k[l], wasm_f64x2_splat(kLn2Hi))),
                          wasm_f64x2_mul(k[l], wasm_f64x2_splat(kLn2Lo)));
    q[l] = wasm_f64x2_splat(kTaylor[0]);
  }
  for (int t = 1; t < kTerms; ++t)
    for (int l = 0; l < kPairs; ++l) q[l] = wasm_f64x2_add(wasm_f64x2_mul(q[l], r[l]), wasm_f64x2_splat(kTaylor[t]));
  for (int l = 0; l < kPairs; ++l) {
    const v128_t p = wasm_f64x2_add(wasm_f64x2_splat(1.0), wasm_f64x2_add(r[l], wasm_f64x2_mul(wasm_f64x2_mul(r[l], r[l]), q[l])));
    const v128_t half = wasm_f64x2_trunc(wasm_f64x2_mul(k[l], wasm_f64x2_splat(0.5)));
    v128_t e = wasm_f64x2_mul(wasm_f64x2_mul(p, power_of_two_x2(half)), power_of_two_x2(wasm_f64x2_sub(k[l], half)));
    e = wasm_v128_bitselect(wasm_f64x2_splat(0.0), e, wasm_f64x2_lt(v[l], wasm_f64x2_splat(kBelow)));
    e = wasm_v128_bitselect(wasm_f64x2_splat(HUGE_VAL), e, wasm_f64x2_gt(v[l], wasm_f64x2_splat(kAbove)));
    e = wasm_v128_bitselect(v[l], e, wasm_f64x2_ne(v[l], v[l]));
    wasm_v128_store(x + 2 * l, e);
  }
}

void exp_wasm(double* x, int count) {
  int i = 0;
  for (; i + 2 * kPairs <= count; i += 2 * kPairs) exp_pairs(x + i);
  if (i < count) {  // the last few through a padded copy (the padding's exp is never stored back)
    double rest[2 * kPairs] = {};
    for (int j = i; j < count; ++j) rest[j - i] = x[j];
    exp_pairs(rest);
    for (int j = i; j < count; ++j) x[j] = rest[j - i];
  }
}
#endif

#if ATTNLAB_FAST_EXP_AVX2
__attribute__((target("avx2"))) __m256d power_of_two_avx2(__m256d k) {
  // k + 1.5·2^52 holds k as an integer in its low bits; less those bits of 1.5·2^52, plus 1023, shifted to the exponent.
  const __m256d magic = _mm256_set1_pd(6755399441055744.0);
  const __m256i as_int = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(k, magic)), _mm256_castpd_si256(magic));
  return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(as_int, _mm256_set1_epi64x(1023)), 52));
}

__attribute__((target("avx2"))) void exp_avx2(double* x, int count) {
  int i = 0;
  for (; i + 4 <= count; i += 4) {
    const __m256d v = _mm256_loadu_pd(x + i);
    // Computed on v clamped into range (NaN becomes a number here), then the special cases put back.
    const __m256d c = _mm256_max_pd(_mm256_min_pd(v, _mm256_set1_pd(kAbove)), _mm256_set1_pd(kBelow));
    const __m256d k = _mm256_round_pd(_mm256_mul_pd(c, _mm256_set1_pd(kLog2e)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256d r = _mm256_sub_pd(_mm256_sub_pd(c, _mm256_mul_pd(k, _mm256_set1_pd(kLn2Hi))),
                                    _mm256_mul_pd(k, _mm256_set1_pd(kLn2Lo)));
    __m256d q = _mm256_set1_pd(kTaylor[0]);
    for (int t = 1; t < kTerms; ++t) q = _mm256_add_pd(_mm256_mul_pd(q, r), _mm256_set1_pd(kTaylor[t]));
    const __m256d p = _mm256_add_pd(_mm256_set1_pd(1.0), _mm256_add_pd(r, _mm256_mul_pd(_mm256_mul_pd(r, r), q)));
    const __m256d half = _mm256_round_pd(_mm256_mul_pd(k, _mm256_set1_pd(0.5)), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256d e = _mm256_mul_pd(_mm256_mul_pd(p, power_of_two_avx2(half)), power_of_two_avx2(_mm256_sub_pd(k, half)));
    e = _mm256_blendv_pd(e, _mm256_setzero_pd(), _mm256_cmp_pd(v, _mm256_set1_pd(kBelow), _CMP_LT_OQ));
    e = _mm256_blendv_pd(e, _mm256_set1_pd(HUGE_VAL), _mm256_cmp_pd(v, _mm256_set1_pd(kAbove), _CMP_GT_OQ));
    e = _mm256_blendv_pd(e, v, _mm256_cmp_pd(v, v, _CMP_UNORD_Q));
    _mm256_storeu_pd(x + i, e);
  }
  for (; i < count; ++i) x[i] = exp_one(x[i]);
}

bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

}  // namespace

void exp_in_place(double* x, int count) {
#if ATTNLAB_FAST_EXP_WASM
  exp_wasm(x, count);
  return;
#endif
#if ATTNLAB_FAST_EXP_AVX2
  if (has_avx2()) {
    exp_avx2(x, count);
    return;
  }
#endif
  for (int i = 0; i < count; ++i) x[i] = exp_one(x[i]);
}

double exp_scalar_for_tests(double x) { return exp_one(x); }

}  // namespace core
