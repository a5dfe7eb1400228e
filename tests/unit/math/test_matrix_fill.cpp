// What a matrix's tools menu fills it with (core/math/matrix_fill.h): the same random matrix for
// a seed on every machine, and rounding as a person rounds.
#include <cmath>

#include <gtest/gtest.h>

#include "core/math/matrix_fill.h"

namespace test_matrix_fill {

// std::mt19937(1) gives 1791095845, 4282876139, 3093770124, 4005303368 first (its numbers are
// the standard's; an independent MT19937 in Python gives the same); each mod 201, less 100, in
// hundredths: 121 → 0.21, 98 → −0.02, 33 → −0.67, 86 → −0.14.
TEST(MatrixFill, RandomEntriesAreTheSameForASeedEverywhere) {
  Eigen::MatrixXd expected(2, 2);
  expected << 0.21, -0.02, -0.67, -0.14;
  EXPECT_EQ(core::random_entries(2, 2, 1), expected);
  EXPECT_EQ(core::random_entries(2, 2, 1), core::random_entries(2, 2, 1));
  EXPECT_NE(core::random_entries(2, 2, 2), expected);
  const Eigen::MatrixXd big = core::random_entries(8, 16, 7);
  EXPECT_LE(big.cwiseAbs().maxCoeff(), 1.0);
  EXPECT_EQ(core::rounded(big, 2), big) << "two decimals already";
  EXPECT_GT(big.maxCoeff(), 0.5);
  EXPECT_LT(big.minCoeff(), -0.5);
}

TEST(MatrixFill, RoundedToTwoDecimals) {
  Eigen::MatrixXd m(2, 3);
  m << 0.123, -0.456, 1.0 / 3.0, -0.004, 2.999, 0.125;
  Eigen::MatrixXd expected(2, 3);
  expected << 0.12, -0.46, 0.33, 0.0, 3.0, 0.13;
  const Eigen::MatrixXd r = core::rounded(m, 2);
  EXPECT_EQ(r, expected);
  EXPECT_FALSE(std::signbit(r(1, 0))) << "-0.004 rounds to 0, not −0 (which a cell would print as −0.00)";
}

}  // namespace test_matrix_fill
