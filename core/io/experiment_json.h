// An experiment as its file (docs/experiments.md). The Experiment panel
// edits an Experiment, checks it through the same reader a file goes through,
// and saves it: parse_experiment(to_text(experiment_to_json(e))) gives e back.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/experiment.h"
#include "core/text/json_text.h"

namespace core {

struct ExperimentLoad {
  std::optional<Experiment> experiment;  // set only when errors is empty
  std::vector<std::string> errors;       // each names the field
  // Read as_edited: what the file reader would refuse in a whole that is otherwise sound (a
  // variant's options that do not fit the sizes, a task that needs others, a name taken twice).
  std::vector<std::string> problems;
  bool ok() const { return experiment.has_value(); }
  std::string message() const;
};

// The experiment file's reader (core/io/experiment_read.cpp). as_edited: the lab's experiment as
// the session keeps it, which may be half-way through an edit (n odd for match_pair, before the
// task is changed too): the combinations the file reader refuses go to `problems` and the
// experiment is read all the same; every field must still be of its type and in its range.
ExperimentLoad parse_experiment(std::string_view text, bool as_edited = false);
ExperimentLoad load_experiment_file(const std::string& path);

OrderedJson experiment_to_json(const Experiment& e);

// The front half of every experiment file's reader (this one and language_model_json.h's): the size, the
// depth, no NUL, valid JSON, no key twice, no number a double cannot hold; each failure a message on errors.
std::optional<nlohmann::json> read_experiment_json(std::string_view text, std::vector<std::string>& errors);
// A variant's "options" read as a scenario file reads them (one reader, one set of messages, each
// prefixed with where); nothing, with the messages in errors, when they are not options.
std::optional<Options> read_variant_options(const nlohmann::json& options, const std::string& where, std::vector<std::string>& errors);

// A variant's name (1 to 40 bytes, not in names, then added) and its keys (name, options, d_k, and a language
// model's objective and symmetric_start when language_model): the variant with its name, or nothing when it
// has none. Unknown keys go to errors, a name taken twice to taken.
std::optional<Variant> read_variant_name(const nlohmann::json& v, const std::string& where, std::set<std::string>& names,
                                         std::vector<std::string>& errors, std::vector<std::string>& taken,
                                         bool language_model = false);

// "sweep": {"learning_rate": [r1, r2, …]} of an experiment or a language model: 2 to kMaxSweepValues rates, each
// above 0 and at most 10, increasing (a plot against them reads left to right), into rates; else a message on errors.
void read_learning_rate_sweep(const nlohmann::json& sweep, std::vector<double>& rates, std::vector<std::string>& errors);

// What the reader would refuse in e, each message naming the field; empty when e can run.
std::vector<std::string> experiment_problems(const Experiment& e);

}  // namespace core
