// Experiments over seeds: "seeds": N runs every variant once per seed, seed … seed + N − 1,
// each run exactly the one-seed run with that seed; RESULT holds every run and the medians.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "core/export/export_curves.h"
#include "core/io/experiment_json.h"
#include "core/io/scenario_io.h"
#include "core/training/training.h"
#include "tests/support/experiment_helpers.h"

namespace test_seeds {

namespace {

using core::Experiment;
using nlohmann::json;

using testing_helpers::parsed;
using testing_helpers::refusal;

// The tests' small experiment over three seeds, 25 steps.
json seeded_experiment() {
  json j = testing_helpers::small_experiment();
  j["steps"] = 25;
  j["seeds"] = 3;
  return j;
}


}  // namespace

TEST(Seeds, TheFieldIsAWholeNumberFrom1To32) {
  EXPECT_EQ(parsed(seeded_experiment()).seeds, 3);
  json j = seeded_experiment();
  j.erase("seeds");
  EXPECT_EQ(parsed(j).seeds, 1);
  for (const json& bad : {json(0), json(33), json(2.5), json("5"), json(-1)}) {
    j = seeded_experiment();
    j["seeds"] = bad;
    EXPECT_NE(refusal(j).find("seeds: expected an integer from 1 to 32"), std::string::npos) << bad << ": " << refusal(j);
  }
  // seed + seeds − 1 must not wrap round to 0.
  j = seeded_experiment();
  j["seed"] = std::numeric_limits<std::uint64_t>::max() - 1;
  EXPECT_NE(refusal(j).find("seed + seeds − 1 must stay below 2^64"), std::string::npos) << refusal(j);
  j["seeds"] = 2;
  EXPECT_EQ(parsed(j).seeds, 2);
  // A recording holds every seed's batches: (steps + 1) × batch × seeds, bounded.
  j = seeded_experiment();
  j["record"] = true;
  j["steps"] = 8191;
  j["batch"] = 4;
  j["seeds"] = 2;
  EXPECT_EQ(parsed(j).seeds, 2);  // 8192 × 4 × 2 = 65 536
  j["seeds"] = 3;
  EXPECT_NE(refusal(j).find("(steps + 1) × batch × seeds"), std::string::npos) << refusal(j);
  // The writer keeps it, and leaves it out at 1.
  EXPECT_EQ(core::experiment_to_json(parsed(seeded_experiment()))["seeds"], 3);
  j = seeded_experiment();
  j["seeds"] = 1;
  EXPECT_FALSE(core::experiment_to_json(parsed(j)).contains("seeds"));
}

TEST(Seeds, MedianIsNumpys) {
  EXPECT_EQ(core::median_of({3.0, 1.0, 2.0}), 2.0);
  EXPECT_EQ(core::median_of({4.0, 1.0, 3.0, 2.0}), 2.5);
  EXPECT_EQ(core::median_of({5.0}), 5.0);
  EXPECT_EQ(core::median_of({0.2, 0.1}), 0.15000000000000002);  // numpy.median([0.1, 0.2]): (0.1 + 0.2) / 2
  EXPECT_TRUE(std::isnan(core::median_of({})));
}

// Each seed's run is the one-seed run with that seed, bit for bit; RESULT's medians are the
// medians of those runs, step by step.
TEST(Seeds, EachRunIsTheOneSeedRunAndTheMediansAreTheirs) {
  const Experiment e = parsed(seeded_experiment());
  core::SeededTraining seeded(e);
  while (!seeded.finished()) seeded.step();
  const core::OrderedJson result = seeded.result_json();
  EXPECT_TRUE(core::result_problems(result).empty());
  EXPECT_EQ(result["seeds"], 3);
  for (int v = 0; v < 2; ++v) {
    const core::OrderedJson& variant = result["variants"][static_cast<size_t>(v)];
    ASSERT_EQ(variant["runs"].size(), 3u);
    std::vector<std::vector<double>> losses;
    std::vector<double> tests;
    for (int s = 0; s < 3; ++s) {
      Experiment one = e;
      one.seed = e.seed + static_cast<std::uint64_t>(s);
      one.seeds = 1;
      core::Training alone(one);
      while (!alone.finished()) alone.step();
      const core::OrderedJson& run = variant["runs"][static_cast<size_t>(s)];
      EXPECT_EQ(run["seed"], one.seed);
      core::OrderedJson expected = alone.variant_json(v, /*with_name=*/false);
      for (auto& [key, value] : expected.items()) EXPECT_EQ(run[key], value) << "seed " << one.seed << " " << key;
      EXPECT_EQ(variant["params"], alone.params(v));
      losses.push_back(alone.loss(v));
      tests.push_back(alone.test_loss(v));
    }
    EXPECT_NE(losses[0], losses[1]) << "two seeds, two runs";
    ASSERT_EQ(variant["median_loss"].size(), losses[0].size());
    for (size_t k = 0; k < losses[0].size(); ++k) {
      std::vector<double> at{losses[0][k], losses[1][k], losses[2][k]};
      std::sort(at.begin(), at.end());
      EXPECT_EQ(variant["median_loss"][k].get<double>(), at[1]) << "step " << k;
    }
    std::sort(tests.begin(), tests.end());
    EXPECT_EQ(variant["median_test_loss"].get<double>(), tests[1]);
  }
  // Deterministic: the same experiment, the same RESULT.
  core::SeededTraining again(e);
  while (!again.finished()) again.step();
  EXPECT_EQ(again.result_json(), result);
}

// One seed writes RESULT as it always did: no "seeds", no "runs".
TEST(Seeds, OneSeedKeepsTheOneRunResult) {
  json j = seeded_experiment();
  j["seeds"] = 1;
  const Experiment e = parsed(j);
  core::SeededTraining seeded(e);
  core::Training alone(e);
  while (!seeded.finished()) {
    seeded.step();
    alone.step();
  }
  EXPECT_EQ(seeded.result_json(), alone.result_json());
  EXPECT_EQ(seeded.result_text(), alone.result_text());
  EXPECT_FALSE(seeded.result_json().contains("seeds"));
}

// A run that diverges stops: the median at a step is over the runs that reached it, and the
// median test loss over the runs that did not diverge.
TEST(Seeds, MediansLeaveOutWhatDivergedRunsNeverHad) {
  json j = seeded_experiment();
  j["optimizer"] = "sgd";
  j["learning_rate"] = 10;
  j["init_scale"] = 100;
  j["seeds"] = 4;
  const Experiment e = parsed(j);
  core::SeededTraining seeded(e);
  while (!seeded.finished()) seeded.step();
  const core::OrderedJson result = seeded.result_json();
  EXPECT_TRUE(core::result_problems(result).empty()) << core::result_problems(result).front();
  int diverged = 0;
  for (const auto& variant : result["variants"]) {
    size_t longest = 0;
    std::vector<double> finite_tests;
    for (const auto& run : variant["runs"]) {
      diverged += run.contains("diverged");
      longest = std::max(longest, run["loss"].size());
      if (!run["test_loss"].is_null()) finite_tests.push_back(run["test_loss"].get<double>());
    }
    EXPECT_EQ(variant["median_loss"].size(), longest);
    if (finite_tests.empty()) EXPECT_TRUE(variant["median_test_loss"].is_null());
    else EXPECT_EQ(variant["median_test_loss"].get<double>(), core::median_of(finite_tests));
  }
  EXPECT_GT(diverged, 0) << "SGD at learning rate 10 from init scale 100 diverges";
}

// The lab's curves over seeds, brought up to date a step at a time (as its worker publishes
// them), are those of the whole run; the median lies in its band.
TEST(Seeds, CurvesUpdatedStepByStepAreTheWholeRunsMediansAndBands) {
  const Experiment e = parsed(seeded_experiment());
  core::SeededTraining seeded(e);
  core::Curves c;
  core::update_curves(c, seeded);
  EXPECT_EQ(c.seeds, 3);
  while (!seeded.finished()) {
    seeded.step();
    if (seeded.steps_done() % 7 == 0) core::update_curves(c, seeded);
  }
  core::update_curves(c, seeded);
  const core::Curves whole = core::curves_of(seeded);
  EXPECT_EQ(c.loss, whole.loss);
  EXPECT_EQ(c.band_lo, whole.band_lo);
  EXPECT_EQ(c.band_hi, whole.band_hi);
  EXPECT_EQ(c.test_loss, whole.test_loss);
  EXPECT_EQ(c.test_lo, whole.test_lo);
  EXPECT_EQ(c.test_hi, whole.test_hi);
  const core::OrderedJson result = seeded.result_json();
  for (size_t v = 0; v < c.names.size(); ++v) {
    ASSERT_EQ(c.loss[v].size(), result["variants"][v]["median_loss"].size());
    for (size_t k = 0; k < c.loss[v].size(); ++k) {
      EXPECT_EQ(c.loss[v][k], result["variants"][v]["median_loss"][k].get<double>());
      EXPECT_LE(c.band_lo[v][k], c.loss[v][k]);
      EXPECT_LE(c.loss[v][k], c.band_hi[v][k]);
    }
    EXPECT_EQ(c.test_loss[v], result["variants"][v]["median_test_loss"].get<double>());
  }
  // The table over seeds: medians, then seeds and the test losses' range.
  const std::string csv = core::curves_table_csv(c);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "variant,params,first_loss,last_loss,test_loss,steps_done,diverged_at_step,seeds,test_loss_min,test_loss_max,runs_diverged");
}

// The page trains a race's seeds in Web Workers, each seed's run the one-seed run of its seed, and
// gets their losses at different times: the curves drawn from them (RunRecords) hold only the
// steps every run has taken, each exactly as the whole run's, and at the end are the whole run's.
// `diverges`: some of the experiment's runs stop early.
namespace {
void expect_runs_apart_drawn_as_the_whole_run(const json& j, bool diverges) {
  SCOPED_TRACE(j.dump());
  const Experiment e = parsed(j);
  std::vector<core::Training> apart;
  for (int s = 0; s < e.seeds; ++s) apart.emplace_back(core::one_run(e, s));
  const auto records = [&] {
    std::vector<core::RunRecord> r;
    for (const core::Training& t : apart) r.push_back(core::record_of(t));
    return r;
  };
  core::SeededTraining whole(e);
  while (!whole.finished()) whole.step();
  const core::Curves want = core::curves_of(whole);

  core::Curves c;
  core::update_curves(c, apart[0], records());
  EXPECT_EQ(c.seeds, 3);
  // Seed 0 runs ahead by up to 5 steps, seed 2 behind: a step is drawn once all three took it.
  for (int round = 0; !apart[2].finished(); ++round) {
    for (int k = 0; k < 1 + round % 5 && !apart[0].finished(); ++k) apart[0].step();
    if (apart[1].steps_done() < apart[0].steps_done()) apart[1].step();
    if (round % 2 == 1 || apart[0].finished()) apart[2].step();
    core::update_curves(c, apart[0], records());
    const int least = std::min({apart[0].steps_done(), apart[1].steps_done(), apart[2].steps_done()});
    EXPECT_EQ(c.steps_done, least);
    for (size_t v = 0; v < c.names.size(); ++v) {
      ASSERT_LE(c.loss[v].size(), want.loss[v].size());
      // A loss before each step all that still train have taken; after the last, once all are finished.
      if (want.diverged[v] == 0)
        EXPECT_EQ(c.loss[v].size(), static_cast<size_t>(least == e.steps ? least + 1 : least)) << "round " << round;
      if (least < e.steps) EXPECT_TRUE(std::isnan(c.test_loss[v])) << "no test loss before every run has its own";
      for (size_t k = 0; k < c.loss[v].size(); ++k) {
        EXPECT_EQ(c.loss[v][k], want.loss[v][k]);
        EXPECT_EQ(c.band_lo[v][k], want.band_lo[v][k]);
        EXPECT_EQ(c.band_hi[v][k], want.band_hi[v][k]);
      }
    }
  }
  core::update_curves(c, apart[0], records());
  EXPECT_EQ(c.loss, want.loss);  // with the loss after the last step
  EXPECT_EQ(c.band_lo, want.band_lo);
  EXPECT_EQ(c.band_hi, want.band_hi);
  // The same numbers, NaN where the whole run has none (every run of a design diverged).
  const auto same = [](const std::vector<double>& a, const std::vector<double>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); });
  };
  EXPECT_TRUE(same(c.test_loss, want.test_loss));
  EXPECT_TRUE(same(c.test_lo, want.test_lo));
  EXPECT_TRUE(same(c.test_hi, want.test_hi));
  EXPECT_EQ(c.diverged, want.diverged);
  EXPECT_EQ(c.diverged_runs, want.diverged_runs);
  EXPECT_EQ(c.steps_done, e.steps);
  if (diverges) EXPECT_GT(*std::max_element(want.diverged_runs.begin(), want.diverged_runs.end()), 0) << "some diverged";
}
}  // namespace

TEST(Seeds, CurvesOfRunsTrainedApartAreTheWholeRunsOnceEveryRunHasTheStep) {
  expect_runs_apart_drawn_as_the_whole_run(seeded_experiment(), false);
  json diverging = seeded_experiment();  // SGD at learning rate 10 from init scale 100: runs stop early
  diverging["optimizer"] = "sgd";
  diverging["learning_rate"] = 10;
  diverging["init_scale"] = 100;
  expect_runs_apart_drawn_as_the_whole_run(diverging, true);
}

// The page's worker sends a run's weights as numbers (weights_of), which the page puts into the
// scenario it had at the start (set_weights): that is the scenario of now, for every design of
// the race (shared QK, one W, AttentionAlt's W_alt, the cosine logits' gain, several heads).
TEST(Seeds, TheWeightsSentAsNumbersPutIntoTheStartAreTheScenarioOfNow) {
  core::ExperimentLoad race = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json");
  ASSERT_TRUE(race.ok()) << race.message();
  race.experiment->steps = 30;
  for (const int heads : {1, 2}) {
    race.experiment->heads = heads;
    core::Training t(*race.experiment);
    std::vector<core::Scenario> start;
    for (int v = 0; v < t.variants(); ++v) start.push_back(t.current(v));
    for (int k = 0; k < 30; ++k) t.step();
    for (int v = 0; v < t.variants(); ++v) {
      core::Scenario now = start[static_cast<size_t>(v)];
      ASSERT_TRUE(core::set_weights(now, core::weights_of(t.current(v))));
      EXPECT_EQ(core::scenario_to_json(now), core::scenario_to_json(t.current(v))) << t.name(v) << ", heads " << heads;
      EXPECT_NE(core::scenario_to_json(start[static_cast<size_t>(v)]), core::scenario_to_json(t.current(v))) << "it trained";
    }
    std::vector<double> short_by_one = core::weights_of(t.current(0));
    short_by_one.pop_back();
    core::Scenario kept = start[0];
    EXPECT_FALSE(core::set_weights(kept, short_by_one));
    EXPECT_EQ(core::scenario_to_json(kept), core::scenario_to_json(start[0])) << "unchanged";
  }
}

// --train trains the seeds on threads (the lab steps them one after the other): the same result.
TEST(Seeds, TrainingOnThreadsIsTrainingOneAfterTheOther) {
  const Experiment e = parsed(seeded_experiment());
  core::SeededTraining threads(e), one_by_one(e);
  std::vector<int> progress;
  threads.train_to_end([&](int k) { progress.push_back(k); });
  while (!one_by_one.finished()) one_by_one.step();
  EXPECT_EQ(threads.result_json(), one_by_one.result_json());
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.back(), e.steps);
  EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
}

// Seeds that would leave a thread idle at the end are cut by variant, each part trained on a
// copy of the run that draws the same batches: with any number of threads (more than seeds, more
// than variants, parts of one and two variants) the result is the one-after-the-other result, bit
// for bit, the batches recorded once per seed.
TEST(Seeds, SeedsCutByVariantTrainAsOneRun) {
  for (int seeds : {1, 3}) {
    json j = seeded_experiment();
    j["seeds"] = seeds;
    j["record"] = true;
    j["variants"].push_back({{"name", "one W"}, {"options", {{"merged_qk", true}}}});
    const Experiment e = parsed(j);
    core::SeededTraining one_by_one(e);
    while (!one_by_one.finished()) one_by_one.step();
    for (int threads : {1, 2, 3, 4, 7}) {
      core::SeededTraining split(e);
      std::vector<int> progress;
      split.train_to_end([&](int k) { progress.push_back(k); }, threads);
      EXPECT_EQ(split.result_json(), one_by_one.result_json()) << seeds << " seeds, " << threads << " threads";
      ASSERT_FALSE(progress.empty());
      EXPECT_EQ(progress.back(), e.steps);
      EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
    }
  }
}

// The watch sees the variant it asked for after each step, 1 to steps, with the weights a run
// stepped one after the other has then, whether its seed was trained whole or in parts.
TEST(Seeds, TheWatchSeesEveryStepOfItsVariant) {
  json j = seeded_experiment();
  j["variants"].push_back({{"name", "one W"}, {"options", {{"merged_qk", true}}}});
  const Experiment e = parsed(j);
  for (int seed : {0, 2})  // on 2 threads seed 0 goes whole, seed 2 in parts
    for (int variant : {0, 2}) {
      std::vector<int> steps;
      std::vector<core::Scenario> seen;
      core::SeededTraining split(e);
      split.train_to_end({}, 2, core::TrainingWatch{seed, variant, [&](const core::Training& run) {
                           steps.push_back(run.steps_done());
                           seen.push_back(run.current(variant));
                         }});
      ASSERT_EQ(steps.size(), static_cast<size_t>(e.steps));
      core::Training alone(core::one_run(e, seed));
      for (int k = 1; k <= e.steps; ++k) {
        alone.step();
        EXPECT_EQ(steps[static_cast<size_t>(k - 1)], k);
        EXPECT_EQ(core::scenario_to_text(seen[static_cast<size_t>(k - 1)]), core::scenario_to_text(alone.current(variant)))
            << "seed " << seed << ", variant " << variant << ", step " << k;
      }
    }
}

// A recording keeps each seed's batches once, whatever the number of variants.
TEST(Seeds, ARecordingHoldsEachSeedsBatchesOnce) {
  json j = seeded_experiment();
  j["record"] = true;
  j["steps"] = 3;
  core::SeededTraining seeded(parsed(j));
  seeded.train_to_end();
  const core::OrderedJson result = seeded.result_json();
  ASSERT_EQ(result["batches"].size(), 3u);  // one per seed
  for (int s = 0; s < 3; ++s) EXPECT_EQ(result["batches"][static_cast<size_t>(s)], seeded.run(s).batches_json());
  EXPECT_EQ(result["batches"][0].size(), 4u);  // steps + 1 batches
  for (const auto& variant : result["variants"])
    for (const auto& run : variant["runs"]) EXPECT_FALSE(run.contains("batches"));
  EXPECT_TRUE(core::result_problems(result).empty());
}

// What goes wrong on a worker thread (out of memory) or in the progress report comes back to the
// caller as an exception: no thread is left running, nothing ends the program.
TEST(Seeds, AFailureWhileTrainingOnThreadsReachesTheCaller) {
  core::SeededTraining seeded(parsed(seeded_experiment()));
  EXPECT_THROW(seeded.train_to_end([](int) { throw std::runtime_error("the report failed"); }), std::runtime_error);
}

}  // namespace test_seeds
