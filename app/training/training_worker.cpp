#include "app/training/training_worker.h"

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

}  // namespace

void set_training_waker(void (*wake)()) {
  std::lock_guard lock(waker_mutex);
  waker = wake;
}

namespace {
// The lab shows curves and weights and writes no RESULT: the batches would only fill memory.
core::Experiment without_recording(core::Experiment e) {
  e.record = false;
  return e;
}
}  // namespace

TrainingWorker::TrainingWorker(const core::Experiment& e) : experiment_(without_recording(e)), training_(experiment_) {
  published_ = core::curves_of(training_);
  weights_.resize(static_cast<size_t>(training_.run(0).variants()));
  {
    std::lock_guard lock(mutex_);
    publish(true);
  }
  thread_ = std::thread([this] { loop(); });
}

TrainingWorker::~TrainingWorker() {
  {
    std::lock_guard lock(mutex_);
    cancel_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void TrainingWorker::run() {
  {
    std::lock_guard lock(mutex_);
    running_ = true;
  }
  wake_.notify_all();
}

void TrainingWorker::pause() {
  {
    std::lock_guard lock(mutex_);
    running_ = false;
    pending_steps_ = 0;
  }
  wake_.notify_all();
}

void TrainingWorker::step() {
  {
    std::lock_guard lock(mutex_);
    running_ = false;
    ++pending_steps_;
  }
  wake_.notify_all();
}

void TrainingWorker::set_rate(double steps_per_second) {
  {
    std::lock_guard lock(mutex_);
    rate_ = steps_per_second > 0 ? steps_per_second : 0;
  }
  wake_.notify_all();
}

bool TrainingWorker::running() const {
  std::lock_guard lock(mutex_);
  return running_ || pending_steps_ > 0;
}

void TrainingWorker::update(View& view) const {
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

void TrainingWorker::loop() {
  std::unique_lock lock(mutex_);
  Clock::time_point last_step = Clock::now();
  for (;;) {
    // Paused with steps not yet shown (a pause that came between a step and its publication): show them.
    if (!running_ && pending_steps_ == 0 &&
        (published_.steps_done != training_.steps_done() || last_weights_ < last_publish_))
      publish(true);
    wake_.wait(lock, [&] { return cancel_ || ((running_ || pending_steps_ > 0) && !training_.finished()); });
    if (cancel_) return;
    if (pending_steps_ == 0 && rate_ > 0) {  // slow motion: wait for this step's time, a rate change or a pause
      const auto due = last_step + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / rate_));
      if (Clock::now() < due) {
        wake_.wait_until(lock, std::min(due, Clock::now() + std::chrono::milliseconds(50)),
                         [&] { return cancel_ || !running_ || pending_steps_ > 0; });
        continue;
      }
    }
    if (pending_steps_ > 0) --pending_steps_;
    // A seed's run at a time, the lock free meanwhile (the window copies what it needs without waiting
    // for a step); a cancel (an edit, a restart) is seen between the seeds, not after all of them.
    for (int s = 0; s < training_.seeds(); ++s) {
      lock.unlock();
      training_.step_run(s);
      lock.lock();
      if (cancel_) return;
    }
    const auto now = Clock::now();
    last_step = now;
    if (training_.finished()) running_ = false;
    const bool stopped = !running_ && pending_steps_ == 0;
    if (stopped || rate_ > 0 || now - last_publish_ >= kCurvesEvery)
      publish(stopped || rate_ > 0 || now - last_weights_ >= kWeightsEvery);
  }
}

}  // namespace app
