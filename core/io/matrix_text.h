// One matrix as text, for the Matrices panel's copy and paste (app/panels/panel_matrices_tools.cpp):
// read from whatever a lecturer has on the clipboard, written in the forms a course pastes into.
//
// Read (the form is told from the text):
//   numpy     array([[ 1.  , -0.5 ],\n       [ 0.25,  2.  ]]), np.array([[1, 2], [3, 4]], dtype=float32),
//             numpy's print form [[ 1.  -0.5 ] [ 0.25  2.  ]], Python's [[1, 2], [3, 4]], torch's
//             tensor([[...]]), MATLAB's [1 2; 3 4]
//   LaTeX     \begin{bmatrix} 1 & -0.5 \\ 0.25 & 2 \end{bmatrix} (pmatrix, matrix, array{cc} ...), with
//             \, and {-}0.5, inside $...$; 1.5 \times 10^{-3}
//   TSV       what a spreadsheet puts on the clipboard: tab-separated rows, \n, \r\n or \r
//   CSV       , or ; between the numbers
//   rows      numbers separated by spaces, a row a line
// Numbers as C and Python write them (1e-3, .5, 1.), the Unicode minus (−) too; under tabs or
// semicolons a decimal comma (0,25), as a spreadsheet in a French or German locale copies it.
#pragma once

#include <string>
#include <string_view>

#include <Eigen/Core>

namespace core {

// The forms a matrix is written in, in the order the menu offers them.
enum class MatrixFormat { Numpy, Csv, Tsv, Latex };
const char* to_string(MatrixFormat f);  // "numpy", "CSV", "TSV", "LaTeX"

// Text longer than this is refused unread: no matrix of a scenario needs a thousandth of it.
inline constexpr size_t kMaxMatrixTextBytes = size_t{1} << 20;

struct MatrixText {
  Eigen::MatrixXd matrix;  // set when error is empty
  std::string form;        // what the text was read as: "numpy", "LaTeX", "TSV", "CSV", "rows of numbers"
  // What is wrong, naming the row and column as a person counts them (from 1): "row 2 has 3
  // numbers, row 1 has 2", "'abc' in row 1, column 2 is not a number", "no matrix found ...".
  std::string error;

  bool ok() const { return error.empty(); }
};

// Reads one matrix. Every entry must be a finite number with |x| ≤ 1e6 (kMaxAbsEntry), as in a
// scenario file; a number a double cannot tell from 0 (1e-400) is refused, as the file reader
// refuses it. The rows must all have the same length.
MatrixText read_matrix_text(std::string_view text);

// The matrix in one form, every number in its shortest text that reads back to the same double
// (read_matrix_text gives m back exactly):
//   Numpy  np.array([[1.0, -0.5], [0.25, 2.0]])       (a float always has its point: Python sees floats)
//   Csv    1,-0.5\n0.25,2\n
//   Tsv    1\t-0.5\n0.25\t2\n                         (a spreadsheet's paste fills the cells)
//   Latex  \begin{bmatrix}\n1 & -0.5 \\\n0.25 & 2\n\end{bmatrix}\n   (1e-07 as 1 \times 10^{-7})
std::string write_matrix_text(const Eigen::MatrixXd& m, MatrixFormat format);

}  // namespace core
