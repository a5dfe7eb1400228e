// The writer of scenario files: the JSON as people read it, or compact when a
// scenario is too large to lay out, saved atomically (scenario_io.h).
#include "core/io/scenario_io.h"

#include <charconv>
#include <cmath>
#include <utility>

#include "core/designs/attention_alt.h"
#include "core/designs/designs.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sqrt_dk_scale.h"
#include "core/io/atomic_file.h"

namespace core {

using nlohmann::json;

namespace {

OrderedJson heads_json(const std::array<Mat, kMaxHeads>& ms, int heads) {
  OrderedJson out = OrderedJson::array();
  for (int h = 0; h < heads; ++h) out.push_back(matrix_to_json(ms[h]));
  return out;
}

// [SECTION] The compact form, for a scenario too large to lay out for people.

// The shortest text that reads back to the same double, with no ".0" and no
// "+" or leading zeros in the exponent: never longer than what any file said.
std::string compact_number(double x) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  std::string text(buf, ec == std::errc{} ? end : buf);
  if (const size_t e = text.find('e'); e != std::string::npos) {
    size_t digits = e + 1;
    if (text[digits] == '+') text.erase(digits, 1);
    else if (text[digits] == '-') ++digits;
    while (digits + 1 < text.size() && text[digits] == '0') text.erase(digits, 1);
  }
  return text;
}

void compact(std::string& out, const OrderedJson& j) {
  if (j.is_object()) {
    out += '{';
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (!std::exchange(first, false)) out += ',';
      out += OrderedJson(it.key()).dump() + ':';
      compact(out, it.value());
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    for (size_t i = 0; i < j.size(); ++i) {
      if (i) out += ',';
      compact(out, j[i]);
    }
    out += ']';
  } else if (j.is_number_float() && std::isfinite(j.get<double>())) {
    out += compact_number(j.get<double>());
  } else {
    out += j.dump();
  }
}

}  // namespace

OrderedJson scenario_to_json(const Scenario& s) {
  OrderedJson j;
  const int version = s.format_version();
  j["attnlab"] = version;
  if (!s.title.empty()) j["title"] = s.title;
  if (!s.notes.empty()) j["notes"] = s.notes;
  if (!s.title_i18n.empty()) j["title_i18n"] = s.title_i18n;
  if (!s.notes_i18n.empty()) j["notes_i18n"] = s.notes_i18n;
  j["tokens"] = s.tokens;
  if (s.cross()) j["tokens_kv"] = s.tokens_kv;
  j["d_model"] = s.d_model;
  j["d_k"] = s.d_k;
  j["heads"] = s.heads;
  j["mode"] = to_string(s.mode);
  if (s.mode == Mode::Projected) {
    j["X"] = matrix_to_json(s.X);
    if (s.cross()) j["X_kv"] = matrix_to_json(s.X_kv);
    if (one_w(s.options)) {
      j["W"] = heads_json(s.W, s.heads);
    } else {
      j["W_Q"] = heads_json(s.W_Q, s.heads);
      j["W_K"] = heads_json(s.W_K, s.heads);
    }
    j["W_V"] = heads_json(s.W_V, s.heads);
  } else {
    j["Q"] = heads_json(s.Q, s.heads);
    j["K"] = heads_json(s.K, s.heads);
    j["V"] = heads_json(s.V, s.heads);
  }
  j["W_O"] = matrix_to_json(s.W_O);
  if (s.has_W_alt) j["W_alt"] = heads_json(s.W_alt, s.heads);
  write_design_fields(j, s);
  if (s.has_target) j["target"] = matrix_to_json(s.target);
  const Options& o = s.options;
  j["options"] = {{kSharedQkKey, shared_qk(o)},
                  {kNormalizedKeysKey, normalized_keys(o)},
                  {kScaleKey, to_string(o.scale)},
                  {"temperature", o.temperature},
                  {"mask", {{"causal", o.causal}, {kNoSelfMaskKey, no_self_mask(o)}}}};
  if (version >= 2) {  // a version-1 scenario is written exactly as before
    j["options"][kOneWKey] = one_w(o);
    j["options"][kAttentionAltKey] = to_string(o.head_output);
    // Written when used, so that the version-2 files of before keep their text.
    if (o.positions != Positions::None) j["options"]["positions"] = to_string(o.positions);
    if (o.position_base != kDefaultPositionBase) j["options"]["position_base"] = o.position_base;
  }
  write_design_options(j["options"], o, version);
  if (!s.show.empty()) {
    OrderedJson show = OrderedJson::object();
    for (const auto& [step, change] : s.show) show[std::to_string(step)] = OrderedJson::parse(change);
    j["show"] = std::move(show);
  }
  return j;
}

std::string scenario_to_text(const Scenario& s) { return to_text(scenario_to_json(s)); }

std::string compact_text(const OrderedJson& j) {
  std::string out;
  compact(out, j);
  return out;
}

bool save_scenario_file(const Scenario& s, const std::string& path, std::string* error, int mode, bool* in_place) {
  if (in_place) *in_place = false;
  // The reader's limit is the writer's: the app always reopens what it wrote.
  // Laid out for people when that fits, else compact, else refused.
  std::string text;
  try {
    const OrderedJson j = scenario_to_json(s);
    text = to_text(j);
    if (text.size() > kMaxFileBytes) text = compact_text(j);
  } catch (const json::exception&) {  // a label that is not UTF-8 cannot be JSON
    if (error) *error = "a label is not valid UTF-8 text: cannot save " + short_path(path);
    return false;
  }
  if (text.size() > kMaxFileBytes) {
    if (error)
      *error = "the scenario takes " + std::to_string(text.size()) + " bytes even written compactly, and a scenario " +
               "file is at most 1 MiB (" + std::to_string(kMaxFileBytes) + " bytes): shorten its notes; not saved to " +
               short_path(path);
    return false;
  }
  // Nothing is written that the reader would refuse: what it says of this text is why not.
  if (const LoadResult back = parse_scenario(text); !back.ok()) {
    if (error) *error = back.errors.front() + ": not saved to " + short_path(path);
    return false;
  }
  return write_file_atomically(path, text, error, mode, in_place);
}

}  // namespace core
