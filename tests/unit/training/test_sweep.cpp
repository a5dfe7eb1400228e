// Learning-rate sweeps: "sweep": {"learning_rate": [...]} runs every variant at each rate over
// its seeds, each run exactly the one-seed run at that rate; RESULT gives each run its rate and
// the largest attention logit after each step, and per variant and rate the median test loss,
// its range and the runs that diverged.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/export/export_curves.h"
#include "core/io/experiment_json.h"
#include "core/io/language_model_json.h"
#include "core/io/lm_result.h"
#include "core/io/scenario_io.h"
#include "core/training/training.h"
#include "tests/support/experiment_helpers.h"

namespace test_sweep {

namespace {

using nlohmann::json;
using testing_helpers::parsed;
using testing_helpers::refusal;

constexpr double kInf = std::numeric_limits<double>::infinity();

// The tests' small experiment, 2 seeds, swept over three rates.
json swept_experiment() {
  json j = testing_helpers::small_experiment();
  j["steps"] = 20;
  j["seeds"] = 2;
  j["sweep"] = {{"learning_rate", {0.003, 0.03, 0.3}}};
  return j;
}


}  // namespace

TEST(Sweep, ReadWrittenAndReadBack) {
  const core::Experiment e = parsed(swept_experiment());
  EXPECT_EQ(e.sweep_learning_rate, (std::vector<double>{0.003, 0.03, 0.3}));
  EXPECT_EQ(core::runs_of(e), 6);  // 3 rates × 2 seeds
  const core::Experiment back = parsed(json::parse(core::experiment_to_json(e).dump()));
  EXPECT_EQ(back.sweep_learning_rate, e.sweep_learning_rate);
  // Without a sweep the file has no "sweep".
  EXPECT_FALSE(core::experiment_to_json(parsed(testing_helpers::small_experiment())).contains("sweep"));
}

TEST(Sweep, RefusedWithTheFieldNamed) {
  json j = swept_experiment();
  j["sweep"] = {{"learning_rate", {0.01}}};
  EXPECT_NE(refusal(j).find("sweep.learning_rate: expected {\"learning_rate\": [2 to 12"), std::string::npos) << refusal(j);
  j["sweep"] = {{"learning_rate", {0.01, 0.003}}};
  EXPECT_NE(refusal(j).find("sweep.learning_rate[1]: expected a rate above the one before (0.01)"), std::string::npos) << refusal(j);
  j["sweep"] = {{"learning_rate", {0.01, 0.01}}};
  EXPECT_NE(refusal(j).find("sweep.learning_rate[1]"), std::string::npos) << refusal(j);
  j["sweep"] = {{"learning_rate", {0.01, 20}}};
  EXPECT_NE(refusal(j).find("sweep.learning_rate[1]: expected a number above 0 and at most 10, got 20"), std::string::npos) << refusal(j);
  j["sweep"] = {{"learning_rate", {0.01, "fast"}}};
  EXPECT_NE(refusal(j).find("sweep.learning_rate[1]: expected a number above 0 and at most 10, got a string"), std::string::npos) << refusal(j);
  j["sweep"] = {{"init_scale", {0.1, 1}}};
  EXPECT_NE(refusal(j).find("sweep: expected {\"learning_rate\""), std::string::npos) << refusal(j);
  j["sweep"] = {{"learning_rate", {0.01, 0.1}}};
  j["record"] = true;
  EXPECT_NE(refusal(j).find("record: a sweep is not recorded"), std::string::npos) << refusal(j);
}

// Run r is seed seed + r % seeds at rate r / seeds.
TEST(Sweep, EachRunIsTheOneSeedRunAtItsRate) {
  const core::Experiment e = parsed(swept_experiment());
  const core::Experiment run = core::one_run(e, 5);
  EXPECT_EQ(run.seed, 8u);  // the small experiment's seed 7, plus 1
  EXPECT_EQ(run.learning_rate, 0.3);
  EXPECT_EQ(run.seeds, 1);
  EXPECT_EQ(core::one_run(e, 2).seed, 7u);
  EXPECT_EQ(core::one_run(e, 2).learning_rate, 0.03);

  core::SeededTraining sweep(e);
  sweep.train_to_end({}, 2);
  ASSERT_EQ(sweep.runs(), 6);
  // The run at 0.03 with seed 8 is the plain experiment at that rate and seed, loss for loss.
  json plain = testing_helpers::small_experiment();
  plain["steps"] = 20;
  plain["learning_rate"] = 0.03;
  plain["seed"] = 8;
  core::Training alone(parsed(plain));
  while (!alone.finished()) alone.step();
  for (int v = 0; v < 2; ++v) {
    EXPECT_EQ(sweep.run(3).loss(v), alone.loss(v));
    EXPECT_EQ(sweep.run(3).test_loss(v), alone.test_loss(v));
    EXPECT_TRUE(alone.largest_logits(v).empty());  // only a sweep pays for the logits
    // One largest logit before the first step and one after each: the run's first sequence's, of its weights then.
    ASSERT_EQ(sweep.run(3).largest_logits(v).size(), 21u);
    EXPECT_DOUBLE_EQ(sweep.run(3).largest_logits(v).back(), core::largest_logit(sweep.run(3).current(v)));
    EXPECT_DOUBLE_EQ(sweep.run(3).largest_logits(v).front(), core::largest_logit(sweep.run(3).initial(v)));
  }
}

// By hand: X = I, W^Q = diag(2, 1), W^K = I, d_k = 2: S = diag(2, 1) and 0 off it, logits S/√2.
TEST(Sweep, LargestLogitByHand) {
  core::LoadResult s = core::parse_scenario(R"({"attnlab": 1, "tokens": ["a", "b"], "d_model": 2, "d_k": 2, "heads": 1,
    "mode": "projected", "X": [[1, 0], [0, 1]], "W_Q": [[[2, 0], [0, 1]]], "W_K": [[[1, 0], [0, 1]]],
    "W_V": [[[1, 0], [0, 1]]], "W_O": [[1, 0], [0, 1]]})");
  ASSERT_TRUE(s.ok()) << s.errors.front();
  EXPECT_NEAR(core::largest_logit(*s.scenario), std::sqrt(2.0), 1e-15);
  // −3 is larger in size than 2: the largest |logit|.
  s.scenario->W_Q[0](0, 0) = -3;
  EXPECT_NEAR(core::largest_logit(*s.scenario), 3 / std::sqrt(2.0), 1e-15);
}

// A diverged run counts as worse than any: ∞ in the median and at the band's top.
TEST(Sweep, PointsCountADivergedRunAsTheWorst) {
  core::SweepPoint p = core::sweep_point(0.1, {2, 1, kInf}, {5, 3, 4});
  EXPECT_EQ(p.median_test_loss, 2);
  EXPECT_EQ(p.test_loss_lo, 1);
  EXPECT_EQ(p.test_loss_hi, kInf);
  EXPECT_EQ(p.runs_diverged, 1);
  EXPECT_EQ(p.median_largest_logit, 4);
  EXPECT_EQ(p.largest_logit_hi, 5);
  p = core::sweep_point(1, {1, kInf, kInf}, {});
  EXPECT_EQ(p.median_test_loss, kInf);  // two of three diverged: so did the median run
  EXPECT_EQ(p.runs_diverged, 2);
  EXPECT_TRUE(std::isnan(p.median_largest_logit));
  p = core::sweep_point(1, {1, 3, kInf, kInf}, {});
  EXPECT_EQ(p.median_test_loss, kInf);  // half: numpy's median of (1, 3, ∞, ∞) is (3 + ∞)/2
  p = core::sweep_point(1, {1, 3, 5, kInf}, {});
  EXPECT_EQ(p.median_test_loss, 4);
}

// The acceptance's "a sweep RESULT is the same on a second run"; and what it holds.
TEST(Sweep, ResultIsTheSameOnASecondRunAndHoldsEachRunsRate) {
  const core::Experiment e = parsed(swept_experiment());
  core::SeededTraining first(e), second(e);
  first.train_to_end({}, 2);
  second.train_to_end({}, 1);  // other threads, the same numbers
  const std::string text = first.result_text();
  EXPECT_EQ(text, second.result_text());
  const json r = json::parse(text);
  EXPECT_TRUE(core::result_problems(core::OrderedJson::parse(text)).empty());
  EXPECT_EQ(r["sweep"]["learning_rate"], json({0.003, 0.03, 0.3}));
  EXPECT_EQ(r["seeds"], 2);
  ASSERT_EQ(r["variants"].size(), 2u);
  for (int v = 0; v < 2; ++v) {
    const json& variant = r["variants"][static_cast<size_t>(v)];
    EXPECT_FALSE(variant.contains("median_loss"));  // a median over every rate's runs would mean nothing
    ASSERT_EQ(variant["runs"].size(), 6u);
    for (size_t run = 0; run < 6; ++run) {
      EXPECT_EQ(variant["runs"][run]["learning_rate"], (std::vector<double>{0.003, 0.03, 0.3})[run / 2]);
      EXPECT_EQ(variant["runs"][run]["seed"], 7 + run % 2);
      EXPECT_EQ(variant["runs"][run]["largest_logit"].size(), 21u);
    }
    ASSERT_EQ(variant["sweep"].size(), 3u);
    for (size_t k = 0; k < 3; ++k) {
      const json& point = variant["sweep"][k];
      const double a = variant["runs"][2 * k]["test_loss"], b = variant["runs"][2 * k + 1]["test_loss"];
      EXPECT_EQ(point["median_test_loss"].get<double>(), (a + b) / 2);
      EXPECT_EQ(point["test_loss_min"].get<double>(), std::min(a, b));
      EXPECT_EQ(point["test_loss_max"].get<double>(), std::max(a, b));
      EXPECT_EQ(point["runs_diverged"], 0);
    }
  }
}

// The lab's curves of a sweep: a curve per rate and design, and the same points as RESULT's.
TEST(Sweep, CurvesHaveACurvePerRateAndDesign) {
  const core::Experiment e = parsed(swept_experiment());
  core::SeededTraining sweep(e);
  sweep.train_to_end({}, 2);
  const core::Curves c = core::curves_of(sweep);
  EXPECT_EQ(c.sweep, e.sweep_learning_rate);
  EXPECT_EQ(c.designs, 2);
  EXPECT_EQ(c.seeds, 2);
  ASSERT_EQ(c.names.size(), 6u);
  EXPECT_EQ(c.names[0], "QKᵀ, η = 0.003");
  EXPECT_EQ(c.names[5], "shared, η = 0.3");
  // Curve k·2 + v is the median of design v's runs at rate k.
  EXPECT_EQ(c.loss[3].back(), core::median_of({sweep.run(2).loss(1).back(), sweep.run(3).loss(1).back()}));
  for (int v = 0; v < 2; ++v) {
    const std::vector<core::SweepPoint> points = sweep.sweep(v);
    for (int k = 0; k < 3; ++k) {
      const core::SweepPoint p = core::sweep_point_of(c, k, v);
      EXPECT_EQ(p.median_test_loss, points[static_cast<size_t>(k)].median_test_loss);
      EXPECT_EQ(p.median_largest_logit, points[static_cast<size_t>(k)].median_largest_logit);
      EXPECT_EQ(p.runs, 2);
    }
  }
}

// At language-model scale: the file's "sweep" read and written back; a RESULT of the script read with its
// rates, its curves a curve per rate and design, each point its runs' median by hand.
// The curves SVG of a sweep is the lab's two plots against the rate, by hand: one design at rates 0.01, 0.1 and 1,
// one seed, test losses 1e-3, 1e-2 and a divergence, largest logits 5, 50 and 500. The rate axis runs from
// 10^-2.25 to 10^0.25 over the 281 pixels from x = 62; the loss axis's two decades 10^-3 .. 10^-2 over the 270
// from y = 62 (top) to 332.
TEST(Sweep, TheCurvesSvgOfASweepIsItsPlotsByHand) {
  core::Curves c;
  c.title = "A sweep";
  c.sweep = {0.01, 0.1, 1};
  c.designs = 1;
  c.names = {"QK\u1D40, \u03b7 = 0.01", "QK\u1D40, \u03b7 = 0.1", "QK\u1D40, \u03b7 = 1"};
  c.run_test_loss = {{1e-3}, {1e-2}, {std::numeric_limits<double>::infinity()}};
  c.run_largest_logit = {{5}, {50}, {500}};
  c.steps = c.steps_done = 10;
  const std::string svg = core::curves_svg(c, true);
  EXPECT_NE(svg.find("test loss after training"), std::string::npos);
  EXPECT_NE(svg.find("largest attention logit over training"), std::string::npos);
  // x(0.01) = 62 + 281·0.25/2.5 = 90.1, x(0.1) = 202.5, x(1) = 314.9; y(1e-3) = 332, y(1e-2) = 62.
  EXPECT_NE(svg.find("<circle cx=\"90.1\" cy=\"332.0\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("<circle cx=\"202.5\" cy=\"62.0\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("points=\"90.1,332.0 202.5,62.0 \""), std::string::npos) << svg;
  // Rate 1 diverged: no dot, a cross on the top edge at x = 314.9, the line broken before it.
  EXPECT_EQ(svg.find("<circle cx=\"314.9\" cy=\"62.0\""), std::string::npos);
  EXPECT_NE(svg.find("<path d=\"M310.9 58.0L318.9 66.0M310.9 66.0L318.9 58.0\""), std::string::npos) << svg;
  // The largest logits: 5, 50, 500 over the decades 10^0 .. 10^3, on the right-hand plot from x = 419:
  // y(5) = 62 + 270·(3 − log10 5)/3 = 269.1, y(50) = 179.1, y(500) = 89.1.
  EXPECT_NE(svg.find("points=\"447.1,269.1 559.5,179.1 671.9,89.1 \""), std::string::npos) << svg;
  // The loss axis is one decade: 2 to 9 thousandths marked between, 2, 3, 4, 6 and 8 labelled (y(0.002) = 62 + 270·(1 − log10 2)).
  EXPECT_NE(svg.find("y=\"254.7\" text-anchor=\"end\" font-size=\"10\" fill=\"#222222\">0.002</text>"), std::string::npos) << svg;
  for (const char* label : {">0.003<", ">0.004<", ">0.006<", ">0.008<"}) EXPECT_NE(svg.find(label), std::string::npos) << label;
  for (const char* label : {">0.005<", ">0.007<", ">0.009<"}) EXPECT_EQ(svg.find(label), std::string::npos) << label;
  // The largest logits' three decades have no such marks.
  EXPECT_EQ(svg.find(">20<"), std::string::npos);
  EXPECT_EQ(core::minor_tick_label(3), "3");
  EXPECT_EQ(core::minor_tick_label(0.02), "0.02");
  EXPECT_EQ(core::minor_tick_label(5e6), "5e+06");
  // The legend names the design, not the rate; the curves' per-step form is not drawn.
  EXPECT_NE(svg.find(">QK\u1D40</text>"), std::string::npos);
  EXPECT_EQ(svg.find("\u03b7 = "), std::string::npos);
  EXPECT_EQ(svg.find(">step</text>"), std::string::npos);
}

// Issue 63: rates from 5e-324 to 10 and logits up to 1.7e308 labelled the logit axis 10^309 with "inf" over it (the
// minor ticks 2·10^308 … 9·10^308 are no doubles) and the rate axis with 325 labels over each other. Now every
// coordinate is a number, no label says inf, the rate axis's labels are thinned to a few over its 281 pixels,
// at multiples of a step of 1, 2, 5 … decades, and every point lies in its plot.
TEST(Sweep, ExtremeRatesAndLogitsDrawAxesThatHoldThem) {
  core::Curves c;
  c.sweep = {5e-324, 1e-3, 10};
  c.designs = 1;
  c.names = {"a", "b", "c"};
  c.run_test_loss = {{3.0}, {2.5}, {4.0}};
  c.run_largest_logit = {{5e-324}, {1.7e308}, {1e308}};
  c.steps = c.steps_done = 10;
  const std::string svg = core::curves_svg(c, true);
  for (const char* never : {"inf", "nan", "NaN"}) EXPECT_EQ(svg.find(never), std::string::npos) << never << "\n" << svg;
  // The rate axis's labels sit 19 below the frame's foot (62 + 270), on both plots: 10^-300, 10^-250 … 10^0, 7 a plot
  // (325 before).
  int rate_labels = 0;
  for (size_t at = svg.find("y=\"351.0\" text-anchor=\"middle\""); at != std::string::npos; at = svg.find("y=\"351.0\" text-anchor=\"middle\"", at + 1))
    ++rate_labels;
  EXPECT_EQ(rate_labels, 2 * 7);
  EXPECT_EQ(core::decade_label_every(325, 281, 40), 50);
  EXPECT_NE(svg.find(">10<tspan dy=\"-6\" font-size=\"9\">\u2212300</tspan>"), std::string::npos) << svg;
  // Every dot inside its plot: x in [62, 343] or [419, 700], y in [62, 332].
  for (size_t at = svg.find("<circle cx=\""); at != std::string::npos; at = svg.find("<circle cx=\"", at + 1)) {
    const double x = std::stod(svg.substr(at + 12)), y = std::stod(svg.substr(svg.find("cy=\"", at) + 4));
    EXPECT_TRUE((x >= 62 && x <= 343) || (x >= 419 && x <= 700)) << x;
    EXPECT_TRUE(y >= 62 && y <= 332) << y;
  }
  EXPECT_GT((core::LossAxis{-324, -323}).floor(), 0.0);  // a double, never 10^-324 rounded to 0
  // Logits within one decade, 10^308 .. 10^309: its minor ticks 2·10^308 … are no doubles, and none is drawn.
  c.run_largest_logit = {{1.2e308}, {1.7e308}, {1.5e308}};
  const std::string one_decade = core::curves_svg(c, true);
  EXPECT_EQ(one_decade.find("inf"), std::string::npos) << one_decade;
  EXPECT_NE(one_decade.find(">309</tspan>"), std::string::npos);
}

TEST(Sweep, ALanguageModelsSweepAndItsResult) {
  json lm = json::parse(R"({"attnlab_experiment": 1, "task": {"kind": "language_model", "context": 8, "layers": 1, "d_model": 8,
    "heads": 1, "d_k": 4, "d_ff": 8, "eval_every": 1}, "variants": [{"name": "QKᵀ"}], "steps": 2, "seeds": 2,
    "sweep": {"learning_rate": [0.001, 0.1]}})");
  const core::LanguageModelLoad loaded = core::parse_language_model(lm.dump());
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded.model->sweep_learning_rate, (std::vector<double>{0.001, 0.1}));
  EXPECT_EQ(core::language_model_to_json(*loaded.model)["sweep"], json({{"learning_rate", {0.001, 0.1}}}));
  lm["sweep"] = {{"learning_rate", {0.1, 0.001}}};
  EXPECT_NE(core::parse_language_model(lm.dump()).message().find("sweep.learning_rate[1]"), std::string::npos);

  // Two rates × two seeds: the test losses 3 and 5 at 0.001, 2 and a divergence at 0.1.
  const auto run = [](int seed, double rate, const char* loss, const char* test, const char* largest) {
    return std::string(R"({"seed": )") + std::to_string(seed) + R"(, "learning_rate": )" + core::shortest_number(rate) +
           R"(, "loss": )" + loss + R"(, "held_out": [8, )" + test + R"(], "test_loss": )" + test + R"(, "largest_logit": )" +
           largest + "}";
  };
  const std::string text = R"({"attnlab_result": "language_model", "steps": 2, "eval_steps": [0, 2], "seeds": 2,
    "sweep": {"learning_rate": [0.001, 0.1]}, "variants": [{"name": "QKᵀ", "params": 10, "runs": [)" +
                           run(1, 0.001, "[8, 6, 4]", "3", "[1, 2]") + ", " + run(2, 0.001, "[8, 7, 6]", "5", "[1, 4]") + ", " +
                           run(1, 0.1, "[8, 3, 2]", "2", "[3, 9]") + ", " + run(2, 0.1, "[8, null]", "null", "[50]") + "]}]}";
  const core::LmResultLoad r = core::parse_lm_result(text);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r.result->seeds(), 2);
  const core::Curves c = core::curves_of(*r.result);
  ASSERT_EQ(c.names, (std::vector<std::string>{"QKᵀ, η = 0.001", "QKᵀ, η = 0.1"}));
  const core::SweepPoint slow = core::sweep_point_of(c, 0, 0), fast = core::sweep_point_of(c, 1, 0);
  EXPECT_EQ(slow.median_test_loss, 4);   // (3 + 5) / 2
  EXPECT_EQ(slow.median_largest_logit, 3);  // the runs' largest, 2 and 4
  EXPECT_EQ(fast.median_test_loss, kInf);  // one of two diverged: half
  EXPECT_EQ(fast.test_loss_lo, 2);
  EXPECT_EQ(fast.runs_diverged, 1);
  EXPECT_EQ(fast.largest_logit_hi, 50);
  // A run whose rate is not the sweep's at its place is refused, naming it.
  std::string wrong = text;
  wrong.replace(wrong.find(R"("learning_rate": 0.1, "loss": [8, 3, 2])"), 21, R"("learning_rate": 0.3,)");
  EXPECT_NE(core::parse_lm_result(wrong).message().find("variants[0].runs[2].learning_rate: expected 0.1"), std::string::npos)
      << core::parse_lm_result(wrong).message();
}

}  // namespace test_sweep
