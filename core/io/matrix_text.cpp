#include "core/io/matrix_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/math/matrix.h"     // kMaxAbsEntry
#include "core/text/json_text.h"  // shortest_number, plain_number
#include "core/text/utf8.h"       // valid_utf8

namespace core {

const char* to_string(MatrixFormat f) {
  switch (f) {
    case MatrixFormat::Numpy: return "numpy";
    case MatrixFormat::Csv: return "CSV";
    case MatrixFormat::Tsv: return "TSV";
    case MatrixFormat::Latex: return "LaTeX";
  }
  return "";
}

namespace {

constexpr std::string_view kSpace = " \t\n\r\f\v";

// A cell as read, and as the text wrote it (a LaTeX cell's {-}0.5 is read as -0.5): messages
// quote what the person sees on their clipboard.
struct Cell {
  std::string text, as_written;
};
using Table = std::vector<std::vector<Cell>>;

std::string_view trim(std::string_view s, std::string_view chars = kSpace) {
  const size_t first = s.find_first_not_of(chars);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(chars) - first + 1);
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

std::vector<std::string_view> split(std::string_view s, std::string_view separator) {
  std::vector<std::string_view> parts;
  for (size_t at = s.find(separator); at != std::string_view::npos; at = s.find(separator)) {
    parts.push_back(s.substr(0, at));
    s.remove_prefix(at + separator.size());
  }
  parts.push_back(s);
  return parts;
}

// Runs of white space separate; none makes an empty cell.
std::vector<std::string_view> split_on_space(std::string_view s) {
  std::vector<std::string_view> words;
  for (s = trim(s); !s.empty(); s = trim(s.substr(std::min(s.size(), s.find_first_of(kSpace)))))
    words.push_back(s.substr(0, s.find_first_of(kSpace)));
  return words;
}

// What programs write differently made one: the Unicode minus (−, as attnlab itself prints
// numbers) and spaces, a byte-order mark, Windows' and old Macs' line ends.
std::string normalized(std::string_view text) {
  std::string s(text);
  replace_all(s, "\xEF\xBB\xBF", "");   // byte-order mark
  replace_all(s, "\xE2\x88\x92", "-");  // U+2212 minus sign
  replace_all(s, "\xC2\xA0", " ");      // no-break space
  replace_all(s, "\xE2\x80\x89", " ");  // thin space
  replace_all(s, "\xE2\x80\xAF", " ");  // narrow no-break space (a French spreadsheet's)
  replace_all(s, "\r\n", "\n");
  std::replace(s.begin(), s.end(), '\r', '\n');
  return s;
}

// A cell as a message quotes it: 'abc', at most about 24 characters.
std::string quoted(std::string_view cell) {
  if (cell.size() <= 24) return "'" + valid_utf8(cell) + "'";
  return "'" + valid_utf8(cell.substr(0, 21)) + "\u2026'";
}

std::string where(size_t row, size_t col) { return "row " + std::to_string(row + 1) + ", column " + std::to_string(col + 1); }

// The number in a cell, or why it is not one a scenario may hold (as the file reader words it).
// Under tabs or semicolons, 0,25 is a decimal comma: no spreadsheet writes a comma inside a number else.
std::string read_number(const Cell& cell, size_t row, size_t col, bool decimal_comma, double& x) {
  std::string digits(trim(cell.text));
  if (digits.empty()) return where(row, col) + " is empty";
  if (decimal_comma && digits.find('.') == std::string::npos && std::count(digits.begin(), digits.end(), ',') == 1)
    std::replace(digits.begin(), digits.end(), ',', '.');
  const bool plus = digits[0] == '+' && digits.size() > 1 && digits[1] != '-' && digits[1] != '+';
  const char* begin = digits.c_str() + (plus ? 1 : 0);
  const char* end = digits.c_str() + digits.size();
  const auto [stop, ec] = std::from_chars(begin, end, x);
  const std::string at = quoted(trim(cell.as_written)) + " in " + where(row, col);
  if (stop != end || (ec != std::errc() && ec != std::errc::result_out_of_range)) return at + " is not a number";
  if (ec == std::errc::result_out_of_range) {
    x = std::strtod(begin, nullptr);  // a subnormal is its nearest double, as a file's reader takes it
    if (x == 0) return at + " is too small for a double: it would read as 0";
    if (std::isinf(x)) return at + " is out of range: expected |x| \u2264 1e6";
  }
  if (!std::isfinite(x)) return at + ": NaN/inf are not allowed";
  if (std::abs(x) > kMaxAbsEntry) return at + " is out of range: expected |x| \u2264 1e6";
  return "";
}

MatrixText failed(std::string error) {
  MatrixText out;
  out.error = std::move(error);
  return out;
}

std::string numbers(size_t count) { return std::to_string(count) + (count == 1 ? " number" : " numbers"); }

// The table's numbers as a matrix: rows of one length, every cell a number. A text with no
// number in it at all is no matrix (a paragraph, a path): said so, not "'The' is not a number".
MatrixText to_matrix(const Table& table, std::string form, bool decimal_comma) {
  double x = 0;
  bool any_number = false;
  for (size_t r = 0; r < table.size() && !any_number; ++r)
    for (size_t c = 0; c < table[r].size() && !any_number; ++c) any_number = read_number(table[r][c], r, c, decimal_comma, x).empty();
  if (!any_number) return failed("no matrix found: no numbers in the text (expected numpy, CSV, TSV or LaTeX)");
  for (size_t r = 1; r < table.size(); ++r)
    if (table[r].size() != table[0].size())
      return failed("row " + std::to_string(r + 1) + " has " + numbers(table[r].size()) + ", row 1 has " +
                    std::to_string(table[0].size()));
  MatrixText out;
  out.form = std::move(form);
  out.matrix.resize(static_cast<Eigen::Index>(table.size()), static_cast<Eigen::Index>(table[0].size()));
  for (size_t r = 0; r < table.size(); ++r)
    for (size_t c = 0; c < table[r].size(); ++c) {
      if (std::string why = read_number(table[r][c], r, c, decimal_comma, x); !why.empty()) return failed(std::move(why));
      out.matrix(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = x;
    }
  return out;
}

// [SECTION] Lists: numpy, Python, torch, MATLAB.

// One row of a list: numbers between commas (numpy's repr, Python) or spaces (numpy's print
// form, MATLAB). A trailing comma, as Python allows, ends the row.
std::vector<Cell> list_row(std::string_view text) {
  std::vector<Cell> row;
  std::vector<std::string_view> pieces = split(text, ",");
  if (pieces.size() > 1 && trim(pieces.back()).empty()) pieces.pop_back();
  if (pieces.size() == 1 && trim(pieces[0]).empty()) return row;
  for (std::string_view piece : pieces) {
    const std::vector<std::string_view> words = split_on_space(piece);
    if (words.empty()) row.push_back({"", ""});  // 1,,2: an empty cell, said so
    for (std::string_view word : words) row.push_back({std::string(word), std::string(word)});
  }
  return row;
}

// The rows between the outermost brackets. What comes before the first [ (array(, np.array(,
// tensor() and after its ] (, dtype=float32)) is not read. [1, 2] is one row; MATLAB's
// [1 2; 3 4] has its rows between semicolons.
MatrixText read_list(const std::string& s) {
  Table table;
  std::string between, row;  // the text outside the inner lists, and in the current one
  const auto only_separators = [](std::string_view t) { return trim(t, " \t\n\f\v,").empty(); };
  const auto outside = [](std::string_view t) {
    return failed(quoted(trim(t, " \t\n\f\v,")) + " stands outside the rows: expected a list of rows such as [[1, 2], [3, 4]]");
  };
  int depth = 0;
  for (size_t i = s.find('['); i < s.size(); ++i) {
    const char c = s[i];
    if (c == '[' && ++depth > 2) return failed("brackets nested 3 deep: expected a matrix, a list of rows such as [[1, 2], [3, 4]]");
    if (c == '[' && depth == 2) {
      if (!only_separators(between)) return outside(between);
      between.clear();
      row.clear();
    } else if (c == ']' && depth == 2) {
      table.push_back(list_row(row));
    } else if (c == ']' && depth == 1) {
      if (table.empty()) {
        for (std::string_view line : split(between, ";"))  // one row, or MATLAB's
          if (!trim(line).empty()) table.push_back(list_row(line));
      } else if (!only_separators(between)) {
        return outside(between);
      }
      return to_matrix(table, "numpy", false);
    } else if (c != '[') {
      (depth == 2 ? row : between) += c;
    }
    if (c == ']') --depth;
  }
  return failed("the brackets do not close: a ']' is missing");
}

// [SECTION] LaTeX: bmatrix, pmatrix, matrix, array.

// A cell as its number: spacing (\, \; \quad ~), braces ({-}0.5), room kept for a sign
// (\phantom{-}) and dollars go; 1.5 \times 10^{-3} becomes 1.5e-3.
std::string tex_cell(std::string_view cell) {
  std::string s(cell);
  for (const char* phantom : {"\\hphantom{", "\\phantom{"})
    for (size_t at = s.find(phantom); at != std::string::npos; at = s.find(phantom)) {
      const size_t close = s.find('}', at);
      s.erase(at, close == std::string::npos ? std::string::npos : close - at + 1);
    }
  for (const char* nothing : {"\\qquad", "\\quad", "\\,", "\\;", "\\:", "\\!", "\\ ", "~", "$", "{", "}"}) replace_all(s, nothing, "");
  for (const char* times : {"\\times", "\\cdot"})
    if (const size_t at = s.find(times); at != std::string::npos) {
      const std::string_view power = trim(std::string_view(s).substr(at + std::strlen(times)));
      if (power.substr(0, 3) == "10^") s = std::string(trim(std::string_view(s).substr(0, at))) + "e" + std::string(trim(power.substr(3)));
    }
  return std::string(trim(s));
}

MatrixText read_latex(const std::string& s) {
  std::string_view body = s;
  if (const size_t begin = s.find("\\begin{"); begin != std::string::npos) {
    const size_t name_end = s.find('}', begin);
    if (name_end == std::string::npos) return failed("\\begin{ has no closing }");
    const std::string name = s.substr(begin + 7, name_end - begin - 7);
    size_t start = name_end + 1;
    if (name == "array" && trim(s.substr(start)).substr(0, 1) == "{") start = s.find('}', s.find('{', start)) + 1;  // {cc}
    const size_t end = s.find("\\end{", start);
    if (start == 0 || end == std::string::npos) return failed("\\begin{" + name + "} has no \\end{" + name + "}");
    body = std::string_view(s).substr(start, end - start);
  }
  Table table;
  for (std::string_view line : split(body, "\\\\")) {
    std::string row(line);
    replace_all(row, "\\hline", "");
    std::string_view rest = trim(row);
    if (rest.substr(0, 1) == "[" && rest.find(']') != std::string_view::npos) rest.remove_prefix(rest.find(']') + 1);  // \\[2pt]
    if (trim(rest).empty()) continue;  // the \\ after the last row
    table.emplace_back();
    for (std::string_view cell : split(rest, "&")) table.back().push_back({tex_cell(cell), std::string(trim(cell))});
  }
  return to_matrix(table, "LaTeX", false);
}

// [SECTION] Rows of a spreadsheet or a file: TSV, CSV, numbers and spaces.

MatrixText read_rows(const std::string& s) {
  const auto has = [&](char c) { return s.find(c) != std::string::npos; };
  const char separator = has('\t') ? '\t' : has(';') ? ';' : has(',') ? ',' : ' ';
  Table table;
  for (std::string_view line : split(s, "\n")) {
    if (trim(line).empty()) continue;  // the newline a spreadsheet ends its rows with, blank lines
    table.emplace_back();
    const std::vector<std::string_view> cells = separator == ' ' ? split_on_space(line) : split(line, std::string(1, separator));
    for (std::string_view cell : cells) {
      const std::string_view bare = trim(trim(cell), "\"");  // "0.5", as some programs quote every cell
      table.back().push_back({std::string(bare), std::string(trim(cell))});
    }
  }
  const char* form = separator == '\t' ? "TSV" : separator == ' ' ? "rows of numbers" : "CSV";
  return to_matrix(table, form, separator == '\t' || separator == ';');
}

// As a cell shows it: the shortest text that reads back (Python's repr), −0 as 0; in LaTeX
// 1e-07 as 1 \times 10^{-7}. A float in numpy's form keeps its point (1.0).
std::string number_text(double x, MatrixFormat format) {
  if (x == 0) x = 0;
  if (format == MatrixFormat::Numpy) return shortest_number(x);
  std::string s = plain_number(x);
  if (const size_t e = s.find('e'); format == MatrixFormat::Latex && e != std::string::npos)
    s = s.substr(0, e) + " \\times 10^{" + std::to_string(std::atoi(s.c_str() + e + 1)) + "}";
  return s;
}

}  // namespace

MatrixText read_matrix_text(std::string_view text) {
  if (text.size() > kMaxMatrixTextBytes)
    return failed("the text is " + std::to_string(text.size() >> 10) + " KiB long: too long for a matrix (at most " +
                  std::to_string(kMaxMatrixTextBytes >> 10) + " KiB)");
  const std::string s = normalized(text);
  if (trim(s).empty()) return failed("no matrix found: the text is empty");
  if (s.find("\\begin") != std::string::npos || s.find('&') != std::string::npos || s.find("\\\\") != std::string::npos)
    return read_latex(s);
  if (s.find('[') != std::string::npos) return read_list(s);
  return read_rows(s);
}

// Whether every entry is exactly what two decimals write (0.5, -1, 0.25): LaTeX then writes each as the
// LaTeX export does, 0.50 & 1.00, so that a matrix copied beside an exported one reads the same.
// Any other entry keeps every digit: the copy is exact, and pastes back exactly.
static bool two_decimals_exact(const Eigen::MatrixXd& m) {
  for (Eigen::Index i = 0; i < m.size(); ++i) {
    char buf[40];
    const double x = m.data()[i];
    if (!(std::abs(x) < 1e4)) return false;
    std::snprintf(buf, sizeof buf, "%.2f", x);
    if (std::strtod(buf, nullptr) != x) return false;
  }
  return true;
}

std::string write_matrix_text(const Eigen::MatrixXd& m, MatrixFormat format) {
  const bool numpy = format == MatrixFormat::Numpy, latex = format == MatrixFormat::Latex;
  const bool two_decimals = latex && two_decimals_exact(m);
  const auto number = [&](double x) {
    if (!two_decimals) return number_text(x, format);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.2f", x == 0 ? 0.0 : x);
    return std::string(buf);
  };
  const std::string between = numpy ? ", " : latex ? " & " : format == MatrixFormat::Csv ? "," : "\t";
  std::string out = numpy ? "np.array([" : latex ? "\\begin{bmatrix}\n" : "";
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    if (numpy) out += r ? ", [" : "[";
    for (Eigen::Index c = 0; c < m.cols(); ++c) out += (c ? between : "") + number(m(r, c));
    out += numpy ? "]" : latex && r + 1 < m.rows() ? " \\\\\n" : "\n";
  }
  out += numpy ? "])" : latex ? "\\end{bmatrix}\n" : "";
  return out;
}

}  // namespace core
