// A run of an experiment on a thread of its own, so that the window stays
// responsive while the designs train (docs/development.md's benchmarks: frame p99 ≤ 16 ms while
// training, cancel at once).
//
// The worker thread alone touches the core::Training. The panel sees what the
// worker publishes, under a lock held for a copy, never for a step: the losses
// since it last looked (appended, not copied whole), and every variant's
// weights a few times a second, for "Open in views" and the live thumbnails.
//
// The page has no threads to lend (a browser lends them only to a page served with COOP/COEP
// headers): there the runs train in Web Workers (TrainingElsewhere), whose news is taken on the
// window's thread each frame, or, where a browser refuses workers, on the frames themselves.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/state/lab_state.h"
#include "app/training/training_news.h"
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
// COOP/COEP headers), a run that cannot train elsewhere (below) takes its steps on the window's
// loop instead: set before the first worker is made, and then advance_training is called once a frame.
void set_training_on_frames(bool on);
// Takes the news of the runs trained elsewhere, then steps every run on the frames that wants
// steps for about budget_ms (one step of every seed at least, when one is due); true while a run
// on the frames wants more, to be called again on the next frame.
bool advance_training(double budget_ms);

// Where the runs train in other processes that share no memory with the window (the page's Web
// Workers: app/web/page_training.cpp and app/web/training_in_worker.cpp): how to reach them.
// Set before the first worker is made, with set_training_on_frames(true) as the fallback for a
// run that cannot start there; advance_training then also brings in their news each frame.
struct TrainingElsewhere {
  // Starts run `id` of the experiment (its file's text) over its seeds, each worker a part of
  // them: how many parts. 0 when no worker can be had (the run then takes its steps on the frames).
  int (*start)(int id, const std::string& experiment, int seeds) = nullptr;
  // What the panel asks (training_news::Control); order counts the messages of run id.
  void (*control)(int id, int what, double value, long order) = nullptr;
  // The news of every run since the last call: a JSON array of arrays of news (training_in_worker.cpp).
  std::string (*take_news)() = nullptr;
};
void set_training_elsewhere(const TrainingElsewhere& where);

class TrainingWorker {
 public:
  explicit TrainingWorker(const core::Experiment& e);
  // Cancels: the step under way of one seed's run finishes (a few milliseconds at most), no other starts.
  ~TrainingWorker();
  TrainingWorker(const TrainingWorker&) = delete;
  TrainingWorker& operator=(const TrainingWorker&) = delete;

  void run() { control(training_news::kRun); }      // train until finished or paused
  void pause() { control(training_news::kPause); }  // after the step under way
  void step() { control(training_news::kStep); }    // one step of every variant, then stay paused
  // Slow motion: at most this many steps a second; 0 or less: as fast as it goes.
  void set_rate(double steps_per_second);

  // Brings view, what the panel draws (app/state/lab_state.h), up to date: appends the losses
  // published since view.revision and replaces what else is newer.
  void update(RunView& view) const;

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
  void control(training_news::Control what);  // run, pause or step: here, and where it trains
  std::chrono::steady_clock::time_point step_due() const;
  bool take_step(std::unique_lock<std::mutex>& lock);
  void publish(bool with_weights);  // with mutex_ held
  // Trained elsewhere: asks it (order_ counts what was asked), and takes one piece of its news.
  void ask(training_news::Control what, double value = 0);
  void take_news(const nlohmann::json& news);

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

  // Trained elsewhere (id_ > 0): each seed's run as its news tells it, and per part of the
  // seeds (by its first seed) the last message it had seen and whether it was still training.
  int id_ = 0, parts_count_ = 0;
  long order_ = 0;
  std::vector<core::RunRecord> records_;
  struct Part {
    long order = -1;
    bool running = true;
    double steps_per_second = 0;
  };
  std::map<int, Part> parts_;

  std::thread thread_;  // last: it starts once everything above is ready (none on frames or elsewhere)
};

}  // namespace app
