// Animations: pictures rendered frame by frame offscreen (like --screenshot)
// and written as an animated GIF or an H.264 MP4. The command line's --animate
// records a sweep in one go; the window's Record sweep (File → Export
// animation) records the same sweep one frame per drawn frame, so that its
// progress bar moves and Cancel answers, and writes the same file.
#pragma once

#include <functional>
#ifndef __EMSCRIPTEN__
#include <future>  // the encoder's thread: the page has none
#endif
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/app_state.h"
#include "app/media/gif_writer.h"
#include "app/media/mp4_writer.h"
#include "app/pictures/screenshot.h"
#include "core/animation/sweep.h"
#include "core/animation/training_animation.h"
#include "core/export/export_curves.h"
#include "core/training/training.h"

namespace app {

// Frames laid out a call to find an animation's colour scales before any is drawn.
inline constexpr int kMeasuredPerCall = 30;

// The encoder and the renderer of one animation, fed a frame at a time.
// Needs a current OpenGL 3.3 context with the heatmap renderer set, from
// construction to destruction. The format is the path's extension (.gif or
// .mp4). The file is written whole by finish() or not at all.
class AnimationRecorder {
 public:
  // frames pictures at fps; the GIF's palettes keep state's colour maps.
  AnimationRecorder(const AppState& state, const ScreenshotOptions& picture, int frames, int fps, std::string path);
  ~AnimationRecorder();
  AnimationRecorder(const AnimationRecorder&) = delete;
  AnimationRecorder& operator=(const AnimationRecorder&) = delete;

  // Why it cannot go on, naming the path; empty while it can.
  const std::string& error() const { return error_; }
  int frames() const { return frames_; }
  int done() const { return done_; }  // frames added so far
  const std::string& path() const { return path_; }

  // Before the first frame, the frames whose colour scales are to be measured next, [first, last):
  // kMeasuredPerCall a call, so that the window's Cancel answers meanwhile. Empty once every
  // frame is measured, or with ScreenshotOptions::scale_per_frame.
  std::pair<int, int> next_to_measure() const;
  // Folds the next frame's colour scales (state showing scenario) into the animation's; after
  // the last frame's, they are the scales of every frame drawn. training: a training run's frame.
  void measure(const AppState& state, const core::Scenario& scenario, const TrainingFrame& training = {});
  // Renders state (showing scenario instead of its own, when given) as the next frame, with
  // caption below its panels when there is one; training: a training run's frame.
  bool add(const AppState& state, const core::Scenario* scenario = nullptr, const PictureCaption& caption = {},
           const TrainingFrame& training = {});
  // After the last frame: the end of the encoding, and the file written atomically.
  bool finish();

 private:
  bool fail(const std::string& why);
  // Waits for the frame being encoded; false (and failed) where its encoding failed.
  bool encoded();
  std::string path_;
  int frames_ = 0, fps_ = 0, done_ = 0;
  int measured_ = 0;  // frames whose colour scales are measured
  bool gif_ = false, scale_per_frame_ = false;
  std::map<std::string, double> scales_;
  std::string error_;
  std::unique_ptr<PictureRenderer> renderer_;
  std::unique_ptr<GifWriter> gif_writer_;
  std::unique_ptr<Mp4Writer> mp4_writer_;
  std::vector<unsigned char> rgba_;      // the frame being rendered
  std::vector<unsigned char> encoding_;  // the frame before, being encoded
  // The frame before is encoded on a thread of its own while the next is rendered (the page,
  // which has no threads, encodes it at once): the same frames, in the same order, the same file.
  // Its error, empty where it was encoded. Last, so that it is waited for before the rest goes.
#ifdef __EMSCRIPTEN__
  std::string encode_error_;
#else
  std::future<std::string> encode_error_;
#endif
};

// A sweep being recorded: the scenario as it was when the recording began,
// PARAM moved to its k-th value in frame k, named with its value below the panels.
class SweepRecorder {
 public:
  // sweep_problem(state.scenario(), sweep) must be "".
  SweepRecorder(const AppState& state, const core::Sweep& sweep, const ScreenshotOptions& picture, std::string path);
  const std::string& error() const { return recorder_.error(); }
  int frames() const { return recorder_.frames(); }
  int done() const { return recorder_.done(); }
  bool finished() const { return done() == frames(); }
  const std::string& path() const { return recorder_.path(); }
  // The next frame, drawn from state's view, lessons and lab; once the last
  // is added, the file is written. False on failure (error() says why).
  bool next(const AppState& state);

 private:
  core::Scenario frame_scenario(int k) const;  // the scenario with PARAM at its k-th value
  core::Scenario base_;
  core::Sweep sweep_;
  AnimationRecorder recorder_;
};

// A training run being recorded (--animate training, the lab's "Animation of
// the run"): a fresh core::Training of the experiment, not the lab's live run,
// so that the file depends on the experiment and the choices alone. The run is
// trained first, a slice per call, keeping the chosen variant's weights at
// every frame's step; then the frames are rendered, one per call, each with
// every variant's curve up to its step on the axes of the whole run.
class TrainingRecorder {
 public:
  // training_animation_problem(e, animation) must be "". picture.panel is
  // animation.panel and picture.training is set by the constructor.
  TrainingRecorder(const AppState& state, const core::Experiment& e, const core::TrainingAnimation& animation, ScreenshotOptions picture,
                   std::string path);
  ~TrainingRecorder();
  const std::string& error() const { return recorder_.error(); }
  int frames() const { return recorder_.frames(); }
  int done() const { return recorder_.done(); }  // frames rendered
  int steps() const { return steps_; }
  int steps_trained() const { return trained_; }
  bool training() const { return training_ != nullptr; }  // still training: no frame rendered yet
  bool finished() const { return done() == frames(); }
  const std::string& path() const { return recorder_.path(); }
  // Trains for about `slice` seconds (whole frames' steps; 0: to the end) while
  // the run is not trained, else renders the next frame; once the last is added,
  // the file is written. False on failure (error() says why).
  bool next(double slice = 0.03);
  // Trains the whole run at once, the seeds on the machine's cores: what next() would train
  // a slice at a time, the same weights. progress(step) now and then, from this thread.
  void train_to_end(const std::function<void(int)>& progress = {});

 private:
  // Frame f: the state it draws (the variant's weights, the curves so far) and its step.
  struct Frame {
    AppState state;
    TrainingFrame training;
  };
  Frame frame_state(int f) const;
  // After a step of the first seed's run (next(), or train_to_end's thread): the variant's
  // weights, kept for each frame that shows this step. Both ways of training keep them so.
  void keep_weights(const core::Training& run);
  void end_training();  // the curves and their axis from the trained run, which is let go
  ViewOptions view_;                  // the view the frames are drawn in: the theme and colour maps chosen, the rest as a new window's
  core::Experiment experiment_;
  core::TrainingAnimation animation_;
  int variant_ = 0, steps_ = 0, trained_ = 0;
  std::unique_ptr<core::SeededTraining> training_;  // until the run is trained
  std::vector<core::Scenario> weights_;       // the variant's weights at each frame's step, with the run's first sequence
  core::Curves curves_;                       // the whole run's
  core::LossAxis axis_;
  AnimationRecorder recorder_;
};

// The whole run at once (--animate training). On failure *error says why and
// nothing is left at path. progress(done, total, training) is called after each
// slice of training (steps) and after each frame (frames).
bool write_training_animation(const AppState& state, const core::Experiment& e, const core::TrainingAnimation& animation,
                              const ScreenshotOptions& picture, const std::string& path, std::string* error,
                              const std::function<void(int, int, bool)>& progress = {});

// The whole sweep at once (--animate). On failure *error says why and nothing
// is left at path. progress(done, total) is called after each frame.
bool write_animation(const AppState& state, const core::Sweep& sweep, const ScreenshotOptions& picture, const std::string& path,
                     std::string* error, const std::function<void(int, int)>& progress = {});

}  // namespace app
