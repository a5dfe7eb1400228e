// core_allocations_per_recompute: every malloc, calloc, realloc and operator new
// made inside compute(), counted by replacing them (glibc lets a program do so).
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "core/model/compute.h"
#include "tests/support/test_helpers.h"

extern "C" void* __libc_malloc(size_t);
extern "C" void* __libc_calloc(size_t, size_t);
extern "C" void* __libc_realloc(void*, size_t);
extern "C" void __libc_free(void*);

namespace {
std::atomic<long> g_allocations{0};
bool g_counting = false;
void note() {
  if (g_counting) ++g_allocations;
}
}  // namespace

extern "C" void* malloc(size_t n) { note(); return __libc_malloc(n); }
extern "C" void* calloc(size_t n, size_t m) { note(); return __libc_calloc(n, m); }
extern "C" void* realloc(void* p, size_t n) { note(); return __libc_realloc(p, n); }
extern "C" void free(void* p) { __libc_free(p); }
void* operator new(size_t n) { note(); if (void* p = __libc_malloc(n ? n : 1)) return p; throw std::bad_alloc(); }
void* operator new[](size_t n) { note(); if (void* p = __libc_malloc(n ? n : 1)) return p; throw std::bad_alloc(); }
void operator delete(void* p) noexcept { __libc_free(p); }
void operator delete[](void* p) noexcept { __libc_free(p); }
void operator delete(void* p, size_t) noexcept { __libc_free(p); }
void operator delete[](void* p, size_t) noexcept { __libc_free(p); }

int main() {
  std::mt19937 rng(1);
  const core::Scenario s = testing_helpers::random_scenario(rng, 8, 4, 2, 2, core::Mode::Projected);
  core::Result r;
  core::compute(s, r);
  // The counter must see what it is meant to: one malloc here counts one.
  g_counting = true;
  void* probe = std::malloc(16);
  g_counting = false;
  std::free(probe);
  if (g_allocations != 1) {
    std::fprintf(stderr, "the allocation counter does not work (%ld)\n", g_allocations.load());
    return 1;
  }
  g_allocations = 0;
  constexpr int kRuns = 1000;
  g_counting = true;
  for (int i = 0; i < kRuns; ++i) core::compute(s, r);
  g_counting = false;
  std::printf("core_allocations_per_recompute: %g\n", static_cast<double>(g_allocations) / kRuns);
  return 0;
}
