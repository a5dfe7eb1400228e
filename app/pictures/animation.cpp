#include "app/pictures/animation.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <filesystem>
#include <system_error>

#include "app/files/platform_files.h"  // shown_path
#include "app/widgets/caption.h"
#include "core/io/atomic_file.h"
#include "core/text/utf8.h"

namespace app {

AnimationRecorder::AnimationRecorder(const AppState& state, const ScreenshotOptions& picture, int frames, int fps, std::string path)
    : path_(std::move(path)), frames_(frames), fps_(fps), scale_per_frame_(picture.scale_per_frame) {
  const std::string ext = std::filesystem::path(path_).extension().string();
  gif_ = core::equal_ignoring_ascii_case(ext, ".gif");
  if (!gif_ && !core::equal_ignoring_ascii_case(ext, ".mp4")) {
    fail("an animation is .gif or .mp4");
    return;
  }
  renderer_ = std::make_unique<PictureRenderer>(picture);
  if (!renderer_->error().empty()) {
    fail(renderer_->error());
    return;
  }
  const int w = renderer_->width(), h = renderer_->height();
  if (gif_) {
    // The theme's colour maps: the GIF's palettes keep their samples.
    gif_writer_ = std::make_unique<GifWriter>(w, h, state.view.sequential, state.view.diverging);
  } else {
    mp4_writer_ = std::make_unique<Mp4Writer>();
    std::string why;
    if (!mp4_writer_->open(w, h, fps_, &why)) fail(why);
  }
}

AnimationRecorder::~AnimationRecorder() = default;

bool AnimationRecorder::fail(const std::string& why) {
  error_ = shown_path(path_) + ": " + why;
  renderer_.reset();  // nothing more is drawn; the caller's GL and ImGui state are back
  return false;
}

std::pair<int, int> AnimationRecorder::next_to_measure() const {
  if (scale_per_frame_ || !error_.empty()) return {measured_, measured_};
  return {measured_, std::min(frames_, measured_ + kMeasuredPerCall)};
}

void AnimationRecorder::measure(const AppState& state, const core::Scenario& scenario, const TrainingFrame& training) {
  if (!error_.empty() || scale_per_frame_ || measured_ >= frames_) return;
  renderer_->measure_scales(state, scenario, scales_, training);
  if (++measured_ == frames_) renderer_->fix_scales(scales_);
}

bool AnimationRecorder::add(const AppState& state, const core::Scenario* scenario, const PictureCaption& caption,
                            const TrainingFrame& training) {
  if (!error_.empty() || done_ >= frames_) return false;
  renderer_->set_caption(caption);
  if (!renderer_->render(state, rgba_, nullptr, scenario, training)) return fail("frame " + std::to_string(done_ + 1) + " could not be rendered");
  if (!encoded()) return false;
  std::swap(rgba_, encoding_);
  // What the encoding reads, taken now: the frame's pixels, its writer and its delay.
  const auto encode = [gif = gif_writer_.get(), mp4 = mp4_writer_.get(), pixels = encoding_.data(),
                       delay = GifWriter::delay_cs(done_, fps_), frame = done_ + 1] {
    std::string why;
    const bool added = gif ? gif->add(pixels, delay) : mp4->add(pixels, &why);
    if (added) return std::string();
    return "frame " + std::to_string(frame) + ": " + (why.empty() ? std::string(gif ? "GIF" : "MP4") + " encoding failed" : why);
  };
#ifdef __EMSCRIPTEN__
  encode_error_ = encode();
#else
  try {
    encode_error_ = std::async(std::launch::async, encode);
  } catch (const std::system_error&) {  // no thread to be had: encoded here, at once
    std::promise<std::string> now;
    now.set_value(encode());
    encode_error_ = now.get_future();
  }
#endif
  ++done_;
  return true;
}

bool AnimationRecorder::encoded() {
#ifdef __EMSCRIPTEN__
  const std::string why = std::exchange(encode_error_, {});
#else
  const std::string why = encode_error_.valid() ? encode_error_.get() : std::string();
#endif
  return why.empty() || fail(why);
}

bool AnimationRecorder::finish() {
  if (!error_.empty() || !encoded()) return false;
  std::string bytes, why;
  if (!(gif_ ? gif_writer_->finish(bytes, &why) : mp4_writer_->finish(bytes, &why))) return fail(why);
  renderer_.reset();
  return core::write_file_atomically(path_, bytes, &error_);  // its error names the path already
}

SweepRecorder::SweepRecorder(const AppState& state, const core::Sweep& sweep, const ScreenshotOptions& picture, std::string path)
    : base_(state.scenario()), sweep_(sweep), recorder_(state, picture, sweep.frames, sweep.fps, std::move(path)) {}

core::Scenario SweepRecorder::frame_scenario(int k) const {
  core::Scenario s = base_;
  core::set_sweep_value(s, sweep_.param, sweep_.value(k));
  return s;
}

bool SweepRecorder::next(const AppState& state) {
  // First one colour scale per heatmap over every frame, a few frames a call.
  if (const auto [first, last] = recorder_.next_to_measure(); first < last) {
    for (int k = first; k < last; ++k) recorder_.measure(state, frame_scenario(k));
    return error().empty();
  }
  const core::Scenario s = frame_scenario(done());
  if (!recorder_.add(state, &s, sweep_caption(s, sweep_.param, sweep_.value(done())))) return false;
  return !finished() || recorder_.finish();
}

namespace {

ScreenshotOptions training_picture(ScreenshotOptions picture, const core::TrainingAnimation& animation) {
  picture.panel = animation.panel;
  picture.training = true;
  return picture;
}

// The view a training run's frames are drawn in: the theme, the colour maps,
// whether cells print their numbers and the language are the window's (or the session's); the rest
// is as a new window has it, so that the lab's file and the command line's agree.
ViewOptions training_view(const ViewOptions& view, const ScreenshotOptions& picture) {
  return {.theme = picture.theme.value_or(view.theme), .show_numbers = view.show_numbers, .sequential = view.sequential,
          .diverging = view.diverging, .language = view.language};
}

}  // namespace

TrainingRecorder::TrainingRecorder(const AppState& state, const core::Experiment& e, const core::TrainingAnimation& animation,
                                   ScreenshotOptions picture, std::string path)
    : view_(training_view(state.view, picture)),
      experiment_(e),
      animation_(animation),
      variant_(std::max(0, core::training_variant(e, animation.variant))),
      steps_(e.steps),
      recorder_(state, training_picture(picture, animation), animation.frames(e.steps), animation.fps, std::move(path)) {
  experiment_.record = false;  // the batches need not be kept: the same numbers, less memory
  if (!recorder_.error().empty()) return;
  training_ = std::make_unique<core::SeededTraining>(experiment_);
  weights_.push_back(training_->run(0).current(variant_));  // frame 0: the starting weights (the first seed's)
}

TrainingRecorder::~TrainingRecorder() = default;

bool TrainingRecorder::next(double slice) {
  if (!error().empty() || finished()) return false;
  if (training_) {
    const auto start = std::chrono::steady_clock::now();
    const size_t frames = static_cast<size_t>(this->frames());
    while (weights_.size() < frames) {
      training_->step();
      keep_weights(training_->run(0));
      if (slice > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= slice) break;
    }
    trained_ = training_->steps_done();
    if (weights_.size() == frames) end_training();  // the last step done: the final and test losses are in
    return true;
  }
  // Trained: one colour scale per heatmap over every frame, a few frames a call.
  if (const auto [first, last] = recorder_.next_to_measure(); first < last) {
    for (int f = first; f < last; ++f) {
      const Frame frame = frame_state(f);
      recorder_.measure(frame.state, frame.state.scenario(), frame.training);
    }
    return error().empty();
  }
  const Frame frame = frame_state(done());
  if (!recorder_.add(frame.state, nullptr, {}, frame.training)) return false;
  return !finished() || recorder_.finish();
}

void TrainingRecorder::train_to_end(const std::function<void(int)>& progress) {
  if (!error().empty() || !training_) return;
  // The seeds' runs on the machine's cores; the thread that trains the first seed's variant keeps
  // its weights at every frame's step (this thread reads them once all are joined).
  const auto keep = [this](const core::Training& run) { keep_weights(run); };
  training_->train_to_end(progress, 0, core::TrainingWatch{0, variant_, keep});
  trained_ = training_->steps_done();
  end_training();
}

void TrainingRecorder::keep_weights(const core::Training& run) {
  const size_t frames = static_cast<size_t>(this->frames());
  while (weights_.size() < frames && run.steps_done() == animation_.step(static_cast<int>(weights_.size()), steps_))
    weights_.push_back(run.current(variant_));
}

void TrainingRecorder::end_training() {
  curves_ = core::curves_of(*training_);
  axis_ = core::loss_axis(curves_);
  training_.reset();
}

// Frame f: the variant's weights at its step, every curve up to that step (the
// test losses only at the end), the experiment for the title.
TrainingRecorder::Frame TrainingRecorder::frame_state(int f) const {
  Frame picture{AppState(weights_[static_cast<size_t>(f)]), {}};
  AppState& frame = picture.state;
  const int step = animation_.step(f, steps_);
  frame.view = view_;
  frame.lab.experiment = experiment_;
  core::Curves& c = frame.lab.view.curves;
  c.title = curves_.title;
  c.names = curves_.names;
  c.params = curves_.params;
  c.steps = steps_;
  c.steps_done = step;
  const auto up_to_step = [&](const std::vector<std::vector<double>>& curves, std::vector<std::vector<double>>& to) {
    for (const std::vector<double>& loss : curves)
      to.emplace_back(loss.begin(), loss.begin() + std::min<std::ptrdiff_t>(step + 1, static_cast<std::ptrdiff_t>(loss.size())));
  };
  up_to_step(curves_.loss, c.loss);
  up_to_step(curves_.band_lo, c.band_lo);  // over seeds: the median curves with their bands
  up_to_step(curves_.band_hi, c.band_hi);
  c.seeds = curves_.seeds;
  c.test_loss.assign(curves_.test_loss.size(), std::numeric_limits<double>::quiet_NaN());
  c.test_lo = c.test_hi = c.test_loss;
  c.diverged_runs.assign(curves_.diverged_runs.size(), 0);
  if (step == steps_) {
    c.test_loss = curves_.test_loss;
    c.test_lo = curves_.test_lo;
    c.test_hi = curves_.test_hi;
    c.diverged_runs = curves_.diverged_runs;
  }
  // A design that stopped at step k says so from the frame that could have shown step k on.
  c.diverged.clear();
  for (int k : curves_.diverged) c.diverged.push_back(k > 0 && step >= k ? k : 0);
  picture.training = TrainingFrame{animation_.panel, curves_.names[static_cast<size_t>(variant_)], variant_, step, steps_, axis_};
  return picture;
}

bool write_training_animation(const AppState& state, const core::Experiment& e, const core::TrainingAnimation& animation,
                              const ScreenshotOptions& picture, const std::string& path, std::string* error,
                              const std::function<void(int, int, bool)>& progress) {
  TrainingRecorder recorder(state, e, animation, picture, path);
  recorder.train_to_end([&](int step) {
    if (progress) progress(step, recorder.steps(), true);
  });
  while (recorder.error().empty() && !recorder.finished()) {  // trained: the frames, one a call
    if (!recorder.next()) break;
    if (progress) progress(recorder.done(), recorder.frames(), false);
  }
  if (error) *error = recorder.error();
  return recorder.error().empty();
}

bool write_animation(const AppState& state, const core::Sweep& sweep, const ScreenshotOptions& picture, const std::string& path,
                     std::string* error, const std::function<void(int, int)>& progress) {
  SweepRecorder recorder(state, sweep, picture, path);
  while (recorder.error().empty() && !recorder.finished()) {
    if (!recorder.next(state)) break;
    if (progress) progress(recorder.done(), recorder.frames());
  }
  if (error) *error = recorder.error();
  return recorder.error().empty();
}

}  // namespace app
