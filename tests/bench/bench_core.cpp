// core_recompute_ns: compute() for n = 8, d_model = 4, heads = 2, d_k = 2, every
// quantity including the SVD of W_QK, as the app does on every edit.
#include <benchmark/benchmark.h>

#include "core/io/model_file.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"
#include "core/training/training.h"
#include "tests/support/test_helpers.h"

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

// web_compute_ratio's native half: compute() of tests/data/example.json, the scenario the page
// times with window.attnlab's timeCompute() (tests/web/bench.mjs) in the same run.
static void BM_ComputeExample(benchmark::State& st) {
  const core::LoadResult loaded = core::load_scenario_file(ATTNLAB_TEST_DATA "/example.json");
  const core::Scenario& s = loaded.scenario.value();
  core::Result r;
  for (auto _ : st) {
    core::compute(s, r);
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_ComputeExample)->Repetitions(9)->ReportAggregatesOnly(true);

// text_forward_ms: the shipped QKᵀ model (docs/model-file.md) on 64 characters, its context, every head's
// numbers and weights_qq included: what the text view computes each time a character is typed.
static void BM_TextForward(benchmark::State& st) {
  const core::TrainedModel model = core::load_model_file(ATTNLAB_MODELS "/licences_qkt.safetensors").model.value();
  const std::string text = "This program is free software; you can redistribute it and/or mo";
  if (static_cast<int>(text.size()) != core::kMaxTextBytes || !core::text_problem(model, text).empty())
    st.SkipWithError("the text is not 64 bytes the model can run");
  for (auto _ : st) benchmark::DoNotOptimize(core::text_forward(model, text));
}
BENCHMARK(BM_TextForward)->Unit(benchmark::kMillisecond)->Repetitions(9)->ReportAggregatesOnly(true);

// train_steps_per_s: forward, backward and Adam of the QKᵀ variant (n = 8,
// d_model = 4, two heads of d_k = 2) on one
// batch of 16, as torch_train.py does with its fixed X and target;
// train_steps_with_data_per_s: each step on a fresh batch, the teacher's
// targets computed, as a run of the lab does.
static void TrainStep(benchmark::State& st, bool fresh_data) {
  const core::ExperimentLoad race = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json");
  core::Experiment e = race.experiment.value();
  e.variants.resize(1);  // QKᵀ
  e.steps = core::kMaxSteps;
  core::Training training(e);
  if (!fresh_data) training.keep_batch();
  for (auto _ : st) {
    training.step();
    benchmark::ClobberMemory();
  }
}
static void BM_TrainStep(benchmark::State& st) { TrainStep(st, false); }
static void BM_TrainStepWithData(benchmark::State& st) { TrainStep(st, true); }
BENCHMARK(BM_TrainStep)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_TrainStepWithData)->Repetitions(5)->ReportAggregatesOnly(true);

// race_ms: the shipped six-variant race, 2000 steps of 16, and its test losses.
static void BM_Race(benchmark::State& st) {
  const core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
  for (auto _ : st) {
    core::Training training(e);
    while (!training.finished()) training.step();
    benchmark::DoNotOptimize(training.test_loss(0));
  }
}
BENCHMARK(BM_Race)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);

// race_5_seeds_ms: the same race over 5 seeds, as --train runs it (the seeds' runs on the
// machine's cores), medians included.
static void BM_Race5Seeds(benchmark::State& st) {
  core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
  e.seeds = 5;
  for (auto _ : st) {
    core::SeededTraining training(e);
    training.train_to_end();
    benchmark::DoNotOptimize(training.result_json(false));
  }
}
BENCHMARK(BM_Race5Seeds)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true)->UseRealTime();

BENCHMARK_MAIN();
