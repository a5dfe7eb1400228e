// Experiments over seeds: every variant once per seed, each run the one-seed run with that
// seed, the runs on the machine's cores; the medians over them; what a reader of RESULT would
// refuse in it. The one-seed Training is training.cpp's.
#include "core/training/training.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <list>
#include <mutex>
#include <thread>

#include "core/io/scenario_io.h"

namespace core {

Experiment one_run(const Experiment& e, int r) {
  const int seeds = std::max(1, e.seeds);
  Experiment one = e;
  one.seed = e.seed + static_cast<std::uint64_t>(r % seeds);  // the reader keeps seed + seeds − 1 below 2^64
  one.seeds = 1;
  if (!e.sweep_learning_rate.empty()) one.learning_rate = e.sweep_learning_rate[static_cast<size_t>(r / seeds)];
  return one;
}

double median_of(std::vector<double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  const size_t half = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half), values.end());
  const double upper = values[half];
  if (values.size() % 2) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half));
  return (lower + upper) / 2;  // numpy's mean of the two, rounded as it rounds
}

SeededTraining::SeededTraining(const Experiment& e) : SeededTraining(e, 0, runs_of(e)) {}

SeededTraining::SeededTraining(const Experiment& e, int first, int count) : e_(e) {
  first = std::clamp(first, 0, runs_of(e) - 1);
  count = std::clamp(count, 1, runs_of(e) - first);
  runs_.reserve(static_cast<size_t>(count));
  for (int r = first; r < first + count; ++r) runs_.emplace_back(one_run(e, r));
}

void SeededTraining::step() {
  for (Training& t : runs_) t.step();
}

namespace {

// What one thread trains at a time: a seed's run, or a part of its variants on a copy of it.
struct Unit {
  Training* run;
  int seed, first, last;  // the variants [first, last) of seed's run
};

}  // namespace

void SeededTraining::train_to_end(const std::function<void(int)>& progress, int threads, const TrainingWatch& watch) {
  const int seeds = runs(), variants = std::max(1, runs_.front().variants());
  if (threads <= 0) threads = static_cast<int>(std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, seeds * variants);
  const auto watched = [&](const Unit& u) {
    return watch.after_step && u.seed == watch.seed && u.first <= watch.variant && watch.variant < u.last;
  };
  if (threads == 1) {  // one core (or a build without threads): the runs one after the other, here
    const int steps = runs_.front().experiment().steps, every = std::max(1, steps / 100);
    for (int s = 0; s < seeds; ++s) {
      Training& run = runs_[static_cast<size_t>(s)];
      const bool watching = watched(Unit{&run, s, 0, variants});
      while (!run.finished()) {
        run.step();
        if (watching) watch.after_step(run);
        // The steps every run has done on average, as below.
        const long total = static_cast<long>(s) * steps + run.steps_done();
        if (progress && (run.steps_done() % every == 0 || run.finished())) progress(static_cast<int>(total / seeds));
      }
    }
    return;
  }
  // The seeds that fill every thread to the end go whole; each of the rest is cut into as many
  // parts as there are threads, so that they end together (when the variants cost alike).
  const int whole = seeds - seeds % threads;
  std::vector<Unit> units;
  std::list<Training> copies;  // the parts beyond the first, each on a copy of its seed's run
  for (int s = 0; s < whole; ++s) units.push_back({&runs_[static_cast<size_t>(s)], s, 0, variants});
  for (int s = whole; s < seeds; ++s) {
    const int parts = std::min(threads, variants);
    for (int p = 0; p < parts; ++p) {
      Training* run = &runs_[static_cast<size_t>(s)];
      if (p > 0) run = &copies.emplace_back(*run);
      units.push_back({run, s, variants * p / parts, variants * (p + 1) / parts});
      if (parts > 1) run->train_only(units.back().first, units.back().last);
    }
  }
  threads = std::min(threads, static_cast<int>(units.size()));
  std::vector<std::atomic<int>> done(units.size());
  for (size_t u = 0; u < units.size(); ++u) done[u] = units[u].run->steps_done();
  std::atomic<int> next{0}, finished{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;  // the first exception of a worker (out of memory), rethrown here
  std::mutex failure_mutex;
  const auto work = [&] {
    try {
      for (int u; !stop && (u = next.fetch_add(1)) < static_cast<int>(units.size());) {
        Training& run = *units[static_cast<size_t>(u)].run;
        const bool watching = watched(units[static_cast<size_t>(u)]);
        while (!stop && !run.finished()) {
          run.step();
          if (watching) watch.after_step(run);
          done[static_cast<size_t>(u)].store(run.steps_done(), std::memory_order_relaxed);
        }
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
    finished.fetch_add(1);
  };
  std::vector<std::thread> pool;
  // Joined on every way out: a thread left joinable would end the program.
  struct Joiner {
    std::vector<std::thread>& threads;
    ~Joiner() {
      for (std::thread& t : threads)
        if (t.joinable()) t.join();
    }
  } joiner{pool};
  try {
    for (int i = 0; i < threads; ++i) pool.emplace_back(work);
  } catch (...) {  // no thread to be had: those there are, and this one, do the work
    if (pool.empty()) work();
  }
  const int workers = pool.empty() ? 1 : static_cast<int>(pool.size());
  // The calling thread reports, about twenty times a second: the steps every run has done
  // on average, a part counting for its share of the variants (the runs waiting for a core
  // count as far as they are).
  int shown = -1;
  for (;;) {
    const bool all = finished.load() == workers;
    long total = 0;
    for (size_t u = 0; u < units.size(); ++u)
      total += static_cast<long>(units[u].last - units[u].first) * done[u].load(std::memory_order_relaxed);
    const int average = static_cast<int>(total / (static_cast<long>(seeds) * variants));
    if (progress && average != shown && !stop) {
      try {
        progress(shown = average);
      } catch (...) {
        stop = true;
        throw;  // the Joiner waits for the workers, which stop at their next step
      }
    }
    if (all) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(progress ? 50 : 5));
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  // Each split seed's run takes back the variants its copies trained.
  for (const Unit& u : units)
    if (u.run != &runs_[static_cast<size_t>(u.seed)]) runs_[static_cast<size_t>(u.seed)].adopt(*u.run);
  for (Training& run : runs_) run.train_only(0, run.variants());
}

SweepPoint sweep_point(double learning_rate, const std::vector<double>& test_losses, const std::vector<double>& largest_logits) {
  SweepPoint p;
  p.learning_rate = learning_rate;
  p.runs = static_cast<int>(test_losses.size());
  std::vector<double> finite;
  for (const double x : test_losses)
    if (std::isfinite(x)) finite.push_back(x);
  p.runs_diverged = p.runs - static_cast<int>(finite.size());
  if (p.runs > 0) {
    // Each diverged run above every finite one: the median is a diverged run's (∞) when half of them or more diverged.
    std::vector<double> ranked = finite;
    ranked.insert(ranked.end(), static_cast<size_t>(p.runs_diverged), std::numeric_limits<double>::infinity());
    p.median_test_loss = median_of(ranked);
    p.test_loss_lo = finite.empty() ? std::numeric_limits<double>::infinity() : *std::min_element(finite.begin(), finite.end());
    p.test_loss_hi = p.runs_diverged ? std::numeric_limits<double>::infinity() : *std::max_element(finite.begin(), finite.end());
  }
  if (!largest_logits.empty()) {
    p.median_largest_logit = median_of(largest_logits);
    p.largest_logit_lo = *std::min_element(largest_logits.begin(), largest_logits.end());
    p.largest_logit_hi = *std::max_element(largest_logits.begin(), largest_logits.end());
  }
  return p;
}

namespace {

OrderedJson finite_or_null(double x) { return std::isfinite(x) ? OrderedJson(x) : OrderedJson(nullptr); }

OrderedJson sweep_point_json(const SweepPoint& p) {
  OrderedJson j;
  j["learning_rate"] = p.learning_rate;
  j["median_test_loss"] = finite_or_null(p.median_test_loss);
  j["test_loss_min"] = finite_or_null(p.test_loss_lo);
  j["test_loss_max"] = finite_or_null(p.test_loss_hi);
  j["runs_diverged"] = p.runs_diverged;
  j["median_largest_logit"] = p.median_largest_logit;
  j["largest_logit_min"] = p.largest_logit_lo;
  j["largest_logit_max"] = p.largest_logit_hi;
  return j;
}

}  // namespace

std::vector<SweepPoint> SeededTraining::sweep(int v) const {
  std::vector<SweepPoint> points;
  const int seeds = std::max(1, e_.seeds);
  for (size_t k = 0; k < e_.sweep_learning_rate.size(); ++k) {
    std::vector<double> tests, logits;
    for (int s = 0; s < seeds; ++s) {
      const size_t r = k * static_cast<size_t>(seeds) + static_cast<size_t>(s);
      if (r >= runs_.size()) break;
      const Training& t = runs_[r];
      tests.push_back(t.diverged(v) ? std::numeric_limits<double>::infinity() : t.test_loss(v));
      const std::vector<double>& series = t.largest_logits(v);
      if (!series.empty()) logits.push_back(*std::max_element(series.begin(), series.end()));
    }
    points.push_back(sweep_point(e_.sweep_learning_rate[k], tests, logits));
  }
  return points;
}

OrderedJson SeededTraining::runs_json(int v) const {
  OrderedJson runs = OrderedJson::array();
  for (const Training& t : runs_) {
    OrderedJson r;
    r["seed"] = t.experiment().seed;
    OrderedJson fields = t.variant_json(v, /*with_name=*/false);
    for (auto& [key, value] : fields.items()) r[key] = std::move(value);
    runs.push_back(std::move(r));
  }
  return runs;
}

OrderedJson SeededTraining::result_json(bool with_batches) const {
  const bool sweeping = !e_.sweep_learning_rate.empty();
  if (runs() == 1 && !sweeping) return runs_.front().result_json(with_batches);
  OrderedJson out;
  if (sweeping) out["sweep"] = {{"learning_rate", e_.sweep_learning_rate}};
  out["seeds"] = std::max(1, e_.seeds);
  OrderedJson variants = OrderedJson::array();
  for (int v = 0; v < runs_.front().variants(); ++v) {
    OrderedJson j;
    j["name"] = runs_.front().name(v);
    j["params"] = runs_.front().params(v);
    if (sweeping) {
      OrderedJson points = OrderedJson::array();
      for (const SweepPoint& p : sweep(v)) points.push_back(sweep_point_json(p));
      j["sweep"] = std::move(points);
      j["runs"] = runs_json(v);
      variants.push_back(std::move(j));
      continue;
    }
    size_t longest = 0;
    std::vector<double> test_losses;
    for (const Training& t : runs_) {
      longest = std::max(longest, t.loss(v).size());
      if (std::isfinite(t.test_loss(v))) test_losses.push_back(t.test_loss(v));
    }
    OrderedJson median_loss = OrderedJson::array();
    for (size_t k = 0; k < longest; ++k) {
      std::vector<double> at;
      for (const Training& t : runs_)
        if (k < t.loss(v).size()) at.push_back(t.loss(v)[k]);
      median_loss.push_back(median_of(std::move(at)));
    }
    j["median_loss"] = std::move(median_loss);
    j["median_test_loss"] = test_losses.empty() ? OrderedJson(nullptr) : OrderedJson(median_of(std::move(test_losses)));
    j["runs"] = runs_json(v);  // last: the keys before it never move the runs again
    variants.push_back(std::move(j));
  }
  out["variants"] = std::move(variants);
  // A seed's batches are every variant's: once per seed, in the order of the runs.
  if (e_.record && with_batches) {
    OrderedJson batches = OrderedJson::array();
    for (const Training& t : runs_) batches.push_back(t.batches_json());
    out["batches"] = std::move(batches);
  }
  return out;
}

std::string SeededTraining::result_text() const {
  // One seed keeps the batches' streaming writer; several are bounded together by the reader
  // ((steps + 1) × batch × seeds recorded sequences).
  return runs() == 1 && e_.sweep_learning_rate.empty() ? runs_.front().result_text() : to_text(result_json());
}

namespace {

void variant_problems(const OrderedJson& v, const std::string& where, std::vector<std::string>& problems) {
    for (const char* key : {"initial", "final"}) {
      const LoadResult back = v.contains(key) ? parse_scenario(v[key].dump()) : LoadResult{{}, {"missing"}};
      if (!back.ok()) problems.push_back(where + key + ": " + back.errors.front());
    }
    if (!v.contains("loss") || !v["loss"].is_array()) problems.push_back(where + "loss: missing");
    else
      for (const OrderedJson& x : v["loss"])
        if (!x.is_number() || !std::isfinite(x.get<double>())) {
          problems.push_back(where + "loss: " + x.dump() + " is not a finite number");
          break;
        }
    if (!v.contains("diverged") && !(v.contains("test_loss") && v["test_loss"].is_number() && std::isfinite(v["test_loss"].get<double>())))
      problems.push_back(where + "test_loss: not a number, and the variant did not diverge");
}

}  // namespace

std::vector<std::string> result_problems(const OrderedJson& result) {
  std::vector<std::string> problems;
  if (!result.contains("variants") || !result["variants"].is_array()) return {"variants: missing"};
  for (size_t i = 0; i < result["variants"].size(); ++i) {
    const OrderedJson& v = result["variants"][i];
    const std::string where = "variants[" + std::to_string(i) + "].";
    if (!v.contains("runs")) {
      variant_problems(v, where, problems);
      continue;
    }
    if (v.contains("sweep") && v["runs"].is_array()) {  // a sweep's: its runs, and no median over them
      for (size_t r = 0; r < v["runs"].size(); ++r) variant_problems(v["runs"][r], where + "runs[" + std::to_string(r) + "].", problems);
      continue;
    }
    if (!v["runs"].is_array() || !v.contains("median_loss") || !v["median_loss"].is_array()) {
      problems.push_back(where + "runs, median_loss: expected arrays");
      continue;
    }
    for (size_t r = 0; r < v["runs"].size(); ++r) variant_problems(v["runs"][r], where + "runs[" + std::to_string(r) + "].", problems);
    for (const OrderedJson& x : v["median_loss"])
      if (!x.is_number() || !std::isfinite(x.get<double>())) {
        problems.push_back(where + "median_loss: " + x.dump() + " is not a finite number");
        break;
      }
  }
  return problems;
}

OrderedJson run_experiment(const Experiment& e, const std::function<void(int)>& progress) {
  SeededTraining training(e);
  training.train_to_end(progress);
  return training.result_json();
}

}  // namespace core
