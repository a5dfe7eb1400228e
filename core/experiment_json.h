// An experiment as its file (docs/experiments.md). The Experiment panel
// edits an Experiment, checks it through the same reader a file goes through,
// and saves it: parse_experiment(to_text(experiment_to_json(e))) gives e back.
#pragma once

#include <string>
#include <vector>

#include "core/json_text.h"
#include "core/training.h"

namespace core {

OrderedJson experiment_to_json(const Experiment& e);

// What the reader would refuse in e, each message naming the field; empty when e can run.
std::vector<std::string> experiment_problems(const Experiment& e);

}  // namespace core
