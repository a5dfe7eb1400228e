#include "core/math/fast_exp.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define ATTNLAB_FAST_EXP_AVX2 1  // elsewhere (ARM, …) the plain loop alone, the same bits
#endif

namespace core {

namespace {

constexpr double kLog2e = 1.4426950408889634;
// ln 2 in two parts (Cody–Waite): k·kLn2Hi is exact for the k that occur.
constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
constexpr double kBelow = -746.0;  // exp(−746) is below half the smallest subnormal: 0
constexpr double kAbove = 709.79;  // past ln(DBL_MAX) = 709.78…: 2^k overflows to ∞ by itself up to here
// 1/13!, 1/12!, …, 1/2!, 1/1!, 1/0!: exp(r) for |r| ≤ ln 2 / 2 to below 2^-58 relative.
constexpr double kTaylor[] = {1.0 / 6227020800.0, 1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0,
                              1.0 / 362880.0,     1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,
                              1.0 / 120.0,        1.0 / 24.0,        1.0 / 6.0,        0.5,
                              1.0,                1.0};

// 2^k as a double, for k in [−1022, 1023].
inline double power_of_two(double k) {
  const std::uint64_t bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(k) + 1023) << 52;
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// exp(x) = 2^k · exp(r), k = round(x / ln 2), r = x − k·ln 2; 2^k in two
// factors 2^h · 2^(k−h), so that results down to the subnormals come out right.
// exp_avx2 below does exactly these operations, four at a time.
double exp_one(double x) {
  if (x != x) return x;
  if (x < kBelow) return 0.0;
  if (x > kAbove) return HUGE_VAL;
  const double k = std::nearbyint(x * kLog2e);
  double r = std::fma(-k, kLn2Hi, x);
  r = std::fma(-k, kLn2Lo, r);
  double p = kTaylor[0];
  for (int i = 1; i < 14; ++i) p = std::fma(p, r, kTaylor[i]);
  const double half = std::trunc(k * 0.5);
  return p * power_of_two(half) * power_of_two(k - half);
}

#if ATTNLAB_FAST_EXP_AVX2
__attribute__((target("avx2,fma"))) __m256d power_of_two_avx2(__m256d k) {
  // k + 1.5·2^52 holds k as an integer in its low bits; less those bits of 1.5·2^52, plus 1023, shifted to the exponent.
  const __m256d magic = _mm256_set1_pd(6755399441055744.0);
  const __m256i as_int = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(k, magic)), _mm256_castpd_si256(magic));
  return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(as_int, _mm256_set1_epi64x(1023)), 52));
}

__attribute__((target("avx2,fma"))) void exp_avx2(double* x, int count) {
  int i = 0;
  for (; i + 4 <= count; i += 4) {
    const __m256d v = _mm256_loadu_pd(x + i);
    // Computed on v clamped into range (NaN becomes a number here), then the special cases put back.
    const __m256d c = _mm256_max_pd(_mm256_min_pd(v, _mm256_set1_pd(kAbove)), _mm256_set1_pd(kBelow));
    const __m256d k = _mm256_round_pd(_mm256_mul_pd(c, _mm256_set1_pd(kLog2e)), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256d r = _mm256_fnmadd_pd(k, _mm256_set1_pd(kLn2Hi), c);
    r = _mm256_fnmadd_pd(k, _mm256_set1_pd(kLn2Lo), r);
    __m256d p = _mm256_set1_pd(kTaylor[0]);
    for (int t = 1; t < 14; ++t) p = _mm256_fmadd_pd(p, r, _mm256_set1_pd(kTaylor[t]));
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
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}
#endif

}  // namespace

void exp_in_place(double* x, int count) {
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
