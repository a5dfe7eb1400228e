// Matrix types and the size limits of a scenario.
//
// Every matrix has a fixed capacity known at compile time, so Eigen keeps its
// storage inline and compute() never touches the heap. Row-major, because the
// file format, the widgets and the paper all read a matrix row by row.
#pragma once

#include <Eigen/Core>

namespace core {

inline constexpr int kMinTokens = 2, kMaxTokens = 8;
inline constexpr int kMinDModel = 2, kMaxDModel = 4;
inline constexpr int kMinDk = 1, kMaxDk = 4;
inline constexpr int kMinHeads = 1, kMaxHeads = 4;
inline constexpr int kMaxConcat = kMaxHeads * kMaxDk;  // columns of concat, rows of W^O
inline constexpr double kMaxAbsEntry = 1e6;            // |x| ≤ 1e6 for every number in a file
inline constexpr double kMinTemperature = 0.01, kMaxTemperature = 100.0;

// n×d_model, d_model×d_k, n×n, d_k×d_k, d_model×d_model: all fit in 8×8.
using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor, 8, 8>;
// concat (n × H·d_k) and W^O (H·d_k × d_model) need up to 16 on one side.
using WideMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor, 16, 16>;
// One number per token (row sums, entropy) or per singular value.
using Vec = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 8, 1>;

}  // namespace core
