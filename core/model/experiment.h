// An experiment: several designs of one attention layer (the variants) trained on one task,
// from the same data (docs/experiments.md). What it is; core/training/ trains it and
// core/io/experiment_json.h reads and writes its file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/scenario.h"

namespace core {

enum class TaskKind { Teacher, PreviousToken, MatchPair, CopyPrevious, Align };
enum class Optimizer { Adam, Sgd };

struct Variant {
  std::string name;
  Options options;  // scenario options, merged_qk and head_output included
  // Its own d_k, for comparisons at equal parameter counts (QQᵀ at d_k = 4 beside QKᵀ
  // at d_k = 2); 0: the experiment's.
  int d_k = 0;
  // Language models only (core/model/language_model.h). bidirectional: the masked-character objective,
  // without the causal mask, in place of predicting the next character. symmetric_start: W^K starts
  // as a copy of W^Q (then trains apart), so that W^Q W^Kᵀ starts symmetric.
  bool bidirectional = false;
  bool symmetric_start = false;
  // How the variant's weights start, beyond the experiment's draw ("start" in the file; docs/experiments.md,
  // "Where a variant starts"). Each keeps the function the draw gives where it says so, to ask how the same
  // function trains from another point: qk_factor c starts W^Q as c·W^Q and W^K as W^K/c (the same W^Q W^Kᵀ,
  // another balance between the two; separate W^Q and W^K only); w_from_product starts one W as the draw's
  // W^Q W^Kᵀ (one W only); alt_start sets AttentionAlt's W_alt to I (the head's output shrunk by 1/√d_k) or
  // √d_k·I (the output A·V exactly) instead of drawing it.
  enum class AltStart { Drawn, Identity, SqrtDkIdentity };
  double qk_factor = 1;
  bool w_from_product = false;
  AltStart alt_start = AltStart::Drawn;
  bool default_start() const { return qk_factor == 1 && !w_from_product && alt_start == AltStart::Drawn; }
};

struct Experiment {
  std::string title, notes;
  TaskKind task = TaskKind::Teacher;
  Scenario teacher;  // task "teacher": its weights and options make the targets
  int n = 6, d_model = 4, d_k = 2, heads = 1;
  // Cross-attention when above 0: every sequence has a second one, X_kv (m × d_model),
  // whose tokens supply the keys and values; X supplies the queries. 0: self-attention.
  int m = 0;
  std::vector<Variant> variants;
  double init_scale = 0.5;
  int steps = 2000, batch = 16;
  Optimizer optimizer = Optimizer::Adam;
  double learning_rate = 0.01;
  std::uint64_t seed = 1;
  // Every variant runs once per seed: seed, seed + 1, …, seed + seeds − 1, each run exactly
  // the one-seed run with that seed; the lab and RESULT give the median over them.
  int seeds = 1;
  bool record = false;  // the result holds every batch, to replay the run elsewhere
  // A learning-rate sweep ("sweep": {"learning_rate": [...]}): every variant runs at each of these
  // rates (increasing), over its seeds, and learning_rate is not used. Empty: no sweep.
  std::vector<double> sweep_learning_rate;
};

// How many runs the experiment's training holds: one per seed, and per rate in a sweep. Run r trains
// at the rate sweep_learning_rate[r / seeds] (a sweep) with seed seed + r % seeds.
inline int runs_of(const Experiment& e) {
  return (e.seeds > 1 ? e.seeds : 1) * (e.sweep_learning_rate.empty() ? 1 : static_cast<int>(e.sweep_learning_rate.size()));
}

inline constexpr int kMaxSteps = 100000, kMaxBatch = 256, kTestSequences = 256, kMaxSeeds = 32;
// A sweep's rates: 2 to this many.
inline constexpr int kMaxSweepValues = 12;
// "record": true keeps (steps + 1) × batch sequences (about 1.6 kB each in memory, 2 kB as text): at most this many.
inline constexpr int kMaxRecordedSequences = 65536;

// "teacher", "previous_token", …: the task's name in the file.
const char* to_string(TaskKind t);

// "e0", "e1", …: count labels of the prefix.
std::vector<std::string> token_labels(const char* prefix, int count);
// Under cross-attention (e.m > 0) a model of the experiment reads a second
// sequence of m tokens, e0 … e(m−1): X_kv, drawn per sequence like X.
void fit_keys(Scenario& s, const Experiment& e);
// A scenario of the experiment's sizes, all zero, with a variant's options:
// validate() then says whether the options fit the sizes (no_self with
// cross-attention, RoPE with one W, ...). The reader checks each variant with it.
Scenario blank_model(const Experiment& e, const Variant& v);
// What the variant's start asks that its options do not have (qk_factor without separate W^Q and W^K, …), each
// message naming the field after "start.".
std::vector<std::string> start_problems(const Variant& v);
// [SECTION] The lab's rules: an edit of one field brings the fields that depend on it along,
// so that the experiment stays one the file reader accepts wherever it can.

// Whether a task may read a second sequence X_kv (cross-attention): the teacher's and align's.
inline bool cross_task(TaskKind t) { return t == TaskKind::Teacher || t == TaskKind::Align; }
// A new task, and what it needs: no X_kv unless it is a cross task (nor in the teacher);
// align reads the encoder's sequence (m = n when there was none); copy_previous needs
// d_model = 4, (0, 0, content, 1); a teacher of other d_model is replaced by a zero one of the
// experiment's sizes, to edit in the views.
void set_task(Experiment& e, TaskKind task);
// Cross-attention on (m = n encoder tokens) or off (m = 0; the teacher's keys from X again).
void set_cross_attention(Experiment& e, bool on);
// The teacher task's teacher resized to n tokens when n changed (its weights kept).
void fit_teacher_tokens(Experiment& e);
// The views' scenario becomes the teacher: its weights and options, not its target or notes (a
// lesson's notes could be a megabyte); d_model and m follow it, its n becomes the experiment's.
void use_as_teacher(Experiment& e, const Scenario& views);

// The d_k a variant trains at: its own, or the experiment's.
inline int variant_d_k(const Experiment& e, const Variant& v) { return v.d_k > 0 ? v.d_k : e.d_k; }

}  // namespace core
