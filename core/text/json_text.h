// JSON as people read it: objects one key per line, a row of numbers on one line.
#pragma once

#include <cmath>
#include <string>
#include <string_view>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

namespace core {

using OrderedJson = nlohmann::ordered_json;

// Objects are indented by two spaces per level; an array whose elements are
// all scalars stays on one line; an array of such arrays puts one per line.
// Numbers are written in their shortest form that reads back to the same double.
std::string to_text(const OrderedJson& j);
// j appended to out as to_text lays it out at the given depth (without the final line break):
// a large document written a part at a time.
void write_text(std::string& out, const OrderedJson& j, int indent);

// The shortest text that reads back to the same double, always with a decimal
// point or exponent ("0.1", "1.0", "1e-07"): Python and CSV readers then see a float.
std::string shortest_number(double x);
// The same for a person to read: a whole number without its ".0" ("10000", "2.5").
std::string plain_number(double x);

// The readers' words for a JSON value's type: "a string", "an array", "null", ….
std::string json_type_name(const nlohmann::json& j);
// The scenario reader's words for a value it refuses: the same, but a number says itself
// ("the integer 3", "the number 1.5"), as python/attnlab/_reader.py's type_name does.
std::string type_name(const nlohmann::json& j);

// Whether text (a number, or JSON) holds a number whose digits are not all zero but which a
// double cannot tell from 0 (1e-400: below 4.9e-324): nlohmann and strtod read it as 0, so
// that a temperature written 1e-400 would be "0.0" in a message. The reader refuses it
// instead, and so does the command line: a message naming the literal and its line, else "".
std::string number_below_double(std::string_view text);

// A matrix as an array of rows. A non-finite entry (a masked logit, −∞)
// becomes null, as JSON has no infinity.
template <class Derived>
OrderedJson matrix_to_json(const Eigen::DenseBase<Derived>& m) {
  OrderedJson rows = OrderedJson::array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    OrderedJson row = OrderedJson::array();
    for (Eigen::Index c = 0; c < m.cols(); ++c)
      row.push_back(std::isfinite(m(r, c)) ? OrderedJson(m(r, c)) : OrderedJson(nullptr));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace core
