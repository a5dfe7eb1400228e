// `attnlab --train LM.json --export lm.py`: a language-model experiment as one self-contained
// PyTorch script (docs/experiments.md, "Language models").
//
// The script reads the corpus (a named one that Debian ships, or a file), trains a character-level
// transformer for every variant and every seed on the same batches (AdamW, a warm-up then a cosine
// schedule), measures bits per character on the held-out split at fixed steps, and writes RESULT
// (core/io/lm_result.h reads it). `--device cpu|cuda`, `--steps`, `--seeds`, `--variant NAME`,
// `--corpus`, `--dtype`, `--out`; under torchrun it trains data-parallel (DDP: gloo on the CPU,
// nccl on GPUs), each process a share of the same global batch, with one process's curves.
// tests/cli/test_lm.py runs it.
#pragma once

#include <string>

#include "core/model/language_model.h"

namespace core {

std::string export_lm_py(const LanguageModel& lm);

}  // namespace core
