#include "app/animation.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/atomic_file.h"

namespace app {

AnimationRecorder::AnimationRecorder(const AppState& state, const ScreenshotOptions& picture, int frames, int fps, std::string path)
    : path_(std::move(path)), frames_(frames), fps_(fps) {
  std::string ext = std::filesystem::path(path_).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  gif_ = ext == ".gif";
  if (!gif_ && ext != ".mp4") {
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
  error_ = core::short_path(path_) + ": " + why;
  renderer_.reset();  // nothing more is drawn; the caller's GL and ImGui state are back
  return false;
}

bool AnimationRecorder::add(const AppState& state, const core::Scenario* scenario) {
  if (!error_.empty() || done_ >= frames_) return false;
  if (!renderer_->render(state, rgba_, nullptr, scenario)) return fail("frame " + std::to_string(done_ + 1) + " could not be rendered");
  std::string why;
  const bool added = gif_ ? gif_writer_->add(rgba_.data(), GifWriter::delay_cs(done_, fps_)) : mp4_writer_->add(rgba_.data(), &why);
  if (!added) return fail(why.empty() ? "GIF encoding failed" : why);
  ++done_;
  return true;
}

bool AnimationRecorder::finish() {
  if (!error_.empty()) return false;
  std::string bytes, why;
  if (!(gif_ ? gif_writer_->finish(bytes, &why) : mp4_writer_->finish(bytes, &why))) return fail(why);
  renderer_.reset();
  std::string write_error;
  if (!core::write_file_atomically(path_, bytes, &write_error)) {
    error_ = write_error;  // it names the path already
    return false;
  }
  return true;
}

SweepRecorder::SweepRecorder(const AppState& state, const Sweep& sweep, const ScreenshotOptions& picture, std::string path)
    : base_(state.scenario()), sweep_(sweep), recorder_(state, picture, sweep.frames, sweep.fps, std::move(path)) {}

bool SweepRecorder::next(const AppState& state) {
  core::Scenario s = base_;
  set_sweep_value(s, sweep_.param, sweep_.value(done()));
  if (!recorder_.add(state, &s)) return false;
  return !finished() || recorder_.finish();
}

bool write_animation(const AppState& state, const Sweep& sweep, const ScreenshotOptions& picture, const std::string& path,
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
