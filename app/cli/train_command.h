// `attnlab --train EXPERIMENT.json --out RESULT.json`: no window; the
// experiment's variants trained, their curves and weights written.
// `attnlab --train EXPERIMENT.json --export train.py`: the same run as a
// PyTorch script, nothing trained here; --export curves.svg or table.csv: trained, then the curves or the table.
#pragma once

#include <iosfwd>
#include <string>

namespace app {

// Exit code: 0 with RESULT written (atomically) and a progress line on err;
// 2 when the experiment cannot be used (the message on err); 1 when RESULT
// cannot be written (nothing is left at its path).
// seeds > 0 overrides the experiment's "seeds" (--seeds N).
int run_train(const std::string& experiment, const std::string& out, std::ostream& err, int seeds = 0);

// By path's extension: .py the run as a PyTorch script (nothing trained here);
// .svg the loss curves on white, .csv the table of designs (trained first, with
// the progress line). Exit code as run_train's: 0 with the file written
// (atomically), 2 for a bad experiment, 1 when the file cannot be written. A language model's
// script: a line on err says which corpus file it will read ("lm.py will read corpus.txt beside LM.json").
int run_train_export(const std::string& experiment, const std::string& path, std::ostream& err, int seeds = 0);

}  // namespace app
