// `attnlab --train EXPERIMENT.json --export train.py`: the experiment as a
// PyTorch script (float64) that anyone can read and rerun.
//
// The script starts every variant from attnlab's initial weights (embedded),
// draws the same batches and test set by attnlab's own generator rewritten in
// pure Python (xoshiro256** seeded by splitmix64, Box–Muller normals, the
// tasks of core/training/training.cpp), trains with torch.optim.Adam (or SGD) and
// prints every variant's loss curve and test loss: the numbers of
// `--train --out`, to about 1e-15 relative. tests/cli/test_train.py runs it.
#pragma once

#include <string>
#include <string_view>

#include "core/training/training.h"

namespace core {

// The script's text (valid UTF-8 whatever the names and titles hold). It runs
// every seed of the experiment (each from attnlab's initial weights of that
// seed) and prints a summary; `--json` prints {"variants": [{"name", "params",
// "loss", "test_loss"}]}, or over seeds {"seeds": N, "variants": [{"name",
// "params", "runs": [{"seed", "loss", "test_loss"}]}]}; `--compare RESULT.json`
// also prints, per variant and seed, how far attnlab's curve is from torch's.
std::string export_train_py(const Experiment& e);

// JSON as a Python literal appended to out: dicts one key a line, a list of numbers on one line,
// strings through python_string (any name is safe), true/false/null as Python's.
void python_literal(std::string& out, const OrderedJson& j, int indent);

}  // namespace core
