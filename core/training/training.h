// Experiments: train several designs of one attention layer on one task, from
// the same data, and record their losses (docs/experiments.md).
//
// Everything is deterministic: the batches, the starting weights and the test
// set come from the file's seed through attnlab's own generator (xoshiro256**
// seeded by splitmix64, normals by Box–Muller), never from std::random's
// implementation-defined distributions; same file, same result, bit for bit.
//
// The tasks (docs/experiments.md says more):
// - "teacher": the target is a given scenario's output Y on X (X ~ N(0, 1)).
//   Perfect: the teacher's own weights; a design that contains the teacher's
//   function can reach loss 0 (shared QK only when the teacher's W^Q W^Kᵀ is
//   symmetric positive semidefinite, one W always).
// - "previous_token": coordinates 0 and 1 of each token carry its position,
//   (cos 2πp/n, sin 2πp/n); the others are random content. The target of token
//   p is the content of token p − 1 (token 0: its own) in the content
//   coordinates, 0 in the position ones. Perfect: A_{p,p−1} → 1, which needs a
//   score that prefers the previous position to the token's own: W^Q W^Kᵀ a
//   rotation by −2π/n on the position plane. QQᵀ cannot: q_p·q_{p−1} ≤ ‖q_p‖‖q_{p−1}‖,
//   and a token's own score ‖q_p‖² is at least that when the norms are alike.
// - "match_pair": n even; tokens come in n/2 pairs at random places. The first
//   ⌈d_model/2⌉ coordinates are a key shared by the two partners (a random unit
//   vector), the rest the token's own value (N(0, 1)). The target of a token is
//   its partner's value (0 in the key coordinates). Perfect: each token attends
//   to its partner alone. A shared QK (PSD) scores a token with itself at least
//   as high as with its partner, so it needs Reformer's no-self mask; W^Q W^Kᵀ
//   can mark self down with negative directions on the value coordinates.
// - "copy_previous" (d_model = 4): the previous-token task with no position in
//   X at all. Token p is (0, 0, c_p, 1): coordinates 0 and 1 empty (where
//   sinusoidal PE writes sin p and cos p), content c_p ~ N(0, 1), and a constant
//   1 that is the same for every token (a bias: queries and keys get a part that
//   does not depend on the content, which RoPE can turn). The target of token p
//   is (0, 0, c_{p−1}, 0), token 0's its own content. Perfect: A_{p,p−1} → 1
//   (with a causal mask, token 0 on itself). Without positions no design can:
//   attention is permutation-equivariant and X says nothing of the order.
// - "align" (cross-attention, needs m; d_model ≥ 3): the m encoder tokens X_kv
//   each carry a key in coordinates 0 and 1, the m directions φ + 2πk/m of that
//   plane (φ uniform) in a random order, and a value (N(0, 1)) in the rest.
//   Decoder token i is aligned to encoder token π(i), drawn uniformly (several
//   may share one): X's row i holds the key of π(i) and its own N(0, 1) content.
//   The target of decoder token i is the value of π(i) (0 in the key
//   coordinates). Perfect: A_{i,π(i)} → 1, W^Q W^Kᵀ a large multiple of the
//   identity on the key plane (approached as its scale grows).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/experiment_json.h"
#include "core/model/experiment.h"
#include "core/model/gradient.h"
#include "core/model/scenario.h"
#include "core/text/json_text.h"
#include "core/training/train_kernel.h"

namespace core {

// attnlab's random numbers: xoshiro256** seeded through splitmix64.
class Random {
 public:
  explicit Random(std::uint64_t seed);
  std::uint64_t next();
  double uniform();  // [0, 1), 53 bits
  double normal();   // N(0, 1), Box–Muller, both values of each pair used
  int below(int bound);  // 0..bound−1 by rejection, without bias

 private:
  std::uint64_t s_[4];
  bool has_spare_ = false;
  double spare_ = 0;
};

// One sequence of a task: its X (and X_kv under cross-attention) and the target the layer should produce.
struct Sequence {
  Mat X, X_kv, target;
  const double* kv() const { return X_kv.size() ? X_kv.data() : nullptr; }
};

// The runs of every variant of an experiment, a step at a time (the app calls
// step() on a worker thread and reads the curves between steps).
class Training {
 public:
  explicit Training(const Experiment& e);

  const Experiment& experiment() const { return e_; }
  int variants() const { return static_cast<int>(runs_.size()); }
  int steps_done() const { return steps_done_; }
  bool finished() const { return steps_done_ >= e_.steps; }
  // One step of every variant on the same fresh batch. After the last one,
  // the final losses (on one more batch) and the test losses are measured.
  void step();
  // From now on every step trains on the batch drawn last instead of a fresh
  // one: what torch_train.py's fixed X and target do, so that scripts/bench
  // compares the same work (the optimisation, not the drawing of data).
  void keep_batch() { keep_batch_ = true; }
  // From now on step() and the end train variants [first, last) alone: one part of a seed's run,
  // trained on a thread of its own (SeededTraining::train_to_end) from a copy of the run. The
  // variants share nothing but the batches, which every copy draws alike.
  void train_only(int first, int last);
  // Takes the variants a copy of this run trained (train_only) and trains them from now on too;
  // both must be at the same step.
  void adopt(Training& part);

  const std::string& name(int v) const { return e_.variants[static_cast<size_t>(v)].name; }
  // Mean L over the batch of each step before it, then, when finished, after the last.
  const std::vector<double>& loss(int v) const { return runs_[static_cast<size_t>(v)].loss; }
  double test_loss(int v) const { return runs_[static_cast<size_t>(v)].test_loss; }  // NaN until finished, or diverged
  // The step k (1..steps) the variant could not take, 0 while it trains (docs/experiments.md,
  // "Divergence"): its loss before step k was not finite, or step k would have taken a weight
  // past ±1e6. It stopped there: its loss ends with the last finite value, its weights are
  // those after k − 1 steps (a scenario the reader accepts), and it has no test loss. k is
  // steps + 1 when the loss after the last step, of weights within the limits, is not finite.
  int diverged(int v) const { return runs_[static_cast<size_t>(v)].diverged; }
  int params(int v) const { return runs_[static_cast<size_t>(v)].params; }
  // A run of a sweep (the experiment has sweep_learning_rate; it trains at learning_rate): the largest
  // |attention logit| of the first sequence (current()'s X) over every head, before the first step and
  // after each step it took (largest_logit below). Empty when not sweeping: it costs a forward pass a step.
  bool sweeping() const { return !e_.sweep_learning_rate.empty(); }
  const std::vector<double>& largest_logits(int v) const { return runs_[static_cast<size_t>(v)].largest_logit; }
  // The variant's weights now (and at the start) as a scenario, with the first
  // sequence of the first batch as X (and X_kv) and its target: what "Open in views" shows.
  Scenario current(int v) const;
  Scenario initial(int v) const;

  // RESULT (docs/experiments.md): {"variants": [...]} and, with record, "batches" (unless told without).
  OrderedJson result_json(bool with_batches = true) const;
  // One variant's fields of RESULT: name and params (with_name), initial, loss, test_loss,
  // diverged when it did, final.
  OrderedJson variant_json(int v, bool with_name = true) const;
  // The recorded batches as RESULT holds them.
  OrderedJson batches_json() const;
  // to_text(result_json()), the batches written one at a time: what --train --out writes.
  std::string result_text() const;

 private:
  struct Run {
    Scenario model;     // the weights; X and target are set per sequence
    Scenario start;     // the weights before the first step
    Gradient grad, m, v;  // this step's gradient and Adam's moments
    TrainKernel kernel;   // the weights as the inner loop reads them, loaded once a step
    KernelGradient kernel_grad;
    std::vector<double> loss;
    std::vector<double> largest_logit;  // sweeping() only
    double test_loss;
    int params = 0;
    int diverged = 0;  // the step it stopped at; 0 while it trains
  };
  void draw_batch(std::vector<Sequence>& out, Random& rng, int count) const;
  double batch_loss(Run& run, const std::vector<Sequence>& batch, bool with_gradient);
  bool update(Run& run);
  void finish();

  Experiment e_;
  TrainKernel teacher_;  // task "teacher": the teacher's weights, loaded once
  std::vector<Run> runs_;
  Random data_;
  std::vector<Sequence> batch_;
  Sequence first_;  // the first sequence of the first batch, drawn by the constructor
  std::vector<std::vector<Sequence>> recorded_;
  int steps_done_ = 0;
  size_t train_first_ = 0, train_last_ = 0;  // the variants step() trains: all but in a part (train_only)
  bool keep_batch_ = false;
};

// The experiment of run r of e (runs_of(e) of them): seed e.seed + r % seeds, seeds 1, and in a sweep
// the rate sweep_learning_rate[r / seeds] as its learning_rate (the sweep kept: the run is one of it).
Experiment one_run(const Experiment& e, int r);

// The largest |logit| (the softmax's input, core::compute's HeadResult::logits; masked ones left
// out) over every head of s: what grows when attention collapses onto one key (Wortsman et al. 2023).
double largest_logit(const Scenario& s);

// Every weight a run may train (each head's W^Q, W^K, W^V, W, W_alt and gain, then W^O), in one
// fixed order: how the page's Web Workers send a run's weights (app/web/training_in_worker.cpp),
// as numbers, exactly, where a scenario's text would take far longer to write and read.
std::vector<double> weights_of(const Scenario& s);
// Puts them back into s, of the sizes they came from; false, with s unchanged, when they do not fit.
bool set_weights(Scenario& s, const std::vector<double>& weights);

// The median of values, numpy's (the mean of the two middle ones when there are an even
// number); NaN when there are none.
double median_of(std::vector<double> values);

// One rate of a sweep, for one variant, over its seeds' runs (docs/experiments.md, "Learning-rate sweeps").
// A run that diverged counts as worse than any that did not: its test loss is +∞, so that the median
// is ∞ when half the runs or more diverged, and the band's top is ∞ when any did.
struct SweepPoint {
  double learning_rate = 0;
  int runs = 0, runs_diverged = 0;
  double median_test_loss = std::numeric_limits<double>::quiet_NaN();
  double test_loss_lo = std::numeric_limits<double>::quiet_NaN(), test_loss_hi = std::numeric_limits<double>::quiet_NaN();
  // Each run's largest |attention logit| over its training (the largest of Training::largest_logits): median and range.
  double median_largest_logit = std::numeric_limits<double>::quiet_NaN();
  double largest_logit_lo = std::numeric_limits<double>::quiet_NaN(), largest_logit_hi = std::numeric_limits<double>::quiet_NaN();
};
// test_losses: each run's (+∞ for one that diverged; NaN for one not finished is not allowed); largest_logits: each run's.
SweepPoint sweep_point(double learning_rate, const std::vector<double>& test_losses, const std::vector<double>& largest_logits);

// A look at one variant of one seed's run after each of its steps (SeededTraining::train_to_end).
struct TrainingWatch {
  int seed = 0, variant = 0;
  std::function<void(const Training&)> after_step;
};

// The runs of an experiment over its seeds (and in a sweep its rates): one Training per run, each
// exactly the one-seed run one_run(e, r), stepped together.
class SeededTraining {
 public:
  explicit SeededTraining(const Experiment& e);
  // Runs [first, first + count) of e's alone: a part of them, trained by one of the page's Web Workers.
  SeededTraining(const Experiment& e, int first, int count);

  const Experiment& experiment() const { return e_; }
  int runs() const { return static_cast<int>(runs_.size()); }
  const Training& run(int s) const { return runs_[static_cast<size_t>(s)]; }
  int steps_done() const { return runs_.front().steps_done(); }
  bool finished() const { return runs_.front().finished(); }
  void step();  // one step of every seed's run, one after the other
  // One step of seed s's run alone: step() is step_run(0), …, step_run(seeds − 1). The lab's
  // worker looks for a cancel between them; the runs must all have stepped before the curves
  // are brought up to date (update_curves).
  void step_run(int s) { runs_[static_cast<size_t>(s)].step(); }
  // Every seed's run to its end, the runs on threads of their own (threads, or as many as the
  // machine has cores): they share nothing, so the result is the same bit for bit. Seeds that
  // would leave a core idle at the end (5 on 2 cores: the fifth) are split by variant, each part
  // on a copy of the run that draws the same batches. progress(k) now and then, k the steps every
  // run has done on average; from the calling thread. watch, when set, is called after each step
  // of the run (or part) that trains watch.variant of seed watch.seed, on the thread that took it.
  void train_to_end(const std::function<void(int)>& progress = {}, int threads = 0, const TrainingWatch& watch = {});

  // One seed: that run's RESULT, as before seeds existed. More: {"seeds": N, "variants": [{"name",
  // "params", "runs": [{"seed", "initial", "loss", "test_loss", ("diverged"), "final", ("batches")}],
  // "median_loss", "median_test_loss"}]}. median_loss[k] is over the runs that reached step k
  // (a diverged run stops); median_test_loss over the runs that did not diverge (null if none).
  // A sweep: {"sweep": {"learning_rate": [...]}, "seeds": N, "variants": [{"name", "params", "sweep":
  // [one SweepPoint's fields per rate], "runs": [every rate's runs, each with its "learning_rate" and
  // "largest_logit"]}]}: no median_loss, which would mix the rates.
  OrderedJson result_json(bool with_batches = true) const;
  std::string result_text() const;
  // A sweep, finished: variant v at each rate, over the seeds.
  std::vector<SweepPoint> sweep(int v) const;
  // RESULT's "runs" of variant v: each run's seed, then its fields as one seed's RESULT has them.
  OrderedJson runs_json(int v) const;

 private:
  Experiment e_;
  std::vector<Training> runs_;
};

// What a reader of RESULT would refuse in it: an "initial" or "final" that the scenario file's
// reader does not accept, a loss that is not a finite number, a test loss missing without
// divergence. Empty for every result Training writes; --train checks before it writes.
std::vector<std::string> result_problems(const OrderedJson& result);

// Runs every step of every seed; progress(step) after each. Returns the RESULT.
OrderedJson run_experiment(const Experiment& e, const std::function<void(int)>& progress = {});

}  // namespace core
