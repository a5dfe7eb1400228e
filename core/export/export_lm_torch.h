// `attnlab --train LM.json --export lm.py`: a language-model experiment as one self-contained
// PyTorch script (docs/experiments.md, "Language models").
//
// The script reads the corpus (a named one that Debian ships, or a file in the experiment's folder), trains a character-level
// transformer for every variant and every seed on the same batches (AdamW, a warm-up then a cosine
// schedule), measures bits per character on the held-out split at fixed steps, and writes RESULT
// (core/io/lm_result.h reads it). `--device cpu|cuda`, `--steps`, `--seeds`, `--variant NAME`,
// `--corpus PATH`, `--dtype`, `--out`; under torchrun it trains data-parallel (DDP: gloo on the CPU,
// nccl on GPUs), each process a share of the same global batch, with one process's curves.
// tests/cli/test_lm.py runs it.
#pragma once

#include <string>

#include "core/model/language_model.h"

namespace core {

// experiment_folder: the experiment file's folder relative to the script's (lm_experiment_folder), where the script
// looks for a corpus file the experiment names, and the only folder it reads such a file from (links resolved):
// a shared experiment cannot have it read /etc/passwd or ~/.ssh; --corpus PATH reads any file the person names.
std::string export_lm_py(const LanguageModel& lm, const std::string& experiment_folder = ".");

// The folder of the experiment at experiment_path relative to that of a script written to script_path, both with
// their links resolved: "." when they are one folder.
std::string lm_experiment_folder(const std::string& experiment_path, const std::string& script_path);

// What attnlab says when it writes the script: which file it will read, "lm.py will read corpus.txt beside LM.json",
// or the named corpus's folder, or that it will refuse a link that leads out of the experiment's folder.
std::string lm_corpus_note(const LanguageModel& lm, const std::string& experiment_path, const std::string& script_path);

}  // namespace core
