// The experiment file (docs/experiments.md): read field by field, every
// failure a message naming the field, as a scenario file is read.
#include "core/io/experiment_json.h"

#include "core/designs/one_w.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/io/atomic_file.h"
#include "core/io/language_model_json.h"
#include "core/io/scenario_io.h"
#include "core/text/utf8.h"

namespace core {

using json = nlohmann::json;

// [SECTION] The experiment file

std::string ExperimentLoad::message() const { return one_per_line(errors); }

// The options of a variant read as a scenario reads them: one reader, one set of messages.
std::optional<Options> read_variant_options(const json& options, const std::string& where, std::vector<std::string>& errors) {
  json file = json::parse(scenario_to_text(make_zero_scenario(2, 2, 1, 1)));
  file["attnlab"] = kFormatVersion;  // every option of every version: an experiment file has one version of its own
  file["options"] = options;
  if (options.is_object() && options.value(kOneWKey, false) == true) {
    file.erase("W_Q");
    file.erase("W_K");
    file["W"] = json::array({json::array({json::array({0.0, 0.0}), json::array({0.0, 0.0})})});
  }
  const LoadResult read = parse_scenario(file.dump());
  if (!read.ok()) {
    for (const std::string& e : read.errors) errors.push_back(where + e);
    return std::nullopt;
  }
  return read.scenario->options;
}

std::optional<Variant> read_variant_name(const json& v, const std::string& where, std::set<std::string>& names,
                                         std::vector<std::string>& errors, std::vector<std::string>& taken, bool language_model) {
  if (!v.is_object() || !v.contains("name") || !v["name"].is_string() || v["name"].get<std::string>().empty() ||
      v["name"].get<std::string>().size() > 40) {
    errors.push_back(where + "name: expected a name of 1 to 40 bytes");
    return std::nullopt;
  }
  for (auto it = v.begin(); it != v.end(); ++it)
    if (it.key() != "name" && it.key() != "options" && it.key() != "d_k" && !(!language_model && it.key() == "start") &&
        !(language_model && (it.key() == "objective" || it.key() == "symmetric_start")))
      errors.push_back(where + it.key() + ": unknown key");
  Variant variant{v["name"].get<std::string>(), {}};
  if (!names.insert(variant.name).second) taken.push_back(where + "name: " + json(variant.name).dump() + " is taken by another variant");
  return variant;
}

namespace {

}  // namespace

void read_learning_rate_sweep(const json& sweep, std::vector<double>& rates_read, std::vector<std::string>& errors) {
  const std::string expected = "expected {\"learning_rate\": [2 to " + std::to_string(kMaxSweepValues) +
                               " increasing numbers above 0 and at most 10]}";
  if (!sweep.is_object() || sweep.size() != 1 || !sweep.contains("learning_rate")) {
    errors.push_back("sweep: " + expected + " (the learning rate is the one setting a sweep varies), got " + sweep.dump().substr(0, 80));
    return;
  }
  const json& rates = sweep["learning_rate"];
  if (!rates.is_array() || rates.size() < 2 || rates.size() > static_cast<size_t>(kMaxSweepValues)) {
    errors.push_back("sweep.learning_rate: " + expected + ", got " +
                     (rates.is_array() ? std::to_string(rates.size()) + " values" : json_type_name(rates)));
    return;
  }
  std::vector<double> values;
  for (size_t i = 0; i < rates.size(); ++i) {
    const json& r = rates[i];
    const std::string where = "sweep.learning_rate[" + std::to_string(i) + "]: ";
    if (!r.is_number() || !std::isfinite(r.get<double>()) || r.get<double>() <= 0 || r.get<double>() > 10.0) {
      errors.push_back(where + "expected a number above 0 and at most 10, got " + (r.is_number() ? r.dump() : json_type_name(r)));
      return;
    }
    if (!values.empty() && r.get<double>() <= values.back()) {
      errors.push_back(where + "expected a rate above the one before (" + shortest_number(values.back()) + "), got " + r.dump() +
                       ": the rates go in increasing order, each once");
      return;
    }
    values.push_back(r.get<double>());
  }
  rates_read = std::move(values);
}

namespace {

// A variant's "start": {"qk_factor": c, "W": "product", "W_alt": "identity" | "sqrt_dk"}, each optional.
bool read_variant_start(const json& start, const std::string& where, Variant& variant, std::vector<std::string>& errors) {
  if (!start.is_object()) {
    errors.push_back(where + ": expected an object {\"qk_factor\": c, \"W\": \"product\", \"W_alt\": \"identity\" or \"sqrt_dk\"}, got " +
                     json_type_name(start));
    return false;
  }
  bool ok = true;
  for (auto it = start.begin(); it != start.end(); ++it) {
    const std::string key = it.key();
    const json& j = it.value();
    if (key == "qk_factor") {
      if (!j.is_number() || !(j.get<double>() >= 0.01 && j.get<double>() <= 100)) {
        errors.push_back(where + ".qk_factor: expected a number from 0.01 to 100 (W^Q times it, W^K divided by it), got " +
                         (j.is_number() ? j.dump() : json_type_name(j)));
        ok = false;
      } else {
        variant.qk_factor = j.get<double>();
      }
    } else if (key == "W") {
      if (j != "product") {
        errors.push_back(where + ".W: expected \"product\" (one W starts as the draw's W^Q W^Kᵀ), got " + j.dump());
        ok = false;
      } else {
        variant.w_from_product = true;
      }
    } else if (key == "W_alt") {
      if (j == "identity") variant.alt_start = Variant::AltStart::Identity;
      else if (j == "sqrt_dk") variant.alt_start = Variant::AltStart::SqrtDkIdentity;
      else {
        errors.push_back(where + ".W_alt: expected \"identity\" or \"sqrt_dk\" (√d_k times the identity), got " + j.dump());
        ok = false;
      }
    } else {
      errors.push_back(where + "." + key + ": unknown key; a start may give qk_factor, W and W_alt");
      ok = false;
    }
  }
  return ok;
}

void read_experiment(const json& root, ExperimentLoad& out, bool as_edited) {
  std::vector<std::string>& errors = out.errors;
  // What does not fit together: an error of the file, a problem of an experiment being edited.
  std::vector<std::string>& misfits = as_edited ? out.problems : out.errors;
  if (!root.is_object()) {
    errors.push_back("file: expected a JSON object with the key \"attnlab_experiment\", got " + json_type_name(root));
    return;
  }
  static const std::set<std::string> known{"attnlab_experiment", "title", "notes", "task", "n", "m", "d_model", "d_k", "heads",
                                           "variants", "init_scale", "steps", "batch", "optimizer", "learning_rate",
                                           "seed", "seeds", "record", "sweep"};
  for (auto it = root.begin(); it != root.end(); ++it)
    if (!known.count(it.key())) errors.push_back(json(it.key()).dump() + ": unknown key");
  if (!root.contains("attnlab_experiment") || !root["attnlab_experiment"].is_number_integer() || root["attnlab_experiment"] != 1) {
    errors.push_back("attnlab_experiment: expected the format version 1 (\"attnlab_experiment\": 1)");
    return;
  }
  // A language model is a file of another shape, read by core/io/language_model_json.h: one message, not one a key.
  if (is_language_model(root)) {
    errors.push_back("task.kind: \"language_model\" is trained in PyTorch, not in attnlab: attnlab --train FILE --export lm.py "
                     "writes the script that trains it (docs/experiments.md, \"Language models\")");
    return;
  }
  // A kind it does not know is said first: the other fields' messages would be about another kind of file.
  if (root.contains("task") && root["task"].is_object() && root["task"].contains("kind")) {
    static const std::set<std::string> kinds{"teacher", "previous_token", "match_pair", "copy_previous", "align"};
    const json& kind = root["task"]["kind"];
    if (!kind.is_string() || !kinds.count(kind.get<std::string>())) {
      errors.push_back("task.kind: expected \"teacher\", \"previous_token\", \"match_pair\", \"copy_previous\", \"align\" or "
                       "\"language_model\", got " + kind.dump());
      return;
    }
  }
  Experiment e;
  for (const char* key : {"title", "notes"})
    if (root.contains(key)) {
      if (!root[key].is_string()) errors.push_back(std::string(key) + ": expected a string, got " + json_type_name(root[key]));
      else (std::string(key) == "title" ? e.title : e.notes) = root[key].get<std::string>();
    }
  const auto integer = [&](const char* key, int lo, int hi, int& value, bool required) {
    if (!root.contains(key)) {
      if (required) errors.push_back(std::string(key) + ": missing; expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
      return;
    }
    const json& j = root[key];
    if (!j.is_number_integer() || j.get<std::int64_t>() < lo || j.get<std::int64_t>() > hi)
      errors.push_back(std::string(key) + ": expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                       ", got " + (j.is_number() ? j.dump() : json_type_name(j)));
    else
      value = j.get<int>();
  };
  const auto positive = [&](const char* key, double hi, double& value) {
    if (!root.contains(key)) return;
    const json& j = root[key];
    if (!j.is_number() || !std::isfinite(j.get<double>()) || j.get<double>() <= 0 || j.get<double>() > hi)
      errors.push_back(std::string(key) + ": expected a number above 0 and at most " + shortest_number(hi) + ", got " +
                       (j.is_number() ? j.dump() : json_type_name(j)));
    else
      value = j.get<double>();
  };
  integer("n", kMinTokens, kMaxTokens, e.n, true);
  integer("m", kMinTokens, kMaxTokens, e.m, false);  // absent: self-attention (m stays 0)
  integer("d_model", kMinDModel, kMaxDModel, e.d_model, true);
  integer("d_k", kMinDk, kMaxDk, e.d_k, true);
  integer("heads", kMinHeads, kMaxHeads, e.heads, true);
  integer("steps", 1, kMaxSteps, e.steps, false);
  integer("batch", 1, kMaxBatch, e.batch, false);
  positive("init_scale", 100.0, e.init_scale);
  positive("learning_rate", 10.0, e.learning_rate);
  if (root.contains("seed")) {
    const json& j = root["seed"];
    if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
      errors.push_back("seed: expected an integer ≥ 0, got " + (j.is_number() ? j.dump() : json_type_name(j)));
    else
      e.seed = j.get<std::uint64_t>();
  }
  integer("seeds", 1, kMaxSeeds, e.seeds, false);
  // seed, seed + 1, …, seed + seeds − 1: each a seed of its own, none wrapping round to 0.
  if (e.seeds > 1 && e.seed > std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(e.seeds - 1))
    misfits.push_back("seed: with seeds " + std::to_string(e.seeds) + ", seed + seeds − 1 must stay below 2^64, got " +
                      std::to_string(e.seed));
  if (root.contains("sweep")) read_learning_rate_sweep(root["sweep"], e.sweep_learning_rate, errors);
  if (root.contains("record")) {
    if (!root["record"].is_boolean()) errors.push_back("record: expected true or false, got " + json_type_name(root["record"]));
    else e.record = root["record"].get<bool>();
  }
  // A recording holds every batch in memory and in the RESULT: bounded, so that a file cannot
  // ask for gigabytes (5000 steps of 256 would be 6.7 GB).
  const std::int64_t recorded = static_cast<std::int64_t>(e.steps + 1) * e.batch * e.seeds;
  if (e.record && recorded > kMaxRecordedSequences)
    misfits.push_back(std::string("record: a recording holds (steps + 1) × batch") + (e.seeds > 1 ? " × seeds" : "") +
                      " sequences, at most " + std::to_string(kMaxRecordedSequences) + ", and this one would hold " +
                      std::to_string(recorded) + (e.seeds > 1 ? ": lower steps, batch or seeds" : ": lower steps or batch") +
                      ", or set \"record\": false");
  // A sweep's runs share their seeds' batches: a recording would hold each of them once a rate.
  if (e.record && !e.sweep_learning_rate.empty())
    misfits.push_back("record: a sweep is not recorded (its runs at every rate train on the same batches); set \"record\": "
                      "false, or record one rate's run without the sweep");
  if (root.contains("optimizer")) {
    const json& j = root["optimizer"];
    if (j == "adam") e.optimizer = Optimizer::Adam;
    else if (j == "sgd") e.optimizer = Optimizer::Sgd;
    else errors.push_back("optimizer: expected \"adam\" or \"sgd\", got " + (j.is_string() ? j.dump() : json_type_name(j)));
  }
  if (!errors.empty()) return;  // the task and the variants are judged at these sizes

  // The task.
  if (!root.contains("task") || !root["task"].is_object()) {
    errors.push_back("task: expected an object {\"kind\": \"teacher\" | \"previous_token\" | \"match_pair\" | "
                     "\"copy_previous\" | \"align\", ...}");
    return;
  }
  const json& task = root["task"];
  const std::string kind = task.contains("kind") && task["kind"].is_string() ? task["kind"].get<std::string>() : "";
  for (auto it = task.begin(); it != task.end(); ++it)
    if (it.key() != "kind" && !(kind == "teacher" && it.key() == "teacher"))
      errors.push_back("task." + it.key() + ": unknown key for a task of kind " + json(kind).dump());
  if (kind == "teacher") {
    e.task = TaskKind::Teacher;
    if (!task.contains("teacher")) {
      errors.push_back("task.teacher: missing; expected a scenario (its X and tokens may be left out: they are drawn)");
    } else {
      // Its X and tokens are drawn per sequence: a teacher may leave them out.
      json given = task["teacher"];
      if (given.is_object() && given.value("mode", "projected") == "projected") {
        const int rows = given.contains("X") && given["X"].is_array() ? static_cast<int>(given["X"].size()) : e.n;
        if (!given.contains("tokens")) {
          given["tokens"] = json::array();
          for (int i = 0; i < rows; ++i) given["tokens"].push_back("p" + std::to_string(i));
        }
        if (!given.contains("X") && given["tokens"].is_array())
          given["X"] = json(given["tokens"].size(), json(static_cast<size_t>(e.d_model), 0.0));
        // Under cross-attention the teacher reads X_kv too, drawn like X: it may leave it out.
        if (e.m > 0 && !given.contains("tokens_kv")) {
          if (given.contains("attnlab") && given["attnlab"] == 1) given["attnlab"] = 2;  // tokens_kv is version 2's
          given["tokens_kv"] = token_labels("e", e.m);
          if (!given.contains("X_kv")) given["X_kv"] = json(static_cast<size_t>(e.m), json(static_cast<size_t>(e.d_model), 0.0));
        }
      }
      const LoadResult teacher = parse_scenario(given.dump());
      if (!teacher.ok()) {
        for (const std::string& m : teacher.errors) errors.push_back("task.teacher." + m);
      } else {
        if (teacher.scenario->d_model != e.d_model || teacher.scenario->mode != Mode::Projected)
          misfits.push_back("task.teacher: expected a projected scenario with d_model = " + std::to_string(e.d_model) +
                            " (the experiment's), got " + to_string(teacher.scenario->mode) + " with d_model = " +
                            std::to_string(teacher.scenario->d_model));
        else if (teacher.scenario->cross() && e.m == 0)
          misfits.push_back("task.teacher.tokens_kv: a cross-attention teacher needs the experiment's \"m\" (the length of "
                            "X_kv, which is drawn for every sequence like X); add \"m\" or leave tokens_kv out");
        // Read as it is even when it does not fit (as_edited): an experiment being edited keeps its teacher.
        e.teacher = *teacher.scenario;
        resize(e.teacher, e.n, e.teacher.d_model, e.teacher.d_k, e.teacher.heads);  // its X is drawn per sequence
        fit_keys(e.teacher, e);                                                    // and so is its X_kv
        e.teacher.has_target = false;
      }
    }
  } else if (kind == "previous_token") {
    e.task = TaskKind::PreviousToken;
    if (e.d_model < 3) misfits.push_back("task: previous_token needs d_model ≥ 3 (two coordinates of position, the rest content)");
  } else if (kind == "match_pair") {
    e.task = TaskKind::MatchPair;
    if (e.n % 2) misfits.push_back("task: match_pair needs an even n (tokens in pairs), got n = " + std::to_string(e.n));
  } else if (kind == "copy_previous") {
    e.task = TaskKind::CopyPrevious;
    if (e.d_model != 4)
      misfits.push_back("task: copy_previous needs d_model = 4 (two empty coordinates, one of content, one constant), got d_model = " +
                       std::to_string(e.d_model));
  } else if (kind == "align") {
    e.task = TaskKind::Align;
    if (e.d_model < 3)
      misfits.push_back("task: align needs d_model ≥ 3 (two coordinates of key, the rest value), got d_model = " +
                       std::to_string(e.d_model));
    if (e.m == 0)
      misfits.push_back("m: missing; the task align is cross-attention: \"m\" is the length of the encoder's sequence X_kv, "
                       "an integer from 2 to 8");
  } else {
    errors.push_back("task.kind: expected \"teacher\", \"previous_token\", \"match_pair\", \"copy_previous\" or "
                     "\"align\", got " + (task.contains("kind") ? task["kind"].dump() : std::string("nothing")));
  }
  if (e.m > 0 && (e.task == TaskKind::PreviousToken || e.task == TaskKind::MatchPair || e.task == TaskKind::CopyPrevious))
    misfits.push_back("m: the task " + kind + " is self-attention (its keys are X's own tokens), so it has no second "
                     "sequence; leave \"m\" out, or use the task \"teacher\" or \"align\"");

  // The variants.
  if (!root.contains("variants") || !root["variants"].is_array() || root["variants"].empty() || root["variants"].size() > 8) {
    errors.push_back("variants: expected an array of 1 to 8 variants {\"name\": ..., \"options\": {...}}");
    return;
  }
  std::set<std::string> names;
  for (size_t i = 0; i < root["variants"].size(); ++i) {
    const json& v = root["variants"][i];
    const std::string where = "variants[" + std::to_string(i) + "].";
    std::optional<Variant> named = read_variant_name(v, where, names, errors, misfits);
    if (!named) continue;
    Variant variant = std::move(*named);
    if (v.contains("options")) {
      const auto options = read_variant_options(v["options"], where, errors);
      if (!options) continue;
      variant.options = *options;
    }
    if (v.contains("d_k")) {
      if (!v["d_k"].is_number_integer() || v["d_k"].get<long long>() < kMinDk || v["d_k"].get<long long>() > kMaxDk) {
        errors.push_back(where + "d_k: expected a whole number from " + std::to_string(kMinDk) + " to " +
                         std::to_string(kMaxDk) + " (this variant's own d_k), got " + v["d_k"].dump());
        continue;
      }
      variant.d_k = v["d_k"].get<int>();
    }
    if (v.contains("start") && !read_variant_start(v["start"], where + "start", variant, errors)) continue;
    for (const std::string& problem : validate(blank_model(e, variant))) misfits.push_back(where + problem);
    for (const std::string& problem : start_problems(variant)) misfits.push_back(where + "start." + problem);
    e.variants.push_back(variant);
  }
  if (errors.empty()) out.experiment = std::move(e);
}

}  // namespace

std::optional<json> read_experiment_json(std::string_view text, std::vector<std::string>& errors) {
  if (text.size() > kMaxFileBytes) {
    errors.push_back("file: larger than 1 MiB; an experiment file is at most 1 MiB");
    return std::nullopt;
  }
  if (nested_deeper_than(text, 12)) {
    errors.push_back("file: nested deeper than 12 levels");
    return std::nullopt;
  }
  if (std::string nul = nul_byte_problem(text, "an experiment file"); !nul.empty()) {
    errors.push_back(std::move(nul));
    return std::nullopt;
  }
  json root;
  std::vector<std::string> duplicates;
  try {
    root = parse_json_noting_duplicates(text, &duplicates);
  } catch (const json::exception& e) {
    errors.push_back("file: not valid JSON: " + json_error_text(e));
    return std::nullopt;
  }
  for (const std::string& key : duplicates) errors.push_back(json(key).dump() + ": duplicate key; each key may appear once");
  if (const std::string tiny = number_below_double(text); !tiny.empty()) errors.push_back("file: " + tiny);
  if (!errors.empty()) return std::nullopt;
  return root;
}

ExperimentLoad parse_experiment(std::string_view text, bool as_edited) {
  ExperimentLoad out;
  const std::optional<json> root = read_experiment_json(text, out.errors);
  if (!root) return out;
  try {
    read_experiment(*root, out, as_edited);
  } catch (const std::exception& e) {
    out.errors.push_back(std::string("file: cannot be read as an experiment: ") + e.what());
  }
  if (!out.errors.empty()) out.experiment.reset();
  return out;
}

ExperimentLoad load_experiment_file(const std::string& path) {
  return load_file_with<ExperimentLoad>(path, kMaxFileBytes, "an experiment file", "1 MiB", [](std::string_view text) { return parse_experiment(text); });
}

}  // namespace core
