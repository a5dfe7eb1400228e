#include "core/json_text.h"

#include <algorithm>

namespace core {

namespace {

bool is_scalar_array(const OrderedJson& j) {
  return j.is_array() &&
         std::all_of(j.begin(), j.end(), [](const OrderedJson& e) { return e.is_primitive(); });
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
      out += j[i].dump();
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
    out += j.dump();
  }
}

}  // namespace

std::string shortest_number(double x) { return OrderedJson(x).dump(); }

std::string to_text(const OrderedJson& j) {
  std::string out;
  write(out, j, 0);
  out += "\n";
  return out;
}

}  // namespace core
