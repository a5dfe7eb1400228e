// A language-model experiment (docs/experiments.md, "Language models"): the designs of
// attention the lab races on 2-8 tokens, here in a character-level transformer trained on real
// text. attnlab does not train it: it checks the file and writes the PyTorch script that does
// (core/export/export_lm_torch.h), which runs on a CPU, a GPU or several. Its RESULT comes back
// into the lab (core/io/lm_result.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/experiment.h"

namespace core {

// The corpora a language model may name instead of a file: texts every Debian system has.
// "debian-licenses": the regular files of /usr/share/common-licenses (base-files), in the
// order of their names, each followed by nothing: the bytes as they are, about 237 000.
inline constexpr const char* kNamedCorpora[] = {"debian-licenses"};

enum class Schedule { Constant, Cosine };

struct LanguageModel {
  std::string title, notes;
  // A named corpus (kNamedCorpora) or a file's path, read as bytes: one byte, one character.
  // A file is the experiment's own: a path relative to the experiment file's folder, without "..", that the
  // script reads only if it lies inside that folder with its links resolved (--corpus PATH names any other).
  std::string corpus = "debian-licenses";
  double held_out = 0.1;  // the last tenth of the corpus: the held-out split, never trained on
  int context = 128, layers = 2, d_model = 128, heads = 4, d_k = 32, d_ff = 512;
  // Each variant: the lab's options (Options); its d_k, when given, is its query-key width
  // per head only, the values keeping the model's d_k (QQᵀ at twice d_k has QKᵀ's query-key
  // parameters). A variant is causal (it predicts each character from the ones before it) unless its
  // objective is bidirectional (Variant::bidirectional: masked-character prediction over the whole window).
  std::vector<Variant> variants;
  int steps = 1000, batch = 64;
  std::string optimizer = "adamw";  // "adamw", "adam" or "sgd"
  double learning_rate = 3e-3, weight_decay = 0.1, grad_clip = 1.0;
  Schedule schedule = Schedule::Cosine;
  int warmup = 0;       // steps of a linear warm-up before the schedule
  int eval_every = 100; // the held-out split is measured at step 0, every eval_every steps, and at the end
  std::uint64_t seed = 1;
  int seeds = 1;
  // A learning-rate sweep (as an Experiment's): every variant at each rate, over the seeds, each run recording the
  // largest attention logit of its batch at every step. Empty: none; learning_rate is then the rate.
  std::vector<double> sweep_learning_rate;
};

inline constexpr int kLmMaxContext = 4096, kLmMaxLayers = 64, kLmMaxDModel = 8192, kLmMaxHeads = 128, kLmMaxDk = 1024,
                     kLmMaxDff = 32768, kLmMaxSteps = 10000000, kLmMaxBatch = 65536;
// The losses a RESULT may hold, (steps + 1) × seeds × variants: about 200 MB of JSON, under the reader's 256 MiB.
inline constexpr long long kLmMaxResultValues = 10000000;

// The steps at which the held-out split is measured: 0, eval_every, 2·eval_every, …, and steps.
std::vector<int> eval_steps(int steps, int eval_every);

}  // namespace core
