#include "core/text/json_text.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cmath>

namespace core {

namespace {

bool is_scalar_array(const OrderedJson& j) {
  return j.is_array() &&
         std::all_of(j.begin(), j.end(), [](const OrderedJson& e) { return e.is_primitive(); });
}

std::string scalar(const OrderedJson& j) {
  if (j.is_number_float() && std::isfinite(j.get<double>())) return shortest_number(j.get<double>());
  return j.dump();
}

void write(std::string& out, const OrderedJson& j, int indent) {
  const std::string pad(static_cast<size_t>(indent) * 2, ' ');
  const std::string inner(static_cast<size_t>(indent + 1) * 2, ' ');
  if (j.is_object()) {
    if (j.empty()) { out += "{}"; return; }
    out += "{\n";
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (!first) out += ",\n";
      first = false;
      out += inner + OrderedJson(it.key()).dump() + ": ";
      write(out, it.value(), indent + 1);
    }
    out += "\n" + pad + "}";
  } else if (is_scalar_array(j)) {
    out += "[";
    for (size_t i = 0; i < j.size(); ++i) {
      if (i) out += ", ";
      out += scalar(j[i]);
    }
    out += "]";
  } else if (j.is_array()) {
    if (j.empty()) { out += "[]"; return; }
    out += "[\n";
    for (size_t i = 0; i < j.size(); ++i) {
      if (i) out += ",\n";
      out += inner;
      write(out, j[i], indent + 1);
    }
    out += "\n" + pad + "]";
  } else {
    out += scalar(j);
  }
}

}  // namespace

// std::to_chars, not nlohmann's dump: its Grisu2 writes 17 digits where 16
// suffice for about one double in a thousand (5.42345890421679 as
// 5.4234589042167904); both read back exactly, only one is the shortest.
// The layout stays nlohmann's: fixed from 1e-4 to below 1e15, else scientific.
std::string shortest_number(double x) {
  if (!std::isfinite(x)) return std::isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
  char buf[400];  // room for the longest fixed form, 1e-4's and 1e15's digits included
  const std::to_chars_result sci = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  const std::string scientific(buf, sci.ptr);
  const int exponent = std::atoi(scientific.c_str() + scientific.find('e') + 1);
  if (exponent < -4 || exponent > 14) return scientific;  // "1e+16": the exponent says it is a float
  const std::to_chars_result fix = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed);
  std::string fixed(buf, fix.ptr);
  if (fixed.find('.') == std::string::npos) fixed += ".0";
  return fixed;
}

std::string plain_number(double x) {
  std::string out = shortest_number(x);
  if (out.size() > 2 && out.compare(out.size() - 2, 2, ".0") == 0) out.resize(out.size() - 2);
  return out;
}

std::string number_below_double(std::string_view text) {
  int line = 1;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '\n') ++line;
    if (c != '-' && c != '+' && !(c >= '0' && c <= '9')) continue;
    size_t end = i;
    while (end < text.size() && std::string_view("+-0123456789.eE").find(text[end]) != std::string_view::npos) ++end;
    const std::string literal(text.substr(i, end - i));
    const std::string mantissa = literal.substr(0, literal.find_first_of("eE"));
    if (mantissa.find_first_of("123456789") != std::string::npos && std::strtod(literal.c_str(), nullptr) == 0.0)
      return "the number " + literal + (text.find('\n') != std::string_view::npos ? " on line " + std::to_string(line) : "") +
             " is too small for a double (it rounds to 0 below about 2.5e-324) and would be read as 0; write 0 if 0 is meant";
    i = end - 1;
  }
  return "";
}

void write_text(std::string& out, const OrderedJson& j, int indent) { write(out, j, indent); }

std::string to_text(const OrderedJson& j) {
  std::string out;
  write(out, j, 0);
  out += "\n";
  return out;
}

std::string json_type_name(const nlohmann::json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return "a boolean";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_array()) return "an array";
  return "an object";
}

std::string type_name(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::number_float: return "the number " + j.dump();
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return "the integer " + j.dump();
    default: return "an unsupported value";
  }
}

}  // namespace core
