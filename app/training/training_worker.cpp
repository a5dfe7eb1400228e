#include "app/training/training_worker.h"

#include <algorithm>
#include <cmath>

#include "core/io/experiment_json.h"

namespace app {

namespace {

using Clock = std::chrono::steady_clock;
// The curves at 60 a second are as smooth as the screen; the weights, which
// are copied whole, 10 a second are enough for thumbnails that keep up.
constexpr auto kCurvesEvery = std::chrono::milliseconds(16), kWeightsEvery = std::chrono::milliseconds(100);

std::mutex waker_mutex;
void (*waker)() = nullptr;  // under waker_mutex

void wake_the_window() {
  std::lock_guard lock(waker_mutex);
  if (waker) waker();
}

bool on_frames = false;
TrainingElsewhere elsewhere;
// The workers alive without a thread (the window's thread alone): trained on the frames, or elsewhere.
std::vector<TrainingWorker*> frame_workers;
int last_id = 0;  // of the runs trained elsewhere

// The lab shows curves and weights and writes no RESULT: the batches would only fill memory.
core::Experiment without_recording(core::Experiment e) {
  e.record = false;
  return e;
}

}  // namespace

void set_training_waker(void (*wake)()) {
  std::lock_guard lock(waker_mutex);
  waker = wake;
}

void set_training_on_frames(bool on) { on_frames = on; }
void set_training_elsewhere(const TrainingElsewhere& where) { elsewhere = where; }

bool advance_training(double budget_ms) {
  if (elsewhere.take_news) {
    // A run ended (an edit, a restart) may still have news on the way: nobody takes it.
    const nlohmann::json all = nlohmann::json::parse(elsewhere.take_news(), nullptr, false);
    if (all.is_array())
      for (const nlohmann::json& batch : all)
        for (const nlohmann::json& news : batch)
          for (TrainingWorker* w : frame_workers)
            if (w->id_ > 0 && (news.value("id", 0) == w->id_ || news.value("id", 0) == -1)) w->take_news(news);
  }
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(budget_ms));
  bool more = false;
  for (TrainingWorker* w : frame_workers)
    if (w->id_ == 0) more |= w->advance(deadline);
  return more;
}

TrainingWorker::TrainingWorker(const core::Experiment& e) : experiment_(without_recording(e)), training_(experiment_) {
  published_ = core::curves_of(training_);
  weights_.resize(static_cast<size_t>(training_.run(0).variants()));
  {
    std::lock_guard lock(mutex_);
    publish(true);
  }
  if (elsewhere.start && (parts_count_ = elsewhere.start(last_id + 1, core::to_text(core::experiment_to_json(experiment_)),
                                                         training_.runs())) > 0) {
    id_ = ++last_id;
    for (int s = 0; s < training_.runs(); ++s) records_.push_back(core::record_of(training_.run(s)));
  }
  if (on_frames || id_ > 0) frame_workers.push_back(this);
  else thread_ = std::thread([this] { loop(); });
}

TrainingWorker::~TrainingWorker() {
  if (!thread_.joinable()) {
    if (id_ > 0) ask(training_news::kEnd);
    frame_workers.erase(std::remove(frame_workers.begin(), frame_workers.end(), this), frame_workers.end());
    return;
  }
  {
    std::lock_guard lock(mutex_);
    cancel_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void TrainingWorker::control(training_news::Control what) {
  {
    std::lock_guard lock(mutex_);
    running_ = what == training_news::kRun;
    if (what == training_news::kPause) pending_steps_ = 0;
    if (what == training_news::kStep) ++pending_steps_;
  }
  wake_.notify_all();
  if (id_ > 0) ask(what);
}

void TrainingWorker::set_rate(double steps_per_second) {
  {
    std::lock_guard lock(mutex_);
    rate_ = steps_per_second > 0 ? steps_per_second : 0;
  }
  wake_.notify_all();
  if (id_ > 0) ask(training_news::kRate, rate_);
}

void TrainingWorker::update(RunView& view) const {
  std::lock_guard lock(mutex_);
  view.running = running_ || pending_steps_ > 0;
  if (view.revision != revision_) {
    core::Curves& c = view.curves;
    if (c.names != published_.names || c.loss.size() != published_.loss.size() || c.seeds != published_.seeds ||
        c.band_lo.size() != published_.band_lo.size()) {
      c = published_;
    } else {  // the new values only: a long run's curves are megabytes
      const auto append = [](std::vector<double>& to, const std::vector<double>& from) {
        if (to.size() > from.size()) to.clear();
        to.insert(to.end(), from.begin() + static_cast<std::ptrdiff_t>(to.size()), from.end());
      };
      for (size_t v = 0; v < c.loss.size(); ++v) append(c.loss[v], published_.loss[v]);
      for (size_t v = 0; v < c.band_lo.size(); ++v) append(c.band_lo[v], published_.band_lo[v]);
      for (size_t v = 0; v < c.band_hi.size(); ++v) append(c.band_hi[v], published_.band_hi[v]);
      c.steps_done = published_.steps_done;
      c.test_loss = published_.test_loss;
      c.test_lo = published_.test_lo;
      c.test_hi = published_.test_hi;
      c.diverged = published_.diverged;
      c.diverged_runs = published_.diverged_runs;
      c.run_test_loss = published_.run_test_loss;  // a sweep's: a number a run
      c.run_largest_logit = published_.run_largest_logit;
    }
    view.steps_per_second = steps_per_second_;
    view.revision = revision_;
  }
  if (view.weights_revision != weights_revision_) {
    view.current = weights_;
    view.current_diverged = weights_diverged_;
    view.current_step = weights_step_;
    view.weights_revision = weights_revision_;
  }
}

void TrainingWorker::publish(bool with_weights) {
  const auto now = Clock::now();
  const int done = training_.steps_done();
  if (done > steps_at_last_publish_ && now > last_publish_)
    steps_per_second_ = (done - steps_at_last_publish_) / std::chrono::duration<double>(now - last_publish_).count();
  core::update_curves(published_, training_);
  steps_at_last_publish_ = done;
  last_publish_ = now;
  ++revision_;
  if (with_weights) {
    // The weights shown and opened in the views are the first seed's run.
    weights_diverged_.resize(weights_.size());
    for (int v = 0; v < training_.run(0).variants(); ++v) {
      weights_[static_cast<size_t>(v)] = training_.run(0).current(v);
      weights_diverged_[static_cast<size_t>(v)] = training_.run(0).diverged(v);
    }
    last_weights_ = now;
    weights_step_ = done;
    ++weights_revision_;
  }
  wake_the_window();
}

void TrainingWorker::publish_if_paused() {
  if (!running_ && pending_steps_ == 0 && (published_.steps_done != training_.steps_done() || last_weights_ < last_publish_))
    publish(true);
}

bool TrainingWorker::wants_step() const { return (running_ || pending_steps_ > 0) && !training_.finished(); }

Clock::time_point TrainingWorker::step_due() const {
  return last_step_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / rate_));
}

bool TrainingWorker::take_step(std::unique_lock<std::mutex>& lock) {
  if (pending_steps_ > 0) --pending_steps_;
  // A seed's run at a time, the lock free meanwhile (the window copies what it needs without waiting
  // for a step); a cancel (an edit, a restart) is seen between the seeds, not after all of them.
  for (int s = 0; s < training_.runs(); ++s) {
    lock.unlock();
    training_.step_run(s);
    lock.lock();
    if (cancel_) return false;
  }
  const auto now = Clock::now();
  last_step_ = now;
  if (training_.finished()) running_ = false;
  const bool stopped = !running_ && pending_steps_ == 0;
  if (stopped || rate_ > 0 || now - last_publish_ >= kCurvesEvery)
    publish(stopped || rate_ > 0 || now - last_weights_ >= kWeightsEvery);
  return true;
}

void TrainingWorker::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    // Paused with steps not yet shown (a pause that came between a step and its publication): show them.
    publish_if_paused();
    wake_.wait(lock, [&] { return cancel_ || wants_step(); });
    if (cancel_) return;
    if (pending_steps_ == 0 && rate_ > 0) {  // slow motion: wait for this step's time, a rate change or a pause
      if (const auto due = step_due(); Clock::now() < due) {
        wake_.wait_until(lock, std::min(due, Clock::now() + std::chrono::milliseconds(50)),
                         [&] { return cancel_ || !running_ || pending_steps_ > 0; });
        continue;
      }
    }
    if (!take_step(lock)) return;
  }
}

bool TrainingWorker::advance(Clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  for (;;) {
    publish_if_paused();
    if (!wants_step()) return false;
    if (pending_steps_ == 0 && rate_ > 0 && Clock::now() < step_due()) return true;  // slow motion: a later frame's
    take_step(lock);
    if (Clock::now() >= deadline) return wants_step();
  }
}

void TrainingWorker::ask(training_news::Control what, double value) {
  ++order_;
  elsewhere.control(id_, what, value, order_);
}

void TrainingWorker::take_news(const nlohmann::json& news) {
  std::lock_guard lock(mutex_);
  if (news.contains("failed")) {
    // A worker could not load, or start its part (it said why in the console): the run trains on
    // the frames, from its start (training_ has not stepped), as what was asked says.
    ask(training_news::kEnd);  // the other workers' parts, if any, stop
    id_ = 0;
    records_.clear();
    parts_.clear();
    published_ = core::curves_of(training_);
    publish(true);
    return;
  }
  const int first = news.value("first_seed", 0);
  const nlohmann::json& seeds = news.at("seeds");
  for (size_t i = 0; i < seeds.size(); ++i) {
    const size_t s = static_cast<size_t>(first) + i;
    if (s >= records_.size()) return;  // not this run's: nothing from it is taken
    const nlohmann::json& seed = seeds[i];
    core::RunRecord& r = records_[s];
    for (size_t v = 0; v < r.loss.size() && v < seed.at("loss").size(); ++v) {
      std::vector<double>& loss = r.loss[v];
      loss.resize(std::min(loss.size(), seed.at("from")[v].get<size_t>()));
      for (const nlohmann::json& x : seed.at("loss")[v]) loss.push_back(training_news::number_of(x));
      r.test_loss[v] = training_news::number_of(seed.at("test_loss")[v]);
      r.diverged[v] = seed.at("diverged")[v].get<int>();
    }
    if (seed.contains("largest_logit")) {
      r.largest_logit.clear();
      for (const nlohmann::json& x : seed.at("largest_logit")) r.largest_logit.push_back(training_news::number_of(x));
    }
    r.steps_done = seed.at("steps_done").get<int>();
  }
  Part& part = parts_[first];
  part.order = news.value("order", 0L);
  part.running = news.value("running", false);
  part.steps_per_second = news.value("steps_per_second", 0.0);
  // Every part has seen the last thing asked, and none trains: what was asked is done.
  bool busy = static_cast<int>(parts_.size()) < parts_count_;
  double slowest = HUGE_VAL;
  for (const auto& [_, p] : parts_) {
    busy |= p.order != order_ || p.running;
    slowest = std::min(slowest, p.steps_per_second);
  }
  if (!busy) {
    running_ = false;
    pending_steps_ = 0;
  }
  core::update_curves(published_, training_.run(0), records_);
  steps_per_second_ = std::isfinite(slowest) ? slowest : 0;
  ++revision_;
  if (news.contains("weights") && news.at("weights").size() == weights_.size()) {
    // The scenarios shown are those of the start (the same first sequence and target), with the
    // weights trained since.
    std::vector<core::Scenario> weights = weights_;
    bool fit = true;
    for (size_t v = 0; v < weights.size(); ++v) {
      std::vector<double> numbers;
      for (const nlohmann::json& x : news.at("weights")[v]) numbers.push_back(training_news::number_of(x));
      fit &= core::set_weights(weights[v], numbers);
    }
    if (fit) {
      weights_ = std::move(weights);
      weights_diverged_ = records_.front().diverged;
      weights_step_ = news.value("weights_step", 0);
      ++weights_revision_;
    }
  }
  wake_the_window();
}

}  // namespace app
