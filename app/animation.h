// Animations: pictures rendered frame by frame offscreen (like --screenshot)
// and written as an animated GIF or an H.264 MP4. The command line's --animate
// records a sweep in one go; the window's Record sweep (File → Export
// animation) records the same sweep one frame per drawn frame, so that its
// progress bar moves and Cancel answers, and writes the same file.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/gif_writer.h"
#include "app/mp4_writer.h"
#include "app/screenshot.h"
#include "app/sweep.h"

namespace app {

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

  // Renders state (showing scenario instead of its own, when given) as the next frame.
  bool add(const AppState& state, const core::Scenario* scenario = nullptr);
  // After the last frame: the end of the encoding, and the file written atomically.
  bool finish();

 private:
  bool fail(const std::string& why);
  std::string path_;
  int frames_ = 0, fps_ = 0, done_ = 0;
  bool gif_ = false;
  std::string error_;
  std::unique_ptr<PictureRenderer> renderer_;
  std::unique_ptr<GifWriter> gif_writer_;
  std::unique_ptr<Mp4Writer> mp4_writer_;
  std::vector<unsigned char> rgba_;
};

// A sweep being recorded: the scenario as it was when the recording began,
// PARAM moved to its k-th value in frame k.
class SweepRecorder {
 public:
  // sweep_problem(state.scenario(), sweep) must be "".
  SweepRecorder(const AppState& state, const Sweep& sweep, const ScreenshotOptions& picture, std::string path);
  const std::string& error() const { return recorder_.error(); }
  int frames() const { return recorder_.frames(); }
  int done() const { return recorder_.done(); }
  bool finished() const { return done() == frames(); }
  const std::string& path() const { return recorder_.path(); }
  // The next frame, drawn from state's view, lessons and lab; once the last
  // is added, the file is written. False on failure (error() says why).
  bool next(const AppState& state);

 private:
  core::Scenario base_;
  Sweep sweep_;
  AnimationRecorder recorder_;
};

// The whole sweep at once (--animate). On failure *error says why and nothing
// is left at path. progress(done, total) is called after each frame.
bool write_animation(const AppState& state, const Sweep& sweep, const ScreenshotOptions& picture, const std::string& path,
                     std::string* error, const std::function<void(int, int)>& progress = {});

}  // namespace app
