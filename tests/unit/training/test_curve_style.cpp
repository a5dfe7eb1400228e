// How the lab draws a design's curve (core/training/curve_style.h): smoothed on demand by an
// exponential moving average, and in a dash pattern of its own.
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "core/training/curve_style.h"

namespace test_curve_style {

// By hand: y₀ = 1; y₁ = 0.5·1 + 0.5·0 = 0.5; y₂ = 0.5·0.5 + 0.5·1 = 0.75.
TEST(CurveStyle, TheMovingAverageOfAKnownSeries) {
  EXPECT_EQ(core::exponential_moving_average({1, 0}, 0.5), (std::vector<double>{1, 0.5}));
  EXPECT_EQ(core::exponential_moving_average({1, 0, 1}, 0.5), (std::vector<double>{1, 0.5, 0.75}));
  // α = 0.9: y₁ = 0.9·2 + 0.1·4 = 2.2.
  EXPECT_DOUBLE_EQ(core::exponential_moving_average({2, 4}, 0.9)[1], 2.2);
  // Off (α = 0): the series itself.
  EXPECT_EQ(core::exponential_moving_average({3, 1, 2}, 0.0), (std::vector<double>{3, 1, 2}));
  EXPECT_TRUE(core::exponential_moving_average({}, 0.9).empty());
}

// On the lab's log axis the average is of log₁₀ L: 100, 1 → 2, 0 → 2, 1 → 100, 10. A loss falling
// a decade a step, 1, 0.1, 0.01, 0.001 → 0, −1, −2, −3 → 0, −0.5, −1.25, −2.125: it keeps falling
// by decades, where the average of L itself (1, 0.55, 0.28, 0.14) halves a step at most. 0 counts
// as the axis's floor, 1e-16: 1e-3, 0 → −3, −16 → −3, −9.5.
TEST(CurveStyle, OnALogAxisTheAverageIsOfTheLogarithm) {
  const std::vector<double> y = core::log_moving_average({100, 1}, 0.5, 1e-16);
  ASSERT_EQ(y.size(), 2u);
  EXPECT_DOUBLE_EQ(y[0], 100);
  EXPECT_DOUBLE_EQ(y[1], 10);
  const std::vector<double> falling = core::log_moving_average({1, 0.1, 0.01, 0.001}, 0.5, 1e-16);
  EXPECT_NEAR(std::log10(falling[3]), -2.125, 1e-12);
  EXPECT_DOUBLE_EQ(core::log_moving_average({1e-3, 0}, 0.5, 1e-16)[1], std::pow(10.0, -9.5));
}

// A step whose loss was not finite (a design that diverged) shows as it is; the average starts
// afresh after it instead of staying infinite.
TEST(CurveStyle, ANonFiniteValueIsKeptAndTheAverageStartsAgain) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> y = core::exponential_moving_average({1, inf, 4, 2}, 0.5);
  EXPECT_EQ(y[0], 1);
  EXPECT_EQ(y[1], inf);
  EXPECT_EQ(y[2], 4);
  EXPECT_EQ(y[3], 3);
}

// The eight designs an experiment may hold have eight different patterns, the first solid.
TEST(CurveStyle, EachDesignHasADashPatternOfItsOwn) {
  std::set<std::vector<float>> patterns;
  for (int i = 0; i < 8; ++i) {
    const auto p = core::curve_dash(i);
    patterns.insert(std::vector<float>(p.begin(), p.end()));
    EXPECT_EQ(p.size() % 2, 0u) << "drawn and skipped in pairs";
  }
  EXPECT_EQ(patterns.size(), 8u);
  EXPECT_TRUE(core::curve_dash(0).empty());
}

// A pattern of 3 drawn, 2 skipped along a line 10 long: [0, 3], [5, 8], then from 10 on, nothing
// left. At scale 2 the lengths double: [0, 6] only, then [10, 10] is not drawn.
TEST(CurveStyle, DashesRunAlongTheLine) {
  const float pattern[] = {3, 2};
  using Spans = std::vector<std::pair<float, float>>;
  EXPECT_EQ(core::dash_spans(pattern, 10, 1), (Spans{{0, 3}, {5, 8}}));
  EXPECT_EQ(core::dash_spans(pattern, 9, 1), (Spans{{0, 3}, {5, 8}}));
  EXPECT_EQ(core::dash_spans(pattern, 7, 1), (Spans{{0, 3}, {5, 7}}));
  EXPECT_EQ(core::dash_spans(pattern, 10, 2), (Spans{{0, 6}}));
  EXPECT_EQ(core::dash_spans({}, 10, 1), (Spans{{0, 10}}));  // solid: the whole line
}

}  // namespace test_curve_style
