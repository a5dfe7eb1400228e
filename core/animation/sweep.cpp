#include "core/animation/sweep.h"

#include "core/animation/cell_key.h"
#include "core/designs/one_w.h"
#include "core/designs/shared_qk.h"

#include "core/text/json_text.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace core {

namespace {

// A number as JSON or a person writes it: "-0.5", "2", "1e-2", "+3"; the whole text. As a
// file's are read: what rounds to a double is that double (1e-310, a subnormal, included);
// what overflows, or underflows to 0 (1e-400), is refused with why (number_below_double).
std::string parse_number(const std::string& text, double& out) {
  const std::string expected = "expected a finite number, as in X[1][0]=-1:1, got \"" + text + "\"";
  if (text.empty() || (text[0] == '+' && text.size() > 1 && (text[1] == '+' || text[1] == '-'))) return expected;
  const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
  const auto [end, ec] = std::from_chars(begin, text.data() + text.size(), out);
  if (end != text.data() + text.size() || (ec != std::errc() && ec != std::errc::result_out_of_range)) return expected;
  if (ec == std::errc::result_out_of_range) {
    if (const std::string tiny = number_below_double(text); !tiny.empty()) return tiny;
    out = std::strtod(begin, nullptr);  // a subnormal: the nearest double, as a file's reader takes it
  }
  if (std::isnan(out)) return expected;
  return std::isfinite(out) ? "" : text + " is too large for a double (above about 1.8e308)";
}

// The matrix a key names in s (W_O aside: it is wider), or null with *why set.
// S is Scenario or const Scenario: the matrix has its constness.
template <class S>
auto matrix_of(S& s, const CellKey& k, std::string* why) -> decltype(&s.X) {
  const bool projected = s.mode == Mode::Projected, merged = projected && one_w(s.options);
  struct Field {
    const char* name;
    bool per_head, present;
    const char* absent;  // why it is not there
  };
  const Field fields[] = {
      {"X", false, projected, "direct mode has no X"},
      {"X_kv", false, projected && s.cross(), "X_kv needs cross-attention in projected mode"},
      {"target", false, s.has_target, "the scenario has no target"},
      {"W_Q", true, projected && !merged, merged ? "under one W there is no W_Q" : "direct mode has no W_Q"},
      {"W_K", true, projected && !merged && !shared_qk(s.options),
       shared_qk(s.options) ? "under shared QK W_K is W_Q: move W_Q" : merged ? "under one W there is no W_K" : "direct mode has no W_K"},
      {"W_V", true, projected, "direct mode has no W_V"},
      {"W", true, merged, "W is the one matrix of options.merged_qk, which is off"},
      {"Q", true, !projected, "projected mode computes Q: move X or W_Q"},
      {"K", true, !projected && !shared_qk(s.options), projected ? "projected mode computes K: move X or W_K" : "under shared QK K is Q: move Q"},
      {"V", true, !projected, "projected mode computes V: move X or W_V"},
      {"W_alt", true, s.has_W_alt, "the scenario has no W_alt"},
  };
  for (const Field& f : fields) {
    if (k.name != f.name) continue;
    if (!f.present) return *why = f.absent, nullptr;
    const size_t wanted = f.per_head ? 3 : 2;
    if (k.indices.size() != wanted)
      return *why = std::string(f.name) + (f.per_head ? " takes three indices, [head][row][column]" : " takes two indices, [row][column]"),
             nullptr;
    if (!f.per_head) return k.name == "X" ? &s.X : k.name == "X_kv" ? &s.X_kv : &s.target;
    const int h = k.indices[0];
    if (h >= s.heads) return *why = "head " + std::to_string(h) + " of " + std::to_string(s.heads) + " (heads count from 0)", nullptr;
    auto& per_head = k.name == "W_Q" ? s.W_Q : k.name == "W_K" ? s.W_K : k.name == "W_V" ? s.W_V : k.name == "W" ? s.W
                         : k.name == "Q"   ? s.Q   : k.name == "K"   ? s.K   : k.name == "V"   ? s.V   : s.W_alt;
    return &per_head[static_cast<size_t>(h)];
  }
  *why = "no matrix named " + k.name + "; expected X, X_kv, W_Q, W_K, W_V, W, Q, K, V, W_O, W_alt or target";
  return nullptr;
}

}  // namespace

bool split_cell_key(const std::string& key, CellKey& out) {
  const size_t open = key.find('[');
  out.name = key.substr(0, open);
  out.indices.clear();
  if (open == std::string::npos || out.name.empty()) return false;
  size_t at = open;
  while (at < key.size()) {
    if (key[at] != '[') return false;
    const size_t close = key.find(']', at);
    if (close == std::string::npos || close == at + 1) return false;
    int index = 0;
    const auto [end, ec] = std::from_chars(key.data() + at + 1, key.data() + close, index);
    if (ec != std::errc() || end != key.data() + close || index < 0) return false;
    out.indices.push_back(index);
    at = close + 1;
  }
  return true;
}

std::string parse_sweep(const std::string& text, Sweep& out) {
  const size_t equals = text.find('='), colon = text.rfind(':');
  if (equals == std::string::npos || colon == std::string::npos || colon < equals)
    return "--animate " + text + ": expected PARAM=FROM:TO, e.g. X[1][0]=-1:1 or temperature=0.1:10";
  out.param = text.substr(0, equals);
  if (out.param.empty()) return "--animate " + text + ": PARAM is empty; expected a cell key such as X[1][0], or temperature";
  for (const auto& [part, value] : {std::pair{text.substr(equals + 1, colon - equals - 1), &out.from}, {text.substr(colon + 1), &out.to}})
    if (const std::string why = parse_number(part, *value); !why.empty()) return "--animate " + text + ": " + why;
  if (out.from == out.to) return "--animate " + text + ": FROM and TO are equal: nothing would move";
  return "";
}

std::string sweep_problem(const Scenario& s, const Sweep& sweep) {
  const std::string where = "--animate " + sweep.param + ": ";
  if (sweep.param == "temperature") {
    if (std::min(sweep.from, sweep.to) < kMinTemperature || std::max(sweep.from, sweep.to) > kMaxTemperature)
      return where + "the temperature goes from 0.01 to 100";
    return "";
  }
  if (std::abs(sweep.from) > kMaxAbsEntry || std::abs(sweep.to) > kMaxAbsEntry)
    return where + "an entry stays within |x| ≤ 1e6";
  CellKey k;
  if (!split_cell_key(sweep.param, k))
    return where + "expected a cell key as --layout-out writes it (X[1][0], W_Q[0][1][0], Q[0][2][1]) or temperature";
  std::string why;
  Eigen::Index rows = 0, cols = 0;
  if (k.name == "W_O") {
    if (k.indices.size() != 2) return where + "W_O takes two indices, W_O[row][column]";
    rows = s.W_O.rows();
    cols = s.W_O.cols();
  } else {
    const Mat* m = matrix_of(s, k, &why);
    if (!m) return where + why;
    rows = m->rows();
    cols = m->cols();
  }
  const int r = k.indices[k.indices.size() - 2], c = k.indices.back();
  if (r >= rows || c >= cols)
    return where + "no such entry: " + k.name + " is " + std::to_string(rows) + "×" + std::to_string(cols) + " (indices count from 0)";
  return "";
}

void set_sweep_value(Scenario& s, const std::string& param, double value) {
  if (param == "temperature") {
    s.options.temperature = value;
    return;
  }
  CellKey k;
  split_cell_key(param, k);
  const int r = k.indices[k.indices.size() - 2], c = k.indices.back();
  if (k.name == "W_O") {
    s.W_O(r, c) = value;
    return;
  }
  std::string why;
  if (Mat* m = matrix_of(s, k, &why)) (*m)(r, c) = value;
}

double sweep_value(const Scenario& s, const std::string& param) {
  if (param == "temperature") return s.options.temperature;
  CellKey k;
  split_cell_key(param, k);
  const int r = k.indices[k.indices.size() - 2], c = k.indices.back();
  if (k.name == "W_O") return s.W_O(r, c);
  std::string why;
  const Mat* m = matrix_of(s, k, &why);
  return m ? (*m)(r, c) : 0.0;
}

}  // namespace core
