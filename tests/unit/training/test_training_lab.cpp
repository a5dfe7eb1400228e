// What the Experiment panel needs from core: an experiment written back as its
// file, and its curves as SVG and CSV, checked against what a person can read.
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/export/export.h"
#include "core/export/export_curves.h"
#include "core/io/experiment_json.h"
#include "core/training/curve_style.h"
#include "core/training/training.h"

namespace test_training_lab {

namespace {

std::vector<std::string> shipped() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(ATTNLAB_EXPERIMENTS)) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// A hand-made run: two variants, two steps done.
core::Curves two_variants() {
  core::Curves c;
  c.title = "A <small> race";
  c.names = {"QK\u1D40", "one W, merged"};
  c.loss = {{1.0, 0.1, 0.01}, {0.5, 0.25, 0.125}};
  c.params = {16, 32};
  c.test_loss = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  c.steps = 2;
  c.steps_done = 2;
  return c;
}

}  // namespace

// Every shipped experiment, written back and read again, is the same
// experiment: the same file text, and the same first steps bit for bit.
TEST(ExperimentJson, EveryShippedExperimentRoundTrips) {
  ASSERT_EQ(shipped().size(), 14u);
  for (const std::string& path : shipped()) {
    SCOPED_TRACE(path);
    const core::ExperimentLoad first = core::load_experiment_file(path);
    ASSERT_TRUE(first.ok()) << first.message();
    const std::string text = core::to_text(core::experiment_to_json(*first.experiment));
    const core::ExperimentLoad again = core::parse_experiment(text);
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(core::to_text(core::experiment_to_json(*again.experiment)), text);
    EXPECT_TRUE(core::experiment_problems(*first.experiment).empty());
    core::Training a(*first.experiment), b(*again.experiment);
    for (int i = 0; i < 3; ++i) {
      a.step();
      b.step();
    }
    for (int v = 0; v < a.variants(); ++v) EXPECT_EQ(a.loss(v), b.loss(v)) << a.name(v);
  }
}

// The panel's edits are checked by the reader: its messages name the field.
TEST(ExperimentJson, ProblemsOfAnEditedExperimentNameTheField) {
  core::Experiment e = *core::load_experiment_file(ATTNLAB_EXPERIMENTS "/04_shared_qk_match_pair.json").experiment;
  e.n = 7;
  const std::vector<std::string> problems = core::experiment_problems(e);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("even n"), std::string::npos) << problems[0];
  e.n = 6;
  e.variants.back().name = e.variants.front().name;  // two variants of one name
  const std::vector<std::string> twice = core::experiment_problems(e);
  ASSERT_EQ(twice.size(), 1u);
  EXPECT_NE(twice[0].find("variants[" + std::to_string(e.variants.size() - 1) + "].name"), std::string::npos) << twice[0];
}

// The table, by hand: first and last loss of each variant; no test loss before the end.
TEST(Curves, TableCsvByHand) {
  core::Curves c = two_variants();
  EXPECT_EQ(core::curves_table_csv(c),
            "variant,params,first_loss,last_loss,test_loss,steps_done,diverged_at_step\n"
            "QK\u1D40,16,1.0,0.01,,2,\n"
            "\"one W, merged\",32,0.5,0.125,,2,\n");
  c.test_loss = {0.02, 0.5};
  EXPECT_NE(core::curves_table_csv(c).find("QK\u1D40,16,1.0,0.01,0.02,2,\n"), std::string::npos);
  // A design that stopped: the step it could not take; no test loss.
  c.diverged = {0, 7};
  c.test_loss = {0.02, std::numeric_limits<double>::quiet_NaN()};
  EXPECT_NE(core::curves_table_csv(c).find("\"one W, merged\",32,0.5,0.125,,2,7\n"), std::string::npos);  // 2 steps done: it took both
}

// A design named like a formula is text in a spreadsheet, not a formula it runs.
TEST(Curves, ANameThatLooksLikeAFormulaIsWrittenAsText) {
  core::Curves c = two_variants();
  c.names = {"=HYPERLINK(\"http://x\")", "@SUM(A1)"};
  const std::string csv = core::curves_table_csv(c);
  EXPECT_NE(csv.find("\n\"'=HYPERLINK(\"\"http://x\"\")\",16,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n'@SUM(A1),32,"), std::string::npos) << csv;
  for (const char* cell : {"=1+1", "+1", "-1", "@x", "\tx", "\rx"}) EXPECT_EQ(core::csv_text(cell).find('\''), cell[0] == '\r' ? 1u : 0u) << cell;
  EXPECT_EQ(core::csv_text("a=b"), "a=b");
}

// The axis: whole decades around every value drawn, however small; a 0 on a floor a decade
// below the lowest positive value, labelled 0.
TEST(Curves, LogAxisAndStepTicksByHand) {
  core::Curves c = two_variants();
  EXPECT_EQ(core::loss_axis(c).lo, -2);
  EXPECT_EQ(core::loss_axis(c).hi, 0);
  EXPECT_FALSE(core::loss_axis(c).zero_floor);
  c.loss[0].push_back(0.0);
  core::LossAxis axis = core::loss_axis(c);
  EXPECT_EQ(axis.lo, -3);
  EXPECT_TRUE(axis.zero_floor);
  EXPECT_EQ(core::on_axis(axis, 0.0), 1e-3);
  EXPECT_EQ(axis.label(-3, 1), "0");
  EXPECT_EQ(axis.label(-2, 1), "10^{\u22122}");
  c.loss = {{3.0, 0.002}};
  EXPECT_EQ(core::loss_axis(c).lo, -3);
  EXPECT_EQ(core::loss_axis(c).hi, 1);
  // The race's curves at rounding: 5.65e-32 is on the axis, not on a floor at 10^-16.
  c.loss = {{1.2, 5.65e-32}};
  axis = core::loss_axis(c);
  EXPECT_EQ(axis.lo, -32);
  EXPECT_EQ(axis.hi, 1);
  EXPECT_EQ(core::on_axis(axis, 5.65e-32), 5.65e-32);
  // 33 decades on 330 pixels with labels 20 high: a label every 2 decades, at the even ones.
  EXPECT_EQ(axis.label_every(330, 20), 2);
  EXPECT_EQ(axis.label(-32, 2), "10^{\u221232}");
  EXPECT_EQ(axis.label(-31, 2), "");
  EXPECT_EQ(axis.label(0, 2), "10^{0}");
  EXPECT_EQ(axis.label_every(100, 20), 10);  // 3 pixels a decade: 1, 2 and 5 decades leave 3, 6 and 15
  EXPECT_EQ((core::LossAxis{-3, 0, false}).label_every(300, 20), 1);
  EXPECT_EQ(core::step_tick(2000), 500);  // 2000 / 5 = 400 → 500
  EXPECT_EQ(core::step_tick(100), 20);
  EXPECT_EQ(core::step_tick(3), 1);
}

// The SVG: one polyline per variant, where a hand calculation puts it; a legend with names and values.
TEST(Curves, SvgPutsThePointsWhereTheAxisSays) {
  const core::Curves c = two_variants();
  const std::string svg = core::curves_svg(c, /*light=*/true);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  size_t polylines = 0;
  for (size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++polylines;
  EXPECT_EQ(polylines, 2u);
  // Plot area x 70..520 (720 − 70 − 200 wide: 450), y 44..370 (420 − 44 − 50: 326), decades 10^-2..10^0.
  // Variant 0: (step 0, 1.0) at (70, 44); (1, 0.1) at (295, 207); (2, 0.01) at (520, 370).
  EXPECT_NE(svg.find("points=\"70.0,44.0 295.0,207.0 520.0,370.0 \""), std::string::npos) << svg;
  EXPECT_NE(svg.find("A &lt;small&gt; race"), std::string::npos);
  EXPECT_NE(svg.find(">one W, merged<"), std::string::npos);
  EXPECT_NE(svg.find("L = 0.125"), std::string::npos);
  // Three decades labelled 10^−2, 10^−1, 10^0, with a true minus sign.
  for (const char* k : {"\u22122", "\u22121", "0"}) EXPECT_NE(svg.find("font-size=\"9\">" + std::string(k) + "<"), std::string::npos) << k;
  EXPECT_NE(core::curves_svg(c, false), svg);  // the dark background
}

// A fit exact to rounding stays on the SVG's axis: the race's 5.65e-32 is drawn at the bottom of a
// plot whose lowest decade is 10^−32, labelled, not flattened onto a floor at 10^−16; a 0 goes on a
// floor one decade lower, labelled 0. Plot y 44..370 (326 high), decades 10^−32..10^0: 1.0 at 44,
// 5.65e-32 (log₁₀ −31.248) at 44 + 326·31.248/32 = 362.3.
TEST(Curves, SvgHoldsALossAtRoundingOnItsAxis) {
  core::Curves c = two_variants();
  c.loss = {{1.0, 5.65e-32}, {0.5, 0.25}};
  c.steps = 1;
  std::string svg = core::curves_svg(c, true);
  EXPECT_NE(svg.find("points=\"70.0,44.0 520.0,362.3 \""), std::string::npos) << svg;
  EXPECT_NE(svg.find("font-size=\"9\">\u221232<"), std::string::npos);
  c.loss[1].back() = 0.0;
  svg = core::curves_svg(c, true);
  EXPECT_NE(svg.find(">0</text>"), std::string::npos) << "the floor of zeros is labelled 0";
  EXPECT_NE(svg.find("520.0,370.0"), std::string::npos) << "the 0 is drawn on the floor, 10^−33";
}

// The SVG's curves are told apart as the window's are, by dash pattern as well as colour (a
// curve lying on another, grey print): the first solid, the second dashed 7 on, 4 off
// (core::curve_dash(1)), in its polyline and in its legend sample alike.
TEST(Curves, SvgDashesTheCurvesAsTheWindowDoes) {
  const std::vector<float> second(core::curve_dash(1).begin(), core::curve_dash(1).end());
  ASSERT_EQ(second, (std::vector<float>{7, 4}));
  ASSERT_TRUE(core::curve_dash(0).empty());
  const std::string svg = core::curves_svg(two_variants(), /*light=*/true);
  // An element of the SVG, whole, around a position in it.
  const auto element = [&](size_t at) { return svg.substr(svg.rfind('<', at), svg.find("/>", at) - svg.rfind('<', at)); };
  // Each curve's polyline, found by its first point.
  const size_t solid_at = svg.find("points=\"70.0,44.0 ");   // (step 0, 1.0): the top left
  const size_t dashed_at = svg.find("points=\"70.0,93.1 ");  // (step 0, 0.5): 44 + 326·log10(2)/2 = 93.1
  ASSERT_NE(solid_at, std::string::npos) << svg;
  ASSERT_NE(dashed_at, std::string::npos) << svg;
  const std::string first = element(solid_at), dashed = element(dashed_at);
  EXPECT_EQ(first.find("stroke-dasharray"), std::string::npos) << first;
  EXPECT_NE(dashed.find("stroke-dasharray=\"7 4\""), std::string::npos) << dashed;
  size_t legend_dashes = 0;
  for (size_t at = svg.find("<line"); at != std::string::npos; at = svg.find("<line", at + 1))
    legend_dashes += element(at).find("stroke-dasharray=\"7 4\"") != std::string::npos;
  EXPECT_EQ(legend_dashes, 1u) << svg;
}

// Variants are told apart by colour in both themes.
TEST(Curves, EightDistinctColours) {
  for (bool light : {false, true})
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < i; ++j) EXPECT_NE(core::curve_colour(i, light), core::curve_colour(j, light)) << i << " " << j;
}

// A key written twice is an error, as in a scenario file (the JSON reader would keep the last silently).
TEST(ExperimentFile, ADuplicateKeyIsNamed) {
  const core::ExperimentLoad twice = core::parse_experiment(
      R"({"attnlab_experiment": 1, "task": {"kind": "previous_token"}, "n": 4, "d_model": 3, "d_k": 2, "heads": 1,
          "steps": 10, "variants": [{"name": "QK"}], "steps": 20})");
  ASSERT_FALSE(twice.ok());
  ASSERT_EQ(twice.errors.size(), 1u);
  EXPECT_EQ(twice.errors[0], "\"steps\": duplicate key; each key may appear once");
  // One level down too: two "kind"s in the task.
  const core::ExperimentLoad inner = core::parse_experiment(
      R"({"attnlab_experiment": 1, "task": {"kind": "previous_token", "kind": "match_pair"}, "n": 4, "d_model": 3,
          "d_k": 2, "heads": 1, "variants": [{"name": "QK"}]})");
  ASSERT_FALSE(inner.ok());
  EXPECT_EQ(inner.errors[0], "\"kind\": duplicate key; each key may appear once");
}

// A teacher's X and tokens are drawn per sequence: it may leave them out, and trains the same.
TEST(ExperimentFile, ATeacherMayLeaveOutItsXAndTokens) {
  const std::string path = ATTNLAB_EXPERIMENTS "/02_one_w_equal_params.json";
  const core::Experiment full = *core::load_experiment_file(path).experiment;
  nlohmann::json j = nlohmann::json::parse(core::to_text(core::experiment_to_json(full)));
  j["task"]["teacher"].erase("X");
  j["task"]["teacher"].erase("tokens");
  const core::ExperimentLoad lean = core::parse_experiment(j.dump());
  ASSERT_TRUE(lean.ok()) << lean.message();
  core::Training a(full), b(*lean.experiment);
  for (int i = 0; i < 3; ++i) {
    a.step();
    b.step();
  }
  for (int v = 0; v < a.variants(); ++v) EXPECT_EQ(a.loss(v), b.loss(v));
}

}  // namespace test_training_lab
