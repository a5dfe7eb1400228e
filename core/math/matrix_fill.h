// What a matrix's tools menu fills it with (app/panels/panel_matrices_tools.cpp): numbers like
// the lessons' own, the same on every machine for the same seed.
#pragma once

#include <cstdint>

#include <Eigen/Core>

namespace core {

// rows × cols entries drawn uniformly from {−1, −0.99, …, 0.99, 1}, row by row, from std::mt19937
// seeded with `seed`. mt19937's numbers are fixed by the C++ standard; the mapping to the 201
// values is this file's own (std::uniform_real_distribution's differs between standard
// libraries), so a seed gives the same matrix wherever attnlab runs.
Eigen::MatrixXd random_entries(int rows, int cols, std::uint32_t seed);

// Every entry rounded to `decimals` places, halves away from zero; −0 becomes 0.
Eigen::MatrixXd rounded(const Eigen::MatrixXd& m, int decimals);

}  // namespace core
