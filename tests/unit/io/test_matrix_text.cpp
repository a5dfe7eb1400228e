// One matrix as text (core/io/matrix_text.h): every form a lecturer pastes, written by hand as
// numpy, a spreadsheet, a CSV file and LaTeX write it; the errors, each naming its row and
// column; and what is written reads back to the same doubles.
#include <string>

#include <gtest/gtest.h>

#include "core/io/matrix_text.h"

namespace test_matrix_text {

namespace {

// [[1, −0.5], [0.25, 2]]: the matrix most forms below hold.
Eigen::MatrixXd two_by_two() {
  Eigen::MatrixXd m(2, 2);
  m << 1, -0.5, 0.25, 2;
  return m;
}

// Whether a and b have one shape and the same entries; Eigen's == asserts on two shapes.
::testing::AssertionResult same(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  if (a.rows() == b.rows() && a.cols() == b.cols() && a == b) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << a.rows() << "\u00D7" << a.cols() << "\n" << a << "\nexpected " << b.rows() << "\u00D7"
                                       << b.cols() << "\n" << b;
}

// The matrix read, or a failure naming the text and the reader's message.
Eigen::MatrixXd read(const std::string& text, const std::string& form = "") {
  const core::MatrixText m = core::read_matrix_text(text);
  EXPECT_TRUE(m.ok()) << text << "\n→ " << m.error;
  if (!form.empty()) {
    EXPECT_EQ(m.form, form) << text;
  }
  return m.matrix;
}

std::string error(const std::string& text) {
  const core::MatrixText m = core::read_matrix_text(text);
  EXPECT_FALSE(m.ok()) << text << " was read as a " << m.matrix.rows() << "×" << m.matrix.cols() << " matrix";
  return m.error;
}

}  // namespace

TEST(MatrixText, ReadsNumpysReprAndPrintAndPythonLists) {
  // repr(np.array([[1, -0.5], [0.25, 2]])), as numpy 1.26 prints it.
  EXPECT_TRUE(same(read("array([[ 1.  , -0.5 ],\n       [ 0.25,  2.  ]])", "numpy"), two_by_two()));
  EXPECT_TRUE(same(read("array([[ 1.  , -0.5 ],\n       [ 0.25,  2.  ]], dtype=float32)"), two_by_two()));
  EXPECT_TRUE(same(read("np.array([[1, -0.5], [0.25, 2]])"), two_by_two()));
  EXPECT_TRUE(same(read("[[1, -0.5], [0.25, 2]]"), two_by_two()));
  EXPECT_TRUE(same(read("[[1, -0.5,], [0.25, 2,],]"), two_by_two())) << "Python's trailing commas";
  // print(a): no commas.
  EXPECT_TRUE(same(read("[[ 1.   -0.5 ]\n [ 0.25  2.  ]]"), two_by_two()));
  EXPECT_TRUE(same(read("tensor([[ 1.0000, -0.5000],\n        [ 0.2500,  2.0000]], requires_grad=True)"), two_by_two()));
  EXPECT_TRUE(same(read("[1 -0.5; 0.25 2]"), two_by_two())) << "MATLAB";
  Eigen::MatrixXd row(1, 3);
  row << 1, 2, 3;
  EXPECT_TRUE(same(read("array([1., 2., 3.])"), row)) << "a 1-D array is one row";
}

TEST(MatrixText, ReadsWhatASpreadsheetCopiesAndCsvFiles) {
  EXPECT_TRUE(same(read("1\t-0.5\n0.25\t2\n", "TSV"), two_by_two())) << "LibreOffice: a newline after the last row";
  EXPECT_TRUE(same(read("1\t-0.5\r\n0.25\t2\r\n"), two_by_two())) << "Excel on Windows";
  EXPECT_TRUE(same(read("1\t-0.5\r0.25\t2"), two_by_two())) << "a lone \\r between rows";
  EXPECT_TRUE(same(read("1,-0.5\n0.25,2", "CSV"), two_by_two()));
  EXPECT_TRUE(same(read("1, -0.5\n0.25, 2\n\n"), two_by_two()));
  EXPECT_TRUE(same(read("\"1\",\"-0.5\"\n\"0.25\",\"2\""), two_by_two())) << "every cell quoted";
  EXPECT_TRUE(same(read("1;-0.5\n0.25;2", "CSV"), two_by_two()));
  EXPECT_TRUE(same(read("1;-0,5\n0,25;2"), two_by_two())) << "a German spreadsheet's CSV: decimal commas";
  EXPECT_TRUE(same(read("1\t-0,5\n0,25\t2"), two_by_two())) << "and its clipboard";
  EXPECT_TRUE(same(read("1 -0.5\n  0.25   2  ", "rows of numbers"), two_by_two()));
  EXPECT_TRUE(same(read("\xEF\xBB\xBF" "1,-0.5\n0.25,2"), two_by_two())) << "a byte-order mark";
}

TEST(MatrixText, ReadsLatexMatrices) {
  EXPECT_TRUE(same(read("\\begin{bmatrix} 1 & -0.5 \\\\ 0.25 & 2 \\end{bmatrix}", "LaTeX"), two_by_two()));
  EXPECT_TRUE(same(read("$\\begin{pmatrix}\n  1 & {-}0.5 \\\\\n  0.25 & 2 \\\\\n\\end{pmatrix}$"), two_by_two()));
  EXPECT_TRUE(same(read("\\[ \\begin{matrix} 1 &\\, -0.5 \\\\ 0.25 & \\phantom{-}2 \\end{matrix} \\]"), two_by_two()));
  EXPECT_TRUE(same(read("\\left[\\begin{array}{rr} 1 & -0.5 \\\\ \\hline 0.25 & 2 \\end{array}\\right]"), two_by_two()));
  EXPECT_TRUE(same(read("1 & -0.5 \\\\ 0.25 & 2"), two_by_two())) << "the rows alone";
  EXPECT_TRUE(same(read("\\begin{bmatrix} 1 & -5 \\times 10^{-1} \\\\ 2.5 \\cdot 10^{-1} & 2 \\end{bmatrix}"), two_by_two()));
}

TEST(MatrixText, ReadsNumbersAsPeopleAndProgramsWriteThem) {
  Eigen::MatrixXd m(2, 3);
  m << 0.001, -0.5, 0.5, 1, 2500, -0.0625;
  EXPECT_TRUE(same(read("1e-3 \u22120.5 .5\n1. 2.5E+3 -0.0625"), m)) << "the Unicode minus attnlab prints, 1., .5, E+3";
  EXPECT_TRUE(same(read("[[1.e-03, -5.e-01, 5.e-01], [1.e+00, 2.5e+03, -6.25e-02]]"), m)) << "numpy's scientific repr";
  EXPECT_TRUE(same(read("1e-3\u00A0\u22120.5\u2009.5\n1 2500 -0.0625"), m)) << "no-break and thin spaces";
}

TEST(MatrixText, ErrorsNameTheRowAndColumn) {
  EXPECT_EQ(error("1\t2\n3\t4\t5\n"), "row 2 has 3 numbers, row 1 has 2");
  EXPECT_EQ(error("[[1, 2], [3]]"), "row 2 has 1 number, row 1 has 2");
  EXPECT_EQ(error("1,abc\n3,4"), "'abc' in row 1, column 2 is not a number");
  EXPECT_EQ(error("1 +-2\n3 4"), "'+-2' in row 1, column 2 is not a number");
  EXPECT_EQ(error("1\t2\n3\t\n"), "row 2, column 2 is empty");
  EXPECT_EQ(error("[[1, 2], [3, nan]]"), "'nan' in row 2, column 2: NaN/inf are not allowed");
  EXPECT_EQ(error("1 -inf\n3 4"), "'-inf' in row 1, column 2: NaN/inf are not allowed");
  EXPECT_EQ(error("1 2\n3 2e6"), "'2e6' in row 2, column 2 is out of range: expected |x| \u2264 1e6");
  EXPECT_EQ(error("1 2\n3 1e400"), "'1e400' in row 2, column 2 is out of range: expected |x| \u2264 1e6");
  EXPECT_EQ(error("1 1e-400\n3 4"), "'1e-400' in row 1, column 2 is too small for a double: it would read as 0");
  EXPECT_EQ(error("\\begin{bmatrix} 1 & \\frac{1}{2} \\\\ 3 & 4 \\end{bmatrix}"), "'\\frac{1}{2}' in row 1, column 2 is not a number");
  EXPECT_EQ(error("\\begin{bmatrix} 1 & 2 \\\\ 3 & 4"), "\\begin{bmatrix} has no \\end{bmatrix}");
  EXPECT_EQ(error("[[1, 2], [3, 4]"), "the brackets do not close: a ']' is missing");
  EXPECT_EQ(error("[[[1, 2]], [[3, 4]]]"), "brackets nested 3 deep: expected a matrix, a list of rows such as [[1, 2], [3, 4]]");
  EXPECT_EQ(error("[1, [2, 3]]"), "'1' stands outside the rows: expected a list of rows such as [[1, 2], [3, 4]]");
  EXPECT_EQ(error("1,0.123456789012345678901234567,3\n1,x,3"), "'x' in row 2, column 2 is not a number");
  EXPECT_EQ(error("1,0.5\nthe_rest_of_a_very_long_line_of_text,3"),
            "'the_rest_of_a_very_lo\u2026' in row 2, column 1 is not a number")
      << "a long cell is cut";
}

TEST(MatrixText, NoMatrixFoundInTextWithoutNumbers) {
  EXPECT_EQ(error(""), "no matrix found: the text is empty");
  EXPECT_EQ(error(" \n\t\r\n"), "no matrix found: the text is empty");
  const std::string prose = "no matrix found: no numbers in the text (expected numpy, CSV, TSV or LaTeX)";
  EXPECT_EQ(error("Attention is all you need"), prose);
  EXPECT_EQ(error("/home/me/lesson.json"), prose);
  EXPECT_EQ(error("[[]]"), prose);
  EXPECT_EQ(error(std::string(core::kMaxMatrixTextBytes + 1, '1')),
            "the text is 1024 KiB long: too long for a matrix (at most 1024 KiB)");
}

TEST(MatrixText, WritesEachForm) {
  const Eigen::MatrixXd m = two_by_two();
  EXPECT_EQ(core::write_matrix_text(m, core::MatrixFormat::Numpy), "np.array([[1.0, -0.5], [0.25, 2.0]])");
  EXPECT_EQ(core::write_matrix_text(m, core::MatrixFormat::Csv), "1,-0.5\n0.25,2\n");
  EXPECT_EQ(core::write_matrix_text(m, core::MatrixFormat::Tsv), "1\t-0.5\n0.25\t2\n");
  // As the LaTeX export writes the same entries, where two decimals are exact (0.50, not 0.5).
  EXPECT_EQ(core::write_matrix_text(m, core::MatrixFormat::Latex), "\\begin{bmatrix}\n1.00 & -0.50 \\\\\n0.25 & 2.00\n\\end{bmatrix}\n");
  Eigen::MatrixXd third(1, 2);
  third << 1.0 / 3.0, 0.5;  // not exact at two decimals: every digit, so that it pastes back exactly
  EXPECT_EQ(core::write_matrix_text(third, core::MatrixFormat::Latex), "\\begin{bmatrix}\n0.3333333333333333 & 0.5\n\\end{bmatrix}\n");
  Eigen::MatrixXd small(1, 2);
  small << 1e-7, -0.0;
  EXPECT_EQ(core::write_matrix_text(small, core::MatrixFormat::Latex), "\\begin{bmatrix}\n1 \\times 10^{-7} & 0\n\\end{bmatrix}\n");
  EXPECT_EQ(core::write_matrix_text(small, core::MatrixFormat::Numpy), "np.array([[1e-07, 0.0]])");
}

// Doubles that need all 17 digits, a subnormal-free tiny one and the limits: every form reads
// back bit for bit, as Python's float() reads numpy's form.
TEST(MatrixText, EveryFormReadsBackExactly) {
  Eigen::MatrixXd m(3, 4);
  m << 0.1 + 0.2, -1.0 / 3.0, 1e-7, 123456.789,
       -1e6, 1e6, 2.0 / 3.0, -0.0625,
       5e-5, 0.30000000000000004, -7.0, 1.0 / 7.0;
  for (core::MatrixFormat f : {core::MatrixFormat::Numpy, core::MatrixFormat::Csv, core::MatrixFormat::Tsv, core::MatrixFormat::Latex}) {
    const std::string text = core::write_matrix_text(m, f);
    const core::MatrixText back = core::read_matrix_text(text);
    ASSERT_TRUE(back.ok()) << core::to_string(f) << ": " << back.error << "\n" << text;
    EXPECT_TRUE(same(back.matrix, m)) << core::to_string(f) << ":\n" << text;
  }
  EXPECT_EQ(core::read_matrix_text(core::write_matrix_text(m, core::MatrixFormat::Csv)).form, "CSV");
  EXPECT_EQ(core::read_matrix_text(core::write_matrix_text(m, core::MatrixFormat::Tsv)).form, "TSV");
  EXPECT_EQ(core::read_matrix_text(core::write_matrix_text(m, core::MatrixFormat::Latex)).form, "LaTeX");
}

}  // namespace test_matrix_text
