// The reader of scenario files: untrusted text checked field by field, every
// failure a message naming the field (scenario_io.h); the writer is scenario_write.cpp.
#include "core/io/scenario_io.h"

#include "core/designs/attention_alt.h"
#include "core/designs/designs.h"
#include "core/designs/no_self_mask.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/designs/sqrt_dk_scale.h"

#include "core/io/atomic_file.h"
#include "core/io/lesson_show.h"
#include "core/model/lesson.h"
#include "core/text/utf8.h"

#include <charconv>
#include <cmath>
#include <set>
#include <utility>


namespace core {

using nlohmann::json;

std::string one_per_line(const std::vector<std::string>& messages) {
  std::string m;
  for (const std::string& e : messages) m += (m.empty() ? "" : "\n") + e;
  return m;
}

std::string LoadResult::message() const { return one_per_line(errors); }

std::string nul_byte_problem(std::string_view text, std::string_view what) {
  const size_t nul = text.find('\0');
  if (nul == std::string_view::npos) return "";
  return "file: not valid JSON: a NUL byte at byte " + std::to_string(nul) + " (" + std::string(what) + " is text)";
}

namespace {

// [SECTION] Checks on the raw text, before any parsing.

// The line where [ and { first nest deeper than max_depth outside strings, or 0.
int line_of_too_deep(std::string_view text, int max_depth) {
  int depth = 0, line = 1;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (c == '\n') ++line;
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if ((c == '[' || c == '{') && ++depth > max_depth) return line;
    else if (c == ']' || c == '}') --depth;
  }
  return 0;
}

// Checked on the text itself so that a file nested a million levels deep is
// refused without recursing into it.
std::optional<std::string> check_nesting(std::string_view text) {
  if (const int line = line_of_too_deep(text, kMaxNesting))
    return "file: nested more than " + std::to_string(kMaxNesting) + " levels deep (line " + std::to_string(line) +
           "); the limit is " + std::to_string(kMaxNesting);
  return std::nullopt;
}

// [SECTION] Reading typed fields, each failure a message naming the field (type_name: json_text.h).

std::string shape(size_t rows, size_t cols) {
  return std::to_string(rows) + "×" + std::to_string(cols);
}

struct Reader {
  std::vector<std::string>& errors;

  void fail(const std::string& message) { errors.push_back(message); }

  // Every key of obj must be one of `allowed`.
  void check_keys(const json& obj, const std::string& where, const std::vector<std::string>& allowed) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool known = false;
      for (const std::string& a : allowed) known = known || it.key() == a;
      if (known) continue;
      std::string list;
      for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
      fail(where + json(it.key()).dump() + ": unknown key; expected one of " + list);
    }
  }
  void check_keys(const json& obj, const std::string& where, std::initializer_list<const char*> allowed) {
    check_keys(obj, where, std::vector<std::string>(allowed.begin(), allowed.end()));
  }

  std::optional<int> integer(const json& obj, const char* key, int lo, int hi) {
    const std::string expected =
        "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
    if (!obj.contains(key)) { fail(std::string(key) + ": missing; " + expected); return {}; }
    const json& j = obj[key];
    if (!j.is_number_integer()) { fail(std::string(key) + ": " + expected + ", got " + type_name(j)); return {}; }
    // nlohmann keeps non-negative integers as unsigned: compare both bounds either way.
    const bool in_range = j.is_number_unsigned()
                              ? j.get<std::uint64_t>() >= static_cast<std::uint64_t>(lo) &&
                                    j.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi)
                              : j.get<std::int64_t>() >= lo && j.get<std::int64_t>() <= hi;
    if (!in_range) {
      fail(std::string(key) + ": " + expected + ", got " + j.dump());
      return {};
    }
    return static_cast<int>(j.get<std::int64_t>());
  }

  bool boolean(const json& obj, const std::string& where, const char* key, bool& out) {
    if (!obj.contains(key)) return true;
    const json& j = obj[key];
    if (!j.is_boolean()) { fail(where + key + ": expected true or false, got " + type_name(j)); return false; }
    out = j.get<bool>();
    return true;
  }

  std::optional<double> number(const json& j, const std::string& name) {
    if (!j.is_number()) { fail(name + ": expected a number, got " + type_name(j)); return {}; }
    const double x = j.get<double>();
    if (!std::isfinite(x)) { fail(name + ": expected a finite number, got " + j.dump()); return {}; }
    if (std::abs(x) > kMaxAbsEntry) {
      fail(name + ": " + j.dump() + " is out of range; expected |x| ≤ 1e6");
      return {};
    }
    return x;
  }

  // A rows×cols matrix of numbers, as an array of rows.
  template <class M>
  bool matrix(const json& j, const std::string& name, size_t rows, size_t cols, M& out) {
    const std::string expected = "expected " + shape(rows, cols) + " (an array of " +
                                 std::to_string(rows) + " rows of " + std::to_string(cols) +
                                 " numbers)";
    if (!j.is_array()) { fail(name + ": " + expected + ", got " + type_name(j)); return false; }
    // Say the shape found when it is rectangular: "expected 4×2, got 4×3".
    bool rectangular = !j.empty() && j[0].is_array();
    for (const json& row : j) rectangular = rectangular && row.is_array() && row.size() == j[0].size();
    if (rectangular && (j.size() != rows || j[0].size() != cols)) {
      fail(name + ": expected " + shape(rows, cols) + ", got " + shape(j.size(), j[0].size()));
      return false;
    }
    if (j.size() != rows) {
      fail(name + ": " + expected + ", got " + std::to_string(j.size()) + " rows");
      return false;
    }
    out.resize(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    bool ok = true;
    for (size_t r = 0; r < rows; ++r) {
      const std::string row_name = name + "[" + std::to_string(r) + "]";
      const json& row = j[r];
      if (!row.is_array() || row.size() != cols) {
        fail(row_name + ": expected a row of " + std::to_string(cols) + " numbers, got " +
             (row.is_array() ? std::to_string(row.size()) + " numbers" : type_name(row)));
        ok = false;
        continue;
      }
      for (size_t c = 0; c < cols; ++c) {
        const auto x = number(row[c], row_name + "[" + std::to_string(c) + "]");
        if (!x) { ok = false; continue; }
        out(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = *x;
      }
    }
    return ok;
  }

  // One rows×cols matrix per head.
  bool per_head(const json& obj, const char* key, int heads, size_t rows, size_t cols,
                std::array<Mat, kMaxHeads>& out) {
    const auto matrices = [](size_t count) { return std::to_string(count) + (count == 1 ? " matrix" : " matrices"); };
    const std::string expected = matrices(static_cast<size_t>(heads)) + " of " + shape(rows, cols) + ", one per head";
    if (!obj.contains(key)) {
      fail(std::string(key) + ": missing; expected " + expected);
      return false;
    }
    const json& j = obj[key];
    if (!j.is_array() || j.size() != static_cast<size_t>(heads)) {
      fail(std::string(key) + ": expected " + expected + ", got " + (j.is_array() ? matrices(j.size()) : type_name(j)));
      return false;
    }
    bool ok = true;
    for (int h = 0; h < heads; ++h)
      ok = matrix(j[h], std::string(key) + "[" + std::to_string(h) + "]", rows, cols, out[h]) && ok;
    return ok;
  }
};

void read_options(Reader& in, const json& j, Options& o) {
  if (!j.is_object()) { in.fail("options: expected an object, got " + type_name(j)); return; }
  std::vector<std::string> keys{"shared_qk", "normalize_keys", "scale", "temperature", "mask", "merged_qk", "head_output",
                                "positions", "position_base"};
  keys.insert(keys.end(), design_option_keys().begin(), design_option_keys().end());
  in.check_keys(j, "options.", keys);
  in.boolean(j, "options.", kSharedQkKey, o.shared_qk);
  in.boolean(j, "options.", kNormalizedKeysKey, o.normalize_keys);
  in.boolean(j, "options.", kOneWKey, o.merged_qk);
  read_design_options(j, o, in.errors);
  read_attention_alt_option(j, o, in.errors);
  read_positions(j, o, in.errors);
  read_scale(j, o, in.errors);
  if (j.contains("temperature")) {
    const json& t = j["temperature"];
    if (!t.is_number() || !std::isfinite(t.get<double>()) || t.get<double>() < kMinTemperature ||
        t.get<double>() > kMaxTemperature)
      in.fail("options.temperature: expected a number from 0.01 to 100, got " +
              (t.is_number() ? t.dump() : type_name(t)));
    else
      o.temperature = t.get<double>();
  }
  if (j.contains("mask")) {
    const json& m = j["mask"];
    if (!m.is_object()) { in.fail("options.mask: expected an object {\"causal\": bool, \"no_self\": bool}, got " + type_name(m)); return; }
    in.check_keys(m, "options.mask.", {"causal", kNoSelfMaskKey});
    in.boolean(m, "options.mask.", "causal", o.causal);
    in.boolean(m, "options.mask.", kNoSelfMaskKey, o.no_self);
  }
}

LoadResult read_scenario(const json& root);

// A lesson's "show": step number → a merge patch of the file. Each patch, applied to the file
// without its show, must read as a scenario, so that Show me never meets a change it cannot make.
void read_show(Reader& in, const json& root, Scenario& s) {
  const json& show = root["show"];
  if (!show.is_object()) {
    in.fail("show: expected an object of step numbers (\"3\": {...}), got " + type_name(show));
    return;
  }
  const size_t steps = parse_lesson_notes(s.notes).steps.size();
  for (auto it = show.begin(); it != show.end(); ++it) {
    const std::string& key = it.key();
    const std::string where = "show." + json(key).dump();
    int step = 0;
    const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), step);
    if (ec != std::errc{} || end != key.data() + key.size() || key[0] == '0' || step < 1 || static_cast<size_t>(step) > steps) {
      in.fail(where + ": expected a step number of the notes, from 1 to " + std::to_string(steps));
      continue;
    }
    const json& patch = it.value();
    if (!patch.is_object() || patch.empty()) {
      in.fail(where + ": expected an object of the fields the step changes (a JSON merge patch), got " +
              (patch.is_object() ? "an empty object" : type_name(patch)));
      continue;
    }
    bool fixed_ok = true;
    for (const char* fixed : kFieldsAStepKeeps)
      if (patch.contains(fixed)) {
        in.fail(where + "." + fixed + ": a step changes the matrices and options, not the lesson's " + fixed);
        fixed_ok = false;
      }
    if (!fixed_ok) continue;
    json patched = root;
    patched.erase("show");
    patched.merge_patch(patch);
    const LoadResult shown = read_scenario(patched);
    for (const std::string& e : shown.errors) in.fail(where + ": " + e);
    if (shown.ok()) s.show[step] = patch.dump();
  }
}

LoadResult read_scenario(const json& root) {
  LoadResult result;
  Reader in{result.errors};
  if (!root.is_object()) {
    in.fail("file: expected a JSON object with the key \"attnlab\", got " + type_name(root));
    return result;
  }
  in.check_keys(root, "", {"attnlab", "title", "notes", "title_i18n", "notes_i18n", "tokens", "d_model", "d_k", "heads", "mode",
                           "X", "W_Q", "W_K", "W_V", "Q", "K", "V", "W_O", "W_alt", "options", "W", "target",
                           "tokens_kv", "X_kv", "qk_gain", "show"});

  // The version first: a newer file is refused before its contents are judged.
  if (!root.contains("attnlab")) {
    in.fail(std::string("attnlab: missing; expected the format version (\"attnlab\": ") + format_versions_words() + ")");
    return result;
  }
  const json& version = root["attnlab"];
  if (version.is_number_integer() && version.get<std::int64_t>() > kFormatVersion) {
    in.fail("attnlab: version " + version.dump() + " is newer than this program reads (" +
            std::to_string(kFormatVersion) + "); update attnlab to open this file");
    return result;
  }
  // An integer, as heads and every count is: 1.0 is refused as heads: 2.0 is.
  if (!version.is_number_integer() || (version != 1 && version != 2 && version != 3 && version != 4 && version != 5))
    in.fail("attnlab: expected the format version 1, 2, 3, 4 or 5, got " + (version.is_number() ? version.dump() : type_name(version)));
  const bool version_1 = version == 1;
  // The version the designs' fields are judged by: the file's; a value that is none of the versions
  // (refused above) counts as after 3 and before 5, as python/attnlab/_reader.py counts it.
  int designs_version = 4;
  for (int v = 1; v <= kFormatVersion; ++v)
    if (version == v) designs_version = v;  // 1.0 too, as JSON compares numbers
  if (root.contains("show") && version != 4 && version != 5) in.fail("show: a version-4 field; the file must say \"attnlab\": 4");

  Scenario s;
  for (const char* key : {"title", "notes"})
    if (root.contains(key)) {
      if (root[key].is_string()) (std::string(key) == "title" ? s.title : s.notes) = root[key].get<std::string>();
      else in.fail(std::string(key) + ": expected a string, got " + type_name(root[key]));
    }
  // The title and notes in other languages: an object of language code → text.
  for (const char* key : {"title_i18n", "notes_i18n"}) {
    if (!root.contains(key)) continue;
    const json& t = root[key];
    if (!t.is_object()) {
      in.fail(std::string(key) + ": expected an object of language code to text (\"zh\": \"…\"), got " + type_name(t));
      continue;
    }
    std::map<std::string, std::string>& out = std::string(key) == "title_i18n" ? s.title_i18n : s.notes_i18n;
    for (const auto& [code, text] : t.items()) {
      const std::string where = std::string(key) + "." + code;
      if (!is_language_code(code)) in.fail(std::string(key) + "." + json(code).dump() + ": expected a language code such as \"zh\" or \"pt_BR\"");
      else if (!text.is_string()) in.fail(where + ": expected a string, got " + type_name(text));
      else out[code] = text.get<std::string>();
    }
  }
  for (const auto& [code, text] : s.notes_i18n)
    if (const std::string why = translation_problem(s.notes, text); !why.empty())
      in.fail("notes_i18n." + code + ": its steps are not the English notes' steps: " + why);

  // A list of 2 to 8 labels: the queries' tokens, or the keys' (tokens_kv).
  const auto labels = [&](const char* key, std::vector<std::string>& out) {
    const json& t = root[key];
    if (!t.is_array() || t.size() < kMinTokens || t.size() > kMaxTokens) {
      in.fail(std::string(key) + ": expected an array of 2 to 8 labels, got " +
              (t.is_array() ? std::to_string(t.size()) + " labels" : type_name(t)));
      return false;
    }
    out.clear();
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i].is_string()) out.push_back(t[i].get<std::string>());
      else { in.fail(std::string(key) + "[" + std::to_string(i) + "]: expected a string, got " + type_name(t[i])); out.emplace_back(); }
    }
    return true;
  };
  bool sizes_ok = true;
  if (!root.contains("tokens")) {
    in.fail("tokens: missing; expected an array of 2 to 8 labels");
    sizes_ok = false;
  } else {
    sizes_ok = labels("tokens", s.tokens);
  }
  if (root.contains("tokens_kv")) sizes_ok = labels("tokens_kv", s.tokens_kv) && sizes_ok;
  const auto d_model = in.integer(root, "d_model", kMinDModel, kMaxDModel);
  const auto d_k = in.integer(root, "d_k", kMinDk, kMaxDk);
  const auto heads = in.integer(root, "heads", kMinHeads, kMaxHeads);
  sizes_ok = sizes_ok && d_model && d_k && heads;

  bool mode_ok = true;
  if (!root.contains("mode")) {
    in.fail("mode: missing; expected \"projected\" or \"direct\"");
    mode_ok = false;
  } else if (root["mode"] == "projected") {
    s.mode = Mode::Projected;
  } else if (root["mode"] == "direct") {
    s.mode = Mode::Direct;
  } else {
    const json& m = root["mode"];
    in.fail("mode: expected \"projected\" or \"direct\", got " + (m.is_string() ? m.dump() : type_name(m)));
    mode_ok = false;
  }
  if (mode_ok) {
    const bool projected = s.mode == Mode::Projected;
    static const std::vector<const char*> direct_only{"Q", "K", "V"};
    static const std::vector<const char*> projected_only{"X", "W_Q", "W_K", "W_V", "X_kv"};
    for (const char* key : projected ? direct_only : projected_only)
      if (root.contains(key))
        in.fail(std::string(key) + ": only allowed in " + (projected ? "direct" : "projected") +
                " mode, and mode is \"" + to_string(s.mode) + "\"");
  }

  if (root.contains("options")) read_options(in, root["options"], s.options);
  if (version_1) {
    // Version 2's fields in a version-1 file: a file says which format it is.
    for (const char* key : {"W", "target", "tokens_kv", "X_kv"})
      if (root.contains(key)) in.fail(std::string(key) + ": a version-2 field; the file must say \"attnlab\": 2");
    // By value, as before: a version-1 file may spell out a version-2 option's default.
    const Options defaults;
    const std::pair<const char*, bool> v2_options[] = {
        {"merged_qk", s.options.merged_qk},
        {"head_output", s.options.head_output != defaults.head_output},
        {"positions", s.options.positions != defaults.positions},
        {"position_base", s.options.position_base != defaults.position_base}};
    for (const auto& [key, used] : v2_options)
      if (used) in.fail("options." + std::string(key) + ": a version-2 option; the file must say \"attnlab\": 2");
  }
  check_design_fields(root, s.options, designs_version, in.errors);
  if (mode_ok && one_w(s.options)) mode_ok = check_one_w_fields(root, s, in.errors);
  else if (root.contains("W")) in.fail(kOneWMatrixWithout);

  if (root.contains("X_kv") && !root.contains("tokens_kv"))
    in.fail("X_kv: only with tokens_kv (the labels of the keys' and values' sequence, one per row of X_kv)");

  // The matrices' shapes follow from the sizes: without them nothing can be said.
  if (sizes_ok && mode_ok) {
    s.d_model = *d_model;
    s.d_k = *d_k;
    s.heads = *heads;
    const size_t n = s.tokens.size(), dm = *d_model, dk = *d_k;
    const size_t m = s.cross() ? s.tokens_kv.size() : n;  // the keys' and values' rows
    if (s.mode == Mode::Projected) {
      if (!root.contains("X")) in.fail("X: missing; expected " + shape(n, dm) + " (one row per token)");
      else in.matrix(root["X"], "X", n, dm, s.X);
      if (s.cross() && !root.contains("X_kv"))
        in.fail("X_kv: missing; expected " + shape(m, dm) + " (one row per token of tokens_kv: the encoder's sequence)");
      else if (s.cross())
        in.matrix(root["X_kv"], "X_kv", m, dm, s.X_kv);
      if (one_w(s.options)) {
        in.per_head(root, "W", s.heads, dm, dm, s.W);
      } else {
        in.per_head(root, "W_Q", s.heads, dm, dk, s.W_Q);
        in.per_head(root, "W_K", s.heads, dm, dk, s.W_K);
      }
      in.per_head(root, "W_V", s.heads, dm, dk, s.W_V);
    } else {
      in.per_head(root, "Q", s.heads, n, dk, s.Q);
      in.per_head(root, "K", s.heads, m, dk, s.K);
      in.per_head(root, "V", s.heads, m, dk, s.V);
    }
    const size_t concat = static_cast<size_t>(s.heads) * dk;
    if (!root.contains("W_O"))
      in.fail("W_O: missing; expected " + shape(concat, dm) + " (heads·d_k rows, d_model columns)");
    else
      in.matrix(root["W_O"], "W_O", concat, dm, s.W_O);
    if (root.contains("W_alt")) {
      s.has_W_alt = true;
      in.per_head(root, "W_alt", s.heads, dk, dk, s.W_alt);
    }
    read_design_fields(root, s, in.errors);
    if (root.contains("target")) {
      s.has_target = true;
      in.matrix(root["target"], "target", n, dm, s.target);
    }
  }

  if (result.errors.empty()) {
    // Give the other mode's matrices and an absent W_alt (the identity) their
    // shapes, so that switching mode in the app has something valid to show.
    resize(s, s.n(), s.d_model, s.d_k, s.heads);
    result.errors = validate(s);  // the reader above should leave nothing for it to find
    if (result.errors.empty() && root.contains("show")) read_show(in, root, s);
    if (result.errors.empty()) result.scenario = std::move(s);
  }
  return result;
}

// JSON has no NaN or Infinity, and a number like 1e400 overflows a double:
// say so plainly when the parser stopped at one.
std::string non_finite_hint(std::string_view text, const json::exception& e) {
  const auto* parse = dynamic_cast<const json::parse_error*>(&e);
  const size_t at = parse ? std::min(parse->byte, text.size()) : text.size();
  const std::string_view near = text.substr(at >= 12 ? at - 12 : 0, 24);
  const bool non_finite = !parse || near.find("NaN") != std::string_view::npos ||
                          near.find("Inf") != std::string_view::npos ||
                          near.find("inf") != std::string_view::npos;
  return non_finite ? " (every number must be finite with |x| ≤ 1e6; NaN and Infinity are not allowed)"
                    : "";
}

}  // namespace

bool nested_deeper_than(std::string_view text, int max_depth) { return line_of_too_deep(text, max_depth) != 0; }

json parse_json_noting_duplicates(std::string_view text, std::vector<std::string>* duplicates) {
  std::vector<std::set<std::string>> keys_by_depth;
  const json::parser_callback_t note_keys = [&](int depth, json::parse_event_t event, json& parsed) {
    const auto d = static_cast<size_t>(depth);
    if (event == json::parse_event_t::object_start) {
      if (keys_by_depth.size() <= d) keys_by_depth.resize(d + 1);
      keys_by_depth[d].clear();
    } else if (event == json::parse_event_t::key && d >= 1 && keys_by_depth.size() >= d) {
      if (!keys_by_depth[d - 1].insert(parsed.get<std::string>()).second && duplicates)
        duplicates->push_back(parsed.get<std::string>());
    }
    return true;
  };
  return json::parse(text.begin(), text.end(), note_keys);
}

std::string json_error_text(const json::exception& e) {
  std::string what = e.what();
  // "[json.exception.parse_error.101] parse error at line 3, ..." → "parse error at line 3, ..."
  if (const auto close = what.find("] "); close != std::string::npos) what.erase(0, close + 2);
  // The parser quotes what it read between ' and ': the whole of a 300 000-digit number, or a byte that is no UTF-8.
  const auto quoted = [](const std::string& text) {
    std::string out;
    size_t at = 0;
    for (size_t open = text.find('\''); open != std::string::npos; open = text.find('\'', at)) {
      const size_t close = text.find('\'', open + 1);
      if (close == std::string::npos) break;
      out += visible_controls(text.substr(at, open + 1 - at)) + excerpt(std::string_view(text).substr(open + 1, close - open - 1)) + "'";
      at = close + 1;
    }
    return out + visible_controls(text.substr(at));
  };
  // "…; last read: 'TOKEN'" and perhaps "; expected 'x'" after it: TOKEN is the file's, and may hold ' itself (a
  // string of a megabyte and a ' in it), so it ends at the last ' before that tail, not at the next one.
  const std::string mark = "last read: '";
  const size_t open = what.find(mark);
  if (open == std::string::npos) return quoted(what);
  const size_t from = open + mark.size();
  // nlohmann's own tail is short ("'; expected ':'"); the last ' of the message otherwise.
  const size_t tail = what.rfind("'; expected ");
  const size_t close = tail != std::string::npos && tail >= from && what.size() - tail <= 80 ? tail
                       : what.back() == '\'' && what.size() - 1 >= from       ? what.size() - 1
                                                                             : std::string::npos;
  if (close == std::string::npos) return quoted(what);
  return quoted(what.substr(0, from)) + excerpt(std::string_view(what).substr(from, close - from)) + quoted(what.substr(close));
}

LoadResult parse_scenario(std::string_view text, size_t max_bytes) {
  LoadResult result;
  if (text.size() > max_bytes) {
    result.errors.push_back("file: " + std::to_string(text.size()) + " bytes; a scenario " +
                            (max_bytes == kMaxFileBytes ? "file is at most 1 MiB" : "is at most " + std::to_string(max_bytes) + " bytes"));
    return result;
  }
  if (auto nesting = check_nesting(text)) {
    result.errors.push_back(*nesting);
    return result;
  }
  if (std::string nul = nul_byte_problem(text, "a scenario file"); !nul.empty()) {
    result.errors.push_back(std::move(nul));
    return result;
  }

  std::vector<std::string> duplicates;
  json root;
  try {
    root = parse_json_noting_duplicates(text, &duplicates);
  } catch (const json::exception& e) {
    result.errors.push_back("file: not valid JSON: " + json_error_text(e) + non_finite_hint(text, e));
    return result;
  }
  for (const std::string& key : duplicates)
    result.errors.push_back(json(key).dump() + ": duplicate key; each key may appear once");
  if (const std::string tiny = number_below_double(text); !tiny.empty()) result.errors.push_back("file: " + tiny);
  if (!result.errors.empty()) return result;
  try {
    return read_scenario(root);
  } catch (const std::exception& e) {  // a rule above missed a case: still a message, not a crash
    result.errors.push_back(std::string("file: cannot be read as a scenario: ") + e.what());
    return result;
  }
}

LoadResult load_scenario_file(const std::string& path) {
  LoadResult result;
  FileRead file = read_regular_file(path, kMaxFileBytes);
  switch (file.problem) {
    case FileRead::Problem::None: break;
    case FileRead::Problem::Missing: result.errors.push_back(path + ": no such file"); return result;
    case FileRead::Problem::Directory: result.errors.push_back(path + ": is a directory, not a scenario file"); return result;
    case FileRead::Problem::NotRegular:
      result.errors.push_back(path + ": not a regular file (" + file.reason + ")");
      return result;
    case FileRead::Problem::Unreadable: result.errors.push_back(path + ": cannot be read: " + file.reason); return result;
    case FileRead::Problem::TooLarge:
      result.errors.push_back(path + ": larger than 1 MiB; a scenario file is at most 1 MiB");
      return result;
  }
  result = parse_scenario(file.text);
  for (std::string& e : result.errors) e = path + ": " + e;
  return result;
}

}  // namespace core
