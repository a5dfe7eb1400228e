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

// fma_by_rounding_to_odd's steps, for a, b and c in its range (fast_exp.h): exp_one's are.
inline double fma_in_range(double a, double b, double c) {
  // a·b = uh + ul exactly: Veltkamp's split of each factor into 26 and 27 bits, then Dekker's product.
  const double at = 134217729.0 * a, bt = 134217729.0 * b;  // 2^27 + 1
  const double ah = at - (at - a), al = a - ah, bh = bt - (bt - b), bl = b - bh;
  const double uh = a * b;
  const double ul = ((ah * bh - uh) + ah * bl + al * bh) + al * bl;
  // c + uh = th + tl exactly (Knuth's two-sum).
  const double th = c + uh;
  const double tb = th - c;
  const double tl = (c - (th - tb)) + (uh - tb);
  // v = tl + ul rounded to odd: the sum rounded to nearest, then, when it was not exact and its
  // last bit is even, its neighbour towards the exact sum (whose last bit is odd).
  double v = tl + ul;
  const double vb = v - tl;
  const double ve = (tl - (v - vb)) + (ul - vb);
  if (ve != 0) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    if ((bits & 1) == 0) {
      // One step along the number line, towards ve: ±1 on the bits, by the signs of v and ve.
      bits += (v > 0) == (ve > 0) ? 1 : static_cast<std::uint64_t>(-1);
      std::memcpy(&v, &bits, sizeof v);
    }
  }
  return th + v;
}

inline double fma_checked(double a, double b, double c) {
  if (a == 0 || b == 0) return a * b + c;  // the product is exact: one rounding, as fma's
  const double aa = std::fabs(a), ab = std::fabs(b), ac = std::fabs(c);
  if (!(aa > 0x1p-450 && aa < 0x1p450 && ab > 0x1p-450 && ab < 0x1p450 && ac < 0x1p900)) return std::fma(a, b, c);
  return fma_in_range(a, b, c);
}

}  // namespace

double fma_by_rounding_to_odd(double a, double b, double c) { return fma_checked(a, b, c); }

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

// The fused multiply-add of this machine: the instruction where there is one (std::fma compiles
// to it or to libm's), the emulation in WebAssembly (fast_exp.h says why).
inline double fused(double a, double b, double c) {
#if defined(__wasm__)
  return fma_checked(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}

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
  double r = fused(-k, kLn2Hi, x);
  r = fused(-k, kLn2Lo, r);
  double p = kTaylor[0];
  for (int i = 1; i < 14; ++i) p = fused(p, r, kTaylor[i]);
  const double half = std::trunc(k * 0.5);
  return p * power_of_two(half) * power_of_two(k - half);
}

#if ATTNLAB_FAST_EXP_WASM
// fma_in_range on two lanes: the same operations, so the same bits as exp_one's.
inline v128_t fma_in_range_x2(v128_t a, v128_t b, v128_t c) {
  const v128_t split = wasm_f64x2_splat(134217729.0);
  const v128_t at = wasm_f64x2_mul(split, a), bt = wasm_f64x2_mul(split, b);
  const v128_t ah = wasm_f64x2_sub(at, wasm_f64x2_sub(at, a)), al = wasm_f64x2_sub(a, ah);
  const v128_t bh = wasm_f64x2_sub(bt, wasm_f64x2_sub(bt, b)), bl = wasm_f64x2_sub(b, bh);
  const v128_t uh = wasm_f64x2_mul(a, b);
  const v128_t ul = wasm_f64x2_add(
      wasm_f64x2_add(wasm_f64x2_add(wasm_f64x2_sub(wasm_f64x2_mul(ah, bh), uh), wasm_f64x2_mul(ah, bl)), wasm_f64x2_mul(al, bh)),
      wasm_f64x2_mul(al, bl));
  const v128_t th = wasm_f64x2_add(c, uh);
  const v128_t tb = wasm_f64x2_sub(th, c);
  const v128_t tl = wasm_f64x2_add(wasm_f64x2_sub(c, wasm_f64x2_sub(th, tb)), wasm_f64x2_sub(uh, tb));
  v128_t v = wasm_f64x2_add(tl, ul);
  const v128_t vb = wasm_f64x2_sub(v, tl);
  const v128_t ve = wasm_f64x2_add(wasm_f64x2_sub(tl, wasm_f64x2_sub(v, vb)), wasm_f64x2_sub(ul, vb));
  // Rounded to odd: where inexact with an even last bit, one step towards ve (+1 on the bits
  // where v and ve have the same sign, −1 where not).
  const v128_t zero = wasm_f64x2_splat(0.0);
  const v128_t even = wasm_i64x2_eq(wasm_v128_and(v, wasm_i64x2_splat(1)), wasm_i64x2_splat(0));
  const v128_t fix = wasm_v128_and(even, wasm_f64x2_ne(ve, zero));
  const v128_t same = wasm_i64x2_eq(wasm_f64x2_gt(v, zero), wasm_f64x2_gt(ve, zero));
  const v128_t step = wasm_v128_bitselect(wasm_i64x2_splat(1), wasm_i64x2_splat(-1), same);
  v = wasm_i64x2_add(v, wasm_v128_and(step, fix));
  return wasm_f64x2_add(th, v);
}

inline v128_t power_of_two_x2(v128_t k) {
  const v128_t magic = wasm_f64x2_splat(6755399441055744.0);  // as power_of_two_avx2
  const v128_t as_int = wasm_i64x2_sub(wasm_f64x2_add(k, magic), magic);
  return wasm_i64x2_shl(wasm_i64x2_add(as_int, wasm_i64x2_splat(1023)), 52);
}

// x less its multiple of ln 2, r, and that multiple, k, for a pair, and which lanes are below
// kBelow (exp is 0 there: a masked or padding −∞; such a lane is reduced as x = 0 and its 0 put
// back by the caller). False when the pair is exp_one's: a lane above kAbove or NaN, or where a
// product of exp_one's would leave fma_in_range's range (fast_exp.h), x or r neither 0 nor above
// 2^-400 in size.
inline bool reduce_x2(v128_t v, v128_t& k, v128_t& r, v128_t& low) {
  const v128_t zero = wasm_f64x2_splat(0.0), tiny = wasm_f64x2_splat(0x1p-400);
  const auto out_of_range = [&](v128_t u) {
    return wasm_v128_and(wasm_f64x2_ne(u, zero), wasm_v128_not(wasm_f64x2_gt(wasm_f64x2_abs(u), tiny)));
  };
  low = wasm_f64x2_lt(v, wasm_f64x2_splat(kBelow));
  // NaN fails every comparison: neither low nor at most kAbove.
  if (!wasm_i64x2_all_true(wasm_v128_or(low, wasm_f64x2_le(v, wasm_f64x2_splat(kAbove))))) return false;
  v = wasm_v128_bitselect(zero, v, low);
  if (wasm_v128_any_true(out_of_range(v))) return false;
  k = wasm_f64x2_nearest(wasm_f64x2_mul(v, wasm_f64x2_splat(kLog2e)));
  const v128_t minus_k = wasm_f64x2_neg(k);
  r = fma_in_range_x2(minus_k, wasm_f64x2_splat(kLn2Hi), v);
  r = fma_in_range_x2(minus_k, wasm_f64x2_splat(kLn2Lo), r);
  return !wasm_v128_any_true(out_of_range(r));
}

// p · 2^k, in two factors as exp_one; 0 in the low lanes.
inline v128_t scale_x2(v128_t p, v128_t k, v128_t low) {
  const v128_t half = wasm_f64x2_trunc(wasm_f64x2_mul(k, wasm_f64x2_splat(0.5)));
  const v128_t e = wasm_f64x2_mul(wasm_f64x2_mul(p, power_of_two_x2(half)), power_of_two_x2(wasm_f64x2_sub(k, half)));
  return wasm_v128_bitselect(wasm_f64x2_splat(0.0), e, low);
}

// kChains pairs' polynomials side by side: Horner's fused steps are a chain, each waiting for
// the one before, and several chains fill the wait.
constexpr int kChains = 6;
struct Reduced {
  int at;
  v128_t k, r, low;
};

void finish_x2(double* x, const Reduced* pairs, int count) {
  v128_t p[kChains];
  for (int c = 0; c < count; ++c) p[c] = wasm_f64x2_splat(kTaylor[0]);
  for (int t = 1; t < 14; ++t)
    for (int c = 0; c < count; ++c) p[c] = fma_in_range_x2(p[c], pairs[c].r, wasm_f64x2_splat(kTaylor[t]));
  for (int c = 0; c < count; ++c) wasm_v128_store(x + pairs[c].at, scale_x2(p[c], pairs[c].k, pairs[c].low));
}

// exp_one two at a time, kChains pairs at once. A pair of −∞ is two 0s; a pair reduce_x2 turns
// down is exp_one's.
void exp_wasm(double* x, int count) {
  Reduced waiting[kChains];
  int waiting_count = 0;
  int i = 0;
  for (; i + 2 <= count; i += 2) {
    Reduced& next = waiting[waiting_count];
    if (!reduce_x2(wasm_v128_load(x + i), next.k, next.r, next.low)) {
      x[i] = exp_one(x[i]);
      x[i + 1] = exp_one(x[i + 1]);
      continue;
    }
    if (wasm_i64x2_all_true(next.low)) {
      wasm_v128_store(x + i, wasm_f64x2_splat(0.0));
      continue;
    }
    next.at = i;
    if (++waiting_count == kChains) {
      finish_x2(x, waiting, kChains);
      waiting_count = 0;
    }
  }
  if (waiting_count > 0) finish_x2(x, waiting, waiting_count);
  for (; i < count; ++i) x[i] = exp_one(x[i]);
}
#endif

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
