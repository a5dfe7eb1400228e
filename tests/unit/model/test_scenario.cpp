// Scenario: validation messages, resizing that keeps entries, conversion to direct mode.
#include <gtest/gtest.h>

#include "core/model/compute.h"
#include "core/model/scenario.h"
#include "tests/support/test_helpers.h"

namespace test_scenario {

namespace {

bool any_contains(const std::vector<std::string>& messages, const std::string& part) {
  for (const std::string& m : messages)
    if (m.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Validate, ZeroScenarioIsValid) {
  EXPECT_TRUE(core::validate(core::make_zero_scenario(5, 4, 2, 2)).empty());
}

TEST(Validate, NamesTheFieldAndTheExpectedShape) {
  core::Scenario s = core::make_zero_scenario(4, 4, 2, 2);
  s.W_Q[1].resize(4, 3);
  const auto problems = core::validate(s);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "W_Q[1]: expected 4×2, got 4×3");
}

TEST(Validate, ReportsEveryProblem) {
  core::Scenario s = core::make_zero_scenario(4, 4, 2, 2);
  s.X(2, 1) = 2e6;
  s.W_O.resize(3, 4);
  s.options.temperature = 0;
  const auto problems = core::validate(s);
  EXPECT_EQ(problems.size(), 3u);
  EXPECT_TRUE(any_contains(problems, "X[2][1]: expected a finite number"));
  EXPECT_TRUE(any_contains(problems, "W_O: expected 4×4, got 3×4"));
  EXPECT_TRUE(any_contains(problems, "options.temperature"));
}

TEST(Validate, SizesOutOfRange) {
  core::Scenario s = core::make_zero_scenario(2, 2, 2, 1);
  s.d_model = 5;
  EXPECT_TRUE(any_contains(core::validate(s), "d_model: expected an integer from 2 to 4, got 5"));
  s = core::make_zero_scenario(2, 2, 2, 1);
  s.tokens.resize(9);
  EXPECT_TRUE(any_contains(core::validate(s), "tokens (count)"));
}

TEST(Resize, KeepsTheEntriesThatStillFit) {
  std::mt19937 rng(11);
  const core::Scenario before = testing_helpers::random_scenario(rng, 5, 4, 3, 2, core::Mode::Projected);
  core::Scenario s = before;
  core::resize(s, 3, 3, 2, 3);
  ASSERT_TRUE(core::validate(s).empty());
  EXPECT_EQ(s.tokens, std::vector<std::string>(before.tokens.begin(), before.tokens.begin() + 3));
  EXPECT_EQ(core::Mat(s.X), core::Mat(before.X.topLeftCorner(3, 3)));
  for (int h = 0; h < 2; ++h)
    EXPECT_EQ(core::Mat(s.W_Q[h]), core::Mat(before.W_Q[h].topLeftCorner(3, 2)));
  EXPECT_TRUE(s.W_Q[2].isZero());  // the new head starts at zero
  // W^O's rows are blocks of d_k per head: head 1's first row moves from row 3 to row 2.
  EXPECT_EQ(s.W_O.rows(), 6);
  EXPECT_EQ(s.W_O(2, 0), before.W_O(3, 0));
  EXPECT_EQ(s.W_O(3, 2), before.W_O(4, 2));
  EXPECT_TRUE(s.W_O.bottomRows(2).isZero());
}

TEST(Resize, GrowingAndShrinkingBackRestoresTheKeptPart) {
  std::mt19937 rng(12);
  const core::Scenario before = testing_helpers::random_scenario(rng, 4, 3, 2, 2, core::Mode::Direct);
  core::Scenario s = before;
  core::resize(s, 8, 4, 4, 4);
  ASSERT_TRUE(core::validate(s).empty());
  EXPECT_EQ(s.tokens[4], "t5");
  EXPECT_EQ(s.W_alt[0](3, 3), 1.0);  // new W_alt entries extend the identity
  core::resize(s, 4, 3, 2, 2);
  EXPECT_TRUE(s == before);
}

TEST(Resize, ClampsToTheLimits) {
  core::Scenario s = core::make_zero_scenario(2, 2, 2, 1);
  core::resize(s, 20, 0, 9, -1);
  EXPECT_EQ(s.n(), 8);
  EXPECT_EQ(s.d_model, 2);
  EXPECT_EQ(s.d_k, 4);
  EXPECT_EQ(s.heads, 1);
  EXPECT_TRUE(core::validate(s).empty());
}

TEST(ConvertToDirect, KeepsQKVAndTheScores) {
  std::mt19937 rng(13);
  core::Scenario s = testing_helpers::random_scenario(rng, 5, 4, 2, 2, core::Mode::Projected);
  s.options.normalize_keys = true;
  const core::Result before = core::compute(s);
  core::convert_to_direct(s);
  ASSERT_EQ(s.mode, core::Mode::Direct);
  ASSERT_TRUE(core::validate(s).empty());
  const core::Result after = core::compute(s);
  for (int h = 0; h < 2; ++h) {
    EXPECT_LT((before.head[h].scores - after.head[h].scores).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((before.head[h].output - after.head[h].output).cwiseAbs().maxCoeff(), 1e-12);
  }
}

// Ha ha ha: copies of one token are labelled with their positions, from 0 as p counts.
TEST(Scenario, CopiesOfATokenAreToldApartByTheirPositions) {
  EXPECT_EQ(core::told_apart({"Can", "you", "smell", "the", "smell", "of", "failure"}),
            (std::vector<std::string>{"Can", "you", "smell\u2082", "the", "smell\u2084", "of", "failure"}));
  EXPECT_EQ(core::told_apart({"ha", "ha", "ha"}), (std::vector<std::string>{"ha\u2080", "ha\u2081", "ha\u2082"}));
  EXPECT_EQ(core::told_apart({"a", "b"}), (std::vector<std::string>{"a", "b"}));
}

}  // namespace test_scenario
