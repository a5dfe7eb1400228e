#include "core/io/lm_result.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"
#include "core/io/scenario_io.h"
#include "core/text/utf8.h"

namespace core {

using json = nlohmann::json;

std::string LmResultLoad::message() const { return one_per_line(errors); }

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The start of a RESULT, up to its first key's value: the script writes "attnlab_result" first.
bool starts_as_lm_result(std::string_view text) {
  const size_t key = text.substr(0, 4096).find("\"attnlab_result\"");
  return key != std::string_view::npos && text.substr(key, 64).find("\"language_model\"") != std::string_view::npos;
}

// A list of numbers or nulls (not finite); nothing, with a message naming where, otherwise.
std::optional<std::vector<double>> read_curve(const json& j, const std::string& where, std::vector<std::string>& errors) {
  if (!j.is_array()) {
    errors.push_back(where + ": expected a list of numbers (null where a value was not finite), got " + json_type_name(j));
    return std::nullopt;
  }
  std::vector<double> out;
  out.reserve(j.size());
  for (size_t i = 0; i < j.size(); ++i) {
    if (j[i].is_null()) out.push_back(kNaN);
    else if (j[i].is_number()) out.push_back(j[i].get<double>());
    else {
      errors.push_back(where + "[" + std::to_string(i) + "]: expected a number or null, got " + json_type_name(j[i]));
      return std::nullopt;
    }
  }
  return out;
}

// One run of a variant: its curve, its held-out values, whether and where it diverged. A curve that is
// not finite somewhere diverged there, whether or not the file says so; a run marked diverged at step k
// keeps the losses before it. Nothing, with a message naming the field, when it is not a run.
std::optional<LmRun> read_run(const json& run, const std::string& at, int steps, size_t evals, std::vector<std::string>& errors) {
  LmRun one;
  if (run.contains("seed")) {
    if (!run["seed"].is_number_unsigned()) {
      errors.push_back(at + ".seed: expected a whole number ≥ 0");
      return std::nullopt;
    }
    one.seed = run["seed"].get<std::uint64_t>();
  }
  const auto loss = read_curve(run["loss"], at + ".loss", errors);
  if (!loss) return std::nullopt;
  one.loss = *loss;
  if (one.loss.size() > static_cast<size_t>(steps) + 1) {
    errors.push_back(at + ".loss: " + std::to_string(one.loss.size()) + " values for " + std::to_string(steps) +
                     " steps; expected at most steps + 1");
    return std::nullopt;
  }
  if (run.contains("heads")) {
    if (!run["heads"].is_string() || run["heads"].get<std::string>().empty() || run["heads"].get<std::string>().front() == '/') {
      errors.push_back(at + ".heads: expected the path of a heads file, relative to the RESULT's folder");
      return std::nullopt;
    }
    one.heads = valid_utf8(run["heads"].get<std::string>());
  }
  if (run.contains("learning_rate")) {
    if (!run["learning_rate"].is_number() || !(run["learning_rate"].get<double>() > 0)) {
      errors.push_back(at + ".learning_rate: expected a number above 0");
      return std::nullopt;
    }
    one.learning_rate = run["learning_rate"].get<double>();
  }
  if (run.contains("largest_logit")) {
    const auto largest = read_curve(run["largest_logit"], at + ".largest_logit", errors);
    if (!largest) return std::nullopt;
    one.largest_logit = *largest;
    if (one.largest_logit.size() > static_cast<size_t>(steps)) {
      errors.push_back(at + ".largest_logit: " + std::to_string(one.largest_logit.size()) + " values for " + std::to_string(steps) +
                       " steps; expected at most one a step");
      return std::nullopt;
    }
  }
  if (run.contains("held_out")) {
    const auto held = read_curve(run["held_out"], at + ".held_out", errors);
    if (!held) return std::nullopt;
    one.held_out = *held;
    if (evals && one.held_out.size() > evals) {
      errors.push_back(at + ".held_out: " + std::to_string(one.held_out.size()) + " values for " + std::to_string(evals) +
                       " eval_steps; expected at most one a step of eval_steps");
      return std::nullopt;
    }
  }
  if (run.contains("test_loss") && !run["test_loss"].is_null() && !run["test_loss"].is_number()) {
    errors.push_back(at + ".test_loss: expected a number, or null for a run that diverged, got " + json_type_name(run["test_loss"]));
    return std::nullopt;
  }
  one.test_loss = run.contains("test_loss") && run["test_loss"].is_number() ? run["test_loss"].get<double>() : kNaN;
  if (run.contains("diverged")) {  // the step it could not take: 1 to steps + 1 (after the last step: its held-out value); 0: none
    const json& d = run["diverged"];
    if (!d.is_number_integer() || d.get<long long>() < 0 || d.get<long long>() > static_cast<long long>(steps) + 1) {
      errors.push_back(at + ".diverged: expected the step it could not take, 1 to steps + 1 (" + std::to_string(steps + 1) +
                       "), or 0 for none, got " + (d.is_number() ? d.dump() : json_type_name(d)));
      return std::nullopt;
    }
    one.diverged = d.get<int>();
  }
  const auto bad = std::find_if(one.loss.begin(), one.loss.end(), [](double x) { return !std::isfinite(x); });
  if (bad != one.loss.end()) {
    const int step = static_cast<int>(bad - one.loss.begin()) + 1;
    one.diverged = one.diverged ? std::min(one.diverged, step) : step;
  }
  if (one.diverged && one.loss.size() > static_cast<size_t>(one.diverged))
    one.loss.resize(static_cast<size_t>(one.diverged));  // the losses before step k, and step k's own when finite
  const auto first_bad = std::find_if(one.loss.begin(), one.loss.end(), [](double x) { return !std::isfinite(x); });
  one.loss.erase(first_bad, one.loss.end());
  if (!one.diverged && one.loss.size() != static_cast<size_t>(steps) + 1) {
    errors.push_back(at + ".loss: " + std::to_string(one.loss.size()) + " values; a run that did not diverge has steps + 1 (" +
                     std::to_string(steps + 1) + ")");
    return std::nullopt;
  }
  if (!one.diverged && !std::isfinite(one.test_loss)) one.diverged = steps + 1;  // its held-out value was not finite
  if (one.diverged) one.test_loss = kNaN;
  return one;
}

void read_result(const json& root, LmResultLoad& out) {
  std::vector<std::string>& errors = out.errors;
  LmResult r;
  const auto text = [&](const char* key, std::string& value) {
    if (root.contains(key) && root[key].is_string()) value = root[key].get<std::string>();
    else if (root.contains(key)) errors.push_back(std::string(key) + ": expected a string, got " + json_type_name(root[key]));
  };
  for (auto [key, value] : {std::pair{"title", &r.title}, {"notes", &r.notes}, {"unit", &r.unit}, {"device", &r.device},
                            {"torch", &r.torch}, {"python", &r.python}, {"dtype", &r.dtype}, {"started", &r.started}})
    text(key, *value);
  if (root.contains("seconds") && root["seconds"].is_number()) r.seconds = root["seconds"].get<double>();
  for (auto [key, value] : {std::pair{"processes", &r.processes}, {"threads", &r.threads}})
    if (root.contains(key) && root[key].is_number_integer() && root[key].get<long long>() >= 1 && root[key].get<long long>() <= 1 << 20)
      *value = root[key].get<int>();
  if (root.contains("corpus") && root["corpus"].is_object()) {
    const json& c = root["corpus"];
    if (c.contains("name") && c["name"].is_string()) r.corpus = c["name"].get<std::string>();
    if (c.contains("characters") && c["characters"].is_number_integer()) r.corpus_characters = c["characters"].get<long long>();
    if (c.contains("sha256") && c["sha256"].is_string()) r.corpus_sha256 = c["sha256"].get<std::string>();
  }
  if (!root.contains("steps") || !root["steps"].is_number_integer() || root["steps"].get<long long>() < 1 ||
      root["steps"].get<long long>() > 10000000) {
    errors.push_back("steps: expected an integer from 1 to 10000000");
    return;
  }
  r.steps = root["steps"].get<int>();
  if (root.contains("eval_steps")) {
    if (const auto at = read_curve(root["eval_steps"], "eval_steps", errors)) {
      for (double s : *at) {
        if (!(s >= 0 && s <= r.steps && s == std::floor(s))) {
          errors.push_back("eval_steps: expected steps from 0 to " + std::to_string(r.steps));
          return;
        }
        r.eval_steps.push_back(static_cast<int>(s));
      }
    }
  }
  if (!root.contains("variants") || !root["variants"].is_array() || root["variants"].empty() || root["variants"].size() > 16) {
    errors.push_back("variants: expected a list of 1 to 16 variants {\"name\", \"params\", \"runs\": [...]}");
    return;
  }
  if (root.contains("sweep")) read_learning_rate_sweep(root["sweep"], r.sweep, errors);
  for (size_t i = 0; i < root["variants"].size(); ++i) {
    const json& v = root["variants"][i];
    const std::string where = "variants[" + std::to_string(i) + "]";
    const size_t most = 64 * std::max<size_t>(1, r.sweep.size());  // 64 a rate
    if (!v.is_object() || !v.contains("name") || !v["name"].is_string() || !v.contains("runs") || !v["runs"].is_array() ||
        v["runs"].empty() || v["runs"].size() > most) {
      errors.push_back(where + ": expected {\"name\": a string, \"params\": a number, \"runs\": a list of 1 to " + std::to_string(most) +
                       " runs}");
      continue;
    }
    LmVariantResult variant;
    variant.name = valid_utf8(v["name"].get<std::string>());
    if (v.contains("params") && (!v["params"].is_number_integer() || v["params"].get<long long>() < 0)) {
      errors.push_back(where + ".params: expected a whole number ≥ 0, got " + (v["params"].is_number() ? v["params"].dump() : json_type_name(v["params"])));
      continue;
    }
    if (v.contains("params")) variant.params = v["params"].get<long long>();
    if (v.contains("objective")) {
      if (!v["objective"].is_string() || (v["objective"] != "causal" && v["objective"] != "bidirectional")) {
        errors.push_back(where + ".objective: expected \"causal\" or \"bidirectional\"");
        continue;
      }
      variant.objective = v["objective"].get<std::string>();
    }
    for (size_t k = 0; k < v["runs"].size(); ++k) {
      const json& run = v["runs"][k];
      const std::string at = where + ".runs[" + std::to_string(k) + "]";
      if (!run.is_object() || !run.contains("loss")) {
        errors.push_back(at + ": expected {\"seed\", \"loss\": [...], \"held_out\": [...], \"test_loss\"}");
        continue;
      }
      std::optional<LmRun> one = read_run(run, at, r.steps, r.eval_steps.size(), errors);
      if (!one) continue;
      variant.runs.push_back(std::move(*one));
    }
    r.variants.push_back(std::move(variant));
  }
  if (errors.empty() && std::any_of(r.variants.begin(), r.variants.end(), [&](const LmVariantResult& v) { return v.runs.size() != r.variants.front().runs.size(); }))
    errors.push_back("variants: every variant must have as many runs (one per seed)");
  // A sweep's runs: the seeds at each rate in turn, each run naming its rate.
  if (errors.empty() && !r.sweep.empty()) {
    const size_t runs = r.variants.front().runs.size(), rates = r.sweep.size();
    if (runs % rates) errors.push_back("variants: a sweep of " + std::to_string(rates) + " rates has as many runs at each rate, got " +
                                       std::to_string(runs) + " runs a variant");
    for (size_t i = 0; errors.empty() && i < r.variants.size(); ++i)
      for (size_t k = 0; k < runs; ++k)
        if (r.variants[i].runs[k].learning_rate != r.sweep[k / (runs / rates)]) {
          errors.push_back("variants[" + std::to_string(i) + "].runs[" + std::to_string(k) + "].learning_rate: expected " +
                           plain_number(r.sweep[k / (runs / rates)]) + ", the sweep's rate of that run (the seeds at each rate in turn)");
          break;
        }
  }
  if (errors.empty()) out.result = std::move(r);
}

}  // namespace

bool is_lm_result_text(std::string_view text) { return starts_as_lm_result(text); }

LmResultLoad parse_lm_result(std::string_view text) {
  LmResultLoad out;
  if (text.size() > kMaxLmResultBytes) {
    out.errors.push_back("file: larger than 256 MiB; a RESULT is at most 256 MiB");
    return out;
  }
  if (nested_deeper_than(text, 12)) {
    out.errors.push_back("file: nested deeper than 12 levels");
    return out;
  }
  json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) {
    // Python's json writes NaN and Infinity unless told not to: name them, as they are the likeliest cause.
    const bool nan = text.find("NaN") != std::string_view::npos || text.find("Infinity") != std::string_view::npos;
    out.errors.push_back(std::string("file: not valid JSON") +
                         (nan ? " (it holds NaN or Infinity, which JSON has no word for: write null for a value that is not finite)" : ""));
    return out;
  }
  if (!root.is_object() || !root.contains("attnlab_result") || root["attnlab_result"] != "language_model") {
    out.errors.push_back("attnlab_result: expected \"language_model\" (a RESULT of a language-model experiment's script)");
    return out;
  }
  try {
    read_result(root, out);
  } catch (const std::exception& e) {
    out.errors.push_back(std::string("file: cannot be read as a RESULT: ") + e.what());
  }
  if (!out.errors.empty()) out.result.reset();
  return out;
}

LmResultLoad load_lm_result_file(const std::string& path) {
  return load_file_with<LmResultLoad>(path, kMaxLmResultBytes, "a RESULT", "256 MiB", [](std::string_view text) { return parse_lm_result(text); });
}

std::string held_out_summary(const LmVariantResult& v) {
  std::vector<double> finished;
  for (const LmRun& run : v.runs)
    if (std::isfinite(run.test_loss)) finished.push_back(run.test_loss);
  if (finished.empty()) return "diverged";
  std::sort(finished.begin(), finished.end());
  const size_t middle = finished.size() / 2;
  const double median = finished.size() % 2 ? finished[middle] : (finished[middle - 1] + finished[middle]) / 2;
  char text[96];
  if (v.runs.size() == 1) std::snprintf(text, sizeof text, "%.4f", median);
  else std::snprintf(text, sizeof text, "%.4f [%.4f, %.4f]", median, finished.front(), finished.back());
  return text;
}

}  // namespace core
