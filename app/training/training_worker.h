// A run of an experiment on a thread of its own, so that the window stays
// responsive while the designs train (docs/development.md's benchmarks: frame p99 ≤ 16 ms while
// training, cancel at once).
//
// The worker thread alone touches the core::Training. The panel sees what the
// worker publishes, under a lock held for a copy, never for a step: the losses
// since it last looked (appended, not copied whole), and every variant's
// weights a few times a second, for "Open in views" and the live thumbnails.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "app/state/lab_state.h"
#include "core/export/export_curves.h"
#include "core/model/scenario.h"
#include "core/training/training.h"

namespace app {

// Called after every publication by any worker, so that a window asleep in
// glfwWaitEvents wakes to draw the news (the window sets glfwPostEmptyEvent, which
// any thread may call); nullptr, the default: nobody to wake. When this returns,
// no call of the old function is under way, so the window clears it before it
// closes GLFW.
void set_training_waker(void (*wake)());

// Where no thread can be started (the page: a browser lends threads only to a page served with
// COOP/COEP headers), the runs take their steps on the window's loop instead: set before the
// first worker is made, and then advance_training is called once a frame.
void set_training_on_frames(bool on);
// Steps every run that wants them for about budget_ms (one step of every seed at least, when
// one is due); true while a run wants more, to be called again on the next frame.
bool advance_training(double budget_ms);

class TrainingWorker {
 public:
  explicit TrainingWorker(const core::Experiment& e);
  // Cancels: the step under way of one seed's run finishes (a few milliseconds at most), no other starts.
  ~TrainingWorker();
  TrainingWorker(const TrainingWorker&) = delete;
  TrainingWorker& operator=(const TrainingWorker&) = delete;

  void run();    // train until finished or paused
  void pause();  // after the step under way
  void step();   // one step of every variant, then stay paused
  // Slow motion: at most this many steps a second; 0 or less: as fast as it goes.
  void set_rate(double steps_per_second);

  // What the panel draws (app/state/lab_state.h), brought up to date by update().
  using View = RunView;

  // Appends the losses published since view.revision and replaces what else is newer.
  void update(View& view) const;
  bool running() const;

  const core::Experiment& experiment() const { return experiment_; }

 private:
  friend bool advance_training(double budget_ms);
  void loop();
  // The steps of a frame until deadline, on the window's thread (set_training_on_frames); true while more are due.
  bool advance(std::chrono::steady_clock::time_point deadline);
  // With mutex_ held: shows the steps a pause left unpublished; whether a step is wanted;
  // when slow motion's next step is due; one step of every seed's run (the lock free meanwhile),
  // false when cancelled during it.
  void publish_if_paused();
  bool wants_step() const;
  std::chrono::steady_clock::time_point step_due() const;
  bool take_step(std::unique_lock<std::mutex>& lock);
  void publish(bool with_weights);  // with mutex_ held

  const core::Experiment experiment_;
  core::SeededTraining training_;  // the worker thread's alone once it runs

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool cancel_ = false, running_ = false;
  int pending_steps_ = 0;
  double rate_ = 0;
  // Published under mutex_.
  core::Curves published_;
  std::vector<core::Scenario> weights_;
  std::vector<int> weights_diverged_;
  long revision_ = 0, weights_revision_ = 0;
  int weights_step_ = 0;
  double steps_per_second_ = 0;
  std::chrono::steady_clock::time_point last_publish_, last_weights_;
  int steps_at_last_publish_ = 0;
  std::chrono::steady_clock::time_point last_step_ = std::chrono::steady_clock::now();

  std::thread thread_;  // last: it starts once everything above is ready (none on frames)
};

}  // namespace app
