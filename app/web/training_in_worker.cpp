// The page's lab trains here, in Web Workers (web/training_worker_pre.js runs this file's
// functions), so that the page's frames stay smooth and a race runs as fast as the processor
// allows. A Web Worker needs no SharedArrayBuffer, and so no special headers on the server, and
// shares no memory with the page: what it trains arrives as messages, and the news goes back as
// text (app/training/training_worker.cpp's page side reads it).
//
// Each run the page starts (an id) has here the runs [first, first + count) of its experiment (one
// per seed, and per rate in a sweep), each exactly core::one_run's: the page splits a race's runs
// among its workers and draws the curves from all of them (core::update_curves of RunRecords).
// Only core is linked: no window, no GL.
#include <emscripten.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/training/training_news.h"
#include "core/io/experiment_json.h"
#include "core/text/json_text.h"
#include "core/training/training.h"

namespace {

using Clock = std::chrono::steady_clock;
// As the desktop's worker publishes (training_worker.cpp): the curves at 60 a second, the weights 10.
constexpr auto kCurvesEvery = std::chrono::milliseconds(16), kWeightsEvery = std::chrono::milliseconds(100);

struct Run {
  int first_seed = 0;
  core::SeededTraining training;
  bool running = false;
  int pending_steps = 0;
  double rate = 0;  // slow motion: steps a second; 0: as fast as it goes
  long order = 0;   // the page's last control message seen: news after it tells the page what that did
  Clock::time_point last_step = Clock::now(), last_news = Clock::now(), last_weights = Clock::now();
  std::vector<std::vector<size_t>> sent;  // per seed, per variant: the losses the page has
  int steps_at_last_news = 0;
  double steps_per_second = 0;
  bool news_due = true, weights_due = true;

  Run(const core::Experiment& e, int first, int count) : first_seed(first), training(e, first, count) {
    sent.assign(static_cast<size_t>(training.runs()), std::vector<size_t>(static_cast<size_t>(training.run(0).variants()), 0));
  }
  bool wants_step() const { return (running || pending_steps > 0) && !training.finished(); }
  Clock::time_point step_due() const {
    return last_step + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / rate));
  }
};

std::map<int, std::unique_ptr<Run>> runs;

core::OrderedJson number(double x) { return app::training_news::number<core::OrderedJson>(x); }

void take_step(Run& run) {
  if (run.pending_steps > 0) --run.pending_steps;
  run.training.step();
  const auto now = Clock::now();
  run.last_step = now;
  if (run.training.finished()) run.running = false;
  const bool stopped = !run.running && run.pending_steps == 0;
  if (stopped || run.rate > 0 || now - run.last_news >= kCurvesEvery) run.news_due = true;
  if (stopped || run.rate > 0 || now - run.last_weights >= kWeightsEvery) run.weights_due = true;
}

// The news of a run since its last: each seed's new losses, its test losses and divergences, and
// the first seed's weights (core::weights_of: what "Open in views" opens), when due.
core::OrderedJson news_of(int id, Run& run) {
  const auto now = Clock::now();
  const int done = run.training.steps_done();
  if (done > run.steps_at_last_news && now > run.last_news)
    run.steps_per_second = (done - run.steps_at_last_news) / std::chrono::duration<double>(now - run.last_news).count();
  run.steps_at_last_news = done;
  run.last_news = now;
  core::OrderedJson news = {{"id", id}, {"order", run.order}, {"first_seed", run.first_seed},
                            {"running", run.running || run.pending_steps > 0}, {"steps_per_second", run.steps_per_second}};
  core::OrderedJson seeds = core::OrderedJson::array();
  for (int s = 0; s < run.training.runs(); ++s) {
    const core::Training& t = run.training.run(s);
    core::OrderedJson seed = {{"steps_done", t.steps_done()}}, from = core::OrderedJson::array(), loss = core::OrderedJson::array(),
                      test = core::OrderedJson::array(), diverged = core::OrderedJson::array(),
                      largest = core::OrderedJson::array();
    for (int v = 0; v < t.variants(); ++v) {
      size_t& sent = run.sent[static_cast<size_t>(s)][static_cast<size_t>(v)];
      const std::vector<double>& all = t.loss(v);
      if (sent > all.size()) sent = 0;
      core::OrderedJson added = core::OrderedJson::array();
      for (size_t k = sent; k < all.size(); ++k) added.push_back(number(all[k]));
      from.push_back(sent);
      loss.push_back(std::move(added));
      sent = all.size();
      test.push_back(number(t.test_loss(v)));
      diverged.push_back(t.diverged(v));
      if (t.sweeping()) largest.push_back(number(t.largest_logits(v).empty() ? NAN : *std::max_element(t.largest_logits(v).begin(), t.largest_logits(v).end())));
    }
    if (t.sweeping()) seed["largest_logit"] = std::move(largest);
    seed["from"] = std::move(from);
    seed["loss"] = std::move(loss);
    seed["test_loss"] = std::move(test);
    seed["diverged"] = std::move(diverged);
    seeds.push_back(std::move(seed));
  }
  news["seeds"] = std::move(seeds);
  if (run.weights_due && run.first_seed == 0) {
    core::OrderedJson weights = core::OrderedJson::array();
    for (int v = 0; v < run.training.run(0).variants(); ++v) {
      core::OrderedJson numbers = core::OrderedJson::array();
      for (const double x : core::weights_of(run.training.run(0).current(v))) numbers.push_back(number(x));
      weights.push_back(std::move(numbers));
    }
    news["weights"] = std::move(weights);
    news["weights_step"] = done;
    run.last_weights = now;
  }
  run.news_due = run.weights_due = false;
  return news;
}

char* c_string(const std::string& text) {
  char* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (out) std::memcpy(out, text.c_str(), text.size() + 1);
  return out;
}

}  // namespace

extern "C" {

// A run of the experiment (its file's text, as the lab has it): its runs [first, first + count).
// Null when all is well; else why not, to be freed.
EMSCRIPTEN_KEEPALIVE char* attnlab_worker_start(int id, const char* experiment, int first, int count) {
  core::ExperimentLoad loaded = core::parse_experiment(experiment, true);
  if (!loaded.ok()) return c_string(loaded.message());
  core::Experiment e = *loaded.experiment;
  e.record = false;  // the lab writes no RESULT: the batches would only fill memory
  runs[id] = std::make_unique<Run>(e, first, count);  // run r of the race is core::one_run(e, r)
  return nullptr;
}

// Run, pause, step, rate (value: steps a second), end; order: the page's count of its messages.
EMSCRIPTEN_KEEPALIVE void attnlab_worker_control(int id, int what, double value, double order) {
  const auto found = runs.find(id);
  if (found == runs.end()) return;
  Run& run = *found->second;
  run.order = static_cast<long>(order);
  run.news_due = true;
  using namespace app::training_news;
  switch (what) {
    // A finished run takes no more steps (a Run or Step the page sent before it heard of the end).
    case kRun: run.running = !run.training.finished(); break;
    case kPause: run.running = false, run.pending_steps = 0, run.weights_due = true; break;
    case kStep: run.running = false, run.pending_steps += run.training.finished() ? 0 : 1; break;
    case kRate: run.rate = value > 0 ? value : 0; break;
    case kEnd: runs.erase(found); break;
    default: break;
  }
}

// Steps every run that wants them for about budget_ms. The milliseconds until a step is due: 0
// at once, more in slow motion, −1 when none wants one (the worker then waits for a message).
EMSCRIPTEN_KEEPALIVE double attnlab_worker_advance(double budget_ms) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(budget_ms));
  double next = -1;
  for (auto& [id, run] : runs) {
    while (run->wants_step()) {
      if (run->pending_steps == 0 && run->rate > 0 && Clock::now() < run->step_due()) {
        const double wait = std::chrono::duration<double, std::milli>(run->step_due() - Clock::now()).count();
        next = next < 0 ? wait : std::min(next, wait);
        break;
      }
      take_step(*run);
      if (Clock::now() >= deadline) {
        if (run->wants_step()) next = 0;
        break;
      }
    }
  }
  return next;
}

// The news of every run that has some, as a JSON array of objects (news_of); null when none.
// To be freed.
EMSCRIPTEN_KEEPALIVE char* attnlab_worker_news() {
  core::OrderedJson all = core::OrderedJson::array();
  for (auto& [id, run] : runs)
    if (run->news_due || run->weights_due) all.push_back(news_of(id, *run));
  return all.empty() ? nullptr : c_string(all.dump());
}

}  // extern "C"
