// core_recompute_ns: compute() for n = 8, d_model = 4, heads = 2, d_k = 2, every
// quantity including the SVD of W_QK, as the app does on every edit.
#include <benchmark/benchmark.h>

#include "core/compute.h"
#include "../test_helpers.h"

static void BM_Compute(benchmark::State& st) {
  std::mt19937 rng(1);
  const core::Scenario s = testing_helpers::random_scenario(rng, 8, 4, 2, 2, core::Mode::Projected);
  core::Result r;
  for (auto _ : st) {
    core::compute(s, r);
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Compute)->Repetitions(9)->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
