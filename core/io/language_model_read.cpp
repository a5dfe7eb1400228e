// The language-model experiment's reader and writer (language_model_json.h).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <set>

#include "core/designs/designs.h"
#include "core/designs/normalized_keys.h"
#include "core/designs/one_w.h"
#include "core/designs/positions.h"
#include "core/designs/shared_qk.h"
#include "core/io/atomic_file.h"
#include "core/io/experiment_json.h"
#include "core/io/language_model_json.h"
#include "core/io/scenario_io.h"
#include "core/text/utf8.h"

namespace core {

using json = nlohmann::json;

std::string LanguageModelLoad::message() const { return one_per_line(errors); }

bool is_language_model(const json& root) {
  return root.is_object() && root.contains("attnlab_experiment") && root.contains("task") && root["task"].is_object() &&
         root["task"].contains("kind") && root["task"]["kind"] == "language_model";
}

bool is_language_model_text(std::string_view text) {
  if (text.size() > kMaxFileBytes || nested_deeper_than(text, 12)) return false;
  const json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  return !root.is_discarded() && is_language_model(root);
}

namespace {

// The reader of one object's fields (the file's, or its task's): each failure names the field, with its prefix.
struct Fields {
  const json& object;
  std::string prefix;
  std::vector<std::string>& errors;

  std::string got(const json& j) const { return j.is_number() ? j.dump() : json_type_name(j); }
  void integer(const char* key, long long lo, long long hi, int& value) const {
    if (!object.contains(key)) return;
    const json& j = object[key];
    if (!j.is_number_integer() || j.get<long long>() < lo || j.get<long long>() > hi)
      errors.push_back(prefix + key + ": expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + got(j));
    else
      value = j.get<int>();
  }
  // A number in [lo, hi] (above lo when open_lo).
  void number(const char* key, double lo, double hi, bool open_lo, double& value) const {
    if (!object.contains(key)) return;
    const json& j = object[key];
    const double x = j.is_number() ? j.get<double>() : std::numeric_limits<double>::quiet_NaN();
    if (!j.is_number() || !std::isfinite(x) || x < lo || (open_lo && x == lo) || x > hi)
      errors.push_back(prefix + key + ": expected a number " + (open_lo ? "above " : "from ") + plain_number(lo) +
                       (open_lo ? " and at most " : " to ") + plain_number(hi) + ", got " + got(j));
    else
      value = x;
  }
  void string(const char* key, std::string& value) const {
    if (!object.contains(key)) return;
    if (!object[key].is_string()) errors.push_back(prefix + key + ": expected a string, got " + json_type_name(object[key]));
    else value = object[key].get<std::string>();
  }
  void unknown(const std::set<std::string>& known, const std::string& why) const {
    for (auto it = object.begin(); it != object.end(); ++it)
      if (!known.count(it.key())) errors.push_back(prefix + it.key() + ": unknown key" + why);
  }
};

// What a design of attention cannot be in this model; each message names the field.
void check_variant(const LanguageModel& lm, const Variant& v, const std::string& where, std::vector<std::string>& errors) {
  const Options& o = v.options;
  const int d_qk = v.d_k > 0 ? v.d_k : lm.d_k;
  if (one_w(o) && (shared_qk(o) || normalized_keys(o) || design_needs_q_and_k(o) || rope_positions(o)))
    errors.push_back(where + "options.merged_qk: one W has no W^Q and W^K of its own, so not with shared_qk, normalize_keys, " +
                     design_keys_needing_q_and_k() + " or positions \"rope\"");
  if (v.bidirectional && o.positions == Positions::None)
    errors.push_back(where + "objective: \"bidirectional\" needs positions (\"sinusoidal\" or \"rope\"): without them and "
                             "without the causal mask every place looks alike, and every hidden character gets the same prediction");
  if (v.symmetric_start && (one_w(o) || shared_qk(o)))
    errors.push_back(where + "symmetric_start: W^K starts as a copy of W^Q, so the variant needs both (not merged_qk or shared_qk)");
  if (one_w(o) && v.d_k > 0)
    errors.push_back(where + "d_k: one W (merged_qk) is d_model × d_model; it has no query-key width to set");
  if (rope_positions(o) && d_qk % 2)
    errors.push_back(where + "options.positions: \"rope\" turns pairs of coordinates, so the query-key width d_k must be even, got " +
                     std::to_string(d_qk));
  if (sinusoidal_positions(o) && lm.d_model % 2)
    errors.push_back(where + "options.positions: \"sinusoidal\" fills pairs of coordinates, so d_model must be even, got " +
                     std::to_string(lm.d_model));
}

// A corpus is a named one or the experiment's own file: a path inside the experiment's folder, relative and without a
// ".." part. An experiment is often someone else's; its script would read whatever file it named (/etc/passwd, or
// ../../.ssh/id_rsa) and its RESULT record that file's size and hash. The script checks again with links resolved
// (core/export/lm_script_body.h); a file elsewhere is read only when the person running it names it (--corpus PATH).
void check_corpus(const std::string& corpus, std::vector<std::string>& errors) {
  if (std::find(std::begin(kNamedCorpora), std::end(kNamedCorpora), corpus) != std::end(kNamedCorpora)) return;
  // ".." climbs out of the folder; a hidden part (.ssh/id_rsa, .bash_history) is a file nobody ships as a corpus, and
  // an experiment saved in a home folder could name one.
  bool up = false, hidden = false;
  for (size_t start = 0; start <= corpus.size();) {
    const size_t end = std::min(corpus.find('/', start), corpus.size());
    up = up || corpus.compare(start, end - start, "..") == 0;
    hidden = hidden || (end > start && corpus[start] == '.' && corpus.compare(start, end - start, ".") != 0);
    start = end + 1;
  }
  if (corpus.empty())
    errors.push_back("task.corpus: expected a file's path or a named corpus (\"debian-licenses\"), got \"\"");
  else if (hidden && !up && corpus.front() != '/')
    errors.push_back("task.corpus: " + json(corpus).dump() + " is a hidden file or folder (a part of its path begins with \".\"), "
                     "which no experiment's corpus is: name it yourself to train on it (python3 lm.py --corpus PATH)");
  else if (corpus.front() == '/' || up)
    errors.push_back("task.corpus: expected a named corpus (\"debian-licenses\") or a file in the experiment's folder (a "
                     "relative path without \"..\"), got " + json(corpus).dump() +
                     ": an experiment's script reads no file outside its folder unless the person running it names "
                     "the file (python3 lm.py --corpus PATH)");
}

void read_language_model(const json& root, LanguageModelLoad& out) {
  std::vector<std::string>& errors = out.errors;
  LanguageModel lm;
  const Fields top{root, "", errors};
  top.unknown({"attnlab_experiment", "title", "notes", "task", "variants", "steps", "batch", "optimizer", "learning_rate",
               "seed", "seeds", "sweep"},
              " for a language model (its sizes are in \"task\": context, layers, d_model, heads, d_k, d_ff)");
  if (!root["attnlab_experiment"].is_number_integer() || root["attnlab_experiment"] != 1) errors.push_back("attnlab_experiment: expected the format version 1 (\"attnlab_experiment\": 1)");
  top.string("title", lm.title);
  top.string("notes", lm.notes);
  top.integer("steps", 1, kLmMaxSteps, lm.steps);
  top.integer("batch", 1, kLmMaxBatch, lm.batch);
  top.number("learning_rate", 0, 10, true, lm.learning_rate);
  if (root.contains("optimizer")) {
    const json& j = root["optimizer"];
    if (j == "adamw" || j == "adam" || j == "sgd") lm.optimizer = j.get<std::string>();
    else errors.push_back("optimizer: expected \"adamw\", \"adam\" or \"sgd\", got " + (j.is_string() ? j.dump() : json_type_name(j)));
  }
  if (root.contains("seed")) {
    const json& j = root["seed"];
    // torch.manual_seed takes up to 2^63 − 1; the script seeds the batches' generator with it too.
    if (!j.is_number_integer() || j.get<long long>() < 0 || j.get<long long>() > (1LL << 53))
      errors.push_back("seed: expected an integer from 0 to 2^53, got " + top.got(j));
    else
      lm.seed = j.get<std::uint64_t>();
  }
  top.integer("seeds", 1, kMaxSeeds, lm.seeds);
  if (root.contains("sweep")) read_learning_rate_sweep(root["sweep"], lm.sweep_learning_rate, errors);

  const json& task = root["task"];
  const Fields t{task, "task.", errors};
  t.unknown({"kind", "corpus", "held_out", "context", "layers", "d_model", "heads", "d_k", "d_ff", "schedule", "warmup",
             "weight_decay", "grad_clip", "eval_every"},
            " for a task of kind \"language_model\"");
  t.string("corpus", lm.corpus);
  if (task.contains("corpus") && task["corpus"].is_string()) check_corpus(lm.corpus, errors);
  t.number("held_out", 0, 0.5, true, lm.held_out);
  t.integer("context", 2, kLmMaxContext, lm.context);
  t.integer("layers", 1, kLmMaxLayers, lm.layers);
  t.integer("d_model", 2, kLmMaxDModel, lm.d_model);
  t.integer("heads", 1, kLmMaxHeads, lm.heads);
  t.integer("d_k", 1, kLmMaxDk, lm.d_k);
  t.integer("d_ff", 1, kLmMaxDff, lm.d_ff);
  if (task.contains("schedule")) {
    const json& j = task["schedule"];
    if (j == "cosine") lm.schedule = Schedule::Cosine;
    else if (j == "constant") lm.schedule = Schedule::Constant;
    else errors.push_back("task.schedule: expected \"cosine\" or \"constant\", got " + (j.is_string() ? j.dump() : json_type_name(j)));
  }
  t.integer("warmup", 0, kLmMaxSteps, lm.warmup);
  t.number("weight_decay", 0, 10, false, lm.weight_decay);
  t.number("grad_clip", 0, 1e6, false, lm.grad_clip);
  t.integer("eval_every", 1, kLmMaxSteps, lm.eval_every);
  if (!errors.empty()) return;
  if (lm.warmup >= lm.steps) errors.push_back("task.warmup: expected fewer steps than \"steps\" (" + std::to_string(lm.steps) + "), got " + std::to_string(lm.warmup));
  // The RESULT holds steps + 1 losses a run (and in a sweep as many largest logits, for each rate's runs): bounded, so
  // that a file cannot ask for gigabytes the lab refuses.
  const long long rates = lm.sweep_learning_rate.empty() ? 1 : 2 * static_cast<long long>(lm.sweep_learning_rate.size());
  const long long values = (static_cast<long long>(lm.steps) + 1) * static_cast<long long>(lm.seeds) * rates *
                           static_cast<long long>(root.contains("variants") && root["variants"].is_array() ? root["variants"].size() : 1);
  if (values > kLmMaxResultValues)
    errors.push_back(std::string("steps: (steps + 1) × seeds × variants") +
                     (rates > 1 ? " × rates × 2 values (losses and largest logits), " : " losses, ") +
                     std::to_string(values) + ", would make a RESULT over " + std::to_string(kLmMaxResultValues) +
                     " values (about 200 MB); lower steps or seeds" + (rates > 1 ? ", or sweep fewer rates" : ""));
  if (lm.eval_every > lm.steps) errors.push_back("task.eval_every: expected at most \"steps\" (" + std::to_string(lm.steps) + "), got " + std::to_string(lm.eval_every));

  if (!root.contains("variants") || !root["variants"].is_array() || root["variants"].empty() || root["variants"].size() > 16) {
    errors.push_back("variants: expected an array of 1 to 16 variants {\"name\": ..., \"options\": {...}}");
    return;
  }
  std::set<std::string> names;
  for (size_t i = 0; i < root["variants"].size(); ++i) {
    const json& v = root["variants"][i];
    const std::string where = "variants[" + std::to_string(i) + "].";
    std::optional<Variant> named = read_variant_name(v, where, names, errors, errors, /*language_model=*/true);
    if (!named) continue;
    Variant variant = std::move(*named);
    if (v.contains("options")) {
      const std::optional<Options> options = read_variant_options(v["options"], where, errors);
      if (!options) continue;
      variant.options = *options;
    }
    if (v.contains("objective")) {
      const json& j = v["objective"];
      if (j == "causal" || j == "bidirectional") variant.bidirectional = j == "bidirectional";
      else errors.push_back(where + "objective: expected \"causal\" or \"bidirectional\", got " + (j.is_string() ? j.dump() : json_type_name(j)));
    }
    if (v.contains("symmetric_start")) {
      if (v["symmetric_start"].is_boolean()) variant.symmetric_start = v["symmetric_start"].get<bool>();
      else errors.push_back(where + "symmetric_start: expected true or false, got " + type_name(v["symmetric_start"]));
    }
    // The objective decides the mask: causal predicts each character from the ones before it, bidirectional
    // sees the whole window. A mask.causal that says otherwise is refused rather than ignored.
    if (v.contains("options") && v["options"].is_object() && v["options"].contains("mask") && v["options"]["mask"].is_object() &&
        v["options"]["mask"].contains("causal") && v["options"]["mask"]["causal"] != !variant.bidirectional)
      errors.push_back(where + (variant.bidirectional
                                    ? "options.mask.causal: a bidirectional variant sees the whole window: it has no causal mask "
                                      "(leave \"causal\" out)"
                                    : "options.mask.causal: a language model predicts each character from the ones before it: a "
                                      "causal variant has the causal mask (leave \"causal\" out, or give \"objective\": "
                                      "\"bidirectional\" for masked-character prediction)"));
    variant.options.causal = !variant.bidirectional;
    Fields{v, where, errors}.integer("d_k", 1, kLmMaxDk, variant.d_k);
    check_variant(lm, variant, where, errors);
    lm.variants.push_back(std::move(variant));
  }
  if (errors.empty()) out.model = std::move(lm);
}

}  // namespace

LanguageModelLoad parse_language_model(std::string_view text) {
  LanguageModelLoad out;
  const std::optional<json> parsed = read_experiment_json(text, out.errors);
  if (!parsed) return out;
  const json& root = *parsed;
  if (!is_language_model(root)) {
    out.errors.push_back("task.kind: expected \"language_model\" (this reader reads language-model experiments only)");
    return out;
  }
  try {
    read_language_model(root, out);
  } catch (const std::exception& e) {
    out.errors.push_back(std::string("file: cannot be read as a language-model experiment: ") + e.what());
  }
  if (!out.errors.empty()) out.model.reset();
  return out;
}

LanguageModelLoad load_language_model_file(const std::string& path) {
  return load_file_with<LanguageModelLoad>(path, kMaxFileBytes, "an experiment file", "1 MiB", [](std::string_view text) { return parse_language_model(text); });
}

OrderedJson variant_options_json(const Options& o) {
  Scenario s = make_zero_scenario(2, 2, 1, 1);
  s.options = o;
  return scenario_to_json(s)["options"];
}

OrderedJson language_model_to_json(const LanguageModel& lm) {
  OrderedJson j;
  j["attnlab_experiment"] = 1;
  if (!lm.title.empty()) j["title"] = lm.title;
  if (!lm.notes.empty()) j["notes"] = lm.notes;
  OrderedJson task;
  task["kind"] = "language_model";
  task["corpus"] = lm.corpus;
  task["held_out"] = lm.held_out;
  task["context"] = lm.context;
  task["layers"] = lm.layers;
  task["d_model"] = lm.d_model;
  task["heads"] = lm.heads;
  task["d_k"] = lm.d_k;
  task["d_ff"] = lm.d_ff;
  task["schedule"] = lm.schedule == Schedule::Cosine ? "cosine" : "constant";
  task["warmup"] = lm.warmup;
  task["weight_decay"] = lm.weight_decay;
  task["grad_clip"] = lm.grad_clip;
  task["eval_every"] = lm.eval_every;
  j["task"] = std::move(task);
  OrderedJson variants = OrderedJson::array();
  for (const Variant& v : lm.variants) {
    OrderedJson variant;
    variant["name"] = v.name;
    variant["options"] = variant_options_json(v.options);
    if (v.d_k > 0) variant["d_k"] = v.d_k;
    if (v.bidirectional) variant["objective"] = "bidirectional";
    if (v.symmetric_start) variant["symmetric_start"] = true;
    variants.push_back(std::move(variant));
  }
  j["variants"] = std::move(variants);
  j["steps"] = lm.steps;
  j["batch"] = lm.batch;
  j["optimizer"] = lm.optimizer;
  j["learning_rate"] = lm.learning_rate;
  j["seed"] = lm.seed;
  j["seeds"] = lm.seeds;
  if (!lm.sweep_learning_rate.empty()) j["sweep"] = {{"learning_rate", lm.sweep_learning_rate}};
  return j;
}

std::vector<int> eval_steps(int steps, int eval_every) {
  std::vector<int> at;
  for (long long s = 0; s < steps; s += std::max(1, eval_every)) at.push_back(static_cast<int>(s));
  at.push_back(steps);
  return at;
}

}  // namespace core
