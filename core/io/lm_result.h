// A language model's RESULT (docs/experiments.md, "Language models"): what the script that
// `attnlab --train LM.json --export lm.py` writes, read back for the lab (File → Open result).
// Read as every attnlab file is: each failure a message naming the field; a curve whose losses
// are not finite (null, as JSON writes them) is read, and its run counted as diverged.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

struct LmRun {
  std::uint64_t seed = 0;
  std::vector<double> loss;      // bits per character of each step's batch before it, then after the last (NaN: not finite)
  std::vector<double> held_out;  // bits per character on the held-out split at LmResult::eval_steps
  double test_loss = 0;          // the last held-out value; NaN when the run diverged
  int diverged = 0;              // the step it could not take (its loss was not finite), 0 if none
  std::string heads;             // its trained heads' file, relative to the RESULT's folder ("" if none)
  // A sweep's run: its peak learning rate, and the largest |attention logit| of each step's batch (NaN: not finite).
  double learning_rate = 0;
  std::vector<double> largest_logit;
};

struct LmVariantResult {
  std::string name;
  std::string objective = "causal";  // or "bidirectional": what its bits per character are of
  long long params = 0;
  std::vector<LmRun> runs;  // one per seed (a sweep: at each rate in turn, one per seed)
};

struct LmResult {
  std::string title, notes, unit = "bits per character";
  std::string device, torch, python, dtype, started;
  double seconds = 0;
  int processes = 1;
  int threads = 0;  // torch's threads per process (0: not recorded)
  std::string corpus;  // its name, or the file's path
  long long corpus_characters = 0;
  std::string corpus_sha256;
  int steps = 0;
  std::vector<int> eval_steps;
  std::vector<LmVariantResult> variants;
  std::vector<double> sweep;  // a learning-rate sweep's rates ("sweep": {"learning_rate": [...]}); empty: none
  int seeds() const {
    return variants.empty() ? 0 : static_cast<int>(variants.front().runs.size() / std::max<size_t>(1, sweep.size()));
  }
};

struct LmResultLoad {
  std::optional<LmResult> result;  // set only when errors is empty
  std::vector<std::string> errors;
  bool ok() const { return result.has_value(); }
  std::string message() const;
};

// A RESULT is at most this large (a run of 100 000 steps, 16 variants, 32 seeds is about 1 GB: a
// file that large is not a lab's; the script's runs are some megabytes).
inline constexpr size_t kMaxLmResultBytes = 256u * 1024 * 1024;

// Whether a file's text is a language model's RESULT: {"attnlab_result": "language_model", …}.
bool is_lm_result_text(std::string_view text);
LmResultLoad parse_lm_result(std::string_view text);
LmResultLoad load_lm_result_file(const std::string& path);

// "2.2134 [2.1901, 2.2410]": a variant's median held-out bits per character over the runs that did not
// diverge [their smallest, their largest]; one run: its value alone; "diverged" when every run did.
std::string held_out_summary(const LmVariantResult& v);

}  // namespace core
