// The one tick rule (core/math/ticks.h), on cases worked by hand.
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "core/export/export_curves.h"
#include "core/math/ticks.h"

namespace test_ticks {

using core::nice_ticks;
using core::TickRounding;

TEST(Ticks, NearestStepOnHandWorkedSpans) {
  // 10 / 5 = 2: the nearest of 1, 2, 5 is 2.
  EXPECT_EQ(nice_ticks(0, 10, 5), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  // 1 / 4 = 0.25 = 2.5 × 0.1: between 1.5 and 3.5, so 2 × 0.1, from ⌈−0.5 / 0.2⌉ = −2; 0 is exactly 0.
  const std::vector<double> t = nice_ticks(-0.5, 0.5, 4);
  ASSERT_EQ(t.size(), 5u);
  EXPECT_NEAR(t[0], -0.4, 1e-15);
  EXPECT_NEAR(t[1], -0.2, 1e-15);
  EXPECT_EQ(t[2], 0.0);
  EXPECT_NEAR(t[4], 0.4, 1e-15);
  // 7 / 1 = 7 = 7 × 1: below 7.5, so 5.
  EXPECT_EQ(nice_ticks(0, 7, 1), (std::vector<double>{0, 5}));
}

TEST(Ticks, UpNeverGivesMoreThanCountSteps) {
  // 2000 / 5 = 400: the next of 100, 200, 500 at or above is 500, four steps.
  EXPECT_EQ(nice_ticks(0, 2000, 5, TickRounding::Up, 1), (std::vector<double>{0, 500, 1000, 1500, 2000}));
  // 3 steps over 5 ticks: 0.6 a tick, but min_step 1 keeps them whole.
  EXPECT_EQ(nice_ticks(0, 3, 5, TickRounding::Up, 1), (std::vector<double>{0, 1, 2, 3}));
  for (int steps = 1; steps <= 20000; steps += 7) {
    const std::vector<double> t = nice_ticks(0, steps, 5, TickRounding::Up, 1);
    EXPECT_LE(t.size(), 6u) << steps;  // at most 5 steps: 6 ticks with the 0
    // The SVG export's step axis uses the same rule.
    EXPECT_EQ(t.size() > 1 ? t[1] : 0.0, t.size() > 1 ? core::step_tick(steps) : 0.0) << steps;
  }
}

TEST(Ticks, NoneForAnEmptyOrInfiniteSpan) {
  EXPECT_TRUE(nice_ticks(1, 1, 5).empty());
  EXPECT_TRUE(nice_ticks(2, 1, 5).empty());
  EXPECT_TRUE(nice_ticks(0, std::numeric_limits<double>::infinity(), 5).empty());
}

}  // namespace test_ticks
